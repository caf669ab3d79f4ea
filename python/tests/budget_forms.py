"""One table of budget and policy spellings, checked on the four front ends
that take them: remat-opt, remat-compile, remat.torch and remat.jax
(docs/Rematerialize.md, "Budgets").

Run with the cached environment's python, remat-opt and remat-compile built:
    REMAT_OPT=build/bin/remat-opt REMAT_COMPILE=build/bin/remat-compile \\
        $(bash scripts/venv.sh) python/tests/budget_forms.py -v
(test/Python/budget-forms.test runs it under lit.)

Every front end must agree on each spelling: bytes give the same bytes
everywhere; a relative budget resolves against policy none's figures of
the graph that front end plans (its report's "budget": of_bytes is none's
peak or the activations none saves, and bytes follow from the fraction);
a bad spelling is refused with the list of valid forms; the policy's
spellings all name the same policy.
"""
import json
import math
import os
import subprocess
import sys
import tempfile
import unittest
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import remat.jax as rj  # noqa: E402  (first: it adds its XLA flag)
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402

import remat.torch as rt  # noqa: E402

# (spelling, expected): bytes, ("peak" | "activations", fraction), or None
# for a spelling every front end refuses.
CASES = [
    (1048576, 1048576),
    ("1048576", 1048576),
    ("1 MiB", 1048576),
    ("1MiB", 1048576),
    ("1mib", 1048576),
    ("1.5 MiB", 1572864),
    ("0.1MiB", 104857),          # a fraction of a unit rounds down
    ("500KB", 500000),
    ("500 kb", 500000),
    ("90%", ("peak", 0.9)),
    ("90 %", ("peak", 0.9)),
    ("0.9", ("peak", 0.9)),
    (0.9, ("peak", 0.9)),         # (Python only: a float in (0, 1])
    ("100%", ("peak", 1.0)),
    ("80% activations", ("activations", 0.8)),
    ("0.8 of activations", ("activations", 0.8)),
    ("80%act", ("activations", 0.8)),
    ("lots", None),
    ("0%", None),
    ("150%", None),
    ("1.5", None),
    ("1.5B", None),
    ("-5", None),
    ("8GiBs", None),
]
POLICIES = [("dots-no-batch", "dots-no-batch"), ("dots_no_batch", "dots-no-batch"),
            ("DOTS_NO_BATCH", "dots-no-batch"), ("Selective", "selective")]

# A joint step in the nn dialect (remat-opt and remat-compile).
STEP = """
func.func @step(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>, %t: tensor<64x64xf32>) -> (tensor<f32>, tensor<64x64xf32>) {
  %h = nn.matmul %x, %w : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %a = nn.gelu %h : tensor<64x64xf32>
  %b = nn.gelu %a : tensor<64x64xf32>
  %l = nn.mse_loss %b, %t : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %db = nn.mse_loss_grad %b, %t, %one : tensor<64x64xf32>, tensor<64x64xf32>, tensor<f32> -> tensor<64x64xf32>
  %da = nn.gelu_grad %db, %a : tensor<64x64xf32>
  %dh = nn.gelu_grad %da, %h : tensor<64x64xf32>
  %dw = nn.matmul %x, %dh {transpose_a} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %l, %dw : tensor<f32>, tensor<64x64xf32>
}
"""
FORMS = "a fraction of policy none's peak"   # (every refusal lists the forms)
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def tool(name):
    path = os.environ.get(name.upper().replace("-", "_")) or os.path.join(
        ROOT, "build", "bin", name)
    if not os.path.isfile(path):
        raise unittest.SkipTest(f"{name} not built")
    return path


def expected_bytes(expected, report):
    """What the report's budget_bytes must be for a case (a relative one
    from the report's own policy-none figures)."""
    if isinstance(expected, int):
        return expected
    of, fraction = expected
    peak = report["baseline"]["peak_bytes"]
    if of == "peak":
        return math.floor(peak * fraction)
    activations = report["baseline"]["saved_activation_bytes"]
    return peak - activations + math.floor(activations * fraction)


class Frontends(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="remat-budget-forms-")
        cls.step = os.path.join(cls.work, "step.mlir")
        with open(cls.step, "w") as f:
            f.write(STEP)

    def check(self, front, spelling, expected, report, error):
        """One case on one front end: the report's budget, or the refusal."""
        with self.subTest(front=front, budget=spelling):
            if expected is None:
                self.assertIsNotNone(error, f"{front} accepted {spelling!r}")
                self.assertIn(FORMS, error)
                return
            self.assertIsNone(error, f"{front} refused {spelling!r}: {error}")
            self.assertEqual(report["budget_bytes"], expected_bytes(expected, report))
            if not isinstance(expected, int):
                of = "peak_bytes" if expected[0] == "peak" else "saved_activation_bytes"
                self.assertEqual(report["budget"]["of"], of)
                self.assertEqual(report["budget"]["of_bytes"], report["baseline"][of])

    def run_tool(self, argv, report_path):
        if os.path.exists(report_path):
            os.remove(report_path)
        done = subprocess.run(argv, capture_output=True, text=True)
        if done.returncode != 0:
            return None, done.stderr
        with open(report_path) as f:
            report = json.load(f)
        return report, None

    def test_remat_opt(self):
        opt = tool("remat-opt")
        path = os.path.join(self.work, "opt.json")
        for spelling, expected in CASES:
            if not isinstance(spelling, str):
                continue
            report, error = self.run_tool(
                [opt, self.step, f"--rematerialize=policy=auto budget={spelling} report={path}",
                 "-o", os.devnull], path)
            self.check("remat-opt", spelling, expected, report, error)
        for spelling, canonical in POLICIES:
            report, error = self.run_tool(
                [opt, self.step, f"--rematerialize=policy={spelling} report={path}",
                 "-o", os.devnull], path)
            self.assertIsNone(error)
            self.assertEqual(report["policy"], canonical)

    def test_remat_compile(self):
        compile_ = tool("remat-compile")
        path = os.path.join(self.work, "compile.json")
        for spelling, expected in CASES:
            if not isinstance(spelling, str):
                continue
            report, error = self.run_tool(
                [compile_, self.step, "--entry=step", "--policy=auto", f"--budget={spelling}",
                 f"--report={path}", "--emit=mlir", "-o", os.devnull], path)
            self.check("remat-compile", spelling, expected, report, error)
        for spelling, canonical in POLICIES:
            report, error = self.run_tool(
                [compile_, self.step, "--entry=step", f"--policy={spelling}",
                 f"--report={path}", "--emit=mlir", "-o", os.devnull], path)
            self.assertIsNone(error)
            self.assertEqual(report["policy"], canonical)

    def test_remat_torch(self):
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.GELU(),
                                    torch.nn.Linear(16, 16), torch.nn.GELU())
        x = torch.randn(8, 16)
        for spelling, expected in CASES:
            try:
                backend = rt.backend(budget=spelling, strict=True)
            except ValueError as e:
                self.check("remat.torch", spelling, expected, None, str(e))
                continue
            rt.clear_plans()
            torch._dynamo.reset()
            try:
                torch.compile(model, backend=backend)(x).sum().backward()
                report, error = rt.last_plan().report, None
            except torch._dynamo.exc.BackendCompilerFailed as e:
                # A relative budget below what any plan reaches here (the
                # byte budgets are all above this model's peak).
                self.assertIsInstance(e.inner_exception, rt.BudgetError)
                self.assertIsInstance(expected, tuple, str(e))
                continue
            self.check("remat.torch", spelling, expected, report, error)
        for spelling, canonical in POLICIES:
            rt.clear_plans()
            torch._dynamo.reset()
            torch.compile(model, backend=rt.backend(policy=spelling))(x).sum().backward()
            self.assertEqual(rt.last_plan().report["policy"], canonical)

    def test_remat_jax(self):
        def loss(w, x):
            h = jnp.tanh(x @ w[0])
            h = jnp.tanh(h @ w[1])
            return jnp.sum(h * h)
        w = jnp.asarray(np.random.default_rng(0).standard_normal((2, 16, 16)), jnp.float32)
        x = jnp.ones((8, 16), jnp.float32)
        for spelling, expected in CASES:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    info = rj.plan(loss, w, x, budget=spelling)
                report, error = info.report, None
            except ValueError as e:
                report, error = None, str(e)
            except rj.BudgetError as e:
                self.assertIsInstance(expected, tuple, str(e))
                continue
            self.check("remat.jax", spelling, expected, report, error)
        for spelling, canonical in POLICIES:
            info = rj.plan(loss, w, x, policy=spelling)
            self.assertEqual(info.report["policy"], canonical)


if __name__ == "__main__":
    unittest.main()
