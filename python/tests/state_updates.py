"""Tests that remat keeps a training step's state updates: every output of
the step beside the differentiated value, and every state mutation the
framework makes in the forward, happen as without remat.

Run with the cached environment's python (scripts/venv.sh), remat-opt built:
    $(bash scripts/venv.sh) python/tests/state_updates.py -v
(test/Python/state.test runs it under lit.)

Each model trains 5 steps with and without remat, compared two ways:

- step by step from the same state (the reference's state before each step
  cloned into the remat step), and
- free running, each from the initial state.

PyTorch (BatchNorm's running statistics and num_batches_tracked, the random
generator, the losses) is bit-identical both ways: remat's partition runs
the ATen ops (or Inductor's kernels) of PyTorch's own. JAX's integer state
(Flax nnx's RNG counts) is bit-identical both ways; its floating-point
state (nnx's BatchNorm statistics, linen's batch_stats) and losses agree
within STEP_TOL from the same state and TOL free running: XLA fuses the
planned step differently from JAX's own (its optimization barriers, the
values the plan saves), and a sum fused differently may round differently
in its last bit. Most steps are bit-identical: the test reports how many.
A dropped update is off by 100%.

Before the fix of issue 51, remat.jax dropped them: the nnx encoder's RNG
counts stayed 0 and BatchNorm's running mean 0.
"""
import os
import sys
import unittest
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import remat.jax as rj  # noqa: E402  (first: it adds its XLA flag)
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

try:
    import optax
    from flax import linen as nn
    from flax import nnx
except ImportError:  # (the Flax tests are skipped)
    nnx = None

try:
    import torch
    import remat.torch as rt
except ImportError:
    torch = None

# Relative differences allowed in JAX's floating-point state and losses:
# from the same state (one step's rounding) and free running (a gradient's
# rounding carried into the following steps' parameters).
STEP_TOL = 1e-6
TOL = 1e-5
STEPS = 5


def report(message):
    print(message, file=sys.stderr)


def rel_diff(a, b):
    """The largest difference between the leaves of `a` and `b`, relative to
    the largest magnitude of `b`'s leaf."""
    diffs = [0.0]
    for x, y in zip(jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b)):
        x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
        if x.size:
            diffs.append(float(np.max(np.abs(x - y))) / (float(np.max(np.abs(y))) or 1.0))
    return max(diffs)


def split_exact(a, b):
    """(whether the integer leaves of `a` and `b` are bit-identical, whether
    all are, the largest relative difference of their floating-point
    leaves)."""
    la, lb = jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b)
    assert len(la) == len(lb)
    floating = [jax.dtypes.issubdtype(getattr(x, "dtype", np.float32), np.inexact)
                for x in lb]
    ints = same_bits([x for x, f in zip(la, floating) if not f],
                     [y for y, f in zip(lb, floating) if not f])
    floats = ([x for x, f in zip(la, floating) if f], [y for y, f in zip(lb, floating) if f])
    return ints, same_bits(la, lb), rel_diff(*floats)


def same_bits(a, b):
    """Whether the pytrees `a` and `b` have the same structure and leaves bit for
    bit (typed PRNG keys by their data)."""
    la, ta = jax.tree_util.tree_flatten(a)
    lb, tb = jax.tree_util.tree_flatten(b)
    if ta != tb:
        return False
    for x, y in zip(la, lb):
        if jax.dtypes.issubdtype(getattr(x, "dtype", None), jax.dtypes.prng_key):
            x, y = jax.random.key_data(x), jax.random.key_data(y)
        x, y = np.asarray(x), np.asarray(y)
        if x.dtype != y.dtype or x.shape != y.shape or x.tobytes() != y.tobytes():
            return False
    return True


# -- Flax nnx ------------------------------------------------------------

if nnx is not None:
    D, HEADS, LAYERS = 32, 4, 4

    class Layer(nnx.Module):
        """A pre-norm encoder layer with dropout in the attention and after
        each residual branch: two RNG streams per layer."""

        def __init__(self, rngs):
            self.attn = nnx.MultiHeadAttention(HEADS, D, dropout_rate=0.1, decode=False,
                                               deterministic=False, rngs=rngs)
            self.ln1 = nnx.LayerNorm(D, rngs=rngs)
            self.ln2 = nnx.LayerNorm(D, rngs=rngs)
            self.up = nnx.Linear(D, 4 * D, rngs=rngs)
            self.down = nnx.Linear(4 * D, D, rngs=rngs)
            self.drop = nnx.Dropout(0.1, rngs=rngs)

        def __call__(self, x):
            x = x + self.drop(self.attn(self.ln1(x)))
            return x + self.drop(self.down(nnx.gelu(self.up(self.ln2(x)))))

    class Encoder(nnx.Module):
        """The layers made by nnx.vmap (stacked, each with its own RNG
        streams) and run by nnx.scan, as Flax's guide writes them."""

        def __init__(self, rngs):
            @nnx.split_rngs(splits=LAYERS)
            @nnx.vmap(in_axes=(0,), out_axes=0)
            def make(rngs):
                return Layer(rngs)
            self.layers = make(rngs)
            self.head = nnx.Linear(D, 8, rngs=rngs)

        def __call__(self, x):
            @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
            def body(x, layer):
                return layer(x)
            return self.head(body(x, self.layers).mean(1))

    class BatchNormNet(nnx.Module):
        def __init__(self, rngs):
            self.l1 = nnx.Linear(8, 32, use_bias=False, rngs=rngs)
            self.bn = nnx.BatchNorm(32, rngs=rngs)
            self.drop = nnx.Dropout(0.2, rngs=rngs)
            self.l2 = nnx.Linear(32, 4, rngs=rngs)

        def __call__(self, x):
            return self.l2(self.drop(nnx.relu(self.bn(self.l1(x)))))

    def nnx_loss(model, x, y):
        return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

    def nnx_step(loss):
        @nnx.jit
        def step(model, opt, x, y):
            value, grads = nnx.value_and_grad(loss)(model, x, y)
            opt.update(model, grads)
            return value
        return step

    class LinenCNN(nn.Module):
        @nn.compact
        def __call__(self, x, train):
            x = nn.Conv(8, (3, 3), use_bias=False)(x)
            x = nn.relu(nn.BatchNorm(use_running_average=not train)(x))
            x = nn.Dense(16, use_bias=False)(x.reshape(x.shape[0], -1))
            x = nn.relu(nn.BatchNorm(use_running_average=not train)(x))
            return nn.Dense(10)(x)


@unittest.skipIf(nnx is None, "needs flax and optax")
class FlaxNnx(unittest.TestCase):

    def train(self, make, state_types, variants, x, y):
        """STEPS SGD steps of the model `make()` builds, under nnx.jit, with
        nnx.value_and_grad of nnx_loss as it is and with
        remat.jax.checkpoint(nnx_loss, **options) for each `variants`
        entry: the checks of the module's docstring on the nnx.Variables of
        `state_types`. Returns the reference's state after the steps."""
        def build():
            model = make(nnx.Rngs(0, dropout=1))
            return model, nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
        reference = nnx_step(nnx_loss)
        for options in variants:
            rj.clear_plans()
            remat = nnx_step(rj.checkpoint(nnx_loss, **options))
            ref, free = build(), build()
            identical = {"same state": 0, "free running": 0}
            for step in range(STEPS):
                forced = nnx.clone(ref)
                loss = reference(*ref, x, y)
                forced_loss = remat(*forced, x, y)
                free_loss = remat(*free, x, y)
                self.assertIsNone(rj.last_plan().fallback, options)
                want = (nnx.state(ref[0], *state_types), loss)
                for how, model, value, tol in (("same state", forced[0], forced_loss, STEP_TOL),
                                               ("free running", free[0], free_loss, TOL)):
                    ints, exact, diff = split_exact(
                        (nnx.state(model, *state_types), value), want)
                    self.assertTrue(ints, (options, step, how))
                    self.assertLessEqual(diff, tol, (options, step, how))
                    identical[how] += exact
            report(f"{make.__name__} {options}: {STEPS} steps, integer state bit-identical; "
                   f"state and loss bit-identical in {identical['same state']} steps from the "
                   f"same state, {identical['free running']} free running (rel. diff "
                   f"{diff:.1e} after the last)")
        return want[0]

    def test_encoder_rng_streams_advance(self):
        # The encoder: its dropout's RNG counts advance in every
        # step as without remat (they stayed 0: each step's masks were the
        # first step's), planned rolled and (unrolled) within a budget.
        x = jax.random.normal(jax.random.PRNGKey(0), (4, 16, D))
        y = jnp.arange(4) % 8
        counts = self.train(Encoder, (nnx.RngCount,),
                            [dict(scan="rolled"), dict(budget=1_800_000)],
                            x, y)
        # Two streams per layer (the attention's and the layer's dropout),
        # drawn once per step and per call.
        leaves = jax.tree_util.tree_leaves(counts)
        self.assertEqual(sorted(int(c[0]) for c in leaves), [STEPS, 2 * STEPS])
        self.assertTrue(all(c.shape == (LAYERS,) for c in leaves))

    def test_batchnorm_statistics(self):
        # nnx.BatchNorm's running mean and variance (and the dropout's RNG
        # count) under nnx.jit; the mean stayed 0 with remat before.
        x = jax.random.normal(jax.random.PRNGKey(0), (16, 8)) + 0.5
        y = jnp.arange(16) % 4
        state = self.train(BatchNormNet, (nnx.BatchStat, nnx.RngCount),
                           [dict()], x, y)
        self.assertGreater(float(jnp.abs(state[0]["bn"]["mean"][...]).max()), 1e-3)

    def test_structure_change_falls_back(self):
        # A forward that adds a Variable (nnx's sow) cannot be carried: remat
        # runs the function unchanged, saying why, and the state is as
        # without remat.
        class Sowing(nnx.Module):
            def __init__(self, rngs):
                self.linear = nnx.Linear(4, 4, rngs=rngs)

            def __call__(self, x):
                h = self.linear(x)
                self.sow(nnx.Intermediate, "h", h)
                return jnp.sum(h ** 2)

        def loss(model, x):
            return model(x)
        x = jnp.ones((2, 4))
        states = []
        for f in (loss, rj.checkpoint(loss, strict=False)):
            model = Sowing(nnx.Rngs(0))
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                nnx.jit(lambda m, x: nnx.value_and_grad(f)(m, x))(model, x)
            states.append(nnx.state(model, nnx.Intermediate))
        self.assertTrue(any("changes the structure of its arguments" in str(w.message)
                            and "h" in str(w.message) for w in caught))
        self.assertIsNotNone(rj.last_plan().fallback)
        self.assertTrue(same_bits(states[1], states[0]))


@unittest.skipIf(nnx is None, "needs flax and optax")
class FlaxLinen(unittest.TestCase):

    def test_batch_stats_mutable(self):
        # linen's mutable=["batch_stats"], returned as has_aux's aux.
        model = LinenCNN()
        x = jax.random.normal(jax.random.PRNGKey(0), (8, 8, 8, 3)) + 0.5
        y = jnp.arange(8) % 10
        variables = model.init(jax.random.PRNGKey(1), x, train=False)
        tx = optax.sgd(0.05)

        def loss(params, batch_stats, x, y):
            logits, updates = model.apply({"params": params, "batch_stats": batch_stats}, x,
                                          train=True, mutable=["batch_stats"])
            value = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return value, updates["batch_stats"]

        def make_step(f):
            @jax.jit
            def step(params, stats, opt, x, y):
                (value, stats), grads = jax.value_and_grad(f, has_aux=True)(params, stats, x, y)
                updates, opt = tx.update(grads, opt, params)
                return optax.apply_updates(params, updates), stats, opt, value
            return step
        reference = make_step(loss)
        for options in (dict(policy="full"),):
            remat = make_step(rj.checkpoint(loss, has_aux=True, **options))
            start = (variables["params"], variables["batch_stats"],
                     tx.init(variables["params"]))
            ref, free = start, start
            identical = {"same state": 0, "free running": 0}
            for step in range(STEPS):
                forced = remat(*ref[:3], x, y)
                ref = reference(*ref[:3], x, y)
                free = remat(*free[:3], x, y)
                self.assertIsNone(rj.last_plan().fallback)
                # batch_stats and the loss
                for how, got, tol in (("same state", forced, STEP_TOL),
                                      ("free running", free, TOL)):
                    _, exact, diff = split_exact(got[1::2], ref[1::2])
                    self.assertLessEqual(diff, tol, (options, step, how))
                    identical[how] += exact
            self.assertGreater(float(jnp.abs(ref[1]["BatchNorm_0"]["mean"]).max()), 1e-3)
            report(f"linen batch_stats {options}: bit-identical in {identical['same state']} "
                   f"of {STEPS} steps from the same state, {identical['free running']} free "
                   f"running (rel. diff {diff:.1e} after the last)")


# -- plain JAX -------------------------------------------------------------

class JaxOutputs(unittest.TestCase):

    def test_aux_flows_out_unchanged(self):
        # Every output beside the value, as the function returns it: an
        # integer, a constant (a literal of the jaxpr), an input passed
        # through, a new PRNG key, and (not traced) a string and a Python int.
        def f(w, x, key, n):
            h = jnp.tanh(x @ w)
            key, sub = jax.random.split(key)
            value = jnp.sum(h * jax.random.uniform(sub, h.shape))
            return value, {"key": key, "n": n + 1, "x": x, "c": jnp.float32(3.0),
                           "mean": h.mean(0), "name": "encoder", "k": 7}
        w = jnp.full((4, 4), 0.1)
        x, key, n = jnp.ones((2, 4)), jax.random.key(0), jnp.int32(5)
        ref = jax.value_and_grad(f, has_aux=True)(w, x, key, n)
        out = jax.value_and_grad(rj.checkpoint(f, has_aux=True, policy="full"),
                                 has_aux=True)(w, x, key, n)
        self.assertIsNone(rj.last_plan().fallback)
        (_, aux), _ = out
        self.assertEqual((aux["name"], aux["k"]), ("encoder", 7))
        self.assertTrue(same_bits(out, ref))

        # Under jit (which makes the Python int an array, with or without
        # remat; a string is no output of a jitted function).
        def arrays_only(w, x, key, n):
            value, aux = f(w, x, key, n)
            return value, {k: v for k, v in aux.items() if k != "name"}
        ref = jax.jit(jax.value_and_grad(arrays_only, has_aux=True))(w, x, key, n)
        out = jax.jit(jax.value_and_grad(rj.checkpoint(arrays_only, has_aux=True),
                                         has_aux=True))(w, x, key, n)
        self.assertTrue(same_bits(out, ref))

    def test_state_written_into_arguments(self):
        # A function that writes into a dict argument (and a list inside a
        # NamedTuple) in place, under jax.grad: the caller's containers get
        # the values, as without remat.
        from typing import NamedTuple

        class Holder(NamedTuple):
            counts: list

        def f(w, stats, holder, x):
            # (from the inputs jax.grad does not differentiate: as without
            # remat, they are no tracers of the differentiation, and can
            # leave it)
            stats["mean"] = 0.9 * stats["mean"] + 0.1 * x.mean(0)
            holder.counts[0] = holder.counts[0] + 1
            return jnp.sum(jnp.tanh(x @ w) ** 2)
        w, x = jnp.full((4, 4), 0.1), jnp.arange(8.0).reshape(2, 4)
        results = []
        for fun in (f, rj.checkpoint(f, policy="full")):
            stats, holder = {"mean": jnp.zeros(4)}, Holder([jnp.int32(0)])

            @jax.jit
            def step(w, stats, holder, x):
                grads = jax.grad(fun)(w, stats, holder, x)
                return grads, stats, holder
            results.append(step(w, stats, holder, x))
        self.assertIsNone(rj.last_plan().fallback)
        self.assertTrue(same_bits(results[1], results[0]))
        self.assertEqual(int(results[1][2].counts[0]), 1)

    def test_unwritable_state_falls_back(self):
        # A leaf written in place where remat cannot write it back (a custom
        # pytree node without keys): remat runs the function unchanged,
        # saying why, and the write happens as without remat.
        class Box:
            def __init__(self, value):
                self.value = value
        jax.tree_util.register_pytree_node(Box, lambda b: ((b.value,), None),
                                           lambda _, c: Box(c[0]))

        def f(w, box):
            box.value = box.value + 3
            return jnp.sum(w ** 2)
        box = Box(jnp.float32(1.0))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            jax.grad(rj.checkpoint(f, policy="full", strict=False))(jnp.ones(3), box)
        self.assertTrue(any("cannot write back into the caller's Box" in str(w.message)
                            for w in caught), [str(w.message) for w in caught])
        self.assertEqual(float(box.value), 4.0)

    def test_differentiated_aux_keeps_its_gradient(self):
        # A caller that differentiates through aux gets its gradient (JAX's
        # own, with a warning): it was dropped before.
        def f(w, x):
            h = jnp.tanh(x @ w)
            return jnp.sum(h ** 2), h.mean()

        def outer(fun):
            return lambda w, x: (lambda v: v[0] + 3 * v[1])(fun(w, x))
        w, x = jnp.full((4, 4), 0.1), jnp.arange(8.0).reshape(2, 4)
        ref = jax.jit(jax.grad(outer(f)))(w, x)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            out = jax.jit(jax.grad(outer(rj.checkpoint(f, has_aux=True, policy="full"))))(w, x)
        self.assertTrue(any("differentiates an output" in str(c.message) for c in caught))
        self.assertLessEqual(rel_diff(out, ref), TOL)
        # Differentiating the value only takes the plan's backward (no warning).
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            jax.jit(jax.grad(lambda w, x: rj.checkpoint(f, has_aux=True)(w, x)[0]))(w, x)
        self.assertFalse(any("differentiates an output" in str(c.message) for c in caught))


# -- PyTorch ---------------------------------------------------------------

def torch_model():
    torch.manual_seed(0)
    return torch.nn.Sequential(
        torch.nn.Conv2d(3, 8, 3, padding=1, bias=False), torch.nn.BatchNorm2d(8),
        torch.nn.ReLU(), torch.nn.Dropout(0.2),
        torch.nn.Conv2d(8, 8, 3, padding=1, bias=False), torch.nn.BatchNorm2d(8),
        torch.nn.ReLU(), torch.nn.Flatten(), torch.nn.Linear(8 * 8 * 8, 10))


@unittest.skipIf(torch is None, "needs torch")
class TorchBuffers(unittest.TestCase):
    """BatchNorm's running statistics and num_batches_tracked (buffers the
    forward writes: AOTAutograd's input mutations) and the random generator
    (dropout), after STEPS steps under torch.compile with remat's
    backend, against the same compiler with PyTorch's default partition."""

    def train(self, backend=None, step_budget=None, optimizer_step=False,
              optimizer=torch.optim.SGD if torch else None):
        """STEPS steps; with `step_budget`, planned first by its plan(),
        the optimizer's step inside the planned step where
        `optimizer_step` (and given to plan() where it is "given")."""
        torch._dynamo.reset()
        model = torch_model()
        x = torch.randn(8, 3, 8, 8, generator=torch.Generator().manual_seed(1))
        y = torch.arange(8) % 10
        opt = optimizer(model.parameters(), lr=0.05)
        compiled = torch.compile(model, backend=backend or step_budget.backend)
        torch.manual_seed(123)
        if step_budget is not None:
            def planned():
                torch.nn.functional.cross_entropy(compiled(x), y).backward()
                if optimizer_step:
                    opt.step()
            step_budget.plan(planned, model,
                             optimizer=opt if optimizer_step == "given" else None)
        losses = []
        for _ in range(STEPS):
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(compiled(x), y)
            loss.backward()
            opt.step()
            losses.append(loss.item())
        return losses, {k: v.clone() for k, v in model.state_dict().items()}, \
            torch.random.get_rng_state()

    def check(self, got, want, what):
        self.assertEqual(got[0], want[0], what)
        for name, value in want[1].items():
            self.assertTrue(torch.equal(got[1][name], value), (what, name))
        self.assertTrue(torch.equal(got[2], want[2]), what)
        self.assertEqual(int(got[1]["1.num_batches_tracked"]), STEPS)

    def check_compiler(self, compiler, variants):
        want = self.train(rt.pytorch_backend("default", compiler=compiler))
        for options in variants:
            rt.clear_plans()
            got = self.train(rt.backend(compiler=compiler, **options))
            self.assertIsNone(rt.last_plan().fallback)
            self.check(got, want, (compiler, options))
        report(f"torch {compiler}: {STEPS} steps bit-identical, running_mean[:3] "
               f"{want[1]['1.running_mean'][:3].tolist()}")

    def test_eager(self):
        self.check_compiler("eager", [dict(), dict(policy="full")])

    def test_inductor(self):
        self.check_compiler("inductor", [dict(policy="full")])

    def test_step_budget_restores_dry_runs(self):
        # StepBudget.plan() runs the step several times: what those runs
        # write (running statistics, the generator) is put back, so that
        # training afterwards is as without remat.
        want = self.train(rt.pytorch_backend("default"))
        got = self.train(step_budget=rt.StepBudget(8 * 2**20))
        self.check(got, want, "StepBudget")

    def test_step_budget_with_optimizer(self):
        # An optimizer's step inside the planned step (Adam: its state
        # made by the first run): plan(..., optimizer=opt) puts the
        # parameters and the optimizer's state back after its dry runs,
        # and the measured step includes the update. Without optimizer=, the first
        # run that writes the parameters is a ValueError, and they are put
        # back all the same.
        adam = torch.optim.Adam
        want = self.train(rt.pytorch_backend("default"), optimizer=adam)
        budget = rt.StepBudget(8 * 2**20)
        got = self.train(step_budget=budget, optimizer_step="given", optimizer=adam)
        self.check(got, want, "StepBudget with Adam's step")
        self.assertLessEqual(budget.report["measured_peak_bytes"], 8 * 2**20)
        report(f"StepBudget: measured step peak {budget.report['measured_peak_bytes']} with "
               f"Adam's step")
        torch._dynamo.reset()
        model, fresh = torch_model(), torch_model()
        opt = adam(model.parameters(), lr=0.05)
        x = torch.randn(8, 3, 8, 8, generator=torch.Generator().manual_seed(1))
        untold = rt.StepBudget(8 * 2**20)
        compiled = torch.compile(model, backend=untold.backend)

        def stepped():
            compiled(x).sum().backward()
            opt.step()
        with self.assertRaisesRegex(ValueError, "pass the optimizer to plan"):
            untold.plan(stepped, model)
        for name, value in fresh.state_dict().items():
            self.assertTrue(torch.equal(model.state_dict()[name], value), name)
        # An optimizer stepped before plan(): its state tensors are put
        # back in place (the same tensors, their values), as are the
        # parameters and the step counts.
        torch._dynamo.reset()
        model = torch_model()
        opt = adam(model.parameters(), lr=0.05)
        y = torch.arange(8) % 10
        torch.nn.functional.cross_entropy(model(x), y).backward()
        opt.step()
        opt.zero_grad()
        before = {k: v.clone() for k, v in model.state_dict().items()}
        states = {id(p): (e["exp_avg"], e["exp_avg"].clone(), e["step"].clone())
                  for p, e in opt.state.items()}
        stepped_budget = rt.StepBudget(8 * 2**20)
        compiled = torch.compile(model, backend=stepped_budget.backend)

        def with_adam():
            torch.nn.functional.cross_entropy(compiled(x), y).backward()
            opt.step()
        stepped_budget.plan(with_adam, model, optimizer=opt)
        self.assertEqual(len(opt.state), len(states))
        for p, entry in opt.state.items():
            tensor, value, count = states[id(p)]
            self.assertIs(entry["exp_avg"], tensor)
            self.assertTrue(torch.equal(tensor, value))
            self.assertTrue(torch.equal(entry["step"], count))
        for name, value in before.items():
            self.assertTrue(torch.equal(model.state_dict()[name], value), name)
        with self.assertRaisesRegex(ValueError, "torch.optim.Optimizer"):
            rt.StepBudget(8 * 2**20).plan(lambda: None, optimizer="adam")


if __name__ == "__main__":
    # Results on stdout (warnings and figures go to stderr).
    unittest.main(testRunner=unittest.TextTestRunner(stream=sys.stdout, verbosity=2))
