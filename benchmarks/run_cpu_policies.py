#!/usr/bin/env python3
"""Compiles a generated GPT training step with remat-compile under every
policy (auto at its least peak and within 5% overhead), runs each executable on the CPU with the same seed, and prints the
plan's static peak next to the bytes the runtime really held at once, the
time per step, and whether all outputs are bit-identical to policy none.

With --autodiff, the step is compiled from the forward function alone
(remat-compile --autodiff builds the backward). With --check, fails unless every policy's outputs are bit-identical to
policy none's and every runtime peak is within --tolerance of its plan peak.

    python3 benchmarks/run_cpu_policies.py --layers 2 --seq 64 --hidden 64 --heads 2
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import common  # noqa: E402

# Row name and remat-compile flags. auto-min: the least peak auto reaches
# (any overhead allowed); auto-5%: the least peak within 5% estimated time.
POLICIES = (("none", ["--policy=none"]), ("full", ["--policy=full"]), ("sqrt", ["--policy=sqrt"]),
            ("selective", ["--policy=selective"]), ("dots", ["--policy=dots"]),
            ("dots-no-batch", ["--policy=dots-no-batch"]),
            ("auto-min", ["--policy=auto", "--max-overhead=10"]),
            ("auto-5%", ["--policy=auto", "--max-overhead=0.05"]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--remat-compile", default=os.path.join(HERE, "..", "build", "bin", "remat-compile"))
    common.add_model_args(ap, layers=2, seq=64, hidden=64, heads=2, vocab=128)
    ap.add_argument("--iters", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tolerance", type=float, default=0.05,
                    help="allowed relative difference of runtime and plan peak")
    ap.add_argument("--autodiff", action="store_true",
                    help="compile the forward function with remat-compile --autodiff "
                         "instead of the hand-written joint graph")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args(argv)

    failures = []
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        src = common.write_gpt(a, os.path.join(tmp, "gpt.mlir"), forward_only=a.autodiff)
        extra = ["--autodiff"] if a.autodiff else []
        dumps = {}
        for policy, flags in POLICIES:
            exe = os.path.join(tmp, policy)
            subprocess.run([a.remat_compile, src, "--entry=train_step", "--target=cpu",
                            *extra, *flags, "-o", exe], check=True)
            dump = os.path.join(tmp, policy + ".bin")
            out = subprocess.run([exe, "--iters", str(a.iters), "--seed", str(a.seed),
                                  "--dump", dump], check=True, capture_output=True, text=True).stdout
            r = json.loads(out)
            dumps[policy] = open(dump, "rb").read()
            rows.append((policy, r))
        for policy, r in rows:
            identical = dumps[policy] == dumps["none"]
            rel = (r["peak_bytes"] - r["plan_peak_bytes"]) / r["plan_peak_bytes"]
            r["identical"], r["rel"] = identical, rel
            if not identical:
                failures.append(f"{policy}: outputs differ from policy none")
            if abs(rel) > a.tolerance:
                failures.append(f"{policy}: runtime peak {r['peak_bytes']} vs plan {r['plan_peak_bytes']} ({rel:+.2%})")
            if any(isinstance(o["sum"], str) for o in r["outputs"]):
                failures.append(f"{policy}: non-finite outputs")

    print(f"GPT training step on the CPU{' (--autodiff)' if a.autodiff else ''}: layers={a.layers} batch={a.batch} seq={a.seq} "
          f"hidden={a.hidden} heads={a.heads} vocab={a.vocab} dtype={a.dtype} seed={a.seed}")
    hdr = f"{'policy':<10} {'plan peak':>12} {'runtime peak':>13} {'diff':>7} {'ms/step':>9} {'loss':>12} {'bit-identical':>14}"
    print(hdr)
    print("-" * len(hdr))
    for policy, r in rows:
        print(f"{policy:<10} {r['plan_peak_bytes']:>12} {r['peak_bytes']:>13} {r['rel']:>+7.2%} "
              f"{r['time_per_iter_s'] * 1e3:>9.3f} {r['outputs'][0]['sum']:>12.6g} {str(r['identical']):>14}")
    return common.finish(failures, a.check)


if __name__ == "__main__":
    sys.exit(main())
