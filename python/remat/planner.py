"""The planner as framework adapters call it: a joint graph of `nn.generic`
ops in, a kept set out.

Pure Python, no MLIR bindings: `JointGraph` (remat.builder's, imported here)
writes the joint function as text (one `nn.generic` per framework op, each
with its cost, its class and whether it may be recomputed, and
`loc("<name>")` so that the plan can be mapped back), and `plan()` runs
`remat-opt --rematerialize` on it and reads the report. What
the framework must save is the report's `saved_values` (forward values the
rewritten backward reads, each named by its op's location and result number)
and `saved_arguments` (arguments the backward reads). See docs/PyTorch.md.

The `remat-opt` binary is found through $REMAT_OPT, then the build tree next
to this package (build/bin), then $PATH.
"""

import json
import os
import re
import shutil
import subprocess
import tempfile
import time

# The joint function's writer (the adapters import it from here).
from . import _tools
from .builder import COST_CLASSES, ELEMENT_TYPE, JointGraph  # noqa: F401

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def element_bytes(element):
    """Bytes one element of an ELEMENT_TYPE occupies (`i1` takes a byte)."""
    return max(1, int(re.search(r"\d+\Z", element).group()) // 8)


class PlanError(RuntimeError):
    """The planner refused the graph or the budget; the message is its
    diagnostic (for an impossible budget: the smallest achievable peak)."""


class BudgetError(PlanError):
    """The planner refused the `budget` (no plan fits it, or it is not a
    size): the adapters raise it where another PlanError falls back.

    `least_peak`: the smallest peak remat found for the function, in bytes
    (None when the budget was refused for another reason); `peak_lower_bound`:
    the peak no plan can go below, where the planner states one. `error`: the
    report's error object (docs/Rematerialize.md, "Errors"), where remat-opt
    wrote one."""

    def __init__(self, message, least_peak=None, peak_lower_bound=None, error=None):
        super().__init__(message)
        self.least_peak = least_peak
        self.peak_lower_bound = peak_lower_bound
        self.error = error


def error_of(report, source=None):
    """The exception for a report entry {"function", "error": {...}} that
    remat-opt wrote for a function it refused: BudgetError when the budget
    was refused (kind "budget", or an invalid budget option), else
    PlanError. Decided by the error's fields, never by the message's words.
    `source`: the file remat-opt read, whose name the message loses (its
    locations mean nothing to the caller)."""
    error = report["error"]
    message = "error: " + (error.get("message") or "remat-opt refused the function")
    if source:
        message = message.replace(source + ":", "")
    if error.get("kind") == "budget" or (error.get("kind") == "options"
                                         and error.get("option") == "budget"):
        return BudgetError(message, least_peak=error.get("least_peak_bytes"),
                           peak_lower_bound=error.get("peak_lower_bound_bytes"), error=error)
    failure = PlanError(message)
    failure.error = error
    return failure


def gpu_cost_model(name):
    """The cost model's device for a GPU by its name (torch.cuda's device
    name, a JAX device's device_kind): the first of GH200, H200, H100 and
    A100 the name contains, lowercased; h200 where it names none."""
    upper = name.upper()
    return next((m.lower() for m in ("GH200", "H200", "H100", "A100") if m in upper), "h200")


def find_remat_opt():
    """The remat-opt that plans: $REMAT_OPT, else the one the installed
    wheel carries (remat/_bin), else the source tree's build/bin, else
    PATH's."""
    candidates = [os.environ.get("REMAT_OPT"), _tools.bundled_remat_opt(),
                  os.path.join(ROOT, "build", "bin", "remat-opt"), shutil.which("remat-opt")]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise PlanError("remat-opt not found: install remat's wheel (bash scripts/build-wheel.sh; "
                    "it carries remat-opt), build remat (bash scripts/setup.sh) or set REMAT_OPT")


def plan(text, policy="auto", budget=None, max_overhead=None, device="cpu", remat_opt=None,
         timeout=600, reclone=False, result_buffers="defined", certificate="cover",
         offload=False, host_budget=None, skip_useless=True, pareto=False,
         repeat=1, fence=None, output=None, generic=False, timeline=False,
         infer_blocks=False):
    """Runs --rematerialize on the joint function `text`; returns the report
    (a dict, with `planning_time_s` added: remat-opt's wall time).

    reclone: whether the plan may recompute a value twice. Off by default:
    a framework applies a plan through the values it saves (the report's
    `saved_values`) and recomputes each of the others once, where its own
    backward puts it.

    result_buffers: "defined" (the function's results occupy memory from the
    op that defines them, as in PyTorch), "preallocated" (from the start,
    as XLA allocates a computation's outputs) or "lent" (from the start,
    and holding the temporaries that end before the result is written, as
    XLA's buffer assignment places them).

    device: a device name of the cost model (cpu, h100, h200, a100), or a
    dict with a device file's fields (docs/CostModel.md, "Device files").

    certificate: how the report's lower bound is found (remat-opt's
    certificate=). "cover" by default: the joint cover's MILP may add a
    second to each plan, which a framework pays at every compile; run
    remat-opt with certificate=milp on the plan's IR for the tighter bound.

    offload, host_budget: remat-opt's offload= and host-budget= (bytes):
    policy auto may also offload saved values to host memory (the report's
    `offloaded`); with policy offload, host_budget bounds what it offloads.
    The device needs a host link (docs/CostModel.md, "Host offload").

    skip_useless: remat-opt's skip-useless= (a fixed policy whose plan
    peaks at policy none's takes none's plan; False: the policy as
    stated).

    infer_blocks: remat-opt's infer-blocks=true (without remat.block marks,
    selective and the dots policies recompute within the layers found in
    the forward's repeated structure, as full and sqrt always do).

    pareto: remat-opt's pareto=true (the report's `pareto`: the frontier
    of plans from the least peak to no recompute).

    repeat: remat-opt's repeat= (the function is one iteration of a loop
    run `repeat` times, a rolled scan's body: the peaks count what the
    forward holds into the backward repeat - 1 more times).

    fence: remat-opt's fence= (an op each recompute chain reads its kept
    inputs through, e.g. "util.optimization_barrier", so that a downstream
    compiler's CSE keeps the clones). output: a path the rewritten module is
    written to (generic: in MLIR's generic form, which newer MLIR versions
    read where a custom form has changed).

    timeline: remat-opt's timeline=true (the report's `timeline`: the bytes
    live at each op before and after the rewrite, which remat.plot draws)."""
    options = [f"policy={policy}", f"reclone={'true' if reclone else 'false'}",
               f"result-buffers={result_buffers}", f"certificate={certificate}"]
    if budget is not None:
        options.append(f"budget={budget}")
    if max_overhead is not None:
        options.append(f"max-overhead={max_overhead}")
    if offload and policy != "offload":
        options.append("offload=true")
    if host_budget is not None:
        options.append(f"host-budget={host_budget}")
    if not skip_useless:
        options.append("skip-useless=false")
    if infer_blocks:
        options.append("infer-blocks=true")
    if pareto:
        options.append("pareto=true")
    if timeline:
        options.append("timeline=true")
    if repeat != 1:
        options.append(f"repeat={repeat}")
    if fence:
        options.append(f"fence={fence}")
    with tempfile.TemporaryDirectory(prefix="remat-plan-") as tmp:
        src, report = os.path.join(tmp, "joint.mlir"), os.path.join(tmp, "report.json")
        with open(src, "w") as f:
            f.write(text)
        if isinstance(device, dict):
            device_file = os.path.join(tmp, "device.json")
            with open(device_file, "w") as f:
                json.dump(device, f)
            options.append(f"device-file={device_file}")
        else:
            options.append(f"device={device}")
        options.append(f"report={report}")
        cmd = [remat_opt or find_remat_opt(), src, "--mlir-print-op-on-diagnostic=false",
               f"--rematerialize={' '.join(options)}", "-o", output or os.devnull]
        if generic:
            cmd.append("--mlir-print-op-generic")
        start = time.perf_counter()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise PlanError(f"remat-opt did not run: {error}") from error
        seconds = time.perf_counter() - start
        if proc.returncode != 0:
            # What went wrong, as data: the report's error entry.
            try:
                with open(report) as f:
                    written = json.load(f)
            except (OSError, ValueError):
                written = None
            if isinstance(written, dict) and "error" in written:
                raise error_of(written, src)
            # No report (the options did not parse, remat-opt crashed): the
            # diagnostics alone, without the echoed source line. (Locations
            # in the generated file mean nothing to the caller.)
            lines = [re.sub(r"^(\d+:\d+|<unknown>:0): ", "", line.replace(src + ":", ""))
                     for line in proc.stderr.splitlines()
                     if re.search(r"\b(error|warning|note|remark): .", line)
                     or line.startswith("remat-opt: ")]
            message = "\n".join(lines) or f"remat-opt exited with {proc.returncode}"
            raise PlanError(message)
        try:
            with open(report) as f:
                result = json.load(f)
        except (OSError, ValueError) as error:
            raise PlanError(f"remat-opt wrote no readable report: {error}") from error
    result["planning_time_s"] = seconds
    return result


def lazy_order(count, inputs, groups):
    """Items 0..count-1 (a topological order) in the order a backward runs
    them: the items of each of `groups` (lists of indices) in turn keep
    their order, and every other item goes just before the first item that
    needs it, after what it needs itself. `inputs(i)` are the indices item i
    reads. remat's rewrite places a recomputed chain so, and its peak
    assumes it; the framework adapters order their graphs by it (the
    tangent-reading ops of PyTorch's backward, the cotangent-reading
    equations of JAX's)."""
    done, expanded, order = [False] * count, [False] * count, []

    def emit(item):
        stack = [(item, False)]
        while stack:
            i, ready = stack.pop()
            if ready:
                done[i] = True
                order.append(i)
                continue
            if expanded[i]:
                continue
            expanded[i] = True
            stack.append((i, True))
            stack.extend((j, False) for j in reversed(inputs(i)) if not done[j])
    for group in groups:
        for i in group:
            emit(i)
    for i in range(count):
        emit(i)
    return order


LOC = re.compile(r'loc\("((?:[^"\\]|\\.)*)"\)\Z')


def location_name(loc):
    """The name in a report's `loc("<name>")`, or None."""
    m = LOC.match(loc)
    return m.group(1).replace('\\"', '"').replace("\\\\", "\\") if m else None
