"""Run by test/Install/wheel.test inside a fresh virtual environment that
has remat's wheel installed, torch and jax, no $REMAT_OPT and no build tree
on any path: the wheel's own remat-opt plans a PyTorch model's and a JAX
model's training steps under a budget of "60%" (of policy none's peak),
with strict=True (any fallback is an exception)."""
import os
import sys
import warnings

import remat
import remat.planner

assert "REMAT_OPT" not in os.environ, "the test runs without $REMAT_OPT"
opt = remat.planner.find_remat_opt()
assert opt.startswith(os.path.dirname(remat.__file__)), (opt, remat.__file__)
print("remat", remat.__version__, "plans with", os.path.relpath(opt, os.path.dirname(remat.__file__)))

warnings.simplefilter("error")   # a fallback warning fails the test

import torch  # noqa: E402
import remat.torch  # noqa: E402

torch.manual_seed(0)
model = torch.nn.Sequential(*[m for _ in range(8) for m in (torch.nn.Linear(64, 64), torch.nn.GELU())])
x = torch.randn(1024, 64)
opt_ = torch.optim.SGD(model.parameters(), lr=0.01)
step = torch.compile(model, backend=remat.torch.backend(budget="60%", strict=True))
for _ in range(3):
    loss = step(x).pow(2).mean()
    loss.backward()
    opt_.step()
    opt_.zero_grad()
report = remat.torch.last_plan().report
print("torch: budget", report["budget"]["option"], "=", report["budget_bytes"], "bytes of",
      report["budget"]["of_bytes"], "; planned peak", report["result"]["peak_bytes"],
      "; loss finite", bool(torch.isfinite(loss)))
assert report["result"]["peak_bytes"] <= report["budget_bytes"]

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import remat.jax  # noqa: E402


def loss_fn(ws, x):
    for w in ws:
        x = jnp.tanh(x @ w)
    return jnp.mean(x * x)


ws = [jax.random.normal(jax.random.PRNGKey(i), (64, 64)) * 0.1 for i in range(8)]
xj = jax.random.normal(jax.random.PRNGKey(9), (1024, 64))
grad = jax.jit(jax.grad(remat.jax.checkpoint(loss_fn, budget="60%", strict=True)))
for _ in range(3):
    g = grad(ws, xj)
    ws = [w - 0.01 * d for w, d in zip(ws, g)]
info = remat.jax.last_plan()
print("jax: budget", info.report["xla"]["budget_bytes"], "bytes; XLA's total",
      info.xla["total_bytes"], "; fits", info.xla["total_bytes"] <= info.report["xla"]["budget_bytes"])
assert info.xla["total_bytes"] <= info.report["xla"]["budget_bytes"]
print("wheel step ok")
