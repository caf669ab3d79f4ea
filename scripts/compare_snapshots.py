#!/usr/bin/env python3
"""Compares two directories of scripts/report_snapshot.sh.

    python3 scripts/compare_snapshots.py OLD NEW [--ignore-field F ...]

Diagnostics (.err) and IR must be byte-identical; report lines (JSON
objects) must be equal as JSON once the fields named by --ignore-field are
dropped from NEW's (fields a change adds), and NEW's error entries
({"function", "error"}) are dropped where OLD had none. Exit 1 on any
difference, listing the files.
"""
import argparse
import json
import os
import sys


def split(text, ignore, drop_errors):
    reports, rest = [], []
    for line in text.splitlines():
        if line.startswith("{"):
            obj = json.loads(line)
            if drop_errors and "error" in obj:
                continue
            for field in ignore:
                obj.pop(field, None)
            reports.append(obj)
        else:
            rest.append(line)
    return reports, rest


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--ignore-field", action="append", default=[])
    args = ap.parse_args()
    differ = []
    names = sorted(os.listdir(args.old))
    for name in names:
        with open(os.path.join(args.old, name)) as f:
            old = f.read()
        try:
            with open(os.path.join(args.new, name)) as f:
                new = f.read()
        except OSError:
            differ.append(name + " (missing)")
            continue
        if name.endswith(".out"):
            had_errors = any('"error"' in line for line in old.splitlines()
                             if line.startswith("{"))
            if split(old, [], False) != split(new, args.ignore_field, not had_errors):
                differ.append(name)
        elif old != new:
            differ.append(name)
    print(f"{len(names)} files, {len(differ)} differ")
    for name in differ:
        print("  " + name)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
