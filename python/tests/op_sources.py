"""Reports and errors name a framework's ops by what the user wrote
(test/Python/sources.test): remat.torch's decisions carry the module path,
the ATen op and the user's line; remat.jax's the file, line and primitive;
an impossible budget's error names the op where no plan goes lower so."""
import os
import sys
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import remat.jax as rj  # noqa: E402  (first: it adds its XLA flag)
import jax.numpy as jnp  # noqa: E402
import torch  # noqa: E402
import remat.torch as rt  # noqa: E402

warnings.simplefilter("ignore")


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(64, 64)
        self.act = torch.nn.GELU()

    def forward(self, x):
        return self.act(self.fc(x))   # the line the sources name


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList([Block() for _ in range(3)])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


model, x = Model(), torch.randn(128, 64)
torch.compile(model, backend=rt.backend(policy="selective"))(x).sum().backward()
for d in rt.last_plan().report["decisions"]:
    print("torch decision:", d["loc"], "|", d["source"])
torch._dynamo.reset()
try:
    torch.compile(model, backend=rt.backend(budget="1KB"))(x).sum().backward()
except Exception as e:  # (Dynamo wraps the BudgetError)
    print("torch error:", str(e).splitlines()[1])


def loss(w, x):
    for i in range(3):
        x = jnp.tanh(x @ w[i])   # the line the sources name
    return jnp.sum(x * x)


info = rj.plan(loss, jnp.ones((3, 64, 64)), jnp.ones((128, 64)), policy="selective")
for d in info.report["decisions"]:
    print("jax decision:", d["loc"], "|", d["source"])
try:
    rj.plan(loss, jnp.ones((3, 64, 64)), jnp.ones((128, 64)), budget="1KB")
except rj.BudgetError as e:
    print("jax error:", e)
