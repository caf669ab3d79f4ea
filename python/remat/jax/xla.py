"""XLA's view of a plan: `xla_analysis` (a compiled step's
memory_analysis() and cost_analysis(), optionally the peak of XLA's own
liveness), `_xla_figures` (the planned step's) and `_verified_plan`, which
plans at internal budgets until XLA's total fits the budget.
"""

import copy
import functools
import os
import re
import tempfile
import time

import jax
import jax.numpy as jnp

from .. import _adapter
from .. import options as _options
from ..planner import BudgetError
from .apply import _Applied, _plan
from .convert import _aval_varying, _prepare, _spec, _vjp_step

def _xla_figures(info):
    """XLA's memory_analysis() of the planned step compiled alone (the
    joint step remat plans, _vjp_step, with the plan applied): temp,
    argument, output bytes and their sum `total_bytes`, which a budget
    bounds (result_buffers "lent" or "preallocated"), and the host bytes. For a plan
    that offloads, `host_offload`: whether XLA placed anything in host
    memory (it reports host bytes); where not (XLA:CPU), `total_bytes`
    counts the offloaded values as device bytes. The step differentiates
    the inputs the caller differentiates where checkpoint() saw them
    (options' "differentiated"), else every floating-point input."""
    trace = info.trace
    leaves = [_spec(a) for a in trace.closed.in_avals]
    cts = [_spec(trace.closed.out_avals[k]) for k in trace.diff_out]
    seen = (info.options or {}).get("differentiated")
    diff = [i for i in trace.diff if i in seen] if seen else trace.diff
    step = _vjp_step(info.apply().fn, diff or trace.diff, trace.diff_out)
    mesh = (info.options or {}).get("mesh")
    if mesh is not None:
        # Inside shard_map: the per-device step, compiled as a shard_map of
        # its own over the manual axes, every input whole on each device
        # (the per-device shapes) and varying over the axes it varied over
        # in the caller's shard_map, as its collectives expect; each output
        # that varies gets a leading axis of size one split over its axes
        # (a bitcast), so that memory_analysis() is one device's.
        from jax.sharding import PartitionSpec
        in_avals, out_avals = trace.closed.in_avals, trace.closed.out_avals
        varying = [_axes(a) for a in in_avals] + [_axes(out_avals[k]) for k in trace.diff_out]
        out_varying = ([_axes(a) for a in out_avals],
                       tuple(_axes(in_avals[i]) for i in (diff or trace.diff)))
        leaves = [jax.ShapeDtypeStruct(a.shape, a.dtype) for a in leaves]
        cts = [jax.ShapeDtypeStruct(a.shape, a.dtype) for a in cts]
        per_device, n = step, len(leaves)

        def step(leaves, cts):
            xs = [_vary(x, axes) for x, axes in zip(list(leaves) + list(cts), varying)]
            outs, grads = per_device(xs[:n], xs[n:])
            return ([x[None] if axes else x for x, axes in zip(outs, out_varying[0])],
                    tuple(x[None] if axes else x for x, axes in zip(grads, out_varying[1])))
        specs = jax.tree.map(lambda axes: PartitionSpec(axes) if axes else PartitionSpec(),
                             out_varying, is_leaf=lambda a: isinstance(a, tuple) and
                             all(isinstance(x, str) for x in a))
        step = jax.shard_map(step, mesh=mesh, in_specs=PartitionSpec(), out_specs=specs)
        # (compiled under its own mesh, not the caller's manual one)
        with jax.sharding.use_abstract_mesh(mesh.abstract_mesh):
            figures = xla_analysis(step, leaves, cts)
    else:
        # A scalar output's cotangent is the constant 1 of jax.grad and
        # value_and_grad, which XLA holds as a constant, not an argument of
        # the step: so it is here (an argument would add its bytes to the
        # total the budget bounds).
        seeds = {k: c for k, c in enumerate(cts) if c.shape == ()}
        if seeds:
            vjp_step = step

            def step(leaves, cts):
                given = iter(cts)
                return vjp_step(leaves, [jnp.ones((), seeds[k].dtype) if k in seeds
                                         else next(given) for k in range(len(seeds) + len(cts))])
            cts = [c for k, c in enumerate(cts) if k not in seeds]
        figures = xla_analysis(step, leaves, cts)
    figures["total_bytes"] = (figures["temp_bytes"] + figures["argument_bytes"]
                              + figures["output_bytes"])
    if getattr(info, "offloaded", None):
        figures["host_offload"] = any(figures[k] for k in HOST_FIELDS)
    return figures


# memory_analysis()'s host fields, as xla_analysis names them.
HOST_FIELDS = ("host_temp_bytes", "host_argument_bytes", "host_output_bytes")


def _sharded(args):
    """Whether any of `args` varies over manual mesh axes (inside
    `shard_map`: its step is verified per device, _xla_figures)."""
    for x in jax.tree_util.tree_leaves(args):
        try:
            t = jax.typeof(x)
        except TypeError:
            continue
        if _aval_varying(t) or not getattr(getattr(t, "manual_axis_type", None), "empty", True):
            return True
    return False


def _axes(aval):
    """The manual axes `aval` varies over, as a sorted tuple."""
    return tuple(sorted(_aval_varying(aval)))


def _vary(x, axes):
    """`x` as varying over the manual `axes` (none: `x`)."""
    if not axes:
        return x
    pcast = getattr(jax.lax, "pcast", None)
    return pcast(x, axes, to="varying") if pcast else jax.lax.pvary(x, axes)


def _manual_mesh():
    """Inside shard_map: a mesh of the manual axes (their names and sizes,
    over this process's devices) on which the per-device step compiles as
    a shard_map of its own; None where there is none or too few devices."""
    abstract = jax.sharding.get_abstract_mesh()
    names = getattr(abstract, "manual_axes", None)
    if not names:
        return None
    sizes = [abstract.shape[n] for n in names]
    try:
        return jax.make_mesh(tuple(sizes), tuple(names))
    except (ValueError, RuntimeError):
        return None


def _verified_plan(fun, args, o, rounds, trace=None):
    """A plan whose step XLA compiles within the budget. remat's model and
    XLA's allocation differ both ways (XLA fuses, lends output buffers and
    schedules on its own; it also materializes values the jaxpr does not
    show), so each round plans at an internal budget, compiles the planned
    step (_xla_figures) and moves the plan's own peak by what XLA's total
    is under (or over) the budget, bisecting once one internal budget fitted
    and a larger one did not (_adapter.next_internal_budget); a budget below
    the least peak of remat's model is planned at that least peak and kept
    if XLA's total fits. A plan that offloads where XLA keeps the offloaded
    values in device memory (XLA:CPU: no host bytes) is not compared:
    XLA's total then counts them, and that plan is kept after its compile
    if its own peak fits (its `offload_note` says so). At most `rounds` plans per
    memory model (result_buffers "auto": preallocated, then lent); where
    none fits, the plan XLA found least over applied with a barrier per
    recomputing op and, under policy auto, the plan of policy full (the
    blocks' inputs kept) as more; the one that fits with the least estimated time is returned
    (`rounds` on it lists each plan's internal budget, "lent <internal
    budget>", "barriers per op" or "policy full", and XLA's total). Raises
    BudgetError with XLA's figures when none fits."""
    prepared = _prepare(fun, args, o, trace)   # traced and converted once for all rounds
    full = None
    if o["policy"] == "auto" and "remat.block" in prepared.ir:
        # None fits: the plan of policy full (each checkpoint block's input
        # kept, JAX's nothing_saveable per block), which XLA may compile to
        # less than the least peak plan of remat's model (XLA fuses the
        # recomputation into the backward's fusions, and lends the output
        # buffers to what dies before the gradients are written).
        def full():
            return _plan(prepared, dict(o, policy="full", budget=None, offload=False,
                                        host_budget=None))
    def model(results):
        return lambda internal: _plan(prepared, dict(o, budget=internal,
                                                     result_buffers=results))
    # result_buffers="auto": XLA's outputs preallocated (remat's peak is
    # then about XLA's total: XLA's lending and its fragmentation roughly
    # cancel), then lent as XLA's buffer assignment lends them (plans that
    # stow kept values in the gradients' buffers; XLA lends less than that
    # model on some steps): the cheapest plan that fits under either.
    models = ([(None, model("preallocated")), ("lent", model("lent"))]
              if o["result_buffers"] == "auto" else [(None, model(o["result_buffers"]))])
    budget = o["budget"]
    if isinstance(budget, _options.RelativeBudget):
        # Of policy none's plan, with the outputs preallocated as XLA's
        # total counts them (docs/JAX.md, "Budgets").
        none = _plan(prepared, dict(o, policy="none", budget=None, max_overhead=None,
                                    offload=False, host_budget=None,
                                    result_buffers="preallocated"))
        budget = budget.resolve(none.report["result"]["peak_bytes"],
                                none.report["result"]["saved_activation_bytes"])
    return _verify_rounds(models, budget, rounds, full, **_round_options(o))


def _round_options(o):
    """_verify_rounds' `what`, `figures`, `start` and `total_text` where the
    options name them (remat.jax.jit: the whole step, compiled with each
    round's plan)."""
    return {k: o[k] for k in ("what", "figures", "start", "total_text")
            if o.get(k) is not None}


def _plan_key(info):
    """What identifies a plan's applied step: its decisions (the same plan
    made under two memory models compiles to the same step), and how it
    is applied (_barriers_per_op); None for a plan without decisions of
    its own (a rolled step's: its bodies' plans), never taken for
    another."""
    decisions = info.report.get("decisions")
    if not decisions:
        return None
    return (getattr(info, "barriers", None),) + tuple(
        (d.get("loc"), d.get("result"), d.get("decision")) for d in decisions)


def _barriers_per_op(info):
    """`info`'s plan applied with a barrier for every op that reads a
    recomputed value (apply._Applied's anchor_recomputed=False), as a
    PlanInfo of its own; None where the plan is not applied by _Applied
    (a rolled scan's), offloads or recomputes nothing."""
    applier = info.applier
    if (not isinstance(applier, functools.partial) or applier.func is not _Applied
            or info.offloaded or getattr(info, "barriers", None)
            or not any(d.get("decision") == "recompute"
                       for d in info.report.get("decisions", ()))):
        return None   # (a plan that recomputes nothing has no such barriers)
    alt = copy.copy(info)
    alt.applier = functools.partial(applier, anchor_recomputed=False)
    alt.applied, alt.barriers = None, "per op"
    alt.report, alt.times = dict(info.report), dict(info.times)
    return alt


def _round_text(label, total):
    """A round of the verification, as BudgetError states it."""
    if isinstance(label, str) and label.startswith("lent "):
        return (f"{total} bytes at an internal budget of {label.split()[1]} "
                f"(result_buffers=lent)")
    if label == "barriers per op":
        return f"{total} bytes with a barrier per recomputing op"
    if isinstance(label, str):
        return f"{total} bytes under {label}"
    return f"{total} bytes at an internal budget of {label}"


def _verify_rounds(plan_at, budget, rounds, full=None, what="the compiled step",
                   candidates=None, most_candidates=3, figures=_xla_figures, start=None,
                   total_text="arguments + outputs + temp bytes"):
    """_verified_plan's rounds, for any way of planning: `plan_at(internal)`
    plans at an internal budget (a PlanInfo whose report has "result" and
    "baseline" figures in remat's model; BudgetError with `least_peak`
    below the least), or a list of (name, plan_at) memory models, each
    given `rounds` rounds of its own in turn (the first's labelled by their
    internal budgets, the others' "<name> <internal budget>"; a model is
    skipped once a plan that fits recomputes nothing; a plan already
    compiled under another model is not compiled again), `full()` (where
    given) the plan tried last when no round fits. `candidates()` (where
    given): more plans (fixed policies'),
    each compiled after the rounds, cheapest first, while it is cheaper in
    remat's model than every plan that fitted and no plan XLA found over
    the budget peaks lower in remat's model (at most `most_candidates`):
    the rounds move an internal budget over a discrete frontier and can end
    on a fitting plan that recomputes more than a policy's plan that fits
    too. Where none fits, the one XLA found least over the budget is
    compiled with a barrier per recomputing op
    (_barriers_per_op), kept where it fits and is smaller. `figures(info)`:
    XLA's figures of a plan's step (_xla_figures: the step remat plans,
    compiled alone), `total_bytes` the one the budget bounds, which
    BudgetError calls `total_text`. `start`: each model's first internal
    budget (the budget where not given). A round whose arguments and
    outputs alone (its total less temp: the same under every plan) are
    over the budget ends the rounds with BudgetError."""
    models = plan_at if isinstance(plan_at, list) else [(None, plan_at)]
    tried, fits, model = [], [], None

    def refusal(why=""):
        """The BudgetError of the rounds so far (`why`: what ended them)."""
        least = min(total for _, total in tried)
        error = BudgetError(
            f"XLA's total ({total_text} of {what}) is above the "
            f"budget {budget} bytes after {len(tried)} plan(s): "
            + ", ".join(_round_text(b, t) for b, t in tried)
            + f"; the least XLA total reached is {least} bytes"
            + (f" (remat's own model: {model})" if model is not None else "") + why)
        # least_peak: the least XLA total; peak_lower_bound: remat's model's
        # bound, where it refused the budget (XLA may allocate less).
        error.least_peak, error.xla_total = least, least
        error.peak_lower_bound = getattr(model, "peak_lower_bound", None)
        return error
    over = []   # the plans XLA found over the budget
    compiled = {}   # _plan_key -> XLA's figures

    def verify(info, label, internal_budget, **extra):
        """XLA's figures of `info`'s step, recorded as a round `label`."""
        start = time.perf_counter()
        key = _plan_key(info)
        if key is not None and key in compiled:
            info.xla = dict(compiled[key])
        else:
            info.xla = figures(info)
            if key is not None:
                compiled[key] = info.xla
        info.times["verify"] = time.perf_counter() - start
        info.report["xla"] = dict(info.xla, budget_bytes=budget,
                                  internal_budget_bytes=internal_budget, **extra)
        tried.append((label, info.xla["total_bytes"]))
        _adapter.log_round(what, len(tried), label, info.xla["total_bytes"], budget,
                           "XLA's total")
        uncompared = info.xla.get("host_offload") is False
        if uncompared:
            # XLA's device figure counts the offloaded values: the plan
            # fits where its own peak does.
            info.report["xla"]["compared"] = False
            info.offload_note = info.offload_note or (
                "XLA reported no host bytes for the offloaded values: its device figures "
                "count them, and the budget was checked in remat's model only")
        if (info.report["result"]["peak_bytes"] <= budget if uncompared
                else info.xla["total_bytes"] <= budget):
            fits.append(info)
        else:
            over.append(info)
            # The step's arguments and outputs are the same under every
            # plan: where they alone are over the budget, no plan fits.
            fixed = info.xla["total_bytes"] - info.xla["temp_bytes"]
            if not uncompared and fixed > budget:
                raise refusal(f"; its arguments and outputs alone are {fixed} bytes, which "
                              "no plan changes")
    for name, plan_of in models:
        if any(_adapter.costs_no_more_than_none(i.report) for i in fits):
            break   # (no plan is cheaper)
        internal, mine = start or budget, []   # this model's rounds
        while len(mine) < rounds:
            try:
                info = plan_of(internal)
            except BudgetError as error:
                # Below the least peak of remat's model: that plan, if
                # XLA's total for it is lower.
                model = model if model is not None else error
                if error.least_peak is None or any(b == error.least_peak for b, _ in mine):
                    if not tried:
                        raise
                    break
                internal = error.least_peak
                info = plan_of(internal)
            verify(info, internal if name is None else f"{name} {internal}", internal)
            mine.append((internal, info.xla["total_bytes"]))
            if info.xla.get("host_offload") is False:
                break
            following = _adapter.next_internal_budget(mine, budget, info.report)
            if following is None:
                break
            internal = following
    if candidates is not None:
        def time_of(i):
            return i.report["result"]["estimated_time_s"]
        tried_candidates = 0
        for info in sorted(candidates(), key=time_of):
            if tried_candidates == most_candidates or (
                    fits and time_of(info) >= min(map(time_of, fits))):
                break
            if any(o.report["result"]["peak_bytes"] <= info.report["result"]["peak_bytes"]
                   for o in over):
                continue   # (a plan no larger in remat's model was over)
            tried_candidates += 1
            policy = getattr(info, "policy", info.options["policy"])
            verify(info, f"policy {policy}", None, policy=policy)
    # The barriers: where no plan fits, the one XLA found least over the
    # budget applied with a barrier per recomputing op as well, which XLA
    # compiles to less on some steps (a 2-layer tensor-parallel GPT's
    # least-peak plan: docs/Results/JAX.md); kept where it fits. Not once a
    # plan fits: the form is the same plan (the same estimated time), which
    # could only lower XLA's total further below the budget, for one more
    # compile of the step.
    def time_total(i):
        return (i.report["result"]["estimated_time_s"], i.xla["total_bytes"])
    base = min(over, key=lambda i: i.xla["total_bytes"]) if over and not fits else None
    alt = _barriers_per_op(base) if base is not None else None
    if alt is not None:
        verify(alt, "barriers per op", base.report["xla"].get("internal_budget_bytes"),
               barriers="per op")
    if not fits and full is not None:
        verify(full(), "policy full", None, policy="full")
    if fits:
        best = min(fits, key=time_total)
        best.rounds = list(tried)
        best.report["xla"]["rounds"] = len(tried)
        return best
    raise refusal()


def xla_analysis(fun, *args, liveness=False):
    """XLA's own figures for `jax.jit(fun)` at `args`: compiled
    memory_analysis() (temp, argument, output, alias bytes; host temp,
    argument and output bytes: host memory, where offloaded values are) and
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
    result = figures_of(compiled)
    result["compile_s"] = seconds
    if peak is not None:
        result["liveness_peak_bytes"] = peak
    return result


def figures_of(compiled):
    """XLA's figures of a compiled executable (jax.stages.Compiled): its
    memory_analysis() bytes and cost_analysis() FLOPs, as xla_analysis
    gives them (without the compile time)."""
    mem = compiled.memory_analysis()
    cost = compiled.cost_analysis()
    if isinstance(cost, (list, tuple)):
        cost = cost[0] if cost else {}
    return {
        "temp_bytes": int(mem.temp_size_in_bytes),
        "argument_bytes": int(mem.argument_size_in_bytes),
        "output_bytes": int(mem.output_size_in_bytes),
        "alias_bytes": int(mem.alias_size_in_bytes),
        "host_temp_bytes": int(getattr(mem, "host_temp_size_in_bytes", 0)),
        "host_argument_bytes": int(getattr(mem, "host_argument_size_in_bytes", 0)),
        "host_output_bytes": int(getattr(mem, "host_output_size_in_bytes", 0)),
        "flops": float((cost or {}).get("flops", 0.0)),
    }


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
