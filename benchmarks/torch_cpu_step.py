#!/usr/bin/env python3
"""CPU step time of a remat-compile executable against PyTorch eager.

Builds the GPT training step of gen_gpt.py twice: as a remat-compile
executable for --target=cpu (with the GEMM lowering of --gemm), and as the
same model in PyTorch eager (pre-LN decoder without biases, causal softmax
attention with dropout, tanh GELU, LM head, cross-entropy; forward plus
loss.backward() for the gradients of x0 and every weight). Both run on the
same number of threads (--threads, default 1: torch.set_num_threads and the
executable's --threads). It then times them alternately, --rounds times:
each round runs the executable for --iters steps (its median) and PyTorch for
--iters steps (median), and the script prints the medians over rounds and
their ratio. Timings are for reading, never asserted.

    python3 benchmarks/torch_cpu_step.py --seq 512 --hidden 256
    python3 benchmarks/torch_cpu_step.py --seq 128 --hidden 64 --gemm loops --math libm

Needs torch (scripts/venv.sh installs it into the cached environment;
run this script with that environment's python).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "Integration", "CPU"))
import common  # noqa: E402


def torch_step(a, seed=0):
    """A closure running one training step in PyTorch eager on the inputs
    the executable's harness feeds for --seed (reference.harness_input) and
    the dropout masks of docs/Lowering.md, so that both compute the same
    function on the same values; it returns the step's results in the
    entry's order (loss, d x0, the weight gradients)."""
    import numpy as np
    import torch
    import torch.nn.functional as F
    import reference as R
    B, S, H, NH, V = a.batch, a.seq, a.hidden, a.heads, a.vocab
    D, FF = H // NH, 4 * H
    names = ["ln1_g", "ln1_b", "wq", "wk", "wv", "wo", "ln2_g", "ln2_b", "w1", "w2"]
    shapes = dict(ln1_g=(H,), ln1_b=(H,), wq=(H, H), wk=(H, H), wv=(H, H), wo=(H, H),
                  ln2_g=(H,), ln2_b=(H,), w1=(H, FF), w2=(FF, H))
    arg = iter(range(10 ** 6))

    def leaf(shape):
        return torch.from_numpy(R.harness_input(shape, seed, next(arg))).requires_grad_()

    x0 = leaf((B, S, H))
    layers = [{n: leaf(shapes[n]) for n in names} for _ in range(a.layers)]
    lnf_g, lnf_b, wout = leaf((H,)), leaf((H,)), leaf((H, V))
    labels = torch.from_numpy(R.harness_input((B * S,), seed, next(arg), V)).long()
    params = [x0] + [p[n] for p in layers for n in names] + [lnf_g, lnf_b, wout]
    mask = torch.ones(S, S, dtype=torch.bool).triu(1)
    rate = 0.1
    keep = 1.0 / (1.0 - float(np.float32(rate)))

    def drop_mask(shape, seed_):
        return torch.from_numpy(R.dropout_mask(shape, rate, seed_).astype(np.float32) * np.float32(keep))

    masks = [(drop_mask((B, NH, S, S), 1000 * l + 1), drop_mask((B, S, H), 1000 * l + 2),
              drop_mask((B, S, H), 1000 * l + 3)) for l in range(a.layers)]

    def heads(y):
        return y.view(B, S, NH, D).transpose(1, 2)

    def step():
        for t in params:
            t.grad = None
        x = x0
        for p, (m_att, m_o, m_f) in zip(layers, masks):
            h = F.layer_norm(x, (H,), p["ln1_g"], p["ln1_b"], 1e-5)
            q, k, v = heads(h @ p["wq"]), heads(h @ p["wk"]), heads(h @ p["wv"])
            s = (q @ k.transpose(-1, -2)) * (1.0 / D ** 0.5)
            s = s.masked_fill(mask, float("-inf")).softmax(-1)
            c = (s * m_att) @ v
            o = c.transpose(1, 2).reshape(B, S, H) @ p["wo"]
            x = x + o * m_o
            h = F.layer_norm(x, (H,), p["ln2_g"], p["ln2_b"], 1e-5)
            f = F.gelu(h @ p["w1"], approximate="tanh") @ p["w2"]
            x = x + f * m_f
        h = F.layer_norm(x, (H,), lnf_g, lnf_b, 1e-5)
        loss = F.cross_entropy(h.view(B * S, H) @ wout, labels)
        loss.backward()
        return [loss.detach()] + [t.grad for t in params]

    return step


def time_torch(step, iters):
    step()  # warm-up
    times = []
    for _ in range(iters):
        t0 = time.perf_counter()
        step()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    common.add_model_args(ap, seq=512, hidden=256, heads=4, vocab=1024)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--iters", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--gemm", choices=["blas", "loops"], default="blas")
    ap.add_argument("--math", choices=["approx", "libm"], default="approx")
    ap.add_argument("--policy", default=None,
                    help="remat-compile --policy for the executable (default: none given)")
    ap.add_argument("--remat-compile", default=os.path.join(ROOT, "build/bin/remat-compile"))
    a = ap.parse_args(argv)
    if a.dtype != "f32":
        ap.error("the PyTorch comparison is for f32")

    import torch
    torch.set_num_threads(a.threads)
    step = torch_step(a)
    with tempfile.TemporaryDirectory() as tmp:
        model = common.write_gpt(a, os.path.join(tmp, "gpt.mlir"))
        exe = os.path.join(tmp, "step")
        cmd = [a.remat_compile, model, "--target=cpu", f"--gemm={a.gemm}",
               f"--math={a.math}", "-o", exe]
        if a.policy:
            cmd.append(f"--policy={a.policy}")
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True)
        compile_s = time.perf_counter() - t0
        ours, theirs = [], []
        for _ in range(a.rounds):
            out = subprocess.run([exe, "--iters", str(a.iters), "--warmup", "1",
                                  "--threads", str(a.threads)],
                                 check=True, capture_output=True, text=True).stdout
            report = json.loads(out)
            ours.append(report["time_per_iter_s"])
            theirs.append(time_torch(step, a.iters))
    # The same function on the same values: compare each result's L2 norm.
    results = step()
    worst = max(abs(float(t.double().norm()) - o["l2"]) / max(o["l2"], 1e-30)
                for t, o in zip(results, report["outputs"]))
    r, t = statistics.median(ours), statistics.median(theirs)
    print(f"GPT step: layers={a.layers} batch={a.batch} seq={a.seq} hidden={a.hidden} "
          f"heads={a.heads} vocab={a.vocab}, f32, {a.threads} thread(s); "
          f"torch {torch.__version__}")
    print(f"remat-compile --gemm={a.gemm} --math={a.math}: compiled in {compile_s:.1f} s; "
          f"step {r * 1e3:.1f} ms (rounds: {', '.join(f'{x * 1e3:.1f}' for x in ours)})")
    print(f"PyTorch eager:        step {t * 1e3:.1f} ms "
          f"(rounds: {', '.join(f'{x * 1e3:.1f}' for x in theirs)})")
    print(f"ratio remat / PyTorch: {r / t:.2f}x")
    print(f"same values: largest relative difference of a result's L2 norm "
          f"{worst:.1e} over {len(results)} results")
    return 0


if __name__ == "__main__":
    sys.exit(main())
