//===- LayerBoundaries.cpp - checkpoint blocks of unmarked IR -------------===//
//
// See LayerBoundaries.h for the method.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/LayerBoundaries.h"

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/RecomputeChains.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace remat;

std::optional<InferredBlocks>
remat::inferCheckpointBlocks(const JointGraph &graph) {
  SmallVector<Operation *> forward;
  llvm::DenseMap<Operation *, unsigned> position;
  for (Operation *op : graph.getOps())
    if (graph.isForward(op) && !op->hasTrait<OpTrait::IsTerminator>()) {
      position[op] = forward.size();
      forward.push_back(op);
    }
  if (forward.size() < 4)
    return std::nullopt;
  Block *body = forward.front()->getBlock();

  // Ops that depend on an argument, in program order.
  llvm::DenseSet<Operation *> dependent;
  for (Operation *op : forward) {
    bool depends = false;
    forEachInput(op, [&](Value input) {
      if (auto arg = dyn_cast<BlockArgument>(input))
        depends |= arg.getOwner() == body;
      else if (Operation *def = input.getDefiningOp())
        depends |= dependent.contains(graph.getTopLevel(def));
    });
    if (depends)
      dependent.insert(op);
  }

  // live[p]: activations defined at or before p and read by a forward op
  // after p.
  unsigned n = forward.size();
  SmallVector<int> delta(n + 1, 0);
  for (Operation *op : forward) {
    if (!dependent.contains(op))
      continue;
    for (Value result : op->getResults()) {
      if (!isa<ShapedType>(result.getType()))
        continue;
      unsigned last = position[op];
      for (Operation *user : result.getUsers()) {
        Operation *top = graph.getTopLevel(user);
        auto it = top ? position.find(top) : position.end();
        if (it != position.end())
          last = std::max(last, it->second);
      }
      if (last > position[op]) {
        ++delta[position[op]];
        --delta[last];
      }
    }
  }
  SmallVector<unsigned> live(n, 0);
  int running = 0;
  for (unsigned p = 0; p < n; ++p)
    live[p] = running += delta[p];

  // The sequence of dependent ops, by name.
  SmallVector<unsigned> at; // forward position of each
  for (unsigned p = 0; p < n; ++p)
    if (dependent.contains(forward[p])) {
      at.push_back(p);
    }
  unsigned m = at.size();
  // gemms[i]: the GEMM-class ops among the first i (a layer computes one).
  SmallVector<unsigned> gemms(m + 1, 0);
  for (unsigned i = 0; i < m; ++i)
    gemms[i + 1] =
        gemms[i] + (getOpCost(forward[at[i]]).opClass == OpClass::Gemm);
  // The periods worth scanning: a stretch of at least k matches whose
  // first copy computes a GEMM matches at that GEMM, so k is the distance
  // from a GEMM j to a later op of its name (name[j] == name[j + k]). The
  // names as small numbers, and each name's positions, to list them in
  // O(GEMMs x ops) instead of scanning all m / 2 periods.
  llvm::DenseMap<OperationName, unsigned> nameIds;
  SmallVector<unsigned> nameId(m);
  SmallVector<SmallVector<unsigned>> positionsOf;
  for (unsigned i = 0; i < m; ++i) {
    auto [it, added] =
        nameIds.try_emplace(forward[at[i]]->getName(), positionsOf.size());
    if (added)
      positionsOf.emplace_back();
    nameId[i] = it->second;
    positionsOf[it->second].push_back(i);
  }
  llvm::BitVector candidate(m / 2 + 1);
  for (unsigned j = 0; j < m; ++j) {
    if (gemms[j + 1] == gemms[j])
      continue;
    for (unsigned p : llvm::reverse(positionsOf[nameId[j]])) {
      if (p <= j)
        break;
      if (p - j <= m / 2)
        candidate.set(p - j);
    }
  }
  // The period covering the most ops with at least two copies: for each
  // period k, the longest stretch where name[i] == name[i + k].
  unsigned bestCover = 0, bestK = 0, bestFrom = 0;
  for (unsigned k : candidate.set_bits())
    for (unsigned i = 0, stretch = 0; i + k <= m; ++i) {
      stretch = (i + k < m && nameId[i] == nameId[i + k]) ? stretch + 1 : 0;
      unsigned from = i + 1 - stretch;
      if (stretch + k > bestCover && stretch >= k &&
          gemms[from + k] > gemms[from]) {
        bestCover = stretch + k;
        bestK = k;
        bestFrom = from;
      }
    }
  if (!bestCover)
    return std::nullopt;
  // The phase: blocks start where the fewest activations cross into them.
  unsigned bestPhase = 0, bestLive = ~0u;
  for (unsigned t = 0; t < bestK && (bestCover - t) / bestK >= 2; ++t) {
    unsigned first = at[bestFrom + t];
    unsigned crossing = first ? live[first - 1] : 0;
    if (crossing < bestLive) {
      bestLive = crossing;
      bestPhase = t;
    }
  }
  InferredBlocks found;
  found.blocks = (bestCover - bestPhase) / bestK;
  found.opsPerBlock = bestK;
  found.liveAtBoundaries = bestLive;
  for (unsigned b = 0; b < found.blocks; ++b) {
    unsigned first = at[bestFrom + bestPhase + b * bestK];
    unsigned next = bestFrom + bestPhase + (b + 1) * bestK;
    unsigned end = next < m ? at[next] : n;
    for (unsigned p = first; p < end; ++p)
      found.blockOf[forward[p]] = b;
  }
  return found;
}
