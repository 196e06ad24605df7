#!/usr/bin/env bash
# Installs NVIDIA's PTX assembler (ptxas), which the tests use to validate
# every PTX file the compiler writes, idempotently: from the PyPI package
# nvidia-cuda-nvcc-cu12 (no CUDA toolkit, no GPU needed), into
# target/tools/ptxas-VERSION/. Prints the path of ptxas. With the argument
# `nvdisasm`, installs NVIDIA's disassembler of the assembler's output the
# same way (package nvidia-cuda-nvdisasm), for scripts/sass-loops.sh.
#
# Usage: scripts/install-ptxas.sh [ptxas|nvdisasm]
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-ptxas}" in
  ptxas) tool=ptxas version=12.9.86 package=nvidia-cuda-nvcc-cu12 member=nvidia/cuda_nvcc/bin/ptxas ;;
  nvdisasm) tool=nvdisasm version=13.5.37 package=nvidia-cuda-nvdisasm member=nvidia/cu13/bin/nvdisasm ;;
  *) echo "install-ptxas: no tool '$1' (ptxas or nvdisasm)" >&2; exit 2 ;;
esac
dir=target/tools/$tool-$version
if [ ! -x "$dir/$tool" ]; then
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
  echo "setup: fetching $tool ($package==$version)" >&2
  python3 -m pip download -q --no-deps --only-binary=:all: --platform manylinux2014_x86_64 --python-version 3 \
    -d "$tmp" "$package==$version" >&2
  mkdir -p "$dir"
  python3 - "$tmp" "$dir/$tool" "$member" <<'PY'
import glob, os, sys, zipfile
wheel = glob.glob(os.path.join(sys.argv[1], "*.whl"))[0]
out = sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    data = z.read(sys.argv[3])
with open(out + ".part", "wb") as f:
    f.write(data)
os.chmod(out + ".part", 0o755)
os.replace(out + ".part", out)
PY
fi
"$dir/$tool" --version >/dev/null
echo "$PWD/$dir/$tool"
