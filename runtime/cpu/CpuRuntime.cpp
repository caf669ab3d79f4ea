//===- CpuRuntime.cpp - counted host allocations --------------------------===//
//
// Each block carries a 64-byte header in front of the user pointer holding
// its size and the pointer malloc returned, so that free can subtract the
// right size, aligned allocations included. The counters are plain globals:
// lowered code runs on one thread.
//
//===----------------------------------------------------------------------===//

#include "remat/Runtime.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <vector>

namespace {
constexpr uint64_t kHeader = 64;
constexpr uint64_t kMagic = 0x72656d6174616c63ull; // "rematalc"

struct Header {
  uint64_t magic;
  uint64_t size;
  void *base;
  /// Allocated between remat_host_begin and remat_host_end: host memory.
  uint64_t host;
};

// glibc serves large blocks with mmap and returns them on free, so every
// step would fault in (and the kernel zero) its activations afresh: a
// quarter of a step's time on a GPT. Keep freed memory in the heap for
// reuse instead, as a caching allocator would; the counters below are what
// the memory plan is compared with, whatever malloc keeps.
struct KeepFreedMemory {
  KeepFreedMemory() {
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    mallopt(M_TRIM_THRESHOLD, -1);
  }
} keepFreedMemory;

uint64_t liveBytes = 0;
uint64_t peakBytes = 0;
uint64_t numAllocs = 0;
// Host memory (remat.offload's buffers), counted apart.
bool inHostScope = false;
uint64_t hostLiveBytes = 0;
uint64_t hostPeakBytes = 0;

void *allocate(uint64_t alignment, uint64_t size) {
  if (alignment < 16)
    alignment = 16;
  uint64_t padding = kHeader > alignment ? kHeader : alignment;
  char *base = static_cast<char *>(std::malloc(size + padding + alignment));
  if (!base) {
    std::fprintf(stderr,
                 "remat runtime: error: out of memory allocating %llu bytes\n",
                 static_cast<unsigned long long>(size));
    std::exit(2);
  }
  uintptr_t user = reinterpret_cast<uintptr_t>(base) + padding;
  user = (user + alignment - 1) / alignment * alignment;
  Header *header = reinterpret_cast<Header *>(user - sizeof(Header));
  header->magic = kMagic;
  header->size = size;
  header->base = base;
  header->host = inHostScope;
  if (inHostScope) {
    hostLiveBytes += size;
    if (hostLiveBytes > hostPeakBytes)
      hostPeakBytes = hostLiveBytes;
    return reinterpret_cast<void *>(user);
  }
  liveBytes += size;
  ++numAllocs;
  if (liveBytes > peakBytes)
    peakBytes = liveBytes;
  return reinterpret_cast<void *>(user);
}
} // namespace

extern "C" void *_mlir_memref_to_llvm_alloc(uint64_t size) {
  return allocate(16, size);
}

extern "C" void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment,
                                                    uint64_t size) {
  return allocate(alignment, size);
}

extern "C" void _mlir_memref_to_llvm_free(void *ptr) {
  if (!ptr)
    return;
  Header *header =
      reinterpret_cast<Header *>(static_cast<char *>(ptr) - sizeof(Header));
  if (header->magic != kMagic) {
    std::fprintf(stderr,
                 "remat runtime: error: free of a pointer it did not "
                 "allocate (%p)\n",
                 ptr);
    std::exit(2);
  }
  header->magic = 0;
  (header->host ? hostLiveBytes : liveBytes) -= header->size;
  std::free(header->base);
}

extern "C" void remat_host_begin(void) { inHostScope = true; }
extern "C" void remat_host_end(void) { inHostScope = false; }
extern "C" uint64_t remat_host_peak_bytes(void) { return hostPeakBytes; }

extern "C" uint64_t remat_live_bytes(void) { return liveBytes; }
extern "C" uint64_t remat_peak_bytes(void) { return peakBytes; }
extern "C" uint64_t remat_num_allocs(void) { return numAllocs; }
extern "C" void remat_reset_peak(void) {
  peakBytes = liveBytes;
  hostPeakBytes = hostLiveBytes;
}

// Op timers of `remat-compile --profile-ops` executables: the lowered entry
// calls remat_op_begin(id) and remat_op_end(id) around the code of its op
// number id; the harness reads the totals.
namespace {
std::vector<double> opSeconds;
std::chrono::steady_clock::time_point opStart;
} // namespace

extern "C" void remat_op_begin(int64_t) {
  opStart = std::chrono::steady_clock::now();
}

extern "C" void remat_op_end(int64_t id) {
  double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - opStart)
          .count();
  if (id < 0)
    return;
  if (static_cast<uint64_t>(id) >= opSeconds.size())
    opSeconds.resize(id + 1, 0.0);
  opSeconds[id] += elapsed;
}

extern "C" double remat_op_seconds(int64_t id) {
  return id >= 0 && static_cast<uint64_t>(id) < opSeconds.size() ? opSeconds[id]
                                                                 : 0.0;
}

extern "C" void remat_op_reset(void) {
  opSeconds.assign(opSeconds.size(), 0.0);
}

// LLVM's x86 backend legalizes some bf16 vector code (a vectorized copy of
// a broadcast bf16 scalar) through f32 and calls compiler-rt's
// __truncsfbf2, which libgcc lacks. Round to nearest even; NaNs stay quiet
// NaNs. The pipeline's own bf16 rounding (arith-expand) is inline integer
// code and does not call it.
extern "C" __bf16 __truncsfbf2(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  uint16_t rounded;
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    rounded = static_cast<uint16_t>((bits >> 16) | 0x40u);
  else
    rounded =
        static_cast<uint16_t>((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
  __bf16 result;
  std::memcpy(&result, &rounded, sizeof(result));
  return result;
}

// memref.copy between buffers whose layouts are not both the identity (a
// strided view of an imported step's transpose or slice) lowers to a call
// of memrefCopy, as in MLIR's c_runner_utils, which the executables do not
// link. Each argument is an unranked memref descriptor: {rank, pointer to
// the ranked descriptor {allocated, aligned, offset, sizes[rank],
// strides[rank]}}.
namespace {
struct UnrankedMemRef {
  int64_t rank;
  void *descriptor;
};
struct RankedHeader {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t shape[]; // sizes then strides
};
} // namespace

extern "C" void memrefCopy(int64_t elementSize, UnrankedMemRef *src,
                           UnrankedMemRef *dst) {
  int64_t rank = src->rank;
  auto *s = static_cast<RankedHeader *>(src->descriptor);
  auto *d = static_cast<RankedHeader *>(dst->descriptor);
  const int64_t *sizes = s->shape, *srcStrides = s->shape + rank,
                *dstStrides = d->shape + rank;
  char *from = s->aligned + s->offset * elementSize;
  char *to = d->aligned + d->offset * elementSize;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (sizes[dim] == 0)
      return;
  // An odometer over the index space, innermost dimension fastest.
  std::vector<int64_t> index(rank, 0);
  int64_t srcOffset = 0, dstOffset = 0;
  while (true) {
    std::memcpy(to + dstOffset * elementSize, from + srcOffset * elementSize,
                elementSize);
    int64_t dim = rank - 1;
    for (; dim >= 0; --dim) {
      if (++index[dim] < sizes[dim]) {
        srcOffset += srcStrides[dim];
        dstOffset += dstStrides[dim];
        break;
      }
      srcOffset -= (sizes[dim] - 1) * srcStrides[dim];
      dstOffset -= (sizes[dim] - 1) * dstStrides[dim];
      index[dim] = 0;
    }
    if (dim < 0)
      return;
  }
}
