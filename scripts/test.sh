#!/usr/bin/env bash
# The whole test suite: unit tests, the lit suite (LLVM's lit and FileCheck).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo test --workspace --no-fail-fast
