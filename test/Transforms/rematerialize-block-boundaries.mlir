// Recompute chains of the block-local policies (dots, selective) stop at
// the values that leave their checkpoint block, also where the backward
// does not read them: a residual stream whose consumers are decomposed (as
// JAX's layernorm is) is no saved activation, and before this the recompute
// of block 2's exp ran through block 1's and block 0's adds, so the backward
// held every block's input from its start. Now h1 and h2 are kept
// intermediates, each clone of exp reads its block's input, and nothing
// else is recloned.
// RUN: remat-opt %s --rematerialize="policy=dots device=cpu report=- skip-useless=false" -o /dev/null | FileCheck %s --check-prefix=DOTS
// RUN: remat-opt %s --rematerialize="policy=selective device=cpu report=- skip-useless=false" -o /dev/null | FileCheck %s --check-prefix=SEL
// RUN: remat-opt %s --rematerialize="policy=dots device=cpu skip-useless=false" | FileCheck %s --check-prefix=IR

func.func @residual(%x: tensor<64x128xf32>, %w0: tensor<128x128xf32>, %w1: tensor<128x128xf32>, %t: tensor<f32>)
    -> (tensor<f32>, tensor<64x128xf32>) attributes {remat.forward_results = 1 : i64} {
  %y0 = nn.generic "jax.dot_general" %x, %w0 {cost_class = "gemm", flops = 2097152 : i64, remat.block = 0 : i64} : (tensor<64x128xf32>, tensor<128x128xf32>) -> tensor<64x128xf32> loc("y0")
  %h1 = nn.generic "jax.add" %x, %y0 {flops = 8192 : i64, remat.block = 0 : i64} : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32> loc("h1")
  %e1 = nn.generic "jax.exp" %h1 {flops = 8192 : i64, remat.block = 1 : i64} : (tensor<64x128xf32>) -> tensor<64x128xf32> loc("e1")
  %y1 = nn.generic "jax.dot_general" %e1, %w1 {cost_class = "gemm", flops = 2097152 : i64, remat.block = 1 : i64} : (tensor<64x128xf32>, tensor<128x128xf32>) -> tensor<64x128xf32> loc("y1")
  %h2 = nn.generic "jax.add" %h1, %y1 {flops = 8192 : i64, remat.block = 1 : i64} : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32> loc("h2")
  %e2 = nn.generic "jax.exp" %h2 {flops = 8192 : i64, remat.block = 2 : i64} : (tensor<64x128xf32>) -> tensor<64x128xf32> loc("e2")
  %l = nn.generic "jax.reduce_sum" %e2 {cost_class = "reduction", flops = 8192 : i64, remat.block = 2 : i64} : (tensor<64x128xf32>) -> tensor<f32> loc("sum")
  %g = nn.generic "jax.broadcast_in_dim" %t {cost_class = "layout"} : (tensor<f32>) -> tensor<64x128xf32> loc("g")
  %dh2 = nn.generic "jax.mul" %g, %e2 {flops = 8192 : i64} : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32> loc("dh2")
  %dx = nn.generic "jax.mul" %dh2, %e1 {flops = 8192 : i64} : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32> loc("dx")
  return %l, %dx : tensor<f32>, tensor<64x128xf32>
}

// DOTS: "decisions":[{"bytes":32768,"decision":"recompute","loc":"loc(\"e1\")","op":"nn.generic","reason":"dots: recomputed from the matrix multiplies' results"
// DOTS-SAME: {"bytes":32768,"decision":"recompute","loc":"loc(\"e2\")","op":"nn.generic","reason":"dots: recomputed from the matrix multiplies' results"
// DOTS-SAME: "kept_intermediates":[{"bytes":32768,"decision":"save","loc":"loc(\"h1\")","op":"nn.generic","reason":"checkpoint block boundary: recompute chains stop here"
// DOTS-SAME: {"bytes":32768,"decision":"save","loc":"loc(\"h2\")","op":"nn.generic","reason":"checkpoint block boundary: recompute chains stop here"
// DOTS-SAME: "recompute_flops":16384,
// DOTS-SAME: "saved_values":[{"bytes":32768,"loc":"loc(\"h1\")","op":"nn.generic","result":0},{"bytes":32768,"loc":"loc(\"h2\")","op":"nn.generic","result":0}]

// SEL: "kept_intermediates":[{"bytes":32768,"decision":"save","loc":"loc(\"h1\")","op":"nn.generic","reason":"checkpoint block boundary: recompute chains stop here"
// SEL-SAME: "loc":"loc(\"h2\")","op":"nn.generic","reason":"checkpoint block boundary: recompute chains stop here"
// SEL-SAME: "recompute_flops":16384,

// IR: %[[H1:.*]] = nn.generic "jax.add" %arg0
// IR: %[[H2:.*]] = nn.generic "jax.add" %[[H1]]
// IR: nn.generic "jax.broadcast_in_dim"
// IR-NEXT: nn.generic "jax.exp" %[[H2]]
// IR-NEXT: nn.generic "jax.mul"
// IR-NEXT: nn.generic "jax.exp" %[[H1]]
// IR-NEXT: nn.generic "jax.mul"
// IR-NEXT: return
