//===- OffloadPlanner.h - which kept values go to host memory ---*- C++ -*-===//
//
// The third decision (docs/AutoPolicy.md, "Host offload"): a kept forward
// value may be held in host memory between its last forward read and its
// first backward read (OffloadModel.h). The planner makes the keep/recompute
// frontier first; from up to 24 of its plans (spread over it), the offload
// search adds offloads one at a time (the value whose copies expose the
// least time per byte, among those live across the plan's peak), and every
// plan it passes is a point of the joint frontier. policy=offload offloads, on
// policy none's kept set, every saved activation whose copies stay hidden.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_TRANSFORMS_OFFLOADPLANNER_H
#define REMAT_TRANSFORMS_OFFLOADPLANNER_H

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/JointGraph.h"
#include "remat/Analysis/OffloadModel.h"
#include "remat/Analysis/PlanSimulator.h"
#include "remat/Transforms/RematPlan.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace remat {

/// Why `value` cannot be offloaded as the IR stands, or an empty string:
/// it must be a result of a forward op that is not a view, not read by a
/// forward view (backward views read the prefetched copy), not returned,
/// and not under a "save" override.
std::string getOffloadBlocker(mlir::Value value, const JointGraph &graph);

struct OffloadSearch {
  OffloadSearch(const PlanSimulator &sim, const DeviceInfo &device,
                llvm::BitVector eligible)
      : sim(sim), device(device), eligible(std::move(eligible)) {}
  const PlanSimulator &sim;
  const DeviceInfo &device;
  /// Value ids the IR allows to offload (getOffloadBlocker).
  llvm::BitVector eligible;
  std::optional<uint64_t> hostBudget;
  /// Offloads added to one plan at most, and candidates evaluated per
  /// addition (the largest live across the peak).
  unsigned maxSteps = 64, triesPerStep = 16;
};

/// The plan `from` with offload: from `forced` (the "offload" overrides),
/// one more offload at a time, each lowering the peak (or moving its first
/// occurrence later) for the least added exposed time per byte, within the
/// host budget; then the same descent from `forced` and every value whose
/// copies hide (offloadWhatHides). Every plan passed is returned (the
/// first: `forced` alone; without `descend`, only that one).
llvm::SmallVector<FrontierPoint> addOffloads(const OffloadSearch &search,
                                             const FrontierPoint &from,
                                             llvm::ArrayRef<unsigned> forced,
                                             bool descend = true);

/// The exact three-way space: for each plan of `plans` (every plan that
/// keeps or recomputes each movable buffer, as the exact solver enumerated
/// them), `forced` and every subset of the other eligible values whose
/// copies alone free device bytes, offloaded (a value whose copies free
/// nothing only adds time and host bytes), within the host budget. Returns
/// false as soon as that is more than `maxPlans` plans (nothing else is
/// then promised of `out`); else `out` holds each kept set's Pareto points
/// and `count` the plans evaluated.
bool exactOffloads(const OffloadSearch &search,
                   llvm::ArrayRef<FrontierPoint> plans,
                   llvm::ArrayRef<unsigned> forced, uint64_t maxPlans,
                   llvm::SmallVectorImpl<FrontierPoint> &out, uint64_t &count);

/// policy=offload: on the kept set of `model`, `forced` and then every value of
/// `saved` (ids in program order) that is eligible and a candidate and
/// whose copies free device bytes and expose no time, within the host
/// budget (one at a time, each against the offloads before it).
std::vector<unsigned> offloadWhatHides(const OffloadSearch &search,
                                       const OffloadModel &model,
                                       llvm::ArrayRef<unsigned> saved,
                                       llvm::ArrayRef<unsigned> forced);

/// Merges `found` into `frontier` (both plans of the same function) and
/// keeps the Pareto frontier: by peak, each point cheaper than every lower
/// one (on a tie, the frontier's point first).
void mergeIntoFrontier(llvm::SmallVectorImpl<FrontierPoint> &frontier,
                       llvm::SmallVectorImpl<FrontierPoint> &found);

} // namespace remat

#endif // REMAT_TRANSFORMS_OFFLOADPLANNER_H
