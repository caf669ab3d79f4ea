"""Host offload in remat.torch's FX graphs: the ops that copy a saved value
to host memory and back, and the rewrite that places them where remat's
plan put its `remat.offload`/`remat.prefetch` ops (the report's
`offloaded` entries, `offload_before` and `prefetch_before`).

Per offloaded value x, the forward graph gains
    host = remat.offload(x)          after x's last forward read
    host = remat.wait(host, x)       before the op the plan's offload point precedes
and the backward graph, whose input is now the host copy,
    dev = remat.reload(host, device, size, stride)   before the prefetch point's op
    dev = remat.wait(dev, host)      before the first read of x
The wait's second operand keeps the copy's source alive until the copy has
finished: on CUDA the main stream waits for the copy stream's event there,
and the source is freed when nothing reads it after the wait (the graph's
last use), as remat's model frees the device bytes at the offload point.

CUDA: the copies run on one copy stream per direction (device to host,
host to device), into pinned host memory (PyTorch's caching host
allocator) and into device memory allocated on the step's stream at the
prefetch point. CPU (a machine without a GPU, planned for a device with a
host link): the host copies live in memory PyTorch's allocator does not
own (numpy's), so that the profiler's allocation events, what
`measure_peak` counts, are the plan's "device" bytes alone, and
`host_bytes()` counts the host copies: a CPU step proves the plan's device
peak and host peak as remat-compile's CPU executables do.
"""

import weakref

import numpy as np
import torch

_LIB = torch.library.Library("remat", "DEF")
_LIB.define("offload(Tensor x) -> Tensor")
_LIB.define("reload(Tensor host, Device device, SymInt[] size, SymInt[] stride) -> Tensor")
_LIB.define("wait(Tensor(a) copy, Tensor? source=None) -> Tensor(a)")

OFFLOAD = torch.ops.remat.offload.default
RELOAD = torch.ops.remat.reload.default
WAIT = torch.ops.remat.wait.default


class _HostCounter:
    """Bytes of host copies made on the CPU path: live now and the most
    live at once since reset()."""

    def __init__(self):
        self.live = self.peak = 0

    def add(self, nbytes):
        self.live += nbytes
        self.peak = max(self.peak, self.live)

    def free(self, nbytes):
        self.live -= nbytes


_HOST = _HostCounter()


def host_bytes():
    """(live, peak): the bytes the CPU path's host copies hold now and the
    most they held at once since reset_host_peak()."""
    return _HOST.live, _HOST.peak


def reset_host_peak():
    _HOST.peak = _HOST.live


_streams = {}    # (device, direction) -> the copy stream
_pending = {}    # id of a copy's result storage -> the event its copy records


def _copy_stream(device, direction):
    key = (device, direction)
    if key not in _streams:
        _streams[key] = torch.cuda.Stream(device=device)
    return _streams[key]


def _async_copy(dst, src, device, direction):
    """dst.copy_(src) on the direction's copy stream, after the step's
    stream's work so far; the event the wait op makes the step's stream
    wait for."""
    stream = _copy_stream(device, direction)
    stream.wait_stream(torch.cuda.current_stream(device))
    with torch.cuda.stream(stream):
        dst.copy_(src, non_blocking=True)
        event = torch.cuda.Event()
        event.record(stream)
    _pending[dst.untyped_storage().data_ptr()] = (event, device)
    return dst


def _host_buffer(x):
    """A contiguous CPU tensor of x's shape and dtype in memory PyTorch's
    allocator does not own, counted in host_bytes() until freed."""
    nbytes = x.numel() * x.element_size()
    array = np.empty(max(nbytes, 1), dtype=np.uint8)
    _HOST.add(nbytes)
    weakref.finalize(array, _HOST.free, nbytes)
    flat = torch.from_numpy(array)[:nbytes]
    return flat.view(x.dtype).view(x.shape) if nbytes else torch.empty(
        x.shape, dtype=x.dtype)


@torch.library.impl(_LIB, "offload", "CompositeExplicitAutograd")
def _offload(x):
    if x.is_cuda:
        host = torch.empty(x.shape, dtype=x.dtype, device="cpu", pin_memory=True)
        return _async_copy(host, x, x.device, "to_host")
    host = _host_buffer(x)
    host.copy_(x)
    return host


@torch.library.impl(_LIB, "reload", "CompositeExplicitAutograd")
def _reload(host, device, size, stride):
    out = torch.empty_strided(size, stride, dtype=host.dtype, device=device)
    if out.is_cuda:
        return _async_copy(out, host.view(out.shape), out.device, "to_device")
    out.copy_(host.view(out.shape))
    return out


@torch.library.impl(_LIB, "wait", "CompositeExplicitAutograd")
def _wait(copy, source=None):
    pending = _pending.pop(copy.untyped_storage().data_ptr(), None)
    if pending is not None:
        event, device = pending
        torch.cuda.current_stream(device).wait_event(event)
    return copy


@torch.library.register_fake("remat::offload")
def _offload_fake(x):
    return torch.empty(x.shape, dtype=x.dtype, device="cpu")


@torch.library.register_fake("remat::reload")
def _reload_fake(host, device, size, stride):
    return torch.empty_strided(size, stride, dtype=host.dtype, device=device)


@torch.library.register_fake("remat::wait")
def _wait_fake(copy, source=None):
    return copy


def _meta(node, val):
    node.meta["val"] = val
    try:
        from torch._subclasses.fake_tensor import extract_tensor_metadata
        node.meta["tensor_meta"] = extract_tensor_metadata(val)
    except Exception:  # (metadata of a value PyTorch cannot describe)
        node.meta.pop("tensor_meta", None)


def _position(graph):
    return {n: i for i, n in enumerate(graph.nodes)}


def insert_copies(fw_module, bw_module, offloaded):
    """Rewrites the two graphs of a partition for the offloaded values:
    `offloaded` lists (forward node name, offload-before node name or None,
    prefetch-before node name or None) in program order. Each value must be
    one the forward hands the backward. Returns the names of the host
    copies' forward outputs (the backward's inputs that replace the
    values)."""
    fw, bw = fw_module.graph, bw_module.graph
    fw_nodes = {n.name: n for n in fw.nodes}
    fw_output = fw.find_nodes(op="output")[0]
    outputs = list(fw_output.args[0])
    bw_inputs = {n.name: n for n in bw.find_nodes(op="placeholder")}
    bw_nodes = {n.name: n for n in bw.nodes}
    names = []
    for name, offload_before, prefetch_before in offloaded:
        x = fw_nodes[name]
        index = outputs.index(x)
        val = x.meta["val"]
        # Forward: the copy after x's last forward read, its wait at the
        # plan's offload point (not before the copy, at the latest the end).
        order = _position(fw)
        readers = [u for u in x.users if u.op != "output"]
        last = max(readers, key=order.__getitem__) if readers else x
        with fw.inserting_after(last):
            copy = fw.call_function(OFFLOAD, (x,))
        _meta(copy, val.new_empty(val.shape, device="cpu"))
        order = _position(fw)
        at = fw_nodes.get(offload_before) if offload_before else None
        if at is None or order[at] <= order[copy]:
            at = fw_output
        with fw.inserting_before(at):
            host = fw.call_function(WAIT, (copy, x), name=f"host_{name}")
        _meta(host, copy.meta["val"])
        outputs[index] = host
        names.append(host.name)
        # Backward: its input is the host copy; the reload at the plan's
        # prefetch point (at the latest before the first read), its wait
        # before the first read.
        old = bw_inputs[name]
        with bw.inserting_after(old):
            placeholder = bw.placeholder(host.name)
        _meta(placeholder, host.meta["val"])
        old.replace_all_uses_with(placeholder)
        bw.erase_node(old)
        order = _position(bw)
        users = sorted(placeholder.users, key=order.__getitem__)
        first = users[0] if users else bw.find_nodes(op="output")[0]
        at = bw_nodes.get(prefetch_before) if prefetch_before else None
        if at is None or order[at] > order[first]:
            at = first
        with bw.inserting_before(at):
            reload = bw.call_function(RELOAD, (placeholder, val.device, list(val.shape),
                                               list(val.stride())))
        _meta(reload, val)
        with bw.inserting_before(first):
            device = bw.call_function(WAIT, (reload, placeholder), name=f"reloaded_{name}")
        _meta(device, val)
        for user in users:
            user.replace_input_with(placeholder, device)
    fw_output.update_arg(0, tuple(outputs))
    fw.lint()
    bw.lint()
    fw_module.recompile()
    bw_module.recompile()
    return names


def is_host_copy(node):
    return node.op == "call_function" and node.target is OFFLOAD


def is_wait(node):
    return node.op == "call_function" and node.target is WAIT

