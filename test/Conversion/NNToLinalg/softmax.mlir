// RUN: remat-opt %s --convert-nn-to-linalg -split-input-file | FileCheck %s

// Softmax: a row-max reduction of scale*x over unmasked entries, a row-sum of
// exp(scale*x - max) (f32 accumulators from linalg.fill), then an elementwise
// divide that stores exactly 0 above the diagonal and truncates once to bf16.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @softmax_causal_bf16
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x4xbf16>)
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[MAX0:.*]] = linalg.fill {remat.accumulator} ins(%[[NEGINF]] : f32) outs(%{{.*}} : tensor<2x4xf32>)
// CHECK: %[[MAX:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[X]] : tensor<2x4x4xbf16>) outs(%[[MAX0]] : tensor<2x4xf32>)
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: arith.constant 1.250000e-01 : f32
// CHECK: %[[J:.*]] = linalg.index 2 : index
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: %[[ABOVE:.*]] = arith.cmpi ugt, %[[J]], %[[I]] : index
// CHECK: arith.select %[[ABOVE]], %{{.*}}, %{{.*}} : f32
// CHECK: arith.maximumf
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[SUM0:.*]] = linalg.fill {remat.accumulator} ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<2x4xf32>)
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[X]], %[[MAX]] : tensor<2x4x4xbf16>, tensor<2x4xf32>) outs(%[[SUM0]] : tensor<2x4xf32>)
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: arith.cmpi ugt
// CHECK: arith.select
// CHECK: arith.addf
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[X]], %[[MAX]], %[[SUM]] : tensor<2x4x4xbf16>, tensor<2x4xf32>, tensor<2x4xf32>)
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: arith.cmpi ugt
// CHECK: %[[SEL:.*]] = arith.select
// CHECK: %[[T:.*]] = arith.truncf %[[SEL]] : f32 to bf16
// CHECK: linalg.yield %[[T]] : bf16
// CHECK: return %[[P]]
func.func @softmax_causal_bf16(%x: tensor<2x4x4xbf16>) -> tensor<2x4x4xbf16> {
  %0 = nn.softmax %x {scale = 0.125 : f32, causal} : tensor<2x4x4xbf16>
  return %0 : tensor<2x4x4xbf16>
}

// -----

// Without causal there is no mask; without scale (1.0) no multiplication.
// CHECK-LABEL: func.func @softmax_plain
// CHECK-NOT: linalg.index
// CHECK-NOT: arith.select
// CHECK-NOT: arith.mulf
// CHECK: return
func.func @softmax_plain(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.softmax %x : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A rank-1 softmax reduces into rank-0 tensors.
// CHECK-DAG: #[[TOSCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @softmax_rank1
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[TOSCALAR]]], iterator_types = ["reduction"]}
// CHECK-SAME: outs(%{{.*}} : tensor<f32>)
func.func @softmax_rank1(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = nn.softmax %x : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// softmax_grad: dot = sum(dy * p) over the last dim, then scale * p * (dy - dot).
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax_grad
// CHECK-SAME: (%[[DY:.*]]: tensor<4x8xf32>, %[[P:.*]]: tensor<4x8xf32>)
// CHECK: %[[DOT:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: ins(%[[DY]], %[[P]] : tensor<4x8xf32>, tensor<4x8xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[DY]], %[[P]], %[[DOT]] : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>)
// CHECK: ^bb0(%[[G:.*]]: f32, %[[PP:.*]]: f32, %[[D:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[C:.*]] = arith.subf %[[G]], %[[D]] : f32
// CHECK: %[[M:.*]] = arith.mulf %[[PP]], %[[C]] : f32
// CHECK: %[[S:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: arith.mulf %[[M]], %[[S]] : f32
func.func @softmax_grad(%dy: tensor<4x8xf32>, %p: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.softmax_grad %dy, %p {scale = 0.5 : f32} : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
