"""The torch.compile backends: `backend()` (remat's partition under the eager
compiler or Inductor, with Inductor's budget rounds), `pytorch_backend()`
(PyTorch's own partitioners, for comparison), and the custom partitioners
Inductor calls.
"""

import contextlib
import functools
import inspect
import time

import torch
from torch._functorch import partitioners as _partitioners

from .. import _adapter
from .. import builder as _builder
from .. import options as _options
from .. import planner as _planner
from . import _common
from ._common import COMPILERS, _PLANS, _new_plan
from .measure import _shares_storage
from .partitioner import (_fallback_temporary, _has_symbolic_sizes, _log_region, _planner_options,
                        partition)


def backend(policy="auto", budget=None, max_overhead=None, device=None, compiler="eager",
            decompositions=None, strict=True, keep_outputs=True, user_checkpoints="honor",
            collectives="keep", collective_cost=10.0, temporaries=None, memory=None,
            verify_rounds=3, compilers=None, offload=False, host_budget=None,
            skip_useless=False, timeline=False):
    """A `torch.compile` backend that partitions with remat. Every option is
    checked here: a bad one raises ValueError at once, naming the valid
    forms (budget: bytes, or a string such as "8GiB" or "8 GiB").

    With neither a budget nor a max_overhead, policy auto plans the least
    peak whose estimated recompute time is at most
    remat.options.DEFAULT_MAX_OVERHEAD (5%) of the step.

    compiler="eager" (default): AOTAutograd with the forward and backward run
    as FX graphs (what PyTorch's `aot_eager` backend does), after the core
    ATen decompositions: the plan runs as remat simulated it.
    compiler="inductor": Inductor compiles both graphs, with remat as its
    custom partitioner (`torch._inductor.config.custom_partitioner_fn`),
    planning on the buffers Inductor allocates (memory="inductor") and
    reading each compiled step's peak from Inductor's own wrapper code
    (PlanInfo.inductor); with a budget, up to `verify_rounds` compiles
    replan until that peak is within it (docs/PyTorch.md, "Under
    Inductor").
    memory: the memory model: "inductor" (the default with Inductor: the
    values Inductor allocates, every other node inlined into the ops that
    read it) or "ops" (the default with the eager compiler: one buffer per
    ATen op).
    keep_outputs: whether the caller holds the forward's outputs (the loss,
    the logits, ...) until the backward is done (True, the safe default:
    `out = model(x); out.loss.backward()` does) or only the first (False:
    `model(x).loss.backward()` drops the logits as the forward returns).
    user_checkpoints: what torch.utils.checkpoint regions in the compiled
    code (and selective activation checkpointing's policies) are to the
    plan: "honor" (default) saves what they save and recomputes what they
    recompute, "must" only their MUST_SAVE / MUST_RECOMPUTE decisions (the
    PREFER_* ones are remat's to make), "ignore" plans freely.
    collectives: what the plan may do with functional collectives
    (tensor parallelism's all-reduces, FSDP's all-gathers): "keep"
    (default: never recomputed, their results saved where the backward
    needs them) or "recompute" (at the cost of communicating again: reading
    `collective_cost` times the bytes a device sends, the device's memory
    bandwidth over its link bandwidth).
    temporaries: the kernels' own temporaries in the plan: "measure"
    (the default: each op's kernel is run once per argument signature on
    zero-filled tensors while the graph is partitioned, and what it
    allocates beyond its results is held while the op runs in the plan;
    with Inductor only the ops it runs as ATen fallback kernels, since it
    generates the others; PlanInfo.temporaries lists them) or "none".
    offload: policy auto may also offload saved values to host memory
    (copied out after their last forward read, back ahead of their first
    backward read: docs/PyTorch.md, "Host offload"); policy "offload" is
    the fixed policy that keeps everything and offloads what hides behind
    compute. Both need a device with a host link: the step's tensors on
    CUDA (planned as h200 by default) or `device=` naming one.
    host_budget: the most bytes offloaded values may hold in host memory
    at once (bytes or a string as budget; implies offload under auto).
    skip_useless: True: a fixed policy (full, sqrt, selective, dots) whose
    plan peaks at policy none's takes none's plan, which recomputes nothing;
    False (the default) applies the policy as stated. (Not remat-opt's
    default: a compiled region may be one of several, under graph breaks
    or FSDP2's per-layer compiles, and what it hands its backward is held
    while the other regions run, so a plan at the region's own peak can
    still save the step's memory.)
    timeline: True: each plan's report also has the bytes live at each op
    before and after the rewrite and the Pareto frontier (remat-opt's
    timeline=true pareto=true), which `PlanInfo.plot()` draws; planning
    takes longer (the frontier is computed under any policy).
    compilers: (forward, backward) graph compilers in place of the eager
    ones (what a benchmark that only partitions passes).

    Each planned region logs one INFO line on the "remat" logger (policy,
    budget, peak against policy none's, recompute FLOPs, planning time);
    a fallback is a warning."""
    _options.choice(compiler, COMPILERS, "compiler")
    if temporaries is None:
        temporaries = "measure"
    if memory is None:
        memory = "inductor" if compiler == "inductor" else "ops"
    if not isinstance(verify_rounds, int) or isinstance(verify_rounds, bool) or verify_rounds < 1:
        raise ValueError(f"verify_rounds must be a positive int, not {verify_rounds!r}")
    options = _planner_options(policy, budget, max_overhead, device, strict, keep_outputs,
                               user_checkpoints, collectives, collective_cost, temporaries,
                               memory, offload, host_budget, skip_useless, timeline=timeline)
    _common._tangents_held()    # (found now, outside any compilation)
    if compiler == "inductor":
        return _inductor_backend(options, verify_rounds)
    from torch._dynamo.backends.common import aot_autograd
    # Boxed calls (what aot_eager uses): each graph clears its argument list,
    # so a saved tensor is freed after its last use in the backward.
    from torch._dynamo.backends.debugging import boxed_nop

    fw_compiler, bw_compiler = compilers or (boxed_nop, boxed_nop)
    return aot_autograd(fw_compiler=fw_compiler, bw_compiler=bw_compiler,
                        decompositions=_decompositions(decompositions),
                        partition_fn=functools.partial(partition, **options))

def pytorch_backend(partitioner="default", memory_budget=None, decompositions=None,
                    compilers=None, compiler="eager", keep_outputs=True):
    """The same AOTAutograd setup as backend() (boxed FX graphs, core ATen
    decompositions) with one of PyTorch's partitioners instead of remat's:
    "default" (saves what the forward computes and the backward needs) or
    "min_cut" (min_cut_rematerialization_partition; `memory_budget` sets
    torch._functorch.config.activation_memory_budget while it partitions).
    For comparisons: the two backends differ in the partition alone.
    compiler="inductor": Inductor compiles the graphs, with PyTorch's
    partitioner as its custom partitioner (what torch.compile's default
    does, with the partition recorded in plans()); its caches are bypassed
    and PlanInfo.inductor holds the step's peak read from Inductor's code,
    as backend(compiler="inductor") does (`keep_outputs`: whether the caller
    holds the forward's outputs through the backward)."""
    from torch._dynamo.backends.common import aot_autograd
    from torch._dynamo.backends.debugging import boxed_nop

    if partitioner not in ("default", "min_cut"):
        raise ValueError(f"partitioner must be 'default' or 'min_cut', got {partitioner!r}")
    _options.choice(compiler, COMPILERS, "compiler")
    _common._tangents_held()    # (found now, outside any compilation)
    if compiler == "inductor":
        if compilers is not None or decompositions is not None:
            raise ValueError("pytorch_backend(compiler='inductor') takes no compilers= or "
                             "decompositions=: Inductor's are used")
        return _inductor_compile(PyTorchPartitioner(partitioner, memory_budget), keep_outputs)
    fw_compiler, bw_compiler = compilers or (boxed_nop, boxed_nop)
    return aot_autograd(fw_compiler=fw_compiler, bw_compiler=bw_compiler,
                        decompositions=_decompositions(decompositions),
                        partition_fn=functools.partial(_pytorch_partition, partitioner,
                                                       memory_budget))

def _pytorch_partition(partitioner, memory_budget, *args, **kwargs):
    """PyTorch's partitioner, recorded in plans() as a PlanInfo."""
    from torch._functorch import config as functorch_config
    info = _new_plan()
    info.partitioner = partitioner
    start = time.perf_counter()
    if partitioner == "default":
        # (Inductor passes its partitioner min-cut's keywords, `compiler`
        # among them; the default partition takes fewer.)
        accepted = inspect.signature(_partitioners.default_partition).parameters
        modules = _partitioners.default_partition(
            *args, **{k: v for k, v in kwargs.items() if k in accepted})
    else:
        budget = 1.0 if memory_budget is None else memory_budget
        with functorch_config.patch(activation_memory_budget=budget):
            modules = _partitioners.min_cut_rematerialization_partition(*args, **kwargs)
    info.planning_time_s = time.perf_counter() - start
    info.fw_module, info.bw_module = modules
    info.joint_module, info.num_fwd_outputs = args[0], kwargs.get("num_fwd_outputs")
    if not _has_symbolic_sizes(args[0]):
        from .. import inductor as _inductor
        info.value_bytes = _inductor.value_bytes(args[0], _shares_storage)
    return modules

def _decompositions(table):
    """Inductor's decomposition table by default: the joint graph the planner
    sees is the one Inductor would partition. (Not the core ATen table: with
    torch 2.15 it gave GPT-2 gradients off by up to 1.25 from eager's.)"""
    if table is not None:
        return table
    from torch._inductor.decomposition import select_decomp_table
    return select_decomp_table()

def _custom_partitioner_base():
    from torch._inductor.custom_graph_pass import CustomPartitionerFn
    return CustomPartitionerFn

class RematPartitioner(_custom_partitioner_base()):
    """remat as Inductor's custom partitioner
    (torch._inductor.config.custom_partitioner_fn); backend(compiler=
    "inductor") installs it. Picklable, so that Inductor's caches can key on
    it: the key is the source of this module and of the modules it plans
    through, and the planner options."""

    def __init__(self, _at_least_peak=False, _log=True, **options):
        self.options = options
        self.at_least_peak = _at_least_peak
        self.log = _log
        _common._tangents_held()    # (found now where it can be: before Inductor compiles)

    def __call__(self, gm, joint_inputs, **kwargs):
        return partition(gm, joint_inputs,
                         fallback=_partitioners.min_cut_rematerialization_partition,
                         _at_least_peak=self.at_least_peak, _log=self.log, **self.options,
                         **kwargs)

    def uuid(self):
        from torch._inductor.custom_graph_pass import get_hash_for_files
        from .. import inductor as _inductor
        return (get_hash_for_files((__file__, _planner.__file__, _adapter.__file__,
                                    _builder.__file__, _inductor.__file__)),
                repr(sorted(self.options.items())), self.at_least_peak)

class PyTorchPartitioner(_custom_partitioner_base()):
    """PyTorch's partitioner as Inductor's custom partitioner, recorded in
    plans() (pytorch_backend(compiler="inductor"))."""

    def __init__(self, partitioner, memory_budget):
        self.partitioner, self.memory_budget = partitioner, memory_budget

    def __call__(self, gm, joint_inputs, **kwargs):
        return _pytorch_partition(self.partitioner, self.memory_budget, gm, joint_inputs,
                                  **kwargs)

    def uuid(self):
        return ("pytorch", self.partitioner, self.memory_budget)

def _inductor_figures(info, capture, keep_outputs):
    """The step's peak in Inductor's own plan (remat.inductor.step_peak)
    from the wrapper code `capture` recorded while Inductor compiled the
    region partitioned as `info` says: the figures, or None (with
    info.memory_note saying why where the code could not be read)."""
    from .. import inductor as _inductor
    graphs = [g for g in capture.graphs if isinstance(g, _inductor.WrapperGraph)]
    if not (info.fallback is None and info.fw_module is not None and info.value_bytes
            and len(graphs) == 2 and not graphs[0].is_backward and graphs[1].is_backward):
        return None
    start = time.perf_counter()
    try:
        figures = _inductor.step_peak(graphs, info.fw_module, info.bw_module,
                                      info.num_fwd_outputs, info.value_bytes,
                                      keep_outputs, _fallback_temporary(),
                                      tangents_held=_common._tangents_held())
    except _inductor.InductorViewError as error:
        info.memory_note = f"Inductor's wrapper code not read: {error}"
        figures = None
    info.times["inductor_check"] = time.perf_counter() - start
    return figures

def _inductor_compile(partitioner, keep_outputs):
    """compile_fx with `partitioner` as Inductor's custom partitioner,
    caches bypassed, the backward generated at once and both graphs' code
    read: PlanInfo.inductor holds the step's peak (measure_peak's terms)."""
    from torch._functorch import config as functorch_config
    from torch._inductor import config as inductor_config
    from torch._inductor.compile_fx import compile_fx

    from .. import inductor as _inductor

    def compile(gm, example_inputs):
        planned = len(_PLANS)
        with inductor_config.patch(custom_partitioner_fn=partitioner), \
                _inductor.graph_caches_off(), \
                functorch_config.patch(force_non_lazy_backward_lowering=True), \
                _inductor.Capture() as capture:
            compiled = compile_fx(gm, example_inputs)
        if len(_PLANS) > planned:
            info = _PLANS.last_plan()
            info.inductor = _inductor_figures(info, capture, keep_outputs)
        return compiled
    return compile

# Inductor's figure per internal budget of each region compiled under a
# budget in this process: {_rounds_key: {internal budget: figure}}.
_INDUCTOR_ROUNDS = {}

def _rounds_key(gm, example_inputs, options):
    """A region and its options but the budget: the graph's code, its
    inputs' shapes and dtypes."""
    inputs = tuple((tuple(x.shape), str(x.dtype)) if isinstance(x, torch.Tensor) else repr(x)
                   for x in example_inputs)
    return (gm.code, inputs, repr(sorted((k, v) for k, v in options.items() if k != "budget")))

def _inductor_backend(options, rounds=3):
    """The Inductor compile function: compile_fx with remat as its custom
    partitioner. Each compile's forward and backward are generated at once
    (the backward is not left to its first call) and their wrapper code
    read: `PlanInfo.inductor` holds the step's peak in Inductor's own plan
    (remat.inductor.step_peak). With a budget, a plan whose compiled step
    is over it (or more than 1% under it, from a plan held back by the
    budget) is made again at an internal budget (_adapter.next_internal_budget:
    its peak in remat's model moved by the difference, bisecting between a
    fitting and a failing internal budget), at most `rounds` compiles; the one that fits
    with the least estimated time is kept, and none fitting is a
    BudgetError with Inductor's figures (with strict=False: a warning and
    the last round). Inductor's graph caches are bypassed under a budget
    (the check needs the generated code: remat.inductor.graph_caches_off).
    The rounds' figures are remembered per region and options
    (_INDUCTOR_ROUNDS): a later compile of the region
    starts at the internal budget whose figure came closest to its budget
    without passing it, where that is within 2% of it."""
    from torch._functorch import config as functorch_config
    from torch._inductor import config as inductor_config
    from torch._inductor.compile_fx import compile_fx

    from .. import inductor as _inductor

    budget = options["budget"]

    def _resolved_budget(budget, info):
        """The budget in bytes: a RelativeBudget as the plan's report
        resolved it (None where the region was not planned)."""
        if not isinstance(budget, _options.RelativeBudget):
            return budget
        report = info.report or {}
        return report.get("budget_asked_bytes", report.get("budget_bytes"))

    def compile_once(gm, example_inputs, internal):
        planned = len(_PLANS)
        # Below the least peak of remat's model, a round plans that least
        # peak: Inductor may allocate less than the model.
        partitioner = RematPartitioner(**dict(options, budget=internal),
                                       _at_least_peak=budget is not None, _log=False)
        patches = dict(custom_partitioner_fn=partitioner)
        if options["offload"] or options["policy"] == "offload":
            # Inductor's reordering for its peak moves the copies (the
            # reloads, which read only the backward's inputs, to its start):
            # the graphs run in the plan's order.
            patches["reorder_for_peak_memory"] = False
        with inductor_config.patch(**patches), \
                (_inductor.graph_caches_off() if budget is not None
                 else contextlib.nullcontext()), \
                functorch_config.patch(force_non_lazy_backward_lowering=True), \
                _inductor.Capture() as capture:
            compiled = compile_fx(gm, example_inputs)
        if len(_PLANS) == planned:
            # Inductor's caches served the compiled graphs (their key: the
            # partitioner's uuid), partitioned without a call of `partition`.
            info = _new_plan()
            info.from_cache = True
            return compiled, info
        info = _PLANS.last_plan()
        figures = _inductor_figures(info, capture, options["keep_outputs"])
        if figures is not None:
            arguments = info.report["argument_bytes"]
            info.inductor = dict(figures, budget_bytes=budget, internal_budget_bytes=internal,
                                 step_peak_bytes=figures["peak_bytes"] + arguments)
            info.report["inductor"] = info.inductor
        return compiled, info

    def compile(gm, example_inputs):
        # A region compiled before in this process under the same options
        # starts at the internal budget whose figure came closest to this
        # budget without passing it, where that is within 2% of it (the
        # least an error stated is then reached again); else at the budget.
        known = _INDUCTOR_ROUNDS.setdefault(_rounds_key(gm, example_inputs, options), {})
        start = budget
        if budget is not None and not isinstance(budget, _options.RelativeBudget):
            figure, internal = max(((t, b) for b, t in known.items() if t <= budget),
                                   default=(0, None))
            if figure >= budget * 0.98:
                start = internal
        compiled, info = compile_once(gm, example_inputs, start)
        # A relative budget is this region's: the first round's plan
        # resolved it against policy none's peak in remat's model of
        # Inductor's buffers; the rounds hold Inductor's figure to it.
        budget_bytes = _resolved_budget(budget, info)
        if info.inductor is not None:
            info.inductor["budget_bytes"] = budget_bytes
        if budget_bytes is None or info.inductor is None:
            _log_region(info)
            return compiled
        tried, fits = [], []

        def record(compiled, info):
            tried.append((info.inductor["internal_budget_bytes"],
                          info.inductor["step_peak_bytes"], compiled, info))
            _adapter.log_round("Inductor region", len(tried), tried[-1][0], tried[-1][1],
                               budget_bytes, "Inductor's step peak")
            if tried[-1][1] <= budget_bytes:
                fits.append(tried[-1])

        def another(internal):
            """A round at `internal`; False where Inductor's code was not read."""
            compiled, info = compile_once(gm, example_inputs, internal)
            if info.inductor is None:
                _PLANS.discard(info)
                return False
            record(compiled, info)
            return True

        record(compiled, info)
        while len(tried) < rounds:
            following = _adapter.next_internal_budget(
                [(b, t) for b, t, *_ in tried], budget_bytes, tried[-1][3].report)
            if following is None or not another(following):
                break
        # Nothing fits and a round planned the least peak of remat's model:
        # that plan is not always the one Inductor allocates least for (its
        # figure is not monotone in the model's peak; BERT with dropout:
        # the model's least plan 7,586,880 bytes, a plan 264,204 bytes
        # above it in the model 6,938,688). The rounds left try plans
        # between that least and its figure, a quarter of the way up, then
        # half, so that what fits is found and an error states the least
        # figure reached.
        at_least = next((e for e in tried if getattr(e[3], "model_error", None)), None)
        for part in (4, 2):
            if fits or at_least is None or len(tried) >= rounds:
                break
            low = at_least[3].report["result"]["peak_bytes"]
            internal = low + (at_least[1] - low) // part
            if internal <= low or any(b == internal for b, *_ in tried):
                continue
            if not another(internal):
                break
        known.update((b, t) for b, t, *_ in tried)
        for entry in tried:
            entry[3].inductor["rounds"] = [(b, t) for b, t, *_ in tried]
        if fits:
            best = min(fits, key=lambda e: (e[3].report["result"]["estimated_time_s"], e[1]))
            for entry in tried:
                if entry is not best:
                    _PLANS.discard(entry[3])
            _log_region(best[3])
            return best[2]
        least = min(t for _, t, *_ in tried)
        message = (f"Inductor's step peak (its compiled code's buffers, parameters and inputs "
                   f"included) is above the budget {budget_bytes} bytes after {len(tried)} plan(s): "
                   + ", ".join(f"{t} bytes at an internal budget of {b}" for b, t, *_ in tried)
                   + f"; the least reached is {least} bytes"
                   + "".join(f" (remat's own model: {e[3].model_error})" for e in tried[-1:]
                             if getattr(e[3], "model_error", None)))
        if options["strict"]:
            raise _planner.BudgetError(message, least_peak=least)
        _adapter.warn_fallback("keeping the last plan", message, stacklevel=2)
        _log_region(tried[-1][3])
        return tried[-1][2]

    return compile
