#!/usr/bin/env python3
"""remat's plans against JAX's built-in checkpoint policies, in XLA's numbers.

For the GPT of remat.jax_models (seq 1024, hidden 1024, 16 heads, vocab 1024,
batch 1, f32) with 2 and 24 layers, the script compiles one training step
(`jax.value_and_grad` of the loss, under `jax.jit`, on the default backend: XLA:CPU here, the GPU where JAX has one) for

  none       no checkpoint
  <policy>   each layer under jax.checkpoint(policy=<policy>) for JAX's
             built-in policies (the way they are applied in practice)
  remat      remat.jax.checkpoint(loss, budget=B) for budgets B spread over
             remat's frontier (from the least peak it reaches to the peak of
             policy=none)

and reads XLA's compiled memory_analysis() (temp bytes: XLA's buffers for
the step's intermediates) and cost_analysis() (FLOPs, recomputation
included). For each built-in policy it then prints the remat plan with the
fewest FLOPs among those whose temp bytes are at most the policy's, and the
one with the fewest temp bytes among those whose FLOPs are at most the
policy's. With --check, the 2-layer steps also run and their gradients are
compared with the uncheckpointed step's.

    PY=$(bash scripts/venv.sh)
    $PY benchmarks/jax_policies.py --layers 2 24
    $PY benchmarks/jax_policies.py --layers 2 --sharded    # per device, 8 host devices
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))

POLICIES = ["everything_saveable", "dots_saveable", "dots_with_no_batch_dims_saveable",
            "nothing_saveable"]


# A cost model whose time is FLOPs: 1e12 FLOP/s for every op and element
# type, memory traffic and launches free.
FLOPS_DEVICE = {"name": "flops", "memory_bandwidth_bytes_per_s": 1e30, "launch_overhead_s": 0,
                "gemm_flops_per_s": {t: 1e12 for t in ("f32", "f16", "bf16")},
                "vector_flops_per_s": {t: 1e12 for t in ("f32", "f16", "bf16")}}


def cost_model_device(d):
    """remat's cost-model device for a JAX device: cpu, or the GPU by its
    kind (remat.planner.gpu_cost_model)."""
    from remat.planner import gpu_cost_model
    return "cpu" if d.platform == "cpu" else gpu_cost_model(d.device_kind)


def mib(n):
    return f"{n / 2**20:9.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--layers", type=int, nargs="+", default=[2, 24])
    ap.add_argument("--seq", type=int, default=1024)
    ap.add_argument("--hidden", type=int, default=1024)
    ap.add_argument("--heads", type=int, default=16)
    ap.add_argument("--vocab", type=int, default=1024)
    ap.add_argument("--batch", type=int, default=1)
    ap.add_argument("--points", type=int, default=10, help="remat budgets per model")
    ap.add_argument("--budgets", type=float, nargs="+",
                    help="remat budgets in MiB (in place of --points spread over the frontier)")
    ap.add_argument("--check", action="store_true", help="run the steps, compare gradients")
    ap.add_argument("--result-buffers", default="auto",
                    choices=["auto", "preallocated", "lent", "defined"],
                    help="remat's model of the step's outputs (remat.jax.checkpoint's "
                         "result_buffers): auto (preallocated, and with a budget the "
                         "verification's rounds under lent too); allocated for the whole "
                         "step, as XLA does; also lent to temporaries that end before "
                         "they are written, as XLA's buffer assignment does; or from the "
                         "op that defines them")
    ap.add_argument("--scan", action="store_true",
                    help="the layers as one lax.scan over stacked parameters (remat unrolls "
                         "it: scan='unroll'; XLA's cost analysis counts a scan's body once, so the FLOPs "
                         "of the scanned steps are not comparable)")
    ap.add_argument("--compute-dtype", choices=["bf16"],
                    help="mixed precision: the layers computed in bf16, parameters and "
                         "gradients f32 (remat.jax_models.gpt_loss's compute_dtype)")
    ap.add_argument("--sharded", action="store_true",
                    help="tensor-parallel per-device step on 8 host devices (shard_map)")
    ap.add_argument("--objective", default="time", choices=["time", "flops"],
                    help="what remat minimizes: the estimated time of remat.jax's default "
                         "device (cpu), or FLOPs (a device whose time is its FLOPs: every "
                         "FLOP rate equal, memory traffic free), the figure XLA's "
                         "cost_analysis() reports")
    ap.add_argument("--collectives", default="recompute", choices=["recompute", "keep"],
                    help="remat.jax.checkpoint's collectives: may a plan recompute a "
                         "collective (as JAX's policies do), at a communication cost")
    ap.add_argument("--device", default="auto",
                    help="remat's cost-model device (cpu, h100, h200, a100, gh200); auto: "
                         "the GPU JAX runs on where the cost model names it (else h200), "
                         "cpu on the CPU")
    args = ap.parse_args()
    if args.sharded:
        os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") +
                                   " --xla_force_host_platform_device_count=8").strip()
    import remat.jax as rj  # sets XLA_FLAGS before JAX starts
    import remat.jax_models as M
    import jax
    import jax.numpy as jnp

    device = args.device if args.device != "auto" else cost_model_device(jax.devices()[0])
    print(f"jax {jax.__version__}, backend {jax.default_backend()} "
          f"({jax.devices()[0].device_kind}), cost model {device}, "
          f"XLA_FLAGS={os.environ.get('XLA_FLAGS')}")
    for layers in args.layers:
        params = M.gpt_params(jax.random.PRNGKey(0), layers=layers, hidden=args.hidden,
                              heads=args.heads, vocab=args.vocab, seq=args.seq)
        tokens = M.gpt_tokens(jax.random.PRNGKey(1), batch=args.batch, seq=args.seq,
                              vocab=args.vocab)
        heads = args.heads
        if args.scan:
            if args.sharded:
                ap.error("--scan with --sharded is not measured")
            params = M.stack_layers(params)
        if not args.sharded:
            def wrap(f):
                return f
        else:
            from jax.sharding import PartitionSpec as P
            mesh = jax.make_mesh((8,), ("tp",))
            params = M.tp_shard(M.tp_params(params, 8), mesh)
            heads = args.heads // 8
            specs = M.tp_specs(params)

            def wrap(f):
                return jax.shard_map(f, mesh=mesh, in_specs=(specs, P()), out_specs=P())

        def loss_with(policy):
            def loss(p, t):
                return M.gpt_loss(p, t, heads=heads, layer_policy=policy, scan=args.scan,
                                  reduce=(lambda y: jax.lax.psum(y, "tp")) if args.sharded
                                  else (lambda y: y),
                                  compute_dtype=jnp.bfloat16 if args.compute_dtype else None)
            return loss

        def analyse(loss):
            step = jax.value_and_grad(wrap(loss))
            return rj.xla_analysis(step, params, tokens, liveness=True), step

        title = (f"GPT {layers} layers, seq {args.seq}, hidden {args.hidden}, heads {args.heads}, "
                 f"vocab {args.vocab}, batch {args.batch}, f32"
                 + (", tensor-parallel over 8 devices (per device)" if args.sharded else "")
                 + (", layers as one lax.scan" if args.scan else "")
                 + (", layers computed in bf16" if args.compute_dtype else ""))
        print(f"\n{title}")
        rows = {}
        ref_out = None
        for name in [None] + POLICIES:
            a, step = analyse(loss_with(name))
            rows[name or "none"] = a
            if args.check:
                out = jax.jit(step)(params, tokens)
                ref_out = ref_out if ref_out is not None else out
        base = loss_with(None)
        # remat's frontier: its least peak and the peak of policy=none.
        low = None
        rb = args.result_buffers
        # (--scan measures remat's plans of the unrolled scan, the tables of
        # docs/Results/JAX.md's "lax.scan"; benchmarks/jax_scan.py the rolled ones.)
        opts = dict(result_buffers=rb, collectives=args.collectives,
                    device=FLOPS_DEVICE if args.objective == "flops" else device, scan="unroll")
        rows["remat policy=dots"], _ = analyse(rj.checkpoint(base, policy="dots", **opts))
        rows["remat policy=dots_no_batch"], _ = analyse(
            rj.checkpoint(base, policy="dots_no_batch", **opts))
        rows["remat policy=none"], _ = analyse(rj.checkpoint(base, policy="none", **opts))
        high = rj.last_plan().report["result"]["peak_bytes"]
        # The least peak: the error of an impossible budget states it. (The
        # per-device loss only traces inside shard_map: plan it there.)
        try:
            if args.sharded:
                jax.eval_shape(jax.value_and_grad(wrap(rj.checkpoint(
                    base, budget=1, **opts))), params, tokens)
            else:
                rj.plan(base, params, tokens, budget=1, **opts)
        except rj.PlanError as error:
            low = getattr(error, "least_peak", None)
        remat = []
        lo = low if low is not None else high * 0.3  # (a planner that states none)
        budgets = ([int(b * 2**20) for b in args.budgets] if args.budgets else
                   [int(lo + i / (args.points - 1) * (high - lo)) for i in range(args.points)])
        for budget in budgets:
            loss = rj.checkpoint(base, budget=budget, strict=False, **opts)
            a, step = analyse(loss)
            info = rj.last_plan()
            if info.fallback:
                continue
            a["budget"] = budget
            a["plan_peak"] = info.report["result"]["peak_bytes"]
            a["xla_total"] = a["temp_bytes"] + a["output_bytes"] + a["argument_bytes"]
            a["plan_s"] = info.planning_time_s
            a["saved"] = len(info.saved)
            if args.check:
                out = jax.jit(step)(params, tokens)
                a["max_grad_diff"] = max(float(jnp.max(jnp.abs(x - y))) for x, y in zip(
                    jax.tree_util.tree_leaves(out), jax.tree_util.tree_leaves(ref_out)))
            remat.append(a)
        print("(live MiB: the peak of XLA's liveness analysis, from its live-range dump: the "
              "bytes live at once, arguments and outputs included, before buffer assignment "
              "packs them; temp MiB is what buffer assignment allocates for temporaries)")
        print(f"{'step':<34} {'temp MiB':>9} {'live MiB':>9} {'GFLOP':>8} {'compile s':>9}")
        for name, a in rows.items():
            print(f"{name:<34} {mib(a['temp_bytes'])} {mib(a['liveness_peak_bytes'])} "
                  f"{a['flops'] / 1e9:8.2f} {a['compile_s']:9.1f}")
        print("\nremat budgets (plan peak: remat's predicted peak, arguments included; XLA total: "
              "XLA's argument + output + temp bytes, which is what the plan peak predicts with "
              "--result-buffers auto or preallocated)")
        print(f"{'budget MiB':>10} {'plan peak':>9} {'XLA total':>9} {'temp MiB':>9} "
              f"{'live MiB':>9} {'GFLOP':>8} {'plan s':>7}"
              + (f" {'grad diff':>9}" if args.check else ""))
        for a in remat:
            print(f"{mib(a['budget'])} {mib(a['plan_peak'])} {mib(a['xla_total'])} "
                  f"{mib(a['temp_bytes'])} {mib(a['liveness_peak_bytes'])} "
                  f"{a['flops'] / 1e9:8.2f} {a['plan_s']:7.2f}"
                  + (f" {a['max_grad_diff']:9.2e}" if args.check else ""))
        over = [a for a in remat if a["xla_total"] > a["budget"]]
        print(f"XLA's total above the budget at {len(over)} of {len(remat)} budgets")
        # remat's plans: the budgets' and its fixed policies' (none, dots,
        # dots_no_batch).
        plans = remat + [rows["remat policy=dots"], rows["remat policy=dots_no_batch"],
                         rows["remat policy=none"]]
        print("\nat each built-in policy's level: remat's best plan (budgets, policy=none, "
              "policy=dots, policy=dots_no_batch)")
        print("(temp<=: the remat plan with the fewest FLOPs among those with no more temp "
              "bytes than the policy; GFLOP<=: the one with the fewest temp bytes among those "
              "with no more FLOPs)")
        print(f"{'policy':<34} {'temp MiB':>9} {'live MiB':>9} {'GFLOP':>8} | "
              f"{'temp<=: temp':>12} {'live':>9} {'GFLOP':>8} | "
              f"{'GFLOP<=: temp':>13} {'live':>9} {'GFLOP':>8}")

        def pick(r, width):
            if r is None:
                return f"{'(none)':>{width}} {'':>9} {'':>8}"
            return (f"{mib(r['temp_bytes']):>{width}} {mib(r['liveness_peak_bytes'])} "
                    f"{r['flops'] / 1e9:8.2f}")
        for name in POLICIES:
            a = rows[name]
            fit = [r for r in plans if r["temp_bytes"] <= a["temp_bytes"]]
            cheap = [r for r in plans if r["flops"] <= a["flops"]]
            best_f = min(fit, key=lambda r: (r["flops"], r["temp_bytes"])) if fit else None
            best_t = min(cheap, key=lambda r: (r["temp_bytes"], r["flops"])) if cheap else None
            print(f"{name:<34} {mib(a['temp_bytes'])} {mib(a['liveness_peak_bytes'])} "
                  f"{a['flops'] / 1e9:8.2f} | {pick(best_f, 12)} | {pick(best_t, 13)}")
        sys.stdout.flush()


if __name__ == "__main__":
    t0 = time.time()
    main()
    print(f"\ntotal {time.time() - t0:.0f} s")
