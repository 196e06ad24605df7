#!/usr/bin/env bash
# Checks that two builds of graph-opt write the same output for every
# corpus program at every level: the IR after each target's pipeline
# (`--target=cpu|gpu`, the par level), the upstream-MLIR export, LLVM IR
# for the CPU and the GPU, and PTX; then the same for every lit test input
# under test/ (its default pipeline, --emit=mlir). Prints each difference
# and exits non-zero if there is one. For a change that should not change
# what the compiler writes (a restructuring).
# Usage: scripts/compare-output.sh BEFORE-BIN-DIR AFTER-BIN-DIR
set -uo pipefail
cd "$(dirname "$0")/.."
before=${1:?before: a directory with graph-opt}
after=${2:?after: a directory with graph-opt}
for d in "$before" "$after"; do
  [ -x "$d/graph-opt" ] || { echo "compare-output: no $d/graph-opt" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
differ=0 checked=0
same() { # LABEL ARGS...: runs both builds with ARGS, compares stdout, stderr and status
  local label=$1; shift
  "$before/graph-opt" "$@" >"$work/b.out" 2>"$work/b.err"; echo $? >>"$work/b.out"
  "$after/graph-opt" "$@" >"$work/a.out" 2>"$work/a.err"; echo $? >>"$work/a.out"
  checked=$((checked + 1))
  if ! cmp -s "$work/b.out" "$work/a.out" || ! cmp -s "$work/b.err" "$work/a.err"; then
    differ=$((differ + 1))
    echo "differs: $label"
    diff "$work/b.out" "$work/a.out" | head -5
    diff "$work/b.err" "$work/a.err" | head -5
  fi
}
for f in test/algorithms/*.mlir; do
  same "$f cpu par" "$f" --target=cpu
  same "$f gpu par" "$f" --target=gpu
  same "$f upstream" "$f" --target=cpu --emit=upstream-mlir
  same "$f cpu llvm" "$f" --target=cpu --emit=llvm
  same "$f gpu llvm" "$f" --target=gpu --emit=llvm
  same "$f ptx" "$f" --target=gpu --emit=ptx
done
# Every lit input, through the pipeline its first RUN line gives when that
# line is a plain graph-opt call.
while IFS= read -r f; do
  run=$(grep -m1 -o 'RUN: *graph-opt [^|]*' "$f" | sed 's/RUN: *graph-opt//; s/%s//g; s/-o *%t[^ ]*//; s/2>[^ ]*//g')
  [ -n "$run" ] || continue
  case $run in *%* | *--mlir-timing*) continue ;; esac
  eval "set -- $run"
  same "$f:$run" "$f" "$@"
done < <(find test -name '*.mlir' -not -path '*/Inputs/*' | sort)
echo "compare-output: $checked outputs, $differ differ"
[ "$differ" = 0 ]
