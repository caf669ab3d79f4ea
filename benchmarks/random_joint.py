#!/usr/bin/env python3
"""Random joint graphs for property tests of --rematerialize.

A random forward DAG of nn ops (elementwise, matmul, layernorm, softmax,
dropout, transpose, reshape views) over [N, D] tensors, split into
checkpoint blocks, ends in an MSE loss; random "backward" ops then consume
forward values in reverse order and produce the other results. The backward
ops are not real gradients: the pass does not care, and the properties below
hold for any joint function.

    random_joint.py --seed 3 > g.mlir
    random_joint.py --seed 3 --forward-only > f.mlir     # for --nn-autodiff
    random_joint.py --check --count 20 --remat-opt build/bin/remat-opt [--remat-compile ...]

With --check, for each graph and each policy: the output verifies, the
report's peak equals the independently recomputed peak of the output IR,
policy none without "recompute" overrides leaves the figures unchanged, and
(with --remat-compile) the compiled step's outputs are bit-identical to
policy none's. policy=auto runs at budgets from the least peak of its
frontier to the baseline peak and at the peaks of the fixed policies: every
plan fits its budget, a tighter budget never yields a higher peak, auto's
estimated time is at most that of any fixed policy that fits the same budget,
and a budget one byte below the least peak is refused with that peak.
"""
import argparse
import json
import os
import re
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import common  # noqa: E402
import memory_semantics  # noqa: E402


def generate(seed, n=8, d=16, num_fwd=14, num_bwd=10, blocks=3, forward_only=False):
    rng = random.Random(seed)
    t = f"tensor<{n}x{d}xf32>"
    sq = f"tensor<{d}x{d}xf32>"
    rows = f"tensor<{n}xf32>"
    lines, fwd = [], []
    args = [f"%x: {t}", f"%t: {t}", f"%g: tensor<{d}xf32>", f"%b: tensor<{d}xf32>"]
    weights = []
    for i in range(3):
        args.append(f"%w{i}: {sq}")
        weights.append(f"%w{i}")
    counter = [0]

    def new():
        counter[0] += 1
        return f"%v{counter[0]}"

    values = ["%x"]
    for i in range(num_fwd):
        blk = i * blocks // num_fwd
        attr = f"remat.block = {blk} : i64"
        a = rng.choice(values[-4:])
        b = rng.choice(values)
        kind = rng.choice(["relu", "gelu", "add", "mul", "matmul", "matmul", "layernorm",
                           "softmax", "dropout", "scale", "transpose_view"])
        v = new()
        if kind in ("relu", "gelu"):
            lines.append(f"  {v} = nn.{kind} {a} {{{attr}}} : {t}")
        elif kind in ("add", "mul"):
            lines.append(f"  {v} = nn.{kind} {a}, {b} {{{attr}}} : {t}, {t} -> {t}")
        elif kind == "matmul":
            lines.append(f"  {v} = nn.matmul {a}, {rng.choice(weights)} {{{attr}}} : {t}, {sq} -> {t}")
        elif kind == "layernorm":
            m, r = new(), new()
            lines.append(f"  {v}, {m}, {r} = nn.layernorm {a}, %g, %b {{epsilon = 1.000000e-05 : f32, {attr}}} "
                         f": {t}, tensor<{d}xf32>, tensor<{d}xf32> -> {t}, {rows}, {rows}")
        elif kind == "softmax":
            lines.append(f"  {v} = nn.softmax {a} {{scale = 5.000000e-01 : f32, {attr}}} : {t}")
        elif kind == "dropout":
            lines.append(f"  {v} = nn.dropout {a} {{rate = 2.500000e-01 : f32, seed = {rng.randrange(1000)} : i64, {attr}}} : {t}")
        elif kind == "scale":
            lines.append(f"  {v} = nn.scale {a} {{factor = 1.500000e+00 : f32, {attr}}} : {t}")
        else:
            r1 = new()
            lines.append(f"  {r1} = nn.reshape {a} {{{attr}}} : {t} -> tensor<{d}x{n}xf32>")
            lines.append(f"  {v} = nn.reshape {r1} {{{attr}}} : tensor<{d}x{n}xf32> -> {t}")
        if rng.random() < 0.15:
            lines[-1] = lines[-1].replace(f"{{{attr}", f"{{remat.policy = \"{rng.choice(['save', 'recompute'])}\", {attr}")
        values.append(v)
        fwd.append(v)
    loss = new()
    lines.append(f"  {loss} = nn.mse_loss {values[-1]}, %t : {t}, {t} -> tensor<f32>")
    if forward_only:
        head = f"func.func @step({', '.join(args)}) -> tensor<f32> {{"
        return "\n".join([head] + lines + [f"  return {loss} : tensor<f32>", "}"]) + "\n"
    one = new()
    lines.append(f"  {one} = arith.constant dense<1.000000e+00> : tensor<f32>")
    grad = new()
    lines.append(f"  {grad} = nn.mse_loss_grad {values[-1]}, %t, {one} : {t}, {t}, tensor<f32> -> {t}")
    results = [(loss, "tensor<f32>")]
    order = sorted(range(len(fwd)), key=lambda i: -i + rng.uniform(-2, 2))
    for j in range(num_bwd):
        u = fwd[order[j % len(order)]]
        kind = rng.choice(["gelu_grad", "relu_grad", "add", "mul", "matmul_t"])
        v = new()
        if kind in ("gelu_grad", "relu_grad"):
            lines.append(f"  {v} = nn.{kind} {grad}, {u} : {t}")
        elif kind in ("add", "mul"):
            lines.append(f"  {v} = nn.{kind} {grad}, {u} : {t}, {t} -> {t}")
        else:
            w = new()
            lines.append(f"  {w} = nn.matmul {u}, {grad} {{transpose_a}} : {t}, {t} -> {sq}")
            results.append((w, sq))
            lines.append(f"  {v} = nn.matmul {grad}, {rng.choice(weights)} {{transpose_b}} : {t}, {sq} -> {t}")
        grad = v
    results.append((grad, t))
    head = f"func.func @step({', '.join(args)}) -> ({', '.join(ty for _, ty in results)}) {{"
    ret = f"  return {', '.join(v for v, _ in results)} : {', '.join(ty for _, ty in results)}"
    return "\n".join([head] + lines + [ret, "}"]) + "\n"


def check(seed, remat_opt, remat_compile, tmp):
    src = os.path.join(tmp, f"g{seed}.mlir")
    open(src, "w").write(generate(seed))
    failures, dumps = [], {}

    def run(name, options, execute=True):
        """Runs the pass; checks the report's peak against the output IR;
        compiles and runs the output when asked. Returns the report."""
        out, rep = os.path.join(tmp, f"g{seed}.{name}.mlir"), os.path.join(tmp, f"g{seed}.{name}.json")
        p = subprocess.run([remat_opt, src, f"--rematerialize={options} report={rep}", "-o", out],
                           capture_output=True, text=True)
        if p.returncode != 0:
            failures.append(f"seed {seed} {name}: remat-opt failed: {p.stderr.strip()[-300:]}")
            return None
        peak = memory_semantics.peak_of_file(remat_opt, out)
        r = json.load(open(rep))
        if peak != r["result"]["peak_bytes"]:
            failures.append(f"seed {seed} {name}: report peak {r['result']['peak_bytes']} != {peak}")
        if remat_compile and execute:
            exe, dump = os.path.join(tmp, f"g{seed}.{name}"), os.path.join(tmp, f"g{seed}.{name}.bin")
            subprocess.run([remat_compile, out, "-o", exe], check=True)
            subprocess.run([exe, "--iters", "1", "--warmup", "0", "--seed", "2", "--dump", dump],
                           check=True, capture_output=True)
            dumps[name] = open(dump, "rb").read()
        return r

    reports = {policy: run(policy, f"policy={policy}")
               for policy in ("none", "full", "sqrt", "selective", "dots", "dots-no-batch")}
    overrides = 'remat.policy = "recompute"' in open(src).read()
    none = reports["none"]
    if none and not overrides and none["result"] != none["baseline"]:
        failures.append(f"seed {seed}: policy none without overrides changed the function")

    # auto: the frontier, then budgets from its least peak to the baseline
    # peak. Each plan fits its budget, a tighter budget never gives a higher
    # peak, and at a fixed policy's peak auto costs no more than that policy.
    if none:
        frontier = run("auto-frontier", f"policy=auto budget={none['baseline']['peak_bytes']} pareto=true",
                       execute=False)
        if frontier:
            low, high = frontier["pareto"][0]["peak_bytes"], none["baseline"]["peak_bytes"]
            budgets = sorted({low, (low + high) // 2, high} |
                             {r["result"]["peak_bytes"] for r in reports.values() if r})
            previous = None
            for budget in budgets:
                # Executed at the least peak, where auto recomputes the most.
                r = run(f"auto-{budget}", f"policy=auto budget={budget}", execute=budget == low)
                if not r:
                    continue
                peak = r["result"]["peak_bytes"]
                if peak > budget:
                    failures.append(f"seed {seed} auto budget {budget}: peak {peak} above it")
                if previous is not None and peak < previous:
                    failures.append(f"seed {seed} auto: budget {budget} gives peak {peak} < {previous} "
                                    "of a tighter budget")
                previous = peak
                for policy, fixed in reports.items():
                    if fixed and fixed["result"]["peak_bytes"] <= budget and \
                            r["result"]["estimated_time_s"] > fixed["result"]["estimated_time_s"] * (1 + 1e-9):
                        failures.append(f"seed {seed} auto budget {budget}: estimated time "
                                        f"{r['result']['estimated_time_s']} above {policy}'s")
            p = subprocess.run([remat_opt, src, f"--rematerialize=policy=auto budget={low - 1}", "-o", os.devnull],
                               capture_output=True, text=True)
            if p.returncode == 0 or not re.search(
                    f"smallest peak remat (can reach|found) for this function is {low} bytes", p.stderr):
                failures.append(f"seed {seed} auto: budget below the least peak not refused: {p.stderr.strip()}")
    for name, data in dumps.items():
        if data != dumps.get("none"):
            failures.append(f"seed {seed} {name}: outputs differ from policy none")
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--remat-opt", default=os.path.join(HERE, "..", "build", "bin", "remat-opt"))
    ap.add_argument("--remat-compile", default=None)
    ap.add_argument("--forward-only", action="store_true",
                    help="the forward alone, returning the loss (for --nn-autodiff)")
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()
    if not a.check:
        text = generate(a.seed, forward_only=a.forward_only)
        common.write_output(text, a.output)
        return 0
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(a.seed, a.seed + a.count):
            failures += check(seed, a.remat_opt, a.remat_compile, tmp)
    for f in failures:
        print("FAIL:", f)
    print(f"{a.count} random graphs, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
