// RUN: not remat-compile %s -o %t 2>&1 | FileCheck %s

// An op of a dialect the pipelines do not lower is named at its location.
func.func @foreign(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: remat-compile-unsupported-op.mlir:[[@LINE+1]]:8: error: 'tosa.abs' cannot be lowered by remat-compile
  %y = tosa.abs %x : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
