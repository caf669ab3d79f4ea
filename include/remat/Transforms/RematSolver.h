//===- RematSolver.h - the Pareto frontier of recompute plans ---*- C++ -*-===//
//
// policy=auto: the solver searches kept sets with the plan simulator and
// returns the Pareto frontier of (peak bytes, estimated recompute time): every
// plan on it has a lower peak than the next and costs more. A budget then
// picks the cheapest point under it and max-overhead the lowest peak within
// it; since the frontier does not depend on either, a tighter budget never
// yields a higher peak and a larger overhead never a higher one.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_TRANSFORMS_REMATSOLVER_H
#define REMAT_TRANSFORMS_REMATSOLVER_H

#include "remat/Analysis/PlanSimulator.h"
#include "remat/Transforms/RematPlan.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace remat {


// SolverMethod (RematEnums.td): how the frontier is computed: `Search` (the
// heuristic below), `Exact` (every plan of the decision space simulated:
// each movable buffer kept or recomputed, from the first start), or `Auto`
// (exact when that is at most `exactWorkLimit` op-simulations, the search
// otherwise).

struct SolverOptions {
  SolverMethod method = SolverMethod::Auto;
  /// Auto: enumerate when 2^(movable buffers) times the function's ops is at
  /// most this (2^27: about 0.1-0.5 s on one core).
  uint64_t exactWorkLimit = uint64_t(1) << 27;
  /// Exact: the most movable buffers enumerated (2^24 plans).
  unsigned exactMaxMovable = 24;
  /// Saved activations whose decision may not change (overrides, values that
  /// cannot be recomputed), by value id.
  llvm::BitVector fixed;
  /// Plans the search starts from (policy none, and full, sqrt and selective
  /// where they apply); each is on the frontier or dominated by a point on it.
  llvm::SmallVector<llvm::BitVector> starts;
  /// Candidates simulated at one peak before the descent gives up.
  unsigned triesPerStep = 8;
  /// Rounds of iterated local search after each descent.
  unsigned kicks = 8;
  /// Frontier points (besides the ends of the descents) whose kept set is
  /// tightened by putting back recomputes that the peak does not need.
  unsigned refinedPoints = 6;
  /// Frontier plans, before the widest gaps in peak, from which plans that
  /// keep one more buffer are tried.
  unsigned relaxedPoints = 48;
  /// Rounds of exchanges (keep one recomputed buffer, recompute one kept
  /// buffer live across the peak) on up to `exchangedPoints` frontier plans.
  unsigned exchangeRounds = 2;
  unsigned exchangedPoints = 32;
  /// Buffers live across a frontier plan's peak that are tried recomputed
  /// alone in each exchange round.
  unsigned oneStepTries = 64;
  /// Descents from plans that keep one more intermediate of a recompute
  /// chain (those that saved the most time), after the exchanges.
  unsigned intermediateDescents = 4;
  /// Whether plans may re-clone values (PlanSimulator's second half of
  /// bits; the frontier's plans then have it).
  bool reclone = true;
  /// With an exact enumeration of at most this many plans: every plan
  /// enumerated is handed back (SolverStats::enumerated), for the offload
  /// planner's exact three-way enumeration.
  uint64_t keepEnumerated = 0;
  /// The budget the plan is for (policy auto with budget=): the search
  /// then fills the frontier's hole under it (Solver::fillUnder).
  std::optional<uint64_t> targetPeak;
  /// The most recompute time the plan may add (policy auto with
  /// max-overhead=): the search then descends from the frontier's lowest
  /// plan within it as far as the time allows (Solver::descendWithin).
  std::optional<double> targetTime;
};

/// What the solver did.
struct SolverStats {
  /// Whether every plan that keeps or recomputes each movable buffer was
  /// simulated: the frontier is then exact within that space (plans that
  /// also keep intermediates are searched on top, and may do better).
  bool exact = false;
  /// With `exact`: whether the enumeration also recomputed twice each
  /// buffer that a second recompute can change (3^r 2^(n-r) plans, within
  /// the same limit as the 2^n); the space's frontier then has those plans.
  bool exactReclones = false;
  /// With `exact`: how many plans the enumeration simulated.
  uint64_t plansEnumerated = 0;
  /// With `exact`: that space's frontier, (peak bytes, recompute time).
  llvm::SmallVector<std::pair<uint64_t, double>> keepRecomputeFrontier;
  /// With `exact` and at most SolverOptions::keepEnumerated plans: every
  /// plan of that space (each movable buffer kept or recomputed).
  std::vector<FrontierPoint> enumerated;
  /// Buffers of saved activations whose keep/recompute decision is free.
  unsigned movable = 0;
  /// Intermediates of recompute chains (values no backward op reads) that
  /// may be kept to stop chains there.
  unsigned intermediates = 0;
};

/// Computes the frontier, sorted by increasing peak (and so decreasing time).
/// Empty only when `method` is Exact and the function has more than
/// `exactMaxMovable` movable buffers.
llvm::SmallVector<FrontierPoint>
computeParetoFrontier(const PlanSimulator &sim, const JointGraph &graph,
                      const DeviceInfo &device, const SolverOptions &options,
                      SolverStats *stats = nullptr);

/// The cheapest point whose peak is at most `budget`, or null if none is.
const FrontierPoint *pickForBudget(llvm::ArrayRef<FrontierPoint> frontier,
                                   uint64_t budget);
/// The lowest-peak point whose recompute time is at most `maxTime`.
const FrontierPoint *pickForTime(llvm::ArrayRef<FrontierPoint> frontier,
                                 double maxTime);

} // namespace remat

#endif // REMAT_TRANSFORMS_REMATSOLVER_H
