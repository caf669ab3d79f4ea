#!/usr/bin/env python3
"""The memory plan against the runtime on every example of the test suite.

Walks the .mlir files under the given folders (default: test/), splits each
at `// -----`, and compiles every function with a body that remat-compile
takes (statically shaped tensor arguments and results, ops it lowers) for the
CPU under each --policies entry (default none and selective, and auto at its
least peak; a fixed policy that does not apply to a function, such as full
without remat.block, is skipped). It runs each executable once and compares
the bytes the runtime held at its peak with the plan's static peak.

docs/RematCompile.md states the direction: the runtime holds at least the
plan's peak (buffers are allocated at exactly their size) and a little more
(kernel temporaries the plan does not count, e.g. softmax row maxima, and
C's rounding of small blocks). A "violation" is a runtime peak below the
plan's. The script prints each case where they differ, the counts, and the
largest relative excess; with --check it exits 1 on a violation.

    python3 benchmarks/plan_vs_runtime.py            # every lit example
    python3 benchmarks/plan_vs_runtime.py --check test/Transforms
"""
import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

POLICIES = {
    "none": ["--policy=none"],
    "full": ["--policy=full"],
    "selective": ["--policy=selective"],
    "auto-min": ["--policy=auto", "--max-overhead=100"],
}


def limit_memory():
    """Executables run under a 4 GiB address-space limit: the lit examples
    of out-of-memory errors (Inputs/huge-*.mlir) then fail quickly, as in
    their own tests, instead of paging the machine."""
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def chunks(path):
    text = open(path).read()
    return re.split(r"^// -----\s*$", text, flags=re.M)


def functions(chunk):
    """Public functions with a body, by name."""
    names = []
    for m in re.finditer(r"^\s*func\.func\s+(?:public\s+)?@([\w$.]+)\s*\(", chunk, flags=re.M):
        names.append(m.group(1))
    return names


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="*", default=[os.path.join(ROOT, "test")])
    ap.add_argument("--policies", nargs="+", default=["none", "selective", "auto-min"],
                    choices=sorted(POLICIES))
    ap.add_argument("--remat-compile", default=os.path.join(ROOT, "build", "bin", "remat-compile"))
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args(argv)

    files = sorted(os.path.join(d, f) for folder in a.folders
                   for d, _, fs in os.walk(folder) for f in fs
                   if f.endswith(".mlir") and "Output" not in d)
    compiled = skipped = equal = violations = 0
    worst = (0.0, None)
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "step")
        for path in files:
            for i, chunk in enumerate(chunks(path)):
                src = os.path.join(tmp, "chunk.mlir")
                with open(src, "w") as f:
                    f.write(chunk)
                for name in functions(chunk):
                    for policy in a.policies:
                        r = subprocess.run([a.remat_compile, src, f"--entry={name}", "--target=cpu",
                                            *POLICIES[policy], "-o", exe],
                                           capture_output=True, text=True)
                        if r.returncode != 0:
                            skipped += 1
                            continue
                        run = subprocess.run([exe, "--iters", "1", "--warmup", "0"],
                                             capture_output=True, text=True,
                                             preexec_fn=limit_memory)
                        if run.returncode != 0:
                            skipped += 1
                            continue
                        compiled += 1
                        out = json.loads(run.stdout)
                        peak, plan = out["peak_bytes"], out["plan_peak_bytes"]
                        where = f"{os.path.relpath(path, ROOT)}#{i} @{name} {policy}"
                        if peak == plan:
                            equal += 1
                            continue
                        if peak < plan:
                            violations += 1
                            print(f"VIOLATION {where}: runtime {peak} < plan {plan}")
                            continue
                        excess = (peak - plan) / plan if plan else float("inf")
                        print(f"{where}: runtime {peak} = plan {plan} + {peak - plan} "
                              f"({excess:.1%})")
                        if excess > worst[0]:
                            worst = (excess, where)
    print(f"{compiled} executables from {len(files)} files ({skipped} function/policy pairs "
          f"remat-compile or the run refused: no static tensor signature, an expected error, "
          f"a policy that does not apply)")
    print(f"runtime peak = plan: {equal}; above: {compiled - equal - violations}; "
          f"below (violations): {violations}")
    if worst[1]:
        print(f"largest excess: {worst[0]:.1%} ({worst[1]})")
    return 1 if (a.check and violations) else 0


if __name__ == "__main__":
    sys.exit(main())
