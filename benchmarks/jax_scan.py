#!/usr/bin/env python3
"""Scans planned rolled (remat.jax's scan="rolled": the body planned once
with repeat=<length>, the step kept a loop) against JAX's policies on the
scan body, and against remat's unrolled plans, in XLA's own numbers.

Models (every float input differentiated, as remat's verification compiles
the step):
  lstm<N>  benchmarks/jax_zoo.py's LSTM cell under lax.scan over N steps
           (batch 8, 64 features, hidden 256): the weights and the inputs
  gpt<N>   remat.jax_models.gpt_loss(scan=True): N layers as one lax.scan
           over stacked parameters (hidden 256, 4 heads, seq 256, vocab
           256, batch 2): the parameters

For each: the compile time of the step with no checkpoint; XLA's figures
(memory_analysis(): total = arguments + outputs + temp; cost_analysis()
FLOPs, which count a loop's body once, JAX's scans and remat's rolled ones
alike, so these compare per iteration) under JAX's policies applied to the
body (jax.checkpoint(body, policy=...), as users write it); then remat at
each policy's total and at budget 1 (its least: the BudgetError's least
XLA total): the total, temp, FLOPs, whether it fits, and the seconds from
checkpoint() to the compiled step (trace, plan, verification compiles,
the step's compile). --unrolled adds the same budgets with scan="unroll".

    $(bash scripts/venv.sh) benchmarks/jax_scan.py [--models lstm64,gpt8] [--unrolled]
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
import jax_zoo  # noqa: E402

MiB = 2**20
POLICIES = {"nothing_saveable": jax.checkpoint_policies.nothing_saveable,
            "dots_saveable": jax.checkpoint_policies.dots_saveable,
            "dots_with_no_batch_dims_saveable":
                jax.checkpoint_policies.dots_with_no_batch_dims_saveable}


def lstm(steps):
    def build(policy=None):
        loss, args, _ = jax_zoo.lstm(steps=steps)
        if policy is None:
            return loss, args, (0, 1, 2)
        # jax_zoo.lstm names two policies; any policy, applied to the cell.
        jax_zoo.POLICIES.setdefault(policy, POLICIES[policy])
        return jax_zoo.lstm(policy, steps=steps)[0], args, (0, 1, 2)
    return build


def gpt(layers):
    import remat.jax_models as M

    def build(policy=None):
        params = M.stack_layers(M.gpt_params(jax.random.PRNGKey(0), layers=layers, hidden=256,
                                             heads=4, vocab=256, seq=256))
        tokens = M.gpt_tokens(jax.random.PRNGKey(1), batch=2, seq=256, vocab=256)

        def loss(p, t):
            return M.gpt_loss(p, t, heads=4, scan=True,
                              layer_policy=POLICIES[policy] if policy else None)
        return loss, (params, tokens), (0,)
    return build


def figures(loss, args, argnums):
    return rj.xla_analysis(jax.value_and_grad(loss, argnums=argnums), *args)


def compiled(loss, args, argnums, **options):
    """(XLA's figures of remat's step, its plan, seconds from checkpoint()
    to the compiled step), or (None, the BudgetError, seconds)."""
    jax.clear_caches()
    start = time.perf_counter()
    try:
        f = rj.checkpoint(loss, **options)
        step = jax.jit(jax.value_and_grad(f, argnums=argnums)).lower(*args).compile()
    except rj.BudgetError as error:
        return None, error, time.perf_counter() - start
    seconds = time.perf_counter() - start
    return figures(f, args, argnums), rj.last_plan(), seconds, step


def run(name, build, unrolled, out=print):
    loss, args, argnums = build()
    jax.clear_caches()
    start = time.perf_counter()
    jax.jit(jax.value_and_grad(loss, argnums=argnums)).lower(*args).compile()
    plain = time.perf_counter() - start
    rows = [("no checkpoint", figures(loss, args, argnums), f"compile {plain:.2f} s")]
    for policy in POLICIES:
        if name.startswith("lstm") and policy == "dots_with_no_batch_dims_saveable":
            continue   # (the LSTM has no batched dots: the same as dots_saveable)
        ploss, pargs, _ = build(policy)
        rows.append((f"JAX {policy}", figures(ploss, pargs, argnums), ""))
    budgets = [(label[4:], jax_zoo.total(a)) for label, a, _ in rows[1:]] + [("least", 1)]
    for mode in ("rolled",) + (("unroll",) if unrolled else ()):
        for label, budget in budgets:
            result = compiled(loss, args, argnums, budget=budget, scan=mode)
            if result[0] is None:
                error, seconds = result[1], result[2]
                least = getattr(error, "xla_total", None)
                note = (f"least XLA total {least / MiB:.2f} MiB" if least
                        else str(error)[:120]) + f"; {seconds:.1f} s"
                rows.append((f"remat {mode} @ {label}", None, note))
                continue
            a, info, seconds, _ = result
            fits = "fits" if jax_zoo.total(a) <= budget else "OVER"
            rows.append((f"remat {mode} @ {label}", a,
                         f"{fits}; {len(info.rounds)} compiles; {seconds:.1f} s"))
    out(f"\n{name}: XLA's figures of value_and_grad (MiB); seconds: checkpoint() to "
        f"the compiled step")
    jax_zoo.print_rows(rows, out, width=44, digits=2)
    return rows


MODELS = {"lstm32": lstm(32), "lstm64": lstm(64), "lstm128": lstm(128), "gpt8": gpt(8),
          "gpt24": gpt(24)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--unrolled", action="store_true",
                        help="also plan the same budgets with scan='unroll' (slow)")
    a = parser.parse_args()
    warnings.simplefilter("ignore")
    for name in a.models.split(","):
        run(name, MODELS[name], a.unrolled)


if __name__ == "__main__":
    main()
