#!/usr/bin/env bash
# Packs what a machine with an NVIDIA GPU and its driver, but without LLVM,
# needs to run the GPU checks (scripts/gpu-check.sh, run there from a copy
# of this repository): the release tools, the corpus test binary, FileCheck,
# `not` and lit, the shared libraries they load beyond the C and C++
# runtimes (LLVM's, MLIR's and theirs), and libomp for the CPU backend's
# runs beside the GPU's. With --baseline REV, also graph-bench built from
# revision REV, so that the checks time both builds in the same session.
#
# Usage: scripts/gpu-pack.sh [--baseline REV] [DIR]   (DIR: .gpu, git-ignored)
# Writes DIR/pack.tar.xz (and DIR/baseline.tar.xz); carry DIR to the GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
baseline=""
dir=.gpu
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline=${2:?--baseline needs a revision}; shift 2 ;;
    -*) echo "gpu-pack: unknown flag $1" >&2; exit 2 ;;
    *) dir=$1; shift ;;
  esac
done
grep -qx "/$dir/" .git/info/exclude 2>/dev/null || echo "/$dir/" >>.git/info/exclude
mkdir -p "$dir"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# A baseline first, in a target directory of its own (target/baseline, kept
# for the next pack): cargo names a workspace's artifacts and fingerprints
# alike wherever its checkout lies, so a worktree building into target/
# would leave its binaries there, and cargo would take them for this tree's.
if [ -n "$baseline" ]; then
  rev=$(git rev-parse --verify "$baseline^{commit}") || { echo "gpu-pack: no revision $baseline" >&2; exit 2; }
  tree="$stage/baseline-tree"
  git worktree add --detach -q "$tree" "$rev"
  (cd "$tree" && CARGO_TARGET_DIR="$root/target/baseline" cargo build --release -q -p strata-tools --bin graph-bench)
  git worktree remove --force "$tree"
  mkdir -p "$stage/baseline/bin"
  cp target/baseline/release/graph-bench "$stage/baseline/bin/"
  git log -1 --format='%h %s' "$rev" >"$stage/baseline/REVISION"
  tar -C "$stage" -cJf "$dir/baseline.tar.xz" baseline
else
  # A baseline left by an earlier pack would be timed as if asked for.
  rm -f "$dir/baseline.tar.xz"
fi

cargo build --release -q -p strata-tools
test_bin=$(cargo test --release -q -p strata-tools --test algorithms --no-run --message-format=json 2>/dev/null |
  sed -n 's/.*"executable":"\([^"]*algorithms-[^"]*\)".*/\1/p' | tail -1)
[ -x "$test_bin" ] || { echo "gpu-pack: the corpus test binary was not built" >&2; exit 1; }

llvm=/usr/lib/llvm-22
mkdir -p "$stage/pack/bin" "$stage/pack/lib" "$stage/pack/omp"
cp target/release/graph-opt target/release/graph-run target/release/graph-bench "$stage/pack/bin/"
cp "$test_bin" "$stage/pack/bin/algorithms"
cp "$llvm/bin/FileCheck" "$llvm/bin/not" "$stage/pack/bin/"
cp -r "$llvm/utils/lit/lit" "$stage/pack/"
find "$stage/pack/lit" -name __pycache__ -prune -exec rm -rf {} +
{ git log -1 --format='%h %s' | tr -d '\n'; [ -z "$(git status --porcelain --untracked-files=no)" ] || printf ' (and uncommitted changes)'; echo; } >"$stage/pack/REVISION"
echo "$root" >"$stage/pack/ROOT"
# The libraries the binaries load, but the C and C++ runtimes, which every
# Linux with a GPU driver has.
for b in "$stage"/pack/bin/*; do ldd "$b"; done |
  awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' | sort -u |
  while read -r name path; do
    case "$name" in
      libc.so.* | libm.so.* | libstdc++.so.* | libgcc_s.so.* | libpthread.so.* | libdl.so.* | librt.so.* | ld-linux*) ;;
      *) cp -L "$path" "$stage/pack/lib/$name" ;;
    esac
  done
# libicudata (31 MB) is only read by libxml2's encodings, which the tools
# never use: a stub with its one symbol stands in for it.
if [ -e "$stage/pack/lib/libicudata.so.72" ]; then
  printf 'const char icudt72_dat[16] = {0};\n' >"$stage/icudata.c"
  cc -shared -o "$stage/pack/lib/libicudata.so.72" -Wl,-soname,libicudata.so.72 "$stage/icudata.c"
fi
cp -L "$llvm/lib/libomp.so.5" "$stage/pack/omp/libomp.so.5"
ln -s libomp.so.5 "$stage/pack/omp/libomp.so"
# Every library must resolve inside the pack.
missing=$(for b in "$stage"/pack/bin/*; do LD_LIBRARY_PATH="$stage/pack/lib" ldd "$b"; done | grep -v "$stage/pack/lib\|libc.so\|libm.so\|libstdc++\|libgcc_s\|ld-linux\|linux-vdso\|libpthread\|libdl.so\|librt.so" || true)
[ -z "$missing" ] || { echo "gpu-pack: libraries outside the pack: $missing" >&2; exit 1; }
XZ_OPT=-9e tar -C "$stage" -cJf "$dir/pack.tar.xz" pack
du -ch "$dir"/*.tar.xz | tail -1 | sed "s|total|in $dir (carry it; at most 64 MiB with the repository)|"
