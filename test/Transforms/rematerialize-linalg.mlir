// Joint functions written as real compilers write them: linalg on tensors
// with destination operands, scalar fill values, ops of dialects remat-opt
// does not know (parsed as opaque: kept, never cloned).
// RUN: remat-opt %s -split-input-file --rematerialize="policy=selective report=-" -o /dev/null | FileCheck %s --check-prefix=SEL

// The smallest crash of issue 50: one scalar constant read by a fill in the
// forward and by another in the backward (the scalar is a saved activation
// of no bytes).
// (The report's keys are sorted: the decisions come before the function.)
// SEL: "reason":"a scalar: it occupies no tensor memory"
// The exp, an op with a region, is a candidate like any pure op (its reason
// is the policy's, not "not recomputable"): here recomputing it lowers no
// peak, so selective keeps it.
// SEL-SAME: "op":"linalg.exp","reason":"kept as under policy none
// SEL-SAME: "function":"scalar_fill"
func.func @scalar_fill(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> (tensor<f32>, tensor<64x64xf32>) {
  %c0 = arith.constant 0.0 : f32
  %z = tensor.empty() : tensor<64x64xf32>
  %init = linalg.fill ins(%c0 : f32) outs(%z : tensor<64x64xf32>) -> tensor<64x64xf32>
  %h = linalg.matmul ins(%x, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%init : tensor<64x64xf32>) -> tensor<64x64xf32>
  %z1 = tensor.empty() : tensor<64x64xf32>
  %e = linalg.exp ins(%h : tensor<64x64xf32>) outs(%z1 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %s0 = tensor.empty() : tensor<f32>
  %sinit = linalg.fill ins(%c0 : f32) outs(%s0 : tensor<f32>) -> tensor<f32>
  %l = linalg.reduce ins(%e : tensor<64x64xf32>) outs(%sinit : tensor<f32>) dimensions = [0, 1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  %big = tensor.empty() : tensor<64x64xf32>
  %t = linalg.exp ins(%x : tensor<64x64xf32>) outs(%big : tensor<64x64xf32>) -> tensor<64x64xf32>
  %z2 = tensor.empty() : tensor<64x64xf32>
  %init2 = linalg.fill ins(%c0 : f32) outs(%z2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %dw = linalg.matmul ins(%t, %e : tensor<64x64xf32>, tensor<64x64xf32>) outs(%init2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %z3 = tensor.empty() : tensor<64x64xf32>
  %dh = linalg.mul ins(%dw, %h : tensor<64x64xf32>, tensor<64x64xf32>) outs(%z3 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %l, %dh : tensor<f32>, tensor<64x64xf32>
}

// -----

// An op of a dialect remat-opt does not have (torch-mlir's tm_tensor,
// printed generically) parses as an opaque op: kept, with the reason.
// SEL: "decision":"save",{{.*}}"op":"tm_tensor.scatter","reason":"not recomputable: an op of an unregistered dialect ('tm_tensor.scatter'): its memory effects are unknown"
// SEL-SAME: "function":"opaque"
func.func @opaque(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %s = "tm_tensor.scatter"(%x) : (tensor<64xf32>) -> tensor<64xf32>
  %z = tensor.empty() : tensor<64xf32>
  %e = linalg.exp ins(%s : tensor<64xf32>) outs(%z : tensor<64xf32>) -> tensor<64xf32>
  %z1 = tensor.empty() : tensor<64xf32>
  %g = linalg.exp ins(%s : tensor<64xf32>) outs(%z1 : tensor<64xf32>) -> tensor<64xf32>
  return %e, %g : tensor<64xf32>, tensor<64xf32>
}
