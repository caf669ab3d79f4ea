// LayerNorm (mean, biased variance, rstd) and its gradient on the CPU.
// Expected values: reference.py layernorm / layernorm_grad on these inputs,
// printed to 6 significant digits ({{[0-9]+}}: a last digit where libm and
// NumPy may differ by an ulp).

// RUN: remat-opt %s --convert-nn-to-linalg \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries" \
// RUN:   --convert-linalg-to-loops --convert-scf-to-cf --expand-strided-metadata \
// RUN:   --finalize-memref-to-llvm --convert-math-to-llvm --convert-arith-to-llvm \
// RUN:   --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print2x4(%t: tensor<2x4xf32>) {
  %u = tensor.cast %t : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @print1d(%t: tensor<?xf32>) {
  %u = tensor.cast %t : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 6.0], [-1.0, 0.5, 0.25, 2.25]]> : tensor<2x4xf32>
  %gamma = arith.constant dense<[1.0, 0.5, -2.0, 1.5]> : tensor<4xf32>
  %beta = arith.constant dense<[0.0, 1.0, 0.5, -1.0]> : tensor<4xf32>
  %y, %mean, %rstd = nn.layernorm %x, %gamma, %beta {epsilon = 1.0e-05 : f32}
      : tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>
  // CHECK: rank = 2 offset = 0 sizes = [2, 4]
  // CHECK-NEXT: [-1.06904, 0.732739, 0.5, 1.40535]
  // CHECK-NEXT: [-1.29399, 1, 0.931329, 1.26448]
  call @print2x4(%y) : (tensor<2x4xf32>) -> ()
  %mean_d = tensor.cast %mean : tensor<2xf32> to tensor<?xf32>
  // CHECK: rank = 1 offset = 0 sizes = [2]
  // CHECK-NEXT: [3, 0.5]
  call @print1d(%mean_d) : (tensor<?xf32>) -> ()
  %rstd_d = tensor.cast %rstd : tensor<2xf32> to tensor<?xf32>
  // CHECK: rank = 1 offset = 0 sizes = [2]
  // CHECK-NEXT: [0.534522, 0.862659]
  call @print1d(%rstd_d) : (tensor<?xf32>) -> ()

  %dy = arith.constant dense<[[0.5, -1.0, 2.0, 1.0], [1.0, 1.0, -3.0, 0.25]]> : tensor<2x4xf32>
  %dx, %dgamma, %dbeta = nn.layernorm_grad %dy, %x, %gamma, %mean, %rstd
      : tensor<2x4xf32>, tensor<2x4xf32>, tensor<4xf32>, tensor<2xf32>, tensor<2xf32>
      -> tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>
  // CHECK: rank = 2 offset = 0 sizes = [2, 4]
  // CHECK-NEXT: [0.906777, 0.219535, -1.80401, 0.677698]
  // CHECK-NEXT: [-1.39994, -1.26703, 3.38355, -0.716589]
  call @print2x4(%dx) : (tensor<2x4xf32>) -> ()
  %dgamma_d = tensor.cast %dgamma : tensor<4xf32> to tensor<?xf32>
  // CHECK: rank = 1 offset = 0 sizes = [4]
  // CHECK-NEXT: [-1.82851, 0.534522, 0.646994, 1.98098]
  call @print1d(%dgamma_d) : (tensor<?xf32>) -> ()
  %dbeta_d = tensor.cast %dbeta : tensor<4xf32> to tensor<?xf32>
  // CHECK: rank = 1 offset = 0 sizes = [4]
  // CHECK-NEXT: [1.5, 0, -1, 1.25]
  call @print1d(%dbeta_d) : (tensor<?xf32>) -> ()
  return
}
