"""remat inside `torch.compile`: a partition function for AOTAutograd.

    import remat.torch
    compiled = torch.compile(model, backend=remat.torch.backend(budget="8GiB"))
    compiled = torch.compile(model, backend=remat.torch.backend(max_overhead=0.05))
    compiled = torch.compile(model, backend=remat.torch.backend(policy="selective"))

AOTAutograd traces the joint forward+backward graph of the compiled region
(ATen ops after decompositions) and hands it to a partition function, which
chooses the forward values the backward saves; every other forward value the
backward needs is recomputed inside the backward graph. `partition` is such a
function: it writes the joint graph as remat IR (one `nn.generic` per ATen op,
costed by PyTorch's own FLOP formulas), plans it with `remat-opt
--rematerialize`, maps the plan's saved set back to FX nodes, and lets
PyTorch's extraction helper build the forward and backward modules from it.
The backward's recomputed nodes are placed just before their first use, as
remat's rewrite places them, so PyTorch runs the plan remat simulated.

With Inductor the plan is made on the buffers Inductor allocates (its own
lowering and scheduler say which: remat.inductor) and each compiled step's
peak is read from Inductor's generated code; with a budget, remat plans
again until that peak fits (`verify_rounds`).
With the eager compiler each kernel's own temporaries (what it allocates
beyond its results) are measured once and held in the plan while the op runs
(`temporaries`). Tensor-parallel steps (DTensor) are planned: the DeviceMesh is an opaque
input handed to the backward, and functional collectives are kept (never
recomputed) unless `collectives="recompute"` lets the plan recompute them at
the cost of communicating again.
Dynamic shapes are planned once for their range, at the sizes' upper bounds
(`mark_dynamic(..., max=)`) or, unbounded, at the traced sizes
(`PlanInfo.dynamic_sizes`). Anything remat cannot model (a data-dependent
size with no bound, an op that is not an ATen op, a complex element type) or
any planner failure falls back, with a warning naming the reason, to
PyTorch's own partitioner. An impossible `budget` is not a
fallback but an error (`remat.planner.PlanError`) that states the smallest
peak remat can reach, unless `strict=False`.

Random ops (dropout's RNG) are never recomputed: their values are saved when
the backward needs them, so recomputation cannot change a mask. In-place ops
are kept in the forward. `torch.utils.checkpoint` regions (and selective
activation checkpointing's policies) in the compiled code are honored: what
they save is saved and what they recompute is recomputed (`user_checkpoints`).
Options are checked when `backend(...)` is called (ValueError). docs/PyTorch.md
has the details and the numbers.
"""

import functools
import inspect
import math
import operator
import re
import time
import warnings

import sympy
import torch
import torch.fx as fx
from torch._functorch import partitioners as _partitioners
from torch.utils import flop_counter as _flop_counter

from . import _adapter
from . import builder as _builder
from . import options as _options
from . import planner as _planner

__all__ = ["backend", "partition", "last_plan", "plans", "clear_plans", "step_peak",
           "measure_peak", "partition_stats", "pytorch_backend", "RematPartitioner",
           "PyTorchPartitioner",
           "Unsupported", "PlanError", "BudgetError", "budget_error", "tangents_held"]

PlanError = _planner.PlanError
BudgetError = _planner.BudgetError
Unsupported = _adapter.Unsupported

POLICIES = ("auto", "none", "selective", "full", "sqrt", "dots", "offload")
COMPILERS = ("eager", "inductor")
# What a torch.utils.checkpoint region's tags (node.meta["recompute"]) are
# to the planner: "honor" every tag, "must" only MUST_SAVE / MUST_RECOMPUTE,
# "ignore" none (docs/PyTorch.md, "User checkpoints").
USER_CHECKPOINTS = ("honor", "must", "ignore")
TEMPORARIES = ("measure", "none")
# The memory model: "ops" (each ATen op's result is a buffer, as the eager
# compiler runs them) or "inductor" (the buffers Inductor allocates).
MEMORY = ("ops", "inductor")

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
# Ops whose schema does not say so but whose result shares its input's
# storage (`_unsafe_view` is how decompositions spell reshape after a copy).
_ALIASING = {"_unsafe_view", "_reshape_alias"}
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


def _is_alias(op):
    """Whether the op's result shares its input's storage."""
    return op.is_view or op.overloadpacket.__name__ in _ALIASING


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


# Kernel temporaries measured so far: (op, argument signature) -> bytes.
_TEMPORARIES = {}


def _kernel_temporary(node, op, sizes):
    """The bytes op's kernel allocates beyond its results while it runs
    (the eager compiler's kernels: `prims.fma` from `_softmax_backward_data`'s
    decomposition holds an output-sized product, a kernel reading a
    non-contiguous input copies it), measured once per op and argument
    signature: the op is run on zero-filled tensors of the node's shapes,
    strides, dtypes and devices, once to warm up and once measured (the
    CUDA allocator's peak, or the CPU profiler's allocation events); the
    temporary is the peak less what the op returns. 0 where the op cannot
    be run so."""
    from torch._subclasses.fake_tensor import unset_fake_temporarily
    signature = []

    def real(x):
        x = _fake(x)
        if isinstance(x, torch.Tensor):
            shape = sizes.shape(x, f"node {node.name}")
            stride = tuple(sizes.concrete(d, f"node {node.name}") for d in x.stride())
            signature.append((shape, stride, str(x.dtype), x.device.type))
            return ("tensor", shape, stride, x.dtype, x.device)
        if isinstance(x, _SYMBOLIC):
            x = sizes.concrete(x, f"node {node.name}")
        signature.append(repr(x))
        return x

    args, kwargs = torch.utils._pytree.tree_map(real, (node.args, node.kwargs))
    key = (str(op), tuple(signature))
    if key not in _TEMPORARIES:
        _TEMPORARIES[key] = 0
        try:
            with unset_fake_temporarily(), torch.no_grad():
                def make(x):
                    if isinstance(x, tuple) and x and x[0] == "tensor":
                        return torch.empty_strided(x[1], x[2], dtype=x[3], device=x[4]).zero_()
                    return x
                call_args, call_kwargs = torch.utils._pytree.tree_map(
                    make, (args, kwargs), is_leaf=lambda x: isinstance(x, tuple) and x[:1] == ("tensor",))
                device = next((x.device for x in torch.utils._pytree.tree_leaves(
                    (call_args, call_kwargs)) if isinstance(x, torch.Tensor)), None)
                op(*call_args, **call_kwargs)   # warm up
                _TEMPORARIES[key] = _transient_bytes(device, lambda: op(*call_args, **call_kwargs))
        except Exception:  # an op that cannot run on such inputs: nothing counted
            pass
    return _TEMPORARIES[key]


def _transient_bytes(device, fn):
    """The most bytes fn's allocations held at once, less those held at its
    end (what it returns)."""
    if device is not None and device.type == "cuda":
        torch.cuda.synchronize(device)
        torch.cuda.reset_peak_memory_stats(device)
        result = fn()
        torch.cuda.synchronize(device)
        peak, end = torch.cuda.max_memory_allocated(device), torch.cuda.memory_allocated(device)
        del result
        return max(0, peak - end)
    _, peak, end = _profiled_allocations(fn)
    return max(0, peak - end)


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
    allocates and of those it runs as ATen fallback kernels,
    remat.inductor.joint_buffers) every other node is inlined
    into the ops that read it, as Inductor's lowering inlines it; random,
    mutating and collective nodes, and nodes a user checkpoint decides, stay
    ops of their own."""

    def __init__(self, joint_module, num_fwd_outputs, keep_outputs=True, policies=None,
                 collectives="keep", collective_cost=10.0, temporaries="none",
                 buffers=None):
        self.buffers, self.fallbacks = buffers if buffers is not None else (None, None)
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
        held = _tangents_held()
        self.results += [self.value[n] for n in tangents
                         if (held or _is_seed(n)) and not isinstance(self.value.get(n, []), list)]
        # On Inductor's buffers: its in-place reuse in the backward.
        self.num_inplace = (self._inplace(self._not_donated(nodes, output, num_fwd_outputs,
                                                            tangents))
                            if self.buffers is not None else 0)

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
        if (self.temporaries == "measure" and outputs and cost_class != "view"
                and (self.fallbacks is None or node.name in self.fallbacks)
                and not side_effects and not _is_collective(op)
                and torch.Tag.nondeterministic_seeded not in op.tags):
            # The kernel's temporary, as a result nothing reads: live while
            # the op runs (and where the plan runs it again), freed after.
            temporary = _kernel_temporary(node, op, self.sizes)
            if temporary:
                outputs = outputs + [((temporary,), "i8")]
                self.temporaries_bytes[node.name] = temporary
        results = self.graph.op(str(op), inputs, outputs, flops=flops, cost_class=cost_class,
                                side_effects=side_effects, loc=node.name, block=block,
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
        them, or with keep_outputs=False the first alone: the caller drops
        the others, e.g. the logits, once the forward returns), then the
        gradients."""
        flat = output.args[0]
        results, forward = [], 0
        for i, out in enumerate(flat):
            if out is None or not isinstance(out, fx.Node):
                continue
            v = self.value.get(out)
            if v is None or isinstance(v, list):
                if isinstance(_fake(out), torch.Tensor):
                    raise Unsupported(f"output {i} ({out.name}) is not a value remat modelled")
                continue
            if i < num_fwd_outputs:
                if forward and not keep_outputs:
                    continue
                forward += 1
            results.append(v)
        if forward == 0:
            raise Unsupported("the forward returns no tensor")
        if len(results) == forward:
            raise Unsupported("the joint graph computes no gradient")
        return results, forward


PlanInfo = _adapter.PlanInfo


def _new_plan():
    """A PlanInfo in the list of plans: what one call of `partition` did,
    or that Inductor's caches served a region (`from_cache`, nothing else
    set). Its planning_time_s is the whole partition function's (0 until it
    is done; `times` has its parts: convert, plan, extract)."""
    return _PLANS.add(PlanInfo(planning_time_s=0.0))


# One PlanInfo per partition (a compiled model with graph breaks has one
# joint graph, and one plan, per region).
_PLANS = _adapter.Registry()
last_plan, plans, clear_plans = _PLANS.last_plan, _PLANS.plans, _PLANS.clear_plans


def step_peak(info):
    """The plan's peak in the terms measure_peak measures: the bytes the
    step allocates, i.e. the report's peak without the arguments (the
    parameters and inputs, which exist before the step)."""
    r = info.report
    return r["result"]["peak_bytes"] - r["argument_bytes"]


def _is_tangent(node):
    return node.op == "placeholder" and node.name.startswith("tangents")


def _is_seed(node):
    """A 0-dim tangent: the seed of a `loss.backward()` (the autograd
    engine makes it and its graph root holds it until the whole backward is
    done, whatever AOTAutograd frees; where the scalar's gradient comes
    from later ops instead, holding it overstates the step by its 4 bytes)."""
    val = node.meta.get("val")
    return _is_tangent(node) and isinstance(val, torch.Tensor) and val.dim() == 0


@functools.lru_cache(maxsize=None)
def _tangents_held():
    """Whether this PyTorch's AOTAutograd holds a compiled backward's
    incoming gradients (its tangents, the zero-filled ones included) until
    that backward returns, rather than letting each go after its last use.
    torch 2.11 holds them (`CompiledFunction.backward(ctx, *flat_args)`
    keeps `flat_args` through the call); torch 2.15 does not. Found once
    per process by running a two-output step through AOTAutograd and
    seeing whether its tangents outlive the compiled backward's run (about
    a second the first time); remat's plans, `partition_stats` and the
    Inductor check follow it."""
    import weakref
    from torch._functorch.aot_autograd import aot_function
    from torch._subclasses.fake_tensor import unset_fake_temporarily
    held = []

    def forward_compiler(gm, example_inputs):
        return torch.fx.Interpreter(gm).run

    def backward_compiler(gm, example_inputs):
        names = [n.name for n in gm.graph.find_nodes(op="placeholder")]

        def run(args):
            refs = [weakref.ref(a) for a, name in zip(args, names)
                    if name.startswith("tangents") and isinstance(a, torch.Tensor)]
            out = torch.fx.Interpreter(gm).boxed_run(args)
            held.append(any(r() is not None for r in refs))
            return out
        run._boxed_call = True
        return run
    try:
        with unset_fake_temporarily(), torch.enable_grad():
            f = aot_function(lambda x: (x * 2, x * 3), fw_compiler=forward_compiler,
                             bw_compiler=backward_compiler,
                             partition_fn=_partitioners.default_partition)
            x = torch.ones(4, requires_grad=True)
            first, second = f(x)
            del second        # its tangent: zeros AOTAutograd fills in
            first.sum().backward()
    except Exception as error:   # (a PyTorch whose AOTAutograd API moved)
        warnings.warn(f"remat: could not find out whether AOTAutograd holds the backward's "
                      f"tangents ({type(error).__name__}: {error}); planning as if it does")
        return True
    return bool(held and held[0])


tangents_held = _tangents_held


def _depends_on_tangents(nodes):
    """The nodes that read a tangent, directly or not (what the autograd
    engine can only run once the backward starts)."""
    seen = set()
    for n in nodes:
        if any(i in seen or _is_tangent(i) for i in n.all_input_nodes):
            seen.add(n)
    return seen


def _lazy_order(nodes):
    """`nodes` (a topological order) as the backward runs them
    (planner.lazy_order): the nodes that read a tangent (and ops with no
    users: effects) keep their order; every other node, such as a recomputed
    forward node or an alias of a saved value, is placed just before the
    first node that needs it. PyTorch's own partitioners reorder their
    backward likewise (reordering_to_mimic_autograd_engine)."""
    index = {n: k for k, n in enumerate(nodes)}
    reads = [[index[i] for i in n.all_input_nodes if i in index] for n in nodes]
    anchored = _depends_on_tangents(nodes) | {n for n in nodes if not n.users}
    first = [[k for k, n in enumerate(nodes) if n in anchored]]
    return [nodes[k] for k in _planner.lazy_order(len(nodes), reads.__getitem__, first)]


def _addmm_order(nodes):
    """Inductor's post-grad pass on the CPU writes `add(mm(a, b), c)` as
    `addmm(c, a, b)` where the product has no other reader (and the three
    share a dtype, c expandable to the product): the product is computed
    where the sum is, and a and b live until then. BERT's tied embedding:
    its weight's gradient sums the decoder's product (the logits' gradient
    by the hidden states) with the lookup's, at the end of the backward,
    so the logits' gradient lives through the whole backward. `nodes` (the
    backward, in order) with each such mm moved to just before its add."""
    from torch._prims_common import is_expandable_to
    aten = torch.ops.aten
    present = set(nodes)
    before = {}
    for n in nodes:
        if n.target is not aten.add.Tensor or len(n.args) != 2 or n.kwargs:
            continue
        for mm, inp in (n.args, n.args[::-1]):
            if not (isinstance(mm, fx.Node) and mm.target is aten.mm.default
                    and mm in present and len(mm.users) == 1 and isinstance(inp, fx.Node)):
                continue
            vals = [x.meta.get("val") for x in (inp, mm, *mm.args)]
            if all(isinstance(v, torch.Tensor) and v.device.type == "cpu"
                   and v.dtype == vals[0].dtype for v in vals) \
                    and is_expandable_to(vals[0].shape, vals[1].shape):
                before[n] = mm
                break
    if not before:
        return nodes
    moved = set(before.values())
    order = []
    for n in nodes:
        if n in before:
            order.append(before[n])
        if n not in moved:
            order.append(n)
    return order


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
                     host_budget=None, skip_useless=False):
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
    return dict(options, strict=strict, keep_outputs=keep_outputs, skip_useless=skip_useless,
                user_checkpoints=user_checkpoints, temporaries=temporaries, memory=memory,
                **_adapter.collective_options(collectives, collective_cost),
                **_adapter.offload_options(policy, offload, host_budget, options["device"]))


def partition(joint_module, joint_inputs, *, num_fwd_outputs, policy="auto", budget=None,
              max_overhead=None, device=None, strict=True, keep_outputs=True,
              user_checkpoints="honor", collectives="keep", collective_cost=10.0,
              temporaries="none", memory="ops", offload=False, host_budget=None,
              skip_useless=False, fallback=None, _at_least_peak=False, _region_options=None,
              **kwargs):
    """An AOTAutograd partition function (pass it through
    `functools.partial` with the planner options, or use `backend`). The
    options are backend()'s, checked here too."""
    options = _planner_options(policy, budget, max_overhead, device, strict, keep_outputs,
                               user_checkpoints, collectives, collective_cost, temporaries,
                               memory, offload, host_budget, skip_useless)
    info = _new_plan()
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
                            repeat=options.get("repeat", 1))
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
            from . import inductor as _inductor
            info.value_bytes = _inductor.value_bytes(joint_module, _shares_storage)
        return fw_module, bw_module
    info.fallback = outcome.reason
    _adapter.warn_fallback(f"falling back to PyTorch's partitioner ({fallback.__name__})",
                           info.fallback, stacklevel=2)
    return fallback(joint_module, joint_inputs, num_fwd_outputs=num_fwd_outputs, **kwargs)


def _insert_offload_copies(conv, report, fw_module, bw_module):
    """The plan's offloaded values as copies in the two graphs
    (remat._torch_offload): each leaves the forward through a copy to host
    memory and comes back in the backward at the plan's prefetch point.
    Returns the offloaded values' names."""
    from . import _torch_offload
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
    return lambda node: _kernel_temporary(node, node.target, sizes)


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
    from . import inductor as _inductor
    start = time.perf_counter()
    try:
        names, unnamed, fallbacks = _inductor.joint_buffers(
            joint_module, joint_inputs, _forward_of_joint(joint_module, num_fwd_outputs))
    except _inductor.InductorViewError as error:
        warnings.warn(f"remat: planned with one buffer per op: Inductor's view of the "
                      f"joint graph failed ({error})", stacklevel=3)
        info.memory_note = str(error)
        return None
    finally:
        info.times["inductor_view"] = time.perf_counter() - start
    info.unnamed_bytes = unnamed
    return names, fallbacks


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


def backend(policy="auto", budget=None, max_overhead=None, device=None, compiler="eager",
            decompositions=None, strict=True, keep_outputs=True, user_checkpoints="honor",
            collectives="keep", collective_cost=10.0, temporaries=None, memory=None,
            verify_rounds=3, compilers=None, offload=False, host_budget=None,
            skip_useless=False):
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
    compilers: (forward, backward) graph compilers in place of the eager
    ones (what a benchmark that only partitions passes)."""
    _options.choice(compiler, COMPILERS, "compiler")
    if temporaries is None:
        temporaries = "measure"
    if memory is None:
        memory = "inductor" if compiler == "inductor" else "ops"
    if not isinstance(verify_rounds, int) or isinstance(verify_rounds, bool) or verify_rounds < 1:
        raise ValueError(f"verify_rounds must be a positive int, not {verify_rounds!r}")
    options = _planner_options(policy, budget, max_overhead, device, strict, keep_outputs,
                               user_checkpoints, collectives, collective_cost, temporaries,
                               memory, offload, host_budget, skip_useless)
    _tangents_held()    # (found now, outside any compilation)
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
    _tangents_held()    # (found now, outside any compilation)
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
        from . import inductor as _inductor
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

    def __init__(self, _at_least_peak=False, **options):
        self.options = options
        self.at_least_peak = _at_least_peak
        _tangents_held()    # (found now where it can be: before Inductor compiles)

    def __call__(self, gm, joint_inputs, **kwargs):
        return partition(gm, joint_inputs,
                         fallback=_partitioners.min_cut_rematerialization_partition,
                         _at_least_peak=self.at_least_peak, **self.options, **kwargs)

    def uuid(self):
        from torch._inductor.custom_graph_pass import get_hash_for_files
        from . import inductor as _inductor
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
    from . import inductor as _inductor
    graphs = [g for g in capture.graphs if isinstance(g, _inductor.WrapperGraph)]
    if not (info.fallback is None and info.fw_module is not None and info.value_bytes
            and len(graphs) == 2 and not graphs[0].is_backward and graphs[1].is_backward):
        return None
    start = time.perf_counter()
    try:
        figures = _inductor.step_peak(graphs, info.fw_module, info.bw_module,
                                      info.num_fwd_outputs, info.value_bytes,
                                      keep_outputs, _fallback_temporary(),
                                      tangents_held=_tangents_held())
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

    from . import inductor as _inductor

    def compile(gm, example_inputs):
        planned = len(_PLANS)
        with inductor_config.patch(custom_partitioner_fn=partitioner, force_disable_caches=True), \
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
    the last round). Inductor's caches are bypassed under a budget (the
    check needs the generated code). The rounds' figures are remembered per
    region and options (_INDUCTOR_ROUNDS): a later compile of the region
    starts at the internal budget whose figure came closest to its budget
    without passing it, where that is within 2% of it."""
    from torch._functorch import config as functorch_config
    from torch._inductor import config as inductor_config
    from torch._inductor.compile_fx import compile_fx

    from . import inductor as _inductor

    budget = options["budget"]

    def compile_once(gm, example_inputs, internal):
        planned = len(_PLANS)
        # Below the least peak of remat's model, a round plans that least
        # peak: Inductor may allocate less than the model.
        partitioner = RematPartitioner(**dict(options, budget=internal),
                                       _at_least_peak=budget is not None)
        patches = dict(custom_partitioner_fn=partitioner)
        if options["offload"] or options["policy"] == "offload":
            # Inductor's reordering for its peak moves the copies (the
            # reloads, which read only the backward's inputs, to its start):
            # the graphs run in the plan's order.
            patches["reorder_for_peak_memory"] = False
        if budget is not None:
            patches["force_disable_caches"] = True
        with inductor_config.patch(**patches), \
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
        if budget is not None:
            figure, internal = max(((t, b) for b, t in known.items() if t <= budget),
                                   default=(0, None))
            if figure >= budget * 0.98:
                start = internal
        compiled, info = compile_once(gm, example_inputs, start)
        if budget is None or info.inductor is None:
            return compiled
        tried, fits = [], []

        def record(compiled, info):
            tried.append((info.inductor["internal_budget_bytes"],
                          info.inductor["step_peak_bytes"], compiled, info))
            if tried[-1][1] <= budget:
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
                [(b, t) for b, t, *_ in tried], budget, tried[-1][3].report)
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
            return best[2]
        least = min(t for _, t, *_ in tried)
        message = (f"Inductor's step peak (its compiled code's buffers, parameters and inputs "
                   f"included) is above the budget {budget} bytes after {len(tried)} plan(s): "
                   + ", ".join(f"{t} bytes at an internal budget of {b}" for b, t, *_ in tried)
                   + f"; the least reached is {least} bytes"
                   + "".join(f" (remat's own model: {e[3].model_error})" for e in tried[-1:]
                             if getattr(e[3], "model_error", None)))
        if options["strict"]:
            raise _planner.BudgetError(message, least_peak=least)
        _adapter.warn_fallback("keeping the last plan", message, stacklevel=2)
        return tried[-1][2]

    return compile


def budget_error(error):
    """The BudgetError behind an exception torch.compile raised, or None.

    An impossible budget raises BudgetError in the backend, and Dynamo wraps
    it (BackendCompilerFailed, whose `inner_exception` is remat's error);
    its `least_peak` is the smallest peak remat reaches for the region:

        try:
            compiled(x).sum().backward()
        except Exception as e:
            least = remat.torch.budget_error(e).least_peak
    """
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, BudgetError):
            return error
        seen.add(id(error))
        error = getattr(error, "inner_exception", None) or error.__cause__ or error.__context__
    return None


def measure_peak(fn, *args, **kwargs):
    """Runs fn(*args, **kwargs) under the PyTorch profiler with memory
    profiling and returns (result, peak): the most bytes the run's own CPU
    allocations held at once (allocations minus frees, in time order; tensors
    that existed before the call are not counted)."""
    result, peak, _ = _profiled_allocations(lambda: fn(*args, **kwargs))
    return result, peak


def _profiled_allocations(fn):
    """Runs fn() under the PyTorch profiler with memory profiling; returns
    (result, peak, end): the most bytes its own CPU allocations held at once
    and those held when it returned (allocations minus frees, in time
    order)."""
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        result = fn()
    events = [e for e in prof.profiler.kineto_results.events()
              if e.name() == "[memory]" and e.device_type() == torch.autograd.DeviceType.CPU]
    live = peak = 0
    for e in sorted(events, key=lambda e: e.start_ns()):
        live += e.nbytes()
        peak = max(peak, live)
    return result, peak, live


def _bytes(val):
    if isinstance(val, torch.Tensor):
        return val.numel() * val.element_size()
    if isinstance(val, (tuple, list)):
        return sum(_bytes(v) for v in val)
    return 0


def _aliases_input(node):
    return (node.op == "call_function" and isinstance(node.target, torch._ops.OpOverload)
            and _is_alias(node.target))


def _shares_storage(node):
    """Whether node's value lives in its first input's storage: a view, or
    an item of a view op's results (split's, unbind's)."""
    if node.op == "call_function" and node.target is operator.getitem:
        return _aliases_input(node.args[0])
    return _aliases_input(node)


def _forward_names(fw_module):
    """Names of the forward graph's computations: a backward node of one of
    these names is a recomputation, a backward input of one a saved value."""
    return {n.name for n in fw_module.graph.nodes if n.op == "call_function"}


def partition_stats(fw_module, bw_module, keep_outputs=True, tangents_held=None):
    """Figures of a partition, from its two FX graphs alone (whoever made
    it): `saved_bytes` (what the forward hands the backward, inputs
    excluded), `recompute_flops` (FLOPs of the forward nodes the backward runs
    again, counted as the planner counts them) and `peak_bytes`: the most
    bytes the step's own tensors hold at once when the forward and then the
    backward run node by node, each result allocated at its node and freed
    after the last use of it or of a view of it (each tensor of a multi-
    result node on its own, as PyTorch allocates them), the forward's outputs and
    the gradients kept to the end (the caller holds them; with
    keep_outputs=False only the first forward output), saved values until
    their last use in the backward, the tangents (the backward's seeds) from
    the backward's start to their last use (to the backward's end where
    `tangents_held`, by default this PyTorch's `tangents_held()`, and for a
    `.backward()`'s 0-dim seed, which the autograd engine holds). Inputs
    and parameters are not counted. It is what
    `measure_peak` measures when the graphs run, computed without running
    them (docs/PyTorch.md). With host offload (remat._torch_offload's
    copies), a host copy's bytes are counted apart, from its copy to its
    last use: `host_peak_bytes`; the copy ops' waits alias their first
    operand."""
    from . import _torch_offload
    hold_tangents = _tangents_held() if tangents_held is None else tangents_held
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
    recompute = pos = 0
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
                        outs = outs[:1]
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
                recompute += _flops(n, n.target, outs)[0]
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
    return {"saved_bytes": saved_bytes, "recompute_flops": recompute, "peak_bytes": most(order),
            "host_peak_bytes": most(host_order)}


from ._torch_step import StepBudget  # noqa: E402  (a budget for the whole step)
