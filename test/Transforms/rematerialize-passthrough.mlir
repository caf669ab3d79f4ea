// A function whose body has no op with results (it returns its argument):
// every policy plans it without a value to decide, and auto's frontier is
// the one plan. (Found by the fuzzer: the plan simulator, with no values,
// took an empty plan for one with re-clones and crashed.)
// RUN: remat-opt %s --rematerialize="policy=selective report=-" -o /dev/null | FileCheck %s
// RUN: remat-opt %s --rematerialize="policy=none report=-" -o /dev/null | FileCheck %s
// RUN: remat-opt %s --rematerialize="policy=auto budget=1KiB report=-" -o /dev/null | FileCheck %s
// RUN: remat-opt %s --rematerialize="policy=auto max-overhead=0.1 reclone=false report=-" -o /dev/null | FileCheck %s
// RUN: not remat-opt %s --rematerialize="policy=auto budget=8" 2>&1 | FileCheck %s --check-prefix=BUDGET

// CHECK: "argument_bytes":16,
// CHECK-SAME: "decisions":[]
// CHECK-SAME: "result":{"estimated_time_s":0,"flops":0,"peak_bytes":16,
// BUDGET: error: no plan fits budget 8 bytes (0.0 MiB): the smallest peak remat can reach for this function is 16 bytes (0.0 MiB) (no plan can go lower: it is what one op needs at once)

func.func @passthrough(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
