"""remat.jax.jit's budget on the whole training step users jit: loss,
gradients, optax.adamw's update, the parameters and optimizer state
donated. For each model of benchmarks/jax_zoo.py whose loss takes its
parameters first: XLA's total of that step (arguments + outputs + temp,
less the bytes outputs alias of the donated arguments) without checkpoint
and under JAX's nothing_saveable and dots_saveable (per layer, as in the
zoo), its FLOPs and compile seconds; then remat.jax.jit at each built-in's
total: XLA's total of the executable it runs, its FLOPs, the call's wall
seconds (trace, plan, every round's compile; the executable kept is the
round's, so nothing more is compiled), the rounds, and the loss and
parameters after one step against the step without remat.

    $(bash scripts/venv.sh) benchmarks/jax_whole_step.py [--models vit,decoder]
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import remat.jax as rj  # noqa: E402  (first: it sets its XLA flag)
import jax  # noqa: E402
import numpy as np  # noqa: E402
import optax  # noqa: E402

import jax_zoo  # noqa: E402

MiB = 2**20
# The zoo's models whose loss takes the parameters first (the encoder's is
# nnx's own step).
MODELS = ("mlp", "vit", "resnet", "mixer", "lstm", "attn", "unet", "decoder")


def train_step(loss, tx, has_aux=False):
    """The step users jit: (params, opt_state, *batch) -> (params,
    opt_state, value), value the loss (and aux)."""
    def step(params, opt_state, *batch):
        value, grads = jax.value_and_grad(loss, has_aux=has_aux)(params, *batch)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, value
    return step


def step_total(compiled):
    return rj.step_total(rj.figures_of(compiled))


def fresh(args, tx):
    """Copies of the parameters (donated by the step) and their state."""
    params = jax.tree.map(lambda x: x.copy(), args[0])
    return params, tx.init(params)


def run(name, out=print):
    build = jax_zoo.MODELS[name]
    tx = optax.adamw(1e-3)
    loss, args, kw = build()
    aux = kw.get("has_aux", False)
    rows, reference = [], None
    for policy in (None, "nothing_saveable", "dots_saveable"):
        ploss, pargs, _ = build(policy)
        params, state = fresh(pargs, tx)
        start = time.perf_counter()
        compiled = jax.jit(train_step(ploss, tx, aux), donate_argnums=(0, 1)).lower(
            params, state, *pargs[1:]).compile()
        seconds = time.perf_counter() - start
        figures = rj.figures_of(compiled)
        if policy is None:
            reference = compiled(params, state, *pargs[1:])
        rows.append((policy or "no checkpoint", step_total(compiled), figures["flops"],
                     seconds, ""))
    for label, budget, *_ in rows[1:]:
        rj.clear_plans()
        step = rj.jit(train_step(rj.checkpoint(loss, has_aux=aux), tx, aux), budget=budget,
                      donate_argnums=(0, 1))
        params, state = fresh(args, tx)
        start = time.perf_counter()
        try:
            result = step(params, state, *args[1:])
        except rj.BudgetError as error:
            rows.append((f"remat at {label}", None, None, time.perf_counter() - start,
                         f"BudgetError: least XLA total {error.xla_total / MiB:.2f} MiB"))
            continue
        seconds = time.perf_counter() - start
        info = rj.last_plan()
        same = max(float(np.max(np.abs(np.asarray(a, np.float64) - np.asarray(b, np.float64))))
                   for a, b in zip(jax.tree.leaves(result[::2]), jax.tree.leaves(reference[::2])))
        total = info.xla["total_bytes"]
        rows.append((f"remat at {label}", total, info.xla["flops"], seconds,
                     f"{'fits' if total <= budget else 'OVER'}; {len(info.rounds)} rounds: "
                     + ", ".join(f"{jax_zoo._label(b)}->{t / MiB:.1f}" for b, t in info.rounds)
                     + f"; |params, loss - no remat's| <= {same:.1e}"))
    out(f"\n{name}: XLA's figures of the adamw step, params and state donated "
        "(MiB: arguments + outputs + temp - alias)")
    out(f"{'step':<28} {'total':>8} {'GFLOP':>8} {'seconds':>8}  note")
    for label, total, flops, seconds, note in rows:
        figures = (f"{total / MiB:8.2f} {flops / 1e9:8.3f}" if total is not None
                   else f"{'':>8} {'':>8}")
        out(f"{label:<28} {figures} {seconds:8.1f}  {note}")
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--models", default=",".join(MODELS))
    a = parser.parse_args()
    import warnings
    warnings.simplefilter("ignore")
    for name in a.models.split(","):
        run(name)


if __name__ == "__main__":
    main()
