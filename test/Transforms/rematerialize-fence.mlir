// fence=: the clones of each recompute chain read what they do not recompute
// (kept activations, arguments; not constants) through an optimization
// barrier, one per value and chain, made before the chain's first reader: a
// downstream compiler's CSE (IREE's) would otherwise merge them back into the
// forward's twins. The forward is untouched, and the report's figures are
// the same with and without fences (they are taken before them).
// RUN: remat-opt %s --rematerialize="policy=dots skip-useless=false fence=util.optimization_barrier report=%t.fenced.json" | FileCheck %s
// RUN: remat-opt %s --rematerialize="policy=dots skip-useless=false report=%t.plain.json" | FileCheck %s --check-prefix=PLAIN
// RUN: %python -c "import json, sys; a, b = (json.load(open(p))['result'] for p in sys.argv[1:]); assert a == b, (a, b); print('same', a['peak_bytes'], a['recompute_flops'])" %t.fenced.json %t.plain.json | FileCheck %s --check-prefix=SAME
// RUN: not remat-opt %s --mlir-print-op-on-diagnostic=false --rematerialize="policy=dots fence=arith.negf" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTBARRIER
// RUN: not remat-opt %s --mlir-print-op-on-diagnostic=false --rematerialize="policy=dots fence=arith.optimization_barrier" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOOP
// RUN: not remat-opt %s --allow-unregistered-dialect=false --mlir-print-op-on-diagnostic=false --rematerialize="policy=dots fence=util.optimization_barrier" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNREGISTERED

// CHECK-LABEL: func.func @fenced(%arg0: tensor<64x64xf32>, %arg1: tensor<64x64xf32>)
// The forward reads the matmul and the argument as they are.
// CHECK:      %[[H:.*]] = linalg.matmul ins(%arg0, %arg1
// CHECK:      linalg.exp ins(%[[H]] :
// CHECK:      linalg.exp ins(%arg0 :
// CHECK:      %[[DW:.*]] = linalg.matmul ins(%arg0, %arg0
// The first chain (exp of the kept matmul) reads the matmul through a fence.
// CHECK:      %[[F1:.*]] = "util.optimization_barrier"(%[[H]]) : (tensor<64x64xf32>) -> tensor<64x64xf32>
// CHECK-NEXT: %[[E:.*]] = linalg.exp ins(%[[F1]] :
// CHECK-NEXT: %[[DH:.*]] = linalg.mul ins(%[[DW]], %[[E]] :
// The second (exp of an argument) reads the argument through one.
// CHECK:      %[[F2:.*]] = "util.optimization_barrier"(%arg0)
// CHECK-NEXT: %[[T:.*]] = linalg.exp ins(%[[F2]] :
// CHECK-NEXT: linalg.mul ins(%[[DH]], %[[T]] :
// CHECK-NOT:  optimization_barrier
// PLAIN-NOT:  optimization_barrier
// SAME: same
// NOTBARRIER: error: fence=arith.negf: not an optimization barrier
// NOOP: error: fence=arith.optimization_barrier: dialect 'arith' has no such op
// UNREGISTERED: error: fence=util.optimization_barrier: the op is not registered and unregistered dialects are not allowed
func.func @fenced(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> (tensor<f32>, tensor<64x64xf32>) {
  %c0 = arith.constant 0.0 : f32
  %z = tensor.empty() : tensor<64x64xf32>
  %init = linalg.fill ins(%c0 : f32) outs(%z : tensor<64x64xf32>) -> tensor<64x64xf32>
  %h = linalg.matmul ins(%x, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%init : tensor<64x64xf32>) -> tensor<64x64xf32>
  %z1 = tensor.empty() : tensor<64x64xf32>
  %e = linalg.exp ins(%h : tensor<64x64xf32>) outs(%z1 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %z4 = tensor.empty() : tensor<64x64xf32>
  %t = linalg.exp ins(%x : tensor<64x64xf32>) outs(%z4 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %z5 = tensor.empty() : tensor<64x64xf32>
  %et = linalg.add ins(%e, %t : tensor<64x64xf32>, tensor<64x64xf32>) outs(%z5 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %s0 = tensor.empty() : tensor<f32>
  %sinit = linalg.fill ins(%c0 : f32) outs(%s0 : tensor<f32>) -> tensor<f32>
  %l = linalg.reduce ins(%et : tensor<64x64xf32>) outs(%sinit : tensor<f32>) dimensions = [0, 1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  %z2 = tensor.empty() : tensor<64x64xf32>
  %init2 = linalg.fill ins(%c0 : f32) outs(%z2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %dw = linalg.matmul ins(%x, %x : tensor<64x64xf32>, tensor<64x64xf32>) outs(%init2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %z3 = tensor.empty() : tensor<64x64xf32>
  %dh = linalg.mul ins(%dw, %e : tensor<64x64xf32>, tensor<64x64xf32>) outs(%z3 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %z6 = tensor.empty() : tensor<64x64xf32>
  %dt = linalg.mul ins(%dh, %t : tensor<64x64xf32>, tensor<64x64xf32>) outs(%z6 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %l, %dt : tensor<f32>, tensor<64x64xf32>
}
