"""Helpers shared by the benchmark scripts."""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from remat.models import GPT_DEFAULTS, write_output  # noqa: E402

# The GPT shapes (sequence, hidden, dtype) of the optimality benchmarks
# (exact_gap.py, certified_gap.py).
GPT_SHAPES = [(seq, hidden, dtype) for dtype in ("f32", "bf16")
              for seq, hidden in ((1024, 1024), (2048, 2048), (4096, 4096), (1024, 4096))]


def add_model_args(ap, layers=GPT_DEFAULTS["layers"], seq=GPT_DEFAULTS["seq"],
                   hidden=GPT_DEFAULTS["hidden"], heads=GPT_DEFAULTS["heads"],
                   vocab=GPT_DEFAULTS["vocab"]):
    """The GPT shape options of gen_gpt.py, with per-script defaults
    (remat.models.GPT_DEFAULTS unless given)."""
    ap.add_argument("--layers", type=int, default=layers)
    ap.add_argument("--batch", type=int, default=GPT_DEFAULTS["batch"])
    ap.add_argument("--seq", type=int, default=seq)
    ap.add_argument("--hidden", type=int, default=hidden)
    ap.add_argument("--heads", type=int, default=heads)
    ap.add_argument("--vocab", type=int, default=vocab)
    ap.add_argument("--dtype", choices=["f32", "f16", "bf16"], default="f32")


def add_remat_opt_args(ap, default_bin):
    """--remat-opt, --device and --check, as the plan benchmarks take them."""
    ap.add_argument("--remat-opt", default=default_bin)
    ap.add_argument("--device", default="h200")
    ap.add_argument("--check", action="store_true")


def auto_report(remat_opt, path, device, options):
    """remat-opt's report of policy=auto on `path` with `options` (budget,
    solver, ...), and the run's wall time in seconds."""
    start = time.perf_counter()
    out = subprocess.run(
        [remat_opt, path, "-o", os.devnull,
         f"--rematerialize=policy=auto device={device} report=- {options}"],
        capture_output=True, text=True, check=True).stdout
    try:
        return json.loads(out), time.perf_counter() - start
    except json.JSONDecodeError:
        raise SystemExit(f"{path} ({options}): remat-opt wrote no report:\n{out[:2000]}")


def read_report(path):
    """The report a `report=<path>` run wrote for a module's single function
    (an object; a module of several functions writes a list: its first)."""
    with open(path) as f:
        r = json.load(f)
    return r[0] if isinstance(r, list) else r


def write_gpt(a, path, forward_only=False):
    """Writes the gen_gpt.py joint graph (or its forward alone) for the
    model options in `a`."""
    import gen_gpt
    with open(path, "w") as f:
        f.write(gen_gpt.generate(a.layers, a.batch, a.seq, a.hidden, a.heads, a.vocab,
                                 4 * a.hidden, a.dtype, 0.1, True, forward_only))
    return path


def each_gpt(a):
    """For each shape to measure (GPT_SHAPES, or the one of --seq, --hidden
    and --dtype when --seq is given): sets them in `a`, writes the GPT and
    yields (seq, hidden, dtype, path)."""
    shapes = GPT_SHAPES if a.seq == 0 else [(a.seq, a.hidden, a.dtype)]
    with tempfile.TemporaryDirectory() as tmp:
        for seq, hidden, dtype in shapes:
            a.seq, a.hidden, a.dtype = seq, hidden, dtype
            yield seq, hidden, dtype, write_gpt(a, os.path.join(tmp, "gpt.mlir"))


def each_family_graph(remat_opt, families, seeds, max_buffers=None, device="h200"):
    """For each family of gen_families.py and each seed: the joint graph
    (its forward through remat-opt --nn-autodiff), yielded as (label, path,
    movable buffers); graphs with more than max_buffers movable buffers
    (saved activations a plan may drop) are yielded with path None."""
    import gen_families
    with tempfile.TemporaryDirectory() as tmp:
        for family in families:
            for seed in seeds:
                forward = os.path.join(tmp, "forward.mlir")
                joint = os.path.join(tmp, "joint.mlir")
                with open(forward, "w") as f:
                    f.write(gen_families.generate(family, seed))
                subprocess.run([remat_opt, forward, "--nn-autodiff", "-o", joint],
                               check=True, capture_output=True)
                report, _ = auto_report(remat_opt, joint, device, "budget=1TiB solver=search")
                buffers = report["decision_space"]["saved_buffers"]
                fits = max_buffers is None or buffers <= max_buffers
                yield f"{family}:{seed}", joint if fits else None, buffers


def finish(failures, check):
    """Prints the failures; with check, the exit status says whether any."""
    for f in failures:
        print("FAIL:", f)
    if not check:
        return 0
    if failures:
        return 1
    print("all checks passed")
    return 0
