// RUN: remat-opt %s -split-input-file --rematerialize=policy=none | FileCheck %s --check-prefix=NONE
// RUN: remat-opt %s -split-input-file --rematerialize="policy=full skip-useless=false" | FileCheck %s --check-prefix=FULL
// RUN: remat-opt %s -split-input-file --rematerialize="policy=selective skip-useless=false" | FileCheck %s --check-prefix=SEL
// RUN: remat-opt %s --rematerialize="policy=full report=-" -o /dev/null | FileCheck %s --check-prefix=USELESS

// By default (skip-useless=true) a fixed policy whose plan peaks at policy
// none's peak takes none's plan: here the peak is where the weight
// gradient (2 MiB) is made, and recomputing %h and %a (16 KiB each) lowers
// nothing there. The report says why each is kept, and nothing is
// recomputed. (The other RUN lines apply full as stated: skip-useless=false.)
// USELESS: "decision":"save","loc":"{{[^"]*}}rematerialize-mlp.mlir:{{[0-9]+}}:8","op":"nn.matmul","reason":"kept as under policy none: the policy's recomputes lower no peak (its plan peaks at policy none's 4259972 bytes), so they would cost time for nothing"
// USELESS-SAME: "op":"nn.gelu","reason":"kept as under policy none
// USELESS-SAME: "policy":"full","result":{"estimated_time_s":{{[^,]*}},"flops":16978112,"peak_bytes":4259972,"recompute_flops":0,

// A two-layer MLP in one checkpoint block. Saved activations: %h (for
// gelu_grad), %a (for the dW2 matmul) and %y (block output, used by the loss
// gradient outside the block).

func.func @mlp(%x: tensor<8x1024xf32>, %w1: tensor<1024x512xf32>, %w2: tensor<512x4xf32>, %t: tensor<8x4xf32>)
    -> (tensor<f32>, tensor<1024x512xf32>, tensor<512x4xf32>) {
  %h = nn.matmul %x, %w1 {remat.block = 0 : i64} : tensor<8x1024xf32>, tensor<1024x512xf32> -> tensor<8x512xf32>
  %a = nn.gelu %h {remat.block = 0 : i64} : tensor<8x512xf32>
  %y = nn.matmul %a, %w2 {remat.block = 0 : i64} : tensor<8x512xf32>, tensor<512x4xf32> -> tensor<8x4xf32>
  %l = nn.mse_loss %y, %t : tensor<8x4xf32>, tensor<8x4xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dy = nn.mse_loss_grad %y, %t, %one : tensor<8x4xf32>, tensor<8x4xf32>, tensor<f32> -> tensor<8x4xf32>
  %dw2 = nn.matmul %a, %dy {transpose_a} : tensor<8x512xf32>, tensor<8x4xf32> -> tensor<512x4xf32>
  %da = nn.matmul %dy, %w2 {transpose_b} : tensor<8x4xf32>, tensor<512x4xf32> -> tensor<8x512xf32>
  %dh = nn.gelu_grad %da, %h : tensor<8x512xf32>
  %dw1 = nn.matmul %x, %dh {transpose_a} : tensor<8x1024xf32>, tensor<8x512xf32> -> tensor<1024x512xf32>
  return %l, %dw1, %dw2 : tensor<f32>, tensor<1024x512xf32>, tensor<512x4xf32>
}

// policy=none changes nothing: exactly one gelu and the original operands.
// NONE-LABEL: func.func @mlp
// NONE:       %[[H:.*]] = nn.matmul %arg0, %arg1
// NONE:       %[[A:.*]] = nn.gelu %[[H]]
// NONE:       nn.matmul %[[A]], %{{.*}} {transpose_a}
// NONE:       nn.gelu_grad %{{.*}}, %[[H]]
// NONE-NOT:   nn.gelu %

// policy=full keeps only the block output %y. The chain of %a (matmul, gelu)
// is cloned right before its first backward use (the dW2 matmul), and the
// gelu_grad reuses the cloned %h: nothing is recomputed twice.
// FULL-LABEL: func.func @mlp
// FULL:       %[[DY:.*]] = nn.mse_loss_grad
// FULL-NEXT:  %[[H2:.*]] = nn.matmul %arg0, %arg1 {remat.block = 0 : i64}
// FULL-NEXT:  %[[A2:.*]] = nn.gelu %[[H2]] {remat.block = 0 : i64}
// FULL-NEXT:  nn.matmul %[[A2]], %[[DY]] {transpose_a}
// FULL-NEXT:  nn.matmul %[[DY]], %arg2 {transpose_b}
// FULL-NEXT:  nn.gelu_grad %{{.*}}, %[[H2]]
// FULL-NOT:   nn.gelu %
// FULL-NOT:   nn.matmul %arg0, %arg1

// policy=selective recomputes the cheap GELU from the kept GEMM output; the
// GEMM over K=1024 (512 FLOPs per byte) is above the H200 ridge point.
// SEL-LABEL:  func.func @mlp
// SEL:        %[[H:.*]] = nn.matmul %arg0, %arg1
// SEL:        %[[DY:.*]] = nn.mse_loss_grad
// SEL-NEXT:   %[[A2:.*]] = nn.gelu %[[H]]
// SEL-NEXT:   nn.matmul %[[A2]], %[[DY]] {transpose_a}
// SEL:        nn.gelu_grad %{{.*}}, %[[H]]
// SEL-NOT:    nn.gelu %
