// Option spellings the pass refuses, and a report it cannot write. Each used
// to be accepted silently or to abort (found by adversarial testing).
//
// A budget is a whole number of bytes: "2.5KiB" is 2560 bytes, but "1.5" or
// "1.7GiB" (1825361100.8 bytes) were rounded down without a word.
// RUN: remat-opt %s --rematerialize="policy=auto budget=2.5KiB" -o /dev/null
// RUN: not remat-opt %s --rematerialize="policy=auto budget=1.5" 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: not remat-opt %s --rematerialize="policy=auto budget=1.7GiB" 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: error: invalid budget '{{.*}}'; expected a whole number of bytes below 2^63
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
