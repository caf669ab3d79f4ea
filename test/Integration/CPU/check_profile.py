#!/usr/bin/env python3
"""Checks a cost profile written by a --profile-ops executable against the
model it was built from.

usage: check_profile.py PROFILE.json MODEL.mlir --remat-opt PATH

Prints one line per check, and exits 1 if one fails:
  * every entry has a key, seconds >= 0, instances >= 1, class, flops, bytes;
  * the profile covers every op of the model's entry (canonicalized, as
    remat-compile plans it): --rematerialize with
    cost-profile= estimates policy none's step as exactly the sum of the
    profile's seconds x instances (an op the profile missed would add its
    roofline time; a key that did not round-trip would leave one out).
"""
import argparse
import json
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("profile")
    ap.add_argument("model")
    ap.add_argument("--remat-opt", required=True)
    a = ap.parse_args()
    with open(a.profile) as f:
        ops = json.load(f)["ops"]
    well_formed = all(isinstance(o["key"], str) and o["seconds"] >= 0 and o["instances"] >= 1
                      and o["class"] and o["flops"] >= 0 and o["bytes"] >= 0 for o in ops)
    print(f"well-formed entries: {well_formed} ({len(ops)} distinct ops, "
          f"{sum(o['instances'] for o in ops)} in the step)")
    total = sum(o["seconds"] * o["instances"] for o in ops)
    # remat-compile canonicalizes the entry before it plans and profiles.
    out = subprocess.run([a.remat_opt, a.model, "--canonicalize",
                          "--rematerialize=policy=none device=cpu "
                          f"cost-profile={a.profile} report=-", "-o", "/dev/null"],
                         check=True, capture_output=True, text=True).stdout
    estimated = json.loads(out)["baseline"]["estimated_time_s"]
    covered = abs(estimated - total) <= 1e-9 * max(total, 1e-30) + 1e-15
    print(f"profile covers every op: {covered} (estimate {estimated:.9g} s, "
          f"profile total {total:.9g} s)")
    return 0 if well_formed and covered else 1


if __name__ == "__main__":
    sys.exit(main())
