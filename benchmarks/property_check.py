#!/usr/bin/env python3
"""Property tests of --rematerialize at scale, on random joint graphs.

Generators (seeded, deterministic; --generators takes a comma list):

  random     random_joint.generate() as is (its sizes drawn per graph)
  widths     matmuls that change the feature width ([N,D1] x [D1,D2]),
             attention-like score matrices, transposes, reductions and
             broadcasts; f32, bf16, f16, or mixed (a bf16 body whose f32
             layernorm statistics carry the f32 loss: the only way the nn
             dialect mixes element types, as it has no casts)
  views      as widths, with chains of nn.reshape (reshape of reshape) at
             checkpoint-block boundaries, used by the next block and by
             backward ops
  overrides  as widths, with random remat.policy = "save" / "recompute" on
             forward ops (every nn op is pure, so "recompute" is allowed on
             any of them)
  dead       as widths, with dead code: forward ops whose results reach
             nothing on the way to the loss, placed right after the value
             they read and before its other forward uses (some of them read
             by backward ops), and backward ops whose results are never
             returned
  autodiff   the forward alone (random_joint --forward-only, or a widths/
             views/overrides/dead forward) through remat-opt --nn-autodiff
  families   a forward of gen_families.py (U-Net with long skips, mixture
             of experts, encoder-decoder with cross-attention, MLP-Mixer,
             long chain with a few matmuls; f32 or bf16) through
             --nn-autodiff

Properties, for each graph and each policy (none, selective, dots,
dots-no-batch; full and sqrt
when the graph has remat.block; auto at its least peak, midpoints, the
baseline peak and the fixed policies' peaks, and at max-overhead 0.05/0.2):

  generator       the generated graph verifies (else: a generator bug)
  autodiff        --nn-autodiff accepts the generated forward
  (i)   verify    the pass succeeds and its output verifies again
  (ii)  peak      the report's result.peak_bytes equals memory_semantics'
                  peak of the output IR, and baseline.peak_bytes that of the
                  input without its trivially dead ops (the pass erases them
                  before planning)
  (iii) budget    auto's peak is at most its budget; a budget one byte below
                  the least peak is refused naming that peak; max-overhead
                  plans cost at most that fraction of the step
  (iv)  fixed<=none  full, sqrt, selective, dots and dots-no-batch never have a
                  result peak above
                  policy none's
  (v)   auto      a tighter budget never gives a higher peak or a lower
                  time, a larger overhead never a higher peak; auto is never
                  costlier (estimated_time_s) than a fixed policy that fits
                  the same budget, and its least peak is at most theirs
  (vi)  flops     recompute_flops >= 0, result/baseline FLOPs equal the
                  FLOPs of the output/input IR counted here from the cost
                  table of docs/Dialects.md, recompute_flops is their
                  difference
  none-unchanged  policy none without "recompute" overrides changes no figure
  (vii) bit-identical  with --compile-every N, every Nth graph is compiled
                  with remat-compile --target=cpu --policy=P for each policy
                  (auto at its least peak) and run with one seed: outputs
                  are bit-identical to policy none's

    property_check.py --count 1000 --jobs 2 --out /tmp/property-findings
    property_check.py --count 40 --compile-every 20 --generators views,dead

The last line is `properties: N graphs, R runs, V violations` (R counts the
remat-opt --rematerialize and remat-compile runs); the exit status is 1 on
any violation. With --out DIR each violating graph is written to
DIR/<generator>-<seed>/ with the commands that show the violation; with
--reduce as well, one violating graph per kind of violation (property and
policy) is shrunk (ops bypassed or dropped, results dropped, attributes
removed while the violation persists) into DIR/reduced/.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import memory_semantics  # noqa: E402
import gen_families  # noqa: E402
import random_joint  # noqa: E402

GENERATORS = ("random", "widths", "views", "overrides", "dead", "autodiff", "families")
# The generators whose graphs come through remat-opt --nn-autodiff.
THROUGH_AUTODIFF = ("autodiff", "families")

# Property keys in report order, with the line printed for each.
PROPERTIES = (
    ("generator", "generated graph verifies"),
    ("autodiff", "--nn-autodiff accepts the forward"),
    ("verify", "(i) pass succeeds, output verifies"),
    ("peak", "(ii) report peaks == independent peaks"),
    ("budget", "(iii) budgets and overheads hold"),
    ("fixed<=none", "(iv) fixed policy peak <= none's"),
    ("auto", "(v) auto monotone, never costlier than fixed"),
    ("flops", "(vi) FLOPs match, recompute_flops >= 0"),
    ("none-unchanged", "policy none changes nothing"),
    ("bit-identical", "(vii) compiled outputs bit-identical"),
)

FIXED = ("full", "sqrt", "selective", "dots", "dots-no-batch")
AUTO_FAMILIES = {"auto-budget", "auto-frontier", "auto-overhead", "auto-below-least"}
OVERHEADS = (0.05, 0.2)
REL = 1e-9  # relative slack on estimated times (sums of doubles)
CERTIFICATE = ""  # " certificate=..." added to every report's options (--certificate)


# --------------------------------------------------------------------------
# Generators
# --------------------------------------------------------------------------

def ttype(shape, dt):
    """The tensor type of a shape (a tuple; () is rank 0) and element type."""
    return "tensor<" + "".join(f"{d}x" for d in shape) + dt + ">"


def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def broadcast_shape(a, b):
    """NumPy broadcast of two shapes (they are known to be compatible)."""
    out = []
    for i in range(1, max(len(a), len(b)) + 1):
        x = a[-i] if i <= len(a) else 1
        y = b[-i] if i <= len(b) else 1
        out.append(max(x, y))
    return tuple(reversed(out))


class Val:
    """An SSA value of a generated graph: name, shape, element type, and the
    kind of op that defines it (with extra facts some backward ops need)."""

    def __init__(self, name, shape, dt, kind="arg", **info):
        self.name, self.shape, self.dt, self.kind, self.info = name, tuple(shape), dt, kind, info

    @property
    def type(self):
        return ttype(self.shape, self.dt)


def fmt_float(x):
    """A float attribute as MLIR prints it (`1.500000e+00 : f32`)."""
    return f"{x:.6e} : f32"


class Builder:
    """Emits nn ops in their custom textual form (docs/Dialects.md) into one
    joint function; arguments are created on demand."""

    def __init__(self, rng):
        self.rng = rng
        self.args, self.arg_by_key, self.lines = [], {}, []
        self.count = 0

    def new(self):
        self.count += 1
        return f"%v{self.count}"

    def arg(self, key, shape, dt):
        """The argument `key` of this shape and type, created once."""
        full = f"{key}{'x'.join(map(str, shape))}_{dt}"
        if full not in self.arg_by_key:
            v = Val("%" + full, shape, dt)
            self.args.append(v)
            self.arg_by_key[full] = v
        return self.arg_by_key[full]

    @staticmethod
    def attrs(own=(), block=None, policy=None):
        parts = list(own)
        if policy:
            parts.append(f'remat.policy = "{policy}"')
        if block is not None:
            parts.append(f"remat.block = {block} : i64")
        return f" {{{', '.join(parts)}}}" if parts else ""

    def emit(self, results, text):
        self.lines.append(f"  {', '.join(r.name for r in results)} = {text}")
        return results[0] if len(results) == 1 else results

    # Forward ops ---------------------------------------------------------
    def unary(self, kind, x, own=(), **ra):
        v = Val(self.new(), x.shape, x.dt, kind, own=tuple(own))
        return self.emit([v], f"nn.{kind} {x.name}{self.attrs(own, **ra)} : {x.type}")

    def binary(self, kind, a, b, **ra):
        v = Val(self.new(), broadcast_shape(a.shape, b.shape), a.dt, kind)
        return self.emit([v], f"nn.{kind} {a.name}, {b.name}{self.attrs((), **ra)} : "
                              f"{a.type}, {b.type} -> {v.type}")

    def matmul(self, a, b, ta=False, tb=False, **ra):
        m, ka = (a.shape[-1], a.shape[-2]) if ta else (a.shape[-2], a.shape[-1])
        n, kb = (b.shape[-2], b.shape[-1]) if tb else (b.shape[-1], b.shape[-2])
        assert ka == kb, (a.shape, b.shape, ta, tb)
        v = Val(self.new(), broadcast_shape(a.shape[:-2], b.shape[:-2]) + (m, n), a.dt, "matmul")
        own = (["transpose_a"] if ta else []) + (["transpose_b"] if tb else [])
        return self.emit([v], f"nn.matmul {a.name}, {b.name}{self.attrs(own, **ra)} : "
                              f"{a.type}, {b.type} -> {v.type}")

    def layernorm(self, x, stat_dt, **ra):
        g = self.arg("g", x.shape[-1:], x.dt)
        b = self.arg("b", x.shape[-1:], x.dt)
        y = Val(self.new(), x.shape, x.dt, "layernorm")
        m = Val(self.new(), x.shape[:-1], stat_dt, "mean")
        s = Val(self.new(), x.shape[:-1], stat_dt, "rstd")
        y.info.update(x=x, gamma=g, mean=m, rstd=s)
        own = ["epsilon = 1.000000e-05 : f32"]
        return self.emit([y, m, s], f"nn.layernorm {x.name}, {g.name}, {b.name}{self.attrs(own, **ra)} : "
                                    f"{x.type}, {g.type}, {b.type} -> {y.type}, {m.type}, {s.type}")

    def transpose(self, x, perm, **ra):
        v = Val(self.new(), tuple(x.shape[p] for p in perm), x.dt, "transpose")
        own = [f"permutation = array<i64: {', '.join(map(str, perm))}>"]
        return self.emit([v], f"nn.transpose {x.name}{self.attrs(own, **ra)} : {x.type} -> {v.type}")

    def reshape(self, x, shape, **ra):
        v = Val(self.new(), shape, x.dt, "reshape")
        return self.emit([v], f"nn.reshape {x.name}{self.attrs((), **ra)} : {x.type} -> {v.type}")

    def broadcast(self, x, shape, **ra):
        v = Val(self.new(), shape, x.dt, "broadcast")
        return self.emit([v], f"nn.broadcast {x.name}{self.attrs((), **ra)} : {x.type} -> {v.type}")

    def reduce_sum(self, x, dims, **ra):
        v = Val(self.new(), tuple(d for i, d in enumerate(x.shape) if i not in dims), x.dt, "reduce_sum")
        own = [f"dims = array<i64: {', '.join(map(str, dims))}>"]
        return self.emit([v], f"nn.reduce_sum {x.name}{self.attrs(own, **ra)} : {x.type} -> {v.type}")

    def mse_loss(self, p, t):
        v = Val(self.new(), (), p.dt, "loss")
        return self.emit([v], f"nn.mse_loss {p.name}, {t.name} : {p.type}, {t.type} -> {v.type}")

    def cross_entropy(self, logits, labels):
        v = Val(self.new(), (), logits.dt, "loss")
        return self.emit([v], f"nn.cross_entropy {logits.name}, {labels.name} : "
                              f"{logits.type}, {labels.type} -> {v.type}")

    # Backward ops --------------------------------------------------------
    def one(self, dt):
        v = Val(self.new(), (), dt, "constant")
        return self.emit([v], f"arith.constant dense<1.000000e+00> : {v.type}")

    def act_grad(self, kind, dy, x):
        v = Val(self.new(), x.shape, x.dt, kind)
        return self.emit([v], f"nn.{kind} {dy.name}, {x.name} : {x.type}")

    def softmax_grad(self, dy, p):
        v = Val(self.new(), p.shape, p.dt, "softmax_grad")
        own = [o for o in p.info.get("own", ()) if o.startswith("scale")]
        return self.emit([v], f"nn.softmax_grad {dy.name}, {p.name}{self.attrs(own)} : {p.type}")

    def layernorm_grad(self, dy, y):
        x, g, m, s = (y.info[k] for k in ("x", "gamma", "mean", "rstd"))
        dx = Val(self.new(), x.shape, x.dt, "layernorm_grad")
        dg, db = Val(self.new(), g.shape, g.dt, "dgamma"), Val(self.new(), g.shape, g.dt, "dbeta")
        return self.emit([dx, dg, db], f"nn.layernorm_grad {dy.name}, {x.name}, {g.name}, {m.name}, {s.name} : "
                                       f"{dy.type}, {x.type}, {g.type}, {m.type}, {s.type} -> "
                                       f"{dx.type}, {dg.type}, {db.type}")

    def mse_loss_grad(self, p, t, one):
        v = Val(self.new(), p.shape, p.dt, "mse_loss_grad")
        return self.emit([v], f"nn.mse_loss_grad {p.name}, {t.name}, {one.name} : "
                              f"{p.type}, {t.type}, {one.type} -> {v.type}")

    def cross_entropy_grad(self, logits, labels, one):
        v = Val(self.new(), logits.shape, logits.dt, "cross_entropy_grad")
        return self.emit([v], f"nn.cross_entropy_grad {logits.name}, {labels.name}, {one.name} : "
                              f"{logits.type}, {labels.type}, {one.type} -> {v.type}")

    def function(self, results):
        args = ", ".join(f"{a.name}: {a.type}" for a in self.args)
        types = ", ".join(r.type for r in results)
        head = f"func.func @step({args}) -> ({types}) {{"
        ret = f"  return {', '.join(r.name for r in results)} : {types}"
        return "\n".join([head] + self.lines + [ret, "}"]) + "\n"


# Knobs of the builder-based generators: element-type modes, the chance of a
# view chain at a block boundary and elsewhere (and whether the backward reads
# every view), of an override on a forward op, and of dead code after a
# forward op or a backward op.
KNOBS = {
    "widths": dict(modes=("f32", "bf16", "f16", "mixed"), p_view_boundary=0.1, p_view=0.03,
                   views_read=False, p_override=0.0, p_dead=0.0),
    "views": dict(modes=("f32", "bf16"), p_view_boundary=0.9, p_view=0.15,
                  views_read=True, p_override=0.0, p_dead=0.0),
    "overrides": dict(modes=("f32", "bf16"), p_view_boundary=0.3, p_view=0.05,
                      views_read=False, p_override=0.3, p_dead=0.0),
    "dead": dict(modes=("f32", "bf16", "mixed"), p_view_boundary=0.3, p_view=0.05,
                 views_read=False, p_override=0.0, p_dead=0.35),
}
WIDTHS = (4, 8, 12, 16, 24, 32)


def view_shapes(shape):
    """Shapes of as many elements as `shape` that a reshape may produce."""
    n = numel(shape)
    out = {(n,)}
    if len(shape) >= 2:
        out.add(tuple(reversed(shape)))
    for k in (2, 4):
        if n % k == 0 and n // k > 1:
            out.add((n // k, k))
    if len(shape) >= 1 and shape[-1] % 2 == 0 and shape[-1] > 2:
        out.add(tuple(shape[:-1]) + (shape[-1] // 2, 2))
    if len(shape) == 3:
        out.add((shape[0], shape[1] * shape[2]))
    out.add(tuple(shape))
    return sorted(out)


def build(seed, knobs, forward_only=False):
    """A random joint graph (or its forward alone) from the knobs; see the
    module docstring. Deterministic in the seed."""
    rng = random.Random(seed)
    mode = rng.choice(knobs["modes"])
    if forward_only and mode == "mixed":
        mode = "bf16"  # a gradient through layernorm statistics is an autodiff error
    dt = "bf16" if mode == "mixed" else mode
    n = rng.choice((4, 8))
    num_fwd, num_bwd = rng.randint(3, 16), rng.randint(3, 14)
    blocks = rng.choice((0, 1, 2, 3, 4))
    B = Builder(rng)
    cur = B.arg("x", (n, rng.choice(WIDTHS)), dt)
    fwd = [cur]              # forward values that forward ops may read
    views, dead_read, stats, lns = [], [], [], []

    def override():
        if rng.random() < knobs["p_override"]:
            return rng.choice(("save", "recompute"))
        return None

    def block_of(i):
        if not blocks or rng.random() < 0.08:  # now and then an op outside the blocks
            return None
        return i * blocks // num_fwd

    def pick():
        v = cur if rng.random() < 0.7 else rng.choice(fwd[-5:])
        return v if len(v.shape) >= 2 else cur

    def same_shape(v):
        """Another forward value of v's type, or None."""
        c = [w for w in fwd if w.shape == v.shape and w.dt == v.dt and w is not v]
        return rng.choice(c) if c else None

    def view_chain(v, blk_before, blk_after):
        """reshape(reshape(v)) (sometimes three deep) across a boundary; the
        last view has rank >= 2 for the ops that follow."""
        depth = 3 if rng.random() < 0.3 else 2
        x = v
        for k in range(depth):
            shapes = [s for s in view_shapes(x.shape) if s != x.shape]
            if k == depth - 1:  # the last view may go back to v's shape
                shapes = [s for s in set(shapes) | {v.shape} if len(s) >= 2 and s[-2] * s[-1] > 2]
                shapes = sorted(s for s in shapes if s != x.shape) or [v.shape]
            x = B.reshape(x, rng.choice(shapes), block=rng.choice((blk_before, blk_after, None)),
                          policy=override())
            views.append(x)
        return x

    prev = None
    for i in range(num_fwd):
        blk = block_of(i)
        boundary = blocks and i > 0 and i * blocks // num_fwd != (i - 1) * blocks // num_fwd
        if (boundary and rng.random() < knobs["p_view_boundary"]) or rng.random() < knobs["p_view"]:
            cur = view_chain(cur, prev, blk)
            fwd.append(cur)
        prev = blk
        kind = rng.choice(("unary",) * 3 + ("binary",) * 2 + ("matmul",) * 3 +
                          ("layernorm", "attention", "transpose", "reduce"))
        a = pick()
        if kind == "unary":
            k = rng.choice(("relu", "gelu", "scale", "dropout", "softmax"))
            own = []
            if k == "scale":
                own = [f"factor = {fmt_float(rng.choice((0.5, 1.5, -2.0)))}"]
            elif k == "dropout":
                own = [f"rate = {fmt_float(rng.choice((0.1, 0.25, 0.5)))}", f"seed = {rng.randrange(1000)} : i64"]
            elif k == "softmax":
                if len(a.shape) >= 2 and a.shape[-1] == a.shape[-2] and rng.random() < 0.5:
                    own.append("causal")
                if rng.random() < 0.7:
                    own.append(f"scale = {fmt_float(0.125)}")
            v = B.unary(k, a, own, block=blk, policy=override())
        elif kind == "binary":
            k = rng.choice(("add", "sub", "mul"))
            other = same_shape(a)
            if other is None or rng.random() < 0.3:
                other = B.arg("bias", a.shape[-1:], a.dt) if rng.random() < 0.7 else a
            v = B.binary(k, a, other, block=blk, policy=override())
        elif kind == "matmul":
            d = rng.choice(WIDTHS)
            other = same_shape(a)
            if other is not None and rng.random() < 0.2:
                v = B.matmul(a, other, tb=True, block=blk, policy=override())  # [.., M, M]
            elif rng.random() < 0.5:
                v = B.matmul(a, B.arg("w", (a.shape[-1], d), a.dt), block=blk, policy=override())
            else:
                v = B.matmul(a, B.arg("w", (d, a.shape[-1]), a.dt), tb=True, block=blk, policy=override())
        elif kind == "layernorm":
            stat_dt = "f32" if mode == "mixed" or (dt != "f32" and rng.random() < 0.5) else dt
            v, m, s = B.layernorm(a, stat_dt, block=blk, policy=override())
            lns.append(v)
            if mode == "mixed":
                stats.extend((m, s))
        elif kind == "attention":
            k_ = same_shape(a) or a
            scores = B.matmul(a, k_, tb=True, block=blk, policy=override())
            own = ["causal"] if rng.random() < 0.5 else []
            own.append(f"scale = {fmt_float(0.25)}")
            p = B.unary("softmax", scores, own, block=blk, policy=override())
            fwd.extend((scores, p))
            v = B.matmul(p, same_shape(a) or a, block=blk, policy=override())
        elif kind == "transpose":
            perm = (1, 0) if len(a.shape) == 2 else (0, 2, 1)
            v = B.transpose(a, perm, block=blk, policy=override())
        else:  # a reduction, added back with broadcasting or an explicit broadcast
            r = B.reduce_sum(a, [0], block=blk, policy=override())
            if rng.random() < 0.5:
                v = B.binary("add", a, r, block=blk, policy=override())
            else:
                bc = B.broadcast(r, a.shape, block=blk, policy=override())
                v = B.binary("mul", a, bc, block=blk, policy=override())
        cur = v
        fwd.append(v)
        # Dead forward code: right after v, before v's other forward uses.
        if rng.random() < knobs["p_dead"]:
            src = rng.choice(fwd[-3:])
            d = B.unary(rng.choice(("relu", "gelu")), src, block=blk)
            if rng.random() < 0.5:
                d = B.binary("mul", d, src, block=blk)
            if rng.random() < 0.4 and not forward_only:
                dead_read.append(d)

    # The loss.
    if mode == "mixed":
        y, m, s = B.layernorm(cur, "f32")
        lns.append(y)
        acc = m
        for sv in stats:
            if sv.shape == m.shape and rng.random() < 0.6:
                acc = B.binary(rng.choice(("add", "mul")), acc, sv)
        if rng.random() < 0.5:
            acc = B.unary("relu", acc)
        target = B.arg("t", acc.shape, "f32")
        pred, loss = acc, B.mse_loss(acc, target)
        ce = False
    elif rng.random() < 0.3:
        logits = B.matmul(cur, B.arg("w", (cur.shape[-1], rng.choice((4, 10))), dt))
        labels = B.arg("labels", logits.shape[:-1], rng.choice(("i32", "i64")))
        pred, loss, ce = logits, B.cross_entropy(logits, labels), True
    else:
        pred = B.matmul(cur, B.arg("w", (cur.shape[-1], rng.choice(WIDTHS)), dt)) if rng.random() < 0.7 else cur
        target = B.arg("t", pred.shape, dt)
        loss, ce = B.mse_loss(pred, target), False
    if forward_only:
        return B.function([loss])

    # The backward: ops reading forward values in roughly reverse order.
    one = B.one(loss.dt)
    g0 = B.cross_entropy_grad(pred, labels, one) if ce else B.mse_loss_grad(pred, target, one)
    grads = {(g0.shape, g0.dt): g0}
    results = [loss]

    def weight(shape, d):
        return B.arg("w", shape, d)

    def grad_for(shape, d):
        """A gradient of this type, derived from the ones already computed."""
        if (shape, d) in grads:
            return grads[(shape, d)]
        same = [g for g in reversed(list(grads.values())) if g.dt == d]
        if not same:  # mixed: seed a gradient of this element type from an activation
            src = next(w for w in reversed(fwd + views) if w.dt == d)
            same = [B.unary("scale", src, [f"factor = {fmt_float(-1.0)}"])]
        out = None
        for g in same:
            if g.shape == shape:  # the seed itself
                out = g
            elif numel(g.shape) == numel(shape) and rng.random() < 0.5:
                out = B.reshape(g, shape)
            elif len(shape) == 2 and len(g.shape) == 2 and g.shape == shape[::-1]:
                out = B.transpose(g, (1, 0))
            elif len(shape) == 2 and len(g.shape) == 2 and g.shape[0] == shape[0]:
                out = B.matmul(g, weight((shape[1], g.shape[1]), d), tb=True)
            elif len(shape) == 2 and len(g.shape) == 2 and g.shape[1] == shape[1]:
                out = B.matmul(weight((g.shape[0], shape[0]), d), g, ta=True)
            elif len(g.shape) == len(shape) + 1 and g.shape[:-1] == shape:
                out = B.reduce_sum(g, [len(shape)])
            elif len(g.shape) == len(shape) + 1 and g.shape[1:] == shape:
                out = B.reduce_sum(g, [0])
            if out is not None:
                break
        if out is None:  # any shape: sum to a scalar, broadcast back
            g = same[0]
            out = B.broadcast(B.reduce_sum(g, list(range(len(g.shape)))), shape)
        grads[(shape, d)] = out
        return out

    order = sorted(fwd[1:] + views + dead_read + lns, key=lambda v: -int(v.name[2:]) + rng.uniform(-3, 3))
    chosen = list(dict.fromkeys(order))[:num_bwd]  # unique, in order
    if knobs["views_read"]:  # every view is read by a backward op
        chosen += [v for v in views if v not in chosen]
    for u in chosen:
        key = (u.shape, u.dt)
        if u.kind == "layernorm" and rng.random() < 0.7:
            dx, dg, db = B.layernorm_grad(grad_for(u.shape, u.dt), u)
            grads[(dx.shape, dx.dt)] = dx
            results.extend((dg, db) if rng.random() < 0.7 else (dg,))
            continue
        if u.kind == "softmax" and rng.random() < 0.7:
            grads[key] = B.softmax_grad(grad_for(*key), u)
            continue
        k = rng.choice(("gelu_grad", "relu_grad", "add", "mul", "weight"))
        if k == "weight" and len(u.shape) == 2:
            g = grad_for((u.shape[0], rng.choice(WIDTHS)), u.dt)
            results.append(B.matmul(u, g, ta=True))
        elif k in ("gelu_grad", "relu_grad"):
            grads[key] = B.act_grad(k, grad_for(*key), u)
        else:  # add or mul (also "weight" on a value of rank other than 2)
            grads[key] = B.binary("mul" if k == "weight" else k, grad_for(*key), u)
        if rng.random() < knobs["p_dead"]:  # a backward op nobody reads
            B.unary("relu", grads.get(key, g0))
    for g in grads.values():
        if g is not g0 and g not in results and not (knobs["p_dead"] and rng.random() < 0.5):
            results.append(g)
    return B.function(results)


def generate(gen, seed, remat_opt=None, tmp=None):
    """(joint graph text, forward text or None) of generator `gen` for a
    seed. autodiff runs remat-opt --nn-autodiff (in `tmp`); its failure
    raises AutodiffError with the forward."""
    rng = random.Random(seed * 7919 + GENERATORS.index(gen))
    if gen == "random":
        return random_joint.generate(seed, num_fwd=rng.randint(4, 20), num_bwd=rng.randint(3, 14),
                                     blocks=rng.randint(1, 4)), None
    if gen in KNOBS:
        return build(seed, KNOBS[gen]), None
    if gen == "families":
        fwd = gen_families.generate(rng.choice(gen_families.FAMILIES), seed,
                                    rng.choice(("f32", "f32", "bf16")))
    elif rng.random() < 0.4:
        fwd = random_joint.generate(seed, num_fwd=rng.randint(4, 20), blocks=rng.randint(1, 4),
                                    forward_only=True)
    else:
        fwd = build(seed, KNOBS[rng.choice(("widths", "views", "overrides", "dead"))],
                    forward_only=True)
    path = os.path.join(tmp, "forward.mlir")
    with open(path, "w") as f:
        f.write(fwd)
    p = tool_run([remat_opt, path, "--nn-autodiff"])
    if p.returncode != 0:
        raise AutodiffError(fwd, p.stderr)
    return p.stdout, fwd


class AutodiffError(Exception):
    """--nn-autodiff refused a generated forward (kept for the finding)."""

    def __init__(self, forward, stderr):
        super().__init__(stderr)
        self.forward, self.stderr = forward, stderr


# --------------------------------------------------------------------------
# Independent figures of an IR: FLOPs from the cost table of Dialects.md
# --------------------------------------------------------------------------

GENERIC_OP = re.compile(r'(?:(%[\w.$-]+)(?::(\d+))? = )?"([\w.]+)"\((.*?)\)(.*)$')


def parse_generic(text):
    """The ops of the single function of a generic-form module, each a dict:
    res (base name), nres, name, operands, mid (properties and attributes
    text), in_types, out_types. Also the arguments [(name, type)]."""
    args, ops = [], []
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("^bb0("):
            for part in memory_semantics.split_types(s[len("^bb0("):s.rindex(")")]):
                v, ty = part.split(":", 1)
                args.append((v.strip(), ty.strip()))
            continue
        m = GENERIC_OP.match(s)
        if not m or m.group(3) in ("builtin.module", "func.func"):
            continue
        res, count, name, operands, rest = m.groups()
        sig = rest[rest.rindex(" : (") + 3:]
        mid = rest[:rest.rindex(" : (")].strip()
        # sig: "(in types) -> out types"
        depth, cut = 0, None
        for i, ch in enumerate(sig):
            depth += ch in "<([{"
            depth -= ch in ">)]}"
            if depth == 0:
                cut = i
                break
        ins = memory_semantics.split_types(sig[1:cut])
        outs = sig[cut + 1:].strip()[2:].strip()
        if outs.startswith("(") and outs.endswith(")"):
            outs = outs[1:-1]
        ops.append(dict(res=res, nres=int(count) if count else (1 if res else 0), name=name,
                        operands=[o.strip() for o in operands.split(",") if o.strip()],
                        mid=mid, in_types=ins, out_types=memory_semantics.split_types(outs)))
    return args, ops


def shape_of(type_text):
    m = memory_semantics.TENSOR.fullmatch(type_text.strip())
    return tuple(int(d) for d in m.group(1).split("x") if d) if m else ()


PER_RESULT = {"nn.add": 1, "nn.sub": 1, "nn.mul": 1, "nn.relu": 1, "nn.scale": 1, "nn.gelu": 9,
              "nn.dropout": 3, "nn.softmax": 6, "nn.gelu_grad": 16, "nn.relu_grad": 1,
              "nn.softmax_grad": 5}
PER_OPERAND = {"nn.layernorm": (8, 0), "nn.reduce_sum": (1, 0), "nn.cross_entropy": (5, 0),
               "nn.mse_loss": (3, 0), "nn.layernorm_grad": (14, 1), "nn.cross_entropy_grad": (7, 0),
               "nn.mse_loss_grad": (3, 0)}
NO_FLOPS = {"nn.transpose", "nn.broadcast", "nn.reshape", "arith.constant", "func.return"}


def op_flops(op):
    name = op["name"]
    if name in PER_RESULT:
        return PER_RESULT[name] * numel(shape_of(op["out_types"][0]))
    if name in PER_OPERAND:
        k, i = PER_OPERAND[name]
        return k * numel(shape_of(op["in_types"][i]))
    if name == "nn.matmul":
        lhs, out = shape_of(op["in_types"][0]), shape_of(op["out_types"][0])
        k = lhs[-2] if "transpose_a" in op["mid"] else lhs[-1]
        return 2 * numel(out) * k  # 2 * batch * M * N * K
    if name in NO_FLOPS:
        return 0
    raise ValueError(f"no FLOP count for {name}")


def dead_ops(ops):
    """Indices of the ops (memory_semantics' (results, name, operands)) that
    erasing trivially dead ops removes: every op here is pure, so an op is
    dead when no live op reads any of its results (chains die from the end)."""
    used, dead = set(), set()
    for i in range(len(ops) - 1, -1, -1):
        results, name, operands = ops[i]
        if name != "func.return" and not any(r in used for r, _ in results):
            dead.add(i)
            continue
        used.update(operands)
    return dead


def forward_blocks(generic_text):
    """The remat.block ids of the forward ops (transitive producers of
    result 0) of the single function of a generic-form module."""
    _, ops = parse_generic(generic_text)
    producer = {}
    for i, o in enumerate(ops):
        names = [o["res"]] if o["nres"] == 1 else [f"{o['res']}#{k}" for k in range(o["nres"])]
        for n in names:
            producer[n] = i
    ret = next(o for o in ops if o["name"] == "func.return")
    todo, seen = [ret["operands"][0]], set()
    while todo:
        i = producer.get(todo.pop())
        if i is None or i in seen:
            continue
        seen.add(i)
        todo.extend(ops[i]["operands"])
    return {m.group(1) for i in seen for m in [re.search(r"remat\.block = (\d+)", ops[i]["mid"])] if m}


def figures(generic_text, erase_dead=False):
    """(peak bytes, FLOPs) of the single function of a generic-form module,
    computed without remat's C++; with erase_dead, of the function without
    its dead ops (what --rematerialize plans on)."""
    (func,) = memory_semantics.parse_functions(generic_text)
    _, ops = parse_generic(generic_text)
    assert len(ops) == len(func["ops"])
    if erase_dead:
        dead = dead_ops(func["ops"])
        func = dict(func, ops=[o for i, o in enumerate(func["ops"]) if i not in dead])
        ops = [o for i, o in enumerate(ops) if i not in dead]
    return memory_semantics.peak_bytes(func)[0], sum(op_flops(o) for o in ops)


# --------------------------------------------------------------------------
# Running the tools
# --------------------------------------------------------------------------

def tool_run(cmd, timeout=300):
    """Runs a tool. While its binary is missing or cannot be executed (being
    relinked), waits and retries, for up to 10 minutes."""
    for attempt in range(21):
        try:
            if os.path.exists(cmd[0]):
                p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
                if p.returncode == 0 or os.path.exists(cmd[0]):
                    return p
        except OSError:  # permission denied, text file busy: a link in progress
            if attempt == 20:
                raise
        if attempt == 20:
            raise FileNotFoundError(cmd[0])
        time.sleep(30)


def diagnostic(stderr):
    """The error lines of a tool's stderr (without the IR MLIR dumps after
    them), or its last lines."""
    lines = [l.strip() for l in stderr.splitlines()]
    errors = [l for l in lines if "error:" in l or "undefined reference" in l]
    return " | ".join(errors[:3] or lines[-3:])[:600]


def shell(cmd, tmp):
    """A command line to show in a finding, with paths relative to `tmp`
    (where the graph is graph.mlir)."""
    return " ".join(shlex.quote(c.replace(tmp + os.sep, "")) for c in cmd)


class Checker:
    """Runs every policy on one joint graph and records violations."""

    def __init__(self, text, tools, tmp, compile_it=False, only=None):
        self.text, self.tools, self.tmp = text, tools, tmp
        self.compile_it, self.only = compile_it, only
        self.violations, self.runs = [], 0
        self.warnings = {}  # run name -> the pass's warnings
        self.checks = collections.Counter()
        self.src = os.path.join(tmp, "graph.mlir")
        with open(self.src, "w") as f:
            f.write(text)

    def fail(self, prop, policy, message, cmd=None):
        """Records a violation; cmd is a command line or a list of them."""
        cmds = cmd if cmd and isinstance(cmd[0], list) else [cmd] if cmd else []
        self.violations.append(dict(property=prop, policy=policy, message=message,
                                    command="\n  $ ".join(shell(c, self.tmp) for c in cmds) or None))

    def check(self, prop, ok, policy, message, cmd=None):
        self.checks[prop] += 1
        if not ok:
            self.fail(prop, policy, message, cmd)
        return ok

    def remat(self, name, options):
        """Runs the pass; checks (i), (ii), (vi) on its output. Returns
        (report or None, stderr, command)."""
        out, rep = os.path.join(self.tmp, f"{name}.mlir"), os.path.join(self.tmp, f"{name}.json")
        cmd = [self.tools["remat_opt"], self.src,
               f"--rematerialize={options} report={rep}{CERTIFICATE}", "-o", out]
        self.runs += 1
        p = tool_run(cmd)
        if p.returncode != 0:
            return None, p.stderr, cmd
        self.warnings[name] = [l.split("warning: ", 1)[1] for l in p.stderr.splitlines() if "warning: " in l]
        g = tool_run([self.tools["remat_opt"], "--mlir-print-op-generic", out])
        if not self.check("verify", g.returncode == 0, name,
                          f"output does not verify: {diagnostic(g.stderr)}", cmd):
            return None, "", cmd
        with open(rep) as f:
            r = json.load(f)
        peak, flops = figures(g.stdout)
        res, base = r["result"], r["baseline"]
        self.check("peak", res["peak_bytes"] == peak, name,
                   f"report result.peak_bytes {res['peak_bytes']} != independent {peak}", cmd)
        self.check("peak", base["peak_bytes"] == self.in_peak, name,
                   f"report baseline.peak_bytes {base['peak_bytes']} != independent {self.in_peak}", cmd)
        self.check("flops", res["recompute_flops"] >= 0, name,
                   f"recompute_flops {res['recompute_flops']} < 0", cmd)
        self.check("flops", res["flops"] == flops and base["flops"] == self.in_flops, name,
                   f"FLOPs: report result {res['flops']} / baseline {base['flops']}, "
                   f"IR {flops} / {self.in_flops}", cmd)
        self.check("flops", res["recompute_flops"] == res["flops"] - base["flops"], name,
                   f"recompute_flops {res['recompute_flops']} != {res['flops']} - {base['flops']}", cmd)
        # The certificate's bound is a lower bound: no higher than what this
        # plan recomputes, and its peak is the plan's.
        cert = r.get("certificate")
        bound = cert and cert.get("recompute_time_lower_bound_s")
        self.check("peak", cert is not None and cert["peak_bytes"] == res["peak_bytes"]
                   and bound is not None
                   and bound <= cert["recompute_time_s"] * (1 + REL) + 1e-15, name,
                   f"certificate {cert} not a lower bound of the plan", cmd)
        # The peak no plan goes below (leastPeakLowerBound): not above this one.
        self.check("peak", r["peak_lower_bound_bytes"] <= res["peak_bytes"], name,
                   f"peak_lower_bound_bytes {r['peak_lower_bound_bytes']} above the plan's "
                   f"peak {res['peak_bytes']}", cmd)
        return r, "", cmd

    def run(self):
        tools = self.tools
        g = tool_run([tools["remat_opt"], "--mlir-print-op-generic", self.src])
        if not self.check("generator", g.returncode == 0, "-",
                          f"generated graph does not verify: {diagnostic(g.stderr)}"):
            return self
        self.in_peak, self.in_flops = figures(g.stdout, erase_dead=True)
        has_blocks = bool(forward_blocks(g.stdout))  # else full and sqrt refuse the graph
        has_recompute = '"recompute"' in g.stdout
        fixed_names = [p for p in FIXED
                       if has_blocks or p in ("selective", "dots", "dots-no-batch")]
        reports, cmds = {}, {}

        # The fixed policies to run: all of them, or (when reducing) those
        # the wanted kind of violation needs; auto is compared with all.
        wanted = {"none"} | set(fixed_names)
        if self.only is not None and not self.only & (AUTO_FAMILIES | {"compile"}):
            wanted &= self.only | {"none"}
        for policy in ("none",) + tuple(fixed_names):
            if policy not in wanted:
                continue
            r, err, cmd = self.remat(policy, f"policy={policy}")
            if r is None and err:
                self.check("verify", False, policy, f"remat-opt failed: {diagnostic(err)}", cmd)
            reports[policy], cmds[policy] = r, cmd
        none = reports.get("none")
        if none and not has_recompute:
            keys = ("peak_bytes", "flops", "saved_activation_bytes", "estimated_time_s")
            self.check("none-unchanged", all(none["result"][k] == none["baseline"][k] for k in keys), "none",
                       f"policy none without overrides: result {none['result']} != baseline "
                       f"{none['baseline']}", cmds["none"])
        # (iv) no fixed policy above policy none.
        for policy in fixed_names:
            r = reports.get(policy)
            if r and none:
                a, b = r["result"]["peak_bytes"], none["result"]["peak_bytes"]
                why = "; ".join(self.warnings.get(policy, [])) or "no warning"
                self.check("fixed<=none", a <= b, policy,
                           f"{policy} result peak {a} > none's {b} (+{a - b} bytes; remat-opt: {why})",
                           [cmds[policy], cmds["none"]])
        least = self.auto(reports, cmds, none, has_recompute)
        if self.compile_it and (self.only is None or "compile" in self.only):
            self.compile(fixed_names, least)
        return self

    def auto(self, reports, policy_cmds, none, has_recompute):
        """Auto at budgets and overheads: (iii) and (v). Returns the least peak.
        `policy_cmds` are the commands of the fixed policies' `reports`."""
        if not none or not (self.only is None or self.only & (AUTO_FAMILIES | {"compile"})):
            return None
        base_time = none["baseline"]["estimated_time_s"]
        # The highest budget: the baseline peak, or above it a fixed policy's
        # peak ("recompute" overrides can lift every plan above the baseline).
        base_peak = max([none["baseline"]["peak_bytes"]] +
                        [r["result"]["peak_bytes"] for r in reports.values() if r])
        fr, err, cmd = self.remat("auto-frontier", f"policy=auto budget={base_peak} pareto=true")
        if fr is None:
            if err:
                self.check("verify", False, "auto-frontier", f"remat-opt failed: {diagnostic(err)}", cmd)
            return None
        front = fr["pareto"]
        least = front[0]["peak_bytes"]
        ok = all(a["peak_bytes"] < b["peak_bytes"] and a["estimated_time_s"] > b["estimated_time_s"]
                 for a, b in zip(front, front[1:]))
        self.check("auto", ok, "auto-frontier", "pareto frontier not strictly increasing in peak and "
                   f"decreasing in time: {[(p['peak_bytes'], p['estimated_time_s']) for p in front]}", cmd)
        for policy, r in reports.items():
            if r:
                self.check("auto", least <= r["result"]["peak_bytes"], "auto-frontier",
                           f"least peak {least} above {policy}'s {r['result']['peak_bytes']}", cmd)
        if self.only is not None and not self.only & {"auto-budget", "auto-below-least", "auto-overhead"}:
            return least
        fixed_peaks = {r["result"]["peak_bytes"] for r in reports.values() if r}
        budgets = sorted({least, (3 * least + base_peak) // 4, (least + base_peak) // 2, base_peak} |
                         {p for p in fixed_peaks if p >= least})
        plans = {base_peak: fr}
        cmds = {base_peak: cmd}
        for budget in budgets:
            if budget not in plans:
                plans[budget], err, cmds[budget] = self.remat(f"auto-{budget}", f"policy=auto budget={budget}")
                if plans[budget] is None and err:
                    self.check("verify", False, f"auto budget={budget}",
                               f"remat-opt failed: {diagnostic(err)}", cmds[budget])
            r = plans[budget]
            if not r:
                continue
            peak, t = r["result"]["peak_bytes"], r["result"]["estimated_time_s"]
            self.check("budget", peak <= budget, f"auto budget={budget}", f"peak {peak} above the budget",
                       cmds[budget])
            for policy, x in reports.items():
                if x and x["result"]["peak_bytes"] <= budget:
                    xt = x["result"]["estimated_time_s"]
                    self.check("auto", t <= xt * (1 + REL), f"auto budget={budget}",
                               f"estimated time {t} above {policy}'s {xt} (peak "
                               f"{x['result']['peak_bytes']} fits the budget)", cmds[budget])
        # The certificate's bound holds for every plan, not only the one it
        # comes with: no plan seen here (a fixed policy's, a frontier point)
        # that peaks at or below a certificate's peak recomputes less than
        # its bound.
        seen = [(x["result"]["peak_bytes"], x["result"]["estimated_time_s"] - x["baseline"]["estimated_time_s"],
                 policy) for policy, x in reports.items() if x]
        seen += [(q["peak_bytes"], q["estimated_time_s"] - base_time, "frontier") for q in front]
        certified = [(policy, x, policy_cmds[policy]) for policy, x in reports.items() if x]
        certified += [(f"auto budget={b}", plans[b], cmds[b]) for b in budgets if plans.get(b)]
        for name, x, cmd in certified:
            cert = x.get("certificate") or {}
            lower = cert.get("recompute_time_lower_bound_s")
            if lower is None or cert.get("bound") not in ("cover", "milp"):
                continue
            for peak, t, other in seen:
                self.check("auto", peak > cert["peak_bytes"] or lower <= t * (1 + REL) + 1e-15, name,
                           f"certificate bound {lower} at peak {cert['peak_bytes']} above {other}'s plan "
                           f"(peak {peak}, recompute {t})", cmd)
        done = [(b, plans[b]) for b in budgets if plans.get(b)]
        for (b1, r1), (b2, r2) in zip(done, done[1:]):
            p1, p2 = r1["result"]["peak_bytes"], r2["result"]["peak_bytes"]
            t1, t2 = r1["result"]["estimated_time_s"], r2["result"]["estimated_time_s"]
            self.check("auto", p1 <= p2 and t1 >= t2 * (1 - REL), f"auto budget={b2}",
                       f"not monotone: budget {b1} gives peak {p1}, time {t1}; budget {b2} gives "
                       f"peak {p2}, time {t2}", cmds[b2])
        # A budget below the least peak is refused, naming that peak.
        cmd = [self.tools["remat_opt"], self.src, f"--rematerialize=policy=auto budget={least - 1}",
               "-o", os.devnull]
        self.runs += 1
        p = tool_run(cmd)
        # "can reach" when the least peak is proven (it meets the memory
        # plan's lower bound), "found" otherwise; the bound never exceeds it.
        expected = f"the smallest peak remat (can reach|found) for this function is {least} bytes"
        self.check("budget", p.returncode != 0 and re.search(expected, p.stderr) is not None,
                   "auto-below-least",
                   f"budget {least - 1} not refused naming {least}: rc {p.returncode}, "
                   f"{diagnostic(p.stderr)}", cmd)
        bound = re.search(r"no plan can go below (\d+) bytes", p.stderr)
        self.check("budget", bound is None or int(bound.group(1)) <= least, "lower-bound",
                   f"lower bound {bound.group(1) if bound else None} above the least peak {least}",
                   cmd)
        # max-overhead: within the fraction, a larger fraction no higher peak.
        previous = None
        for f in OVERHEADS:
            r, err, cmd = self.remat(f"auto-overhead-{f}", f"policy=auto max-overhead={f}")
            if r is None:
                if err and not (has_recompute and "the 'recompute' overrides alone cost" in err):
                    self.check("verify", False, f"auto max-overhead={f}", f"remat-opt failed: {diagnostic(err)}",
                               cmd)
                continue
            extra = r["result"]["estimated_time_s"] - base_time
            self.check("budget", extra <= f * base_time * (1 + REL) + 1e-15, f"auto max-overhead={f}",
                       f"extra time {extra} above {f} of {base_time}", cmd)
            if previous is not None:
                self.check("auto", r["result"]["peak_bytes"] <= previous[1], f"auto max-overhead={f}",
                           f"peak {r['result']['peak_bytes']} above max-overhead {previous[0]}'s {previous[1]}",
                           cmd)
            previous = (f, r["result"]["peak_bytes"])
        return least

    def compile(self, fixed_names, least):
        """(vii): each policy compiled for the CPU, run with one seed; the
        outputs' bytes equal policy none's."""
        variants = [(p, [f"--policy={p}"]) for p in ("none",) + tuple(fixed_names)]
        if least is not None:
            # auto at its least peak, whatever the overhead. Not through
            # --budget=<least>: remat-compile canonicalizes the entry before
            # it plans, and on a graph with ops that fold, auto's least peak
            # there differs from remat-opt's on the graph as written.
            variants.append(("auto-least", ["--policy=auto", "--max-overhead=1000"]))
        dumps, cmds = {}, {}
        for name, flags in variants:
            exe, dump = os.path.join(self.tmp, f"exe-{name}"), os.path.join(self.tmp, f"exe-{name}.bin")
            cmd = cmds[name] = [self.tools["remat_compile"], "--target=cpu", *flags, self.src, "-o", exe]
            self.runs += 1
            p = tool_run(cmd, timeout=600)
            if not self.check("bit-identical", p.returncode == 0, name,
                              f"remat-compile failed: {diagnostic(p.stderr)}", cmd):
                continue
            e = subprocess.run([exe, "--iters", "1", "--warmup", "0", "--seed", "2", "--dump", dump],
                               capture_output=True, text=True, timeout=300)
            if not self.check("bit-identical", e.returncode == 0, name,
                              f"executable failed: {diagnostic(e.stderr)}", cmd):
                continue
            with open(dump, "rb") as f:
                dumps[name] = f.read()
        for name, data in dumps.items():
            if name != "none" and "none" in dumps:
                self.check("bit-identical", data == dumps["none"], name,
                           "outputs differ from policy none's", cmds[name])


def family(policy):
    """The kind of run a violation's policy names (auto budgets collapse)."""
    if policy.startswith("auto budget="):
        return "auto-budget"
    if policy.startswith("auto max-overhead=") or policy.startswith("auto-overhead"):
        return "auto-overhead"
    if policy.startswith("auto-") and policy not in ("auto-frontier", "auto-below-least", "auto-least"):
        return "auto-budget"
    return policy


# --------------------------------------------------------------------------
# One graph (in a worker process)
# --------------------------------------------------------------------------

def check_one(job):
    """Generates and checks graph `index`; returns a plain dict."""
    index, gen, seed, tools, compile_it = job
    with tempfile.TemporaryDirectory(prefix="propcheck-") as tmp:
        forward = None
        try:
            text, forward = generate(gen, seed, tools["remat_opt"], tmp)
        except AutodiffError as e:
            return dict(index=index, gen=gen, seed=seed, text=None, forward=e.forward, runs=0,
                        checks={"autodiff": 1}, compiled=False,
                        violations=[dict(property="autodiff", policy="-", message=diagnostic(e.stderr),
                                         command="remat-opt forward.mlir --nn-autodiff")])
        c = Checker(text, tools, tmp, compile_it).run()
        if gen in THROUGH_AUTODIFF:
            c.checks["autodiff"] += 1
        return dict(index=index, gen=gen, seed=seed, text=text, forward=forward, runs=c.runs,
                    checks=dict(c.checks), violations=c.violations, compiled=compile_it)


# --------------------------------------------------------------------------
# Reducing a violating graph
# --------------------------------------------------------------------------

class Module:
    """A joint function in generic form that the reducer edits: arguments,
    ops (parse_generic's dicts) and the returned values."""

    def __init__(self, text):
        self.args, ops = parse_generic(text)
        self.ops = [o for o in ops if o["name"] != "func.return"]
        ret = next(o for o in ops if o["name"] == "func.return")
        self.rets = list(zip(ret["operands"], ret["in_types"]))

    def copy(self):
        m = Module.__new__(Module)
        m.args = list(self.args)
        m.ops = [dict(o, operands=list(o["operands"])) for o in self.ops]
        m.rets = list(self.rets)
        return m

    @staticmethod
    def results(op):
        if op["nres"] == 1:
            return [op["res"]]
        return [f"{op['res']}#{i}" for i in range(op["nres"])]

    def text(self):
        lines = ['"builtin.module"() ({']
        ftype = f"({', '.join(t for _, t in self.args)}) -> ({', '.join(t for _, t in self.rets)})"
        lines.append(f'  "func.func"() <{{function_type = {ftype}, sym_name = "step"}}> ({{')
        lines.append(f"  ^bb0({', '.join(f'{n}: {t}' for n, t in self.args)}):")
        for o in self.ops:
            res = f"{o['res']}{':' + str(o['nres']) if o['nres'] > 1 else ''} = " if o["nres"] else ""
            outs = ", ".join(o["out_types"])
            outs = f"({outs})" if len(o["out_types"]) != 1 else outs
            mid = f" {o['mid']}" if o["mid"] else ""
            lines.append(f'    {res}"{o["name"]}"({", ".join(o["operands"])}){mid} : '
                         f'({", ".join(o["in_types"])}) -> {outs}')
        lines.append(f'    "func.return"({", ".join(v for v, _ in self.rets)}) : '
                     f'({", ".join(t for _, t in self.rets)}) -> ()')
        lines.append("  }) : () -> ()")
        lines.append("}) : () -> ()")
        return "\n".join(lines) + "\n"

    def uses(self, value):
        return sum(o["operands"].count(value) for o in self.ops) + sum(v == value for v, _ in self.rets)

    def replace(self, old, new):
        for o in self.ops:
            o["operands"] = [new if v == old else v for v in o["operands"]]
        self.rets = [(new if v == old else v, t) for v, t in self.rets]


def candidates(m):
    """Smaller variants of a module, biggest cuts first."""
    for i in range(len(m.rets) - 1, 0, -1):  # drop a returned value (never the loss)
        c = m.copy()
        del c.rets[i]
        yield c
    for j in range(len(m.ops) - 1, -1, -1):  # drop an op nobody reads
        if all(m.uses(r) == 0 for r in Module.results(m.ops[j])):
            c = m.copy()
            del c.ops[j]
            yield c
    for j in range(len(m.ops) - 1, -1, -1):  # bypass an op: its uses read an earlier value
        op = m.ops[j]
        types = dict(m.args)
        for o in m.ops[:j]:
            types.update(zip(Module.results(o), o["out_types"]))
        subst = {}
        for r, t in zip(Module.results(op), op["out_types"]):
            same = [v for v, ty in zip(op["operands"], op["in_types"]) if ty == t]
            same = same or [v for v, ty in reversed(list(types.items())) if ty == t]
            if not same:
                break
            subst[r] = same[0]
        if len(subst) != len(op["out_types"]) or not subst:
            continue
        c = m.copy()
        del c.ops[j]
        for r, v in subst.items():
            c.replace(r, v)
        yield c
    for j, op in enumerate(m.ops):  # drop one discardable attribute
        mm = re.search(r"\{([^{}]*remat\.[^{}]*)\}\s*$", op["mid"])
        if not mm:
            continue
        parts = [p.strip() for p in mm.group(1).split(",")]
        for k in range(len(parts)):
            rest = parts[:k] + parts[k + 1:]
            c = m.copy()
            c.ops[j]["mid"] = (op["mid"][:mm.start()] + (f"{{{', '.join(rest)}}}" if rest else "")).strip()
            yield c
    used = {v for o in m.ops for v in o["operands"]} | {v for v, _ in m.rets}
    for i, (a, _) in enumerate(m.args):  # drop an unused argument
        if a not in used:
            c = m.copy()
            del c.args[i]
            yield c


def reduce_graph(text, kind, tools, compile_it, log=None):
    """Shrinks a graph while a violation of `kind` = (property, family)
    persists (greedy, to a fixpoint). Returns the reduced text (custom form)."""
    prop, fam = kind
    only = {fam}
    if prop == "bit-identical":
        only = {"compile"}

    def still(m):
        with tempfile.TemporaryDirectory(prefix="propreduce-") as tmp:
            c = Checker(m.text(), tools, tmp, compile_it=prop == "bit-identical", only=only).run()
            return any(v["property"] == prop and family(v["policy"]) == fam for v in c.violations)

    with tempfile.TemporaryDirectory(prefix="propreduce-") as tmp:
        path = os.path.join(tmp, "g.mlir")
        with open(path, "w") as f:
            f.write(text)
        g = tool_run([tools["remat_opt"], "--mlir-print-op-generic", path])
    m = Module(g.stdout)
    if not still(m):
        return None
    changed = True
    while changed:
        changed = False
        for c in candidates(m):
            if still(c):
                m, changed = c, True
                if log:
                    log(f"  {kind}: {len(m.ops)} ops, {len(m.rets)} results")
                break
    with tempfile.TemporaryDirectory(prefix="propreduce-") as tmp:
        path = os.path.join(tmp, "g.mlir")
        with open(path, "w") as f:
            f.write(m.text())
        return tool_run([tools["remat_opt"], path]).stdout


# --------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------

def write_finding(out, r):
    d = os.path.join(out, f"{r['gen']}-{r['seed']}")
    os.makedirs(d, exist_ok=True)
    if r["text"]:
        with open(os.path.join(d, "graph.mlir"), "w") as f:
            f.write(r["text"])
    if r["forward"]:
        with open(os.path.join(d, "forward.mlir"), "w") as f:
            f.write(r["forward"])
    with open(os.path.join(d, "violations.txt"), "w") as f:
        f.write(f"# generator {r['gen']}, seed {r['seed']}; graph.mlir is the joint graph"
                f"{' (remat-opt forward.mlir --nn-autodiff)' if r['forward'] else ''}\n")
        for v in r["violations"]:
            f.write(f"\n[{v['property']}] {v['policy']}: {v['message']}\n")
            if v["command"]:
                f.write(f"  $ {v['command']}\n")
    return d


def progress(r, count, t0):
    """Reports every 100th graph on stderr; returns r."""
    if (r["index"] + 1) % 100 == 0 and r["index"] + 1 < count:
        print(f"[{r['index'] + 1}/{count} graphs, {time.time() - t0:.0f} s]", file=sys.stderr, flush=True)
    return r


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=100, help="graphs to check")
    ap.add_argument("--certificate", default="milp",
                    help="the reports' certificate= (milp: the joint cover on every plan "
                         "the covers do not prove, so that every MILP bound is checked)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first graph (graph i: seed + i)")
    ap.add_argument("--jobs", type=int, default=2, help="graphs checked in parallel")
    ap.add_argument("--remat-opt", default=os.path.join(HERE, "..", "build", "bin", "remat-opt"))
    ap.add_argument("--remat-compile", default=os.path.join(HERE, "..", "build", "bin", "remat-compile"))
    ap.add_argument("--compile-every", type=int, default=10,
                    help="compile and run every Nth graph under every policy (0: never)")
    ap.add_argument("--generators", default=",".join(GENERATORS),
                    help=f"comma list of {', '.join(GENERATORS)} (graph i uses the (i mod k)th)")
    ap.add_argument("--out", default=None, help="write each violating graph and its commands here")
    ap.add_argument("--reduce", action="store_true",
                    help="with --out: shrink one violating graph per kind of violation into OUT/reduced/")
    ap.add_argument("--print-graph", default=None, metavar="GEN:SEED",
                    help="print the joint graph of one generator and seed, and exit")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every violation")
    a = ap.parse_args(argv)
    global CERTIFICATE
    CERTIFICATE = f" certificate={a.certificate}" if a.certificate else ""
    tools = {"remat_opt": os.path.abspath(a.remat_opt), "remat_compile": os.path.abspath(a.remat_compile)}

    if a.print_graph:
        gen, seed = a.print_graph.split(":")
        with tempfile.TemporaryDirectory() as tmp:
            sys.stdout.write(generate(gen, int(seed), tools["remat_opt"], tmp)[0])
        return 0

    gens = [g.strip() for g in a.generators.split(",") if g.strip()]
    for g in gens:
        if g not in GENERATORS:
            ap.error(f"unknown generator {g!r} (known: {', '.join(GENERATORS)})")
    jobs = [(i, gens[i % len(gens)], a.seed + i, tools,
             a.compile_every > 0 and i % a.compile_every == 0) for i in range(a.count)]
    t0 = time.time()
    if a.jobs > 1:
        with concurrent.futures.ProcessPoolExecutor(max_workers=a.jobs) as ex:
            results = [progress(r, a.count, t0) for r in ex.map(check_one, jobs, chunksize=1)]
    else:
        results = [progress(check_one(j), a.count, t0) for j in jobs]
    wall = time.time() - t0

    checks, violations = collections.Counter(), collections.Counter()
    by_kind = collections.defaultdict(list)
    runs = sum(r["runs"] for r in results)
    for r in results:
        checks.update(r["checks"])
        for v in r["violations"]:
            violations[v["property"]] += 1
            by_kind[(v["property"], family(v["policy"]))].append(r)
            if a.verbose:
                print(f"VIOLATION {r['gen']}:{r['seed']} [{v['property']}] {v['policy']}: {v['message']}")
    if a.out:
        os.makedirs(a.out, exist_ok=True)
        for r in results:
            if r["violations"]:
                write_finding(a.out, r)
    per_gen = collections.Counter(r["gen"] for r in results)
    print(f"{a.count} graphs ({', '.join(f'{g} {per_gen[g]}' for g in gens)}), "
          f"{sum(r['compiled'] for r in results)} compiled, {wall:.1f} s")
    for kind, rs in sorted(by_kind.items()):
        graphs = sorted({(r["gen"], r["seed"]) for r in rs})
        shown = ", ".join(f"{g}:{s}" for g, s in graphs[:6])
        print(f"  kind {kind[0]} / {kind[1]}: {len(rs)} violations in {len(graphs)} graphs ({shown}"
              f"{', ...' if len(graphs) > 6 else ''})")
    if a.out and a.reduce:
        red = os.path.join(a.out, "reduced")
        os.makedirs(red, exist_ok=True)
        for kind, rs in sorted(by_kind.items()):
            if kind[0] in ("generator", "autodiff"):
                continue
            smallest = min((r for r in rs if r["text"]), key=lambda r: r["text"].count("\n"), default=None)
            if smallest is None:
                continue
            t1 = time.time()
            text = reduce_graph(smallest["text"], kind, tools, kind[0] == "bit-identical")
            name = f"{kind[0]}-{kind[1]}".replace("<=", "-le-").replace(" ", "_")
            if text is None:
                print(f"  reduce {kind}: not reproducible alone")
                continue
            path = os.path.join(red, name + ".mlir")
            with open(path, "w") as f:
                f.write(text)
            with tempfile.TemporaryDirectory() as tmp:
                c = Checker(text, tools, tmp, compile_it=kind[0] == "bit-identical").run()
            with open(os.path.join(red, name + ".txt"), "w") as f:
                f.write(f"# reduced from {smallest['gen']}-{smallest['seed']}\n")
                for v in c.violations:
                    if v["property"] == kind[0] and family(v["policy"]) == kind[1]:
                        command = (v["command"] or "").replace("graph.mlir", name + ".mlir")
                        f.write(f"[{v['property']}] {v['policy']}: {v['message']}\n  $ {command}\n")
            print(f"  reduced {kind} from {smallest['gen']}:{smallest['seed']} to "
                  f"{text.count(chr(10)) - 4} lines in {time.time() - t1:.0f} s: {path}")
    for key, label in PROPERTIES:
        print(f"{label:<48} {violations[key]:>6} violations in {checks[key]:>7} checks")
    total = sum(violations.values())
    print(f"properties: {a.count} graphs, {runs} runs, {total} violations")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
