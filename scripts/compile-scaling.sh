#!/usr/bin/env bash
# Compile time against program size: the corpus concatenated 1, 10 and 100
# times (every symbol renamed per copy), lowered to the par level for the
# CPU, compiled to an object, and compiled to PTX; then one function whose
# one block holds 10^3, 10^4 and 10^5 integer operations in a chain
# (test/Transforms/Inputs/long-block.py), the same three ways. Prints two
# Markdown tables of medians (seconds) over RUNS runs; time should grow
# with size, not faster.
# Usage: scripts/compile-scaling.sh [GRAPH-OPT] [RUNS]   (default target/release/graph-opt, 3)
set -euo pipefail
cd "$(dirname "$0")/.."
opt=${1:-target/release/graph-opt}
runs=${2:-3}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
copies() { # N: the corpus N times, each copy's symbols renamed
  local k src
  for k in $(seq 1 "$1"); do
    for src in test/algorithms/*.mlir; do
      sed -E "s/@([A-Za-z_][A-Za-z0-9_]*)/@\1_c${k}_$(basename "$src" .mlir)/g" "$src"
    done
  done
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
seconds() { # COMMAND...: wall seconds of one run
  local t0 t1
  t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
}
row() { # FILE FIRST-COLUMN: a table row of the three modes' medians
  local f=$1 ops t row mode
  ops=$("$opt" "$f" --pass-pipeline='builtin.module(print-op-stats)' -o /dev/null 2>&1 | awk '$1 == "total" { print $3 }')
  row="| $2 | $(wc -c < "$f") | $ops"
  for mode in "--target=cpu" "--target=cpu --emit=obj" "--target=gpu --emit=ptx"; do
    # shellcheck disable=SC2086
    t=$(for _ in $(seq 1 "$runs"); do seconds "$opt" "$f" $mode -o "$dir/out"; done | median)
    row+=" | $(printf '%.2f' "$t")"
  done
  echo "$row |"
}
header="| bytes | operations | --target=cpu (par level) | --target=cpu --emit=obj | --target=gpu --emit=ptx |"
echo "| copies $header"
echo "|---|---|---|---|---|---|"
for n in 1 10 100; do
  copies "$n" > "$dir/corpus$n.mlir"
  row "$dir/corpus$n.mlir" "$n"
done
echo
echo "| operations in one block $header"
echo "|---|---|---|---|---|---|"
for n in 1000 10000 100000; do
  python3 test/Transforms/Inputs/long-block.py "$n" > "$dir/block$n.mlir"
  row "$dir/block$n.mlir" "$n"
done
