"""IREE as the compiler downstream of remat: a joint step's MLIR (torch-mlir's
linalg on tensors or TOSA, as `python -m remat.compilers` writes it) planned
by remat-opt, compiled by iree-compile for the CPU and run by
iree-run-module, whose allocator reports the peak bytes it held
(`--print_statistics`, DEVICE_LOCAL: arguments, transients and results).

    python -m remat.iree step.mlir --policy selective
    python -m remat.iree step.mlir --budget 1.5MiB -o planned.mlir

`fit_budget` holds a budget in IREE's own figure: IREE forms dispatches and
plans its transients its own way, so remat's plan peak (the buffers of the
unfused program) is not IREE's. Each round plans with policy auto at an
internal budget, compiles and runs the module, reads IREE's peak and moves
the internal budget by what IREE's figure is over or under the budget (the
search remat.jax runs against XLA's total), until the figure fits within 1%
or no better plan is left; where no round fits, the fixed policies' plans
are tried too (docs/Compilers.md, "A budget in IREE's figure").

Every module is planned with `fence=util.optimization_barrier`: the clones
of a recompute chain read their kept inputs through IREE's barrier, or
IREE's CSE merges them back into the forward's ops and its peak does not
move at all.
"""

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np

from . import _adapter
from . import options as _options
from . import planner as _planner

__all__ = ["FENCE", "find_tools", "step_inputs", "compile_and_run", "plan_module", "fit_budget",
           "main"]

FENCE = "util.optimization_barrier"


def find_tools(bindir=None):
    """(iree-compile, iree-run-module): from `bindir`, else beside this
    Python's executable (pip's iree-base-compiler and iree-base-runtime
    put them there), else on PATH."""
    found = []
    for tool in ("iree-compile", "iree-run-module"):
        candidates = [os.path.join(d, tool) for d in (bindir, os.path.dirname(sys.executable)) if d]
        path = next((c for c in candidates if os.access(c, os.X_OK)), None) or shutil.which(tool)
        if not path:
            raise _planner.PlanError(
                f"{tool} not found: pip install iree-base-compiler iree-base-runtime "
                "(pinned in python/constraints.txt)")
        found.append(path)
    return tuple(found)


def step_inputs(text, work, function="train_step", seed=0):
    """Seeded random inputs for the function of `text` (one .npy file per
    tensor argument, under `work`) and the paths its results go to:
    (--input flags, output paths), the same for every plan of it."""
    head = (re.search(rf"@{re.escape(function)}\((.*?)\)\s*->(.*?)\{{", text, re.S)
            # (Generic form: <{function_type = (...) -> ..., sym_name = "f"...}>.)
            or re.search(rf"function_type = \((.*?)\) -> ([^=]*?), sym_name = "
                         rf"\"{re.escape(function)}\"", text, re.S))
    if not head:
        raise _planner.PlanError(f"no function @{function} in the module")
    rng = np.random.default_rng(seed)
    args = []
    for i, t in enumerate(re.findall(r"tensor<([^>]*)>", head.group(1))):
        *dims, element = t.split("x")
        shape = [int(d) for d in dims]
        path = os.path.join(work, f"{function}-in{i}.npy")
        if element in ("f32", "f16", "bf16", "f64"):
            value = (rng.standard_normal(shape) * 0.1).astype(np.float32 if element == "bf16"
                                                               else f"float{element[1:]}")
        elif element in ("i32", "i64"):
            # (Small: token ids index every table they are read with.)
            value = rng.integers(0, 2, shape).astype(f"int{element[1:]}")
        else:
            raise _planner.PlanError(f"argument {i} of @{function}: no inputs for {t!r}")
        np.save(path, value)
        args.append(f"--input=@{path}")
    results = head.group(2).count("tensor<")
    return args, [os.path.join(work, f"{function}-out{i}.npy") for i in range(results)]


def compile_and_run(module, inputs, work, tag="step", function="train_step", tools=None):
    """Compiles `module` (a path) for IREE's CPU backend and runs
    `function` once on `inputs` (step_inputs'): (IREE's DEVICE_LOCAL peak
    in bytes, a digest of the outputs' bytes)."""
    compiler, runner = tools or find_tools()
    args, outs = inputs
    vmfb = os.path.join(work, f"{tag}.vmfb")
    _run([compiler, module, "--iree-hal-target-device=local",
          "--iree-hal-local-target-device-backends=llvm-cpu", "-o", vmfb])
    r = _run([runner, f"--module={vmfb}", "--device=local-sync", f"--function={function}",
              "--print_statistics", *args, *[f"--output=@{o}" for o in outs]])
    peak = re.search(r"DEVICE_LOCAL:\s*(\d+)B peak", r.stdout + r.stderr)
    if not peak:
        raise _planner.PlanError("iree-run-module printed no DEVICE_LOCAL peak")
    digest = hashlib.sha256(b"".join(np.load(o).tobytes() for o in outs)).hexdigest()
    return int(peak.group(1)), digest


def plan_module(text, output, policy="selective", budget=None, remat_opt=None, fence=FENCE,
                device="cpu"):
    """remat-opt's plan of `text` under `policy` (and `budget`) for
    `device`'s cost model, the rewritten module written to `output` in
    generic form (IREE's newer MLIR reads it), its clones fenced for IREE:
    the report."""
    return _planner.plan(text, policy=policy, budget=budget, remat_opt=remat_opt, fence=fence,
                         output=output, generic=True, reclone=True, certificate="cover",
                         device=device)


def fit_budget(text, budget, work=None, rounds=5, function="train_step", remat_opt=None,
               tools=None, log=None):
    """Plans `text` so that IREE's DEVICE_LOCAL peak is at most `budget`
    (bytes, or a size such as "1.5MiB"). Returns a dict: budget_bytes,
    rounds (each: internal_budget_bytes, plan_peak_bytes, iree_peak_bytes,
    recompute_flops), chosen (the round kept: the fitting one with the least
    estimated time) and module (the path of its rewritten module, under
    `work`). Round 0 is policy none's (IREE's figure without remat). Raises
    planner.BudgetError when no round fits: its least_peak is the least IREE
    peak measured. `log`: a callable given one line per round."""
    budget = _options.budget_value(budget)
    if budget is None:
        raise ValueError("fit_budget needs a budget")
    own = work is None
    work = work or tempfile.mkdtemp(prefix="remat-iree-")
    try:
        return _fit(text, budget, work, rounds, function, remat_opt, tools or find_tools(),
                    log or (lambda line: None))
    finally:
        if own:
            shutil.rmtree(work, ignore_errors=True)


def _fit(text, budget, work, rounds, function, remat_opt, tools, log):
    inputs = step_inputs(text, work, function)

    def attempt(n, policy, internal, device="cpu"):
        module = os.path.join(work, f"round{n}.mlir")
        report = plan_module(text, module, policy, internal, remat_opt, device=device)
        peak, digest = compile_and_run(module, inputs, work, f"round{n}", function, tools)
        entry = dict(internal_budget_bytes=internal, plan_peak_bytes=report["result"]["peak_bytes"],
                     iree_peak_bytes=peak, recompute_flops=report["result"]["recompute_flops"],
                     estimated_time_s=report["result"]["estimated_time_s"], module=module,
                     digest=digest)
        entry["policy"] = policy
        log(f"round {n}: " + (f"internal budget {internal} B, " if internal else f"policy {policy}, ")
            + f"plan peak {entry['plan_peak_bytes']} B, IREE peak {peak} B"
            + ("" if isinstance(budget, _options.RelativeBudget) else
               (" fits" if peak <= budget else " over") + f" the budget {budget} B"))
        return entry, report

    none, none_report = attempt(0, "none", None)
    if isinstance(budget, _options.RelativeBudget):
        # Of IREE's peak without remat (the activations: remat's model's).
        budget = budget.resolve(none["iree_peak_bytes"],
                                none_report["result"]["saved_activation_bytes"])
        log(f"the budget: {budget} B")
    entries = [none]
    if none["iree_peak_bytes"] <= budget:
        return dict(budget_bytes=budget, rounds=entries, chosen=none, module=none["module"])
    # The first internal budget: the plan's peak less what IREE must save.
    internal = max(1, none["plan_peak_bytes"] - (none["iree_peak_bytes"] - budget))
    tried, least_plan = [], None
    while len(tried) < rounds:
        try:
            entry, report = attempt(len(entries), "auto", internal)
        except _planner.BudgetError as refused:
            # Below remat's least peak: plan the least once, then stop.
            if least_plan is not None or refused.least_peak is None:
                break
            least_plan = internal = refused.least_peak
            continue
        entries.append(entry)
        tried.append((internal, entry["iree_peak_bytes"]))
        report = dict(report, result=dict(report["result"], peak_bytes=entry["plan_peak_bytes"]))
        following = _adapter.next_internal_budget(tried, budget, report)
        if following is None or (least_plan is not None and following <= least_plan):
            break
        internal = following
    fits = [e for e in entries if e["iree_peak_bytes"] <= budget]
    # IREE's figure is not monotone in remat's plan peak: IREE fuses cheap
    # ops into their readers, so a plan that recomputes many of them may
    # hold less in IREE than auto's least peak does. Where no auto round
    # fits, the fixed policies' plans are tried too, first fit kept (for
    # h200's cost model, whose ridge point has selective recompute more of
    # the cheap ops).
    for policy in ("selective", "dots-no-batch", "dots") if not fits else ():
        entry, _ = attempt(len(entries), policy, None, device="h200")
        entries.append(entry)
        if entry["iree_peak_bytes"] <= budget:
            fits.append(entry)
            break
    if not fits:
        least = min(e["iree_peak_bytes"] for e in entries)
        raise _planner.BudgetError(
            f"no plan fits the budget {budget} bytes in IREE's figure: the least IREE peak "
            f"measured is {least} bytes (" + ", ".join(
                f"{e['iree_peak_bytes']} " + (f"at an internal budget of {e['internal_budget_bytes']}"
                                              if e["internal_budget_bytes"] else
                                              f"under policy {e['policy']}")
                for e in entries[1:]) + ")", least_peak=least)
    chosen = min(fits, key=lambda e: (e["estimated_time_s"], e["iree_peak_bytes"]))
    return dict(budget_bytes=budget, rounds=entries, chosen=chosen, module=chosen["module"])


def _run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise _planner.PlanError(f"{os.path.basename(cmd[0])} failed ({r.returncode}): "
                                 + r.stderr.strip()[-1500:])
    return r


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python -m remat.iree",
        description="Plan a joint step's MLIR with remat, compile and run it with IREE (CPU), "
                    "and print IREE's allocator peak; with --budget, replan until IREE's peak "
                    "fits.")
    ap.add_argument("module", help="the joint step (python -m remat.compilers writes one)")
    ap.add_argument("--policy", default="selective",
                    help="remat's policy without --budget (default selective)")
    ap.add_argument("--budget", help="the most bytes IREE's DEVICE_LOCAL peak may reach")
    ap.add_argument("--rounds", type=int, default=5, help="the most plans tried (default 5)")
    ap.add_argument("--function", default="train_step")
    ap.add_argument("-o", dest="output", help="write the chosen rewritten module here")
    a = ap.parse_args(argv)
    try:
        text = open(a.module).read()
        with tempfile.TemporaryDirectory(prefix="remat-iree-") as work:
            if a.budget:
                fit = fit_budget(text, a.budget, work, a.rounds, a.function, log=print)
                chosen = fit["chosen"]
                print(f"chosen: round {fit['rounds'].index(chosen)}, IREE peak "
                      f"{chosen['iree_peak_bytes']} B <= budget {fit['budget_bytes']} B")
                module = fit["module"]
            else:
                module = os.path.join(work, "planned.mlir")
                report = plan_module(text, module, a.policy)
                peak, _ = compile_and_run(module, step_inputs(text, work, a.function), work,
                                          function=a.function)
                print(f"policy {a.policy}: plan peak {report['result']['peak_bytes']} B, IREE "
                      f"peak {peak} B, recompute FLOPs {report['result']['recompute_flops']}")
            if a.output:
                shutil.copyfile(module, a.output)
    except (_planner.PlanError, OSError, ValueError) as error:
        print(f"remat.iree: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
