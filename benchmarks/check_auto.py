#!/usr/bin/env python3
"""policy=auto on a generated GPT joint graph, against the fixed policies.

Prints the fixed policies (none, full, sqrt, selective, dots), then what auto costs
at the peak each of them reaches, then a sweep of budgets from auto's least
peak to the baseline peak and a sweep of max-overhead values. With --check,
fails unless:

  * at each fixed policy's peak, auto's plan fits and its estimated time is
    at most that policy's;
  * every budget's plan fits the budget, and a tighter budget never yields a
    higher peak (nor a lower time);
  * every max-overhead plan's extra estimated time is within the fraction,
    and a larger fraction never yields a higher peak;
  * the report's peak equals the peak of the output IR recomputed
    independently (memory_semantics.py) for the sweep's plans;
  * a budget one byte below the least peak is refused, naming that peak.

    python3 benchmarks/check_auto.py --layers 2 --seq 1024 --hidden 1024 \\
        --heads 16 --vocab 32768 --dtype bf16
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import common  # noqa: E402
import memory_semantics  # noqa: E402

MIB = 2**20


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    common.add_remat_opt_args(ap, os.path.join(HERE, "..", "build", "bin", "remat-opt"))
    common.add_model_args(ap, layers=2, seq=1024, hidden=1024, heads=16, vocab=32768)
    ap.add_argument("--budgets", type=int, default=6, help="budgets in the sweep")
    ap.add_argument("--independent", action="store_true",
                    help="recompute the peak of each sweep plan's output IR (slow on big graphs)")
    a = ap.parse_args(argv)

    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        src = common.write_gpt(a, os.path.join(tmp, "gpt.mlir"))

        def run(name, options, independent=False):
            out, rep = os.path.join(tmp, f"{name}.mlir"), os.path.join(tmp, f"{name}.json")
            t0 = time.perf_counter()
            subprocess.run([a.remat_opt, src, f"--rematerialize={options} device={a.device} report={rep}",
                            "-o", out], check=True, capture_output=True, text=True)
            wall = time.perf_counter() - t0
            r = json.load(open(rep))
            r["wall"], r["name"] = wall, name
            if independent:
                peak = memory_semantics.peak_of_file(a.remat_opt, out)
                if peak != r["result"]["peak_bytes"]:
                    failures.append(f"{name}: report peak {r['result']['peak_bytes']} != independent {peak}")
            return r

        fixed = {p: run(p, f"policy={p}") for p in ("none", "full", "sqrt", "selective", "dots",
                                                      "dots-no-batch")}
        base = fixed["none"]["baseline"]
        base_time = base["estimated_time_s"]
        frontier_run = run("frontier", f"policy=auto budget={base['peak_bytes']} pareto=true")
        frontier = frontier_run["pareto"]
        least = frontier[0]["peak_bytes"]

        print(f"GPT joint graph: layers={a.layers} batch={a.batch} seq={a.seq} hidden={a.hidden} "
              f"heads={a.heads} vocab={a.vocab} dtype={a.dtype} device={a.device}")
        print(f"baseline peak {base['peak_bytes'] / MIB:.1f} MiB, arguments "
              f"{fixed['none']['argument_bytes'] / MIB:.1f} MiB, estimated step {base_time * 1e3:.3f} ms; "
              f"auto's frontier: {len(frontier)} plans from {least / MIB:.1f} MiB, "
              f"computed in {frontier_run['wall']:.2f} s (remat-opt wall time)")

        def extra(r):
            return r["result"]["estimated_time_s"] - base_time

        hdr = (f"{'policy':<10} {'peak MiB':>9} {'recompute FLOPs':>16} {'extra time':>11} | "
               f"{'auto at that peak':>17} {'recompute FLOPs':>16} {'extra time':>11} {'auto/policy':>11}")
        print(hdr)
        print("-" * len(hdr))
        for policy, r in fixed.items():
            peak = r["result"]["peak_bytes"]
            x = run(f"auto-at-{policy}", f"policy=auto budget={peak}")
            ratio = extra(x) / extra(r) if extra(r) > 0 else float("nan")
            print(f"{policy:<10} {peak / MIB:>9.1f} {r['result']['recompute_flops']:>16.4g} "
                  f"{extra(r) / base_time:>11.2%} | {x['result']['peak_bytes'] / MIB:>17.1f} "
                  f"{x['result']['recompute_flops']:>16.4g} {extra(x) / base_time:>11.2%} {ratio:>11.3f}")
            if x["result"]["peak_bytes"] > peak:
                failures.append(f"auto at {policy}'s peak {peak}: peak {x['result']['peak_bytes']}")
            if x["result"]["estimated_time_s"] > r["result"]["estimated_time_s"] * (1 + 1e-12):
                failures.append(f"auto at {policy}'s peak costs more than {policy}")

        print()
        def gap(x):
            # The certificate's gap (the plan's recompute time against a
            # lower bound on any plan's at its peak), checked for soundness.
            c = x["certificate"]
            if c["recompute_time_lower_bound_s"] is None:
                return "-"
            if not 0 <= c["gap"] <= 1 or c["recompute_time_lower_bound_s"] > c["recompute_time_s"]:
                failures.append(f"{x['name']}: certificate {c} is not a bound")
            return f"{c['gap']:.1%}"

        print(f"{'budget MiB':>10} {'peak MiB':>9} {'recompute FLOPs':>16} {'extra time':>11} {'gap':>6} {'wall s':>7}")
        span = base["peak_bytes"] - least
        budgets = sorted({least + span * i // max(1, a.budgets - 1) for i in range(a.budgets)})
        previous = None
        for budget in budgets:
            x = run(f"budget-{budget}", f"policy=auto budget={budget}", independent=a.independent)
            peak = x["result"]["peak_bytes"]
            print(f"{budget / MIB:>10.1f} {peak / MIB:>9.1f} {x['result']['recompute_flops']:>16.4g} "
                  f"{extra(x) / base_time:>11.2%} {gap(x):>6} {x['wall']:>7.2f}")
            if peak > budget:
                failures.append(f"budget {budget}: peak {peak} above it")
            if previous and (peak < previous[0] or extra(x) > previous[1] * (1 + 1e-12)):
                failures.append(f"budget {budget}: not monotone after {previous}")
            previous = (peak, extra(x))

        print()
        print(f"{'max-overhead':>12} {'peak MiB':>9} {'recompute FLOPs':>16} {'extra time':>11} {'gap':>6} {'wall s':>7}")
        previous = None
        for fraction in (0, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2):
            x = run(f"overhead-{fraction}", f"policy=auto max-overhead={fraction}")
            peak = x["result"]["peak_bytes"]
            print(f"{fraction:>12.1%} {peak / MIB:>9.1f} {x['result']['recompute_flops']:>16.4g} "
                  f"{extra(x) / base_time:>11.2%} {gap(x):>6} {x['wall']:>7.2f}")
            if extra(x) > fraction * base_time * (1 + 1e-9) + 1e-15:
                failures.append(f"max-overhead {fraction}: extra time {extra(x)} above it")
            if previous is not None and peak > previous:
                failures.append(f"max-overhead {fraction}: peak {peak} above the smaller fraction's {previous}")
            previous = peak

        p = subprocess.run([a.remat_opt, src, f"--rematerialize=policy=auto budget={least - 1}", "-o", os.devnull],
                           capture_output=True, text=True)
        # "can reach" when the least peak is proven (it meets the memory
        # plan's lower bound), "found" otherwise.
        expected = f"the smallest peak remat (can reach|found) for this function is {least} bytes"
        if p.returncode == 0 or not re.search(expected, p.stderr):
            failures.append(f"budget {least - 1} not refused with the least peak: {p.stderr.strip()[:300]}")
        else:
            print(f"\nbudget {least - 1}: refused ({expected})")
    return common.finish(failures, a.check)


if __name__ == "__main__":
    sys.exit(main())
