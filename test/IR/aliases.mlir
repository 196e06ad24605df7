// RUN: graph-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: graph-opt %s --allow-unregistered-dialect | graph-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %if mlir-opt %{ %mlir-opt %s --allow-unregistered-dialect | FileCheck %s %}
// RUN: graph-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %if mlir-opt %{ %mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC %}
// RUN: graph-opt %s --allow-unregistered-dialect --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL

// Affine maps, affine sets and distinct attributes print as aliases defined
// above the module: numbered in the order the printer meets them (a
// generic operation's regions, then its types, then its attributes; not its
// properties), listed by depth, then by name. Distinct identifiers are
// renumbered in the order they are printed; one of unit prints empty.

// CHECK:      #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 2)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 + 3)>
// CHECK-NEXT: #map3 = affine_map<(d0) -> (d0 + 4)>
// CHECK-NEXT: #map4 = affine_map<(d0) -> (d0 + 8)>
// CHECK-NEXT: #map5 = affine_map<(d0) -> (d0 + 5)>
// CHECK-NEXT: #map6 = affine_map<(d0) -> (d0 + 6)>
// CHECK-NEXT: #map7 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #set = affine_set<(d0) : (d0 >= 0, -d0 + 9 >= 0)>
// CHECK-NEXT: #distinct = distinct[0]<[#map7]>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @f(%arg0: memref<4xf32, #map>) -> memref<4xf32, #map1> attributes {x = #map2} {
// CHECK-NEXT: "x.c"(%arg0) {b = #map3} : (memref<4xf32, #map>) -> memref<4xf32, #map1>
// CHECK-NEXT: "x.p"() <{p = affine_map<(d0) -> (d0 + 7)>}> ({
// CHECK-NEXT: "x.t"() {q = #map4} : () -> ()
// CHECK-NEXT: }) {r = #map6} : () -> memref<4xf32, #map5>
// CHECK:      "x.s"() {a = #set, b = distinct[1]<>, c = #distinct, d = "affine_map<(d0) -> (d0)>", e = #x.t<affine_map<(d0) -> (d0)>>} : () -> ()

// GENERIC:      #map = affine_map<(d0) -> (d0 + 1)>
// GENERIC-NEXT: #map1 = affine_map<(d0) -> (d0 + 2)>
// GENERIC-NEXT: #map2 = affine_map<(d0) -> (d0 + 4)>
// GENERIC:      #map6 = affine_map<(d0, d1) -> (d1, d0)>
// GENERIC-NEXT: #map7 = affine_map<(d0) -> (d0 + 3)>
// GENERIC:      "func.func"() <{function_type = (memref<4xf32, #map>) -> memref<4xf32, #map1>, sym_name = "f"}> ({
// GENERIC:      }) {x = #map7} : () -> ()

// LOCAL-NOT: #map
// LOCAL: func.func @f(%arg0: memref<4xf32, affine_map<(d0) -> (d0 + 1)>>)
func.func @f(%a: memref<4xf32, affine_map<(d0) -> (d0 + 1)>>) -> memref<4xf32, affine_map<(d0) -> (d0 + 2)>> attributes {x = affine_map<(d0) -> (d0 + 3)>} {
  %0 = "x.c"(%a) {b = affine_map<(d0) -> (d0 + 4)>} : (memref<4xf32, affine_map<(d0) -> (d0 + 1)>>) -> memref<4xf32, affine_map<(d0) -> (d0 + 2)>>
  %1 = "x.p"() <{p = affine_map<(d0) -> (d0 + 7)>}> ({
    "x.t"() {q = affine_map<(d0) -> (d0 + 8)>} : () -> ()
  }) {r = affine_map<(d0) -> (d0 + 6)>} : () -> memref<4xf32, affine_map<(d0) -> (d0 + 5)>>
  "x.s"() {a = affine_set<(d0) : (d0 >= 0, -d0 + 9 >= 0)>, b = distinct[4]<unit>, c = distinct[7]<[affine_map<(d0, d1) -> (d1, d0)>]>, d = "affine_map<(d0) -> (d0)>", e = #x.t<affine_map<(d0) -> (d0)>>} : () -> ()
  return %0 : memref<4xf32, affine_map<(d0) -> (d0 + 2)>>
}
