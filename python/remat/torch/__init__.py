"""remat inside `torch.compile`: a partition function for AOTAutograd.

    import remat.torch
    compiled = torch.compile(model, backend=remat.torch.backend(budget="8GiB"))
    compiled = torch.compile(model, backend=remat.torch.backend(max_overhead=0.05))
    compiled = torch.compile(model, backend=remat.torch.backend(policy="selective"))

AOTAutograd traces the joint forward+backward graph of the compiled region
(ATen ops after decompositions) and hands it to a partition function, which
chooses the forward values the backward saves; every other forward value the
backward needs is recomputed inside the backward graph. `partition` is such a
function: it writes the joint graph as remat IR (one `nn.generic` per ATen op,
costed by PyTorch's own FLOP formulas), plans it with `remat-opt
--rematerialize`, maps the plan's saved set back to FX nodes, and lets
PyTorch's extraction helper build the forward and backward modules from it.
The backward's recomputed nodes are placed just before their first use, as
remat's rewrite places them, so PyTorch runs the plan remat simulated.

With Inductor the plan is made on the buffers Inductor allocates (its own
lowering and scheduler say which: remat.inductor) and each compiled step's
peak is read from Inductor's generated code; with a budget, remat plans
again until that peak fits (`verify_rounds`).
With the eager compiler each kernel's own temporaries (what it allocates
beyond its results) are measured once and held in the plan while the op runs
(`temporaries`). Tensor-parallel steps (DTensor) are planned: the DeviceMesh is an opaque
input handed to the backward, and functional collectives are kept (never
recomputed) unless `collectives="recompute"` lets the plan recompute them at
the cost of communicating again.
Dynamic shapes are planned once for their range, at the sizes' upper bounds
(`mark_dynamic(..., max=)`) or, unbounded, at the traced sizes
(`PlanInfo.dynamic_sizes`). Anything remat cannot model (a data-dependent
size with no bound, an op that is not an ATen op, a complex element type),
an impossible `budget` (the error states the smallest peak remat can reach)
and any planner failure are exceptions under `strict=True`, the default
(`remat.planner.PlanError`, `Unsupported`); with `strict=False` they fall
back, with a warning naming the reason, to PyTorch's own partitioner.

Random ops (dropout's RNG) are never recomputed: their values are saved when
the backward needs them, so recomputation cannot change a mask. In-place ops
are kept in the forward. `torch.utils.checkpoint` regions (and selective
activation checkpointing's policies) in the compiled code are honored: what
they save is saved and what they recompute is recomputed (`user_checkpoints`).
Options are checked when `backend(...)` is called (ValueError). docs/PyTorch.md
has the details, docs/Results/PyTorch.md the numbers.

The package: `_common` (option values, the list of plans, how AOTAutograd
holds tangents) < `measure` (measure_peak, the profiler runs) < `convert`
(the joint graph as remat IR) < `partitioner` (remat as AOTAutograd's
partition function, partition_stats) < `backends` (backend(),
pytorch_backend(), Inductor's rounds) < `step` (StepBudget); `offload` is
the host-offload ops the graphs call. Each imports only those before it
(docs/PythonAdapters.md).
"""

from .. import planner as _planner  # noqa: F401  (remat.torch._planner: the tests')
from ._common import (COMPILERS, MEMORY, POLICIES, TEMPORARIES, USER_CHECKPOINTS,  # noqa: F401
                      BudgetError, PlanError, PlanInfo, Unsupported, _PLANS, _addmm_order,
                      _tangents_held, clear_plans, last_plan, plans, step_peak, tangents_held)
from .measure import budget_error, measure_peak  # noqa: F401
from .partitioner import (_impure, _planner_options, partition, partition_stats,  # noqa: F401
                        plan_of_partition)
from .backends import (PyTorchPartitioner, RematPartitioner, _decompositions,  # noqa: F401
                       backend, pytorch_backend)
from .step import StepBudget  # noqa: F401

__all__ = ["backend", "partition", "last_plan", "plans", "clear_plans", "step_peak",
           "measure_peak", "partition_stats", "pytorch_backend", "RematPartitioner",
           "PyTorchPartitioner", "StepBudget", "plan_of_partition",
           "Unsupported", "PlanError", "BudgetError", "budget_error", "tangents_held"]
