#!/usr/bin/env python3
"""What remat.jax adds to a JAX training step's compile, and the step's time.

Compiles `jax.jit(jax.value_and_grad(loss))` of the GPT in remat.jax_models
(sequence 1024, hidden 1024, 16 heads, vocabulary 1024, f32) on XLA:CPU,
with and without `remat.jax.checkpoint(loss, budget=...)`, alternating which
goes first, each after `jax.clear_caches()`. Prints per compile: remat's
planning time (trace of the joint, conversion, remat-opt), JAX's trace and
lowering, XLA's compile, and the total; with --steps N, then runs each
compiled step N times (after one warm-up run) and prints the wall time of
each run. Both steps run in one process with the same XLA_FLAGS (importing
remat.jax disables XLA:CPU's cse_barrier_expander pass; see docs/JAX.md).

    PY=$(bash scripts/venv.sh)
    $PY benchmarks/jax_compile_time.py --layers 24 --budget 4960 --reps 3
    $PY benchmarks/jax_compile_time.py --layers 2 --budget 450 --reps 1 --steps 3
"""
import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--layers", type=int, default=24)
    ap.add_argument("--budget", type=float, default=4960, help="remat's budget in MiB")
    ap.add_argument("--reps", type=int, default=3, help="compiles of each step")
    ap.add_argument("--steps", type=int, default=0, help="timed runs of each compiled step")
    a = ap.parse_args(argv)
    import remat.jax as rj  # sets XLA_FLAGS before JAX starts
    import remat.jax_models as M
    import jax

    params = M.gpt_params(jax.random.PRNGKey(0), layers=a.layers, hidden=1024, heads=16,
                          vocab=1024, seq=1024)
    tokens = M.gpt_tokens(jax.random.PRNGKey(1), batch=1, seq=1024, vocab=1024)

    def loss(p, t):
        return M.gpt_loss(p, t, heads=16)

    print(f"jax {jax.__version__}, GPT {a.layers} layers, remat budget {a.budget} MiB, "
          f"XLA_FLAGS={os.environ.get('XLA_FLAGS')}")
    compiled = {}
    for rep in range(a.reps):
        for which in ("remat", "plain") if rep % 2 == 0 else ("plain", "remat"):
            jax.clear_caches()
            start = time.perf_counter()
            fun = rj.checkpoint(loss, budget=int(a.budget * 2**20)) if which == "remat" else loss
            lowered = jax.jit(jax.value_and_grad(fun)).lower(params, tokens)
            traced = time.perf_counter()
            compiled[which] = lowered.compile()
            done = time.perf_counter()
            label = "trace+lower"
            if which == "remat":
                info = rj.last_plan()
                parts = ", ".join(f"{k} {v:.2f}" for k, v in info.times.items())
                label = f"plan {info.planning_time_s:.2f} s ({parts}); {label}, plan included"
            print(f"{which:<5} {label} {traced - start:.2f} s, "
                  f"XLA compile {done - traced:.2f} s, total {done - start:.2f} s", flush=True)
    if a.steps:
        for step in compiled.values():
            jax.block_until_ready(step(params, tokens))
        for _ in range(a.steps):
            for which, step in compiled.items():
                start = time.perf_counter()
                jax.block_until_ready(step(params, tokens))
                print(f"{which:<5} step {time.perf_counter() - start:.2f} s", flush=True)


if __name__ == "__main__":
    sys.exit(main())
