"""remat for JAX: a plan applied to a JAX function, compiled by XLA.

    import remat.jax                                            # before JAX starts
    loss = remat.jax.checkpoint(loss_fn, budget="8GiB")        # or max_overhead=0.05,
    grads = jax.jit(jax.grad(loss))(params, batch)             # or policy="selective"

`checkpoint(fun, ...)` returns a function with `fun`'s signature. On the first
call for each signature it traces `fun` to a jaxpr and the joint
forward+backward jaxpr of its `jax.vjp` (the cotangents are explicit inputs,
so the backward is what reads them). The joint jaxpr becomes remat IR, one
`nn.generic` per equation whose value XLA's own compile of the joint step
holds in a buffer, with the equations XLA fuses into it (`buffers`: the
optimized HLO read back to the equations; FLOPs from the primitive's
shapes, a cost class, collectives costed by the bytes they send), and `remat-opt --rematerialize` plans it, with the step's
outputs allocated for the whole step as XLA allocates them
(`result-buffers=preallocated`; with a budget, the verification also plans
them lent to the temporaries that end before they are written, as XLA's
buffer assignment lends them, `result-buffers=lent`). The plan is applied
as a `jax.custom_vjp`: the forward keeps exactly the values the plan saves;
the backward evaluates the joint jaxpr's backward equations in remat's order
and recomputes every other forward value it needs at its first use, behind
an optimization barrier that also passes on the backward values computed
before it that are read later (so XLA neither merges it back into the
forward, nor hoists it there, nor postpones the backward work remat ordered
before it). What `fun` writes into its arguments in place is an output
of the plan like aux, written into the caller's arguments after it runs
(`_Statics`).

XLA:CPU removes the optimization barriers that keep a recomputation from being
merged back into the forward (its `cse_barrier_expander` pass), which makes
every checkpoint, JAX's own included, compile to the memory of no
checkpoint. This module therefore adds
`--xla_disable_hlo_passes=cse_barrier_expander` to XLA_FLAGS when it is
imported before JAX's backends start, and warns when it comes too late.

A `lax.scan` is unrolled (up to SCAN_UNROLL_LIMIT equations), or, where
unrolling would make more than SCAN_ROLL_ABOVE equations (or with
scan="rolled"), planned rolled: its body planned once as one of `length`
iterations (remat-opt's repeat=) and run as that plan's custom_vjp in
every iteration of the scan XLA compiles (`rolled`). What remat
cannot model (other control flow such as `cond` or `while`, effects,
dynamic shapes, element types without a size) or any planner failure falls
back to the function unchanged, with a warning naming the reason. An
impossible `budget` is an error (`remat.planner.PlanError`) stating the
smallest peak remat can reach, unless `strict=False`. See docs/JAX.md.

The package: `convert` (the function traced and written as remat IR),
`rolled` (scans planned rolled),
`buffers` (the buffers of XLA's compile of the joint step, per equation),
`apply` (the plan made and applied as a `jax.custom_vjp`), `xla` (XLA's
figures and the budget verified in them); this module has the options,
`checkpoint`, `plan` and the list of plans. What remat.torch shares
(PlanInfo, the list of plans, the fallback policy) is remat._adapter's
(docs/PythonAdapters.md).
"""

import functools
import inspect
import os
import re
import sys
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
    bridge = sys.modules.get("jax._src.xla_bridge")
    return bool(bridge is not None and getattr(bridge, "_backends", None))


_FLAG_SET_IN_TIME = not _backends_started()
if _FLAG_SET_IN_TIME:
    os.environ["XLA_FLAGS"] = _add_xla_flag(os.environ.get("XLA_FLAGS", ""))

import jax  # noqa: E402  (after XLA_FLAGS)
import numpy as np  # noqa: E402

from .. import _adapter  # noqa: E402
from .. import options as _opts  # noqa: E402
from .._adapter import BudgetError, PlanError, PlanInfo, Unsupported  # noqa: E402,F401
from .apply import _independent_outputs, _outputs, _plan  # noqa: E402
from . import rolled as _rolled  # noqa: E402
from .convert import SCAN_UNROLL_LIMIT, _prepare, _leaf_blocks, _signature, _Trace  # noqa: E402,F401
from .rolled import SCAN_ROLL_ABOVE  # noqa: E402,F401
from .xla import _manual_mesh, _sharded, _verified_plan, figures_of, xla_analysis  # noqa: E402
from . import step as _step  # noqa: E402
from .step import jit, step_total  # noqa: E402,F401

__all__ = ["checkpoint", "jit", "plan", "last_plan", "plans", "clear_plans", "xla_analysis",
           "figures_of", "step_total",
           "Unsupported", "PlanError", "BudgetError", "XLA_FLAG", "PlanInfo"]

# One PlanInfo per planned signature (fallbacks included), in order.
_PLANS = _adapter.Registry()
last_plan, plans, clear_plans = _PLANS.last_plan, _PLANS.plans, _PLANS.clear_plans

POLICIES = ("auto", "none", "full", "sqrt", "selective", "dots", "dots_no_batch", "offload")


def _options(policy, budget, max_overhead, device, has_aux, result_buffers, collectives,
             collective_cost, memory="xla", offload=False, host_budget=None, scan="auto",
             timeline=False):
    """The planning options, validated (ValueError naming the valid forms):
    the budget in bytes, auto with neither a budget nor a max_overhead
    given the least peak within options.DEFAULT_MAX_OVERHEAD, offload only
    under auto (or policy offload) on a device with a host link."""
    options = _adapter.planner_options(policy, POLICIES, budget, max_overhead, device)
    options.update(_adapter.offload_options(policy, offload, host_budget, options["device"]))
    _opts.choice(result_buffers, ("auto", "preallocated", "lent", "defined"), "result_buffers")
    _opts.choice(memory, ("xla", "jaxpr"), "memory")
    _opts.choice(scan, ("auto", "unroll", "rolled"), "scan")
    _opts.choice(timeline, (True, False), "timeline")
    collective = _adapter.collective_options(collectives, collective_cost)
    if not isinstance(has_aux, bool):
        raise ValueError(f"has_aux must be True or False, not {has_aux!r}")
    return dict(options, has_aux=has_aux, result_buffers=result_buffers, memory=memory,
                scan=scan, timeline=timeline, **collective)


def plan(fun, *args, policy="auto", budget=None, max_overhead=None, device="cpu",
         has_aux=False, result_buffers="auto", collectives="recompute",
         collective_cost=10.0, memory="xla", offload=False, host_budget=None, scan="auto",
         timeline=False):
    """Plans `fun` at `args` (arrays, tracers or `jax.ShapeDtypeStruct`s);
    returns a PlanInfo. Raises ValueError for an invalid option, Unsupported
    for what remat does not model and PlanError when the planner refuses (an
    impossible budget). The options are checkpoint()'s; the plan is not
    checked against XLA (checkpoint() does that), except that a budget on
    scans planned rolled is always found in XLA's numbers (the rolled
    step's only measure: remat.jax.rolled)."""
    o = _options(policy, budget, max_overhead, device, has_aux, result_buffers, collectives,
                 collective_cost, memory, offload, host_budget, scan, timeline)
    info = _planned(fun, args, o, verify=False)
    _adapter.log_plan(_name(fun), info)
    return info


def checkpoint(fun, *, policy="auto", budget=None, max_overhead=None, device="cpu",
               has_aux=False, strict=True, result_buffers="auto",
               collectives="recompute", collective_cost=10.0, static_argnums=(),
               static_argnames=(), verify=True, verify_rounds=3, memory="xla", offload=False,
               host_budget=None, scan="auto", timeline=False):
    """`fun` with remat's plan applied: differentiate the result (jax.grad,
    jax.value_and_grad, jax.vjp), and its backward recomputes what remat
    chose not to keep. Call it as `fun` (positional and keyword arguments,
    any pytrees).

    policy: remat's policy (auto, none, full, sqrt, selective, dots,
    dots_no_batch: dots keeping only the dot_generals without batch
    dimensions, as JAX's dots_with_no_batch_dims_saveable; offload: every
    saved value kept, those whose copies hide behind compute offloaded to
    host memory); budget: a
    bound on the step's memory in bytes (an int, or `"8GiB"`, `"8 GiB"`,
    `"1.5GB"`); max_overhead: the recompute time allowed, as a fraction of
    the step (`0.05` or `"5%"`); policy auto with neither: the least peak
    within 5% (`remat.options.DEFAULT_MAX_OVERHEAD`); device: the cost
    model's device (cpu, h100, h200, a100, a device file's dict or path);
    has_aux: `fun` returns `(loss, aux)` and aux is not differentiated (as
    `jax.grad(..., has_aux=True)`; a caller that differentiates through it
    gets JAX's own gradients, with a warning). What `fun` writes into its
    arguments in place (Flax nnx's Variables: RNG counts, BatchNorm
    statistics) is written into the caller's arguments, as `fun` would
    (docs/JAX.md, "State updates"). result_buffers: remat's model of the
    step's outputs, "preallocated" (for the whole step, as XLA allocates
    them), "lent" (for the whole step, and holding the temporaries that end
    before the output is written, as XLA's buffer assignment places them),
    "auto" (preallocated; with a verified budget, the verification's rounds
    under both, the cheapest plan that fits kept) or "defined" (from the op
    that computes them); collectives: under
    `shard_map`, "recompute" (as JAX's own policies do: a collective
    recomputed communicates again, costed as reading the bytes it sends
    `collective_cost` times, the device's memory bandwidth over its link
    bandwidth) or "keep" (never recomputed); memory: the memory model,
    "xla" (the buffers XLA's compile of the joint step allocates: an
    equation XLA fuses into its readers is no value of its own, what XLA
    materializes beside the equations' values is counted with the
    equation it serves; one more XLA compile at planning; inside
    `shard_map`, where the step cannot be compiled alone, "jaxpr") or
    "jaxpr" (remat's reading of the jaxpr: elementwise chains fused into
    their one reader).

    offload: policy auto may also offload saved values to host memory
    (JAX's `pinned_host`: `jax.device_put` to `jax.memory.Space.Host` in
    the forward, back to device memory in the backward where the plan
    prefetches them); host_budget: the most bytes offloaded values may
    hold in host memory at once (a budget's forms; implies offload under
    auto, bounds policy offload). Both need a device with a host link
    (h100, h200, gh200, a100; not cpu, the default). On XLA:CPU the
    transfers are in the program but XLA keeps the values in device
    memory (`PlanInfo.offload_note`).

    scan: how a `lax.scan` is planned: "unroll" (its iterations become
    equations of the one function remat plans, up to SCAN_UNROLL_LIMIT
    equations), "rolled" (its body planned once, as one iteration with the
    carry as the block boundary, and that plan run in every iteration of
    the rolled scan, which XLA compiles as a loop; outside the scans, JAX's
    own autodiff) or "auto" (default: rolled where unrolling would make
    more than SCAN_ROLL_ABOVE equations, else unrolled). docs/JAX.md,
    "lax.scan: rolled or unrolled".

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
    XLA's figures, the host bytes too). Inside `shard_map`, the per-device
    step is compiled alone as a shard_map of its own over the manual axes
    (every input whole on each device), so the budget is one device's.
    A plan that offloads is compared so only
    where XLA places its offloaded values in host memory (it reports host
    bytes); elsewhere (XLA:CPU) its device figure counts them, and the plan
    made at the budget is kept after one compile. The check costs one more
    XLA compile per round. With scans planned rolled, at least
    rolled.ROLLED_ROUNDS rounds (a rolled step compiles fast), then the
    fixed policies' plans that are cheaper than every plan that fitted
    (docs/JAX.md, "lax.scan: rolled or unrolled").

    An invalid option is a ValueError here; an impossible budget a
    BudgetError at the first call, and under strict=True (the default)
    anything remat cannot plan is an exception too (PlanError,
    Unsupported); with strict=False, a warning and `fun` unchanged. Gradients are planned for every floating-point input
    (XLA drops those the caller does not use); the budget is verified on
    the step that differentiates the inputs the caller differentiates
    (those that reach `fun` as jax.grad's or jax.vjp's tracers; every
    floating-point input where none does). The plan is made on the
    first call for each signature (and set of differentiated inputs) and
    kept; `plans()` lists them. Reverse
    mode only: the result is a `jax.custom_vjp`.

    timeline: True: each plan's report also has the bytes live at each op
    before and after the rewrite and the Pareto frontier (remat-opt's
    timeline=true pareto=true), which `PlanInfo.plot()` draws; planning
    takes longer. Each plan logs one INFO line on the "remat" logger
    (policy, budget, peak against policy none's, recompute FLOPs, planning
    time); a fallback is a warning."""
    o = _options(policy, budget, max_overhead, device, has_aux, result_buffers, collectives,
                 collective_cost, memory, offload, host_budget, scan, timeline)
    if not isinstance(verify_rounds, int) or verify_rounds < 1:
        raise ValueError(f"verify_rounds must be a positive int, not {verify_rounds!r}")
    static = _Statics(fun, static_argnums, static_argnames, has_aux)
    cache = {}

    def plan_call(key, planned_fun, leaves, options, verified, rounds, differentiated):
        """Plans `planned_fun` at `leaves` into cache[key]; its PlanInfo."""
        info = _plan_or_fallback(planned_fun, leaves, options, strict, verified, rounds)
        cache[key] = (info, None if info.fallback is not None else
                      _independent_outputs(info.trace, differentiated))
        return info

    def wrapped(*args, **kwargs):
        call = static.split(args, kwargs)
        # The leaves the caller differentiates (jax.grad's, jax.vjp's
        # tracers): the budget is verified on that step (XLA drops the
        # other gradients), a plan made per set of them.
        differentiated = tuple(k for k, x in enumerate(call.leaves) if _is_differentiated(x))
        step = _step.current()   # inside remat.jax.jit: the whole step's budget
        key = (call.key, differentiated, step and step.token)
        if step is not None and step.applying is not None:
            # A verification round of the whole step: the plan it tries.
            step.claim(key)
            info = step.applying
            step.applied = True
            independent = _independent_outputs(info.trace, differentiated)
        else:
            if key not in cache and step is not None:
                # remat.jax.jit's first trace of the step: the call is
                # planned after it (its rounds trace the step again, which
                # they cannot do inside a trace of a function jitted in the
                # step), on its leaves' shapes; this trace runs `fun` as it is.
                if o["budget"] is not None or max_overhead is not None:
                    raise ValueError(
                        "remat.jax.checkpoint inside remat.jax.jit: give the budget to "
                        "remat.jax.jit (it bounds the whole step), and no budget or "
                        "max_overhead to checkpoint")
                step.claim(key)
                specs = [jax.ShapeDtypeStruct(np.shape(x), jax.numpy.result_type(x),
                                              weak_type=getattr(x, "weak_type", False))
                         for x in call.leaves]
                options = dict(o, differentiated=differentiated, budget=step.budget,
                               max_overhead=None, figures=step.figures,
                               start=step.start(call.leaves), what="the whole step",
                               total_text="arguments + outputs + temp - alias bytes")

                step.pending = functools.partial(plan_call, key, call.fun, specs, options,
                                                 True, step.rounds, differentiated)
                return fun(*args, **kwargs)
            if key not in cache:
                plan_call(key, call.fun, call.leaves, dict(o, differentiated=differentiated),
                        verify and o["budget"] is not None, verify_rounds, differentiated)
            info, independent = cache[key]
        if info.fallback is not None:
            return fun(*args, **kwargs)
        outputs = _outputs(info, independent, call.leaves)
        value, (aux, updates) = _Static.unwrap(
            jax.tree_util.tree_unflatten(info.trace.out_tree, outputs))
        call.write_back(updates)
        return (value, aux) if has_aux else value
    functools.update_wrapper(wrapped, fun)
    return wrapped


class _Statics:
    """How checkpoint() calls `fun`: the arguments split into the array
    leaves remat traces and plans, and the static rest (static_argnums,
    static_argnames, and leaves that are no arrays), which closes over
    the function it plans.

    The function planned is pure: `fun` runs on arguments rebuilt from
    the leaves, so what it writes into them in place (Flax nnx's
    Variables: RNG counts, BatchNorm statistics; an item of a dict or
    list argument) would stay in those copies. It returns `(value, (aux,
    updates))` (aux None without has_aux), `updates` {leaf index: the
    leaf's value after `fun`} for every leaf `fun` wrote: outputs of the
    plan like aux, never differentiated, which `write_back` writes into
    the caller's arguments, as `fun` itself would have."""

    def __init__(self, fun, argnums, argnames, has_aux=False):
        self.has_aux = has_aux
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
        fun, has_aux = self.fun, self.has_aux

        def planned(*array_leaves):
            full = list(leaves)
            for k, x in zip(arrays, array_leaves):
                full[k] = x
            rebuilt = jax.tree_util.tree_unflatten(tree, full)
            it = iter(rebuilt[0])
            call_args = [static_pos[k] if k in static_pos else next(it) for k in range(n)]
            out = fun(*call_args, **rebuilt[1], **static_kw)
            value, aux = out if has_aux else (out, None)
            return value, _Static.wrap((aux, _state_updates(dynamic, tree, full, rebuilt)))
        planned.__name__ = getattr(fun, "__name__", "checkpointed")
        # (The plan's outputs are (value, (aux, updates)): the trace's aux.)
        planned.has_aux = True
        # The leaves' checkpoint blocks from their paths in the arguments
        # (positional or keyword: two keys say which argument).
        blocks = _leaf_blocks(dynamic, skip=2)
        planned.leaf_blocks = [blocks[k] for k in arrays]
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
                                     key=(tree, statics, _signature(array_leaves)),
                                     write_back=functools.partial(_write_back, dynamic))


def _state_updates(dynamic, tree, before, rebuilt):
    """{leaf index: its value} for the leaves of the arguments `rebuilt`
    (from the leaves `before`, of structure `tree`) that `fun` wrote in
    place, checked to be writable into the caller's arguments `dynamic`
    (Unsupported where not, and where `fun` changed the arguments'
    structure: remat then runs `fun` unchanged, which updates them
    itself)."""
    after, changed = jax.tree_util.tree_flatten(rebuilt)
    if changed != tree:
        raise Unsupported(
            "the function changes the structure of its arguments in place (leaves added: "
            f"{_paths(rebuilt, dynamic) or 'none'}; removed: {_paths(dynamic, rebuilt) or 'none'}; "
            "or a static attribute changed; e.g. an nnx.Variable created in the forward, as "
            "nnx's sow does): remat carries back values written into existing leaves only")
    updates = {k: new for k, (old, new) in enumerate(zip(before, after)) if new is not old}
    if updates:
        paths = [p for p, _ in jax.tree_util.tree_flatten_with_path(dynamic)[0]]
        for k in updates:
            _leaf_parent(dynamic, paths[k], jax.tree_util.keystr(paths[k][1:]))
    return updates


class _Static:
    """A leaf of `fun`'s aux or state updates that is no array (a string,
    a Python number): carried in the structure of the plan's outputs (the
    trace's out_tree), not traced, so that it comes out as `fun` returned
    it (jax.value_and_grad passes such aux through unchanged)."""

    def __init__(self, value):
        self.value = value

    @staticmethod
    def wrap(tree):
        return jax.tree_util.tree_map(lambda x: x if _is_array_like(x) else _Static(x), tree)

    @staticmethod
    def unwrap(tree):
        return jax.tree_util.tree_map(lambda x: x.value if isinstance(x, _Static) else x, tree,
                                      is_leaf=lambda x: isinstance(x, _Static))


jax.tree_util.register_pytree_node(_Static, lambda s: ((), s), lambda s, _: s)


def _paths(tree, other):
    """The paths of `tree`'s leaves that `other` has no leaf at."""
    def paths(t):
        return [jax.tree_util.keystr(p[1:]) for p, _ in jax.tree_util.tree_flatten_with_path(t)[0]]
    theirs = set(paths(other))
    return ", ".join(p for p in paths(tree) if p not in theirs)


def _leaf_parent(root, path, where):
    """(the object holding the leaf at `path` in `root`, its key), where a
    value can be written into it: an attribute of an object (an nnx
    Variable's value), an item of a list or of a dict; Unsupported for
    the others (a tuple's item, a custom pytree node's child)."""
    obj = root
    for key in path[:-1]:
        obj = _child(obj, key, where)
    key = path[-1]
    mutable = (isinstance(key, jax.tree_util.GetAttrKey) and not isinstance(obj, tuple)) or \
        (isinstance(key, jax.tree_util.SequenceKey) and isinstance(obj, list)) or \
        (isinstance(key, jax.tree_util.DictKey) and isinstance(obj, dict))
    if not mutable:
        raise Unsupported(f"the function writes into its argument's leaf {where} in place, "
                          f"which remat cannot write back into the caller's "
                          f"{type(obj).__name__}")
    return obj, key


def _child(obj, key, where):
    if isinstance(key, jax.tree_util.SequenceKey):
        return obj[key.idx]
    if isinstance(key, jax.tree_util.DictKey):
        return obj[key.key]
    if isinstance(key, jax.tree_util.GetAttrKey):
        return getattr(obj, key.name)
    raise Unsupported(f"the function writes into its argument's leaf {where} in place, "
                      f"which remat cannot find in the caller's arguments (key {key})")


def _write_back(dynamic, updates):
    """Writes `updates` ({leaf index: value}, _state_updates') into the
    caller's arguments `dynamic`, as `fun` wrote them into its own."""
    if not updates:
        return
    paths = [p for p, _ in jax.tree_util.tree_flatten_with_path(dynamic)[0]]
    nnx = sys.modules.get("flax.nnx")
    for k, value in updates.items():
        obj, key = _leaf_parent(dynamic, paths[k], jax.tree_util.keystr(paths[k][1:]))
        if nnx is not None and isinstance(obj, nnx.Variable) and key.name == "value":
            obj.set_value(value)   # (its `.value` setter is deprecated)
        elif isinstance(key, jax.tree_util.GetAttrKey):
            setattr(obj, key.name, value)
        else:
            obj[key.idx if isinstance(key, jax.tree_util.SequenceKey) else key.key] = value


def _is_differentiated(x):
    """Whether `x` is a tracer of reverse- or forward-mode differentiation
    (jax.grad and jax.vjp linearize: LinearizeTracer; jax.jvp: JVPTracer)."""
    return type(x).__name__ in ("LinearizeTracer", "JVPTracer")


def _is_array_like(x):
    """A leaf remat traces: a JAX array or tracer (a jax.Array too), a numpy array or scalar,
    a ShapeDtypeStruct."""
    return isinstance(x, (jax.Array, np.ndarray, np.generic, jax.ShapeDtypeStruct))


def _plan_or_fallback(fun, args, o, strict, verify=False, rounds=3):
    if not _FLAG_SET_IN_TIME and not _flag_in_effect():
        warnings.warn("remat: JAX's backends started before remat.jax was imported, without "
                      f"XLA_FLAGS={XLA_FLAG}: XLA:CPU merges recomputation back into the forward "
                      "(import remat.jax first, or set the flag)", stacklevel=3)
    with _adapter.falling_back(strict) as outcome:
        info = _planned(fun, args, o, verify, rounds)
    if outcome.reason is not None:
        info = PlanInfo(_signature(args))
        info.fallback = outcome.reason
    _PLANS.add(info)
    if info.fallback is not None:
        _adapter.warn_fallback(f"running {_name(fun)} without checkpointing", info.fallback,
                               stacklevel=3)
    else:
        _adapter.log_plan(_name(fun), info)
    return info


def _name(fun):
    """The planned function as the log and the warnings name it."""
    return getattr(fun, "__name__", "the function")


def _planned(fun, args, o, verify, rounds=3):
    """The plan of `fun` at `args`: its scans rolled where `o` says so
    (remat.jax.rolled), else the whole function planned, its budget
    verified in XLA's total where `verify` asks (inside shard_map: the
    per-device step compiled over a mesh of the manual axes, where this
    process has the devices for one)."""
    sharded = _sharded(args)
    if sharded and verify and o.get("figures") is None:
        # The per-device step, compiled alone over the manual axes. (Inside
        # remat.jax.jit, the rounds compile the whole step instead.)
        mesh = _manual_mesh()
        verify = mesh is not None
        o = dict(o, mesh=mesh)
    trace = _Trace(fun, args, getattr(fun, "has_aux", o["has_aux"]), joint=False)
    if _rolled.rolls(trace, o, sharded):
        return _rolled.rolled_plan(fun, args, o, trace, verify, rounds)
    if verify:
        return _verified_plan(fun, args, o, rounds, trace)
    return _plan(_prepare(fun, args, o, trace), o)


def _flag_in_effect():
    return "cse_barrier_expander" in os.environ.get("XLA_FLAGS", "")
