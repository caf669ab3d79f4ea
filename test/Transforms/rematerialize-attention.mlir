// RUN: remat-opt %s --rematerialize="policy=selective skip-useless=false" | FileCheck %s --check-prefix=SEL
// RUN: remat-opt %s --rematerialize="policy=full skip-useless=false" | FileCheck %s --check-prefix=FULL
// RUN: remat-opt %s --rematerialize="policy=selective report=- skip-useless=false" -o /dev/null | FileCheck %s --check-prefix=REPORT

// One causal attention head (S=256, D=64) over projections with K=1024, as in
// a GPT block. Megatron-style selective recompute: the scores/softmax/dropout
// chain is memory-heavy and cheap (QK^T costs 2*D FLOPs per score) and is
// recomputed; the projections (2*1024 FLOPs per element) are kept.

func.func @attention(%x: tensor<256x1024xf32>, %wq: tensor<1024x64xf32>, %wk: tensor<1024x64xf32>, %wv: tensor<1024x64xf32>, %t: tensor<256x64xf32>)
    -> (tensor<f32>, tensor<1024x64xf32>, tensor<1024x64xf32>, tensor<1024x64xf32>) {
  %q = nn.matmul %x, %wq {remat.block = 0 : i64} : tensor<256x1024xf32>, tensor<1024x64xf32> -> tensor<256x64xf32>
  %k = nn.matmul %x, %wk {remat.block = 0 : i64} : tensor<256x1024xf32>, tensor<1024x64xf32> -> tensor<256x64xf32>
  %v = nn.matmul %x, %wv {remat.block = 0 : i64} : tensor<256x1024xf32>, tensor<1024x64xf32> -> tensor<256x64xf32>
  %s = nn.matmul %q, %k {transpose_b, remat.block = 0 : i64} : tensor<256x64xf32>, tensor<256x64xf32> -> tensor<256x256xf32>
  %p = nn.softmax %s {scale = 1.250000e-01 : f32, causal, remat.block = 0 : i64} : tensor<256x256xf32>
  %pd = nn.dropout %p {rate = 1.000000e-01 : f32, seed = 7 : i64, remat.block = 0 : i64} : tensor<256x256xf32>
  %c = nn.matmul %pd, %v {remat.block = 0 : i64} : tensor<256x256xf32>, tensor<256x64xf32> -> tensor<256x64xf32>
  %l = nn.mse_loss %c, %t : tensor<256x64xf32>, tensor<256x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dc = nn.mse_loss_grad %c, %t, %one : tensor<256x64xf32>, tensor<256x64xf32>, tensor<f32> -> tensor<256x64xf32>
  %dpd = nn.matmul %dc, %v {transpose_b} : tensor<256x64xf32>, tensor<256x64xf32> -> tensor<256x256xf32>
  %dv = nn.matmul %pd, %dc {transpose_a} : tensor<256x256xf32>, tensor<256x64xf32> -> tensor<256x64xf32>
  %dp = nn.dropout %dpd {rate = 1.000000e-01 : f32, seed = 7 : i64} : tensor<256x256xf32>
  %ds = nn.softmax_grad %dp, %p {scale = 1.250000e-01 : f32} : tensor<256x256xf32>
  %dq = nn.matmul %ds, %k : tensor<256x256xf32>, tensor<256x64xf32> -> tensor<256x64xf32>
  %dk = nn.matmul %ds, %q {transpose_a} : tensor<256x256xf32>, tensor<256x64xf32> -> tensor<256x64xf32>
  %dwq = nn.matmul %x, %dq {transpose_a} : tensor<256x1024xf32>, tensor<256x64xf32> -> tensor<1024x64xf32>
  %dwk = nn.matmul %x, %dk {transpose_a} : tensor<256x1024xf32>, tensor<256x64xf32> -> tensor<1024x64xf32>
  %dwv = nn.matmul %x, %dv {transpose_a} : tensor<256x1024xf32>, tensor<256x64xf32> -> tensor<1024x64xf32>
  return %l, %dwq, %dwk, %dwv : tensor<f32>, tensor<1024x64xf32>, tensor<1024x64xf32>, tensor<1024x64xf32>
}

// The dropout output's first backward use is the dV matmul: QK^T, softmax and
// dropout are cloned right there, once; softmax_grad shares the cloned %p.
// SEL-LABEL: func.func @attention
// SEL:       %[[Q:.*]] = nn.matmul %arg0, %arg1
// SEL:       %[[K:.*]] = nn.matmul %arg0, %arg2
// SEL:       %[[V:.*]] = nn.matmul %arg0, %arg3
// SEL:       %[[DC:.*]] = nn.mse_loss_grad
// SEL-NEXT:  %[[DPD:.*]] = nn.matmul %[[DC]], %[[V]] {transpose_b}
// SEL-NEXT:  %[[S2:.*]] = nn.matmul %[[Q]], %[[K]] {remat.block = 0 : i64, transpose_b}
// SEL-NEXT:  %[[P2:.*]] = nn.softmax %[[S2]] {causal, remat.block = 0 : i64, scale = 1.250000e-01 : f32}
// SEL-NEXT:  %[[PD2:.*]] = nn.dropout %[[P2]] {rate = 1.000000e-01 : f32, remat.block = 0 : i64, seed = 7 : i64}
// SEL-NEXT:  nn.matmul %[[PD2]], %[[DC]] {transpose_a}
// SEL-NEXT:  nn.dropout %[[DPD]]
// SEL-NEXT:  nn.softmax_grad %{{.*}}, %[[P2]]
// SEL-NOT:   nn.softmax %
// SEL-NOT:   {transpose_b, remat.block

// policy=full keeps nothing inside the block: the projections are cloned too
// (each once), before their first backward uses.
// FULL-LABEL: func.func @attention
// FULL:       %[[DC:.*]] = nn.mse_loss_grad
// FULL-NEXT:  %[[V2:.*]] = nn.matmul %arg0, %arg3
// FULL-NEXT:  nn.matmul %[[DC]], %[[V2]] {transpose_b}
// FULL-NEXT:  %[[Q2:.*]] = nn.matmul %arg0, %arg1
// FULL-NEXT:  %[[K2:.*]] = nn.matmul %arg0, %arg2
// FULL-NEXT:  %[[S2:.*]] = nn.matmul %[[Q2]], %[[K2]]
// FULL-NEXT:  %[[P2:.*]] = nn.softmax %[[S2]]
// FULL-NEXT:  %[[PD2:.*]] = nn.dropout %[[P2]]
// FULL-NEXT:  nn.matmul %[[PD2]], %[[DC]] {transpose_a}
// FULL:       nn.softmax_grad %{{.*}}, %[[P2]]
// FULL-NEXT:  nn.matmul %{{.*}}, %[[K2]]
// FULL-NEXT:  nn.matmul %{{.*}}, %[[Q2]] {transpose_a}
// FULL-NOT:   nn.softmax %

// The report has one decision per saved activation, with its cost and why.
// The certificate: selective's recompute does not lower the peak here (see
// rematerialize-auto.mlir), so any plan at its peak needs none of it (lower
// bound 0, gap 100%).
// REPORT: "budget_bytes":null,"certificate":{"bound":"cover","bound_at_bytes":{{[0-9]+}},"gap":1,"keep_recompute_optimum_s":null,"peak_bytes":2949124,"recompute_time_lower_bound_s":0,"recompute_time_s":{{[0-9.e-]+}}},"decisions":[
// REPORT-SAME: {"bytes":65536,"decision":"save","loc":"{{.*}}rematerialize-attention.mlir:12:8","op":"nn.matmul","reason":"expensive: 512.0 recompute FLOPs per byte > threshold 102.9","recompute_flops":33554432,
// REPORT-SAME: "decision":"recompute","loc":"{{.*}}rematerialize-attention.mlir:16:8","op":"nn.softmax","reason":"cheap: 33.5 recompute FLOPs per byte <= threshold 102.9","recompute_flops":8781824,
// REPORT-SAME: "decision":"recompute","loc":"{{.*}}rematerialize-attention.mlir:17:9","op":"nn.dropout"
// REPORT-SAME: "device":"h200","function":"attention","kept_intermediates":[],"peak_lower_bound_bytes":{{[0-9]+}},"policy":"selective"
// REPORT-SAME: "result":{{{.*}}"recompute_flops":8978432,"saved_activation_bytes":262144}

// RUN: remat-opt %s --rematerialize="policy=dots skip-useless=false" | FileCheck %s --check-prefix=DOTS
// RUN: remat-opt %s --rematerialize="policy=dots report=- skip-useless=false" -o /dev/null | FileCheck %s --check-prefix=DOTS-REPORT
// policy=dots (JAX's dots_saveable): every matmul result is kept, the scores
// %s too although the backward does not read them, so the softmax and the
// dropout are recomputed from the kept scores, not from Q and K.
// DOTS-LABEL: func.func @attention
// DOTS:       %[[Q:.*]] = nn.matmul %arg0, %arg1
// DOTS:       %[[K:.*]] = nn.matmul %arg0, %arg2
// DOTS:       %[[S:.*]] = nn.matmul %[[Q]], %[[K]] {remat.block = 0 : i64, transpose_b}
// DOTS:       %[[DC:.*]] = nn.mse_loss_grad
// DOTS-NEXT:  nn.matmul %[[DC]], %{{.*}} {transpose_b}
// DOTS-NEXT:  %[[P2:.*]] = nn.softmax %[[S]] {causal, remat.block = 0 : i64, scale = 1.250000e-01 : f32}
// DOTS-NEXT:  %[[PD2:.*]] = nn.dropout %[[P2]]
// DOTS-NEXT:  nn.matmul %[[PD2]], %[[DC]] {transpose_a}
// DOTS-NOT:   {remat.block = 0 : i64, transpose_b}
// DOTS-NOT:   nn.matmul %arg0, %arg1

// DOTS-REPORT: "decisions":[
// DOTS-REPORT-SAME: {"bytes":65536,"decision":"save",{{[^}]*}}"op":"nn.matmul","reason":"dots: a matrix multiply's result"
// DOTS-REPORT-SAME: {"bytes":262144,"decision":"recompute",{{[^}]*}}"op":"nn.softmax","reason":"dots: recomputed from the matrix multiplies' results"
// DOTS-REPORT-SAME: {"bytes":262144,"decision":"recompute",{{[^}]*}}"op":"nn.dropout","reason":"dots: recomputed from the matrix multiplies' results"
// DOTS-REPORT: "kept_intermediates":[{"bytes":262144,"decision":"save",{{[^}]*}}"op":"nn.matmul","reason":"dots: a matrix multiply's result: recompute chains stop here"
// DOTS-REPORT: "policy":"dots"
