#!/usr/bin/env python3
"""Per kernel class: achieved FLOP/s and bytes/s against the device roofline.

    REMAT_PROFILE=profile.json ./step --iters 5
    kernel_roofline.py step.kernels.json profile.json [--device h200]
                       [--cost-profile ops.json]

step.kernels.json is written by remat-compile --target=cuda next to the
executable: every launch of a step in order and the nn op (instance) it
comes from, with the op's FLOPs and bytes from remat's cost model. The
profile is written by the CUDA runtime when REMAT_PROFILE names a file: per
launch position, how many times it ran and for how long (CUDA events).

Classes: gemm, softmax (and its gradient), layernorm (and its gradient),
elementwise, layout (transpose, broadcast), other (losses, reductions).
"roofline" is the time the op would take at the device's peak:
max(FLOPs / peak FLOP/s, bytes / bandwidth); "of roofline" is that time over
the measured time.

--cost-profile writes the measured times as a cost profile for
`--rematerialize cost-profile=` (docs/CostModel.md): per distinct op key
(remat::costProfileKey, in the kernel table), the mean time of one instance
(the sum of its kernels) and how many instances a step has. Ops that launch
no kernel (views) are not in it; the pass gives them their roofline time,
which for views is 0.
"""
import argparse
import json
import sys
from collections import defaultdict

# Published dense peaks, as in docs/CostModel.md (GEMM f32 on TF32).
DEVICES = {
    "h200": {"bw": 4.8e12, "gemm": {"f32": 494e12, "f16": 989e12, "bf16": 989e12},
             "vector": {"f32": 67e12, "f16": 134e12, "bf16": 134e12}},
    "h100": {"bw": 3.35e12, "gemm": {"f32": 494e12, "f16": 989e12, "bf16": 989e12},
             "vector": {"f32": 67e12, "f16": 134e12, "bf16": 134e12}},
    "a100": {"bw": 2.039e12, "gemm": {"f32": 156e12, "f16": 312e12, "bf16": 312e12},
             "vector": {"f32": 19.5e12, "f16": 78e12, "bf16": 78e12}},
}
KINDS = ["gemm", "softmax", "layernorm", "elementwise", "layout", "other"]


def kind_of(instance):
    op = instance.get("op", "")
    if instance.get("class") == "gemm":
        return "gemm"
    if op.startswith("nn.softmax"):
        return "softmax"
    if op.startswith("nn.layernorm"):
        return "layernorm"
    if instance.get("class") in ("elementwise", "layout"):
        return instance["class"]
    return "other"


def instance_times(table, profile):
    """Seconds of one step spent in each op instance (sum of its kernels)."""
    per_index = {l["index"]: l for l in profile["launches"]}
    time = defaultdict(float)
    for launch in table["launches"]:
        p = per_index.get(launch["index"])
        if p and p["count"]:
            time[launch["instance"]] += p["seconds"] / p["count"]
    return time


def cost_profile(table, profile):
    """The measured times per op key, as --rematerialize cost-profile= reads."""
    time = instance_times(table, profile)
    total, count, first = defaultdict(float), defaultdict(int), {}
    for inst in table["instances"]:
        key = inst.get("key")
        if key is None:
            continue
        total[key] += time[inst["id"]]
        count[key] += 1
        first.setdefault(key, inst)
    return {"entry": table.get("entry"), "target": "cuda",
            "ops": [{"key": k, "seconds": total[k] / count[k], "instances": count[k],
                     "class": first[k].get("class"), "flops": first[k].get("flops", 0),
                     "bytes": first[k].get("bytes", 0)} for k in total]}


def summarize(table, profile, device):
    time = instance_times(table, profile)
    rows = {k: {"time": 0.0, "flops": 0, "bytes": 0, "roofline": 0.0, "ops": 0} for k in KINDS}
    for inst in table["instances"]:
        k = kind_of(inst)
        r = rows[k]
        r["time"] += time[inst["id"]]
        f, b = inst.get("flops", 0), inst.get("bytes", 0)
        dt = inst.get("dtype", "f32") if inst.get("dtype") in ("f32", "f16", "bf16") else "f32"
        peak = device["gemm" if inst.get("class") == "gemm" else "vector"][dt]
        r["flops"] += f
        r["bytes"] += b
        r["roofline"] += max(f / peak, b / device["bw"])
        r["ops"] += 1
    return rows


def print_table(rows):
    total = sum(r["time"] for r in rows.values())
    print(f"{'class':<12} {'ops':>5} {'ms/step':>9} {'share':>7} {'GFLOP/s':>10} {'GB/s':>9} "
          f"{'roofline us':>12} {'of roofline':>12}")
    for k in KINDS:
        r = rows[k]
        if not r["ops"]:
            continue
        t = r["time"]
        print(f"{k:<12} {r['ops']:>5} {t * 1e3:>9.3f} {t / total if total else 0:>7.1%} "
              f"{r['flops'] / t / 1e9 if t else 0:>10.1f} {r['bytes'] / t / 1e9 if t else 0:>9.1f} "
              f"{r['roofline'] * 1e6:>12.1f} {r['roofline'] / t if t else 0:>12.1%}")
    print(f"{'total':<12} {sum(r['ops'] for r in rows.values()):>5} {total * 1e3:>9.3f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kernels")
    ap.add_argument("profile")
    ap.add_argument("--device", default="h200", choices=sorted(DEVICES))
    ap.add_argument("--cost-profile", help="also write the times as a cost profile here")
    a = ap.parse_args()
    table, profile = json.load(open(a.kernels)), json.load(open(a.profile))
    rows = summarize(table, profile, DEVICES[a.device])
    print_table(rows)
    if a.cost_profile:
        with open(a.cost_profile, "w") as f:
            json.dump(cost_profile(table, profile), f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
