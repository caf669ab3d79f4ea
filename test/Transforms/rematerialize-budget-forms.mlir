// The budget's forms (docs/Rematerialize.md, "Budgets"), shared with
// remat-compile, remat.torch and remat.jax (test/Python/budget-forms.test).
// Policy none's peak of @step is 114696 bytes; it saves 49152 bytes of
// activations (%h, %a, %b: 16 KiB each).
//
// Bytes: units in any case, with or without a space, rounded down to whole
// bytes.
// RUN: remat-opt %s --rematerialize="policy=auto budget=1 MiB report=-" -o /dev/null | FileCheck %s --check-prefix=MIB
// RUN: remat-opt %s --rematerialize="policy=auto budget=1mib report=-" -o /dev/null | FileCheck %s --check-prefix=MIB
// RUN: remat-opt %s --rematerialize="policy=auto budget=1048576 report=-" -o /dev/null | FileCheck %s --check-prefix=MIB
// MIB: "budget_bytes":1048576,
// RUN: remat-opt %s --rematerialize="policy=auto budget=0.1MB report=-" -o /dev/null | FileCheck %s --check-prefix=DECIMAL
// DECIMAL: "budget_bytes":100000,
// RUN: remat-opt %s --rematerialize="policy=auto budget=0.1 MiB report=-" -o /dev/null | FileCheck %s --check-prefix=ROUND
// ROUND: "budget_bytes":104857,
//
// A fraction of policy none's peak: 90% of 114696 is 103226 (rounded down).
// RUN: remat-opt %s --rematerialize="policy=auto budget=90% report=-" -o /dev/null | FileCheck %s --check-prefix=PEAK
// RUN: remat-opt %s --rematerialize="policy=auto budget=0.9 report=-" -o /dev/null | FileCheck %s --check-prefix=PEAK
// PEAK: "budget":{"bytes":103226,"of":"peak_bytes","of_bytes":114696,"option":"{{90%|0.9}}"},"budget_bytes":103226,
// PEAK-SAME: "result":{"estimated_time_s":{{[^,]*}},"flops":{{[0-9]+}},"peak_bytes":98312,
//
// A fraction of the activations none saves: none's peak less the part not
// allowed, 114696 - 0.2 * 49152 = 104865.
// RUN: remat-opt %s --rematerialize="policy=auto budget=80% activations report=-" -o /dev/null | FileCheck %s --check-prefix=ACT
// RUN: remat-opt %s --rematerialize="policy=auto budget=0.8 of activations report=-" -o /dev/null | FileCheck %s --check-prefix=ACT
// RUN: remat-opt %s --rematerialize="policy=auto budget=80%act report=-" -o /dev/null | FileCheck %s --check-prefix=ACT
// ACT: "budget":{"bytes":104865,"of":"saved_activation_bytes","of_bytes":49152,
//
// The same through pass-pipeline syntax, and through remat-compile.
// RUN: remat-opt %s --pass-pipeline="builtin.module(func.func(rematerialize{policy=auto budget=90 % report=-}))" -o /dev/null | FileCheck %s --check-prefix=PEAK
//
// A relative budget below what any plan reaches names both figures.
// RUN: not remat-opt %s --rematerialize="policy=auto budget=50% of activations" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOW
// LOW: error: no plan fits budget 90120 bytes (0.1 MiB), 50% of the activations policy none saves: the smallest peak remat found for this function is 98312 bytes
//
// Fractions lie in (0, 1]; anything else lists the forms.
// RUN: not remat-opt %s --rematerialize="policy=auto budget=0%" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not remat-opt %s --rematerialize="policy=auto budget=150%" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not remat-opt %s --rematerialize="policy=auto budget=1.5 activations" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not remat-opt %s --rematerialize="policy=auto budget=lots" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: invalid budget '{{.*}}'; expected bytes with an optional unit (12GiB, 12 GiB, 12gib, 1.5GiB, 500MB, 1048576; units B, KB, MB, GB, TB, KiB, MiB, GiB, TiB in any case), a fraction of policy none's peak (60% or 0.6), or a fraction of the activations policy none saves for the backward (50% activations)
//
// Policies in either spelling.
// RUN: remat-opt %s --rematerialize="policy=dots_no_batch report=-" -o /dev/null | FileCheck %s --check-prefix=POLICY
// RUN: remat-opt %s --rematerialize="policy=DOTS-NO-BATCH report=-" -o /dev/null | FileCheck %s --check-prefix=POLICY
// POLICY: "policy":"dots-no-batch",

func.func @step(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>, %t: tensor<64x64xf32>) -> (tensor<f32>, tensor<64x64xf32>) {
  %h = nn.matmul %x, %w : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %a = nn.gelu %h : tensor<64x64xf32>
  %b = nn.gelu %a : tensor<64x64xf32>
  %l = nn.mse_loss %b, %t : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %db = nn.mse_loss_grad %b, %t, %one : tensor<64x64xf32>, tensor<64x64xf32>, tensor<f32> -> tensor<64x64xf32>
  %da = nn.gelu_grad %db, %a : tensor<64x64xf32>
  %dh = nn.gelu_grad %da, %h : tensor<64x64xf32>
  %dw = nn.matmul %x, %dh {transpose_a} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %l, %dw : tensor<f32>, tensor<64x64xf32>
}
