#!/usr/bin/env bash
# Creates (once) the cached Python environment for the PyTorch and JAX
# integrations and the reference checks against them: ~/.cache/remat-venv
# with numpy, torch, transformers, jax (CPU), flax, optax and matplotlib
# (remat.plot, PlanInfo.plot) from PyPI,
# and the real compilers remat is tested inside (torch-mlir, IREE)
# (torch for Linux brings its CUDA libraries, about 5 GB, so it is installed
# once and reused, never per test run), at the versions pinned in
# python/constraints.txt (the supported ones: docs/PyTorch.md). Nothing is
# installed when all of them import already. Prints the environment's python.
#   VENV=/path bash scripts/venv.sh    # somewhere else
set -euo pipefail
VENV=${VENV:-$HOME/.cache/remat-venv}
CONSTRAINTS="$(cd "$(dirname "$0")/.." && pwd)/python/constraints.txt"
PACKAGES=(numpy torch transformers jax flax optax matplotlib torch-mlir iree-base-compiler iree-base-runtime)
if ! "$VENV/bin/python" -c "import numpy, torch, transformers, jax, flax, optax, matplotlib, torch_mlir.fx, iree.compiler, iree.runtime" 2>/dev/null; then
  [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --upgrade pip
  constraints=()
  [ -f "$CONSTRAINTS" ] && constraints=(-c "$CONSTRAINTS")
  "$VENV/bin/pip" install -q "${constraints[@]}" "${PACKAGES[@]}" >&2
fi
echo "$VENV/bin/python"
