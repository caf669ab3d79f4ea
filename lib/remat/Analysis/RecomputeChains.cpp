//===- RecomputeChains.cpp - what a recompute clones ----------------------===//

#include "remat/Analysis/RecomputeChains.h"

#include "remat/Analysis/CostModel.h"
#include "remat/Dialect/Remat/RematDialect.h"

#include "llvm/ADT/MapVector.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace remat;

bool remat::isRecomputable(Operation *op, const JointGraph &graph) {
  return op->getBlock() == graph.getOps().front()->getBlock() &&
         graph.isForward(op) && canRunTwice(op) &&
         getPolicyOverride(op) != PolicyOverride::Save &&
         getPolicyOverride(op) != PolicyOverride::Offload;
}

static void walkInputs(Operation *op, function_ref<void(Value)> fn);

void remat::forEachInput(Operation *op, function_ref<void(Value)> fn) {
  OpCostCache *cache = OpCostCache::active();
  if (!cache || op->getNumRegions() == 0)
    return walkInputs(op, fn);
  auto it = cache->inputs.find(op);
  if (it == cache->inputs.end()) {
    SmallVector<Value, 4> inputs;
    walkInputs(op, [&](Value input) { inputs.push_back(input); });
    it = cache->inputs.try_emplace(op, std::move(inputs)).first;
  }
  for (Value input : it->second)
    fn(input);
}

static void walkInputs(Operation *op, function_ref<void(Value)> fn) {
  op->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands()) {
      // Values defined inside `op` (its regions' arguments and ops) are not
      // inputs.
      auto arg = dyn_cast<BlockArgument>(operand);
      Operation *owner =
          arg ? arg.getOwner()->getParentOp() : operand.getDefiningOp();
      if (owner && op->isAncestor(owner))
        continue;
      fn(operand);
    }
  });
}

llvm::DenseMap<Value, RecloneGap>
remat::getRecloneGaps(const JointGraph &graph) {
  // The backward ops that read each forward value, in program order.
  llvm::MapVector<Value, SmallVector<unsigned, 4>> readers;
  ArrayRef<Operation *> ops = graph.getOps();
  for (unsigned index = 0; index + 1 < ops.size(); ++index) {
    Operation *op = ops[index];
    if (graph.isForward(op))
      continue;
    Block *body = op->getBlock();
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (!def || def->getBlock() != body || !graph.isForward(def))
          continue;
        SmallVector<unsigned, 4> &list = readers[operand];
        if (list.empty() || list.back() != index)
          list.push_back(index);
      }
    });
  }
  llvm::DenseMap<Value, RecloneGap> gaps;
  for (auto &[value, list] : readers) {
    unsigned widest = 0, at = 0;
    for (unsigned i = 1; i < list.size(); ++i)
      if (list[i] - list[i - 1] > widest) {
        widest = list[i] - list[i - 1];
        at = i;
      }
    if (widest > 0)
      gaps[value] = {ops[list[at - 1]], ops[list[at]]};
  }
  return gaps;
}

bool remat::collectRecomputeChain(Value value,
                                  function_ref<bool(Value)> available,
                                  function_ref<bool(Operation *)> counted,
                                  const JointGraph &graph,
                                  llvm::SetVector<Operation *> &chain,
                                  Value &blocker) {
  // Iterative post-order DFS so that producers precede their users.
  llvm::DenseSet<Operation *> visited;
  SmallVector<std::pair<Operation *, bool>> stack;
  auto push = [&](Value v) -> bool {
    Operation *def = v.getDefiningOp();
    if (!def || available(v) || counted(def) || visited.contains(def))
      return true;
    if (!isRecomputable(def, graph)) {
      blocker = v;
      return false;
    }
    visited.insert(def);
    stack.push_back({def, false});
    return true;
  };
  // The value itself must be recomputed even if it is "available".
  Operation *root = value.getDefiningOp();
  if (!root || !isRecomputable(root, graph)) {
    blocker = value;
    return false;
  }
  if (counted(root))
    return true;
  visited.insert(root);
  stack.push_back({root, false});
  while (!stack.empty()) {
    auto [op, expanded] = stack.back();
    if (expanded) {
      stack.pop_back();
      chain.insert(op);
      continue;
    }
    stack.back().second = true;
    bool blocked = false;
    forEachInput(op, [&](Value input) {
      if (!blocked && !push(input))
        blocked = true;
    });
    if (blocked)
      return false;
  }
  return true;
}
