"""One PyTorch model planned two ways, side by side in one run: through
remat.torch's converter (remat's nn ops) and through torch-mlir (linalg on
tensors, as `python -m remat.compilers` imports it). Per policy: saved
activation bytes before and after, the plan's peak, recompute FLOPs, the
values recomputed, the blocks full and sqrt checkpoint at (marked in nn,
found in linalg), the rematerialize pass's own time (-mlir-timing, one
thread) and remat-opt's wall time to read, plan and rewrite the step (each
the least of 3 runs, without the report). The linalg step is planned with
infer-blocks=true: selective and the dots policies recompute within the
layers found in it, as they do within the nn step's marked layers.

    $(bash scripts/venv.sh) benchmarks/compilers_nn.py --layers 24
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
from remat import compilers, planner  # noqa: E402

POLICIES = ("none", "selective", "dots", "dots-no-batch", "full", "sqrt")


def wall(cmd, runs=3):
    """The least wall time of `runs` runs of `cmd` (seconds)."""
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True)
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    return best


def options(policy, dialect):
    """--rematerialize's options: the linalg step's layers inferred for
    every policy, as the nn step's are marked."""
    return f"policy={policy}" + (" infer-blocks=true" if dialect == "linalg" else "")


def pass_time(opt, src, policy, dialect, runs=3):
    """The least time of the rematerialize pass alone (-mlir-timing, one
    thread, no verifier after it) over `runs` runs: reading and verifying
    the file excluded."""
    best = None
    for _ in range(runs):
        # (--verify-each=false: MLIR's timer of a pass includes the verifier
        # it runs after the pass, which on linalg costs as much as the pass.)
        r = subprocess.run([opt, src, "--mlir-disable-threading", "--mlir-timing",
                            "--verify-each=false",
                            f"--rematerialize={options(policy, dialect)}", "-o", os.devnull],
                           capture_output=True, text=True)
        line = next((l for l in r.stderr.splitlines() if l.strip().endswith("Rematerialize")), None)
        if line is None:
            return float("nan")
        seconds = float(line.split()[0])
        best = seconds if best is None else min(best, seconds)
    return best


def plan(opt, text, policy, dialect):
    """remat-opt's report of `text` under `policy` (its default device), or
    the refusal's first line."""
    try:
        return planner.plan(text, policy=policy, device="h200", remat_opt=opt, reclone=True,
                            infer_blocks=dialect == "linalg"), None
    except planner.PlanError as error:
        return None, str(error).splitlines()[0][:120]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default="gpt", choices=compilers.ZOO)
    ap.add_argument("--layers", type=int, default=24)
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    a = ap.parse_args()
    opt = os.path.join(a.bin, "remat-opt")
    with tempfile.TemporaryDirectory() as work:
        srcs, texts = {}, {}
        for dialect in ("nn", "linalg"):
            module, inputs, loss = compilers.zoo_model(a.model, a.layers, a.batch)
            texts[dialect] = compilers.import_step(module, inputs, loss, dialect)
            srcs[dialect] = os.path.join(work, f"step.{dialect}.mlir")
            with open(srcs[dialect], "w") as f:
                f.write(texts[dialect])
        print(f"{a.model}, {a.layers} layers, batch {a.batch}")
        # remat-opt's wall time: reading the file alone, then planning and
        # rewriting it (no report: the report's certificate is extra work).
        parse = {d: wall([opt, srcs[d], "-o", os.devnull]) for d in srcs}
        print(f"(remat-opt reading alone: nn {parse['nn']:.2f} s, linalg "
              f"{parse['linalg']:.2f} s; the least of 3 runs, as below)")
        print("| policy | IR | saved B (none) | saved B | plan peak B | recompute FLOPs | "
              "recomputed / saved values | blocks | pass s | remat-opt s |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for policy in POLICIES:
            for dialect in ("nn", "linalg"):
                report, error = plan(opt, texts[dialect], policy, dialect)
                seconds = wall([opt, srcs[dialect], f"--rematerialize={options(policy, dialect)}",
                                "-o", os.devnull])
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
                      f"{pass_time(opt, srcs[dialect], policy, dialect):.3f} | {seconds:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
