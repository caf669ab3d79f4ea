// RUN: remat-opt %s --pass-pipeline='builtin.module(gpu.module(remat-align-workgroup-buffers))' | FileCheck %s
// RUN: remat-opt %s --pass-pipeline='builtin.module(gpu.module(remat-align-workgroup-buffers,convert-gpu-to-nvvm))' | FileCheck %s --check-prefix=NVVM

// Workgroup buffers without an alignment get 16 bytes; one that has its own
// keeps it; private buffers are left alone. After convert-gpu-to-nvvm the
// shared globals carry it (a bf16 array would otherwise be 2-byte aligned).
// CHECK-LABEL: gpu.func @k
// CHECK-SAME:    workgroup(%{{.*}} : memref<2x64x40xbf16, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %{{.*}} : memref<8xf32, #gpu.address_space<workgroup>> {llvm.align = 64 : i64})
// CHECK-SAME:    private(%{{.*}} : memref<4xf32, #gpu.address_space<private>>)
// NVVM: llvm.mlir.global internal @__wg_k_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<5120 x bf16>
// NVVM: llvm.mlir.global internal @__wg_k_1() {addr_space = 3 : i32, alignment = 64 : i64} : !llvm.array<8 x f32>
gpu.module @kernels {
  gpu.func @k(%out: memref<4xf32>)
      workgroup(%a : memref<2x64x40xbf16, #gpu.address_space<workgroup>>, %b : memref<8xf32, #gpu.address_space<workgroup>> {llvm.align = 64 : i64})
      private(%p : memref<4xf32, #gpu.address_space<private>>) kernel {
    gpu.return
  }
}
