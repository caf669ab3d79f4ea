#!/usr/bin/env python3
"""Forward graphs of the model families a GPT benchmark does not have,
seeded and small enough for the exact solver (remat-opt --nn-autodiff makes
each one's joint function):

  unet     a U-Net of matmuls: a down path that halves the width per level,
           a bottleneck, an up path that doubles it back and adds the down
           path's activation of the same level (long skips: the first
           level's output lives until the last op of the forward)
  moe      a mixture-of-experts layer: a router (matmul, softmax), 2-3 expert
           MLPs in parallel on the same input, each output gated by a
           projection of the router's probabilities, summed, residual
  encdec   an encoder-decoder: an encoder layer (self-attention), then a
           decoder layer (cross-attention reading the encoder's output,
           MLP)
  mixer    1-2 MLP-Mixer layers: token mixing through transposes, channel
           MLP
  chain    a long chain of cheap elementwise ops with a few expensive
           matmuls among them

Each layer (or U-Net level) is a checkpoint block (remat.block); sizes
(rows, width, layers) are drawn from the seed. The loss is an MSE against
a target argument.

    python3 benchmarks/gen_families.py --family unet --seed 3 -o f.mlir
    build/bin/remat-opt f.mlir --nn-autodiff -o joint.mlir
"""
import argparse
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "python"))
import common  # noqa: E402
from remat.builder import FunctionBuilder  # noqa: E402

FAMILIES = ("unet", "moe", "encdec", "mixer", "chain")


def _weights(f, name, shape, dtype):
    return f.arg(name, shape, dtype)


def _mlp(f, x, d, hidden, dtype, name):
    w1 = _weights(f, f"{name}_w1", (d, hidden), dtype)
    w2 = _weights(f, f"{name}_w2", (hidden, d), dtype)
    return f.matmul(f.gelu(f.matmul(x, w1)), w2)


def _norm(f, x, d, dtype, name):
    g = f.arg(f"{name}_g", (d,), dtype)
    b = f.arg(f"{name}_b", (d,), dtype)
    return f.layernorm(x, g, b)[0]


def _attention(f, q_in, kv_in, d, dtype, name, causal):
    wq, wk, wv, wo = (_weights(f, f"{name}_{w}", (d, d), dtype) for w in ("wq", "wk", "wv", "wo"))
    q, k, v = f.matmul(q_in, wq), f.matmul(kv_in, wk), f.matmul(kv_in, wv)
    p = f.softmax(f.matmul(q, k, transpose_b=True), scale=d ** -0.5, causal=causal)
    return f.matmul(f.matmul(p, v), wo)


def unet(f, rng, dtype):
    n, d = rng.choice((64, 128, 256)), rng.choice((64, 128, 256))
    levels = rng.randint(2, 3)
    x = f.arg("x", (n, d), dtype)
    skips, h, width = [], x, d
    for level in range(levels):
        with f.block(level):
            w = _weights(f, f"down{level}_w", (width, width // 2), dtype)
            skips.append(h)
            h = f.gelu(f.matmul(h, w))
            width //= 2
    with f.block(levels):
        h = f.gelu(f.matmul(h, _weights(f, "mid_w", (width, width), dtype)))
    for level in reversed(range(levels)):
        with f.block(2 * levels - level):
            w = _weights(f, f"up{level}_w", (width, width * 2), dtype)
            width *= 2
            h = f.gelu(f.add(f.matmul(h, w), skips[level]))
    return x, h, (n, d)


def moe(f, rng, dtype):
    n, d = rng.choice((64, 128, 256)), rng.choice((64, 128))
    layers, experts = 1, rng.randint(2, 3)
    x = f.arg("x", (n, d), dtype)
    h = x
    for layer in range(layers):
        with f.block(layer):
            y = _norm(f, h, d, dtype, f"l{layer}_ln")
            probs = f.softmax(f.matmul(y, _weights(f, f"l{layer}_router", (d, experts), dtype)))
            out = None
            for e in range(experts):
                gate = f.matmul(probs, _weights(f, f"l{layer}_gate{e}", (experts, d), dtype))
                part = f.mul(_mlp(f, y, d, 2 * d, dtype, f"l{layer}_e{e}"), gate)
                out = part if out is None else f.add(out, part)
            h = f.add(h, out)
    return x, h, (n, d)


def encdec(f, rng, dtype):
    n, d = rng.choice((32, 64, 128)), rng.choice((32, 64, 128))
    src = f.arg("src", (n, d), dtype)
    tgt = f.arg("tgt", (n, d), dtype)
    with f.block(0):  # the encoder layer
        y = _norm(f, src, d, dtype, "e_ln")
        memory = f.add(src, _attention(f, y, y, d, dtype, "e_sa", causal=False))
    with f.block(1):  # the decoder layer: cross-attention, MLP
        h = f.add(tgt, _attention(f, _norm(f, tgt, d, dtype, "d_ln"), memory, d, dtype, "d_ca",
                                  causal=False))
        h = f.add(h, _mlp(f, h, d, 2 * d, dtype, "d_mlp"))
    return src, h, (n, d)


def mixer(f, rng, dtype):
    n, d = rng.choice((32, 64, 128)), rng.choice((64, 128, 256))
    layers = rng.randint(1, 2)
    x = f.arg("x", (n, d), dtype)
    h = x
    for layer in range(layers):
        with f.block(layer):
            t = f.transpose(_norm(f, h, d, dtype, f"l{layer}_ln1"), [1, 0])
            t = _mlp(f, t, n, 2 * n, dtype, f"l{layer}_tok")
            h = f.add(h, f.transpose(t, [1, 0]))
            h = f.add(h, _mlp(f, _norm(f, h, d, dtype, f"l{layer}_ln2"), d, 2 * d, dtype,
                              f"l{layer}_ch"))
    return x, h, (n, d)


def chain(f, rng, dtype):
    n, d = rng.choice((128, 256, 512)), rng.choice((64, 128, 256))
    length, expensive = rng.randint(10, 16), rng.randint(2, 3)
    x = f.arg("x", (n, d), dtype)
    at = set(rng.sample(range(length), expensive))
    h = x
    for i in range(length):
        with f.block(i * 3 // length):
            if i in at:
                h = f.matmul(h, _weights(f, f"w{i}", (d, d), dtype))
            else:
                op = rng.choice(("gelu", "scale", "mul", "relu"))
                h = (f.gelu(h) if op == "gelu" else f.scale(h, 0.5) if op == "scale"
                     else f.mul(h, x) if op == "mul" else f.relu(h))
    return x, h, (n, d)


def generate(family, seed, dtype="f32"):
    """The forward function of `family` drawn from `seed`: its text (a
    function returning the loss, for --nn-autodiff)."""
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r} (known: {', '.join(FAMILIES)})")
    rng = random.Random(seed * 1009 + FAMILIES.index(family))
    f = FunctionBuilder(f"{family}_{seed}")
    _, out, shape = globals()[family](f, rng, dtype)
    target = f.arg("target", shape, dtype)
    return f.build(f.mse_loss(out, target))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--family", choices=FAMILIES, required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--dtype", choices=("f32", "bf16", "f16"), default="f32")
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()
    text = generate(a.family, a.seed, a.dtype)
    common.write_output(text, a.output)


if __name__ == "__main__":
    main()
