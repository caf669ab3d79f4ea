// RUN: remat-opt %s --convert-nn-to-linalg -split-input-file | FileCheck %s
// RUN: remat-opt %s --convert-nn-to-linalg -split-input-file \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN: | FileCheck %s --check-prefix=BUF

// CHECK-LABEL: func.func @transpose
// CHECK-SAME: (%[[X:.*]]: tensor<2x128x12x64xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x12x128x64xf32>
// CHECK: %[[T:.*]] = linalg.transpose ins(%[[X]] : tensor<2x128x12x64xf32>) outs(%[[E]] : tensor<2x12x128x64xf32>) permutation = [0, 2, 1, 3]
// CHECK: return %[[T]]
func.func @transpose(%x: tensor<2x128x12x64xf32>) -> tensor<2x12x128x64xf32> {
  %0 = nn.transpose %x {permutation = array<i64: 0, 2, 1, 3>} : tensor<2x128x12x64xf32> -> tensor<2x12x128x64xf32>
  return %0 : tensor<2x12x128x64xf32>
}

// -----

// A reshape collapses to 1-D and expands to the target, so that it stays a
// view after bufferization (no allocation, no copy).
// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[X:.*]]: tensor<2x128x768xf32>)
// CHECK: %[[F:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2]] : tensor<2x128x768xf32> into tensor<196608xf32>
// CHECK: %[[R:.*]] = tensor.expand_shape %[[F]] {{\[}}[0, 1, 2, 3]] output_shape [2, 128, 12, 64] : tensor<196608xf32> into tensor<2x128x12x64xf32>
// CHECK: return %[[R]]
// BUF-LABEL: func.func @reshape
// BUF-NOT: memref.alloc
// BUF-NOT: memref.copy
// BUF: memref.collapse_shape
// BUF-NOT: memref.alloc
// BUF-NOT: memref.copy
// BUF: memref.expand_shape
// BUF-NOT: memref.alloc
// BUF-NOT: memref.copy
// BUF: return
func.func @reshape(%x: tensor<2x128x768xf32>) -> tensor<2x128x12x64xf32> {
  %0 = nn.reshape %x : tensor<2x128x768xf32> -> tensor<2x128x12x64xf32>
  return %0 : tensor<2x128x12x64xf32>
}

// -----

// To or from 1-D, one of the two reshapes suffices.
// CHECK-LABEL: func.func @reshape_1d
// CHECK: %[[F:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK-NOT: tensor.expand_shape
// CHECK: %[[R:.*]] = tensor.expand_shape %[[F]] {{\[}}[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
// CHECK: return %[[F]], %[[R]]
func.func @reshape_1d(%x: tensor<2x3xf32>) -> (tensor<6xf32>, tensor<3x2xf32>) {
  %0 = nn.reshape %x : tensor<2x3xf32> -> tensor<6xf32>
  %1 = nn.reshape %0 : tensor<6xf32> -> tensor<3x2xf32>
  return %0, %1 : tensor<6xf32>, tensor<3x2xf32>
}

// -----

// Rank 0 on either side: one reshape with the empty reassociation.
// CHECK-LABEL: func.func @reshape_rank0
// CHECK-SAME: (%[[X:.*]]: tensor<f32>)
// CHECK: %[[E:.*]] = tensor.expand_shape %[[X]] [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[E]] [] : tensor<1x1xf32> into tensor<f32>
// CHECK: return %[[E]], %[[C]]
func.func @reshape_rank0(%x: tensor<f32>) -> (tensor<1x1xf32>, tensor<f32>) {
  %0 = nn.reshape %x : tensor<f32> -> tensor<1x1xf32>
  %1 = nn.reshape %0 : tensor<1x1xf32> -> tensor<f32>
  return %0, %1 : tensor<1x1xf32>, tensor<f32>
}

// -----

// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-LABEL: func.func @broadcast
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%{{.*}} : tensor<768xf32>) outs(%{{.*}} : tensor<2x128x768xf32>)
// CHECK-NEXT: ^bb0(%[[V:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[V]] : f32
// CHECK: linalg.generic {indexing_maps = [#[[COL]], #[[ID]]]
// CHECK-SAME: ins(%{{.*}} : tensor<128x1xf32>)
func.func @broadcast(%x: tensor<768xf32>, %y: tensor<128x1xf32>) -> (tensor<2x128x768xf32>, tensor<2x128x768xf32>) {
  %0 = nn.broadcast %x : tensor<768xf32> -> tensor<2x128x768xf32>
  %1 = nn.broadcast %y : tensor<128x1xf32> -> tensor<2x128x768xf32>
  return %0, %1 : tensor<2x128x768xf32>, tensor<2x128x768xf32>
}

// -----

// reduce_sum: reduced dims are "reduction" iterators dropped from the output
// map; bf16 accumulates in f32 and is rounded once (the accumulator's fill
// and the rounding marked for remat-fuse-reduction-epilogues).
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[KEPT:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @reduce_sum_bf16
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[ACC:.*]] = linalg.fill {remat.accumulator} ins(%[[Z]] : f32) outs(%{{.*}} : tensor<768xf32>)
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[KEPT]]], iterator_types = ["reduction", "reduction", "parallel"]}
// CHECK-SAME: ins(%{{.*}} : tensor<2x128x768xbf16>) outs(%[[ACC]] : tensor<768xf32>)
// CHECK: arith.extf
// CHECK: arith.addf
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[S]] : tensor<768xf32>) outs(%{{.*}} : tensor<768xbf16>)
// CHECK-SAME: attrs = {remat.epilogue}
// CHECK: arith.truncf
func.func @reduce_sum_bf16(%x: tensor<2x128x768xbf16>) -> tensor<768xbf16> {
  %0 = nn.reduce_sum %x {dims = array<i64: 0, 1>} : tensor<2x128x768xbf16> -> tensor<768xbf16>
  return %0 : tensor<768xbf16>
}

// -----

// Reducing every dim gives a rank-0 result; reducing the middle dim keeps the
// others in order.
// CHECK-DAG: #[[ALL:.*]] = affine_map<(d0, d1, d2) -> ()>
// CHECK-DAG: #[[OUTER:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @reduce_sum_all_and_middle
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[ALL]]], iterator_types = ["reduction", "reduction", "reduction"]}
// CHECK-SAME: outs(%{{.*}} : tensor<f32>)
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[OUTER]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-SAME: outs(%{{.*}} : tensor<2x4xf32>)
func.func @reduce_sum_all_and_middle(%x: tensor<2x3x4xf32>) -> (tensor<f32>, tensor<2x4xf32>) {
  %0 = nn.reduce_sum %x {dims = array<i64: 0, 1, 2>} : tensor<2x3x4xf32> -> tensor<f32>
  %1 = nn.reduce_sum %x {dims = array<i64: 1>} : tensor<2x3x4xf32> -> tensor<2x4xf32>
  return %0, %1 : tensor<f32>, tensor<2x4xf32>
}
