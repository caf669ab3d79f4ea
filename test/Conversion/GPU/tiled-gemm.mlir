// RUN: remat-opt %s --remat-tiled-gemm --cse | FileCheck %s
// RUN: remat-opt %s --remat-tiled-gemm=emulate --cse | FileCheck %s --check-prefix=EMU

// A batch of 3 products of 70x45 by 45x33 (B broadcast over the batch): a
// grid of ceil(33/64) x ceil(70/64) x 3 blocks of 16x16 threads, two 16x64
// tiles in shared memory, each thread's 16 totals read from C first and
// carried through a loop over k in steps of 16, two barriers per step.
// CHECK-LABEL: func.func @batched
// CHECK-DAG:     %[[M:.*]] = memref.dim %arg2, %c1
// CHECK-DAG:     %[[N:.*]] = memref.dim %arg2, %c2
// CHECK-DAG:     %[[K:.*]] = memref.dim %arg0, %c2
// CHECK:         %[[GX:.*]] = arith.ceildivui %[[N]], %c64
// CHECK:         %[[GY:.*]] = arith.ceildivui %[[M]], %c64
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %[[GX]], %{{.*}} = %[[GY]], %{{.*}} = %{{.*}}) threads({{.*}}) in (%{{.*}} = %c16, %{{.*}} = %c16, %{{.*}} = %c1{{.*}}) workgroup(%[[AS:.*]] : memref<16x64xf32, #gpu.address_space<workgroup>>, %[[BS:.*]] : memref<16x64xf32, #gpu.address_space<workgroup>>)
// CHECK-COUNT-16: memref.load %arg2
// CHECK:           scf.for %[[KT:.*]] = %c0 to %[[K]] step %c16 iter_args
// CHECK:             memref.load %arg0
// CHECK:             memref.store %{{.*}}, %[[AS]]
// CHECK:             memref.load %arg1
// CHECK:             memref.store %{{.*}}, %[[BS]]
// CHECK:             gpu.barrier
// CHECK:             %[[LEFT:.*]] = arith.subi %[[K]], %[[KT]]
// CHECK:             %[[END:.*]] = arith.minui %[[LEFT]], %c16
// CHECK:             scf.for %{{.*}} = %c0 to %[[END]] step %c1 iter_args
// CHECK-COUNT-4:       memref.load %[[AS]]
// CHECK-COUNT-4:       memref.load %[[BS]]
// CHECK:               arith.mulf
// CHECK-NEXT:          arith.addf
// CHECK:             gpu.barrier
// CHECK-COUNT-16:  memref.store %{{.*}}, %arg2
// CHECK:           gpu.terminator

// The emulation: blocks and threads as loops; between the barriers, one
// loop over the 256 threads stages the tiles and the next multiplies; each
// thread's totals in a 256x16 array.
// EMU-LABEL: func.func @batched
// EMU-NOT:     gpu.
// EMU-DAG:     %[[AS:.*]] = memref.alloca() : memref<16x64xf32>
// EMU-DAG:     %[[BS:.*]] = memref.alloca() : memref<16x64xf32>
// EMU-DAG:     %[[ACC:.*]] = memref.alloca() : memref<256x16xf32>
// EMU:         scf.for
// EMU:           scf.for
// EMU:             scf.for
// EMU:               scf.for %{{.*}} = %c0 to %c256 step %c1 {
// EMU:               scf.for %{{.*}} = %c0 to %{{.*}} step %c16 {
// EMU:                 scf.for %{{.*}} = %c0 to %c256 step %c1 {
// EMU:                   memref.store %{{.*}}, %[[AS]]
// EMU:                 scf.for %{{.*}} = %c0 to %c256 step %c1 {
// EMU:                   memref.load %[[ACC]]
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#b = affine_map<(b, m, n, k) -> (k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @batched(%a: memref<3x70x45xf32>, %b: memref<45x33xf32>, %c: memref<3x70x33xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<3x70x45xf32>, memref<45x33xf32>) outs(%c : memref<3x70x33xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// bf16 inputs are widened as they are staged.
// CHECK-LABEL: func.func @widened
// CHECK:         gpu.launch
// CHECK:           arith.extf %{{.*}} : bf16 to f32
func.func @widened(%a: memref<19x37xbf16>, %b: memref<37x66xbf16>, %c: memref<19x66xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<19x37xbf16>, memref<37x66xbf16>) outs(%c : memref<19x66xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
