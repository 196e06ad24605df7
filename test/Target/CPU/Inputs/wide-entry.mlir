func.func @wide(%a: i128) -> i128 {
  return %a : i128
}
