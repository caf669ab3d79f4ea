// RUN: remat-opt %s --remat-splat-constants-to-fill | FileCheck %s

// The backward seed becomes a fill, so after bufferization it lives in an
// allocated buffer rather than a host global.
// CHECK-LABEL: func.func @seed
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[E:.*]] = tensor.empty() : tensor<f32>
// CHECK: linalg.fill ins(%[[ONE]] : f32) outs(%[[E]] : tensor<f32>)
// CHECK-NOT: dense<
func.func @seed() -> tensor<f32> {
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  return %one : tensor<f32>
}
