"""remat.jax's budget in XLA's own numbers on models written the usual
ways (Flax linen and nnx, plain JAX, optax), none of which the repository's
GPT shares code with:

  vit       Flax linen ViT: patch convolution, nn.MultiHeadDotProductAttention,
            dropout (an rng stream), batch 4
  resnet    Flax linen ResNet: convolutions, BatchNorm in training mode
            (batch_stats as aux), batch 8
  mixer     Flax nnx MLP-Mixer with dropout, batch 4
  lstm      an LSTM cell under lax.scan over 32 steps, batch 8
  attn      a transformer on jax.nn.dot_product_attention with dropout, batch 4
  mlp       an MLP whose activations are custom_vjp and custom_jvp functions

For each model: XLA's total (memory_analysis(): arguments + outputs + temp
bytes) without checkpoint and under JAX's nothing_saveable and dots_saveable
(per layer, as users apply them: Flax's nn.remat / nnx.remat /
jax.checkpoint on each block), then remat.jax.checkpoint(loss, budget=B)
for budgets from remat's least peak up to no checkpoint and at each JAX
policy's total: XLA's total against B, temp bytes, FLOPs, the plans it took.

    $(bash scripts/venv.sh) benchmarks/jax_zoo.py [--models vit,lstm] [--points 4]
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import remat.jax as rj  # noqa: E402  (first: it sets its XLA flag)
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

MiB = 2**20
POLICIES = {"nothing_saveable": jax.checkpoint_policies.nothing_saveable,
            "dots_saveable": jax.checkpoint_policies.dots_saveable}


def _linen_remat(module, policy, **kw):
    import flax.linen as nn
    return module if policy is None else nn.remat(module, policy=POLICIES[policy], **kw)


def vit(policy=None, batch=4, image=64, patch=8, dim=192, depth=4, heads=3, classes=10):
    import flax.linen as nn

    class Block(nn.Module):
        @nn.compact
        def __call__(self, x, train):
            y = nn.LayerNorm()(x)
            y = nn.MultiHeadDotProductAttention(num_heads=heads, dropout_rate=0.1,
                                                deterministic=not train)(y, y)
            x = x + nn.Dropout(0.1, deterministic=not train)(y)
            y = nn.LayerNorm()(x)
            y = nn.Dense(4 * dim)(y)
            y = nn.gelu(y)
            y = nn.Dropout(0.1, deterministic=not train)(nn.Dense(dim)(y))
            return x + y

    class ViT(nn.Module):
        @nn.compact
        def __call__(self, x, train=True):
            x = nn.Conv(dim, (patch, patch), strides=(patch, patch))(x)
            x = x.reshape(x.shape[0], -1, dim)
            x = x + self.param("pos", nn.initializers.normal(0.02), (1, x.shape[1], dim))
            block = _linen_remat(Block, policy, static_argnums=(2,))   # (self, x, train)
            for i in range(depth):
                x = block(name=f"layers_{i}")(x, train)
            return nn.Dense(classes)(nn.LayerNorm()(x).mean(axis=1))

    model = ViT()
    images = jax.random.normal(jax.random.PRNGKey(1), (batch, image, image, 3))
    labels = jax.random.randint(jax.random.PRNGKey(2), (batch,), 0, classes)
    params = model.init(jax.random.PRNGKey(0), images, train=False)["params"]

    def loss(params, images, labels, key):
        logits = model.apply({"params": params}, images, train=True, rngs={"dropout": key})
        return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], 1))
    return loss, (params, images, labels, jax.random.PRNGKey(3)), {}


def resnet(policy=None, batch=8, image=32, width=32, blocks=3, classes=10):
    import flax.linen as nn

    class Block(nn.Module):
        @nn.compact
        def __call__(self, x):
            y = nn.Conv(width, (3, 3), use_bias=False)(x)
            y = nn.relu(nn.BatchNorm(use_running_average=False)(y))
            y = nn.Conv(width, (3, 3), use_bias=False)(y)
            y = nn.BatchNorm(use_running_average=False)(y)
            return nn.relu(x + y)

    class ResNet(nn.Module):
        @nn.compact
        def __call__(self, x):
            x = nn.relu(nn.BatchNorm(use_running_average=False)(
                nn.Conv(width, (3, 3), use_bias=False)(x)))
            block = _linen_remat(Block, policy)
            for i in range(blocks):
                x = block(name=f"layers_{i}")(x)
            return nn.Dense(classes)(x.mean(axis=(1, 2)))

    model = ResNet()
    images = jax.random.normal(jax.random.PRNGKey(1), (batch, image, image, 3))
    labels = jax.random.randint(jax.random.PRNGKey(2), (batch,), 0, classes)
    variables = model.init(jax.random.PRNGKey(0), images)

    def loss(params, batch_stats, images, labels):
        logits, updates = model.apply({"params": params, "batch_stats": batch_stats}, images,
                                      mutable=["batch_stats"])
        xent = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], 1))
        return xent, updates["batch_stats"]
    return loss, (variables["params"], variables["batch_stats"], images, labels), \
        {"has_aux": True}


def mixer(policy=None, batch=4, patches=64, dim=128, depth=4):
    from flax import nnx

    class MixerBlock(nnx.Module):
        def __init__(self, rngs):
            self.norm1, self.norm2 = nnx.LayerNorm(dim, rngs=rngs), nnx.LayerNorm(dim, rngs=rngs)
            self.tok1, self.tok2 = nnx.Linear(patches, 2 * patches, rngs=rngs), \
                nnx.Linear(2 * patches, patches, rngs=rngs)
            self.ch1, self.ch2 = nnx.Linear(dim, 4 * dim, rngs=rngs), \
                nnx.Linear(4 * dim, dim, rngs=rngs)
            self.drop = nnx.Dropout(0.1)

        def __call__(self, x, rngs):
            y = self.norm1(x).swapaxes(1, 2)
            x = x + self.tok2(nnx.gelu(self.tok1(y))).swapaxes(1, 2)
            return x + self.drop(self.ch2(nnx.gelu(self.ch1(self.norm2(x)))), rngs=rngs)

    class Mixer(nnx.Module):
        def __init__(self, rngs):
            self.blocks = nnx.List([MixerBlock(rngs) for _ in range(depth)])
            self.head = nnx.Linear(dim, 10, rngs=rngs)

        def __call__(self, x, rngs):
            for b in self.blocks:
                if policy is None:
                    x = b(x, rngs)
                else:
                    x = nnx.remat(lambda b, x, rngs: b(x, rngs), policy=POLICIES[policy])(
                        b, x, rngs)
            return self.head(x.mean(axis=1))

    model = Mixer(nnx.Rngs(0))
    graphdef, params, rest = nnx.split(model, nnx.Param, ...)
    x = jax.random.normal(jax.random.PRNGKey(1), (batch, patches, dim))
    key = jax.random.PRNGKey(2)

    # Dropout's key is an argument and its Rngs are made inside the loss, as
    # nnx passes rngs at call time (an Rngs split out of the model and
    # merged back mutates its count from another trace level under
    # jax.grad: TraceContextError).
    def loss(params, rest, x, key):
        out = nnx.merge(graphdef, params, rest)(x, nnx.Rngs(dropout=key))
        return jnp.mean(out ** 2)
    return loss, (params, rest, x, key), {}


def lstm(policy=None, batch=8, steps=32, features=64, hidden=256):
    w = jax.random.normal(jax.random.PRNGKey(0), (features + hidden, 4 * hidden)) * 0.05
    b = jnp.zeros((4 * hidden,))
    xs = jax.random.normal(jax.random.PRNGKey(1), (steps, batch, features))

    def cell(carry, x, w, b):
        h, c = carry
        gates = jnp.concatenate([x, h], axis=-1) @ w + b
        i, f, g, o = jnp.split(gates, 4, axis=-1)
        c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
        h = jax.nn.sigmoid(o) * jnp.tanh(c)
        return (h, c), h

    def loss(w, b, xs):
        step = (lambda carry, x: cell(carry, x, w, b))
        if policy is not None:
            step = jax.checkpoint(step, policy=POLICIES[policy])
        zeros = jnp.zeros((batch, hidden))
        _, hs = jax.lax.scan(step, (zeros, zeros), xs)
        return jnp.mean(hs ** 2)
    return loss, (w, b, xs), {}


def attn(policy=None, batch=4, seq=128, dim=256, heads=4, depth=3):
    keys = jax.random.split(jax.random.PRNGKey(0), 4 * depth)
    layers = [dict(qkv=jax.random.normal(keys[4 * i], (dim, 3 * dim)) * 0.05,
                   out=jax.random.normal(keys[4 * i + 1], (dim, dim)) * 0.05,
                   up=jax.random.normal(keys[4 * i + 2], (dim, 4 * dim)) * 0.05,
                   down=jax.random.normal(keys[4 * i + 3], (4 * dim, dim)) * 0.05)
              for i in range(depth)]
    x = jax.random.normal(jax.random.PRNGKey(1), (batch, seq, dim))

    def block(p, x, key):
        h = (x - x.mean(-1, keepdims=True)) * jax.lax.rsqrt(x.var(-1, keepdims=True) + 1e-5)
        q, k, v = jnp.split((h @ p["qkv"]).reshape(batch, seq, 3 * heads, dim // heads), 3,
                            axis=2)
        a = jax.nn.dot_product_attention(q, k, v, is_causal=True).reshape(batch, seq, dim)
        keep = jax.random.bernoulli(key, 0.9, a.shape)
        x = x + jnp.where(keep, a / 0.9, 0) @ p["out"]
        return x + jax.nn.gelu(x @ p["up"]) @ p["down"]

    def loss(layers, x, key):
        f = block if policy is None else jax.checkpoint(block, policy=POLICIES[policy])
        for i, p in enumerate(layers):
            with jax.named_scope(f"layer{i}"):
                x = f(p, x, jax.random.fold_in(key, i))
        return jnp.mean(x ** 2)
    return loss, (layers, x, jax.random.PRNGKey(2)), {}


def mlp(policy=None, batch=64, dim=512, depth=4):
    @jax.custom_vjp
    def swish(x):
        return x * jax.nn.sigmoid(x)

    def swish_fwd(x):
        s = jax.nn.sigmoid(x)
        return x * s, (x, s)

    def swish_bwd(res, g):
        x, s = res
        return (g * (s + x * s * (1 - s)),)
    swish.defvjp(swish_fwd, swish_bwd)

    @jax.custom_jvp
    def softplus(x):
        return jnp.logaddexp(x, 0.0)
    softplus.defjvps(lambda t, ans, x: t * jax.nn.sigmoid(x))

    ws = [jax.random.normal(jax.random.PRNGKey(i), (dim, dim)) * 0.05 for i in range(depth)]
    x = jax.random.normal(jax.random.PRNGKey(9), (batch, dim))

    def layer(w, h, k):
        return (swish if k % 2 else softplus)(h @ w)

    def loss(ws, x):
        for k, w in enumerate(ws):
            f = layer if policy is None else jax.checkpoint(layer, policy=POLICIES[policy],
                                                            static_argnums=(2,))
            with jax.named_scope(f"layer{k}"):
                x = f(w, x, k)
        return jnp.mean(x ** 2)
    return loss, (ws, x), {}


MODELS = {"vit": vit, "resnet": resnet, "mixer": mixer, "lstm": lstm, "attn": attn, "mlp": mlp}


def _label(round_label):
    """A verification round's label: its internal budget in MiB ("lent"
    before it for the rounds under result_buffers="lent"), or a policy."""
    if isinstance(round_label, int):
        return f"{round_label / MiB:.1f}"
    if round_label.startswith("lent "):
        return f"lent {int(round_label.split()[1]) / MiB:.1f}"
    return round_label


def total(a):
    return a["temp_bytes"] + a["argument_bytes"] + a["output_bytes"]


def analyse(loss, args, has_aux):
    """XLA's figures for the step value_and_grad(loss) (grads of the first
    argument, as a training step takes them)."""
    return rj.xla_analysis(jax.value_and_grad(loss, has_aux=has_aux), *args)


def run(name, points, out=print):
    build = MODELS[name]
    loss, args, kw = build()
    aux = kw.get("has_aux", False)
    rows = [("no checkpoint", analyse(loss, args, aux), "")]
    for policy in POLICIES:
        ploss, pargs, _ = build(policy)
        rows.append((f"JAX {policy}", analyse(ploss, pargs, aux), ""))
    none = rows[0][1]
    try:
        rj.plan(loss, *args, budget=1, has_aux=aux)
    except rj.BudgetError as error:
        least = error.least_peak
    budgets = sorted(set([least] + [int(least + (total(none) - least) * k / max(1, points - 1))
                                     for k in range(points)]
                         + [total(a) for label, a, _ in rows[1:]]))
    for budget in budgets:
        start = time.perf_counter()
        try:
            f = rj.checkpoint(loss, budget=budget, has_aux=aux)
            a = analyse(f, args, aux)
            info = rj.last_plan()
            note = (f"{'fits' if total(a) <= budget else 'OVER'}; plans "
                    + ", ".join(f"{_label(b)}->{t / MiB:.1f}" for b, t in info.rounds)
                    + f"; {time.perf_counter() - start:.1f} s")
            rows.append((f"remat budget {budget / MiB:.1f}", a, note))
        except rj.BudgetError as error:
            least = getattr(error, "xla_total", None)
            rows.append((f"remat budget {budget / MiB:.1f}", None,
                         f"BudgetError: least XLA total {least / MiB:.2f} MiB" if least else
                         f"BudgetError: {error}"[:160]))
    out(f"\n{name}: XLA's figures of value_and_grad (MiB; total = arguments + outputs + temp)")
    print_rows(rows, out)
    return rows


def print_rows(rows, out=print, width=26, digits=1):
    """`rows` ((label, XLA's figures or None, note)) as a table in MiB."""
    out(f"{'step':<{width}} {'total':>9} {'temp':>9} {'GFLOP':>9}  note")
    for label, a, note in rows:
        if a is None:
            out(f"{label:<{width}} {'':>9} {'':>9} {'':>9}  {note}")
        else:
            out(f"{label:<{width}} {total(a) / MiB:9.{digits}f} "
                f"{a['temp_bytes'] / MiB:9.{digits}f} {a['flops'] / 1e9:9.3f}  {note}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--points", type=int, default=4)
    a = parser.parse_args()
    import warnings
    warnings.simplefilter("ignore")
    for name in a.models.split(","):
        run(name, a.points)


if __name__ == "__main__":
    main()
