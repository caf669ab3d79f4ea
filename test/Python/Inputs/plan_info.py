"""PlanInfo from Python (argv[1]: torch or jax; argv[2]: a directory for
the pictures): repr() is the plan's summary, `options` holds the validated
options, `report` the JSON report, timeline=True adds the timeline and
frontier without changing the plan, and plot() draws it (or says what it
needs)."""

import contextlib
import io
import json
import os
import sys
import tempfile

framework = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="remat-plan-info-")
os.makedirs(out, exist_ok=True)


def planned(timeline):
    """The PlanInfo of a small step planned with auto and a budget."""
    if framework == "torch":
        import torch
        import remat.torch
        from remat.torch_models import GPT
        torch.manual_seed(0)
        torch._dynamo.reset()
        model = GPT(layers=2, hidden=32, heads=2, vocab=64, ffn=64, dropout=0.0)
        x = torch.randn(2, 8, 32, requires_grad=True)
        labels = torch.randint(0, 64, (16,))
        backend = remat.torch.backend(budget="165KiB", timeline=timeline)
        torch.compile(model, backend=backend)(x, labels).backward()
        return remat.torch.last_plan()
    import remat.jax
    loss, args = jax_step()
    return remat.jax.plan(loss, *args, budget=1340000, timeline=timeline)


def jax_step():
    """A 4-layer tanh MLP's loss and its arguments."""
    import jax.numpy as jnp

    def loss(ws, x):
        for w in ws:
            x = jnp.tanh(x @ w)
        return jnp.sum(x ** 2)
    return loss, ([jnp.ones((128, 128)) * 0.01 for _ in range(4)], jnp.ones((256, 128)))


info = planned(timeline=True)
print(repr(info))
print("options:", info.options["policy"], info.options["budget"], info.options["timeline"])
report = info.report
print("report:", report["policy"], "timeline" in report, "pareto" in report,
      max(report["timeline"]["result"]) == report["result"]["peak_bytes"])
plain = planned(timeline=False)
print("without timeline:", "timeline" in plain.report, "pareto" in plain.report,
      plain.report["result"]["peak_bytes"] == report["result"]["peak_bytes"],
      [d["decision"] for d in plain.report["decisions"]]
      == [d["decision"] for d in report["decisions"]])

from remat import plot  # noqa: E402
from remat._adapter import PlanInfo  # noqa: E402

try:
    plain.plot(os.path.join(out, "plain.png"))
except plot.PlotError as error:
    print("no timeline:", error)
fallback = PlanInfo()
fallback.fallback = "the joint graph has no output node"
print(repr(fallback))

try:
    import matplotlib  # noqa: F401
except ImportError:
    have_matplotlib = False
else:
    have_matplotlib = True
if have_matplotlib:
    path = info.plot(os.path.join(out, "plan.png"), compare=[plain])
    with open(path, "rb") as f:
        png = f.read(8) == b"\x89PNG\r\n\x1a\n"
    figure = info.plot()
    print("plot:", "a PNG" if png else "not a PNG", type(figure).__name__,
          len(figure.axes))
else:
    print("plot: matplotlib is not installed")

# Without matplotlib (an import that fails as where it is not installed):
# the error says how to install it, as an ImportError and a PlotError.
for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
    del sys.modules[name]
sys.modules["matplotlib"] = None
try:
    info.plot(os.path.join(out, "missing.png"))
except ImportError as error:
    print("no matplotlib:", type(error).__name__, isinstance(error, plot.PlotError), error)
report_file = os.path.join(out, "report.json")
with open(report_file, "w") as f:
    json.dump(report, f)
errors = io.StringIO()
with contextlib.redirect_stderr(errors):
    status = plot.main([report_file, "-o", os.path.join(out, "missing.png")])
print("no matplotlib, command line:", status, errors.getvalue().strip())

if framework == "jax":
    # checkpoint() verifies the budget in XLA's total: its rounds show.
    import jax
    import remat.jax
    loss, args = jax_step()
    jax.grad(remat.jax.checkpoint(loss, budget=1340000))(*args)
    print(repr(remat.jax.last_plan()))
