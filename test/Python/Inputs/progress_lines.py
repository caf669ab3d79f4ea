"""remat.jax's verification rounds on a small MLP under a budget, with
logging left as a script leaves it unless argv[1] says otherwise:
"plain" (nothing configured), "quiet" (the "remat" logger at WARNING),
"app" (logging.basicConfig at INFO: the application's handler prints).
Prints nothing itself."""

import logging
import sys

if sys.argv[1] == "quiet":
    logging.getLogger("remat").setLevel(logging.WARNING)
elif sys.argv[1] == "app":
    logging.basicConfig(level=logging.INFO, format="APP %(name)s: %(message)s")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

import remat.jax  # noqa: E402


def loss(params, x):
    for w in params:
        x = jnp.tanh(x @ w)
    return jnp.sum(x * x)


keys = jax.random.split(jax.random.PRNGKey(0), 5)
params = [jax.random.normal(k, (64, 64)) * 0.1 for k in keys[:4]]
x = jax.random.normal(keys[4], (32, 64))
grad = jax.jit(jax.grad(remat.jax.checkpoint(loss, budget="85%")))
jax.block_until_ready(grad(params, x))
