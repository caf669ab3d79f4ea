"""A JAX function as remat IR: `_Trace` traces it (unrolling `lax.scan`) to
its jaxpr and the joint jaxpr of its vjp, and `_Converted` writes the joint
jaxpr as a `planner.JointGraph` (one `nn.generic` per equation, or per
group of equations XLA fuses, with FLOPs, a cost class, collectives costed
by the bytes they send), with what the plan's application needs: the flat
equations in the order the backward runs them and the IR value of each
var. `_prepare` does both for a function and its arguments.
"""

import math
import os
import re
import time

import jax
import numpy as np
from jax.extend import core as _core

from .. import planner as _planner
from .._adapter import PlanInfo, Unsupported

# Primitives that produce an alias of their single operand: no bytes of
# their own (XLA turns them into bitcasts or nothing).
_VIEW = {"reshape", "squeeze", "expand_dims", "stop_gradient", "pvary", "pcast", "pbroadcast",
         "copy_p", "reduce_precision"}
# Data movement: bandwidth, no FLOPs.
_LAYOUT = {"broadcast_in_dim", "transpose", "slice", "dynamic_slice", "dynamic_update_slice",
           "concatenate", "pad", "gather", "rev", "iota", "select_n", "convert_element_type",
           "copy", "bitcast_convert_type", "random_wrap", "random_unwrap",
           "random_bits", "random_seed", "random_fold_in", "random_split", "sharding_constraint",
           "device_put", "split"}
_REDUCTION = {"reduce_sum", "reduce_max", "reduce_min", "reduce_prod", "reduce_and", "reduce_or",
              "reduce_xor", "argmax", "argmin", "cumsum", "cumprod", "cummax", "cummin",
              "cumlogsumexp", "reduce_window_sum", "reduce_window_max", "reduce_window_min",
              "select_and_scatter_add", "select_and_gather_add", "sort", "scatter-add",
              "scatter_add", "scatter", "scatter-mul", "scatter_mul", "scatter-min",
              "scatter-max", "top_k"}
# Collectives: the per-device program communicates. With collectives="keep"
# never recomputed; with "recompute" (as JAX's own policies do) at the cost
# of communicating again (_traffic). Their buffers count as any other.
_COLLECTIVES = {"psum", "psum_invariant", "pmax", "pmin", "all_gather", "all_gather_invariant",
                "reduce_scatter", "psum_scatter", "all_to_all", "ppermute", "psum2",
                "ragged_all_to_all", "axis_index"}
# Call-like primitives whose body is inlined into the plan.
# A user's `jax.checkpoint` (`remat2`; Flax's `remat`) is inlined: its
# recomputation is in the joint jaxpr's backward already, and the applied
# backward fences it as its own (the barrier JAX's prevent_cse places).
_INLINE = {"pjit", "jit", "closed_call", "core_call", "remat", "remat2", "checkpoint",
           "custom_jvp_call", "custom_vjp_call", "custom_vjp_call_jaxpr", "custom_lin"}
# Control flow planned as one op each (never fused, never inlined): a
# `cond` costs its dearest branch and may be recomputed; a `while` is passed
# through unplanned (never recomputed: its trip count is unknown).
_OPAQUE = {"cond", "while"}
# Effects an equation may have and still be planned: debugging output
# (`jax.debug.print`, `jax.debug.callback`), run where the program has it
# and never recomputed.
_PASSED_EFFECTS = ("DebugEffect", "OrderedDebugEffect", "NamedAxisEffect")


def _element(aval):
    """(shape, element type) of an array aval, as remat types it (a type of
    the same size where remat has none: unsigned as signed, complex as two
    floats, PRNG keys as their uint32 data)."""
    shape = tuple(aval.shape)
    if not all(isinstance(d, (int, np.integer)) for d in shape):
        raise Unsupported(f"dynamic shape {aval.str_short()}")
    dtype = aval.dtype
    if jax.dtypes.issubdtype(dtype, jax.dtypes.prng_key):
        data = jax.eval_shape(jax.random.key_data, jax.ShapeDtypeStruct((), dtype))
        return shape + tuple(data.shape), "i32"
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return shape, "i1"
    if jax.dtypes.issubdtype(dtype, np.complexfloating):
        return shape + (2,), "f64" if dtype.itemsize == 16 else "f32"
    if jax.dtypes.issubdtype(dtype, np.floating):  # (bfloat16 and float8 have kind 'V')
        if dtype.itemsize == 2:
            return shape, "bf16" if dtype.name == "bfloat16" else "f16"
        if dtype.itemsize in (4, 8):
            return shape, f"f{dtype.itemsize * 8}"
        if dtype.itemsize == 1:  # float8 formats: remat counts their bytes
            return shape, "i8"
    if dtype.kind in "iu" and dtype.itemsize in (1, 2, 4, 8):
        return shape, f"i{dtype.itemsize * 8}"
    raise Unsupported(f"element type {dtype.name}")


def _numel(aval):
    return math.prod(aval.shape)


def _cost(eqn):
    """(flops, cost class) of one primitive application."""
    prim = eqn.primitive.name
    ins = [v.aval for v in eqn.invars]
    outs = [v.aval for v in eqn.outvars]
    if prim == "dot_general":
        (lhs_contract, _), _ = eqn.params["dimension_numbers"]
        k = math.prod(ins[0].shape[d] for d in lhs_contract)
        return 2 * _numel(outs[0]) * k, "gemm"
    if prim == "conv_general_dilated":
        rhs_spec = eqn.params["dimension_numbers"].rhs_spec
        rhs = ins[1].shape
        per_output = rhs[rhs_spec[1]] * math.prod(rhs[d] for d in rhs_spec[2:])
        return 2 * _numel(outs[0]) * per_output, "gemm"
    if prim in _REDUCTION:
        return max(_numel(a) for a in ins if hasattr(a, "shape")), "reduction"
    if prim in _LAYOUT or prim in _COLLECTIVES:
        return 0, "layout"
    if prim in _OPAQUE:
        bodies = [eqn.params["body_jaxpr"], eqn.params["cond_jaxpr"]] if prim == "while" \
            else list(eqn.params["branches"])
        costs = [_jaxpr_cost(getattr(b, "jaxpr", b)) for b in bodies]
        flops = sum(c[0] for c in costs) if prim == "while" else max(c[0] for c in costs)
        gemm = any(c[1] for c in costs)
        return flops, "gemm" if gemm else "reduction"
    return sum(_numel(a) for a in outs), "elementwise"


def _jaxpr_cost(jaxpr):
    """(FLOPs, whether it multiplies matrices) of one evaluation of
    `jaxpr`: calls and bodies included, a scan's body times its length."""
    flops, gemm = 0, False
    for eqn in jaxpr.eqns:
        body, _ = _call_body(eqn)
        if body is not None and eqn.primitive.name not in _OPAQUE:
            inner, inner_gemm = _jaxpr_cost(body)
            flops += inner * eqn.params.get("length", 1)
        else:
            inner, cls = _cost(eqn)
            flops, inner_gemm = flops + inner, cls == "gemm"
        gemm = gemm or inner_gemm
    return flops, gemm


# All-reduces move each byte twice (reduce-scatter, then all-gather).
_ALL_REDUCE = {"psum", "psum_invariant", "pmax", "pmin", "psum2"}


def _nbytes(avals):
    """Bytes of the arrays among `avals`, as remat types them."""
    total = 0
    for a in avals:
        if hasattr(a, "shape") and hasattr(a, "dtype"):
            shape, element = _element(a)
            total += math.prod(shape) * _planner.element_bytes(element)
    return total



def _eqn_source(eqn, prim):
    """What the user wrote that made an equation, for reports and errors:
    its user frame and primitive, "flax_model.py:42 (tanh)" (JAX's
    source_info summary, with the file's base name), and the name stack
    where it has one ("... in encoder/layer_0")."""
    from jax._src import source_info_util as _si
    try:
        where = _si.summarize(eqn.source_info)   # "file.py:42:17 (function)"
    except Exception:   # (an equation without a user frame)
        where = ""
    m = re.match(r"(.*?):(\d+)(?::\d+)? \((.*)\)$", where)
    text = f"{os.path.basename(m.group(1))}:{m.group(2)} ({prim})" if m else f"({prim})"
    # (The transformations' own names say nothing of the user's code.)
    stack = re.sub(r"\b(?:transpose|jvp|vmap|pjit|jit|remat|checkpoint)\(|\)", "",
                   str(eqn.source_info.name_stack)).strip("/")
    return f"{text} in {stack}" if stack else text

def _traffic(eqn):
    """(bytes read, bytes one device sends) of a collective (a ring's
    bound: an all-reduce sends its input twice, an all-gather its output,
    the others their input; `axis_index` nothing)."""
    prim = eqn.primitive.name
    ins = _nbytes(v.aval for v in eqn.invars)
    if prim in _ALL_REDUCE:
        return ins, 2 * ins
    if prim in ("all_gather", "all_gather_invariant"):
        return ins, _nbytes(v.aval for v in eqn.outvars)
    return ins, ins


def _is_array(v):
    return hasattr(v.aval, "shape") and hasattr(v.aval, "dtype")


class _Value:
    """One value of the flattened joint graph (an inlined body used twice
    has the same jaxpr vars twice, so values get their own identity)."""
    __slots__ = ("aval",)

    def __init__(self, aval):
        self.aval = aval

    def __repr__(self):
        return f"_Value({self.aval.str_short()})"


def _call_body(eqn):
    """The body of a call-like equation (a call, a checkpoint, a scan): its
    Jaxpr and the constants it closes over; (None, ()) for other equations."""
    body = (eqn.params.get("jaxpr") or eqn.params.get("call_jaxpr")
            or eqn.params.get("fun_jaxpr"))
    if body is None:
        return None, ()
    return getattr(body, "jaxpr", body), getattr(body, "consts", ())


def _flatten_eqns(jaxpr, env, out, scope=""):
    """The equations of `jaxpr` with call-like primitives inlined, as
    (eqn, input atoms, output values, name stack): every output is a fresh
    _Value and `env` maps the jaxpr's vars to them (and an inlined body's
    inputs to the caller's atoms). The name stack is the equation's own
    under its callers' (`scope`): a body's equations carry theirs relative
    to the call."""
    def rename(a):
        return a if isinstance(a, _core.Literal) else env.get(a, a)
    for eqn in jaxpr.eqns:
        prim = eqn.primitive.name
        stack = "/".join(s for s in (scope, str(eqn.source_info.name_stack)) if s)
        if prim in _INLINE:
            inner, consts = _call_body(eqn)
            if inner is not None:
                if consts or inner.constvars:
                    raise Unsupported(f"'{prim}' with captured constants")
                sub = dict(zip(inner.invars, map(rename, eqn.invars[len(eqn.invars)
                                                                    - len(inner.invars):])))
                _flatten_eqns(inner, sub, out, stack)
                for outer, inner_out in zip(eqn.outvars, inner.outvars):
                    env[outer] = inner_out if isinstance(inner_out, _core.Literal) else \
                        sub.get(inner_out, inner_out)
                continue
        if prim not in _OPAQUE and (
                prim in {"scan", "custom_transpose_call", "shard_map"} or
                eqn.params.get("jaxpr") is not None or eqn.params.get("branches") is not None):
            raise Unsupported(f"the control-flow primitive '{prim}'")
        if any(type(e).__name__ not in _PASSED_EFFECTS for e in eqn.effects):
            raise Unsupported(f"the primitive '{prim}' with effects {sorted(map(str, eqn.effects))}")
        outs = [_Value(v.aval) for v in eqn.outvars]
        ins = [rename(a) for a in eqn.invars]
        env.update(zip(eqn.outvars, outs))
        out.append((eqn, ins, outs, stack))
    return out


# The most equations unrolling the scans of one function may make.
SCAN_UNROLL_LIMIT = 100_000


def _scan_size(jaxpr):
    """(whether `jaxpr` has a scan, inside calls too; its number of
    equations with every scan unrolled)."""
    found, total = False, 0
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        body, _ = _call_body(eqn)
        if name == "scan" or (name in _UNROLL_INTO and body is not None):
            inner_found, inner = _scan_size(body)
            found = found or inner_found or name == "scan"
            total += inner * (eqn.params["length"] if name == "scan" else 1) + 2
        else:
            # A call the plan inlines (a user's checkpoint: nn.remat inside
            # an nn.scan, the MaxText pattern; a custom_vjp) counts its
            # equations, a cond its largest branch's: counted as one each,
            # a scanned decoder with checkpointed layers looked small
            # enough to unroll.
            inner = [_scan_size(sub)[1] for sub in _core.jaxprs_in_params(eqn.params)]
            total += max(inner) + 1 if inner else 1
    return found, total


# Calls whose bodies are evaluated equation by equation when unrolling, if
# they hold a scan (which is unrolled too).
_UNROLL_INTO = {"pjit", "jit", "closed_call", "core_call"}


def _eval_unrolled(jaxpr, consts, args, scan=None):
    """Evaluates `jaxpr` as jax.core.eval_jaxpr does (under a trace, this
    records its equations), except that a `scan` runs as a Python loop over
    its body, one named scope `scan_iteration<i>` per iteration, and calls
    that hold a scan are entered (_flatten_eqns inlines calls anyway): the
    recorded program has no scan left. `scan(eqn, inputs)`, where given,
    evaluates the scans instead (remat.jax.rolled: a scan of the planned
    body)."""
    from jax._src import source_info_util as _si
    env = {}

    def read(a):
        return a.val if isinstance(a, _core.Literal) else env[a]
    env.update(zip(jaxpr.constvars, consts))
    env.update(zip(jaxpr.invars, args))
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        ins = [read(a) for a in eqn.invars]
        body, consts = _call_body(eqn)
        stack = _si.current_name_stack() + eqn.source_info.name_stack
        with _si.user_context(eqn.source_info.traceback, name_stack=stack), \
                eqn.ctx.manager:
            if name == "scan":
                outs = scan(eqn, ins) if scan else _scan_unrolled(eqn.params, ins)
            elif name in _UNROLL_INTO and body is not None and _scan_size(body)[0]:
                outs = _eval_unrolled(body, consts, ins, scan)
            else:
                outs = eqn.primitive.bind(*ins, **eqn.primitive.get_bind_params(eqn.params))
                outs = outs if eqn.primitive.multiple_results else [outs]
        env.update(zip(eqn.outvars, outs))
    return [read(v) for v in jaxpr.outvars]


def _scan_unrolled(params, ins):
    """`lax.scan` as its reference semantics: the carry through `length`
    calls of the body (from the end with `reverse`), each reading its slice
    of the scanned inputs; the per-iteration outputs stacked in index
    order. The calls are of one `jax.jit` of the body, so that JAX
    linearizes and transposes the body once for all iterations (evaluated
    equation by equation, each iteration's equations were linearized anew:
    a 24-layer scanned GPT traced in 1.7-2.6 s, with the calls in 0.5-0.7
    s)."""
    import jax.numpy as jnp
    body, length = params["jaxpr"], params["length"]
    nc, nk = params["num_consts"], params["num_carry"]
    consts, carry, xs = ins[:nc], list(ins[nc:nc + nk]), ins[nc + nk:]
    ys = [[None] * length for _ in body.out_avals[nk:]]
    step = jax.jit(lambda *a: _eval_unrolled(body.jaxpr, body.consts, a))
    for i in (reversed(range(length)) if params["reverse"] else range(length)):
        with jax.named_scope(f"scan_iteration{i}"):
            out = step(*consts, *carry, *[jax.lax.index_in_dim(x, i, keepdims=False)
                                          for x in xs])
        carry = out[:nk]
        for k, y in enumerate(out[nk:]):
            ys[k][i] = y
    stacked = [jnp.stack(y) if length else jnp.zeros((0,) + a.shape, a.dtype)
               for y, a in zip(ys, body.out_avals[nk:])]
    return carry + stacked


class _Trace:
    """`fun` traced for one signature: its flat closed jaxpr, and the joint
    jaxpr of its vjp (inputs: the leaves, then one cotangent per
    differentiated output; results: the outputs, then the gradients of the
    floating-point leaves). With `joint=False`, the flat jaxpr only (what
    remat.jax.rolled needs: it plans the scans' bodies, not the whole)."""

    def __init__(self, fun, args, has_aux, joint=True):
        flat, self.in_tree = jax.tree_util.tree_flatten(args)
        # (A function remat.jax.checkpoint made of the user's, called with
        # the array leaves alone, knows their blocks from the user's paths.)
        self.leaf_blocks = getattr(fun, "leaf_blocks", None) or _leaf_blocks(args)
        self.closed, out_shape = jax.make_jaxpr(
            lambda *leaves: fun(*jax.tree_util.tree_unflatten(self.in_tree, leaves)),
            return_shape=True)(*flat)
        self.out_tree = jax.tree_util.tree_structure(out_shape)
        in_avals, out_avals = self.closed.in_avals, self.closed.out_avals
        self.diff = [i for i, a in enumerate(in_avals) if _inexact(a)]
        first = (self.out_tree.children()[0].num_leaves if has_aux else len(out_avals))
        self.diff_out = [k for k in range(first) if _inexact(out_avals[k])]
        if not self.diff_out:
            raise Unsupported("the function has no floating-point output to differentiate")
        if not self.diff:
            raise Unsupported("the function has no floating-point input to differentiate")
        self.num_leaves = len(flat)
        self.num_outputs = len(out_avals)
        self.fun, self.joint = fun, None
        if joint:
            self.make_joint()

    def call_flat(self, fn, args):
        """fn (a function of the flat leaves) called on `args` as the traced
        function is, its results in the traced function's structure."""
        return jax.tree_util.tree_unflatten(self.out_tree, fn(*jax.tree_util.tree_leaves(args)))

    def make_joint(self):
        """The joint jaxpr (`joint`), the scans unrolled."""
        if self.joint is not None:
            return
        fun, in_avals, out_avals = self.fun, self.closed.in_avals, self.closed.out_avals
        diff, diff_out, n = self.diff, self.diff_out, self.num_leaves
        in_tree = self.in_tree

        def run(*leaves):
            # `fun` itself, not its jaxpr: JAX linearizes the user's code
            # faster than an evaluation of the jaxpr (24-layer GPT, traced
            # four times each: 1.19-1.78 s against 1.90-2.79 s), and the
            # equations are the same.
            return jax.tree_util.tree_flatten(
                fun(*jax.tree_util.tree_unflatten(in_tree, leaves)))[0]
        # A scan is unrolled (its iterations become equations remat plans
        # like any other), up to SCAN_UNROLL_LIMIT equations.
        has_scan, size = _scan_size(self.closed.jaxpr)
        if has_scan:
            if size > SCAN_UNROLL_LIMIT:
                raise Unsupported(f"the control-flow primitive 'scan': unrolled, the function "
                                  f"would have {size} equations (more than "
                                  f"{SCAN_UNROLL_LIMIT})")
            closed = self.closed

            def run(*leaves):
                return _eval_unrolled(closed.jaxpr, closed.consts, leaves)

        step = _vjp_step(run, diff, diff_out)
        avals = list(in_avals) + [out_avals[k] for k in diff_out]
        self.joint = jax.make_jaxpr(lambda *inputs: step(inputs[:n], inputs[n:]))(
            *map(_spec, avals))


def _vjp_step(run, diff, diff_out):
    """The step remat plans, of `run` (flat leaves -> flat outputs):
    (leaves, cotangents) -> (outputs, the gradients of the leaves `diff`
    from the cotangents of the outputs `diff_out`)."""
    def step(leaves, cts):
        def f(*primals):
            full = list(leaves)
            for i, p in zip(diff, primals):
                full[i] = p
            outs = run(*full)
            return [outs[k] for k in diff_out], outs
        _, pull, outs = jax.vjp(f, *[leaves[i] for i in diff], has_aux=True)
        return outs, pull(list(cts))
    return step


def _spec(aval):
    """A ShapeDtypeStruct of `aval`, with the manual axes it varies over
    (inside `shard_map`, collectives check them)."""
    extra = {}
    mat = getattr(aval, "manual_axis_type", None)
    if mat is not None and not getattr(mat, "empty", True):
        extra = dict(sharding=aval.sharding, manual_axis_type=mat)
    return jax.ShapeDtypeStruct(aval.shape, aval.dtype, weak_type=aval.weak_type, **extra)


def _aval_varying(t):
    """The manual mesh axes values of the abstract value `t` vary over."""
    mat = getattr(t, "manual_axis_type", None)
    return frozenset(getattr(mat, "varying", None) or getattr(t, "vma", None) or ())


def _inexact(aval):
    return jax.dtypes.issubdtype(aval.dtype, np.inexact)


def _leaf_blocks(args, skip=1):
    """Each leaf's checkpoint block from its path in the arguments: the
    first number that indexes a container of several arrays (a layer: a
    list's item, an int key, or a name such as `layers_3` or `block3`),
    the argument's own position left out. A model whose code names no
    scopes (Flax nnx) still numbers its layers in its state: `blocks/3/
    linear/kernel`. A number that indexes one array (`batch[0]`, a list
    of bare weights) is no block. None where there is none. `skip`: the
    path's leading keys that say which argument the leaf is in."""
    blocks = []
    for path, _ in jax.tree_util.tree_flatten_with_path(args)[0]:
        block = None
        for key in path[skip:-1]:
            index = getattr(key, "idx", None)
            if index is None:
                name = getattr(key, "key", getattr(key, "name", None))
                if isinstance(name, int):
                    index = name
                elif isinstance(name, str):
                    m = _BLOCK.search(name)
                    index = int(m.group(1)) if m else None
            if isinstance(index, int):
                block = index
                break
        blocks.append(block)
    return blocks


def _block_of(op):
    """The checkpoint block of a flattened equation: the number in the first
    numbered scope of its name stack (`jax.named_scope("layer3")`, Flax's
    `layers_3`)."""
    m = _BLOCK.search(op[3])
    return int(m.group(1)) if m else None


_BLOCK = re.compile(r"(?:^|/|\()[A-Za-z_.]*?[_.]?(\d+)(?=/|\)|$)")


def _slice_sums(bwd_ops, results, constant=frozenset()):
    """The gradient of an array read in slices along its first axis (a
    stacked weight that an unrolled scan slices per layer) is, as JAX
    transposes it, a chain of sums of zero-padded full-size gradients, one
    per slice. Summed so, XLA keeps the partial sums in temp, apart from the
    gradient's output buffer, which it lends to other temporaries meanwhile.
    Where each `add_any` of a chain adds a pad of rows the sum so far leaves
    zero, nothing else reads the two, and the chain ends in a result of the
    function, the backward writes each slice into the sum instead
    (`dynamic_update_slice`: XLA makes an in-place update and its operand
    one buffer, so the chain is the output buffer). Returns {id(op): "pad"
    for a pad a sum absorbs, or (the sum so far, None for the first slice;
    the slice's gradient; its first row; the pad equation)}, and
    {result var: the slices' gradients in order} for the chains. Slices'
    gradients in `constant` (computed from literals alone) take no part."""
    users = {}
    for op in bwd_ops:
        for a in op[1]:
            if _is_var(a):
                users[a] = users.get(a, 0) + 1
    results = [v for v in results if _is_var(v)]
    for v in results:
        users[v] = users.get(v, 0) + 1
    pads, rows, placed, chain = {}, {}, {}, {}
    for op in bwd_ops:
        eqn, name = op[0], op[0].primitive.name
        if name == "pad" and len(op[1]) == 2 and _is_var(op[1][0]) and \
                op[1][0] not in constant:
            x, value = op[1]
            config = [tuple(c) for c in eqn.params["padding_config"]]
            lo, hi, interior = config[0]
            if isinstance(value, _core.Literal) and not np.any(value.val) and \
                    interior == 0 and lo >= 0 and hi >= 0 and \
                    all(c == (0, 0, 0) for c in config[1:]):
                pads[op[2][0]] = (op, x, lo)
                rows[op[2][0]] = frozenset(range(lo, lo + x.aval.shape[0]))
        elif name == "add_any" and len(op[1]) == 2 and all(map(_is_var, op[1])):
            a, b = op[1]
            if a in pads and b not in pads:
                a, b = b, a
            if b in pads and a in rows and users.get(a) == 1 and users.get(b) == 1 \
                    and not rows[a] & rows[b]:
                pad, x, lo = pads[b]
                if a in pads:
                    first, fx, flo = pads[a]
                    chain[a] = [(first, (None, fx, flo, first[0]))]
                chain[op[2][0]] = chain.pop(a) + [(pad, "pad"), (op, (a, x, lo, pad[0]))]
                rows[op[2][0]] = rows[a] | rows[b]
    writes = {}
    for v in results:
        if v in chain:
            for op, how in chain[v]:
                placed[id(op)] = how
            writes[v] = [how[1] for _, how in chain[v] if how != "pad"]
    return placed, writes


class _Converted:
    """A joint jaxpr as remat IR (a `planner.JointGraph`), with what the
    plan's application needs: the flat equations as the backward runs them
    (`order`), which are forward ops, and which IR value each var is."""

    def __init__(self, joint, num_outputs, num_inputs, collectives="recompute",
                 collective_cost=10.0, recompute_convolutions=False, one_block=False,
                 memory="xla", input_blocks=()):
        jaxpr = joint.jaxpr
        self.collectives, self.collective_cost = collectives, collective_cost
        # Under policy dots-no-batch (which keeps the results of the matrix
        # multiplies without batch_dims): JAX's dots_with_no_batch_dims_
        # saveable saves no convolution, so the forward's convolutions carry
        # remat.policy = "recompute".
        self.recompute_convolutions = recompute_convolutions
        # Under policies full and sqrt, which keep the inputs of checkpoint
        # blocks: a function with no numbered scope is one block (0), as
        # `jax.checkpoint` of the whole function.
        self.one_block = one_block
        renamed = {}
        ops = _flatten_eqns(jaxpr, renamed, [])
        self.jaxpr = jaxpr
        # Arrays `fun` closes over: inputs of the step like its arguments.
        self.consts = list(zip(jaxpr.constvars, joint.consts))
        self.graph = _planner.JointGraph("joint")
        self.value = {}   # jaxpr var -> IR value
        self.var_of = {}  # (loc, result) -> jaxpr var
        self.block = {}   # var -> its forward op's remat.block
        self.num_ops = 0
        self.costs = {}  # id(eqn) -> _cost(eqn): the fusion and the ops share them
        for v in list(jaxpr.invars) + list(jaxpr.constvars):
            if _is_array(v):
                self.value[v] = self.graph.arg(*_element(v.aval))
        # The inputs' blocks from their paths (_leaf_blocks): an equation
        # outside every numbered scope takes its operands' latest block.
        for v, block in zip(jaxpr.invars, input_blocks):
            if block is not None:
                self.block[v] = block
        self.results = [v if isinstance(v, _core.Literal) else renamed.get(v, v)
                        for v in jaxpr.outvars]
        self.cotangents = set(jaxpr.invars[num_inputs:])
        live, self.forward = _liveness(ops, self.results, self.results[:num_outputs],
                                       self.cotangents)
        self.order = _lazy_order([op for op in ops if id(op) in live], self.forward,
                                 self.cotangents)
        # Values computed from literals alone (iota, a broadcast constant, a
        # causal mask) are no activations: XLA folds or fuses them into each
        # user, and the backward recomputes them for nothing. Not in the IR.
        constant = set()
        for op in self.order:
            if op[0].primitive.name not in _COLLECTIVES and not any(
                    _is_var(a) and a not in constant for a in op[1]):
                constant.update(op[2])
        planned = [op for op in self.order if not all(v in constant for v in op[2])]
        # Gradients of arrays read in slices, written slice by slice into
        # their output (_slice_sums): in the IR, each slice's gradient is
        # copied into a result of its own by a `jax.write_slice`, which
        # XLA's in-place update is (the output buffer is there from the
        # start, as result-buffers=preallocated counts it; the slice's
        # gradient lives until it is written).
        if self.one_block:
            self.one_block = not self.block and not any(
                _block_of(op) is not None for op in self.order if id(op) in self.forward)
        self.late_block = self._reader_blocks(num_inputs)
        self.slice_sums, writes = _slice_sums(
            [op for op in self.order if id(op) not in self.forward], self.results, constant)
        write_at = {key: how[1] for key, how in self.slice_sums.items() if how != "pad"}
        planned = [op for op in planned if self.slice_sums.get(id(op)) != "pad"]
        written = {}
        # A broadcast is no buffer either: XLA fuses it into each of its
        # users (duplicating it), which read its operand. Its users read the
        # operand here too, so a plan never keeps a broadcast value (it
        # keeps the small operand, and the backward re-broadcasts).
        results = {v for v in self.results if _is_var(v)}   # (an output may be a literal)
        broadcasts = set()
        for op in planned:
            if op[0].primitive.name == "broadcast_in_dim" and op[2][0] not in results and \
                    sum(1 for a in op[1] if _is_var(a) and a not in constant) == 1:
                broadcasts.add(id(op))
        grouped = [op for op in planned if id(op) not in broadcasts and id(op) not in write_at]
        # The memory model: XLA's own buffers (XLA compiles the flat joint
        # program; an equation whose value no buffer holds is written into
        # each of its readers' ops), or remat's reading of the jaxpr
        # (_fusion_groups), where XLA cannot compile the step alone.
        self.memory, self.memory_note, self.xla_buffers = memory, None, None
        self.temporaries = {}   # id(root op) -> bytes XLA derives from its group
        if memory == "xla":
            if any(_aval_varying(v.aval) for v in jaxpr.invars):
                self.memory = "jaxpr"
                self.memory_note = ("XLA's buffers not read: inside shard_map the flat joint "
                                    "program is not compiled per device (remat's reading of "
                                    "the jaxpr instead; the budget is verified per device)")
            else:
                groups = self._xla_groups(grouped, results, constant)
        if self.memory == "jaxpr":
            groups = _fusion_groups(grouped, self.forward, results, self.cost)
        # Forward ops on the step's inputs alone (the slices of stacked
        # weights that an unrolled scan reads): XLA would compute them all
        # at the start and hold their results; the applied forward fences
        # each behind the latest buffer before it (_Applied._forward).
        inputs = set(jaxpr.invars) | set(jaxpr.constvars)
        self.input_ops = {id(op) for op in planned
                          if id(op) in self.forward and id(op) not in broadcasts
                          and any(_is_var(a) for a in op[1])
                          and all(a in inputs for a in op[1] if _is_var(a))}
        self.group_block = self._group_blocks(planned, groups, broadcasts, constant)
        for op in planned:
            if id(op) in broadcasts:
                source = next(a for a in op[1] if _is_var(a) and a not in constant)
                if source in self.value:
                    self.value[op[2][0]] = self.value[source]
                    self.block[op[2][0]] = self.block.get(source)
            elif id(op) in write_at:
                x = write_at[id(op)]
                written[x] = self.graph.op("jax.write_slice", [self.value[x]],
                                           [_element(x.aval)], flops=0, cost_class="layout",
                                           loc=f"{self.num_ops}:write_slice")[0]
                self.num_ops += 1
            elif id(op) in groups:
                self._emit(groups[id(op)], id(op) in self.forward)
        # Constant results (the zero gradient of an unused input) are not
        # planned; the applied function still returns them.
        planned_results = [(k, [written[x] for x in writes[v]] if v in writes
                            else [self.value[v]]) for k, v in enumerate(self.results)
                           if _is_var(v) and (v in self.value or v in writes)]
        forward_results = sum(1 for k, _ in planned_results if k < num_outputs)
        if not forward_results:
            raise Unsupported("every output of the function is a constant")
        self.text = self.graph.text([r for _, rs in planned_results for r in rs],
                                    forward_results)

    def _reader_blocks(self, num_inputs):
        """Blocks for forward equations that have none (no numbered scope,
        no operand in a block) and compute from the step's
        non-differentiated inputs alone (dropout's random bits from a key
        argument, in a model that names no scopes): the earliest block
        that reads them, as `jax.checkpoint` of that block would recompute
        them from the key. {id(op): block}."""
        fwd = [op for op in self.order if id(op) in self.forward]
        differentiated = {v for v in self.jaxpr.invars[:num_inputs]
                          if _is_array(v) and _inexact(v.aval)}
        block, tainted, op_block = dict(self.block), set(differentiated), {}
        readers = {}
        for op in fwd:
            b = _block_of(op)
            if b is None:
                bs = [block[a] for a in op[1] if _is_var(a) and block.get(a) is not None]
                b = max(bs) if bs else None
            op_block[id(op)] = b
            for v in op[2]:
                if b is not None:
                    block[v] = b
                if any(_is_var(a) and a in tainted for a in op[1]):
                    tainted.add(v)
            for a in op[1]:
                if _is_var(a):
                    readers.setdefault(a, []).append(op)
        late = {}
        for op in reversed(fwd):
            if op_block[id(op)] is not None or any(v in tainted for v in op[2]):
                continue
            bs = [op_block[id(r)] for v in op[2] for r in readers.get(v, ())
                  if op_block[id(r)] is not None]
            if bs:
                op_block[id(op)] = late[id(op)] = min(bs)
        return late

    def _group_blocks(self, planned, groups, broadcasts, constant):
        """{id(root): block} for the forward groups. A group's block is its
        name stack's (the number of its first numbered scope); else (an
        equation outside the user's scopes: a derivative rule's, or every
        equation of a model that names none, whose blocks come from its
        parameters' paths) its operands' latest, or _reader_blocks'.

        A group that takes its block from its operands alone, neither from
        a scope nor from a parameter of that block it reads, may belong to
        the next block as well: a layer norm's statistics and centred input
        read the previous block's output and no parameter, yet `jax.
        checkpoint` of the layer computes them inside it. Such groups, the
        latest first, with every group of their block they feed (`moved`:
        none of them held to the block by a scope or a parameter), go to
        the earliest block that reads them where that lowers the bytes the
        block boundaries carry (each value's bytes times the boundaries
        between its block and its last forward reader's): the boundaries
        keep the blocks' inputs, not the norm's centred input beside them.
        So do groups outside every block (no scope, no operand in a block:
        the first block's norm of the data), counted as a block before the
        first: what the first block needs of them is recomputed there, not
        kept."""
        alias = {}
        for op in planned:
            if id(op) in broadcasts:
                alias[op[2][0]] = next(a for a in op[1] if _is_var(a) and a not in constant)
        block = dict(self.block)        # var -> block: the inputs' from their paths
        group_block, anchored = {}, set()
        producer, readers, outputs, operands = {}, {}, {}, {}
        for op in planned:
            members = groups.get(id(op))
            if members is None or id(op) not in self.forward:
                continue
            g = id(op)
            inside = {v for m in members for v in m[2]}
            ins = []
            for m in members:
                for a in m[1]:
                    a = alias.get(a, a) if _is_var(a) else a
                    if _is_var(a) and a not in inside and a not in ins:
                        ins.append(a)
            b = next((b for b in map(_block_of, reversed(members)) if b is not None), None)
            if b is not None:
                anchored.add(g)
            else:
                blocks = [block[a] for a in ins if block.get(a) is not None]
                if blocks:
                    b = max(blocks)
                    if any(block.get(a) == b and a not in producer for a in ins):
                        anchored.add(g)     # reads a parameter of its block
                else:
                    b = next((self.late_block[id(m)] for m in reversed(members)
                              if id(m) in self.late_block), 0 if self.one_block else None)
                    if b is None:
                        b = -1      # outside every block (for now)
                    else:
                        anchored.add(g)
            group_block[g] = b
            outputs[g] = [v for v in op[2] if _is_array(v)]
            operands[g] = [a for a in ins if a in producer]
            for v in outputs[g]:
                if b != -1:
                    block[v] = b
                producer[v] = g
            for a in operands[g]:
                readers.setdefault(a, []).append(g)

        def carried(vs):
            # The bytes the boundaries carry for `vs`.
            total = 0
            for v in vs:
                last = max((group_block[r] for r in readers.get(v, ())), default=None)
                b = group_block[producer[v]]
                if last is not None and last > b:
                    total += _nbytes([v.aval]) * (last - b)
            return total

        def fed(g, b):
            """(g with the groups of block b it feeds, the later blocks
            that read them), or None where a group held to b reads them."""
            moved, todo, later = {g}, [g], []
            while todo:
                for v in outputs[todo.pop()]:
                    for r in readers.get(v, ()):
                        if r in moved or group_block[r] < b:
                            continue
                        if group_block[r] > b:
                            later.append(group_block[r])
                        elif r in anchored:
                            return None
                        else:
                            moved.add(r)
                            todo.append(r)
            return moved, later

        # The latest groups first: each move is then the least one that
        # helps (the norm, not the residual sum it reads: moving that
        # too would carry both of the sum's operands instead).
        for g, b in reversed(list(group_block.items())):
            if g in anchored or group_block[g] != b:
                continue
            moved, later = fed(g, b) or (None, None)
            if not later:
                continue
            touched = {v for m in moved for v in outputs[m] + operands[m]}
            before = carried(touched)
            for m in moved:
                group_block[m] = min(later)
            if carried(touched) >= before:
                for m in moved:
                    group_block[m] = b
        return {g: (None if b == -1 else b) for g, b in group_block.items()}

    def _xla_groups(self, grouped, results, constant):
        """The fusion groups of XLA's own compile of the flat joint program
        (buffers.xla_buffers): `grouped`'s equations whose value XLA
        materializes are roots, the others members of their readers'
        groups; what XLA derives from an equation beside its value becomes
        its group's temporary. Sets xla_buffers and temporaries."""
        from . import buffers as _buffers
        inputs = list(self.jaxpr.invars) + list(self.jaxpr.constvars)
        found = _buffers.xla_buffers(self.order, inputs, [_spec(v.aval) for v in inputs],
                                     self.results)
        self.xla_buffers = found
        by_index = {k: id(op) for k, op in enumerate(self.order)}
        materialized = {by_index[k] for k in found.materialized}
        gemms = {id(op) for op in grouped if self.cost(op[0])[1] == "gemm"}
        groups = _xla_fused(grouped, materialized, results, constant, self.forward, gemms)
        root_of = {id(m): root for root, members in groups.items() for m in members}
        for k, size in found.extra.items():
            root = root_of.get(by_index[k])
            if root is not None:
                self.temporaries[root] = self.temporaries.get(root, 0) + size
        return groups

    def cost(self, eqn):
        """_cost(eqn), computed once per equation."""
        found = self.costs.get(id(eqn))
        if found is None:
            found = self.costs[id(eqn)] = _cost(eqn)
        return found

    def _emit(self, members, is_forward):
        """One `nn.generic` for a fusion group (its root last): operands are
        the group's inputs from outside, results the root's."""
        root = members[-1]
        eqn, outs = root[0], root[2]
        prim = eqn.primitive.name
        arrays = [v for v in outs if _is_array(v)]
        if not arrays:
            return
        inside = {v for m in members for v in m[2]}
        operands = []
        for m in members:
            for a in m[1]:
                if _is_var(a) and a not in inside and a in self.value:
                    if self.value[a] not in operands:
                        operands.append(self.value[a])
        costs = [self.cost(m[0]) for m in members]
        flops = sum(c[0] for c in costs)
        dots = [m[0] for m in members if m[0].primitive.name == "dot_general"]
        if len(members) == 1:
            cost_class = costs[0][1]
            if prim in _VIEW and len(operands) == 1 and len(arrays) == 1:
                flops, cost_class = 0, "view"
            callee = f"jax.{prim}"
        else:
            # (A matrix multiply XLA fuses with what reads it, a transpose
            # folded into it: the group is the matrix multiply.)
            classes = {c[1] for c in costs}
            cost_class = ("gemm" if "gemm" in classes and len(dots) == 1 else
                          "reduction" if "reduction" in classes or "gemm" in classes
                          else "elementwise")
            callee = f"jax.fusion.{prim}"
        loc = f"{self.num_ops}:{prim}"
        self.num_ops += 1
        block = self.group_block.get(id(root)) if is_forward else None
        traffic = {}
        collective = prim in _COLLECTIVES
        if collective and self.collectives == "recompute":
            # Communicating is reading the bytes sent collective_cost times
            # over (memory bandwidth / link bandwidth), plus the operands.
            read, sent = _traffic(eqn)
            traffic = dict(read_bytes=read + int(self.collective_cost * sent))
        policy, batch_dims = None, 0
        if cost_class == "gemm" and dots:
            batch_dims = len(dots[0].params["dimension_numbers"][1][0])
        if (self.recompute_convolutions and is_forward and len(members) == 1
                and prim == "conv_general_dilated"):
            policy = "recompute"
        # What XLA allocates for the group beside its value: a result no
        # op reads, live while the op runs (as remat.torch's kernel
        # temporaries).
        temporary = self.temporaries.get(id(root), 0)
        extra = [((temporary,), "i8")] if temporary else []
        results = self.graph.op(callee, operands, [_element(v.aval) for v in arrays] + extra,
                                flops=flops, cost_class=cost_class,
                                side_effects=(collective and self.collectives == "keep")
                                or prim == "while",
                                loc=loc, source=_eqn_source(eqn, prim), block=block,
                                policy=policy, batch_dims=batch_dims, **traffic)
        for k, (v, r) in enumerate(zip(arrays, results)):
            self.value[v] = r
            self.block[v] = block
            self.var_of[(loc, k)] = v


def _xla_fused(order, materialized, results, constant, forward, gemms=()):
    """{id(root): [members in order, root last]} from XLA's own fusion:
    an equation whose one array value no XLA buffer holds (`materialized`:
    the ids of those whose value one does) is a member of the group of
    each op that reads it (XLA computes it inside each reader's fusion,
    a forward value inside a backward fusion too), unless it is a
    collective, control flow, a step result or read by an op outside
    `order`, a forward matrix multiply or convolution (`gemms`: ids) that
    would join a backward op's group, read there or through forward
    members fused there too (XLA:CPU fuses a dot into each of its
    elementwise readers, the backward's too, in the flat program; made a
    member, the backward would have to recompute it whatever the budget,
    as remat would not decide: the plan keeps or recomputes it), or a reader's
    group on its own side (forward or backward:
    `forward` holds the forward ops' ids) reads a value computed after it
    (as in _fusion_groups: in the planned step, whose order remat fixes,
    XLA would hold what the member reads across that computation, or
    compute the member where it is and hold its value; a forward value
    read in the backward is recomputed there, where the backward reads
    it, so the rule is not applied across sides); every other equation is
    the root of its own group."""
    users = {}
    for op in order:
        for a in op[1]:
            if _is_var(a) and a not in constant:
                users.setdefault(a, {})[id(op)] = None
    position = {v: k for k, op in enumerate(order) for v in op[2]}
    roots_of, groups = {}, {}
    reads = {}  # id(root) -> {var the group reads from outside: its producer's position}
    for k in reversed(range(len(order))):
        op = order[k]
        arrays = [v for v in op[2] if _is_array(v)]
        prim = op[0].primitive.name
        readers = users.get(arrays[0], {}) if len(arrays) == 1 else {}
        roots = {id(op): None}
        if (len(arrays) == 1 and id(op) not in materialized and arrays[0] not in results
                and prim not in _COLLECTIVES and prim not in _OPAQUE and readers
                and all(r in roots_of for r in readers)):
            joined = dict.fromkeys(root for r in readers for root in roots_of[r])
            # (A forward matmul in a backward group, directly or through
            # forward members fused there too: a softmax's scores.)
            crosses = id(op) in gemms and id(op) in forward and any(
                root not in forward for root in joined)
            if not crosses and all(
                    p < k for root in joined if (root in forward) == (id(op) in forward)
                    for v, p in reads[root].items() if v not in op[2]):
                roots = joined
        roots_of[id(op)] = roots
        for root in roots:
            _join(groups, reads, root, op, position)
    for members in groups.values():
        members.reverse()
    return groups


def _join(groups, reads, key, op, position):
    """Adds `op` to the fusion group `key` (members from the root back)
    and updates what the group reads from outside (`reads[key]`: var ->
    its producer's position)."""
    groups.setdefault(key, []).append(op)
    group = reads.setdefault(key, {})
    for v in op[2]:
        group.pop(v, None)
    group.update((a, position[a]) for a in op[1] if _is_var(a) and a in position)


def _fusion_groups(order, forward, results, cost):
    """XLA's producer-consumer fusion, as remat should see it: an
    elementwise, layout or view op whose one result has one user, on the
    same side (forward or backward), that is not a matmul or a collective,
    joins that user's group: its value never exists in memory. Unless the
    group reads a value computed after the op (outside the group): fused,
    the op would run only there, and what it reads would stay live across
    that computation (a chain of sums of per-step gradients, each from a
    matmul, would hold every step's gradient to the end; XLA's schedule
    adds them as they come). `cost` is _cost (memoized by the caller).
    Returns {id(root): [members in order, root last]}."""
    users = {}
    for op in order:
        for a in op[1]:
            if _is_var(a):
                users.setdefault(a, set()).add(id(op))
    by_id = {id(op): op for op in order}
    position = {v: k for k, op in enumerate(order) for v in op[2]}
    root_of, groups = {}, {}
    reads = {}  # id(root) -> {var the group reads from outside: its producer's position}

    def cost_class(op):
        return cost(op[0])[1]
    for k in reversed(range(len(order))):
        op = order[k]
        root = op
        prim = op[0].primitive.name
        arrays = [v for v in op[2] if _is_array(v)]
        if len(arrays) == 1 and arrays[0] not in results and prim not in _COLLECTIVES \
                and cost_class(op) in ("elementwise", "layout"):
            consumers = users.get(arrays[0], set())
            if len(consumers) == 1:
                user = by_id[next(iter(consumers))]
                uprim = user[0].primitive.name
                group = reads[id(root_of[id(user)])]
                if (id(user) in forward) == (id(op) in forward) and uprim not in _COLLECTIVES \
                        and uprim not in _OPAQUE and cost_class(user) != "gemm" and \
                        all(p < k for v, p in group.items() if v not in op[2]):
                    root = root_of[id(user)]
        root_of[id(op)] = root
        _join(groups, reads, id(root), op, position)
    for members in groups.values():
        members.reverse()
    return groups


def _is_var(a):
    return not isinstance(a, _core.Literal)


def _liveness(ops, results, forward_results, cotangents=frozenset()):
    """ids of the ops the results need, and of those the forward results
    need (the forward ops). Ops with (debugging) effects are kept with what
    they read; one that reads no cotangent is a forward op, so it runs once,
    in the forward, where the program has it."""
    producer = {v: op for op in ops for v in op[2]}
    effects = [op for op in ops if any(type(e).__name__ != "NamedAxisEffect"
                                       for e in op[0].effects)]
    from_ct = set(cotangents)
    for op in ops:
        if any(_is_var(a) and a in from_ct for a in op[1]):
            from_ct.update(op[2])

    def needed(roots):
        seen, stack = set(), [producer[v] for v in roots if _is_var(v) and v in producer]
        while stack:
            op = stack.pop()
            if id(op) in seen:
                continue
            seen.add(id(op))
            stack += [producer[a] for a in op[1] if _is_var(a) and a in producer]
        return seen
    forward_effects = [op for op in effects
                       if not any(_is_var(a) and a in from_ct for a in op[1])]
    live = needed(list(results) + [a for op in effects for a in op[1]])
    forward = needed(list(forward_results) + [a for op in forward_effects for a in op[1]])
    return live | {id(op) for op in effects}, forward | {id(op) for op in forward_effects}


def _lazy_order(ops, forward, cotangents):
    """The ops as the backward runs them (planner.lazy_order): forward ops
    first, in order; then the ops that read a cotangent keep their order,
    and every other op (a residual computed from forward values, such as
    tanh's 1 - y^2) goes just before its first use, which is where
    `jax.checkpoint` computes it."""
    producer = {v: k for k, op in enumerate(ops) for v in op[2]}
    reads = [[producer[a] for a in op[1] if _is_var(a) and a in producer] for op in ops]
    is_forward = [id(op) in forward for op in ops]
    anchored = [False] * len(ops)
    for k, op in enumerate(ops):
        if not is_forward[k]:
            anchored[k] = any(_is_var(a) and a in cotangents for a in op[1]) or \
                any(anchored[j] for j in reads[k])
    first = [[k for k, flag in enumerate(is_forward) if flag],
             [k for k, flag in enumerate(anchored) if flag]]
    return [ops[k] for k in _planner.lazy_order(len(ops), reads.__getitem__, first)]


def _signature(args):
    flat, tree = jax.tree_util.tree_flatten(args)
    return tree, tuple((tuple(getattr(x, "shape", ())), str(getattr(x, "dtype", type(x))),
                        getattr(getattr(x, "aval", None), "weak_type", None)) for x in flat)


def _planner_policy(o):
    """remat-opt's name of the policy of options `o`."""
    return "dots-no-batch" if o["policy"] == "dots_no_batch" else o["policy"]


def _prepare(fun, args, o, trace=None):
    """A PlanInfo with `fun` traced at `args` (or its `trace`, made with
    joint=False) and converted to remat IR under validated options `o`
    (_options), not yet planned."""
    info = PlanInfo(_signature(args))
    info.options = o
    start = time.perf_counter()
    trace = trace or _Trace(fun, args, o["has_aux"], joint=False)
    trace.make_joint()
    info.times["trace"] = time.perf_counter() - start
    start = time.perf_counter()
    policy = _planner_policy(o)
    conv = _Converted(trace.joint, trace.num_outputs, trace.num_leaves, o["collectives"],
                      o["collective_cost"], recompute_convolutions=policy == "dots-no-batch",
                      one_block=policy in ("full", "sqrt"), memory=o.get("memory", "xla"),
                      input_blocks=trace.leaf_blocks)
    info.num_ops = conv.num_ops
    info.memory, info.memory_note = conv.memory, conv.memory_note
    info.ir = conv.text
    info.times["convert"] = time.perf_counter() - start
    info.trace, info.converted = trace, conv
    return info
