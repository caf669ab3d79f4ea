#!/usr/bin/env python3
"""Runs the executables listed in <dir>/manifest.txt, compares outputs with
the CPU reference dumps and across policies, and prints the table.

Each executable prints one JSON line (remat-compile's harness). Outputs are
compared element-wise as float32 (bf16/f16 are widened) with the largest
relative error max|gpu - cpu| / max(|cpu|) per output, so that a sum of
differently ordered roundings does not look like a failure.
"""
import json
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

DTYPES = {"f32": np.float32, "f16": np.float16, "i32": np.int32, "i64": np.int64}


def load_outputs(path, outputs):
    raw = open(path, "rb").read()
    arrays, offset = [], 0
    for o in outputs:
        n = int(np.prod(o["shape"])) if o["shape"] else 1
        if o["dtype"] == "bf16":
            a = np.frombuffer(raw, np.uint16, n, offset).astype(np.uint32) << 16
            arrays.append(a.view(np.float32))
            offset += 2 * n
            continue
        dt = np.dtype(DTYPES[o["dtype"]])
        arrays.append(np.frombuffer(raw, dt, n, offset).astype(np.float64))
        offset += dt.itemsize * n
    return arrays


def max_rel_error(got, ref):
    worst = 0.0
    for g, r in zip(got, ref):
        scale = max(float(np.max(np.abs(r))), 1e-30)
        worst = max(worst, float(np.max(np.abs(g.astype(np.float64) - r.astype(np.float64)))) / scale)
    return worst


def profile_kernels(folder, log, failures):
    """Per kernel class speed of the big step under policy none."""
    exe = os.path.join(folder, "big.none.exe")
    table = exe + ".kernels.json"
    if not (os.path.exists(exe) and os.path.exists(table)):
        return
    profile = os.path.join(log, "big.none.profile.json")
    env = dict(os.environ, REMAT_PROFILE=profile)
    proc = subprocess.run([exe, "--iters", "3", "--warmup", "1"], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        failures.append(f"profile run: exit {proc.returncode}: {proc.stderr.strip()[-300:]}")
        return
    import kernel_roofline
    print("\nkernels of big/none per class (REMAT_PROFILE, events around each launch):")
    kernel_roofline.print_table(kernel_roofline.summarize(
        json.load(open(table)), json.load(open(profile)), kernel_roofline.DEVICES["h200"]))
    print()


def torch_side_by_side(rows, log, failures):
    """The big step in PyTorch eager on this machine (f32/bf16, with and
    without checkpointing per block), beside remat's table."""
    config = next((c for n, _, c, _, _ in rows if n == "big"), None)
    if config is None:
        return
    kv = dict(item.split("=") for item in config.split())
    cmd = [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "torch_gpu_step.py"),
           "--layers", kv["layers"], "--seq", kv["seq"], "--hidden", kv["hidden"],
           "--heads", kv["heads"], "--vocab", kv["vocab"], "--iters", "5"]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=240)
    except subprocess.TimeoutExpired:
        failures.append("PyTorch side-by-side: over 240 s")
        return
    with open(os.path.join(log, "torch.log"), "w") as f:
        f.write(proc.stdout + proc.stderr)
    if proc.returncode != 0:
        print(f"\nPyTorch side-by-side not run: {proc.stderr.strip()[-300:]}")
        return
    print("\nthe big step in PyTorch (max allocated includes inputs, weights and gradients):")
    print(proc.stdout.rstrip())


def cublaslt_dir():
    """The folder of libcublasLt in this Python's CUDA wheels, or None."""
    import importlib
    for name in ("nvidia.cublas", "nvidia.cu13", "nvidia.cu12"):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        for folder in module.__path__:
            lib = os.path.join(folder, "lib")
            if os.path.isdir(lib) and any(f.startswith("libcublasLt.so") for f in os.listdir(lib)):
                return lib
    return None


def main():
    if sys.argv[1:] == ["--cublaslt-dir"]:
        lib = cublaslt_dir()
        if lib:
            print(lib)
        return 0 if lib else 1
    folder, log = sys.argv[1], sys.argv[2]
    rows, failures = [], []
    dumps = {}
    for line in open(os.path.join(folder, "manifest.txt")):
        name, policy, ref, *config = line.split()
        exe = os.path.join(folder, f"{name}.{policy}.exe")
        dump = os.path.join(log, f"{name}.{policy}.bin")
        iters = "5" if ref == "yes" else "3"
        proc = subprocess.run([exe, "--iters", iters, "--warmup", "1", "--seed", "1", "--dump", dump],
                              capture_output=True, text=True)
        with open(os.path.join(log, f"{name}.{policy}.log"), "w") as f:
            f.write(proc.stdout + proc.stderr)
        if proc.returncode != 0:
            failures.append(f"{name}/{policy}: exit {proc.returncode}: {proc.stderr.strip()[-300:]}")
            continue
        r = json.loads(proc.stdout)
        err = None
        if ref == "yes":
            refjson = json.load(open(os.path.join(folder, f"{name}.{policy}.ref.json")))
            got = load_outputs(dump, r["outputs"])
            want = load_outputs(os.path.join(folder, f"{name}.{policy}.ref.bin"), refjson["outputs"])
            err = max_rel_error(got, want)
            tol = next((float(c.split("=", 1)[1]) for c in config
                        if c.startswith("tolerance=")), 1e-3)
            if not err < tol:
                failures.append(f"{name}/{policy}: max relative error {err:.3g} vs CPU")
        dumps[(name, policy)] = open(dump, "rb").read()
        rows.append((name, policy, " ".join(config), r, err))

    # device peak = the plan's bytes + cuBLASLt's workspace (lib ws); the
    # stream-ordered pool holds `reserved` from the driver.
    print(f"{'model':<6} {'policy':<10} {'plan peak MiB':>14} {'device peak MiB':>16} {'lib ws MiB':>11} "
          f"{'reserved MiB':>13} {'ms/step':>9} {'max rel err vs CPU':>19} {'= none':>7}")
    for name, policy, config, r, err in rows:
        same = dumps[(name, policy)] == dumps.get((name, "none"))
        if not same:
            failures.append(f"{name}/{policy}: outputs differ from policy none on the GPU")
        # Offloaded values live in pinned host memory, counted apart: the
        # runtime's host peak is the plan's.
        if r.get("host_peak_bytes", 0) != r.get("plan_host_peak_bytes", 0):
            failures.append(f"{name}/{policy}: host peak {r.get('host_peak_bytes')} != plan "
                            f"{r.get('plan_host_peak_bytes')}")
        if r.get("plan_host_peak_bytes"):
            print(f"{name:<6} {policy:<10} host peak {r['host_peak_bytes'] / 2**20:.2f} MiB "
                  f"(plan {r['plan_host_peak_bytes'] / 2**20:.2f} MiB)")
        ws, reserved = r.get("library_workspace_bytes", 0), r.get("reserved_bytes", 0)
        print(f"{name:<6} {policy:<10} {r['plan_peak_bytes'] / 2**20:>14.2f} {r['peak_bytes'] / 2**20:>16.2f} "
              f"{ws / 2**20:>11.2f} {reserved / 2**20:>13.2f} "
              f"{r['time_per_iter_s'] * 1e3:>9.3f} {('%.2e' % err) if err is not None else '-':>19} {str(same):>7}")
    for name in sorted({n for n, *_ in rows}):
        print(f"{name}: " + next(c for n, _, c, _, _ in rows if n == name))
    profile_kernels(folder, log, failures)
    torch_side_by_side(rows, log, failures)
    for f in failures:
        print("FAIL:", f)
    print(f"{len(rows) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
