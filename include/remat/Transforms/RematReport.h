//===- RematReport.h - the JSON report of --rematerialize -------*- C++ -*-===//
#ifndef REMAT_TRANSFORMS_REMATREPORT_H
#define REMAT_TRANSFORMS_REMATREPORT_H

#include "remat/Analysis/CostModel.h"
#include "remat/Transforms/RematPlanner.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/JSON.h"

#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace remat {

/// Whole-function figures under the memory semantics and the cost model.
struct FunctionStats {
  /// Bytes live at each top-level op, in program order (the memory plan's).
  std::vector<uint64_t> liveBytes;
  uint64_t peakBytes = 0;
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
/// and at least one result).
FunctionStats
computeFunctionStats(mlir::func::FuncOp func, const DeviceInfo &device,
                     ResultBuffers results = ResultBuffers::Defined);

/// A lower bound on the recompute time any plan of remat's (a kept set of
/// saved activations, recomputed values cloned for the backward) needs to
/// peak at most `peak` bytes, from the function before the rewrite. At each
/// op p where policy none holds L_p > peak bytes, buffers worth at least
/// L_p - peak must be free. A buffer the backward reads can be free only
/// after the last read by a forward op that runs in every plan, and only if
/// the op that defines it runs again (at least that op's time); a buffer of
/// a forward op that feeds only the backward may be dropped with its op at
/// no cost of its own. The cheapest cover of the missing bytes by whole ops
/// (minimumCover), at the op where it is dearest, is the bound (infinite if
/// some op cannot be covered). Ops the overrides keep count as not
/// freeable. Freeing a buffer is also charged the runs of the dead inputs
/// that only its recompute needs, and pairs of positions give surrogate
/// covers; those pairs are tried only while the bound is below `enough`
/// (pass the plan's own recompute time: no bound can pass it). Where the
/// bound is then below `enough` by more than the fraction `milpGap` and
/// `milpSeconds` > 0, the covers of all positions are solved jointly by
/// the MILP solver (CoverMILP.h) for at most that long; `byMILP` says
/// whether that raised the bound, and `milpRuns` gets the ops of its
/// optimal solution when CBC proves one cheaper than `enough` (a candidate
/// plan's recompute set, which may not fit the peak: the program leaves out
/// transients).
/// docs/AutoPolicy.md, "The certificate", has the details.
double
recomputeTimeLowerBound(mlir::func::FuncOp func, const JointGraph &graph,
                        const DeviceInfo &device, uint64_t peak,
                        ResultBuffers results = ResultBuffers::Defined,
                        bool reclone = true,
                        double enough = std::numeric_limits<double>::infinity(),
                        double milpSeconds = 0, double milpGap = 0,
                        bool *byMILP = nullptr,
                        llvm::SmallVectorImpl<mlir::Operation *> *milpRuns =
                            nullptr);

/// A peak, and the op where it is proven (LowerBounds::leastPeak); `at`
/// is null where the bound is the largest op's own need.
struct PeakLowerBound {
  uint64_t bytes = 0;
  mlir::Operation *at = nullptr;
};

/// Both bounds of one function, from one analysis of what plans may free
/// (and its caches: op times, the inputs charged to each freeing), for
/// callers that ask at several peaks or for both: the pass's report, the
/// planner's refusal, and auto's joint-cover plans at each frontier point.
/// The function must not change while it is in use.
class LowerBounds {
public:
  LowerBounds(mlir::func::FuncOp func, const JointGraph &graph,
              const DeviceInfo &device,
              ResultBuffers results = ResultBuffers::Defined,
              bool reclone = true);
  ~LowerBounds();
  /// recomputeTimeLowerBound at `peak`. `runsChecked`: on functions of at
  /// most 1,000 ops, where the covers leave the plan unproven, drop the
  /// freeings whose op cannot run again within the peak (docs/AutoPolicy.md,
  /// "Running it again"); off, the covers are cheaper and looser.
  double recomputeTime(uint64_t peak,
                       double enough = std::numeric_limits<double>::infinity(),
                       double milpSeconds = 0, double milpGap = 0,
                       bool *byMILP = nullptr,
                       llvm::SmallVectorImpl<mlir::Operation *> *milpRuns =
                           nullptr,
                       bool runsChecked = true);
  /// A peak no plan of remat's (a kept set, clones for the backward, a
  /// value recomputed twice only with `reclone`) goes below: at each op,
  /// the bytes policy none holds there less every buffer some plan may free
  /// there (the certificate's freeable buffers: docs/AutoPolicy.md, "The
  /// certificate"), at the op where that is most; at least the bytes the
  /// largest op needs at once (MemoryPlan::getPeakLowerBound).
  PeakLowerBound leastPeak() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// A lower bound on the least total time of a subset of `items` (seconds,
/// bytes) whose bytes add up to at least `missing`: the exact minimum when
/// branch and bound over the fractional relaxation finishes within
/// `maxNodes` nodes, else the least of what it found and the fractional
/// bounds of the nodes it left. Never above the minimum, never below the
/// fractional relaxation; infinite if all items together fall short.
double minimumCover(llvm::ArrayRef<std::pair<double, uint64_t>> items,
                    uint64_t missing, unsigned maxNodes = 2000);

/// "file:line:col" of the first file location in `loc`, or its printed form.
std::string formatLocation(mlir::Location loc);

/// The report object of architecture.md, "Report".
llvm::json::Object buildReport(mlir::func::FuncOp func, Policy policy,
                               const DeviceInfo &device,
                               const FunctionStats &baseline,
                               const FunctionStats &result,
                               const RematPlan &plan, double timeLowerBound,
                               bool boundByMILP = false,
                               bool timeline = false);

/// Writes a function's report to `path` ('-' for standard output), or, with
/// no report, notes that the function failed. Functions of one module may be
/// processed in parallel: a report file holds all their reports so far (one
/// object, or a JSON array in function-name order), and standard output gets
/// them one per line, in function-name order, once every function with a body
/// in the module has been processed. Returns an error message on failure.
std::optional<std::string>
writeReport(llvm::StringRef path, mlir::func::FuncOp func,
            std::optional<llvm::json::Object> report);

} // namespace remat

#endif // REMAT_TRANSFORMS_REMATREPORT_H
