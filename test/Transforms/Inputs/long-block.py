#!/usr/bin/env python3
"""Writes a function whose one block holds N integer operations in a chain
(additions, subtractions, multiplications, xors and shifts of the previous
value and the arguments), for the compile-time tests and
scripts/compile-scaling.sh. Usage: long-block.py N"""
import sys

n = int(sys.argv[1])
ops = [("addi", "%a"), ("xori", "%b"), ("subi", "%a"), ("muli", "%b"), ("addi", "%b"), ("shli", "%c1")]
out = ["func.func @long(%a: i64, %b: i64) -> i64 {", "  %c1 = arith.constant 1 : i64", "  %v0 = arith.addi %a, %b : i64"]
for i in range(1, n):
    op, rhs = ops[i % len(ops)]
    out.append(f"  %v{i} = arith.{op} %v{i - 1}, {rhs} : i64")
out.append(f"  return %v{n - 1} : i64")
out.append("}")
print("\n".join(out))
