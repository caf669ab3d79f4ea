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

// -----

// A declaration has no body to map: the pass skips it (it used to read past
// the end of the body-less region and crash).
// CHECK-LABEL: func.func private @declaration(tensor<2x3xf32>)
func.func private @declaration(tensor<2x3xf32>)

// -----

// A loop that spans most of the index range: the block size is computed in
// 128 bits (ub - lb + step - 1 overflowed int64_t), and the loop is tiled by
// the block size like any large loop.
// CHECK-LABEL: func.func @huge_trip_count
// CHECK: gpu.launch
// CHECK-SAME: threads(%{{.*}}) in (%{{.*}} = %c128
func.func @huge_trip_count(%m: memref<9223372036854775807xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 9223372036854775807 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %f, %m[%i] : memref<9223372036854775807xf32>
    scf.reduce
  }
  return
}
