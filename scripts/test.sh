#!/usr/bin/env bash
# The whole test suite: unit tests, the lit suite (LLVM's lit and FileCheck).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
STRATA_PTXAS=$(scripts/install-ptxas.sh)
export STRATA_PTXAS
cargo test --workspace --no-fail-fast
