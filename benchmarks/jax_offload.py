#!/usr/bin/env python3
"""remat.jax's host offload (docs/JAX.md, "Host offload"): the GPT of
remat.jax_models, planned for a device with a host link (h200 by default)
under policy none, policy offload, auto with offload (the least peak
within 5%), auto at the least peak of keep/recompute alone without and
with offload, and auto at the least peak with offload, each step compiled
by XLA on this machine's backend and run once. Per plan: the values
offloaded, the plan's device and host peaks, estimated step time and
exposed copy time (remat's cost model of the device), XLA's
memory_analysis() (temp and host temp bytes, argument + output + temp),
the transfers in the program lowered for a GPU (annotate_device_placement
to pinned_host and back: what XLA's host offloader turns into copies),
and the gradients' largest difference from the unplanned step's, relative
to each leaf's largest magnitude.

On XLA:CPU the offloaded values stay in device memory (JAX lowers the
transfers as nothing there, XLA:CPU strips memory placement annotations),
so its temp bytes count them and its host bytes are 0; on a GPU backend
the same script reads XLA's host bytes.

    $(bash scripts/venv.sh) benchmarks/jax_offload.py [--layers 2 --hidden 128 --seq 64]
        [--device h200]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import remat.jax as rj  # noqa: E402  (first: it sets XLA_FLAGS)
import remat.jax_models as M  # noqa: E402
import jax  # noqa: E402
import numpy as np  # noqa: E402


def max_diff(a, b):
    diffs = [0.0]
    for x, y in zip(jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b)):
        x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
        diffs.append(float(np.max(np.abs(x - y))) / (float(np.max(np.abs(y))) or 1.0))
    return max(diffs)


def least_peak(loss, params, tokens, **options):
    """The least device peak remat reaches under policy auto with `options`."""
    try:
        rj.plan(loss, params, tokens, budget=1, **options)
    except rj.BudgetError as error:
        return error.least_peak
    raise RuntimeError("a budget of 1 byte was planned")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--seq", type=int, default=64)
    ap.add_argument("--vocab", type=int, default=256)
    ap.add_argument("--batch", type=int, default=2)
    ap.add_argument("--device", default="h200")
    args = ap.parse_args()
    params = M.gpt_params(jax.random.PRNGKey(0), layers=args.layers, hidden=args.hidden,
                          heads=args.heads, vocab=args.vocab, seq=args.seq)
    tokens = M.gpt_tokens(jax.random.PRNGKey(1), batch=args.batch, seq=args.seq,
                          vocab=args.vocab)

    def loss(p, t):
        return M.gpt_loss(p, t, heads=args.heads)
    ref = jax.jit(jax.value_and_grad(loss))(params, tokens)
    base = rj.xla_analysis(jax.value_and_grad(loss), params, tokens)
    device = args.device
    keep_recompute = least_peak(loss, params, tokens, device=device)
    with_offload = least_peak(loss, params, tokens, device=device, offload=True)
    print(f"GPT {args.layers} layers, hidden {args.hidden}, seq {args.seq}, batch "
          f"{args.batch}; device {device}; XLA backend {jax.default_backend()}")
    print(f"no checkpoint: XLA temp {base['temp_bytes']}, host temp {base['host_temp_bytes']}")
    print(f"least device peak: keep/recompute {keep_recompute}, with offload {with_offload}")
    print("plan | offloaded | device peak | host peak | est. step s | exposed copy s | "
          "plan s | XLA temp | XLA host temp | XLA total | GPU transfers | grad diff")
    rows = [("policy none", dict(policy="none")),
            ("policy offload", dict(policy="offload")),
            ("auto, offload (5%)", dict(offload=True)),
            (f"auto, budget {keep_recompute}", dict(budget=keep_recompute, verify=False)),
            (f"auto, offload, budget {keep_recompute}", dict(offload=True, budget=keep_recompute,
                                                             verify=False)),
            (f"auto, offload, budget {with_offload}", dict(offload=True, budget=with_offload,
                                                           verify=False))]
    for name, options in rows:
        f = rj.checkpoint(loss, device=device, **options)
        g = jax.jit(jax.value_and_grad(f))
        out = g(params, tokens)
        info = rj.last_plan()
        result = info.report["result"]
        gpu = g.trace(params, tokens).lower(lowering_platforms=("cuda",)).as_text()
        to_host = gpu.count('_xla_buffer_placement = "pinned_host"')
        to_device = gpu.count('_xla_buffer_placement = "device"')
        xla = rj.xla_analysis(jax.value_and_grad(f), params, tokens)
        total = xla["temp_bytes"] + xla["argument_bytes"] + xla["output_bytes"]
        print(f"{name} | {len(info.offloaded)} | {result['peak_bytes']} | "
              f"{result.get('host_peak_bytes', 0)} | {result['estimated_time_s']:.4g} | "
              f"{result.get('exposed_copy_time_s', 0):.3g} | {info.planning_time_s:.2f} | "
              f"{xla['temp_bytes']} | {xla['host_temp_bytes']} | {total} | "
              f"{to_host} to host, {to_device} back | {max_diff(out, ref):.1e}", flush=True)
    if info.offload_note:
        print(f"note: {info.offload_note}")


if __name__ == "__main__":
    main()
