#!/usr/bin/env python3
"""remat's partition against PyTorch's min-cut partitioner, in torch.compile.

For each model and each min-cut `activation_memory_budget` (a fraction of
the saved bytes), the script compiles one training step three ways, with the
same AOTAutograd setup (remat.torch.backend / pytorch_backend: boxed FX
graphs, Inductor's decompositions), differing in the partition alone:

  default   PyTorch's default partition (saves all it needs; the reference)
  min-cut   min_cut_rematerialization_partition at the fraction
  remat     remat's auto policy with budget = min-cut's peak (+ the step's
            arguments, which remat's budget counts)

and prints, per partition: saved bytes, peak bytes, recompute FLOPs, the
estimated recompute time (`est. ms`: remat's cost model on the `cpu`
device, for min-cut's plan through remat.torch.plan_of_partition), the
partition time (`time s`: AOTAutograd's call of the partition function, for
remat conversion + remat-opt + PyTorch's extraction of the two graphs) and,
for remat, the planner's part of it (`plan s`: conversion to remat IR and
remat-opt). The peak is `partition_stats`'s liveness replay of the two FX
graphs (by default with the caller holding the loss alone, as the measured
step `model(...).loss.backward()` does; --keep-outputs models one that holds
all forward outputs, and plans with remat for it); without --run the compile stops right
after the partition (the forward compiler raises), so nothing runs and 96
layers plan on any machine that holds the parameters. With --run the step
runs on the CPU, the peak measured by the PyTorch profiler is printed next
to the replay's, the step's wall time (`step s`, median of three runs) next
to the estimate, and the gradients are compared bit for bit with the default
partition's.

Models: the repository's GPT (remat.torch_models.GPT: seq 1024, hidden
1024, 16 heads, vocab 1024) with 2, 24 and 96 layers, a GPT-2-small-
shaped transformers model (gpt2-small: --layers 12, hidden 768, 12 heads,
vocab 50257, seq 1024), and the repository's GPT at that shape (gpt-small,
for a machine without transformers), the Hugging Face Gemma2 and
Whisper of torch_inductor_held.py (2 layers, hidden 128; the step
model(**inputs).loss, holding the outputs with --keep-outputs), and CLIP
and ConvNeXt as torch_inductor_budget.py builds them. --device
cuda --dtype bf16 runs them on a GPU (scripts/gpu-check-integrations.sh).
With --compiler inductor, --interleave N also times min-cut's and remat's
steps in N alternating runs of each in one process, and a line per
fraction gives both in bytes and their GEMM FLOPs (partition_stats'
recompute_gemm_flops).

    PY=$(bash scripts/venv.sh)
    $PY benchmarks/torch_partition.py                      # all, planning only
    $PY benchmarks/torch_partition.py --models gpt2L --run # measured on the CPU
"""
import argparse
import os
import sys
import time
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))

import torch  # noqa: E402

import remat.torch as rt  # noqa: E402
from remat.inductor import graph_caches_off  # noqa: E402
from remat.torch_models import GPT, transformers_model  # noqa: E402

MODELS = {
    "gpt2L": dict(kind="gpt", layers=2),
    "gpt24L": dict(kind="gpt", layers=24),
    "gpt96L": dict(kind="gpt", layers=96),
    "gpt2-small": dict(kind="gpt2"),
    # remat.torch_models.GPT at GPT-2 small's shape, for a machine without
    # transformers (the GPU machine): --layers of hidden 768, 12 heads.
    "gpt-small": dict(kind="gpt", hidden=768, heads=12, vocab=50257),
    # Hugging Face models of 2 layers, hidden 128, as torch_inductor_held.py
    # builds them (model(**inputs).loss; --seq, --layers, --batch ignored).
    "gemma2": dict(kind="hf"),
    "whisper": dict(kind="hf"),
    # torch_inductor_budget.py's (2 layers, hidden 128, sequence 128,
    # batch 2; ConvNeXt: four stages of 2 blocks, 64x64 images).
    "clip": dict(kind="hf"),
    "convnext": dict(kind="hf"),
}


def build(name, seq, dropout, layers=12, batch=1, device="cpu", dtype=torch.float32,
          keep_outputs=False):
    spec = MODELS[name]
    torch.manual_seed(0)
    if spec["kind"] == "hf":
        from torch_inductor_held import make
        model, inputs = make(name)
        model.config.use_cache = False
        model.eval()
        held = []

        def step(m):
            # With --keep-outputs the step holds the model's outputs (the
            # logits) until the next step, as `out = model(**inputs);
            # out.loss.backward()` does.
            out = m(**inputs)
            held[:] = [out] if keep_outputs else []
            return out.loss
        return model.to(device=device, dtype=dtype), step
    if spec["kind"] == "gpt":
        hidden, vocab = spec.get("hidden", 1024), spec.get("vocab", 1024)
        model = GPT(layers=spec.get("layers", layers), hidden=hidden,
                    heads=spec.get("heads", 16), vocab=vocab, dropout=dropout)
        x0 = torch.randn(batch, seq, hidden, device=device, dtype=dtype)
        labels = torch.randint(0, vocab, (batch * seq,), device=device)
        return model.to(device=device, dtype=dtype), lambda m: m(x0, labels)
    model = transformers_model("gpt2", layers=layers, hidden=768, heads=12, vocab=50257, seq=seq)
    ids = torch.randint(0, 50257, (batch, seq), device=device)
    return model.to(device=device, dtype=dtype), lambda m: m(input_ids=ids, labels=ids).loss


class PartitionOnly(Exception):
    pass


def stop(gm, inputs):
    raise PartitionOnly()


def run(model, step, make_backend, measure, keep_outputs=False, inductor=False, iters=3):
    torch._dynamo.reset()
    rt.clear_plans()
    # (Inductor compiles by running compile_fx: no compilers to stop at.)
    backend = make_backend(None if measure or inductor else (stop, stop))
    compiled = torch.compile(model, backend=backend, fullgraph=True)
    device = next(model.parameters()).device
    for p in model.parameters():
        p.grad = None
    torch.manual_seed(1)

    def once():
        loss = step(compiled)
        loss.backward()
        return loss

    if measure:
        once()  # compiles
        for p in model.parameters():
            p.grad = None
        torch.manual_seed(1)
        _, peak = measure_peak(once, device)
        grads = [p.grad.clone() for p in model.parameters() if p.grad is not None]
        step_s = median_seconds(once, model, device, iters)
    else:
        try:
            once()
        except Exception as e:  # Dynamo wraps the compiler's exception
            if "PartitionOnly" not in repr(e) and not isinstance(e, PartitionOnly):
                raise
        peak, grads, step_s = None, None, None
    plans = rt.plans()
    if len(plans) != 1:
        raise SystemExit(f"expected one compiled region, got {len(plans)}")
    info = plans[0]
    stats = rt.partition_stats(info.fw_module, info.bw_module, keep_outputs)
    global LAST_STEP
    LAST_STEP = once
    return info, stats, peak, grads, step_s


# The step run() compiled last (for interleaved_ms).
LAST_STEP = None


def interleaved_ms(steps, model, iters):
    """{label: the median ms of `iters` runs}, the steps' runs alternating
    (each step run once first: after the next compile's torch._dynamo.reset
    Dynamo compiles it again, with its own backend). On the CPU."""
    for once in steps.values():
        for p in model.parameters():
            p.grad = None
        once()
    times = {label: [] for label in steps}
    for _ in range(iters):
        for label, once in steps.items():
            for p in model.parameters():
                p.grad = None
            start = time.perf_counter()
            once()
            times[label].append(time.perf_counter() - start)
    return {label: 1e3 * sorted(t)[len(t) // 2] for label, t in times.items()}


def measure_peak(once, device):
    """(result, peak): the most bytes the step's own allocations held at
    once (what existed before it, parameters and inputs, not counted): on
    the CPU from the PyTorch profiler (remat.torch.measure_peak), on a GPU
    from the caching allocator's statistics (torch.cuda.max_memory_allocated
    less the bytes allocated before the step)."""
    if device.type != "cuda":
        return rt.measure_peak(once)
    torch.cuda.synchronize(device)
    torch.cuda.reset_peak_memory_stats(device)
    before = torch.cuda.memory_allocated(device)
    result = once()
    torch.cuda.synchronize(device)
    return result, torch.cuda.max_memory_allocated(device) - before


def median_seconds(once, model, device, iters):
    """The step's time, the median of `iters` runs (gradients cleared
    before each): wall time on the CPU, CUDA events on a GPU."""
    times = []
    for _ in range(iters):
        for p in model.parameters():
            p.grad = None
        if device.type == "cuda":
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            once()
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end) / 1e3)
        else:
            start = time.perf_counter()
            once()
            times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def mib(b):
    return "-" if b is None else f"{b / 2**20:.1f}"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--models", nargs="+", default=list(MODELS), choices=list(MODELS))
    ap.add_argument("--fractions", nargs="+", type=float, default=[0.8, 0.5, 0.3, 0.1])
    ap.add_argument("--seq", type=int, default=1024)
    ap.add_argument("--run", action="store_true", help="run on the CPU and measure")
    ap.add_argument("--keep-outputs", action="store_true",
                    help="model a caller that holds the forward's outputs (the logits) until the "
                         "backward is done; by default only the loss is held, as the measured "
                         "step (model(...).loss.backward()) does")
    ap.add_argument("--dropout", type=float, default=0.0,
                    help="the GPT's dropout rate (default 0: with dropout, min-cut recomputes "
                         "the RNG in the backward on the CPU, and its gradients are wrong)")
    ap.add_argument("--compiler", choices=("eager", "inductor"), default="eager",
                    help="inductor: both partitioners inside Inductor (min-cut as torch.compile's "
                         "default uses it), every step run and measured, remat's budget = "
                         "min-cut's measured peak")
    ap.add_argument("--device", default="cpu",
                    help="where the steps run (cpu, cuda): on a GPU the peak is "
                         "torch.cuda.max_memory_allocated's, the time CUDA events'")
    ap.add_argument("--dtype", choices=("f32", "bf16"), default="f32",
                    help="the parameters' and inputs' dtype")
    ap.add_argument("--layers", type=int, default=12, help="gpt2-small's layers")
    ap.add_argument("--batch", type=int, default=1)
    ap.add_argument("--iters", type=int, default=3, help="runs timed per step (the median)")
    ap.add_argument("--interleave", type=int, default=0, metavar="N",
                    help="with --compiler inductor on the CPU: also time min-cut's and remat's "
                         "steps at each fraction in N alternating runs of each (the median)")
    ap.add_argument("--least", action="store_true",
                    help="with --compiler inductor: also remat at its least peak (the figure "
                         "an impossible budget's BudgetError states)")
    a = ap.parse_args(argv)
    a.device = torch.device(a.device)
    a.dtype = {"f32": torch.float32, "bf16": torch.bfloat16}[a.dtype]
    warnings.simplefilter("ignore")
    print(f"torch {torch.__version__}, device {a.device}"
          + (f" ({torch.cuda.get_device_name(a.device)})" if a.device.type == "cuda" else "")
          + f", {a.dtype}, seq {a.seq}, batch {a.batch}, remat-opt {rt._planner.find_remat_opt()}")
    if a.compiler == "inductor":
        # (A compile Inductor's or AOTAutograd's graph caches serve makes no
        # partition to record: every step is compiled.)
        with graph_caches_off():
            return main_inductor(a)
    print(f"{'model':<11} {'partition':<16} {'saved MiB':>9} {'peak MiB':>9} {'measured':>9} "
          f"{'recompute GFLOP':>15} {'est. ms':>8} {'step s':>7} {'time s':>7} {'plan s':>7} "
          f"{'grads':>6}")
    summary = []
    for name in a.models:
        model, step = build(name, a.seq, a.dropout, a.layers, a.batch, a.device, a.dtype,
                            a.keep_outputs)
        keep = a.keep_outputs
        ref, ref_stats, ref_peak, ref_grads, ref_step = run(
            model, step, lambda c: rt.pytorch_backend("default", compilers=c), a.run, keep, iters=a.iters)
        print(f"{name:<11} {'default':<16} {mib(ref_stats['saved_bytes']):>9} "
              f"{mib(ref_stats['peak_bytes']):>9} {mib(ref_peak):>9} {0:>15.2f} {0:>8.1f} "
              f"{seconds(ref_step):>7} {ref.planning_time_s:>7.2f} {'-':>7} {'ref':>6}")
        none = run(model, step,
                   lambda c: rt.backend(policy="none", keep_outputs=keep, compilers=c), False)[0]
        arguments = none.report["argument_bytes"]
        for frac in a.fractions:
            mc, mc_stats, mc_peak, mc_grads, mc_step = run(
                model, step, lambda c: rt.pytorch_backend("min_cut", frac, compilers=c), a.run, keep, iters=a.iters)
            # min-cut's plan on remat's yardstick: the estimated time of
            # what it recomputes, in the cost model remat's plans minimize.
            mc_once = LAST_STEP
            mc_report = rt.plan_of_partition(mc, keep_outputs=keep)
            rows = [(f"min-cut {frac}", mc, mc_stats, mc_peak, mc_grads, mc_step, mc_report)]
            # remat's budget in its own terms (the graphs' peak, arguments
            # included); a measured peak also holds the kernels' own
            # temporaries, which neither partitioner sees.
            budget = mc_stats["peak_bytes"] + arguments
            try:
                rm, rm_stats, rm_peak, rm_grads, rm_step = run(
                    model, step, lambda c: rt.backend(policy="auto", budget=budget,
                                                      keep_outputs=keep, compilers=c),
                    a.run, keep, iters=a.iters)
                rows.append(("remat auto", rm, rm_stats, rm_peak, rm_grads, rm_step, rm.report))
            except Exception as e:  # Dynamo wraps remat's PlanError
                msg = str(e)
                msg = msg[msg.find("error:"):].splitlines()[0] if "error:" in msg else msg
                print(f"{name:<11} min-cut {frac}: peak {mib(mc_stats['peak_bytes'])} MiB; "
                      f"remat auto: {msg}")
                summary.append((name, frac, False, None, None))
                continue
            for label, info, stats, peak, grads, step_s, report in rows:
                same = "-" if grads is None else (
                    "equal" if all(torch.equal(x, y) for x, y in zip(ref_grads, grads)) else "DIFF")
                planner = (f"{info.times['convert'] + info.times['plan']:>7.2f}"
                           if info.times else f"{'-':>7}")
                print(f"{name:<11} {label:<16} {mib(stats['saved_bytes']):>9} "
                      f"{mib(stats['peak_bytes']):>9} {mib(peak):>9} "
                      f"{stats['recompute_flops'] / 1e9:>15.2f} {estimated_ms(report):>8.1f} "
                      f"{seconds(step_s):>7} {info.planning_time_s:>7.2f} {planner} {same:>6}")
            (_, _, ms, mp, _, _, mr), (_, _, rs, rp, _, _, rr) = rows
            summary.append((name, frac, rs["peak_bytes"] <= ms["peak_bytes"]
                            and (rp is None or rp <= mp),
                            rs["recompute_flops"] <= ms["recompute_flops"],
                            estimated_ms(rr) <= estimated_ms(mr)))
    print()
    print_summary(summary, "", "peak")


def main_inductor(a):
    """Both partitioners under Inductor: each step compiled (caches off),
    run and measured; remat's budget is min-cut's measured peak with the
    step's arguments. Columns: the measured peak, Inductor's own figure
    (its wrapper code), recompute FLOPs and estimated time (remat's cost
    model, min-cut's through plan_of_partition), the step's time (`step ms`:
    wall time on the CPU, CUDA events on a GPU; the median of --iters runs),
    remat's plan's peak in its model (`plan MiB`, remat's rows), the
    gradients' largest difference from the default partition's (Inductor
    fuses differently per partition: close, not bit-identical). With
    --least, remat at the least peak it reaches (`remat least`)."""
    keep = a.keep_outputs
    print(f"{'model':<11} {'partition':<16} {'measured MiB':>12} {'inductor MiB':>12} "
          f"{'plan MiB':>9} {'recompute GFLOP':>15} {'est. ms':>8} {'step ms':>8} "
          f"{'compile s':>9} {'max |dgrad|':>11}")
    summary = []
    for name in a.models:
        model, step = build(name, a.seq, a.dropout, a.layers, a.batch, a.device, a.dtype,
                            keep)

        def measured(make_backend):
            start = time.perf_counter()
            out = run(model, step, make_backend, True, keep, inductor=True, iters=a.iters)
            return out + (time.perf_counter() - start,)

        gemm = {}   # recompute GEMM FLOPs by label

        def show(label, info, peak, grads, step_s, seconds_, report, reference):
            diff = "ref" if reference is None else f"{max((x - y).abs().max().item() for x, y in zip(grads, reference)):.1e}"
            figure = (info.inductor or {}).get("peak_bytes")
            plan = info.report["result"]["peak_bytes"] if label.startswith("remat") else None
            stats = rt.partition_stats(info.fw_module, info.bw_module, keep)
            flops = stats["recompute_flops"]
            gemm[label] = stats["recompute_gemm_flops"]
            print(f"{name:<11} {label:<16} {mib(peak + arguments):>12} "
                  f"{mib(None if figure is None else figure + arguments):>12} {mib(plan):>9} "
                  f"{flops / 1e9:>15.2f} {estimated_ms(report):>8.1f} {1e3 * step_s:>8.1f} "
                  f"{seconds_:>9.0f} {diff:>11}", flush=True)
            return flops

        none = run(model, step, lambda c: rt.backend(policy="none", keep_outputs=keep), False,
                   keep)[0]
        arguments = none.report["argument_bytes"]
        ref, _, ref_peak, ref_grads, ref_step, ref_s = measured(
            lambda c: rt.pytorch_backend("default", compiler="inductor", keep_outputs=keep))
        show("default", ref, ref_peak, ref_grads, ref_step, ref_s,
             rt.plan_of_partition(ref, keep_outputs=keep), None)
        for frac in a.fractions:
            mc, _, mc_peak, mc_grads, mc_step, mc_s = measured(
                lambda c: rt.pytorch_backend("min_cut", frac, compiler="inductor",
                                             keep_outputs=keep))
            mc_once = LAST_STEP
            mc_report = rt.plan_of_partition(mc, keep_outputs=keep)
            mc_flops = show(f"min-cut {frac}", mc, mc_peak, mc_grads, mc_step, mc_s, mc_report,
                            ref_grads)
            budget = mc_peak + arguments
            try:
                rm, _, rm_peak, rm_grads, rm_step, rm_s = measured(
                    lambda c: rt.backend(policy="auto", budget=budget, keep_outputs=keep,
                                         compiler="inductor"))
            except Exception as e:  # Dynamo wraps remat's BudgetError
                lines = str(e).splitlines() or [repr(e)]
                print(f"{name:<11} remat auto at min-cut {frac}'s {budget} bytes: "
                      f"{next((l for l in lines if 'Error:' in l), lines[0])[:600]}")
                summary.append((name, frac, None, None, None))
                continue
            # (Its estimate on min-cut's yardstick: the per-op model of
            # plan_of_partition, not the Inductor-buffers model it planned in.)
            rm_report = rt.plan_of_partition(rm, keep_outputs=keep)
            rm_flops = show("remat auto", rm, rm_peak, rm_grads, rm_step, rm_s, rm_report,
                            ref_grads)
            summary.append((name, frac, rm_peak <= mc_peak, rm_flops <= mc_flops,
                            estimated_ms(rm_report) <= estimated_ms(mc_report)))
            if a.interleave:
                ms = interleaved_ms({"min-cut": mc_once, "remat": LAST_STEP}, model,
                                    a.interleave)
                print(f"{name:<11} at min-cut {frac}: step ms, {a.interleave} runs of each "
                      f"interleaved (median): min-cut {ms['min-cut']:.2f}, remat "
                      f"{ms['remat']:.2f} (ratio {ms['remat'] / ms['min-cut']:.3f})",
                      flush=True)
            print(f"{name:<11} at min-cut {frac}: measured bytes min-cut {mc_peak + arguments}, "
                  f"remat {rm_peak + arguments} (budget {budget}); recompute FLOPs min-cut "
                  f"{mc_flops}, remat {rm_flops}; of them GEMM FLOPs min-cut "
                  f"{gemm[f'min-cut {frac}']}, remat {gemm['remat auto']}; step ms min-cut {1e3 * mc_step:.1f}, "
                  f"remat {1e3 * rm_step:.1f}", flush=True)
        if a.least:
            try:
                run(model, step, lambda c: rt.backend(budget=1, keep_outputs=keep,
                                                      compiler="inductor"), False, keep,
                    inductor=True)
                raise SystemExit("budget=1 planned: no least peak stated")
            except Exception as e:  # Dynamo wraps remat's BudgetError
                error = rt.budget_error(e)
                if error is None:
                    raise
            budget = error.least_peak
            rm, _, rm_peak, rm_grads, rm_step, rm_s = measured(
                lambda c: rt.backend(policy="auto", budget=budget, keep_outputs=keep,
                                     compiler="inductor"))
            show("remat least", rm, rm_peak, rm_grads, rm_step, rm_s,
                 rt.plan_of_partition(rm, keep_outputs=keep), ref_grads)
            print(f"{name:<11} remat least: budget {budget} bytes, measured "
                  f"{rm_peak + arguments} ({'within' if rm_peak + arguments <= budget else 'OVER'})")
    print()
    print_summary(summary, " (Inductor)", "measured peak")


def print_summary(summary, where, peak):
    for name, frac, peak_ok, flops_ok, time_ok in summary:
        print(f"{name} at min-cut {frac}{where}: remat {peak} <= min-cut's: {peak_ok}; "
              f"recompute FLOPs <= min-cut's: {flops_ok}; "
              f"estimated recompute time <= min-cut's: {time_ok}")


def estimated_ms(report):
    """The estimated recompute time of a plan's report, in ms."""
    return 1e3 * (report["result"]["estimated_time_s"] - report["baseline"]["estimated_time_s"])


def seconds(s):
    return "-" if s is None else f"{s:.2f}"

if __name__ == "__main__":
    main()
