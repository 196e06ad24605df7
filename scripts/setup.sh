#!/usr/bin/env bash
# Installs what the build and the tests need, idempotently: LLVM/MLIR 22 from
# Debian's packages (lit, FileCheck, mlir-opt, lli, the LLVM, MLIR and OpenMP libraries)
# and a C linker (the CPU backend links compiled programs with `cc`).
# As root it installs; otherwise it prints the command to run.
set -euo pipefail

# The upstream bridge (melior) also needs libclang (bindgen) and what its
# TableGen step links statically (Polly, zstd, zlib).
packages=(llvm-22-dev llvm-22-tools llvm-22-runtime libmlir-22-dev mlir-22-tools libomp-22-dev python3 gcc libc6-dev
  libclang-22-dev libpolly-22-dev libzstd-dev zlib1g-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing ${missing[*]}"
    bash -c "$cmd" >/tmp/strata-setup.log 2>&1 || { tail -20 /tmp/strata-setup.log; echo "setup: apt-get failed (log: /tmp/strata-setup.log)"; exit 1; }
  else
    echo "setup: missing packages: ${missing[*]}"
    echo "setup: run as root: sudo bash -c '$cmd'"
    exit 1
  fi
fi
command -v cargo >/dev/null || { echo "setup: cargo not found; install Rust (https://rustup.rs)"; exit 1; }
# The test command checks formatting and lints: rustfmt and clippy.
for c in rustfmt clippy; do
  if ! cargo "${c/rustfmt/fmt}" --version >/dev/null 2>&1; then
    command -v rustup >/dev/null || { echo "setup: cargo $c is missing and rustup is not there to add it"; exit 1; }
    echo "setup: adding the $c component"
    rustup component add "$c" >/dev/null 2>&1 || { echo "setup: rustup component add $c failed"; exit 1; }
  fi
done
