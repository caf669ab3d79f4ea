// RUN: remat-opt %s -split-input-file -verify-diagnostics --remat-print-memory-plan
// Remarks point at locations and print no op: printing the op numbers the
// whole function once per remark, which made the pass quadratic (4,000
// saved activations took 11 s).
// RUN: remat-opt %s -split-input-file --remat-print-memory-plan 2>&1 | FileCheck %s --check-prefix=NOOP --implicit-check-not="see current operation"
// NOOP: remark: peak_bytes = 384

// A chain: during an op its operand and result are live together, so the
// peak (arguments included) is 128 (arg) + 128 (%a) + 128 (%b) at the gelu.
// expected-remark @+1 {{peak_bytes = 384, argument_bytes = 128, saved_activation_bytes = 0 (0 values)}}
func.func @chain(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %a = nn.relu %x : tensor<4x8xf32>
  // expected-remark @+1 {{peak: 384 bytes live}}
  %b = nn.gelu %a : tensor<4x8xf32>
  %c = nn.scale %b {factor = 2.000000e+00 : f32} : tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}

// -----

// nn.reshape is a view: it allocates nothing but keeps %a's buffer live
// until its own last use (the second relu).
// expected-remark @+1 {{peak_bytes = 384, argument_bytes = 128, saved_activation_bytes = 0 (0 values)}}
func.func @view(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %a = nn.relu %x : tensor<4x8xf32>
  %r = nn.reshape %a : tensor<4x8xf32> -> tensor<8x4xf32>
  // expected-remark @+1 {{peak: 384 bytes live}}
  %b = nn.relu %r : tensor<8x4xf32>
  return %b : tensor<8x4xf32>
}

// -----

// Function results live to the end: %a (returned) stays live under %b and %c.
// expected-remark @+1 {{peak_bytes = 512, argument_bytes = 128, saved_activation_bytes = 0 (0 values)}}
func.func @results_live_to_end(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %a = nn.relu %x : tensor<4x8xf32>
  %b = nn.gelu %x : tensor<4x8xf32>
  // expected-remark @+1 {{peak: 512 bytes live}}
  %c = nn.scale %b {factor = 2.000000e+00 : f32} : tensor<4x8xf32>
  return %c, %a : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// A joint function: %h and %a are saved activations (forward values used by
// backward ops); the loss %l lives to the end.
// expected-remark @+1 {{peak_bytes = 708, argument_bytes = 416, saved_activation_bytes = 64 (2 values)}}
func.func @joint(%x: tensor<2x16xf32>, %w: tensor<16x4xf32>, %t: tensor<2x4xf32>) -> (tensor<f32>, tensor<16x4xf32>) {
  // expected-remark @+1 {{saved activation: result 0, 32 bytes}}
  %h = nn.matmul %x, %w : tensor<2x16xf32>, tensor<16x4xf32> -> tensor<2x4xf32>
  // expected-remark @+1 {{saved activation: result 0, 32 bytes}}
  %a = nn.gelu %h : tensor<2x4xf32>
  %l = nn.mse_loss %a, %t : tensor<2x4xf32>, tensor<2x4xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %da = nn.mse_loss_grad %a, %t, %one : tensor<2x4xf32>, tensor<2x4xf32>, tensor<f32> -> tensor<2x4xf32>
  %dh = nn.gelu_grad %da, %h : tensor<2x4xf32>
  // The weight gradient (256 bytes, a result) is the largest value: the peak
  // is at its matmul, with %dh and the loss: 416 + 4 + 32 + 256.
  // expected-remark @+1 {{peak: 708 bytes live}}
  %dw = nn.matmul %x, %dh {transpose_a} : tensor<2x16xf32>, tensor<2x4xf32> -> tensor<16x4xf32>
  return %l, %dw : tensor<f32>, tensor<16x4xf32>
}
