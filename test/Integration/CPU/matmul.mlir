// nn.matmul on the CPU: a missing batch dim, a size-1 batch dim broadcast
// against 2, and both transpose flags. Expected values: reference.py matmul
// (exact for these small integer inputs).

// RUN: remat-opt %s --convert-nn-to-linalg \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries" \
// RUN:   --convert-linalg-to-loops --convert-scf-to-cf --expand-strided-metadata \
// RUN:   --finalize-memref-to-llvm --convert-math-to-llvm --convert-arith-to-llvm \
// RUN:   --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print3d(%t: tensor<2x2x2xf32>) {
  %u = tensor.cast %t : tensor<2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]],
                             [[-1.0, 0.0, 1.0], [2.0, -2.0, 0.5]]]> : tensor<2x2x3xf32>
  %w = arith.constant dense<[[1.0, -1.0], [0.5, 2.0], [3.0, 0.0]]> : tensor<3x2xf32>
  %y = nn.matmul %a, %w : tensor<2x2x3xf32>, tensor<3x2xf32> -> tensor<2x2x2xf32>
  // CHECK: rank = 3 offset = 0 sizes = [2, 2, 2]
  // CHECK-NEXT: [11, 3]
  // CHECK-NEXT: [24.5, 6]
  // CHECK-NEXT: [2, 1]
  // CHECK-NEXT: [2.5, -6]
  call @print3d(%y) : (tensor<2x2x2xf32>) -> ()

  // lhs batch dim 1 broadcast against rhs's 2; rhs transposed.
  %q = arith.constant dense<[[[1.0, 0.0, 2.0], [0.0, 1.0, -1.0]]]> : tensor<1x2x3xf32>
  %k = nn.matmul %q, %a {transpose_b} : tensor<1x2x3xf32>, tensor<2x2x3xf32> -> tensor<2x2x2xf32>
  // CHECK: rank = 3 offset = 0 sizes = [2, 2, 2]
  // CHECK-NEXT: [7, 16]
  // CHECK-NEXT: [-1, -1]
  // CHECK-NEXT: [1, 3]
  // CHECK-NEXT: [-1, -2.5]
  call @print3d(%k) : (tensor<2x2x2xf32>) -> ()

  // Both operands transposed.
  %at = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]],
                              [[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]]]> : tensor<2x3x2xf32>
  %z = nn.matmul %at, %a {transpose_a, transpose_b} : tensor<2x3x2xf32>, tensor<2x2x3xf32> -> tensor<2x2x2xf32>
  // CHECK: rank = 3 offset = 0 sizes = [2, 2, 2]
  // CHECK-NEXT: [22, 49]
  // CHECK-NEXT: [28, 64]
  // CHECK-NEXT: [2, -1]
  // CHECK-NEXT: [1, 3]
  call @print3d(%z) : (tensor<2x2x2xf32>) -> ()
  return
}
