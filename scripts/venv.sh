#!/usr/bin/env bash
# Creates (once) the cached Python environment for the PyTorch integration
# and the reference checks against PyTorch: ~/.cache/remat-venv with numpy,
# torch and transformers from PyPI (torch for Linux brings its CUDA
# libraries, about 5 GB, so it is installed once and reused, never per test
# run). Prints the environment's python.
#   VENV=/path bash scripts/venv.sh    # somewhere else
set -euo pipefail
VENV=${VENV:-$HOME/.cache/remat-venv}
if ! "$VENV/bin/python" -c "import numpy, torch, transformers" 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --upgrade pip
  "$VENV/bin/pip" install -q numpy torch transformers
fi
echo "$VENV/bin/python"
