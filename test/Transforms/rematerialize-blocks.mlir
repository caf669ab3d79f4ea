// RUN: remat-opt %s --rematerialize=policy=full | FileCheck %s --check-prefix=FULL
// RUN: remat-opt %s --rematerialize=policy=sqrt | FileCheck %s --check-prefix=SQRT
// RUN: remat-opt %s --rematerialize="policy=sqrt report=-" -o /dev/null | FileCheck %s --check-prefix=REPORT
// RUN: remat-opt %s --rematerialize="policy=selective report=-" -o /dev/null | FileCheck %s --check-prefix=SEL

// A chain of four blocks x_{i+1} = relu(x_i @ w_i). full keeps every block
// output; sqrt with N=4 checkpoints every ceil(sqrt(4)) = 2 blocks, so it
// keeps x2 and x4 and recomputes x1 (and x3) inside their segments.

func.func @chain(%x0: tensor<64x64xf32>, %w0: tensor<64x64xf32>, %w1: tensor<64x64xf32>, %w2: tensor<64x64xf32>, %w3: tensor<64x64xf32>, %t: tensor<64x64xf32>)
    -> (tensor<f32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) {
  %h0 = nn.matmul %x0, %w0 {remat.block = 0 : i64} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %x1 = nn.relu %h0 {remat.block = 0 : i64} : tensor<64x64xf32>
  %h1 = nn.matmul %x1, %w1 {remat.block = 1 : i64} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %x2 = nn.relu %h1 {remat.block = 1 : i64} : tensor<64x64xf32>
  %h2 = nn.matmul %x2, %w2 {remat.block = 2 : i64} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %x3 = nn.relu %h2 {remat.block = 2 : i64} : tensor<64x64xf32>
  %h3 = nn.matmul %x3, %w3 {remat.block = 3 : i64} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %x4 = nn.relu %h3 {remat.block = 3 : i64} : tensor<64x64xf32>
  %l = nn.mse_loss %x4, %t : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dx4 = nn.mse_loss_grad %x4, %t, %one : tensor<64x64xf32>, tensor<64x64xf32>, tensor<f32> -> tensor<64x64xf32>
  %dh3 = nn.relu_grad %dx4, %h3 : tensor<64x64xf32>
  %dw3 = nn.matmul %x3, %dh3 {transpose_a} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %dx3 = nn.matmul %dh3, %w3 {transpose_b} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %dh2 = nn.relu_grad %dx3, %h2 : tensor<64x64xf32>
  %dw2 = nn.matmul %x2, %dh2 {transpose_a} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %dx2 = nn.matmul %dh2, %w2 {transpose_b} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %dh1 = nn.relu_grad %dx2, %h1 : tensor<64x64xf32>
  %dw1 = nn.matmul %x1, %dh1 {transpose_a} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %dx1 = nn.matmul %dh1, %w1 {transpose_b} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %dh0 = nn.relu_grad %dx1, %h0 : tensor<64x64xf32>
  %dw0 = nn.matmul %x0, %dh0 {transpose_a} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %l, %dw0, %dw1, %dw2, %dw3 : tensor<f32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>
}

// full: each block's matmul output is recomputed from the kept block input,
// right before that block's backward (relu_grad) needs it.
// FULL-LABEL: func.func @chain
// FULL:       %[[X1:.*]] = nn.relu %{{.*}} {remat.block = 0 : i64}
// FULL:       %[[X2:.*]] = nn.relu %{{.*}} {remat.block = 1 : i64}
// FULL:       %[[X3:.*]] = nn.relu %{{.*}} {remat.block = 2 : i64}
// FULL:       %[[X4:.*]] = nn.relu %{{.*}} {remat.block = 3 : i64}
// FULL:       nn.mse_loss_grad
// FULL-NEXT:  %[[H3:.*]] = nn.matmul %[[X3]], %arg4 {remat.block = 3 : i64}
// FULL-NEXT:  nn.relu_grad %{{.*}}, %[[H3]]
// FULL-NEXT:  nn.matmul %[[X3]], %{{.*}} {transpose_a}
// FULL:       %[[H2:.*]] = nn.matmul %[[X2]], %arg3 {remat.block = 2 : i64}
// FULL-NEXT:  nn.relu_grad %{{.*}}, %[[H2]]
// FULL:       %[[H1:.*]] = nn.matmul %[[X1]], %arg2 {remat.block = 1 : i64}
// FULL-NEXT:  nn.relu_grad %{{.*}}, %[[H1]]
// FULL:       %[[H0:.*]] = nn.matmul %arg0, %arg1 {remat.block = 0 : i64}
// FULL-NEXT:  nn.relu_grad %{{.*}}, %[[H0]]

// sqrt: x3 is recomputed from x2 in segment {2, 3}; in segment {0, 1}, x1 is
// recomputed from the argument x0 together with h0, once.
// SQRT-LABEL: func.func @chain
// SQRT:       %[[X2:.*]] = nn.relu %{{.*}} {remat.block = 1 : i64}
// SQRT:       nn.mse_loss_grad
// SQRT-NEXT:  %[[H2:.*]] = nn.matmul %[[X2]], %arg3 {remat.block = 2 : i64}
// SQRT-NEXT:  %[[X3:.*]] = nn.relu %[[H2]] {remat.block = 2 : i64}
// SQRT-NEXT:  %[[H3:.*]] = nn.matmul %[[X3]], %arg4 {remat.block = 3 : i64}
// SQRT-NEXT:  nn.relu_grad %{{.*}}, %[[H3]]
// SQRT-NEXT:  nn.matmul %[[X3]], %{{.*}} {transpose_a}
// SQRT-NEXT:  nn.matmul
// SQRT-NEXT:  nn.relu_grad %{{.*}}, %[[H2]]
// SQRT-NEXT:  nn.matmul %[[X2]], %{{.*}} {transpose_a}
// SQRT-NEXT:  nn.matmul
// SQRT-NEXT:  %[[H0:.*]] = nn.matmul %arg0, %arg1 {remat.block = 0 : i64}
// SQRT-NEXT:  %[[X1:.*]] = nn.relu %[[H0]] {remat.block = 0 : i64}
// SQRT-NEXT:  %[[H1:.*]] = nn.matmul %[[X1]], %arg2 {remat.block = 1 : i64}
// SQRT-NEXT:  nn.relu_grad %{{.*}}, %[[H1]]
// SQRT-NEXT:  nn.matmul %[[X1]], %{{.*}} {transpose_a}
// SQRT-NEXT:  nn.matmul
// SQRT-NEXT:  nn.relu_grad %{{.*}}, %[[H0]]
// SQRT-NOT:   nn.relu %

// REPORT: "decisions":[{"bytes":16384,"decision":"recompute",{{[^}]*}}"op":"nn.matmul","reason":"inside a checkpoint block"
// REPORT-SAME: "decision":"recompute",{{[^}]*}}"op":"nn.relu","reason":"inside a checkpoint block"
// REPORT-SAME: "decision":"recompute",{{[^}]*}}"op":"nn.matmul","reason":"inside a checkpoint block"
// REPORT-SAME: "decision":"save",{{[^}]*}}"op":"nn.relu","reason":"checkpoint block boundary"
// REPORT-SAME: "policy":"sqrt"

// selective keeps what leaves a block, as Megatron recomputes within a layer:
// the cheap K=64 GEMM outputs are recomputed, the block outputs stay, so a
// recompute never reaches back across blocks to the input.
// SEL: "decisions":[{"bytes":16384,"decision":"recompute",{{[^}]*}}"op":"nn.matmul","reason":"cheap: 32.0
// SEL-SAME: "decision":"save",{{[^}]*}}"op":"nn.relu","reason":"checkpoint block boundary"
// SEL-SAME: "decision":"recompute",{{[^}]*}}"op":"nn.matmul","reason":"cheap: 32.0
// SEL-SAME: "decision":"save",{{[^}]*}}"op":"nn.relu","reason":"checkpoint block boundary"
