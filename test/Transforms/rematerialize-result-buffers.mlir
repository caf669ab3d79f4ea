// result-buffers= says when the function's results occupy memory: from the
// op that defines them (defined, the default: remat-compile's executables,
// PyTorch) or from the start, like the arguments (preallocated: XLA
// allocates a computation's outputs before it runs), or from the start and
// holding the temporaries that end before the result is defined (lent: XLA's
// buffer assignment). The peak, the plans and the budget follow.
//
// RUN: remat-opt %s --rematerialize="policy=auto max-overhead=0.5 report=-" -o /dev/null | FileCheck %s --check-prefix=DEFINED
// RUN: remat-opt %s --rematerialize="policy=auto max-overhead=0.5 result-buffers=preallocated report=-" -o /dev/null | FileCheck %s --check-prefix=PREALLOC
// RUN: remat-opt %s --rematerialize="policy=auto max-overhead=0.5 result-buffers=preallocated" | FileCheck %s --check-prefix=IR
// RUN: remat-opt %s --rematerialize="policy=none budget=1441800 result-buffers=preallocated" -o /dev/null
// RUN: not remat-opt %s --rematerialize="policy=none budget=1441799 result-buffers=preallocated" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: not remat-opt %s --rematerialize="policy=auto budget=1376259 result-buffers=preallocated" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEAST
// RUN: remat-opt %s --rematerialize="policy=none result-buffers=lent report=-" -o /dev/null | FileCheck %s --check-prefix=LENT
// RUN: remat-opt %s --rematerialize="policy=none budget=1310728 result-buffers=lent" -o /dev/null
// RUN: not remat-opt %s --rematerialize="policy=none budget=1310727 result-buffers=lent" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LENT-BUDGET
// RUN: not remat-opt %s --rematerialize="result-buffers=nope" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
//
// Arguments: 655360 bytes. Results: the loss (4 bytes) and the two weight
// gradients (262144 bytes each). The activations %h, %a, %y are 65536 bytes
// each.
//
// Defined: the peak is at the end, where both gradients are live and %h and
// %a have died; recomputing them lowers nothing, and auto keeps everything.
// DEFINED: "argument_bytes":655360,"base_bytes":655360,"baseline":{{{[^}]*}}"peak_bytes":1245188
// DEFINED-SAME: "decisions":[{{{[^}]*}}"decision":"save"{{[^}]*}}},{{{[^}]*}}"decision":"save"{{[^}]*}}},{{{[^}]*}}"decision":"save"
// DEFINED-SAME: "result":{{{[^}]*}}"peak_bytes":1245188
// DEFINED-SAME: "result_buffers":"defined"
//
// Preallocated: the gradients count from the start (base 1179652 bytes), so
// the peak is where the activations are, before dW2: recomputing %h and %a
// there (both read after it) brings it down to what the ops need at once.
// PREALLOC: "argument_bytes":655360,"base_bytes":1179652,"baseline":{{{[^}]*}}"peak_bytes":1441800
// PREALLOC-SAME: "decisions":[{{{[^}]*}}"decision":"recompute"{{[^}]*}}"op":"nn.matmul"{{[^}]*}}},{{{[^}]*}}"decision":"recompute"{{[^}]*}}"op":"nn.gelu"{{[^}]*}}},{{{[^}]*}}"decision":"save"
// PREALLOC-SAME: "peak_lower_bound_bytes":1376260
// PREALLOC-SAME: "result":{{{[^}]*}}"peak_bytes":1376260
// PREALLOC-SAME: "result_buffers":"preallocated"
//
// IR-LABEL: func.func @step
// IR:         nn.mse_loss_grad
// IR-NEXT:    %[[H:.*]] = nn.matmul %arg0, %arg1
// IR-NEXT:    %[[A:.*]] = nn.gelu %[[H]]
// IR-NEXT:    nn.matmul %[[A]], %{{.*}} {transpose_a}
// IR:         nn.gelu_grad %{{.*}}, %[[H]]
//
// Lent: the base is preallocated's, but %h (last read by gelu_grad, before
// dW1 is written) lives in dW1's buffer and %y (last read by the loss's
// gradient, before dW2) in dW2's; %a, %dy, %da and %dh are read where a
// gradient is written. Peak: the base, %a, %dy and the seed, where %dy is
// made. The least-peak bound counts as defined does (a plan's temporaries
// may be lent).
// LENT: "argument_bytes":655360,"base_bytes":1179652,"baseline":{{{[^}]*}}"peak_bytes":1310728
// LENT-SAME: "peak_lower_bound_bytes":1245188
// LENT-SAME: "result":{{{[^}]*}}"peak_bytes":1310728
// LENT-SAME: "result_buffers":"lent"
// LENT-BUDGET: error: policy 'none' reaches a peak of 1310728 bytes
//
// BUDGET: error: policy 'none' reaches a peak of 1441800 bytes (1.4 MiB), above budget 1441799 bytes
// LEAST: smallest peak remat can reach for this function is 1376260 bytes
// BAD: for the --result-buffers option: unknown value 'nope'; expected defined, preallocated or lent

func.func @step(%x: tensor<64x256xf32>, %w1: tensor<256x256xf32>, %w2: tensor<256x256xf32>, %t: tensor<64x256xf32>)
    -> (tensor<f32>, tensor<256x256xf32>, tensor<256x256xf32>) {
  %h = nn.matmul %x, %w1 : tensor<64x256xf32>, tensor<256x256xf32> -> tensor<64x256xf32>
  %a = nn.gelu %h : tensor<64x256xf32>
  %y = nn.matmul %a, %w2 : tensor<64x256xf32>, tensor<256x256xf32> -> tensor<64x256xf32>
  %l = nn.mse_loss %y, %t : tensor<64x256xf32>, tensor<64x256xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dy = nn.mse_loss_grad %y, %t, %one : tensor<64x256xf32>, tensor<64x256xf32>, tensor<f32> -> tensor<64x256xf32>
  %dw2 = nn.matmul %a, %dy {transpose_a} : tensor<64x256xf32>, tensor<64x256xf32> -> tensor<256x256xf32>
  %da = nn.matmul %dy, %w2 {transpose_b} : tensor<64x256xf32>, tensor<256x256xf32> -> tensor<64x256xf32>
  %dh = nn.gelu_grad %da, %h : tensor<64x256xf32>
  %dw1 = nn.matmul %x, %dh {transpose_a} : tensor<64x256xf32>, tensor<64x256xf32> -> tensor<256x256xf32>
  return %l, %dw1, %dw2 : tensor<f32>, tensor<256x256xf32>, tensor<256x256xf32>
}
