#!/usr/bin/env python3
"""Keep/recompute/offload against keep/recompute alone, on a generated GPT.

Plans the GPT of gen_gpt.py with --rematerialize on a device with a host
link (default h200: PCIe Gen5, 55 GB/s per direction, 5 us per copy) and
prints:

  * auto's frontier with offload (offload=true) and without: at budgets
    from policy none's peak down (fractions of it, and each frontier's least
    peak), the estimated step time of the cheapest plan under the budget
    with and without offload, and what offload saves;
  * the least peak each reaches;
  * beside them fixed plans: policy none, policy offload (every saved
    activation whose copies hide), and two offload policies of the field
    emulated with "offload" overrides on the same graph:
      - JAX/MaxText `qkv_proj_offloaded` (a per-layer jax.checkpoint with
        save_and_offload_only_these_names(names_which_can_be_offloaded=
        [query_proj, key_proj, value_proj])): policy full (each layer
        recomputed from its input) with the Q, K and V heads offloaded;
      - Megatron-LM `--fine-grained-activation-offloading --offload-modules
        attn_norm,mlp_norm`: policy none with the outputs of both layernorms
        of each layer (what attention and the MLP read) offloaded;
    and where each of them sits against auto's frontier with offload (auto's
    time at that plan's peak).

    python3 benchmarks/offload_frontier.py                       # the demo GPT
    python3 benchmarks/offload_frontier.py --layers 24 --dtype bf16
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import common  # noqa: E402


def run(remat_opt, src, options, tmp):
    rep = os.path.join(tmp, "r.json")
    start = time.time()
    p = subprocess.run([remat_opt, src, "-o", os.devnull,
                        f"--rematerialize={options} report={rep}"],
                       capture_output=True, text=True)
    seconds = time.time() - start
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[0] if p.stderr else "failed", seconds
    return common.read_report(rep), None, seconds


def cheapest(pareto, budget):
    fits = [p["estimated_time_s"] for p in pareto if p["peak_bytes"] <= budget]
    return min(fits) if fits else None


def with_overrides(text, pick):
    """The GPT with remat.policy = "offload" on the ops `pick` chooses:
    pick(name, op, operands, defs) -> bool for each `%name = nn.op ...`."""
    defs, out = {}, []
    for line in text.splitlines():
        m = re.match(r'\s*(%[\w.]+)(?:, [^=]*)? = (nn\.\w+) ([^{:]*)', line)
        if m:
            name, op, operands = m.group(1), m.group(2), re.findall(r"%[\w.#]+", m.group(3))
            defs[name] = (op, operands)
            if pick(name, op, operands, defs):
                if "{" in line.split(":")[0]:
                    line = line.replace("{", '{remat.policy = "offload", ', 1)
                else:
                    head, sep, tail = line.partition(" : ")
                    line = head + ' {remat.policy = "offload"}' + sep + tail
        out.append(line)
    return "\n".join(out) + "\n"


def qkv_heads(name, op, operands, defs):
    """The transposed Q, K, V heads: transpose(reshape(matmul(ln, wq|wk|wv)))."""
    if op != "nn.transpose" or not operands:
        return False
    r = defs.get(operands[0])
    if not r or r[0] != "nn.reshape":
        return False
    mm = defs.get(r[1][0])
    return bool(mm and mm[0] == "nn.matmul" and len(mm[1]) > 1
                and re.search(r"_w[qkv]$", mm[1][1]))


def layernorm_outputs(name, op, operands, defs):
    """Both layernorms of each layer (attention's and the MLP's input)."""
    return op == "nn.layernorm" and len(operands) > 1 and re.search(r"_ln[12]_g$", operands[1])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--remat-opt", default=os.path.join(HERE, "..", "build", "bin", "remat-opt"))
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--seq", type=int, default=1024)
    ap.add_argument("--hidden", type=int, default=1024)
    ap.add_argument("--heads", type=int, default=16)
    ap.add_argument("--dtype", default="f32")
    ap.add_argument("--device", default="h200")
    a = ap.parse_args(argv)
    mib = lambda b: f"{b / 2**20:.1f}"
    us = lambda t: f"{t * 1e6:.1f}"
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "gpt.mlir")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_gpt.py"), "--layers", str(a.layers),
                        "--seq", str(a.seq), "--hidden", str(a.hidden), "--heads", str(a.heads),
                        "--dtype", a.dtype, "-o", src], check=True)
        dev = f"device={a.device}"
        none, _, _ = run(a.remat_opt, src, f"policy=none {dev}", tmp)
        base = none["baseline"]
        print(f"GPT layers={a.layers} seq={a.seq} hidden={a.hidden} heads={a.heads} {a.dtype}, "
              f"device {a.device}: policy none peak {mib(base['peak_bytes'])} MiB, "
              f"estimated step {us(base['estimated_time_s'])} us")
        kr, err, s_kr = run(a.remat_opt, src, f"policy=auto budget=1TB pareto=true {dev}", tmp)
        ko, err2, s_ko = run(a.remat_opt, src, f"policy=auto offload=true budget=1TB pareto=true {dev}", tmp)
        if not kr or not ko:
            print("error:", err or err2)
            return 1
        print(f"planning time: keep/recompute {s_kr:.1f} s, with offload {s_ko:.1f} s; "
              f"frontier points {len(kr['pareto'])} / {len(ko['pareto'])}")
        least_kr = min(p["peak_bytes"] for p in kr["pareto"])
        least_ko = min(p["peak_bytes"] for p in ko["pareto"])
        print(f"least peak: keep/recompute {mib(least_kr)} MiB, with offload {mib(least_ko)} MiB")
        print()
        print(f"{'budget MiB':>10} {'keep/recompute us':>17} {'with offload us':>15} {'saved':>7} "
              f"{'offloaded':>9} {'host MiB':>8}")
        peak0 = base["peak_bytes"]
        budgets = sorted({int(peak0 * f) for f in (1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.5)}
                         | {least_kr, least_ko}, reverse=True)
        for b in budgets:
            t_kr, t_ko = cheapest(kr["pareto"], b), cheapest(ko["pareto"], b)
            pts = [p for p in ko["pareto"] if p["peak_bytes"] <= b]
            chosen = min(pts, key=lambda p: p["estimated_time_s"]) if pts else None
            saved = f"{(t_kr - t_ko) / t_kr:+.1%}" if t_kr and t_ko else "-"
            print(f"{mib(b):>10} {us(t_kr) if t_kr else '-':>17} {us(t_ko) if t_ko else '-':>15} "
                  f"{saved:>7} {chosen['offloaded'] if chosen else '-':>9} "
                  f"{mib(chosen['host_peak_bytes']) if chosen else '-':>8}")
        print()
        print(f"{'plan':<34} {'peak MiB':>9} {'host MiB':>8} {'step us':>9} {'auto+offload at its peak us':>27}")

        def row(label, r, why=None):
            if r is None:
                print(f"{label:<34} refused: {why}")
                return
            res = r["result"]
            t = cheapest(ko["pareto"], res["peak_bytes"])
            print(f"{label:<34} {mib(res['peak_bytes']):>9} {mib(res.get('host_peak_bytes', 0)):>8} "
                  f"{us(res['estimated_time_s']):>9} {us(t) if t else '-':>27}")

        row("policy none", none)
        r, why, _ = run(a.remat_opt, src, f"policy=offload {dev}", tmp)
        row("policy offload", r, why)
        r, why, _ = run(a.remat_opt, src, f"policy=full {dev}", tmp)
        row("policy full", r, why)
        with open(src) as f:
            text = f.read()
        for label, policy, pick in (("JAX qkv_proj_offloaded (emulated)", "full", qkv_heads),
                                    ("Megatron attn/mlp_norm (emulated)", "none", layernorm_outputs)):
            path = os.path.join(tmp, "emulated.mlir")
            with open(path, "w") as f:
                f.write(with_overrides(text, pick))
            r, why, _ = run(a.remat_opt, path, f"policy={policy} {dev}", tmp)
            row(label, r, why)
    return 0


if __name__ == "__main__":
    sys.exit(main())
