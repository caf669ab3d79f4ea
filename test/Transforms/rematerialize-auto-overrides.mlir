// RUN: not remat-opt %s --rematerialize="policy=auto max-overhead=0.001" 2>&1 | FileCheck %s --check-prefix=TOOLOW
// RUN: remat-opt %s --rematerialize="policy=auto max-overhead=1" | FileCheck %s

// A "recompute" override costs time under every plan: an overhead below it
// is refused, with both fractions written in full.
// TOOLOW: error: no plan fits max-overhead 1.000000e-03: the 'recompute' overrides alone cost {{[0-9.]+e-0[0-9]}} of the step's estimated time

// Within a larger overhead the override is still honored: gelu is cloned
// right before its backward use.
// CHECK-LABEL: func.func @f
// CHECK:       arith.constant
// CHECK-NEXT:  %[[A:.*]] = nn.gelu %arg0 {remat.policy = "recompute"}
// CHECK-NEXT:  nn.mse_loss_grad %[[A]], %arg1

func.func @f(%x: tensor<64x64xf32>, %t: tensor<64x64xf32>) -> (tensor<f32>, tensor<64x64xf32>) {
  %a = nn.gelu %x {remat.policy = "recompute"} : tensor<64x64xf32>
  %l = nn.mse_loss %a, %t : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %da = nn.mse_loss_grad %a, %t, %one : tensor<64x64xf32>, tensor<64x64xf32>, tensor<f32> -> tensor<64x64xf32>
  %dx = nn.gelu_grad %da, %x : tensor<64x64xf32>
  return %l, %dx : tensor<f32>, tensor<64x64xf32>
}
