// REQUIRES: cuda-toolkit
// RUN: remat-opt %s --remat-cuda-pipeline="format=bin" | FileCheck %s
// RUN: remat-opt %s --remat-cuda-pipeline="format=isa" | FileCheck %s --check-prefix=PTX
// RUN: remat-compile %s --target=cuda -o %t.exe
// RUN: llvm-readobj --needed-libs %t.exe | FileCheck %s --check-prefix=LIBS

// A joint MLP step goes through the CUDA pipeline: kernels of 256 threads,
// NVVM, and gpu-module-to-binary with ptxas for sm_90 (format=bin succeeds
// only if ptxas accepts the PTX). The host calls remat's mgpu* runtime, and
// the executable needs nothing but libc, libm, libstdc++ and the driver.

// CHECK: llvm.func @train_step
// CHECK: llvm.call @mgpuMemAlloc
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @remat_kernels::@train_step_kernel
// CHECK: llvm.call @mgpuMemFree
// CHECK: gpu.binary @remat_kernels  [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, {{.*}}bin = "\7FELF
// PTX: .version 8.{{[0-9]}}
// PTX: .target sm_90
// PTX: .maxntid 256, 1, 1
// LIBS: NeededLibraries [
// LIBS-NEXT: libc.so.6
// LIBS-NEXT: libcuda.so.1
// LIBS-NEXT: libgcc_s.so.1
// LIBS-NEXT: libm.so.6
// LIBS-NEXT: libstdc++.so.6
// LIBS-NEXT: ]

func.func @train_step(%x: tensor<64x128xf32>, %w1: tensor<128x256xf32>, %w2: tensor<256x10xf32>, %labels: tensor<64xi32>)
    -> (tensor<f32>, tensor<128x256xf32>, tensor<256x10xf32>) {
  %h = nn.matmul %x, %w1 {remat.block = 0 : i64} : tensor<64x128xf32>, tensor<128x256xf32> -> tensor<64x256xf32>
  %a = nn.gelu %h {remat.block = 0 : i64} : tensor<64x256xf32>
  %y = nn.matmul %a, %w2 {remat.block = 0 : i64} : tensor<64x256xf32>, tensor<256x10xf32> -> tensor<64x10xf32>
  %l = nn.cross_entropy %y, %labels : tensor<64x10xf32>, tensor<64xi32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dy = nn.cross_entropy_grad %y, %labels, %one : tensor<64x10xf32>, tensor<64xi32>, tensor<f32> -> tensor<64x10xf32>
  %dw2 = nn.matmul %a, %dy {transpose_a} : tensor<64x256xf32>, tensor<64x10xf32> -> tensor<256x10xf32>
  %da = nn.matmul %dy, %w2 {transpose_b} : tensor<64x10xf32>, tensor<256x10xf32> -> tensor<64x256xf32>
  %dh = nn.gelu_grad %da, %h : tensor<64x256xf32>
  %dw1 = nn.matmul %x, %dh {transpose_a} : tensor<64x128xf32>, tensor<64x256xf32> -> tensor<128x256xf32>
  return %l, %dw1, %dw2 : tensor<f32>, tensor<128x256xf32>, tensor<256x10xf32>
}
