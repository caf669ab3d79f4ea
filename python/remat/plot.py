"""Pictures of a plan from `--rematerialize` reports.

    remat-opt step.mlir -o /dev/null \\
        --rematerialize="policy=auto budget=12GiB timeline=true pareto=true report=auto.json"
    remat-opt step.mlir -o /dev/null --rematerialize="policy=full report=full.json"
    remat-opt step.mlir -o /dev/null --rematerialize="policy=selective report=selective.json"
    PYTHONPATH=python python3 -m remat.plot auto.json --compare full.json selective.json -o plan.png

Draws one PNG with two panels:

* live bytes along the step: the memory plan's bytes at each op of the
  step before the rewrite (policy none) and after it (the report's policy),
  against the position in the step (the rewritten step has more ops, so
  both run from 0 to 1), with each peak and the budget marked. Needs
  `timeline=true` in the report.
* peak against estimated step time: the Pareto frontier of plans (with
  `pareto=true`), policy none, the report's plan, and the plan of each
  `--compare` report (its policy as the label: `selective` is Megatron-LM's
  selective recomputation of the attention core, `full` and `sqrt` are
  checkpointing every block or every sqrt(n)-th).

Reports may hold one function's object, an array of them (a module), or one
object per line (report=-); `--function` picks one by name (default: the
first). Needs matplotlib (`pip install 'remat[plot]'`). From Python,
`PlanInfo.plot()` draws a plan of remat.torch or remat.jax made with
timeline=True, and `figure(report)` returns the matplotlib Figure.
"""

import argparse
import json
import sys

MiB = float(1 << 20)


class PlotError(Exception):
    pass


class MatplotlibMissing(PlotError, ImportError):
    """matplotlib is not installed (an ImportError too)."""


def _figure_class():
    """matplotlib's Figure, or MatplotlibMissing saying how to install it.
    (The Figure alone, not pyplot: no GUI backend is chosen, and the
    caller's pyplot state is left alone.)"""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise MatplotlibMissing("remat.plot needs matplotlib: pip install 'remat[plot]'") \
            from None
    return Figure


def load_report(path, function=None):
    """The report object of `function` (default: the first) in `path`."""
    with open(path) as f:
        text = f.read()
    try:
        data = json.loads(text)
        reports = data if isinstance(data, list) else [data]
    except json.JSONDecodeError:
        reports = [json.loads(line) for line in text.splitlines() if line.strip()]
    for r in reports:
        if not isinstance(r, dict) or "baseline" not in r:
            raise PlotError(f"{path}: not a --rematerialize report")
        if function is None or r.get("function") == function:
            return r
    raise PlotError(f"{path}: no report for function '{function}'")


def timeline(report):
    """(positions, live bytes) of the baseline and of the result."""
    t = report.get("timeline")
    if not t:
        raise PlotError(f"report of @{report.get('function')} has no timeline: "
                        "run --rematerialize with timeline=true")

    def spread(live):
        n = len(live)
        return [i / max(n - 1, 1) for i in range(n)], live
    return spread(t["baseline"]), spread(t["result"])


def frontier_points(report, compare):
    """(label, peak bytes, estimated seconds) of each plan to mark, and the
    frontier as (peak, seconds) pairs (empty without pareto=true)."""
    points = [("none", report["baseline"]["peak_bytes"], report["baseline"]["estimated_time_s"]),
              (report["policy"], report["result"]["peak_bytes"], report["result"]["estimated_time_s"])]
    for c in compare:
        points.append((c["policy"], c["result"]["peak_bytes"], c["result"]["estimated_time_s"]))
    frontier = [(p["peak_bytes"], p["estimated_time_s"]) for p in report.get("pareto", [])]
    return points, frontier


def draw(report, compare, output):
    """Writes the two panels of `report` (and `compare`'s plans) to `output`."""
    figure(report, compare).savefig(output, dpi=110)


def figure(report, compare=()):
    """The two panels of `report` (with the plans of the `compare`
    reports marked) as a matplotlib Figure."""
    Figure = _figure_class()
    (bx, by), (rx, ry) = timeline(report)
    fig = Figure(figsize=(13, 4.8))
    left, right = fig.subplots(1, 2)
    name = report.get("function", "?")
    left.plot(bx, [b / MiB for b in by], label=f"none (peak {max(by) / MiB:.1f} MiB)",
              color="tab:gray", linewidth=1.2)
    left.plot(rx, [b / MiB for b in ry],
              label=f"{report['policy']} (peak {max(ry) / MiB:.1f} MiB)",
              color="tab:blue", linewidth=1.2)
    if report.get("budget_bytes"):
        left.axhline(report["budget_bytes"] / MiB, color="tab:red", linestyle="--",
                     linewidth=1, label=f"budget {report['budget_bytes'] / MiB:.1f} MiB")
    left.set_xlabel("position in the step (forward, then backward)")
    left.set_ylabel("live bytes (MiB)")
    left.set_title(f"@{name}: bytes live at each op")
    left.legend(loc="upper left", fontsize=8)
    left.grid(alpha=0.3)

    points, frontier = frontier_points(report, compare)
    base_time = report["baseline"]["estimated_time_s"] or 1.0

    def overhead(seconds):
        return 100.0 * (seconds / base_time - 1.0)
    if frontier:
        fs = sorted(frontier, key=lambda p: p[1])
        right.step([overhead(t) for _, t in fs], [p / MiB for p, _ in fs], where="post",
                   color="tab:blue", alpha=0.6, label="Pareto frontier (auto's plans)")
        right.scatter([overhead(t) for _, t in fs], [p / MiB for p, _ in fs], s=10,
                      color="tab:blue", alpha=0.6)
    markers = ["o", "s", "^", "D", "v", "P", "X"]
    for i, (label, peak, seconds) in enumerate(points):
        right.scatter([overhead(seconds)], [peak / MiB], s=60, marker=markers[i % len(markers)],
                      zorder=3, label=f"{label}: {peak / MiB:.1f} MiB, "
                                      f"+{overhead(seconds):.1f}%")
    right.set_xlabel(f"estimated recompute overhead (% of the step; device {report.get('device')})")
    right.set_ylabel("peak bytes (MiB)")
    right.set_title("peak against estimated time")
    right.legend(fontsize=8)
    right.grid(alpha=0.3)
    fig.tight_layout()
    return fig


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m remat.plot", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("report", help="a --rematerialize report with timeline=true")
    ap.add_argument("--compare", nargs="*", default=[],
                    help="reports of other policies on the same function, marked on the right")
    ap.add_argument("--function", help="the function to draw (default: the first)")
    ap.add_argument("-o", "--output", default="plan.png")
    a = ap.parse_args(argv)
    try:
        report = load_report(a.report, a.function)
        compare = [load_report(c, report.get("function")) for c in a.compare]
        draw(report, compare, a.output)
    except (PlotError, OSError, json.JSONDecodeError) as e:
        print(f"remat.plot: error: {e}", file=sys.stderr)
        return 1
    print(f"wrote {a.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
