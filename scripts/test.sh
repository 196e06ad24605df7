#!/usr/bin/env bash
# The whole test suite: formatting, lints, unit tests, the lit suite (LLVM's
# lit and FileCheck), the corpus, robustness and fuzz tests. Prints how long
# each stage and each test binary took at its end.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
trap 'rm -f "$log"' EXIT
stages=()
# Runs a stage ("NAME" COMMAND...), noting its wall time; returns the
# command's status.
stage() {
  local name=$1 start=$SECONDS rc=0
  shift
  "$@" || rc=$?
  stages+=("$(printf '%-8s %5d s' "$name" $((SECONDS - start)))")
  return "$rc"
}
# The per-stage and per-test-binary times, slowest binaries first.
summary() {
  echo
  echo "test: time per stage"
  printf '  %s\n' "${stages[@]}"
  echo "test: time per test binary (seconds)"
  awk '/^ *Running /{name=$2; if (name == "unittests") {name=$NF; gsub(/^.*\/|-[0-9a-f]+\)$/, "", name); name=name " (unit)"}}
       /^test result:/{for(i=1;i<=NF;i++) if($i=="in"){t=$(i+1); sub("s$","",t); if (t >= 1) printf "  %8.1f  %s\n", t, name}}
       /^Testing Time: /{t=$3; sub("s$","",t); printf "  %8.1f  %s (lit)\n", t, name}' "$log" | sort -rn
}

stage setup scripts/setup.sh
STRATA_PTXAS=$(scripts/install-ptxas.sh)
export STRATA_PTXAS
stage fmt bash -c 'cargo fmt --all --check || { echo "test: the tree is not formatted; run '\''cargo fmt'\''"; exit 1; }'
stage clippy cargo clippy --workspace --all-targets --quiet -- -D warnings
stage build cargo test --workspace --no-run --quiet
status=0
stage test bash -c 'set -o pipefail; cargo test --workspace --no-fail-fast 2>&1 | tee "$0"' "$log" || status=$?
summary
exit "$status"
