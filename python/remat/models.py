"""Forward functions of common models, built with FunctionBuilder.

    python3 -m remat.models gpt --layers 2 --seq 128 --hidden 256 --heads 4 > gpt.mlir
    python3 -m remat.models mlp --batch 32 --sizes 784 512 10 > mlp.mlir

(with python/ on PYTHONPATH). Each returns the loss; `remat-opt
--nn-autodiff` builds the backward. Every layer is one checkpoint block.
"""

import argparse
import contextlib
import math
import sys

from .builder import BuildError, FunctionBuilder

# The repository's GPT's default shape, in one place: gpt() here,
# benchmarks/gen_gpt.py (its joint function, the backward written out) and
# remat.torch_models.GPT (a PyTorch module) take it. (remat.jax_models'
# GPT, the usual JAX model with tied embeddings, has its own.)
GPT_DEFAULTS = dict(layers=2, batch=1, seq=128, hidden=256, heads=4, vocab=1024, ffn=None,
                    dropout=0.1)
_D = GPT_DEFAULTS


def transformer_layer(f, x, layer, heads, ffn, dropout, dtype, blocks=True, saved=None):
    """A pre-LN GPT layer on x [batch, seq, hidden]: causal self-attention
    with dropout on the probabilities and the output, then a GELU MLP; both
    residual. Weights are new arguments named l<layer>_*; the layer's ops
    are checkpoint block `layer` unless `blocks` is false. `saved` (a list)
    receives the layer's weights and the values its backward reads
    (benchmarks/gen_gpt.py writes that backward)."""
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
    with f.block(layer) if blocks else contextlib.nullcontext():
        ln1, m1, r1 = f.layernorm(x, p["ln1_g"], p["ln1_b"])
        qt, kt, vt = (f.transpose(f.reshape(f.matmul(ln1, p[w]), (batch, seq, heads, head_dim)),
                                  (0, 2, 1, 3))
                      for w in ("wq", "wk", "wv"))
        scores = f.matmul(qt, kt, transpose_b=True)
        pr = f.softmax(scores, scale=attention_scale(head_dim), causal=True)
        pd = f.dropout(pr, dropout, seed + 1)
        cr = f.reshape(f.transpose(f.matmul(pd, vt), (0, 2, 1, 3)), (batch, seq, hidden))
        x1 = f.add(x, f.dropout(f.matmul(cr, p["wo"]), dropout, seed + 2))
        ln2, m2, r2 = f.layernorm(x1, p["ln2_g"], p["ln2_b"])
        h = f.matmul(ln2, p["w1"])
        g = f.gelu(h)
        x2 = f.add(x1, f.dropout(f.matmul(g, p["w2"]), dropout, seed + 3))
    if saved is not None:
        saved.append(dict(x=x, p=p, ln1=ln1, m1=m1, r1=r1, qt=qt, kt=kt, vt=vt, pr=pr, pd=pd,
                          cr=cr, x1=x1, ln2=ln2, m2=m2, r2=r2, h=h, g=g))
    return x2


def attention_scale(head_dim):
    """The softmax scale of attention over heads of head_dim."""
    return 1.0 / math.sqrt(head_dim)


def gpt_forward(f, layers=_D["layers"], batch=_D["batch"], seq=_D["seq"], hidden=_D["hidden"],
                heads=_D["heads"], vocab=_D["vocab"], ffn=_D["ffn"], dtype="f32",
                dropout=_D["dropout"], blocks=True, saved=None):
    """The GPT's forward on FunctionBuilder f; returns the loss. `saved`
    (a dict) receives "layers" (transformer_layer's per layer) and the
    head's values: x (the last layer's output), lnf_g, lnf_b, lnf (its
    layernorm as (output, mean, rstd)), lnf2d, wout, logits, labels."""
    x = f.arg("x0", (batch, seq, hidden), dtype)
    layer_values = [] if saved is not None else None
    for layer in range(layers):
        x = transformer_layer(f, x, layer, heads, ffn or 4 * hidden, dropout, dtype, blocks,
                              layer_values)
    gamma, beta = f.arg("lnf_g", (hidden,), dtype), f.arg("lnf_b", (hidden,), dtype)
    wout = f.arg("wout", (hidden, vocab), dtype)
    labels = f.arg("labels", (batch * seq,), "i32")
    lnf = f.layernorm(x, gamma, beta)
    lnf2d = f.reshape(lnf[0], (batch * seq, hidden))
    logits = f.matmul(lnf2d, wout)
    if saved is not None:
        saved.update(layers=layer_values, x=x, lnf_g=gamma, lnf_b=beta, lnf=lnf, lnf2d=lnf2d,
                     wout=wout, logits=logits, labels=labels)
    return f.cross_entropy(logits, labels)


def gpt(layers=_D["layers"], batch=_D["batch"], seq=_D["seq"], hidden=_D["hidden"],
        heads=_D["heads"], vocab=_D["vocab"], ffn=_D["ffn"], dtype="f32", dropout=_D["dropout"],
        name="train_step", blocks=True):
    """A GPT-style decoder's forward, the repository's one GPT in nn ops:
    layers, a final layernorm, the LM head and a cross-entropy loss.
    Arguments: x0 [batch, seq, hidden], the weights of each layer, lnf_g,
    lnf_b, wout, labels [batch * seq]. (benchmarks/gen_gpt.py adds its
    backward written out; remat.torch_models and remat.jax_models are the
    same model in PyTorch and JAX.)"""
    f = FunctionBuilder(name)
    return f.build(gpt_forward(f, layers, batch, seq, hidden, heads, vocab, ffn, dtype, dropout,
                               blocks))


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


def write_output(text, path):
    """Writes a command's MLIR to `path`, or to stdout for "-"."""
    if path == "-":
        sys.stdout.write(text)
    else:
        with open(path, "w") as out:
            out.write(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="model", required=True)
    g = sub.add_parser("gpt")
    for option in ("layers", "batch", "seq", "hidden", "heads", "vocab", "ffn"):
        g.add_argument(f"--{option}", type=int, default=GPT_DEFAULTS[option])
    g.add_argument("--dropout", type=float, default=GPT_DEFAULTS["dropout"])
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
    write_output(text, a.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
