#!/usr/bin/env bash
# A long fuzzing run: the suite's fuzz test (tools/tests/fuzz.rs) for the
# given time, in rounds of at most ten minutes with a fresh seed each, on the
# debug build (its arithmetic overflow checks find more). Findings are
# minimized and written to target/fuzz/; each round prints its seed
# (STRATA_FUZZ_SEED=... cargo test -p strata-tools --test fuzz repeats it).
# Usage: scripts/fuzz.sh [--minutes N] [--semantic]   (default 60; --semantic:
# only valid programs through random pipelines of the registered passes)
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=60
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes=${2:?'--minutes needs a number'}; shift 2 ;;
    --semantic) export STRATA_FUZZ_MODE=semantic; shift ;;
    *) echo "fuzz: unknown argument '$1'; usage: scripts/fuzz.sh [--minutes N] [--semantic]" >&2; exit 2 ;;
  esac
done
case "$minutes" in '' | *[!0-9]*) echo "fuzz: --minutes takes a whole number, got '$minutes'" >&2; exit 2 ;; esac
scripts/setup.sh
cargo build --quiet -p strata-tools --tests
mkdir -p target/fuzz
end=$(( $(date +%s) + minutes * 60 ))
rounds=0 failed=0
while [ "$(date +%s)" -lt "$end" ]; do
  left=$(( end - $(date +%s) ))
  seconds=$(( left < 600 ? left : 600 ))
  seed=$(od -An -N8 -tu8 /dev/urandom | tr -d ' ')
  rounds=$((rounds + 1))
  if ! STRATA_FUZZ_SECONDS=$seconds STRATA_FUZZ_SEED=$seed STRATA_FUZZ_SAVE="$PWD/target/fuzz" \
    cargo test --quiet -p strata-tools --test fuzz -- --nocapture 2>&1 | grep '^fuzz: '; then
    failed=$((failed + 1))
  fi
done
found=$(find target/fuzz -type f | wc -l)
echo "fuzz: $rounds rounds in $minutes minutes; $found findings in target/fuzz/"
[ "$found" -eq 0 ]
