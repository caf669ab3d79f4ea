#!/usr/bin/env python3
"""Compares two output dumps of remat-compile executables.

    compare_dumps.py ref.json ref.bin got.json got.bin [--tolerance T]

Prints the largest relative error over all outputs (max |got - ref| /
max |ref| per output) and exits 1 if it exceeds the tolerance.
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
    a = ap.parse_args()
    ref = load_outputs(a.ref_bin, json.load(open(a.ref_json))["outputs"])
    got = load_outputs(a.got_bin, json.load(open(a.got_json))["outputs"])
    err = max_rel_error(got, ref)
    print(f"max relative error {err:.3e} (tolerance {a.tolerance:g})")
    return 0 if err <= a.tolerance else 1


if __name__ == "__main__":
    sys.exit(main())
