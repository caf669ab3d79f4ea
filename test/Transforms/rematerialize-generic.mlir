// nn.generic ops through --rematerialize, as framework adapters use it
// (python/remat/torch.py): costs from the attributes, views alias their
// operand, side_effects ops are never recomputed, remat.forward_results
// makes every leading result a forward output, and the report lists what
// the rewritten backward reads (saved_values by location, saved_arguments).
// RUN: remat-opt %s -split-input-file --rematerialize="policy=none device=cpu report=-" -o /dev/null | FileCheck %s --check-prefix=NONE
// RUN: remat-opt %s -split-input-file --rematerialize="policy=selective report=- skip-useless=false" -o /dev/null | FileCheck %s --check-prefix=SEL
// RUN: remat-opt %s -split-input-file --rematerialize="policy=selective skip-useless=false" | FileCheck %s --check-prefix=IR
// RUN: remat-opt %s -split-input-file --remat-print-memory-plan -o /dev/null 2>&1 | FileCheck %s --check-prefix=MEM

func.func @joint(%x: tensor<64x128xf32>, %w: tensor<128x128xf32>, %t0: tensor<f32>, %t1: tensor<64x128xf32>)
    -> (tensor<f32>, tensor<64x128xf32>, tensor<128x128xf32>) attributes {remat.forward_results = 2 : i64} {
  %mm = nn.generic "aten.mm.default" %x, %w {cost_class = "gemm", flops = 2097152 : i64} : (tensor<64x128xf32>, tensor<128x128xf32>) -> tensor<64x128xf32> loc("mm")
  %e = nn.generic "aten.exp.default" %mm {flops = 8192 : i64} : (tensor<64x128xf32>) -> tensor<64x128xf32> loc("exp")
  %d:2 = nn.generic "aten.native_dropout.default" %e {side_effects} : (tensor<64x128xf32>) -> (tensor<64x128xf32>, tensor<64x128xi1>) loc("dropout")
  %v = nn.generic "aten.view.default" %d#0 {cost_class = "view"} : (tensor<64x128xf32>) -> tensor<8192xf32> loc("view")
  %l = nn.generic "aten.sum.default" %v {cost_class = "reduction", flops = 8192 : i64} : (tensor<8192xf32>) -> tensor<f32> loc("sum")
  // Only result 1 needs relu: forward because of remat.forward_results = 2.
  %r = nn.generic "aten.relu.default" %mm {flops = 8192 : i64} : (tensor<64x128xf32>) -> tensor<64x128xf32> loc("relu")
  %dv = nn.generic "aten.expand.default" %t0 {cost_class = "view"} : (tensor<f32>) -> tensor<64x128xf32> loc("expand")
  %dd = nn.generic "aten.mul.Tensor" %dv, %d#1 {flops = 8192 : i64} : (tensor<64x128xf32>, tensor<64x128xi1>) -> tensor<64x128xf32> loc("mul_mask")
  %dr = nn.generic "aten.threshold_backward.default" %t1, %r {flops = 8192 : i64} : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32> loc("relu_bw")
  %de = nn.generic "aten.mul.Tensor" %dd, %e {flops = 8192 : i64} : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32> loc("mul_exp")
  %dm = nn.generic "aten.add.Tensor" %de, %dr {flops = 8192 : i64} : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32> loc("add")
  %xt = nn.generic "aten.t.default" %x {cost_class = "view"} : (tensor<64x128xf32>) -> tensor<128x64xf32> loc("t")
  %dw = nn.generic "aten.mm.default" %xt, %dm {cost_class = "gemm", flops = 2097152 : i64} : (tensor<128x64xf32>, tensor<64x128xf32>) -> tensor<128x128xf32> loc("mm_1")
  return %l, %r, %dw : tensor<f32>, tensor<64x128xf32>, tensor<128x128xf32>
}

// policy=none: the three saved activations, the dropout mask kept because
// the op has side effects; the backward reads x (through the view t) and
// the two tangents.
// NONE: "decisions":[{"bytes":32768,"decision":"save","loc":"loc(\"exp\")"
// NONE-SAME: {"bytes":8192,"decision":"save","loc":"loc(\"dropout\")","op":"nn.generic","reason":"not recomputable: the op has memory effects"
// NONE-SAME: "function":"joint"
// NONE-SAME: "saved_arguments":[0,2,3]
// NONE-SAME: "saved_values":[{"bytes":32768,"loc":"loc(\"exp\")","op":"nn.generic","result":0},{"bytes":8192,"loc":"loc(\"dropout\")","op":"nn.generic","result":1},{"bytes":32768,"loc":"loc(\"relu\")","op":"nn.generic","result":0}]

// selective (h200) recomputes exp (and mm, from the arguments): the backward now
// reads w too, and exp is no longer saved.
// SEL: "decision":"recompute","loc":"loc(\"exp\")","op":"nn.generic","reason":"cheap:
// SEL-SAME: "function":"joint"
// SEL-SAME: "saved_arguments":[0,1,2,3]
// SEL-SAME: "saved_values":[{"bytes":8192,"loc":"loc(\"dropout\")","op":"nn.generic","result":1},{"bytes":32768,"loc":"loc(\"relu\")","op":"nn.generic","result":0}]

// The clones are ordinary nn.generic ops before the first backward use.
// IR: nn.generic "aten.threshold_backward.default"
// IR-NEXT: %[[MM:.*]] = nn.generic "aten.mm.default" %arg0, %arg1
// IR-NEXT: %[[E:.*]] = nn.generic "aten.exp.default" %[[MM]]
// IR-NEXT: nn.generic "aten.mul.Tensor" %{{.*}}, %[[E]]

// The memory plan: views allocate nothing; 1 byte per i1.
// MEM: remark: peak_bytes = 294920, argument_bytes = 131076, saved_activation_bytes = 73728 (3 values)

// -----

// Without remat.forward_results only the loss counts as forward: relu is a
// backward op, so nothing it reads from the forward is decided for it.
func.func @one_forward(%x: tensor<64xf32>, %t: tensor<f32>) -> (tensor<f32>, tensor<64xf32>, tensor<64xf32>) {
  %e = nn.generic "aten.exp.default" %x {flops = 64 : i64} : (tensor<64xf32>) -> tensor<64xf32> loc("exp")
  %l = nn.generic "aten.sum.default" %e {cost_class = "reduction", flops = 64 : i64} : (tensor<64xf32>) -> tensor<f32> loc("sum")
  %r = nn.generic "aten.relu.default" %e {flops = 64 : i64} : (tensor<64xf32>) -> tensor<64xf32> loc("relu")
  %g = nn.generic "aten.expand.default" %t {cost_class = "view"} : (tensor<f32>) -> tensor<64xf32> loc("expand")
  %dx = nn.generic "aten.mul.Tensor" %g, %e {flops = 64 : i64} : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32> loc("mul")
  return %l, %r, %dx : tensor<f32>, tensor<64xf32>, tensor<64xf32>
}
// NONE: "function":"one_forward"
// NONE-SAME: "saved_arguments":[1],"saved_values":[{"bytes":256,"loc":"loc(\"exp\")","op":"nn.generic","result":0}],"statistics":
