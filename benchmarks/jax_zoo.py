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
  unet      Flax linen U-Net: seven ResBlocks (GroupNorm, SiLU), skips, 32x32,
            batch 8
  encoder   Flax nnx encoder: its dropout's nnx.Rngs in the module state,
            layers made by nnx.vmap and run by nnx.scan, nnx.value_and_grad
            in nnx's functional jitted step, batch 8
  decoder   Flax linen Gemma-style decoder: nn.scan over 4 layers, bf16
            activations over f32 parameters, batch 4

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


def unet(policy=None, batch=8, image=32, widths=(32, 64, 128), groups=8):
    """The issue's U-Net: seven ResBlocks (GroupNorm, SiLU, two 3x3
    convolutions, a 1x1 shortcut where the width changes) at 32, 16 and 8
    pixels, strided convolutions down, nearest upsampling and concatenated
    skips up, a noise-prediction loss, as diffusion models write it."""
    import flax.linen as nn

    class ResBlock(nn.Module):
        width: int

        @nn.compact
        def __call__(self, x):
            y = nn.Conv(self.width, (3, 3))(nn.silu(nn.GroupNorm(groups)(x)))
            y = nn.Conv(self.width, (3, 3))(nn.silu(nn.GroupNorm(groups)(y)))
            if x.shape[-1] != self.width:
                x = nn.Conv(self.width, (1, 1))(x)
            return x + y

    class UNet(nn.Module):
        @nn.compact
        def __call__(self, x):
            block = _linen_remat(ResBlock, policy)
            x = nn.Conv(widths[0], (3, 3))(x)
            skips = []
            for i, w in enumerate(widths):
                x = block(w, name=f"down_{i}")(x)
                if i < len(widths) - 1:
                    skips.append(x)
                    x = nn.Conv(widths[i + 1], (3, 3), strides=(2, 2))(x)
            x = block(widths[-1], name="mid")(x)
            for i, w in reversed(list(enumerate(widths[:-1]))):
                b, h, wd, c = x.shape
                x = jax.image.resize(x, (b, 2 * h, 2 * wd, c), "nearest")
                x = block(w, name=f"up_{i}")(jnp.concatenate([x, skips[i]], -1))
            x = block(widths[0], name="out_block")(x)
            return nn.Conv(3, (3, 3))(nn.silu(nn.GroupNorm(groups)(x)))

    model = UNet()
    images = jax.random.normal(jax.random.PRNGKey(1), (batch, image, image, 3))
    noise = jax.random.normal(jax.random.PRNGKey(2), images.shape)
    params = model.init(jax.random.PRNGKey(0), images)["params"]

    def loss(params, images, noise):
        return jnp.mean((model.apply({"params": params}, images + noise) - noise) ** 2)
    return loss, (params, images, noise), {}


def encoder(policy=None, batch=8, seq=128, dim=256, heads=4, layers=4, classes=10):
    """The issue's Flax nnx encoder: pre-norm layers with attention and
    residual dropout, their nnx.Rngs in the module state, made by nnx.vmap
    and run by nnx.scan (the built-ins as nnx.remat of the scanned layer).
    The loss takes the module; the step XLA's figures are of is nnx's
    functional form of a jitted training step (below)."""
    from flax import nnx

    class Layer(nnx.Module):
        def __init__(self, rngs):
            self.attn = nnx.MultiHeadAttention(heads, dim, dropout_rate=0.1, decode=False,
                                               deterministic=False, rngs=rngs)
            self.ln1, self.ln2 = nnx.LayerNorm(dim, rngs=rngs), nnx.LayerNorm(dim, rngs=rngs)
            self.up, self.down = nnx.Linear(dim, 4 * dim, rngs=rngs), \
                nnx.Linear(4 * dim, dim, rngs=rngs)
            self.drop = nnx.Dropout(0.1, rngs=rngs)

        def __call__(self, x):
            x = x + self.drop(self.attn(self.ln1(x)))
            return x + self.drop(self.down(nnx.gelu(self.up(self.ln2(x)))))

    class Encoder(nnx.Module):
        def __init__(self, rngs):
            @nnx.split_rngs(splits=layers)
            @nnx.vmap(in_axes=(0,), out_axes=0)
            def make(rngs):
                return Layer(rngs)
            self.layers = make(rngs)
            self.head = nnx.Linear(dim, classes, rngs=rngs)

        def __call__(self, x):
            def apply(layer, x):
                return layer(x)
            if policy is not None:
                apply = nnx.remat(apply, policy=POLICIES[policy])

            @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
            def body(x, layer):
                return apply(layer, x)
            return self.head(body(x, self.layers).mean(1))

    model = Encoder(nnx.Rngs(0, dropout=1))
    graphdef, state = nnx.split(model)
    x = jax.random.normal(jax.random.PRNGKey(1), (batch, seq, dim))
    y = jnp.arange(batch) % classes

    def loss(model, x, y):
        logits = model(x)
        return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1))

    # The step as nnx's functional API writes it under jax.jit: the module
    # merged from its state, nnx.value_and_grad of the loss (of a remat
    # checkpoint of it), the state the forward advanced (the RNG counts)
    # returned. (Returning the whole nnx.state(model) would add a copy of
    # the parameters to the outputs: the optimizer step's memory, which a
    # budget on the gradient computation does not cover.)
    def step(loss):
        def run(state, x, y):
            model = nnx.merge(graphdef, state)
            value, grads = nnx.value_and_grad(loss)(model, x, y)
            return value, grads, nnx.state(model, nnx.RngState)
        return run
    return loss, (model, x, y), {"step": step, "step_args": (state, x, y)}


def decoder(policy=None, batch=4, seq=256, dim=256, heads=4, layers=4, vocab=2048):
    """The issue's Gemma-style decoder in Flax linen: RMSNorm, causal
    attention, a GeGLU MLP, bf16 activations over f32 parameters, the
    layers one nn.scan (the built-ins as nn.remat of the scanned layer, as
    MaxText writes it), tied embeddings."""
    import flax.linen as nn
    bf16 = jnp.bfloat16

    class Layer(nn.Module):
        @nn.compact
        def __call__(self, x, _):
            b, t, _d = x.shape
            h = nn.RMSNorm(dtype=bf16)(x)
            qkv = nn.Dense(3 * dim, use_bias=False, dtype=bf16)(h)
            q, k, v = jnp.split(qkv.reshape(b, t, 3 * heads, dim // heads), 3, axis=2)
            a = jax.nn.dot_product_attention(q, k, v, is_causal=True).reshape(b, t, dim)
            x = x + nn.Dense(dim, use_bias=False, dtype=bf16)(a)
            h = nn.RMSNorm(dtype=bf16)(x)
            gate = nn.Dense(4 * dim, use_bias=False, dtype=bf16)(h)
            up = nn.Dense(4 * dim, use_bias=False, dtype=bf16)(h)
            return x + nn.Dense(dim, use_bias=False, dtype=bf16)(nn.gelu(gate) * up), None

    class Decoder(nn.Module):
        @nn.compact
        def __call__(self, tokens):
            embed = nn.Embed(vocab, dim, dtype=bf16)
            x = embed(tokens) * jnp.sqrt(dim).astype(bf16)
            layer = Layer if policy is None else nn.remat(Layer, policy=POLICIES[policy],
                                                          prevent_cse=False)
            x, _ = nn.scan(layer, variable_axes={"params": 0}, split_rngs={"params": True},
                           length=layers)(name="layers")(x, None)
            return embed.attend(nn.RMSNorm(dtype=bf16)(x)).astype(jnp.float32)

    model = Decoder()
    tokens = jax.random.randint(jax.random.PRNGKey(1), (batch, seq + 1), 0, vocab)
    params = model.init(jax.random.PRNGKey(0), tokens[:, :-1])["params"]

    def loss(params, tokens):
        logits = model.apply({"params": params}, tokens[:, :-1])
        return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits),
                                             tokens[:, 1:, None], -1))
    return loss, (params, tokens), {}


MODELS = {"vit": vit, "resnet": resnet, "mixer": mixer, "lstm": lstm, "attn": attn, "mlp": mlp,
          "unet": unet, "encoder": encoder, "decoder": decoder}


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


def step_of(loss, args, has_aux=False, step=None, step_args=None):
    """The training step of a builder's loss and the arguments it takes:
    value_and_grad(loss) (grads of the first argument, as a training step
    takes them) at `args`, or the builder's own step(loss) at step_args."""
    if step is not None:
        return step(loss), step_args
    return jax.value_and_grad(loss, has_aux=has_aux), args


def analyse(loss, args, has_aux=False, step=None, step_args=None):
    """XLA's figures for step_of's step."""
    fun, fun_args = step_of(loss, args, has_aux, step, step_args)
    return rj.xla_analysis(fun, *fun_args)


def run(name, points, out=print):
    build = MODELS[name]
    loss, args, kw = build()
    aux = kw.get("has_aux", False)
    rows = [("no checkpoint", analyse(loss, args, **kw), "")]
    for policy in POLICIES:
        ploss, pargs, pkw = build(policy)
        rows.append((f"JAX {policy}", analyse(ploss, pargs, **pkw), ""))
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
            a = analyse(f, args, **kw)
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
