#!/usr/bin/env bash
# Builds, on this machine, everything the one GPU check needs, into
# gpu-check/ (git-ignored; name it in the device tool's `carry`):
#   - a GPT training step (benchmarks/gen_gpt.py) compiled with
#     remat-compile --target=cuda under policies none, full, sqrt, selective
#     and auto10 (policy=auto, max-overhead=10%);
#   - the same step compiled for the CPU and run here: its output dumps are
#     the reference the GPU results are compared with;
#   - a larger step (CUDA only) for the peak-memory and step-time table;
#   - remat-opt-static, packed, for scripts/gpu-check-integrations.sh.
# Then run on the GPU machine:  bash scripts/gpu-check.sh
# Usage: scripts/prepare-gpu-check.sh [--target-for-devices cpu]  (dry run)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
ninja -C build remat-compile >/dev/null

DEVICE_TARGET=cuda
if [ "${1:-}" = "--target-for-devices" ]; then DEVICE_TARGET=$2; fi
# CPU executables for another machine must not assume this one's CPU.
DEVICE_FLAGS=()
if [ "$DEVICE_TARGET" = cpu ]; then DEVICE_FLAGS=(--march=x86-64); fi
OUT=gpu-check
rm -rf "$OUT"; mkdir -p "$OUT"

# name: layers seq hidden heads vocab dtype; "check" steps get a CPU reference.
CHECK_MODEL=${CHECK_MODEL:-"2 128 128 4 512 f32"}
BIG_MODEL=${BIG_MODEL:-"4 1024 1024 16 8192 f32"}

# remat-compile flags of each plan name in the manifest.
plan_flags() {
  case $1 in
    auto10) echo "--policy=auto --max-overhead=0.1" ;;
    *) echo "--policy=$1" ;;
  esac
}

manifest="$OUT/manifest.txt"
: > "$manifest"
cpu_reference() {  # name, policy, mlir, entry, remat-compile flags...
  local name=$1 policy=$2 mlir=$3 entry=$4; shift 4
  build/bin/remat-compile "$mlir" --entry="$entry" --target=cpu "$@" \
    -o "$OUT/$name.$policy.cpu"
  "$OUT/$name.$policy.cpu" --iters 1 --warmup 0 --seed 1 \
    --dump "$OUT/$name.$policy.ref.bin" > "$OUT/$name.$policy.ref.json"
  rm "$OUT/$name.$policy.cpu"
}
build_model() {  # name, with-reference, layers seq hidden heads vocab dtype
  local name=$1 ref=$2; shift 2
  local l=$1 s=$2 h=$3 nh=$4 v=$5 dt=$6
  python3 benchmarks/gen_gpt.py --layers "$l" --seq "$s" --hidden "$h" \
    --heads "$nh" --vocab "$v" --dtype "$dt" -o "$OUT/$name.mlir"
  for policy in none full sqrt selective auto10 offload; do
    # shellcheck disable=SC2046
    build/bin/remat-compile "$OUT/$name.mlir" --entry=train_step \
      --target="$DEVICE_TARGET" "${DEVICE_FLAGS[@]}" $(plan_flags "$policy") \
      -o "$OUT/$name.$policy.exe"
    if [ "$ref" = yes ]; then
      # shellcheck disable=SC2046
      cpu_reference "$name" "$policy" "$OUT/$name.mlir" train_step $(plan_flags "$policy")
    fi
    echo "$name $policy $ref layers=$l seq=$s hidden=$h heads=$nh vocab=$v dtype=$dt" >> "$manifest"
  done
  rm "$OUT/$name.mlir"
}
build_model check yes $CHECK_MODEL
build_model big no $BIG_MODEL

# The generated GEMM kernels (tensor cores for 16-bit inputs, the f32
# kernel otherwise): cuBLASLt is found on the GPU machine, so --gemm=auto
# never runs them there; these executables have no library path. Odd and
# aligned products in f32, bf16 and f16, and a bf16 GPT under two policies,
# against the CPU build's loops (the tensor cores sum a k step in their own
# order: bf16 outputs within 1e-2). Rehearsed on the CPU as their emulation.
GEN_FLAGS=(--gemm=generated)
if [ "$DEVICE_TARGET" = cpu ]; then GEN_FLAGS=(--gemm=loops --emulate-gpu-mapping); fi
build_generated() {  # name, mlir, entry, tolerance, policies...
  local name=$1 mlir=$2 entry=$3 tol=$4; shift 4
  for policy in "$@"; do
    build/bin/remat-compile "$mlir" --entry="$entry" --target="$DEVICE_TARGET" \
      "${DEVICE_FLAGS[@]}" "${GEN_FLAGS[@]}" --policy="$policy" -o "$OUT/$name.$policy.exe"
    cpu_reference "$name" "$policy" "$mlir" "$entry" --gemm=loops --policy="$policy"
    echo "$name $policy yes tolerance=$tol generated-gemm $(basename "$mlir")" >> "$manifest"
  done
}
build_generated gemms test/Integration/CPU/Inputs/gemm-shapes.mlir step 1e-2 none
python3 benchmarks/gen_gpt.py --layers 2 --seq 64 --hidden 64 --heads 2 \
  --vocab 96 --dtype bf16 -o "$OUT/genbf16.mlir"
build_generated genbf16 "$OUT/genbf16.mlir" train_step 1e-2 none full
rm "$OUT/genbf16.mlir"

# The integrations' planner there: remat-opt-static (no shared library),
# xz-compressed (43 MiB, 6.2 MiB packed; scripts/gpu-check-integrations.sh
# unpacks it with Python's lzma).
if ninja -C build remat-opt-static >/dev/null 2>&1; then
  xz -T0 -9 -c build/bin/remat-opt-static > "$OUT/remat-opt.xz"
else
  echo "note: no remat-opt-static (configure with -DREMAT_STATIC_OPT=ON:" \
       "libzstd-dev and ld.lld): the integrations cannot run there" >&2
fi
du -sh "$OUT"
echo "ready: carry $OUT/ and run: bash scripts/gpu-check.sh" \
     "(then bash scripts/gpu-check-integrations.sh)"
