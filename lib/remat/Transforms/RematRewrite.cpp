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
///
/// fenceRecomputedOps then makes the clones read what they do not recompute
/// through a fence op, so that a downstream compiler's CSE, which would see
/// twins of the forward's ops, cannot merge them back.
//
//===----------------------------------------------------------------------===//

#include "remat/Transforms/RematRewrite.h"

#include "remat/Analysis/MemoryPlan.h"
#include "remat/Analysis/RecomputeChains.h"
#include "remat/Dialect/Remat/RematDialect.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace remat;

namespace {

/// Clones recompute chains into the backward pass.
class ChainCloner {
public:
  ChainCloner(const JointGraph &graph, const RematPlan &plan)
      : graph(graph), plan(plan), body(graph.getOps().front()->getBlock()) {}

  /// Whether a backward use of `value` must be redirected to a clone.
  bool needsClone(Value value) const {
    Operation *def = value.getDefiningOp();
    // A donated destination is written in place by its consumer: a clone
    // of the consumer gets a clone of it, kept or not (MemoryPlan.h).
    return def && def->getBlock() == body && graph.isForward(def) &&
           (!plan.kept.contains(value) || isDonatedDestination(value));
  }

  /// The recomputed copy of `value`, cloning its chain before `user` the
  /// first time it is asked for.
  Value materialize(Value value, Operation *user) {
    if (Value clone = clones.lookup(value))
      return clone;
    Operation *def = value.getDefiningOp();
    IRMapping mapping;
    // Operands and the values its regions capture, as the plan simulator
    // visits them.
    forEachInput(def, [&](Value input) {
      if (needsClone(input) && !mapping.contains(input))
        mapping.map(input, materialize(input, user));
    });
    OpBuilder builder(user);
    Operation *clone = builder.clone(*def, mapping);
    made.push_back({clone, user});
    for (auto [original, copy] :
         llvm::zip_equal(def->getResults(), clone->getResults()))
      if (!plan.kept.contains(original) || isDonatedDestination(original))
        clones[original] = copy;
    return clones.lookup(value);
  }

  /// Drops the clones of `value` and of its chain, so that the next read
  /// clones the chain again.
  void forget(Value value) {
    if (!clones.erase(value))
      return;
    forEachInput(value.getDefiningOp(), [&](Value input) {
      if (needsClone(input))
        forget(input);
    });
  }

  /// Each clone made, with the backward op it was made before, in order.
  SmallVector<RecomputedOp> made;

private:
  const JointGraph &graph;
  const RematPlan &plan;
  Block *body;
  llvm::DenseMap<Value, Value> clones;
};

} // namespace

void remat::eraseDeadOps(Block &body) {
  // Last first, and erasing only the op at hand: the iterator stays valid.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (isOpTriviallyDead(&op))
      op.erase();
}

/// A destination made only to be written: tensor.empty, or linalg.fill.
static bool isFreshDestination(Operation *op) {
  return isa<tensor::EmptyOp, linalg::FillOp>(op) && op->getNumResults() == 1;
}

/// The destination operands of `op`, a destination-style op on tensors, or
/// none. (A linalg op on tensors has one init per result, its last
/// operands: the interface's init queries build an operand-segment
/// attribute per call.)
static SmallVector<OpOperand *, 2> getInits(Operation *op) {
  SmallVector<OpOperand *, 2> inits;
  auto dps = dyn_cast<DestinationStyleOpInterface>(op);
  if (!dps || !dps.hasPureTensorSemantics())
    return inits;
  if (isa<linalg::LinalgOp>(op))
    for (OpOperand &operand : op->getOpOperands().take_back(op->getNumResults()))
      inits.push_back(&operand);
  else
    for (OpOperand &operand : dps.getDpsInitsMutable())
      inits.push_back(&operand);
  return inits;
}

/// A copy of the fresh destination `def`, made at `builder`'s point with
/// copies of its own fresh destinations (a fill's tensor.empty), which the
/// original and its copies would otherwise share.
static Value copyDestination(Operation *def, OpBuilder &builder) {
  IRMapping mapping;
  for (OpOperand *init : getInits(def)) {
    Operation *inner = init->get().getDefiningOp();
    if (inner && inner->getBlock() == def->getBlock() &&
        isFreshDestination(inner) && !mapping.contains(init->get()))
      mapping.map(init->get(), copyDestination(inner, builder));
  }
  return builder.clone(*def, mapping)->getResult(0);
}

unsigned remat::splitSharedDestinations(Block &body) {
  unsigned split = 0;
  // The fresh destinations that more than one op reads: each writer gets a
  // copy, the last one too (left the original, it would hold a buffer from
  // where the original is, often far above it).
  SmallVector<Operation *> ops;
  llvm::SmallPtrSet<Operation *, 32> shared;
  for (Operation &op : body) {
    ops.push_back(&op);
    if (isFreshDestination(&op) && !op.getResult(0).hasOneUse())
      shared.insert(&op);
  }
  // One pass: each copy made with copies of its own destinations, before
  // the op at hand (which the list, made first, has reached).
  for (Operation *op : ops)
    for (OpOperand *init : getInits(op)) {
      Operation *def = init->get().getDefiningOp();
      if (!def || !shared.contains(def))
        continue;
      OpBuilder builder(op);
      init->set(copyDestination(def, builder));
      ++split;
    }
  if (split)
    eraseDeadOps(body);
  return split;
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

SmallVector<RecomputedOp> remat::applyRematPlan(const JointGraph &graph,
                                                const RematPlan &plan) {
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
  return std::move(cloner.made);
}

unsigned remat::fenceRecomputedOps(ArrayRef<RecomputedOp> recomputed,
                                   StringRef fence) {
  if (fence.empty())
    return 0;
  llvm::SmallPtrSet<Operation *, 32> clones;
  for (const RecomputedOp &r : recomputed)
    clones.insert(r.clone);
  // One fence per value and chain (the clones made before one backward op),
  // made before the chain's first reader of the value.
  llvm::DenseMap<std::pair<Operation *, Value>, Value> fences;
  for (const RecomputedOp &r : recomputed) {
    SmallVector<Value> inputs;
    forEachInput(r.clone, [&](Value input) {
      Operation *def = input.getDefiningOp();
      if (!(def && (clones.contains(def) ||
                    def->hasTrait<OpTrait::ConstantLike>())))
        inputs.push_back(input);
    });
    for (Value input : inputs) {
      Value &fenced = fences[{r.before, input}];
      if (!fenced) {
        OpBuilder builder(r.clone);
        OperationState state(input.getLoc(), fence);
        state.addOperands(input);
        state.addTypes(input.getType());
        fenced = builder.create(state)->getResult(0);
      }
      r.clone->walk([&](Operation *nested) {
        for (OpOperand &use : nested->getOpOperands())
          if (use.get() == input)
            use.set(fenced);
      });
    }
  }
  return fences.size();
}
