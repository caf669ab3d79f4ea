// Softmax (scale, causal mask, row-max subtraction) and its gradient on the
// CPU. Expected values: reference.py softmax / softmax_grad on these inputs,
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

func.func @print3d(%t: tensor<2x3x3xf32>) {
  %u = tensor.cast %t : tensor<2x3x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @print2d(%t: tensor<2x4xf32>) {
  %u = tensor.cast %t : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  // Causal: row i keeps columns 0..i; masked entries are exactly 0.
  %s = arith.constant dense<[[[1.0, 2.0, 3.0], [4.0, -1.0, 0.5], [0.0, 2.0, -2.0]],
                             [[-3.0, 5.0, 1.0], [2.0, 2.0, 9.0], [1.0, 0.0, 1.0]]]> : tensor<2x3x3xf32>
  %p = nn.softmax %s {scale = 0.5 : f32, causal} : tensor<2x3x3xf32>
  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 3]
  // CHECK-NEXT: [1, 0, 0]
  // CHECK-NEXT: [0.924142, 0.0758582, 0]
  // CHECK-NEXT: [0.244728, 0.665241, 0.0900306]
  // CHECK-NEXT: [1, 0, 0]
  // CHECK-NEXT: [0.5, 0.5, 0]
  // CHECK-NEXT: [0.383652, 0.232697, 0.383652]
  call @print3d(%p) : (tensor<2x3x3xf32>) -> ()

  // Large logits: without subtracting the row maximum exp overflows.
  %big = arith.constant dense<[[1000.0, 1001.0, 1002.0, 999.0], [-50.0, 0.0, 50.0, 60.0]]> : tensor<2x4xf32>
  %q = nn.softmax %big : tensor<2x4xf32>
  // CHECK: rank = 2 offset = 0 sizes = [2, 4]
  // CHECK-NEXT: [0.0871443, 0.236883, 0.643914, 0.0320586]
  // CHECK-NEXT: [0, 8.75611e-27, 4.53979e-05, 0.999955]
  call @print2d(%q) : (tensor<2x4xf32>) -> ()

  %dy = arith.constant dense<[[[1.0, -1.0, 2.0], [0.5, 0.25, -3.0], [2.0, 1.0, 0.0]],
                              [[0.0, 1.0, 1.0], [-1.0, 3.0, 2.0], [1.0, 1.0, -4.0]]]> : tensor<2x3x3xf32>
  %dx = nn.softmax_grad %dy, %p {scale = 0.5 : f32} : tensor<2x3x3xf32>
  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 3]
  // CHECK-NEXT: [0, -0, 0]
  // CHECK-NEXT: [0.00876296, -0.0087629{{[0-9]+}}, -0]
  // CHECK-NEXT: [0.103435, -0.0514557, -0.0519791]
  // CHECK-NEXT: [0, 0, 0]
  // CHECK-NEXT: [-0.5, 0.5, 0]
  // CHECK-NEXT: [0.367972, 0.223186, -0.591158]
  call @print3d(%dx) : (tensor<2x3x3xf32>) -> ()
  return
}
