// Layout ops on the CPU: transpose, reshape (through 1-D, and from rank 0),
// broadcast (missing and size-1 dims) and reduce_sum. Expected values:
// reference.py transpose / reshape / broadcast / reduce_sum (exact).

// RUN: remat-opt %s --convert-nn-to-linalg \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries" \
// RUN:   --convert-linalg-to-loops --convert-scf-to-cf --expand-strided-metadata \
// RUN:   --finalize-memref-to-llvm --convert-math-to-llvm --convert-arith-to-llvm \
// RUN:   --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = arith.constant dense<[[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]],
                             [[13.0, 14.0, 15.0, 16.0], [17.0, 18.0, 19.0, 20.0], [21.0, 22.0, 23.0, 24.0]]]> : tensor<2x3x4xf32>
  %t = nn.transpose %x {permutation = array<i64: 2, 0, 1>} : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %r = nn.reshape %x : tensor<2x3x4xf32> -> tensor<4x6xf32>
  %c = arith.constant dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf32>
  %b = nn.broadcast %c : tensor<3x1xf32> -> tensor<2x3x4xf32>
  %s = nn.reduce_sum %x {dims = array<i64: 0, 2>} : tensor<2x3x4xf32> -> tensor<3xf32>
  %all = nn.reduce_sum %x {dims = array<i64: 0, 1, 2>} : tensor<2x3x4xf32> -> tensor<f32>
  %one = nn.reshape %all : tensor<f32> -> tensor<1x1xf32>

  %tu = tensor.cast %t : tensor<4x2x3xf32> to tensor<*xf32>
  // CHECK: rank = 3 offset = 0 sizes = [4, 2, 3]
  // CHECK-NEXT: [1, 5, 9]
  // CHECK-NEXT: [13, 17, 21]
  // CHECK-NEXT: [2, 6, 10]
  // CHECK-NEXT: [14, 18, 22]
  // CHECK-NEXT: [3, 7, 11]
  // CHECK-NEXT: [15, 19, 23]
  // CHECK-NEXT: [4, 8, 12]
  // CHECK-NEXT: [16, 20, 24]
  call @printMemrefF32(%tu) : (tensor<*xf32>) -> ()
  %ru = tensor.cast %r : tensor<4x6xf32> to tensor<*xf32>
  // CHECK: rank = 2 offset = 0 sizes = [4, 6]
  // CHECK-NEXT: [1, 2, 3, 4, 5, 6]
  // CHECK-NEXT: [7, 8, 9, 10, 11, 12]
  // CHECK-NEXT: [13, 14, 15, 16, 17, 18]
  // CHECK-NEXT: [19, 20, 21, 22, 23, 24]
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  %bu = tensor.cast %b : tensor<2x3x4xf32> to tensor<*xf32>
  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 4]
  // CHECK-NEXT: [1, 1, 1, 1]
  // CHECK-NEXT: [2, 2, 2, 2]
  // CHECK-NEXT: [3, 3, 3, 3]
  // CHECK-NEXT: [1, 1, 1, 1]
  // CHECK-NEXT: [2, 2, 2, 2]
  // CHECK-NEXT: [3, 3, 3, 3]
  call @printMemrefF32(%bu) : (tensor<*xf32>) -> ()
  %su = tensor.cast %s : tensor<3xf32> to tensor<*xf32>
  // CHECK: rank = 1 offset = 0 sizes = [3]
  // CHECK-NEXT: [68, 100, 132]
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  %ou = tensor.cast %one : tensor<1x1xf32> to tensor<*xf32>
  // CHECK: rank = 2 offset = 0 sizes = [1, 1]
  // CHECK-NEXT: [300]
  call @printMemrefF32(%ou) : (tensor<*xf32>) -> ()
  return
}
