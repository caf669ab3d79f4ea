"""Scans planned rolled: each `lax.scan`'s body is planned once, as one
iteration (its consts, carry and slices of the scanned inputs the inputs,
so the carry is the block boundary), and the scan runs that plan in every
iteration: its body is the plan applied as a `jax.custom_vjp`
(apply._Applied), whose residuals JAX's scan stacks across the iterations,
as it stacks those of `jax.checkpoint` on the body. The step XLA compiles
keeps its rolled loop, so it compiles in about the time of the rolled step,
not of the unrolled one.

The body is planned with remat-opt's `repeat=<length>`: every iteration's
forward runs before the first backward, so what a plan's forward holds
into its backward is held `length` times, and the peak of remat's model
counts it so (docs/Rematerialize.md, "Loops: repeat="). Outside the scans
the function is differentiated by JAX as written. A budget is verified in
XLA's total of the rolled step (xla._verify_rounds, as for unrolled plans);
with several scans, each body is planned at its share of the internal
budget (in proportion to its peak without recomputation). docs/JAX.md,
"lax.scan: rolled or unrolled".
"""

import functools

import jax

from .. import _adapter
from .. import options as _options
from ..planner import BudgetError
from .apply import _plan
from .convert import (Unsupported, _call_body, _eval_unrolled, _inexact, _nbytes, _prepare,
                      _scan_size, _signature, _spec, _UNROLL_INTO)

# The verification's rounds for a rolled step (at least; checkpoint()'s
# verify_rounds where more), and then the fixed policies' plans.
ROLLED_ROUNDS = 5

# scan="auto" rolls the scans of a function whose unrolled program would
# have more equations than this (a 32-step LSTM has 454, a scan over 4
# layers of the tests' GPT 384, over 8 layers 716: docs/JAX.md).
SCAN_ROLL_ABOVE = 400


def _scans(jaxpr):
    """The scan equations of `jaxpr`, at its top level and inside the calls
    _eval_unrolled enters (not inside other scans: those are unrolled in
    their body's plan)."""
    found = []
    for eqn in jaxpr.eqns:
        body, _ = _call_body(eqn)
        if eqn.primitive.name == "scan":
            closed = eqn.params["jaxpr"]
            # (A scan with nothing to differentiate runs as it is.)
            if any(map(_inexact, closed.in_avals)) and any(map(_inexact, closed.out_avals)):
                found.append(eqn)
        elif eqn.primitive.name in _UNROLL_INTO and body is not None:
            found += _scans(body)
    return found


def _trace_scans(trace):
    """_scans of the traced function, found once per trace."""
    if getattr(trace, "_rolled_scans", None) is None:
        trace._rolled_scans = _scans(trace.closed.jaxpr)
    return trace._rolled_scans


def rolls(trace, o, sharded):
    """Whether the function traced as `trace` has its scans planned rolled
    under options `o` (its `scan`): "rolled" always, "auto" where
    unrolling would make more than SCAN_ROLL_ABOVE equations, "unroll"
    never. Host offload is planned unrolled ("rolled" with it is
    Unsupported)."""
    mode = o.get("scan", "auto")
    if mode == "unroll" or not _trace_scans(trace):
        return False
    if o.get("offload"):
        if mode == "rolled":
            raise Unsupported("host offload with scans planned rolled (scan='rolled'): "
                              "remat's offload model counts one iteration")
        return False
    return mode == "rolled" or _scan_size(trace.closed.jaxpr)[1] > SCAN_ROLL_ABOVE


class _Body:
    """One scan's body, traced and converted as a function of one
    iteration, planned with repeat=length."""

    def __init__(self, eqn, o):
        self.eqn, self.length = eqn, eqn.params["length"]
        closed = eqn.params["jaxpr"]
        self.specs = [_spec(v.aval) for v in closed.jaxpr.invars]

        def body(*flat):
            return _eval_unrolled(closed.jaxpr, closed.consts, flat)
        body.__name__ = "scan_body"
        self.body = body
        # skip_useless=False: within one iteration a fixed policy's plan may
        # peak at none's and still hold less in every iteration.
        self.o = dict(o, has_aux=False, skip_useless=False, repeat=self.length, budget=None,
                      max_overhead=None)
        self._prepared = {}

    def prepared_for(self, policy):
        """The body traced and converted for `policy` (full and sqrt: the
        body one checkpoint block, whose inputs are the iteration's)."""
        key = policy in ("full", "sqrt")
        if key not in self._prepared:
            self._prepared[key] = _prepare(self.body, self.specs, dict(self.o, policy=policy))
        return self._prepared[key]

    def plan(self, **options):
        """The body's plan under `options` (on top of the function's), with
        `per_iteration`: the bytes of the values it saves beyond the body's
        inputs."""
        o = dict(self.o, **options)
        info = _plan(self.prepared_for(o["policy"]), o)
        info.applier = functools.partial(info.applier, fenced=False)
        leaves = set(info.converted.jaxpr.invars[:info.trace.num_leaves])
        info.per_iteration = _nbytes([v.aval for v in info.saved if v not in leaves])
        return info

    def plan_within(self, budget):
        """Policy auto's plan at `budget`, or at the least peak of remat's
        model where `budget` is below it."""
        try:
            return self.plan(policy="auto", budget=budget, max_overhead=None)
        except BudgetError as error:
            if error.least_peak is None:
                raise
            return self.plan(policy="auto", budget=error.least_peak, max_overhead=None)


class _Rolled:
    """The function with each planned scan's body replaced by its plan
    (`bodies`: {id(scan eqn): PlanInfo}), the rest evaluated as traced."""

    def __init__(self, trace, bodies):
        self.trace, self.bodies = trace, bodies

    def fn(self, *flat):
        closed = self.trace.closed
        return _eval_unrolled(closed.jaxpr, closed.consts, flat, self._scan)

    def __call__(self, *args):
        return self.trace.call_flat(self.fn, args)

    def _scan(self, eqn, ins):
        params = eqn.params
        if id(eqn) not in self.bodies:
            return eqn.primitive.bind(*ins, **eqn.primitive.get_bind_params(params))
        applied = self.bodies[id(eqn)].apply()
        nc, nk = params["num_consts"], params["num_carry"]
        consts, init, xs = ins[:nc], list(ins[nc:nc + nk]), list(ins[nc + nk:])

        def body(carry, x):
            outs = applied(*consts, *carry, *x)
            return list(outs[:nk]), list(outs[nk:])
        carry, ys = jax.lax.scan(body, init, xs, length=params["length"],
                                 reverse=params["reverse"], unroll=params["unroll"])
        return list(carry) + list(ys)


def rolled_plan(fun, args, o, trace, verify=False, rounds=3):
    """The plan of `fun` at `args` (traced as `trace`) with its scans
    planned rolled: a PlanInfo whose `scans` lists, per scan, its `length`,
    the body's `plan` (a PlanInfo: report, saved vars, IR) and its
    `per_iteration` bytes; its report has "rolled_scans" (those figures and
    each body's report), "result" and "baseline" (the bodies' peaks with
    repeat=, summed, and their estimated times times their lengths) and,
    where XLA compiled the step, "xla". With a budget and `verify`, the
    budget is verified in XLA's total of the rolled step (xla._verify_rounds:
    max(`rounds`, ROLLED_ROUNDS) rounds, the fixed policies' plans cheaper
    than every plan that fitted, then policy full's where none fits;
    BudgetError with XLA's figures where none fits); without `verify`, the
    bodies are planned at the budget in remat's model."""
    from .xla import _round_options, _verify_rounds
    bodies = [_Body(eqn, o) for eqn in _trace_scans(trace)]

    def combined(picks):
        info = _adapter.PlanInfo(_signature(args))
        info.options, info.trace = o, trace
        info.scans = [dict(length=b.length, plan=p, per_iteration=p.per_iteration)
                      for b, p in zip(bodies, picks)]
        mapping = {id(b.eqn): p for b, p in zip(bodies, picks)}
        info.applier = lambda *_: _Rolled(trace, mapping)
        info.num_ops = sum(p.num_ops for p in picks)
        info.ir = "\n".join(p.ir for p in picks)
        info.memory, info.memory_note = picks[0].memory, picks[0].memory_note
        for key in ("trace", "convert", "plan"):
            info.times[key] = sum(p.times.get(key, 0.0) for p in picks)
        info.report = {
            "rolled_scans": [
                dict(length=b.length, body_ops=p.num_ops, policy=p.options["policy"],
                     budget_bytes=p.options["budget"], saved_bytes_per_iteration=p.per_iteration,
                     report=p.report) for b, p in zip(bodies, picks)],
            "result": _summed(bodies, picks, "result"),
            "baseline": _summed(bodies, picks, "baseline"),
            "memory": info.memory}
        return info

    policy, budget = o["policy"], o["budget"]
    if policy != "auto":
        return combined([b.plan(policy=policy) for b in bodies])
    if budget is None:
        return combined([b.plan(policy="auto", max_overhead=o["max_overhead"])
                         for b in bodies])
    # Each body's share of an internal budget: in proportion to its
    # peak without recomputation.
    nones = [b.plan(policy="none") for b in bodies]
    total = sum(p.report["result"]["peak_bytes"] for p in nones)
    if isinstance(budget, _options.RelativeBudget):
        # Of the scans' peaks without recomputation, summed as the step's.
        budget = budget.resolve(total, sum(p.report["result"]["saved_activation_bytes"]
                                           for p in nones))
    shares = [p.report["result"]["peak_bytes"] / total for p in nones]

    def plan_at(internal):
        return combined([b.plan_within(max(1, int(internal * share)))
                         for b, share in zip(bodies, shares)])
    if not verify:
        # remat's model alone: a budget below a body's least peak is the
        # planner's BudgetError (its least peak scaled to the whole budget
        # where the body had a share of it).
        picks = []
        for b, share in zip(bodies, shares):
            try:
                picks.append(b.plan(policy="auto", budget=max(1, int(budget * share)),
                                    max_overhead=None))
            except BudgetError as error:
                if error.least_peak is not None and len(bodies) > 1:
                    error.least_peak = int(error.least_peak / share) + 1
                raise
        return combined(picks)

    def candidates():
        # The fixed policies' plans (each once: some coincide).
        plans, seen = [], set()
        for p in ("none", "selective", "dots", "dots_no_batch"):
            info = combined(nones if p == "none" else [b.plan(policy=p) for b in bodies])
            info.policy = p
            key = tuple(frozenset(s["plan"].saved) for s in info.scans)
            if key not in seen:
                seen.add(key)
                plans.append(info)
        return plans
    # A rolled step compiles in about the time of one iteration: more
    # rounds than an unrolled step's.
    verified = dict(_round_options(o),
                    what=o.get("what", "the compiled step") + ", its scans rolled")
    return _verify_rounds(plan_at, budget, max(rounds, ROLLED_ROUNDS),
                          full=lambda: combined([b.plan(policy="full") for b in bodies]),
                          candidates=candidates, **verified)


def _summed(bodies, picks, key):
    """The bodies' reports' `key` figures ("result" or "baseline") as the
    scans' in the step: peaks (with repeat=) summed, times and FLOPs times
    each scan's length."""
    figures = [p.report[key] for p in picks]
    return dict(
        peak_bytes=sum(f["peak_bytes"] for f in figures),
        estimated_time_s=sum(b.length * f["estimated_time_s"] for b, f in zip(bodies, figures)),
        flops=sum(b.length * f["flops"] for b, f in zip(bodies, figures)),
        recompute_flops=sum(b.length * f["recompute_flops"] for b, f in zip(bodies, figures)))
