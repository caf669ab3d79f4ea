// RUN: not remat-compile %s -o %t 2>&1 | FileCheck %s

// A tensor op without a lowering to buffers fails at its location.
func.func @unbufferizable(%x: tensor<4xf32>) -> tensor<4xi32> {
  // CHECK: remat-compile-unbufferizable.mlir:[[@LINE+1]]:8: error: op was not bufferized
  %y = tensor.bitcast %x : tensor<4xf32> to tensor<4xi32>
  return %y : tensor<4xi32>
}
