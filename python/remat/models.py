"""Forward functions of common models, built with FunctionBuilder.

    python3 -m remat.models gpt --layers 2 --seq 128 --hidden 256 --heads 4 > gpt.mlir
    python3 -m remat.models mlp --batch 32 --sizes 784 512 10 > mlp.mlir

(with python/ on PYTHONPATH). Each returns the loss; `remat-opt
--nn-autodiff` builds the backward. Every layer is one checkpoint block.
"""

import argparse
import math
import sys

from .builder import BuildError, FunctionBuilder


def transformer_layer(f, x, layer, heads, ffn, dropout, dtype):
    """A pre-LN GPT layer on x [batch, seq, hidden]: causal self-attention
    with dropout on the probabilities and the output, then a GELU MLP; both
    residual. Weights are new arguments named l<layer>_*."""
    batch, seq, hidden = x.shape
    if heads <= 0 or hidden % heads:
        raise BuildError(f"hidden size {hidden} must be a positive multiple of heads ({heads})")
    head_dim = hidden // heads
    p = {}
    for name, shape in (("ln1_g", (hidden,)), ("ln1_b", (hidden,)), ("wq", (hidden, hidden)),
                        ("wk", (hidden, hidden)), ("wv", (hidden, hidden)), ("wo", (hidden, hidden)),
                        ("ln2_g", (hidden,)), ("ln2_b", (hidden,)), ("w1", (hidden, ffn)),
                        ("w2", (ffn, hidden))):
        p[name] = f.arg(f"l{layer}_{name}", shape, dtype)
    seed = 1000 * layer
    with f.block(layer):
        ln1, _, _ = f.layernorm(x, p["ln1_g"], p["ln1_b"])
        q, k, v = (f.transpose(f.reshape(f.matmul(ln1, p[w]), (batch, seq, heads, head_dim)), (0, 2, 1, 3))
                   for w in ("wq", "wk", "wv"))
        scores = f.matmul(q, k, transpose_b=True)
        probs = f.softmax(scores, scale=1.0 / math.sqrt(head_dim), causal=True)
        probs = f.dropout(probs, dropout, seed + 1)
        ctx = f.reshape(f.transpose(f.matmul(probs, v), (0, 2, 1, 3)), (batch, seq, hidden))
        x1 = f.add(x, f.dropout(f.matmul(ctx, p["wo"]), dropout, seed + 2))
        ln2, _, _ = f.layernorm(x1, p["ln2_g"], p["ln2_b"])
        h = f.gelu(f.matmul(ln2, p["w1"]))
        return f.add(x1, f.dropout(f.matmul(h, p["w2"]), dropout, seed + 3))


def gpt(layers=2, batch=1, seq=128, hidden=256, heads=4, vocab=1024, ffn=None, dtype="f32",
        dropout=0.1, name="train_step"):
    """A GPT-style decoder's forward: layers, a final layernorm, the LM head
    and a cross-entropy loss. Arguments: x0 [batch, seq, hidden], the
    weights of each layer, lnf_g, lnf_b, wout, labels [batch * seq]."""
    f = FunctionBuilder(name)
    x = f.arg("x0", (batch, seq, hidden), dtype)
    for layer in range(layers):
        x = transformer_layer(f, x, layer, heads, ffn or 4 * hidden, dropout, dtype)
    gamma, beta = f.arg("lnf_g", (hidden,), dtype), f.arg("lnf_b", (hidden,), dtype)
    wout = f.arg("wout", (hidden, vocab), dtype)
    labels = f.arg("labels", (batch * seq,), "i32")
    lnf, _, _ = f.layernorm(x, gamma, beta)
    logits = f.matmul(f.reshape(lnf, (batch * seq, hidden)), wout)
    return f.build(f.cross_entropy(logits, labels))


def mlp(batch=32, sizes=(784, 512, 10), dtype="f32", name="train_step"):
    """An MLP with GELU between layers (one block per layer) and an MSE loss
    against a target argument."""
    f = FunctionBuilder(name)
    x = f.arg("x", (batch, sizes[0]), dtype)
    weights = [f.arg(f"w{i}", (a, b), dtype) for i, (a, b) in enumerate(zip(sizes, sizes[1:]))]
    target = f.arg("target", (batch, sizes[-1]), dtype)
    for i, w in enumerate(weights):
        with f.block(i):
            x = f.matmul(x, w)
            if i + 1 < len(weights):
                x = f.gelu(x)
    return f.build(f.mse_loss(x, target))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="model", required=True)
    g = sub.add_parser("gpt")
    for option, default in (("layers", 2), ("batch", 1), ("seq", 128), ("hidden", 256), ("heads", 4),
                            ("vocab", 1024), ("ffn", None)):
        g.add_argument(f"--{option}", type=int, default=default)
    g.add_argument("--dropout", type=float, default=0.1)
    m = sub.add_parser("mlp")
    m.add_argument("--batch", type=int, default=32)
    m.add_argument("--sizes", type=int, nargs="+", default=[784, 512, 10])
    for p in (g, m):
        p.add_argument("--dtype", choices=["f32", "f16", "bf16"], default="f32")
        p.add_argument("-o", "--output", default="-")
    a = ap.parse_args(argv)
    try:
        if a.model == "gpt":
            text = gpt(a.layers, a.batch, a.seq, a.hidden, a.heads, a.vocab, a.ffn, a.dtype, a.dropout)
        else:
            if len(a.sizes) < 2:
                ap.error("--sizes needs at least an input and an output size")
            text = mlp(a.batch, a.sizes, a.dtype)
    except BuildError as e:
        ap.error(str(e))
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as out:
            out.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
