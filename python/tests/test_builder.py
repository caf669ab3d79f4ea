"""Tests of remat's Python frontend (python/remat).

    PYTHONPATH=python python3 -m unittest discover -s python/tests

With REMAT_OPT set to a remat-opt binary, the built functions are also
parsed and verified by it, differentiated with --nn-autodiff, and
benchmarks/gen_gpt.py's joint GPT is checked to be remat.models' GPT with
its backward (REMAT_SRC: the source tree).
"""

import os
import re
import subprocess
import sys
import unittest

from remat import BuildError, FunctionBuilder, TensorType, broadcast_shapes
from remat import models

REMAT_OPT = os.environ.get("REMAT_OPT")
REMAT_SRC = os.environ.get("REMAT_SRC", os.path.join(os.path.dirname(__file__), "..", ".."))


def strip_names(line):
    """The op text without its SSA names."""
    return re.sub(r"%\w+", "%_", line.strip())


class ContractForms(unittest.TestCase):
    """Each op prints in the textual form of shared/design/nn-dialect.md."""

    def last(self, f):
        return strip_names(f.lines[-1])

    def test_elementwise(self):
        f = FunctionBuilder()
        a, b = f.arg("a", (2, 128, 768)), f.arg("b", (768,))
        f.add(a, b)
        self.assertEqual(self.last(f), "%_ = nn.add %_, %_ : tensor<2x128x768xf32>, tensor<768xf32> -> tensor<2x128x768xf32>")
        c, d = f.arg("c", (4, 8)), f.arg("d", (8,))
        f.mul(c, d)
        self.assertEqual(self.last(f), "%_ = nn.mul %_, %_ : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>")
        f.sub(c, c)
        self.assertEqual(self.last(f), "%_ = nn.sub %_, %_ : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>")

    def test_unary(self):
        f = FunctionBuilder()
        x = f.arg("x", (4, 8))
        f.gelu(x)
        self.assertEqual(self.last(f), "%_ = nn.gelu %_ : tensor<4x8xf32>")
        f.relu(x)
        self.assertEqual(self.last(f), "%_ = nn.relu %_ : tensor<4x8xf32>")
        f.scale(x, 0.125)
        self.assertEqual(self.last(f), "%_ = nn.scale %_ {factor = 0.125 : f32} : tensor<4x8xf32>")
        f.dropout(x, 0.1, 17)
        self.assertEqual(self.last(f), "%_ = nn.dropout %_ {rate = 0.1 : f32, seed = 17 : i64} : tensor<4x8xf32>")

    def test_matmul_softmax(self):
        f = FunctionBuilder()
        x, w = f.arg("x", (2, 128, 768)), f.arg("w", (768, 3072))
        f.matmul(x, w)
        self.assertEqual(self.last(f), "%_ = nn.matmul %_, %_ : tensor<2x128x768xf32>, tensor<768x3072xf32> -> tensor<2x128x3072xf32>")
        q, k = f.arg("q", (2, 12, 128, 64)), f.arg("k", (2, 12, 128, 64))
        s = f.matmul(q, k, transpose_b=True)
        self.assertEqual(self.last(f), "%_ = nn.matmul %_, %_ {transpose_b} : tensor<2x12x128x64xf32>, tensor<2x12x128x64xf32> -> tensor<2x12x128x128xf32>")
        f.softmax(s, scale=0.125, causal=True)
        self.assertEqual(self.last(f), "%_ = nn.softmax %_ {scale = 0.125 : f32, causal} : tensor<2x12x128x128xf32>")

    def test_layernorm_and_layout(self):
        f = FunctionBuilder()
        x, g, b = f.arg("x", (2, 128, 768)), f.arg("g", (768,)), f.arg("b", (768,))
        y, mean, rstd = f.layernorm(x, g, b)
        self.assertEqual(self.last(f), "%_, %_, %_ = nn.layernorm %_, %_, %_ {epsilon = 1.0e-05 : f32} : "
                         "tensor<2x128x768xf32>, tensor<768xf32>, tensor<768xf32> -> "
                         "tensor<2x128x768xf32>, tensor<2x128xf32>, tensor<2x128xf32>")
        self.assertEqual(mean.type, TensorType((2, 128)))
        r = f.reshape(y, (2, 128, 12, 64))
        self.assertEqual(self.last(f), "%_ = nn.reshape %_ : tensor<2x128x768xf32> -> tensor<2x128x12x64xf32>")
        f.transpose(r, (0, 2, 1, 3))
        self.assertEqual(self.last(f), "%_ = nn.transpose %_ {permutation = array<i64: 0, 2, 1, 3>} : tensor<2x128x12x64xf32> -> tensor<2x12x128x64xf32>")
        f.broadcast(g, (2, 128, 768))
        self.assertEqual(self.last(f), "%_ = nn.broadcast %_ : tensor<768xf32> -> tensor<2x128x768xf32>")
        f.reduce_sum(x, (0, 1))
        self.assertEqual(self.last(f), "%_ = nn.reduce_sum %_ {dims = array<i64: 0, 1>} : tensor<2x128x768xf32> -> tensor<768xf32>")

    def test_losses_and_attributes(self):
        f = FunctionBuilder()
        logits, labels = f.arg("logits", (256, 1000)), f.arg("labels", (256,), "i32")
        f.cross_entropy(logits, labels)
        self.assertEqual(self.last(f), "%_ = nn.cross_entropy %_, %_ : tensor<256x1000xf32>, tensor<256xi32> -> tensor<f32>")
        p, t = f.arg("p", (64, 10)), f.arg("t", (64, 10))
        with f.block(3):
            f.gelu(p, policy="recompute")
        self.assertEqual(self.last(f), '%_ = nn.gelu %_ {remat.policy = "recompute", remat.block = 3 : i64} : tensor<64x10xf32>')
        loss = f.mse_loss(p, t)
        self.assertEqual(self.last(f), "%_ = nn.mse_loss %_, %_ : tensor<64x10xf32>, tensor<64x10xf32> -> tensor<f32>")
        text = f.build(loss)
        self.assertTrue(text.startswith("func.func @forward(%logits: tensor<256x1000xf32>, %labels: tensor<256xi32>, "))
        self.assertIn("  return %loss1 : tensor<f32>\n}", text)


    def test_gradients(self):
        f = FunctionBuilder()
        x, dy = f.arg("x", (2, 128, 768)), f.arg("dy", (2, 128, 768))
        f.gelu_grad(dy, x)
        self.assertEqual(self.last(f), "%_ = nn.gelu_grad %_, %_ : tensor<2x128x768xf32>")
        f.softmax_grad(dy, x, scale=0.125)
        self.assertEqual(self.last(f), "%_ = nn.softmax_grad %_, %_ {scale = 0.125 : f32} : tensor<2x128x768xf32>")
        g, m, r = f.arg("g", (768,)), f.arg("m", (2, 128)), f.arg("r", (2, 128))
        dx, dg, db = f.layernorm_grad(dy, x, g, m, r)
        self.assertEqual((dx.shape, dg.shape, db.shape), ((2, 128, 768), (768,), (768,)))
        self.assertEqual(self.last(f), "%_, %_, %_ = nn.layernorm_grad %_, %_, %_, %_, %_ : tensor<2x128x768xf32>, "
                         "tensor<2x128x768xf32>, tensor<768xf32>, tensor<2x128xf32>, tensor<2x128xf32> -> "
                         "tensor<2x128x768xf32>, tensor<768xf32>, tensor<768xf32>")
        logits, labels = f.arg("logits", (256, 1000)), f.arg("labels", (256,), "i32")
        one = f.constant(1.0)
        self.assertEqual(self.last(f), "%_ = arith.constant dense<1.0> : tensor<f32>")
        f.cross_entropy_grad(logits, labels, one)
        self.assertEqual(self.last(f), "%_ = nn.cross_entropy_grad %_, %_, %_ : tensor<256x1000xf32>, "
                         "tensor<256xi32>, tensor<f32> -> tensor<256x1000xf32>")
        loss = f.cross_entropy(logits, labels)
        text = f.build(loss, dx, dg)
        self.assertIn(") -> (tensor<f32>, tensor<2x128x768xf32>, tensor<768xf32>) {", text)
        with self.assertRaisesRegex(BuildError, "same type"):
            f.gelu_grad(dy, g)
        with self.assertRaisesRegex(BuildError, "do not match"):
            f.layernorm_grad(dy, x, g, g, r)
        with self.assertRaisesRegex(BuildError, "do not match"):
            f.cross_entropy_grad(logits, labels, logits)
        with self.assertRaisesRegex(BuildError, "a result must be a Value"):
            f.build(loss, "dx")


class Errors(unittest.TestCase):
    """What the dialect's verifiers reject is rejected while building."""

    def setUp(self):
        self.f = FunctionBuilder()
        self.x = self.f.arg("x", (4, 8))

    def check(self, fn, message):
        with self.assertRaisesRegex(BuildError, message):
            fn()

    def test_errors(self):
        f, x = self.f, self.x
        self.check(lambda: f.add(x, f.arg("y", (3,))), "do not broadcast")
        self.check(lambda: f.matmul(x, f.arg("w", (4, 8))), r"contraction dimensions differ \(8 and 4\)")
        self.check(lambda: f.matmul(x, f.arg("v", (8,))), "rank >= 2")
        self.check(lambda: f.softmax(x, causal=True), "causal needs equal last two dimensions")
        self.check(lambda: f.transpose(x, (0, 0)), "not a permutation")
        self.check(lambda: f.reshape(x, (5, 6)), "different element counts")
        self.check(lambda: f.broadcast(x, (4, 9)), "does not broadcast")
        self.check(lambda: f.reduce_sum(x, (1, 0)), "strictly increasing")
        self.check(lambda: f.cross_entropy(x, f.arg("l", (8,), "i32")), "labels must be an integer")
        self.check(lambda: f.mse_loss(x, f.arg("t", (8, 4))), "same type")
        self.check(lambda: f.gelu(x, policy="keep"), "policy must be")
        self.check(lambda: f.dropout(x, 1.0, 1), r"rate must be in \[0, 1\)")
        self.check(lambda: f.add(x, f.arg("h", (4, 8), "bf16")), "same element type")
        self.check(lambda: f.build(f.gelu(x)), "loss must be a floating-point scalar")
        self.check(lambda: f.arg("z", (0, 3)), "positive")
        for block in (-1, True, 2**63):
            with self.assertRaisesRegex(BuildError, "non-negative 64-bit integer"):
                with f.block(block):
                    pass
        labels = f.arg("lab", (4,), "i32")
        s = f.arg("s", ())
        self.check(lambda: f.dropout(x, 0.99999999, 1), "rate must be in")
        self.check(lambda: f.dropout(x, 0.5, 2**63), "seed must be a 64-bit integer")
        self.check(lambda: f.dropout(x, 0.5, 3.7), "seed must be a 64-bit integer")
        self.check(lambda: f.scale(x, float("inf")), "must be finite")
        self.check(lambda: f.softmax(x, scale=float("nan")), "must be finite")
        self.check(lambda: f.layernorm(x, f.arg("g", (8,)), f.arg("b", (8,)), epsilon=-1e-5), "epsilon must be non-negative")
        for layout in (lambda: f.reshape(labels, (2, 2)), lambda: f.transpose(labels, (0,)),
                       lambda: f.broadcast(labels, (2, 4)), lambda: f.reduce_sum(labels, (0,))):
            self.check(layout, "must be a floating-point tensor")
        self.check(lambda: f.softmax(s), "rank >= 1")
        self.check(lambda: f.layernorm(s, s, s), "rank >= 1")
        self.check(lambda: f.arg("a", (2.5,)), "dimensions must be integers")
        for name in ("my-fn", "1fn", "", "f n", "é"):
            self.check(lambda: FunctionBuilder(name), "not a valid MLIR symbol")
        self.check(lambda: models.gpt(heads=0), "positive multiple of heads")
        self.check(lambda: models.gpt(hidden=30, heads=4), "positive multiple of heads")

    def test_broadcast_shapes(self):
        self.assertEqual(broadcast_shapes((2, 1, 8), (4, 1)), (2, 4, 8))
        self.assertIsNone(broadcast_shapes((2, 3), (4,)))

    def test_unique_names(self):
        f = FunctionBuilder()
        a, b = f.arg("w", (2,)), f.arg("w", (2,))
        self.assertNotEqual(a.name, b.name)
        # Names MLIR would not parse are replaced.
        c, d = f.arg("é", (2,)), f.arg("变量", (2,))
        self.assertRegex(c.name, r"^v\d*$")
        self.assertNotEqual(c.name, d.name)


@unittest.skipUnless(REMAT_OPT, "set REMAT_OPT to a remat-opt binary")
class WithRematOpt(unittest.TestCase):
    def remat_opt(self, text, *options):
        done = subprocess.run([REMAT_OPT, "-", *options], input=text, capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        return done.stdout

    def test_models_verify_and_differentiate(self):
        for text in (models.gpt(layers=2, seq=16, hidden=32, heads=2, vocab=64),
                     models.gpt(layers=1, seq=8, hidden=16, heads=2, vocab=32, dtype="bf16"),
                     models.mlp(batch=4, sizes=(16, 8, 4))):
            joint = self.remat_opt(text, "--nn-autodiff", "--rematerialize=policy=selective")
            self.assertIn("nn.gelu_grad", joint)

    def test_joint_graph_inplace(self):
        # A backward kernel that writes its result into a dying operand's
        # buffer (JointGraph.make_inplace): the op without a result, then
        # the result as a view of the operand. The peak drops by the
        # result's bytes, and the planner still plans the graph.
        import json
        from remat.builder import JointGraph, type_bytes

        def build(inplace):
            g = JointGraph("joint")
            x = g.arg((256, 256), "f32")
            e, = g.op("aten.exp.default", [x], [((256, 256), "f32")], flops=65536, loc="exp")
            s, = g.op("aten.sum.default", [e], [((), "f32")], cost_class="reduction",
                      flops=65536, loc="sum")
            t, = g.op("aot.tangent", [], [((), "f32")], cost_class="layout",
                      side_effects=True, loc="tangents_1")
            b, = g.op("aten.expand.default", [t], [((256, 256), "f32")], loc="expand")
            r, = g.op("aten.mul.Tensor", [b, e], [((256, 256), "f32")], flops=65536, loc="mul")
            if inplace:
                g.make_inplace(len(g.records) - 1, b)
            return g.text([s, r], 1)

        def peak(text):
            out = self.remat_opt(text, "--rematerialize=policy=none report=-")
            return json.loads(out.splitlines()[0])["result"]["peak_bytes"]

        text = build(True)
        self.assertIn('nn.generic "remat.inplace"', text)
        self.assertIn('loc("mul/inplace")', text)
        # Without: at the product, x, exp, the broadcast tangent, the
        # product and the sum (4 bytes). In place: the product holds no
        # buffer of its own; the peak is at the broadcast (x, exp, the sum,
        # the tangent and its broadcast).
        self.assertEqual(peak(build(False)), 4 * 262144 + 4)
        self.assertEqual(peak(text), 3 * 262144 + 8)
        self.assertEqual(type_bytes("tensor<3x5xbf16>"), 30)
        self.assertEqual(type_bytes("tensor<7xi1>"), 7)

    def test_gen_gpt_is_models_gpt_with_its_backward(self):
        # benchmarks/gen_gpt.py's forward is remat.models' GPT (the same
        # ops, in order); its joint function adds the backward and returns
        # the loss, d_x0 and each weight's gradient; remat-opt verifies both
        # and the written backward has the results --nn-autodiff's has.
        sys.path.insert(0, os.path.join(REMAT_SRC, "benchmarks"))
        import gen_gpt
        shape = dict(layers=2, batch=2, seq=16, hidden=64, heads=4, vocab=96)
        ours = models.gpt(**shape)
        body = lambda text: [l.strip() for l in text.splitlines()[1:] if "=" in l and "return" not in l]
        forward_only = gen_gpt.generate(2, 2, 16, 64, 4, 96, 256, "f32", 0.1, True, forward_only=True)
        self.assertEqual(body(forward_only), body(ours))
        joint = gen_gpt.generate(2, 2, 16, 64, 4, 96, 256, "f32", 0.1, True)
        forward_ops = body(ours)
        self.assertEqual(body(joint)[:len(forward_ops)], forward_ops)
        self.assertGreater(len(body(joint)), 2 * len(forward_ops))
        signature = lambda text: re.search(r"-> \((.*)\) \{", self.remat_opt(text)).group(1)
        autodiff = self.remat_opt(ours, "--nn-autodiff")
        self.assertEqual(signature(joint), signature(autodiff))

if __name__ == "__main__":
    unittest.main()
