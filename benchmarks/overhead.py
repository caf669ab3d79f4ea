#!/usr/bin/env python3
"""Predicted against measured recompute overhead on the CPU.

Builds the GPT training step of gen_gpt.py, profiles it once (remat-compile
--profile-ops, run with REMAT_PROFILE: the measured time of every op), then
plans it under none, full, selective and auto at several --max-overhead
values, each planned twice: with the roofline of --device alone, and with the
profile (--cost-profile). For each plan it prints

  * the predicted overhead: the report's estimated step time after
    recomputation over the estimate of policy none, minus 1 (roofline, and
    with the profile);
  * the measured overhead: the executable's median step time over policy
    none's, minus 1, timed in one run: --rounds rounds, each running every
    executable for --iters steps in turn (the median of medians);
  * the plan's peak and the runtime's, and whether the outputs are
    bit-identical to none's.

The executables are those planned with the profile. Timings are printed,
never asserted.

    python3 benchmarks/overhead.py --seq 512 --hidden 256
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.join(HERE, "..", "build", "bin")
sys.path.insert(0, HERE)
import common  # noqa: E402


def plans(max_overheads):
    rows = [("none", ["--policy=none"]), ("full", ["--policy=full"]),
            ("selective", ["--policy=selective"])]
    for m in max_overheads:
        rows.append((f"auto {m:g}%", ["--policy=auto", f"--max-overhead={m / 100:g}"]))
    return rows


def predict(a, model, flags, profile):
    """(predicted overhead, plan peak) from --rematerialize's report."""
    options = {"policy": None, "max-overhead": None}
    for f in flags:
        k, v = f[2:].split("=", 1)
        options[k] = v
    text = [f"policy={options['policy']}", f"device={a.device}", "report=-"]
    if options["max-overhead"]:
        text.append(f"max-overhead={options['max-overhead']}")
    if profile:
        text.append(f"cost-profile={profile}")
    # remat-compile canonicalizes the entry before it plans: so does this.
    out = subprocess.run([a.remat_opt, model, "--canonicalize", "--rematerialize=" + " ".join(text),
                          "-o", os.devnull], check=True, capture_output=True, text=True).stdout
    report = json.loads(out[out.index("{"):])
    before = report["baseline"]["estimated_time_s"]
    after = report["result"]["estimated_time_s"]
    return after / before - 1, report["result"]["peak_bytes"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    common.add_model_args(ap, layers=2, seq=256, hidden=128, heads=4, vocab=512)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--max-overheads", type=float, nargs="+", default=[2, 5, 10, 20],
                    help="auto's --max-overhead values, in percent")
    ap.add_argument("--iters", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--profile-iters", type=int, default=10)
    ap.add_argument("--remat-compile", default=os.path.join(BUILD, "remat-compile"))
    ap.add_argument("--remat-opt", default=os.path.join(BUILD, "remat-opt"))
    a = ap.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        model = common.write_gpt(a, os.path.join(tmp, "gpt.mlir"))
        profile = os.path.join(tmp, "profile.json")
        exe = os.path.join(tmp, "profiled")
        subprocess.run([a.remat_compile, model, "--target=cpu", "--profile-ops", "-o", exe],
                       check=True)
        subprocess.run([exe, "--iters", str(a.profile_iters)], check=True,
                       capture_output=True, env=dict(os.environ, REMAT_PROFILE=profile))

        rows = []
        for name, flags in plans(a.max_overheads):
            roof, _ = predict(a, model, flags, None)
            prof, peak = predict(a, model, flags, profile)
            exe = os.path.join(tmp, name.replace(" ", "_").replace("%", "pct"))
            subprocess.run([a.remat_compile, model, "--target=cpu", *flags,
                            f"--device={a.device}", f"--cost-profile={profile}", "-o", exe],
                           check=True)
            rows.append(dict(name=name, exe=exe, roof=roof, prof=prof, plan=peak, times=[]))

        dumps = {}
        for _ in range(a.rounds):
            for r in rows:
                dump = os.path.join(tmp, "out.bin")
                out = subprocess.run([r["exe"], "--iters", str(a.iters), "--dump", dump],
                                     check=True, capture_output=True, text=True).stdout
                report = json.loads(out)
                r["times"].append(report["time_per_iter_s"])
                r["runtime"] = report["peak_bytes"]
                dumps[r["name"]] = open(dump, "rb").read()

    base = statistics.median(rows[0]["times"])
    spread = (max(rows[0]["times"]) - min(rows[0]["times"])) / base
    print(f"GPT layers={a.layers} seq={a.seq} hidden={a.hidden} heads={a.heads} "
          f"vocab={a.vocab} {a.dtype}; device={a.device}; {a.rounds} rounds x {a.iters} steps; "
          f"policy none: {base * 1e3:.1f} ms/step")
    print(f"{'plan':<11} {'plan peak':>11} {'runtime':>11} {'roofline':>9} {'profile':>8} "
          f"{'measured':>9} {'error':>6}  identical")
    worst = 0.0
    for r in rows:
        measured = statistics.median(r["times"]) / base - 1
        error = measured - r["prof"]
        worst = max(worst, abs(error))
        same = dumps[r["name"]] == dumps["none"]
        print(f"{r['name']:<11} {r['plan']:>11,} {r['runtime']:>11,} {r['roof'] * 100:>8.1f}% "
              f"{r['prof'] * 100:>7.1f}% {measured * 100:>8.1f}% {error * 100:>+5.1f}  {same}")
    print(f"largest |measured - predicted with profile|: {worst * 100:.1f} percentage points")
    print(f"noise: policy none's {a.rounds} round medians spread over {spread * 100:.1f}% "
          f"of their median")
    return 0


if __name__ == "__main__":
    sys.exit(main())
