#!/usr/bin/env python3
"""Compile time of remat-compile by layer count.

Generates the GPT training step of gen_gpt.py at each layer count, compiles
it for the CPU (or CUDA) with remat-compile, and prints the CPU time of the
whole compile (remat-compile and the C++ compiler it runs to link: user +
sys of the child processes), the MLIR part alone (--emit=llvm), the number of
ops and of LLVM functions. CPU time, not wall time, so that a busy machine
changes the figures little; a benchmark, not a test.

    python3 benchmarks/compile_time.py --layers 1 8 24 96 --seq 64 --hidden 32 --heads 2 --vocab 64
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_gpt  # noqa: E402


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd):
    before = child_cpu()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return child_cpu() - before


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--layers", type=int, nargs="+", default=[1, 8, 24])
    ap.add_argument("--seq", type=int, default=64)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--heads", type=int, default=2)
    ap.add_argument("--vocab", type=int, default=64)
    ap.add_argument("--target", choices=["cpu", "cuda"], default="cpu")
    ap.add_argument("--remat-compile", default=os.path.join(
        HERE, "..", "build", "bin", "remat-compile"))
    a = ap.parse_args()
    print(f"GPT step: seq {a.seq}, hidden {a.hidden}, heads {a.heads}, "
          f"vocab {a.vocab}, f32, target {a.target}")
    print(f"{'layers':>6} {'ops':>7} {'functions':>9} {'MLIR s':>8} "
          f"{'total s':>8} {'s/layer':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for layers in a.layers:
            graph = os.path.join(tmp, f"gpt{layers}.mlir")
            with open(graph, "w") as f:
                f.write(gen_gpt.generate(layers, 1, a.seq, a.hidden, a.heads,
                                         a.vocab, 4 * a.hidden, "f32", 0.1,
                                         True, False))
            ops = sum(1 for line in open(graph) if " = nn." in line)
            base = [a.remat_compile, graph, "--entry=train_step",
                    f"--target={a.target}"]
            ll = os.path.join(tmp, "step.ll")
            mlir = timed(base + ["--emit=llvm", "-o", ll])
            functions = sum(1 for line in open(ll)
                            if line.startswith("define "))
            total = timed(base + ["-o", os.path.join(tmp, "step")])
            print(f"{layers:>6} {ops:>7} {functions:>9} {mlir:>8.1f} "
                  f"{total:>8.1f} {total / layers:>8.2f}", flush=True)


if __name__ == "__main__":
    main()
