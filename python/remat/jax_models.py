"""Models for the JAX integration's tests, benchmark and docs: the
repository's GPT (pre-LayerNorm, GELU MLP, tied embeddings) and an MLP as
pure functions of a parameter dict, each layer under `jax.named_scope`
("layer3") so that remat sees the blocks; and the GPT's per-device loss for
Megatron-style tensor parallelism under `shard_map`.

    params = gpt_params(key, layers=2, hidden=64, heads=4, vocab=128, seq=32)
    loss = gpt_loss(params, tokens, heads=4)     # tokens: int32[batch, seq + 1]
"""

import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def gpt_params(key, *, layers, hidden, heads, vocab, seq, dtype=jnp.float32):
    del heads
    keys = iter(jax.random.split(key, 4 + 4 * layers))

    def dense(shape, scale=0.02):
        return (scale * jax.random.normal(next(keys), shape)).astype(dtype)
    ones, zeros = jnp.ones((hidden,), dtype), jnp.zeros((hidden,), dtype)
    params = {"wte": dense((vocab, hidden)), "wpe": dense((seq, hidden)),
              "lnf": (ones, zeros), "layers": []}
    for _ in range(layers):
        params["layers"].append({
            "ln1": (ones, zeros), "qkv": dense((hidden, 3 * hidden)),
            "proj": dense((hidden, hidden)), "ln2": (ones, zeros),
            "fc1": dense((hidden, 4 * hidden)), "fc2": dense((4 * hidden, hidden))})
    return params


def _layernorm(x, gb, eps=1e-5):
    g, b = gb
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean(jnp.square(x - mean), axis=-1, keepdims=True)
    return (x - mean) * jax.lax.rsqrt(var + eps) * g + b


def _attention(x, qkv, proj, heads, reduce=lambda y: y):
    """Causal self-attention; `qkv`/`proj` may be this device's column/row
    slices (then `heads` is this device's heads and `reduce` sums the row-
    parallel projection across devices)."""
    b, t, _ = x.shape
    q, k, v = jnp.split(x @ qkv, 3, axis=-1)
    d = q.shape[-1] // heads

    def split_heads(y):
        return y.reshape(b, t, heads, d).transpose(0, 2, 1, 3)
    q, k, v = map(split_heads, (q, k, v))
    scores = (q @ k.transpose(0, 1, 3, 2)) / jnp.sqrt(jnp.asarray(d, x.dtype))
    mask = jnp.tril(jnp.ones((t, t), bool))
    scores = jnp.where(mask, scores, jnp.asarray(-1e9, x.dtype))
    y = jax.nn.softmax(scores, axis=-1) @ v
    return reduce(y.transpose(0, 2, 1, 3).reshape(b, t, heads * d) @ proj)


def _mlp(x, fc1, fc2, reduce=lambda y: y):
    return reduce(jax.nn.gelu(x @ fc1) @ fc2)


def gpt_loss(params, tokens, *, heads, reduce=lambda y: y, layer_policy=None, scan=False,
             compute_dtype=None):
    """Mean next-token cross-entropy. `reduce` is the row-parallel sum of the
    tensor-parallel version (identity on one device). `layer_policy`: wrap
    each layer in `jax.checkpoint` with this policy (a
    `jax.checkpoint_policies` name or object), the usual way JAX's built-in
    policies are applied. `scan`: `params["layers"]` holds the layers'
    parameters stacked (`stack_layers`), and the layers run as one
    `lax.scan` over them, as large JAX models are often written.
    `compute_dtype`: mixed precision, the layers computed in this dtype
    (each layer's parameters cast to it where the layer reads them, as
    MaxText does), the parameters and their gradients kept in theirs."""
    inputs, targets = tokens[:, :-1], tokens[:, 1:]
    t = inputs.shape[1]
    h = params["wte"][inputs] + params["wpe"][:t]
    if compute_dtype is not None:
        h = h.astype(compute_dtype)

    def block(h, layer):
        if compute_dtype is not None:
            layer = jax.tree.map(lambda a: a.astype(compute_dtype), layer)
        h = h + _attention(_layernorm(h, layer["ln1"]), layer["qkv"], layer["proj"], heads,
                           reduce)
        return h + _mlp(_layernorm(h, layer["ln2"]), layer["fc1"], layer["fc2"], reduce)
    if layer_policy is not None:
        if isinstance(layer_policy, str):
            layer_policy = getattr(jax.checkpoint_policies, layer_policy)
        block = jax.checkpoint(block, policy=layer_policy)
    if scan:
        h, _ = jax.lax.scan(lambda h, layer: (block(h, layer), None), h, params["layers"])
    else:
        for i, layer in enumerate(params["layers"]):
            with jax.named_scope(f"layer{i}"):
                h = block(h, layer)
    logits = _layernorm(h, params["lnf"]) @ params["wte"].T
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.take_along_axis(logp, targets[..., None], axis=-1))


def stack_layers(params):
    """`params` with its list of layers stacked into one tree of arrays
    with a leading layer axis (what `gpt_loss(..., scan=True)` reads)."""
    return dict(params, layers=jax.tree.map(lambda *ws: jnp.stack(ws), *params["layers"]))


def gpt_tokens(key, *, batch, seq, vocab):
    return jax.random.randint(key, (batch, seq + 1), 0, vocab, dtype=jnp.int32)


def mlp_params(key, sizes, dtype=jnp.float32):
    keys = jax.random.split(key, len(sizes) - 1)
    return [((jax.random.normal(k, (a, b)) / jnp.sqrt(a)).astype(dtype), jnp.zeros((b,), dtype))
            for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


def mlp_loss(params, x, y):
    for i, (w, b) in enumerate(params):
        with jax.named_scope(f"layer{i}"):
            x = x @ w + b
            if i + 1 < len(params):
                x = jnp.tanh(x)
    return jnp.mean(jnp.square(x - y))


# Megatron-style tensor parallelism: per layer, qkv and fc1 split by columns
# (heads / hidden units), proj and fc2 by rows, one psum after each row-
# parallel matmul; embeddings and LayerNorms replicated.

def tp_specs(params, axis="tp"):
    """PartitionSpecs of the GPT's parameters for tensor parallelism. (The
    qkv columns are grouped as [q | k | v]; `tp_params` interleaves them so
    that each device's slice holds its heads' q, k and v.)"""
    layer = {"ln1": (P(), P()), "qkv": P(None, axis), "proj": P(axis, None),
             "ln2": (P(), P()), "fc1": P(None, axis), "fc2": P(axis, None)}
    return {"wte": P(), "wpe": P(), "lnf": (P(), P()),
            "layers": [layer for _ in params["layers"]]}


def tp_params(params, devices):
    """The GPT's parameters with each qkv's columns reordered so that the
    column split gives device i the q, k and v columns of its own heads."""
    def reorder(w):
        d = w.shape[1] // 3
        q, k, v = w[:, :d], w[:, d:2 * d], w[:, 2 * d:]
        part = d // devices
        return jnp.concatenate([jnp.concatenate([m[:, i * part:(i + 1) * part] for m in (q, k, v)],
                                                axis=1) for i in range(devices)], axis=1)
    out = dict(params)
    out["layers"] = [dict(layer, qkv=reorder(layer["qkv"])) for layer in params["layers"]]
    return out


def tp_shard(params, mesh, axis="tp"):
    """The tensor-parallel parameters (after `tp_params`) placed on `mesh`
    by `tp_specs`."""
    from jax.sharding import NamedSharding
    return jax.tree.map(lambda spec, x: jax.device_put(x, NamedSharding(mesh, spec)),
                        tp_specs(params, axis), params, is_leaf=lambda x: isinstance(x, P))


def tp_loss(heads, axis="tp"):
    """The per-device loss of the tensor-parallel GPT (to run under
    `shard_map` with `tp_specs`): this device's heads and MLP columns, a
    psum after each row-parallel projection."""
    return functools.partial(gpt_loss, heads=heads,
                             reduce=functools.partial(jax.lax.psum, axis_name=axis))
