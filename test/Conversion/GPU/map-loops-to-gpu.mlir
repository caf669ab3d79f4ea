// RUN: remat-opt %s -split-input-file --remat-map-loops-to-gpu="block-size=128" --convert-parallel-loops-to-gpu --canonicalize | FileCheck %s

// A 2-D parallel loop is collapsed to 64*128 = 8192 iterations and tiled by
// 128: 64 blocks of 128 threads, with a bounds check, instead of a 64x128
// grid of one-thread blocks.
// CHECK-LABEL: func.func @elementwise
// CHECK: gpu.launch blocks(%{{.*}}) in (%{{.*}} = %[[C64:.*]], %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}) threads(%{{.*}}) in (%{{.*}} = %c128{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}})
// CHECK: arith.cmpi ult
// CHECK: scf.if
func.func @elementwise(%a: memref<64x128xf32>, %b: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c128) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<64x128xf32>
    memref.store %x, %b[%i, %j] : memref<64x128xf32>
    scf.reduce
  }
  return
}

// -----

// Serial work outside any parallel loop (a full reduction, a scalar store)
// runs in a one-thread kernel, never on the host.
// CHECK-LABEL: func.func @serial
// CHECK-NOT: scf.for
// CHECK-COUNT-2: gpu.launch blocks(%{{.*}}) in (%{{.*}} = %c1, %{{.*}} = %c1, %{{.*}} = %c1) threads(%{{.*}}) in (%{{.*}} = %c1,
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c1
func.func @serial(%a: memref<64xf32>, %s: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  memref.store %zero, %s[] : memref<f32>
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %a[%i] : memref<64xf32>
    %acc = memref.load %s[] : memref<f32>
    %y = arith.addf %x, %acc : f32
    memref.store %y, %s[] : memref<f32>
  }
  return
}
