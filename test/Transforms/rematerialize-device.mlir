// RUN: remat-opt %s --rematerialize="policy=selective report=- skip-useless=false" -o /dev/null | FileCheck %s --check-prefix=H200
// RUN: remat-opt %s --rematerialize="policy=selective device-file=%S/Inputs/slow-gemm-device.json report=- skip-useless=false" -o /dev/null | FileCheck %s --check-prefix=FILE
// RUN: remat-opt %s --rematerialize="policy=selective selective-threshold=0.01 report=- skip-useless=false" -o /dev/null | FileCheck %s --check-prefix=STRICT
// RUN: not remat-opt %s --rematerialize="device-file=%S/Inputs/bad-device.json" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not remat-opt %s --rematerialize="device-file=%S/Inputs/overflowing-device.json" 2>&1 | FileCheck %s --check-prefix=OVERHEAD
// RUN: not remat-opt %s --rematerialize="device-file=%S/Inputs/slow-rate-device.json" 2>&1 | FileCheck %s --check-prefix=RATE

// The selective threshold is the device's ridge point: on the H200 (TF32
// 494 TFLOP/s over 4.8 TB/s = 102.9 FLOPs per byte) a K=64 GEMM output
// (32 FLOPs per byte) is recomputed; on a device whose ridge point is 1 FLOP
// per byte it is kept. selective-threshold scales the threshold.

func.func @gemm(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>, %t: tensor<64x64xf32>) -> (tensor<f32>, tensor<64x64xf32>) {
  %h = nn.matmul %x, %w : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %a = nn.relu %h : tensor<64x64xf32>
  %l = nn.mse_loss %a, %t : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %da = nn.mse_loss_grad %a, %t, %one : tensor<64x64xf32>, tensor<64x64xf32>, tensor<f32> -> tensor<64x64xf32>
  %dh = nn.relu_grad %da, %h : tensor<64x64xf32>
  %dw = nn.matmul %x, %dh {transpose_a} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %l, %dw : tensor<f32>, tensor<64x64xf32>
}

// H200: "decision":"recompute",{{.*}}"op":"nn.matmul","reason":"cheap: 32.0 recompute FLOPs per byte <= threshold 102.9"
// FILE: "decision":"save",{{.*}}"op":"nn.matmul","reason":"expensive: 32.0 recompute FLOPs per byte > threshold 1.0"
// H200-SAME: "device":"h200"
// FILE-SAME: "device":"slow-gemm"
// STRICT: "decision":"save",{{.*}}"op":"nn.matmul","reason":"expensive: 32.0 recompute FLOPs per byte > threshold 1.0"
// BAD: device file '{{.*}}bad-device.json': missing or non-positive number 'gemm_flops_per_s.f16'
// OVERHEAD: device file '{{.*}}overflowing-device.json': 'launch_overhead_s' must be between 0 and 1 second
// RATE: device file '{{.*}}slow-rate-device.json': 'memory_bandwidth_bytes_per_s' must be a finite rate of at least 1 per second
