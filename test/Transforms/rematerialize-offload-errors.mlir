// RUN: remat-opt %s -split-input-file -verify-diagnostics --rematerialize="policy=none"
// RUN: not remat-opt %s -split-input-file --rematerialize="policy=auto offload=true budget=1GB device=cpu" 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not remat-opt %s -split-input-file --rematerialize="policy=offload device=cpu" 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not remat-opt %s -split-input-file --rematerialize="policy=selective offload=true" 2>&1 | FileCheck %s --check-prefix=FIXED
// RUN: not remat-opt %s -split-input-file --rematerialize="policy=none host-budget=1MB" 2>&1 | FileCheck %s --check-prefix=FIXEDHOST
// RUN: not remat-opt %s -split-input-file --rematerialize="policy=auto budget=1GB host-budget=lots" 2>&1 | FileCheck %s --check-prefix=HOSTVALUE
// RUN: not remat-opt %s -split-input-file --rematerialize="policy=offload host-budget=4KiB" 2>&1 | FileCheck %s --check-prefix=FORCEDHOST
// RUN: not remat-opt %s -split-input-file --rematerialize="policy=auto offload=true budget=1GB device-file=%S/Inputs/bad-host-link.json" 2>&1 | FileCheck %s --check-prefix=LINK

// CPU: error: offload needs a device with a host link, and device 'cpu' has none (it is the host): plan for h200, h100, gh200 or a100, or give device-file= a "host_link"
// FIXED: error: offload applies to policy=auto and policy=offload only (a fixed policy offloads only its "offload" overrides)
// FIXEDHOST: error: host-budget applies to policy=auto and policy=offload only
// HOSTVALUE: error: invalid host-budget 'lots'; expected bytes with an optional unit (64GiB, 64 GiB, 1.5GB, 1048576; units B, KB, MB, GB, TB, KiB, MiB, GiB, TiB in any case)
// FORCEDHOST: error: the 'remat.policy' = "offload" overrides hold 8192 bytes (0.0 MiB) in host memory at once, above host-budget 4096 bytes (0.0 MiB)
// LINK: error: device file '{{.*}}bad-host-link.json': missing or non-positive number 'host_link.d2h_bytes_per_s'

// An "offload" override is honored under any policy: the value goes to host
// memory and back (the first function has room for it).
func.func @honored(%x: tensor<32x64xf32>, %w: tensor<64x64xf32>, %t: tensor<32x64xf32>) -> (tensor<f32>, tensor<64x64xf32>, tensor<64x64xf32>) {
  %h = nn.matmul %x, %w {remat.policy = "offload"} : tensor<32x64xf32>, tensor<64x64xf32> -> tensor<32x64xf32>
  %a = nn.gelu %h : tensor<32x64xf32>
  %b = nn.matmul %a, %w : tensor<32x64xf32>, tensor<64x64xf32> -> tensor<32x64xf32>
  %c = nn.gelu %b : tensor<32x64xf32>
  %l = nn.mse_loss %c, %t : tensor<32x64xf32>, tensor<32x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dc = nn.mse_loss_grad %c, %t, %one : tensor<32x64xf32>, tensor<32x64xf32>, tensor<f32> -> tensor<32x64xf32>
  %db = nn.gelu_grad %dc, %b : tensor<32x64xf32>
  %dw2 = nn.matmul %a, %db {transpose_a} : tensor<32x64xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
  %da = nn.matmul %db, %w {transpose_b} : tensor<32x64xf32>, tensor<64x64xf32> -> tensor<32x64xf32>
  %dh = nn.gelu_grad %da, %h : tensor<32x64xf32>
  %dw1 = nn.matmul %x, %dh {transpose_a} : tensor<32x64xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
  return %l, %dw1, %dw2 : tensor<f32>, tensor<64x64xf32>, tensor<64x64xf32>
}

// -----

// A backward op's result is not a forward value.
func.func @backward_op(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>) -> (tensor<f32>, tensor<8x16xf32>) {
  %a = nn.gelu %x : tensor<8x16xf32>
  %l = nn.mse_loss %a, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  // expected-error @+1 {{'remat.policy' = "offload" cannot be honored: the op is not part of the forward pass}}
  %da = nn.mse_loss_grad %a, %t, %one {remat.policy = "offload"} : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %dx = nn.gelu_grad %da, %x : tensor<8x16xf32>
  return %l, %dx : tensor<f32>, tensor<8x16xf32>
}

// -----

// The backward never reads the loss's input %s (only the gradient's ops do
// not need it): nothing to hold in host memory.
func.func @never_read(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>) -> (tensor<f32>, tensor<8x16xf32>) {
  // expected-error @+1 {{'remat.policy' = "offload" cannot be honored: no backward op reads the op's results}}
  %s = nn.scale %x {factor = 2.000000e+00 : f32, remat.policy = "offload"} : tensor<8x16xf32>
  %l = nn.mse_loss %s, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %ds = nn.mse_loss_grad %x, %t, %one : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  return %l, %ds : tensor<f32>, tensor<8x16xf32>
}

// -----

// A returned value stays on the device to the end.
func.func @returned(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>) -> (tensor<f32>, tensor<8x16xf32>, tensor<8x16xf32>) {
  // expected-error @+1 {{'remat.policy' = "offload" cannot be honored: the function returns it}}
  %a = nn.gelu %x {remat.policy = "offload"} : tensor<8x16xf32>
  %l = nn.mse_loss %a, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %da = nn.mse_loss_grad %a, %t, %one : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  return %l, %da, %a : tensor<f32>, tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// %r reads %a but feeds only the backward, so it is a backward op that runs
// before %a's last forward read (%b): no window to hold %a in host memory.
func.func @no_window(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>) -> (tensor<f32>, tensor<8x16xf32>) {
  // expected-error @+1 {{'remat.policy' = "offload" cannot be honored: an op of the backward (or a recompute) reads the value before, or right after, its last forward read, so there is no window to hold it in host memory}}
  %a = nn.gelu %x {remat.policy = "offload"} : tensor<8x16xf32>
  %r = nn.relu %a : tensor<8x16xf32>
  %b = nn.mul %a, %a : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %l = nn.mse_loss %b, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %db = nn.mse_loss_grad %b, %t, %one : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %g = nn.mul %db, %r : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %h = nn.mul %g, %a : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %dx = nn.gelu_grad %h, %x : tensor<8x16xf32>
  return %l, %dx : tensor<f32>, tensor<8x16xf32>
}
