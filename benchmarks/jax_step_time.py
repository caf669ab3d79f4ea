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
from remat.jax.xla import figures_of  # noqa: E402


def builder(name):
    """build(policy) -> (loss, args, kw) for jax_zoo.step_of."""
    if name.startswith("gpt"):
        make = jax_scan.gpt(int(name[3:]))

        def build(policy=None):
            loss, args, argnums = make(policy)
            return loss, args, {"step": lambda f: jax.value_and_grad(f, argnums=argnums),
                                "step_args": args}
        return build
    return jax_zoo.MODELS[name]


def compiled(loss, args, kw):
    """The step of `loss`, compiled once (run as it is), and XLA's figures
    of it."""
    fun, fun_args = jax_zoo.step_of(loss, args, **kw)
    executable = jax.jit(fun).lower(*fun_args).compile()
    return executable, fun_args, figures_of(executable)


def run(name, builtin, reps, out=print):
    build = builder(name)
    loss, args, kw = build()
    steps = {f"JAX {builtin}": compiled(*build(builtin))}
    budget = jax_zoo.total(steps[f"JAX {builtin}"][2])
    aux = kw.get("has_aux", False)
    plans = {"remat at the budget": rj.checkpoint(loss, budget=budget, has_aux=aux)}
    for policy in ("none", "selective", "dots"):
        plans[f"remat policy={policy}"] = rj.checkpoint(loss, policy=policy, has_aux=aux)
    for label, f in plans.items():
        steps[label] = compiled(f, args, kw)
    for executable, a, _ in steps.values():
        jax.block_until_ready(executable(*a))   # (warm)
    times = {label: [] for label in steps}
    for _ in range(reps):
        for label, (executable, a, _) in steps.items():
            start = time.perf_counter()
            jax.block_until_ready(executable(*a))
            times[label].append(time.perf_counter() - start)
    ref = np.median(times[f"JAX {builtin}"])
    out(f"\n{name} at JAX {builtin}'s XLA total ({budget / 2**20:.2f} MiB), "
        f"{reps} interleaved runs each")
    out(f"{'step':<28} {'total MiB':>10} {'GFLOP':>8} {'median ms':>10} {'least ms':>9} "
        f"{'/ built-in':>10}")
    for label, t in times.items():
        figures = steps[label][2]
        out(f"{label:<28} {jax_zoo.total(figures) / 2**20:10.2f} {figures['flops'] / 1e9:8.3f} "
            f"{np.median(t) * 1e3:10.1f} {min(t) * 1e3:9.1f} {np.median(t) / ref:10.3f}")


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
