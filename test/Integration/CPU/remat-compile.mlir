// RUN: remat-compile %s --entry=step -o %t.exe
// RUN: %t.exe --iters 2 --seed 3 --dump %t.bin | FileCheck %s
// RUN: %t.exe --iters 2 --seed 3 --dump %t.2.bin > /dev/null
// RUN: cmp %t.bin %t.2.bin
// RUN: %t.exe --seed 4 --dump %t.3.bin > /dev/null
// RUN: not cmp -s %t.bin %t.3.bin
// RUN: not %t.exe --bogus 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: remat-compile %S/Inputs/foldable.mlir -o %t.fold
// RUN: %t.fold --iters 1 | FileCheck %s --check-prefix=FOLD

// One JSON line: outputs in order (shape, sum, L2 norm, first values), the
// runtime's peak next to the plan's, the median time. The same seed gives the
// same bytes; another seed other inputs. Labels stay within the class count:
// a label >= 10 would make the loss read past its row.

// CHECK: {"entry":"step","target":"cpu","outputs":[{"dtype":"f32","shape":[],"sum":{{[0-9.e+-]+}},"l2":{{[0-9.e+-]+}},"first":[{{.*}}]},{"dtype":"f32","shape":[4,10],
// CHECK-SAME: "peak_bytes":{{[0-9]+}},"plan_peak_bytes":{{[0-9]+}},"allocations":{{[0-9]+}},"time_per_iter_s":{{[0-9.e+-]+}},"iters":2,"seed":3,"host_peak_bytes":0,"plan_host_peak_bytes":0}
// USAGE: unknown argument '--bogus'

// Ops that compute nothing (a scale by 1, dropout at rate 0, an identity
// transpose) are folded before the plan, as the lowering folds them: the
// plan's peak is the runtime's, the 128-byte argument (the plan counted 384
// bytes before: each op's input and result).
// FOLD: "peak_bytes":128,"plan_peak_bytes":128,

func.func @step(%logits: tensor<4x10xf32>, %labels: tensor<4xi32>) -> (tensor<f32>, tensor<4x10xf32>) {
  %l = nn.cross_entropy %logits, %labels : tensor<4x10xf32>, tensor<4xi32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %d = nn.cross_entropy_grad %logits, %labels, %one : tensor<4x10xf32>, tensor<4xi32>, tensor<f32> -> tensor<4x10xf32>
  return %l, %d : tensor<f32>, tensor<4x10xf32>
}
