// REQUIRES: cuda-toolkit
// RUN: rm -rf %t && mkdir -p %t
// RUN: remat-compile %s --target=cuda -o %t/step
// RUN: ln -s /usr/local/cuda/lib64/stubs/libcuda.so %t/libcuda.so.1
// RUN: env LD_LIBRARY_PATH=%t not %t/step 2>&1 | FileCheck %s

// A failing driver call is reported with the call and the driver's error,
// and the executable exits with status 1. The toolkit's stub libcuda fails
// every call (CUDA_ERROR_STUB_LIBRARY = 34), which stands in for a machine
// whose driver refuses.
// CHECK: remat CUDA runtime: error: cuInit(0) failed: {{.*}}(CUresult 34)
// CHECK-NOT: remat CUDA runtime

func.func @step(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = nn.relu %x : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
