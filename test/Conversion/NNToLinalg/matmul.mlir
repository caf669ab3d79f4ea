// RUN: remat-opt %s --convert-nn-to-linalg -split-input-file | FileCheck %s

// A plain matmul: (m, n, k) with k reduced into an f32 accumulator.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_2d
// CHECK-SAME: (%[[X:.*]]: tensor<4x16xf32>, %[[W:.*]]: tensor<16x8xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[ACC:.*]] = linalg.fill {remat.accumulator} ins(%[[Z]] : f32) outs(%[[E]] : tensor<4x8xf32>)
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[X]], %[[W]] : tensor<4x16xf32>, tensor<16x8xf32>) outs(%[[ACC]] : tensor<4x8xf32>)
// CHECK: ^bb0(%[[IN0:.*]]: f32, %[[IN1:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[PROD:.*]] = arith.mulf %[[IN0]], %[[IN1]] : f32
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[OUT]], %[[PROD]] : f32
// CHECK-NEXT: linalg.yield %[[SUM]] : f32
// CHECK: return %[[R]]
func.func @matmul_2d(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.matmul %x, %w : tensor<4x16xf32>, tensor<16x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Batch dims broadcast: lhs's size-1 dim reads index 0, rhs's missing dim is
// dropped; transpose_b swaps rhs's (k, n) to (n, k).
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, 0, d2, d4)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d4)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @matmul_batch_broadcast_transpose_b
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME: outs(%{{.*}} : tensor<2x12x8x8xf32>)
func.func @matmul_batch_broadcast_transpose_b(%q: tensor<2x1x8x16xf32>, %k: tensor<12x8x16xf32>) -> tensor<2x12x8x8xf32> {
  %0 = nn.matmul %q, %k {transpose_b} : tensor<2x1x8x16xf32>, tensor<12x8x16xf32> -> tensor<2x12x8x8xf32>
  return %0 : tensor<2x12x8x8xf32>
}

// -----

// transpose_a reads lhs as (k, m); both flags together.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @matmul_transpose_both
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<3x16x4xf32>, tensor<3x8x16xf32>)
func.func @matmul_transpose_both(%a: tensor<3x16x4xf32>, %b: tensor<3x8x16xf32>) -> tensor<3x4x8xf32> {
  %0 = nn.matmul %a, %b {transpose_a, transpose_b} : tensor<3x16x4xf32>, tensor<3x8x16xf32> -> tensor<3x4x8xf32>
  return %0 : tensor<3x4x8xf32>
}

// -----

// bf16: operands are extended in the body, the product accumulates in an f32
// tensor, and one elementwise kernel rounds the result to bf16.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-LABEL: func.func @matmul_bf16_transpose_a
// CHECK: %[[ACC:.*]] = linalg.generic {indexing_maps = [#[[A]], {{.*}}], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: outs(%{{.*}} : tensor<4x8xf32>)
// CHECK: ^bb0(%[[IN0:.*]]: bf16, %[[IN1:.*]]: bf16, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[A0:.*]] = arith.extf %[[IN0]] : bf16 to f32
// CHECK-NEXT: %[[B0:.*]] = arith.extf %[[IN1]] : bf16 to f32
// CHECK-NEXT: %[[PROD:.*]] = arith.mulf %[[A0]], %[[B0]] : f32
// CHECK-NEXT: arith.addf %[[OUT]], %[[PROD]] : f32
// CHECK: } -> tensor<4x8xf32>
// CHECK: %[[R:.*]] = linalg.generic
// CHECK-SAME: ins(%[[ACC]] : tensor<4x8xf32>) outs(%{{.*}} : tensor<4x8xbf16>)
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: return %[[R]] : tensor<4x8xbf16>
func.func @matmul_bf16_transpose_a(%a: tensor<16x4xbf16>, %b: tensor<16x8xbf16>) -> tensor<4x8xbf16> {
  %0 = nn.matmul %a, %b {transpose_a} : tensor<16x4xbf16>, tensor<16x8xbf16> -> tensor<4x8xbf16>
  return %0 : tensor<4x8xbf16>
}
