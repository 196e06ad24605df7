#!/usr/bin/env bash
# The corpus test's full sweep (tools/tests/algorithms.rs): every corpus
# program under every lowering the interpreter runs, every CPU and GPU
# schedule and every graph, where the test command runs a sample drawn from
# a seed. About ten minutes on two cores; arguments after `--` go to the
# test harness (a program's test name narrows the run: `-- bfs`).
# Usage: scripts/corpus-sweep.sh [-- TEST-ARGS...]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then
  [ "$1" = "--" ] || { echo "corpus-sweep: unknown argument '$1'; usage: scripts/corpus-sweep.sh [-- TEST-ARGS...]" >&2; exit 2; }
  shift
fi
scripts/setup.sh
STRATA_PTXAS=$(scripts/install-ptxas.sh)
export STRATA_PTXAS
STRATA_CORPUS=full exec cargo test -p strata-tools --test algorithms -- "$@"
