"""The options the framework adapters take, validated where the user gives
them (`remat.jax.checkpoint(...)`, `remat.torch.backend(...)`): a bad value
is a `ValueError` that names the valid forms, raised at once, never a
fallback at the first call.

    budget_bytes("8 GiB")        # 8589934592
    overhead_fraction("5%")      # 0.05
    device_spec("h200")          # "h200" (or a dict of a device file's fields)
"""

import json
import math
import numbers
import os
import re

# remat-opt's byte units (lib/remat/Transforms/RematPlanner.cpp,
# parseByteSize), matched here without regard to case.
_UNITS = {"": 1, "b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12,
          "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40}
_SIZE = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([A-Za-z]*)\s*\Z")
BUDGET_FORMS = ("a whole number of bytes (an int, or a string such as \"8GiB\", \"8 GiB\", "
                "\"1.5GB\", \"512MiB\"; units B, KB, MB, GB, TB, KiB, MiB, GiB, TiB)")

DEVICES = ("cpu", "h100", "h200", "gh200", "a100")  # lib/remat/Analysis/CostModel.cpp
# A device file's rates (docs/CostModel.md, "Device files"): each at least
# one per second.
_DEVICE_RATES = (("memory_bandwidth_bytes_per_s",),
                 *((table, element) for table in ("gemm_flops_per_s", "vector_flops_per_s")
                   for element in ("f32", "f16", "bf16")))


def budget_bytes(budget, name="budget"):
    """`budget` in bytes (an int), or None for None. Accepts a non-negative
    integer (or an integral float) of bytes, or a string with an optional
    unit, spaces and case allowed ("8 GiB", "8gib", "1.5GB", "4096")."""
    if budget is None:
        return None
    if isinstance(budget, bool):
        raise ValueError(f"{name} must be {BUDGET_FORMS}, not {budget!r}")
    if isinstance(budget, numbers.Integral):
        value = int(budget)
    elif isinstance(budget, numbers.Real):
        if not math.isfinite(budget) or budget != int(budget):
            raise ValueError(f"{name} must be {BUDGET_FORMS}, not {budget!r}")
        value = int(budget)
    elif isinstance(budget, str):
        m = _SIZE.match(budget)
        scale = _UNITS.get(m.group(2).lower()) if m else None
        if scale is None:
            raise ValueError(f"{name} must be {BUDGET_FORMS}, not {budget!r}")
        whole, _, fraction = m.group(1).partition(".")
        numerator = int(whole or "0") * 10**len(fraction) + int(fraction or "0")
        value, rest = divmod(numerator * scale, 10**len(fraction))
        if rest:
            raise ValueError(f"{name} {budget!r} is not a whole number of bytes")
    else:
        raise ValueError(f"{name} must be {BUDGET_FORMS}, not {budget!r}")
    if value < 0 or value >= 2**63:
        raise ValueError(f"{name} must be between 0 and 2^63 bytes, not {budget!r}")
    return value


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
    budget, max_overhead = budget_bytes(budget), overhead_fraction(max_overhead)
    if budget is not None and max_overhead is not None:
        raise ValueError("give either a budget or a max_overhead, not both")
    if max_overhead is not None and policy != "auto":
        raise ValueError(f"max_overhead applies to policy 'auto' only, not {policy!r}")
    if policy == "auto" and budget is None and max_overhead is None:
        max_overhead = DEFAULT_MAX_OVERHEAD
    return budget, max_overhead
