#!/usr/bin/env python3
"""auto's search against the exact frontier, on GPTs small enough to enumerate.

For each shape, the generated joint graph is planned twice with
`policy=auto pareto=true`: with `solver=exact` (every plan of the decision
space simulated: the exact frontier) and with `solver=search` (the heuristic
that larger graphs get). At every budget on the exact frontier, the search's
cheapest plan under it is compared with the optimum, and so is auto's
plan when that budget is given (`budget=` with `solver=search`: the search
then aims at the budget, docs/AutoPolicy.md, "How it works", step 6),
and `max-overhead=` at each exact point's time gives the least peak
within that time (that point's) or not ("overhead least"); "default opt"
is the same for the default's plan (solver=auto) at each budget. A budget
the search reaches no plan under counts as a miss, worst `inf` (the means
are over the budgets it reached). Prints, per shape: the
exact frontier's size, where the search is optimal, its mean and worst cost
ratio, whether it reaches the least peak, the wall time of each run, and
which solver the default (`solver=auto`) picks; then the certificate's
bound (what graphs too large to enumerate get) at each exact-frontier
point against the optimum there, by the covers alone (certificate=cover)
and with the joint cover solved by CBC (certificate=milp): at how many it
proves the optimum, and the mean and worst of bound / optimum. With
--check, fails unless the default is exact on every shape and no bound is
ever above the optimum.

With --families (the graphs of gen_families.py: U-Nets with long skips,
mixture-of-experts layers, an encoder-decoder with cross-attention,
MLP-Mixers, long chains with a few expensive ops; --seeds of each), the
same table per graph; the exact frontier is then forced (solver=exact)
on graphs of at most --max-buffers movable buffers (2^buffers plans), and
the default's pick is reported, not checked.

    python3 benchmarks/exact_gap.py                     # 1-layer GPTs, f32 and bf16
    python3 benchmarks/exact_gap.py --layers 1 --seq 4096 --hidden 4096
    python3 benchmarks/exact_gap.py --families unet,moe,encdec,mixer,chain --seeds 4
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import common  # noqa: E402


def frontier(remat_opt, path, device, solver):
    report, seconds = common.auto_report(remat_opt, path, device,
                                         f"budget=1TiB pareto=true solver={solver}")
    base = report["baseline"]["estimated_time_s"]
    points = [(p["peak_bytes"], p["estimated_time_s"] - base) for p in report["pareto"]]
    return points, report["solver"], seconds, base


def peak_within(remat_opt, path, device, added, base):
    """auto's peak (solver=search) under max-overhead = `added` seconds of
    recompute over the step's `base` (a hair above, for rounding)."""
    fraction = added / base * (1 + 1e-9) + 1e-15
    report, _ = common.auto_report(remat_opt, path, device,
                                   f"max-overhead={fraction!r} solver=search")
    return report["result"]["peak_bytes"]


def cover_bound(remat_opt, path, device, peak, certificate):
    """The certificate's bound at `peak` (the plan of solver=search at that
    budget peaks there when the frontier has a point there), by the covers
    alone (certificate=cover) or with the joint cover (certificate=milp),
    and the time that plan adds (what auto gives a user at that budget)."""
    try:
        report, _ = common.auto_report(remat_opt, path, device,
                                       f"budget={peak} solver=search certificate={certificate}")
    except subprocess.CalledProcessError:
        return None, None, None  # the search reaches no plan at this peak
    cert = report["certificate"]
    added = report["result"]["estimated_time_s"] - report["baseline"]["estimated_time_s"]
    return cert["peak_bytes"], cert["recompute_time_lower_bound_s"], added


def default_added(remat_opt, path, device, peak):
    """The recompute time of the default's plan (solver=auto) at budget
    `peak`, or None where it reaches no plan there."""
    try:
        report, _ = common.auto_report(remat_opt, path, device, f"budget={peak}")
    except subprocess.CalledProcessError:
        return None
    return report["result"]["estimated_time_s"] - report["baseline"]["estimated_time_s"]


def ratio_to(added, best):
    """A plan's recompute time against the optimum (inf: no plan)."""
    if added is None:
        return float("inf")
    return added / best if best > 0 else (1.0 if added <= 0 else 2.0)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    common.add_model_args(ap, layers=1, seq=0, hidden=0, heads=16, vocab=32768)
    common.add_remat_opt_args(ap, os.path.join(HERE, "..", "build", "bin", "remat-opt"))
    ap.add_argument("--families", default=None,
                    help="comma list of gen_families.py families, instead of GPTs")
    ap.add_argument("--seeds", type=int, default=4, help="graphs per family (seeds 0..N-1)")
    ap.add_argument("--max-buffers", type=int, default=21,
                    help="families: graphs with more movable buffers are skipped")
    a = ap.parse_args(argv)
    if a.families:
        graphs = common.each_family_graph(a.remat_opt, a.families.split(","), range(a.seeds),
                                          a.max_buffers, a.device)
    else:
        graphs = ((f"{a.layers:>6} {seq:>5} {hidden:>6} {dtype:>5}", path, None)
                  for seq, hidden, dtype, path in common.each_gpt(a))
    print(f"{'layers    seq hidden dtype' if not a.families else 'graph':<26} {'default':>8} {'exact pts':>9} "
          f"{'search optimal':>14} {'mean':>7} {'worst':>7} {'least peak':>10} "
          f"{'exact s':>7} {'search s':>8} {'cover tight':>11} {'cover mean':>10} {'cover worst':>11} "
          f"{'milp tight':>10} {'milp mean':>9} {'milp worst':>10} "
          f"{'at budget opt':>12} {'at bud mean':>10} {'at bud worst':>11} "
          f"{'overhead least':>12} {'default opt':>11}")
    failures = []
    for label, path, buffers in graphs:
        if path is None:
            print(f"{label:<26} skipped: {buffers} movable buffers (--max-buffers {a.max_buffers})")
            continue
        _, default, _, _ = frontier(a.remat_opt, path, a.device, "auto")
        exact, _, exact_s, base = frontier(a.remat_opt, path, a.device, "exact")
        search, _, search_s, _ = frontier(a.remat_opt, path, a.device, "search")
        # max-overhead at each exact point's time: the least peak within it
        # is that point's.
        least_within = sum(peak_within(a.remat_opt, path, a.device, best, base) <= peak
                           for peak, best in exact)
        ratios = []
        for peak, best in exact:
            fits = [t for p, t in search if p <= peak]
            ratio = (min(fits) / best if best > 0 else (1.0 if min(fits) == 0 else 2.0)
                     ) if fits else float("inf")
            ratios.append(ratio)
        optimal = sum(r <= 1 + 1e-9 for r in ratios)
        # The certificate's cover bound, which larger graphs get, against
        # the optimum at each exact-frontier point: never above it (it
        # holds for every plan), and how close.
        columns, at_budget, at_default = [], [], []
        for certificate in ("cover", "milp"):
            covers = []
            for peak, best in exact:
                at, lower, added = cover_bound(a.remat_opt, path, a.device, peak, certificate)
                if certificate == "cover":
                    # auto's plan at this budget (solver=search, the budget
                    # given): its time against the optimum within it; and
                    # the default's (solver=auto).
                    at_budget.append(ratio_to(added, best))
                    at_default.append(ratio_to(
                        default_added(a.remat_opt, path, a.device, peak), best))
                if at is None or at != peak or best <= 0:
                    continue
                covers.append(lower / best)
                if lower > best * (1 + 1e-9) + 1e-15:
                    failures.append(f"{' '.join(label.split())}: {certificate} bound "
                                    f"{lower} above the optimum {best} at peak {peak}")
            tight = sum(c >= 1 - 1e-6 for c in covers)
            columns.append(f"{f'{tight}/{len(covers)}':>11} "
                           f"{sum(covers) / max(len(covers), 1):>10.4f} "
                           f"{min(covers, default=1):>11.4f}")
        least = "yes" if search[0][0] == exact[0][0] else f"+{search[0][0] - exact[0][0]} B"
        at_optimal = sum(r <= 1 + 1e-9 for r in at_budget)
        default_optimal = sum(r <= 1 + 1e-9 for r in at_default)
        reached = [r for r in at_budget if r != float("inf")]
        print(f"{label:<26} {default:>8} {len(exact):>9} "
              f"{f'{optimal}/{len(exact)}':>14} {sum(ratios) / len(ratios):>7.4f} "
              f"{max(ratios):>7.3f} {least:>10} {exact_s:>7.2f} {search_s:>8.2f} "
              f"{' '.join(columns)} {f'{at_optimal}/{len(at_budget)}':>12} "
              f"{sum(reached) / max(len(reached), 1):>10.4f} {max(at_budget):>11.3f} "
              f"{f'{least_within}/{len(exact)}':>12} "
              f"{f'{default_optimal}/{len(at_default)}':>11}")
        if default != "exact" and not a.families:
            failures.append(f"{' '.join(label.split())}: the default solver is {default}, not exact")
    return common.finish(failures, a.check)


if __name__ == "__main__":
    sys.exit(main())
