// RUN: remat-opt %s -split-input-file -verify-diagnostics --remat-host-buffers-to-device | FileCheck %s

// Host allocations, frees and copies move to the device.
// CHECK-LABEL: func.func @buffers
// CHECK: %[[A:.*]] = gpu.alloc () : memref<16xf32>
// CHECK: gpu.memcpy %[[A]], %arg0 : memref<16xf32>, memref<16xf32>
// CHECK: gpu.dealloc %[[A]] : memref<16xf32>
// CHECK-NOT: memref.alloc
func.func @buffers(%arg0: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %arg0, %a : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// Host code may not touch device memory.
func.func @host_access(%arg0: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{host code accesses a buffer directly; remat's CUDA pipeline needs every computation inside a kernel}}
  %x = memref.load %arg0[%c0] : memref<16xf32>
  return %x : f32
}
