#!/usr/bin/env python3
"""Fits the cost model's roofline to this machine from measured op times.

Profiles the GPT training step of gen_gpt.py (remat-compile --profile-ops, run
with REMAT_PROFILE; --dtypes f32 bf16 by default) and derives, over all ops of
each kind:

  * gemm_flops_per_s: FLOPs / seconds of the matmuls (OpenBLAS for f32,
    generated loops for f16/bf16);
  * vector_flops_per_s: FLOPs / seconds of the elementwise and reduction ops;
  * memory_bandwidth_bytes_per_s: bytes / seconds of the layout ops
    (transposes) and adds, which do next to no arithmetic;
  * launch_overhead_s: the median time of the view ops, which do nothing but
    the call itself.

It prints the per-op-kind rates and a device description in the format of
--rematerialize device-file= (docs/CostModel.md); -o writes it to a file.
The built-in device=cpu holds the figures of this script on the project's
2-core machine (docs/CostModel.md says when and with which command).

    python3 benchmarks/calibrate_cpu.py --seq 256 --hidden 128 -o cpu.json
"""
import argparse
import collections
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import common  # noqa: E402


def profile(a, dtype, tmp):
    a.dtype = dtype
    model = common.write_gpt(a, os.path.join(tmp, f"gpt-{dtype}.mlir"))
    exe = os.path.join(tmp, f"step-{dtype}")
    out = os.path.join(tmp, f"profile-{dtype}.json")
    subprocess.run([a.remat_compile, model, "--target=cpu", "--profile-ops", "-o", exe], check=True)
    subprocess.run([exe, "--iters", str(a.iters)], check=True, capture_output=True,
                   env=dict(os.environ, REMAT_PROFILE=out))
    with open(out) as f:
        return json.load(f)["ops"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    common.add_model_args(ap, layers=2, seq=256, hidden=128, heads=4, vocab=512)
    ap.add_argument("--dtypes", nargs="+", default=["f32", "bf16"])
    ap.add_argument("--iters", type=int, default=10)
    ap.add_argument("--name", default="cpu-calibrated")
    ap.add_argument("--remat-compile",
                    default=os.path.join(HERE, "..", "build", "bin", "remat-compile"))
    ap.add_argument("-o", "--output")
    a = ap.parse_args(argv)

    # kind -> dtype -> [seconds, flops, bytes]
    totals = collections.defaultdict(lambda: collections.defaultdict(lambda: [0.0, 0, 0]))
    views = []
    with tempfile.TemporaryDirectory() as tmp:
        for dtype in a.dtypes:
            for op in profile(a, dtype, tmp):
                n, cls = op["instances"], op["class"]
                name = op["key"].split("(")[0]
                if cls == "view":
                    views.append(op["seconds"])
                    continue
                kind = ("gemm" if cls == "gemm" else
                        "memory" if cls == "layout" or name == "nn.add" else "vector")
                for k in (kind, f"{kind} {name}"):
                    t = totals[k][dtype]
                    t[0] += op["seconds"] * n
                    t[1] += op["flops"] * n
                    t[2] += op["bytes"] * n

    print(f"{'ops':<28} {'dtype':<5} {'ms/step':>8} {'GFLOP/s':>8} {'GB/s':>7}")
    for k in sorted(totals):
        for dtype, (s, fl, by) in sorted(totals[k].items()):
            print(f"{k:<28} {dtype:<5} {s * 1e3:>8.2f} {fl / s / 1e9:>8.2f} {by / s / 1e9:>7.2f}")

    def rate(kind, dtype, field):
        s, fl, by = totals[kind].get(dtype) or totals[kind]["f32"]
        return float(f"{(fl if field == 'flops' else by) / s:.3g}")

    f16 = "f16" if "f16" in a.dtypes else "bf16"
    device = {
        "name": a.name,
        "memory_bandwidth_bytes_per_s": rate("memory", "f32", "bytes"),
        "launch_overhead_s": float(f"{statistics.median(views):.3g}") if views else 0.0,
        "gemm_flops_per_s": {"f32": rate("gemm", "f32", "flops"),
                             "f16": rate("gemm", f16, "flops"),
                             "bf16": rate("gemm", "bf16", "flops")},
        "vector_flops_per_s": {"f32": rate("vector", "f32", "flops"),
                               "f16": rate("vector", f16, "flops"),
                               "bf16": rate("vector", "bf16", "flops")},
    }
    text = json.dumps(device, indent=2)
    print(text)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
