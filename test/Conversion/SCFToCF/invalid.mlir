// RUN: not graph-opt %s --allow-unregistered-dialect --convert-scf-to-cf 2>&1 | FileCheck %s

// A region that must stay one block cannot take the lowered loop.
// CHECK: invalid.mlir:[[@LINE+4]]:5: error: failed to legalize operation 'scf.if' that was explicitly marked illegal
func.func @in_single_block(%c: i1) {
  "xyz.single_block_region"() ({
    %x = "xyz.value"() : () -> i32
    scf.if %c {
      "xyz.use"(%x) : (i32) -> ()
    }
    "xyz.end"() : () -> ()
  }) : () -> ()
  return
}
