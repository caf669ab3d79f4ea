// REQUIRES: cuda-toolkit
// RUN: rm -rf %t && mkdir -p %t
// RUN: remat-compile %s --target=cuda -o %t/step
// RUN: FileCheck %s --check-prefix=TABLE < %t/step.kernels.json
// RUN: %python -c "import json; t = json.load(open('%t/step.kernels.json')); json.dump({'launches': [{'index': l['index'], 'count': 2, 'seconds': 2e-6} for l in t['launches']]}, open('%t/profile.json', 'w'))"
// RUN: %python %remat_src_root/scripts/kernel_roofline.py %t/step.kernels.json %t/profile.json --cost-profile %t/ops.json | FileCheck %s --check-prefix=ROOF
// RUN: FileCheck %s --check-prefix=OPS < %t/ops.json
// RUN: %python %S/../CPU/check_profile.py %t/ops.json %s --remat-opt %remat_tools_dir/remat-opt | FileCheck %s --check-prefix=PLAN

// remat-compile --target=cuda writes the step's kernel table: every launch in
// order with the nn op it lowers (consecutive launches of one op are one
// instance), FLOPs and bytes from the cost model. kernel_roofline.py joins it
// with the runtime's REMAT_PROFILE output (synthesized here: 1 us a launch).

// TABLE: "entry": "step"
// TABLE: "instances": [
// TABLE: "class": "gemm"
// TABLE-NEXT: "dtype": "f32"
// TABLE-NEXT: "flops": 262144
// TABLE: "op": "nn.matmul"
// TABLE: "op": "nn.softmax"
// TABLE: "launches": [
// TABLE: "index": 0
// TABLE-NEXT: "instance": 0
// TABLE-NEXT: "kernel": "cublasLt"
// TABLE: "index": 1
// TABLE-NEXT: "instance": 1
// TABLE-NEXT: "kernel": "step_kernel"

// The same times as a cost profile for --rematerialize: per op key, the
// mean time of one instance (the sum of its launches: one cuBLASLt call for
// the matmul, 1 us, as the runtime profiles library calls like kernels). Policy none's step is then
// exactly the profile's total: the keys of the table are the pass's.
// OPS: "key": "nn.matmul(tensor<64x64xf32>, tensor<64x32xf32>) -> (tensor<64x32xf32>)",
// OPS-NEXT: "seconds": 1e-06,
// OPS-NEXT: "instances": 1,
// OPS: "key": "nn.softmax(tensor<64x32xf32>) -> (tensor<64x32xf32>)",
// PLAN: well-formed entries: True
// PLAN: profile covers every op: True

// ROOF: class {{.*}} GFLOP/s {{.*}} of roofline
// ROOF: gemm 1
// ROOF: softmax 1
// ROOF: total

func.func @step(%a: tensor<64x64xf32>, %b: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %m = nn.matmul %a, %b : tensor<64x64xf32>, tensor<64x32xf32> -> tensor<64x32xf32>
  %p = nn.softmax %m : tensor<64x32xf32>
  return %p : tensor<64x32xf32>
}
