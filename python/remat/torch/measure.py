"""Measuring a step as it runs: `measure_peak` (the bytes a step allocates
beyond what exists before it), the profiler runs behind it and behind the
kernel temporaries (silenced), and what a node's storage shares.
"""

import contextlib
import operator
import os
import sys

import warnings

import torch

from ._common import BudgetError, _is_alias


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

def _profiled(fn):
    """Runs fn() under the PyTorch profiler with memory profiling; returns
    (result, the profiler's events). The profiler's own output is silenced:
    its start and stop print to the process's stdout and stderr ("USDT:
    ... profiler_start", and on a machine without a GPU "gpuGetDeviceCount
    failed with code 35"); fn's is not."""
    from torch.profiler import ProfilerActivity, profile
    prof = profile(activities=[ProfilerActivity.CPU], profile_memory=True)
    with _silenced():
        prof.__enter__()
    try:
        result = fn()
    finally:
        with _silenced():
            prof.__exit__(None, None, None)
    return result, prof.profiler.kineto_results.events()

def _profiled_allocations(fn):
    """Runs fn() under the PyTorch profiler with memory profiling; returns
    (result, peak, end): the most bytes its own CPU allocations held at once
    and those held when it returned (allocations minus frees, in time
    order)."""
    result, events = _profiled(fn)
    events = [e for e in events
              if e.name() == "[memory]" and e.device_type() == torch.autograd.DeviceType.CPU]
    live = peak = 0
    for e in sorted(events, key=lambda e: e.start_ns()):
        live += e.nbytes()
        peak = max(peak, live)
    return result, peak, live

@contextlib.contextmanager
def _silenced():
    """Nothing reaches the process's stdout and stderr inside (file
    descriptors 1 and 2, where C++ libraries write), and no warning is
    shown. Python's and C's buffers are flushed on the way in, so that what
    was written before shows, and on the way out, so that what was written
    inside does not."""
    def flush():
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (AttributeError, OSError, ValueError):
                pass
        try:
            import ctypes
            ctypes.CDLL(None).fflush(None)
        except (OSError, AttributeError, TypeError):
            pass
    flush()
    try:
        saved = [os.dup(1), os.dup(2)]
    except OSError:   # (no such descriptors: nothing to silence)
        saved = None
    if saved is not None:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.close(null)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        flush()
        if saved is not None:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])

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
