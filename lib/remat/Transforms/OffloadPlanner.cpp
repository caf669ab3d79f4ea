//===- OffloadPlanner.cpp - which kept values go to host memory -----------===//

#include "remat/Transforms/OffloadPlanner.h"

#include "remat/Analysis/MemoryPlan.h"
#include "remat/Dialect/Remat/RematDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlir;
using namespace remat;

std::string remat::getOffloadBlocker(Value value, const JointGraph &graph) {
  Operation *def = value.getDefiningOp();
  if (!def || !graph.isForward(def) || graph.getTopLevel(def) != def)
    return "it is not a result of a forward op of the function body";
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape())
    return "it is not a tensor of static shape";
  if (isViewOp(def))
    return "it is a view of another buffer";
  if (getPolicyOverride(def) == PolicyOverride::Save)
    return "its op says remat.policy = \"save\" (kept on the device)";
  for (Operation *user : value.getUsers()) {
    Operation *top = graph.getTopLevel(user);
    if (top && top->hasTrait<OpTrait::IsTerminator>())
      return "the function returns it";
    // A backward view reads the prefetched copy like any backward op; a
    // forward view's result would need its own copy.
    if (top && isViewOp(top) && graph.isForward(top))
      return "a forward view (" + top->getName().getStringRef().str() +
             ") reads it";
  }
  return "";
}

namespace {
/// A point of the frontier for `from`'s kept set with `offloaded`.
FrontierPoint pointOf(const FrontierPoint &from, std::vector<unsigned> ids,
                      const OffloadResult &r) {
  FrontierPoint point;
  point.kept = from.kept;
  point.recomputeTime = from.recomputeTime;
  point.recomputeFlops = from.recomputeFlops;
  point.peakBytes = r.peakBytes;
  point.exposedTime = r.exposedTime;
  point.hostPeakBytes = r.hostPeakBytes;
  point.offloaded = std::move(ids);
  return point;
}

std::vector<unsigned> with(const std::vector<unsigned> &ids, unsigned id) {
  std::vector<unsigned> out = ids;
  out.insert(std::upper_bound(out.begin(), out.end(), id), id);
  return out;
}
} // namespace

SmallVector<FrontierPoint> remat::addOffloads(const OffloadSearch &search,
                                              const FrontierPoint &from,
                                              ArrayRef<unsigned> forced,
                                              bool descend) {
  SmallVector<FrontierPoint> points;
  OffloadModel model(search.sim, search.device, from.kept);
  std::vector<unsigned> start(forced.begin(), forced.end());
  llvm::sort(start);
  // An override this kept set leaves no window for (a recompute reads the
  // value before its last forward read ends): no plan from here.
  if (llvm::any_of(start, [&](unsigned id) { return !model.isCandidate(id); }))
    return points;
  OffloadResult first = model.evaluate(start);
  if (search.hostBudget && first.hostPeakBytes > *search.hostBudget)
    return points;
  points.push_back(pointOf(from, start, first));
  if (!descend)
    return points;
  // Each candidate's copy window alone: where it can free bytes.
  struct Candidate {
    unsigned id;
    uint64_t bytes;
    int offloadEvent, prefetchEvent;
  };
  std::vector<Candidate> candidates;
  for (unsigned id : search.eligible.set_bits()) {
    if (!model.isCandidate(id) || llvm::is_contained(start, id))
      continue;
    OffloadCopy copy = model.alone(id);
    if (copy.frees())
      candidates.push_back(
          {id, copy.bytes, copy.offloadEvent, copy.prefetchEvent});
  }
  llvm::sort(candidates, [](const Candidate &a, const Candidate &b) {
    return a.bytes != b.bytes ? a.bytes > b.bytes : a.id < b.id;
  });
  // One offload at a time from `current`, each plan a point.
  auto descent = [&](std::vector<unsigned> current, OffloadResult result) {
    for (unsigned step = 0; step < search.maxSteps; ++step) {
      unsigned peak = result.peakEvent;
      std::optional<unsigned> best;
      OffloadResult bestResult;
      double bestKey = 0;
      unsigned tried = 0;
      for (auto [i, c] : llvm::enumerate(candidates)) {
        if (c.offloadEvent > static_cast<int>(peak) ||
            c.prefetchEvent <= static_cast<int>(peak) ||
            llvm::is_contained(current, c.id))
          continue;
        if (tried++ == search.triesPerStep)
          break;
        OffloadResult next = model.evaluate(with(current, c.id));
        bool progress =
            next.peakBytes < result.peakBytes ||
            (next.peakBytes == result.peakBytes && next.peakEvent > peak);
        if (!progress ||
            (search.hostBudget && next.hostPeakBytes > *search.hostBudget))
          continue;
        double key = (next.exposedTime - result.exposedTime) / c.bytes;
        if (!best || key < bestKey ||
            (key == bestKey && next.peakBytes < bestResult.peakBytes)) {
          best = i;
          bestKey = key;
          bestResult = std::move(next);
        }
      }
      if (!best)
        break;
      current = with(current, candidates[*best].id);
      result = std::move(bestResult);
      points.push_back(pointOf(from, current, result));
    }
  };
  descent(start, first);
  // Again from every value whose copies hide (as policy offload picks them,
  // in program order): a lower peak or the same at no cost, where the
  // descent, which looks only at the peak, may stop early.
  std::vector<unsigned> all(search.eligible.set_bits_begin(),
                            search.eligible.set_bits_end());
  std::vector<unsigned> hidden = offloadWhatHides(search, model, all, start);
  if (hidden.size() > start.size()) {
    OffloadResult result = model.evaluate(hidden);
    points.push_back(pointOf(from, hidden, result));
    descent(std::move(hidden), std::move(result));
  }
  return points;
}

bool remat::exactOffloads(const OffloadSearch &search,
                          ArrayRef<FrontierPoint> plans,
                          ArrayRef<unsigned> forced, uint64_t maxPlans,
                          SmallVectorImpl<FrontierPoint> &out,
                          uint64_t &count) {
  count = 0;
  std::vector<unsigned> start(forced.begin(), forced.end());
  llvm::sort(start);
  for (const FrontierPoint &from : plans) {
    OffloadModel model(search.sim, search.device, from.kept);
    if (llvm::any_of(start,
                     [&](unsigned id) { return !model.isCandidate(id); }))
      continue;
    std::vector<unsigned> free;
    for (unsigned id : search.eligible.set_bits())
      if (model.isCandidate(id) && !llvm::is_contained(start, id) &&
          model.alone(id).frees())
        free.push_back(id);
    if (free.size() >= 63 || (uint64_t(1) << free.size()) > maxPlans - count)
      return false;
    count += uint64_t(1) << free.size();
    // Every subset; this kept set's Pareto points by (peak, cost).
    SmallVector<FrontierPoint> points;
    for (uint64_t mask = 0; mask < (uint64_t(1) << free.size()); ++mask) {
      std::vector<unsigned> ids = start;
      for (auto [i, id] : llvm::enumerate(free))
        if (mask >> i & 1)
          ids.push_back(id);
      llvm::sort(ids);
      OffloadResult r = model.evaluate(ids);
      if (search.hostBudget && r.hostPeakBytes > *search.hostBudget)
        continue;
      SmallVector<FrontierPoint> one = {pointOf(from, std::move(ids), r)};
      mergeIntoFrontier(points, one);
    }
    for (FrontierPoint &p : points)
      out.push_back(std::move(p));
  }
  return true;
}

std::vector<unsigned> remat::offloadWhatHides(const OffloadSearch &search,
                                              const OffloadModel &model,
                                              ArrayRef<unsigned> saved,
                                              ArrayRef<unsigned> forced) {
  std::vector<unsigned> current(forced.begin(), forced.end());
  llvm::sort(current);
  OffloadResult result = model.evaluate(current);
  for (unsigned id : saved) {
    if (!search.eligible.test(id) || !model.isCandidate(id) ||
        llvm::is_contained(current, id))
      continue;
    std::vector<unsigned> next = with(current, id);
    OffloadResult r = model.evaluate(next);
    const OffloadCopy &copy = *llvm::find_if(
        r.copies, [&](const OffloadCopy &c) { return c.value == id; });
    if (!copy.frees() || r.exposedTime > result.exposedTime ||
        (search.hostBudget && r.hostPeakBytes > *search.hostBudget))
      continue;
    current = std::move(next);
    result = std::move(r);
  }
  return current;
}

void remat::mergeIntoFrontier(SmallVectorImpl<FrontierPoint> &frontier,
                              SmallVectorImpl<FrontierPoint> &found) {
  if (found.empty())
    return;
  auto before = [](const FrontierPoint &a, const FrontierPoint &b) {
    if (a.peakBytes != b.peakBytes)
      return a.peakBytes < b.peakBytes;
    if (a.cost() != b.cost())
      return a.cost() < b.cost();
    return a.offloaded.size() < b.offloaded.size();
  };
  llvm::sort(found, before);
  SmallVector<FrontierPoint> merged;
  size_t a = 0, b = 0;
  while (a < frontier.size() || b < found.size()) {
    bool takeFound = a == frontier.size() ||
                     (b < found.size() && before(found[b], frontier[a]));
    merged.push_back(std::move(takeFound ? found[b++] : frontier[a++]));
  }
  SmallVector<FrontierPoint> pareto;
  for (FrontierPoint &point : merged)
    if (pareto.empty() || point.cost() < pareto.back().cost() * (1 - 1e-12))
      pareto.push_back(std::move(point));
  frontier = std::move(pareto);
}
