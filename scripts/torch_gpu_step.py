#!/usr/bin/env python3
"""The GPT step of the GPU check in PyTorch, for the side-by-side table.

    torch_gpu_step.py --layers 4 --seq 1024 --hidden 1024 --heads 16 --vocab 8192 [--device cuda]

The same model as benchmarks/gen_gpt.py and remat-compile's executables
(pre-LN decoder without biases, causal softmax attention with dropout 0.1
on the probabilities, the attention output and the MLP output, tanh GELU,
LM head, mean cross-entropy; forward plus backward for the gradients of the
input and every weight), in PyTorch eager, four ways: f32 and bf16, each
without and with torch.utils.checkpoint around every transformer block
(non-reentrant, as users write it). For each it prints ms per step (median
of --iters after a warm-up; CUDA events on the GPU) and, on CUDA,
torch.cuda.max_memory_allocated for one step, with the inputs and weights
(and their gradients) as remat's executables count them: everything the
step allocates. On the CPU (a rehearsal) the memory column is "-".
"""
import argparse
import statistics
import time


def make_step(a, dtype, checkpoint, device):
    import torch
    import torch.nn.functional as F
    from torch.utils.checkpoint import checkpoint as ckpt

    B, S, H, NH, V = a.batch, a.seq, a.hidden, a.heads, a.vocab
    D, FF = H // NH, 4 * H
    g = torch.Generator(device="cpu").manual_seed(0)

    def leaf(*shape, scale=0.02):
        t = (torch.randn(*shape, generator=g) * scale).to(device=device, dtype=dtype)
        return t.requires_grad_()

    x0 = leaf(B, S, H, scale=1.0)
    layers = [dict(ln1_g=leaf(H, scale=1.0), ln1_b=leaf(H), wq=leaf(H, H), wk=leaf(H, H),
                   wv=leaf(H, H), wo=leaf(H, H), ln2_g=leaf(H, scale=1.0), ln2_b=leaf(H),
                   w1=leaf(H, FF), w2=leaf(FF, H)) for _ in range(a.layers)]
    lnf_g, lnf_b, wout = leaf(H, scale=1.0), leaf(H), leaf(H, V)
    labels = torch.randint(0, V, (B * S,), generator=g).to(device)
    params = [x0] + [t for p in layers for t in p.values()] + [lnf_g, lnf_b, wout]
    mask = torch.ones(S, S, dtype=torch.bool, device=device).triu(1)

    def heads(y):
        return y.view(B, S, NH, D).transpose(1, 2)

    def block(x, p):
        h = F.layer_norm(x, (H,), p["ln1_g"], p["ln1_b"], 1e-5)
        q, k, v = heads(h @ p["wq"]), heads(h @ p["wk"]), heads(h @ p["wv"])
        s = (q @ k.transpose(-1, -2)) * (1.0 / D ** 0.5)
        s = F.dropout(s.masked_fill(mask, float("-inf")).softmax(-1), 0.1)
        o = (s @ v).transpose(1, 2).reshape(B, S, H) @ p["wo"]
        x = x + F.dropout(o, 0.1)
        h = F.layer_norm(x, (H,), p["ln2_g"], p["ln2_b"], 1e-5)
        f = F.gelu(h @ p["w1"], approximate="tanh") @ p["w2"]
        return x + F.dropout(f, 0.1)

    def step():
        for t in params:
            t.grad = None
        x = x0
        for p in layers:
            x = ckpt(block, x, p, use_reentrant=False) if checkpoint else block(x, p)
        h = F.layer_norm(x, (H,), lnf_g, lnf_b, 1e-5)
        loss = F.cross_entropy((h.view(B * S, H) @ wout).float(), labels)
        loss.backward()
        return loss

    return step


def measure(step, iters, device):
    import torch
    cuda = device == "cuda"
    step()  # warm-up (and the allocator's first growth)
    if cuda:
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()
    step()
    peak = torch.cuda.max_memory_allocated() if cuda else None
    times = []
    for _ in range(iters):
        if cuda:
            start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            step()
            stop.record()
            stop.synchronize()
            times.append(start.elapsed_time(stop) * 1e-3)
        else:
            t0 = time.perf_counter()
            step()
            times.append(time.perf_counter() - t0)
    return statistics.median(times), peak


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--layers", type=int, default=4)
    ap.add_argument("--batch", type=int, default=1)
    ap.add_argument("--seq", type=int, default=1024)
    ap.add_argument("--hidden", type=int, default=1024)
    ap.add_argument("--heads", type=int, default=16)
    ap.add_argument("--vocab", type=int, default=8192)
    ap.add_argument("--device", default=None, help="cuda where available, else cpu")
    ap.add_argument("--iters", type=int, default=5)
    a = ap.parse_args(argv)
    import torch
    device = a.device or ("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    print(f"PyTorch {torch.__version__} eager on {device}"
          + (f" ({torch.cuda.get_device_name()})" if device == "cuda" else "")
          + f": GPT {a.layers} layers, seq {a.seq}, hidden {a.hidden}, heads {a.heads}, "
          f"vocab {a.vocab}, batch {a.batch}")
    print(f"{'dtype':<6} {'checkpoint':<11} {'ms/step':>9} {'max allocated MiB':>18}")
    for dtype in (torch.float32, torch.bfloat16):
        for checkpoint in (False, True):
            if device == "cuda":
                torch.cuda.empty_cache()
            seconds, peak = measure(make_step(a, dtype, checkpoint, device), a.iters, device)
            name = "f32" if dtype == torch.float32 else "bf16"
            mem = f"{peak / 2**20:.2f}" if peak is not None else "-"
            print(f"{name:<6} {'per block' if checkpoint else 'none':<11} {seconds * 1e3:>9.3f} {mem:>18}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
