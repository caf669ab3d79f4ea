"""The planner as framework adapters call it: a joint graph of `nn.generic`
ops in, a kept set out.

Pure Python, no MLIR bindings: `JointGraph` writes the joint function as text
(one `nn.generic` per framework op, each with its cost, its class and whether
it may be recomputed, and `loc("<name>")` so that the plan can be mapped back),
and `plan()` runs `remat-opt --rematerialize` on it and reads the report. What
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

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

COST_CLASSES = ("gemm", "elementwise", "reduction", "layout", "view")
ELEMENT_TYPE = re.compile(r"(f16|bf16|f32|f64|i1|i8|i16|i32|i64|ui8)\Z")


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
    the peak no plan can go below, when the diagnostic states one."""

    def __init__(self, message):
        super().__init__(message)
        least = re.search(r"the smallest peak remat (?:can reach|found) for this function is "
                          r"(\d+) bytes", message)
        bound = re.search(r"no plan can go below (\d+) bytes", message)
        self.least_peak = int(least.group(1)) if least else None
        self.peak_lower_bound = int(bound.group(1)) if bound else (
            self.least_peak if least and "no plan can go lower" in message else None)


def find_remat_opt():
    candidates = [os.environ.get("REMAT_OPT"), os.path.join(ROOT, "build", "bin", "remat-opt"),
                  shutil.which("remat-opt")]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise PlanError("remat-opt not found: build remat (bash scripts/setup.sh) or set REMAT_OPT")


def tensor_type(shape, element):
    if not ELEMENT_TYPE.match(element):
        raise ValueError(f"element type {element!r} is not one remat plans")
    dims = "x".join(str(int(d)) for d in shape)
    return f"tensor<{dims}x{element}>" if dims else f"tensor<{element}>"


def _quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class JointGraph:
    """A joint forward+backward function under construction.

        g = JointGraph("joint")
        x = g.arg((8, 16), "f32")
        y, = g.op("aten.exp.default", [x], [((8, 16), "f32")], flops=128, loc="exp")
        text = g.text(results=[...], forward_results=1)

    Ops are appended in program order. A value is an opaque handle (its SSA
    name)."""

    def __init__(self, name="joint"):
        self.name = name
        self.args = []     # (ssa name, type)
        self.lines = []
        self.types = {}    # ssa name -> type
        self.count = 0

    def arg(self, shape, element):
        name = f"%arg{len(self.args)}"
        ty = tensor_type(shape, element)
        self.args.append((name, ty))
        self.types[name] = ty
        return name

    def op(self, callee, inputs, outputs, *, flops=0, cost_class="elementwise",
           side_effects=False, loc=None, block=None, policy=None, read_bytes=None,
           written_bytes=None, batch_dims=0):
        """Appends one `nn.generic`; returns its result values. `policy`
        ("save" or "recompute") is a `remat.policy` override; `read_bytes`
        and `written_bytes` the op's memory traffic where it is not the
        operands' and results' sizes; `batch_dims` a matrix multiply's batch
        dimensions (policy dots-no-batch keeps the results of those without)."""
        if cost_class not in COST_CLASSES:
            raise ValueError(f"cost class {cost_class!r} is not one of {COST_CLASSES}")
        attrs = []
        if cost_class != "elementwise":
            attrs.append(f'cost_class = "{cost_class}"')
        if flops:
            attrs.append(f"flops = {int(flops)} : i64")
        if read_bytes is not None:
            attrs.append(f"read_bytes = {int(read_bytes)} : i64")
        if written_bytes is not None:
            attrs.append(f"written_bytes = {int(written_bytes)} : i64")
        if batch_dims:
            attrs.append(f"batch_dims = {int(batch_dims)} : i64")
        if block is not None:
            attrs.append(f"remat.block = {int(block)} : i64")
        if policy is not None:
            attrs.append(f"remat.policy = {_quote(policy)}")
        if side_effects:
            attrs.append("side_effects")
        out_types = [tensor_type(s, e) for s, e in outputs]
        base = f"%v{self.count}"
        self.count += 1
        if len(out_types) == 1:
            results = [base]
            lhs = base + " = "
        elif out_types:
            results = [f"{base}#{i}" for i in range(len(out_types))]
            lhs = f"{base}:{len(out_types)} = "
        else:
            results, lhs = [], ""
        for r, t in zip(results, out_types):
            self.types[r] = t
        operands = (" " + ", ".join(inputs)) if inputs else ""
        attr_text = (" {" + ", ".join(attrs) + "}") if attrs else ""
        in_types = ", ".join(self.types[i] for i in inputs)
        out_text = out_types[0] if len(out_types) == 1 else "(" + ", ".join(out_types) + ")"
        location = f" loc({_quote(loc)})" if loc else ""
        self.lines.append(f"    {lhs}nn.generic {_quote(callee)}{operands}{attr_text} : "
                          f"({in_types}) -> {out_text}{location}")
        return results

    def text(self, results, forward_results=1):
        args = ", ".join(f"{n}: {t}" for n, t in self.args)
        res_types = ", ".join(self.types[r] for r in results)
        return "\n".join([
            f"func.func @{self.name}({args}) -> ({res_types}) "
            f"attributes {{remat.forward_results = {int(forward_results)} : i64}} {{",
            *self.lines,
            f"    return {', '.join(results)} : {res_types}",
            "}",
        ]) + "\n"


def plan(text, policy="auto", budget=None, max_overhead=None, device="cpu", remat_opt=None,
         timeout=600, reclone=False, result_buffers="defined", certificate="cover"):
    """Runs --rematerialize on the joint function `text`; returns the report
    (a dict, with `planning_time_s` added: remat-opt's wall time).

    reclone: whether the plan may recompute a value twice. Off by default:
    a framework applies a plan through the values it saves (the report's
    `saved_values`) and recomputes each of the others once, where its own
    backward puts it.

    result_buffers: "defined" (the function's results occupy memory from the
    op that defines them, as in PyTorch) or "preallocated" (from the start,
    as XLA allocates a computation's outputs).

    device: a device name of the cost model (cpu, h100, h200, a100), or a
    dict with a device file's fields (docs/CostModel.md, "Device files").

    certificate: how the report's lower bound is found (remat-opt's
    certificate=). "cover" by default: the joint cover's MILP may add a
    second to each plan, which a framework pays at every compile; run
    remat-opt with certificate=milp on the plan's IR for the tighter bound."""
    options = [f"policy={policy}", f"reclone={'true' if reclone else 'false'}",
               f"result-buffers={result_buffers}", f"certificate={certificate}"]
    if budget is not None:
        options.append(f"budget={budget}")
    if max_overhead is not None:
        options.append(f"max-overhead={max_overhead}")
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
               f"--rematerialize={' '.join(options)}", "-o", os.devnull]
        start = time.perf_counter()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise PlanError(f"remat-opt did not run: {error}") from error
        seconds = time.perf_counter() - start
        if proc.returncode != 0:
            # The diagnostics alone, without the echoed source line.
            # (Locations in the generated file mean nothing to the caller.)
            lines = [re.sub(r"^\d+:\d+: ", "", line.replace(src + ":", ""))
                     for line in proc.stderr.splitlines()
                     if re.search(r"\b(error|warning|note|remark): ", line)]
            message = "\n".join(lines) or f"remat-opt exited with {proc.returncode}"
            raise (BudgetError if budget is not None and "budget" in message else
                   PlanError)(message)
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
