//===- RematRewrite.cpp - applying a plan to the IR ------------------------===//
//
/// Backward ops are visited in program order; when one uses a saved
/// activation that is not kept, the value's producer chain is cloned right
/// before that op (its first backward use) and every later backward use
/// shares the clone. Chains stop at kept values and arguments, and chain
/// members that another recomputed value already cloned are reused, so
/// nothing is recomputed twice, unless the plan re-clones a value: at its
/// reclone op (the first backward read after the widest gap between its
/// reads), the clones of its chain are forgotten and made again, so the
/// first ones die before the gap. The forward originals then die at their
/// last forward use. Last, each offloaded value gets a remat.offload before
/// its offload point and a remat.prefetch before its prefetch point (events
/// of the function as the clones leave it: the plan simulator's), offloads
/// first at one point, and its reads from the prefetch point on read the
/// prefetch.
//
//===----------------------------------------------------------------------===//

#include "remat/Transforms/RematRewrite.h"

#include "remat/Analysis/RecomputeChains.h"
#include "remat/Dialect/Remat/RematDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace remat;

namespace {

/// Clones recompute chains into the backward pass.
class ChainCloner {
public:
  ChainCloner(const JointGraph &graph, const RematPlan &plan)
      : graph(graph), plan(plan) {}

  /// Whether a backward use of `value` must be redirected to a clone.
  bool needsClone(Value value) const {
    Operation *def = value.getDefiningOp();
    return def && graph.isForward(def) && !plan.kept.contains(value);
  }

  /// The recomputed copy of `value`, cloning its chain before `user` the
  /// first time it is asked for.
  Value materialize(Value value, Operation *user) {
    if (Value clone = clones.lookup(value))
      return clone;
    Operation *def = value.getDefiningOp();
    IRMapping mapping;
    for (Value operand : def->getOperands())
      if (needsClone(operand))
        mapping.map(operand, materialize(operand, user));
    OpBuilder builder(user);
    Operation *clone = builder.clone(*def, mapping);
    for (auto [original, copy] :
         llvm::zip_equal(def->getResults(), clone->getResults()))
      if (!plan.kept.contains(original))
        clones[original] = copy;
    return clones.lookup(value);
  }

  /// Drops the clones of `value` and of its chain, so that the next read
  /// clones the chain again.
  void forget(Value value) {
    if (!clones.erase(value))
      return;
    for (Value operand : value.getDefiningOp()->getOperands())
      if (needsClone(operand))
        forget(operand);
  }

private:
  const JointGraph &graph;
  const RematPlan &plan;
  llvm::DenseMap<Value, Value> clones;
};

} // namespace

void remat::eraseDeadOps(Block &body) {
  // Last first, and erasing only the op at hand: the iterator stays valid.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (isOpTriviallyDead(&op))
      op.erase();
}

/// The copies of the plan's offloaded values (OffloadModel.h).
static void insertOffloads(Block *body, const RematPlan &plan) {
  if (plan.offloads.empty())
    return;
  SmallVector<Operation *> events;
  llvm::DenseMap<Operation *, unsigned> position;
  for (Operation &op : *body) {
    position[&op] = events.size();
    events.push_back(&op);
  }
  SmallVector<Value> hosts;
  for (const OffloadDecision &d : plan.offloads) {
    assert(d.copy.offloadEvent < static_cast<int>(events.size()) &&
           "offload point past the function");
    OpBuilder builder(events[d.copy.offloadEvent]);
    hosts.push_back(
        OffloadOp::create(builder, d.value.getLoc(), d.value.getType(), d.value)
            .getResult());
  }
  // At one point, prefetches in the order of their first reads (the order
  // the offload model issues them in).
  SmallVector<unsigned> order(plan.offloads.size());
  for (unsigned i = 0; i < order.size(); ++i)
    order[i] = i;
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return std::make_pair(plan.offloads[a].copy.firstBackwardRead, a) <
           std::make_pair(plan.offloads[b].copy.firstBackwardRead, b);
  });
  for (unsigned i : order) {
    const OffloadDecision &d = plan.offloads[i];
    assert(d.copy.prefetchEvent < static_cast<int>(events.size()) &&
           "prefetch point past the function");
    OpBuilder builder(events[d.copy.prefetchEvent]);
    Value device = PrefetchOp::create(builder, d.value.getLoc(),
                                      d.value.getType(), hosts[i])
                       .getResult();
    unsigned from = d.copy.prefetchEvent;
    Value value = d.value;
    value.replaceUsesWithIf(device, [&](OpOperand &use) {
      auto it = position.find(body->findAncestorOpInBlock(*use.getOwner()));
      return it != position.end() && it->second >= from;
    });
  }
}

void remat::applyRematPlan(const JointGraph &graph, const RematPlan &plan) {
  ChainCloner cloner(graph, plan);
  Operation *terminator = graph.getOps().back();
  llvm::DenseMap<Operation *, SmallVector<Value>> reclonesAt;
  if (!plan.reclone.empty())
    for (auto [value, gap] : getRecloneGaps(graph))
      if (plan.reclone.contains(value))
        reclonesAt[gap.after].push_back(value);
  // The list is a snapshot of the original ops: clones are never revisited.
  for (Operation *op : graph.getOps()) {
    if (op == terminator || graph.isForward(op))
      continue;
    auto it = reclonesAt.find(op);
    if (it != reclonesAt.end())
      for (Value value : it->second)
        if (cloner.needsClone(value))
          cloner.forget(value);
    op->walk([&](Operation *nested) {
      for (OpOperand &use : nested->getOpOperands())
        if (cloner.needsClone(use.get()))
          use.set(cloner.materialize(use.get(), op));
    });
  }
  insertOffloads(terminator->getBlock(), plan);
}
