#!/usr/bin/env bash
# The main job: build graph-opt and run a bundled example through a pipeline,
# printing the program before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release -q -p strata-tools --bin graph-opt
example=examples/sum-of-squares.mlir
pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)'
echo "== input: $example"
cat "$example"
echo
echo "== graph-opt --pass-pipeline='$pipeline'"
target/release/graph-opt "$example" --pass-pipeline="$pipeline"
