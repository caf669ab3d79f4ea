"""Tests of remat.torch (the torch.compile partition function).

Run with the cached environment's python (scripts/venv.sh), remat-opt built:
    $(bash scripts/venv.sh) python/tests/torch_integration.py -v
(test/Python/torch.test runs it under lit.) Every comparison is between two
compilations that differ in the partition function alone (remat.torch.backend
against remat.torch.pytorch_backend("default")), so gradients must be equal
bit for bit; against eager PyTorch they differ by Inductor's decompositions'
reassociation only.
"""
import functools
import os
import re
import sys
import time
import unittest
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import torch  # noqa: E402

import remat.torch as rt  # noqa: E402
from remat.torch import offload as _torch_offload  # noqa: E402
from remat.inductor import graph_caches_off  # noqa: E402
from remat.options import DEFAULT_MAX_OVERHEAD  # noqa: E402
from remat.torch_models import GPT, Layer, transformers_model  # noqa: E402

# Allocations round up (a 4-byte scalar takes 16 bytes).
SLACK = 64


def step_fn(model, inputs):
    if isinstance(inputs, dict):
        return lambda m: m(**inputs).loss
    return lambda m: m(*inputs)


def run(model, inputs, backend, seed=0):
    """One compiled training step (compiled and run once before): loss,
    gradients, the profiler's peak, and the partition's PlanInfo."""
    torch._dynamo.reset()
    rt.clear_plans()
    step = step_fn(model, inputs)
    compiled = torch.compile(model, backend=backend, fullgraph=True) if backend else model
    for measured in (False, True):
        for p in model.parameters():
            p.grad = None
        torch.manual_seed(seed)

        def once():
            loss = step(compiled)
            loss.backward()
            return loss

        _torch_offload.reset_host_peak()

        # (Compiled outside the profiler: measuring kernel temporaries
        # profiles, which a running session forbids.)
        loss, peak = rt.measure_peak(once) if measured else (once(), None)
    plans = rt.plans()
    return loss.detach(), [p.grad.clone() for p in model.parameters()], peak, (plans or [None])[-1]


def equal(a, b):
    return all(torch.equal(x, y) for x, y in zip(a, b))


def plan_peak(info):
    return rt.step_peak(info)


class PlanChecks:
    """check(): a step of cls.model on cls.inputs under remat's backend,
    against cls.ref (the default partition's run)."""

    def check(self, **options):
        loss, grads, peak, info = run(self.model, self.inputs, rt.backend(**options))
        self.assertIsNone(info.fallback)
        self.assertTrue(torch.equal(loss, self.ref[0]))
        self.assertTrue(equal(grads, self.ref[1]), f"gradients differ under {options}")
        # The plan's peak is what the step allocates.
        self.assertLessEqual(abs(peak - plan_peak(info)), SLACK, (peak, plan_peak(info)))
        stats = rt.partition_stats(info.fw_module, info.bw_module)
        self.assertLessEqual(abs(stats["peak_bytes"] - peak), 4096)
        self.assertEqual(stats["recompute_flops"], info.report["result"]["recompute_flops"])
        return info, peak


class SmallGPT(PlanChecks):
    """The repository's GPT (2 layers, hidden 64, dropout 0.1) and its
    default partition's run (cls.ref)."""

    @classmethod
    def setUpClass(cls):
        torch.manual_seed(0)
        cls.model = GPT(layers=2, hidden=64, heads=4, vocab=128, dropout=0.1)
        cls.inputs = (torch.randn(2, 32, 64), torch.randint(0, 128, (64,)))
        cls.ref = run(cls.model, cls.inputs, rt.pytorch_backend("default"))


class GPTTest(SmallGPT, unittest.TestCase):
    def test_policies_bit_identical_and_peak_measured(self):
        none, none_peak = self.check(policy="none")
        self.assertEqual(none_peak, self.ref[2])
        full, full_peak = self.check(policy="full")
        self.assertLess(full_peak, none_peak)
        self.assertGreater(full.report["result"]["recompute_flops"], 0)
        self.check(policy="selective")
        dots, _ = self.check(policy="dots")
        self.assertGreater(dots.report["result"]["recompute_flops"], 0)
        # GEMM FLOPs apart: full recomputes the products, dots keeps them.
        gemm = {name: rt.partition_stats(i.fw_module, i.bw_module)["recompute_gemm_flops"]
                for name, i in (("full", full), ("dots", dots))}
        self.assertEqual(gemm["dots"], 0)
        self.assertGreater(gemm["full"], 0)
        self.assertLess(gemm["full"], full.report["result"]["recompute_flops"])
        self.check(policy="auto", max_overhead=0.05)

    def test_budget_is_respected(self):
        none = run(self.model, self.inputs, rt.backend(policy="none"))[3]
        args = none.report["argument_bytes"]
        budget = args + int(0.85 * plan_peak(none))
        info, peak = self.check(policy="auto", budget=budget)
        self.assertLessEqual(info.report["result"]["peak_bytes"], budget)
        self.assertLessEqual(peak + args, budget + SLACK)

    def test_impossible_budget_states_smallest_peak(self):
        with self.assertRaises(Exception) as ctx:
            run(self.model, self.inputs, rt.backend(policy="auto", budget="1KiB"))
        self.assertIn("no plan fits budget 1024 bytes", str(ctx.exception))
        self.assertIn("the smallest peak remat found", str(ctx.exception))

    def test_random_ops_are_saved_not_recomputed(self):
        info, _ = self.check(policy="full")
        bw_random = [n for n in info.bw_module.graph.nodes
                     if isinstance(n.target, torch._ops.OpOverload)
                     and torch.Tag.nondeterministic_seeded in n.target.tags]
        fw_random = [n for n in info.fw_module.graph.nodes
                     if isinstance(n.target, torch._ops.OpOverload)
                     and torch.Tag.nondeterministic_seeded in n.target.tags]
        self.assertTrue(fw_random)
        self.assertEqual(bw_random, [])
        self.assertIn("side_effects", info.ir)

    def test_blocks_from_module_stack(self):
        info, _ = self.check(policy="none")
        self.assertIn("remat.block = 0 : i64", info.ir)
        self.assertIn("remat.block = 1 : i64", info.ir)


def layer_compiled_gpt(backend, state=None, layers=4):
    """The repository's GPT with each layer compiled on its own (torchtitan's
    way, and what FSDP2's per-layer modules make): a region per layer."""
    torch._dynamo.reset()
    rt.clear_plans()
    torch.manual_seed(0)
    model = GPT(layers=layers, hidden=64, heads=2, vocab=128, dropout=0.0)
    if state is not None:
        model.load_state_dict(state)
    for i, layer in enumerate(model.layers):
        model.layers[i] = torch.compile(layer, backend=backend)
    return model


def measured_step(model, x, labels, runs=2):
    """The profiler's peak of the last of `runs` steps (gradients set to
    None before each: the first compiles), and the gradients."""
    for _ in range(runs):
        for p in model.parameters():
            p.grad = None
        _, peak = rt.measure_peak(lambda: model(x, labels).backward())
    return peak, [p.grad.clone() for p in model.parameters()]


class StepBudgetTest(unittest.TestCase):
    """remat.torch.StepBudget: one budget for a step of several compiled
    regions (docs/PyTorch.md, "A budget for the whole step")."""

    @classmethod
    def setUpClass(cls):
        torch.manual_seed(0)
        cls.state = GPT(layers=4, hidden=64, heads=2, vocab=128, dropout=0.0).state_dict()
        gen = torch.Generator().manual_seed(1)
        cls.x, cls.labels = torch.randn(2, 64, 64, generator=gen), torch.randint(0, 128, (128,), generator=gen)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            model = layer_compiled_gpt(rt.backend(policy="none"), cls.state)
            cls.none_peak, cls.none_grads = measured_step(model, cls.x, cls.labels)

    def test_step_budget_holds_across_regions(self):
        budget = int(self.none_peak * 0.62)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # A budget per region: each layer fits it alone, the step does not.
            per_region = layer_compiled_gpt(rt.backend(budget=budget), self.state)
            over, _ = measured_step(per_region, self.x, self.labels)
            self.assertGreater(over, budget)
            step = rt.StepBudget(budget)
            model = layer_compiled_gpt(step.backend, self.state)
            report = step.plan(lambda: model(self.x, self.labels).backward(), model)
            planned = len(rt.plans())
            measured, grads = measured_step(model, self.x, self.labels)
        self.assertEqual(report["calls"], 4)
        self.assertEqual(sum(r["calls"] for r in report["regions"]), 4)
        self.assertEqual(report["rounds"][0]["policy"], "none")
        # The chosen round's measured step fits and wastes under 2%; the
        # step compiled after plan() is that round's, byte for byte.
        self.assertLessEqual(report["measured_peak_bytes"], budget)
        self.assertGreaterEqual(report["measured_peak_bytes"], budget * 0.98)
        self.assertEqual(measured, report["measured_peak_bytes"])
        self.assertTrue(equal(grads, self.none_grads))
        # Every region of the compiled step planned with its chosen options.
        chosen = report["chosen"]["budgets"]
        self.assertEqual(len(rt.plans()) - planned, len(report["regions"]))
        for info in rt.plans()[planned:]:
            self.assertIsNone(info.fallback)
            self.assertLessEqual(info.report["result"]["peak_bytes"], chosen[info.step_region]["budget"])

    def test_step_budget_under_inductor(self):
        # The regions compiled by Inductor (remat its custom partitioner,
        # planning on Inductor's buffers): the step measured after planning
        # fits the budget within 2%, gradients bit-identical to Inductor's
        # under policy none.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            model = layer_compiled_gpt(rt.backend(policy="none", compiler="inductor"), layers=3)
            none_peak, none_grads = measured_step(model, self.x, self.labels)
            budget = int(none_peak * 0.7)
            step = rt.StepBudget(budget, compiler="inductor")
            model = layer_compiled_gpt(step.backend, layers=3)
            report = step.plan(lambda: model(self.x, self.labels).backward(), model)
            measured, grads = measured_step(model, self.x, self.labels)
        self.assertEqual(report["calls"], 3)
        self.assertLessEqual(measured, budget)
        self.assertGreaterEqual(measured, budget * 0.98)
        self.assertEqual(measured, report["measured_peak_bytes"])
        self.assertTrue(all(info.memory == "inductor" for info in rt.plans()))
        self.assertTrue(equal(grads, none_grads))

    def test_step_budget_errors(self):
        for bad in (None, "5 parsecs", -3):
            with self.assertRaises(ValueError):
                rt.StepBudget(bad)
        with self.assertRaises(ValueError):
            rt.StepBudget("1MiB", rounds=0)
        with self.assertRaises(ValueError):
            rt.StepBudget("1MiB", compiler="x")
        budget = int(self.none_peak * 0.3)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            step = rt.StepBudget(budget)
            model = layer_compiled_gpt(step.backend, self.state)
            with self.assertRaises(rt._planner.BudgetError) as caught:
                step.plan(lambda: model(self.x, self.labels).backward(), model)
        self.assertIn(f"no plan of the step fits the budget {budget} bytes", str(caught.exception))
        self.assertGreater(caught.exception.least_peak, budget)
        with self.assertRaises(rt._planner.PlanError):
            rt.StepBudget("1MiB").plan(lambda: None)   # no region ran

    def test_choose_against_every_combination(self):
        # The greedy search (what plans more candidates than
        # EXACT_COMBINATIONS) against every combination, on random regions:
        # it fits wherever a combination fits, never over the budget.
        import itertools
        import random
        from remat.torch import step as ts

        class Region:
            def __init__(self, points, out, grads):
                self.points, self.output_bytes, self.gradient_bytes = points, out, grads
                self.calls = 0
            own = ts._Region.own
            left = ts._Region.left
            time = ts._Region.time

        rng, ratios, exact = random.Random(7), [], ts.EXACT_COMBINATIONS
        for _ in range(200):
            regions = {f"r{k}": Region(sorted({(rng.randint(100, 1000), rng.randint(0, 500),
                                                 rng.uniform(1, 2)) for _ in range(rng.randint(1, 6))},
                                               key=lambda t: (t[2], t[0], t[1])),
                                       rng.randint(0, 50), rng.randint(0, 100))
                       for k in range(rng.randint(1, 3))}
            calls = [rng.choice(list(regions)) for _ in range(rng.randint(1, 6))]
            regions = {k: r for k, r in regions.items() if k in calls}
            for k, r in regions.items():
                r.calls = calls.count(k)
            budget = rng.randint(300, 3000)
            fits = [dict(zip(regions, c)) for c in itertools.product(
                *(range(len(r.points)) for r in regions.values()))]
            fits = [p for p in fits if ts.step_model(calls, regions, p)[0] <= budget]
            best = min((ts._step_time(regions, p) for p in fits), default=None)
            self.assertEqual(ts.choose(calls, regions, budget)[0] is None, best is None)
            try:
                ts.EXACT_COMBINATIONS = 0
                pick, peak = ts.choose(calls, regions, budget)
            finally:
                ts.EXACT_COMBINATIONS = exact
            self.assertEqual(pick is None, best is None)
            if best is not None:
                self.assertLessEqual(peak, budget)
                self.assertAlmostEqual(ts._step_time(regions, ts.choose(calls, regions, budget)[0]),
                                       best)
                ratios.append(ts._step_time(regions, pick) / best)
        print(f"(greedy step time / the least: worst {max(ratios):.4f} over {len(ratios)} "
              f"fitting draws)", file=sys.stderr)


class LossNotFirstTest(unittest.TestCase):
    """keep_outputs=False keeps the loss, wherever the model returns it:
    here second, after logits the step drops (CLIPModel's is the fifth of
    its graph's nine outputs). Before, the first output was kept: the plan
    held the logits through the backward, and only their producers were
    the forward."""

    def test_loss_not_the_first_output(self):
        class LogitsThenLoss(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.hidden = torch.nn.Linear(64, 64)
                self.head = torch.nn.Linear(64, 512)

            def forward(self, x):
                logits = self.head(torch.tanh(self.hidden(x)))
                # (sum's backward does not read the logits: only the
                # caller could hold them.)
                return logits, logits.sum() / logits.numel()

        torch.manual_seed(0)
        model, x = LogitsThenLoss(), torch.randn(64, 64)
        for policy in ("none", "full"):
            torch._dynamo.reset()
            rt.clear_plans()
            compiled = torch.compile(model, fullgraph=True, backend=rt.backend(
                policy=policy, keep_outputs=False))

            def once():
                loss = compiled(x)[1]
                loss.backward()
                return loss
            once()
            for p in model.parameters():
                p.grad = None
            _, peak = rt.measure_peak(once)
            info = rt.last_plan()
            self.assertIsNone(info.fallback)
            fw_out = next(iter(info.fw_module.graph.find_nodes(op="output"))).args[0]
            self.assertEqual(rt._common.loss_output_index(fw_out[:info.num_fwd_outputs]), 1)
            # The plan, the replay of the FX graphs and the step agree
            # (the logits, 131,072 bytes, are not held).
            self.assertLessEqual(abs(peak - plan_peak(info)), SLACK, (policy, peak, plan_peak(info)))
            stats = rt.partition_stats(info.fw_module, info.bw_module, keep_outputs=False)
            self.assertLessEqual(abs(stats["peak_bytes"] - peak), SLACK, (policy, stats, peak))
        # The loss's producers are the forward: full recomputes the tanh.
        self.assertGreater(info.report["result"]["recompute_flops"], 0)


class OneBlockTest(PlanChecks, unittest.TestCase):
    """A region without numbered submodules (one layer compiled on its own,
    as under FSDP2) is one checkpoint block: full and sqrt plan it."""

    class LayerLoss(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.layer = Layer(hidden=64, heads=4, ffn=256, dropout=0.1)

        def forward(self, x):
            return self.layer(x).square().mean()

    @classmethod
    def setUpClass(cls):
        torch.manual_seed(0)
        cls.model = cls.LayerLoss()
        cls.inputs = (torch.randn(2, 32, 64),)
        cls.ref = run(cls.model, cls.inputs, rt.pytorch_backend("default"))

    def test_region_without_numbered_submodules_is_one_block(self):
        for policy in ("full", "sqrt"):
            info, _ = self.check(policy=policy)
            self.assertIn("remat.block = 0 : i64", info.ir)
            self.assertNotIn("remat.block = 1 : i64", info.ir)
            self.assertGreater(info.report["result"]["recompute_flops"], 0)


class CheckpointedGPT(PlanChecks):
    """The GPT with torch.utils.checkpoint around each layer (cls.context_fn:
    selective activation checkpointing's contexts, or None)."""
    context_fn = None

    @classmethod
    def setUpClass(cls):
        torch.manual_seed(0)
        cls.model = GPT(layers=2, hidden=64, heads=4, vocab=128, dropout=0.1, checkpoint=True,
                        context_fn=cls.context_fn)
        cls.inputs = (torch.randn(2, 32, 64), torch.randint(0, 128, (64,)))
        cls.ref = run(cls.model, cls.inputs, rt.pytorch_backend("default"))

    @staticmethod
    def overridden(info, policy):
        return {name for name, p in info.checkpoint_policies.items() if p == policy}


class UserCheckpointTest(CheckpointedGPT, unittest.TestCase):
    def test_user_checkpoints_honored(self):
        # The layers' internals are recomputed, not saved, what the
        # checkpoints read from outside them (the layers' inputs) is saved,
        # and dropout's masks are saved, not drawn again.
        honor, _ = self.check(policy="none")
        internals = self.overridden(honor, "recompute")
        self.assertTrue(internals)
        self.assertFalse(internals & set(honor.saved))
        self.assertTrue(any(name.startswith("rand") for name in honor.saved))
        # Planned freely, policy none saves the internals the backward reads.
        ignore, _ = self.check(policy="none", user_checkpoints="ignore")
        self.assertEqual(ignore.checkpoint_policies, {})
        self.assertTrue(internals & set(ignore.saved))
        self.assertLess(honor.report["result"]["peak_bytes"], ignore.report["result"]["peak_bytes"])
        # auto's max_overhead is remat's own, beyond the checkpoints'
        # recomputation (which alone is more than the default 5%).
        auto, _ = self.check()
        self.assertFalse(internals & set(auto.saved))
        self.assertGreater(auto.report["max_overhead"], DEFAULT_MAX_OVERHEAD)
        # A budget below what the checkpoints' plan reaches is an error;
        # planning freely, remat meets it.
        budget = int(0.96 * honor.report["result"]["peak_bytes"])
        with self.assertRaisesRegex(Exception, "no plan fits budget"):
            run(self.model, self.inputs, rt.backend(budget=budget))
        free, _ = self.check(budget=budget, user_checkpoints="ignore")
        self.assertLessEqual(free.report["result"]["peak_bytes"], budget)


def _save_matmuls(ctx, op, *args, **kwargs):
    """A selective activation checkpointing policy: the matrix multiplies'
    results saved, the rest recomputed."""
    from torch.utils.checkpoint import CheckpointPolicy
    if op in (torch.ops.aten.mm.default, torch.ops.aten.bmm.default):
        return CheckpointPolicy.MUST_SAVE
    return CheckpointPolicy.PREFER_RECOMPUTE


class SelectiveCheckpointTest(CheckpointedGPT, unittest.TestCase):
    context_fn = functools.partial(torch.utils.checkpoint.create_selective_checkpoint_contexts,
                                   _save_matmuls)

    def test_selective_checkpoint_policies(self):
        honor, _ = self.check(policy="none")
        matmuls = self.overridden(honor, "save") & {n for n in honor.saved if "mm" in n}
        self.assertTrue(matmuls)
        self.assertFalse(self.overridden(honor, "recompute") & set(honor.saved))
        # "must": MUST_SAVE holds under policy full, which without it
        # recomputes what its layers compute.
        must, _ = self.check(policy="full", user_checkpoints="must")
        self.assertEqual(self.overridden(must, "recompute"), set())
        self.assertTrue(matmuls & set(must.saved))
        free, _ = self.check(policy="full", user_checkpoints="ignore")
        self.assertFalse(matmuls & set(free.saved))


class OptionsTest(unittest.TestCase):
    def test_bad_options_raise_at_backend(self):
        for options, valid in ((dict(policy="bogus"), "'auto'"),
                               (dict(max_overhead=-1), "non-negative"),
                               (dict(device="tpu"), "h200"),
                               (dict(budget="12XB"), "GiB"),
                               (dict(compiler="x"), "'inductor'"),
                               (dict(user_checkpoints="some"), "'must'"),
                               (dict(budget="1GiB", max_overhead=0.1), "not both"),
                               (dict(policy="full", max_overhead=0.1), "'auto' only")):
            with self.assertRaisesRegex(ValueError, valid, msg=options):
                rt.backend(**options)

    def test_budget_forms_and_the_default(self):
        FallbackTest.small_step(rt.backend(budget="8 GiB"))
        info = rt.last_plan()
        self.assertIsNone(info.fallback)
        self.assertEqual(info.report["budget_bytes"], 8 * 2**30)
        # No arguments: auto, the least peak within DEFAULT_MAX_OVERHEAD.
        FallbackTest.small_step(rt.backend())
        info = rt.last_plan()
        self.assertIsNone(info.fallback)
        self.assertEqual((info.report["policy"], info.report["max_overhead"]),
                         ("auto", DEFAULT_MAX_OVERHEAD))


class DynamicShapeTest(unittest.TestCase):
    """Dynamic shapes are planned at the sizes' upper bounds (mark_dynamic's
    max), else at the traced size: one plan serves every size of the range."""

    def steps(self, backend, seqs, mark=True, dynamic=None):
        """Runs the GPT compiled with `backend` at each sequence length;
        returns per length the gradients and the measured peak."""
        torch._dynamo.reset()
        rt.clear_plans()
        torch.manual_seed(0)
        model = GPT(layers=2, hidden=64, heads=2, vocab=128, dropout=0.0)
        compiled = torch.compile(model, backend=backend, dynamic=dynamic)
        out = {}
        for seq in seqs:
            gen = torch.Generator().manual_seed(seq)
            x = torch.randn(2, seq, 64, generator=gen, requires_grad=True)
            labels = torch.randint(0, 128, (2 * seq,), generator=gen)
            if mark:
                torch._dynamo.mark_dynamic(x, 1, min=16, max=128)
                torch._dynamo.mark_dynamic(labels, 0, min=32, max=256)
            for measured in (False, True):   # (compiled outside the profiler)
                for p in model.parameters():
                    p.grad = None
                x.grad = None
                if measured:
                    _, peak = rt.measure_peak(lambda: compiled(x, labels).backward())
                else:
                    compiled(x, labels).backward()
            out[seq] = ([p.grad.clone() for p in model.parameters()] + [x.grad.clone()], peak)
        return out

    def test_planned_at_the_upper_bound(self):
        seqs = (64, 128, 16, 100)
        ref = self.steps(rt.pytorch_backend("default"), seqs)
        got = self.steps(rt.backend(policy="auto", budget="3MiB"), seqs)
        plans = rt.plans()
        self.assertEqual(len(plans), 1, [p.fallback for p in plans])   # one plan, every size
        info = plans[0]
        self.assertIsNone(info.fallback)
        self.assertEqual(list(info.dynamic_sizes.values()),
                         [{"min": 16, "max": 128, "planned_at": 128, "at": "upper bound"}])
        for seq in seqs:
            self.assertTrue(equal(got[seq][0], ref[seq][0]), f"gradients differ at {seq}")
            # The plan's peak is the step's at the upper bound, and bounds it below.
            self.assertLessEqual(got[seq][1], plan_peak(info) + SLACK, seq)
        self.assertLessEqual(abs(got[128][1] - plan_peak(info)), SLACK)
        self.assertLessEqual(plan_peak(info), 3 * 2**20)

    def test_unbounded_sizes_planned_at_the_traced_size(self):
        ref = self.steps(rt.pytorch_backend("default"), (48,), mark=False, dynamic=True)
        got = self.steps(rt.backend(policy="selective"), (48,), mark=False, dynamic=True)
        info = rt.last_plan()
        self.assertIsNone(info.fallback)
        self.assertIn({"min": 2, "max": None, "planned_at": 48, "at": "hint"},
                      list(info.dynamic_sizes.values()))
        self.assertTrue(equal(got[48][0], ref[48][0]))
        self.assertLessEqual(abs(got[48][1] - plan_peak(info)), SLACK)


    def test_data_dependent_sizes(self):
        # nonzero's size is bounded by its input's (planned at 16); an
        # item() used as a size is planned at a torch._check bound, and
        # without one falls back with the reason.
        lin = torch.nn.Linear(8, 8)

        def gather(x):
            idx = torch.nonzero(x[:, 0] > 0).squeeze(1)
            return lin(lin(x[idx]).relu()).sum()

        def repeat(x, n, bound):
            k = n.item()
            torch._check(k >= 0)
            if bound:
                torch._check(k <= 32)
            return (lin(x).relu().sum(0) * torch.ones(k, 8)).sum()

        cases = ((gather, (), {"min": 0, "max": 16, "planned_at": 16, "at": "upper bound"}),
                 (repeat, (torch.tensor(5), True), {"min": 0, "max": 32, "planned_at": 32,
                                                    "at": "upper bound"}),
                 (repeat, (torch.tensor(5), False), None))
        with torch._dynamo.config.patch(capture_dynamic_output_shape_ops=True,
                                        capture_scalar_outputs=True):
            for fn, extra, sizes in cases:
                grads = []
                for backend in (rt.pytorch_backend("default"), rt.backend(policy="full", strict=False)):
                    torch._dynamo.reset()
                    rt.clear_plans()
                    x = torch.randn(16, 8, generator=torch.Generator().manual_seed(1),
                                    requires_grad=True)
                    step = torch.compile(functools.partial(fn, bound=extra[1]) if extra else fn,
                                         backend=backend, fullgraph=True)
                    with warnings.catch_warnings(record=True) as caught:
                        warnings.simplefilter("always")
                        step(x, *extra[:1]).backward()
                    grads.append(x.grad)
                info = rt.last_plan()
                self.assertTrue(torch.equal(*grads), fn.__name__)
                if sizes is None:
                    self.assertIn("data-dependent size", info.fallback)
                    self.assertTrue(any("torch._check(size <= bound)" in str(w.message)
                                        for w in caught))
                else:
                    self.assertIsNone(info.fallback)
                    self.assertEqual(list(info.dynamic_sizes.values()), [sizes])


def _join_ranks(rank, world, out_dir):
    """Joins the gloo process group through a file in out_dir (no TCP port
    to pick: a port chosen free and then taken by another process before
    rank 0 listens on it would fail or hang the rendezvous)."""
    import torch.distributed as dist
    dist.init_process_group("gloo", init_method="file://" + os.path.join(out_dir, "store"),
                            rank=rank, world_size=world)


def _tp_worker(rank, world, configs, out_dir):
    """One rank of a 2-way tensor-parallel MLP step (DTensor over gloo):
    for each (backend, collectives) in configs, the gradients (local
    shards), remat's saved set and the backward's all-reduces, saved to
    out_dir/<rank>.pt."""
    import torch.distributed as dist
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.tensor.parallel import (ColwiseParallel, RowwiseParallel,
                                                   parallelize_module)
    _join_ranks(rank, world, out_dir)
    mesh = init_device_mesh("cpu", (world,))
    results = []
    for policy, collectives, sync in configs:
        torch._functorch.config._sync_decision_cross_ranks = sync
        torch._dynamo.reset()
        rt.clear_plans()
        torch.manual_seed(0)
        # (Two MLPs without numbered submodules: one checkpoint block, so
        # that full recomputes the first MLP's all-reduce for the second's
        # weight gradients unless the collectives are kept.)
        blocks = torch.nn.ModuleDict({name: torch.nn.ModuleDict(
            {"up": torch.nn.Linear(32, 128, bias=False), "down": torch.nn.Linear(128, 32, bias=False)})
            for name in ("first", "second")})
        for block in blocks.values():
            parallelize_module(block, mesh, {"up": ColwiseParallel(), "down": RowwiseParallel()})

        def step(x):
            for block in blocks.values():
                x = x + block["down"](torch.nn.functional.gelu(block["up"](x)))
            return x.sum()
        # (temporaries="none": the plan's peak is compared with a replay of
        # the graphs, which knows no kernel temporaries. skip_useless=False:
        # full as stated; in one block it peaks at none's peak.)
        backend = (rt.pytorch_backend("default") if policy == "default"
                   else rt.backend(policy=policy, collectives=collectives, temporaries="none",
                                   skip_useless=False))
        x = torch.randn(8, 16, 32, generator=torch.Generator().manual_seed(3))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.compile(step, backend=backend, fullgraph=True)(x).backward()
        info = rt.last_plan()
        bw = info.bw_module if info is not None else None
        results.append(dict(
            grads=[p.grad.to_local().clone() for p in blocks.parameters()],
            fallback=info.fallback if info is not None else None,
            saved=info.saved if info is not None else None,
            bw_all_reduces=None if bw is None else sum(
                "all_reduce" in str(n.target) for n in bw.graph.nodes),
            # The plan's peak and a replay of the partition's two graphs.
            peaks=None if policy == "default" else (
                rt.step_peak(info), rt.partition_stats(info.fw_module, bw)["peak_bytes"])))
    torch.save(results, os.path.join(out_dir, f"{rank}.pt"))
    dist.destroy_process_group()


def _data_parallel_worker(rank, world, configs, out_dir):
    """One rank of a data-parallel GPT step (DDP, or FSDP2 with each layer
    sharded) for each (kind, policy) in configs: the gradients (local
    shards) and each region's fallback, saved to out_dir/<rank>.pt."""
    import torch.distributed as dist
    _join_ranks(rank, world, out_dir)
    results = []

    def build(kind, backend):
        torch._dynamo.reset()
        rt.clear_plans()
        torch.manual_seed(0)
        model = GPT(layers=2, hidden=64, heads=2, vocab=128, dropout=0.0)
        if kind == "fsdp":
            from torch.distributed.fsdp import fully_shard
            for layer in model.layers:
                fully_shard(layer)
            fully_shard(model)
        else:
            from torch.nn.parallel import DistributedDataParallel
            model = DistributedDataParallel(model)
        return model, torch.compile(model, backend=backend)

    for kind, policy in configs:
        gen = torch.Generator().manual_seed(rank)
        # (Sequence 128: the activations, not the parameters FSDP2 gathers
        # outside the regions, make the step.)
        seq = 128
        x = torch.randn(2, seq, 64, generator=gen)
        labels = torch.randint(0, 128, (2 * seq,), generator=gen)
        step = None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if policy == "step":
                # A step budget at 0.85 of policy none's measured step.
                model, compiled = build(kind, rt.backend(policy="none"))
                none_peak, _ = measured_step(compiled, x, labels, runs=3)
                step = rt.StepBudget(int(none_peak * 0.85))
                model, compiled = build(kind, step.backend)
                step.plan(lambda: compiled(x, labels).backward(), model)
                planned = len(rt.plans())
                # (Five steps: FSDP2's prefetches overlap gloo's threads,
                # whose allocations the profiler counts, so its peak varies
                # from step to step.)
                runs = [measured_step(compiled, x, labels, runs=1 if k else 2)[0]
                        for k in range(5)]
                for p in model.parameters():
                    p.grad = None
                compiled(x, labels).backward()
            else:
                model, compiled = build(kind, rt.pytorch_backend("default") if policy == "default"
                                        else rt.backend(policy=policy))
                compiled(x, labels).backward()
        infos = rt.plans()[planned:] if step else rt.plans()
        results.append(dict(
            grads=[p.grad.to_local().clone() if hasattr(p.grad, "to_local") else p.grad.clone()
                   for p in model.parameters()],
            fallbacks=[info.fallback for info in infos], regions=len(infos),
            saved=[info.saved for info in infos],
            step=step and dict(budget=step.budget, runs=runs,
                               planned=step.report["measured_peak_bytes"],
                               calls=step.report["calls"],
                               chosen=step.report["chosen"]["model_peak_bytes"],
                               rounds=[(e["model_peak_bytes"], e["measured_peak_bytes"])
                                       for e in step.report["rounds"][1:]])))
    torch.save(results, os.path.join(out_dir, f"{rank}.pt"))
    dist.destroy_process_group()


def _spawn(worker, configs, tries=2, deadline=150):
    """Runs worker on 2 gloo ranks; returns each rank's results. A run
    whose ranks have not finished within `deadline` seconds (alone the
    tests take 10-20 s) is killed and run again, at most `tries` runs:
    under a loaded CI machine a 2-rank gloo run has hung now and then
    (twice in fresh-clone CI runs, never alone); a rank's error or a
    failed assertion is not retried."""
    import tempfile
    import torch.multiprocessing as mp
    for attempt in range(tries):
        with tempfile.TemporaryDirectory() as out_dir:
            context = mp.spawn(worker, args=(2, configs, out_dir), nprocs=2, join=False)
            end = time.monotonic() + deadline
            while not context.join(timeout=5):
                if time.monotonic() > end:
                    for process in context.processes:
                        process.kill()
                    break
            else:
                return [torch.load(os.path.join(out_dir, f"{r}.pt")) for r in range(2)]
        print(f"(the 2-rank workers did not finish within {deadline} s: run {attempt + 1} "
              f"of {tries})", file=sys.stderr)
    raise TimeoutError(f"the 2-rank workers did not finish within {deadline} s, {tries} times")


class TensorParallelTest(unittest.TestCase):
    def test_data_parallel_planned(self):
        # DDP and FSDP2 (each layer sharded: a region per layer) steps are
        # planned, no region falls back, gradients bit-identical to the
        # default partition's on both ranks.
        # With a step budget (StepBudget, at 0.85 of policy none's measured
        # step): the plan's measured step fits it, the median of five steps
        # after planning fits it too, the largest step measured with the
        # plan wastes under 2% of it, the ranks make the same plan.
        configs = [("ddp", "default"), ("ddp", "auto"), ("ddp", "step"),
                   ("fsdp", "default"), ("fsdp", "auto"), ("fsdp", "step")]
        ranks = _spawn(_data_parallel_worker, configs)
        for rank in ranks:
            for k in (1, 2, 4, 5):
                default = 0 if k < 3 else 3
                self.assertGreater(rank[k]["regions"], 0, configs[k])
                self.assertEqual(rank[k]["fallbacks"], [None] * rank[k]["regions"], configs[k])
                self.assertTrue(equal(rank[k]["grads"], rank[default]["grads"]), configs[k])
            for k in (2, 5):
                step = rank[k]["step"]
                measured = sorted(step["runs"])[2]     # the median step
                print(f"({configs[k][0]} step budget {step['budget']}: planned "
                      f"{step['planned']}, measured {step['runs']})", file=sys.stderr)
                # (The figures in each message: lit shows stdout alone.)
                # FSDP2's steps over gloo vary downward with its threads'
                # timing (the first step after planning measured
                # 3,221,252-3,368,708 against 3,582,996 in 14 runs), in the
                # plan's own measured runs too under a loaded CI: the steps
                # after planning are held to the budget, not to the plan's
                # figure, and the waste is the largest step measured with
                # the plan (its own runs and the five after). What gloo's
                # threads allocate beside the regions varies between
                # processes too (80 KB: one CI run measured the same plan
                # at 3,503,124 where others measure 3,582,996), so a plan
                # may waste more than 2% where each larger plan the rounds
                # tried measured over the budget: the search is held to
                # that, not to a figure the step's noise decides.
                seen = (configs[k], step["budget"], step["planned"], step["runs"],
                        step["rounds"])
                self.assertLessEqual(step["planned"], step["budget"], seen)
                self.assertLessEqual(measured, step["budget"], seen)
                larger_overflowed = any(model > step["chosen"] and peak > step["budget"]
                                        for model, peak in step["rounds"])
                if not larger_overflowed:
                    self.assertGreaterEqual(max(step["runs"] + [step["planned"]]),
                                            step["budget"] * 0.98, seen)
        self.assertGreater(ranks[0][5]["step"]["calls"], 1)   # FSDP2: a region per layer
        for k in (2, 5):
            self.assertEqual(ranks[0][k]["saved"], ranks[1][k]["saved"], configs[k])

    def test_tensor_parallel_planned(self):
        # DTensor passes its DeviceMesh into the joint graph (an opaque
        # input) and puts functional collectives in it: remat plans the
        # step, keeps the collectives by default (no all-reduce recomputed
        # in the backward), costs them with collectives="recompute", and
        # both ranks make the same plan, gradients bit-identical to the
        # default partition's.
        configs = [("default", None, False), ("full", "keep", False), ("full", "recompute", False),
                   ("auto", "keep", False), ("auto", "recompute", True)]
        ranks = _spawn(_tp_worker, configs)
        for rank in ranks:
            default = rank[0]
            for config, got in zip(configs[1:], rank[1:]):
                self.assertIsNone(got["fallback"], config)
                self.assertTrue(equal(got["grads"], default["grads"]), config)
                # The partition's replayed peak is the plan's.
                self.assertEqual(got["peaks"][0], got["peaks"][1], config)
            keep, recompute = rank[1], rank[2]
            self.assertEqual(keep["bw_all_reduces"], default["bw_all_reduces"])
            self.assertGreater(recompute["bw_all_reduces"], keep["bw_all_reduces"])
            self.assertTrue(any(name.startswith("wait_tensor") for name in keep["saved"]))
        for config, a, b in zip(configs[1:], ranks[0][1:], ranks[1][1:]):
            self.assertEqual(a["saved"], b["saved"], config)   # the same plan on both ranks


    def test_dead_collective_chain_removed(self):
        # A collective the plan leaves dead in a graph goes with the chain
        # that only fed it (PyTorch's partitioners' dead-code removal takes
        # the collective alone and keeps its input chain live); a random
        # draw stays (removing it would change the draws after it).
        import torch.fx as fx
        from torch._functorch import partitioners

        def graph():
            g = fx.Graph()
            x = g.placeholder("x")
            chain = g.call_function(torch.ops.aten.mul.Tensor, (x, x))
            reduced = g.call_function(torch.ops._c10d_functional.all_reduce.default,
                                      (chain, "sum", "0"))
            g.call_function(torch.ops._c10d_functional.wait_tensor.default, (reduced,))
            g.call_function(torch.ops.aten.rand.default, ([4],), {"device": torch.device("cpu")})
            g.output(g.call_function(torch.ops.aten.neg.default, (x,)))
            return g

        def kept(is_impure_node):
            g = graph()
            g.eliminate_dead_code(is_impure_node=is_impure_node)
            return [n.target.__name__ for n in g.nodes if n.op == "call_function"]

        self.assertEqual(kept(rt._impure), ["rand.default", "neg.default"])
        self.assertEqual(kept(partitioners.is_not_collective),
                         ["mul.Tensor", "rand.default", "neg.default"])


class FallbackTest(unittest.TestCase):
    @staticmethod
    def small_step(backend):
        """Compiles and runs one step of a small MLP with `backend`; returns
        the model and the warnings the step gave."""
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 1))
        torch._dynamo.reset()
        rt.clear_plans()
        compiled = torch.compile(model, backend=backend)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            compiled(torch.randn(8, 16)).sum().backward()
        return model, [str(w.message) for w in caught]

    def test_planner_failure_falls_back_when_not_strict(self):
        _, caught = self.small_step(rt.backend(budget="1KiB", strict=False))
        self.assertIn("no plan fits budget", rt.last_plan().fallback)
        self.assertTrue(any("remat: falling back" in m for m in caught))

    def test_broken_planner_falls_back(self):
        saved = os.environ.get("REMAT_OPT")
        os.environ["REMAT_OPT"] = "/bin/false"  # runs, fails, writes nothing
        try:
            model, _ = self.small_step(rt.backend(budget="1GiB", strict=False))
            self.assertIn("the planner failed: remat-opt exited with 1", rt.last_plan().fallback)
            self.assertTrue(all(p.grad is not None for p in model.parameters()))
            # strict=True (the default): every fallback is an exception.
            with self.assertRaises(torch._dynamo.exc.BackendCompilerFailed) as raised:
                self.small_step(rt.backend(budget="1GiB"))
        finally:
            if saved is None:
                del os.environ["REMAT_OPT"]
            else:
                os.environ["REMAT_OPT"] = saved
        self.assertIsInstance(raised.exception.inner_exception, rt.PlanError)
        self.assertIn("remat-opt exited with 1", str(raised.exception))


class ConvNetTest(unittest.TestCase):
    def test_batchnorm_mutations_and_convolutions(self):
        # A CNN with BatchNorm: convolutions costed by PyTorch's formulas,
        # the running statistics (input mutations, which AOTAutograd applies
        # after the graph) updated exactly as under the default partition.
        def make():
            torch.manual_seed(0)
            nn = torch.nn
            return nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                                 nn.Conv2d(8, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                                 nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10))
        x, y = torch.randn(4, 3, 16, 16), torch.randint(0, 10, (4,))
        results = []
        for backend in (rt.pytorch_backend("default"), rt.backend(policy="auto", max_overhead=0.1),
                        rt.backend(policy="selective")):
            model = make()
            torch._dynamo.reset()
            rt.clear_plans()
            compiled = torch.compile(model, backend=backend, fullgraph=True)
            torch.nn.functional.cross_entropy(compiled(x), y).backward()
            results.append(([p.grad for p in model.parameters()], list(model.buffers())))
            info = rt.last_plan()
            if info.partitioner == "remat":
                self.assertIsNone(info.fallback)
                self.assertIn("aten.convolution.default", info.ir)
                self.assertIn('cost_class = "gemm"', info.ir)
        for grads, buffers in results[1:]:
            self.assertTrue(equal(grads, results[0][0]))
            self.assertTrue(equal(buffers, results[0][1]))


class InductorTest(unittest.TestCase):
    def test_inductor_custom_partitioner(self):
        torch.manual_seed(0)
        model = GPT(layers=2, hidden=64, heads=4, vocab=128, dropout=0.0)
        inputs = (torch.randn(2, 32, 64), torch.randint(0, 128, (64,)))
        eager = run(model, inputs, None)
        backend = rt.backend(policy="auto", max_overhead=0.05, compiler="inductor")
        # Planned with the caches off; with them on, a compile that
        # Inductor's caches serve (the third here) is marked in plans().
        with graph_caches_off():
            out = run(model, inputs, backend)
        info = out[3]
        self.assertIsNone(info.fallback)
        self.assertIsNotNone(info.report)
        self.assertFalse(info.from_cache)
        for _ in range(2):
            run(model, inputs, backend)
        self.assertTrue(rt.last_plan().from_cache)
        # Inductor fuses and reassociates: close, not equal.
        for a, b in zip(eager[1], out[1]):
            torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-6)


class OffloadTest(SmallGPT, unittest.TestCase):
    """Host offload (docs/PyTorch.md, "Host offload"), planned for h200 on
    this CPU machine: the host copies live outside PyTorch's allocator, so
    the profiler's peak is the plan's device peak and the copies' own
    counter its host peak."""

    def check_offload(self, **options):
        info, peak = self.check(device="h200", **options)
        report = info.report
        self.assertTrue(info.offloaded)
        self.assertEqual(len(info.offloaded), len(report["offloaded"]))
        # Host bytes: the copies' counter, the plan and the graphs agree.
        host = report["result"]["host_peak_bytes"]
        self.assertEqual(_torch_offload.host_bytes()[1], host)
        stats = rt.partition_stats(info.fw_module, info.bw_module)
        self.assertEqual(stats["host_peak_bytes"], host)
        # Each value leaves the forward through a copy and its wait, placed
        # before the plan's offload point; the backward reads it back
        # through a reload at the plan's prefetch point.
        fw = list(info.fw_module.graph.nodes)
        bw = list(info.bw_module.graph.nodes)
        outputs = [n.name for n in fw[-1].args[0]]
        for name, entry in zip(info.offloaded, report["offloaded"]):
            self.assertIn(f"host_{name}", outputs)
            self.assertNotIn(name, outputs)
            wait = next(n for n in fw if n.name == f"host_{name}")
            self.assertIs(wait.target, _torch_offload.WAIT)
            self.assertIs(wait.args[0].target, _torch_offload.OFFLOAD)
            before = entry["offload_before"]
            at = before and next((n for n in fw if n.name == before["loc"].strip('"')), None)
            if at is not None:
                self.assertEqual(fw.index(wait) + 1, fw.index(at))
            reloaded = next(n for n in bw if n.name == f"reloaded_{name}")
            reload = reloaded.args[0]
            self.assertIs(reload.target, _torch_offload.RELOAD)
            first = min(bw.index(u) for u in reloaded.users)
            self.assertLess(bw.index(reload), bw.index(reloaded))
            self.assertLess(bw.index(reloaded), first)
            prefetch = entry["prefetch_before"]
            at = prefetch and next((n for n in bw if n.name == prefetch["loc"].strip('"')), None)
            if at is not None and bw.index(at) <= first:
                self.assertEqual(bw.index(reload) + 1, bw.index(at))
        return info, peak

    def test_offload_policy(self):
        info, peak = self.check_offload(policy="offload")
        none, none_peak = self.check(policy="none", device="h200")
        self.assertLess(peak, none_peak)
        self.assertEqual(info.report["result"]["recompute_flops"], 0)

    def test_auto_offloads_below_keep_recompute_least_peak(self):
        # The least peak without offload, then a budget only offload reaches.
        with self.assertRaises(Exception) as ctx:
            run(self.model, self.inputs, rt.backend(budget="1KiB", device="h200"))
        least = int(str(ctx.exception).split("the smallest peak remat found for this function "
                                             "is ")[1].split()[0])
        info, peak = self.check_offload(policy="auto", offload=True, budget=least - 1)
        self.assertLessEqual(peak + info.report["argument_bytes"], least - 1 + SLACK)
        info, _ = self.check_offload(policy="auto", budget=least - 1, host_budget="64KiB")
        self.assertLessEqual(info.report["result"]["host_peak_bytes"], 64 * 1024)

    def test_offload_errors(self):
        for options, message in ((dict(policy="offload", device="cpu"), "host link"),
                                 (dict(policy="none", offload=True), "'auto' only"),
                                 (dict(policy="full", host_budget="1GiB"), "'offload'"),
                                 (dict(policy="offload", host_budget="12XB"), "host_budget"),
                                 (dict(offload="yes"), "offload")):
            with self.assertRaisesRegex(ValueError, message, msg=options):
                rt.backend(**options)
        # CPU tensors and no device: no host link, an error (not a fallback
        # that keeps everything on the device).
        with self.assertRaisesRegex(Exception, "host link"):
            run(self.model, self.inputs, rt.backend(policy="offload"))

    def test_offload_under_inductor(self):
        with graph_caches_off():
            ref = run(self.model, self.inputs, rt.backend(policy="none", compiler="inductor"))
            loss, grads, peak, info = run(self.model, self.inputs,
                                          rt.backend(policy="offload", device="h200",
                                                     compiler="inductor"))
        self.assertIsNone(info.fallback)
        self.assertTrue(info.offloaded)
        self.assertTrue(torch.equal(loss, ref[0]))
        self.assertTrue(equal(grads, ref[1]))
        # Inductor's own figure (its wrapper code) is what the step allocated,
        # and below policy none's.
        self.assertLessEqual(abs(info.inductor["peak_bytes"] - peak), SLACK)
        self.assertLess(peak, ref[2])


class InductorBudgetTest(unittest.TestCase):
    """The budget in Inductor's own numbers: the plan on the buffers
    Inductor allocates, the compiled step's peak read from its wrapper code
    (equal to the profiler's measurement), and rounds that replan until the
    compiled step fits."""

    @classmethod
    def setUpClass(cls):
        torch.manual_seed(0)
        cls.model = GPT(layers=2, hidden=64, heads=4, vocab=128, dropout=0.0)
        cls.inputs = (torch.randn(2, 64, 64), torch.randint(0, 128, (128,)))
        cls.results = {}
        # (Inductor's caches off: a compile they serve makes no plan to read.)
        with graph_caches_off():
            for policy in ("none", "full"):
                cls.results[policy] = run(cls.model, cls.inputs,
                                          rt.backend(policy=policy, compiler="inductor"))

    def measured(self, out):
        """The measured step peak in the budget's terms (arguments included)."""
        return out[2] + out[3].report["argument_bytes"]

    def test_wrapper_code_figure_is_the_measured_peak(self):
        for policy, out in self.results.items():
            info = out[3]
            self.assertEqual(info.memory, "inductor")
            self.assertGreater(info.inlined, 0)
            self.assertIn("inductor", info.report)
            # Inductor's own plan of the step, read from its code: the
            # profiler's figure (allocations round up: SLACK).
            self.assertLessEqual(abs(info.inductor["peak_bytes"] - out[2]), SLACK, policy)

    def test_figure_with_the_outputs_held(self):
        # A step that holds the forward's outputs through the backward
        # (`out = model(x); out.loss.backward()`, keep_outputs=True): the
        # logits are held, their zero-filled tangent is freed after its
        # last use (torch 2.15), and the loss's 0-dim seed is held. The
        # figure counted every tangent held (the logits' twice) and was
        # above the measured step by exactly the logits' tangent.
        torch.manual_seed(0)
        gpt = GPT(layers=2, hidden=64, heads=4, vocab=512, dropout=0.0)

        class WithLogits(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.gpt = gpt

            def forward(self, x, labels):
                b, t, _ = x.shape
                h = x
                for layer in self.gpt.layers:
                    h = layer(h)
                logits = self.gpt.head(self.gpt.lnf(h))
                return (torch.nn.functional.cross_entropy(logits.view(b * t, -1), labels),
                        logits)
        model = WithLogits()
        x, labels = torch.randn(2, 64, 64), torch.randint(0, 512, (128,))
        torch._dynamo.reset()
        rt.clear_plans()
        with graph_caches_off():
            compiled = torch.compile(model, backend=rt.backend(policy="none",
                                                               compiler="inductor"),
                                     fullgraph=True)
            compiled(x, labels)

        def once():
            out = compiled(x, labels)
            out[0].backward()
            return out
        _, peak = rt.measure_peak(once)
        info = rt.last_plan()
        self.assertIsNone(info.fallback)
        self.assertLessEqual(abs(info.inductor["peak_bytes"] - peak), SLACK)

    def test_model_on_inductors_buffers(self):
        # The per-op model counts buffers Inductor never allocates: on the
        # buffers Inductor allocates the plan is much nearer the step.
        info = self.results["none"][3]
        with graph_caches_off():
            ops = run(self.model, self.inputs,
                      rt.backend(policy="none", compiler="inductor", memory="ops"))[3]
        self.assertEqual(ops.memory, "ops")
        measured = self.measured(self.results["none"])
        inductor_model = info.report["result"]["peak_bytes"]
        ops_model = ops.report["result"]["peak_bytes"]
        self.assertLess(abs(inductor_model - measured), abs(ops_model - measured))
        self.assertLess(len(info.ir.splitlines()), len(ops.ir.splitlines()))
        # Inductor's in-place kernels in the backward are modeled (a result
        # written into a dying operand's buffer); the per-op model has none.
        self.assertGreater(info.inplace, 0)
        self.assertEqual(info.ir.count('"remat.inplace"'), info.inplace)
        self.assertEqual(ops.inplace, 0)

    def test_budget_holds_in_inductors_numbers(self):
        low, high = self.measured(self.results["full"]), self.measured(self.results["none"])
        budget = (low + high) // 2
        loss, grads, peak, info = run(self.model, self.inputs,
                                      rt.backend(budget=budget, compiler="inductor"))
        measured = peak + info.report["argument_bytes"]
        self.assertLessEqual(measured, budget)
        self.assertEqual(info.inductor["budget_bytes"], budget)
        self.assertTrue(info.inductor["rounds"])
        self.assertLessEqual(info.inductor["step_peak_bytes"], budget)
        # One plan in plans() (the rounds not kept are dropped).
        self.assertEqual(len(rt.plans()), 1)
        for a, b in zip(grads, self.results["none"][1]):
            torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-6)

    def test_input_copies_counted(self):
        # A convolution's input and weight are inputs of the step, which
        # cost it nothing; Inductor's CPU forward copies them into the
        # channels-last layout its kernels want and saves the copies for
        # the backward (the ViT's patch embedding). Counted, Inductor's
        # figure is the measured peak; before, it was the copies' bytes
        # below it. Inductor also runs a conv net's convolutions
        # channels-last (its layout optimization): the backward's fallback kernels get channels-last
        # operands, whose temporaries differ from the FX graph's contiguous
        # layout, and the strided convolution's weight gradient comes back
        # channels-last, which the autograd engine copies into the
        # parameter's layout (the gradient layout contract) while the
        # returned one still lives. The figure counts both; before, it
        # measured the kernels' temporaries in the FX layout (16,384 bytes
        # above the step here) and did not count the copy (ConvNeXt's step
        # was 3.5% above its figure).
        class Stages(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.stem = torch.nn.Conv2d(3, 16, 4, stride=4)
                self.dw = torch.nn.Conv2d(16, 16, 7, padding=3, groups=16)
                self.down = torch.nn.Conv2d(16, 128, 2, stride=2)
                self.dw2 = torch.nn.Conv2d(128, 128, 7, padding=3, groups=128)
                self.head = torch.nn.Linear(128, 10)

            def forward(self, x, y):
                h = self.stem(x)
                h = h + torch.nn.functional.gelu(self.dw(h))
                h = self.down(h)
                h = h + torch.nn.functional.gelu(self.dw2(h))
                return torch.nn.functional.cross_entropy(self.head(h.mean((2, 3))), y)

        torch.manual_seed(0)
        model = Stages()
        inputs = (torch.randn(2, 3, 32, 32), torch.randint(0, 10, (2,)))
        with graph_caches_off():
            _, _, peak, info = run(model, inputs, rt.backend(policy="none", compiler="inductor"))
        # The images' copy (2 x 3 x 32 x 32 floats), the stem's weight's
        # (16 x 3 x 4 x 4) and the strided convolution's (128 x 16 x 2 x 2).
        self.assertEqual(info.inductor["input_copies_bytes"], 24576 + 3072 + 32768)
        # The strided convolution's weight gradient (128 x 16 x 2 x 2 floats).
        self.assertEqual(info.inductor["gradient_copies_bytes"], 32768)
        self.assertLessEqual(abs(info.inductor["peak_bytes"] - peak), SLACK)


    def test_pytorch_partitioner_under_inductor(self):
        # PyTorch's min-cut as Inductor's partitioner (torch.compile's
        # default), recorded: Inductor's figure is the measured peak, and
        # plan_of_partition puts it and remat's plan on one yardstick.
        _, grads, peak, info = run(self.model, self.inputs, rt.pytorch_backend(
            "min_cut", 0.5, compiler="inductor"))
        self.assertEqual(info.partitioner, "min_cut")
        self.assertLessEqual(abs(info.inductor["peak_bytes"] - peak), SLACK)
        for a, b in zip(grads, self.results["none"][1]):
            torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-6)
        ours = rt.plan_of_partition(self.results["full"][3])
        theirs = rt.plan_of_partition(info)
        self.assertGreater(ours["result"]["recompute_flops"], 0)
        self.assertIn("recompute_flops", theirs["result"])
        with self.assertRaises(ValueError):
            rt.pytorch_backend("min_cut", 0.5, compiler="inductor",
                               compilers=(None, None))

    def test_impossible_budget_names_inductors_least(self):
        # Below every plan: the first round plans the least peak of remat's
        # model, the rounds left plans a quarter and half of the way from
        # it to that plan's figure (the figure is not monotone in the
        # model's peak), and the error states the least figure reached.
        torch.manual_seed(0)
        model = GPT(layers=2, hidden=64, heads=4, vocab=128, dropout=0.1)
        with self.assertRaises(Exception) as ctx:
            run(model, self.inputs, rt.backend(budget="1KiB", compiler="inductor",
                                               verify_rounds=3))
        error = rt.budget_error(ctx.exception)
        self.assertIsNotNone(error, repr(ctx.exception))
        self.assertIsNone(rt.budget_error(ValueError("not a budget")))
        message = str(error)
        self.assertIn("Inductor's step peak", message)
        rounds = [(int(b), int(t)) for t, b in re.findall(
            r"(\d+) bytes at an internal budget of (\d+)", message)]
        self.assertEqual(len(rounds), 3, message)
        first = rounds[0][1]
        self.assertTrue(all(1024 < b < first for b, _ in rounds[1:]), message)
        self.assertLess(rounds[1][0], rounds[2][0], message)
        self.assertEqual(error.least_peak, min(t for _, t in rounds))
        self.assertIn(f"the least reached is {error.least_peak} bytes", message)
        # That least as the budget: reached again (the region's rounds are
        # remembered), the step within it.
        out = run(model, self.inputs, rt.backend(budget=error.least_peak, compiler="inductor",
                                                 verify_rounds=3))
        self.assertEqual(out[3].inductor["step_peak_bytes"], error.least_peak)
        self.assertLessEqual(self.measured(out), error.least_peak + SLACK)

    def test_options(self):
        with self.assertRaises(ValueError):
            rt.backend(compiler="inductor", memory="fused")
        with self.assertRaises(ValueError):
            rt.backend(compiler="inductor", verify_rounds=0)


class AddmmOrderTest(unittest.TestCase):
    def test_product_moves_to_its_sum(self):
        # Inductor's post-grad pass on the CPU writes add(mm(a, b), c) as
        # addmm(c, a, b) where nothing else reads the product: on its
        # buffers remat's model computes the product where the sum is, so
        # a and b live until then (a tied embedding's weight gradient).
        import torch.fx as fx
        aten = torch.ops.aten

        def f(a, b, c, t):
            m = aten.mm.default(a, b)
            x = aten.mul.Tensor(t, 2)
            return aten.add.Tensor(m, c), x

        def traced(c_dtype, extra_reader=False):
            gm = fx.symbolic_trace(f)
            args = (torch.ones(4, 8), torch.ones(8, 3), torch.ones(4, 3, dtype=c_dtype),
                    torch.ones(5))
            env = dict(zip([n for n in gm.graph.nodes if n.op == "placeholder"], args))
            for n in gm.graph.nodes:
                if n.op == "call_function":
                    n.meta["val"] = n.target(*[env.get(a, a) for a in n.args])
                    env[n] = n.meta["val"]
                elif n.op == "placeholder":
                    n.meta["val"] = env[n]
            if extra_reader:
                mm = next(n for n in gm.graph.nodes if n.target is aten.mm.default)
                out = next(n for n in gm.graph.nodes if n.op == "output")
                out.args = (out.args[0] + (mm,),)
            return [n.name.split("_")[0] for n in rt._addmm_order(
                [n for n in gm.graph.nodes if n.op == "call_function"])]

        self.assertEqual(traced(torch.float32), ["mul", "mm", "add"])
        # Not where the pass does not apply: another dtype, another reader.
        self.assertEqual(traced(torch.float64), ["mm", "mul", "add"])
        self.assertEqual(traced(torch.float32, extra_reader=True), ["mm", "mul", "add"])


class WrapperSimulationTest(unittest.TestCase):
    """remat.inductor.simulate on wrapper code written by hand: allocation,
    reuse, aliasing, multi-output items, frees and the returned values."""

    SOURCE = """
class Runner:
    def call(self, args):
        a, b = args
        args.clear()
        buf0 = empty_strided_cpu((10, ), (1, ), torch.float32)
        cpp_fused_0(a, buf0)
        del a
        buf1 = buf0; del buf0  # reuse
        buf2 = empty_strided_cpu((20, ), (1, ), torch.float32)
        buf3 = reinterpret_tensor(buf2, (4, 5), (5, 1), 0); del buf2  # reuse
        buf4 = torch.ops.aten.some_fallback.default(buf1, buf3)
        buf5 = buf4[0]
        buf6 = buf4[1]
        del buf4
        del buf1
        del buf6
        return (buf3, buf5, b, )
"""

    def test_simulate(self):
        from remat import inductor as ri
        nbytes = {"buf0": 40, "buf1": 40, "buf2": 80, "buf3": 80, "buf4": 0, "buf5": 12,
                  "buf6": 16, "buf7": 4}
        node = object()   # the fallback kernel's FX node, as the callback sees it
        graph = ri.WrapperGraph(self.SOURCE, nbytes, False, fallbacks={"buf4": node},
                                items={"buf4": ["buf5", "buf6", "buf7"]},
                                fallback_strides={"buf4": [(4, 1), None]})
        seen = []

        def temporary(n, strides):
            seen.append((n, strides))
            return 50
        peak, returned, freed, live = ri.simulate(
            graph, lambda name, k: ((name,), 100 if name == "a" else 0), start_live=7,
            temporary=temporary)
        # 7 held + a (100) + buf0 (40) = 147; a is freed before buf2 (80);
        # the fallback kernel allocates its three items (12 + 16 + 4, buf7
        # never named) and holds a 50-byte temporary while it runs, beside
        # buf1 (buf0's storage) and buf3 (buf2's): 7 + 40 + 80 + 32 + 50.
        self.assertEqual(peak, 209)
        # (The kernel's operands' strides as Inductor hands them.)
        self.assertEqual(seen, [(node, [(4, 1), None])])
        # Returned: buf3 and buf5 (b is not the step's); buf7 died with buf4.
        self.assertEqual(live, 7 + 80 + 12)
        # One entry per returned item: its storage and bytes.
        self.assertEqual([bytes_ for _, bytes_ in returned], [80, 12, 0])
        self.assertEqual(returned[2][0], ("b",))
        self.assertIn(("a",), freed)

    def test_gradient_layout_contract(self):
        # The gradients AccumulateGrad copies into the parameter's layout:
        # a channels-last weight gradient of a dense convolution (not of a
        # depthwise one: its size-1 dimension's stride does not count), with
        # the strides the compiled code returns overriding the FX value's.
        from remat import inductor as ri
        graph = torch.fx.Graph()
        weights = {"dense": (8, 4, 2, 2), "depthwise": (8, 1, 3, 3), "bias": (8,)}
        primals, grads = [], []
        for name, shape in weights.items():
            p = graph.placeholder(f"primals_{name}")
            p.meta["val"] = torch.empty(shape)
            g = graph.call_function(torch.ops.aten.clone.default, (p,))
            value = torch.empty(shape)
            g.meta["val"] = value.to(memory_format=torch.channels_last) \
                if value.dim() == 4 else value
            primals.append(p)
            grads.append(g)
        copies = ri.gradient_copies(primals, grads, {})
        self.assertEqual(copies, {"primals_dense": 8 * 4 * 2 * 2 * 4})
        # The code returns the dense gradient contiguous: no copy.
        self.assertEqual(ri.gradient_copies(primals, grads, {grads[0].name: (16, 4, 2, 1)}), {})
        # No gradient (None): nothing.
        self.assertEqual(ri.gradient_copies(primals, [None, None, None], {}), {})

    def test_single_item_named_by_its_kernel(self):
        # torch 2.11 names a fallback kernel's one item `buf1 = buf0; del
        # buf0` (2.15: `buf1 = buf0[0]`): the item keeps its bytes after
        # the kernel's name is dropped, until its own name is.
        source = """
class Runner:
    def call(self, args):
        a, = args
        args.clear()
        buf0 = torch.ops.remat.reload.default(a, device(type='cpu'), [4], [1])
        buf1 = buf0
        del buf0
        buf2 = empty_strided_cpu((8, ), (1, ), torch.float32)
        cpp_fused_0(buf1, buf2)
        return (buf2, )
"""
        from remat import inductor as ri
        graph = ri.WrapperGraph(source, {"buf0": 0, "buf1": 16, "buf2": 32}, True,
                                items={"buf0": ["buf1"]})
        peak, returned, freed, live = ri.simulate(graph, lambda name, k: ((name,), 0))
        self.assertEqual(peak, 16 + 32)
        self.assertEqual(live, 16 + 32)


class TransformersTest(unittest.TestCase):
    def check_model(self, kind):
        torch.manual_seed(0)
        model = transformers_model(kind)
        ids = torch.randint(0, 256, (2, 32))
        inputs = dict(input_ids=ids, labels=ids)
        eager = run(model, inputs, None)
        ref = run(model, inputs, rt.pytorch_backend("default"))
        # The step drops the logits once the forward returns
        # (model(...).loss): keep_outputs=False models it exactly, the
        # default (the caller holds them) bounds it.
        for options in (dict(policy="none", keep_outputs=False),
                        dict(policy="auto", max_overhead=0.05),
                        dict(policy="auto", max_overhead=0.05, keep_outputs=False)):
            loss, grads, peak, info = run(model, inputs, rt.backend(**options))
            self.assertIsNone(info.fallback)
            self.assertTrue(equal(grads, ref[1]), f"{kind} {options}")
            for a, b in zip(eager[1], grads):
                torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-6)
            # The plan bounds what the step allocates.
            self.assertLessEqual(peak, plan_peak(info) + SLACK, (kind, options))
            if options.get("keep_outputs") is False:
                # The plan models this step exactly.
                self.assertLessEqual(abs(peak - plan_peak(info)), SLACK, (kind, options))
                # Only the loss is a result: the logits are not held.
                self.assertNotIn("remat.forward_results = 2", info.ir)
                self.assertIn("remat.forward_results = 1", info.ir)

    def test_t5_kernel_temporaries(self):
        # T5's attention backward (the decomposed _softmax_backward_data:
        # prims.fma holds an output-sized product) and its embeddings'
        # backward allocate temporaries beyond their results. Measured and
        # planned (the default), the plan bounds the step at remat's least
        # peak; not planned, the step measures above the plan.
        from remat import planner
        # (One thread: with more, T5's backward accumulates in an order that
        # differs from run to run, the default partition's own included.)
        threads = torch.get_num_threads()
        torch.set_num_threads(1)
        self.addCleanup(torch.set_num_threads, threads)
        torch.manual_seed(0)
        model = transformers_model("t5", hidden=64, heads=4, layers=2, vocab=256)
        ids = torch.randint(0, 256, (2, 256))
        inputs = dict(input_ids=ids, labels=ids)
        ref = run(model, inputs, rt.pytorch_backend("default"))
        measured = {}
        for temporaries in ("measure", "none"):
            _, _, _, info = run(model, inputs, rt.backend(policy="none", keep_outputs=False,
                                                         temporaries=temporaries))
            with self.assertRaises(planner.BudgetError) as ctx:
                planner.plan(info.ir, policy="auto", budget=1)
            least = ctx.exception.least_peak
            _, grads, peak, info = run(model, inputs, rt.backend(
                policy="auto", budget=least, keep_outputs=False, temporaries=temporaries))
            self.assertIsNone(info.fallback)
            self.assertTrue(equal(grads, ref[1]), temporaries)
            measured[temporaries] = (peak, plan_peak(info), info.temporaries)
        peak, plan, temporaries = measured["measure"]
        self.assertTrue(any("fma" in name for name in temporaries), sorted(temporaries)[:8])
        self.assertLessEqual(peak, plan + SLACK)
        self.assertGreater(peak, 0.97 * plan)
        peak, plan, temporaries = measured["none"]
        self.assertEqual(temporaries, {})
        self.assertGreater(peak, 1.02 * plan)
        # (Written to stderr: stdout is the test runner's.)
        print(f"T5 at remat's least peak: measured/plan {measured['measure'][0]}/"
              f"{measured['measure'][1]} with temporaries, {peak}/{plan} without", file=sys.stderr)

    def test_gpt2(self):
        self.check_model("gpt2")

    def test_tangents_held_modelled(self):
        # Where AOTAutograd holds the backward's tangents until it returns
        # (torch 2.11; rt.tangents_held()), the zero-filled tangent of
        # GPT-2's logits (65,536 bytes) is live through the backward. Both
        # rules are forced in turn, so that each is checked on either kind
        # of PyTorch: under each, the plan's peak is partition_stats'
        # replay of its partition under the same rule; the replay under
        # this PyTorch's own rule is the measured step of both partitions;
        # and the rule moves auto's plan at GPT-2's backward peak by the
        # tangent's bytes.
        self.assertIsInstance(rt.tangents_held(), bool)
        torch.manual_seed(0)
        model = transformers_model("gpt2")
        ids = torch.randint(0, 256, (2, 32))
        inputs = dict(input_ids=ids, labels=ids)
        options = dict(policy="auto", max_overhead=0.05, keep_outputs=False)
        from remat.torch import _common   # (where every module of remat.torch asks)
        original, runs = _common._tangents_held, {}
        try:
            for rule in (False, True):
                _common._tangents_held = lambda rule=rule: rule
                _, _, peak, info = run(model, inputs, rt.backend(**options))
                runs[rule] = (peak, info)
        finally:
            _common._tangents_held = original
        actual = rt.tangents_held()
        for rule, (peak, info) in runs.items():
            def replay(held):
                return rt.partition_stats(info.fw_module, info.bw_module, keep_outputs=False,
                                          tangents_held=held)["peak_bytes"]
            self.assertEqual(plan_peak(info), replay(rule), rule)
            self.assertLessEqual(abs(peak - replay(actual)), SLACK, (rule, peak, replay(actual)))
        free = runs[False][1]
        self.assertEqual(rt.partition_stats(free.fw_module, free.bw_module, keep_outputs=False,
                                            tangents_held=True)["peak_bytes"] - plan_peak(free),
                         2 * 32 * 256 * 4)   # (the loss's seed is held under both)

    def test_attention_without_dropout_is_recomputed(self):
        # GPT-2's attention is one ATen op with two results (output and
        # logsumexp), tagged nondeterministic_seeded for its dropout_p; at
        # dropout_p 0 it is deterministic and may be recomputed. The
        # measured peak then follows the plan, each result a tensor of its
        # own.
        torch.manual_seed(0)
        model = transformers_model("gpt2")
        ids = torch.randint(0, 256, (2, 32))
        inputs = dict(input_ids=ids, labels=ids)
        ref = run(model, inputs, rt.pytorch_backend("default"))
        loss, grads, peak, info = run(model, inputs, rt.backend(policy="full",
                                                                 keep_outputs=False))
        self.assertIsNone(info.fallback)
        self.assertTrue(equal(grads, ref[1]))
        fw = {n.name for n in info.fw_module.graph.nodes if n.op == "call_function"}
        again = [n.name for n in info.bw_module.graph.nodes
                 if n.op == "call_function" and n.name in fw and "attention" in n.name]
        self.assertTrue(again)
        self.assertLessEqual(abs(peak - plan_peak(info)), SLACK)
        stats = rt.partition_stats(info.fw_module, info.bw_module, keep_outputs=False)
        self.assertLessEqual(abs(stats["peak_bytes"] - peak), SLACK)

    def test_plan_of_a_pytorch_partition(self):
        # min-cut's plan in remat's terms: the same recomputation and peak
        # as partition_stats counts from its two graphs, and an estimated
        # time to compare with remat's own plans.
        torch.manual_seed(0)
        model = transformers_model("gpt2")
        ids = torch.randint(0, 256, (2, 32))
        inputs = dict(input_ids=ids, labels=ids)
        _, grads, peak, info = run(model, inputs, rt.pytorch_backend("min_cut", 0.3))
        stats = rt.partition_stats(info.fw_module, info.bw_module, keep_outputs=False)
        report = rt.plan_of_partition(info, keep_outputs=False)
        self.assertGreater(stats["recompute_flops"], 0)
        self.assertEqual(report["result"]["recompute_flops"], stats["recompute_flops"])
        self.assertEqual(report["result"]["peak_bytes"] - report["argument_bytes"],
                         stats["peak_bytes"])
        self.assertLessEqual(abs(stats["peak_bytes"] - peak), SLACK)
        self.assertGreater(report["result"]["estimated_time_s"],
                           report["baseline"]["estimated_time_s"])
        # remat's own partition on the same yardstick: estimated again, it
        # has the peak and recomputation of remat's own plan.
        own = run(model, inputs, rt.backend(policy="full"))[3]
        self.assertIsNone(own.fallback)
        self.assertGreater(own.report["result"]["recompute_flops"], 0)
        again = rt.plan_of_partition(own)
        self.assertEqual(again["result"]["peak_bytes"], own.report["result"]["peak_bytes"])
        self.assertEqual(again["result"]["recompute_flops"],
                         own.report["result"]["recompute_flops"])
        # A PlanInfo with no partition (a fallback, a cache-served region).
        with self.assertRaises(ValueError):
            rt.plan_of_partition(rt.PlanInfo())

    def test_llama(self):
        self.check_model("llama")


if __name__ == "__main__":
    # Results on stdout: the profiler's own log lines go to stderr.
    unittest.main(testRunner=unittest.TextTestRunner(stream=sys.stdout, verbosity=2))
