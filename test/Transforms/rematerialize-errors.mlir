// RUN: remat-opt %s -split-input-file -verify-diagnostics --rematerialize=policy=full
// RUN: not remat-opt %s --rematerialize=policy=auto 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: not remat-opt %s --rematerialize=policy=fastest 2>&1 | FileCheck %s --check-prefix=POLICY
// RUN: not remat-opt %s --rematerialize=device=tpu 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: not remat-opt %s --rematerialize=device-file=%S/does-not-exist.json 2>&1 | FileCheck %s --check-prefix=DEVFILE

// AUTO: policy 'auto' needs a budget=<bytes> (the cheapest plan under it) or a max-overhead=<fraction> (the lowest peak within it)
// POLICY: for the --policy option: unknown value 'fastest'; expected none, full, sqrt, selective, dots, dots-no-batch, auto or offload
// DEVICE: unknown device 'tpu'; expected h200, h100, gh200, a100, cpu, or device-file=<json>
// DEVFILE: cannot read device file '{{.*}}does-not-exist.json'

// full needs checkpoint blocks: no marks, and no layers to find (no
// sequence of forward ops that computes a matrix multiply repeats).
// expected-error @+1 {{policy 'full' needs checkpoint blocks: no forward op has a 'remat.block' attribute, and no sequence of forward ops repeats (no layers to find: copies that each compute a matrix multiply or convolution)}}
func.func @no_blocks(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>) -> (tensor<f32>, tensor<8x16xf32>) {
  %a = nn.gelu %x : tensor<8x16xf32>
  %l = nn.mse_loss %a, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %da = nn.mse_loss_grad %a, %t, %one : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %dx = nn.gelu_grad %da, %x : tensor<8x16xf32>
  return %l, %dx : tensor<f32>, tensor<8x16xf32>
}

// -----

// A joint function returns the loss first: no results is an error.
// expected-error @+1 {{expects a joint function whose result 0 is the loss, but it has no results}}
func.func @no_results(%x: tensor<8x16xf32>) {
  return
}

// -----

// "recompute" cannot be honored on an op with side effects.
func.func private @noise(tensor<8x16xf32>) -> tensor<8x16xf32>
func.func @recompute_impure(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>) -> (tensor<f32>, tensor<8x16xf32>) {
  // expected-error @+1 {{'remat.policy' = "recompute" cannot be honored: the op has memory effects}}
  %n = func.call @noise(%x) {remat.block = 0 : i64, remat.policy = "recompute"} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %l = nn.mse_loss %n, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dn = nn.mse_loss_grad %n, %t, %one : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  return %l, %dn : tensor<f32>, tensor<8x16xf32>
}
