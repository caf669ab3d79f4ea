//===- FunctionStats.h - whole-function figures -----------------*- C++ -*-===//
#ifndef REMAT_ANALYSIS_FUNCTIONSTATS_H
#define REMAT_ANALYSIS_FUNCTIONSTATS_H

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/JointGraph.h"
#include "remat/Analysis/RematEnums.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <vector>

namespace remat {

/// Whole-function figures under the memory semantics and the cost model.
struct FunctionStats {
  /// Bytes live at each top-level op, in program order (the memory plan's).
  std::vector<uint64_t> liveBytes;
  uint64_t peakBytes = 0;
  /// Host buffers (remat.offload's results) live at once, at most.
  uint64_t hostPeakBytes = 0;
  /// MemoryPlan::getPeakLowerBound of the function.
  uint64_t peakLowerBound = 0;
  uint64_t argumentBytes = 0;
  /// Bytes live throughout: the arguments, and preallocated result buffers.
  uint64_t baseBytes = 0;
  ResultBuffers results = ResultBuffers::Defined;
  uint64_t savedActivationBytes = 0;
  uint64_t flops = 0;
  double estimatedTime = 0;
};

/// Computes the figures of a joint function (which must have a single block
/// and at least one result). `graph`: the function's joint graph where the
/// caller has it (it is built otherwise).
FunctionStats
computeFunctionStats(mlir::func::FuncOp func, const DeviceInfo &device,
                     ResultBuffers results = ResultBuffers::Defined,
                     const JointGraph *graph = nullptr);

} // namespace remat

#endif // REMAT_ANALYSIS_FUNCTIONSTATS_H
