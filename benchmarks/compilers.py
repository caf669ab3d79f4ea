"""remat on the IR real compilers produce: PyTorch training steps imported by
torch-mlir (linalg on tensors, TOSA), planned by remat-opt under each
policy, then compiled and run two ways:

  * remat-compile's CPU build (One-Shot Bufferize, each buffer freed after
    its last use): the bytes it really held against the plan's peak;
  * IREE (iree-compile for llvm-cpu, iree-run-module --device=local-sync
    --print_statistics): its allocator's DEVICE_LOCAL peak, and its outputs,
    which must be bit-identical under every policy.

    $(bash scripts/venv.sh) benchmarks/compilers.py                  # the zoo
    $(bash scripts/venv.sh) benchmarks/compilers.py --models mlp --check

Inputs are the .mlir files of --inputs (test/Compilers/Inputs: checked in,
made by `python -m remat.compilers`), or made afresh with --import.
With --check, exits 1 unless every policy ran, the outputs of each engine
are bit-identical across policies, and the plan's peak is within
--tolerance of remat-compile's bytes.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POLICIES = ("none", "selective", "dots", "dots-no-batch")


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        raise RuntimeError(f"{' '.join(cmd[:2])} failed ({r.returncode}):\n{r.stderr[-2000:]}")
    return r


def plan(opt, src, policy, out):
    # Generic form: IREE's newer MLIR reads it where remat's MLIR 22 custom
    # form of a TOSA op (tosa.const_shape) has changed since.
    r = run([opt, src, f"--rematerialize=policy={policy} report=-", "--mlir-print-op-generic",
             "-o", out])
    report = json.loads(r.stdout.splitlines()[0])
    res = report["result"]
    return {"plan": res["peak_bytes"], "recompute_flops": res["recompute_flops"],
            "recomputed": sum(d["decision"] == "recompute" for d in report["decisions"]),
            "saved": len(report["decisions"])}


def remat_compile(tool, src, policy, work):
    exe = os.path.join(work, f"step-{policy}")
    run([tool, src, "--entry=train_step", f"--policy={policy}", "--target=cpu", "-o", exe])
    out = json.loads(run([exe]).stdout.strip().splitlines()[-1])
    return out["peak_bytes"], out["plan_peak_bytes"], json.dumps(out["outputs"])


def iree_inputs(text, work, tag):
    """The step's inputs as .npy files (the same for every policy: seeded),
    from the signature of the importer's module `text`, and the paths its
    outputs go to: (--input flags, output paths)."""
    sig = re.search(r"func\.func @train_step\((.*?)\)\s*->", text, re.S).group(1)
    rng = np.random.default_rng(0)
    args = []
    for i, t in enumerate(re.findall(r"tensor<([^>]*)>", sig)):
        *dims, _ = t.split("x")
        path = os.path.join(work, f"{tag}-in{i}.npy")
        np.save(path, (rng.standard_normal([int(d) for d in dims]) * 0.1).astype(np.float32))
        args.append(f"--input=@{path}")
    nout = text[text.index("@train_step"):].split("{", 1)[0].count("tensor<") - len(args)
    return args, [os.path.join(work, f"{tag}-out{i}.npy") for i in range(nout)]


def iree(bindir, rewritten, inputs, work, tag):
    args, outs = inputs
    vmfb = os.path.join(work, f"{tag}.vmfb")
    run([os.path.join(bindir, "iree-compile"), rewritten, "--iree-hal-target-device=local",
         "--iree-hal-local-target-device-backends=llvm-cpu", "-o", vmfb])
    r = run([os.path.join(bindir, "iree-run-module"), f"--module={vmfb}", "--device=local-sync",
             "--function=train_step", "--print_statistics", *args,
             *[f"--output=@{o}" for o in outs]])
    peak = int(re.search(r"DEVICE_LOCAL:\s*(\d+)B peak", r.stdout + r.stderr).group(1))
    digest = b"".join(np.load(o).tobytes() for o in outs)
    return peak, digest


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", default="mlp,gpt,cnn,dropout-mlp,lstm")
    ap.add_argument("--dialects", default="linalg,tosa")
    ap.add_argument("--only", default="",
                    help="comma-separated model.dialect pairs to run (default: every pair)")
    ap.add_argument("--inputs", default=os.path.join(ROOT, "test", "Compilers", "Inputs"))
    ap.add_argument("--import", dest="do_import", action="store_true",
                    help="import the models afresh with torch-mlir (python -m remat.compilers)")
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--iree-bin", default=os.path.dirname(sys.executable))
    ap.add_argument("--no-iree", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--tolerance", type=float, default=0.03,
                    help="--check: most relative gap between the plan and remat-compile's bytes")
    a = ap.parse_args()
    opt, tool = os.path.join(a.bin, "remat-opt"), os.path.join(a.bin, "remat-compile")
    failures = []
    print("| model | dialect | policy | saved (recomputed) | recompute FLOPs | plan peak B | "
          "remat-compile B | IREE DEVICE_LOCAL peak B | outputs |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for model in a.models.split(","):
            for dialect in a.dialects.split(","):
                if a.only and f"{model}.{dialect}" not in a.only.split(","):
                    continue
                src = os.path.join(a.inputs, f"{model}.{dialect}.mlir")
                if a.do_import:
                    src = os.path.join(work, f"{model}.{dialect}.mlir")
                    r = subprocess.run([sys.executable, "-m", "remat.compilers", "--model", model,
                                        "--dialect", dialect, "-o", src], capture_output=True,
                                       text=True, env={**os.environ, "PYTHONPATH": os.path.join(ROOT, "python")})
                    if r.returncode:
                        last = [l for l in r.stderr.splitlines() if "error" in l.lower()][:1]
                        print(f"| {model} | {dialect} | (torch-mlir refuses: {last[0][:120] if last else '?'}) |")
                        continue
                if not os.path.exists(src):
                    continue
                text = open(src).read()
                tag = f"{model}-{dialect}"
                inputs = None if a.no_iree else iree_inputs(text, work, tag)
                # remat-compile lowers linalg, tensor, arith and math, not the
                # global RNG state torch-mlir keeps in ml_program.
                compiles = dialect == "linalg" and "ml_program." not in text
                digests = {}
                for policy in POLICIES:
                    rewritten = os.path.join(work, f"{model}.{dialect}.{policy}.mlir")
                    try:
                        p = plan(opt, src, policy, rewritten)
                        rc = "-"
                        if compiles:
                            held, planned, outs = remat_compile(tool, src, policy, work)
                            rc = held
                            digests.setdefault("remat-compile", set()).add(outs)
                            if planned != p["plan"] or abs(held - planned) > a.tolerance * planned:
                                failures.append(f"{model}.{dialect} {policy}: plan {planned}, held {held}")
                        ip = "-"
                        if not a.no_iree:
                            ip, digest = iree(a.iree_bin, rewritten, inputs, work, f"{tag}-{policy}")
                            digests.setdefault("iree", set()).add(digest)
                    except Exception as e:  # noqa: BLE001 - reported in the table
                        failures.append(f"{model}.{dialect} {policy}: {e}")
                        print(f"| {model} | {dialect} | {policy} | failed: {str(e).splitlines()[0][:100]} |")
                        continue
                    print(f"| {model} | {dialect} | {policy} | {p['saved']} ({p['recomputed']}) | "
                          f"{p['recompute_flops']:,} | {p['plan']:,} | "
                          f"{rc if rc == '-' else f'{rc:,}'} | {ip if ip == '-' else f'{ip:,}'} | |")
                same = all(len(v) == 1 for v in digests.values())
                print(f"| {model} | {dialect} | all | | | | | | "
                      f"{'bit-identical' if same else 'DIFFER'} ({', '.join(sorted(digests))}) |")
                if not same:
                    failures.append(f"{model}.{dialect}: outputs differ between policies")
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    if a.check:
        print(f"{'FAILED' if failures else 'OK'}: {len(failures)} failures")
        return 1 if failures else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
