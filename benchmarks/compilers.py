"""remat on the IR real compilers produce: PyTorch training steps imported by
torch-mlir (linalg on tensors, TOSA), planned by remat-opt under each
policy, then compiled and run two ways:

  * remat-compile's CPU build (One-Shot Bufferize, each buffer freed after
    its last use): the bytes it really held against the plan's peak;
  * IREE (iree-compile for llvm-cpu, iree-run-module --device=local-sync
    --print_statistics): its allocator's DEVICE_LOCAL peak, and its outputs,
    which must be bit-identical under every policy.

    $(bash scripts/venv.sh) benchmarks/compilers.py                  # the zoo
    $(bash scripts/venv.sh) benchmarks/compilers.py --models mlp --check

Inputs are the .mlir files of --inputs (test/Compilers/Inputs: checked in,
made by `python -m remat.compilers`), or made afresh with --import.
With --check, exits 1 unless every policy ran, the outputs of each engine
are bit-identical across policies, and the plan's peak is within
--tolerance of remat-compile's bytes.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
from remat import iree as riree  # noqa: E402
POLICIES = ("none", "selective", "dots", "dots-no-batch")


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        raise RuntimeError(f"{' '.join(cmd[:2])} failed ({r.returncode}):\n{r.stderr[-2000:]}")
    return r


def plan(opt, text, policy, out, fence):
    """remat.iree's plan of the module `text` for IREE (generic form, the
    clones fenced unless `fence` is empty), for remat-opt's default device
    as remat-compile plans it."""
    report = riree.plan_module(text, out, policy, remat_opt=opt, fence=fence or None,
                               device="h200")
    res = report["result"]
    return {"plan": res["peak_bytes"], "recompute_flops": res["recompute_flops"],
            "recomputed": sum(d["decision"] == "recompute" for d in report["decisions"]),
            "saved": len(report["decisions"])}


def remat_compile(tool, src, policy, work):
    exe = os.path.join(work, f"step-{policy}")
    run([tool, src, "--entry=train_step", f"--policy={policy}", "--target=cpu", "-o", exe])
    out = json.loads(run([exe]).stdout.strip().splitlines()[-1])
    return out["peak_bytes"], out["plan_peak_bytes"], json.dumps(out["outputs"])


def budget_rows(a, text, model, dialect, none_peak, opt, tools, work, failures):
    """One row per fraction of --budgets: the budget in IREE's figure,
    fit_budget's rounds (plan peak -> IREE peak) and what it chose."""
    for fraction in a.budgets.split(","):
        budget = int(none_peak * float(fraction))
        sub = os.path.join(work, f"{model}-{dialect}-fit{fraction}")
        os.makedirs(sub, exist_ok=True)
        try:
            fit = riree.fit_budget(text, budget, sub, remat_opt=opt, tools=tools)
        except riree._planner.BudgetError as refused:
            print(f"| {model} | {dialect} | budget {fraction} x none = {budget:,} | refused: "
                  f"least IREE peak measured {refused.least_peak:,} |")
            continue
        rounds = "; ".join(f"{e['plan_peak_bytes']:,} -> {e['iree_peak_bytes']:,}"
                           for e in fit["rounds"])
        chosen = fit["chosen"]
        print(f"| {model} | {dialect} | budget {fraction} x none = {budget:,} | "
              f"{len(fit['rounds'])} rounds: {rounds} | chosen IREE peak "
              f"{chosen['iree_peak_bytes']:,} ({chosen['iree_peak_bytes'] / budget:.3f} of the "
              f"budget), recompute FLOPs {chosen['recompute_flops']:,} |")
        if chosen["iree_peak_bytes"] > budget:
            failures.append(f"{model}.{dialect} budget {budget}: IREE peak "
                            f"{chosen['iree_peak_bytes']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", default="mlp,gpt,cnn,dropout-mlp,lstm")
    ap.add_argument("--dialects", default="linalg,tosa")
    ap.add_argument("--only", default="",
                    help="comma-separated model.dialect pairs to run (default: every pair)")
    ap.add_argument("--inputs", default=os.path.join(ROOT, "test", "Compilers", "Inputs"))
    ap.add_argument("--import", dest="do_import", action="store_true",
                    help="import the models afresh with torch-mlir (python -m remat.compilers)")
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--iree-bin", default=os.path.dirname(sys.executable))
    ap.add_argument("--no-iree", action="store_true")
    ap.add_argument("--fence", default=riree.FENCE,
                    help="remat-opt's fence= for the IREE build ('': none; IREE's CSE then "
                         "merges the clones back and its peak does not move)")
    ap.add_argument("--budgets", default="",
                    help="comma-separated fractions of IREE's policy-none peak: for each, "
                         "remat.iree.fit_budget's rounds and the IREE peak it reached")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--tolerance", type=float, default=0.03,
                    help="--check: most relative gap between the plan and remat-compile's bytes")
    a = ap.parse_args()
    opt, tool = os.path.join(a.bin, "remat-opt"), os.path.join(a.bin, "remat-compile")
    failures = []
    print("| model | dialect | policy | saved (recomputed) | recompute FLOPs | plan peak B | "
          "remat-compile B | IREE DEVICE_LOCAL peak B | outputs |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for model in a.models.split(","):
            for dialect in a.dialects.split(","):
                if a.only and f"{model}.{dialect}" not in a.only.split(","):
                    continue
                src = os.path.join(a.inputs, f"{model}.{dialect}.mlir")
                if a.do_import:
                    src = os.path.join(work, f"{model}.{dialect}.mlir")
                    r = subprocess.run([sys.executable, "-m", "remat.compilers", "--model", model,
                                        "--dialect", dialect, "-o", src], capture_output=True,
                                       text=True, env={**os.environ, "PYTHONPATH": os.path.join(ROOT, "python")})
                    if r.returncode:
                        last = [l for l in r.stderr.splitlines() if "error" in l.lower()][:1]
                        print(f"| {model} | {dialect} | (torch-mlir refuses: {last[0][:120] if last else '?'}) |")
                        continue
                if not os.path.exists(src):
                    continue
                text = open(src).read()
                tag = f"{model}-{dialect}"
                inputs = None if a.no_iree else riree.step_inputs(text, work)
                tools = None if a.no_iree else riree.find_tools(a.iree_bin)
                # remat-compile lowers TOSA, linalg, tensor, arith and math,
                # not the global RNG state torch-mlir keeps in ml_program.
                # (Nor IREE's own ops, which a JAX step keeps from IREE's
                # input phase: iree_linalg_ext.scatter.)
                compiles = ("ml_program." not in text
                            and "iree_linalg_ext." not in text)
                digests, iree_peaks, recomputing = {}, {}, []
                for policy in POLICIES:
                    rewritten = os.path.join(work, f"{model}.{dialect}.{policy}.mlir")
                    try:
                        p = plan(opt, text, policy, rewritten, a.fence)
                        if p["recomputed"]:
                            recomputing.append(policy)
                        rc = "-"
                        if compiles:
                            held, planned, outs = remat_compile(tool, src, policy, work)
                            rc = held
                            digests.setdefault("remat-compile", set()).add(outs)
                            if planned != p["plan"] or abs(held - planned) > a.tolerance * planned:
                                failures.append(f"{model}.{dialect} {policy}: plan {planned}, held {held}")
                    except Exception as e:  # noqa: BLE001 - reported in the table
                        failures.append(f"{model}.{dialect} {policy}: {e}")
                        print(f"| {model} | {dialect} | {policy} | failed: {str(e).splitlines()[0][:100]} |")
                        continue
                    ip = "-"
                    if not a.no_iree:
                        try:
                            ip, digest = riree.compile_and_run(rewritten, inputs, work,
                                                               f"{tag}-{policy}", tools=tools)
                            iree_peaks[policy] = ip
                            digests.setdefault("iree", set()).add(digest)
                        except Exception as e:  # noqa: BLE001 - reported in the table
                            failures.append(f"{model}.{dialect} {policy}: {e}")
                            ip = "IREE failed: " + str(e).splitlines()[0][:60]
                    print(f"| {model} | {dialect} | {policy} | {p['saved']} ({p['recomputed']}) | "
                          f"{p['recompute_flops']:,} | {p['plan']:,} | "
                          f"{rc if rc == '-' else f'{rc:,}'} | "
                          f"{ip if isinstance(ip, str) else f'{ip:,}'} | |")
                same = all(len(v) == 1 for v in digests.values())
                print(f"| {model} | {dialect} | all | | | | | | "
                      f"{'bit-identical' if same else 'DIFFER'} ({', '.join(sorted(digests))}) |")
                if not same:
                    failures.append(f"{model}.{dialect}: outputs differ between policies")
                # The fence's point: IREE's peak moves where a plan recomputes.
                if (a.fence and recomputing and "none" in iree_peaks
                        and all(iree_peaks[p] == iree_peaks["none"] for p in recomputing
                                if p in iree_peaks)):
                    failures.append(f"{model}.{dialect}: IREE's peak moved under no plan "
                                    f"that recomputes ({', '.join(recomputing)})")
                if a.budgets and "none" in iree_peaks:
                    budget_rows(a, text, model, dialect, iree_peaks["none"], opt, tools, work,
                                failures)
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    if a.check:
        print(f"{'FAILED' if failures else 'OK'}: {len(failures)} failures")
        return 1 if failures else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
