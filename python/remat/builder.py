"""Builds functions in the nn dialect, as text: the one writer of remat IR
in Python.

Pure Python, no MLIR bindings (Debian ships none). `tensor_type`,
`attr_dict`, `quote`, `op_line` and `function_text` write the textual forms
of shared/design/nn-dialect.md; on them stand `FunctionBuilder` (a
function, each op checking its operands' shapes as the dialect's verifiers
do and inferring its result type: a forward for --nn-autodiff, or, with the
gradient ops, a backward written out, as benchmarks/gen_gpt.py writes the
GPT of remat.models) and `JointGraph` (the joint forward+backward function
of `nn.generic` ops that the framework adapters plan).

    from remat import FunctionBuilder

    f = FunctionBuilder("mlp")
    x = f.arg("x", (8, 16))
    w = f.arg("w", (16, 4))
    t = f.arg("t", (8, 4))
    with f.block(0):
        a = f.gelu(f.matmul(x, w))
    text = f.build(f.mse_loss(a, t))

`text` is a function returning the loss; `remat-opt --nn-autodiff` turns it
into the joint forward+backward function. Ops created inside `with
f.block(n)` carry `remat.block = n`; `policy="save"` or `"recompute"` on an
op adds `remat.policy`.
"""

import contextlib
import math
import re
import struct

FLOAT_TYPES = ("f32", "f16", "bf16")
INT_TYPES = ("i32", "i64")


class BuildError(ValueError):
    """An op was given operands the nn dialect would reject."""


NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*\Z")  # what MLIR accepts after % or @
I64_MIN, I64_MAX = -(2**63), 2**63 - 1


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


# -- the textual forms --------------------------------------------------------

def tensor_type(shape, element):
    """`tensor<2x3xf32>`; `tensor<f32>` for a scalar."""
    return "tensor<" + "".join(f"{int(d)}x" for d in shape) + element + ">"


def type_bytes(ty):
    """The bytes of a `tensor<2x3xf32>` type, as remat counts them (an
    element of b bits takes (b + 7) / 8 bytes)."""
    m = re.fullmatch(r"tensor<((?:\d+x)*)[a-z]*?(\d+)>", ty)
    if m is None:
        raise ValueError(f"not a static tensor type: {ty!r}")
    numel = 1
    for d in filter(None, m.group(1).split("x")):
        numel *= int(d)
    return numel * ((int(m.group(2)) + 7) // 8)


def attr_dict(parts):
    """An op's attribute dictionary with a leading space (" {a, b}"), or
    nothing for no attributes."""
    return " {" + ", ".join(parts) + "}" if parts else ""


def quote(text):
    """A string attribute or location: `text` in quotes, escaped."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def op_line(indent, results, text):
    """One op: `<results> = <text>`, or `text` alone for an op without
    results (`results` a string or a list of SSA names)."""
    if not isinstance(results, str):
        results = ", ".join(results)
    return f"{indent}{results} = {text}" if results else f"{indent}{text}"


def function_text(name, args, results, lines, indent="  ", attributes=None,
                  parenthesize=False):
    """A `func.func @name` with `args` and `results` ((SSA name, type)
    pairs) and the op `lines`, returning the results. A single result type
    is written without parentheses unless `parenthesize`; `attributes` (a
    list) become the function's `attributes {...}`."""
    types = ", ".join(t for _, t in results)
    signature = f"({types})" if parenthesize or len(results) != 1 else types
    extra = f" attributes {{{', '.join(attributes)}}}" if attributes else ""
    return "\n".join([
        f"func.func @{name}({', '.join(f'{n}: {t}' for n, t in args)}) -> {signature}{extra} {{",
        *lines,
        f"{indent}return {', '.join(n for n, _ in results)} : {types}",
        "}",
    ]) + "\n"


def f32(value):
    """`value` rounded to float32, as the f32 attribute will hold it."""
    return struct.unpack("f", struct.pack("f", value))[0]


class TensorType:
    def __init__(self, shape, dtype="f32"):
        if not all(is_int(d) for d in shape):
            raise BuildError(f"dimensions must be integers, got {tuple(shape)}")
        shape = tuple(shape)
        if any(d <= 0 for d in shape):
            raise BuildError(f"dimensions must be positive, got {shape}")
        if dtype not in FLOAT_TYPES + INT_TYPES:
            raise BuildError(f"element type must be one of {FLOAT_TYPES + INT_TYPES}, got {dtype!r}")
        self.shape, self.dtype = shape, dtype

    @property
    def rank(self):
        return len(self.shape)

    @property
    def numel(self):
        return math.prod(self.shape)

    @property
    def bytes(self):
        return self.numel * {"f32": 4, "i32": 4, "i64": 8, "f16": 2, "bf16": 2}[self.dtype]

    def with_shape(self, shape):
        return TensorType(shape, self.dtype)

    def __eq__(self, other):
        return isinstance(other, TensorType) and (self.shape, self.dtype) == (other.shape, other.dtype)

    def __hash__(self):
        return hash((self.shape, self.dtype))

    def __str__(self):
        return tensor_type(self.shape, self.dtype)

    __repr__ = __str__


class Value:
    def __init__(self, name, type_):
        self.name, self.type = name, type_

    @property
    def shape(self):
        return self.type.shape

    def __str__(self):
        return "%" + self.name


def broadcast_shapes(a, b):
    """NumPy broadcasting of two shapes (right-aligned), or None."""
    out = []
    for i in range(1, max(len(a), len(b)) + 1):
        x = a[-i] if i <= len(a) else 1
        y = b[-i] if i <= len(b) else 1
        if x != y and 1 not in (x, y):
            return None
        out.append(max(x, y))
    return tuple(reversed(out))


def float_literal(value):
    """A finite float as MLIR parses it (with a decimal point), exactly."""
    if not math.isfinite(float(value)):
        raise BuildError(f"float attributes must be finite, got {value!r}")
    text = repr(float(value))
    if "e" in text and "." not in text.split("e")[0]:
        mantissa, exponent = text.split("e")
        text = f"{mantissa}.0e{exponent}"
    return text


class FunctionBuilder:
    def __init__(self, name="forward"):
        if not isinstance(name, str) or not NAME.match(name):
            raise BuildError(f"function name {name!r} is not a valid MLIR symbol "
                             "(letters, digits, _, $ and ., not starting with a digit)")
        self.name = name
        self.args = []
        self.lines = []
        self._names = set()
        self._block = None

    # -- arguments, names, attributes ------------------------------------

    def arg(self, name, shape, dtype="f32"):
        """A function argument (weights, inputs, labels)."""
        value = Value(self._unique(name), TensorType(shape, dtype))
        self.args.append(value)
        return value

    def _unique(self, hint):
        valid = isinstance(hint, str) and NAME.match(hint) is not None
        name, n = (hint if valid else "v"), 0
        while name in self._names:
            n += 1
            name = f"{hint if valid else 'v'}{n}"
        self._names.add(name)
        return name

    @contextlib.contextmanager
    def block(self, index):
        """Ops created inside carry `remat.block = index` (a checkpoint
        block, such as one transformer layer)."""
        if not is_int(index) or not 0 <= index <= I64_MAX:
            raise BuildError(f"a checkpoint block is a non-negative 64-bit integer, got {index!r}")
        previous, self._block = self._block, index
        try:
            yield
        finally:
            self._block = previous

    def _attrs(self, attrs, policy):
        parts = list(attrs)
        if policy is not None:
            if policy not in ("save", "recompute"):
                raise BuildError(f"policy must be 'save' or 'recompute', got {policy!r}")
            parts.append(f'remat.policy = "{policy}"')
        if self._block is not None:
            parts.append(f"remat.block = {self._block} : i64")
        return attr_dict(parts)

    def _emit(self, hints, op, operands, attrs, types, policy, result_types, arrow=True):
        results = [Value(self._unique(h), t) for h, t in zip(hints, result_types)]
        lhs = ", ".join(str(r) for r in results)
        operand_text = ", ".join(str(o) for o in operands)
        signature = ", ".join(str(t) for t in types)
        if arrow:
            signature += " -> " + ", ".join(str(t) for t in result_types)
        self.lines.append(op_line("  ", lhs, f"nn.{op} {operand_text}{self._attrs(attrs, policy)} : "
                                             f"{signature}"))
        return results[0] if len(results) == 1 else tuple(results)

    @staticmethod
    def _float(value, what):
        if not isinstance(value, Value):
            raise BuildError(f"{what} must be a Value, got {value!r}")
        if value.type.dtype not in FLOAT_TYPES:
            raise BuildError(f"{what} must be a floating-point tensor, got {value.type}")
        return value

    @staticmethod
    def _same_dtype(*values):
        dtypes = {v.type.dtype for v in values}
        if len(dtypes) != 1:
            raise BuildError("operands must have the same element type, got "
                             + ", ".join(str(v.type) for v in values))

    # -- elementwise -------------------------------------------------------

    def _binary(self, op, a, b, policy):
        self._float(a, "lhs"), self._float(b, "rhs"), self._same_dtype(a, b)
        shape = broadcast_shapes(a.shape, b.shape)
        if shape is None:
            raise BuildError(f"nn.{op}: shapes {a.type} and {b.type} do not broadcast")
        return self._emit([op], op, [a, b], [], [a.type, b.type], policy, [a.type.with_shape(shape)])

    def add(self, a, b, policy=None):
        return self._binary("add", a, b, policy)

    def sub(self, a, b, policy=None):
        return self._binary("sub", a, b, policy)

    def mul(self, a, b, policy=None):
        return self._binary("mul", a, b, policy)

    def _unary(self, op, x, attrs, policy):
        self._float(x, "input")
        return self._emit([op], op, [x], attrs, [x.type], policy, [x.type], arrow=False)

    def gelu(self, x, policy=None):
        return self._unary("gelu", x, [], policy)

    def relu(self, x, policy=None):
        return self._unary("relu", x, [], policy)

    def scale(self, x, factor, policy=None):
        return self._unary("scale", x, [f"factor = {float_literal(factor)} : f32"], policy)

    def dropout(self, x, rate, seed, policy=None):
        if not (0 <= rate < 1 and f32(rate) < 1):
            raise BuildError(f"nn.dropout: rate must be in [0, 1) as a float32, got {rate}")
        if not is_int(seed) or not I64_MIN <= seed <= I64_MAX:
            raise BuildError(f"nn.dropout: seed must be a 64-bit integer, got {seed!r}")
        return self._unary("dropout", x, [f"rate = {float_literal(rate)} : f32",
                                          f"seed = {int(seed)} : i64"], policy)

    def softmax(self, x, scale=None, causal=False, policy=None):
        self._float(x, "input")
        if x.type.rank < 1:
            raise BuildError(f"nn.softmax: input must have rank >= 1, got {x.type}")
        if causal and (x.type.rank < 2 or x.shape[-1] != x.shape[-2]):
            raise BuildError(f"nn.softmax: causal needs equal last two dimensions, got {x.type}")
        attrs = [f"scale = {float_literal(scale)} : f32"] if scale is not None else []
        if causal:
            attrs.append("causal")
        return self._unary("softmax", x, attrs, policy)

    # -- contractions and normalization -------------------------------------

    def matmul(self, a, b, transpose_a=False, transpose_b=False, policy=None):
        self._float(a, "lhs"), self._float(b, "rhs"), self._same_dtype(a, b)
        if a.type.rank < 2 or b.type.rank < 2:
            raise BuildError(f"nn.matmul: operands must have rank >= 2, got {a.type} and {b.type}")
        m, ka = (a.shape[-1], a.shape[-2]) if transpose_a else (a.shape[-2], a.shape[-1])
        kb, n = (b.shape[-1], b.shape[-2]) if transpose_b else (b.shape[-2], b.shape[-1])
        if ka != kb:
            raise BuildError(f"nn.matmul: contraction dimensions differ ({ka} and {kb}) for "
                             f"{a.type}{' (transposed)' if transpose_a else ''} times "
                             f"{b.type}{' (transposed)' if transpose_b else ''}")
        batch = broadcast_shapes(a.shape[:-2], b.shape[:-2])
        if batch is None:
            raise BuildError(f"nn.matmul: batch dimensions of {a.type} and {b.type} do not broadcast")
        attrs = [flag for flag, on in (("transpose_a", transpose_a), ("transpose_b", transpose_b)) if on]
        return self._emit(["mm"], "matmul", [a, b], attrs, [a.type, b.type], policy,
                          [a.type.with_shape(batch + (m, n))])

    def layernorm(self, x, gamma, beta, epsilon=1e-5, policy=None):
        """Returns (output, mean, rstd)."""
        for v, what in ((x, "input"), (gamma, "gamma"), (beta, "beta")):
            self._float(v, what)
        self._same_dtype(x, gamma, beta)
        if x.type.rank < 1:
            raise BuildError(f"nn.layernorm: input must have rank >= 1, got {x.type}")
        if not epsilon >= 0:
            raise BuildError(f"nn.layernorm: epsilon must be non-negative, got {epsilon}")
        if gamma.shape != x.shape[-1:] or beta.shape != x.shape[-1:]:
            raise BuildError(f"nn.layernorm: gamma and beta must be tensor<{x.shape[-1]}x...>, "
                             f"got {gamma.type} and {beta.type}")
        stats = x.type.with_shape(x.shape[:-1])
        return self._emit(["ln", "mean", "rstd"], "layernorm", [x, gamma, beta],
                          [f"epsilon = {float_literal(epsilon)} : f32"],
                          [x.type, gamma.type, beta.type], policy, [x.type, stats, stats])

    # -- layout ------------------------------------------------------------

    def transpose(self, x, permutation, policy=None):
        self._float(x, "input")
        perm = list(permutation)
        if not all(is_int(p) for p in perm) or sorted(perm) != list(range(x.type.rank)):
            raise BuildError(f"nn.transpose: {perm} is not a permutation of the {x.type.rank} dimensions of {x.type}")
        shape = tuple(x.shape[p] for p in perm)
        return self._emit(["tr"], "transpose", [x], [f"permutation = array<i64: {', '.join(map(str, perm))}>"],
                          [x.type], policy, [x.type.with_shape(shape)])

    def reshape(self, x, shape, policy=None):
        self._float(x, "input")
        target = x.type.with_shape(shape)
        if target.numel != x.type.numel:
            raise BuildError(f"nn.reshape: {x.type} and {target} have different element counts")
        return self._emit(["rs"], "reshape", [x], [], [x.type], policy, [target])

    def broadcast(self, x, shape, policy=None):
        self._float(x, "input")
        target = x.type.with_shape(shape)
        if broadcast_shapes(x.shape, target.shape) != target.shape:
            raise BuildError(f"nn.broadcast: {x.type} does not broadcast to {target}")
        return self._emit(["bc"], "broadcast", [x], [], [x.type], policy, [target])

    def reduce_sum(self, x, dims, policy=None):
        self._float(x, "input")
        dims = list(dims)
        if not all(is_int(d) for d in dims) or dims != sorted(set(dims)) or any(d < 0 or d >= x.type.rank for d in dims):
            raise BuildError(f"nn.reduce_sum: dims must be strictly increasing dimensions of {x.type}, got {dims}")
        shape = tuple(d for i, d in enumerate(x.shape) if i not in dims)
        return self._emit(["sum"], "reduce_sum", [x], [f"dims = array<i64: {', '.join(map(str, dims))}>"],
                          [x.type], policy, [x.type.with_shape(shape)])

    # -- losses ------------------------------------------------------------

    def cross_entropy(self, logits, labels, policy=None):
        self._float(logits, "logits")
        if logits.type.rank < 1:
            raise BuildError(f"nn.cross_entropy: logits must have rank >= 1, got {logits.type}")
        if labels.type.dtype not in INT_TYPES or labels.shape != logits.shape[:-1]:
            raise BuildError(f"nn.cross_entropy: labels must be an integer tensor<"
                             f"{'x'.join(map(str, logits.shape[:-1]))}x...>, got {labels.type}")
        return self._emit(["loss"], "cross_entropy", [logits, labels], [], [logits.type, labels.type],
                          policy, [logits.type.with_shape(())])

    def mse_loss(self, pred, target, policy=None):
        self._float(pred, "pred"), self._float(target, "target")
        if pred.type != target.type:
            raise BuildError(f"nn.mse_loss: pred and target must have the same type, got {pred.type} and {target.type}")
        return self._emit(["loss"], "mse_loss", [pred, target], [], [pred.type, target.type], policy,
                          [pred.type.with_shape(())])

    # -- gradients (a backward written out by hand, as gen_gpt.py's) ----------

    def constant(self, value, dtype="f32"):
        """A scalar `arith.constant` (the loss's seed gradient, say)."""
        if dtype not in FLOAT_TYPES:
            raise BuildError(f"a constant is a floating-point scalar, got element type {dtype!r}")
        result = Value(self._unique("c"), TensorType((), dtype))
        self.lines.append(op_line("  ", str(result), f"arith.constant dense<{float_literal(value)}> : "
                                                     f"{result.type}"))
        return result

    def _like(self, op, a, b, what):
        self._float(a, what[0]), self._float(b, what[1]), self._same_dtype(a, b)
        if a.type != b.type:
            raise BuildError(f"nn.{op}: {what[0]} and {what[1]} must have the same type, "
                             f"got {a.type} and {b.type}")

    def gelu_grad(self, dy, x, policy=None):
        """d(gelu)(x) applied to dy."""
        self._like("gelu_grad", dy, x, ("dy", "x"))
        return self._emit(["dgelu"], "gelu_grad", [dy, x], [], [dy.type], policy, [dy.type], arrow=False)

    def softmax_grad(self, dy, probs, scale=None, policy=None):
        """The softmax's input gradient from its output `probs`."""
        self._like("softmax_grad", dy, probs, ("dy", "probs"))
        attrs = [f"scale = {float_literal(scale)} : f32"] if scale is not None else []
        return self._emit(["dsm"], "softmax_grad", [dy, probs], attrs, [dy.type], policy, [dy.type],
                          arrow=False)

    def layernorm_grad(self, dy, x, gamma, mean, rstd, policy=None):
        """Returns (dx, dgamma, dbeta) from the layernorm's saved mean and rstd."""
        self._like("layernorm_grad", dy, x, ("dy", "x"))
        for v, what in ((gamma, "gamma"), (mean, "mean"), (rstd, "rstd")):
            self._float(v, what)
        if gamma.shape != x.shape[-1:] or mean.shape != x.shape[:-1] or rstd.shape != x.shape[:-1]:
            raise BuildError(f"nn.layernorm_grad: gamma, mean and rstd do not match {x.type}: "
                             f"{gamma.type}, {mean.type}, {rstd.type}")
        return self._emit(["dx", "dg", "db"], "layernorm_grad", [dy, x, gamma, mean, rstd], [],
                          [dy.type, x.type, gamma.type, mean.type, rstd.type], policy,
                          [x.type, gamma.type, gamma.type])

    def cross_entropy_grad(self, logits, labels, dloss, policy=None):
        """The logits' gradient of cross_entropy(logits, labels) times dloss."""
        self._float(logits, "logits"), self._float(dloss, "dloss"), self._same_dtype(logits, dloss)
        if labels.type.dtype not in INT_TYPES or labels.shape != logits.shape[:-1] or dloss.type.rank:
            raise BuildError(f"nn.cross_entropy_grad: labels {labels.type} and the scalar dloss "
                             f"{dloss.type} do not match logits {logits.type}")
        return self._emit(["dlogits"], "cross_entropy_grad", [logits, labels, dloss], [],
                          [logits.type, labels.type, dloss.type], policy, [logits.type])

    # -- the function ----------------------------------------------------------

    def build(self, loss, *more):
        """The function text, returning `loss` (a scalar float tensor) and
        then the values `more` (the gradients of a joint function)."""
        if not isinstance(loss, Value) or loss.type.rank != 0 or loss.type.dtype not in FLOAT_TYPES:
            raise BuildError(f"the loss must be a floating-point scalar, got {getattr(loss, 'type', loss)}")
        for value in more:
            if not isinstance(value, Value):
                raise BuildError(f"a result must be a Value, got {value!r}")
        # (A function of no ops still has its empty body line.)
        return function_text(self.name, [(str(a), str(a.type)) for a in self.args],
                             [(str(v), str(v.type)) for v in (loss, *more)], self.lines or [""])


# -- joint functions of nn.generic ops (what the framework adapters plan) -----

COST_CLASSES = ("gemm", "elementwise", "reduction", "layout", "view")
ELEMENT_TYPE = re.compile(r"(f16|bf16|f32|f64|i1|i8|i16|i32|i64|ui8)\Z")


def generic_type(shape, element):
    """The tensor type of an `nn.generic` operand or result: any element
    type remat plans (ELEMENT_TYPE), else a ValueError."""
    if not ELEMENT_TYPE.match(element):
        raise ValueError(f"element type {element!r} is not one remat plans")
    return tensor_type(shape, element)


class JointGraph:
    """A joint forward+backward function under construction, one
    `nn.generic` per framework op, each with its cost, its class and
    whether it may be recomputed, and `loc("<name>")` so that the plan can
    be mapped back (remat.planner.plan plans the text).

        g = JointGraph("joint")
        x = g.arg((8, 16), "f32")
        y, = g.op("aten.exp.default", [x], [((8, 16), "f32")], flops=128, loc="exp")
        text = g.text(results=[...], forward_results=1)

    Ops are appended in program order. A value is an opaque handle (its SSA
    name)."""

    def __init__(self, name="joint"):
        self.name = name
        self.args = []     # (ssa name, type)
        self.lines = []
        self.types = {}    # ssa name -> type
        self.count = 0
        self.records = []  # per op line: (callee, inputs, results, attrs, loc)
        self.sources = {}  # op line -> its source (op's `source`), where given

    def arg(self, shape, element):
        name = f"%arg{len(self.args)}"
        ty = generic_type(shape, element)
        self.args.append((name, ty))
        self.types[name] = ty
        return name

    def op(self, callee, inputs, outputs, *, flops=0, cost_class="elementwise",
           side_effects=False, loc=None, block=None, policy=None, read_bytes=None,
           written_bytes=None, batch_dims=0, source=None):
        """Appends one `nn.generic`; returns its result values. `loc`: the
        name the plan's report calls it by (`loc("<loc>")`); `source`: what
        the framework says it is, for reports and errors ("model.layers.3.mlp.act
        (aten.gelu)"), written as the name's child (`loc("<loc>"("<source>"))`:
        the report's `source`). `policy`
        ("save" or "recompute") is a `remat.policy` override; `read_bytes`
        and `written_bytes` the op's memory traffic where it is not the
        operands' and results' sizes; `batch_dims` a matrix multiply's batch
        dimensions (policy dots-no-batch keeps the results of those without)."""
        if cost_class not in COST_CLASSES:
            raise ValueError(f"cost class {cost_class!r} is not one of {COST_CLASSES}")
        attrs = [f'cost_class = "{cost_class}"'] if cost_class != "elementwise" else []
        for name, value in (("flops", flops or None), ("read_bytes", read_bytes),
                            ("written_bytes", written_bytes), ("batch_dims", batch_dims or None),
                            ("remat.block", block)):
            if value is not None:
                attrs.append(f"{name} = {int(value)} : i64")
        if policy is not None:
            attrs.append(f"remat.policy = {quote(policy)}")
        if side_effects:
            attrs.append("side_effects")
        out_types = [generic_type(s, e) for s, e in outputs]
        base = f"%v{self.count}"
        self.count += 1
        if len(out_types) == 1:
            results = lhs = [base]
        elif out_types:
            results = [f"{base}#{i}" for i in range(len(out_types))]
            lhs = [f"{base}:{len(out_types)}"]
        else:
            results = lhs = []
        for r, t in zip(results, out_types):
            self.types[r] = t
        operands = (" " + ", ".join(inputs)) if inputs else ""
        in_types = ", ".join(self.types[i] for i in inputs)
        out_text = out_types[0] if len(out_types) == 1 else "(" + ", ".join(out_types) + ")"
        location = ""
        if loc:
            location = f" loc({quote(loc)}({quote(source)}))" if source else f" loc({quote(loc)})"
        self.lines.append(op_line("    ", lhs, f"nn.generic {quote(callee)}{operands}"
                                  f"{attr_dict(attrs)} : ({in_types}) -> {out_text}{location}"))
        self.sources[len(self.records)] = source
        self.records.append((callee, list(inputs), list(results), attrs, loc))
        return results

    def make_inplace(self, index, operand):
        """Rewrites op `index` (one result) as a kernel that writes its
        result into the buffer of `operand`, which dies there (a compiler's
        in-place reuse, as Inductor's `bufN = bufM; del bufM  # reuse`):
        the op with no result (its cost, its result's bytes written, marked
        side_effects so that nothing erases it), then its result as a view
        of the operand's buffer, which the planner's memory semantics keep
        live while the result is."""
        callee, inputs, results, attrs, loc = self.records[index]
        source = self.sources.get(index)
        (result,) = results
        kept = [a for a in attrs if not a.startswith("written_bytes")]
        nbytes = type_bytes(self.types[result])
        d_attrs = kept + [f"written_bytes = {nbytes} : i64"] + (
            [] if "side_effects" in attrs else ["side_effects"])
        in_types = ", ".join(self.types[i] for i in inputs)
        location = ""
        if loc:
            location = f" loc({quote(loc)}({quote(source)}))" if source else f" loc({quote(loc)})"
        inner = f" loc({quote(loc + '/inplace')})" if loc else ""
        view = 'cost_class = "view"'
        self.lines[index] = "\n".join([
            op_line("    ", [], f"nn.generic {quote(callee)} {', '.join(inputs)}"
                                f"{attr_dict(d_attrs)} : ({in_types}) -> (){location}"),
            op_line("    ", [result], f"nn.generic {quote('remat.inplace')} {operand}"
                                     f"{attr_dict([view])} : "
                                     f"({self.types[operand]}) -> {self.types[result]}{inner}")])

    def text(self, results, forward_results=1):
        return function_text(self.name, self.args, [(r, self.types[r]) for r in results],
                             self.lines, indent="    ",
                             attributes=[f"remat.forward_results = {int(forward_results)} : i64"],
                             parenthesize=True)
