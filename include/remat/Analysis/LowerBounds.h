//===- LowerBounds.h - what no plan can beat --------------------*- C++ -*-===//
//
// The certificate of docs/AutoPolicy.md: a lower bound on the recompute time
// of every plan at a peak, and a peak no plan goes below. The planner asks
// for them (auto's joint-cover plans, the refusal of a budget) and the pass
// puts them in the report.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_LOWERBOUNDS_H
#define REMAT_ANALYSIS_LOWERBOUNDS_H

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/JointGraph.h"
#include "remat/Analysis/RematEnums.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <limits>
#include <memory>

namespace remat {

/// The certificate's tuning constants, in one place.
struct BoundConstants {
  /// Functions of at most this many ops get the run-again check of the
  /// covers (LowerBounds::recomputeTime's `runsChecked`) and auto's plans
  /// from the joint cover (one MILP per frontier point).
  static constexpr size_t kMaxCheckedOps = 1000;
  /// The joint cover's MILP runs only where the covers leave a gap above
  /// this fraction: certificate=auto, and auto's joint-cover plans. On the
  /// 96-layer GPT's least peak a second of CBC took a 0.350% gap to 0.347%
  /// (five seconds: 0.323%).
  static constexpr double kMILPGap = 0.01;
  /// Auto's joint-cover plans share certificate-seconds between the
  /// frontier points they try, at least this much each.
  static constexpr double kMinMILPSeconds = 0.02;
};

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
  /// What the largest op needs at once: the arguments and its operands and
  /// results (MemoryPlan::getPeakLowerBound). No plan goes below it, with
  /// or without offload.
  uint64_t opNeed() const;
  /// How many times recomputeTime has run (the pass's statistics).
  uint64_t getNumEvaluations() const { return numEvaluations; }

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
  uint64_t numEvaluations = 0;
};

/// A lower bound on the least total time of a subset of `items` (seconds,
/// bytes) whose bytes add up to at least `missing`: the exact minimum when
/// branch and bound over the fractional relaxation finishes within
/// `maxNodes` nodes, else the least of what it found and the fractional
/// bounds of the nodes it left. Never above the minimum, never below the
/// fractional relaxation; infinite if all items together fall short.
double minimumCover(llvm::ArrayRef<std::pair<double, uint64_t>> items,
                    uint64_t missing, unsigned maxNodes = 2000);

} // namespace remat

#endif // REMAT_ANALYSIS_LOWERBOUNDS_H
