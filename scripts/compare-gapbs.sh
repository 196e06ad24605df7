#!/usr/bin/env bash
# Times the corpus beside the GAP Benchmark Suite (GAPBS, C++/OpenMP) on the
# same edge lists, interleaved: for each graph and kernel, ROUNDS rounds of
# (ours: RUNS runs, GAPBS: RUNS trials). Kernel time only on both sides;
# both take the graph as undirected and simple (GAPBS's -s; ours
# --symmetrize --simplify).
# Prints, per kernel and graph, the best and the median time of each side
# and their ratios (ours / GAPBS), then the geometric means.
#
#   scripts/compare-gapbs.sh GAPBS_DIR GRAPH.wel:SOURCE:DELTA[:OUR_DELTA] ...
#
# GAPBS_DIR holds GAPBS built with `make` (bfs, sssp, pr_spmv, cc, bc, tc).
# Each graph is a weighted edge list (GAPBS's `converter -g 18 -w -e ...`
# writes one), the source of BFS, SSSP and BC, GAPBS's SSSP delta and
# sssp_delta's (default: the same).
# Environment: KERNELS (default "bfs sssp pr cc bc tc"), THREADS (2),
# RUNS (5), ROUNDS (2), TOOLS (target/release), CC_PROGRAM (the corpus
# program timed against GAPBS's cc: cc_afforest, or cc), PR_PROGRAM (against
# pr_spmv, which keeps float scores: pr_f32, or pr), SSSP_PROGRAM
# (sssp_delta, or sssp), TC_PROGRAM (tc_merge, or tc).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
    sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
gapbs=$1
shift
kernels=${KERNELS:-bfs sssp pr cc bc tc}
threads=${THREADS:-2}
runs=${RUNS:-5}
rounds=${ROUNDS:-2}
tools=${TOOLS:-target/release}
cc_program=${CC_PROGRAM:-cc_afforest}
pr_program=${PR_PROGRAM:-pr_f32}
sssp_program=${SSSP_PROGRAM:-sssp_delta}
tc_program=${TC_PROGRAM:-tc_merge}
for k in bfs sssp pr_spmv cc bc tc; do
    [ -x "$gapbs/$k" ] || { echo "compare-gapbs: $gapbs/$k is missing: build GAPBS with make" >&2; exit 1; }
done
[ -x "$tools/graph-run" ] || { echo "compare-gapbs: $tools/graph-run is missing: cargo build --release" >&2; exit 1; }
export OMP_NUM_THREADS=$threads
# Both sides with the allocator settings graph-run makes for compiled code
# (runtime/cpu/src/ffi.rs): freed memory stays in the process for the next
# allocations, so repeated runs measure the kernels, not the clearing of
# pages handed back to the system.
export GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=2147483647
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Ours: "median best" of RUNS runs (graph-run --time).
ours() { # kernel graph source delta
    local args=() program=$1
    case $1 in
        bfs | bc) args=("$3") ;;
        sssp) program=$sssp_program && args=("$3") && [ "$program" = sssp_delta ] && args+=("$4") ;;
        pr) args=(20 0.85) && program=$pr_program ;;
    esac
    [ "$1" = cc ] && program=$cc_program
    [ "$1" = tc ] && program=$tc_program
    "$tools/graph-run" "test/algorithms/$program.mlir" --graph "$2" --symmetrize --simplify --entry "$program" "${args[@]}" \
        --backend cpu --threads "$threads" --repeat "$runs" --time -o /dev/null 2>&1 >/dev/null \
        | awk '/^time: /{m=$2} /^time-min: /{b=$2} END{print m, b}'
}
# GAPBS: the time of each trial, one per line.
theirs() { # kernel graph source delta
    local cmd
    case $1 in
        bfs) cmd=("$gapbs/bfs" -r "$3") ;;
        sssp) cmd=("$gapbs/sssp" -r "$3" -d "$4") ;;
        pr) cmd=("$gapbs/pr_spmv" -i 20 -t 0) ;;
        cc) cmd=("$gapbs/cc") ;;
        bc) cmd=("$gapbs/bc" -r "$3" -i 1) ;;
        tc) cmd=("$gapbs/tc") ;;
    esac
    "${cmd[@]}" -f "$2" -s -n "$runs" | awk '/^Trial Time:/{print $3}'
}

printf '%-6s %-22s %10s %10s %10s %10s %8s %8s\n' kernel graph ours-best gapbs-best ours-med gapbs-med best med
for spec in "$@"; do
    IFS=: read -r graph source delta our_delta <<<"$spec"
    our_delta=${our_delta:-$delta}
    name=$(basename "$graph")
    for k in $kernels; do
        : >"$work/ours" && : >"$work/theirs"
        for _ in $(seq "$rounds"); do
            ours "$k" "$graph" "$source" "$our_delta" >>"$work/ours"
            theirs "$k" "$graph" "$source" "$delta" >>"$work/theirs"
        done
        median() { sort -g | awk '{a[NR]=$1} END{print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
        # Ours: the median of the rounds' medians, the best of their best runs.
        om=$(cut -d' ' -f1 "$work/ours" | median) && ob=$(cut -d' ' -f2 "$work/ours" | sort -g | head -1)
        tm=$(median <"$work/theirs") && tb=$(sort -g "$work/theirs" | head -1)
        awk -v k="$k" -v g="$name" -v ob="$ob" -v tb="$tb" -v om="$om" -v tm="$tm" \
            'BEGIN{printf "%-6s %-22s %10.5f %10.5f %10.5f %10.5f %7.2fx %7.2fx\n", k, g, ob, tb, om, tm, ob/tb, om/tm}' \
            | tee -a "$work/table"
    done
done
awk '{lb+=log($7+0); lm+=log($8+0); n++} END{if(n) printf "geometric mean of %d ratios: best %.2fx, median %.2fx\n", n, exp(lb/n), exp(lm/n)}' "$work/table"
