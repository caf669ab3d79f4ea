// RUN: remat-opt %s --nn-autodiff | FileCheck %s
// RUN: remat-opt %s --nn-autodiff=wrt=1 | FileCheck %s --check-prefix=WRT
// RUN: remat-opt %s --nn-autodiff --rematerialize="policy=selective skip-useless=false" | FileCheck %s --check-prefix=JOINT

// An MLP: the backward is seeded with 1.0, runs in reverse, keeps the forward
// ops (and their remat.block) in place, and returns (loss, dx, dw, dt). A
// matmul's weight gradient comes first: it is the activation's last use.
// CHECK-LABEL: func.func @mlp
// CHECK-SAME:  -> (tensor<f32>, tensor<8x16xf32>, tensor<16x4xf32>, tensor<8x4xf32>)
// CHECK:       %[[H:.*]] = nn.matmul %arg0, %arg1 {remat.block = 0 : i64}
// CHECK-NEXT:  %[[A:.*]] = nn.gelu %[[H]] {remat.block = 0 : i64}
// CHECK-NEXT:  %[[L:.*]] = nn.mse_loss %[[A]], %arg2
// CHECK-NEXT:  %[[ONE:.*]] = arith.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT:  %[[DA:.*]] = nn.mse_loss_grad %[[A]], %arg2, %[[ONE]]
// CHECK-NEXT:  %[[DT:.*]] = nn.scale %[[DA]] {factor = -1.000000e+00 : f32}
// CHECK-NEXT:  %[[DH:.*]] = nn.gelu_grad %[[DA]], %[[H]]
// CHECK-NEXT:  %[[DW:.*]] = nn.matmul %arg0, %[[DH]] {transpose_a}
// CHECK-NEXT:  %[[DX:.*]] = nn.matmul %[[DH]], %arg1 {transpose_b}
// CHECK-NEXT:  return %[[L]], %[[DX]], %[[DW]], %[[DT]]

// With wrt=1 only dw is returned; the gradients of x and t are not built.
// WRT-LABEL: func.func @mlp
// WRT-SAME:  -> (tensor<f32>, tensor<16x4xf32>)
// WRT-NOT:   nn.scale
// WRT-NOT:   transpose_b
// WRT:       nn.matmul %arg0, %{{.*}} {transpose_a}

// The result is a joint function that --rematerialize takes as it is: under
// selective, the small matmul is cheap per byte and is recomputed right
// before gelu_grad, its backward use.
// JOINT-LABEL: func.func @mlp
// JOINT:       nn.mse_loss_grad
// JOINT-NEXT:  nn.scale
// JOINT-NEXT:  %[[HR:.*]] = nn.matmul %arg0, %arg1 {remat.block = 0 : i64}
// JOINT-NEXT:  nn.gelu_grad %{{.*}}, %[[HR]]
func.func @mlp(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %t: tensor<8x4xf32>) -> tensor<f32> {
  %h = nn.matmul %x, %w {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16x4xf32> -> tensor<8x4xf32>
  %a = nn.gelu %h {remat.block = 0 : i64} : tensor<8x4xf32>
  %l = nn.mse_loss %a, %t : tensor<8x4xf32>, tensor<8x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// A value used twice: the two gradients of %x are summed.
// CHECK-LABEL: func.func @shared
// CHECK:       %[[DM:.*]] = nn.mse_loss_grad
// CHECK:       %[[D1:.*]] = nn.mul %[[DM]], %arg0
// CHECK-NEXT:  %[[D2:.*]] = nn.mul %[[DM]], %{{.*}}
// CHECK-NEXT:  %[[DR:.*]] = nn.relu_grad %[[D1]], %arg0
// CHECK-NEXT:  %[[SUM:.*]] = nn.add %[[D2]], %[[DR]]
// CHECK-NEXT:  return %{{.*}}, %[[SUM]], %{{.*}}
func.func @shared(%x: tensor<4x8xf32>, %t: tensor<4x8xf32>) -> tensor<f32> {
  %r = nn.relu %x : tensor<4x8xf32>
  %m = nn.mul %r, %x : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  %l = nn.mse_loss %m, %t : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// A 2-D weight under a batched input: its gradient contracts the flattened
// rows (reshape views) instead of summing one product per batch. Labels
// (integers) get no gradient.
// CHECK-LABEL: func.func @batched
// CHECK-SAME:  -> (tensor<f32>, tensor<2x8x16xf32>, tensor<16x4xf32>)
// CHECK:       nn.cross_entropy_grad
// CHECK:       %[[XR:.*]] = nn.reshape %arg0 : tensor<2x8x16xf32> -> tensor<16x16xf32>
// CHECK-NEXT:  %[[DR:.*]] = nn.reshape %{{.*}} : tensor<2x8x4xf32> -> tensor<16x4xf32>
// CHECK-NEXT:  nn.matmul %[[XR]], %[[DR]] {transpose_a} : tensor<16x16xf32>, tensor<16x4xf32> -> tensor<16x4xf32>
func.func @batched(%x: tensor<2x8x16xf32>, %w: tensor<16x4xf32>, %labels: tensor<16xi32>) -> tensor<f32> {
  %h = nn.matmul %x, %w : tensor<2x8x16xf32>, tensor<16x4xf32> -> tensor<2x8x4xf32>
  %h2 = nn.reshape %h : tensor<2x8x4xf32> -> tensor<16x4xf32>
  %l = nn.cross_entropy %h2, %labels : tensor<16x4xf32>, tensor<16xi32> -> tensor<f32>
  return %l : tensor<f32>
}

// An argument the loss does not depend on gets a zero gradient; a
// dynamically shaped one gets none (it is not differentiated by default).
// CHECK-LABEL: func.func @unused
// CHECK-SAME:  -> (tensor<f32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
// CHECK:       %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT:  return %{{.*}}, %{{.*}}, %[[Z]], %{{.*}}
func.func @unused(%x: tensor<4xf32>, %y: tensor<4xf32>, %t: tensor<4xf32>, %d: tensor<?xf32>) -> tensor<f32> {
  %l = nn.mse_loss %x, %t : tensor<4xf32>, tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// Broadcasting operands get their gradient summed back to their shape
// (reduce_sum over the broadcast dims, a view where a 1 is kept).
// CHECK-LABEL: func.func @broadcasting
// CHECK:       %[[DY:.*]] = nn.mse_loss_grad
// CHECK:       %[[DC:.*]] = nn.mul %[[DY]], %arg0
// CHECK:       %[[S:.*]] = nn.reduce_sum %[[DC]] {dims = array<i64: 0, 2>} : tensor<2x4x6xf32> -> tensor<4xf32>
// CHECK-NEXT:  nn.reshape %[[S]] : tensor<4xf32> -> tensor<4x1xf32>
func.func @broadcasting(%x: tensor<2x4x6xf32>, %c: tensor<4x1xf32>, %t: tensor<2x4x6xf32>) -> tensor<f32> {
  %y = nn.mul %x, %c : tensor<2x4x6xf32>, tensor<4x1xf32> -> tensor<2x4x6xf32>
  %l = nn.mse_loss %y, %t : tensor<2x4x6xf32>, tensor<2x4x6xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// A forward op that feeds nothing (%dead) is erased with the unused backward
// ops: left in place, it would read %h in the joint function and count as a
// backward use of it (issue found by property tests).
// CHECK-LABEL: func.func @dead_forward_op
// CHECK-NOT:   nn.scale %{{.*}} {factor = 3.000000e+00 : f32}
// CHECK:       return
func.func @dead_forward_op(%x: tensor<4x8xf32>, %t: tensor<4x8xf32>) -> tensor<f32> {
  %h = nn.gelu %x : tensor<4x8xf32>
  %dead = nn.scale %h {factor = 3.000000e+00 : f32} : tensor<4x8xf32>
  %r = nn.relu %h : tensor<4x8xf32>
  %l = nn.mse_loss %r, %t : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}
