#!/usr/bin/env bash
# The one prepared GPU check (see docs/GPU.md). Runs every executable of
# gpu-check/ (built here by scripts/prepare-gpu-check.sh), compares the
# small step's outputs with the CPU reference and across policies, and prints
# a table of peak device bytes, step time and errors last. Full logs go to
# $OUT (the device tool's output folder) when it is set.
set -uo pipefail
cd "$(dirname "$0")/.."
LOG=${OUT:-gpu-check/logs}
mkdir -p "$LOG"
# The executables' GEMMs load libcublasLt at run time: ask the Python
# environment's CUDA wheel for its folder (PyTorch brings it there).
if [ -z "${REMAT_CUBLASLT:-}" ]; then
  REMAT_CUBLASLT=$(python3 scripts/gpu_check.py --cublaslt-dir 2>/dev/null || true)
  export REMAT_CUBLASLT
fi
echo "REMAT_CUBLASLT=${REMAT_CUBLASLT:-<unset: the runtime searches its default places>}"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv > "$LOG/gpu.txt" 2>&1 || true
python3 scripts/gpu_check.py gpu-check "$LOG" 2>&1 | tee "$LOG/summary.txt"
exit "${PIPESTATUS[0]}"
