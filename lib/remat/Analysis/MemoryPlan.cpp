//===- MemoryPlan.cpp - liveness and peak bytes of a function -------------===//
//
// One pass over the block assigns each value its buffer (views map to their
// operand's buffer) and each buffer its live interval [definition, last use of
// any of its views]. A difference array over op positions then gives the live
// bytes at every op in linear time.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/MemoryPlan.h"

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/JointGraph.h"
#include "remat/Dialect/Remat/RematDialect.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace remat;

bool remat::isViewOp(Operation *op) {
  auto costed = dyn_cast<CostOpInterface>(op);
  return costed && costed.getOpClass() == OpClass::View &&
         op->getNumOperands() == 1 && op->getNumResults() >= 1;
}

Value MemoryPlan::getBuffer(Value value) const {
  auto it = bufferOf.find(value);
  return it == bufferOf.end() ? value : it->second;
}

MemoryPlan::MemoryPlan(Block &block, ResultBuffers results) {
  for (BlockArgument arg : block.getArguments())
    argumentBytes += getTensorBytes(arg);

  llvm::DenseMap<Operation *, unsigned> position;
  unsigned numOps = 0;
  for (Operation &op : block)
    position[&op] = numOps++;

  // Buffers in order of definition with their [start, end] interval.
  struct Interval {
    unsigned start, end;
    uint64_t bytes;
  };
  llvm::DenseMap<Value, Interval> intervals;
  for (Operation &op : block) {
    unsigned pos = position[&op];
    bool view = isViewOp(&op);
    for (Value result : op.getResults()) {
      if (view) {
        bufferOf[result] = getBuffer(op.getOperand(0));
        continue;
      }
      intervals[result] = {pos, pos, getTensorBytes(result)};
    }
  }
  // Preallocated result buffers are live throughout, like the arguments
  // (each once; a returned argument is an argument).
  baseBytes = argumentBytes;
  llvm::DenseSet<Value> preallocated;
  if (results == ResultBuffers::Preallocated && !block.empty() &&
      block.back().hasTrait<OpTrait::IsTerminator>())
    for (Value operand : block.back().getOperands()) {
      Value buffer = getBuffer(operand);
      if (intervals.contains(buffer) && preallocated.insert(buffer).second)
        baseBytes += intervals.lookup(buffer).bytes;
    }
  // Extend each buffer to the last use of any value that lives in it.
  auto extend = [&](Value value) {
    auto it = intervals.find(getBuffer(value));
    if (it == intervals.end())
      return; // an argument: live throughout
    for (Operation *user : value.getUsers()) {
      Operation *top = block.findAncestorOpInBlock(*user);
      if (top)
        it->second.end = std::max(it->second.end, position[top]);
    }
  };
  for (Operation &op : block)
    for (Value result : op.getResults())
      extend(result);

  // Host buffers (remat.offload's results) are counted apart.
  auto isHost = [](Value buffer) {
    return buffer.getDefiningOp<OffloadOp>() != nullptr;
  };
  SmallVector<int64_t> delta(numOps + 1, 0), hostDelta(numOps + 1, 0);
  for (auto &[value, interval] : intervals) {
    if (preallocated.contains(value))
      continue;
    SmallVector<int64_t> &d = isHost(value) ? hostDelta : delta;
    d[interval.start] += interval.bytes;
    d[interval.end + 1] -= interval.bytes;
  }
  // The bytes each op needs at once, whatever else a plan keeps.
  peakLowerBound = baseBytes;
  for (Operation &op : block) {
    llvm::SmallDenseSet<Value, 8> buffers;
    uint64_t needed = baseBytes;
    for (Value value : llvm::concat<Value>(op.getOperands(), op.getResults())) {
      Value buffer = getBuffer(value);
      if (isa<BlockArgument>(buffer) || !isa<TensorType>(buffer.getType()) ||
          preallocated.contains(buffer) || isHost(buffer) ||
          !buffers.insert(buffer).second)
        continue;
      needed += getTensorBytes(buffer);
    }
    peakLowerBound = std::max(peakLowerBound, needed);
  }
  liveBytes.resize(numOps);
  int64_t live = baseBytes, host = 0;
  peakBytes = baseBytes;
  unsigned pos = 0;
  for (Operation &op : block) {
    host += hostDelta[pos];
    hostPeakBytes = std::max<uint64_t>(hostPeakBytes, host);
    live += delta[pos];
    liveBytes[pos++] = live;
    if (!peakOp || static_cast<uint64_t>(live) > peakBytes) {
      peakBytes = std::max<uint64_t>(peakBytes, live);
      peakOp = &op;
    }
  }
}

uint64_t MemoryPlan::getSavedActivationBytes(const JointGraph &graph) const {
  llvm::DenseSet<Value> buffers;
  uint64_t total = 0;
  for (Value value : graph.getSavedActivations()) {
    Value buffer = getBuffer(value);
    if (isa<BlockArgument>(buffer) || !buffers.insert(buffer).second)
      continue;
    total += getTensorBytes(buffer);
  }
  return total;
}
