// RUN: graph-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{expected at least one result for cast operation}}
"builtin.unrealized_conversion_cast"() : () -> ()

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{expected at least one result for cast operation}}
  "builtin.unrealized_conversion_cast"(%x) : (i32) -> ()
  return
}

// -----

// expected-error@+1 {{missing ']' closing scalable dimension}}
func.func @scalable(%arg0: vector<[4x4]xf32>) { }
