// A unique queue whose room the interpreter cannot hold (see ../graph-run.mlir).
func.func @huge_queue(%n: index) -> index {
  %q = par.queue_new %n {unique} : !par.queue<index>
  %size = par.queue_size %q : !par.queue<index>
  return %size : index
}
