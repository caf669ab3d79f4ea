// RUN: not remat-compile %s --entry=missing -o %t 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not remat-compile %s --entry=dynamic -o %t 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: not remat-compile %s --entry=ok --target=tpu -o %t 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not remat-compile %s --entry=ok --policy=full -o %t 2>&1 | FileCheck %s --check-prefix=POLICY
// RUN: not remat-compile %s --entry=ok --budget=1GiB -o %t 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: not remat-compile %s --entry=ok --autodiff -o %t 2>&1 | FileCheck %s --check-prefix=AUTODIFF
// RUN: not remat-compile %s --entry=ok --policy=auto --budget=1 -o %t 2>&1 | FileCheck %s --check-prefix=AUTO

// ENTRY: error: no function @missing with a body
// DYNAMIC: error: argument #0 has type 'tensor<?x4xf32>'; remat-compile supports statically shaped tensors (rank <= 8) of f32, f16, bf16, i32 or i64
// TARGET: remat-compile: unknown target 'tpu'; expected cpu or cuda
// POLICY: policy 'full' needs checkpoint blocks
// BUDGET: remat-compile: --budget and --max-overhead need --policy
// AUTODIFF: error: expects the loss to be a floating-point scalar tensor (tensor<f32>, tensor<bf16>, ...), but it is 'tensor<4xf32>'
// AUTO: error: no plan fits budget 1 bytes (0.0 MiB): the smallest peak remat can reach for this function is 32 bytes

func.func @ok(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = nn.relu %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}
