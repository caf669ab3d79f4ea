// RUN: remat-opt %s --convert-nn-to-linalg -split-input-file | FileCheck %s

// cross_entropy: row max, row sum of exp(x - max), the label's logit by a
// masked row reduction (linalg.index == label), then the sum over positions of
// log(sum) + max - picked into a rank-0 f32 tensor, divided by N = 4*8.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[POS:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[TOTAL:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @cross_entropy
// CHECK-SAME: (%[[L:.*]]: tensor<4x8x10xf32>, %[[Y:.*]]: tensor<4x8xi64>)
// CHECK: %[[MAX:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK: arith.maximumf
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[L]], %[[MAX]] :
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: %[[PICK:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[L]], %[[Y]] : tensor<4x8x10xf32>, tensor<4x8xi64>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[LABEL:.*]]: i64, %{{.*}}: f32):
// CHECK: %[[LI:.*]] = arith.index_cast %[[LABEL]] : i64 to index
// CHECK: %[[J:.*]] = linalg.index 2 : index
// CHECK: %[[HIT:.*]] = arith.cmpi eq, %[[J]], %[[LI]] : index
// CHECK: arith.select %[[HIT]], %[[X]], %{{.*}} : f32
// CHECK: %[[TOT:.*]] = linalg.generic {indexing_maps = [#[[POS]], #[[POS]], #[[POS]], #[[TOTAL]]], iterator_types = ["reduction", "reduction"]}
// CHECK-SAME: ins(%[[MAX]], %[[SUM]], %[[PICK]] : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%{{.*}} : tensor<f32>)
// CHECK: ^bb0(%[[M:.*]]: f32, %[[S:.*]]: f32, %[[P:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: %[[LOG:.*]] = math.log %[[S]] : f32
// CHECK: %[[LSE:.*]] = arith.addf %[[LOG]], %[[M]] : f32
// CHECK: %[[NLL:.*]] = arith.subf %[[LSE]], %[[P]] : f32
// CHECK: arith.addf %[[ACC]], %[[NLL]] : f32
// CHECK: %[[LOSS:.*]] = linalg.generic {{.*}} iterator_types = []
// CHECK-SAME: ins(%[[TOT]] : tensor<f32>)
// CHECK: arith.constant 3.200000e+01 : f32
// CHECK: arith.divf
// CHECK: return %[[LOSS]] : tensor<f32>
func.func @cross_entropy(%l: tensor<4x8x10xf32>, %y: tensor<4x8xi64>) -> tensor<f32> {
  %0 = nn.cross_entropy %l, %y : tensor<4x8x10xf32>, tensor<4x8xi64> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// cross_entropy_grad: dl * (softmax(row) - onehot(label)) / N; dl is rank 0
// and read through a map with no results. bf16 is computed in f32.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @cross_entropy_grad_bf16
// CHECK-SAME: (%[[L:.*]]: tensor<4x10xbf16>, %[[Y:.*]]: tensor<4xi32>, %[[DL:.*]]: tensor<bf16>)
// CHECK: %[[MAX:.*]] = linalg.generic
// CHECK: %[[SUM:.*]] = linalg.generic
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]], #[[ROW]], #[[SCALAR]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[L]], %[[MAX]], %[[SUM]], %[[Y]], %[[DL]] : tensor<4x10xbf16>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<bf16>)
// CHECK: ^bb0(%[[X:.*]]: bf16, %[[M:.*]]: f32, %[[S:.*]]: f32, %[[LABEL:.*]]: i32, %[[G:.*]]: bf16, %{{.*}}: bf16):
// CHECK: %[[GF:.*]] = arith.extf %[[G]] : bf16 to f32
// CHECK: %[[E:.*]] = math.exp
// CHECK: %[[P:.*]] = arith.divf %[[E]], %[[S]] : f32
// CHECK: arith.index_cast %[[LABEL]] : i32 to index
// CHECK: %[[ONEHOT:.*]] = arith.select
// CHECK: %[[D:.*]] = arith.subf %[[P]], %[[ONEHOT]] : f32
// CHECK: %[[DG:.*]] = arith.mulf %[[D]], %[[GF]] : f32
// CHECK: %[[N:.*]] = arith.constant 4.000000e+00 : f32
// CHECK: %[[R:.*]] = arith.divf %[[DG]], %[[N]] : f32
// CHECK: arith.truncf %[[R]] : f32 to bf16
func.func @cross_entropy_grad_bf16(%l: tensor<4x10xbf16>, %y: tensor<4xi32>, %d: tensor<bf16>) -> tensor<4x10xbf16> {
  %0 = nn.cross_entropy_grad %l, %y, %d : tensor<4x10xbf16>, tensor<4xi32>, tensor<bf16> -> tensor<4x10xbf16>
  return %0 : tensor<4x10xbf16>
}

// -----

// mse_loss: sum of squares into a rank-0 f32 tensor, divided by numel = 640.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[TOTAL:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @mse_loss
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[ACC:.*]] = linalg.fill {remat.accumulator} ins(%[[Z]] : f32) outs(%{{.*}} : tensor<f32>)
// CHECK: %[[TOT:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[TOTAL]]], iterator_types = ["reduction", "reduction"]}
// CHECK-SAME: outs(%[[ACC]] : tensor<f32>)
// CHECK: %[[D:.*]] = arith.subf
// CHECK: arith.mulf %[[D]], %[[D]] : f32
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[TOT]] : tensor<f32>)
// CHECK: arith.constant 6.400000e+02 : f32
// CHECK: arith.divf
func.func @mse_loss(%p: tensor<64x10xf32>, %t: tensor<64x10xf32>) -> tensor<f32> {
  %0 = nn.mse_loss %p, %t : tensor<64x10xf32>, tensor<64x10xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// mse_loss_grad: (p - t) * (2 / numel) * dl.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @mse_loss_grad
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[SCALAR]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK: ^bb0(%[[P:.*]]: f32, %[[T:.*]]: f32, %[[DL:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[D:.*]] = arith.subf %[[P]], %[[T]] : f32
// CHECK: %[[C:.*]] = arith.constant 3.125000e-03 : f32
// CHECK: %[[DC:.*]] = arith.mulf %[[D]], %[[C]] : f32
// CHECK: %[[R:.*]] = arith.mulf %[[DC]], %[[DL]] : f32
// CHECK: linalg.yield %[[R]] : f32
func.func @mse_loss_grad(%p: tensor<64x10xf32>, %t: tensor<64x10xf32>, %d: tensor<f32>) -> tensor<64x10xf32> {
  %0 = nn.mse_loss_grad %p, %t, %d : tensor<64x10xf32>, tensor<64x10xf32>, tensor<f32> -> tensor<64x10xf32>
  return %0 : tensor<64x10xf32>
}

// -----

// Rank-1 logits with a rank-0 label: one position.
// CHECK-LABEL: func.func @cross_entropy_rank1
// CHECK: arith.constant 1.000000e+00 : f32
// CHECK: return %{{.*}} : tensor<f32>
func.func @cross_entropy_rank1(%l: tensor<10xf32>, %y: tensor<i32>) -> tensor<f32> {
  %0 = nn.cross_entropy %l, %y : tensor<10xf32>, tensor<i32> -> tensor<f32>
  return %0 : tensor<f32>
}
