"""What the other modules of remat.torch share: the option values, the list of
plans (`plans()`, `last_plan()`), and how AOTAutograd holds a backward's
tangents (`tangents_held`, the order helpers the conversion and
`partition_stats` follow).
"""

import functools

import warnings

import torch
import torch.fx as fx
from torch._functorch import partitioners as _partitioners

from .. import _adapter
from .. import planner as _planner


PlanError = _planner.PlanError

BudgetError = _planner.BudgetError

Unsupported = _adapter.Unsupported

POLICIES = ("auto", "none", "selective", "full", "sqrt", "dots", "dots-no-batch", "offload")

COMPILERS = ("eager", "inductor")

# What a torch.utils.checkpoint region's tags (node.meta["recompute"]) are
# to the planner: "honor" every tag, "must" only MUST_SAVE / MUST_RECOMPUTE,
# "ignore" none (docs/PyTorch.md, "User checkpoints").
USER_CHECKPOINTS = ("honor", "must", "ignore")

TEMPORARIES = ("measure", "none")

# The memory model: "ops" (each ATen op's result is a buffer, as the eager
# compiler runs them) or "inductor" (the buffers Inductor allocates).
MEMORY = ("ops", "inductor")

# Ops whose schema does not say so but whose result shares its input's
# storage (`_unsafe_view` is how decompositions spell reshape after a copy).
_ALIASING = {"_unsafe_view", "_reshape_alias"}

def _is_alias(op):
    """Whether the op's result shares its input's storage."""
    return op.is_view or op.overloadpacket.__name__ in _ALIASING

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

def loss_output_index(outputs):
    """Among a forward graph's outputs, the index of the one a step that
    drops the others keeps (keep_outputs=False: `model(x).loss.backward()`):
    the first 0-dim floating-point tensor, the loss, else the first tensor.
    A Hugging Face model puts its loss first, but Dynamo may order the
    graph's outputs otherwise: CLIPModel's loss is the fifth of nine."""
    first = None
    for i, out in enumerate(outputs):
        val = out.meta.get("val") if isinstance(out, fx.Node) else None
        if not isinstance(val, torch.Tensor):
            continue
        if val.dim() == 0 and val.is_floating_point():
            return i
        first = i if first is None else first
    return 0 if first is None else first

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
