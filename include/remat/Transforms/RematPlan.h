//===- RematPlan.h - a plan, as data ----------------------------*- C++ -*-===//
//
// What the planner decides and the rewrite applies: the kept set, the
// re-cloned values, the plan's figures and, for the report, one decision per
// saved activation. Nothing here touches the IR.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_TRANSFORMS_REMATPLAN_H
#define REMAT_TRANSFORMS_REMATPLAN_H

#include "remat/Analysis/OffloadModel.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>

namespace remat {

/// A point of auto's Pareto frontier (RematSolver.h).
struct FrontierPoint {
  FrontierPoint() = default;
  FrontierPoint(uint64_t peakBytes, double recomputeTime,
                uint64_t recomputeFlops, llvm::BitVector kept)
      : peakBytes(peakBytes), recomputeTime(recomputeTime),
        recomputeFlops(recomputeFlops), kept(std::move(kept)) {}
  uint64_t peakBytes = 0;
  double recomputeTime = 0;
  uint64_t recomputeFlops = 0;
  /// What the plan's forward holds into its backward (PlanSimulator's
  /// heldBytes), set where the report lists the frontier.
  uint64_t heldBytes = 0;
  /// The plan: kept forward values, by simulator value id.
  llvm::BitVector kept;
  /// Kept values offloaded to host memory (simulator value ids, ascending),
  /// the main-stream time their copies expose, and the host peak.
  std::vector<unsigned> offloaded;
  double exposedTime = 0;
  uint64_t hostPeakBytes = 0;
  /// What the plan costs: its recompute time and its exposed copy time.
  double cost() const { return recomputeTime + exposedTime; }
};

/// An offloaded value and its copies (OffloadModel.h), in events of the
/// rewritten function before the copy ops are inserted.
struct OffloadDecision {
  mlir::Value value;
  OffloadCopy copy;
  std::string reason;
};

/// The decision for one saved activation.
struct Decision {
  mlir::Value value;
  uint64_t bytes = 0;
  bool recompute = false;
  /// Kept in host memory between its last forward read and its first
  /// backward read (RematPlan::offloads).
  bool offload = false;
  /// Cost of recomputing the value from the final kept set (its whole
  /// producer chain); nothing if it cannot be recomputed, or until
  /// describeRecomputeCosts has run.
  std::optional<uint64_t> recomputeFlops;
  std::optional<double> recomputeTime;
  std::string reason;
  /// Where the plan re-clones the value (RematPlan::reclone): the backward
  /// op before which its chain is cloned a second time.
  mlir::Operation *recloneBefore = nullptr;
};

/// What a plan carries for the report alone: why each saved activation is
/// kept or recomputed, the frontier and the decision space. The rewrite
/// never reads it.
struct PlanReport {
  /// One per saved activation, in program order.
  llvm::SmallVector<Decision> decisions;
  /// Kept forward values that no backward op reads but at which recompute
  /// chains stop (block boundaries of full and sqrt, intermediates auto
  /// keeps to make a chain cheaper), in program order; all "save".
  llvm::SmallVector<Decision> intermediateDecisions;
  std::optional<uint64_t> budget;
  std::optional<double> maxOverhead;
  std::optional<uint64_t> hostBudget;
  /// Whether offload was in the decision space (offload=, a host budget,
  /// policy offload or an "offload" override).
  bool offload = false;
  /// With `pareto`: (peak, recompute time) from the least memory to no
  /// recompute; kept sets are not retained.
  llvm::SmallVector<FrontierPoint> pareto;
  /// Where a frontier was computed: "exact" (every plan of the decision
  /// space simulated) or "search"; empty otherwise.
  std::string solver;
  /// Where a frontier was computed, its decision space: buffers of saved
  /// activations to keep or recompute, and intermediates of their recompute
  /// chains (values no backward op reads) to keep or not.
  unsigned movable = 0, intermediates = 0;
  /// Where plans may recompute a value twice: "enumerated" (the exact
  /// frontier covers them, SolverStats::exactReclones) or "searched".
  std::string secondRecomputes;
  /// With an exact frontier: the least recompute time of the plans that
  /// keep or recompute each saved activation (or recompute it twice, where
  /// secondRecomputes is "enumerated") whose peak is at most this plan's (the
  /// certificate's bound when this plan is one of them); with offload evaluated
  /// exactly (offloadPlans), the least cost (recompute and exposed copy time)
  /// of the three-way plans.
  std::optional<double> optimalTime;
  /// With offload: the plans of the three-way space (each movable buffer
  /// kept, recomputed or, where its copies free device bytes, offloaded)
  /// evaluated exactly, or 0 where the space was searched.
  uint64_t offloadPlans = 0;
  /// full / sqrt: where the checkpoint blocks came from ("marks": remat.block
  /// attributes; "inferred": inferCheckpointBlocks, LayerBoundaries.h),
  /// the blocks, and for inferred ones the ops of each that depend on an
  /// argument and the activations live into the first.
  std::string blockSource;
  unsigned blocks = 0, opsPerBlock = 0, liveAtBoundaries = 0;
};

struct RematPlan {
  /// Forward values available to the backward pass: recompute chains stop
  /// here. Every saved activation not in this set is recomputed.
  llvm::DenseSet<mlir::Value> kept;
  /// The plan's figures, from the plan simulator (exactly the memory plan of
  /// the rewritten function, and the cost model's time of its clones).
  uint64_t peakBytes = 0;
  double recomputeTime = 0;
  uint64_t recomputeFlops = 0;
  /// Bytes the forward holds into the backward (PlanSimulator::Result); with
  /// repeat=, peakBytes counts them repeat - 1 more times.
  uint64_t heldBytes = 0;
  /// The peak the certificate holds at: `peakBytes`, or auto's budget where
  /// one was asked for and is above it.
  uint64_t boundPeakBytes = 0;
  /// With PlannerOptions::certify: a lower bound on the recompute time of
  /// every plan at `boundPeakBytes` (the certificate), and whether the joint
  /// cover's MILP raised it.
  std::optional<double> timeLowerBound;
  bool boundByMILP = false;
  /// Recomputed saved activations that are recomputed a second time: at
  /// their reclone op (getRecloneGaps), the clones of their chains are
  /// dropped and made again, so no clone is held across the widest gap
  /// between their backward reads.
  llvm::DenseSet<mlir::Value> reclone;
  /// Kept values held in host memory between their last forward read and
  /// their first backward read, in program order; peakBytes counts them
  /// out over that window (OffloadModel.h).
  llvm::SmallVector<OffloadDecision> offloads;
  uint64_t hostPeakBytes = 0;
  /// Main-stream time the copies are estimated to expose.
  double exposedTime = 0;
  /// What only the report prints.
  PlanReport report;
};

/// Why planning failed, as data: the report's "error" object
/// (docs/Rematerialize.md, "Errors"). The diagnostic says the same in words.
struct PlanError {
  PlanError(std::string kind, std::string message, mlir::Operation *at)
      : kind(std::move(kind)), message(std::move(message)), at(at) {}
  /// "budget": no plan fits budget= (auto), or the policy's plan is above
  /// it; "max-overhead": no plan fits max-overhead=; "policy": the policy
  /// cannot be applied (full or sqrt without checkpoint blocks, a
  /// "recompute" override on an op that cannot run again, auto without a
  /// budget or an overhead); "solver": solver=exact on too many buffers.
  std::string kind;
  /// The diagnostic's message.
  std::string message;
  /// The op the diagnostic is attached to.
  mlir::Operation *at = nullptr;
  /// With kind "options": the option at fault (e.g. "budget").
  std::string option;
  std::optional<uint64_t> budgetBytes;
  /// The refused policy's own peak (a fixed policy above its budget).
  std::optional<uint64_t> planPeakBytes;
  /// The least peak remat found for the function, where the message states
  /// it; and a peak no plan goes below (LowerBounds::leastPeak, or the
  /// least peak itself when that is proven least).
  std::optional<uint64_t> leastPeakBytes, peakLowerBoundBytes;
};

} // namespace remat

#endif // REMAT_TRANSFORMS_REMATPLAN_H
