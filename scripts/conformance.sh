#!/usr/bin/env bash
# Runs a directory of upstream-style MLIR test files through graph-opt chunk
# by chunk (split on `// -----`) and prints, per file and in all, how many
# in-scope chunks pass. A chunk is in scope when every operation, type and
# attribute it names belongs to a dialect graph-opt implements (builtin,
# func, arith, scf, cf). How a file is checked comes from its first RUN line:
#   -verify-diagnostics   the chunk passes `graph-opt -verify-diagnostics`;
#   passes (-canonicalize, -cse, --pass-pipeline=...)
#                         graph-opt with those passes, then FileCheck with the
#                         chunk's own CHECK lines (and the RUN line's prefix);
#   otherwise             a round trip: printed, read back, and FileCheck
#                         where the chunk has CHECK lines.
# Where mlir-opt-22 is installed (or $MLIR_OPT names one), a chunk counts
# only if upstream's own tool passes it the same way, so that files newer
# or older than LLVM 22 measure what LLVM 22 does.
# Usage: scripts/conformance.sh DIR [GRAPH-OPT]   (default target/debug/graph-opt)
# SHOW_FAILURES=1 names each failing chunk on standard error. With
# mlir-opt-22, the last column counts the -verify-diagnostics chunks whose
# first error (position and words) is the same as upstream's.
set -euo pipefail
dir=${1:?usage: scripts/conformance.sh DIR [GRAPH-OPT]}
opt=${2:-$(dirname "$0")/../target/debug/graph-opt}
reference=${MLIR_OPT:-$(command -v mlir-opt-22 || true)}
filecheck=$(command -v FileCheck-22 || command -v FileCheck || echo /usr/lib/llvm-22/bin/FileCheck)
[ -d "$dir" ] || { echo "conformance: '$dir' is not a directory" >&2; exit 2; }
[ -x "$opt" ] || { echo "conformance: graph-opt not found at '$opt' (cargo build first)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
known='^(builtin|func|arith|scf|cf)$'

# Whether a chunk names only dialects graph-opt implements. An operation
# written in the generic form ("foo.op"(...)) of another dialect counts when
# upstream's tool has no such operation either (an unknown dialect, or an
# operation its test dialect does not define): both tools then treat it as
# an opaque, unregistered operation. Without mlir-opt-22 to ask, generic
# operations of the test dialect and of unknown dialects count.
in_scope() {
  local names name d
  names=$(grep -v '^ *//' "$1" |
    grep -oE '(^|[[:space:]"=({])[!#]?[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_.]*' |
    sed -E 's/^[[:space:]=({]//' | sort -u || true)
  for name in $names; do
    d=${name#[\"!#]}
    d=${d%%.*}
    [[ "$d" =~ $known ]] && continue
    [[ "$name" == \"* ]] && unregistered_upstream "${name#\"}" && continue
    [[ "$name" == [!#]* ]] && unknown_dialect_upstream "$d" && continue
    return 1
  done
  return 0
}

# Whether upstream's tool knows no dialect D, so that its types and
# attributes (!d.t, #d.a) are opaque to both tools.
unknown_dialect_upstream() {
  if [ -z "$reference" ]; then
    ! [[ "$1" =~ ^(test|affine|tensor|memref|vector|llvm|gpu|linalg|math|index|complex|shape|spirv|tosa|omp|nvvm|rocdl|bufferization|sparse_tensor|async|emitc|ml_program|pdl|transform|quant|amx|arm_sme|arm_neon|x86vector|irdl|ptr|mpi|shard|acc|dlti|smt|xegpu|amdgpu|nvgpu)$ ]]
    return
  fi
  printf '"%s.probe"() : () -> !%s.probe\n' "$1" "$1" >"$work/probe.mlir"
  timeout 20 "$reference" --allow-unregistered-dialect "$work/probe.mlir" >/dev/null 2>&1
}

# Whether upstream's tool has no operation NAME (cached in $work/probes).
unregistered_upstream() {
  local cached
  cached=$(grep -m1 "^$1 " "$work/probes" 2>/dev/null || true)
  if [ -z "$cached" ]; then
    local answer=no
    if [ -n "$reference" ]; then
      printf 'func.func @probe() {\n  %s\n  return\n}\n' "$1" >"$work/probe.mlir"
      local said
      said=$(timeout 20 "$reference" --allow-unregistered-dialect "$work/probe.mlir" 2>&1 >/dev/null || true)
      if grep -qE "custom op '$1' is unknown|not found for custom op" <<<"$said"; then
        answer=yes
      fi
    elif [[ "$1" == test.* ]] || ! [[ "${1%%.*}" =~ ^(affine|tensor|memref|vector|llvm|gpu|linalg|math|index|complex|shape|spirv|tosa|omp|nvvm|rocdl|bufferization|sparse_tensor|async|emitc|ml_program|pdl|transform|quant|amx|arm_sme|arm_neon|x86vector|irdl|ptr|mpi|shard|acc|dlti|smt|xegpu|amdgpu|nvgpu)$ ]]; then
      answer=yes
    fi
    cached="$1 $answer"
    echo "$cached" >>"$work/probes"
  fi
  [[ "$cached" == *" yes" ]]
}

# Whether TOOL passes CHUNK the way the file's RUN line asks ($mode, $flags, $prefix).
passes() {
  local tool=$1 chunk=$2 extra=(--allow-unregistered-dialect)
  case $mode in
    verify)
      timeout 20 "$tool" "${extra[@]}" "$chunk" -verify-diagnostics >/dev/null 2>&1 ;;
    transform)
      timeout 20 "$tool" "${extra[@]}" "$chunk" "${flags[@]}" -o "$work/out.mlir" >/dev/null 2>&1 &&
        "$filecheck" "$chunk" --check-prefixes="$prefix" --input-file="$work/out.mlir" >/dev/null 2>&1 ;;
    roundtrip)
      timeout 20 "$tool" "${extra[@]}" "$chunk" -o "$work/once.mlir" >/dev/null 2>&1 &&
        timeout 20 "$tool" "${extra[@]}" "$work/once.mlir" -o "$work/twice.mlir" >/dev/null 2>&1 &&
        { ! grep -qE "($(tr , '|' <<<"$prefix"))(-[A-Z]+)?:" "$chunk" ||
          "$filecheck" "$chunk" --check-prefixes="$prefix" --input-file="$work/twice.mlir" >/dev/null 2>&1; } ;;
  esac
}

# The first error TOOL reports for CHUNK, as `line:col: message`.
first_error() {
  timeout 20 "$1" --allow-unregistered-dialect "$2" 2>&1 >/dev/null | grep -m1 'error:' | sed 's/^[^:]*://' || true
}

total=0 passed=0 exact_total=0
printf '%-60s %8s %8s %6s %8s\n' file in-scope passed rate same-err
while IFS= read -r file; do
  run=$(grep -m1 -E '//[[:space:]]*RUN:' "$file" || true)
  [ -n "$run" ] || continue
  mode=roundtrip
  flags=()
  if [[ "$run" == *verify-diagnostics* ]]; then
    mode=verify
  else
    for f in $(grep -oE -- "-{1,2}(canonicalize|cse|pass-pipeline=('[^']*'|\"[^\"]*\"|[^ ]+))" <<<"$run" || true); do
      f=${f#-}; f=${f#-}
      f=${f//\'/}; f=${f//\"/}
      flags+=("--$f")
      mode=transform
    done
  fi
  prefix=$(grep -oE -- '--check-prefix(es)?=[A-Za-z0-9_,-]+' <<<"$run" | head -1 | cut -d= -f2 || true)
  prefix=${prefix:-CHECK}
  awk -v dir="$work" 'BEGIN { n = 0; f = dir "/chunk0.mlir" } /^\/\/ -----/ { n++; f = dir "/chunk" n ".mlir"; next } { print > f }' "$file"
  scope=0 ok=0 exact=0
  for chunk in "$work"/chunk*.mlir; do
    in_scope "$chunk" || continue
    if [ -n "$reference" ] && ! passes "$reference" "$chunk"; then
      continue
    fi
    scope=$((scope + 1))
    if [ "$mode" = verify ] && [ -n "$reference" ] && [ "$(first_error "$opt" "$chunk")" = "$(first_error "$reference" "$chunk")" ]; then
      exact=$((exact + 1))
    fi
    if passes "$opt" "$chunk"; then
      ok=$((ok + 1))
    elif [ -n "${SHOW_FAILURES:-}" ]; then
      echo "  fails: ${file#"$dir"/} chunk ${chunk##*/chunk} $(grep -m1 -oE 'func\.func( private)? @[A-Za-z0-9_]+' "$chunk" || true)" >&2
    fi
  done
  rm -f "$work"/chunk*.mlir
  [ "$scope" -gt 0 ] || continue
  total=$((total + scope)) passed=$((passed + ok)) exact_total=$((exact_total + exact))
  same=-
  if [ "$mode" = verify ] && [ -n "$reference" ]; then same=$exact; fi
  printf '%-60s %8d %8d %5d%% %8s\n' "${file#"$dir"/}" "$scope" "$ok" $((100 * ok / scope)) "$same"
done < <(find "$dir" -name '*.mlir' -not -path '*/Output/*' | sort)
[ "$total" -gt 0 ] || { echo "conformance: no in-scope chunk under '$dir'"; exit 1; }
printf '%-60s %8d %8d %5d%% %8s\n' all "$total" "$passed" $((100 * passed / total)) "$exact_total"
