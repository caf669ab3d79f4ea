"""NumPy reference implementation of every `nn` op, forward and backward.

The semantics are those of shared/design/nn-dialect.md and, for the dropout
mask, docs/Lowering.md. Every function takes NumPy arrays (or anything
`np.asarray` accepts), computes in float32 as `--convert-nn-to-linalg` does,
and returns float32 arrays (losses as 0-d arrays). Reductions accumulate in
float32; where the lowering's order of operations is cheap to mirror it is
mirrored, so results usually agree to the last bit or two.

f16/bf16: the lowering extends f16/bf16 operands to f32, computes in f32 and
rounds once on store. Emulate it with `round_to`: round the inputs to the
storage type, call the function, round its outputs::

    x = round_to(x, "bf16")
    y = round_to(gelu(x), "bf16")

The only dependency is NumPy. Run this file to self-check the gradients
against central finite differences.
"""

import numpy as np

__all__ = [
    "round_to", "add", "sub", "mul", "gelu", "gelu_grad", "relu", "relu_grad",
    "scale", "dropout_uniform", "dropout_mask", "dropout", "softmax",
    "softmax_grad", "matmul", "layernorm", "layernorm_grad", "transpose",
    "reshape", "broadcast", "reduce_sum", "cross_entropy",
    "cross_entropy_grad", "mse_loss", "mse_loss_grad", "harness_input",
]

F32 = np.float32
GELU_COEFF = F32(0.044715)
SQRT_2_OVER_PI = F32(np.sqrt(2.0 / np.pi))


def _f32(x):
    return np.asarray(x, dtype=F32)


def round_to(x, dtype):
    """Rounds float32 values to "f32", "f16" or "bf16" (nearest even) and
    returns them as float32, like a truncf to that type and an extf back."""
    x = _f32(x)
    if dtype == "f32":
        return x.copy()
    if dtype == "f16":
        return x.astype(np.float16).astype(F32)
    if dtype != "bf16":
        raise ValueError("dtype must be f32, f16 or bf16, got %r" % (dtype,))
    bits = x.view(np.uint32).astype(np.uint64)
    u64 = np.uint64  # explicit: NumPy 1.x will not mix uint64 and int
    rounded = (bits + u64(0x7FFF) + ((bits >> u64(16)) & u64(1))) & u64(0xFFFF0000)
    out = rounded.astype(np.uint32).view(F32)
    return np.where(np.isnan(x), x, out).astype(F32)


# --- Elementwise with NumPy broadcasting -------------------------------------

def add(a, b):
    return _f32(a) + _f32(b)


def sub(a, b):
    return _f32(a) - _f32(b)


def mul(a, b):
    return _f32(a) * _f32(b)


# --- Unary ops and their gradients -------------------------------------------

def _gelu_tanh(x):
    inner = x + GELU_COEFF * (x * x * x)
    return np.tanh(SQRT_2_OVER_PI * inner)


def gelu(x):
    """0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))."""
    x = _f32(x)
    return (F32(0.5) * x) * (F32(1) + _gelu_tanh(x))


def gelu_grad(dy, x):
    """dy * d gelu(x)/dx (exact derivative of the tanh approximation)."""
    dy, x = _f32(dy), _f32(x)
    t = _gelu_tanh(x)
    d_inner = SQRT_2_OVER_PI * (F32(1) + F32(3 * 0.044715) * (x * x))
    left = F32(0.5) * (F32(1) + t)
    right = ((F32(0.5) * x) * (F32(1) - t * t)) * d_inner
    return dy * (left + right)


def relu(x):
    x = _f32(x)
    return np.maximum(x, F32(0))


def relu_grad(dy, x):
    """dy where x > 0, else 0."""
    return np.where(_f32(x) > 0, _f32(dy), F32(0)).astype(F32)


def scale(x, factor):
    return _f32(x) * F32(factor)


# --- Dropout (docs/Lowering.md) ----------------------------------------------

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


def dropout_uniform(shape, seed):
    """u(seed, i) in [0, 1) for every row-major linear index i of `shape`."""
    n = int(np.prod(shape, dtype=np.int64))
    z = _splitmix_stream(seed, n)
    u = (z >> np.uint64(40)).astype(F32) * F32(2.0 ** -24)
    return u.reshape(shape)


def _splitmix_stream(key, n):
    """splitmix64(key + (i + 1) * golden) for i < n, as uint64."""
    i = np.arange(n, dtype=np.uint64)
    with np.errstate(over="ignore"):
        z = np.uint64(key & 0xFFFFFFFFFFFFFFFF) + (i + np.uint64(1)) * _GOLDEN
        z = (z ^ (z >> np.uint64(30))) * _MIX1
        z = (z ^ (z >> np.uint64(27))) * _MIX2
        return z ^ (z >> np.uint64(31))


def harness_input(shape, seed, arg, label_range=None):
    """The values remat-compile's harness feeds argument #arg for --seed:
    float32 (2k + 1 - 2^23) / 2^23 with k the top 23 bits of a SplitMix64
    stream keyed by (seed, arg); with label_range, int32 labels in
    [0, label_range) instead (runtime/harness/Harness.cpp)."""
    n = int(np.prod(shape, dtype=np.int64))
    key = (seed * 0x9E3779B97F4A7C15 + (arg << 40)) & 0xFFFFFFFFFFFFFFFF
    z = _splitmix_stream(key, n)
    if label_range is not None:
        return (z % np.uint64(label_range)).astype(np.int32).reshape(shape)
    u = ((z >> np.uint64(41)).astype(F32) + F32(0.5)) * F32(2.0 ** -23)
    return (F32(2) * u - F32(1)).astype(F32).reshape(shape)


def dropout_mask(shape, rate, seed):
    """The keep mask: u(seed, i) >= rate (rate compared as float32)."""
    return dropout_uniform(shape, seed) >= F32(rate)


def dropout(x, rate, seed):
    """x * float32(1 / (1 - double(rate))) where kept, else 0. The gradient
    of dropout is dropout of the incoming gradient with the same rate and
    seed."""
    x = _f32(x)
    rate32 = F32(rate)
    if rate32 == 0:
        return x.copy()
    c = F32(1.0 / (1.0 - float(rate32)))
    keep = dropout_mask(x.shape, rate32, seed)
    return np.where(keep, x * c, F32(0)).astype(F32)


# --- Softmax -----------------------------------------------------------------

def _causal_mask(shape):
    """True above the diagonal of the last two dims (j > i)."""
    rows, cols = shape[-2], shape[-1]
    return np.triu(np.ones((rows, cols), dtype=bool), k=1)


def softmax(x, scale=1.0, causal=False):
    """Softmax over the last dim of scale*x; with causal, entries j > i on the
    last two dims are excluded and get probability exactly 0."""
    s = _f32(x) * F32(scale)
    masked = _causal_mask(s.shape) if causal else np.zeros(s.shape[-1:], bool)
    row_max = np.max(np.where(masked, F32(-np.inf), s), axis=-1, keepdims=True)
    e = np.where(masked, F32(0), np.exp(s - row_max))
    return (e / np.sum(e, axis=-1, keepdims=True, dtype=F32)).astype(F32)


def softmax_grad(dy, p, scale=1.0):
    """scale * p * (dy - sum(dy * p, last dim))."""
    dy, p = _f32(dy), _f32(p)
    dot = np.sum(dy * p, axis=-1, keepdims=True, dtype=F32)
    return (p * (dy - dot)) * F32(scale)


# --- Matmul and layernorm ----------------------------------------------------

def matmul(a, b, transpose_a=False, transpose_b=False):
    """NumPy matmul of the last two dims with broadcast batch dims; the
    transpose flags swap the last two dims of that operand first."""
    a, b = _f32(a), _f32(b)
    if transpose_a:
        a = np.swapaxes(a, -1, -2)
    if transpose_b:
        b = np.swapaxes(b, -1, -2)
    return np.matmul(a, b).astype(F32)


def layernorm(x, gamma, beta, epsilon=1e-5):
    """Returns (y, mean, rstd): normalization over the last dim with the
    biased variance and rstd = 1/sqrt(var + epsilon)."""
    x, gamma, beta = _f32(x), _f32(gamma), _f32(beta)
    width = F32(x.shape[-1])
    mean = np.sum(x, axis=-1, dtype=F32) / width
    centered = x - mean[..., None]
    var = np.sum(centered * centered, axis=-1, dtype=F32) / width
    rstd = (F32(1) / np.sqrt(var + F32(epsilon))).astype(F32)
    y = (centered * rstd[..., None]) * gamma + beta
    return y.astype(F32), mean.astype(F32), rstd


def layernorm_grad(dy, x, gamma, mean, rstd):
    """Returns (dx, dgamma, dbeta) with xhat = (x - mean) * rstd and
    g = dy * gamma: dx = rstd * (g - mean(g) - xhat * mean(g * xhat)),
    dgamma = sum(dy * xhat), dbeta = sum(dy) over all leading dims."""
    dy, x, gamma = _f32(dy), _f32(x), _f32(gamma)
    mean, rstd = _f32(mean)[..., None], _f32(rstd)[..., None]
    width = F32(x.shape[-1])
    xhat = (x - mean) * rstd
    g = dy * gamma
    mean_g = np.sum(g, axis=-1, keepdims=True, dtype=F32) / width
    mean_gx = np.sum(g * xhat, axis=-1, keepdims=True, dtype=F32) / width
    dx = rstd * ((g - mean_g) - xhat * mean_gx)
    leading = tuple(range(x.ndim - 1))
    dgamma = np.sum(dy * xhat, axis=leading, dtype=F32)
    dbeta = np.sum(dy, axis=leading, dtype=F32)
    return dx.astype(F32), _f32(dgamma), _f32(dbeta)


# --- Layout ------------------------------------------------------------------

def transpose(x, permutation):
    """Result dim i is operand dim permutation[i]."""
    return np.ascontiguousarray(np.transpose(_f32(x), permutation))


def reshape(x, shape):
    """Row-major reshape."""
    return _f32(x).reshape(shape)


def broadcast(x, shape):
    """NumPy broadcast to `shape`."""
    return np.ascontiguousarray(np.broadcast_to(_f32(x), shape))


def reduce_sum(x, dims):
    """Sum over `dims` (removed), accumulated in float32."""
    return _f32(np.sum(_f32(x), axis=tuple(dims), dtype=F32))


# --- Losses ------------------------------------------------------------------

def _log_softmax_parts(logits):
    row_max = np.max(logits, axis=-1, keepdims=True)
    sum_exp = np.sum(np.exp(logits - row_max), axis=-1, keepdims=True,
                     dtype=F32)
    return row_max, sum_exp


def _onehot(labels, classes):
    return np.asarray(labels)[..., None] == np.arange(classes)


def cross_entropy(logits, labels):
    """Mean over positions of logsumexp(row) - row[label], with a
    max-subtracted log-sum-exp. An out-of-range label picks 0."""
    logits = _f32(logits)
    row_max, sum_exp = _log_softmax_parts(logits)
    picked = np.sum(np.where(_onehot(labels, logits.shape[-1]), logits,
                             F32(0)), axis=-1, dtype=F32)
    per_row = (np.log(sum_exp[..., 0]) + row_max[..., 0]) - picked
    positions = F32(np.prod(logits.shape[:-1], dtype=np.int64))
    return _f32(np.sum(per_row, dtype=F32) / positions)


def cross_entropy_grad(logits, labels, dl):
    """dl * (softmax(row) - onehot(label)) / N, N = number of positions."""
    logits = _f32(logits)
    row_max, sum_exp = _log_softmax_parts(logits)
    p = np.exp(logits - row_max) / sum_exp
    onehot = _onehot(labels, logits.shape[-1]).astype(F32)
    positions = F32(np.prod(logits.shape[:-1], dtype=np.int64))
    return ((p - onehot) * _f32(dl)) / positions


def mse_loss(pred, target):
    """mean((pred - target)^2) over all elements."""
    diff = _f32(pred) - _f32(target)
    return _f32(np.sum(diff * diff, dtype=F32) / F32(diff.size))


def mse_loss_grad(pred, target, dl):
    """dl * 2 (pred - target) / numel."""
    diff = _f32(pred) - _f32(target)
    return (diff * F32(2.0 / diff.size)) * _f32(dl)


# --- Self-check --------------------------------------------------------------

def _numeric_grad(f, x, eps=1e-2):
    """Central differences of the scalar f at float64 copies of x."""
    x = np.array(x, dtype=np.float64)
    grad = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        old = x[i]
        x[i] = old + eps
        hi = float(f(x))
        x[i] = old - eps
        lo = float(f(x))
        x[i] = old
        grad[i] = (hi - lo) / (2 * eps)
    return grad


def _check(name, got, want, tol=2e-2):
    err = np.max(np.abs(np.asarray(got, np.float64) - want))
    scale_ = max(1.0, np.max(np.abs(want)))
    assert err <= tol * scale_, "%s: max error %g" % (name, err)
    print("ok   %s (max error %.2g)" % (name, err))


def _self_check():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 3, 5)).astype(F32)
    w = rng.standard_normal(x.shape).astype(F32)  # projection to a scalar
    gamma = rng.standard_normal(5).astype(F32)
    beta = rng.standard_normal(5).astype(F32)
    labels = rng.integers(0, 5, size=(2, 3))
    target = rng.standard_normal(x.shape).astype(F32)

    _check("gelu_grad", gelu_grad(w, x),
           _numeric_grad(lambda v: np.sum(gelu(v) * w), x))
    p = softmax(x, 0.5)
    _check("softmax_grad", softmax_grad(w, p, 0.5),
           _numeric_grad(lambda v: np.sum(softmax(v, 0.5) * w), x))
    sq = rng.standard_normal((2, 4, 4)).astype(F32)
    wsq = rng.standard_normal(sq.shape).astype(F32)
    pc = softmax(sq, 1.0, causal=True)
    assert np.all(pc[:, 0, 1:] == 0) and np.allclose(pc.sum(-1), 1)
    _check("softmax_grad causal", softmax_grad(wsq, pc),
           _numeric_grad(lambda v: np.sum(softmax(v, 1.0, True) * wsq), sq))
    _, mean, rstd = layernorm(x, gamma, beta)
    dx, dgamma, dbeta = layernorm_grad(w, x, gamma, mean, rstd)
    _check("layernorm_grad dx", dx, _numeric_grad(
        lambda v: np.sum(layernorm(v, gamma, beta)[0] * w), x))
    _check("layernorm_grad dgamma", dgamma, _numeric_grad(
        lambda g: np.sum(layernorm(x, g, beta)[0] * w), gamma))
    _check("layernorm_grad dbeta", dbeta, _numeric_grad(
        lambda bb: np.sum(layernorm(x, gamma, bb)[0] * w), beta))
    _check("cross_entropy_grad", cross_entropy_grad(x, labels, 1.5),
           _numeric_grad(lambda v: 1.5 * cross_entropy(v, labels), x))
    _check("mse_loss_grad", mse_loss_grad(x, target, 0.5),
           _numeric_grad(lambda v: 0.5 * mse_loss(v, target), x))
    _check("relu_grad", relu_grad(w, x + 0.1),
           _numeric_grad(lambda v: np.sum(relu(v) * w), x + 0.1, eps=1e-4))
    keep = dropout_mask((1000,), 0.25, 17)
    assert abs(keep.mean() - 0.75) < 0.05
    assert np.array_equal(keep, dropout_mask((1000,), 0.25, 17))
    print("ok   dropout mask (keep fraction %.3f)" % keep.mean())
    assert round_to(np.float32(1.00390625), "bf16") == 1.0  # tie to even
    assert round_to(np.float32(1.01171875), "bf16") == 1.015625
    print("ok   bf16 rounding")


if __name__ == "__main__":
    _self_check()
