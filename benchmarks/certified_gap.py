#!/usr/bin/env python3
"""The certificate's gap at every point of auto's frontier, on GPTs too large
to enumerate.

For each shape, the generated joint graph is planned with `policy=auto
pareto=true` (the frontier), then once per frontier point with that point's
peak as the budget; each plan's report carries the certificate: a lower
bound on what any plan peaking there must recompute, and the gap
1 - bound / plan. A gap of g proves the plan within 1/(1 - g) of the
optimum. Prints, per shape: the frontier's size, how many of its points are
proven optimal (gap 0) and within 1% and 2%, the mean and largest gap, the
solver the default picks, the slowest `remat-opt` run, and the least
peak found against the report's `peak_lower_bound_bytes` (the peak no plan
goes below). With --check, fails if a certificate's bound is above its
plan's recompute time or its peak is not the point's, or if the peak bound
is above the least peak.

    python3 benchmarks/certified_gap.py                    # 2-layer GPTs, f32 and bf16
    python3 benchmarks/certified_gap.py --layers 96 --seq 1024 --hidden 1024 --dtype bf16
    python3 benchmarks/certified_gap.py --options certificate=cover   # without the MILP
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import common  # noqa: E402

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    common.add_model_args(ap, layers=2, seq=0, hidden=0, heads=16, vocab=32768)
    common.add_remat_opt_args(ap, os.path.join(HERE, "..", "build", "bin", "remat-opt"))
    ap.add_argument("--verbose", action="store_true", help="print every frontier point")
    ap.add_argument("--options", default="",
                    help="more --rematerialize options for the frontier and the "
                         "per-point plans, e.g. certificate=cover")
    a = ap.parse_args(argv)
    print(f"{'layers':>6} {'seq':>5} {'hidden':>6} {'dtype':>5} {'solver':>7} {'points':>6} "
          f"{'gap 0':>6} {'<=1%':>6} {'<=2%':>6} {'mean gap':>8} {'max gap':>8} {'max s':>6} "
          f"{'least peak':>11} {'peak bound':>11} {'peak gap':>8}")
    failures = []
    for seq, hidden, dtype, path in common.each_gpt(a):
        front, slowest = common.auto_report(a.remat_opt, path, a.device, f"budget=1TiB pareto=true {a.options}")
        base = front["baseline"]["estimated_time_s"]
        # The least peak found, and the peak no plan goes below.
        least, floor = front["pareto"][0]["peak_bytes"], front["peak_lower_bound_bytes"]
        gaps = []
        for point in front["pareto"]:
            r, seconds = common.auto_report(a.remat_opt, path, a.device, f"budget={point['peak_bytes']} {a.options}")
            slowest = max(slowest, seconds)
            cert = r["certificate"]
            gaps.append(cert["gap"])
            where = f"{a.layers} layers seq {seq} hidden {hidden} {dtype} peak {point['peak_bytes']}"
            if cert["peak_bytes"] != point["peak_bytes"]:
                failures.append(f"{where}: the plan peaks at {cert['peak_bytes']}")
            if cert["recompute_time_lower_bound_s"] > cert["recompute_time_s"] * (1 + 1e-9) + 1e-15:
                failures.append(f"{where}: bound {cert['recompute_time_lower_bound_s']} above "
                                f"the plan's {cert['recompute_time_s']}")
            if a.verbose:
                print(f"    peak {point['peak_bytes']} recompute "
                      f"{(point['estimated_time_s'] - base) * 1e6:.2f} us bound "
                      f"{cert['recompute_time_lower_bound_s'] * 1e6:.2f} us gap {cert['gap']:.2%} "
                      f"({cert['bound']})")
        print(f"{a.layers:>6} {seq:>5} {hidden:>6} {dtype:>5} {front['solver']:>7} {len(gaps):>6} "
              f"{sum(g <= 1e-12 for g in gaps):>6} {sum(g <= 0.01 for g in gaps):>6} "
              f"{sum(g <= 0.02 for g in gaps):>6} {sum(gaps) / len(gaps):>8.2%} "
              f"{max(gaps):>8.2%} {slowest:>6.2f} {least:>11} {floor:>11} "
              f"{(least - floor) / least:>8.2%}", flush=True)
        if floor > least:
            failures.append(f"{a.layers} layers seq {seq} hidden {hidden} {dtype}: peak lower "
                            f"bound {floor} above the least peak {least}")
    return common.finish(failures, a.check)


if __name__ == "__main__":
    sys.exit(main())
