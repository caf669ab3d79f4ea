//===- CudaRuntime.h - the mgpu* functions and device counters --*- C++ -*-===//
//
// The functions MLIR 22's host code calls (see shared/design/mlir22-notes.md),
// implemented on the CUDA driver API, plus what remat's harness needs:
// device byte counters, host<->device copies and CUDA-event timing.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_RUNTIME_CUDARUNTIME_H
#define REMAT_RUNTIME_CUDARUNTIME_H

#include <cstddef>
#include <cstdint>

extern "C" {
void *mgpuModuleLoad(void *data, size_t size);
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount);
void *mgpuStreamCreate();
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate();
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);
void *mgpuMemAlloc(uint64_t bytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t bytes, void *stream);
void mgpuMemset32(void *dst, unsigned value, size_t count, void *stream);
void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream);
void mgpuSetDefaultDevice(int32_t device);

/// Lowered remat.offload allocates its buffer between these two calls: in
/// page-locked host memory mapped into the device (kernels copy to and from
/// it), from a cache of such blocks, counted apart from device bytes.
void remat_host_begin(void);
void remat_host_end(void);
/// The most bytes of those host buffers live at once.
uint64_t remat_host_peak_bytes(void);
uint64_t remat_device_live_bytes(void);
uint64_t remat_device_peak_bytes(void);
uint64_t remat_device_num_allocs(void);
/// The most bytes the stream-ordered pool has held from the driver at once
/// (CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH): what nvidia-smi would show, as
/// PyTorch's reserved is to its allocated.
uint64_t remat_device_reserved_bytes(void);
/// The stream every step's work goes on.
void *remat_cuda_step_stream(void);
void remat_cuda_copy_to_device(void *dst, const void *src, size_t bytes);
void remat_cuda_copy_to_host(void *dst, const void *src, size_t bytes);
void remat_cuda_synchronize(void);
/// Records an event on the default stream; stop records another, waits, and
/// returns the seconds between them.
void *remat_cuda_timer_start(void);
double remat_cuda_timer_stop(void *start);
/// Kernel profiling, active when the environment has REMAT_PROFILE: each
/// launch is timed with an event pair and keyed by its position in the step.
void remat_profile_begin_step(void);
/// Around one launch or library call on `stream`: begin takes its position
/// in the step and, when profiling, records its start event; end records
/// the stop event (begin's result).
void *remat_profile_launch_begin(void *stream);
void remat_profile_launch_end(void *stop, void *stream);
/// Writes {"launches":[{"index","count","seconds"}...]} to `path`; returns
/// nonzero on failure. Does nothing without REMAT_PROFILE.
int remat_profile_write(const char *path);
}

#endif // REMAT_RUNTIME_CUDARUNTIME_H
