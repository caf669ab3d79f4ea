"""A budget for a whole step of several compiled regions, measured on this
machine (docs/PyTorch.md, "A budget for the whole step"): each model has
each of its layers compiled on its own (torchtitan's way; FSDP2's per-layer
modules make the same regions), so a step runs several regions and what
each forward hands its backward is held while the later ones run. For each
budget (fractions of policy none's measured step) it prints the step the
profiler measured under remat.torch.backend(budget=B) (a budget per region:
each region fits it alone) and under remat.torch.StepBudget(B) (one budget
for the step: the plan's rounds, the step measured after planning, how far
under the budget, the estimated step time against policy none's, whether
the gradients equal policy none's bit for bit, and the planning time).

    $(bash scripts/venv.sh) benchmarks/torch_step_budget.py [--models gpt,gpt2,llama]
        [--fractions 0.9,0.75,0.6] [--compiler eager|inductor]
"""
import argparse
import os
import sys
import time
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import torch  # noqa: E402

import remat.torch as rt  # noqa: E402
from remat.planner import BudgetError  # noqa: E402
from remat.torch_models import GPT, transformers_model  # noqa: E402


def build(name, backend):
    """The model with each layer compiled with `backend`, and its step."""
    torch._dynamo.reset()
    torch.manual_seed(0)
    if name == "gpt":
        model = GPT(layers=6, hidden=128, heads=4, vocab=256, dropout=0.0)
        layers = model.layers
        x, labels = torch.randn(4, 64, 128, generator=torch.Generator().manual_seed(1)), \
            torch.randint(0, 256, (256,), generator=torch.Generator().manual_seed(2))
        step = lambda: model(x, labels).backward()   # noqa: E731
    else:
        model = transformers_model(name, layers=6, hidden=128, heads=4, vocab=256, seq=64)
        layers = model.transformer.h if name == "gpt2" else model.model.layers
        ids = torch.randint(0, 256, (4, 64), generator=torch.Generator().manual_seed(1))
        step = lambda: model(input_ids=ids, labels=ids).loss.backward()   # noqa: E731
    for i, layer in enumerate(layers):
        layers[i] = torch.compile(layer, backend=backend)
    return model, step


def measured(model, step, runs=3):
    """The profiler's peak of the last of `runs` steps, and the gradients."""
    for _ in range(runs):
        for p in model.parameters():
            p.grad = None
        _, peak = rt.measure_peak(step)
    return peak, [p.grad.clone() for p in model.parameters()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="gpt,gpt2,llama")
    parser.add_argument("--fractions", default="0.9,0.75,0.6")
    parser.add_argument("--compiler", default="eager", choices=("eager", "inductor"))
    args = parser.parse_args()
    torch.set_num_threads(1)
    warnings.simplefilter("ignore")
    compiler = args.compiler
    print(f"torch {torch.__version__}, compiler {compiler}; bytes the step allocated "
          f"(profiler), budgets as fractions of policy none's step")
    for name in args.models.split(","):
        model, step = build(name, rt.backend(policy="none", compiler=compiler))
        none_peak, none_grads = measured(model, step)
        print(f"\n{name}: policy none {none_peak:,} bytes, "
              f"{len(rt.plans())} region compiles")
        print(f"{'budget':>12} {'per-region':>12} {'step budget':>12} {'under':>7} "
              f"{'rounds':>6} {'search':>6} {'time/none':>9} {'grads':>5} {'plan s':>7}")
        for fraction in map(float, args.fractions.split(",")):
            budget = int(none_peak * fraction)
            per_region, _ = measured(*build(name, rt.backend(budget=budget, strict=False,
                                                             compiler=compiler)))
            budgeted = rt.StepBudget(budget, compiler=compiler)
            model, step = build(name, budgeted.backend)
            start = time.perf_counter()
            try:
                report = budgeted.plan(step, model)
            except BudgetError as error:
                print(f"{budget:>12,} {per_region:>12,} no fit: {error}")
                continue
            seconds = time.perf_counter() - start
            got, grads = measured(model, step)
            ratio = report["estimated_time_s"] / report["rounds"][0]["estimated_time_s"]
            same = all(torch.equal(a, b) for a, b in zip(grads, none_grads))
            print(f"{budget:>12,} {per_region:>12,} {got:>12,} {(budget - got) / budget:>7.2%} "
                  f"{len(report['rounds']) - 1:>6} {report['search']:>6} {ratio:>9.4f} "
                  f"{'equal' if same else 'DIFF':>5} {seconds:>7.1f}")


if __name__ == "__main__":
    main()
