// Shared destinations, as torch-mlir writes them: one tensor.empty (and one
// zero fill) per shape, the destination of every op that writes a result of
// that shape. --rematerialize gives each writer its own copy, made right
// before it, the last writer included (a fill copied with its own
// tensor.empty), and erases the originals: each buffer is allocated where
// its writer runs. Left to the last writer, the original would hold its
// buffer from the top of the function (the plan was then 98,304 bytes).
// RUN: remat-opt %s --rematerialize="policy=none" | FileCheck %s
// RUN: remat-opt %s --rematerialize="policy=none report=-" -o /dev/null | FileCheck %s --check-prefix=REPORT

// CHECK-LABEL: func.func @step
// CHECK-NOT: tensor.empty
// CHECK: %[[E0:.*]] = tensor.empty() : tensor<64x64xf32>
// CHECK-NEXT: %[[F0:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E0]] : tensor<64x64xf32>)
// CHECK-NEXT: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x64xf32>, tensor<64x64xf32>) outs(%[[F0]] : tensor<64x64xf32>)
// CHECK-NEXT: %[[E1:.*]] = tensor.empty() : tensor<64x64xf32>
// CHECK-NEXT: linalg.exp ins(%{{.*}} : tensor<64x64xf32>) outs(%[[E1]] : tensor<64x64xf32>)
// CHECK: %[[E2:.*]] = tensor.empty() : tensor<64x64xf32>
// CHECK-NEXT: linalg.transpose ins(%{{.*}} : tensor<64x64xf32>) outs(%[[E2]] : tensor<64x64xf32>)
// CHECK-NEXT: %[[E3:.*]] = tensor.empty() : tensor<64x64xf32>
// CHECK-NEXT: %[[F3:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E3]] : tensor<64x64xf32>)
// CHECK-NEXT: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x64xf32>, tensor<64x64xf32>) outs(%[[F3]] : tensor<64x64xf32>)
// CHECK-NEXT: return

// Arguments 32,768 B; at the second matmul: the transpose, exp's result,
// the gradient and the loss (3 x 16,384 + 4).
// REPORT: "peak_bytes":81924
func.func @step(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> (tensor<f32>, tensor<64x64xf32>) {
  %c0 = arith.constant 0.0 : f32
  %z = tensor.empty() : tensor<64x64xf32>
  %init = linalg.fill ins(%c0 : f32) outs(%z : tensor<64x64xf32>) -> tensor<64x64xf32>
  %h = linalg.matmul ins(%x, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%init : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e = linalg.exp ins(%h : tensor<64x64xf32>) outs(%z : tensor<64x64xf32>) -> tensor<64x64xf32>
  %s0 = tensor.empty() : tensor<f32>
  %sinit = linalg.fill ins(%c0 : f32) outs(%s0 : tensor<f32>) -> tensor<f32>
  %l = linalg.reduce ins(%e : tensor<64x64xf32>) outs(%sinit : tensor<f32>) dimensions = [0, 1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  %xt = linalg.transpose ins(%x : tensor<64x64xf32>) outs(%z : tensor<64x64xf32>) permutation = [1, 0]
  %dw = linalg.matmul ins(%xt, %e : tensor<64x64xf32>, tensor<64x64xf32>) outs(%init : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %l, %dw : tensor<f32>, tensor<64x64xf32>
}
