#!/usr/bin/env bash
# The main job on the built-in default model, after installing and building
# what is missing:
#  1. plan: a GPT-style joint forward+backward graph (2 layers, batch 1,
#     sequence 1024, hidden 1024, 16 heads, f32) rewritten by
#     --rematerialize under every policy; peak and saved-activation bytes and
#     recompute FLOPs of each plan next to Megatron-LM's policy, each report's
#     peak checked against an independent recomputation from the output IR;
#  2. auto: policy=auto on the same graph: what it costs at the peak of each
#     fixed policy, and plans for a sweep of budgets and max-overheads;
#  2b. offload: the same graph planned with host offload as a third
#     decision (auto's frontier with and without it, policy offload, and
#     JAX's and Megatron-LM's offload options emulated on the graph);
#  3. run: a smaller GPT training step, built from its forward function by
#     remat-compile --autodiff, compiled under every policy (auto included)
#     and run on the CPU: the plan's peak next to the
#     bytes the runtime really held, the step time, and whether all outputs
#     are bit-identical;
#  4. pictures: the default model of steps 1-2 (2 layers, f32) under auto at a 450 MiB budget (bytes
#     live along the step against policy none, and the Pareto frontier with
#     full, selective and sqrt marked), written to build/demo/plan.png by
#     python3 -m remat.plot.
# Extra arguments go to steps 1 and 2 (e.g. --dtype bf16 --layers 96).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
ninja -C build remat-compile >/dev/null
echo "== 1. plans of --rematerialize"
python3 benchmarks/check_policies.py --remat-opt build/bin/remat-opt --check "$@"
echo
echo "== 2. policy=auto: budgets and overheads"
python3 benchmarks/check_auto.py --remat-opt build/bin/remat-opt --check "$@"
echo
echo "== 2b. keep, recompute or offload to host memory (H200 over PCIe Gen5)"
python3 benchmarks/offload_frontier.py --remat-opt build/bin/remat-opt
echo
echo "== 3. the compiled training step on the CPU"
python3 benchmarks/run_cpu_policies.py --remat-compile build/bin/remat-compile \
  --layers 2 --seq 128 --hidden 64 --heads 2 --vocab 128 --check --autodiff
echo
echo "== 4. pictures of the plan"
mkdir -p build/demo
python3 benchmarks/gen_gpt.py --layers 2 --seq 1024 --hidden 1024 --heads 16 -o build/demo/gpt.mlir
build/bin/remat-opt build/demo/gpt.mlir -o /dev/null --rematerialize="policy=auto budget=450MiB timeline=true pareto=true report=build/demo/auto.json"
for p in full selective sqrt; do
  build/bin/remat-opt build/demo/gpt.mlir -o /dev/null --rematerialize="policy=$p report=build/demo/$p.json"
done
PYTHONPATH=python /usr/bin/python3 -m remat.plot build/demo/auto.json \
  --compare build/demo/full.json build/demo/selective.json build/demo/sqrt.json -o build/demo/plan.png
