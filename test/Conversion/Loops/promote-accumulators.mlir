// RUN: remat-opt %s -split-input-file --remat-promote-accumulators | FileCheck %s

// The k loop of a matmul into a fresh buffer: C[i, j] is loaded once before
// the loop, carried in iter_args, and stored once after it. The arguments A
// and B cannot alias an allocation made in the function.
// CHECK-LABEL: func.func @matmul
// CHECK:       %[[C:.*]] = memref.alloc
// CHECK:       scf.for %[[I:.*]] =
// CHECK:       scf.for %[[J:.*]] =
// CHECK-NEXT:  %[[INIT:.*]] = memref.load %[[C]][%[[I]], %[[J]]]
// CHECK-NEXT:  %[[SUM:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32)
// CHECK-NOT:   memref.store
// CHECK:       arith.addf %[[ACC]]
// CHECK:       scf.yield
// CHECK:       memref.store %[[SUM]], %[[C]][%[[I]], %[[J]]]
func.func @matmul(%A: memref<8x4xf32>, %B: memref<4x2xf32>) -> memref<8x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %C = memref.alloc() : memref<8x2xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      scf.for %k = %c0 to %c4 step %c1 {
        %a = memref.load %A[%i, %k] : memref<8x4xf32>
        %b = memref.load %B[%k, %j] : memref<4x2xf32>
        %c = memref.load %C[%i, %j] : memref<8x2xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        memref.store %s, %C[%i, %j] : memref<8x2xf32>
      }
    }
  }
  return %C : memref<8x2xf32>
}

// -----

// Two arguments may alias: a load of %x could read the element %acc holds,
// so nothing is promoted.
// CHECK-LABEL: func.func @may_alias
// CHECK-NOT:   iter_args
func.func @may_alias(%x: memref<16xf32>, %acc: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %k = %c0 to %c16 step %c1 {
    %v = memref.load %x[%k] : memref<16xf32>
    %s = memref.load %acc[%c0] : memref<1xf32>
    %t = arith.addf %s, %v : f32
    memref.store %t, %acc[%c0] : memref<1xf32>
  }
  return
}

// -----

// Another store to the same buffer in the loop (an element that may be the
// same one): not promoted. Neither is an element whose index varies with
// the loop.
// CHECK-LABEL: func.func @other_store
// CHECK-NOT:   iter_args
func.func @other_store(%x: memref<16xf32>, %i: index) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %acc = memref.alloc() : memref<16xf32>
  scf.for %k = %c0 to %c16 step %c1 {
    %v = memref.load %x[%k] : memref<16xf32>
    %s = memref.load %acc[%i] : memref<16xf32>
    %t = arith.addf %s, %v : f32
    memref.store %t, %acc[%i] : memref<16xf32>
    memref.store %v, %acc[%k] : memref<16xf32>
  }
  return %acc : memref<16xf32>
}
