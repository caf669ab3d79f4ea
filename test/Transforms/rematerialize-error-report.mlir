// A function the pass refuses still gets its report entry, with what went
// wrong as data (docs/Rematerialize.md, "Errors"): the kind, the message the
// diagnostic prints, the op's location and the figures the planner had.
// Framework adapters read this, never the diagnostic's words.
//
// RUN: not remat-opt %s --rematerialize="policy=auto budget=1000 report=-" 2>/dev/null | FileCheck %s --check-prefix=AUTO
// AUTO: {"error":{"budget_bytes":1000,"kind":"budget","least_peak_bytes":[[LEAST:[0-9]+]],"location":"{{.*}}rematerialize-error-report.mlir:[[#]]:1","message":"no plan fits budget 1000 bytes (0.0 MiB): the smallest peak remat can reach for this function is [[LEAST]] bytes{{.*}}","peak_lower_bound_bytes":[[LEAST]],"plan_peak_bytes":null},"function":"step"}
//
// A fixed policy above its budget: its own peak too.
// RUN: not remat-opt %s --rematerialize="policy=none budget=5000 report=-" 2>/dev/null | FileCheck %s --check-prefix=NONE
// NONE: {"error":{"budget_bytes":5000,"kind":"budget",{{.*}}"plan_peak_bytes":[[#]]},"function":"step"}
//
// A policy that cannot be applied, and a bad option (named).
// RUN: not remat-opt %s --rematerialize="policy=full report=-" 2>/dev/null | FileCheck %s --check-prefix=FULL
// FULL: {"error":{"budget_bytes":null,"kind":"policy",{{.*}}"message":"policy 'full' needs checkpoint blocks{{.*}}"function":"step"}
// RUN: not remat-opt %s --rematerialize="policy=auto budget=12XB report=-" 2>/dev/null | FileCheck %s --check-prefix=OPTION
// OPTION: {"error":{"budget_bytes":null,"kind":"options",{{.*}}"message":"invalid budget '12XB'{{.*}}","option":"budget",{{.*}}"function":"step"}
//
// The diagnostic says the same in words.
// RUN: not remat-opt %s --rematerialize="policy=auto budget=1000 report=-" 2>&1 >/dev/null | FileCheck %s --check-prefix=DIAG
// DIAG: error: no plan fits budget 1000 bytes
//
// A plan's report carries the pass's statistics (-mlir-pass-statistics
// shows them only where LLVM was built with statistics): fixed-policy plans
// are made once each, with one simulator.
// RUN: remat-opt %s --rematerialize="policy=auto budget=1MiB report=-" -o /dev/null | FileCheck %s --check-prefix=STATS
// STATS: "statistics":{"bound_evaluations":{{[1-9][0-9]*}},"frontier_points":{{[1-9][0-9]*}},"plans":4,"simulations":{{[1-9][0-9]*}}}
//
// -debug-only works on a release LLVM too (remat registers it).
// RUN: remat-opt %s --rematerialize="policy=auto budget=1MiB" -debug-only=remat-planner -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEBUG
// DEBUG: [remat-planner] fixed policy none: peak
// DEBUG: [remat-planner] frontier: {{[0-9]+}} points
// DEBUG: [remat-planner] auto: chose peak
// DEBUG: [remat-planner] @step: policy auto
// RUN: remat-opt %s --rematerialize="policy=auto budget=1MiB" -debug-only=remat-bounds -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODEBUG
// NODEBUG-NOT: [remat-planner]

func.func @step(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>, %t: tensor<64x64xf32>) -> (tensor<f32>, tensor<64x64xf32>) {
  %h = nn.matmul %x, %w : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %a = nn.gelu %h : tensor<64x64xf32>
  %l = nn.mse_loss %a, %t : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %da = nn.mse_loss_grad %a, %t, %one : tensor<64x64xf32>, tensor<64x64xf32>, tensor<f32> -> tensor<64x64xf32>
  %dh = nn.gelu_grad %da, %h : tensor<64x64xf32>
  %dw = nn.matmul %x, %dh {transpose_a} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %l, %dw : tensor<f32>, tensor<64x64xf32>
}
