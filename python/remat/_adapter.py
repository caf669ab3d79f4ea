"""What the framework adapters (remat.torch, remat.jax) share: the record of
a plan (`PlanInfo`), the list of plans each framework keeps (`Registry`),
what makes a step fall back to the framework's own behaviour (`Unsupported`,
`falling_back`), the options both take (`planner_options`) and the mapping
of the report's saved values back to the framework's values
(`saved_values`). docs/PythonAdapters.md describes the layout.
"""

import contextlib
import logging
import math
import os
import re
import sys
import types
import warnings

from . import options as _options
from . import planner as _planner

PlanError = _planner.PlanError
BudgetError = _planner.BudgetError  # (a PlanError; .least_peak: the least peak found)

# What remat says: one INFO line per planned region (log_plan) and one per
# verification round (log_round). In a script, silent unless the
# application configures logging (a library's NullHandler: Python's
# last-resort handler does not print remat's records either). In an
# interactive session (the REPL, `python -i`, IPython or Jupyter), or with
# REMAT_PROGRESS=1, remat prints them to stderr itself, unless the
# application has handlers of its own (then they print them) or has set
# the "remat" logger's level (logging.getLogger("remat").setLevel(
# logging.WARNING) silences them); REMAT_PROGRESS=0 turns that off.
log = logging.getLogger("remat")
log.addHandler(logging.NullHandler())


def _interactive():
    """Whether Python runs interactively: the REPL, `python -i`, or an
    IPython shell or Jupyter kernel."""
    if hasattr(sys, "ps1") or sys.flags.interactive:
        return True
    ipython = sys.modules.get("IPython")
    get = getattr(ipython, "get_ipython", None)
    return bool(get and get() is not None)


def progress_on():
    """Whether remat prints its progress lines itself (see above): set by
    REMAT_PROGRESS=1|0, else on in an interactive session."""
    env = os.environ.get("REMAT_PROGRESS", "").strip().lower()
    if env in ("1", "true", "yes", "on"):
        return True
    if env in ("0", "false", "no", "off"):
        return False
    return _interactive()


class _ProgressHandler(logging.StreamHandler):
    """Prints remat's INFO lines to stderr where progress_on() and nobody
    else handles them: no handler but remat's own on the "remat" logger
    and none on the root logger (an application's logging.basicConfig)."""

    def __init__(self):
        super().__init__()
        self.setFormatter(logging.Formatter("%(message)s"))

    def emit(self, record):
        others = [h for h in log.handlers + logging.getLogger().handlers
                  if h is not self and not isinstance(h, logging.NullHandler)]
        if not others and progress_on():
            self.stream = sys.stderr   # (where stderr is now: pytest, Jupyter)
            super().emit(record)


log.addHandler(_ProgressHandler())


def _progress_enabled():
    """Whether an INFO line would reach anyone: the logger's level as the
    application set it, or INFO where remat prints its own progress and
    nobody set a level."""
    if log.level == logging.NOTSET and progress_on():
        return True
    return log.isEnabledFor(logging.INFO)


def _info(message, *args):
    """log.info, at INFO also where remat prints its own progress and the
    application set no level on the "remat" logger (whose effective level
    is then the root's WARNING)."""
    if log.level == logging.NOTSET and progress_on() and not log.isEnabledFor(logging.INFO):
        # The record goes to remat's handlers only (the root's level says
        # the application does not want INFO lines).
        record = log.makeRecord(log.name, logging.INFO, "remat", 0, message, args, None)
        for handler in log.handlers:
            handler.handle(record)
        return
    log.info(message, *args)


class Unsupported(Exception):
    """The step has something remat does not model: the adapter falls back
    (remat.torch: to PyTorch's partitioner; remat.jax: the function runs
    unchanged)."""


class PlanInfo:
    """What one plan did (`plans()`, `last_plan()`): remat-opt's `report`,
    the `saved` values (remat.torch: FX node names; remat.jax: jaxpr vars),
    the values it offloads to host memory (`offloaded`, a subset of
    `saved`), the `ir`, the `times` of its parts, the validated `options` and, on a
    fallback, its reason (`fallback`). The other fields are one framework's:

    remat.torch: `planning_time_s` (the whole partition function), the
    graphs (`joint_module`, `num_fwd_outputs`, `fw_module`, `bw_module`),
    `checkpoint_policies` (user checkpoints' remat.policy overrides, by op),
    `partitioner` ("remat", or PyTorch's for `pytorch_backend`),
    `from_cache` (Inductor's caches served the region: nothing else set),
    `dynamic_sizes` (under dynamic shapes: per size symbol, its range
    `min`/`max` (None: unbounded) and the size it was planned at,
    `planned_at`, the range's upper bound or, where it has none, the
    traced size: `at` says which), `temporaries` (the kernel
    temporaries measured and planned, bytes by FX node), `memory` (the
    memory model planned on: "ops", or "inductor" for Inductor's buffers),
    `inlined` (the ops Inductor computes inside the kernels that read them),
    `unnamed_bytes` (buffers of Inductor's no FX node names),
    `memory_note` (why Inductor's view was not used), `inductor` (Inductor's
    own figures of the compiled step, where checked: docs/PyTorch.md) and
    `step_region` (under a StepBudget: the region's key in its report).

    remat.jax: `signature`, `trace`, `converted`, `memory` ("xla": planned
    on the buffers of XLA's compile of the joint step, `converted.xla_buffers`;
    "jaxpr": remat's reading of the jaxpr, `memory_note` saying why where
    "xla" was asked for), `xla` (XLA's figures of the planned step, where
    checked), `rounds` ((internal budget, XLA's
    total) per plan, where checked), `offload_note` (why XLA's figures do
    not show the offload, on XLA:CPU) and `apply()`, the function with the
    plan applied. `planning_time_s` is the sum of `times` unless set.

    repr() is the plan in a few lines (`summary()`: policy, budget, peak
    and none's, bytes saved and recomputed, recompute FLOPs, rounds,
    fallback); `plot()` draws it (remat.plot)."""

    def __init__(self, signature=None, planning_time_s=None):
        self.report = None
        self.saved = []
        self.offloaded = []          # the saved values offloaded to host memory
        self.ir = None
        self.num_ops = 0
        self.times = {}
        self.fallback = None
        self.options = None
        self._planning_time_s = planning_time_s
        # remat.torch
        self.joint_module = None     # pytorch_backend: the joint graph it partitioned
        self.num_fwd_outputs = None
        self.fw_module = self.bw_module = None
        self.checkpoint_policies = {}
        self.partitioner = "remat"
        self.from_cache = False
        self.dynamic_sizes = {}
        self.temporaries = {}
        self.memory = None
        self.inlined = 0
        self.inplace = 0             # remat.torch under Inductor: in-place kernels modeled
        self.unnamed_bytes = 0
        self.memory_note = None
        self.model_error = None
        self.inductor = None
        self.value_bytes = {}
        self.step_region = None      # StepBudget: the region's key
        # remat.jax
        self.signature = signature
        self.trace = None
        self.converted = None
        self.applier = None          # (trace, converted, saved) -> the applied function
        self.applied = None
        self.xla = None
        self.rounds = []
        self.offload_note = None     # where XLA keeps offloaded values on the device

    @property
    def planning_time_s(self):
        if self._planning_time_s is not None:
            return self._planning_time_s
        return sum(self.times.values())

    @planning_time_s.setter
    def planning_time_s(self, seconds):
        self._planning_time_s = seconds

    def apply(self):
        """The function with the plan applied (same signature as the
        planned one), built once."""
        if self.applied is None:
            self.applied = self.applier(self.trace, self.converted, self.saved)
        return self.applied

    def summary(self, detail=False):
        """The plan in one line: its policy, budget (the caller's; where
        the plan was made at another internal budget, that too) or
        max_overhead, peak against policy none's, the compiler's figure
        where checked (Inductor's step peak, XLA's total), recompute FLOPs
        and planning seconds; `detail` adds the bytes saved, recomputed
        and offloaded. (log_plan's line; repr() starts with it.)"""
        if self.fallback is not None:
            return f"fallback: {self.fallback}"
        if self.from_cache:
            return "served from Inductor's cache (partitioned before; no plan recorded)"
        if self.partitioner != "remat":
            return (f"PyTorch's {self.partitioner} partitioner (remat.torch.pytorch_backend), "
                    f"{self.planning_time_s:.2f} s")
        report, options = self.report or {}, self.options or {}
        if not report:
            return "not planned"
        parts = []
        policy = report.get("policy") or options.get("policy")
        if policy:
            parts.append(f"policy {policy}")
        checked = report.get("inductor") or report.get("xla") or {}
        internal = report.get("budget_bytes")
        budget = checked.get("budget_bytes") or internal or options.get("budget")
        overhead = report.get("max_overhead", options.get("max_overhead"))
        if budget:
            parts.append(f"budget {format_bytes(budget) if isinstance(budget, int) else budget}"
                         + (f" (planned at {format_bytes(internal)})"
                            if internal and internal != budget else ""))
        elif overhead is not None:
            parts.append(f"max overhead {100 * overhead:g}%")
        result, baseline = report.get("result", {}), report.get("baseline", {})
        if "peak_bytes" in result:
            parts.append(f"peak {format_bytes(result['peak_bytes'])}"
                         + (f" (none {format_bytes(baseline['peak_bytes'])})"
                            if "peak_bytes" in baseline else ""))
        if "step_peak_bytes" in checked:
            parts.append(f"Inductor's step peak {format_bytes(checked['step_peak_bytes'])}")
        elif "total_bytes" in checked:
            parts.append(f"XLA's total {format_bytes(checked['total_bytes'])}")
        if detail and "decisions" in report:
            moved = {}
            for d in report["decisions"]:
                moved[d.get("decision")] = moved.get(d.get("decision"), 0) + d.get("bytes", 0)
            parts.append(f"saved {format_bytes(result.get('saved_activation_bytes', 0))}, "
                         f"recomputed {format_bytes(moved.get('recompute', 0))}")
            if moved.get("offload"):
                parts.append(f"offloaded {format_bytes(moved['offload'])}")
        if "rolled_scans" in report:
            parts.append(f"{len(report['rolled_scans'])} scan(s) planned rolled")
        if "recompute_flops" in result:
            parts.append(f"recompute {format_flops(result['recompute_flops'])}")
        parts.append(f"{self.planning_time_s:.2f} s")
        return ", ".join(parts)

    def __repr__(self):
        """The summary (with the bytes saved, recomputed and offloaded; a
        fallback's reason instead), then the verification rounds, where
        there were any."""
        lines = [f"PlanInfo: {self.summary(detail=True)}"]
        inductor = (self.report or {}).get("inductor")
        rounds = (inductor or {}).get("rounds") or self.rounds
        if rounds:
            checked = "Inductor's step peak" if inductor else "XLA's total"
            lines.append(f"  rounds (internal budget -> {checked}): " + "; ".join(
                f"{_round_label(at)} -> {format_bytes(figure)}" for at, figure in rounds))
        return "\n".join(lines)

    def plot(self, path=None, compare=()):
        """Draws the plan with remat.plot: the bytes live at each op
        before and after the rewrite, and peak against estimated time (the
        Pareto frontier, policy none, this plan and `compare`'s: other
        PlanInfos or reports). Needs a report with a timeline (planned with
        timeline=True) and matplotlib (remat.plot.PlotError otherwise).
        Writes a PNG to `path` and returns it; with no path, returns the
        matplotlib Figure (a notebook shows it)."""
        from . import plot as _plot
        report = self.report
        if report is None:
            raise _plot.PlotError(f"nothing to draw: {self.summary()}")
        if "rolled_scans" in report:
            raise _plot.PlotError("a step with its scans planned rolled has one plan per scan "
                                  "body: draw one, info.scans[i]['plan'].plot()")
        if not report.get("timeline"):
            raise _plot.PlotError("the plan's report has no timeline: plan with timeline=True "
                                  "(remat.torch.backend(timeline=True), "
                                  "remat.jax.checkpoint(..., timeline=True), "
                                  "remat.jax.plan(..., timeline=True))")
        others = [c.report if isinstance(c, PlanInfo) else c for c in compare]
        figure = _plot.figure(report, others)
        if path is None:
            return figure
        figure.savefig(path, dpi=110)
        return path


def format_bytes(count):
    """Bytes as people read them, to 4 digits: 512 B, 163.4 KiB, 1.278 MiB."""
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(count) < 1024:
            return f"{count} B" if unit == "B" else f"{count:.4g} {unit}"
        count /= 1024
    return f"{count:.4g} TiB"


def _round_label(at):
    """A verification round as PlanInfo.rounds names it: its internal
    budget (bytes), or remat.jax's "lent <bytes>", "barriers per op",
    "policy full"."""
    if isinstance(at, int):
        return format_bytes(at)
    return re.sub(r"\d{4,}", lambda m: format_bytes(int(m.group())), str(at))


def format_flops(count):
    """FLOPs as people read them, to 4 digits: 0 FLOP, 3.355 MFLOP."""
    for unit in ("", "k", "M", "G", "T"):
        if abs(count) < 1000:
            return f"{count:.4g} {unit}FLOP"
        count /= 1000
    return f"{count:.4g} PFLOP"


def log_round(what, number, internal, figure, budget, figure_name):
    """remat's INFO line for one verification round (a compile of a plan
    and the compiler's figure of it): "remat: <what>: round <n> at
    internal budget <b>: <figure_name> <figure>, fits|over the budget".
    Silent unless the application sets the "remat" logger to INFO, or
    remat prints its own progress (progress_on(): an interactive session)."""
    if _progress_enabled():
        at = (f"at internal budget {_round_label(internal)}"
              if isinstance(internal, int) or re.search(r"\d", str(internal))
              else f"({internal})")
        _info("remat: %s: round %d %s: %s %s, %s the budget %s", what, number, at,
              figure_name, format_bytes(figure), "fits" if figure <= budget else "over",
              format_bytes(budget))


def log_plan(what, info):
    """remat's INFO line for a planned region: "remat: planned <what>:
    <info.summary()>" on the "remat" logger."""
    if _progress_enabled():
        _info("remat: planned %s: %s", what, info.summary())


class Registry:
    """One framework's plans, in order, since its last clear_plans()."""

    def __init__(self):
        self._plans = []

    def __len__(self):
        return len(self._plans)

    def index(self, info):
        """The plan's place in plans() (its region's number in log_plan's
        line), or None."""
        return next((i for i, p in enumerate(self._plans) if p is info), None)

    def add(self, info):
        self._plans.append(info)
        return info

    def last_plan(self):
        """The PlanInfo of the latest plan (None before the first)."""
        return self._plans[-1] if self._plans else None

    def plans(self):
        """Every PlanInfo since the last clear_plans(), in order."""
        return list(self._plans)

    def clear_plans(self):
        self._plans.clear()

    def discard(self, info):
        """Drops one plan (a round that was not kept)."""
        self._plans = [p for p in self._plans if p is not info]


@contextlib.contextmanager
def falling_back(strict):
    """The fallback policy: inside, an `Unsupported` or a `PlanError` ends
    the plan. Under `strict` it is raised (every fallback is an exception:
    an impossible budget, a planner that fails or is not found, a step
    remat does not model); otherwise it sets the outcome's `reason`, and
    the caller falls back and warns (`warn_fallback`).

        with falling_back(strict) as outcome:
            ...
        if outcome.reason is not None: ..."""
    outcome = types.SimpleNamespace(reason=None)
    try:
        yield outcome
    except PlanError as error:
        if strict:
            raise
        outcome.reason = f"the planner failed: {error}"
    except Unsupported as error:
        if strict:
            error.add_note("remat: strict=True raises where remat cannot plan; with "
                           "strict=False the step runs without remat's plan, with a warning")
            raise
        outcome.reason = str(error)


def warn_fallback(what, reason, stacklevel):
    """The fallback's warning, "remat: <what>: <reason>", at the caller's
    `stacklevel`."""
    warnings.warn(f"remat: {what}: {reason}", stacklevel=stacklevel + 1)


def saved_values(report, values, missing):
    """The framework's values of the report's `saved_values`, in its order:
    `values` maps (location name, result number) to them; a saved value
    that is not there is Unsupported ("the plan saves <loc> result <n>,
    <missing>")."""
    saved = []
    for entry in report.get("saved_values", []):
        value = values.get((_planner.location_name(entry["loc"]), entry["result"]))
        if value is None:
            raise Unsupported(f"the plan saves {entry['loc']} result {entry['result']}, "
                              f"{missing}")
        saved.append(value)
    return saved


def offload_options(policy, offload, host_budget, device):
    """The offload options both adapters take, checked: `offload` (a bool:
    policy auto may also offload saved values to host memory) and
    `host_budget` (bytes, as a budget is given; implies offload under
    auto). Offload needs policy auto (or the fixed policy "offload") and a
    device with a host link: device "cpu" has none."""
    _options.choice(offload, (True, False), "offload")
    host_budget = _options.budget_bytes(host_budget, "host_budget")
    if host_budget is not None and policy == "auto":
        offload = True
    if offload and policy != "auto":
        raise ValueError(f"offload=True applies to policy 'auto' only (policy 'offload' is the "
                         f"fixed policy), not {policy!r}")
    if host_budget is not None and policy not in ("auto", "offload"):
        raise ValueError(f"host_budget applies to policies 'auto' and 'offload', not {policy!r}")
    offloading = offload or policy == "offload"
    if offloading and device == "cpu":
        raise ValueError("offload needs a device with a host link (h100, h200, gh200, a100 or "
                         "a device file with \"host_link\"); device 'cpu' has none")
    if offloading and isinstance(device, dict) and "host_link" not in device:
        raise ValueError("offload needs a device with a host link (h100, h200, gh200, a100 or "
                         "a device file with \"host_link\"); this device file has none")
    return dict(offload=offload, host_budget=host_budget)


def offloaded_values(report, values, missing):
    """The framework's values of the report's `offloaded` entries, in
    program order (as saved_values: `values` maps (location name, result
    number) to them)."""
    return saved_values({"saved_values": report.get("offloaded", [])}, values, missing)


def collective_options(collectives, collective_cost):
    """The collectives options both adapters take, checked: "keep" (never
    recomputed) or "recompute" (at the cost of communicating again, read as
    `collective_cost` times the bytes a device sends: its memory bandwidth
    over its link bandwidth)."""
    _options.choice(collectives, ("recompute", "keep"), "collectives")
    if isinstance(collective_cost, bool) or not isinstance(collective_cost, (int, float)) or \
            not collective_cost >= 0 or not math.isfinite(collective_cost):
        raise ValueError(f"collective_cost must be a non-negative number, not "
                         f"{collective_cost!r}")
    return dict(collectives=collectives, collective_cost=float(collective_cost))


def planner_options(policy, policies, budget, max_overhead, device):
    """The options both adapters take, checked (a ValueError naming the
    valid forms) and in the planner's terms: `policy` one of `policies`,
    the budget in bytes, policy auto with neither a budget nor a
    max_overhead the least peak within options.DEFAULT_MAX_OVERHEAD, and
    the device a name or a device file's dict (None stays None)."""
    policy = _options.policy_name(policy, policies)
    budget, max_overhead = _options.budget_or_overhead(policy, budget, max_overhead)
    if device is not None:
        device = _options.device_spec(device)
    return dict(policy=policy, budget=budget, max_overhead=max_overhead, device=device)


def costs_no_more_than_none(report):
    """Whether a plan's report estimates no more time than recomputing
    nothing: no plan is cheaper (a plan that recomputes only views has no
    recompute FLOPs but may cost time)."""
    return (report["result"]["estimated_time_s"]
            <= report["baseline"]["estimated_time_s"] * (1 + 1e-9))


def next_internal_budget(tried, budget, report):
    """The verification rounds' search (remat.jax against XLA's total,
    remat.torch against Inductor's step peak): given the rounds so far
    (`tried`: (internal budget, compiler's figure) pairs, the latest last),
    the budget, and the latest plan's report, the next internal budget, or
    None when the search is done: the latest figure fits and is close
    (within 1% of the budget) or its plan costs no more than recomputing
    nothing (no plan is cheaper; a plan that recomputes only views has no
    recompute FLOPs but may cost time), or no new internal budget is left to try. The next one is
    the plan's own peak in remat's model moved by what the compiler's
    figure is over or under the budget (moving the internal budget alone
    can keep the same plan: the frontier is discrete); the compiler's
    figure is not monotone in the internal budget, so once one internal
    budget fitted and a larger one did not, the next lies between them
    (bisection where the step leaves that range or is past its middle)."""
    total = tried[-1][1]
    if total <= budget and (budget - total <= budget // 100
                            or costs_no_more_than_none(report)):
        return None
    step = budget - total
    following = report["result"]["peak_bytes"] + step
    fitted = [b for b, t in tried if t <= budget]
    over = [b for b, t in tried if t > budget]
    if fitted and over and max(fitted) < min(over):
        low, high = max(fitted), min(over)
        if not low < following < high or following > (low + high) // 2:
            following = (low + high) // 2
    if step == 0 or following <= 0 or any(b == following for b, _ in tried):
        return None
    return following
