// Elementwise nn ops with NumPy broadcasting, run on the CPU: add, sub, mul,
// gelu, relu, scale and the activation gradients. The expected values are
// those of reference.py (add, sub, mul, gelu, relu, scale, gelu_grad,
// relu_grad) for these inputs, printed to 6 significant digits.

// RUN: remat-opt %s --convert-nn-to-linalg \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries" \
// RUN:   --convert-linalg-to-loops --convert-scf-to-cf --expand-strided-metadata \
// RUN:   --finalize-memref-to-llvm --convert-math-to-llvm --convert-arith-to-llvm \
// RUN:   --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%t: tensor<2x3xf32>) {
  %u = tensor.cast %t : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[[1.5, -2.0, 0.0], [0.5, 3.0, -0.25]]> : tensor<2x3xf32>
  %b = arith.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %c = arith.constant dense<[[1.0], [-1.0]]> : tensor<2x1xf32>
  %dy = arith.constant dense<[[1.0, 2.0, -1.0], [0.5, -0.5, 4.0]]> : tensor<2x3xf32>

  // CHECK: rank = 2 offset = 0 sizes = [2, 3]
  // CHECK-NEXT: [11.5, 18, 30]
  // CHECK-NEXT: [10.5, 23, 29.75]
  %add = nn.add %a, %b : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
  call @print(%add) : (tensor<2x3xf32>) -> ()

  // CHECK: rank = 2 offset = 0 sizes = [2, 3]
  // CHECK-NEXT: [0.5, -3, -1]
  // CHECK-NEXT: [1.5, 4, 0.75]
  %sub = nn.sub %a, %c : tensor<2x3xf32>, tensor<2x1xf32> -> tensor<2x3xf32>
  call @print(%sub) : (tensor<2x3xf32>) -> ()

  // CHECK: rank = 2 offset = 0 sizes = [2, 3]
  // CHECK-NEXT: [10, 20, 30]
  // CHECK-NEXT: [-10, -20, -30]
  %mul = nn.mul %b, %c : tensor<3xf32>, tensor<2x1xf32> -> tensor<2x3xf32>
  call @print(%mul) : (tensor<2x3xf32>) -> ()

  // CHECK: rank = 2 offset = 0 sizes = [2, 3]
  // CHECK-NEXT: [1.39957, -0.0454023, 0]
  // CHECK-NEXT: [0.345714, 2.99636, -0.100325]
  %gelu = nn.gelu %a : tensor<2x3xf32>
  call @print(%gelu) : (tensor<2x3xf32>) -> ()

  // CHECK: rank = 2 offset = 0 sizes = [2, 3]
  // CHECK-NEXT: [1.5, 0, 0]
  // CHECK-NEXT: [0.5, 3, 0]
  %relu = nn.relu %a : tensor<2x3xf32>
  call @print(%relu) : (tensor<2x3xf32>) -> ()

  // CHECK: rank = 2 offset = 0 sizes = [2, 3]
  // CHECK-NEXT: [0.375, -0.5, 0]
  // CHECK-NEXT: [0.125, 0.75, -0.0625]
  %scale = nn.scale %a {factor = 0.25 : f32} : tensor<2x3xf32>
  call @print(%scale) : (tensor<2x3xf32>) -> ()

  // CHECK: rank = 2 offset = 0 sizes = [2, 3]
  // CHECK-NEXT: [1.12771, -0.17219{{[0-9]+}}, -0.5]
  // CHECK-NEXT: [0.433685, -0.505792, 1.21858]
  %gg = nn.gelu_grad %dy, %a : tensor<2x3xf32>
  call @print(%gg) : (tensor<2x3xf32>) -> ()

  // CHECK: rank = 2 offset = 0 sizes = [2, 3]
  // CHECK-NEXT: [1, 0, 0]
  // CHECK-NEXT: [0.5, -0.5, 0]
  %rg = nn.relu_grad %dy, %a : tensor<2x3xf32>
  call @print(%rg) : (tensor<2x3xf32>) -> ()
  return
}
