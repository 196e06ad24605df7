#!/usr/bin/env bash
# The main job: compile a bundled algorithm (BFS) for this CPU, run it on a
# generated Kronecker graph with the OpenMP runtime, check it against the
# reference interpreter and print a short summary; compile it to PTX too,
# and where an NVIDIA GPU is present run it there and check it the same way.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release -q -p strata-tools
bin=target/release
out=target/demo
mkdir -p "$out"
program=test/algorithms/bfs.mlir
graph="gen:kron:scale=14,degree=16,seed=1"

echo "== graph-opt $program --target=cpu --emit=obj -o $out/bfs.o"
$bin/graph-opt "$program" --target=cpu --emit=obj -o "$out/bfs.o"
echo "   OpenMP entry points it calls: $(/usr/lib/llvm-22/bin/llvm-nm -u "$out/bfs.o" | awk '/GOMP|omp_/ {print $2}' | tr '\n' ' ')"

echo "== graph-run $program --graph $graph --symmetrize --simplify --entry bfs --backend cpu 2"
$bin/graph-run "$program" --graph "$graph" --symmetrize --simplify --entry bfs --backend cpu --repeat 5 --time 2 >"$out/bfs.cpu" 2>"$out/bfs.time"
$bin/graph-run "$program" --graph "$graph" --symmetrize --simplify --entry bfs 2 >"$out/bfs.interp"
reached=$(awk '$1 >= 0' "$out/bfs.cpu" | wc -l)
depth=$(sort -n "$out/bfs.cpu" | tail -1)
echo "   nodes: $(wc -l <"$out/bfs.cpu"), reached from node 2: $reached, deepest level: $depth"
echo "   kernel time, median of 5 runs: $(awk '/^time:/ {print $2}' "$out/bfs.time") s (threads: ${OMP_NUM_THREADS:-all cores})"
if cmp -s "$out/bfs.cpu" "$out/bfs.interp"; then
  echo "   the CPU results match the reference interpreter"
else
  echo "   error: the CPU results differ from the reference interpreter ($out/bfs.cpu, $out/bfs.interp)"
  exit 1
fi
echo "== graph-opt $program --target=gpu --emit=ptx -o $out/bfs.ptx"
$bin/graph-opt "$program" --target=gpu --emit=ptx -o "$out/bfs.ptx"
echo "   kernels: $(awk '/^.visible .entry/ {sub(/\(.*/, "", $3); print $3}' "$out/bfs.ptx" | tr '\n' ' ')"
if [ -e /dev/nvidiactl ] || command -v nvidia-smi >/dev/null 2>&1; then
  echo "== graph-run $program --graph $graph --symmetrize --simplify --entry bfs --backend gpu 2"
  $bin/graph-run "$program" --graph "$graph" --symmetrize --simplify --entry bfs --backend gpu --repeat 5 --time 2 >"$out/bfs.gpu" 2>"$out/bfs.gpu.time"
  echo "   kernel time, median of 5 runs: $(awk '/^time:/ {print $2}' "$out/bfs.gpu.time") s"
  if cmp -s "$out/bfs.gpu" "$out/bfs.interp"; then
    echo "   the GPU results match the reference interpreter"
  else
    echo "   error: the GPU results differ from the reference interpreter ($out/bfs.gpu, $out/bfs.interp)"
    exit 1
  fi
else
  echo "   (no NVIDIA GPU here: the PTX is not run)"
fi
