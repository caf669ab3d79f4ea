"""remat.torch's host offload measured on this machine (docs/PyTorch.md,
"Host offload"): for each model, a step compiled with remat's backend
(planned for a device with a host link, h200 by default) under policy
none, policy offload, and auto at budgets only offload reaches (below the
least peak of keep/recompute alone), each run once and measured: the plan's
device peak (the step's bytes: the report's peak less the arguments) and
host peak against what the step allocated (the profiler's peak; on a CPU
machine the host copies live outside PyTorch's allocator and are counted
by remat.torch.offload.host_bytes), the values offloaded, the estimated
step time and exposed copy time, and whether the gradients equal policy
none's bit for bit (one CPU thread: PyTorch's CPU kernels reduce in a
thread-dependent order at these sizes).

    $(bash scripts/venv.sh) benchmarks/torch_offload.py [--models gpt,gpt2,llama]
        [--device h200] [--compiler eager|inductor]
"""
import argparse
import contextlib
import os
import sys
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import torch  # noqa: E402

import remat.torch as rt  # noqa: E402
from remat.inductor import graph_caches_off  # noqa: E402
from remat.torch import offload as _torch_offload  # noqa: E402
from remat.torch_models import GPT, transformers_model  # noqa: E402


def model_and_step(name):
    torch.manual_seed(0)
    if name == "gpt":
        model = GPT(layers=4, hidden=128, heads=4, vocab=256, dropout=0.1)
        x, labels = torch.randn(4, 64, 128), torch.randint(0, 256, (256,))
        return model, lambda m: m(x, labels)
    model = transformers_model(name, layers=4, hidden=128, heads=4, vocab=256, seq=64)
    ids = torch.randint(0, 256, (4, 64))
    return model, lambda m: m(input_ids=ids, labels=ids).loss


def step(model, fn, backend):
    """Compiles and runs one step, then measures a second: (gradients,
    device peak measured, host peak measured, PlanInfo)."""
    torch._dynamo.reset()
    rt.clear_plans()
    compiled = torch.compile(model, backend=backend, fullgraph=True)
    for measured in (False, True):
        for p in model.parameters():
            p.grad = None
        torch.manual_seed(1)
        _torch_offload.reset_host_peak()

        def once():
            fn(compiled).backward()

        peak = rt.measure_peak(once)[1] if measured else once()
    return ([p.grad.clone() for p in model.parameters()], peak, _torch_offload.host_bytes()[1],
            rt.last_plan())


def least_peak(model, fn, **options):
    """The least peak remat finds (with the arguments), from its
    impossible-budget error."""
    try:
        step(model, fn, rt.backend(budget=1, **options))
    except Exception as error:  # (torch.compile wraps the BudgetError)
        text = str(error)
        marker = "the smallest peak remat found for this function is "
        if marker in text:
            return int(text.split(marker)[1].split()[0])
        raise
    raise RuntimeError("a budget of 1 byte was met")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", default="gpt,gpt2,llama")
    parser.add_argument("--device", default="h200")
    parser.add_argument("--compiler", default="eager", choices=("eager", "inductor"))
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    # One thread: CPU kernels at these sizes reduce in a thread-dependent
    # order, and the gradients are compared bit for bit.
    torch.set_num_threads(1)
    # (Inductor's graph caches off: a compile they serve makes no plan, so
    # no figures to print.)
    with graph_caches_off() if args.compiler == "inductor" else contextlib.nullcontext():
        report(args)


def report(args):
    """The table, one row per model and plan."""
    print(f"device {args.device}, compiler {args.compiler}; bytes of the step (arguments "
          f"excluded); time: the plan's estimate")
    print(f"{'model':6} {'plan':26} {'offl':>4} {'dev plan':>10} {'dev meas':>10} "
          f"{'host plan':>10} {'host meas':>10} {'est. ms':>8} {'exposed us':>10} {'grads':>6}")
    for name in args.models.split(","):
        model, fn = model_and_step(name)
        # (The HF models' step drops the logits: model(...).loss.)
        common = dict(device=args.device, compiler=args.compiler, keep_outputs=name == "gpt")
        ref = step(model, fn, rt.backend(policy="none", **common))
        args_bytes = ref[3].report["argument_bytes"]
        plans = [("none", dict(policy="none")), ("offload", dict(policy="offload"))]
        if args.compiler == "inductor":
            # (Budgets under Inductor are in its numbers: docs/PyTorch.md.)
            for label, options in plans:
                grads, peak, host, info = step(model, fn, rt.backend(**options, **common))
                same = all(torch.equal(a, b) for a, b in zip(grads, ref[0]))
                print(f"{name:6} {label:8} offloaded {len(info.offloaded)}: plan "
                      f"{rt.step_peak(info)}, Inductor's code {info.inductor['peak_bytes']}, "
                      f"measured {peak}; host plan {info.report['result'].get('host_peak_bytes', 0)}"
                      f", measured {host}; gradients equal: {same}")
            continue
        keep_recompute = least_peak(model, fn, **common)
        with_offload = least_peak(model, fn, offload=True, **common)
        budgets = sorted({with_offload + int(f * (keep_recompute - 1 - with_offload))
                          for f in (0.0, 0.5, 1.0)} if with_offload < keep_recompute
                         else {keep_recompute})
        for budget in budgets:
            plans.append((f"auto+offload {budget - args_bytes}",
                          dict(policy="auto", offload=True, budget=budget)))
        print(f"{name:6} least step peak: keep/recompute {keep_recompute - args_bytes}, "
              f"with offload {with_offload - args_bytes}")
        for label, options in plans:
            grads, peak, host, info = step(model, fn, rt.backend(**options, **common))
            r = info.report["result"]
            same = all(torch.equal(a, b) for a, b in zip(grads, ref[0]))
            print(f"{name:6} {label:26} {len(info.offloaded):4} {rt.step_peak(info):10} "
                  f"{peak:10} {r.get('host_peak_bytes', 0):10} {host:10} "
                  f"{r['estimated_time_s'] * 1e3:8.4f} "
                  f"{r.get('exposed_copy_time_s', 0) * 1e6:10.2f} {str(same):>6}")


if __name__ == "__main__":
    main()
