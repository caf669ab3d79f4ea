// RUN: remat-opt %s --split-input-file --remat-warp-row-reductions --cse | FileCheck %s
// RUN: remat-opt %s --split-input-file --remat-warp-row-reductions=emulate --cse | FileCheck %s --check-prefix=EMU
// RUN: not remat-opt %s --split-input-file --remat-warp-row-reductions=rows-per-block=64 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: remat-warp-row-reductions: rows-per-block must be from 1 to 32

// A softmax's sum (exp(x - max) over the last dim of 4x8x40): 32 rows, one
// warp each, 8 per block of 32x8 threads. Lane l sums columns l, l + 32, ...
// from -0.0 (the identity of addf), five xor shuffles combine the lanes, and
// lane 0 adds the result to the output.
// CHECK-LABEL: func.func @softmax_sum
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C40:.*]] = arith.constant 40 : index
// CHECK:         %[[ROWS:.*]] = arith.muli %{{.*}}, %[[C8]] : index
// CHECK:         %[[GRID:.*]] = arith.ceildivui %[[ROWS]], %[[C8]]
// CHECK:         %[[C32:.*]] = arith.constant 32 : index
// CHECK:         gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[GRID]], {{.*}}) threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in (%{{.*}} = %[[C32]], %{{.*}} = %[[C8]],
// CHECK:           %[[ROW:.*]] = arith.addi %{{.*}}, %[[TY]]
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[ROW]], %[[ROWS]]
// CHECK:           scf.if %[[IN]] {
// CHECK:             %[[ID:.*]] = arith.constant -0.000000e+00 : f32
// CHECK:             %[[PART:.*]] = scf.for %[[J:.*]] = %[[TX]] to %[[C40]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[ID]])
// CHECK:               memref.load %arg0[%{{.*}}, %{{.*}}, %[[J]]]
// CHECK:               arith.subf
// CHECK:               math.exp
// CHECK:               arith.addf %[[ACC]],
// CHECK:             gpu.shuffle  xor %[[PART]], %c16_i32, %c32_i32 : f32
// CHECK-COUNT-4:     gpu.shuffle  xor
// CHECK:             %[[LANE0:.*]] = arith.cmpi eq, %[[TX]], %{{.*}}
// CHECK:             scf.if %[[LANE0]] {
// CHECK:               %[[OLD:.*]] = memref.load %arg2
// CHECK:               arith.addf %[[OLD]],
// CHECK:               memref.store
// CHECK:           gpu.terminator

// The emulation: the same order of operations as host loops.
// EMU-LABEL: func.func @softmax_sum
// EMU-NOT:     gpu.
// EMU:         %[[LANES:.*]] = memref.alloca() : memref<1x32xf32>
// EMU:         %[[NEXT:.*]] = memref.alloca() : memref<1x32xf32>
// EMU:         scf.for %[[ROW:.*]] =
// EMU:           scf.for %[[LANE:.*]] = %c0 to %c32 step %c1 {
// EMU:             scf.for %{{.*}} = %[[LANE]] to %c40 step %c32
// EMU:             memref.store %{{.*}}, %[[LANES]][%c0, %[[LANE]]]
// EMU:           scf.for %[[L:.*]] = %c0 to %c32 step %c1 {
// EMU:             %[[P:.*]] = arith.xori %[[L]], %c16
// EMU:             memref.load %[[LANES]][%c0, %[[L]]]
// EMU:             memref.load %[[LANES]][%c0, %[[P]]]
// EMU:             memref.store %{{.*}}, %[[NEXT]][%c0, %[[L]]]
// EMU:           memref.copy %[[NEXT]], %[[LANES]]
// EMU-COUNT-4:   memref.copy %[[NEXT]], %[[LANES]]
// EMU:           memref.load %[[LANES]][%c0, %c0]
#x = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @softmax_sum(%x: memref<4x8x40xf32>, %m: memref<4x8xf32>, %out: memref<4x8xf32>) {
  linalg.generic {indexing_maps = [#x, #row, #row], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %m : memref<4x8x40xf32>, memref<4x8xf32>) outs(%out : memref<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %d = arith.subf %a, %b : f32
    %e = math.exp %d : f32
    %s = arith.addf %acc, %e : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A max with the combiner's operands the other way round and a broadcast
// (constant) index; its identity is -inf. linalg.index is the row's column.
// CHECK-LABEL: func.func @max_and_index
// CHECK:         gpu.launch
// CHECK:           arith.constant 0xFF800000 : f32
// CHECK:           scf.for %[[J:[a-z0-9_]+]] =
// CHECK:             memref.load %arg0[%c0{{.*}}, %{{.*}}, %[[J]]]
// CHECK:             arith.index_cast %[[J]]
// CHECK:             arith.maximumf
// CHECK:           gpu.shuffle  xor
#b = affine_map<(d0, d1, d2) -> (0, d1, d2)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @max_and_index(%x: memref<1x8x64xf32>, %out: memref<3x8xf32>) {
  linalg.generic {indexing_maps = [#b, #o], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<1x8x64xf32>) outs(%out : memref<3x8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %j = linalg.index 2 : index
    %i = arith.index_cast %j : index to i32
    %f = arith.sitofp %i : i32 to f32
    %v = arith.addf %a, %f : f32
    %s = arith.maximumf %v, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Left alone: a matrix product (the GEMM library's or the generated GEMM's),
// a row statically shorter than a warp, two reduction loops (a column sum),
// an f16 output, and a body that uses the output twice.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:     gpu.launch
// CHECK-COUNT-5: linalg.generic
// CHECK-NOT:     gpu.launch
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#r2 = affine_map<(d0, d1) -> (d0, d1)>
#r1 = affine_map<(d0, d1) -> (d0)>
#c3 = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
#c1 = affine_map<(d0, d1, d2) -> (d0)>
func.func @left_alone(%a: memref<8x64xf32>, %b: memref<64x8xf32>, %c: memref<8x8xf32>,
                      %s: memref<8x16xf32>, %so: memref<8xf32>,
                      %col: memref<4x8x64xf32>, %co: memref<64xf32>,
                      %h: memref<8x64xf16>, %ho: memref<8xf16>) {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<8x64xf32>, memref<64x8xf32>) outs(%c : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %q = arith.addf %acc, %p : f32
    linalg.yield %q : f32
  }
  linalg.generic {indexing_maps = [#r2, #r1], iterator_types = ["parallel", "reduction"]}
      ins(%s : memref<8x16xf32>) outs(%so : memref<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %q = arith.addf %acc, %x : f32
    linalg.yield %q : f32
  }
  linalg.generic {indexing_maps = [#c3, #c1], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%col : memref<4x8x64xf32>) outs(%co : memref<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %q = arith.addf %acc, %x : f32
    linalg.yield %q : f32
  }
  linalg.generic {indexing_maps = [#r2, #r1], iterator_types = ["parallel", "reduction"]}
      ins(%h : memref<8x64xf16>) outs(%ho : memref<8xf16>) {
  ^bb0(%x: f16, %acc: f16):
    %q = arith.addf %acc, %x : f16
    linalg.yield %q : f16
  }
  linalg.generic {indexing_maps = [#r2, #r1], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8x64xf32>) outs(%so : memref<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.mulf %acc, %x : f32
    %q = arith.addf %acc, %m : f32
    linalg.yield %q : f32
  }
  return
}

// -----

// Two outputs (layernorm_grad's row sums of g and g * xhat): each lane
// carries both totals, each is shuffled, and lane 0 stores both.
// CHECK-LABEL: func.func @two_outputs
// CHECK:         gpu.launch
// CHECK:           scf.for {{.*}} -> (f32, f32)
// CHECK-COUNT-10:  gpu.shuffle  xor
// CHECK:           scf.if
// CHECK:             memref.store %{{.*}}, %arg2
// CHECK:             memref.store %{{.*}}, %arg3
#x2 = affine_map<(d0, d1) -> (d0, d1)>
#o2 = affine_map<(d0, d1) -> (d0)>
func.func @two_outputs(%g: memref<8x64xf32>, %xh: memref<8x64xf32>, %s1: memref<8xf32>, %s2: memref<8xf32>) {
  linalg.generic {indexing_maps = [#x2, #x2, #o2, #o2], iterator_types = ["parallel", "reduction"]}
      ins(%g, %xh : memref<8x64xf32>, memref<8x64xf32>) outs(%s1, %s2 : memref<8xf32>, memref<8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc1: f32, %acc2: f32):
    %p = arith.mulf %a, %b : f32
    %t1 = arith.addf %acc1, %a : f32
    %t2 = arith.addf %acc2, %p : f32
    linalg.yield %t1, %t2 : f32, f32
  }
  return
}
