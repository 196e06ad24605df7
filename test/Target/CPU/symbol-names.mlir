// Functions whose names hold characters machine code does not take (braces,
// spaces, '=', '.', '$', a leading digit; legal in MLIR's quoted symbols)
// compile and run: their symbols are mangled the same way by the emitter
// and the runners. The interpreter agrees.
// RUN: graph-run %s --entry "reassoci{a = 1}ate" 5 | FileCheck %s --check-prefix=TEN
// RUN: graph-run %s --entry "reassoci{a = 1}ate" 5 --backend cpu | FileCheck %s --check-prefix=TEN
// RUN: graph-run %s --entry '0.twice$' 5 | FileCheck %s --check-prefix=FIFTEEN
// RUN: graph-run %s --entry '0.twice$' 5 --backend cpu | FileCheck %s --check-prefix=FIFTEEN
// TEN: {{^}}10{{$}}
// FIFTEEN: {{^}}15{{$}}
// RUN: graph-opt %s --target=cpu --emit=llvm --opt-level=0 | FileCheck %s
// CHECK-DAG: define internal i64 @"reassoci$7ba$20$3d$201$7date"(i64
// CHECK-DAG: define void @"_strata_entry_$30$2etwice$24"(ptr
"func.func"() <{sym_name = "reassoci{a = 1}ate", function_type = (i64) -> i64}> ({
^bb0(%a: i64):
  %b = arith.addi %a, %a : i64
  func.return %b : i64
}) : () -> ()
func.func @"0.twice$"(%x: i64) -> i64 {
  %y = func.call @"reassoci{a = 1}ate"(%x) : (i64) -> i64
  %z = arith.addi %y, %x : i64
  return %z : i64
}
