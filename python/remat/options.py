"""The options the framework adapters take, validated where the user gives
them (`remat.jax.checkpoint(...)`, `remat.torch.backend(...)`): a bad value
is a `ValueError` that names the valid forms, raised at once, never a
fallback at the first call.

    budget_value("8 GiB")        # 8589934592
    budget_value("60%")          # RelativeBudget(0.6, of='peak')
    overhead_fraction("5%")      # 0.05
    device_spec("h200")          # "h200" (or a dict of a device file's fields)
"""

import json
import math
import numbers
import os
import re

# remat-opt's byte units (lib/remat/Transforms/RematPlanner.cpp,
# parseByteSize), matched without regard to case.
_UNITS = {"": 1, "b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12,
          "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40}
_SIZE = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([A-Za-z]*)\s*\Z")
SIZE_FORMS = ("bytes: an int, or a string with an optional unit such as \"8GiB\", \"8 GiB\", "
              "\"8gib\", \"1.5GiB\", \"500MB\" (units B, KB, MB, GB, TB, KiB, MiB, GiB, TiB "
              "in any case)")
BUDGET_FORMS = (SIZE_FORMS + "; or a fraction of policy none's peak: \"60%\" or 0.6; or a "
                "fraction of the activations policy none saves for the backward: "
                "\"50% activations\"")


DEVICES = ("cpu", "h100", "h200", "gh200", "a100")  # lib/remat/Analysis/CostModel.cpp
# A device file's rates (docs/CostModel.md, "Device files"): each at least
# one per second.
_DEVICE_RATES = (("memory_bandwidth_bytes_per_s",),
                 *((table, element) for table in ("gemm_flops_per_s", "vector_flops_per_s")
                   for element in ("f32", "f16", "bf16")))


class RelativeBudget:
    """A budget given relative to policy none (docs/Rematerialize.md,
    "Budgets"): `fraction` (in (0, 1]) of none's peak, or with
    of="activations" none's peak less the part of the activations it saves
    for the backward that is not allowed (PyTorch's
    activation_memory_budget). Each front end resolves it against policy
    none's figures in the memory it holds the budget in (`resolve`); str()
    is remat-opt's spelling."""

    def __init__(self, fraction, of="peak"):
        if of not in ("peak", "activations"):
            raise ValueError(f"a relative budget is of 'peak' or 'activations', not {of!r}")
        self.fraction, self.of = float(fraction), of

    def resolve(self, none_peak, activation_bytes=0):
        """The budget in bytes, given policy none's peak and the bytes of
        the activations it saves."""
        if self.of == "peak":
            return int(math.floor(none_peak * self.fraction))
        activation_bytes = min(int(activation_bytes), int(none_peak))
        return int(none_peak) - activation_bytes + int(math.floor(activation_bytes * self.fraction))

    def describe(self):
        what = "the activations policy none saves" if self.of == "activations" \
            else "policy none's peak"
        return f"{self.fraction * 100:.10g}% of {what}"

    def __str__(self):
        return f"{self.fraction * 100:.10g}%" + ("activations" if self.of == "activations" else "")

    def __repr__(self):
        return f"RelativeBudget({self.fraction!r}, of={self.of!r})"

    def __eq__(self, other):
        return isinstance(other, RelativeBudget) and (self.fraction, self.of) == \
            (other.fraction, other.of)

    def __hash__(self):
        return hash((self.fraction, self.of))


def _fraction(text):
    """A fraction in (0, 1] from "60%" or "0.6", or None."""
    percent = text.endswith("%")
    number = text[:-1] if percent else text
    if not re.fullmatch(r"(\d+(\.\d*)?|\.\d+)", number):
        return None
    value = float(number) / (100 if percent else 1)
    return value if 0 < value <= 1 else None


def size_bytes(size, name="budget"):
    """`size` in bytes (an int), or None for None: a non-negative integer
    (or an integral float) of bytes, or a string with an optional unit,
    spaces and case allowed ("8 GiB", "8gib", "1.5GB", "4096"); a fraction
    of a unit rounds down to whole bytes ("4.1MiB" is 4299161), a fraction
    of a byte is refused."""
    if size is None:
        return None
    value = None
    if isinstance(size, bool):
        pass
    elif isinstance(size, numbers.Integral):
        value = int(size)
    elif isinstance(size, numbers.Real):
        if math.isfinite(size) and size == int(size):
            value = int(size)
    elif isinstance(size, str):
        m = _SIZE.match(size)
        scale = _UNITS.get(m.group(2).lower()) if m else None
        if scale is not None:
            whole, _, fraction = m.group(1).partition(".")
            if not (fraction and scale == 1):
                numerator = int(whole or "0") * 10**len(fraction) + int(fraction or "0")
                value = numerator * scale // 10**len(fraction)
    if value is None:
        raise ValueError(f"{name} must be {SIZE_FORMS}, not {size!r}")
    if value < 0 or value >= 2**63:
        raise ValueError(f"{name} must be between 0 and 2^63 bytes, not {size!r}")
    return value


def budget_value(budget, name="budget"):
    """A budget as the adapters take it: bytes (an int, see size_bytes), a
    RelativeBudget, or None for None. Relative forms: "60%" or a float in
    (0, 1] such as 0.6 (of policy none's peak), "50% activations" (also
    "0.5 activations", "50% of activations", "50%act": of the activations
    none saves). Spaces and case do not matter. The forms and their errors
    are remat-opt's (RematPlanner.cpp, parseBudget)."""
    if budget is None or isinstance(budget, RelativeBudget):
        return budget
    if isinstance(budget, numbers.Real) and not isinstance(budget, (bool, numbers.Integral)) \
            and 0 < budget <= 1:
        return RelativeBudget(float(budget))
    if isinstance(budget, str):
        text = re.sub(r"\s+", "", budget).lower()
        of = "peak"
        for suffix in ("activations", "activation", "act"):
            if text.endswith(suffix):
                text, of = text[:-len(suffix)], "activations"
                if text.endswith("of"):
                    text = text[:-2]
                break
        if of == "activations" or text.endswith("%") or re.fullmatch(r"\d*\.\d*", text):
            fraction = _fraction(text)
            if fraction is None:
                raise ValueError(f"{name} must be {BUDGET_FORMS} (fractions in (0, 1]), "
                                 f"not {budget!r}")
            return RelativeBudget(fraction, of)
    try:
        return size_bytes(budget, name)
    except ValueError:
        raise ValueError(f"{name} must be {BUDGET_FORMS}, not {budget!r}") from None


def budget_bytes(budget, name="budget"):
    """A budget that must be bytes (host_budget): size_bytes."""
    return size_bytes(budget, name)


def policy_name(policy, valid, name="policy"):
    """`policy` as spelled in `valid`, whichever spelling it is given in:
    "dots-no-batch" (the canonical one), "dots_no_batch", any case."""
    if isinstance(policy, str):
        normal = policy.strip().lower().replace("_", "-")
        for v in valid:
            if v.replace("_", "-") == normal:
                return v
    raise ValueError(f"{name} must be one of {', '.join(repr(v.replace('_', '-')) for v in valid)}"
                     f" (underscores may stand for hyphens), not {policy!r}")


def overhead_fraction(overhead, name="max_overhead"):
    """`overhead` as a non-negative float, or None for None: a number
    (0.05) or a string ("0.05", "5%")."""
    if overhead is None:
        return None
    value = None
    if isinstance(overhead, numbers.Real) and not isinstance(overhead, bool):
        value = float(overhead)
    elif isinstance(overhead, str):
        text = overhead.strip()
        percent = text.endswith("%")
        try:
            value = float(text[:-1] if percent else text) / (100 if percent else 1)
        except ValueError:
            value = None
    if value is None or not math.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a non-negative fraction of the step's time such as "
                         f"0.05 or \"5%\", not {overhead!r}")
    return value


def device_spec(device, name="device"):
    """A device of the cost model: one of DEVICES, a dict of a device file's
    fields, or the path of such a JSON file (read now, returned as a dict)."""
    if isinstance(device, str) and device in DEVICES:
        return device
    if isinstance(device, (str, os.PathLike)) and os.path.isfile(device):
        try:
            with open(device) as f:
                device = json.load(f)
        except (OSError, ValueError) as error:
            raise ValueError(f"{name} file {str(device)!r} is not readable JSON: {error}")
    if not isinstance(device, dict):
        raise ValueError(f"{name} must be one of {', '.join(DEVICES)}, a dict of a device "
                         f"file's fields or the path of a device file, not {device!r}")
    for path in _DEVICE_RATES:
        value = device
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        if not (isinstance(value, numbers.Real) and not isinstance(value, bool)
                and math.isfinite(value) and value >= 1):
            raise ValueError(f"{name}: '{'.'.join(path)}' must be a finite rate of at least 1 "
                             f"per second, not {value!r} (docs/CostModel.md, \"Device files\")")
    overhead = device.get("launch_overhead_s", 0.0)
    if not (isinstance(overhead, numbers.Real) and 0 <= overhead <= 1):
        raise ValueError(f"{name}: 'launch_overhead_s' must be between 0 and 1 second, "
                         f"not {overhead!r}")
    return dict(device)


def choice(value, valid, name):
    """`value` if it is one of `valid`, else a ValueError listing them."""
    if value not in valid:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, valid))}, not {value!r}")
    return value


# What policy "auto" does when given neither a budget nor a max_overhead:
# the least peak whose estimated recompute time is at most this fraction
# of the step (documented in docs/JAX.md and docs/PyTorch.md).
DEFAULT_MAX_OVERHEAD = 0.05


def budget_or_overhead(policy, budget, max_overhead):
    """(budget in bytes, overhead fraction), checked together: a
    max_overhead belongs to policy auto, at most one of them is given, and
    auto with neither gets DEFAULT_MAX_OVERHEAD."""
    budget, max_overhead = budget_value(budget), overhead_fraction(max_overhead)
    if budget is not None and max_overhead is not None:
        raise ValueError("give either a budget or a max_overhead, not both")
    if max_overhead is not None and policy != "auto":
        raise ValueError(f"max_overhead applies to policy 'auto' only, not {policy!r}")
    if policy == "auto" and budget is None and max_overhead is None:
        max_overhead = DEFAULT_MAX_OVERHEAD
    return budget, max_overhead
