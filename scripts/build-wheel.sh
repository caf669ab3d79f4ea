#!/usr/bin/env bash
# Builds remat's wheel (pyproject.toml): the Python package with the
# planner remat-opt inside, into dist/ (or $1). It builds in build/, the
# tree scripts/setup.sh makes (run that first on a fresh machine: it
# installs LLVM/MLIR 22 and what the static link needs), so only what
# changed is compiled. Prints the wheel's path.
#   bash scripts/build-wheel.sh [outdir]
#   pip install "$(bash scripts/build-wheel.sh)[torch]"
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-dist}
PY=${PYTHON:-$(bash scripts/venv.sh)}
mkdir -p "$OUT"
rm -f "$OUT"/remat-*.whl
"$PY" -m pip wheel --no-deps -q -w "$OUT" . >&2
ls "$OUT"/remat-*.whl
