// Losses and their gradients on the CPU: cross_entropy (max-subtracted
// log-sum-exp, mean over the 2x3 positions), cross_entropy_grad, mse_loss and
// mse_loss_grad. Expected values: reference.py on these inputs, printed to 6
// significant digits ({{[0-9]+}}: a last digit where libm and NumPy may
// differ by an ulp).

// RUN: remat-opt %s --convert-nn-to-linalg \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries" \
// RUN:   --convert-linalg-to-loops --convert-scf-to-cf --expand-strided-metadata \
// RUN:   --finalize-memref-to-llvm --convert-math-to-llvm --convert-arith-to-llvm \
// RUN:   --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print0d(%t: tensor<f32>) {
  %u = tensor.cast %t : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @print3d(%t: tensor<2x3x4xf32>) {
  %u = tensor.cast %t : tensor<2x3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  // The last row has huge logits: a naive log(sum(exp)) would overflow.
  %logits = arith.constant dense<[[[1.0, 2.0, 0.5, -1.0], [0.0, 0.0, 0.0, 0.0], [3.0, -2.0, 1.0, 0.25]],
                                  [[-1.0, -1.5, 2.0, 4.0], [0.5, 0.5, 1.0, 2.0], [500.0, 480.0, 505.0, 490.0]]]> : tensor<2x3x4xf32>
  %labels = arith.constant dense<[[1, 3, 0], [2, 2, 0]]> : tensor<2x3xi32>
  %l = nn.cross_entropy %logits, %labels : tensor<2x3x4xf32>, tensor<2x3xi32> -> tensor<f32>
  // CHECK: rank = 0 offset = 0 sizes = []
  // CHECK-NEXT: [1.80125]
  call @print0d(%l) : (tensor<f32>) -> ()

  %dl = arith.constant dense<2.0> : tensor<f32>
  %g = nn.cross_entropy_grad %logits, %labels, %dl : tensor<2x3x4xf32>, tensor<2x3xi32>, tensor<f32> -> tensor<2x3x4xf32>
  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 4]
  // CHECK-NEXT: [0.0747359, -0.13018, 0.0453296, 0.0101144]
  // CHECK-NEXT: [0.0833333, 0.0833333, 0.0833333, -0.25]
  // CHECK-NEXT: [-0.0569378, 0.00186234, 0.0374061, 0.0176694]
  // CHECK-NEXT: [0.00195957, 0.00118854, -0.293974, 0.290826]
  // CHECK-NEXT: [0.0409983, 0.0409983, -0.265738, 0.183742]
  // CHECK-NEXT: [-0.331102, 4.59833e-12, 0.331102, 1.01285e-07]
  call @print3d(%g) : (tensor<2x3x4xf32>) -> ()

  %target = arith.constant dense<[[[1.0, 1.0, 1.0, 1.0], [0.5, -0.5, 0.0, 1.0], [3.0, -2.0, 0.0, 0.0]],
                                  [[0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0]]]> : tensor<2x3x4xf32>
  %pred = arith.constant dense<[[[1.5, 0.0, 2.0, 1.0], [0.5, 0.5, -1.0, 1.0], [2.0, -2.0, 0.25, 0.0]],
                                [[1.0, -1.0, 0.5, 0.0], [1.0, 3.0, 1.0, 0.0], [0.125, 0.0, 0.0, 4.0]]]> : tensor<2x3x4xf32>
  %m = nn.mse_loss %pred, %target : tensor<2x3x4xf32>, tensor<2x3x4xf32> -> tensor<f32>
  // CHECK: rank = 0 offset = 0 sizes = []
  // CHECK-NEXT: [1.19076]
  call @print0d(%m) : (tensor<f32>) -> ()

  %half = arith.constant dense<0.5> : tensor<f32>
  %mg = nn.mse_loss_grad %pred, %target, %half : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<f32> -> tensor<2x3x4xf32>
  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 4]
  // CHECK-NEXT: [0.0208333, -0.0416667, 0.0416667, 0]
  // CHECK-NEXT: [0, 0.0416667, -0.0416667, 0]
  // CHECK-NEXT: [-0.0416667, 0, 0.0104167, 0]
  // CHECK-NEXT: [0.0416667, -0.0416667, 0.0208333, 0]
  // CHECK-NEXT: [0, 0.0833333, 0, -0.0416667]
  // CHECK-NEXT: [0.00520833, 0, 0, 0.166667]
  call @print3d(%mg) : (tensor<2x3x4xf32>) -> ()
  return
}
