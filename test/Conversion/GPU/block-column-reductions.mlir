// RUN: remat-opt %s --split-input-file --remat-block-column-reductions --cse | FileCheck %s
// RUN: remat-opt %s --split-input-file --remat-block-column-reductions=emulate --cse | FileCheck %s --check-prefix=EMU

// dgamma and dbeta of a layernorm over 4x8 rows of 40: outputs indexed by
// the innermost dim, two reduction loops. A block of 32x32 threads per 32
// adjacent outputs: thread (x, y) sums the flattened rows y, y + 32, ... of
// column x; the partials go to shared memory; after a barrier thread (x, 0)
// sums partials 0..31 in order into each output.
// CHECK-LABEL: func.func @dgamma_dbeta
// CHECK:         %[[COLS:.*]] = arith.muli %{{.*}}, %c40 : index
// CHECK:         %[[GRID:.*]] = arith.ceildivui %[[COLS]], %c32
// CHECK:         gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[GRID]], {{.*}}) threads(%[[X:.*]], %[[Y:.*]], %{{.*}}) in (%{{.*}} = %c32, %{{.*}} = %c32, {{.*}}) workgroup(%[[SH:.*]] : memref<2x32x32xf32, #gpu.address_space<workgroup>>)
// CHECK:           %[[COL:.*]] = arith.addi %{{.*}}, %[[X]]
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[COL]], %[[COLS]]
// CHECK:           %[[P:.*]]:2 = scf.if %[[IN]] -> (f32, f32) {
// CHECK:             scf.for %[[R:.*]] = %[[Y]] to %{{.*}} step %c32 iter_args
// CHECK:               arith.remui %[[R]], %c8
// CHECK:               arith.divui %[[R]], %c8
// CHECK:           } else {
// CHECK:           memref.store %[[P]]#0, %[[SH]][%c0, %[[Y]], %[[X]]]
// CHECK:           memref.store %[[P]]#1, %[[SH]][%c1, %[[Y]], %[[X]]]
// CHECK:           gpu.barrier
// CHECK:           %[[Y0:.*]] = arith.cmpi eq, %[[Y]], %c0
// CHECK:           %[[LAST:.*]] = arith.andi %[[Y0]], %[[IN]]
// CHECK:           scf.if %[[LAST]] {
// CHECK:             scf.for %{{.*}} = %c1 to %c32 step %c1 iter_args
// CHECK:             memref.store %{{.*}}, %arg2[%[[COL]]]
// CHECK:             memref.store %{{.*}}, %arg3[%[[COL]]]
// CHECK:           gpu.terminator

// EMU-LABEL: func.func @dgamma_dbeta
// EMU-NOT:     gpu.
// EMU:         %[[PARTS:.*]] = memref.alloca() : memref<2x32x1xf32>
// EMU:         scf.for %[[COL:.*]] = %c0 to %{{.*}} step %c1 {
// EMU:           scf.for %[[G:.*]] = %c0 to %c32 step %c1 {
// EMU:             scf.for %{{.*}} = %[[G]] to
// EMU:             memref.store %{{.*}}, %[[PARTS]][%c0, %[[G]], %c0]
// EMU:             memref.store %{{.*}}, %[[PARTS]][%c1, %[[G]], %c0]
// EMU:           scf.for %{{.*}} = %c1 to %c32 step %c1
// EMU:           memref.store %{{.*}}, %arg2[%[[COL]]]
#x = affine_map<(h, b, s) -> (b, s, h)>
#o = affine_map<(h, b, s) -> (h)>
func.func @dgamma_dbeta(%dy: memref<4x8x40xf32>, %xh: memref<4x8x40xf32>, %dg: memref<40xf32>, %db: memref<40xf32>) {
  linalg.generic {indexing_maps = [#x, #x, #o, #o], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%dy, %xh : memref<4x8x40xf32>, memref<4x8x40xf32>) outs(%dg, %db : memref<40xf32>, memref<40xf32>) {
  ^bb0(%a: f32, %b: f32, %g: f32, %bb: f32):
    %p = arith.mulf %a, %b : f32
    %t1 = arith.addf %g, %p : f32
    %t2 = arith.addf %bb, %a : f32
    linalg.yield %t1, %t2 : f32, f32
  }
  return
}

// -----

// Left alone: a row reduction (the innermost dim is reduced: the warp
// pass's), a full reduction (no parallel loop), and a sum whose first input
// is read transposed (adjacent outputs are not adjacent in memory).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:     gpu.launch
// CHECK-COUNT-3: linalg.generic
#r = affine_map<(d0, d1) -> (d0, d1)>
#r0 = affine_map<(d0, d1) -> (d0)>
#full = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
#t = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
#t0 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @left_alone(%x: memref<8x64xf32>, %o: memref<8xf32>, %v: memref<64xf32>, %s: memref<f32>, %w: memref<4x64x8xf32>, %wo: memref<8x4xf32>) {
  linalg.generic {indexing_maps = [#r, #r0], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<8x64xf32>) outs(%o : memref<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %q = arith.addf %acc, %a : f32
    linalg.yield %q : f32
  }
  linalg.generic {indexing_maps = [#full, #scalar], iterator_types = ["reduction"]}
      ins(%v : memref<64xf32>) outs(%s : memref<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %q = arith.addf %acc, %a : f32
    linalg.yield %q : f32
  }
  linalg.generic {indexing_maps = [#t, #t0], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%w : memref<4x64x8xf32>) outs(%wo : memref<8x4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %q = arith.addf %acc, %a : f32
    linalg.yield %q : f32
  }
  return
}
