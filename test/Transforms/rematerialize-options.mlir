// Option spellings the pass refuses, and a report it cannot write. Each used
// to be accepted silently or to abort (found by adversarial testing).
//
// A budget in a unit rounds down to whole bytes ("1.7GiB" is 1825361100
// bytes; budget-forms.mlir has every form); a bare decimal above 1 is
// neither bytes nor a fraction of policy none's peak.
// RUN: remat-opt %s --rematerialize="policy=auto budget=2.5KiB" -o /dev/null
// RUN: not remat-opt %s --rematerialize="policy=auto budget=1.5" 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: not remat-opt %s --rematerialize="policy=auto budget=1.5B" 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: error: invalid budget '{{.*}}'; expected bytes with an optional unit (12GiB, 12 GiB, 12gib, 1.5GiB, 500MB, 1048576; units B, KB, MB, GB, TB, KiB, MiB, GiB, TiB in any case), a fraction of policy none's peak (60% or 0.6), or a fraction of the activations policy none saves for the backward (50% activations)
//
// "-0" is refused like budget=-0 is: fractions take no sign.
// RUN: not remat-opt %s --rematerialize="policy=auto max-overhead=-0" 2>&1 | FileCheck %s --check-prefix=OVERHEAD
// OVERHEAD: error: invalid max-overhead '-0'; expected a non-negative fraction such as 0.05 or 5%
//
// An empty threshold used to read as 0.
// RUN: not remat-opt %s --rematerialize="policy=selective selective-threshold=" 2>&1 | FileCheck %s --check-prefix=THRESHOLD
// RUN: not remat-opt %s --rematerialize="policy=selective selective-threshold=-1" 2>&1 | FileCheck %s --check-prefix=THRESHOLD
// THRESHOLD: error: invalid selective-threshold '{{.*}}'; expected a non-negative number such as 0.5
// RUN: remat-opt %s --rematerialize="policy=selective selective-threshold=0.5" -o /dev/null
//
// A report that cannot be written is the function's error, not "LLVM ERROR:
// IO failure" at exit.
// RUN: not remat-opt %s --rematerialize="policy=none report=/dev/full" 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: error: cannot write report '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR

func.func @step(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>) -> (tensor<f32>, tensor<8x16xf32>) {
  %a = nn.gelu %x : tensor<8x16xf32>
  %l = nn.mse_loss %a, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %da = nn.mse_loss_grad %a, %t, %one : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %dx = nn.gelu_grad %da, %x : tensor<8x16xf32>
  return %l, %dx : tensor<f32>, tensor<8x16xf32>
}
