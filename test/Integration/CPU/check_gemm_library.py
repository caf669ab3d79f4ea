#!/usr/bin/env python3
"""Checks remat-compile's fast CPU code (library GEMMs, --gemm=blas, and
polynomial math, --math=approx: the defaults) against the plain lowering
(--gemm=loops --math=libm).

usage: check_gemm_library.py MODEL.mlir --remat-compile PATH [--tolerance T]

Compiles MODEL for the CPU both ways and runs both on the same inputs.
Checks, printing one line each:
  * the results agree: every f32 result's largest difference, relative to
    that result's largest magnitude, is below the tolerance (the library
    sums in another order and the polynomials are not libm, so the bits
    differ);
  * the runtime peak is the same (the library's workspace is not counted);
  * --threads 2 gives the same bits as --threads 1 (each output element is
    computed by one thread in the same order).
Exits 1 on a failed check.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import numpy as np


def run(exe, dump, *flags):
    out = subprocess.run([exe, "--iters", "1", "--warmup", "0", "--dump", dump, *flags],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out), open(dump, "rb").read()


def results(report, blob):
    """The dumped results as arrays, in order."""
    sizes = {"f32": 4, "f16": 2, "bf16": 2, "i32": 4, "i64": 8}
    arrays, at = [], 0
    for o in report["outputs"]:
        n = int(np.prod(o["shape"], dtype=np.int64))
        nbytes = n * sizes[o["dtype"]]
        if o["dtype"] == "f32":
            arrays.append(np.frombuffer(blob[at:at + nbytes], dtype=np.float32))
        at += nbytes
    return arrays


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("--remat-compile", required=True)
    ap.add_argument("--tolerance", type=float, default=1e-4)
    a = ap.parse_args()
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        runs = {}
        for gemm, math in (("loops", "libm"), ("blas", "approx")):
            exe = os.path.join(tmp, gemm)
            subprocess.run([a.remat_compile, a.model, "--target=cpu", f"--gemm={gemm}",
                            f"--math={math}", "-o", exe], check=True)
            runs[gemm] = run(exe, os.path.join(tmp, gemm + ".bin"))
        two = run(os.path.join(tmp, "blas"), os.path.join(tmp, "two.bin"), "--threads", "2")

    worst = 0.0
    for x, y in zip(results(*runs["loops"]), results(*runs["blas"])):
        scale = max(float(np.max(np.abs(x))), 1e-30) if x.size else 1.0
        if x.size:
            worst = max(worst, float(np.max(np.abs(x.astype(np.float64) - y))) / scale)
    ok = worst < a.tolerance
    failures += not ok
    print(f"results agree: {ok} (largest relative difference {worst:.2e}, tolerance {a.tolerance:g})")
    peaks = [runs[g][0]["peak_bytes"] for g in ("loops", "blas")]
    ok = peaks[0] == peaks[1]
    failures += not ok
    print(f"same runtime peak: {ok} ({peaks[0]} and {peaks[1]} bytes)")
    ok = two[1] == runs["blas"][1]
    failures += not ok
    print(f"2 threads bit-identical to 1: {ok}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
