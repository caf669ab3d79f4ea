"""remat for JAX: a plan applied to a JAX function, compiled by XLA.

    import remat.jax                                            # before JAX starts
    loss = remat.jax.checkpoint(loss_fn, budget="8GiB")        # or max_overhead=0.05,
    grads = jax.jit(jax.grad(loss))(params, batch)             # or policy="selective"

`checkpoint(fun, ...)` returns a function with `fun`'s signature. On the first
call for each signature it traces `fun` to a jaxpr and the joint
forward+backward jaxpr of its `jax.vjp` (the cotangents are explicit inputs,
so the backward is what reads them). The joint jaxpr becomes remat IR, one
`nn.generic` per equation, or per group of equations XLA fuses (FLOPs from
the primitive's shapes, a cost class, collectives costed by the bytes they
send), and `remat-opt --rematerialize` plans it, with the step's
outputs allocated for the whole step as XLA allocates them
(`result-buffers=preallocated`). The plan is applied
as a `jax.custom_vjp`: the forward keeps exactly the values the plan saves;
the backward evaluates the joint jaxpr's backward equations in remat's order
and recomputes every other forward value it needs at its first use, behind
an optimization barrier that also passes on the backward values computed
before it that are read later (so XLA neither merges it back into the
forward, nor hoists it there, nor postpones the backward work remat ordered
before it).

XLA:CPU removes the optimization barriers that keep a recomputation from being
merged back into the forward (its `cse_barrier_expander` pass), which makes
every checkpoint, JAX's own included, compile to the memory of no
checkpoint. This module therefore adds
`--xla_disable_hlo_passes=cse_barrier_expander` to XLA_FLAGS when it is
imported before JAX's backends start, and warns when it comes too late.

A `lax.scan` is unrolled (up to SCAN_UNROLL_LIMIT equations). What remat
cannot model (other control flow such as `cond` or `while`, effects,
dynamic shapes, element types without a size) or any planner failure falls
back to the function unchanged, with a warning naming the reason. An
impossible `budget` is an error (`remat.planner.PlanError`) stating the
smallest peak remat can reach, unless `strict=False`. See docs/JAX.md.
"""

import functools
import inspect
import math
import os
import re
import tempfile
import time
import types
import warnings

XLA_FLAG = "--xla_disable_hlo_passes=cse_barrier_expander"


def _add_xla_flag(flags):
    """XLA_FLAGS with cse_barrier_expander disabled (merged into an existing
    --xla_disable_hlo_passes list)."""
    if re.search(r"--xla_disable_hlo_passes=\S*\bcse_barrier_expander\b", flags):
        return flags
    m = re.search(r"--xla_disable_hlo_passes=(\S*)", flags)
    if m:
        passes = ",".join(p for p in (m.group(1), "cse_barrier_expander") if p)
        return flags[:m.start()] + "--xla_disable_hlo_passes=" + passes + flags[m.end():]
    return (flags + " " + XLA_FLAG).strip()


def _backends_started():
    import sys
    bridge = sys.modules.get("jax._src.xla_bridge")
    return bool(bridge is not None and getattr(bridge, "_backends", None))


_FLAG_SET_IN_TIME = not _backends_started()
if _FLAG_SET_IN_TIME:
    os.environ["XLA_FLAGS"] = _add_xla_flag(os.environ.get("XLA_FLAGS", ""))

import jax  # noqa: E402  (after XLA_FLAGS)
import numpy as np  # noqa: E402
from jax.extend import core as _core  # noqa: E402

from .. import options as _opts  # noqa: E402
from .. import planner as _planner  # noqa: E402

__all__ = ["checkpoint", "plan", "last_plan", "plans", "clear_plans", "xla_analysis",
           "Unsupported", "PlanError", "BudgetError", "XLA_FLAG", "PlanInfo"]

PlanError = _planner.PlanError
BudgetError = _planner.BudgetError  # (a PlanError; .least_peak: the least peak found)


class Unsupported(Exception):
    """The function has something remat does not model; it runs unchanged."""


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
            total += 1
    return found, total


# Calls whose bodies are evaluated equation by equation when unrolling, if
# they hold a scan (which is unrolled too).
_UNROLL_INTO = {"pjit", "jit", "closed_call", "core_call"}


def _eval_unrolled(jaxpr, consts, args):
    """Evaluates `jaxpr` as jax.core.eval_jaxpr does (under a trace, this
    records its equations), except that a `scan` runs as a Python loop over
    its body, one named scope `scan_iteration<i>` per iteration, and calls
    that hold a scan are entered (_flatten_eqns inlines calls anyway): the
    recorded program has no scan left."""
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
                outs = _scan_unrolled(eqn.params, ins)
            elif name in _UNROLL_INTO and body is not None and _scan_size(body)[0]:
                outs = _eval_unrolled(body, consts, ins)
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
    floating-point leaves)."""

    def __init__(self, fun, args, has_aux):
        flat, self.in_tree = jax.tree_util.tree_flatten(args)
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


def _varying(x):
    """The manual mesh axes a value varies over inside `shard_map`."""
    return _aval_varying(jax.typeof(x))


def _aval_varying(t):
    """The manual mesh axes values of the abstract value `t` vary over."""
    mat = getattr(t, "manual_axis_type", None)
    return frozenset(getattr(mat, "varying", None) or getattr(t, "vma", None) or ())


def _bits(dtype):
    """Bits per element of a dtype whose values can be reinterpreted as
    another's (`lax.bitcast_convert_type`: floats and integers); 0 for the
    others (bool, complex)."""
    numeric = jax.dtypes.issubdtype(dtype, np.floating) or \
        jax.dtypes.issubdtype(dtype, np.integer)
    return np.dtype(dtype).itemsize * 8 if numeric else 0


def _recast(x, shape, dtype):
    """`x`'s bits as an array of `shape` and `dtype` (the same number of
    bits; `lax.bitcast_convert_type` between element sizes, which adds or
    drops a minor axis)."""
    if x.dtype == dtype:
        return x.reshape(shape)
    have, want = _bits(x.dtype), _bits(dtype)
    if have < want:
        x = x.reshape(-1, want // have)
    else:
        x = x.reshape(-1)
    return jax.lax.bitcast_convert_type(x, dtype).reshape(shape)


def _fence(env, inputs, ties, untied=True):
    """Reads the vars `inputs` through optimization barriers, one per set
    of varying axes (under shard_map a barrier joins its operands' varying
    axes), each also taking the vars of `ties` that vary alike; the ties'
    fenced values replace them in `env`, so that later readers keep the
    barrier (XLA prunes barrier operands whose results are unused). A group
    with no tie is fenced only if `untied`. Returns {input: fenced value}."""
    inputs = dict.fromkeys(inputs)
    groups = {}
    for a in inputs:
        groups.setdefault(_varying(env[a]), []).append(a)
    fenced = {}
    for vma, group in groups.items():
        tie = [f for f in ties if f in env and f not in inputs and _varying(env[f]) == vma]
        if tie or untied:
            values, tied = jax.lax.optimization_barrier(
                ([env[a] for a in group], [env[f] for f in tie]))
            fenced.update(zip(group, values))
            env.update(zip(tie, tied))
    return fenced


def _inexact(aval):
    return jax.dtypes.issubdtype(aval.dtype, np.inexact)


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
                 collective_cost=10.0, recompute_convolutions=False, one_block=False):
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
            self.one_block = not any(_block_of(op) is not None for op in self.order
                                     if id(op) in self.forward)
        self.slice_sums, writes = _slice_sums(
            [op for op in self.order if id(op) not in self.forward], self.results, constant)
        write_at = {key: how[1] for key, how in self.slice_sums.items() if how != "pad"}
        planned = [op for op in planned if self.slice_sums.get(id(op)) != "pad"]
        written = {}
        # A broadcast is no buffer either: XLA fuses it into each of its
        # users (duplicating it), which read its operand. Its users read the
        # operand here too, so a plan never keeps a broadcast value (it
        # keeps the small operand, and the backward re-broadcasts).
        results = set(self.results)
        broadcasts = set()
        for op in planned:
            if op[0].primitive.name == "broadcast_in_dim" and op[2][0] not in results and \
                    sum(1 for a in op[1] if _is_var(a) and a not in constant) == 1:
                broadcasts.add(id(op))
        groups = _fusion_groups([op for op in planned
                                 if id(op) not in broadcasts and id(op) not in write_at],
                                self.forward, results, self.cost)
        # Forward ops on the step's inputs alone (the slices of stacked
        # weights that an unrolled scan reads): XLA would compute them all
        # at the start and hold their results; the applied forward fences
        # each behind the latest buffer before it (_Applied._forward).
        inputs = set(jaxpr.invars) | set(jaxpr.constvars)
        self.input_ops = {id(op) for op in planned
                          if id(op) in self.forward and id(op) not in broadcasts
                          and any(_is_var(a) for a in op[1])
                          and all(a in inputs for a in op[1] if _is_var(a))}
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
        if len(members) == 1:
            cost_class = costs[0][1]
            if prim in _VIEW and len(operands) == 1 and len(arrays) == 1:
                flops, cost_class = 0, "view"
            callee = f"jax.{prim}"
        else:
            cost_class = "reduction" if any(c[1] == "reduction" for c in costs) else "elementwise"
            callee = f"jax.fusion.{prim}"
        loc = f"{self.num_ops}:{prim}"
        self.num_ops += 1
        block = None
        if is_forward:
            # The name stack's block; else (an equation a derivative rule
            # emitted outside the user's scopes) its operands' latest.
            block = next((b for b in map(_block_of, reversed(members))
                          if b is not None), None)
            if block is None:
                blocks = [self.block[a] for m in members for a in m[1]
                          if _is_var(a) and self.block.get(a) is not None]
                block = max(blocks) if blocks else 0 if self.one_block else None
        traffic = {}
        collective = prim in _COLLECTIVES
        if collective and self.collectives == "recompute":
            # Communicating is reading the bytes sent collective_cost times
            # over (memory bandwidth / link bandwidth), plus the operands.
            read, sent = _traffic(eqn)
            traffic = dict(read_bytes=read + int(self.collective_cost * sent))
        policy, batch_dims = None, 0
        if len(members) == 1 and prim == "dot_general":
            batch_dims = len(eqn.params["dimension_numbers"][1][0])
        if (self.recompute_convolutions and is_forward and len(members) == 1
                and prim == "conv_general_dilated"):
            policy = "recompute"
        results = self.graph.op(callee, operands, [_element(v.aval) for v in arrays],
                                flops=flops, cost_class=cost_class,
                                side_effects=(collective and self.collectives == "keep")
                                or prim == "while",
                                loc=loc, block=block, policy=policy,
                                batch_dims=batch_dims, **traffic)
        for k, (v, r) in enumerate(zip(arrays, results)):
            self.value[v] = r
            self.block[v] = block
            self.var_of[(loc, k)] = v


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
        groups.setdefault(id(root), []).append(op)
        group = reads.setdefault(id(root), {})
        for v in op[2]:
            group.pop(v, None)
        group.update((a, position[a]) for a in op[1] if _is_var(a) and a in position)
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


class PlanInfo:
    """What one plan did (`plans()`, `last_plan()`): remat-opt's report, the
    saved values, the IR, the times (trace, convert, plan) and, on a
    fallback, its reason."""

    def __init__(self, signature=None):
        self.signature = signature
        self.report = None
        self.saved = []          # the forward values the backward keeps (jaxpr vars)
        self.ir = None
        self.num_ops = 0
        self.times = {}
        self.fallback = None
        self.trace = None
        self.converted = None
        self.applied = None
        self.options = None
        self.xla = None          # XLA's figures of the planned step, where checked
        self.rounds = []         # (internal budget, XLA's total) per plan, where checked

    @property
    def planning_time_s(self):
        return sum(self.times.values())

    def apply(self):
        """The function with the plan applied (same signature as `fun`),
        built once."""
        if self.applied is None:
            self.applied = _Applied(self.trace, self.converted, self.saved)
        return self.applied


class _Applied:
    """The plan as a `jax.custom_vjp`: the forward evaluates the joint
    jaxpr's forward equations and keeps the saved values; the backward
    evaluates its backward equations in remat's order and recomputes each
    forward value it needs but was not kept, at its first use (once). Each
    recomputation reads its inputs through an `optimization_barrier` whose
    other operands are the backward values computed since the previous
    recomputation (the `frontier`), so XLA can neither merge it with the
    forward's computation (CSE) nor hoist it into the forward, nor start it
    before the backward work remat ordered before it (XLA:CPU would postpone
    weight gradients and keep every layer's recomputed values alive): the
    barrier JAX's own `jax.checkpoint` places per checkpointed region,
    placed per recomputation. Kept values may travel from the forward to
    the backward in the unwritten rows of a stacked gradient
    (`_plan_stowage`)."""

    def __init__(self, trace, conv, saved):
        self.trace, self.conv = trace, conv
        self.saved = list(saved)
        self.producer = {v: op for op in conv.order for v in op[2]}
        self.fwd_ops = [op for op in conv.order if id(op) in conv.forward]
        self.bwd_ops = [op for op in conv.order if id(op) not in conv.forward]
        jaxpr = conv.jaxpr
        self.n = trace.num_leaves
        self.outputs = conv.results[:trace.num_outputs]
        self.grads = conv.results[trace.num_outputs:]
        self.cotangents = jaxpr.invars[self.n:]
        self.differentiated = set(trace.diff)
        self.leaves = jaxpr.invars[:self.n]
        # Per backward value: the index of the last backward op that reads
        # it (gradients: past the end).
        self.last_read = {}
        for k, op in enumerate(self.bwd_ops):
            for a in op[1]:
                if _is_var(a):
                    self.last_read[a] = k
        for v in self.grads:
            if _is_var(v):
                self.last_read[v] = len(self.bwd_ops)
        self.placed = conv.slice_sums
        self.buffers = set(conv.var_of.values())  # the vars that are IR values of their own
        self.chain_of = {}   # a chain's writes' vars -> the chain (its first write's var)
        self.narrow = [v for v in self.saved if 0 < _bits(v.aval.dtype) < 32 and
                       jax.dtypes.issubdtype(v.aval.dtype, np.floating)]
        self.chains, self.stowed = self._plan_stowage()
        fn = jax.custom_vjp(self._primal)
        fn.defvjp(self._fwd, self._bwd)
        self.fn = fn

    @staticmethod
    def _write_slice(total, x, lo, pad_eqn, out_aval):
        """`total + pad(x)` (`total` None: zeros) as x written into
        `total` at row `lo`, where the two vary alike."""
        first = total is None
        if first:
            total = jax.lax.full(out_aval.shape, 0, out_aval.dtype)
        if _varying(x) != _varying(total):
            padded = pad_eqn.primitive.bind(x, np.zeros((), out_aval.dtype), **pad_eqn.params)
            return [padded if first else total + padded]
        return [jax.lax.dynamic_update_slice(total, x, (lo,) + (0,) * (x.ndim - 1))]

    def _backward_steps(self):
        """The backward ops as `_bwd` evaluates them: (index, op, its
        in-place write or None), the pads a write absorbs left out, a
        write's inputs the sum so far (if any) and the slice."""
        for k, op in enumerate(self.bwd_ops):
            placed = self.placed.get(id(op))
            if placed == "pad":
                continue
            if placed is not None:
                op = (op[0], [a for a in placed[:2] if a is not None], op[2])
            yield k, op, placed

    @functools.cached_property
    def first_read(self):
        """{saved var: the index of the first backward op whose evaluation
        (with its recomputations) reads it}, as `_bwd` evaluates."""
        present = set(self.leaves) | set(self.conv.consts) | set(self.saved) | \
            set(self.cotangents)
        saved, first = set(self.saved), {}
        for k, op, _ in self._backward_steps():
            missing = self._missing(op[1], present)
            for m in missing + [op]:
                for a in m[1]:
                    if _is_var(a) and a in saved:
                        first.setdefault(a, k)
            for m in missing:
                present.update(m[2])
            present.update(op[2])
        return first

    def _plan_stowage(self):
        """Where the forward stows saved values until the backward reads
        them: in the rows of a stacked gradient (an in-place chain of
        `_slice_sums`) that are written after that read. XLA lends an
        output buffer to temporaries only whole and only until its first
        write; a stacked gradient is written from the first layer of the
        backward on, so every value kept for the backward would be in
        temp (where a loop's per-layer gradient buffers hold them until
        their layer's gradients are written). The chain's buffer is then
        made in the forward, the values written into rows whose gradients
        come later (in place), and sliced out where the backward first
        reads them. Returns ({chain (its first write's var): (its aval,
        [(write index, row)])}, {saved var: (chain, the corner and the
        shape of its block in the chain's buffer)}). The environment variable
        REMAT_JAX_STOW=0 turns it off (to measure it)."""
        chains, varying = {}, set()
        for k, op, placed in self._backward_steps():
            if placed is None:
                continue
            total, x, lo, _ = placed
            out = op[2][0]
            c = self.chain_of[out] = out if total is None else self.chain_of[total]
            chains.setdefault(c, (out.aval, []))[1].extend(
                (k, r) for r in range(lo, lo + x.aval.shape[0]))
            if _aval_varying(x.aval) or _aval_varying(out.aval):
                varying.add(c)    # under shard_map, may be written as sums (_write_slice)
        # Rows of rank-2 and rank-3 arrays only: a value is written as a
        # block of a row (no reshape of the buffer, which would cost XLA's
        # in-place update a copy of it).
        chains = {c: ch for c, ch in chains.items() if ch[0].ndim in (2, 3) and c not in varying}
        if not chains or os.environ.get("REMAT_JAX_STOW", "1") == "0":
            return {}, {}
        first = self.first_read
        # (chain, write index, row, next free index along axis 1, its end)
        free = sorted(([c, k, r, 0, aval.shape[1]] for c, (aval, rows) in chains.items()
                       for k, r in rows), key=lambda f: f[1])
        stowed = {}
        # The values read last have the fewest rows to go to: placed first,
        # each in the earliest-written row after its read that has room.
        # A value of another dtype is stowed bit for bit (mixed precision:
        # bf16 activations in the rows of f32 gradients, two to an element).
        for v in sorted((v for v in self.saved if v in first),
                        key=lambda v: (-first[v], -_numel(v.aval))):
            bits = _numel(v.aval) * _bits(v.aval.dtype)
            if not bits or _aval_varying(v.aval):
                continue
            for f in free:
                aval = chains[f[0]][0]
                unit = math.prod(aval.shape[2:]) * _bits(aval.dtype)
                if f[1] > first[v] and unit and bits % unit == 0 and \
                        f[4] - f[3] >= bits // unit:
                    n = bits // unit
                    stowed[v] = (f[0], (f[2], f[3]) + (0,) * (aval.ndim - 2),
                                 (1, n) + tuple(aval.shape[2:]))
                    f[3] += n
                    break
        used = {s[0] for s in stowed.values()}
        return {c: chains[c] for c in used}, stowed

    def __call__(self, *args):
        flat = jax.tree_util.tree_leaves(args)
        return jax.tree_util.tree_unflatten(self.trace.out_tree, self.fn(*flat))

    @staticmethod
    def _eval(op, read):
        eqn, ins = op[0], op[1]
        params = eqn.primitive.get_bind_params(eqn.params)
        with eqn.ctx.manager:
            ans = eqn.primitive.bind(*map(read, ins), **params)
        return ans if eqn.primitive.multiple_results else [ans]

    def _forward(self, flat, stow=None):
        """The forward; with `stow` (a dict), writes the stowed saved
        values into their chains' buffers (`stow[chain]`) as they are
        computed."""
        env = dict(zip(self.leaves, flat))
        env.update(self.conv.consts)

        def read(a):
            return a.val if isinstance(a, _core.Literal) else env[a]
        # The latest buffer of each kind (under shard_map: each set of
        # varying axes).
        latest = {}
        for op in self.fwd_ops:
            if id(op) in self.conv.input_ops:
                # Computed from the inputs alone: XLA:CPU's scheduler would
                # run it first and hold its result through the forward (an
                # unrolled scan's slices of the stacked weights, every
                # layer's at the start). It reads its inputs through a
                # barrier with the latest buffer, so it runs where remat's
                # order (and memory plan) has it.
                fenced = _fence(env, [a for a in op[1] if _is_var(a) and _is_array(a)],
                                list(latest.values()), untied=False)
                outs = self._eval(op, lambda a: fenced[a] if _is_var(a) and a in fenced
                                  else read(a))
            else:
                outs = self._eval(op, read)
            env.update(zip(op[2], outs))
            for v in op[2]:
                if v in self.buffers:
                    latest[_varying(env[v])] = v
                if stow is not None and v in self.stowed:
                    c, corner, block = self.stowed[v]
                    if c not in stow:
                        aval = self.chains[c][0]
                        stow[c] = jax.lax.full(aval.shape, 0, aval.dtype)
                    stow[c] = jax.lax.dynamic_update_slice(
                        stow[c], _recast(env[v], block, stow[c].dtype), corner)
        return [read(v) for v in self.outputs], env

    def _primal(self, *flat):
        return self._forward(flat)[0]

    def _fwd(self, *flat):
        stow = {}
        outs, env = self._forward(flat, stow)
        return outs, (tuple(flat), tuple(env[v] for v in self.saved if v not in self.stowed),
                      tuple(stow[c] for c in self.chains))

    def _bwd(self, residuals, cts):
        flat, saved, buffers = residuals
        stowed = self.stowed
        env = dict(zip(self.leaves, flat))
        env.update(self.conv.consts)
        env.update(zip([v for v in self.saved if v not in stowed], saved))
        # Each stowed chain's current value (its buffer until the first
        # write, then the latest write's var), and the stowed values by the
        # backward op that first reads them.
        current = {}
        for c, buf in zip(self.chains, buffers):
            env[("stow", c)] = buf
            current[c] = ("stow", c)
        unstow = {}
        for v in stowed:
            unstow.setdefault(self.first_read[v], []).append(v)
        # Kept values narrower than f32 are read through a barrier where the
        # backward first reads them: XLA:CPU computes a bf16 dot in f32
        # (float normalization), and CSE then shares one upcast of a kept
        # value between its forward and backward dots, holding an f32 copy
        # (twice its bytes) in between, outside remat's plan.
        narrow_at = {}
        for v in self.narrow:
            if v not in stowed and v in self.first_read:
                narrow_at.setdefault(self.first_read[v], []).append(v)
        for k, v in zip(self.trace.diff_out, self.cotangents):
            env[v] = cts[k]
        forward_side = set(env) - set(self.cotangents)   # values from before the backward
        # Backward vars computed since the last recomputation, and the
        # latest of each kind from before it.
        frontier = list(self.cotangents)[:1]

        def read(a):
            return a.val if isinstance(a, _core.Literal) else env[a]
        for k, op, placed in self._backward_steps():
            if k in unstow:
                # The stowed values this op (or its recomputation) reads first.
                tie = self._read_later(frontier, k)
                self._unstow(unstow[k], env, current, tie)
                frontier = self._latest(tie, env)
            if k in narrow_at:
                tie = self._read_later(frontier, k)
                env.update(_fence(env, narrow_at[k], tie))
                frontier = self._latest(tie, env)
            missing = self._missing(op[1], env)
            early = [a for a in op[1] if _is_var(a) and a in forward_side]
            anchored = any(_is_var(a) and a in env and a not in forward_side for a in op[1])
            if missing or (early and not anchored):
                # The frontier values read later (or returned): tying them
                # to the barrier costs no memory, and orders it after the
                # others too, whose results lead to them.
                tie = self._read_later(frontier, k)
                self._recompute(op, missing, env, forward_side, tie)
                frontier = self._latest(tie, env)
            if placed is None:
                outs = self._eval(op, read)
            else:
                total, x, lo, pad_eqn = placed
                if total is None and op[2][0] in current:
                    total = current[op[2][0]]
                outs = self._write_slice(None if total is None else read(total), read(x), lo,
                                         pad_eqn, op[2][0].aval)
                c = self.chain_of.get(op[2][0])
                if c in current:
                    current[c] = op[2][0]
            env.update(zip(op[2], outs))
            if anchored:
                frontier += [v for v in op[2] if _is_array(v)]
        grads = iter(read(v) for v in self.grads)
        return tuple(next(grads) if i in self.differentiated else
                     np.zeros(a.shape, jax.dtypes.float0)
                     for i, a in enumerate(self.trace.closed.in_avals))

    def _read_later(self, frontier, k):
        """The frontier values that backward ops from the k-th on read (or
        that are returned): a barrier at the k-th op ties them."""
        return [f for f in frontier if self.last_read.get(f, -1) >= k]

    @staticmethod
    def _latest(tie, env):
        """The frontier after a barrier: the latest of each kind (under
        shard_map: each set of varying axes) of the values tied to it
        stays, so that the next barrier has one to wait for even if no such
        value is computed before it."""
        latest = {}
        for f in tie:
            latest[_varying(env[f])] = f
        return list(latest.values())

    def _unstow(self, values, env, current, tie):
        """Slices the stowed `values` out of their chains' current values
        behind an optimization barrier with the backward values of `tie`
        (so that XLA does not slice them early and hold the copies), and
        passes the chains on through a second barrier with the slices, so
        that the writes that follow cannot overwrite a row before it is
        read."""
        keys = list(dict.fromkeys(current[self.stowed[v][0]] for v in values))  # chains' values
        bufs, tied = jax.lax.optimization_barrier(([env[k] for k in keys],
                                                   [env[f] for f in tie]))
        env.update(zip(keys, bufs))
        env.update(zip(tie, tied))
        out = []
        for v in values:
            _, corner, block = self.stowed[v]
            out.append(_recast(jax.lax.slice(env[current[self.stowed[v][0]]], corner,
                                             tuple(a + b for a, b in zip(corner, block))),
                               v.aval.shape, v.aval.dtype))
        bufs, out = jax.lax.optimization_barrier(([env[k] for k in keys], out))
        env.update(zip(keys, bufs))
        env.update(zip(values, out))

    def _missing(self, ins, env):
        """The forward ops to rerun for `ins`, in order."""
        todo, seen = [], set()

        def visit(v):
            if not _is_var(v) or v in env:
                return
            op = self.producer[v]
            if id(op) in seen:
                return
            seen.add(id(op))
            for a in op[1]:
                visit(a)
            todo.append(op)
        for a in ins:
            visit(a)
        return todo

    def _recompute(self, op, missing, env, forward_side, frontier):
        """Reruns `missing`, and lets `op` read its forward-side inputs,
        through optimization barriers that also take the backward values
        computed since the previous recomputation that are read later (the
        vars `frontier`). The barrier's outputs replace all of them in
        `env`: later ops read the fenced values, so XLA can neither drop
        the frontier from the barrier (it prunes barrier operands whose
        results are unused) nor run the barrier, and the recomputation
        after it, before the frontier."""
        made = {v for m in missing for v in m[2]}
        inputs = dict.fromkeys(a for m in missing + [op] for a in m[1]
                               if _is_var(a) and a in forward_side and a not in made
                               and _is_array(a))
        env.update(_fence(env, inputs, frontier))

        def read(a):
            return a.val if isinstance(a, _core.Literal) else env[a]
        for m in missing:
            env.update(zip(m[2], self._eval(m, read)))
            forward_side.update(m[2])


_PLANS = []


def last_plan():
    """The PlanInfo of the latest plan (None before the first)."""
    return _PLANS[-1] if _PLANS else None


def plans():
    """Every PlanInfo since the last clear_plans(), in order."""
    return list(_PLANS)


def clear_plans():
    _PLANS.clear()


def _signature(args):
    flat, tree = jax.tree_util.tree_flatten(args)
    return tree, tuple((tuple(getattr(x, "shape", ())), str(getattr(x, "dtype", type(x))),
                        getattr(getattr(x, "aval", None), "weak_type", None)) for x in flat)


POLICIES = ("auto", "none", "full", "sqrt", "selective", "dots", "dots_no_batch")


def _options(policy, budget, max_overhead, device, has_aux, result_buffers, collectives,
             collective_cost):
    """The planning options, validated (ValueError naming the valid forms):
    the budget in bytes, auto with neither a budget nor a max_overhead
    given the least peak within options.DEFAULT_MAX_OVERHEAD."""
    if policy == "dots-no-batch":  # remat-opt's spelling of JAX's name
        policy = "dots_no_batch"
    _opts.choice(policy, POLICIES, "policy")
    budget, max_overhead = _opts.budget_or_overhead(policy, budget, max_overhead)
    _opts.choice(result_buffers, ("preallocated", "defined"), "result_buffers")
    _opts.choice(collectives, ("recompute", "keep"), "collectives")
    if not isinstance(has_aux, bool):
        raise ValueError(f"has_aux must be True or False, not {has_aux!r}")
    if isinstance(collective_cost, bool) or not isinstance(collective_cost, (int, float)) or \
            not collective_cost >= 0 or not math.isfinite(collective_cost):
        raise ValueError(f"collective_cost must be a non-negative number, not "
                         f"{collective_cost!r}")
    return dict(policy=policy, budget=budget, max_overhead=max_overhead,
                device=_opts.device_spec(device), has_aux=has_aux,
                result_buffers=result_buffers, collectives=collectives,
                collective_cost=float(collective_cost))


def plan(fun, *args, policy="auto", budget=None, max_overhead=None, device="cpu",
         has_aux=False, result_buffers="preallocated", collectives="recompute",
         collective_cost=10.0):
    """Plans `fun` at `args` (arrays, tracers or `jax.ShapeDtypeStruct`s);
    returns a PlanInfo. Raises ValueError for an invalid option, Unsupported
    for what remat does not model and PlanError when the planner refuses (an
    impossible budget). The options are checkpoint()'s; the plan is not
    checked against XLA (checkpoint() does that)."""
    o = _options(policy, budget, max_overhead, device, has_aux, result_buffers, collectives,
                 collective_cost)
    return _plan(_prepare(fun, args, o), o)


def _planner_policy(o):
    """remat-opt's name of the policy of options `o`."""
    return "dots-no-batch" if o["policy"] == "dots_no_batch" else o["policy"]


def _prepare(fun, args, o):
    """A PlanInfo with `fun` traced at `args` and converted to remat IR
    under validated options `o` (_options), not yet planned."""
    info = PlanInfo(_signature(args))
    info.options = o
    start = time.perf_counter()
    trace = _Trace(fun, args, o["has_aux"])
    info.times["trace"] = time.perf_counter() - start
    start = time.perf_counter()
    policy = _planner_policy(o)
    conv = _Converted(trace.joint, trace.num_outputs, trace.num_leaves, o["collectives"],
                      o["collective_cost"], recompute_convolutions=policy == "dots-no-batch",
                      one_block=policy in ("full", "sqrt"))
    info.num_ops = conv.num_ops
    info.ir = conv.text
    info.times["convert"] = time.perf_counter() - start
    info.trace, info.converted = trace, conv
    return info


def _plan(prepared, o):
    """The plan of a _prepare()d function under options `o` (which differ
    from the preparation's in the budget at most): a new PlanInfo sharing
    its trace and IR."""
    info = PlanInfo(prepared.signature)
    info.options = o
    info.trace, info.converted = prepared.trace, prepared.converted
    info.num_ops, info.ir = prepared.num_ops, prepared.ir
    info.times.update((k, prepared.times[k]) for k in ("trace", "convert"))
    conv, policy = info.converted, _planner_policy(o)
    report = _planner.plan(info.ir, policy=policy, budget=o["budget"],
                           max_overhead=o["max_overhead"], device=o["device"],
                           result_buffers=o["result_buffers"])
    info.report = report
    info.times["plan"] = report["planning_time_s"]
    saved = []
    for entry in report.get("saved_values", []):
        key = (_planner.location_name(entry["loc"]), entry["result"])
        if key not in conv.var_of:
            raise Unsupported(f"the plan saves {entry['loc']} result {entry['result']}, "
                              "which is no value of the jaxpr")
        saved.append(conv.var_of[key])
    info.saved = saved
    return info


def _xla_figures(info):
    """XLA's memory_analysis() of the planned step compiled alone (the
    joint step remat plans, _vjp_step, with the plan applied): temp,
    argument, output bytes and their sum `total_bytes`, which a budget
    bounds (result_buffers="preallocated")."""
    trace = info.trace
    leaves = [_spec(a) for a in trace.closed.in_avals]
    cts = [_spec(trace.closed.out_avals[k]) for k in trace.diff_out]
    step = _vjp_step(info.apply().fn, trace.diff, trace.diff_out)
    figures = xla_analysis(step, leaves, cts)
    figures["total_bytes"] = (figures["temp_bytes"] + figures["argument_bytes"]
                              + figures["output_bytes"])
    return figures


def _sharded(args):
    """Whether any of `args` varies over manual mesh axes (inside
    `shard_map`, where the step cannot be compiled alone)."""
    for x in jax.tree_util.tree_leaves(args):
        try:
            t = jax.typeof(x)
        except TypeError:
            continue
        if _aval_varying(t) or not getattr(getattr(t, "manual_axis_type", None), "empty", True):
            return True
    return False


def _verified_plan(fun, args, o, rounds):
    """A plan whose step XLA compiles within the budget. remat's model and
    XLA's allocation differ both ways (XLA fuses, lends output buffers and
    schedules on its own; it also materializes values the jaxpr does not
    show), so each round plans at an internal budget, compiles the planned
    step (_xla_figures) and moves the internal budget by what XLA's total
    is under (or over) the budget: a plan over it is replaced by one at a
    lower internal budget, and a budget below the least peak of remat's
    model is planned at that least peak and kept if XLA's total fits. At
    most `rounds` plans; the one that fits with the least estimated time is
    returned. Raises BudgetError with XLA's figures when none fits."""
    budget = o["budget"]
    prepared = _prepare(fun, args, o)   # traced and converted once for all rounds
    internal, tried, fits, model = budget, [], [], None
    for _ in range(rounds):
        try:
            info = _plan(prepared, dict(o, budget=internal))
        except BudgetError as error:
            # Below the least peak of remat's model: that plan, if XLA's
            # total for it is lower.
            model = error
            if error.least_peak is None or any(b == error.least_peak for b, _ in tried):
                if not tried:
                    raise
                break
            internal = error.least_peak
            info = _plan(prepared, dict(o, budget=internal))
        start = time.perf_counter()
        info.xla = _xla_figures(info)
        info.times["verify"] = time.perf_counter() - start
        total = info.xla["total_bytes"]
        tried.append((internal, total))
        info.report["xla"] = dict(info.xla, budget_bytes=budget, internal_budget_bytes=internal)
        if total <= budget:
            fits.append(info)
            # Close enough (within 1% of the budget), or planned at the budget.
            if internal == budget or budget - total <= budget // 100:
                break
        step = budget - total
        if step == 0 or internal + step <= 0 or any(b == internal + step for b, _ in tried):
            break
        internal += step
    if fits:
        best = min(fits, key=lambda i: (i.report["result"]["estimated_time_s"],
                                        i.xla["total_bytes"]))
        best.rounds = list(tried)
        best.report["xla"]["rounds"] = len(tried)
        return best
    least = min(total for _, total in tried)
    error = BudgetError(
        f"XLA's total (arguments + outputs + temp bytes of the compiled step) is above the "
        f"budget {budget} bytes after {len(tried)} plan(s): "
        + ", ".join(f"{t} bytes at an internal budget of {b}" for b, t in tried)
        + f"; the least XLA total reached is {least} bytes"
        + (f" (remat's own model: {model})" if model is not None else ""))
    # least_peak: the least XLA total; peak_lower_bound: remat's model's
    # bound, where it refused the budget (XLA may allocate less).
    error.least_peak, error.xla_total = least, least
    error.peak_lower_bound = getattr(model, "peak_lower_bound", None)
    raise error


def checkpoint(fun, *, policy="auto", budget=None, max_overhead=None, device="cpu",
               has_aux=False, strict=True, result_buffers="preallocated",
               collectives="recompute", collective_cost=10.0, static_argnums=(),
               static_argnames=(), verify=True, verify_rounds=3):
    """`fun` with remat's plan applied: differentiate the result (jax.grad,
    jax.value_and_grad, jax.vjp), and its backward recomputes what remat
    chose not to keep. Call it as `fun` (positional and keyword arguments,
    any pytrees).

    policy: remat's policy (auto, none, full, sqrt, selective, dots,
    dots_no_batch: dots keeping only the dot_generals without batch
    dimensions, as JAX's dots_with_no_batch_dims_saveable); budget: a
    bound on the step's memory in bytes (an int, or `"8GiB"`, `"8 GiB"`,
    `"1.5GB"`); max_overhead: the recompute time allowed, as a fraction of
    the step (`0.05` or `"5%"`); policy auto with neither: the least peak
    within 5% (`remat.options.DEFAULT_MAX_OVERHEAD`); device: the cost
    model's device (cpu, h100, h200, a100, a device file's dict or path);
    has_aux: `fun` returns `(loss, aux)` and aux is not differentiated (as
    `jax.grad(..., has_aux=True)`); result_buffers: remat's model of the
    step's outputs, "preallocated" (for the whole step, as XLA allocates
    them: the budget then bounds XLA's argument + output + temp bytes) or
    "defined" (from the op that computes them); collectives: under
    `shard_map`, "recompute" (as JAX's own policies do: a collective
    recomputed communicates again, costed as reading the bytes it sends
    `collective_cost` times, the device's memory bandwidth over its link
    bandwidth) or "keep" (never recomputed).

    static_argnums, static_argnames: arguments that are not traced (as
    `jax.jit`'s): they take part in the plan's key and `fun` sees them as
    given. Leaves that are no arrays (Python bools, ints, floats, strings)
    are static too: a caller that passes a concrete value did not trace it.

    verify: with a budget, the planned step is compiled by XLA and its
    total (`memory_analysis()`: arguments + outputs + temp) compared with
    the budget; remat plans again at an internal budget moved by XLA's
    excess or slack (a budget below remat's own least peak is planned at
    that least peak and kept if XLA fits it), at most `verify_rounds`
    plans, keeps the cheapest that fits, and raises BudgetError with XLA's
    figures if none does (the plan's `xla` and its report's "xla" carry
    XLA's figures). Not inside `shard_map`, where the step cannot be
    compiled alone. The check costs one more XLA compile per round.

    An invalid option is a ValueError here; an impossible budget a
    BudgetError at the first call (or, with strict=False, a warning and
    `fun` unchanged). Gradients are planned for every floating-point input
    (XLA drops those the caller does not use). The plan is made on the
    first call for each signature and kept; `plans()` lists them. Reverse
    mode only: the result is a `jax.custom_vjp`."""
    o = _options(policy, budget, max_overhead, device, has_aux, result_buffers, collectives,
                 collective_cost)
    if not isinstance(verify_rounds, int) or verify_rounds < 1:
        raise ValueError(f"verify_rounds must be a positive int, not {verify_rounds!r}")
    static = _Statics(fun, static_argnums, static_argnames)
    cache = {}

    def wrapped(*args, **kwargs):
        call = static.split(args, kwargs)
        info = cache.get(call.key)
        if info is None:
            info = _plan_or_fallback(call.fun, call.leaves, o, strict,
                                     verify and o["budget"] is not None, verify_rounds)
            cache[call.key] = info
        if info.fallback is not None:
            return fun(*args, **kwargs)
        return info.apply()(*call.leaves)
    functools.update_wrapper(wrapped, fun)
    return wrapped


class _Statics:
    """How checkpoint() calls `fun`: the arguments split into the array
    leaves remat traces and plans, and the static rest (static_argnums,
    static_argnames, and leaves that are no arrays), which closes over
    the function it plans."""

    def __init__(self, fun, argnums, argnames):
        argnums = (argnums,) if isinstance(argnums, int) else tuple(argnums)
        argnames = (argnames,) if isinstance(argnames, str) else tuple(argnames)
        if not all(isinstance(i, int) for i in argnums):
            raise ValueError(f"static_argnums must be ints, not {argnums!r}")
        if not all(isinstance(n, str) for n in argnames):
            raise ValueError(f"static_argnames must be strings, not {argnames!r}")
        self.fun, self.argnums, self.argnames = fun, set(argnums), set(argnames)
        self.positions = {}  # parameter name -> its position, where fun has one
        try:
            params = list(inspect.signature(fun).parameters.values())
        except (TypeError, ValueError):
            params = []
        for k, p in enumerate(params):
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                self.positions[p.name] = k

    def _is_static(self, k, n):
        k = k % n if k < 0 else k
        return k in {i % n if i < 0 else i for i in self.argnums} or any(
            self.positions.get(name) == k for name in self.argnames)

    def split(self, args, kwargs):
        n = len(args)
        static_pos = {k: a for k, a in enumerate(args) if self._is_static(k, n)}
        static_kw = {name: v for name, v in kwargs.items() if name in self.argnames}
        dynamic = ([a for k, a in enumerate(args) if k not in static_pos],
                   {name: v for name, v in kwargs.items() if name not in static_kw})
        leaves, tree = jax.tree_util.tree_flatten(dynamic)
        arrays = [k for k, x in enumerate(leaves) if _is_array_like(x)]
        constants = {k: x for k, x in enumerate(leaves) if not _is_array_like(x)}
        fun = self.fun

        def planned(*array_leaves):
            full = list(leaves)
            for k, x in zip(arrays, array_leaves):
                full[k] = x
            dyn_args, dyn_kwargs = jax.tree_util.tree_unflatten(tree, full)
            it = iter(dyn_args)
            call_args = [static_pos[k] if k in static_pos else next(it) for k in range(n)]
            return fun(*call_args, **dyn_kwargs, **static_kw)
        planned.__name__ = getattr(fun, "__name__", "checkpointed")
        statics = (tuple(sorted(static_pos.items())), tuple(sorted(static_kw.items())),
                   tuple(sorted(constants.items())))
        try:
            hash(statics)
        except TypeError:
            # (unhashable values: the plan is kept for these very objects)
            statics = ("id", tuple(map(id, static_pos.values())),
                       tuple(map(id, static_kw.values())), tuple(map(id, constants.values())))
        array_leaves = [leaves[k] for k in arrays]
        return types.SimpleNamespace(fun=planned, leaves=array_leaves,
                                     key=(tree, statics, _signature(array_leaves)))


def _is_array_like(x):
    """A leaf remat traces: a JAX array or tracer (a jax.Array too), a numpy array or scalar,
    a ShapeDtypeStruct."""
    return isinstance(x, (jax.Array, np.ndarray, np.generic, jax.ShapeDtypeStruct))


def _plan_or_fallback(fun, args, o, strict, verify=False, rounds=3):
    if not _FLAG_SET_IN_TIME and not _flag_in_effect():
        warnings.warn("remat: JAX's backends started before remat.jax was imported, without "
                      f"XLA_FLAGS={XLA_FLAG}: XLA:CPU merges recomputation back into the forward "
                      "(import remat.jax first, or set the flag)", stacklevel=3)
    try:
        if verify and not _sharded(args):
            info = _verified_plan(fun, args, o, rounds)
        else:
            info = _plan(_prepare(fun, args, o), o)
    except PlanError as error:
        if strict and isinstance(error, BudgetError):
            raise
        info = PlanInfo(_signature(args))
        info.fallback = f"the planner failed: {error}"
    except Unsupported as error:
        info = PlanInfo(_signature(args))
        info.fallback = str(error)
    _PLANS.append(info)
    if info.fallback is not None:
        warnings.warn(f"remat: running {getattr(fun, '__name__', 'the function')} without "
                      f"checkpointing: {info.fallback}", stacklevel=3)
    return info


def _flag_in_effect():
    return "cse_barrier_expander" in os.environ.get("XLA_FLAGS", "")


def xla_analysis(fun, *args, liveness=False):
    """XLA's own figures for `jax.jit(fun)` at `args`: compiled
    memory_analysis() (temp, argument, output, alias bytes) and
    cost_analysis() FLOPs, and the compile time. With `liveness`, also
    `liveness_peak_bytes`: the peak of XLA's own liveness analysis (the
    bytes of the buffers live at once, arguments and outputs included,
    before buffer assignment packs them), read from the live-range dump of
    this compile (XLA's `xla_dump_to`, into a temporary directory; the
    compile then takes longer)."""
    lowered = jax.jit(fun).lower(*args)
    peak = None
    start = time.perf_counter()
    if liveness:
        with tempfile.TemporaryDirectory(prefix="remat-xla-") as dump:
            compiled = lowered.compile(compiler_options={"xla_dump_to": dump})
            seconds = time.perf_counter() - start
            peak = _liveness_peak(dump)
    else:
        compiled = lowered.compile()
        seconds = time.perf_counter() - start
    mem = compiled.memory_analysis()
    cost = compiled.cost_analysis()
    if isinstance(cost, (list, tuple)):
        cost = cost[0] if cost else {}
    result = {
        "temp_bytes": int(mem.temp_size_in_bytes),
        "argument_bytes": int(mem.argument_size_in_bytes),
        "output_bytes": int(mem.output_size_in_bytes),
        "alias_bytes": int(mem.alias_size_in_bytes),
        "flops": float((cost or {}).get("flops", 0.0)),
        "compile_s": seconds,
    }
    if peak is not None:
        result["liveness_peak_bytes"] = peak
    return result


def _liveness_peak(dump):
    """The peak of XLA's HloLiveRange in a dump directory: the last
    cumulative figure of its "Live ranges at <t> (peak):" list (the largest
    module's, where the compile dumped several)."""
    peaks = []
    for name in os.listdir(dump):
        if not name.endswith("-live-range.txt"):
            continue
        cumulative, inside = 0, False
        with open(os.path.join(dump, name)) as f:
            for line in f:
                if re.match(r"\s*Live ranges at \d+ \(peak\):", line):
                    inside = True
                    continue
                m = re.search(r"\(cumulative: (\d+) bytes\)", line) if inside else None
                if m:
                    cumulative = int(m.group(1))
                elif inside:
                    break
        peaks.append(cumulative)
    if not peaks:
        raise RuntimeError(f"XLA wrote no live-range dump into {dump}")
    return max(peaks)
