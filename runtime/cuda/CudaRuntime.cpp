//===- CudaRuntime.cpp - the mgpu* functions on the CUDA driver API -------===//
//
// MLIR's host code (gpu-to-llvm) calls these functions; Debian ships no
// libmlir_cuda_runtime, so remat provides them. Every driver call is
// checked: a failure prints the call and the driver's message and exits with
// status 1.
//
// A step runs on one stream: every stream the host code creates is the
// runtime's step stream (destroying it does nothing), so work is ordered as
// the host code issues it, library calls (cuBLASLt) included. Device memory
// comes from the device's stream-ordered pool (cuMemAllocAsync and
// cuMemFreeAsync on the step stream, the pool's release threshold at its
// maximum so freed memory stays cached, as PyTorch's caching allocator
// keeps it): a free never waits for the GPU. The runtime counts the bytes
// live at every moment and the most at once (peak_bytes); the pool's
// reserved bytes (what it holds from the driver) are reported beside them.
//
//===----------------------------------------------------------------------===//

#include "remat/CudaRuntime.h"

#include <cuda.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace {

void check(CUresult result, const char *call) {
  if (result == CUDA_SUCCESS)
    return;
  const char *name = nullptr, *message = nullptr;
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS)
    name = nullptr;
  if (cuGetErrorString(result, &message) != CUDA_SUCCESS)
    message = nullptr;
  std::fprintf(stderr,
               "remat CUDA runtime: error: %s failed: %s (CUresult %d): %s\n",
               call, name ? name : "unnamed error", static_cast<int>(result),
               message ? message : "no message from the driver");
  std::fflush(stderr);
  // _Exit: no static destructors, which would call into the driver again
  // (the module unload registered by the host code).
  std::_Exit(1);
}

#define CHECK(call) check((call), #call)

/// remat-compile's kernels are sm_90 code: an older GPU cannot run them.
void checkArchitecture(CUdevice device) {
  int major = 0, minor = 0;
  CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                             device));
  CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                             device));
  if (major >= 9)
    return;
  char name[256] = "unnamed GPU";
  CHECK(cuDeviceGetName(name, sizeof(name), device));
  std::fprintf(stderr,
               "remat CUDA runtime: error: GPU 0 (%s) has compute capability "
               "%d.%d; this executable's kernels are built for sm_90 and need "
               "compute capability 9.0 or newer\n",
               name, major, minor);
  std::fflush(stderr);
  std::_Exit(1);
}

CUdevice theDevice;

CUcontext context() {
  static CUcontext ctx = [] {
    CHECK(cuInit(0));
    CHECK(cuDeviceGet(&theDevice, 0));
    checkArchitecture(theDevice);
    CUcontext c;
    CHECK(cuDevicePrimaryCtxRetain(&c, theDevice));
    return c;
  }();
  CHECK(cuCtxSetCurrent(ctx));
  return ctx;
}

/// The step stream, created once (blocking: it orders with the legacy
/// default stream that the harness's copies and timer events use).
CUstream stepStream() {
  static CUstream stream = [] {
    context();
    CUstream s;
    CHECK(cuStreamCreate(&s, CU_STREAM_DEFAULT));
    return s;
  }();
  return stream;
}

/// The device's default memory pool, caching: freed memory is kept for the
/// next allocation instead of going back to the driver at each sync.
CUmemoryPool pool() {
  static CUmemoryPool p = [] {
    context();
    CUmemoryPool mp;
    CHECK(cuDeviceGetDefaultMemPool(&mp, theDevice));
    cuuint64_t threshold = ~cuuint64_t(0);
    CHECK(cuMemPoolSetAttribute(mp, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                                &threshold));
    return mp;
  }();
  return p;
}

std::mutex mutex;
std::unordered_map<CUdeviceptr, uint64_t> sizes;
uint64_t liveBytes = 0, peakBytes = 0, numAllocs = 0;

/// Host memory of offloaded values (remat.offload's buffers, allocated
/// between remat_host_begin and remat_host_end): page-locked and mapped
/// into the device's address space, so kernels on the step stream copy to
/// and from it. Freed blocks are kept by size for the next allocation: the
/// step stream orders their reuse after the kernels that read them, and
/// nothing waits. Counted apart from device bytes.
bool inHostScope = false;
std::unordered_map<CUdeviceptr, uint64_t> hostSizes;
std::unordered_multimap<uint64_t, CUdeviceptr> hostFree;
uint64_t hostLiveBytes = 0, hostPeakBytes = 0;

CUdeviceptr hostAlloc(uint64_t bytes) {
  CUdeviceptr ptr = 0;
  auto cached = hostFree.find(bytes);
  if (cached != hostFree.end()) {
    ptr = cached->second;
    hostFree.erase(cached);
  } else {
    void *host = nullptr;
    CHECK(cuMemHostAlloc(&host, bytes,
                         CU_MEMHOSTALLOC_PORTABLE |
                             CU_MEMHOSTALLOC_DEVICEMAP));
    CHECK(cuMemHostGetDevicePointer(&ptr, host, 0));
  }
  hostSizes[ptr] = bytes;
  hostLiveBytes += bytes;
  if (hostLiveBytes > hostPeakBytes)
    hostPeakBytes = hostLiveBytes;
  return ptr;
}

/// Kernel profile (REMAT_PROFILE set): an event pair around every launch,
/// keyed by the launch's position in the step (the host code of an entry is
/// straight-line, so position i is always the same kernel).
struct Launch {
  unsigned index;
  CUevent start, stop;
};
std::vector<Launch> launches;
unsigned launchIndex = 0;
bool profiling() {
  static bool enabled = std::getenv("REMAT_PROFILE") != nullptr;
  return enabled;
}

} // namespace

extern "C" {

void *mgpuModuleLoad(void *data, size_t /*size*/) {
  context();
  CUmodule module;
  CHECK(cuModuleLoadData(&module, data));
  return module;
}

void *mgpuModuleLoadJIT(void *data, int optLevel) {
  context();
  CUmodule module;
  CUjit_option options[] = {CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {reinterpret_cast<void *>(static_cast<intptr_t>(optLevel))};
  CHECK(cuModuleLoadDataEx(&module, data, 1, options, values));
  return module;
}

void mgpuModuleUnload(void *module) {
  CHECK(cuModuleUnload(static_cast<CUmodule>(module)));
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  CUfunction function;
  CHECK(cuModuleGetFunction(&function, static_cast<CUmodule>(module), name));
  return function;
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t /*paramsCount*/) {
  context();
  void *launch = remat_profile_launch_begin(stream);
  CHECK(cuLaunchKernel(static_cast<CUfunction>(function), gridX, gridY, gridZ,
                       blockX, blockY, blockZ, smem,
                       static_cast<CUstream>(stream), params, extra));
  remat_profile_launch_end(launch, stream);
}

void *remat_profile_launch_begin(void *stream) {
  unsigned index = launchIndex++;
  if (!profiling())
    return nullptr;
  launches.push_back(Launch{index, nullptr, nullptr});
  Launch &launch = launches.back();
  CHECK(cuEventCreate(&launch.start, CU_EVENT_DEFAULT));
  CHECK(cuEventCreate(&launch.stop, CU_EVENT_DEFAULT));
  CHECK(cuEventRecord(launch.start, static_cast<CUstream>(stream)));
  return launch.stop;
}

void remat_profile_launch_end(void *stop, void *stream) {
  if (stop)
    CHECK(cuEventRecord(static_cast<CUevent>(stop),
                        static_cast<CUstream>(stream)));
}

void *mgpuStreamCreate() { return stepStream(); }

// The step stream lives as long as the process.
void mgpuStreamDestroy(void *) {}

void mgpuStreamSynchronize(void *stream) {
  CHECK(cuStreamSynchronize(static_cast<CUstream>(stream)));
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  CHECK(cuStreamWaitEvent(static_cast<CUstream>(stream),
                          static_cast<CUevent>(event), 0));
}

void *mgpuEventCreate() {
  context();
  CUevent event;
  CHECK(cuEventCreate(&event, CU_EVENT_DISABLE_TIMING));
  return event;
}

void mgpuEventDestroy(void *event) {
  CHECK(cuEventDestroy(static_cast<CUevent>(event)));
}

void mgpuEventSynchronize(void *event) {
  CHECK(cuEventSynchronize(static_cast<CUevent>(event)));
}

void mgpuEventRecord(void *event, void *stream) {
  CHECK(cuEventRecord(static_cast<CUevent>(event),
                      static_cast<CUstream>(stream)));
}

void *mgpuMemAlloc(uint64_t bytes, void * /*stream*/, bool isHostShared) {
  context();
  CUdeviceptr ptr = 0;
  if (bytes == 0)
    bytes = 1; // a distinct pointer for empty tensors
  if (isHostShared) {
    // Managed memory can oversubscribe and hang the card; remat's pipelines
    // never ask for it.
    std::fprintf(stderr, "remat CUDA runtime: error: host-shared (managed) "
                         "allocations are not supported\n");
    std::fflush(stderr);
    std::_Exit(1);
  }
  std::lock_guard<std::mutex> lock(mutex);
  if (inHostScope)
    return reinterpret_cast<void *>(hostAlloc(bytes));
  CHECK(cuMemAllocFromPoolAsync(&ptr, bytes, pool(), stepStream()));
  sizes[ptr] = bytes;
  liveBytes += bytes;
  ++numAllocs;
  if (liveBytes > peakBytes)
    peakBytes = liveBytes;
  return reinterpret_cast<void *>(ptr);
}

// Stream-ordered: the memory returns to the pool once the work issued
// before the free has run; the host does not wait.
void mgpuMemFree(void *ptr, void * /*stream*/) {
  if (!ptr)
    return;
  CUdeviceptr p = reinterpret_cast<CUdeviceptr>(ptr);
  std::lock_guard<std::mutex> lock(mutex);
  auto host = hostSizes.find(p);
  if (host != hostSizes.end()) {
    hostLiveBytes -= host->second;
    hostFree.emplace(host->second, p);
    hostSizes.erase(host);
    return;
  }
  CHECK(cuMemFreeAsync(p, stepStream()));
  auto it = sizes.find(p);
  if (it != sizes.end()) {
    liveBytes -= it->second;
    sizes.erase(it);
  }
}

void mgpuMemcpy(void *dst, void *src, size_t bytes, void *stream) {
  CHECK(cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                      reinterpret_cast<CUdeviceptr>(src), bytes, stepStream()));
}

void mgpuMemset32(void *dst, unsigned value, size_t count, void *stream) {
  CHECK(cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(dst), value, count,
                         stepStream()));
}

void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream) {
  CHECK(cuMemsetD16Async(reinterpret_cast<CUdeviceptr>(dst), value, count,
                         stepStream()));
}

void mgpuSetDefaultDevice(int32_t) {}

void remat_host_begin(void) { inHostScope = true; }
void remat_host_end(void) { inHostScope = false; }
uint64_t remat_host_peak_bytes(void) { return hostPeakBytes; }

uint64_t remat_device_live_bytes(void) { return liveBytes; }
uint64_t remat_device_peak_bytes(void) { return peakBytes; }
uint64_t remat_device_num_allocs(void) { return numAllocs; }
uint64_t remat_device_reserved_bytes(void) {
  cuuint64_t high = 0;
  CHECK(cuMemPoolGetAttribute(pool(), CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH, &high));
  return high;
}

void remat_cuda_copy_to_device(void *dst, const void *src, size_t bytes) {
  context();
  CHECK(cuMemcpyHtoD(reinterpret_cast<CUdeviceptr>(dst), src, bytes));
}

void remat_cuda_copy_to_host(void *dst, const void *src, size_t bytes) {
  CHECK(cuMemcpyDtoH(dst, reinterpret_cast<CUdeviceptr>(src), bytes));
}

void remat_cuda_synchronize(void) { CHECK(cuCtxSynchronize()); }

void *remat_cuda_step_stream(void) { return stepStream(); }

void remat_profile_begin_step(void) { launchIndex = 0; }

int remat_profile_write(const char *path) {
  if (!profiling())
    return 0;
  CHECK(cuCtxSynchronize());
  std::vector<std::pair<unsigned, double>> total; // (count, seconds) by index
  for (Launch &l : launches) {
    float ms = 0;
    CHECK(cuEventElapsedTime(&ms, l.start, l.stop));
    CHECK(cuEventDestroy(l.start));
    CHECK(cuEventDestroy(l.stop));
    if (total.size() <= l.index)
      total.resize(l.index + 1, {0, 0.0});
    total[l.index].first += 1;
    total[l.index].second += ms * 1e-3;
  }
  launches.clear();
  FILE *f = std::fopen(path, "w");
  if (!f) {
    std::fprintf(
        stderr, "remat CUDA runtime: error: cannot write profile '%s'\n", path);
    return 1;
  }
  std::fprintf(f, "{\"launches\":[");
  for (size_t i = 0; i < total.size(); ++i)
    std::fprintf(f, "%s{\"index\":%zu,\"count\":%u,\"seconds\":%.9g}",
                 i ? "," : "", i, total[i].first, total[i].second);
  std::fprintf(f, "]}\n");
  std::fclose(f);
  return 0;
}

void *remat_cuda_timer_start(void) {
  context();
  CUevent event;
  CHECK(cuEventCreate(&event, CU_EVENT_DEFAULT));
  CHECK(cuEventRecord(event, nullptr));
  return event;
}

double remat_cuda_timer_stop(void *start) {
  CUevent stop;
  CHECK(cuEventCreate(&stop, CU_EVENT_DEFAULT));
  CHECK(cuEventRecord(stop, nullptr));
  CHECK(cuEventSynchronize(stop));
  float ms = 0;
  CHECK(cuEventElapsedTime(&ms, static_cast<CUevent>(start), stop));
  CHECK(cuEventDestroy(stop));
  CHECK(cuEventDestroy(static_cast<CUevent>(start)));
  return ms * 1e-3;
}

} // extern "C"
