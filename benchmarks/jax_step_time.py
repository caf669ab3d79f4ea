#!/usr/bin/env python3
"""Step time, not FLOPs: remat's plan at a JAX built-in policy's XLA total
against that built-in and against remat's own fixed policies, the compiled
steps run interleaved in one process (CPU wall time per step, median and
least of --reps runs each).

remat minimizes its cost model's estimated step time; XLA's
cost_analysis() FLOPs are another measure. Where the two disagree (a plan
with more FLOPs than the built-in at the built-in's total), this says
which step runs faster.

Models: those of benchmarks/jax_zoo.py (its step: value_and_grad of the
loss, or the builder's own, e.g. nnx's functional step for `encoder`) and
gpt<N> of benchmarks/jax_scan.py (N layers as one lax.scan).

    $(bash scripts/venv.sh) benchmarks/jax_step_time.py [--models encoder,gpt8]
        [--builtin dots_saveable] [--reps 15]
"""
import argparse
import os
import sys
import time
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
sys.path.insert(0, HERE)
import remat.jax as rj  # noqa: E402  (first: it sets its XLA flag)
import jax  # noqa: E402
import numpy as np  # noqa: E402
import jax_scan  # noqa: E402
import jax_zoo  # noqa: E402


def builder(name):
    """(build(policy) -> (loss, args, kw), step(loss, kw) -> the jitted
    step, its arguments)."""
    if name.startswith("gpt"):
        make = jax_scan.gpt(int(name[3:]))
        jax_zoo.POLICIES.update(jax_scan.POLICIES)

        def build(policy=None):
            loss, args, argnums = make(policy)
            return loss, args, {"argnums": argnums}

        def step(loss, args, kw):
            return jax.jit(jax.value_and_grad(loss, argnums=kw["argnums"])), args
        return build, step

    def step(loss, args, kw):
        if "step" in kw:
            return jax.jit(kw["step"](loss)), kw["step_args"]
        return jax.jit(jax.value_and_grad(loss, has_aux=kw.get("has_aux", False))), args
    return jax_zoo.MODELS[name], step


def run(name, builtin, reps, out=print):
    build, step = builder(name)
    loss, args, kw = build()
    jloss, jargs, jkw = build(builtin)
    jstep, jstep_args = step(jloss, jargs, jkw)
    lowered = jstep.lower(*jstep_args).compile()
    mem = lowered.memory_analysis()
    budget = mem.temp_size_in_bytes + mem.argument_size_in_bytes + mem.output_size_in_bytes
    aux = kw.get("has_aux", False)
    plans = {"remat at the budget": rj.checkpoint(loss, budget=budget, has_aux=aux)}
    for policy in ("none", "selective", "dots"):
        plans[f"remat policy={policy}"] = rj.checkpoint(loss, policy=policy, has_aux=aux)
    steps = {f"JAX {builtin}": (jstep, jstep_args)}
    for label, f in plans.items():
        steps[label] = step(f, args, kw)
    figures = {}
    for label, (s, a) in steps.items():
        compiled = s.lower(*a).compile()
        m = compiled.memory_analysis()
        cost = compiled.cost_analysis()
        cost = cost[0] if isinstance(cost, (list, tuple)) else cost
        figures[label] = ((m.temp_size_in_bytes + m.argument_size_in_bytes
                           + m.output_size_in_bytes) / 2**20, cost.get("flops", 0.0) / 1e9)
        jax.block_until_ready(s(*a))   # (compiled and warm)
    times = {label: [] for label in steps}
    for _ in range(reps):
        for label, (s, a) in steps.items():
            start = time.perf_counter()
            jax.block_until_ready(s(*a))
            times[label].append(time.perf_counter() - start)
    ref = np.median(times[f"JAX {builtin}"])
    out(f"\n{name} at JAX {builtin}'s XLA total ({budget / 2**20:.2f} MiB), "
        f"{reps} interleaved runs each")
    out(f"{'step':<28} {'total MiB':>10} {'GFLOP':>8} {'median ms':>10} {'least ms':>9} "
        f"{'/ built-in':>10}")
    for label, t in times.items():
        total, gflop = figures[label]
        out(f"{label:<28} {total:10.2f} {gflop:8.3f} {np.median(t) * 1e3:10.1f} "
            f"{min(t) * 1e3:9.1f} {np.median(t) / ref:10.3f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--models", default="encoder,gpt8")
    parser.add_argument("--builtin", default="dots_saveable")
    parser.add_argument("--reps", type=int, default=15)
    a = parser.parse_args()
    warnings.simplefilter("ignore")
    for name in a.models.split(","):
        run(name, a.builtin, a.reps)


if __name__ == "__main__":
    main()
