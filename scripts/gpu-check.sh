#!/usr/bin/env bash
# The GPU checks, on a machine with an NVIDIA GPU and its driver, from a
# copy of this repository holding the pack of scripts/gpu-pack.sh (which
# brings the tools and the libraries they load: LLVM is not needed there).
# Each step runs under its own time limit and writes its log to OUT_DIR
# (default $OUT, else gpu-check-out); a failed step is reported and the
# next one runs. Exit status: the number of failed steps.
#
# Usage: scripts/gpu-check.sh [--pack DIR] [--out OUT_DIR] STEP...
# Steps:
#   env                   the GPU (nvidia-smi) and the libraries the tools load
#   run                   lit on test/Target/GPU/run.mlir: results against the interpreter
#   corpus[:NAME]         the corpus test: every algorithm and schedule, on the GPU, against the
#                         interpreter (about 4 min on an H200, kclique4 the slowest); with NAME,
#                         the tests whose names contain it (e.g. corpus:pr, corpus:kclique4)
#   bench:GRAPHS:ALGS[:SCHEDULE[:MIN_BLOCKS]]
#                         graph-bench --backend gpu --threads 16 --repeat 3; the
#                         baseline's graph-bench (pack DIR/baseline.tar.xz) first,
#                         then this build's, twice; GRAPHS joined by '+':
#                         K<scale> (Kronecker, degree 16), U<scale> (uniform,
#                         2^scale nodes, 16 edges each), G<side> (grid)
#   schedule:GRAPHS:ALGS:SCHEDULE[:MIN_BLOCKS]
#                         this build's graph-bench with the default schedule,
#                         then with SCHEDULE, twice
#   blocks:GRAPHS:ALGS:SCHEDULE:N,M,...
#                         this build's graph-bench with SCHEDULE (may be empty) at
#                         --gpu-min-blocks N, then M, ..., twice
#   bandwidth:GRAPHS:ALGS[:SCHEDULE[:MIN_BLOCKS]]
#                         this build's graph-bench with --bandwidth, once: the read and
#                         gather probes, PageRank's share of the read bandwidth
#   profile:ALG:GRAPH[:ARG,...[:SCHEDULE[:MIN_BLOCKS]]]
#                         graph-run --profile --time --repeat 3: the time of each phase between
#                         the grid barriers of ALG (test/algorithms/ALG.mlir) on one graph,
#                         with these arguments (PageRank's default: 20,0.85)
#   ncu:ALG:GRAPH[:ARG,...]
#                         Nsight Compute's profile of the kernel of ALG
#                         (test/algorithms/ALG.mlir) with these arguments
#                         (PageRank's default: 20,0.85), one launch
# --backend cpu runs the bench and profile steps on the CPU: the script tried where
# there is no GPU.
# e.g. scripts/gpu-check.sh env run bench:K20+U20:bfs,sssp,pr,bc bandwidth:K20+U20:pr,pr_f32 corpus
set -uo pipefail
cd "$(dirname "$0")/.."
pack_dir=.gpu
out=${OUT:-gpu-check-out}
backend=gpu
steps=()
while [ $# -gt 0 ]; do
  case "$1" in
    --pack) pack_dir=${2:?--pack needs a directory}; shift 2 ;;
    --out) out=${2:?--out needs a directory}; shift 2 ;;
    --backend) backend=${2:?--backend needs gpu or cpu}; shift 2 ;;
    -*) echo "gpu-check: unknown flag $1" >&2; exit 2 ;;
    *) steps+=("$1"); shift ;;
  esac
done
[ ${#steps[@]} -gt 0 ] || { sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
[ -f "$pack_dir/pack.tar.xz" ] || { echo "gpu-check: no $pack_dir/pack.tar.xz: run scripts/gpu-pack.sh where LLVM is" >&2; exit 2; }
mkdir -p "$out"
s=$(mktemp -d /tmp/strata-gpu.XXXXXX)
tar -C "$s" -xJf "$pack_dir/pack.tar.xz"
[ -f "$pack_dir/baseline.tar.xz" ] && tar -C "$s" -xJf "$pack_dir/baseline.tar.xz"
export LD_LIBRARY_PATH="$s/pack/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export STRATA_OMP_DIR="$s/pack/omp"
export STRATA_TOOLS_DIR="$s/pack/bin"
export PATH="$s/pack/bin:$PATH"
export STRATA_PTXAS=${STRATA_PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
# The corpus test reads the programs from the tree it was built in.
built_in=$(cat "$s/pack/ROOT")
if [ ! -e "$built_in" ]; then mkdir -p "$(dirname "$built_in")" && ln -s "$PWD" "$built_in"; fi
echo "gpu-check: $(cat "$s/pack/REVISION")${STRATA_PTXAS:+; ptxas $STRATA_PTXAS}" | tee "$out/summary.log"
[ -f "$s/baseline/REVISION" ] && echo "gpu-check: baseline $(cat "$s/baseline/REVISION")" | tee -a "$out/summary.log"

graphs() { # K20+U20: the generator specs, ';'-separated
  local spec="" g
  IFS=+ read -ra parts <<<"$1"
  for g in "${parts[@]}"; do
    case "$g" in
      K[0-9]*) g="kron:scale=${g#K},degree=16,seed=1,weighted" ;;
      U[0-9]*) g="uniform:nodes=$((1 << ${g#U})),edges=$((16 << ${g#U})),seed=1,weighted" ;;
      G[0-9]*) g="grid:rows=${g#G},cols=${g#G},seed=1,weighted" ;;
      *) echo "gpu-check: unknown graph '$g' (K<scale>, U<scale> or G<side>)" >&2; return 1 ;;
    esac
    spec="${spec:+$spec;}$g"
  done
  echo "$spec"
}
bench() { # BUILD LOG GRAPHS ALGS SCHEDULE MIN-BLOCKS [FLAGS...]: BUILD baseline or pack
  local build=$1 log=$2 g=$3 a=$4 sched=$5 mb=$6
  shift 6
  local args=(--backend "$backend" --threads 16 --repeat 3 --graphs "$(graphs "$g")" --algorithms "$a" "$@")
  [ -n "$sched" ] && args+=(--schedule "$sched")
  [ -n "$mb" ] && args+=(--gpu-min-blocks "$mb")
  echo "## $(cut -c1-60 "$s/$build/REVISION"): graph-bench ${args[*]}" >>"$log"
  timeout 240 "$s/$build/bin/graph-bench" "${args[@]}" >>"$log" 2>&1
}
pairs() { # LOG GRAPHS ALGS MIN-BLOCKS BUILD:SCHEDULE...: each run in turn, twice
  local log=$1 g=$2 a=$3 mb=$4 ok=0 round run
  shift 4
  : >"$log"
  for round in 1 2; do
    for run in "$@"; do bench "${run%%:*}" "$log" "$g" "$a" "${run#*:}" "$mb" || ok=1; done
  done
  return $ok
}
failed=0
for step in "${steps[@]}"; do
  IFS=: read -r kind a b c d e <<<"$step"
  log="$out/$(echo "$step" | tr -c 'A-Za-z0-9._\n-' '_').log"
  start=$(date +%s)
  case "$kind" in
    env)
      { for t in "$s"/pack/bin/*; do ldd "$t" | grep 'not found' && echo "LIBRARY MISSING for $t"; done; nvidia-smi; } >"$log" 2>&1 &&
        ! grep -q 'LIBRARY MISSING' "$log" ;;
    run) PYTHONPATH="$s/pack" timeout 300 python3 -c 'from lit.main import main; main()' -v test/Target/GPU/run.mlir >"$log" 2>&1 ;;
    corpus) timeout 540 "$s/pack/bin/algorithms" ${a:+"$a"} >"$log" 2>&1 ;;
    bench)
      runs=()
      [ -x "$s/baseline/bin/graph-bench" ] && runs+=("baseline:${c:-}")
      pairs "$log" "$a" "$b" "${d:-}" "${runs[@]}" "pack:${c:-}" ;;
    schedule)
      if [ -n "${c:-}" ]; then pairs "$log" "$a" "$b" "${d:-}" "pack:" "pack:$c"
      else echo "gpu-check: the step needs a SCHEDULE" >"$log"; false; fi ;;
    blocks)
      IFS=, read -ra mbs <<<"${d:-}"
      : >"$log"
      if [ ${#mbs[@]} = 0 ]; then echo "gpu-check: the step needs blocks, e.g. 2,4,6" >"$log"; false
      else
        ok=0
        for round in 1 2; do for mb in "${mbs[@]}"; do bench pack "$log" "$a" "$b" "${c:-}" "$mb" || ok=1; done; done
        [ $ok = 0 ]
      fi ;;
    bandwidth) : >"$log"; bench pack "$log" "$a" "$b" "${c:-}" "${d:-}" --bandwidth ;;
    profile)
      IFS=, read -ra args <<<"${c:-}"
      [ ${#args[@]} = 0 ] && case "$a" in pr | pr_f32) args=(20 0.85) ;; esac
      flags=(--backend "$backend" --profile --time --repeat 3)
      [ -n "${d:-}" ] && flags+=(--schedule "$d")
      [ -n "${e:-}" ] && flags+=(--gpu-min-blocks "$e")
      echo "## graph-run test/algorithms/$a.mlir --graph $b ${flags[*]} ${args[*]}" >"$log"
      timeout 300 "$s/pack/bin/graph-run" "test/algorithms/$a.mlir" --entry "$a" --graph "gen:$(graphs "$b")" \
        "${flags[@]}" -o /dev/null "${args[@]}" >>"$log" 2>&1 ;;
    ncu)
      prog=test/algorithms/$a.mlir
      IFS=, read -ra args <<<"${c:-}"
      [ ${#args[@]} = 0 ] && [ "$a" = pr ] && args=(20 0.85)
      STRATA_GPU_POOL=2000000000 timeout 300 ncu --kernel-name "regex:_strata_entry_$a" --launch-count 1 \
        --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats \
        --section LaunchStats --section SchedulerStats \
        "$s/pack/bin/graph-run" "$prog" --entry "$a" --graph "gen:$(graphs "$b")" --backend gpu -o /dev/null "${args[@]}" >"$log" 2>&1 ;;
    *) echo "gpu-check: unknown step '$step'" >"$log"; false ;;
  esac
  rc=$?
  [ $rc = 0 ] || failed=$((failed + 1))
  echo "gpu-check: $step: $([ $rc = 0 ] && echo ok || echo "FAILED ($rc)") in $(($(date +%s) - start)) s, log $log" | tee -a "$out/summary.log"
  grep -h '^#\|^[a-z_0-9]* \+[a-z]\|^test result\|FAIL\|Passed\|Unsupported\|^profile of\|^test/\|^place \|^all \|^time' "$log" 2>/dev/null |
    tail -60 >>"$out/summary.log"
done
rm -rf "$s"
exit $failed
