#!/usr/bin/env python3
"""Writes the joint forward+backward graph of a GPT-style decoder in the nn
dialect (textual forms of shared/design/nn-dialect.md).

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
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "python"))
import common  # noqa: E402
from remat.builder import attr_dict, function_text, op_line, tensor_type  # noqa: E402


class Writer:
    """The function's ops as text (remat.builder's forms), each result
    named by its hint and a counter over the whole function."""

    def __init__(self, dtype):
        self.dt = dtype
        self.lines = []
        self.n = 0

    def t(self, *shape, dt=None):
        return tensor_type(shape, dt or self.dt)

    def fresh(self, hint):
        self.n += 1
        return f"%{hint}{self.n}"

    def op(self, hint, text):
        return self.multi([hint], text)[0]

    def multi(self, hints, text):
        names = [self.fresh(h) for h in hints]
        self.lines.append(op_line("    ", names, text))
        return names


def generate(layers, batch, seq, hidden, heads, vocab, ffn, dtype, rate, blocks, forward_only=False):
    w = Writer(dtype)
    B, S, H, NH, V, F = batch, seq, hidden, heads, vocab, ffn
    D = H // NH
    assert D * NH == H, "hidden must be divisible by heads"
    scale = 1.0 / math.sqrt(D)
    t = w.t
    x_t, x2d_t = t(B, S, H), t(B * S, H)
    head_t, split_t = t(B, NH, S, D), t(B, S, NH, D)
    score_t = t(B, NH, S, S)
    stat_t = t(B, S)

    args = [("%x0", x_t)]
    params = []  # (name, type) of weights, in argument order

    def param(name, ty):
        params.append((name, ty))
        args.append((f"%{name}", ty))
        return f"%{name}"

    def battr(l, extra=""):
        parts = [extra] if extra else []
        if blocks and l is not None:
            parts.append(f"remat.block = {l} : i64")
        return attr_dict(parts)

    def matmul(l, a, b, at, bt, rt, flags=""):
        return w.op("mm", f"nn.matmul {a}, {b}{battr(l, flags)} : {at}, {bt} -> {rt}")

    def layernorm(l, x, g, b, xt, st):
        return w.multi(["ln", "mean", "rstd"],
                       f"nn.layernorm {x}, {g}, {b}{battr(l, 'epsilon = 1.0e-05 : f32')} : {xt}, {t(H)}, {t(H)} -> {xt}, {st}, {st}")

    def dropout(l, x, xt, seed):
        return w.op("do", f"nn.dropout {x}{battr(l, f'rate = {rate:e} : f32, seed = {seed} : i64')} : {xt}")

    def reshape(l, x, at, rt):
        return w.op("rs", f"nn.reshape {x}{battr(l)} : {at} -> {rt}")

    def transpose(l, x, at, rt):
        return w.op("tr", f"nn.transpose {x}{battr(l, 'permutation = array<i64: 0, 2, 1, 3>')} : {at} -> {rt}")

    def add(l, a, b, at, bt, rt):
        return w.op("add", f"nn.add {a}, {b}{battr(l)} : {at}, {bt} -> {rt}")

    # ------------------------------------------------------------- forward
    saved = []
    x = "%x0"
    for l in range(layers):
        p = {n: param(f"l{l}_{n}", ty) for n, ty in [
            ("ln1_g", t(H)), ("ln1_b", t(H)), ("wq", t(H, H)), ("wk", t(H, H)),
            ("wv", t(H, H)), ("wo", t(H, H)), ("ln2_g", t(H)), ("ln2_b", t(H)),
            ("w1", t(H, F)), ("w2", t(F, H))]}
        s = {"x": x, "p": p}
        ln1, m1, r1 = layernorm(l, x, p["ln1_g"], p["ln1_b"], x_t, stat_t)
        heads_ = []
        for wname in ("wq", "wk", "wv"):
            y = matmul(l, ln1, p[wname], x_t, t(H, H), x_t)
            heads_.append(transpose(l, reshape(l, y, x_t, split_t), split_t, head_t))
        qt, kt, vt = heads_
        sc = matmul(l, qt, kt, head_t, head_t, score_t, "transpose_b")
        pr = w.op("sm", f"nn.softmax {sc}{battr(l, f'scale = {scale:e} : f32, causal')} : {score_t}")
        pd = dropout(l, pr, score_t, 1000 * l + 1)
        c = matmul(l, pd, vt, score_t, head_t, head_t)
        cr = reshape(l, transpose(l, c, head_t, split_t), split_t, x_t)
        o = matmul(l, cr, p["wo"], x_t, t(H, H), x_t)
        x1 = add(l, x, dropout(l, o, x_t, 1000 * l + 2), x_t, x_t, x_t)
        ln2, m2, r2 = layernorm(l, x1, p["ln2_g"], p["ln2_b"], x_t, stat_t)
        h = matmul(l, ln2, p["w1"], x_t, t(H, F), t(B, S, F))
        g = w.op("gelu", f"nn.gelu {h}{battr(l)} : {t(B, S, F)}")
        f = matmul(l, g, p["w2"], t(B, S, F), t(F, H), x_t)
        x2 = add(l, x1, dropout(l, f, x_t, 1000 * l + 3), x_t, x_t, x_t)
        s.update(ln1=ln1, m1=m1, r1=r1, qt=qt, kt=kt, vt=vt, pr=pr, pd=pd, cr=cr,
                 x1=x1, ln2=ln2, m2=m2, r2=r2, h=h, g=g)
        saved.append(s)
        x = x2
    gf, bf = param("lnf_g", t(H)), param("lnf_b", t(H))
    wout = param("wout", t(H, V))
    labels = "%labels"
    args.append((labels, t(B * S, dt='i32')))
    lnf, mf, rf = layernorm(None, x, gf, bf, x_t, stat_t)
    lnf2d = reshape(None, lnf, x_t, x2d_t)
    logits = matmul(None, lnf2d, wout, x2d_t, t(H, V), t(B * S, V))
    loss = w.op("loss", f"nn.cross_entropy {logits}, {labels} : {t(B * S, V)}, {t(B * S, dt='i32')} -> {t()}")

    if forward_only:
        return function_text("train_step", args, [(loss, t())], w.lines, indent="    ")

    # ------------------------------------------------------------ backward
    grads = {}
    one = w.op("one", f"arith.constant dense<1.000000e+00> : {t()}")
    dlogits = w.op("dlogits", f"nn.cross_entropy_grad {logits}, {labels}, {one} : {t(B * S, V)}, {t(B * S, dt='i32')}, {t()} -> {t(B * S, V)}")
    grads["wout"] = matmul(None, lnf2d, dlogits, x2d_t, t(B * S, V), t(H, V), "transpose_a")
    dlnf = reshape(None, matmul(None, dlogits, wout, t(B * S, V), t(H, V), x2d_t, "transpose_b"), x2d_t, x_t)
    dx, grads["lnf_g"], grads["lnf_b"] = w.multi(["dx", "dg", "db"],
        f"nn.layernorm_grad {dlnf}, {x}, {gf}, {mf}, {rf} : {x_t}, {x_t}, {t(H)}, {stat_t}, {stat_t} -> {x_t}, {t(H)}, {t(H)}")

    def wgrad(act, act_t, act2d_t, dy, dy_t, dy2d_t, wt):
        a2 = reshape(None, act, act_t, act2d_t)
        d2 = reshape(None, dy, dy_t, dy2d_t)
        return matmul(None, a2, d2, act2d_t, dy2d_t, wt, "transpose_a")

    for l in reversed(range(layers)):
        s, p = saved[l], saved[l]["p"]
        # x2 = x1 + dropout(g @ w2)
        df = dropout(None, dx, x_t, 1000 * l + 3)
        grads[f"l{l}_w2"] = wgrad(s["g"], t(B, S, F), t(B * S, F), df, x_t, x2d_t, t(F, H))
        dg = matmul(None, df, p["w2"], x_t, t(F, H), t(B, S, F), "transpose_b")
        dh = w.op("dh", f"nn.gelu_grad {dg}, {s['h']} : {t(B, S, F)}")
        grads[f"l{l}_w1"] = wgrad(s["ln2"], x_t, x2d_t, dh, t(B, S, F), t(B * S, F), t(H, F))
        dln2 = matmul(None, dh, p["w1"], t(B, S, F), t(H, F), x_t, "transpose_b")
        dxb, grads[f"l{l}_ln2_g"], grads[f"l{l}_ln2_b"] = w.multi(["dx", "dg", "db"],
            f"nn.layernorm_grad {dln2}, {s['x1']}, {p['ln2_g']}, {s['m2']}, {s['r2']} : {x_t}, {x_t}, {t(H)}, {stat_t}, {stat_t} -> {x_t}, {t(H)}, {t(H)}")
        dx1 = add(None, dx, dxb, x_t, x_t, x_t)
        # x1 = x + dropout(cr @ wo)
        do = dropout(None, dx1, x_t, 1000 * l + 2)
        grads[f"l{l}_wo"] = wgrad(s["cr"], x_t, x2d_t, do, x_t, x2d_t, t(H, H))
        dcr = matmul(None, do, p["wo"], x_t, t(H, H), x_t, "transpose_b")
        dc = transpose(None, reshape(None, dcr, x_t, split_t), split_t, head_t)
        # c = pd @ vt
        dpd = matmul(None, dc, s["vt"], head_t, head_t, score_t, "transpose_b")
        dvt = matmul(None, s["pd"], dc, score_t, head_t, head_t, "transpose_a")
        dpr = dropout(None, dpd, score_t, 1000 * l + 1)
        dsc = w.op("dsm", f"nn.softmax_grad {dpr}, {s['pr']} {{scale = {scale:e} : f32}} : {score_t}")
        dqt = matmul(None, dsc, s["kt"], score_t, head_t, head_t)
        dkt = matmul(None, dsc, s["qt"], score_t, head_t, head_t, "transpose_a")
        dln1 = None
        for wname, dht in (("wq", dqt), ("wk", dkt), ("wv", dvt)):
            dy = reshape(None, transpose(None, dht, head_t, split_t), split_t, x_t)
            grads[f"l{l}_{wname}"] = wgrad(s["ln1"], x_t, x2d_t, dy, x_t, x2d_t, t(H, H))
            part = matmul(None, dy, p[wname], x_t, t(H, H), x_t, "transpose_b")
            dln1 = part if dln1 is None else add(None, dln1, part, x_t, x_t, x_t)
        dxa, grads[f"l{l}_ln1_g"], grads[f"l{l}_ln1_b"] = w.multi(["dx", "dg", "db"],
            f"nn.layernorm_grad {dln1}, {s['x']}, {p['ln1_g']}, {s['m1']}, {s['r1']} : {x_t}, {x_t}, {t(H)}, {stat_t}, {stat_t} -> {x_t}, {t(H)}, {t(H)}")
        dx = add(None, dx1, dxa, x_t, x_t, x_t)

    results = [(loss, t()), (dx, x_t)] + [(grads[name], ty) for name, ty in params]
    return function_text("train_step", args, results, w.lines, indent="    ")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    common.add_model_args(ap)
    ap.add_argument("--ffn", type=int, default=None, help="MLP width (default 4*hidden)")
    ap.add_argument("--dropout", type=float, default=0.1)
    ap.add_argument("--no-blocks", action="store_true", help="omit remat.block attributes")
    ap.add_argument("--forward-only", action="store_true",
                    help="only the forward, returning the loss (for --nn-autodiff)")
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args(argv)
    text = generate(a.layers, a.batch, a.seq, a.hidden, a.heads, a.vocab,
                    a.ffn or 4 * a.hidden, a.dtype, a.dropout, not a.no_blocks, a.forward_only)
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
