#!/usr/bin/env bash
# The main job on the built-in default model: a GPT-style joint
# forward+backward graph (2 layers, batch 1, sequence 1024, hidden 1024,
# 16 heads, f32) rewritten by --rematerialize under every policy, with the
# memory and FLOP figures of each plan next to Megatron-LM's policy.
# Installs and builds first if needed. Extra arguments go to
# benchmarks/check_policies.py (e.g. --dtype bf16 --layers 4).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
python3 benchmarks/check_policies.py --remat-opt build/bin/remat-opt --check "$@"
