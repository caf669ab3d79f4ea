#!/usr/bin/env python3
"""Writes the joint forward+backward graph of a GPT-style decoder in the nn
dialect (textual forms of shared/design/nn-dialect.md): the forward is
remat.models' GPT (the one definition, remat.models.gpt_forward), the
backward is written out here on the same remat.builder.FunctionBuilder.

Each transformer layer is pre-LN: attention (Q, K, V projections, causal
softmax with dropout, output projection, dropout, residual) then MLP (fc1,
GELU, fc2, dropout, residual). A final layernorm, the LM head and a
cross-entropy loss close the forward; the backward follows in reverse, with
weight gradients computed from 2-D views. Forward ops of layer l carry
`remat.block = l`; the final layernorm, LM head and loss are outside blocks.

The function returns (loss, d_x0, and the gradients of all weights). With
--forward-only it is the forward alone, returning the loss: `remat-opt
--nn-autodiff` turns it into a joint function with the same results.

    python3 benchmarks/gen_gpt.py --layers 2 --seq 128 --hidden 256 --heads 4
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "python"))
import common  # noqa: E402
from remat.builder import BuildError, FunctionBuilder  # noqa: E402
from remat.models import GPT_DEFAULTS, attention_scale, gpt_forward  # noqa: E402


def generate(layers, batch, seq, hidden, heads, vocab, ffn, dtype, rate, blocks, forward_only=False):
    """The GPT of remat.models (its forward, built by remat.models.gpt_forward)
    and, unless forward_only, its backward written out on the same
    FunctionBuilder: the joint function's text."""
    f = FunctionBuilder("train_step")
    saved = {}
    loss = gpt_forward(f, layers, batch, seq, hidden, heads, vocab, ffn, dtype, rate, blocks, saved)
    if forward_only:
        return f.build(loss)
    B, S, H, NH = batch, seq, hidden, heads
    D = H // NH
    F = ffn or 4 * H

    def wgrad(act, dy):
        """A weight's gradient from 2-D views of its activation and dy."""
        a2 = f.reshape(act, (B * S, act.shape[-1]))
        d2 = f.reshape(dy, (B * S, dy.shape[-1]))
        return f.matmul(a2, d2, transpose_a=True)

    def heads_of(v):  # [B, S, H] -> [B, NH, S, D]
        return f.transpose(f.reshape(v, (B, S, NH, D)), (0, 2, 1, 3))

    grads = {}
    one = f.constant(1.0, dtype)
    dlogits = f.cross_entropy_grad(saved["logits"], saved["labels"], one)
    grads["wout"] = f.matmul(saved["lnf2d"], dlogits, transpose_a=True)
    dlnf = f.reshape(f.matmul(dlogits, saved["wout"], transpose_b=True), (B, S, H))
    _, mf, rf = saved["lnf"]
    dx, grads["lnf_g"], grads["lnf_b"] = f.layernorm_grad(dlnf, saved["x"], saved["lnf_g"], mf, rf)

    for l in reversed(range(layers)):
        s = saved["layers"][l]
        p = s["p"]
        # x2 = x1 + dropout(g @ w2)
        df = f.dropout(dx, rate, 1000 * l + 3)
        grads[f"l{l}_w2"] = wgrad(s["g"], df)
        dg = f.matmul(df, p["w2"], transpose_b=True)
        dh = f.gelu_grad(dg, s["h"])
        grads[f"l{l}_w1"] = wgrad(s["ln2"], dh)
        dln2 = f.matmul(dh, p["w1"], transpose_b=True)
        dxb, grads[f"l{l}_ln2_g"], grads[f"l{l}_ln2_b"] = f.layernorm_grad(
            dln2, s["x1"], p["ln2_g"], s["m2"], s["r2"])
        dx1 = f.add(dx, dxb)
        # x1 = x + dropout(cr @ wo)
        do = f.dropout(dx1, rate, 1000 * l + 2)
        grads[f"l{l}_wo"] = wgrad(s["cr"], do)
        dcr = f.matmul(do, p["wo"], transpose_b=True)
        dc = heads_of(dcr)
        # c = pd @ vt
        dpd = f.matmul(dc, s["vt"], transpose_b=True)
        dvt = f.matmul(s["pd"], dc, transpose_a=True)
        dpr = f.dropout(dpd, rate, 1000 * l + 1)
        dsc = f.softmax_grad(dpr, s["pr"], scale=attention_scale(D))
        dqt = f.matmul(dsc, s["kt"])
        dkt = f.matmul(dsc, s["qt"], transpose_a=True)
        dln1 = None
        for wname, dht in (("wq", dqt), ("wk", dkt), ("wv", dvt)):
            dy = f.reshape(f.transpose(dht, (0, 2, 1, 3)), (B, S, H))
            grads[f"l{l}_{wname}"] = wgrad(s["ln1"], dy)
            part = f.matmul(dy, p[wname], transpose_b=True)
            dln1 = part if dln1 is None else f.add(dln1, part)
        dxa, grads[f"l{l}_ln1_g"], grads[f"l{l}_ln1_b"] = f.layernorm_grad(
            dln1, s["x"], p["ln1_g"], s["m1"], s["r1"])
        dx = f.add(dx1, dxa)

    # The results: the loss, d_x0, then each weight's gradient in argument order.
    weights = [a.name for a in f.args if a.name not in ("x0", "labels")]
    return f.build(loss, dx, *(grads[name] for name in weights))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    common.add_model_args(ap)
    ap.add_argument("--ffn", type=int, default=GPT_DEFAULTS["ffn"],
                    help="MLP width (default 4*hidden)")
    ap.add_argument("--dropout", type=float, default=GPT_DEFAULTS["dropout"])
    ap.add_argument("--no-blocks", action="store_true", help="omit remat.block attributes")
    ap.add_argument("--forward-only", action="store_true",
                    help="only the forward, returning the loss (for --nn-autodiff)")
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args(argv)
    try:
        text = generate(a.layers, a.batch, a.seq, a.hidden, a.heads, a.vocab,
                        a.ffn or 4 * a.hidden, a.dtype, a.dropout, not a.no_blocks, a.forward_only)
    except BuildError as e:
        ap.error(str(e))
    common.write_output(text, a.output)


if __name__ == "__main__":
    main()
