// RUN: remat-opt %s -split-input-file --rematerialize="policy=full skip-useless=false" | FileCheck %s --check-prefix=FULL
// RUN: remat-opt %s -split-input-file --rematerialize=policy=none | FileCheck %s --check-prefix=NONE

// remat.policy = "save" wins over full: the GELU output stays, only the
// matmul output %h is recomputed.
func.func @save_wins(%x: tensor<8x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<32x4xf32>, %t: tensor<8x4xf32>)
    -> (tensor<f32>, tensor<16x32xf32>, tensor<32x4xf32>) {
  %h = nn.matmul %x, %w1 {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16x32xf32> -> tensor<8x32xf32>
  %a = nn.gelu %h {remat.block = 0 : i64, remat.policy = "save"} : tensor<8x32xf32>
  %y = nn.matmul %a, %w2 {remat.block = 0 : i64} : tensor<8x32xf32>, tensor<32x4xf32> -> tensor<8x4xf32>
  %l = nn.mse_loss %y, %t : tensor<8x4xf32>, tensor<8x4xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dy = nn.mse_loss_grad %y, %t, %one : tensor<8x4xf32>, tensor<8x4xf32>, tensor<f32> -> tensor<8x4xf32>
  %dw2 = nn.matmul %a, %dy {transpose_a} : tensor<8x32xf32>, tensor<8x4xf32> -> tensor<32x4xf32>
  %da = nn.matmul %dy, %w2 {transpose_b} : tensor<8x4xf32>, tensor<32x4xf32> -> tensor<8x32xf32>
  %dh = nn.gelu_grad %da, %h : tensor<8x32xf32>
  %dw1 = nn.matmul %x, %dh {transpose_a} : tensor<8x16xf32>, tensor<8x32xf32> -> tensor<16x32xf32>
  return %l, %dw1, %dw2 : tensor<f32>, tensor<16x32xf32>, tensor<32x4xf32>
}
// FULL-LABEL: func.func @save_wins
// FULL:       %[[A:.*]] = nn.gelu %{{.*}} {remat.block = 0 : i64, remat.policy = "save"}
// FULL:       nn.matmul %[[A]], %{{.*}} {transpose_a}
// FULL-NEXT:  nn.matmul
// FULL-NEXT:  %[[H2:.*]] = nn.matmul %arg0, %arg1
// FULL-NEXT:  nn.gelu_grad %{{.*}}, %[[H2]]
// FULL-NOT:   nn.gelu %

// -----

// remat.policy = "recompute" wins over none.
func.func @recompute_wins(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>) -> (tensor<f32>, tensor<8x16xf32>) {
  %a = nn.gelu %x {remat.block = 0 : i64, remat.policy = "recompute"} : tensor<8x16xf32>
  %l = nn.mse_loss %a, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %da = nn.mse_loss_grad %a, %t, %one : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %dx = nn.gelu_grad %da, %x : tensor<8x16xf32>
  return %l, %dx : tensor<f32>, tensor<8x16xf32>
}
// FULL-LABEL: func.func @recompute_wins
// NONE-LABEL: func.func @recompute_wins
// NONE:       nn.mse_loss %[[A:[^,]*]],
// NONE:       %[[A2:.*]] = nn.gelu %arg0 {remat.block = 0 : i64, remat.policy = "recompute"}
// NONE-NEXT:  nn.mse_loss_grad %[[A2]]

// -----

// An op with side effects (a call of unknown effects) is never recomputed:
// under full its result is kept and the pure relu after it is recomputed
// from it.
func.func private @noise(tensor<8x16xf32>) -> tensor<8x16xf32>
func.func @side_effects(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>) -> (tensor<f32>, tensor<8x16xf32>) {
  %n = func.call @noise(%x) {remat.block = 0 : i64} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %r = nn.relu %n {remat.block = 0 : i64} : tensor<8x16xf32>
  %g = nn.gelu %r {remat.block = 1 : i64} : tensor<8x16xf32>
  %l = nn.mse_loss %g, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dg = nn.mse_loss_grad %g, %t, %one : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %dr = nn.gelu_grad %dg, %r : tensor<8x16xf32>
  %dn = nn.relu_grad %dr, %n : tensor<8x16xf32>
  return %l, %dn : tensor<f32>, tensor<8x16xf32>
}
// FULL-LABEL: func.func @side_effects
// FULL:       %[[N:.*]] = call @noise(%arg0)
// FULL:       nn.mse_loss_grad
// FULL-NEXT:  nn.gelu_grad
// FULL-NEXT:  nn.relu_grad %{{.*}}, %[[N]]
// FULL-NOT:   call @noise
