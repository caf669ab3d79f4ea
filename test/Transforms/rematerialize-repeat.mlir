// RUN: remat-opt %s --rematerialize="policy=none repeat=4 report=-" -o /dev/null | FileCheck %s --check-prefix=NONE
// RUN: remat-opt %s --rematerialize="policy=full repeat=4 report=-" -o /dev/null | FileCheck %s --check-prefix=FULL
// RUN: remat-opt %s --rematerialize="policy=full report=-" -o /dev/null | FileCheck %s --check-prefix=ONCE
// RUN: remat-opt %s --rematerialize="policy=auto budget=4300000 repeat=4 report=-" -o /dev/null | FileCheck %s --check-prefix=AUTO
// RUN: remat-opt %s --rematerialize="policy=auto budget=4300000 report=-" -o /dev/null | FileCheck %s --check-prefix=AUTO1
// RUN: remat-opt %s --rematerialize="policy=auto budget=4400000 pareto=true repeat=4 report=-" -o /dev/null | FileCheck %s --check-prefix=PARETO
// RUN: not remat-opt %s --rematerialize="policy=auto repeat=0 max-overhead=0.1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not remat-opt %s --rematerialize="policy=auto budget=4300000 offload=true device=h200 repeat=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFFLOAD

// repeat=N: the function is one iteration of a loop that runs it N times
// and holds what each iteration's forward hands its backward until that
// backward runs (a rolled scan's body under remat.jax: every iteration's
// forward runs before the first backward). A plan's peak counts its held
// bytes (the saved activations of the rewritten function) N - 1 more times,
// and the report says how many (its "repeat" object).
//
// The MLP of rematerialize-mlp.mlir. Policy none holds %h and %a (16 KiB
// each) and %y (128 bytes) into the backward: 32,896 bytes, so its peak is
// 4,259,972 + 3 x 32,896.
// NONE: "baseline":{"estimated_time_s":{{[^,]*}},"flops":16978112,"peak_bytes":4358660,
// NONE: "repeat":{"baseline_held_bytes":32896,"count":4,"held_bytes":32896}
// NONE-SAME: "result":{"estimated_time_s":{{[^,]*}},"flops":16978112,"peak_bytes":4358660,"recompute_flops":0,"saved_activation_bytes":32896}

// Policy full recomputes %h and %a and holds %y alone: 3 x 128 more than
// its one-iteration peak. With repeat=4 that is below policy none's, so
// skip-useless keeps it; run once (repeat=1), full lowers no peak and
// takes policy none's plan.
// FULL: "repeat":{"baseline_held_bytes":32896,"count":4,"held_bytes":128}
// FULL-SAME: "result":{"estimated_time_s":{{[^,]*}},"flops":25403584,"peak_bytes":4260356,"recompute_flops":8425472,"saved_activation_bytes":128}
// ONCE-NOT: "repeat"
// ONCE: "result":{"estimated_time_s":{{[^,]*}},"flops":16978112,"peak_bytes":4259972,"recompute_flops":0,

// Under a budget between the two, auto must lower what each iteration
// holds; run once, the same budget keeps everything.
// AUTO: "decision":"recompute"
// AUTO-SAME: "decision":"recompute"
// AUTO: "repeat":{"baseline_held_bytes":32896,"count":4,"held_bytes":128}

// Each frontier point says what its plan holds; under repeat=4 its peak is
// its own peak (policy none's, 4,259,972) plus 3 times that.
// PARETO: "pareto":[{"estimated_time_s":{{[^,]*}},"held_bytes":0,"peak_bytes":4259972,
// PARETO-SAME: "held_bytes":32896,"peak_bytes":4358660,
// AUTO-SAME: "peak_bytes":4260356
// AUTO1-NOT: "decision":"recompute"
// AUTO1: "peak_bytes":4259972

// ZERO: error: repeat must be at least 1
// OFFLOAD: error: repeat does not combine with host offload

func.func @mlp(%x: tensor<8x1024xf32>, %w1: tensor<1024x512xf32>, %w2: tensor<512x4xf32>, %t: tensor<8x4xf32>)
    -> (tensor<f32>, tensor<1024x512xf32>, tensor<512x4xf32>) {
  %h = nn.matmul %x, %w1 {remat.block = 0 : i64} : tensor<8x1024xf32>, tensor<1024x512xf32> -> tensor<8x512xf32>
  %a = nn.gelu %h {remat.block = 0 : i64} : tensor<8x512xf32>
  %y = nn.matmul %a, %w2 {remat.block = 0 : i64} : tensor<8x512xf32>, tensor<512x4xf32> -> tensor<8x4xf32>
  %l = nn.mse_loss %y, %t : tensor<8x4xf32>, tensor<8x4xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dy = nn.mse_loss_grad %y, %t, %one : tensor<8x4xf32>, tensor<8x4xf32>, tensor<f32> -> tensor<8x4xf32>
  %dw2 = nn.matmul %a, %dy {transpose_a} : tensor<8x512xf32>, tensor<8x4xf32> -> tensor<512x4xf32>
  %da = nn.matmul %dy, %w2 {transpose_b} : tensor<8x4xf32>, tensor<512x4xf32> -> tensor<8x512xf32>
  %dh = nn.gelu_grad %da, %h : tensor<8x512xf32>
  %dw1 = nn.matmul %x, %dh {transpose_a} : tensor<8x1024xf32>, tensor<8x512xf32> -> tensor<1024x512xf32>
  return %l, %dw1, %dw2 : tensor<f32>, tensor<1024x512xf32>, tensor<512x4xf32>
}
