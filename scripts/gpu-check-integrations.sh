#!/usr/bin/env bash
# The integrations on the GPU (docs/GPU.md, "The integrations on the GPU"):
# remat.torch under torch.compile (Inductor) against PyTorch's min-cut
# partitioner at memory budgets 0.5 and 0.1 and at remat's least peak, and
# remat.jax against JAX's checkpoint policies in XLA's memory_analysis(),
# both planned by the self-contained remat-opt that
# scripts/prepare-gpu-check.sh packs into gpu-check/ (no LLVM there).
#
#   bash scripts/gpu-check-integrations.sh [torch|jax|all]   # the GPU machine
#   bash scripts/gpu-check-integrations.sh --rehearse [...]   # here, on the CPU
#
# Sizes (environment): TORCH_LAYERS (6; 12 is GPT-2 small), TORCH_SEQ (1024),
# TORCH_BATCH (4), JAX_LAYERS (2), JAX_SEQ (1024); each part stops at
# TORCH_TIMEOUT / JAX_TIMEOUT seconds (300 / 150). Logs go to $OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
REHEARSE=0
if [ "${1:-}" = "--rehearse" ]; then REHEARSE=1; shift; fi
PART=${1:-all}
LOG=${OUT:-gpu-check/logs}
mkdir -p "$LOG" gpu-check/bin
PY=${PYTHON:-python3}

# remat-opt travels xz-compressed; Python's lzma unpacks it.
if [ ! -f gpu-check/remat-opt.xz ]; then
  echo "gpu-check/remat-opt.xz missing: run bash scripts/prepare-gpu-check.sh here first" >&2
  exit 2
fi
"$PY" -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' \
  gpu-check/remat-opt.xz gpu-check/bin/remat-opt || exit 2
chmod +x gpu-check/bin/remat-opt
export REMAT_OPT=$PWD/gpu-check/bin/remat-opt
"$REMAT_OPT" --version | head -2 | tee "$LOG/remat-opt.txt"

status=0
if [ "$REHEARSE" = 1 ]; then
  TORCH_ARGS=(--device cpu --dtype f32 --layers "${TORCH_LAYERS:-2}" --seq "${TORCH_SEQ:-64}"
              --batch "${TORCH_BATCH:-1}" --iters 1)
  JAX_ARGS=(--layers "${JAX_LAYERS:-2}" --seq "${JAX_SEQ:-128}" --hidden 128 --heads 4
            --vocab 512 --points 3)
else
  TORCH_ARGS=(--device cuda --dtype bf16 --layers "${TORCH_LAYERS:-6}" --seq "${TORCH_SEQ:-1024}"
              --batch "${TORCH_BATCH:-4}" --iters 10)
  JAX_ARGS=(--layers "${JAX_LAYERS:-2}" --seq "${JAX_SEQ:-1024}" --points 4 --check)
fi

if [ "$PART" = torch ] || [ "$PART" = all ]; then
  # GPT-2 small from transformers where it is installed, else the
  # repository's GPT at the same shape.
  model=gpt-small
  "$PY" -c "import transformers" 2>/dev/null && model=gpt2-small
  echo "== remat.torch: $model under Inductor against min-cut"
  timeout "${TORCH_TIMEOUT:-300}" "$PY" benchmarks/torch_partition.py --compiler inductor \
    --models "$model" --fractions 0.5 0.1 --least "${TORCH_ARGS[@]}" \
    2> "$LOG/torch.err" | tee "$LOG/torch.txt"
  rc=${PIPESTATUS[0]}
  [ "$rc" = 0 ] || { echo "remat.torch part: exit $rc (stderr: $LOG/torch.err)"; tail -5 "$LOG/torch.err"; status=1; }
fi
if [ "$PART" = jax ] || [ "$PART" = all ]; then
  echo "== remat.jax: GPT against JAX's checkpoint policies"
  timeout "${JAX_TIMEOUT:-150}" "$PY" benchmarks/jax_policies.py "${JAX_ARGS[@]}" \
    2> "$LOG/jax.err" | tee "$LOG/jax.txt"
  rc=${PIPESTATUS[0]}
  [ "$rc" = 0 ] || { echo "remat.jax part: exit $rc (stderr: $LOG/jax.err)"; tail -5 "$LOG/jax.err"; status=1; }
fi
exit $status
