"""remat.jax.jit: a training step (loss, gradients, optimizer update, the
buffers it donates) compiled with a budget on XLA's total for the whole
step, which is what a user jits and what the device holds.

The step calls one remat.jax.checkpoint-ed function (given no budget of its
own). Its plan is verified as checkpoint's budget is (xla._verify_rounds),
except that each round compiles the whole step with that plan applied, and
the total compared is the whole step's: arguments + outputs + temp bytes
less what the outputs alias of the donated arguments. The executable of the
round kept is the one the step then runs: the call compiles nothing more.
"""

import contextlib
import functools
import threading
import time

import jax

from .. import _adapter
from .. import options as _opts
from .xla import _plan_key, figures_of

_CURRENT = threading.local()


def current():
    """The whole step being traced (a _WholeStep), or None."""
    return getattr(_CURRENT, "step", None)


def step_total(figures):
    """A whole step's total in XLA's figures: arguments + outputs + temp,
    less the bytes outputs share with donated arguments (alias)."""
    return (figures["argument_bytes"] + figures["output_bytes"] + figures["temp_bytes"]
            - figures["alias_bytes"])


class _WholeStep:
    """One signature of a remat.jax.jit step: the checkpoint-ed call inside
    it (`inner`: the key its plan is cached under), the plan a verification
    compile applies (`applying`), and each round's executable."""

    def __init__(self, jit_of, args, budget, rounds):
        self.jit_of, self.args = jit_of, args
        self.argument_bytes = sum(getattr(x, "nbytes", 0)
                                  for x in jax.tree_util.tree_leaves(args))
        self.budget, self.rounds = budget, rounds
        self.token = object()   # (part of the inner plan's cache key)
        self.inner = None
        self.plan = None   # the PlanInfo the checkpoint-ed call planned
        self.pending = None   # plans it, after the first trace of the step
        self.applying = None
        self.applied = False   # whether a round's trace applied its plan
        self.executables = {}   # _plan_key (or the PlanInfo's id) -> Compiled

    def claim(self, key):
        """The checkpoint-ed call `key` is planned under this step; a
        second one is Unsupported (the budget is one plan's)."""
        if self.inner is not None and self.inner != key:
            raise _adapter.Unsupported(
                "the step calls more than one remat.jax.checkpoint-ed function (or one with "
                "two signatures): remat.jax.jit verifies one plan per step; checkpoint the "
                "function that computes the loss once")
        self.inner = key

    def start(self, leaves):
        """The first round's internal budget for a checkpoint-ed call of
        `leaves`: the budget less the step's arguments the call does not
        take (the optimizer state), which the call's plan does not see but
        the step holds throughout."""
        taken = sum(getattr(x, "nbytes", 0) for x in leaves)
        return max(1, self.budget - max(0, self.argument_bytes - taken))

    def _executable_key(self, info):
        key = _plan_key(info)
        return ("plan", key) if key is not None else ("info", id(info))

    def figures(self, info):
        """XLA's figures of the whole step with `info`'s plan applied
        (xla._verify_rounds' `figures`), its executable kept."""
        previous, self.applying = self.applying, info
        start = time.perf_counter()
        try:
            self.applied = False
            compiled = self.compile()
            if not self.applied:
                # JAX reused a trace of a function inside the step (one
                # jitted outside it, a scan's body) made with another plan:
                # its caches cleared, traced again.
                jax.clear_caches()
                compiled = self.compile()
            if not self.applied:
                raise _adapter.Unsupported(
                    "remat.jax.jit could not trace the step again with a round's plan (JAX "
                    "reused a trace of the checkpoint-ed call)")
        finally:
            self.applying = previous
        figures = figures_of(compiled)
        figures["compile_s"] = time.perf_counter() - start
        figures["total_bytes"] = step_total(figures)
        self.executables[self._executable_key(info)] = compiled
        return figures

    def compile(self):
        with _within(self):
            return self.jit_of().lower(*self.args).compile()

    def executable(self, info):
        """The executable of `info`'s plan: the round's that compiled it, else
        (a plan not verified: a fallback) one compiled now."""
        if info is not None:
            found = self.executables.get(self._executable_key(info))
            if found is not None:
                return found
        return self.compile()


@contextlib.contextmanager
def _within(step):
    """`step` is the whole step being traced, inside."""
    previous = current()
    _CURRENT.step = step
    try:
        yield
    finally:
        _CURRENT.step = previous


def jit(fun, *, budget, donate_argnums=(), static_argnums=(), verify_rounds=3):
    """`fun`, a training step that calls one `remat.jax.checkpoint`-ed
    function, jitted (as `jax.jit(fun, donate_argnums=...,
    static_argnums=...)`) with `budget` bounding XLA's total for the whole
    step: arguments + outputs + temp bytes, less what the outputs alias of
    the donated arguments (the parameters and optimizer state a step
    updates in place). The checkpoint-ed function is planned as
    checkpoint(..., budget=...) plans it (its policy and options are the
    checkpoint's; it is given no budget of its own), each verification
    round compiling the whole step with that round's plan; the step then
    runs the executable of the round kept, so the call compiles nothing
    more. budget: bytes (an int, "8GiB", "1.5GB"); BudgetError at the first
    call where no plan fits, with XLA's figures of each round (under the
    inner checkpoint's strict=False: a warning, and the step without
    checkpointing). One plan per signature of the arguments (shapes,
    dtypes, shardings; static ones by value); `fun`'s arguments are
    positional pytrees of arrays (Flax nnx modules split into graph and
    state, as nnx's functional step does). Call it outside any jax
    transformation: it is the outermost jit. `.executable(*args)`: the
    compiled step it runs at `args` (jax.stages.Compiled), planned first
    where needed."""
    budget = _opts.budget_bytes(budget)
    if not isinstance(verify_rounds, int) or verify_rounds < 1:
        raise ValueError(f"verify_rounds must be a positive int, not {verify_rounds!r}")
    donate = (donate_argnums,) if isinstance(donate_argnums, int) else tuple(donate_argnums)
    static = (static_argnums,) if isinstance(static_argnums, int) else tuple(static_argnums)
    steps = {}

    def jit_of():
        # A new function per trace: JAX caches traces by function, and each
        # round must trace the checkpoint-ed call with its own plan.
        return jax.jit(lambda *args: fun(*args), donate_argnums=donate,
                       static_argnums=static)

    def signature(args):
        n = len(args)
        fixed = {k % n for k in static}
        dynamic = [a for k, a in enumerate(args) if k not in fixed]
        leaves, tree = jax.tree_util.tree_flatten(dynamic)
        if any(isinstance(x, jax.core.Tracer) for x in leaves):
            raise ValueError("remat.jax.jit: the step was called inside a jax transformation "
                             "(its arguments are tracers); remat.jax.jit is the outermost jit")
        key = (tree, tuple((getattr(x, "shape", None), str(getattr(x, "dtype", type(x))),
                            getattr(x, "weak_type", None), getattr(x, "sharding", None))
                           for x in leaves),
               tuple((k, args[k]) for k in sorted(fixed)))
        return key, dynamic

    def executable(*args):
        """The executable the step runs at `args` (planned and compiled on
        the first call for their signature)."""
        key, _ = signature(args)
        if key not in steps:
            step = _WholeStep(jit_of, args, budget, verify_rounds)
            with _within(step):
                jit_of().trace(*args)   # finds the checkpoint-ed call
                if step.inner is None:
                    # A trace JAX kept of a function inside the step (jitted
                    # outside it, called before) hid the call: traced again.
                    jax.clear_caches()
                    jit_of().trace(*args)
                if step.pending is not None:
                    step.plan = step.pending()   # its rounds compile the step
            if step.inner is None or step.plan is None:
                raise ValueError(
                    f"remat.jax.jit: {getattr(fun, '__name__', 'the step')} calls no "
                    "remat.jax.checkpoint-ed function, so there is no plan to fit the budget to: "
                    "wrap the loss the step differentiates in remat.jax.checkpoint")
            steps[key] = step.executable(step.plan)
            # (The kept executable only: not the arrays, nor the rounds'.)
            step.args, step.executables = None, {}
        return steps[key]

    def wrapped(*args):
        compiled = executable(*args)
        return compiled(*signature(args)[1])
    functools.update_wrapper(wrapped, fun)
    wrapped.executable = executable
    return wrapped
