"""Inductor's own view of a graph's memory, for remat.torch's memory model.

Inductor does not allocate one buffer per ATen op: its lowering inlines
pointwise ops and views into their readers (computing them again in each
reader) and realizes a value only where it must (a reduction, a matrix
multiply's operand, a value read often or by a heavy kernel, an output);
its scheduler then fuses kernels, and a buffer read only inside the kernel
that writes it is never allocated. `joint_buffers` asks Inductor itself:
it lowers the joint forward+backward graph with Inductor's `GraphLowering`
and schedules it with its `Scheduler` (fusion, no code generation, no C++
compiler), and returns the FX nodes whose values are buffers. remat.torch
plans on those buffers (`memory="inductor"`): an inlined node costs no
memory and is recomputed by whatever reads it, as Inductor runs it.

The lowering is Inductor's internal API (torch._inductor.graph,
.scheduler, .virtualized); a change there is a `InductorViewError`, which
remat.torch turns into a warning and the per-op memory model.
"""

import contextlib
import re

import torch
import torch.fx as fx
from torch.utils import _pytree as pytree

__all__ = ["joint_buffers", "InductorViewError"]


class InductorViewError(Exception):
    """Inductor could not lower or schedule the graph (or its internal API
    changed): no view of its buffers."""


def _side_of(node_name, forward_names):
    return node_name in forward_names


def joint_buffers(joint_module, joint_inputs, forward_names):
    """The FX nodes (by name) whose values Inductor allocates when it
    compiles `joint_module`, and the bytes of buffers no FX node names.

    A buffer counts when Inductor's scheduler keeps it after fusion: one
    read only by the fused kernel that writes it is a kernel-local value
    (Inductor's `removed_buffers`) and does not. Fusions that join a
    forward kernel with a backward one (possible in the joint graph, never
    in the forward and backward graphs Inductor compiles after the
    partition) do not remove a buffer. Returns (names, unnamed_bytes,
    fallbacks, order, output_strides): `order` Inductor's schedule
    (_scheduled_order), `output_strides` {output node name: the strides
    Inductor's code returns it with};
    `fallbacks` {node name: its tensor operands' strides as
    Inductor passes them, or None} of the nodes Inductor runs as ATen
    kernels (fallback kernels: attention, convolutions, some backward ops),
    whose own temporaries its code does not show and depend on those
    strides (a convolution Inductor runs channels-last)."""
    try:
        from torch._guards import detect_fake_mode
        from torch._inductor.debug import DebugContext
        from torch._inductor.graph import GraphLowering
        from torch._inductor.scheduler import OutputNode, Scheduler
        from torch._inductor.virtualized import V
    except ImportError as error:
        raise InductorViewError(f"Inductor's lowering is not importable: {error}") from error
    inputs = [x for x in pytree.tree_leaves(joint_inputs)]
    fake_mode = detect_fake_mode(inputs)
    if fake_mode is None:
        raise InductorViewError("the joint graph's inputs are not fake tensors")
    try:
        module = _flat_copy(joint_module)
        with V.set_fake_mode(fake_mode):
            graph = GraphLowering(module, example_inputs=inputs,
                                  shape_env=fake_mode.shape_env, is_inference=False)
            with V.set_graph_handler(graph), DebugContext():
                graph.run(*inputs)
                scheduler = Scheduler(graph.operations)
                outputs = set(graph.get_output_names())
                fused_of = scheduler.name_to_fused_node
                names, unnamed = set(), 0
                strides = _fallback_strides(graph)
                fallbacks = {node.name: strides.get(buf) for buf, node
                             in _fallback_nodes(graph).items()}
                order = _scheduled_order(scheduler)
                flat = [a for a in pytree.tree_leaves(
                            next(n for n in reversed(joint_module.graph.nodes)
                                 if n.op == "output").args)
                        if isinstance(a, fx.Node)]
                out_strides = {node.name: stride for node, stride
                               in zip(flat, _output_strides(graph)) if stride is not None}
                for fused in scheduler.nodes:
                    for buf in fused.get_outputs():
                        origin = getattr(buf.node, "origin_node", None)
                        side = None if origin is None else _side_of(origin.name, forward_names)
                        if buf.get_name() not in outputs and _kernel_local(
                                buf, fused, fused_of, side, forward_names, OutputNode):
                            continue
                        if origin is None:
                            unnamed += _bytes_of(buf.node, graph)
                        else:
                            names.add(origin.name)
    except InductorViewError:
        raise
    except Exception as error:  # Inductor refused the graph, or its API moved
        raise InductorViewError(f"{type(error).__name__}: {error}") from error
    return names, unnamed, fallbacks, order, out_strides


def _scheduled_order(scheduler):
    """{FX node name: the position of the first scheduler node it is an
    origin of} in the order Inductor's scheduler runs them: after fusion
    and its reordering for peak memory (`reorder_for_peak_memory`, on by
    default), which runs a backward's weight gradients late, where their
    inputs die, rather than in the FX graph's order."""
    order = {}
    for index, fused in enumerate(scheduler.nodes):
        for sub in fused.get_nodes():
            for origin in getattr(getattr(sub, "node", None), "origins", ()) or ():
                name = getattr(origin, "name", None)
                if name is not None and name not in order:
                    order[name] = index
    return order


def _fallback_nodes(graph):
    """{buffer name: FX node} of the buffers a fallback kernel (an ATen
    kernel Inductor calls as it is) writes."""
    from torch._inductor import ir
    found = {}
    for name, buf in graph.name_to_buffer.items():
        if isinstance(buf, ir.FallbackKernel):
            # (A multi-output kernel names no node: its op's node is among
            # its origins.)
            op = getattr(buf, "op_overload", None)
            origin = getattr(buf, "origin_node", None)
            if origin is None or getattr(origin, "target", None) is not op:
                origin = next((o for o in getattr(buf, "origins", ())
                               if getattr(o, "target", None) is op), None)
            if origin is not None and isinstance(getattr(origin, "target", None),
                                                 torch._ops.OpOverload):
                found[name] = origin
    return found


def _fallback_strides(graph):
    """{buffer name: [each tensor operand's strides, in the kernel's
    operand order, None where not plain integers]} of the fallback kernels:
    the layouts Inductor hands them, which may not be the FX graph's
    (channels-last convolutions where Inductor optimizes the layout)."""
    from torch._inductor import ir
    found = {}
    for name, buf in graph.name_to_buffer.items():
        if isinstance(buf, ir.FallbackKernel):
            found[name] = [_int_strides(operand)
                           for operand in getattr(buf, "inputs", ()) or ()]
    return found


def _int_strides(node):
    """An IR node's strides as integers, or None (not a tensor, a
    constant, a symbolic stride)."""
    try:
        return tuple(int(s) for s in node.get_stride())
    except Exception:
        return None


def _multi_outputs(graph):
    """{multi-output kernel's buffer: [item buffer names]}."""
    from torch._inductor import ir
    items = {}
    for name, buf in graph.name_to_buffer.items():
        if isinstance(buf, ir.MultiOutput) and buf.inputs:
            parent = buf.inputs[0]
            parent_name = parent.get_name() if hasattr(parent, "get_name") else None
            if parent_name is not None:
                items.setdefault(parent_name, []).append(name)
    return items


def _flat_copy(module):
    """A copy of the graph (the nodes' metadata shared, not copied: a deep
    copy of fake tensors can fail) with one flat output tuple (the joint
    graph's own output is a pytree)."""
    graph, env = fx.Graph(), {}
    for node in module.graph.nodes:
        if node.op == "output":
            graph.output(tuple(env[a] for a in pytree.tree_leaves(node.args)
                               if isinstance(a, fx.Node)))
        else:
            env[node] = graph.node_copy(node, env.__getitem__)
    return fx.GraphModule(module, graph)


def _kernel_local(buf, fused, fused_of, side, forward_names, output_node):
    """Whether Inductor never allocates `buf`: every reader is in the fused
    kernel that writes it, on the buffer's side of the step."""
    if not buf.users:
        return False
    for user in buf.users:
        node = user.node
        if isinstance(node, output_node):
            return False
        if fused_of.get(node.get_name()) is not fused:
            return False
        origin = getattr(getattr(node, "node", None), "origin_node", None)
        if side is not None and origin is not None and \
                _side_of(origin.name, forward_names) != side:
            return False
    return True


def _bytes_of(node, graph, elements=None):
    """Bytes of `elements` (default: the buffer's numel) of the buffer's
    element type, at Inductor's size hints; 0 for a layout with no size."""
    try:
        count = node.get_numel() if elements is None else elements(node)
        numel = graph.sizevars.optimization_hint(count, fallback=0)
        return int(numel) * torch.empty((), dtype=node.get_dtype()).element_size()
    except Exception:  # (a layout with no size: nothing allocated)
        return 0


# ---------------------------------------------------------------------------
# The compiled step's memory, in Inductor's own plan: its wrapper code.

_ASSIGN = re.compile(r"^(\w+) = (.*)$")
# remat.torch's host-offload ops (remat/torch/offload.py): op, first operand.
_HOST_COPY = re.compile(r"^torch\.ops\.remat\.(offload|wait)\.default\((\w+)")
_DEL = re.compile(r"^del ([\w, ]+)$")
_REINTERPRET = re.compile(r"^reinterpret_tensor\((\w+),")
_ITEM = re.compile(r"^(\w+)\[(\d+)\]$")


def _return_items(text):
    """The items of a wrapper's `return (a, f(b, (1, 2)), )`, split at the
    tuple's own commas."""
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    items, depth, start = [], 0, 0
    for k, c in enumerate(text):
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "," and depth == 0:
            items.append(text[start:k].strip())
            start = k + 1
    if text[start:].strip():
        items.append(text[start:].strip())
    return items


def _statements(lines):
    """The wrapper's statements: comments dropped, `a = b; del b` split."""
    for line in lines:
        code = line.split("  #", 1)[0].strip()
        for statement in code.split("; "):
            if statement:
                yield statement.strip()


class WrapperGraph:
    """One compiled graph: its wrapper's `call` body (the Python lines that
    allocate, reuse and free buffers) and each buffer's bytes from
    Inductor's layouts."""

    def __init__(self, source, nbytes, is_backward, fallbacks=None, items=None,
                 output_strides=None, fallback_strides=None):
        self.source, self.nbytes, self.is_backward = source, nbytes, is_backward
        self.fallbacks = fallbacks or {}   # buffer -> FX node of its ATen kernel
        self.items = items or {}           # multi-output buffer -> its items' buffers
        # Per output of the graph, its strides as the compiled code returns
        # it (None: not a tensor, or not known).
        self.output_strides = output_strides
        # buffer -> its fallback kernel's operands' strides (_fallback_strides)
        self.fallback_strides = fallback_strides or {}

    def body(self):
        lines, inside, indent = [], False, None
        for raw in self.source.splitlines():
            stripped = raw.strip()
            if re.match(r"^def call\((self, )?args\):$", stripped):
                inside, indent = True, len(raw) - len(raw.lstrip())
                continue
            if inside:
                if stripped and len(raw) - len(raw.lstrip()) <= indent:
                    break
                if stripped and not stripped.startswith("#"):
                    lines.append(stripped)
        if not lines:
            raise InductorViewError("the wrapper code has no `call` function")
        return lines


def simulate(graph, inputs, start_live=0, temporary=None):
    """Runs the wrapper's lines over storages: `empty_strided_*` and a
    fallback kernel's result allocate (the buffer's bytes), a reuse renames,
    `reinterpret_tensor` aliases (as remat.torch's host-offload waits do;
    its copies to host memory hold no device bytes), `del` drops a name and
    frees a storage no
    name holds. `inputs(name, index)` -> (storage key, bytes): what the
    graph receives, 0 bytes for what it does not own (parameters, inputs of
    the step). A multi-output kernel allocates all its items when it runs
    (an item no line names dies with the kernel's name); a fallback kernel
    also holds `temporary(fx_node)` bytes while it runs (remat.torch
    measures them: its kernel temporaries). Returns (peak, returned, freed
    storage keys, live at the return): the most bytes live at once,
    counting `start_live` bytes held throughout and the inputs until freed
    (`temporary(fx_node, operand_strides)`: the strides Inductor hands the
    kernel, _fallback_strides);
    `returned` has one entry per item the graph returns, (storage key,
    bytes) or None for an item that is no tensor."""
    names = {}      # name -> storage key
    refs, size = {}, {}
    live = peak = start_live
    freed, counter = set(), [0]

    pending, held_by = {}, {}   # multi-output items: their storages; kernel -> items

    def drop(name):
        nonlocal live
        for item in held_by.pop(name, []):
            drop(item)
        key = names.pop(name, None)
        if key is None:
            return
        refs[key] -= 1
        if refs[key] == 0:
            live -= size.pop(key)
            del refs[key]
            freed.add(key)

    def bind(name, key):
        drop(name)
        names[name] = key
        refs[key] = refs.get(key, 0) + 1

    def allocate(name, nbytes):
        nonlocal live, peak
        counter[0] += 1
        key = ("buffer", counter[0], name)
        size[key] = nbytes
        bind(name, key)
        live += nbytes
        peak = max(peak, live)

    returned = []
    for line in _statements(graph.body()):
        m = re.match(r"^([\w, ]+) = args$", line)
        if m:
            for k, name in enumerate(n.strip() for n in m.group(1).split(",") if n.strip()):
                key, nbytes = inputs(name, k)
                names[name] = key
                if key not in refs:
                    size[key] = nbytes
                    live += nbytes
                refs[key] = refs.get(key, 0) + 1
            peak = max(peak, live)
            continue
        if line.startswith("return"):
            # Per returned item (top-level commas): its storage and bytes,
            # None for what is no tensor of the graph (None, a size).
            for item in _return_items(line[len("return"):]):
                found = next((names[w] for w in re.findall(r"\b\w+\b", item)
                              if w in names), None)
                returned.append(None if found is None else (found, size.get(found, 0)))
            break
        m = _DEL.match(line)
        if m:
            for name in m.group(1).split(","):
                drop(name.strip())
            continue
        m = _ASSIGN.match(line)
        if not m:
            continue
        name, expr = m.group(1), m.group(2)
        alias = _REINTERPRET.match(expr)
        item = _ITEM.match(expr)
        copy = _HOST_COPY.match(expr)
        if alias and alias.group(1) in names:
            bind(name, names[alias.group(1)])
        elif copy and copy.group(1) == "wait" and copy.group(2) in names:
            # (remat.torch's host offload: a copy's wait is its first
            # operand; a copy to host memory holds no device bytes.)
            bind(name, names[copy.group(2)])
        elif copy and copy.group(1) == "offload":
            allocate(name, 0)
        elif (item and item.group(1) in names) or (
                expr in names and ("item", name) in held_by.get(expr, ())):
            # An item of a multi-output kernel: allocated when it ran.
            # (torch 2.11 names a kernel's only item `buf8 = buf7; del buf7`
            # where 2.15 writes `buf8 = buf7[0]`: the item's storage, not
            # the kernel's name.)
            key = pending.get(name)
            if key is not None:
                bind(name, key)
            else:
                allocate(name, graph.nbytes.get(name, 0))
        elif expr in names:
            bind(name, names[expr])
        elif name in graph.nbytes:
            allocate(name, graph.nbytes[name])
            for item_name in graph.items.get(name, []):
                # The kernel's items exist from now; the kernel's name holds
                # them until the lines name them or drop it.
                allocate(("item", item_name), graph.nbytes.get(item_name, 0))
                pending[item_name] = names[("item", item_name)]
                held_by.setdefault(name, []).append(("item", item_name))
            node = graph.fallbacks.get(name)
            if node is not None and temporary is not None:
                peak = max(peak, live + temporary(node, graph.fallback_strides.get(name)))
    return peak, returned, freed, live


@contextlib.contextmanager
def graph_caches_off():
    """Inductor's and AOTAutograd's caches of whole compiled graphs off
    while entered: a graph either serves is not partitioned, so remat makes
    no plan to read and Capture records no wrapper code. Inductor's caches
    of compiled kernels stay on: the rounds of a budget compile mostly the
    same kernels, and a kernel compiled once (the C++ compiler, the larger
    part of a CPU compile) is loaded again.

    (torch.compiler.config.force_disable_caches, used before, also gives
    each compile an empty kernel cache in a new directory under Inductor's
    cache directory, which torch 2.15 leaves there: every round compiled
    every kernel again, and each left a directory behind.)"""
    from torch._functorch import config as functorch_config
    from torch._inductor import config as inductor_config
    with inductor_config.patch(fx_graph_cache=False, fx_graph_remote_cache=False), \
            functorch_config.patch(enable_autograd_cache=False,
                                   enable_remote_autograd_cache=False):
        yield


class Capture:
    """Records the wrapper code of every graph Inductor generates while it
    is entered (Inductor's GraphLowering.codegen, wrapped): a list of
    WrapperGraph in the order compiled."""

    def __init__(self):
        self.graphs = []

    def __enter__(self):
        from torch._inductor.graph import GraphLowering
        self._cls, self._original = GraphLowering, GraphLowering.codegen
        capture = self

        def codegen(graph, *args, **kwargs):
            result = capture._original(graph, *args, **kwargs)
            try:
                wrapper = result[0]
                source = getattr(wrapper, "value", wrapper)
                capture.graphs.append(WrapperGraph(
                    source, _buffer_bytes(graph), bool(getattr(graph, "is_backward", False)),
                    _fallback_nodes(graph), _multi_outputs(graph), _output_strides(graph),
                    _fallback_strides(graph)))
            except Exception as error:  # (recorded, never fails the compile)
                capture.graphs.append(error)
            return result
        GraphLowering.codegen = codegen
        return self

    def __exit__(self, *exc):
        self._cls.codegen = self._original
        return False


def _output_strides(graph):
    """The strides of each output as Inductor's code returns it (the layout
    it chose: a convolution's weight gradient in channels-last where the
    FX graph says contiguous), None for one that is no tensor or whose
    strides are not plain integers."""
    return [_int_strides(node) for node in getattr(graph, "graph_outputs", None) or []]


def _buffer_bytes(graph):
    """Each buffer's storage bytes in Inductor's layouts (0 for a
    multi-output kernel's own, whose items hold the bytes)."""
    from torch._inductor.ir import MultiOutputLayout, NoneLayout
    nbytes = {}
    for name, buf in graph.name_to_buffer.items():
        layout = getattr(buf, "layout", None)
        nbytes[name] = 0 if isinstance(layout, (MultiOutputLayout, NoneLayout)) else \
            _bytes_of(buf, graph, graph.get_allocation_storage_size)
    return nbytes


def _storage_bytes(node):
    val = node.meta.get("val")
    if isinstance(val, torch.Tensor):
        try:
            return int(val.untyped_storage().nbytes())
        except Exception:  # (a fake tensor without a storage size)
            return val.numel() * val.element_size()
    return 0


def value_bytes(joint_module, is_view=lambda node: False):
    """{FX node name: (storage, bytes)} over the joint graph, read before
    Inductor compiles (its caches strip the partitioned graphs' metadata):
    the node that owns the value's storage (a view's is its base's) and
    that storage's bytes. `is_view(node)`: whether the node's result
    shares its first input's storage."""
    found = {}
    for n in joint_module.graph.nodes:
        base = n.all_input_nodes[0] if n.all_input_nodes and is_view(n) else None
        found[n.name] = found[base.name] if base is not None and base.name in found \
            else (n.name, _storage_bytes(n))
    return found


def step_peak(graphs, fw_module, bw_module, num_fwd_outputs, nbytes, keep_outputs=True,
              temporary=None, tangents_held=False):
    """The most bytes a training step with these compiled graphs allocates
    at once, in Inductor's own plan (its wrapper code, `simulate`): the
    forward's buffers; then the backward's, on top of what the forward
    returned that the step still holds (the forward's outputs, all of
    them or with keep_outputs=False the loss, and the loss's 0-dim seed),
    and its other inputs (the saved values, zero-filled tangents) until it
    frees each after its last use (`tangents_held`: a PyTorch that holds every
    tangent until the backward returns, remat.torch.tangents_held). The step's
    inputs and parameters are not counted: the terms of
    remat.torch.measure_peak. `graphs`: the forward's and the backward's
    WrapperGraph; `nbytes`: value_bytes of the joint graph (views of one
    storage count once); `temporary`:
    a fallback kernel's temporaries (simulate). Returns
    {"peak_bytes", "forward_peak_bytes", "backward_peak_bytes",
    "input_copies_bytes"}: the last the bytes of the copies of the step's
    inputs that the forward saves for the backward in their place."""
    forward, backward = graphs
    fw_inputs = {n.name for n in fw_module.graph.nodes if n.op == "placeholder"}
    fw_peak, fw_returned, _, _ = simulate(forward, lambda name, k: (("input", name), 0),
                                          temporary=temporary)
    output = next(n for n in reversed(fw_module.graph.nodes) if n.op == "output")
    outs = [a for a in pytree.tree_leaves(output.args) if isinstance(a, fx.Node)]
    # Where the graph hands the backward an input of the step, Inductor's
    # forward may hand it a copy it made instead (a convolution's input and
    # weight in the layout its kernel wants: the ViT's patch embedding):
    # that copy is a saved value of the step, held until the backward frees
    # it. (The wrapper returns one item per output of the forward graph.)
    items = list(output.args[0]) if isinstance(output.args[0], (tuple, list)) else []
    copies = {}
    if len(items) == len(fw_returned):
        for node, got in zip(items, fw_returned):
            if (isinstance(node, fx.Node) and node.op == "placeholder" and got is not None
                    and got[0][0] == "buffer"):
                copies[node.name] = got[1]
    if keep_outputs:
        held_outputs = outs[:num_fwd_outputs]
    else:
        from .torch._common import loss_output_index
        loss = loss_output_index(outs[:num_fwd_outputs])
        held_outputs = outs[loss:loss + 1]
    def storage(name):
        return nbytes.get(name, (name, 0))

    inputs = {storage(name)[0] for name in fw_inputs}
    placeholders = [n for n in bw_module.graph.nodes if n.op == "placeholder"]
    # The seed of a `loss.backward()` (a 0-dim tangent) comes from the
    # autograd engine, which holds it through the backward. AOTAutograd
    # fills the tangents of the other outputs with zeros (the logits the
    # caller holds but does not backpropagate through), which the backward
    # frees after their last use, as remat.torch.partition_stats counts
    # them; a PyTorch that holds every tangent (`tangents_held`) holds those
    # too.
    def held_tangent(node):
        val = node.meta.get("val")
        return node.name.startswith("tangents") and (
            tangents_held or (isinstance(val, torch.Tensor) and val.dim() == 0))
    held_storages = dict(storage(n.name) for n in held_outputs)
    held_storages.update(storage(n.name) for n in placeholders if held_tangent(n))
    held = sum(b for root, b in held_storages.items() if root not in inputs)

    def bw_input(name, k):
        node = placeholders[k] if k < len(placeholders) else None
        root, size = storage(node.name) if node is not None else (name, 0)
        if node is not None and node.name in copies and root not in held_storages:
            return ("copy", node.name), copies[node.name]
        if node is None or root in inputs or root in held_storages:
            # (Counted in `held`, or not the step's: freeing it frees nothing.)
            return ("input", root), 0
        # A saved value (views of one storage: one storage), or a
        # zero-filled tangent: freed by the backward after its last use.
        return ("value", root), size
    bw_peak, bw_returned, _, _ = simulate(backward, bw_input, start_live=held,
                                          temporary=temporary)
    # When the backward returns, its locals die (the unnamed items of a
    # multi-output kernel among them): what the step holds then is what it
    # held throughout and the gradients returned.
    bw_end = held + sum(dict(r for r in bw_returned if r is not None).values())
    # The autograd engine then hands each parameter its gradient
    # (AccumulateGrad): it keeps the tensor the backward returned, or, where
    # that tensor's strides break the gradient layout contract, a copy in
    # the parameter's strides, made while the returned one still lives (a
    # convolution's weight gradient in the channels-last layout Inductor
    # chose for its kernel: ConvNeXt's downsampling layers).
    copied = layout_copies(fw_module, bw_module, backward.output_strides)
    accumulate = bw_end + max(copied.values(), default=0)
    bw_peak = max(bw_peak, accumulate)
    return {"peak_bytes": max(fw_peak, bw_peak), "forward_peak_bytes": fw_peak,
            "backward_peak_bytes": bw_peak, "input_copies_bytes": sum(copies.values()),
            "gradient_copies_bytes": max(copied.values(), default=0)}


def _obeys_layout_contract(stride, param):
    """torch's gradient layout contract (torch/csrc/autograd/utils/
    grad_layout_contract.h) for a gradient of the parameter's shape with
    these strides: for a dense parameter, the gradient's strides equal the
    parameter's in every dimension of size above 1 (and no 0 stride
    elsewhere); otherwise a contiguous gradient."""
    if _dense(param):
        for size, g, v in zip(param.shape, stride, param.stride()):
            if (size != 1 and g != v) or (size == 1 and g == 0):
                return False
        return True
    expected = 1
    for size, g in reversed(list(zip(param.shape, stride))):
        if size != 1 and g != expected:
            return False
        expected *= size
    return True


def _dense(t):
    """Whether a tensor's elements fill its storage without overlap or gaps
    (its strides a permutation of a contiguous layout)."""
    order = sorted((s, n) for s, n in zip(t.stride(), t.shape) if n != 1)
    expected = 1
    for stride, size in order:
        if stride != expected:
            return False
        expected *= size
    return True


def layout_copies(fw_module, bw_module, output_strides=None):
    """{parameter placeholder name: bytes} of the gradients the autograd
    engine copies before it stores them (AccumulateGrad, on a parameter
    without a gradient: it keeps the backward's tensor where its layout
    obeys the contract, and copies it otherwise). The backward graph
    returns one item per input of the forward graph, in order (None where
    it has no gradient), with the strides `output_strides` says (the
    compiled code's: WrapperGraph.output_strides), else those of its FX
    value. An input that is not a leaf (the output of an
    earlier graph) has its gradient passed on uncopied; the graph does not
    say which inputs are leaves, so this counts a copy for those too."""
    primals = [n for n in fw_module.graph.nodes if n.op == "placeholder"]
    output = next(n for n in reversed(bw_module.graph.nodes) if n.op == "output")
    items = output.args[0] if isinstance(output.args[0], (tuple, list)) else ()
    strides = {}
    for k, grad in enumerate(items):
        if isinstance(grad, fx.Node) and output_strides and k < len(output_strides) \
                and output_strides[k] is not None:
            strides[grad.name] = output_strides[k]
    return gradient_copies(primals, items, strides)


def gradient_copies(primals, grads, strides):
    """{primal name: bytes} of the gradients `grads` (FX nodes or None, one
    per primal) that AccumulateGrad copies (layout_copies), with the
    strides `strides` {grad node name: strides} gives, else their FX
    values'."""
    copies = {}
    for primal, grad in zip(primals, grads):
        param = primal.meta.get("val")
        value = grad.meta.get("val") if isinstance(grad, fx.Node) else None
        if not (isinstance(param, torch.Tensor) and isinstance(value, torch.Tensor)
                and param.layout == torch.strided and value.layout == torch.strided
                and tuple(param.shape) == tuple(value.shape)):
            continue
        stride = strides.get(grad.name)
        if stride is None or len(stride) != param.dim():
            stride = value.stride()
        if not _obeys_layout_contract(stride, param):
            copies[primal.name] = param.numel() * param.element_size()
    return copies
