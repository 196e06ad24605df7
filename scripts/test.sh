#!/usr/bin/env bash
# The whole test suite: formatting, lints, unit tests, the lit suite (LLVM's
# lit and FileCheck).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
STRATA_PTXAS=$(scripts/install-ptxas.sh)
export STRATA_PTXAS
cargo fmt --all --check || { echo "test: the tree is not formatted; run 'cargo fmt'"; exit 1; }
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo test --workspace --no-fail-fast
