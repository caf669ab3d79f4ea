// RUN: remat-opt %s --remat-merge-gpu-modules | FileCheck %s

// Every outlined kernel moves into one module, @remat_kernels, under the
// name of the module it came from; a kernel identical to one already moved
// (the same body, whatever its SSA names and locations) is dropped and its
// launches call the first copy. A module with a target of its own is not
// an outlined one and stays.

// CHECK-LABEL: func.func @step
// CHECK: gpu.launch_func @remat_kernels::@step_kernel blocks
// CHECK-SAME: args(%arg0 : memref<16xf32>)
// CHECK: gpu.launch_func @remat_kernels::@step_kernel blocks
// CHECK-SAME: args(%arg1 : memref<16xf32>)
// CHECK: gpu.launch_func @remat_kernels::@step_kernel_1 blocks
// CHECK: gpu.launch_func @other::@k blocks
// CHECK: gpu.module @remat_kernels {
// CHECK-NEXT: gpu.func @step_kernel(
// CHECK: arith.addf
// CHECK: gpu.func @step_kernel_1(
// CHECK: arith.mulf
// CHECK-NOT: gpu.func
// CHECK: gpu.module @other [#nvvm.target]
// CHECK-NOT: gpu.module @step_kernel

module attributes {gpu.container_module} {
  func.func @step(%a: memref<16xf32>, %b: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    gpu.launch_func @step_kernel::@step_kernel blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%a : memref<16xf32>)
    gpu.launch_func @step_kernel_0::@step_kernel blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%b : memref<16xf32>)
    gpu.launch_func @step_kernel_1::@step_kernel blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%a : memref<16xf32>)
    gpu.launch_func @other::@k blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%a : memref<16xf32>)
    return
  }
  gpu.module @step_kernel {
    gpu.func @step_kernel(%x: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<16xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %x[%i] : memref<16xf32>
      gpu.return
    }
  }
  gpu.module @step_kernel_0 {
    gpu.func @step_kernel(%y: memref<16xf32>) kernel {
      %t = gpu.thread_id x loc("layer1.py":3:4)
      %u = memref.load %y[%t] : memref<16xf32>
      %s = arith.addf %u, %u : f32
      memref.store %s, %y[%t] : memref<16xf32>
      gpu.return
    }
  }
  gpu.module @step_kernel_1 {
    gpu.func @step_kernel(%x: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<16xf32>
      %w = arith.mulf %v, %v : f32
      memref.store %w, %x[%i] : memref<16xf32>
      gpu.return
    }
  }
  gpu.module @other [#nvvm.target] {
    gpu.func @k(%x: memref<16xf32>) kernel {
      gpu.return
    }
  }
}
