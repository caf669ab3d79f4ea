"""remat as AOTAutograd's partition function (`partition`): the joint graph
converted, planned by remat-opt, and split into the forward and backward
graphs with the plan's saved values; `plan_of_partition` and
`partition_stats` read a partition's figures.
"""


import operator
import time
import warnings

import torch
import torch.fx as fx
from torch._functorch import partitioners as _partitioners

from .. import _adapter
from .. import options as _options
from .. import planner as _planner
from . import _common
from ._common import (MEMORY, POLICIES, TEMPORARIES, USER_CHECKPOINTS, Unsupported, _PLANS,
                      _depends_on_tangents, _is_seed, _is_tangent, _lazy_order, _new_plan)
from .measure import _aliases_input, _bytes, _forward_names, _shares_storage
from .convert import (_Converted, _SYMBOLIC, _Sizes, _checkpoint_policies, _flops,
                      _forward_of_joint, _is_collective, _kernel_temporary)


def _place_recomputation(bw_module):
    """Reorders the backward graph in place by _lazy_order (placeholders
    first, the output last), so that PyTorch runs it in the order remat
    planned."""
    graph = bw_module.graph
    nodes = list(graph.nodes)
    body = [n for n in nodes if n.op not in ("placeholder", "output")]
    placeholders = [n for n in nodes if n.op == "placeholder"]
    if not body or not placeholders:  # (AOTAutograd's have tangents)
        return bw_module
    prev = placeholders[-1]
    for node in _lazy_order(body):
        prev.append(node)
        prev = node
    graph.lint()
    bw_module.recompile()
    return bw_module

def _planner_options(policy="auto", budget=None, max_overhead=None, device=None, strict=True,
                     keep_outputs=True, user_checkpoints="honor", collectives="keep",
                     collective_cost=10.0, temporaries="none", memory="ops", offload=False,
                     host_budget=None, skip_useless=False, timeline=False):
    """backend()'s planner options, checked (a bad value is a ValueError
    naming the valid forms) and in the planner's terms: the budget in bytes,
    and auto with neither a budget nor a max_overhead the least peak within
    options.DEFAULT_MAX_OVERHEAD. device None: from the graph's tensors
    (h200 for CUDA, cpu otherwise) when it is partitioned."""
    options = _adapter.planner_options(policy, POLICIES, budget, max_overhead, device)
    _options.choice(strict, (True, False), "strict")
    _options.choice(keep_outputs, (True, False), "keep_outputs")
    _options.choice(user_checkpoints, USER_CHECKPOINTS, "user_checkpoints")
    _options.choice(temporaries, TEMPORARIES, "temporaries")
    _options.choice(memory, MEMORY, "memory")
    _options.choice(skip_useless, (True, False), "skip_useless")
    _options.choice(timeline, (True, False), "timeline")
    return dict(options, strict=strict, keep_outputs=keep_outputs, skip_useless=skip_useless,
                user_checkpoints=user_checkpoints, temporaries=temporaries, memory=memory,
                timeline=timeline,
                **_adapter.collective_options(collectives, collective_cost),
                **_adapter.offload_options(policy, offload, host_budget, options["device"]))

def partition(joint_module, joint_inputs, *, num_fwd_outputs, policy="auto", budget=None,
              max_overhead=None, device=None, strict=True, keep_outputs=True,
              user_checkpoints="honor", collectives="keep", collective_cost=10.0,
              temporaries="none", memory="ops", offload=False, host_budget=None,
              skip_useless=False, timeline=False, fallback=None, _at_least_peak=False,
              _region_options=None, _log=True, **kwargs):
    """An AOTAutograd partition function (pass it through
    `functools.partial` with the planner options, or use `backend`). The
    options are backend()'s, checked here too. Each plan is logged
    (_adapter.log_plan) unless `_log` is False (the Inductor backend logs
    the round it keeps)."""
    options = _planner_options(policy, budget, max_overhead, device, strict, keep_outputs,
                               user_checkpoints, collectives, collective_cost, temporaries,
                               memory, offload, host_budget, skip_useless, timeline=timeline)
    info = _new_plan()
    info.options = options
    offloading = options["offload"] or options["policy"] == "offload"
    if offloading and (options["device"] or _device_of(joint_inputs)) == "cpu":
        # (Not a fallback: the user asked for offload, and nothing is to be
        # kept on the device behind their back.)
        raise ValueError("offload needs a device with a host link: the step's tensors are on "
                         "the CPU, so pass device= (h100, h200, gh200, a100 or a device file "
                         "with \"host_link\") to plan as on that device")
    fallback = fallback or _partitioners.default_partition
    static = kwargs.get("static_lifetime_input_indices")
    with _adapter.falling_back(options["strict"]) as outcome:
        start = time.perf_counter()
        buffers = None
        dynamic = _has_symbolic_sizes(joint_module)
        if options["memory"] == "inductor" and dynamic:
            # (Lowering would add guards on the sizes to Dynamo's shape
            # environment.)
            info.memory_note = ("dynamic shapes: planned with one buffer per op; Inductor's "
                                "figure is not checked")
        elif options["memory"] == "inductor":
            buffers = _inductor_buffers(joint_module, joint_inputs, num_fwd_outputs, info)
        conv = _Converted(joint_module, num_fwd_outputs, options["keep_outputs"],
                          _checkpoint_policies(joint_module, options["user_checkpoints"]),
                          options["collectives"], options["collective_cost"],
                          options["temporaries"], buffers)
        info.memory = "ops" if buffers is None else "inductor"
        info.inlined = conv.num_inlined
        info.inplace = conv.num_inplace
        info.temporaries = conv.temporaries_bytes
        info.checkpoint_policies = conv.overrides
        info.num_ops = conv.num_ops
        text = conv.graph.text(conv.results, conv.forward_results)
        info.ir = text
        info.times["convert"] = time.perf_counter() - start
        if _region_options is not None:
            # (StepBudget: this region's plan in the step's budget, made on
            # the IR its recording converted.)
            options = dict(options, **_region_options(joint_module, text, info))
            text = info.ir = options.pop("ir", text)
            info.options = options
        device = options["device"] or _device_of(joint_inputs)
        max_overhead = options["max_overhead"]
        if max_overhead is not None and "recompute" in info.checkpoint_policies.values():
            # The overhead is remat's, on top of what the user's checkpoints
            # recompute (their plan: policy none with their overrides).
            user = _planner.plan(text, policy="none", device=device)
            max_overhead += (user["result"]["estimated_time_s"]
                             / user["baseline"]["estimated_time_s"] - 1) * (1 + 1e-9)
        plan_options = dict(offload=options["offload"], host_budget=options["host_budget"],
                            skip_useless=options["skip_useless"],
                            repeat=options.get("repeat", 1),
                            timeline=options["timeline"], pareto=options["timeline"])
        try:
            report = _planner.plan(text, policy=options["policy"], budget=options["budget"],
                                   max_overhead=max_overhead, device=device, **plan_options)
        except _planner.BudgetError as error:
            # (An Inductor round's internal budget below the least peak of
            # remat's model: that least peak, which Inductor may fit.)
            if not _at_least_peak or error.least_peak is None:
                raise
            info.model_error = str(error)
            report = _planner.plan(text, policy=options["policy"], budget=error.least_peak,
                                   max_overhead=max_overhead, device=device, **plan_options)
            # (The budget asked for, a relative one resolved: the error's.)
            report["budget_asked_bytes"] = (error.error or {}).get("budget_bytes")
        info.report = report
        info.num_fwd_outputs = num_fwd_outputs
        info.times["plan"] = report["planning_time_s"]
        extract_start = time.perf_counter()
        saved = _saved_nodes(conv, report)
        if getattr(torch._functorch.config, "_sync_decision_cross_ranks", False):
            # Ranks agree on one saved set, as PyTorch's min-cut partitioner
            # makes them agree under this flag (its helper: where the ranks'
            # joint graphs are the same, every rank takes the smallest saved
            # set any rank planned).
            saved = _partitioners._sync_decision_cross_ranks(joint_module.graph, saved)
        info.saved = [n.name for n in saved]
        info.dynamic_sizes = conv.sizes.ranges
        try:
            node_info = _partitioners.classify_nodes(joint_module, static or [],
                                                     num_fwd_outputs)
            sym_nodes, opaque_nodes = _saved_scalars(conv, joint_module)
            fw_module, bw_module = _partitioners._extract_fwd_bwd_modules(
                joint_module, saved, saved_sym_nodes=sym_nodes,
                **({"saved_opaque_nodes": opaque_nodes} if opaque_nodes else {}),
                num_fwd_outputs=num_fwd_outputs,
                static_lifetime_input_nodes=node_info.static_lifetime_input_nodes)
        except Exception as error:  # PyTorch's helper refused the saved set
            raise Unsupported(f"PyTorch could not build the forward and backward graphs "
                              f"from remat's saved set: {type(error).__name__}: {error}")
        # Dead code removed whole: a collective the plan left dead goes with
        # the chain that only fed it (PyTorch's partitioners remove dead
        # collectives alone, and the backward then holds their inputs).
        fw_module.graph.eliminate_dead_code(is_impure_node=_impure)
        bw_module.graph.eliminate_dead_code(is_impure_node=_impure)
        bw_module = _place_recomputation(bw_module)
        fw_module = _partitioners.raise_getitems(fw_module)
        bw_module = _partitioners.raise_getitems(bw_module)
        if report.get("offloaded"):
            info.offloaded = _insert_offload_copies(conv, report, fw_module, bw_module)
        info.planning_time_s = time.perf_counter() - start
        info.times["extract"] = time.perf_counter() - extract_start
        info.fw_module, info.bw_module = fw_module, bw_module
        info.joint_module, info.num_fwd_outputs = joint_module, num_fwd_outputs
        if not dynamic:
            from .. import inductor as _inductor
            info.value_bytes = _inductor.value_bytes(joint_module, _shares_storage)
        if _log:
            _log_region(info)
        return fw_module, bw_module
    info.fallback = outcome.reason
    _adapter.warn_fallback(f"falling back to PyTorch's partitioner ({fallback.__name__})",
                           info.fallback, stacklevel=2)
    return fallback(joint_module, joint_inputs, num_fwd_outputs=num_fwd_outputs, **kwargs)

def _log_region(info):
    """remat's INFO line for a region's plan (_adapter.log_plan), the
    region named by its place in plans(); none for a fallback (its warning
    says it)."""
    what = f"joint region {_PLANS.index(info)}"
    if info.from_cache:
        _adapter.log.info("remat: %s: served from Inductor's cache", what)
    elif info.fallback is None:
        _adapter.log_plan(what, info)

def _insert_offload_copies(conv, report, fw_module, bw_module):
    """The plan's offloaded values as copies in the two graphs
    (remat.torch.offload): each leaves the forward through a copy to host
    memory and comes back in the backward at the plan's prefetch point.
    Returns the offloaded values' names."""
    from . import offload as _torch_offload
    nodes = _adapter.offloaded_values(report, conv.node_of, "which has no FX node")

    def name(at):
        return _planner.location_name(at["loc"]) if at else None

    offloaded = [(node.name, name(entry.get("offload_before")), name(entry.get("prefetch_before")))
                 for node, entry in zip(nodes, report["offloaded"])]
    saved = {n.name for n in fw_module.graph.find_nodes(op="output")[0].args[0]
             if isinstance(n, fx.Node)}
    missing = [name for name, _, _ in offloaded if name not in saved]
    if missing:
        raise Unsupported(f"the plan offloads {', '.join(missing)}, which the forward graph "
                          f"does not hand the backward")
    _torch_offload.insert_copies(fw_module, bw_module, offloaded)
    return [name for name, _, _ in offloaded]

def _fallback_temporary():
    """What a fallback kernel of Inductor's code holds beyond its results
    (_kernel_temporary, measured once per op and shapes), or None inside a
    running profiler session (measuring profiles)."""
    if torch._C._autograd._profiler_enabled():
        return None
    sizes = _Sizes()
    return lambda node, strides=None: _kernel_temporary(node, node.target, sizes, strides)

def _has_symbolic_sizes(joint_module):
    """Whether any value of the graph has a symbolic size (dynamic shapes)."""
    for n in joint_module.graph.nodes:
        val = n.meta.get("val")
        if isinstance(val, _SYMBOLIC):
            return True
        for v in (val if isinstance(val, (tuple, list)) else [val]):
            if isinstance(v, torch.Tensor) and not all(isinstance(d, int) for d in v.shape):
                return True
    return False

def _inductor_buffers(joint_module, joint_inputs, num_fwd_outputs, info):
    """The names of the joint graph's nodes whose values Inductor allocates
    and of those it runs as fallback (ATen) kernels
    (remat.inductor.joint_buffers), or None with a warning where Inductor
    cannot say (then every op's result is a buffer)."""
    from .. import inductor as _inductor
    start = time.perf_counter()
    try:
        forward = _forward_of_joint(joint_module, num_fwd_outputs)
        names, unnamed, fallbacks, order, out_strides = _inductor.joint_buffers(
            joint_module, joint_inputs, forward)
    except _inductor.InductorViewError as error:
        warnings.warn(f"remat: planned with one buffer per op: Inductor's view of the "
                      f"joint graph failed ({error})", stacklevel=3)
        info.memory_note = str(error)
        return None
    finally:
        info.times["inductor_view"] = time.perf_counter() - start
    info.unnamed_bytes = unnamed
    _backward_in_order(joint_module, forward, order)
    return names, fallbacks, _largest_gradient_copy(joint_module, num_fwd_outputs, out_strides)


def _largest_gradient_copy(joint_module, num_fwd_outputs, out_strides):
    """(gradient node, bytes) of the largest gradient the autograd engine
    copies into its parameter's layout after the backward returns
    (remat.inductor.gradient_copies: a convolution's weight gradient that
    Inductor returns channels-last), or None."""
    from .. import inductor as _inductor
    output = next(n for n in reversed(joint_module.graph.nodes) if n.op == "output")
    items = list(output.args[0]) if isinstance(output.args[0], (tuple, list)) else []
    grads = items[num_fwd_outputs:]
    primals = [n for n in joint_module.graph.nodes
               if n.op == "placeholder" and not _is_tangent(n)]
    if len(primals) != len(grads):
        return None
    copies = _inductor.gradient_copies(primals, grads, out_strides)
    if not copies:
        return None
    name = max(copies, key=copies.get)
    return grads[[p.name for p in primals].index(name)], copies[name]


def _backward_in_order(joint_module, forward_names, order):
    """Puts the joint graph's backward nodes in the order Inductor's
    scheduler runs them (`order`: remat.inductor._scheduled_order), in
    place: Inductor reorders each graph for peak memory (a weight
    gradient's matrix multiply runs where its inputs die, late, instead of
    where the FX graph has it, early, holding the gradient through the rest
    of the backward), and the plan's memory follows the graph's order. The
    forward keeps its order; a backward node Inductor does not name (a
    view, a node inlined nowhere) goes with the first of its readers, and
    the result is a topological order of the backward, after the
    forward."""
    import heapq
    nodes = list(joint_module.graph.nodes)
    backward = [n for n in nodes if n.op == "call_function" and n.name not in forward_names]
    if not backward or not order:
        return
    position = {n: k for k, n in enumerate(nodes)}
    members = set(backward)
    key = {}
    for n in reversed(backward):
        readers = [key[u] for u in n.users if u in members]
        key[n] = order.get(n.name, min(readers, default=float("inf")))
    waiting = {n: sum(1 for a in n.all_input_nodes if a in members) for n in backward}
    ready = [(key[n], position[n], n.name, n) for n in backward if waiting[n] == 0]
    heapq.heapify(ready)
    ordered = []
    while ready:
        _, _, _, n = heapq.heappop(ready)
        ordered.append(n)
        for u in n.users:
            if u in members:
                waiting[u] -= 1
                if waiting[u] == 0:
                    heapq.heappush(ready, (key[u], position[u], u.name, u))
    if len(ordered) != len(backward):
        return   # (a cycle cannot be: the FX graph's order is topological)
    # After the forward's last node (a backward node the FX graph placed
    # among the forward's may read a forward node after it).
    anchor = [n for n in nodes if n not in members and n.op != "output"][-1]
    for n in ordered:
        anchor.append(n)
        anchor = n
    joint_module.graph.lint()
    joint_module.recompile()

def plan_of_partition(info, *, device="cpu", keep_outputs=True):
    """remat's estimate of a partition (a PlanInfo of `pytorch_backend`, or
    of remat's own, planned in whatever memory model): the joint graph as
    remat IR, with each forward node that the
    backward graph runs again marked `remat.policy = "recompute"` and each
    node the forward hands the backward marked "save", planned under policy
    none. Returns remat-opt's report: that plan's peak, recompute FLOPs and
    estimated recompute time in remat's terms (the same cost model and
    memory semantics as remat's own plans), so two partitions compare on
    one yardstick."""
    if info.joint_module is None or info.fw_module is None:
        raise ValueError("plan_of_partition needs a PlanInfo of a partition that was made "
                         "(pytorch_backend's, or remat's without a fallback)")
    forward = _forward_names(info.fw_module)
    policies = {}
    for n in info.bw_module.graph.nodes:
        if n.op == "call_function" and n.name in forward:
            policies[n.name] = "recompute"
        elif n.op == "placeholder" and not _is_tangent(n) and n.name in forward:
            policies[n.name] = "save"
    # A saved item of a multi-result node saves the node.
    joint = {n.name: n for n in info.joint_module.graph.nodes}
    for name, policy in list(policies.items()):
        node = joint.get(name)
        if policy == "save" and node is not None and node.target is operator.getitem:
            del policies[name]
            policies.setdefault(node.args[0].name, "save")
    conv = _Converted(info.joint_module, info.num_fwd_outputs, keep_outputs, policies)
    text = conv.graph.text(conv.results, conv.forward_results)
    return _planner.plan(text, policy="none", device=device)

def _device_of(joint_inputs):
    """The cost model's device for a graph's inputs: the CPU, or the GPU
    they are on where the cost model has it by name (A100, H100, GH200,
    H200), else h200."""
    for x in joint_inputs:
        if isinstance(x, torch.Tensor):
            return _cuda_model(x.device) if x.device.type == "cuda" else "cpu"
    return "cpu"

def _cuda_model(device):
    try:
        return _planner.gpu_cost_model(torch.cuda.get_device_name(device))
    except Exception:  # no driver to ask (a fake tensor's device): the default
        return "h200"

def _saved_scalars(conv, joint_module):
    """What the backward receives from the forward besides tensors: every
    size node (a scalar each; PyTorch's extraction adds the symbols the
    saved tensors' shapes need) and every opaque object of the forward that
    something reads."""
    backward = _depends_on_tangents(list(joint_module.graph.nodes))
    assert_only = getattr(_partitioners, "_is_assert_only_symbool", lambda n: False)

    def forward_read(n):
        return n not in backward and not _is_tangent(n) and n.users

    return ([n for n in conv.sym_nodes if forward_read(n) and not assert_only(n)],
            [n for n in conv.opaque_nodes if forward_read(n)])

def _impure(node):
    """What dead-code removal keeps although nothing reads it: placeholders,
    the output, ops with side effects (FX's rule: mutations, asserts) and
    random ops (removing one would change the draws after it); dead
    collectives go."""
    if node.op == "call_function" and isinstance(node.target, torch._ops.OpOverload):
        if _is_collective(node.target):
            return False
        if torch.Tag.nondeterministic_seeded in node.target.tags:
            return True
    return node.is_impure()

def _saved_nodes(conv, report):
    saved = _adapter.saved_values(report, conv.node_of, "which has no FX node")
    for index in report.get("saved_arguments", []):
        # (Tangents are ops of the IR, not arguments; a get_attr constant is
        # available to the backward without saving.)
        node = conv.arg_nodes[index]
        if node.op == "placeholder":
            saved.append(node)
    order = {n: i for i, n in enumerate(saved[0].graph.nodes)} if saved else {}
    return sorted(dict.fromkeys(saved), key=order.__getitem__)

def partition_stats(fw_module, bw_module, keep_outputs=True, tangents_held=None):
    """Figures of a partition, from its two FX graphs alone (whoever made
    it): `saved_bytes` (what the forward hands the backward, inputs
    excluded), `recompute_flops` (FLOPs of the forward nodes the backward runs
    again, counted as the planner counts them), `recompute_gemm_flops` (those
    of them that PyTorch's FLOP formulas count: GEMMs, convolutions,
    attention) and `peak_bytes`: the most
    bytes the step's own tensors hold at once when the forward and then the
    backward run node by node, each result allocated at its node and freed
    after the last use of it or of a view of it (each tensor of a multi-
    result node on its own, as PyTorch allocates them), the forward's outputs and
    the gradients kept to the end (the caller holds them; with
    keep_outputs=False only the loss, _common.loss_output_index), saved values until
    their last use in the backward, the tangents (the backward's seeds) from
    the backward's start to their last use (to the backward's end where
    `tangents_held`, by default this PyTorch's `tangents_held()`, and for a
    `.backward()`'s 0-dim seed, which the autograd engine holds). Inputs
    and parameters are not counted. It is what
    `measure_peak` measures when the graphs run, computed without running
    them (docs/PyTorch.md). With host offload (remat.torch.offload's
    copies), a host copy's bytes are counted apart, from its copy to its
    last use: `host_peak_bytes`; the copy ops' waits alias their first
    operand."""
    from . import offload as _torch_offload
    hold_tangents = _common._tangents_held() if tangents_held is None else tangents_held
    # The forward returns its outputs, then what the backward reads (every
    # backward input but the tangents).
    num_saved = sum(1 for n in bw_module.graph.find_nodes(op="placeholder")
                    if not _is_tangent(n))
    fw_names = _forward_names(fw_module)
    root, size, last = {}, {}, {}   # value key -> buffer key(s); buffer -> bytes, last use

    def buffers(b):
        # A multi-result node's value is the list of its results' buffers.
        return [x for x in b if x is not None] if isinstance(b, list) else (
            [] if b is None else [b])

    def allocate(b, val, host=False):
        # A new buffer, allocated at the current node.
        size[b] = _bytes(val)
        last[b] = pos
        (host_order if host else order).append((b, pos))
        return b
    order = []                      # buffers in definition order, with their position
    host_order = []                 # host copies likewise
    recompute = recompute_gemm = pos = 0
    saved = set()   # buffers the backward reads from the forward (views: once)
    for tag, gm in (("fw", fw_module), ("bw", bw_module)):
        for n in gm.graph.nodes:
            pos += 1
            key = (tag, n.name)
            if n.op == "placeholder":
                carried = tag == "bw" and n.name in fw_names
                root[key] = root.get(("fw", n.name)) if carried else None
                if carried:
                    saved.update(buffers(root[key]))
                if tag == "bw" and _is_tangent(n):
                    # AOTAutograd allocates the tangents as the backward starts.
                    root[key] = allocate(key, n.meta.get("val"))
                    if hold_tangents or _is_seed(n):
                        last[key] = float("inf")
                continue
            inputs = [root.get((tag, a.name)) for a in n.all_input_nodes]
            for b in (x for i in inputs for x in buffers(i)):
                last[b] = max(last.get(b, 0), pos)
            if n.op == "output":
                # Results stay to the end: the gradients, and the forward's
                # own outputs (the loss, the logits: the caller holds them, as
                # remat's memory plan assumes). The forward also outputs the
                # saved values, which the backward's reads extend.
                outs = [a for a in n.args[0] if isinstance(a, fx.Node)]
                if tag == "fw":
                    outs = outs[:len(outs) - num_saved]
                    if not keep_outputs:
                        loss = _common.loss_output_index(outs)
                        outs = outs[loss:loss + 1]
                for a in outs:
                    for b in buffers(root.get((tag, a.name))):
                        last[b] = float("inf")
                continue
            if n.target is operator.getitem:
                base, index = root.get((tag, n.args[0].name)), n.args[1]
                if isinstance(base, list):
                    root[key] = base[index] if 0 <= index < len(base) else None
                else:
                    root[key] = base
                continue
            if _aliases_input(n) or _torch_offload.is_wait(n):
                root[key] = inputs[0] if inputs else None
                continue
            val = n.meta.get("val")
            if _torch_offload.is_host_copy(n):
                root[key] = allocate(key, val, host=True)
                continue
            if isinstance(val, (tuple, list)):
                root[key] = [allocate((tag, n.name, i), item)
                             if isinstance(item, torch.Tensor) else None
                             for i, item in enumerate(val)]
            else:
                root[key] = allocate(key, val)
            if tag == "bw" and n.name in fw_names and isinstance(n.target, torch._ops.OpOverload):
                val = n.meta.get("val")
                outs = [(tuple(v.shape), "") for v in (val if isinstance(val, (tuple, list)) else [val])
                        if isinstance(v, torch.Tensor)]
                flops, kind = _flops(n, n.target, outs)
                recompute += flops
                if kind == "gemm":
                    recompute_gemm += flops
    def most(allocations):
        delta = [0] * (pos + 2)
        for key, start in allocations:
            delta[start] += size[key]
            end = last[key]
            if end != float("inf"):
                delta[end + 1] -= size[key]
        live = peak = 0
        for d in delta:
            live += d
            peak = max(peak, live)
        return peak
    saved_bytes = sum(size[b] for b in saved)
    return {"saved_bytes": saved_bytes, "recompute_flops": recompute,
            "recompute_gemm_flops": recompute_gemm, "peak_bytes": most(order),
            "host_peak_bytes": most(host_order)}
