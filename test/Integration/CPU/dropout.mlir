// nn.dropout on the CPU: the exact counter-based mask of docs/Lowering.md.
// Expected values: reference.py dropout (bit-exact: the mask is integer
// arithmetic and kept values are x * float32(1 / (1 - rate))).

// RUN: remat-opt %s --convert-nn-to-linalg \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries" \
// RUN:   --convert-linalg-to-loops --convert-scf-to-cf --expand-strided-metadata \
// RUN:   --finalize-memref-to-llvm --convert-math-to-llvm --convert-arith-to-llvm \
// RUN:   --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print4x8(%t: tensor<4x8xf32>) {
  %u = tensor.cast %t : tensor<4x8xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %ones = arith.constant dense<1.0> : tensor<4x8xf32>
  %y = nn.dropout %ones {rate = 5.000000e-01 : f32, seed = 17 : i64} : tensor<4x8xf32>
  // CHECK: rank = 2 offset = 0 sizes = [4, 8]
  // CHECK-NEXT: [2, 0, 0, 0, 0, 0, 0, 2]
  // CHECK-NEXT: [0, 2, 0, 0, 0, 2, 2, 0]
  // CHECK-NEXT: [2, 0, 0, 0, 2, 0, 0, 2]
  // CHECK-NEXT: [0, 0, 0, 2, 0, 2, 2, 0]
  call @print4x8(%y) : (tensor<4x8xf32>) -> ()

  // A negative seed wraps to uint64; rate 0.1 keeps x * 1.11111116.
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0],
                             [-1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0],
                             [0.5, 0.25, 0.125, 1.5, 2.5, 3.5, 4.5, 5.5],
                             [9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0]]> : tensor<4x8xf32>
  %z = nn.dropout %x {rate = 1.000000e-01 : f32, seed = -3 : i64} : tensor<4x8xf32>
  // CHECK: rank = 2 offset = 0 sizes = [4, 8]
  // CHECK-NEXT: [1.11111, 2.22222, 3.33333, 4.44444, 5.55556, 0, 7.77778, 8.88889]
  // CHECK-NEXT: [-1.11111, -2.22222, -3.33333, -4.44444, 0, -6.66667, -7.77778, -8.88889]
  // CHECK-NEXT: [0.555556, 0, 0.138889, 1.66667, 2.77778, 3.88889, 5, 6.11111]
  // CHECK-NEXT: [10, 11.1111, 12.2222, 13.3333, 14.4444, 15.5556, 16.6667, 17.7778]
  call @print4x8(%z) : (tensor<4x8xf32>) -> ()

  // A rank-3 shape: the linear index runs over all dims.
  %r = arith.constant dense<1.0> : tensor<2x2x8xf32>
  %d = nn.dropout %r {rate = 7.500000e-01 : f32, seed = 123456789 : i64} : tensor<2x2x8xf32>
  %du = tensor.cast %d : tensor<2x2x8xf32> to tensor<*xf32>
  // CHECK: rank = 3 offset = 0 sizes = [2, 2, 8]
  // CHECK-NEXT: [0, 0, 0, 0, 0, 0, 4, 4]
  // CHECK-NEXT: [0, 0, 4, 0, 0, 0, 0, 0]
  // CHECK-NEXT: [0, 0, 0, 0, 4, 0, 0, 0]
  // CHECK-NEXT: [0, 0, 0, 4, 0, 0, 4, 4]
  call @printMemrefF32(%du) : (tensor<*xf32>) -> ()
  return
}
