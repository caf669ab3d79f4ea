// REQUIRES: cuda-toolkit, cuobjdump
// RUN: rm -rf %t && mkdir -p %t
// RUN: remat-compile %s --target=cuda -o %t/step
// RUN: remat-compile %s --target=cuda --emit=cubin -o %t/step.cubin
// RUN: %sass_summary %t/step.cubin --kernels %t/step.kernels.json --json %t/sass.json | FileCheck %s
// RUN: %python -c "import json; r = json.load(open('%t/sass.json'))['reduction']; print('shuffle kernels', r['shfl'] // 5, 'rest', r['shfl'] % 5)" | FileCheck %s --check-prefix=SHFL
// RUN: %static_roofline %t/step.kernels.json %t/step.cubin | FileCheck %s --check-prefix=STATIC
// RUN: remat-compile %s --target=cuda --emit=ptx -o %t/step.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t/step.ptx

// Row reductions run one warp per row: softmax's max and sum, layernorm's
// mean and variance, and the cross-entropy's log-sum-exp each end in five
// butterfly shuffles (SHFL.BFLY in SASS, shfl.sync.bfly in PTX) instead of
// one thread looping over the row. Rows of 72, 72 and 100 elements: not
// multiples of the warp. The column sum (reduce_sum over the rows) runs a
// 32x32 block per 32 columns, its partials combined through shared memory
// (LDS/STS) after a barrier.

// CHECK: class
// CHECK: reduction {{[1-9][0-9]*}} 0 {{[0-9]+}} {{[1-9][0-9]*}} {{[1-9][0-9]*}}
// SHFL: shuffle kernels {{[1-9][0-9]*}} rest 0
// The static view: per kind, the roofline of the ops and the occupancy and
// grid fill of their kernels (16 rows: 2 blocks of 8 warps fill 0.2% of
// an H200's block slots).
// STATIC: kind {{.*}} roofline us occupancy fill
// STATIC: softmax 1 {{[0-9]+}} {{.*}} 0.00
// STATIC: total

// PTX: shfl.sync.bfly.b32
// PTX: bar.sync

func.func @step(%x: tensor<16x72xf32>, %g: tensor<72xf32>, %b: tensor<72xf32>, %logits: tensor<16x100xf32>, %labels: tensor<16xi32>) -> (tensor<16x72xf32>, tensor<16x72xf32>, tensor<f32>, tensor<72xf32>) {
  %s = nn.softmax %x : tensor<16x72xf32>
  %l, %m, %r = nn.layernorm %x, %g, %b {epsilon = 1.0e-05 : f32} : tensor<16x72xf32>, tensor<72xf32>, tensor<72xf32> -> tensor<16x72xf32>, tensor<16xf32>, tensor<16xf32>
  %c = nn.cross_entropy %logits, %labels : tensor<16x100xf32>, tensor<16xi32> -> tensor<f32>
  %cs = nn.reduce_sum %x {dims = array<i64: 0>} : tensor<16x72xf32> -> tensor<72xf32>
  return %s, %l, %c, %cs : tensor<16x72xf32>, tensor<16x72xf32>, tensor<f32>, tensor<72xf32>
}
