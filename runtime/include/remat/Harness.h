//===- Harness.h - the driver of remat-compile's executables ----*- C++ -*-===//
//
// remat-compile generates a small translation unit per model that describes
// the entry function's arguments and results (EntryInfo) and unpacks them
// into the call of the lowered entry (InvokeFn). Everything else is here:
// command-line flags, deterministic inputs, timing, checksums, the JSON line
// and the binary dump.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_RUNTIME_HARNESS_H
#define REMAT_RUNTIME_HARNESS_H

#include <cstddef>
#include <cstdint>

namespace remat::harness {

enum class DType { F32, F16, BF16, I32, I64 };

struct TensorSpec {
  DType dtype;
  int rank;
  int64_t shape[8];
  /// For integer inputs: values are drawn from [0, labelRange).
  int64_t labelRange;
};

/// An op of the entry as --profile-ops executables time it: its cost-profile
/// key (remat::costProfileKey) and the cost model's figures.
struct OpInfo {
  const char *key;
  const char *opClass;
  uint64_t flops;
  uint64_t bytes;
};

struct EntryInfo {
  const char *name;
  const char *target;
  int numArgs;
  const TensorSpec *args;
  int numResults;
  const TensorSpec *results;
  /// Peak bytes of the entry under remat's memory plan (static).
  uint64_t planPeakBytes;
  /// With --profile-ops: the entry's ops in order; op i is timed by
  /// remat_op_begin/end(i).
  int numOps;
  const OpInfo *ops;
  /// Peak host bytes under the memory plan (remat.offload's buffers).
  uint64_t planHostPeakBytes;
};

/// Calls the entry once. `args[i]` is the data of argument i. On return,
/// `resultData[i]` points at result i's first element and
/// `resultAllocated[i]` at the block to free (null if not owned).
using InvokeFn = void (*)(void **args, void **resultData,
                          void **resultAllocated);

/// Runs the executable: parses `--iters N --seed S --dump FILE --threads N`,
/// fills the inputs, calls `invoke`, prints one JSON line; with op timers
/// and REMAT_PROFILE=<file> in the environment, writes the cost profile of
/// the timed iterations there. Returns the exit code.
int run(int argc, char **argv, const EntryInfo &info, InvokeFn invoke);

size_t elementSize(DType dtype);
uint64_t numElements(const TensorSpec &spec);
uint64_t tensorBytes(const TensorSpec &spec);

} // namespace remat::harness

#endif // REMAT_RUNTIME_HARNESS_H
