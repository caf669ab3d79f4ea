#!/usr/bin/env python3
"""Runs --rematerialize with every policy on a generated GPT joint graph and
prints, per policy, the report's figures next to Megatron-LM's selective
recomputation on the same graph. With --check, fails unless:

  * the report's peak equals the peak of the output IR recomputed
    independently (memory_semantics.py), for baseline and result;
  * selective removes at least Megatron's share of saved-activation bytes
    for at most 5% more recompute FLOPs than Megatron;
  * full keeps no more than the block inputs plus what lies outside blocks;
  * the outputs of all policies verify (remat-opt parses them again).

Megatron's policy recomputes the attention core (QK^T, softmax, dropout,
attention-times-V) of every layer; on this graph it frees the softmax and
dropout outputs (2 * batch * heads * seq^2 elements per layer) and costs,
with the FLOP counts of remat's cost model, batch * heads * seq^2 *
(2*head_dim + 2*head_dim + 6 + 3) FLOPs per layer.

    python3 benchmarks/check_policies.py --remat-opt build/bin/remat-opt \\
        --layers 2 --seq 1024 --hidden 1024 --heads 16 --dtype bf16
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import common  # noqa: E402
import memory_semantics  # noqa: E402

ELT = {"f32": 4, "f16": 2, "bf16": 2}


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    common.add_remat_opt_args(ap, os.path.join(HERE, "..", "build", "bin", "remat-opt"))
    common.add_model_args(ap, layers=2, seq=1024, hidden=1024, heads=16, vocab=32768)
    a = ap.parse_args(argv)

    B, S, H, NH, L = a.batch, a.seq, a.hidden, a.heads, a.layers
    D = H // NH
    elt = ELT[a.dtype]
    megatron_bytes = L * 2 * B * NH * S * S * elt
    megatron_flops = L * B * NH * S * S * (2 * D + 2 * D + 6 + 3)

    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        src = common.write_gpt(a, os.path.join(tmp, "gpt.mlir"))
        rows = {}
        for policy in ("none", "full", "sqrt", "selective", "dots"):
            out = os.path.join(tmp, f"{policy}.mlir")
            rep = os.path.join(tmp, f"{policy}.json")
            t0 = time.perf_counter()
            # (The policies as stated: skip-useless=false.)
            run([a.remat_opt, src, f"--rematerialize=policy={policy} skip-useless=false device={a.device} report={rep}", "-o", out])
            wall = time.perf_counter() - t0
            r = json.load(open(rep))
            rows[policy] = (r, wall)
            for which, path in (("baseline", src), ("result", out)):
                peak = memory_semantics.peak_of_file(a.remat_opt, path)
                if peak != r[which]["peak_bytes"]:
                    failures.append(f"{policy}: {which} peak {r[which]['peak_bytes']} != independent {peak}")

    base = rows["none"][0]["baseline"]
    saved0 = base["saved_activation_bytes"]
    print(f"GPT joint graph: layers={L} batch={B} seq={S} hidden={H} heads={NH} "
          f"vocab={a.vocab} dtype={a.dtype} device={a.device}")
    print(f"arguments {rows['none'][0]['argument_bytes'] / 2**20:.1f} MiB, "
          f"baseline saved activations {saved0 / 2**20:.1f} MiB, "
          f"baseline peak {base['peak_bytes'] / 2**20:.1f} MiB, FLOPs {base['flops']:.4g}")
    hdr = f"{'policy':<10} {'peak MiB':>10} {'saved MiB':>10} {'removed':>8} {'recompute FLOPs':>16} {'extra':>7} {'est. time':>10} {'wall s':>7}"
    print(hdr)
    print("-" * len(hdr))
    for policy, (r, wall) in rows.items():
        x = r["result"]
        removed = 1 - x["saved_activation_bytes"] / saved0
        print(f"{policy:<10} {x['peak_bytes'] / 2**20:>10.1f} {x['saved_activation_bytes'] / 2**20:>10.1f} "
              f"{removed:>8.1%} {x['recompute_flops']:>16.4g} {x['recompute_flops'] / base['flops']:>7.2%} "
              f"{x['estimated_time_s'] * 1e3:>8.3f}ms {wall:>7.2f}")
    print(f"{'megatron':<10} {'':>10} {(saved0 - megatron_bytes) / 2**20:>10.1f} "
          f"{megatron_bytes / saved0:>8.1%} {megatron_flops:>16.4g} {megatron_flops / base['flops']:>7.2%}")

    sel = rows["selective"][0]["result"]
    sel_removed = saved0 - sel["saved_activation_bytes"]
    if sel_removed < megatron_bytes:
        failures.append(f"selective removes {sel_removed} bytes < Megatron's {megatron_bytes}")
    if sel["recompute_flops"] > 1.05 * megatron_flops:
        failures.append(f"selective recompute FLOPs {sel['recompute_flops']} > 1.05 x Megatron's {megatron_flops}")
    full = rows["full"][0]
    block_inputs = L * B * S * H * elt
    outside = sum(d["bytes"] for d in full["decisions"]
                  if d["decision"] == "save" and d["reason"] == "outside checkpoint blocks")
    if full["result"]["saved_activation_bytes"] > block_inputs + outside:
        failures.append(f"full keeps {full['result']['saved_activation_bytes']} bytes > block inputs "
                        f"{block_inputs} + outside blocks {outside}")
    print(f"full keeps {full['result']['saved_activation_bytes'] / 2**20:.1f} MiB: block inputs "
          f"{block_inputs / 2**20:.1f} MiB + outside blocks {outside / 2**20:.1f} MiB")
    return common.finish(failures, a.check)


if __name__ == "__main__":
    sys.exit(main())
