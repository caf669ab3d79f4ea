"""The front door for compiler users: a PyTorch training step as MLIR in the
dialect a compiler takes (torch-mlir's ``linalg`` on tensors or ``tosa``, or
remat's own ``nn``), ready for ``remat-opt --rematerialize`` and for IREE.

    python -m remat.compilers --model gpt --dialect linalg -o step.mlir
    python -m remat.compilers --model cnn --dialect tosa -o step.mlir

``import_step(module, inputs, loss, dialect)`` traces the joint step (loss
and the gradient of every parameter) with ``make_fx`` over
``torch.func.grad_and_value`` and imports it with torch-mlir's
``torch_mlir.fx.stateless_fx_import``: one function ``@train_step`` whose
arguments are the parameters (in ``named_parameters()`` order) then the
inputs, and whose results are the loss then the gradients, as remat's joint
functions are (the loss is result 0). ``dialect="nn"`` goes through
remat.torch's own converter instead.

What torch-mlir (20261001) cannot lower is refused with its own message:
a mean cross-entropy over integer labels stops at ``torch.prim.NumToTensor``
(and a first MLP step with ``F.mse_loss`` and an unused integer argument
stopped at ``torch.vtensor.literal``); the zoo's losses are written with
float targets (one-hot) for that reason (docs/Compilers.md).
Random ops (dropout) are traced with a fixed generator state: the imported
step computes the same masks on every run, so recomputing them is exact.
"""

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile

from .models import write_output

__all__ = ["import_step", "import_jax_step", "zoo_model", "jax_zoo_model", "ZOO", "JAX_ZOO",
           "main"]

ZOO = ("mlp", "gpt", "gpt-sdpa", "cnn", "dropout-mlp", "lstm")


def zoo_model(name, layers=2, batch=4, seed=0):
    """(module, inputs, loss) of one of the zoo's models, small enough to
    compile and run on a CPU in seconds. ``loss(outputs, *targets)``; the
    inputs are (x, target...)."""
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(seed)

    def mse(out, target):
        return ((out - target) ** 2).mean()

    def onehot_ce(logits, onehot):
        # Cross-entropy against one-hot float targets: what torch-mlir lowers
        # (its integer-label form stops at torch.prim.NumToTensor).
        return -(F.log_softmax(logits, -1) * onehot).sum() / logits.shape[0]

    if name in ("mlp", "dropout-mlp"):
        p = 0.1 if name == "dropout-mlp" else 0.0

        class MLP(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = nn.ModuleList(nn.Linear(64, 64) for _ in range(layers))
                self.head = nn.Linear(64, 10)

            def forward(self, x):
                for layer in self.layers:
                    x = F.dropout(torch.tanh(layer(x)), p, self.training) if p else torch.tanh(layer(x))
                return self.head(x)

        x = torch.randn(batch * 8, 64)
        target = F.one_hot(torch.randint(0, 10, (batch * 8,)), 10).float()
        return MLP(), (x, target), onehot_ce
    if name in ("gpt", "gpt-sdpa"):
        hidden, heads, seq, vocab = 64, 4, 32, 96
        sdpa = name == "gpt-sdpa"

        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.ln1, self.ln2 = nn.LayerNorm(hidden), nn.LayerNorm(hidden)
                self.qkv = nn.Linear(hidden, 3 * hidden)
                self.proj = nn.Linear(hidden, hidden)
                self.fc1, self.fc2 = nn.Linear(hidden, 4 * hidden), nn.Linear(4 * hidden, hidden)

            def forward(self, x):
                b, s, h = x.shape
                d = h // heads
                q, k, v = self.qkv(self.ln1(x)).split(h, -1)
                q, k, v = (t.view(b, s, heads, d).transpose(1, 2) for t in (q, k, v))
                if sdpa:
                    ctx = F.scaled_dot_product_attention(q, k, v, is_causal=True)
                else:
                    scores = (q @ k.transpose(-1, -2)) * (1.0 / math.sqrt(d))
                    mask = torch.ones(s, s, dtype=torch.bool).triu(1)
                    ctx = scores.masked_fill(mask, float("-inf")).softmax(-1) @ v
                x = x + self.proj(ctx.transpose(1, 2).reshape(b, s, h))
                return x + self.fc2(F.gelu(self.fc1(self.ln2(x)), approximate="tanh"))

        class GPT(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = nn.ModuleList(Block() for _ in range(layers))
                self.lnf = nn.LayerNorm(hidden)
                self.head = nn.Linear(hidden, vocab, bias=False)

            def forward(self, x):
                for layer in self.layers:
                    x = layer(x)
                return self.head(self.lnf(x)).reshape(-1, vocab)

        x = torch.randn(batch, seq, hidden)
        target = F.one_hot(torch.randint(0, vocab, (batch * seq,)), vocab).float()
        return GPT(), (x, target), onehot_ce
    if name == "cnn":

        class CNN(nn.Module):
            def __init__(self):
                super().__init__()
                chans = [3] + [16] * layers
                self.convs = nn.ModuleList(
                    nn.Conv2d(chans[i], chans[i + 1], 3, padding=1) for i in range(layers))
                # Batch statistics without running buffers: a stateless step.
                self.norms = nn.ModuleList(
                    nn.BatchNorm2d(16, track_running_stats=False) for _ in range(layers))
                self.head = nn.Linear(16, 10)

            def forward(self, x):
                for conv, norm in zip(self.convs, self.norms):
                    x = F.relu(norm(conv(x)))
                return self.head(x.mean((2, 3)))

        x = torch.randn(batch, 3, 16, 16)
        target = F.one_hot(torch.randint(0, 10, (batch,)), 10).float()
        return CNN(), (x, target), onehot_ce
    if name == "lstm":
        hidden, steps = 32, 8

        class LSTM(nn.Module):
            def __init__(self):
                super().__init__()
                self.cell = nn.LSTMCell(16, hidden)
                self.head = nn.Linear(hidden, 16)

            def forward(self, x):
                h = c = torch.zeros(x.shape[1], hidden)
                for t in range(x.shape[0]):  # unrolled
                    h, c = self.cell(x[t], (h, c))
                return self.head(h)

        x = torch.randn(steps, batch * 4, 16)
        return LSTM(), (x, torch.randn(batch * 4, 16)), mse
    raise ValueError(f"unknown model {name!r}; the zoo has {', '.join(ZOO)}")


def trace_step(module, inputs, loss, train=True):
    """The joint step as an FX graph: f(*params, *inputs) -> (loss, *grads)."""
    import torch
    from torch.func import functional_call, grad_and_value
    from torch.fx.experimental.proxy_tensor import make_fx

    module.train(train)
    names = [n for n, _ in module.named_parameters()]
    params = [p.detach() for _, p in module.named_parameters()]

    def objective(ps, x, *targets):
        out = functional_call(module, dict(zip(names, ps)), (x,))
        return loss(out, *targets)

    def step(*args):
        ps, rest = list(args[: len(names)]), args[len(names):]
        grads, value = grad_and_value(objective)(ps, *rest)
        return (value, *grads)

    # Functionalized (no in-place ops) and decomposed as torch-mlir's own
    # export path does. Dropout's masks come from the generator's state at
    # trace time: fixed.
    from torch.func import functionalize
    from torch_mlir.extras.fx_decomp_util import get_decomposition_table

    torch.manual_seed(0)
    return make_fx(functionalize(step, remove="mutations"),
                   decomposition_table=get_decomposition_table())(*params, *inputs), params


def import_step(module, inputs, loss, dialect="linalg", train=True):
    """The joint training step as MLIR text in `dialect`: ``linalg``
    (linalg on tensors), ``tosa`` or ``nn``. Parameters first, then the
    inputs; results: the loss, then one gradient per parameter."""
    if dialect == "nn":
        # remat.torch's converter plans AOTAutograd's joint graph: one
        # compiled step under policy none, whose IR is kept.
        import torch
        from . import torch as remat_torch

        backend = remat_torch.backend(policy="none", temporaries="none")
        module.train(train)
        compiled = torch.compile(module, backend=backend, dynamic=False)
        remat_torch.clear_plans()
        torch.manual_seed(0)
        loss(compiled(inputs[0]), *inputs[1:]).backward()
        plans = remat_torch.plans()
        if len(plans) != 1 or not plans[0].ir:
            raise RuntimeError(f"expected one planned region, got {len(plans)} "
                               "(a graph break splits the step)")
        return plans[0].ir
    output_type = {"linalg": "linalg-on-tensors", "tosa": "tosa"}.get(dialect)
    if output_type is None:
        raise ValueError(f"dialect must be linalg, tosa or nn, not {dialect!r}")
    try:
        from torch_mlir import fx as torch_mlir_fx
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise RuntimeError("remat.compilers needs torch-mlir (pip install torch-mlir; "
                           "the tested version is pinned in python/constraints.txt)") from e
    gm, _ = trace_step(module, inputs, loss, train)
    mlir_module = torch_mlir_fx.stateless_fx_import(gm, output_type=output_type,
                                                     model_name="train_step")
    # Ops of dialects remat-opt does not have (torch-mlir's tm_tensor) only
    # parse in generic form; the rest stays readable.
    text = str(mlir_module)
    if "tm_tensor." in text:
        text = mlir_module.operation.get_asm(print_generic_op_form=True)
    return text


JAX_ZOO = ("jax-mlp", "jax-gpt")


def jax_zoo_model(name, layers=2, batch=4, seed=0):
    """(loss, params, inputs) of one of the JAX zoo's models (remat.jax_models:
    the MLP, and the GPT with integer tokens)."""
    import jax

    from . import jax_models

    key = jax.random.PRNGKey(seed)
    if name == "jax-mlp":
        params = jax_models.mlp_params(key, [64, 256, 256, 64])
        x = jax.random.normal(jax.random.fold_in(key, 1), (batch * 8, 64))
        return jax_models.mlp_loss, params, (x, jax.numpy.zeros_like(x))
    if name == "jax-gpt":
        heads = 4
        params = jax_models.gpt_params(key, layers=layers, hidden=64, heads=heads, vocab=128,
                                       seq=32)
        tokens = jax_models.gpt_tokens(jax.random.fold_in(key, 1), batch=batch, seq=32,
                                       vocab=128)
        return (lambda p, t: jax_models.gpt_loss(p, t, heads=heads)), params, (tokens,)
    raise ValueError(f"unknown JAX model {name!r}; the zoo has {', '.join(JAX_ZOO)}")


def import_jax_step(loss, params, *inputs, iree_compile=None):
    """A JAX training step (`jax.value_and_grad(loss)` at `params`, `inputs`)
    as linalg on tensors: JAX lowers it to StableHLO, IREE's input phase
    (``iree-compile --iree-input-type=stablehlo --compile-to=input``) to
    upstream linalg, tensor, arith and math ops in a ``util.func``, which
    becomes ``func.func @train_step`` (arguments: the parameters' leaves,
    then the inputs; results: the loss, then the gradients' leaves). Printed
    in generic form: IREE's own ops that the input phase keeps (an
    embedding gradient's ``iree_linalg_ext.scatter``) parse in remat-opt
    only so, as opaque ops it never recomputes. Raises RuntimeError where
    the function holds IREE ops of its runtime dialects (util, flow, hal,
    stream) besides util.func and util.return."""
    import jax

    from . import iree as _iree

    stablehlo = jax.jit(jax.value_and_grad(loss)).lower(params, *inputs).as_text()
    compiler = iree_compile or _iree.find_tools()[0]
    with tempfile.TemporaryDirectory(prefix="remat-jax-") as tmp:
        src = os.path.join(tmp, "step.stablehlo.mlir")
        with open(src, "w") as f:
            f.write(stablehlo)
        r = subprocess.run([compiler, src, "--iree-input-type=stablehlo", "--compile-to=input",
                            "--mlir-print-op-generic"], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError("IREE's input phase refused the step: " + r.stderr.strip()[-1500:])
    text = r.stdout
    functions = text.count('"util.func"')
    if functions != 1:
        raise RuntimeError(f"IREE's input phase made {functions} util.func functions; "
                           "remat.compilers expects one")
    text = text.replace('"util.func"', '"func.func"').replace('"util.return"', '"func.return"')
    text = re.sub(r'("func\.func"\(\) <\{[^{]*?sym_name = )"[^"]*"', r'\1"train_step"', text,
                  count=1)
    left = sorted(set(re.findall(r'"((?:util|flow|hal|stream)\.\w+)"', text)))
    if left:
        raise RuntimeError("IREE's input phase left ops of IREE's runtime dialects in the "
                           f"step: {', '.join(left)}")
    return text


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m remat.compilers",
        description="A PyTorch training step of the zoo as MLIR (linalg, tosa or nn) "
                    "for remat-opt and IREE.")
    parser.add_argument("--model", choices=ZOO + JAX_ZOO, default="gpt",
                        help="jax-*: a JAX step through StableHLO and IREE's input phase "
                             "(--dialect linalg only)")
    parser.add_argument("--dialect", choices=("linalg", "tosa", "nn"), default="linalg")
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=4)
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args(argv)
    if args.model in JAX_ZOO:
        if args.dialect != "linalg":
            parser.error("a JAX step comes as linalg (IREE's input phase): --dialect linalg")
        loss, params, inputs = jax_zoo_model(args.model, args.layers, args.batch)
        write_output(import_jax_step(loss, params, *inputs), args.output)
        return 0
    module, inputs, loss = zoo_model(args.model, args.layers, args.batch)
    write_output(import_step(module, inputs, loss, args.dialect), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
