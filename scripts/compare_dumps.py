#!/usr/bin/env python3
"""Compares two output dumps of remat-compile executables.

    compare_dumps.py ref.json ref.bin got.json got.bin [--tolerance T] [--exact I,J]

Prints the largest relative error over all outputs (max |got - ref| /
max |ref| per output) and exits 1 if it exceeds the tolerance, or if an
output listed in --exact (0-based) is not bit-identical.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpu_check import load_outputs, max_rel_error  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("ref_json")
    ap.add_argument("ref_bin")
    ap.add_argument("got_json")
    ap.add_argument("got_bin")
    ap.add_argument("--tolerance", type=float, default=1e-3)
    ap.add_argument("--exact", default="", help="outputs that must be bit-identical")
    a = ap.parse_args()
    ref = load_outputs(a.ref_bin, json.load(open(a.ref_json))["outputs"])
    got = load_outputs(a.got_bin, json.load(open(a.got_json))["outputs"])
    err = max_rel_error(got, ref)
    print(f"max relative error {err:.3e} (tolerance {a.tolerance:g})")
    differ = [i for i in map(int, filter(None, a.exact.split(",")))
              if got[i].tobytes() != ref[i].tobytes()]
    for i in differ:
        print(f"output {i} is not bit-identical")
    return 0 if err <= a.tolerance and not differ else 1


if __name__ == "__main__":
    sys.exit(main())
