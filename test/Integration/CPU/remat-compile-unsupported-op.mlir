// RUN: not remat-compile %s -o %t 2>&1 | FileCheck %s

// An op of a dialect the pipelines do not lower is named at its location:
// here torch-mlir's RNG state in ml_program.
// CHECK: remat-compile-unsupported-op.mlir:[[@LINE+1]]:1: error: 'ml_program.global' cannot be lowered by remat-compile: it lowers the nn, TOSA, linalg, tensor, arith and math dialects
ml_program.global private @w(dense<1.0> : tensor<4xf32>) : tensor<4xf32>
func.func @foreign(%x: tensor<4xf32>) -> tensor<4xf32> {
  %w = ml_program.global_load_const @w : tensor<4xf32>
  %y = arith.addf %x, %w : tensor<4xf32>
  return %y : tensor<4xf32>
}
