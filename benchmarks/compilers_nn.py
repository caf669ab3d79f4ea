"""One PyTorch model planned two ways, side by side in one run: through
remat.torch's converter (remat's nn ops) and through torch-mlir (linalg on
tensors, as `python -m remat.compilers` imports it). Per policy: saved
activation bytes before and after, the plan's peak, recompute FLOPs, the
values recomputed, the blocks full and sqrt checkpoint at (marked in nn,
found in linalg) and remat-opt's wall time.

    $(bash scripts/venv.sh) benchmarks/compilers_nn.py --layers 24
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
from remat import compilers  # noqa: E402

POLICIES = ("none", "selective", "dots", "dots-no-batch", "full", "sqrt")


def plan(opt, src, policy, work):
    report = os.path.join(work, "report.json")
    start = time.perf_counter()
    r = subprocess.run([opt, src, "--mlir-print-op-on-diagnostic=false",
                        f"--rematerialize=policy={policy} report={report}", "-o", os.devnull],
                       capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if r.returncode:
        return None, seconds, r.stderr.strip().splitlines()[0][:120]
    with open(report) as f:
        return json.load(f), seconds, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default="gpt", choices=compilers.ZOO)
    ap.add_argument("--layers", type=int, default=24)
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    a = ap.parse_args()
    opt = os.path.join(a.bin, "remat-opt")
    with tempfile.TemporaryDirectory() as work:
        srcs = {}
        for dialect in ("nn", "linalg"):
            module, inputs, loss = compilers.zoo_model(a.model, a.layers, a.batch)
            srcs[dialect] = os.path.join(work, f"step.{dialect}.mlir")
            with open(srcs[dialect], "w") as f:
                f.write(compilers.import_step(module, inputs, loss, dialect))
        print(f"{a.model}, {a.layers} layers, batch {a.batch}")
        print("| policy | IR | saved B (none) | saved B | plan peak B | recompute FLOPs | "
              "recomputed / saved values | blocks | remat-opt s |")
        print("|---|---|---|---|---|---|---|---|---|")
        for policy in POLICIES:
            for dialect in ("nn", "linalg"):
                report, seconds, error = plan(opt, srcs[dialect], policy, work)
                if report is None:
                    print(f"| {policy} | {dialect} | refused: {error} |")
                    continue
                res, base = report["result"], report["baseline"]
                blocks = report.get("blocks")
                print(f"| {policy} | {dialect} | {base['saved_activation_bytes']:,} | "
                      f"{res['saved_activation_bytes']:,} | {res['peak_bytes']:,} | "
                      f"{res['recompute_flops']:,} | "
                      f"{sum(d['decision'] == 'recompute' for d in report['decisions'])} / "
                      f"{len(report['decisions'])} | "
                      f"{'-' if not blocks else str(blocks['count']) + ' ' + blocks['source']} | "
                      f"{seconds:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
