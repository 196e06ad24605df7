#!/usr/bin/env bash
# Installs NVIDIA's PTX assembler (ptxas), which the tests use to validate
# every PTX file the compiler writes, idempotently: from the PyPI package
# nvidia-cuda-nvcc-cu12 (no CUDA toolkit, no GPU needed), into
# target/tools/ptxas/. Prints the path of ptxas.
set -euo pipefail
cd "$(dirname "$0")/.."
version=12.9.86
dir=target/tools/ptxas-$version
if [ ! -x "$dir/ptxas" ]; then
  if ! python3 -m pip --version >/dev/null 2>&1; then
    cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3-pip"
    if [ "$(id -u)" = 0 ]; then
      bash -c "$cmd" >/tmp/strata-setup.log 2>&1 || { tail -20 /tmp/strata-setup.log; echo "setup: apt-get failed (log: /tmp/strata-setup.log)" >&2; exit 1; }
    else
      echo "setup: pip is missing; run as root: sudo bash -c '$cmd'" >&2
      exit 1
    fi
  fi
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  echo "setup: fetching ptxas (nvidia-cuda-nvcc-cu12==$version)" >&2
  python3 -m pip download -q --no-deps --only-binary=:all: --platform manylinux2010_x86_64 --python-version 3 \
    -d "$tmp" "nvidia-cuda-nvcc-cu12==$version" >&2
  mkdir -p "$dir"
  python3 - "$tmp" "$dir" <<'PY'
import glob, os, sys, zipfile
wheel = glob.glob(os.path.join(sys.argv[1], "*.whl"))[0]
out = os.path.join(sys.argv[2], "ptxas")
with zipfile.ZipFile(wheel) as z:
    data = z.read("nvidia/cuda_nvcc/bin/ptxas")
with open(out + ".part", "wb") as f:
    f.write(data)
os.chmod(out + ".part", 0o755)
os.replace(out + ".part", out)
PY
fi
"$dir/ptxas" --version >/dev/null
echo "$PWD/$dir/ptxas"
