// RUN: remat-opt %s --rematerialize="policy=auto max-overhead=50% device=cpu report=-" -o /dev/null | FileCheck %s --check-prefix=ROOF
// RUN: remat-opt %s --rematerialize="policy=auto max-overhead=50% device=cpu cost-profile=%S/Inputs/slow-projection-profile.json report=-" -o /dev/null | FileCheck %s --check-prefix=PROF
// RUN: remat-opt %s --rematerialize="policy=auto max-overhead=50% device=cpu cost-profile=%S/Inputs/slow-projection-profile.json" | FileCheck %s --check-prefix=IR
// RUN: not remat-opt %s --rematerialize="cost-profile=%S/Inputs/no-such-profile.json" 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not remat-opt %s --rematerialize="cost-profile=%S/Inputs/bad-device.json" 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not remat-opt %s --rematerialize="cost-profile=%S/Inputs/bad-profile-entry.json" 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not remat-opt %s --rematerialize="cost-profile=%S/Inputs/bad-profile-negative.json" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not remat-opt %s --rematerialize="cost-profile=%S/Inputs/bad-profile-duplicate.json" 2>&1 | FileCheck %s --check-prefix=DUPLICATE
// RUN: not remat-opt %s --rematerialize="cost-profile=%s" 2>&1 | FileCheck %s --check-prefix=JSON

// A cost profile (what a `remat-compile --profile-ops` executable writes)
// replaces the roofline time of the ops it covers; the others keep theirs.
// The attention block of rematerialize-auto.mlir, planned by auto within 50%
// overhead on device=cpu: by the roofline, recomputing the Q and K
// projections is cheap and reaches the least peak. The profile says a
// projection takes 1 s and the softmax 0.25 s (of a 3.25 s step): recomputing
// Q and K would cost 62%, so auto recomputes the softmax instead, which
// reaches the next peak for 8%.

func.func @attention(%x: tensor<256x1024xf32>, %wq: tensor<1024x64xf32>, %wk: tensor<1024x64xf32>, %wv: tensor<1024x64xf32>, %t: tensor<256x64xf32>)
    -> (tensor<f32>, tensor<1024x64xf32>, tensor<1024x64xf32>, tensor<1024x64xf32>) {
  %q = nn.matmul %x, %wq {remat.block = 0 : i64} : tensor<256x1024xf32>, tensor<1024x64xf32> -> tensor<256x64xf32>
  %k = nn.matmul %x, %wk {remat.block = 0 : i64} : tensor<256x1024xf32>, tensor<1024x64xf32> -> tensor<256x64xf32>
  %v = nn.matmul %x, %wv {remat.block = 0 : i64} : tensor<256x1024xf32>, tensor<1024x64xf32> -> tensor<256x64xf32>
  %s = nn.matmul %q, %k {transpose_b, remat.block = 0 : i64} : tensor<256x64xf32>, tensor<256x64xf32> -> tensor<256x256xf32>
  %p = nn.softmax %s {scale = 1.250000e-01 : f32, causal, remat.block = 0 : i64} : tensor<256x256xf32>
  %pd = nn.dropout %p {rate = 1.000000e-01 : f32, seed = 7 : i64, remat.block = 0 : i64} : tensor<256x256xf32>
  %c = nn.matmul %pd, %v {remat.block = 0 : i64} : tensor<256x256xf32>, tensor<256x64xf32> -> tensor<256x64xf32>
  %l = nn.mse_loss %c, %t : tensor<256x64xf32>, tensor<256x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dc = nn.mse_loss_grad %c, %t, %one : tensor<256x64xf32>, tensor<256x64xf32>, tensor<f32> -> tensor<256x64xf32>
  %dpd = nn.matmul %dc, %v {transpose_b} : tensor<256x64xf32>, tensor<256x64xf32> -> tensor<256x256xf32>
  %dv = nn.matmul %pd, %dc {transpose_a} : tensor<256x256xf32>, tensor<256x64xf32> -> tensor<256x64xf32>
  %dp = nn.dropout %dpd {rate = 1.000000e-01 : f32, seed = 7 : i64} : tensor<256x256xf32>
  %ds = nn.softmax_grad %dp, %p {scale = 1.250000e-01 : f32} : tensor<256x256xf32>
  %dq = nn.matmul %ds, %k : tensor<256x256xf32>, tensor<256x64xf32> -> tensor<256x64xf32>
  %dk = nn.matmul %ds, %q {transpose_a} : tensor<256x256xf32>, tensor<256x64xf32> -> tensor<256x64xf32>
  %dwq = nn.matmul %x, %dq {transpose_a} : tensor<256x1024xf32>, tensor<256x64xf32> -> tensor<1024x64xf32>
  %dwk = nn.matmul %x, %dk {transpose_a} : tensor<256x1024xf32>, tensor<256x64xf32> -> tensor<1024x64xf32>
  %dwv = nn.matmul %x, %dv {transpose_a} : tensor<256x1024xf32>, tensor<256x64xf32> -> tensor<1024x64xf32>
  return %l, %dwq, %dwk, %dwv : tensor<f32>, tensor<1024x64xf32>, tensor<1024x64xf32>, tensor<1024x64xf32>
}

// ROOF: "baseline":{"estimated_time_s":0.00341{{[0-9]*}},
// ROOF-NOT: "cost_profile"
// ROOF: "decision":"recompute","loc":"{{[^"]*}}:22:8","op":"nn.matmul"
// ROOF: "decision":"recompute","loc":"{{[^"]*}}:23:8","op":"nn.matmul"
// ROOF: "result":{"estimated_time_s":{{.*}},"peak_bytes":2818052

// PROF: "baseline":{"estimated_time_s":3.25{{[0-9]*}},
// PROF-SAME: "cost_profile":"{{.*}}slow-projection-profile.json"
// PROF: "decision":"save","loc":"{{[^"]*}}:22:8","op":"nn.matmul","reason":"{{[^"]*}}","recompute_flops":33554432,"recompute_time_s":1,
// PROF: "decision":"save","loc":"{{[^"]*}}:23:8","op":"nn.matmul","reason":"{{[^"]*}}","recompute_flops":33554432,"recompute_time_s":1,
// PROF: "decision":"recompute","loc":"{{[^"]*}}:26:8","op":"nn.softmax","reason":"{{[^"]*}}","recompute_flops":{{[0-9]+}},"recompute_time_s":0.25{{[0-9]*}},
// PROF: "result":{"estimated_time_s":3.50{{[0-9]*}},"flops":{{[0-9]+}},"peak_bytes":2883588

// IR: nn.softmax_grad
// IR-NOT: nn.matmul %arg0, %arg1 {remat.block
// IR: return

// MISSING: error: cannot read cost profile '{{.*}}no-such-profile.json': {{.*}}
// SHAPE: error: cost profile '{{.*}}bad-device.json': expected an object with an array 'ops'
// ENTRY: error: cost profile '{{.*}}': ops[0] needs a string 'key' and a number 'seconds'
// NEGATIVE: error: cost profile '{{.*}}': ops[0].seconds must be finite and >= 0
// DUPLICATE: error: cost profile '{{.*}}': ops[1] repeats the key 'nn.relu(tensor<4xf32>) -> (tensor<4xf32>)'
// JSON: error: cost profile '{{.*}}' is not valid JSON: {{.*}}
