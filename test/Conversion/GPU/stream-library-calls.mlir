// RUN: remat-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(gpu-async-region,remat-stream-library-calls))' | FileCheck %s

// gpu-async-region makes the host wait before a call and starts a new stream
// after it. remat_cuda_gemm is enqueued on the step stream behind the
// kernels, so the wait goes and the chain continues: no host wait until the
// end of the function. Pure ops between (the call's arguments) and a run of
// calls do not matter.
// CHECK-LABEL: func.func @between_launches
// CHECK:         %[[T0:.*]] = gpu.wait async
// CHECK:         %{{.*}}, %[[T1:.*]] = gpu.alloc async [%[[T0]]]
// CHECK:         %[[T2:.*]] = gpu.launch_func async [%[[T1]]] @k::@k
// CHECK-NOT:     gpu.wait
// CHECK:         call @remat_cuda_gemm
// CHECK-NEXT:    arith.constant 2 : i64
// CHECK-NEXT:    call @remat_cuda_gemm
// CHECK-NEXT:    %[[T3:.*]] = gpu.launch_func async [%[[T2]]] @k::@k
// CHECK-NEXT:    %[[T4:.*]] = gpu.dealloc async [%[[T3]]]
// CHECK-NEXT:    gpu.wait [%[[T4]]]
// CHECK-NEXT:    return
module attributes {gpu.container_module} {
  func.func private @remat_cuda_gemm(i64)
  func.func @between_launches() {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32>
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    %s = arith.constant 1 : i64
    func.call @remat_cuda_gemm(%s) : (i64) -> ()
    %t = arith.constant 2 : i64
    func.call @remat_cuda_gemm(%t) : (i64) -> ()
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    gpu.dealloc %m : memref<16xf32>
    return
  }
  gpu.module @k {
    gpu.func @k(%x: memref<16xf32>) kernel { gpu.return }
  }
}

// -----

// A call after the last GPU op: the host wait moves behind it (the step
// ends after the library's work too). A call before any GPU op has no
// wait to remove. Other calls keep their wait.
// CHECK-LABEL: func.func @last
// CHECK:         %[[T:.*]] = gpu.launch_func async
// CHECK-NEXT:    call @remat_cuda_gemm
// CHECK-NEXT:    gpu.wait [%[[T]]]
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @first
// CHECK-NOT:     gpu.wait
// CHECK:         call @remat_cuda_gemm
// CHECK-NEXT:    gpu.wait async
// CHECK-LABEL: func.func @other_call
// CHECK:         gpu.launch_func async
// CHECK-NEXT:    gpu.wait [
// CHECK-NEXT:    call @host_work
module attributes {gpu.container_module} {
  func.func private @remat_cuda_gemm(i64)
  func.func private @host_work()
  func.func @last(%m: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    %s = arith.constant 1 : i64
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    func.call @remat_cuda_gemm(%s) : (i64) -> ()
    return
  }
  func.func @first(%m: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    %s = arith.constant 1 : i64
    func.call @remat_cuda_gemm(%s) : (i64) -> ()
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    return
  }
  func.func @other_call(%m: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    func.call @host_work() : () -> ()
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    return
  }
  gpu.module @k {
    gpu.func @k(%x: memref<16xf32>) kernel { gpu.return }
  }
}
