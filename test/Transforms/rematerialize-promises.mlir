// RUN: remat-opt %s -split-input-file --rematerialize="policy=full" | FileCheck %s --check-prefix=FULL
// RUN: remat-opt %s -split-input-file --rematerialize="policy=full report=-" -o /dev/null | FileCheck %s --check-prefix=REPORT
// RUN: remat-opt %s -split-input-file --rematerialize="policy=selective" | FileCheck %s --check-prefix=SEL
// RUN: remat-opt %s -split-input-file --rematerialize="policy=none" --remat-print-memory-plan 2>&1 | FileCheck %s --check-prefix=NONEPEAK
// RUN: remat-opt %s -split-input-file --rematerialize="policy=full" --remat-print-memory-plan 2>&1 | FileCheck %s --check-prefix=FULLPEAK

// What the fixed policies promise (docs/Rematerialize.md): a recompute frees
// something, and no plan peaks above keeping every saved activation. Both
// cases below used to break it (found by property tests on random graphs).

// %a's buffer stays live through %r2, a view of it that is kept at the
// block boundary and used by the backward after %a's own first backward
// use: a clone of %a there would only add a second 2 KiB buffer (and its
// FLOPs) while the original is still live. full and selective keep it.
// FULL-LABEL: func.func @kept_view
// FULL: %[[A:.*]] = nn.gelu
// FULL-NOT: nn.gelu{{ }}
// FULL: return
// SEL-LABEL: func.func @kept_view
// SEL: nn.gelu
// SEL-NOT: nn.gelu{{ }}
// SEL: return
// REPORT: "decision":"save","loc":"{{[^"]*}}rematerialize-promises.mlir:[[@LINE+4]]:8","op":"nn.gelu","reason":"kept: its buffer is still live where the recompute would be placed (through a kept view or another use), so recomputing it would free nothing"
// NONEPEAK: remark: peak_bytes = 12292,
// FULLPEAK: remark: peak_bytes = 12292,
func.func @kept_view(%x: tensor<16x32xf32>, %t: tensor<512xf32>) -> (tensor<f32>, tensor<16x32xf32>) {
  %a = nn.gelu %x {remat.block = 0 : i64} : tensor<16x32xf32>
  %r1 = nn.reshape %a {remat.block = 0 : i64} : tensor<16x32xf32> -> tensor<32x16xf32>
  %r2 = nn.reshape %r1 {remat.block = 0 : i64} : tensor<32x16xf32> -> tensor<512xf32>
  %s = nn.relu %r2 {remat.block = 1 : i64} : tensor<512xf32>
  %l = nn.mse_loss %s, %t : tensor<512xf32>, tensor<512xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %ds = nn.mse_loss_grad %s, %t, %one : tensor<512xf32>, tensor<512xf32>, tensor<f32> -> tensor<512xf32>
  %ds2 = nn.reshape %ds : tensor<512xf32> -> tensor<16x32xf32>
  %m = nn.mul %ds2, %a : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<16x32xf32>
  %dr = nn.relu_grad %ds, %r2 : tensor<512xf32>
  %dr2 = nn.reshape %dr : tensor<512xf32> -> tensor<16x32xf32>
  %da = nn.add %m, %dr2 : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<16x32xf32>
  %dx = nn.gelu_grad %da, %x : tensor<16x32xf32>
  return %l, %dx : tensor<f32>, tensor<16x32xf32>
}

// -----

// %dead reads %a before %a's last forward use and feeds nothing: it is
// neither forward nor backward code. It used to count as a backward use, so
// full placed %a's clone right there, in the middle of the forward, while
// the original was still live. Dead ops are erased first (the lowering
// would delete them anyway), and the clone goes to the real backward use.
// The plan's peak is below none's: the clone lives only in the backward.
// NONEPEAK: remark: peak_bytes = 10248,
// FULLPEAK: remark: peak_bytes = 10244,
// FULL-LABEL: func.func @dead_forward_code
// FULL: nn.gelu
// FULL-NEXT: nn.relu
// FULL-NEXT: nn.scale %{{.*}} {factor = 5.000000e-01 : f32, remat.block = 1 : i64}
// FULL: nn.mse_loss_grad
// FULL-NEXT: nn.scale
// FULL-NEXT: %[[A2:.*]] = nn.gelu
// FULL-NEXT: nn.relu_grad %{{.*}}, %[[A2]]
// FULL-NEXT: nn.mul %{{.*}}, %[[A2]]
func.func @dead_forward_code(%x: tensor<16x32xf32>, %t: tensor<16x32xf32>) -> (tensor<f32>, tensor<16x32xf32>) {
  %a = nn.gelu %x {remat.block = 0 : i64} : tensor<16x32xf32>
  %dead = nn.scale %a {factor = 2.000000e+00 : f32} : tensor<16x32xf32>
  %b = nn.relu %a {remat.block = 0 : i64} : tensor<16x32xf32>
  %c = nn.scale %b {factor = 5.000000e-01 : f32, remat.block = 1 : i64} : tensor<16x32xf32>
  %l = nn.mse_loss %c, %t : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dc = nn.mse_loss_grad %c, %t, %one : tensor<16x32xf32>, tensor<16x32xf32>, tensor<f32> -> tensor<16x32xf32>
  %db = nn.scale %dc {factor = 5.000000e-01 : f32} : tensor<16x32xf32>
  %d = nn.relu_grad %db, %a : tensor<16x32xf32>
  %da = nn.mul %d, %a : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<16x32xf32>
  %dx = nn.gelu_grad %da, %x : tensor<16x32xf32>
  return %l, %dx : tensor<f32>, tensor<16x32xf32>
}
