//===- Harness.cpp - the driver of remat-compile's executables ------------===//
//
// Inputs are filled from a SplitMix64 stream keyed by (seed, argument,
// element): floats uniform in (-1, 1) and never exactly 0, integers uniform
// in [0, labelRange). Outputs are summarized as shape, sum, L2 norm and the
// first values, all accumulated in double from the stored values; --dump
// writes every output's raw bytes, in order, for exact comparisons.
//
//===----------------------------------------------------------------------===//

#include "remat/Harness.h"

#ifdef REMAT_HARNESS_CUDA
#include "remat/CublasLt.h"
#include "remat/CudaRuntime.h"
#else
#include "remat/Runtime.h"
#endif

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <new>
#include <string>
#include <vector>

namespace remat::harness {

size_t elementSize(DType dtype) {
  switch (dtype) {
  case DType::F32:
  case DType::I32:
    return 4;
  case DType::F16:
  case DType::BF16:
    return 2;
  case DType::I64:
    return 8;
  }
  return 0;
}

uint64_t numElements(const TensorSpec &spec) {
  uint64_t n = 1;
  for (int i = 0; i < spec.rank; ++i)
    n *= static_cast<uint64_t>(spec.shape[i]);
  return n;
}

uint64_t tensorBytes(const TensorSpec &spec) {
  return numElements(spec) * elementSize(spec.dtype);
}

namespace {

const char *dtypeName(DType dtype) {
  switch (dtype) {
  case DType::F32:
    return "f32";
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  case DType::I32:
    return "i32";
  case DType::I64:
    return "i64";
  }
  return "?";
}

uint64_t splitmix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint16_t floatToBF16(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  uint32_t rounding = 0x7FFF + ((bits >> 16) & 1); // to nearest even
  return static_cast<uint16_t>((bits + rounding) >> 16);
}

float bf16ToFloat(uint16_t h) {
  uint32_t bits = static_cast<uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t floatToHalf(float f) {
  _Float16 h = static_cast<_Float16>(f);
  uint16_t bits;
  std::memcpy(&bits, &h, 2);
  return bits;
}

float halfToFloat(uint16_t bits) {
  _Float16 h;
  std::memcpy(&h, &bits, 2);
  return static_cast<float>(h);
}

double load(const void *data, DType dtype, uint64_t i) {
  switch (dtype) {
  case DType::F32:
    return static_cast<const float *>(data)[i];
  case DType::F16:
    return halfToFloat(static_cast<const uint16_t *>(data)[i]);
  case DType::BF16:
    return bf16ToFloat(static_cast<const uint16_t *>(data)[i]);
  case DType::I32:
    return static_cast<const int32_t *>(data)[i];
  case DType::I64:
    return static_cast<double>(static_cast<const int64_t *>(data)[i]);
  }
  return 0;
}

void fill(void *data, const TensorSpec &spec, uint64_t seed, int arg) {
  uint64_t n = numElements(spec);
  uint64_t key =
      seed * 0x9E3779B97F4A7C15ull + (static_cast<uint64_t>(arg) << 40);
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t z = splitmix64(key + (i + 1) * 0x9E3779B97F4A7C15ull);
    if (spec.dtype == DType::I32 || spec.dtype == DType::I64) {
      int64_t range = spec.labelRange > 0 ? spec.labelRange : 16;
      int64_t v = static_cast<int64_t>(z % static_cast<uint64_t>(range));
      if (spec.dtype == DType::I32)
        static_cast<int32_t *>(data)[i] = static_cast<int32_t>(v);
      else
        static_cast<int64_t *>(data)[i] = v;
      continue;
    }
    // v = (2k + 1 - 2^23) / 2^23 for k < 2^23: an odd numerator below 2^23
    // in magnitude, so every step is exact in f32 and v is never 0 or +-1.
    // (With k < 2^24, k + 0.5 rounded for k >= 2^23 and gave 0.0 and 1.0.)
    float u = (static_cast<float>(z >> 41) + 0.5f) * 0x1p-23f;
    float v = 2.0f * u - 1.0f;
    if (spec.dtype == DType::F32)
      static_cast<float *>(data)[i] = v;
    else if (spec.dtype == DType::BF16)
      static_cast<uint16_t *>(data)[i] = floatToBF16(v);
    else
      static_cast<uint16_t *>(data)[i] = floatToHalf(v);
  }
}

void printShape(const TensorSpec &spec) {
  std::printf("[");
  for (int i = 0; i < spec.rank; ++i)
    std::printf("%s%lld", i ? "," : "", static_cast<long long>(spec.shape[i]));
  std::printf("]");
}

void printNumber(double v) {
  if (std::isfinite(v))
    std::printf("%.9g", v);
  else
    std::printf("\"%s\"", std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf"));
}

/// Where buffers live and how time is taken: host memory and a steady clock
/// on the CPU; device memory, copies and CUDA events on the GPU.
#ifdef REMAT_HARNESS_CUDA
void *deviceAlloc(uint64_t bytes) {
  return mgpuMemAlloc(bytes, nullptr, false);
}
void deviceFree(void *p) { mgpuMemFree(p, nullptr); }
void upload(void *dst, const void *src, uint64_t bytes) {
  remat_cuda_copy_to_device(dst, src, bytes);
}
void download(void *dst, const void *src, uint64_t bytes) {
  remat_cuda_copy_to_host(dst, src, bytes);
}
uint64_t peakBytes() { return remat_device_peak_bytes(); }
uint64_t numAllocs() { return remat_device_num_allocs(); }
/// The pool's reserved bytes beside the live ones, and the GEMM library's
/// workspace (counted in peak_bytes, not in the plan).
void printDeviceFields() {
  std::printf(",\"reserved_bytes\":%llu,\"library_workspace_bytes\":%llu",
              static_cast<unsigned long long>(remat_device_reserved_bytes()),
              static_cast<unsigned long long>(
                  remat_cuda_gemm_workspace_bytes()));
}
void resetOpTimers() {}
int writeProfile(const EntryInfo &, int) {
  const char *path = std::getenv("REMAT_PROFILE");
  return path ? remat_profile_write(path) : 0;
}
double timeCall(InvokeFn invoke, void **args, void **data, void **owned) {
  remat_cuda_synchronize();
  remat_profile_begin_step();
  void *start = remat_cuda_timer_start();
  invoke(args, data, owned);
  return remat_cuda_timer_stop(start);
}
#else
void *deviceAlloc(uint64_t bytes) { return _mlir_memref_to_llvm_alloc(bytes); }
void deviceFree(void *p) { _mlir_memref_to_llvm_free(p); }
void upload(void *dst, const void *src, uint64_t bytes) {
  std::memcpy(dst, src, bytes);
}
void download(void *dst, const void *src, uint64_t bytes) {
  std::memcpy(dst, src, bytes);
}
uint64_t peakBytes() { return remat_peak_bytes(); }
void printDeviceFields() {}
uint64_t numAllocs() { return remat_num_allocs(); }
void resetOpTimers() { remat_op_reset(); }

void printJSONString(FILE *f, const char *s) {
  std::fputc('"', f);
  for (; *s; ++s) {
    unsigned char c = static_cast<unsigned char>(*s);
    if (c == '"' || c == '\\')
      std::fprintf(f, "\\%c", c);
    else if (c < 0x20)
      std::fprintf(f, "\\u%04x", c);
    else
      std::fputc(c, f);
  }
  std::fputc('"', f);
}

/// The cost profile of an executable built with --profile-ops, if
/// REMAT_PROFILE names a file: per distinct op key, the mean seconds of one
/// execution over the timed iterations, and how many ops of a step have it.
int writeProfile(const EntryInfo &info, int iters) {
  const char *path = std::getenv("REMAT_PROFILE");
  if (!path)
    return 0;
  if (info.numOps == 0) {
    std::fprintf(stderr, "error: REMAT_PROFILE is set, but this executable "
                         "has no op timers (remat-compile --profile-ops)\n");
    return 1;
  }
  // Distinct keys in order of first appearance; the op table lists an op's
  // figures with each of its instances.
  struct Entry {
    const OpInfo *op;
    double total = 0;
    int instances = 0;
  };
  std::vector<Entry> entries;
  std::map<std::string, size_t> index;
  for (int id = 0; id < info.numOps; ++id) {
    auto [it, added] = index.try_emplace(info.ops[id].key, entries.size());
    if (added)
      entries.push_back({&info.ops[id]});
    Entry &entry = entries[it->second];
    entry.total += remat_op_seconds(id);
    ++entry.instances;
  }
  FILE *f = std::fopen(path, "w");
  if (!f) {
    std::fprintf(stderr, "error: cannot write '%s'\n", path);
    return 1;
  }
  std::fprintf(f,
               "{\"entry\":\"%s\",\"target\":\"%s\",\"iters\":%d,"
               "\"ops\":[",
               info.name, info.target, iters);
  for (size_t k = 0; k < entries.size(); ++k) {
    const Entry &e = entries[k];
    std::fprintf(f, "%s\n{\"key\":", k ? "," : "");
    printJSONString(f, e.op->key);
    std::fprintf(f,
                 ",\"seconds\":%.9g,\"instances\":%d,\"class\":\"%s\","
                 "\"flops\":%llu,\"bytes\":%llu}",
                 e.total / (static_cast<double>(iters) * e.instances),
                 e.instances, e.op->opClass,
                 static_cast<unsigned long long>(e.op->flops),
                 static_cast<unsigned long long>(e.op->bytes));
  }
  std::fprintf(f, "\n]}\n");
  bool failed = std::ferror(f);
  failed |= std::fclose(f) != 0;
  if (failed) {
    std::fprintf(stderr, "error: cannot write '%s'\n", path);
    return 1;
  }
  return 0;
}
double timeCall(InvokeFn invoke, void **args, void **data, void **owned) {
  auto start = std::chrono::steady_clock::now();
  invoke(args, data, owned);
  auto end = std::chrono::steady_clock::now();
  return std::chrono::duration<double>(end - start).count();
}
#endif

#ifndef REMAT_HARNESS_CUDA
// Defined by the library-GEMM runtime (runtime/cpu/Gemm.cpp), which is
// linked only into executables that call it: a weak reference does not pull
// it in.
extern "C" void remat_gemm_set_threads(int threads) __attribute__((weak));
#endif

struct Flags {
  int threads = 1;
  int iters = 3;
  int warmup = 1;
  uint64_t seed = 0;
  const char *dump = nullptr;
};

bool parseFlags(int argc, char **argv, Flags &flags) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const char *name) -> const char * {
      size_t len = std::strlen(name);
      if (a.compare(0, len, name) == 0 && a.size() > len && a[len] == '=')
        return argv[i] + len + 1;
      if (a == name && i + 1 < argc)
        return argv[++i];
      return nullptr;
    };
    if (const char *v = value("--iters")) {
      flags.iters = std::atoi(v);
    } else if (const char *v = value("--warmup")) {
      flags.warmup = std::atoi(v);
    } else if (const char *v = value("--seed")) {
      flags.seed = std::strtoull(v, nullptr, 10);
    } else if (const char *v = value("--dump")) {
      flags.dump = v;
    } else if (const char *v = value("--threads")) {
      flags.threads = std::atoi(v);
    } else {
      std::fprintf(
          stderr,
          "usage: %s [--iters N] [--warmup N] [--seed S] [--dump FILE] "
          "[--threads N]\n"
          "error: unknown argument '%s'\n",
          argv[0], argv[i]);
      return false;
    }
  }
  if (flags.iters < 1 || flags.warmup < 0 || flags.threads < 1) {
    std::fprintf(stderr, "error: --iters and --threads must be at least 1, "
                         "--warmup at least 0\n");
    return false;
  }
  return true;
}

int runStep(int argc, char **argv, const EntryInfo &info, InvokeFn invoke) {
  Flags flags;
  if (!parseFlags(argc, argv, flags))
    return 2;
#ifndef REMAT_HARNESS_CUDA
  // Only the library GEMMs use threads; lowered loops run on one.
  if (remat_gemm_set_threads)
    remat_gemm_set_threads(flags.threads);
#endif

  std::vector<void *> args(info.numArgs);
  for (int i = 0; i < info.numArgs; ++i) {
    const TensorSpec &spec = info.args[i];
    uint64_t bytes = tensorBytes(spec);
    std::vector<char> host(bytes);
    fill(host.data(), spec, flags.seed, i);
    args[i] = deviceAlloc(bytes);
    upload(args[i], host.data(), bytes);
  }

  std::vector<void *> data(info.numResults), owned(info.numResults);
  auto freeResults = [&] {
    std::vector<void *> freed;
    for (void *p : owned) {
      if (!p || std::find(freed.begin(), freed.end(), p) != freed.end() ||
          std::find(args.begin(), args.end(), p) != args.end())
        continue;
      freed.push_back(p);
      deviceFree(p);
    }
    std::fill(owned.begin(), owned.end(), nullptr);
  };
  std::vector<double> seconds;
  for (int it = 0; it < flags.warmup + flags.iters; ++it) {
    freeResults();
    if (it == flags.warmup)
      resetOpTimers();
    double t = timeCall(invoke, args.data(), data.data(), owned.data());
    if (it >= flags.warmup)
      seconds.push_back(t);
  }
  std::sort(seconds.begin(), seconds.end());
  size_t mid = seconds.size() / 2;
  double median = seconds.size() % 2 ? seconds[mid]
                                     : 0.5 * (seconds[mid - 1] + seconds[mid]);

  // Results back on the host for checksums and the dump.
  std::vector<std::vector<char>> hostResults(info.numResults);
  for (int r = 0; r < info.numResults; ++r) {
    const TensorSpec &spec = info.results[r];
    hostResults[r].resize(tensorBytes(spec));
    download(hostResults[r].data(), data[r], hostResults[r].size());
    data[r] = hostResults[r].data();
  }
  uint64_t peak = peakBytes();

  std::printf("{\"entry\":\"%s\",\"target\":\"%s\",\"outputs\":[", info.name,
              info.target);
  for (int r = 0; r < info.numResults; ++r) {
    const TensorSpec &spec = info.results[r];
    uint64_t n = numElements(spec);
    double sum = 0, sq = 0;
    for (uint64_t i = 0; i < n; ++i) {
      double v = load(data[r], spec.dtype, i);
      sum += v;
      sq += v * v;
    }
    std::printf("%s{\"dtype\":\"%s\",\"shape\":", r ? "," : "",
                dtypeName(spec.dtype));
    printShape(spec);
    std::printf(",\"sum\":");
    printNumber(sum);
    std::printf(",\"l2\":");
    printNumber(std::sqrt(sq));
    std::printf(",\"first\":[");
    for (uint64_t i = 0; i < std::min<uint64_t>(n, 8); ++i) {
      if (i)
        std::printf(",");
      printNumber(load(data[r], spec.dtype, i));
    }
    std::printf("]}");
  }
  std::printf("],\"peak_bytes\":%llu,\"plan_peak_bytes\":%llu,"
              "\"allocations\":%llu,\"time_per_iter_s\":%.9g,\"iters\":%d,"
              "\"seed\":%llu",
              static_cast<unsigned long long>(peak),
              static_cast<unsigned long long>(info.planPeakBytes),
              static_cast<unsigned long long>(numAllocs()), median, flags.iters,
              static_cast<unsigned long long>(flags.seed));
  printDeviceFields();
  // Host bytes of offloaded values (both runtimes' host pool), beside the
  // plan's.
  std::printf(",\"host_peak_bytes\":%llu,\"plan_host_peak_bytes\":%llu",
              static_cast<unsigned long long>(remat_host_peak_bytes()),
              static_cast<unsigned long long>(info.planHostPeakBytes));
  std::printf("}\n");

  if (flags.dump) {
    FILE *f = std::fopen(flags.dump, "wb");
    if (!f) {
      std::fprintf(stderr, "error: cannot write '%s'\n", flags.dump);
      return 1;
    }
    for (int r = 0; r < info.numResults; ++r)
      std::fwrite(data[r], 1, tensorBytes(info.results[r]), f);
    std::fclose(f);
  }
  freeResults();
  for (void *a : args)
    deviceFree(a);
  return writeProfile(info, flags.iters);
}

} // namespace

int run(int argc, char **argv, const EntryInfo &info, InvokeFn invoke) {
  // The host copies of inputs and results are std::vectors: a step whose
  // tensors do not fit in host memory is an error, not an abort.
  try {
    return runStep(argc, argv, info, invoke);
  } catch (const std::bad_alloc &) {
    std::fprintf(stderr, "remat harness: error: out of host memory for the "
                         "step's inputs or results\n");
    return 2;
  }
}

} // namespace remat::harness
