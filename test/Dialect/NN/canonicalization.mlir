// The folders and canonicalization patterns of the nn ops
// (lib/remat/Dialect/NN/NNOps.cpp), and ops that must stay as they are.
// RUN: remat-opt %s -canonicalize -split-input-file | FileCheck %s

// Scaling by 1.0 is the identity.
// CHECK-LABEL: func.func @scale_one
// CHECK-NOT: nn.scale
// CHECK: return %arg0
func.func @scale_one(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.scale %x {factor = 1.0 : f32} : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Any other factor stays.
// CHECK-LABEL: func.func @scale_half
// CHECK-NEXT: %[[R:.*]] = nn.scale %arg0 {factor = 5.000000e-01 : f32} : tensor<4x8xf32>
// CHECK-NEXT: return %[[R]]
func.func @scale_half(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.scale %x {factor = 0.5 : f32} : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// -1.0 is not the identity either.
// CHECK-LABEL: func.func @scale_minus_one
// CHECK-NEXT: %[[R:.*]] = nn.scale %arg0 {factor = -1.000000e+00 : f32} : tensor<4x8xf16>
// CHECK-NEXT: return %[[R]]
func.func @scale_minus_one(%x: tensor<4x8xf16>) -> tensor<4x8xf16> {
  %0 = nn.scale %x {factor = -1.0 : f32} : tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

// -----

// Dropout with rate 0 keeps everything and scales by 1.
// CHECK-LABEL: func.func @dropout_zero
// CHECK-NOT: nn.dropout
// CHECK: return %arg0
func.func @dropout_zero(%x: tensor<2x16xf32>) -> tensor<2x16xf32> {
  %0 = nn.dropout %x {rate = 0.0 : f32, seed = 17 : i64} : tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// -----

// Dropout with a non-zero rate stays.
// CHECK-LABEL: func.func @dropout_nonzero
// CHECK-NEXT: %[[R:.*]] = nn.dropout %arg0 {rate = 1.000000e-01 : f32, seed = 17 : i64} : tensor<2x16xf32>
// CHECK-NEXT: return %[[R]]
func.func @dropout_nonzero(%x: tensor<2x16xf32>) -> tensor<2x16xf32> {
  %0 = nn.dropout %x {rate = 0.1 : f32, seed = 17 : i64} : tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// -----

// An identity permutation folds away.
// CHECK-LABEL: func.func @transpose_identity
// CHECK-NOT: nn.transpose
// CHECK: return %arg0
func.func @transpose_identity(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = nn.transpose %x {permutation = array<i64: 0, 1, 2>} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// The empty permutation of a rank-0 tensor is the identity.
// CHECK-LABEL: func.func @transpose_rank0
// CHECK-NOT: nn.transpose
// CHECK: return %arg0
func.func @transpose_rank0(%x: tensor<f32>) -> tensor<f32> {
  %0 = nn.transpose %x {permutation = array<i64>} : tensor<f32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// A non-identity transpose stays, even when the shape does not change.
// CHECK-LABEL: func.func @transpose_square
// CHECK-NEXT: %[[R:.*]] = nn.transpose %arg0 {permutation = array<i64: 1, 0>} : tensor<4x4xf32> -> tensor<4x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @transpose_square(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = nn.transpose %x {permutation = array<i64: 1, 0>} : tensor<4x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// A transpose followed by its inverse folds to the original value.
// CHECK-LABEL: func.func @transpose_inverse
// CHECK-NOT: nn.transpose
// CHECK: return %arg0
func.func @transpose_inverse(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = nn.transpose %x {permutation = array<i64: 1, 2, 0>} : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  %1 = nn.transpose %0 {permutation = array<i64: 2, 0, 1>} : tensor<3x4x2xf32> -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// Two transposes compose into one: result[i] = x[p[q[i]]].
// p = (1, 2, 0) then q = (1, 0, 2) gives (2, 1, 0).
// CHECK-LABEL: func.func @transpose_compose
// CHECK-NEXT: %[[R:.*]] = nn.transpose %arg0 {permutation = array<i64: 2, 1, 0>} : tensor<2x3x4xf32> -> tensor<4x3x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @transpose_compose(%x: tensor<2x3x4xf32>) -> tensor<4x3x2xf32> {
  %0 = nn.transpose %x {permutation = array<i64: 1, 2, 0>} : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  %1 = nn.transpose %0 {permutation = array<i64: 1, 0, 2>} : tensor<3x4x2xf32> -> tensor<4x3x2xf32>
  return %1 : tensor<4x3x2xf32>
}

// -----

// Attention's head split and its transpose compose too; the inner transpose
// stays while it has another user.
// CHECK-LABEL: func.func @transpose_compose_shared
// CHECK-NEXT: %[[A:.*]] = nn.transpose %arg0 {permutation = array<i64: 0, 2, 1, 3>} : tensor<2x8x4x16xf32> -> tensor<2x4x8x16xf32>
// CHECK-NEXT: %[[B:.*]] = nn.transpose %arg0 {permutation = array<i64: 0, 2, 3, 1>} : tensor<2x8x4x16xf32> -> tensor<2x4x16x8xf32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @transpose_compose_shared(%x: tensor<2x8x4x16xf32>) -> (tensor<2x4x8x16xf32>, tensor<2x4x16x8xf32>) {
  %0 = nn.transpose %x {permutation = array<i64: 0, 2, 1, 3>} : tensor<2x8x4x16xf32> -> tensor<2x4x8x16xf32>
  %1 = nn.transpose %0 {permutation = array<i64: 0, 1, 3, 2>} : tensor<2x4x8x16xf32> -> tensor<2x4x16x8xf32>
  return %0, %1 : tensor<2x4x8x16xf32>, tensor<2x4x16x8xf32>
}

// -----

// A chain of three transposes collapses to one.
// CHECK-LABEL: func.func @transpose_chain
// CHECK-NEXT: %[[R:.*]] = nn.transpose %arg0 {permutation = array<i64: 1, 0, 2>} : tensor<2x3x4xf32> -> tensor<3x2x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @transpose_chain(%x: tensor<2x3x4xf32>) -> tensor<3x2x4xf32> {
  %0 = nn.transpose %x {permutation = array<i64: 1, 0, 2>} : tensor<2x3x4xf32> -> tensor<3x2x4xf32>
  %1 = nn.transpose %0 {permutation = array<i64: 0, 2, 1>} : tensor<3x2x4xf32> -> tensor<3x4x2xf32>
  %2 = nn.transpose %1 {permutation = array<i64: 0, 2, 1>} : tensor<3x4x2xf32> -> tensor<3x2x4xf32>
  return %2 : tensor<3x2x4xf32>
}

// -----

// A reshape to the same type folds away.
// CHECK-LABEL: func.func @reshape_identity
// CHECK-NOT: nn.reshape
// CHECK: return %arg0
func.func @reshape_identity(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.reshape %x : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A reshape of a reshape is one reshape of the original.
// CHECK-LABEL: func.func @reshape_compose
// CHECK-NEXT: %[[R:.*]] = nn.reshape %arg0 : tensor<2x128x768xf32> -> tensor<256x12x64xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_compose(%x: tensor<2x128x768xf32>) -> tensor<256x12x64xf32> {
  %0 = nn.reshape %x : tensor<2x128x768xf32> -> tensor<2x128x12x64xf32>
  %1 = nn.reshape %0 : tensor<2x128x12x64xf32> -> tensor<256x12x64xf32>
  return %1 : tensor<256x12x64xf32>
}

// -----

// Reshaping there and back leaves nothing.
// CHECK-LABEL: func.func @reshape_round_trip
// CHECK-NOT: nn.reshape
// CHECK: return %arg0
func.func @reshape_round_trip(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %1 = nn.reshape %0 : tensor<32xf32> -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// A real reshape stays.
// CHECK-LABEL: func.func @reshape_kept
// CHECK-NEXT: %[[R:.*]] = nn.reshape %arg0 : tensor<4x8xf32> -> tensor<8x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_kept(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %0 = nn.reshape %x : tensor<4x8xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// A broadcast to the operand's own type folds away.
// CHECK-LABEL: func.func @broadcast_same
// CHECK-NOT: nn.broadcast
// CHECK: return %arg0
func.func @broadcast_same(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.broadcast %x : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A broadcast that adds dims stays.
// CHECK-LABEL: func.func @broadcast_kept
// CHECK-NEXT: %[[R:.*]] = nn.broadcast %arg0 : tensor<8xf32> -> tensor<4x8xf32>
// CHECK-NEXT: return %[[R]]
func.func @broadcast_kept(%x: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = nn.broadcast %x : tensor<8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// reduce_sum over no dims is the identity.
// CHECK-LABEL: func.func @reduce_sum_empty
// CHECK-NOT: nn.reduce_sum
// CHECK: return %arg0
func.func @reduce_sum_empty(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.reduce_sum %x {dims = array<i64>} : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// reduce_sum over a size-1 dim changes the type: it stays.
// CHECK-LABEL: func.func @reduce_sum_kept
// CHECK-NEXT: %[[R:.*]] = nn.reduce_sum %arg0 {dims = array<i64: 0>} : tensor<1x8xf32> -> tensor<8xf32>
// CHECK-NEXT: return %[[R]]
func.func @reduce_sum_kept(%x: tensor<1x8xf32>) -> tensor<8xf32> {
  %0 = nn.reduce_sum %x {dims = array<i64: 0>} : tensor<1x8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// nn ops are pure: an unused one is erased.
// CHECK-LABEL: func.func @dead_op
// CHECK-NOT: nn.
// CHECK: return %arg0
func.func @dead_op(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.gelu %x : tensor<4x8xf32>
  %1 = nn.dropout %x {rate = 0.5 : f32, seed = 3 : i64} : tensor<4x8xf32>
  return %x : tensor<4x8xf32>
}

// -----

// Folds compose through a chain: scale 1, dropout 0, identity transpose.
// CHECK-LABEL: func.func @fold_chain
// CHECK-NEXT: %[[G:.*]] = nn.gelu %arg0 : tensor<4x8xf32>
// CHECK-NEXT: return %[[G]]
func.func @fold_chain(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.scale %x {factor = 1.0 : f32} : tensor<4x8xf32>
  %1 = nn.gelu %0 : tensor<4x8xf32>
  %2 = nn.dropout %1 {rate = 0.0 : f32, seed = 1 : i64} : tensor<4x8xf32>
  %3 = nn.transpose %2 {permutation = array<i64: 0, 1>} : tensor<4x8xf32> -> tensor<4x8xf32>
  return %3 : tensor<4x8xf32>
}
