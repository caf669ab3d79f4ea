#!/usr/bin/env bash
# Creates (once) the cached Python environment for the PyTorch and JAX
# integrations and the reference checks against them: ~/.cache/remat-venv
# with numpy, torch, transformers and jax (CPU) from PyPI (torch for Linux brings its CUDA
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
# (jax apart: an environment made before the JAX integration gets it added.)
if ! "$VENV/bin/python" -c "import jax" 2>/dev/null; then
  "$VENV/bin/pip" install -q jax
fi
echo "$VENV/bin/python"
