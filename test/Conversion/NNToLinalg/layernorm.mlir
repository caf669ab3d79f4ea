// RUN: remat-opt %s --convert-nn-to-linalg -split-input-file | FileCheck %s

// LayerNorm in bf16: row sums accumulate in f32 tensors; mean = sum / C,
// rstd = rsqrt(sum((x - mean)^2) / C + eps); y uses the f32 statistics and
// rounds once. mean is declared f32 (returned as is), rstd bf16 (rounded).
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[PARAM:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @layernorm_bf16
// CHECK-SAME: (%[[X:.*]]: tensor<2x8x16xbf16>, %[[G:.*]]: tensor<16xbf16>, %[[B:.*]]: tensor<16xbf16>)
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[X]] : tensor<2x8x16xbf16>) outs(%{{.*}} : tensor<2x8xf32>)
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: %[[MEAN:.*]] = linalg.generic
// CHECK-SAME: ins(%[[SUM]] : tensor<2x8xf32>) outs(%{{.*}} : tensor<2x8xf32>)
// CHECK: arith.constant 1.600000e+01 : f32
// CHECK: arith.divf
// CHECK: %[[SQ:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[X]], %[[MEAN]] : tensor<2x8x16xbf16>, tensor<2x8xf32>) outs(%{{.*}} : tensor<2x8xf32>)
// CHECK: %[[C:.*]] = arith.subf
// CHECK: arith.mulf %[[C]], %[[C]] : f32
// CHECK: %[[RSTD:.*]] = linalg.generic
// CHECK-SAME: ins(%[[SQ]] : tensor<2x8xf32>) outs(%{{.*}} : tensor<2x8xf32>)
// CHECK: arith.divf
// CHECK: arith.constant 9.99999974E-6 : f32
// CHECK: arith.addf
// CHECK: math.rsqrt
// CHECK: %[[Y:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]], #[[PARAM]], #[[PARAM]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[X]], %[[MEAN]], %[[RSTD]], %[[G]], %[[B]] : tensor<2x8x16xbf16>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<16xbf16>, tensor<16xbf16>)
// CHECK-SAME: outs(%{{.*}} : tensor<2x8x16xbf16>)
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: %[[RSTD16:.*]] = linalg.generic
// CHECK-SAME: ins(%[[RSTD]] : tensor<2x8xf32>) outs(%{{.*}} : tensor<2x8xbf16>)
// CHECK: arith.truncf
// CHECK: return %[[Y]], %[[MEAN]], %[[RSTD16]]
func.func @layernorm_bf16(%x: tensor<2x8x16xbf16>, %g: tensor<16xbf16>, %b: tensor<16xbf16>) -> (tensor<2x8x16xbf16>, tensor<2x8xf32>, tensor<2x8xbf16>) {
  %y, %m, %r = nn.layernorm %x, %g, %b {epsilon = 1.0e-05 : f32} : tensor<2x8x16xbf16>, tensor<16xbf16>, tensor<16xbf16> -> tensor<2x8x16xbf16>, tensor<2x8xf32>, tensor<2x8xbf16>
  return %y, %m, %r : tensor<2x8x16xbf16>, tensor<2x8xf32>, tensor<2x8xbf16>
}

// -----

// A rank-1 layernorm has rank-0 statistics.
// CHECK-LABEL: func.func @layernorm_rank1
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]
// CHECK-SAME: outs(%{{.*}} : tensor<f32>)
// CHECK: return %{{.*}}, %{{.*}}, %{{.*}} : tensor<16xf32>, tensor<f32>, tensor<f32>
func.func @layernorm_rank1(%x: tensor<16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>) -> (tensor<16xf32>, tensor<f32>, tensor<f32>) {
  %y, %m, %r = nn.layernorm %x, %g, %b : tensor<16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<16xf32>, tensor<f32>, tensor<f32>
  return %y, %m, %r : tensor<16xf32>, tensor<f32>, tensor<f32>
}

// -----

// layernorm_grad: one row reduction with two accumulators (sum g, sum g*xhat),
// the elementwise dx, then one reduction over the leading dims with two
// accumulators (dgamma = sum dy*xhat, dbeta = sum dy).
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[PARAM:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @layernorm_grad
// CHECK-SAME: (%[[DY:.*]]: tensor<2x8x16xf32>, %[[X:.*]]: tensor<2x8x16xf32>, %[[G:.*]]: tensor<16xf32>, %[[M:.*]]: tensor<2x8xf32>, %[[R:.*]]: tensor<2x8xf32>)
// CHECK: %[[ROWS:.*]]:2 = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ROW]], #[[ROW]], #[[PARAM]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[DY]], %[[X]], %[[M]], %[[R]], %[[G]] :
// CHECK: %[[DX:.*]] = linalg.generic
// CHECK-SAME: ins(%[[DY]], %[[X]], %[[M]], %[[R]], %[[G]], %[[ROWS]]#0, %[[ROWS]]#1 :
// CHECK-SAME: outs(%{{.*}} : tensor<2x8x16xf32>)
// CHECK: ^bb0(%[[DYV:.*]]: f32, %[[XV:.*]]: f32, %[[MV:.*]]: f32, %[[RV:.*]]: f32, %[[GV:.*]]: f32, %[[SG:.*]]: f32, %[[SGX:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[GG:.*]] = arith.mulf %[[DYV]], %[[GV]] : f32
// CHECK: %[[MEANG:.*]] = arith.divf %[[SG]], %{{.*}} : f32
// CHECK: %[[MEANGX:.*]] = arith.divf %[[SGX]], %{{.*}} : f32
// CHECK: arith.subf %[[GG]], %[[MEANG]] : f32
// CHECK: %[[XC:.*]] = arith.subf %[[XV]], %[[MV]] : f32
// CHECK: %[[XHAT:.*]] = arith.mulf %[[XC]], %[[RV]] : f32
// CHECK: arith.mulf %[[XHAT]], %[[MEANGX]] : f32
// CHECK: %[[PARAMS:.*]]:2 = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ROW]], #[[ROW]], #[[PARAM]], #[[PARAM]]], iterator_types = ["reduction", "reduction", "parallel"]}
// CHECK-SAME: ins(%[[DY]], %[[X]], %[[M]], %[[R]] :
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<16xf32>, tensor<16xf32>)
// CHECK: return %[[DX]], %[[PARAMS]]#0, %[[PARAMS]]#1
func.func @layernorm_grad(%dy: tensor<2x8x16xf32>, %x: tensor<2x8x16xf32>, %g: tensor<16xf32>, %m: tensor<2x8xf32>, %r: tensor<2x8xf32>) -> (tensor<2x8x16xf32>, tensor<16xf32>, tensor<16xf32>) {
  %dx, %dg, %db = nn.layernorm_grad %dy, %x, %g, %m, %r : tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<16xf32>, tensor<2x8xf32>, tensor<2x8xf32> -> tensor<2x8x16xf32>, tensor<16xf32>, tensor<16xf32>
  return %dx, %dg, %db : tensor<2x8x16xf32>, tensor<16xf32>, tensor<16xf32>
}

// -----

// bf16 gradients with bf16 saved statistics: extended on load; dgamma and
// dbeta accumulate in f32 and are rounded to gamma's type.
// CHECK-LABEL: func.func @layernorm_grad_bf16
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: } -> (tensor<8xf32>, tensor<8xf32>)
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: } -> tensor<8xbf16>
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: } -> tensor<8xbf16>
func.func @layernorm_grad_bf16(%dy: tensor<4x8xbf16>, %x: tensor<4x8xbf16>, %g: tensor<8xbf16>, %m: tensor<4xbf16>, %r: tensor<4xbf16>) -> (tensor<4x8xbf16>, tensor<8xbf16>, tensor<8xbf16>) {
  %dx, %dg, %db = nn.layernorm_grad %dy, %x, %g, %m, %r : tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<8xbf16>, tensor<4xbf16>, tensor<4xbf16> -> tensor<4x8xbf16>, tensor<8xbf16>, tensor<8xbf16>
  return %dx, %dg, %db : tensor<4x8xbf16>, tensor<8xbf16>, tensor<8xbf16>
}
