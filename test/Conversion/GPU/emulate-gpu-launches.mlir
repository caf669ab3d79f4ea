// RUN: remat-opt %s -split-input-file -verify-diagnostics --remat-emulate-gpu-launches | FileCheck %s

// A launch becomes six nested loops (grid x, y, z, then block x, y, z) with
// the block and thread ids bound to the loop variables.
// CHECK-LABEL: func.func @launch
// CHECK: scf.for %[[BX:.*]] = %c0{{.*}} to %[[GX:.*]] step
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for %[[TX:.*]] = %c0{{.*}} to %[[TBX:.*]] step
// CHECK: scf.for
// CHECK: scf.for
// CHECK: arith.muli %[[BX]], %[[TBX]]
// CHECK: arith.addi %{{.*}}, %[[TX]]
// CHECK: memref.store
// CHECK-NOT: gpu.
func.func @launch(%m: memref<512xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %base = arith.muli %bx, %sx : index
    %i = arith.addi %base, %tx : index
    memref.store %one, %m[%i] : memref<512xf32>
    gpu.terminator
  }
  return
}

// -----

// Barriers need real threads: not emulated.
func.func @barrier() {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{cannot emulate a launch with barriers, shared or private memory, clusters, async tokens or several blocks}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.barrier
    gpu.terminator
  }
  return
}
