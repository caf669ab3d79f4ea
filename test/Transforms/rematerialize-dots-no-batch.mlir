// policy=dots-no-batch: JAX's dots_with_no_batch_dims_saveable as a remat
// plan. Like dots it keeps what the matrix multiplies compute and the
// block boundaries and recomputes the rest from them, but only the matrix
// multiplies without batch dimensions: an nn.matmul whose operands both
// have leading (batch) dimensions (an attention's scores) or an nn.generic
// with batch_dims > 0 is recomputed with the rest.
// RUN: remat-opt %s -split-input-file --rematerialize="policy=dots device=cpu report=- skip-useless=false" -o /dev/null | FileCheck %s --check-prefix=DOTS
// RUN: remat-opt %s -split-input-file --rematerialize="policy=dots-no-batch device=cpu report=- skip-useless=false" -o /dev/null | FileCheck %s --check-prefix=NOBATCH
// RUN: remat-opt %s -split-input-file --rematerialize="policy=dots-no-batch device=cpu skip-useless=false" | FileCheck %s --check-prefix=IR

// The joint graph of a batched attention score (`--nn-autodiff=wrt=1,2` of
// q = x Wq, k = x Wk, softmax(q k^T), an MSE loss, all in block 0).
func.func @heads(%arg0: tensor<2x64x128xf32>, %arg1: tensor<128x128xf32>, %arg2: tensor<128x128xf32>, %arg3: tensor<2x64x64xf32>) -> (tensor<f32>, tensor<128x128xf32>, tensor<128x128xf32>) {
  %0 = nn.matmul %arg0, %arg1 {remat.block = 0 : i64} : tensor<2x64x128xf32>, tensor<128x128xf32> -> tensor<2x64x128xf32> loc("q")
  %1 = nn.matmul %arg0, %arg2 {remat.block = 0 : i64} : tensor<2x64x128xf32>, tensor<128x128xf32> -> tensor<2x64x128xf32> loc("k")
  %2 = nn.matmul %0, %1 {remat.block = 0 : i64, transpose_b} : tensor<2x64x128xf32>, tensor<2x64x128xf32> -> tensor<2x64x64xf32> loc("scores")
  %3 = nn.softmax %2 {remat.block = 0 : i64} : tensor<2x64x64xf32> loc("softmax")
  %4 = nn.mse_loss %3, %arg3 {remat.block = 0 : i64} : tensor<2x64x64xf32>, tensor<2x64x64xf32> -> tensor<f32>
  %cst = arith.constant dense<1.000000e+00> : tensor<f32>
  %5 = nn.mse_loss_grad %3, %arg3, %cst : tensor<2x64x64xf32>, tensor<2x64x64xf32>, tensor<f32> -> tensor<2x64x64xf32>
  %6 = nn.softmax_grad %5, %3 : tensor<2x64x64xf32>
  %7 = nn.matmul %6, %0 {transpose_a} : tensor<2x64x64xf32>, tensor<2x64x128xf32> -> tensor<2x64x128xf32>
  %8 = nn.matmul %6, %1 : tensor<2x64x64xf32>, tensor<2x64x128xf32> -> tensor<2x64x128xf32>
  %9 = nn.reshape %arg0 : tensor<2x64x128xf32> -> tensor<128x128xf32>
  %10 = nn.reshape %7 : tensor<2x64x128xf32> -> tensor<128x128xf32>
  %11 = nn.matmul %9, %10 {transpose_a} : tensor<128x128xf32>, tensor<128x128xf32> -> tensor<128x128xf32>
  %12 = nn.reshape %arg0 : tensor<2x64x128xf32> -> tensor<128x128xf32>
  %13 = nn.reshape %8 : tensor<2x64x128xf32> -> tensor<128x128xf32>
  %14 = nn.matmul %12, %13 {transpose_a} : tensor<128x128xf32>, tensor<128x128xf32> -> tensor<128x128xf32>
  return %4, %14, %11 : tensor<f32>, tensor<128x128xf32>, tensor<128x128xf32>
}

// dots keeps the scores (a kept intermediate: the softmax is recomputed from
// them); dots-no-batch keeps only Q and K, and the softmax's chain runs
// through the scores' matmul (2x64x64x128x2 = 2,097,152 FLOPs more).
// DOTS-LABEL: "decisions":[{"bytes":65536,"decision":"save","loc":"loc(\"q\")","op":"nn.matmul","reason":"dots: a matrix multiply's result"
// DOTS-SAME: {"bytes":32768,"decision":"recompute","loc":"loc(\"softmax\")","op":"nn.softmax","reason":"dots: recomputed from the matrix multiplies' results"
// DOTS-SAME: "kept_intermediates":[{"bytes":32768,"decision":"save","loc":"loc(\"scores\")","op":"nn.matmul","reason":"dots: a matrix multiply's result: recompute chains stop here"
// DOTS-SAME: "policy":"dots"
// DOTS-SAME: "recompute_flops":49152,
// NOBATCH-LABEL: "decisions":[{"bytes":65536,"decision":"save","loc":"loc(\"q\")","op":"nn.matmul","reason":"dots-no-batch: a matrix multiply's result"
// NOBATCH-SAME: {"bytes":32768,"decision":"recompute","loc":"loc(\"softmax\")","op":"nn.softmax","reason":"dots-no-batch: recomputed from the matrix multiplies' results"
// NOBATCH-SAME: "kept_intermediates":[]
// NOBATCH-SAME: "policy":"dots-no-batch"
// NOBATCH-SAME: "recompute_flops":2146304,

// IR-LABEL: func.func @heads
// IR: %[[Q:.*]] = nn.matmul %arg0, %arg1
// IR: %[[K:.*]] = nn.matmul %arg0, %arg2
// IR: arith.constant
// IR-NEXT: %[[S:.*]] = nn.matmul %[[Q]], %[[K]] {remat.block = 0 : i64, transpose_b}
// IR-NEXT: nn.softmax %[[S]]

// -----

// The same through nn.generic, as the JAX integration writes it: the
// dot_general of the scores has batch_dims = 1.
func.func @generic(%x: tensor<2x64x16xf32>, %w: tensor<16x16xf32>, %t: tensor<f32>)
    -> (tensor<f32>, tensor<2x64x64xf32>) attributes {remat.forward_results = 1 : i64} {
  %q = nn.generic "jax.dot_general" %x, %w {cost_class = "gemm", flops = 65536 : i64} : (tensor<2x64x16xf32>, tensor<16x16xf32>) -> tensor<2x64x16xf32> loc("gq")
  %s = nn.generic "jax.dot_general" %q, %q {cost_class = "gemm", flops = 262144 : i64, batch_dims = 1 : i64} : (tensor<2x64x16xf32>, tensor<2x64x16xf32>) -> tensor<2x64x64xf32> loc("gscores")
  %e = nn.generic "jax.exp" %s {flops = 8192 : i64} : (tensor<2x64x64xf32>) -> tensor<2x64x64xf32> loc("gexp")
  %l = nn.generic "jax.reduce_sum" %e {cost_class = "reduction", flops = 8192 : i64} : (tensor<2x64x64xf32>) -> tensor<f32> loc("gsum")
  %g = nn.generic "jax.broadcast_in_dim" %t {cost_class = "layout"} : (tensor<f32>) -> tensor<2x64x64xf32> loc("gg")
  %de = nn.generic "jax.mul" %g, %e {flops = 8192 : i64} : (tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x64xf32> loc("gmul")
  return %l, %de : tensor<f32>, tensor<2x64x64xf32>
}
// DOTS: "decisions":[{"bytes":32768,"decision":"recompute","loc":"loc(\"gexp\")","op":"nn.generic","reason":"dots: recomputed from the matrix multiplies' results"
// DOTS-SAME: "kept_intermediates":[{"bytes":32768,"decision":"save","loc":"loc(\"gscores\")"
// DOTS-SAME: "recompute_flops":8192,
// NOBATCH: "decisions":[{"bytes":32768,"decision":"recompute","loc":"loc(\"gexp\")","op":"nn.generic","reason":"dots-no-batch: recomputed from the matrix multiplies' results"
// NOBATCH-SAME: "kept_intermediates":[{"bytes":8192,"decision":"save","loc":"loc(\"gq\")"
// NOBATCH-SAME: "recompute_flops":270336,
// IR-LABEL: func.func @generic
// IR: nn.generic "jax.broadcast_in_dim"
// IR-NEXT: %[[S2:.*]] = nn.generic "jax.dot_general" %0, %0 {batch_dims = 1 : i64
// IR-NEXT: nn.generic "jax.exp" %[[S2]]
