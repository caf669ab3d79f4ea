#!/usr/bin/env bash
# Writes what remat-opt prints for every .mlir input of the lit suite under
# each policy (the rewritten IR, the JSON report with the frontier and the
# timeline, the diagnostics and the exit status) into one directory, so that
# two builds can be compared file by file:
#   scripts/report_snapshot.sh OLD/remat-opt /tmp/a
#   scripts/report_snapshot.sh build/bin/remat-opt /tmp/b
#   python3 scripts/compare_snapshots.py /tmp/a /tmp/b [--ignore-field F]
# (A refactoring that changes no behaviour leaves no difference, except for
# report fields it adds.)
set -u
opt=${1:?usage: report_snapshot.sh REMAT_OPT OUTDIR}
out=${2:?usage: report_snapshot.sh REMAT_OPT OUTDIR}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
cd "$root"
for f in $(find test -name '*.mlir' | sort); do
  grep -q 'func.func' "$f" || continue
  for p in none full sqrt selective dots auto; do
    extra=""
    [ "$p" = auto ] && extra=" pareto=true timeline=true"
    name=$(echo "$f" | tr / _)."$p"
    timeout 120 "$opt" "$f" --split-input-file --mlir-print-op-on-diagnostic=false \
      --rematerialize="policy=$p device=cpu certificate=cover report=-$extra" \
      >"$out/$name.out" 2>"$out/$name.err"
    echo "rc=$?" >>"$out/$name.err"
  done
done
