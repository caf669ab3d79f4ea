"""A budget for a whole training step, shared by its compiled regions.

A compiled model is often several regions, each partitioned alone: graph
breaks, DDP's buckets (DDPOptimizer splits the graph), FSDP2's per-layer
modules. What a region's forward hands its backward is held while every
later region runs, so a per-region budget bounds one region, not the step.
`StepBudget` plans the step: one dry forward+backward records the regions
and the order their forwards run in, each region's Pareto frontier of plans
(peak, held bytes, time) comes from remat-opt, and one plan per region is
chosen so that the step's peak in the step model is within an internal
budget, at the least estimated time. Each round's plans are then compiled
and the step run again, its peak measured as measure_peak measures it (or
by the CUDA allocator's statistics); the internal budget moves by what the
measurement is over or under the budget (the search remat.jax and the
Inductor rounds use) until a measured step fits.

The step model, for region calls 1..n in forward order, region i with
plan p_i:
    peak(step) = max over i of  sum_{j<i} left(p_j) + sum_{j>i} grads(j) + own(p_i)
    left(p) = the plan's held bytes (its forward's values its backward
              reads) + the bytes of its forward's outputs
    grads(j) = the bytes of region j's backward's outputs (the gradients
               it leaves while the regions before it run their backward)
    own(p) = the plan's peak less its arguments (what the region allocates
             while it runs, forward and backward)
It is an upper bound where the regions run as remat simulated them (each
term is live at once only in the worst case: the later regions' gradients
exist only during the backward) and leaves out what the step allocates
outside the regions (the loss outside a region, DDP's buckets, FSDP2's
all-gathered parameters); the measured rounds correct for both. docs/PyTorch.md, "A budget for the whole step"."""

import copy
import functools
import hashlib
import math
import time

import torch

from .. import _adapter
from .. import options as _options
from .. import planner as _planner
from . import backends as _backends
from . import partitioner as _partition
from . import _common
from ._common import COMPILERS, _PLANS
from .measure import _bytes, _profiled_allocations


def _key(joint_module):
    """A region's key: its joint graph's code and its inputs' shapes,
    strides and dtypes (the same graph compiled again has the same key; its
    IR may differ in the kernel temporaries measured while converting)."""
    inputs = [(tuple(v.shape), tuple(v.stride()), str(v.dtype)) if isinstance(v, torch.Tensor)
              else repr(v)
              for v in (n.meta.get("val") for n in joint_module.graph.find_nodes(op="placeholder"))]
    return hashlib.sha1((joint_module.code + repr(inputs)).encode()).hexdigest()[:16]


def _output_bytes(module, count=None):
    """The bytes of the first `count` outputs of an FX graph (all: None)."""
    outputs = list(module.graph.find_nodes(op="output"))[0].args[0][:count]
    return sum(_bytes(n.meta.get("val")) for n in outputs if hasattr(n, "meta"))


class _Region:
    """One distinct joint graph of the step (by its key), called `calls`
    times, from the PlanInfo of its recording's partition: its candidate
    plans as (own peak, held bytes, estimated time) triples, none worse than
    another in all three, cheapest first; the bytes of its forward's outputs
    and of its backward's (the gradients). A plan's peak trades against what
    it holds only where the function is repeated: the candidates are the
    union of remat-opt's frontiers under repeat=1, 2, the calls after the
    first and one more (`later` + 1), the calls, and 4 x (`later` + 1)
    (each point's own peak: its peak less repeat-1 times its held bytes)."""

    def __init__(self, key, info, device, calls, later):
        self.key, self.ir, self.device, self.calls = key, info.ir, device, calls
        self.output_bytes = _output_bytes(info.fw_module, info.num_fwd_outputs)
        self.gradient_bytes = _output_bytes(info.bw_module)
        ir = info.ir
        found = {}    # (own peak, held, time) -> (repeat, peak under it)
        for repeat in sorted({1, 2, later + 1, calls, 4 * (later + 1)}):
            report = _planner.plan(ir, policy="auto", budget=1 << 60, device=device,
                                   pareto=True, skip_useless=False, repeat=repeat)
            self.argument_bytes = report["argument_bytes"]
            for p in report["pareto"]:
                held = p["held_bytes"]
                found.setdefault((p["peak_bytes"] - (repeat - 1) * held - self.argument_bytes,
                                  held, p["estimated_time_s"]), (repeat, p["peak_bytes"]))
        self.points = sorted(
            (t for t in found
             if not any(u != t and all(a <= b for a, b in zip(u, t)) for u in found)),
            key=lambda t: (t[2], t[0], t[1]))
        self.plan_at = [found[t] for t in self.points]

    def own(self, i):
        return self.points[i][0]

    def left(self, i):
        return self.points[i][1] + self.output_bytes

    def time(self, i):
        return self.points[i][2]

    def options(self, i):
        """The partition's planner options that make candidate i: policy
        auto at its peak under the repeat= it was found with (auto takes the
        cheapest plan within it)."""
        repeat, peak = self.plan_at[i]
        return dict(policy="auto", budget=peak, repeat=repeat)


def step_model(calls, regions, pick):
    """The step's peak in the step model (module docstring) for the plans
    `pick` (region key -> candidate index), and each call's figure."""
    held, figures = 0, []
    gradients = [regions[key].gradient_bytes for key in calls]
    later = sum(gradients)
    for key, grads in zip(calls, gradients):
        region, i = regions[key], pick[key]
        later -= grads
        figures.append(held + later + region.own(i))
        held += region.left(i)
    return max(figures), figures


# choose() tries every combination of the regions' candidates where there
# are at most this many.
EXACT_COMBINATIONS = 200_000


def _enumerable(regions):
    """Whether choose() tries every combination of the regions' candidates."""
    return math.prod(len(r.points) for r in regions.values()) <= EXACT_COMBINATIONS


def _step_time(regions, pick):
    return sum(regions[key].time(i) * regions[key].calls for key, i in pick.items())


def _enumerated(calls, regions, budget):
    """choose() by trying every combination: the least step time within
    the budget (ties: the lower step peak), or (None, the least step peak)."""
    import itertools
    keys = list(regions)
    best, least = None, None
    for combo in itertools.product(*(range(len(regions[k].points)) for k in keys)):
        pick = dict(zip(keys, combo))
        peak = step_model(calls, regions, pick)[0]
        least = peak if least is None else min(least, peak)
        if peak <= budget:
            figure = (_step_time(regions, pick), peak)
            if best is None or figure < best[0]:
                best = (figure, pick)
    if best is None:
        return None, least
    return best[1], best[0][1]


# The greedy search moves among at most this many candidates per region
# (spread over the region's candidates in time order).
GREEDY_CANDIDATES = 48


def _spread(region):
    """The candidates the greedy search moves among: every one where there
    are at most GREEDY_CANDIDATES, else that many spread evenly in time
    order, with the ones of least own peak and least held bytes."""
    n = len(region.points)
    if n <= GREEDY_CANDIDATES:
        return list(range(n))
    picked = {round(k * (n - 1) / (GREEDY_CANDIDATES - 1)) for k in range(GREEDY_CANDIDATES)}
    picked.add(min(range(n), key=lambda i: (region.points[i][0], region.points[i][2])))
    picked.add(min(range(n), key=lambda i: (region.points[i][1], region.points[i][2])))
    return sorted(picked)


def choose(calls, regions, budget):
    """One candidate per region such that the step model's peak is within
    `budget`, at the least estimated step time the greedy search finds:
    from every region's cheapest plan, the change of one region's plan that
    removes the most bytes over the budget (summed over the calls) per
    second of step time it adds, until the step fits; then each region's
    plan changed to a cheaper one wherever the step still fits. Returns
    (pick, peak), or (None, the least peak the search reached) when no
    change brings the step nearer the budget. The greedy search moves among
    at most GREEDY_CANDIDATES candidates per region (_spread). Where the regions have at
    most EXACT_COMBINATIONS combinations of candidates, every one is tried
    instead (the least time within the budget, exactly)."""
    if _enumerable(regions):
        return _enumerated(calls, regions, budget)
    pick = {key: 0 for key in regions}
    allowed = {key: _spread(region) for key, region in regions.items()}

    def over(p):
        return sum(max(0, f - budget) for f in step_model(calls, regions, p)[1])

    while over(pick) > 0:
        now, best = over(pick), None
        for key, region in regions.items():
            for i in allowed[key]:
                if i == pick[key]:
                    continue
                moved = dict(pick, **{key: i})
                gain = now - over(moved)
                if gain <= 0:
                    continue
                cost = _step_time(regions, moved) - _step_time(regions, pick)
                score = gain / max(cost, 1e-15)
                if best is None or score > best[0]:
                    best = (score, moved)
        if best is None:
            return None, step_model(calls, regions, pick)[0]
        pick = best[1]
    changed = True
    while changed:
        changed = False
        for key, region in regions.items():
            for i in (i for i in allowed[key] if i < pick[key]):
                moved = dict(pick, **{key: i})
                if step_model(calls, regions, moved)[0] <= budget:
                    pick, changed = moved, True
                    break
    return pick, step_model(calls, regions, pick)[0]


def _measure(fn, cuda):
    """fn()'s peak: the most bytes its own allocations held at once."""
    if cuda:
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()
        before = torch.cuda.memory_allocated()
        fn()
        torch.cuda.synchronize()
        return torch.cuda.max_memory_allocated() - before
    return _profiled_allocations(fn)[1]


def _agreed(value):
    """The largest value over the ranks of a process group, where one is
    initialized (every rank then makes the same plan)."""
    import torch.distributed as dist
    if not (dist.is_available() and dist.is_initialized()):
        return value
    device = "cuda" if dist.get_backend() == "nccl" else "cpu"
    t = torch.tensor([value], dtype=torch.int64, device=device)
    dist.all_reduce(t, op=dist.ReduceOp.MAX)
    return int(t.item())


class _DryRuns:
    """What plan()'s dry runs of the step change that the user's training
    would not see without remat, put back after them: the tensors the
    compiled regions write in place that no gradient flows to (BatchNorm's
    running statistics and num_batches_tracked: each region's inputs,
    copied when it is first compiled, before it first runs), the random
    number generators' states (dropout's masks draw from them), the
    parameters (given to plan() or held by its optimizers) and the
    optimizers' states and hyperparameters, copied to host memory before
    the runs and written back in place after them."""

    def __init__(self, parameters=(), optimizers=()):
        self.cuda = torch.cuda.is_available() and torch.cuda.is_initialized()
        self.rng = torch.random.get_rng_state()
        self.cuda_rng = torch.cuda.get_rng_state_all() if self.cuda else None
        self.tensors = {}   # id -> (tensor, its copy, its version counter then)
        # The optimizers' states, the parameters' values (copies in host
        # memory: a copy on the device would count in the runs' peaks).
        self.optimizers = [(o, _OptimizerState(o)) for o in optimizers]
        held = {id(p): p for o in optimizers for group in o.param_groups
                for p in group["params"]}
        self.parameters = {id(p): (p, p.detach().to("cpu", copy=True))
                           for p in list(parameters) + list(held.values())}
        # A parameter no given optimizer holds, written in place by a run (an
        # optimizer step plan() was not told of), is an error.
        self.watched = [(p, p._version) for p in parameters if id(p) not in held]

    def check(self):
        """ValueError where a run wrote a parameter in place that no
        optimizer given to plan() holds: an optimizer step inside the step,
        which the dry runs would apply several times (restore() puts it
        back)."""
        written = [p for p, version in self.watched if p._version != version]
        if written:
            raise ValueError(
                f"step() wrote {len(written)} parameter(s) in place (an optimizer step inside "
                "it?): pass the optimizer to plan(step, parameters, optimizer=...) so that its "
                "dry runs put the parameters and the optimizer's state back")

    def note(self, inputs):
        """Copies the tensors among a region's `inputs` that it may write
        (those that need no gradient) and are not copied yet."""
        for x in inputs:
            if isinstance(x, torch.Tensor) and not x.requires_grad and id(x) not in self.tensors:
                self.tensors[id(x)] = (x, x.detach().clone(), x._version)

    def restore(self):
        """Puts back every noted tensor that was written since, and the
        generators' states."""
        with torch.no_grad():
            for x, saved, version in self.tensors.values():
                if x._version != version:
                    x.copy_(saved)
            for p, saved in self.parameters.values():
                p.copy_(saved)   # (also where an optimizer replaced p.data)
            for _, state in self.optimizers:
                state.restore()
        self.optimizers, self.parameters = [], {}
        torch.random.set_rng_state(self.rng)
        if self.cuda:
            torch.cuda.set_rng_state_all(self.cuda_rng)
        self.tensors = {}


class _OptimizerState:
    """An optimizer's per-parameter state and its groups' hyperparameters,
    copied (tensors to host memory), and put back in place: the same state
    tensors hold the old values (their dtypes and devices kept, as a
    compiled or CUDA-graphed optimizer step expects), entries the runs
    added are deleted (an optimizer never stepped is empty again)."""

    def __init__(self, optimizer):
        self.optimizer = optimizer
        self.state = {p: {k: _host_copy(v) for k, v in entry.items()}
                      for p, entry in optimizer.state.items()}
        self.groups = [{k: _host_copy(v) for k, v in group.items() if k != "params"}
                       for group in optimizer.param_groups]

    def restore(self):
        state = self.optimizer.state
        for p in list(state):
            if p not in self.state:
                del state[p]
        for p, saved in self.state.items():
            entry = state[p]
            for k in [k for k in entry if k not in saved]:
                del entry[k]
            for k, value in saved.items():
                now = entry.get(k)
                if (isinstance(value, torch.Tensor) and isinstance(now, torch.Tensor)
                        and now.shape == value.shape and now.dtype == value.dtype):
                    now.copy_(value)
                elif isinstance(value, torch.Tensor):
                    entry[k] = value.to(now.device if isinstance(now, torch.Tensor)
                                        else p.device)
                else:
                    entry[k] = value
        for group, saved in zip(self.optimizer.param_groups, self.groups):
            group.update(saved)


def _host_copy(value):
    """A copy of `value`: a tensor's in host memory, other values deep."""
    if isinstance(value, torch.Tensor):
        return value.detach().to("cpu", copy=True)
    return copy.deepcopy(value)


class StepBudget:
    """A `torch.compile` backend with one budget for the whole step
    (`backend`), planned by `plan(step)`. budget: the most bytes a forward
    and backward step may allocate at once, beyond the tensors that exist
    before it (parameters, inputs, optimizer state), as measure_peak (CPU)
    or the CUDA allocator's peak measures it. The other options are
    backend()'s (compiler "eager" or "inductor", memory; policy auto; no
    offload). rounds: the most plans tried after the recording step;
    measure_runs: the runs measured per plan (the largest counts)."""

    def __init__(self, budget, *, rounds=3, measure_runs=2, compiler="eager", device=None,
                 strict=True, keep_outputs=True, user_checkpoints="honor", collectives="keep",
                 collective_cost=10.0, temporaries=None, memory=None, decompositions=None):
        if budget is None:
            raise ValueError("StepBudget needs a budget (bytes, or a string such as \"8GiB\")")
        for name, value in (("rounds", rounds), ("measure_runs", measure_runs)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{name} must be a positive int, not {value!r}")
        self.measure_runs = measure_runs
        _options.choice(compiler, COMPILERS, "compiler")
        self._compiler = compiler
        self._options = _partition._planner_options(
            "auto", budget, None, device, strict, keep_outputs, user_checkpoints, collectives,
            collective_cost, "measure" if temporaries is None else temporaries,
            memory or ("inductor" if compiler == "inductor" else "ops"))
        self.budget = self._options["budget"]
        _common._tangents_held()      # (found now, outside any compilation)
        self.rounds = rounds
        self._decompositions = decompositions
        self._budgets = None      # region key -> planner options; None: recording (policy none)
        self._calls = None        # region keys in forward order, while recording
        self._infos = {}          # region key -> PlanInfo of its recording's partition
        self._cuda = False
        self._dry_runs = None     # _DryRuns while plan() runs the step
        self.report = None

    # -- the backend -----------------------------------------------------
    def _region_options(self, joint_module, text, info):
        """The partition's options for a region: policy none while
        recording; then its candidate's options, planned on the IR the
        recording converted (the same plan in every compile)."""
        key = info.step_region = _key(joint_module)
        if self._budgets is None:
            self._infos.setdefault(key, info)
            return dict(policy="none", budget=None)
        if key not in self._budgets:
            _adapter.warn_fallback(
                "planning it alone at the step's budget",
                f"region {key} was not in the step StepBudget.plan() ran", stacklevel=3)
            return {}
        return dict(self._budgets[key], ir=self._infos[key].ir)

    def _compile_region(self, gm, example_inputs):
        """The backend: the region compiled by the chosen compiler with
        remat as its partition, then wrapped so that each call of its
        forward is recorded while plan() records."""
        if self._dry_runs is not None:
            self._dry_runs.note(example_inputs)
        planned = len(_PLANS)
        options = dict(self._options, _region_options=self._region_options)
        if self._compiler == "inductor":
            from torch._functorch import config as functorch_config
            from torch._inductor import config as inductor_config
            from torch._inductor.compile_fx import compile_fx

            from .. import inductor as _inductor
            # (The graph caches off: a cached region is not partitioned, so
            # its plan could not be chosen.)
            with inductor_config.patch(custom_partitioner_fn=_backends.RematPartitioner(**options)), \
                    _inductor.graph_caches_off(), \
                    functorch_config.patch(force_non_lazy_backward_lowering=True):
                inner = compile_fx(gm, example_inputs)
        else:
            from torch._dynamo.backends.common import aot_autograd
            from torch._dynamo.backends.debugging import boxed_nop
            inner = aot_autograd(fw_compiler=boxed_nop, bw_compiler=boxed_nop,
                                 decompositions=_backends._decompositions(self._decompositions),
                                 partition_fn=functools.partial(_partition.partition, **options))(
                                     gm, example_inputs)
        infos = _PLANS.plans()[planned:]
        info = infos[-1] if infos else None
        key = None
        if info is not None and info.fallback is None and info.fw_module is not None:
            key = info.step_region
        self._cuda = self._cuda or any(isinstance(x, torch.Tensor) and x.is_cuda
                                       for x in example_inputs)
        boxed = getattr(inner, "_boxed_call", False)

        def run(*args):
            if self._calls is not None:
                self._calls.append(key)
            return inner(*args)
        run._boxed_call = boxed
        return run

    @property
    def backend(self):
        """The `torch.compile` backend of this step budget."""
        return self._compile_region

    # -- planning --------------------------------------------------------
    def _run(self, step, parameters, warm_ups=1):
        """Compiles the regions afresh (a first run of the step), runs it
        `warm_ups` - 1 more times, then measures `measure_runs` runs and
        returns the largest (of every rank): compiling allocates (the kernel
        temporaries' measurement), DDP's second iteration allocates once
        (its buckets are rebuilt after the first), and where communication
        overlaps the step (FSDP2's prefetches over gloo) the peak varies
        from run to run."""
        torch._dynamo.reset()
        calls, peak = self._calls, 0
        for run in range(warm_ups + self.measure_runs):
            self._calls = calls if run == warm_ups else None
            for p in parameters:
                p.grad = None
            if run < warm_ups:
                step()
            else:
                peak = max(peak, _measure(step, self._cuda))
            if self._dry_runs is not None:
                self._dry_runs.check()   # (before another run repeats the write)
        self._calls = calls
        for p in parameters:
            p.grad = None
        return _agreed(peak)

    def plan(self, step, parameters=(), optimizer=None):
        """Plans the step: `step()` runs one forward and backward of the
        model compiled with this backend (`lambda: model(x).sum().backward()`),
        and the optimizer's step where `optimizer` is given;
        it runs 2 + measure_runs times to record the regions (policy none),
        then 1 + measure_runs times per round with the plans chosen. `parameters` (a Module or tensors):
        their gradients are set to None before and after each run (pass
        the model's, so that each run allocates its gradients as a
        training step after zero_grad does). optimizer: a torch.optim
        optimizer (or a list of them) that `step()` steps: the budget then
        covers its update (its state, created by the first run, exists
        before the measured runs, as in training after the first step).
        What these dry runs write
        (BatchNorm's running statistics, the random generators' states,
        the optimizers' parameters and states: _DryRuns) is put back after
        them, so that training then runs as
        it would without remat; a run that writes a parameter in place that
        no given optimizer holds is a ValueError. Resets torch._dynamo's caches
        before each run and after (torch._dynamo.reset()): the next call
        compiles each region with its plan. Returns the report (also
        `self.report`); raises planner.BudgetError when no round fits."""
        if isinstance(parameters, torch.nn.Module):
            parameters = list(parameters.parameters())
        parameters = list(parameters)
        optimizers = ([] if optimizer is None else list(optimizer)
                      if isinstance(optimizer, (list, tuple)) else [optimizer])
        for o in optimizers:
            if not isinstance(o, torch.optim.Optimizer):
                raise ValueError(f"optimizer must be a torch.optim.Optimizer (or a list of "
                                 f"them), not {type(o).__name__}")
        self._dry_runs = _DryRuns(parameters, optimizers)
        try:
            return self._plan(step, parameters)
        finally:
            self._dry_runs.restore()
            self._dry_runs = None

    def _plan(self, step, parameters):
        start = time.perf_counter()
        self._budgets, self._calls, self._infos = None, [], {}
        recorded = self._run(step, parameters, warm_ups=2)
        calls, self._calls = self._calls, None
        if None in calls:
            raise _planner.PlanError("a region of the step fell back to PyTorch's partition "
                                     "(remat's warning says why): the step cannot be planned")
        if not calls:
            raise _planner.PlanError("the step ran no region compiled with this backend")
        device = self._options["device"] or ("h200" if self._cuda else "cpu")
        # A relative budget: of the recording step's measured peak (policy
        # none), or of the activations the regions' plans of none save.
        spec = self._options["budget"]
        if isinstance(spec, _options.RelativeBudget):
            self.budget = spec.resolve(recorded, sum(
                (self._infos[key].report or {}).get("baseline", {}).get(
                    "saved_activation_bytes", 0) for key in calls))
        regions = {}
        for key in dict.fromkeys(calls):
            regions[key] = _Region(key, self._infos[key], device, calls.count(key),
                                   len(calls) - 1 - calls.index(key))
        none = {key: 0 for key in regions}
        rounds = [dict(internal_budget_bytes=None, model_peak_bytes=step_model(
            calls, regions, none)[0], measured_peak_bytes=recorded,
            estimated_time_s=_step_time(regions, none), policy="none")]
        # The first internal budget: the budget less what the recording
        # step measured beyond the model (allocations outside the regions).
        tried, fits, least = [], [], None
        internal = max(1, self.budget - (recorded - rounds[0]["model_peak_bytes"]))
        while len(tried) < self.rounds:
            pick, modelled = choose(calls, regions, internal)
            if pick is None:
                least = modelled
                if tried:
                    break
                # Below the least peak of the model: plan that least peak
                # (the step may allocate less than the model).
                pick, modelled = choose(calls, regions, modelled)
                if pick is None:
                    raise _planner.BudgetError(
                        f"no plan of the step fits the budget {self.budget} bytes: the least "
                        f"step peak of remat's step model is {least} bytes",
                        least_peak=least)
            self._budgets = {key: regions[key].options(i) for key, i in pick.items()}
            measured = self._run(step, parameters)
            estimated = _step_time(regions, pick)
            entry = dict(internal_budget_bytes=internal, model_peak_bytes=modelled,
                         measured_peak_bytes=measured, estimated_time_s=estimated,
                         pick=dict(pick), budgets=dict(self._budgets))
            rounds.append(entry)
            tried.append((internal, measured))
            _adapter.log_round("StepBudget", len(tried), internal, measured, self.budget,
                               "measured step peak")
            if measured <= self.budget:
                fits.append(entry)
            cheapest = all(i == 0 for i in pick.values())
            following = _adapter.next_internal_budget(tried, self.budget, {
                "result": {"peak_bytes": modelled, "estimated_time_s": 0 if cheapest else 1},
                "baseline": {"estimated_time_s": 0}})
            if following is None:
                break
            internal = following
        torch._dynamo.reset()
        best = min(fits, key=lambda e: (e["estimated_time_s"], e["measured_peak_bytes"]),
                   default=None)
        self.report = dict(
            budget_bytes=self.budget, device=device, calls=len(calls),
            search="exact" if _enumerable(regions) else "greedy",
            regions=[dict(key=key, calls=r.calls, argument_bytes=r.argument_bytes,
                          output_bytes=r.output_bytes, gradient_bytes=r.gradient_bytes,
                          candidates=len(r.points))
                     for key, r in regions.items()],
            rounds=rounds, planning_time_s=time.perf_counter() - start)
        if best is None:
            reached = min(e["measured_peak_bytes"] for e in rounds[1:])
            self._budgets = rounds[-1]["budgets"]
            message = (f"no plan of the step fits the budget {self.budget} bytes: the measured "
                       f"step peaks were " + ", ".join(
                           f"{e['measured_peak_bytes']} bytes at an internal budget of "
                           f"{e['internal_budget_bytes']}" for e in rounds[1:])
                       + f"; the least measured is {reached} bytes"
                       + (f" (the least step peak of remat's step model is {least} bytes)"
                          if least is not None else ""))
            if self._options["strict"]:
                raise _planner.BudgetError(message, least_peak=reached)
            _adapter.warn_fallback("keeping the last round's plans", message, stacklevel=2)
        else:
            self._budgets = best["budgets"]
            self.report.update(chosen=best, measured_peak_bytes=best["measured_peak_bytes"],
                               estimated_time_s=best["estimated_time_s"])
        return self.report
