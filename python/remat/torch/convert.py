"""From AOTAutograd's joint FX graph to remat's IR (`_Converted`): each ATen
op as an `nn.generic` with its FLOPs, cost class, traffic, checkpoint
block, source and kernel temporaries, and the sizes of symbolic shapes.
"""

import bisect
import functools
import math
import operator
import os
import re
import warnings

import sympy
import torch
import torch.fx as fx
from torch.utils import flop_counter as _flop_counter

from .. import planner as _planner
from . import _common
from ._common import Unsupported, _addmm_order, _is_alias, _is_seed, _is_tangent, _lazy_order
from .measure import _profiled, _shares_storage


_ELEMENT = {
    torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16", torch.float64: "f64",
    torch.bool: "i1", torch.int8: "i8", torch.uint8: "ui8", torch.int16: "i16",
    torch.int32: "i32", torch.int64: "i64",
}

# Ops that only move or gather data: bandwidth, no FLOPs.
_LAYOUT = {
    "clone", "_to_copy", "copy", "cat", "stack", "embedding", "embedding_dense_backward",
    "index", "index_select", "gather", "scatter", "scatter_add", "index_put", "index_add",
    "slice_scatter", "select_scatter", "diagonal_scatter", "as_strided_scatter", "constant_pad_nd",
    "repeat", "flip", "roll", "permute_copy", "expand_copy", "view_copy", "zeros", "ones", "full",
    "empty", "new_zeros", "new_ones", "new_full", "new_empty", "zeros_like", "ones_like",
    "full_like", "empty_like", "empty_strided", "scalar_tensor", "arange", "iota", "tril",
    "triu", "masked_fill", "where", "fill", "lift_fresh_copy", "_unsafe_index",
}

# Bookkeeping ops PyTorch's partitioners skip as well.
_SKIP = {"_assert_scalar", "_assert_async", "_assert_tensor_metadata", "sym_constrain_range",
         "sym_constrain_range_for_size"}

def _element(val, what):
    if val.dtype not in _ELEMENT:
        raise Unsupported(f"{what} has element type {val.dtype}, which remat does not model")
    return _ELEMENT[val.dtype]

_SYMBOLIC = (torch.SymInt, torch.SymFloat, torch.SymBool)

class _Sizes:
    """The sizes a graph with dynamic shapes is planned at: each size
    symbol at the upper bound of its range where Dynamo knows one
    (`torch._dynamo.mark_dynamic(x, dim, min=, max=)`, or a bound its guards
    derived), else at its hint (the size the graph was traced at), and each
    size expression evaluated there. Sizes only grow with their symbols, so
    a saved set planned at the upper bounds holds its budget at every size
    of the range. `ranges`: per symbol, its range and the size planned at
    (PlanInfo.dynamic_sizes)."""

    def __init__(self):
        self.values = {}   # sympy symbol -> int
        self.ranges = {}   # symbol name -> {"min", "max" (None: unbounded), "planned_at", "at"}

    def _value(self, symbol, shape_env, what):
        if symbol not in self.values:
            from torch.utils._sympy.numbers import int_oo
            bounds = shape_env.var_to_range.get(symbol)
            lower = upper = None
            if bounds is not None:
                lower = int(bounds.lower) if bounds.lower.is_integer and bounds.lower != -int_oo else None
                if bounds.upper.is_integer and bounds.upper not in (int_oo, sympy.oo):
                    upper = int(bounds.upper)
            hint = getattr(shape_env, "backed_var_to_val", None)
            if hint is None:  # (PyTorch before 2.15)
                hint = shape_env.var_to_val
            hint = hint.get(symbol)
            if upper is None and hint is None:
                raise Unsupported(f"{what} has a data-dependent size {symbol} with no upper "
                                  "bound: remat plans sizes it can bound (torch._check(size <= "
                                  "bound) gives one)")
            self.values[symbol] = upper if upper is not None else int(hint)
            self.ranges[str(symbol)] = {"min": lower, "max": upper,
                                        "planned_at": self.values[symbol],
                                        "at": "upper bound" if upper is not None else "hint"}
        return self.values[symbol]

    def concrete(self, size, what):
        """An int for `size` (an int or a SymInt)."""
        if type(size) is int:
            return size
        node = size.node
        expr = node.expr
        values = {sym: sympy.Integer(self._value(sym, node.shape_env, what))
                  for sym in expr.free_symbols}
        value = expr.xreplace(values)
        if not value.is_number:
            raise Unsupported(f"{what} has a size {expr} remat cannot evaluate")
        return int(value)

    def shape(self, val, what):
        return tuple(self.concrete(d, what) for d in val.shape)

    def tensor_type(self, val, what):
        """(shape, element type) of a tensor for the planner's IR."""
        return self.shape(val, what), _element(val, what)

    def meta(self, x):
        """A tensor of symbolic shape as a meta tensor of its planned shape
        (what the FLOP formulas read), anything else as it is."""
        if isinstance(x, torch.Tensor) and not all(type(d) is int for d in x.shape):
            return torch.empty(self.shape(x, "a FLOP formula's operand"), dtype=x.dtype,
                               device="meta")
        return x

def _numel(shape):
    return math.prod(shape)

def _fake(x):
    return x.meta.get("val") if isinstance(x, fx.Node) else x

_MODULE_ROOT = re.compile(r"^L\['[^']*'\]\.?")

_FRAME = re.compile(r'File "([^"]+)", line (\d+)')

def _node_source(node, op):
    """What the user wrote that made an FX node, for reports and errors: the
    module's path (Dynamo's nn_module_stack, "layers.3.mlp.act"), the ATen
    op without its overload ("aten.gelu") and the user's line
    (stack_trace's last frame, "model.py:42"), as "layers.3.mlp.act
    (aten.gelu) at model.py:42"; the parts the node's meta lacks are left
    out (a backward node has no module of its own)."""
    name = str(op)
    if name.endswith(".default"):
        name = name[:-len(".default")]
    text = f"({name})"
    stack = node.meta.get("nn_module_stack")
    if stack:
        path = _MODULE_ROOT.sub("", str(list(stack.values())[-1][0]))
        if path:
            text = f"{path} {text}"
    frames = _FRAME.findall(node.meta.get("stack_trace") or "")
    if frames:
        file, line = frames[-1]
        text += f" at {os.path.basename(file)}:{line}"
    return text

def _batch_dims(node, op):
    """A GEMM-class op's batch dimensions, as JAX's dot_general counts them
    (policy dots-no-batch keeps only products without): bmm and baddbmm
    one; matmul the leading dimensions where both operands have them (a 3-D
    input times a weight matrix has none); attention the query's leading
    dimensions (batch, heads); convolutions and mm none."""
    name = op.overloadpacket.__name__
    if name in ("bmm", "baddbmm"):
        return 1
    ranks = [len(v.shape) for v in (_fake(a) for a in node.args[:2])
             if isinstance(v, torch.Tensor)]
    if name == "matmul" and len(ranks) == 2 and min(ranks) >= 3:
        return max(ranks) - 2
    if "scaled_dot_product" in name and ranks:
        return max(ranks[0] - 2, 0)
    return 0

def _flops(node, op, outputs, sizes=None):
    """FLOPs of one ATen op: PyTorch's own formulas (torch.utils.flop_counter)
    for GEMMs, convolutions and attention; one per output element for
    elementwise ops; one per input element for the rest. With `sizes`
    (a _Sizes), symbolic shapes are counted at their planned sizes."""
    concrete = sizes.meta if sizes is not None else (lambda x: x)
    formula = _flop_counter.flop_registry.get(op.overloadpacket)
    if formula is not None:
        args, kwargs = torch.utils._pytree.tree_map(lambda x: concrete(_fake(x)),
                                                    (node.args, node.kwargs))
        try:
            flops = formula(*args, out_val=concrete(node.meta.get("val")), **kwargs)
            if isinstance(flops, torch.SymInt):
                flops = sizes.concrete(flops, f"node {node.name}") if sizes else int(flops)
            return int(flops), "gemm"
        except Unsupported:
            raise
        except Exception:  # a formula that does not take these arguments
            pass
    name = op.overloadpacket.__name__
    out_elems = sum(_numel(s) for s, _ in outputs)
    if name in _LAYOUT:
        return 0, "layout"
    if torch.Tag.pointwise in op.tags:
        return out_elems, "elementwise"
    in_elems = sum(_numel(tuple(concrete(v).shape)) for v in map(_fake, node.all_input_nodes)
                   if isinstance(v, torch.Tensor))
    return max(in_elems, out_elems), "reduction"

def _argument(node, op, name):
    """The value of the schema argument `name` at this call (its default if
    the call leaves it out), or None if the op has no such argument."""
    for i, arg in enumerate(op._schema.arguments):
        if arg.name == name:
            if name in node.kwargs:
                return node.kwargs[name]
            if i < len(node.args) and not arg.kwarg_only:
                return node.args[i]
            return arg.default_value if arg.has_default_value() else None
    return None

def _is_random(node, op):
    """Whether the call draws random numbers. Ops tagged
    nondeterministic_seeded only for their dropout (the attention kernels'
    `dropout_p`, native_dropout's `p` and `train`) are deterministic when
    it is off: recomputing them reproduces the forward's values."""
    if torch.Tag.nondeterministic_seeded not in op.tags:
        return False
    names = {arg.name for arg in op._schema.arguments}
    if "dropout_p" in names:
        return _argument(node, op, "dropout_p") != 0
    if op.overloadpacket.__name__ == "native_dropout":
        return _argument(node, op, "p") != 0 and _argument(node, op, "train") is not False
    return True

def _is_mutating(op):
    return op._schema.is_mutable

def _is_collective(op):
    """A functional collective (`_c10d_functional.all_reduce`, its
    `wait_tensor`, all-gathers, reduce-scatters, ...): what tensor
    parallelism, FSDP and DDP put in the graph."""
    return op.namespace in ("_c10d_functional", "c10d_functional")

def _traffic(node, op, sizes):
    """(bytes read, bytes one device sends) of a collective, as remat.jax
    counts them (a ring's bound: an all-reduce sends its input twice, an
    all-gather its output, the others their input; `wait_tensor` nothing)."""
    def nbytes(values):
        return sum(_numel(sizes.shape(v, f"node {node.name}")) * v.element_size()
                   for v in values if isinstance(v, torch.Tensor))
    ins = nbytes(map(_fake, node.all_input_nodes))
    name = op.overloadpacket.__name__
    if name.startswith("wait"):
        return 0, 0
    if name.startswith("all_reduce"):
        return ins, 2 * ins
    if name.startswith("all_gather"):
        val = node.meta.get("val")
        return ins, nbytes(val if isinstance(val, (tuple, list)) else [val])
    return ins, ins

# Kernel temporaries measured so far in this process (every compile reads
# them): (op, argument signature: shapes, strides, dtypes, device types and
# the other arguments) -> bytes.
_TEMPORARIES = {}

def _may_hold_temporary(node, op):
    """Whether op's kernel may allocate more than its results, so that
    measuring it (_kernel_temporary) can change the plan. Not for an op
    with no tensor operand (a factory: full, iota, scalar_tensor), nor for
    an ATen pointwise op (Tag.pointwise) whose operands of one or more
    dimensions share one dtype and whose results have that dtype or bool:
    TensorIterator runs it over the operands' strides and broadcasts and
    writes the results alone (measured on GPT-2, Llama and T5: nothing, or
    the 8 to 12 bytes of a Python scalar's 0-dim copy; `where`'s bool
    condition is read as it is, not promoted). Everything else is
    measured: an op that is not ATen's pointwise (prims.fma, which the
    decomposition of _softmax_backward_data leaves, holds an output-sized
    product; reductions, cumsum, attention, index_put's accumulation their
    buffers), and a pointwise op of mixed dtypes (on the CPU TensorIterator
    copies an operand to the common dtype: a bool mask times a float
    gradient holds a float copy of the mask)."""
    tensors = [(a, a.meta.get("val")) for a in node.all_input_nodes
               if isinstance(a.meta.get("val"), torch.Tensor)]
    if not tensors:
        return False
    if op.namespace != "aten" or torch.Tag.pointwise not in op.tags:
        return True
    condition = node.args[0] if op.overloadpacket is torch.ops.aten.where else None
    operands = [v for a, v in tensors if a is not condition]
    val = node.meta.get("val")
    results = [v for v in (val if isinstance(val, (tuple, list)) else [val])
               if isinstance(v, torch.Tensor)]
    dtypes = {v.dtype for v in operands if v.dim() > 0}
    return len(dtypes) > 1 or any(r.dtype not in dtypes | {torch.bool} for r in results)

def _temporary_call(node, op, sizes, strides=None):
    """op's key in _TEMPORARIES (the op and its arguments' signature: the
    tensors' shapes, strides, dtypes and device types, the other arguments
    as written) and the call that measures it, (op, args, kwargs) with
    each tensor as ("tensor", shape, stride, dtype, device). `strides`:
    each tensor operand's strides as the compiler hands them (Inductor's
    layouts for its fallback kernels), in place of the FX values' where
    given and of the same rank."""
    signature = []
    tensors = iter(strides or ())

    def real(x):
        x = _fake(x)
        if isinstance(x, torch.Tensor):
            shape = sizes.shape(x, f"node {node.name}")
            stride = tuple(sizes.concrete(d, f"node {node.name}") for d in x.stride())
            given = next(tensors, None)
            if given is not None and len(given) == len(stride):
                stride = tuple(given)
            signature.append((shape, stride, str(x.dtype), x.device.type))
            return ("tensor", shape, stride, x.dtype, x.device)
        if isinstance(x, _SYMBOLIC):
            x = sizes.concrete(x, f"node {node.name}")
        signature.append(repr(x))
        return x

    args, kwargs = torch.utils._pytree.tree_map(real, (node.args, node.kwargs))
    return (str(op), tuple(signature)), (op, args, kwargs)

def _kernel_temporary(node, op, sizes, strides=None):
    """The bytes op's kernel allocates beyond its results while it runs
    (the eager compiler's kernels: `prims.fma` from `_softmax_backward_data`'s
    decomposition holds an output-sized product, a kernel reading a
    non-contiguous input copies it), measured once per op and argument
    signature in the process (_measure_temporaries); `strides` as
    _temporary_call takes them."""
    key, call = _temporary_call(node, op, sizes, strides)
    if key not in _TEMPORARIES:
        _measure_temporaries({key: call})
    return _TEMPORARIES[key]

def _is_tensor_spec(x):
    return isinstance(x, tuple) and x[:1] == ("tensor",)

def _ready(op, args, kwargs):
    """The call `op(args, kwargs)` on zero-filled tensors of their specs
    (_temporary_call's), run once (a kernel's first run may set up what it
    keeps for later ones): a function that runs it again."""
    def make(x):
        if _is_tensor_spec(x):
            return torch.empty_strided(x[1], x[2], dtype=x[3], device=x[4]).zero_()
        return x
    call_args, call_kwargs = torch.utils._pytree.tree_map(make, (args, kwargs),
                                                         is_leaf=_is_tensor_spec)
    op(*call_args, **call_kwargs)
    return functools.partial(op, *call_args, **call_kwargs)

def _measure_temporaries(calls):
    """Measures the kernel temporary of each of `calls` ({key: (op, args,
    kwargs)}, _temporary_call's) into _TEMPORARIES: the op run on
    zero-filled tensors of the node's shapes, strides, dtypes and devices,
    once to warm up and once measured; the temporary is the most bytes
    that run's allocations held at once less what it returns. On CUDA the
    allocator's peak says it; on the CPU the profiler's allocation events,
    in one profiler session for all the calls (its start and stop cost more
    than most ops), each measured run in a record_function window of its
    own. 0 where an op cannot be run so."""
    from torch._subclasses.fake_tensor import unset_fake_temporarily
    from torch.profiler import record_function
    on_cpu = []
    with unset_fake_temporarily(), torch.no_grad():
        for key, call in calls.items():
            _TEMPORARIES[key] = 0
            device = next((x[4] for x in torch.utils._pytree.tree_leaves(
                call[1:], is_leaf=_is_tensor_spec) if _is_tensor_spec(x)), None)
            if device is None or device.type != "cuda":
                on_cpu.append((key, call))
                continue
            try:
                run = _ready(*call)
                torch.cuda.synchronize(device)
                torch.cuda.reset_peak_memory_stats(device)
                result = run()
                torch.cuda.synchronize(device)
                peak = torch.cuda.max_memory_allocated(device)
                end = torch.cuda.memory_allocated(device)
                del result
                _TEMPORARIES[key] = max(0, peak - end)
            except Exception:  # an op that cannot run on such inputs: nothing counted
                pass
        if not on_cpu:
            return
        windows = {}

        def measure():
            for i, (key, call) in enumerate(on_cpu):
                try:
                    run = _ready(*call)
                    with record_function(f"remat::temporary#{i}"):
                        result = run()
                    del result, run
                except Exception:  # (as on CUDA)
                    continue
                windows[f"remat::temporary#{i}"] = key
        try:
            _, events = _profiled(measure)
        except Exception:  # (the profiler did not run: nothing counted)
            return
    allocations = sorted((e.start_ns(), e.nbytes()) for e in events
                         if e.name() == "[memory]"
                         and e.device_type() == torch.autograd.DeviceType.CPU)
    times = [t for t, _ in allocations]
    for e in events:
        key = windows.get(e.name())
        if key is None:
            continue
        live = peak = 0
        for _, nbytes in allocations[bisect.bisect_left(times, e.start_ns()):
                                     bisect.bisect_right(times, e.start_ns() + e.duration_ns())]:
            live += nbytes
            peak = max(peak, live)
        _TEMPORARIES[key] = max(0, peak - live)

def _is_opaque(val):
    """An opaque object in the graph (a FakeScriptObject: the DeviceMesh or
    process group DTensor passes in)."""
    if isinstance(val, torch._library.fake_class_registry.FakeScriptObject):
        return True
    is_opaque_value = getattr(getattr(torch._library, "opaque_object", None),
                              "is_opaque_value", None)
    return bool(is_opaque_value and is_opaque_value(val))

# A numbered submodule in a module path: `layers.3`, `h[3]`, `layers_3`.
_BLOCK = re.compile(r"(?:^|[._\]\[])(\d+)(?:[\]._]|$)")

def _block_of(node, default=None):
    """The checkpoint block of a forward node: the index of the first
    numbered submodule (a ModuleList entry, e.g. `layers.3` or `h.3`) on its
    module stack, as Dynamo records it; `default` if there is none."""
    for path, _ in (node.meta.get("nn_module_stack") or {}).values():
        m = _BLOCK.search(str(path))
        if m:
            return int(m.group(1))
    return default

def _checkpoint_policies(joint_module, mode):
    """remat.policy overrides (FX node name -> "save" | "recompute") from
    the tags AOTAutograd puts on the nodes of a torch.utils.checkpoint
    region (node.meta["recompute"], a CheckpointPolicy that selective
    activation checkpointing's policy function chooses; node.meta
    ["ac_graph_id"], the region). mode "honor": MUST_SAVE and PREFER_SAVE
    save, MUST_RECOMPUTE and PREFER_RECOMPUTE recompute; "must": the MUST_*
    tags only; "ignore": none. As in PyTorch's partitioners
    (cleanup_recompute_tags), what a region reads from outside regions is
    saved (torch.utils.checkpoint saves its inputs), and so is a recomputed
    value a later region reads (the boundary of consecutive checkpointed
    blocks) or one with a backward hook that no region recomputes from."""
    if mode == "ignore":
        return {}
    from torch.utils.checkpoint import CheckpointPolicy
    honored = {CheckpointPolicy.MUST_SAVE: "save", CheckpointPolicy.MUST_RECOMPUTE: "recompute"}
    if mode == "honor":
        honored.update({CheckpointPolicy.PREFER_SAVE: "save",
                        CheckpointPolicy.PREFER_RECOMPUTE: "recompute"})
    nodes = list(joint_module.graph.nodes)
    tag = {n: honored.get(n.meta.get("recompute")) for n in nodes}
    policies = {}
    for node in nodes:
        region = node.meta.get("ac_graph_id")
        recomputing = [u for u in node.users if tag[u] == "recompute"]
        policy = tag[node]
        if policy == "recompute" and (
                any(region is not None and u.meta.get("ac_graph_id", region) > region
                    for u in recomputing)
                or (node.meta.get("has_backward_hook") and not recomputing)):
            policy = "save"
        elif policy is None and region is None and recomputing and not (
                # (not an untagged item of an op inside a region, as in PyTorch)
                node.target is operator.getitem
                and node.args[0].meta.get("ac_graph_id") is not None):
            policy = "save"
        if policy is None:
            continue
        if node.target is operator.getitem:
            # An item's policy is its op's; saving one item saves the op.
            node = node.args[0]
        if policy == "save" or node.name not in policies:
            policies[node.name] = policy
    return policies

def _forward_of_joint(joint_module, num_fwd_outputs):
    """Names of the joint graph's forward nodes: what the forward outputs
    need."""
    output = next(iter(reversed(joint_module.graph.nodes)))
    names = set()
    stack = [n for n in output.args[0][:num_fwd_outputs] if isinstance(n, fx.Node)]
    while stack:
        n = stack.pop()
        if n.name not in names:
            names.add(n.name)
            stack.extend(n.all_input_nodes)
    return names

class _Inlined:
    """A value the compiler never allocates (memory="inductor"): each op
    that reads it computes it, reading its operands and doing its FLOPs."""
    __slots__ = ("operands", "flops")

    def __init__(self, operands, flops):
        self.operands, self.flops = operands, flops

class _Converted:
    """The joint FX graph as remat IR, with the maps back. With `buffers`
    (memory="inductor": the names of the FX nodes whose values Inductor
    allocates, of those it runs as ATen fallback kernels,
    remat.inductor.joint_buffers, and the largest gradient the autograd
    engine copies after the backward or None) every other node is inlined
    into the ops that read it, as Inductor's lowering inlines it; random,
    mutating and collective nodes, and nodes a user checkpoint decides, stay
    ops of their own."""

    def __init__(self, joint_module, num_fwd_outputs, keep_outputs=True, policies=None,
                 collectives="keep", collective_cost=10.0, temporaries="none",
                 buffers=None):
        self.buffers, self.fallbacks, gradient_copy = (
            buffers if buffers is not None else (None, None, None))
        self.num_inlined = 0
        self.graph = _planner.JointGraph("joint")
        self.policies = policies or {}   # fx node name -> remat.policy override
        self.overrides = {}      # the overrides the IR has (ops that can honor them)
        self.value = {}          # fx node -> ssa value
        self.node_of = {}        # (loc name, result index) -> fx node
        self.arg_nodes = []      # argument index -> fx node
        self.result_index = {}   # multi-result fx node -> {item: result}
        self.sizes = _Sizes()    # dynamic shapes: the sizes planned at
        self.sym_nodes = []      # nodes of sizes (SymInt inputs and their arithmetic)
        self.opaque_nodes = []   # opaque inputs (a DTensor's DeviceMesh)
        self.collectives, self.collective_cost = collectives, collective_cost
        self.temporaries = temporaries
        self.temporaries_bytes = {}   # fx node name -> its kernel's temporary
        if temporaries == "measure" and torch._C._autograd._profiler_enabled():
            # A compile inside torch.profiler.profile: measuring (which
            # profiles) would end the user's session.
            warnings.warn("remat: kernel temporaries not measured: the region was compiled "
                          "while a profiler ran (run it once before profiling)", stacklevel=2)
            self.temporaries = "none"
        self.num_ops = 0
        graph = self.graph
        nodes = list(joint_module.graph.nodes)
        output = nodes[-1]
        if output.op != "output":
            raise Unsupported("the joint graph has no output node")
        if self.temporaries == "measure":
            self._measure_temporaries(nodes)
        self.output_nodes = set(output.all_input_nodes)
        # Forward nodes, as remat defines them: what the forward outputs need.
        # They are written first, then every other node in the order the
        # backward graph runs them (_lazy_order): what the forward outputs do
        # not need runs in PyTorch's backward graph, whatever its place in the
        # joint graph (an `alias` of a saved value sits among the forward
        # nodes, but runs just before its first use in the backward).
        self.forward_names = _forward_of_joint(joint_module, num_fwd_outputs)
        # Tangents (the backward's seeds: the loss's 1, zeros for an output
        # the caller does not differentiate) are allocated by AOTAutograd when
        # the backward starts: an op with no operands at the head of the
        # backward, not an argument live through the forward.
        tangents = [n for n in nodes if n.op == "placeholder" and _is_tangent(n)]
        inputs = [n for n in nodes if n.op in ("placeholder", "get_attr") and n not in tangents]
        forward = [n for n in nodes if n.op == "call_function" and n.name in self.forward_names]
        # A region without numbered submodules (a layer compiled on its own,
        # as under FSDP2) is one checkpoint block, 0.
        self.default_block = None if any(_block_of(n) is not None for n in forward) else 0
        rest = _lazy_order([n for n in nodes[:-1] if n.op not in ("placeholder", "get_attr")
                            and n.name not in self.forward_names])
        if self.buffers is not None:
            rest = _addmm_order(rest)
        for node in inputs + forward + tangents + rest:
            if node in tangents:
                val = node.meta.get("val")
                if isinstance(val, torch.Tensor):
                    what = f"tangent {node.name}"
                    self.value[node] = graph.op(
                        "aot.tangent", [], [self.sizes.tensor_type(val, what)],
                        cost_class="layout", side_effects=True, loc=node.name)[0]
                elif isinstance(val, _SYMBOLIC):
                    self.sym_nodes.append(node)
                continue
            if node.op in ("placeholder", "get_attr"):
                val = node.meta.get("val")
                if isinstance(val, torch.Tensor):
                    what = f"input {node.name}"
                    self.value[node] = graph.arg(*self.sizes.tensor_type(val, what))
                    self.arg_nodes.append(node)
                elif isinstance(val, _SYMBOLIC):
                    # A size: no memory, no IR value (its readers read it as
                    # the planned size).
                    self.sym_nodes.append(node)
                elif _is_opaque(val):
                    # An opaque object (a DeviceMesh or process group under
                    # DTensor): no memory; handed to the backward as it is.
                    self.opaque_nodes.append(node)
                elif val is not None and not isinstance(val, (int, float, bool)):
                    raise Unsupported(f"input {node.name} is a {type(val).__name__}, not a tensor")
                continue
            if node.op != "call_function":
                raise Unsupported(f"node {node.name} is a {node.op}, not an ATen call")
            if isinstance(node.meta.get("val"), _SYMBOLIC):
                # Arithmetic on sizes (sym_size, operator.mul, ...): no tensor.
                self.sym_nodes.append(node)
                continue
            if node.target is operator.getitem:
                self._getitem(node)
                continue
            op = node.target
            if not isinstance(op, torch._ops.OpOverload):
                raise Unsupported(f"node {node.name} calls {op}, which is not an ATen op")
            if op.overloadpacket.__name__ in _SKIP:
                continue
            self._call(node, op)
        self.results, self.forward_results = self._outputs(output, num_fwd_outputs,
                                                           keep_outputs)
        # Tangents live to the end of the backward: results of the joint
        # function. All of them where this PyTorch holds them until the
        # backward returns; elsewhere the seeds of `.backward()` calls (the
        # 0-dim ones), which the autograd engine's graph root holds.
        held = _common._tangents_held()
        self.results += [self.value[n] for n in tangents
                         if (held or _is_seed(n)) and not isinstance(self.value.get(n, []), list)]
        if gradient_copy is not None and isinstance(self.value.get(gradient_copy[0]), str):
            # After the backward returns, the autograd engine copies a
            # gradient Inductor returns in another layout than its
            # parameter's while the returned one lives (AccumulateGrad): a
            # transient at the end, beside everything the step holds then.
            node, nbytes = gradient_copy
            graph.op("remat.accumulate_grad", [self.value[node]], [((nbytes,), "i8")],
                     cost_class="layout", side_effects=True, loc=f"{node.name}/accumulate_grad")
        # On Inductor's buffers: its in-place reuse in the backward.
        self.num_inplace = (self._inplace(self._not_donated(nodes, output, num_fwd_outputs,
                                                            tangents))
                            if self.buffers is not None else 0)

    def _measures_temporary(self, node, op):
        """Whether the plan holds the temporary of node's kernel: measured
        (temporaries="measure"), an op with tensor results that is not a
        view, not random, mutating or a collective, one that may hold a
        temporary (_may_hold_temporary) and, on Inductor's buffers, one it
        runs as an ATen fallback kernel (it generates the others)."""
        val = node.meta.get("val")
        items = val if isinstance(val, (tuple, list)) else [val]
        outputs = any(isinstance(v, torch.Tensor) for v in items)
        mutating = _is_mutating(op)
        view = _is_alias(op) and len(node.all_input_nodes) == 1 and not mutating
        return (self.temporaries == "measure" and outputs and not view
                and (self.fallbacks is None or node.name in self.fallbacks)
                and not mutating and not _is_random(node, op) and not _is_collective(op)
                and torch.Tag.nondeterministic_seeded not in op.tags
                and _may_hold_temporary(node, op))

    def _strides(self, node):
        """The strides Inductor hands node's fallback kernel
        (remat.inductor.joint_buffers), or None: the FX values'."""
        return self.fallbacks.get(node.name) if isinstance(self.fallbacks, dict) else None

    def _measure_temporaries(self, nodes):
        """Measures the kernel temporaries of the graph's ops not measured
        before in this process, all at once (_measure_temporaries: one
        profiler session on the CPU); _call then reads them."""
        calls = {}
        for node in nodes:
            op = node.target
            if (node.op != "call_function" or not isinstance(op, torch._ops.OpOverload)
                    or op.overloadpacket.__name__ in _SKIP
                    or isinstance(node.meta.get("val"), _SYMBOLIC)
                    or not self._measures_temporary(node, op)):
                continue
            try:
                key, call = _temporary_call(node, op, self.sizes, self._strides(node))
            except Unsupported:   # (a size remat cannot plan: _call says so)
                continue
            if key not in _TEMPORARIES:
                calls.setdefault(key, call)
        if calls:
            _measure_temporaries(calls)

    def _not_donated(self, nodes, output, num_fwd_outputs, tangents):
        """The IR values that hold the storage of a forward output or a
        tangent: AOTAutograd donates neither to the backward (the caller may
        hold them), so Inductor writes nothing into them in place."""
        root = {}
        for n in nodes:
            root[n] = (root.get(n.all_input_nodes[0], n)
                       if n.all_input_nodes and _shares_storage(n) else n)
        items = output.args[0] if isinstance(output.args[0], (tuple, list)) else ()
        outs = {root.get(a, a) for a in items[:num_fwd_outputs] if isinstance(a, fx.Node)}
        return {v for n, v in self.value.items()
                if isinstance(v, str) and (root.get(n) in outs or n in tangents)}

    def _inplace(self, kept=frozenset()):
        """Inductor writes a pointwise kernel's output into an input buffer
        that dies at that kernel (`buf27 = exp_1; del exp_1  # reuse`: the
        saved softmax numerator becomes its gradient's buffer), where remat's
        memory semantics would hold both. Modeled for backward kernels: an
        op of one result, not a fallback kernel, writes its result into an
        operand of its type (Inductor reuses a buffer read at the indices it
        writes) that is a buffer of its own (not a view, not an argument),
        not in `kept` (_not_donated), and whose last backward reader it is:
        the backward's order is the same in every plan, so the operand dies
        there, saved or recomputed before it (a plan that recomputes one of
        its forward readers after this kernel would keep it, and the
        compiled step's check corrects for that). JointGraph.make_inplace.
        Returns how many."""
        graph = self.graph
        args = {name for name, _ in graph.args}
        made_by = {}   # value -> the cost class of the op that makes it
        last = {}      # value -> the last backward op that reads it
        for index, (_, inputs, results, attrs, loc) in enumerate(graph.records):
            cls = next((a.split('"')[1] for a in attrs if a.startswith("cost_class")),
                       "elementwise")
            for r in results:
                made_by[r] = cls
            if loc not in self.forward_names:
                for v in inputs:
                    last[v] = index
        for v in self.results:
            last[v] = len(graph.records)   # (read at the end)

        count = 0
        for index, (_, inputs, results, attrs, loc) in enumerate(graph.records):
            if (len(results) != 1 or loc is None or loc in self.forward_names
                    or made_by[results[0]] != "elementwise" or "side_effects" in attrs
                    or (self.fallbacks is not None and loc in self.fallbacks)):
                continue
            ty = graph.types[results[0]]
            for operand in dict.fromkeys(inputs):
                other = graph.types[operand]
                if (operand not in args and operand not in kept
                        and made_by.get(operand, "view") != "view"
                        and last.get(operand) == index and other == ty):
                    graph.make_inplace(index, operand)
                    count += 1
                    break
        return count

    def _getitem(self, node):
        base, index = node.args
        entry = self.value.get(base)
        if not isinstance(entry, list):
            raise Unsupported(f"node {node.name} takes an item of {base.name}, "
                              "which is not a multi-result op")
        if not (0 <= index < len(entry)) or entry[index] is None:
            if isinstance(node.meta.get("val"), torch.Tensor):
                raise Unsupported(f"node {node.name}: item {index} of {base.name} is unknown")
            return
        self.value[node] = entry[index]
        if isinstance(entry[index], _Inlined):
            return
        self.node_of[(base.name, self.result_index[base][index])] = node

    def _call(self, node, op):
        val = node.meta.get("val")
        inputs, inlined = [], []
        for arg in node.all_input_nodes:
            if arg not in self.value:
                if isinstance(_fake(arg), torch.Tensor):
                    raise Unsupported(f"node {node.name} reads {arg.name}, which remat did not model")
                continue
            v = self.value[arg]
            if isinstance(v, list):
                raise Unsupported(f"node {node.name} reads the tuple {arg.name} whole")
            if isinstance(v, _Inlined):
                # An inlined value: this op computes it from its operands.
                inputs.extend(x for x in v.operands if x not in inputs)
                if v not in inlined:
                    inlined.append(v)
            elif v not in inputs:
                inputs.append(v)
        # Results: one tensor, or a tuple/list of tensors (items via getitem).
        multi = isinstance(val, (tuple, list))
        items = list(val) if multi else [val]
        outputs, index_map = [], {}
        for i, item in enumerate(items):
            if isinstance(item, torch.Tensor):
                what = f"result {i} of {node.name} ({op})"
                index_map[i] = len(outputs)
                outputs.append(self.sizes.tensor_type(item, what))
            elif isinstance(item, _SYMBOLIC):
                raise Unsupported(f"node {node.name} ({op}) returns a symbolic value: the graph "
                                  "has a dynamic shape; remat plans static shapes only")
            elif item is not None and not isinstance(item, (int, float, bool)):
                raise Unsupported(f"node {node.name} ({op}) returns a {type(item).__name__}")
        random, mutating = _is_random(node, op), _is_mutating(op)
        view = _is_alias(op) and len(node.all_input_nodes) == 1 and outputs and not mutating
        if view:
            flops, cost_class = 0, "view"
        else:
            flops, cost_class = _flops(node, op, outputs, self.sizes)
        block = _block_of(node, self.default_block)
        side_effects = random or mutating or not outputs
        if self.buffers is not None:
            flops += sum(v.flops for v in inlined)
            if not (side_effects or _is_collective(op) or node.name in self.policies
                    or node.name in self.buffers or node in self.output_nodes
                    or any(u.target is operator.getitem and u.name in self.buffers
                           for u in node.users)):
                # Inductor never allocates it: its readers compute it.
                inlined_value = _Inlined(inputs, flops)
                self.value[node] = ([inlined_value] * len(items) if multi else inlined_value)
                if multi:
                    self.result_index[node] = {i: i for i in range(len(items))}
                self.num_inlined += 1
                return
            if view and (inlined or node.name in self.buffers):
                # A view Inductor allocates: the copy of what it views.
                cost_class = "layout"
        elif inlined:
            raise Unsupported(f"node {node.name} reads an inlined value")
        traffic = None
        if _is_collective(op):
            if self.collectives == "keep":
                side_effects = True
            else:
                # Communicating again is reading the bytes a device sends
                # collective_cost times over, plus the operands.
                read, sent = _traffic(node, op, self.sizes)
                traffic = read + int(self.collective_cost * sent)
        # An op that cannot run again is saved where the backward needs it,
        # whatever a "recompute" override says (a random op's mask).
        policy = self.policies.get(node.name)
        if policy == "recompute" and side_effects:
            policy = None
        if policy is not None:
            self.overrides[node.name] = policy
        if self._measures_temporary(node, op):
            # The kernel's temporary, as a result nothing reads: live while
            # the op runs (and where the plan runs it again), freed after.
            temporary = _kernel_temporary(node, op, self.sizes, self._strides(node))
            if temporary:
                outputs = outputs + [((temporary,), "i8")]
                self.temporaries_bytes[node.name] = temporary
        results = self.graph.op(str(op), inputs, outputs, flops=flops, cost_class=cost_class,
                                side_effects=side_effects, loc=node.name,
                                source=_node_source(node, op), block=block,
                                policy=policy, read_bytes=traffic,
                                batch_dims=_batch_dims(node, op) if cost_class == "gemm" else 0)
        self.num_ops += 1
        if multi:
            self.value[node] = [results[index_map[i]] if i in index_map else None
                                for i in range(len(items))]
            self.result_index[node] = index_map
        elif results:
            self.value[node] = results[0]
            self.node_of[(node.name, 0)] = node

    def _outputs(self, output, num_fwd_outputs, keep_outputs):
        """The joint function's results: the forward's tensor outputs (all of
        them, or with keep_outputs=False the loss alone, loss_output_index:
        the caller drops the others, e.g. the logits, once the forward
        returns), then the gradients."""
        flat = output.args[0]
        results, forward = [], 0
        kept = None if keep_outputs else _common.loss_output_index(flat[:num_fwd_outputs])
        for i, out in enumerate(flat):
            if out is None or not isinstance(out, fx.Node):
                continue
            v = self.value.get(out)
            if v is None or isinstance(v, list):
                if isinstance(_fake(out), torch.Tensor):
                    raise Unsupported(f"output {i} ({out.name}) is not a value remat modelled")
                continue
            if i < num_fwd_outputs:
                if kept is not None and i != kept:
                    continue
                forward += 1
            results.append(v)
        if forward == 0:
            raise Unsupported("the forward returns no tensor")
        if len(results) == forward:
            raise Unsupported("the joint graph computes no gradient")
        return results, forward
