#!/usr/bin/env bash
# What ptxas made of a program's GPU kernels, without a GPU: compiles FILE
# for the GPU (graph-opt --target=gpu --emit=ptx, with the options given
# after FILE), assembles it for sm_90 (or the --gpu-arch given) and
# disassembles the machine code (ptxas and nvdisasm from PyPI:
# scripts/install-ptxas.sh). For each entry kernel it prints the
# registers, the spill bytes and the instructions, then each innermost loop
# that loads from memory: its instructions, loads, spill instructions, and
# its waits: the instructions that use a register a load still in flight
# writes. A GPU thread issues in order and stops at such an instruction
# until the load is back, so a loop's waits are the memory latencies one
# pass through it costs a thread (one wait for four loads issued together,
# four for four loads issued one after the other's result).
#
# Usage: scripts/sass-loops.sh FILE.mlir [GRAPH-OPT-OPTIONS...]
#   e.g. scripts/sass-loops.sh test/algorithms/pr.mlir --schedule unroll=4 --gpu-min-blocks 3
# Uses target/release/graph-opt (cargo build --release first).
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:?usage: scripts/sass-loops.sh FILE.mlir [GRAPH-OPT-OPTIONS...]}
shift
[ -f "$file" ] || { echo "sass-loops: no file $file" >&2; exit 1; }
opt=target/release/graph-opt
[ -x "$opt" ] || { echo "sass-loops: no $opt: run cargo build --release" >&2; exit 1; }
arch=sm_90
prev=""
for a in "$@"; do
  case "$a" in --gpu-arch=*) arch=${a#--gpu-arch=} ;; esac
  [ "$prev" = --gpu-arch ] && arch=$a
  prev=$a
done
ptxas=$(scripts/install-ptxas.sh)
nvdisasm=$(scripts/install-ptxas.sh nvdisasm)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$opt" "$file" --target=gpu --emit=ptx --gpu-arch="$arch" "$@" -o "$tmp/k.ptx"
"$ptxas" -arch="$arch" -v "$tmp/k.ptx" -o "$tmp/k.cubin" 2>"$tmp/ptxas.log"
"$nvdisasm" -c "$tmp/k.cubin" >"$tmp/k.sass" 2>/dev/null
python3 - "$tmp/k.sass" "$tmp/ptxas.log" <<'PY'
import re, signal, sys
signal.signal(signal.SIGPIPE, signal.SIG_DFL)

sass = open(sys.argv[1]).read()
log = open(sys.argv[2]).read()

# ptxas -v: "Compiling entry function 'F'", then the stack and spill line,
# then "Used N registers".
usage = {}
for m in re.finditer(r"Compiling entry function '(\w+)'.*?(\d+) bytes spill stores.*?Used (\d+) registers", log, re.S):
    usage[m.group(1)] = (int(m.group(3)), int(m.group(2)))

def regs(text):
    out = set()
    for m in re.finditer(r"\bR(\d+)(\.64)?", text):
        out.add(int(m.group(1)))
        if m.group(2):
            out.add(int(m.group(1)) + 1)
    return out

def is_load(op):
    return re.match(r"LDG?\.|LDG\b|LD\b", op) is not None

for name in sorted(usage):
    if not name.startswith("_strata_entry_"):
        continue
    part = sass.split(".text.%s:" % name, 1)
    if len(part) < 2:
        continue
    body = part[1].split("\n.section", 1)[0].split("//------", 1)[0]
    ins, labels = [], {}
    for line in body.splitlines():
        m = re.match(r"\s*(\.L_x_\d+):", line)
        if m:
            labels[m.group(1)] = len(ins)
            continue
        m = re.match(r"\s*/\*[0-9a-f]+\*/\s+(.*?)\s*;", line)
        if m:
            ins.append(re.sub(r"^@!?U?P\w+\s+", "", m.group(1)))
    loops = set()
    for i, t in enumerate(ins):
        m = re.search(r"BRA\b.*`\((\.L_x_\d+)\)", t)
        if m and labels.get(m.group(1), i + 1) <= i:
            loops.add((labels[m.group(1)], i))
    loading = [l for l in loops if any(is_load(ins[k].split()[0]) for k in range(l[0], l[1] + 1))]
    inner = sorted(l for l in loading if not any(o != l and l[0] <= o[0] and o[1] <= l[1] for o in loading))
    spill = lambda t: re.match(r"(LDL|STL)\b", t) is not None
    r, s = usage[name]
    print("%s: %d registers, %d bytes of spill stores, %d instructions (%d spill instructions)"
          % (name, r, s, len(ins), sum(map(spill, ins))))
    for lo, hi in inner:
        pending, waits, loads, spills = set(), 0, 0, 0
        for t in ins[lo:hi + 1]:
            parts = t.split(None, 1)
            op, args = parts[0], (parts[1] if len(parts) > 1 else "")
            fields = [f.strip() for f in args.split(",")]
            if is_load(op):
                used = regs(args.split("[", 1)[1]) if "[" in args else set()
            elif op.startswith("ST"):
                used = regs(args)
            else:
                used = set().union(*map(regs, fields[1:])) if len(fields) > 1 else set()
            if used & pending:
                waits += 1
                pending = set()
            if is_load(op):
                loads += 1
                pending |= regs(fields[0])
            spills += spill(t)
        print("  loop %d..%d: %d instructions, %d loads, %d waits, %d spill instructions"
              % (lo, hi, hi - lo + 1, loads, waits, spills))
PY
