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

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace remat;

bool remat::isDonatedDestination(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def || !isa<RankedTensorType>(value.getType()) || !value.hasOneUse())
    return false;
  OpOperand &use = *value.use_begin();
  Operation *owner = use.getOwner();
  auto dps = dyn_cast<DestinationStyleOpInterface>(owner);
  if (!dps || owner->getBlock() != def->getBlock() ||
      owner->getNumResults() != 1 ||
      owner->getResult(0).getType() != value.getType() ||
      !dps.hasPureTensorSemantics())
    return false;
  // A linalg op on tensors has one init per result, its last operands: the
  // interface's init queries build an operand-segment attribute per call.
  if (isa<linalg::LinalgOp>(owner)) {
    if (use.getOperandNumber() + 1 != owner->getNumOperands())
      return false;
  } else if (dps.getNumDpsInits() != 1 || !dps.isDpsInit(&use)) {
    return false;
  }
  // Its producer must run again for each clone of the consumer.
  return !def->hasTrait<OpTrait::ConstantLike>() &&
         getPolicyOverride(def) == PolicyOverride::None && canRunTwice(def);
}

OpOperand *remat::getAliasedOperand(Operation *op) {
  // (A linalg op's one result: its one init, the last operand.)
  if (isa<linalg::LinalgOp>(op) && op->getNumResults() == 1 &&
      op->getNumOperands() > 0) {
    OpOperand *init = &op->getOpOperand(op->getNumOperands() - 1);
    return isDonatedDestination(init->get()) ? init : nullptr;
  }
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(op))
    if (dps.getNumDpsInits() == 1 && op->getNumResults() == 1) {
      OpOperand *init = dps.getDpsInitOperand(0);
      return isDonatedDestination(init->get()) ? init : nullptr;
    }
  // A view lives in its first operand's buffer; its other operands, if any,
  // say where (tosa.reshape's shape, tosa.slice's start and size).
  auto costed = dyn_cast<CostOpInterface>(op);
  if (costed && costed.getOpClass() == OpClass::View &&
      op->getNumOperands() >= 1 && op->getNumResults() >= 1 &&
      isa<TensorType>(op->getOperand(0).getType()))
    return &op->getOpOperand(0);
  return nullptr;
}

bool remat::isViewOp(Operation *op) { return getAliasedOperand(op); }

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
    OpOperand *aliased = getAliasedOperand(&op);
    for (Value result : op.getResults()) {
      if (aliased) {
        bufferOf[result] = getBuffer(aliased->get());
        continue;
      }
      intervals[result] = {pos, pos, getTensorBytes(result)};
    }
  }
  // Preallocated result buffers are live throughout, like the arguments
  // (each once; a returned argument is an argument).
  baseBytes = argumentBytes;
  llvm::DenseSet<Value> preallocated;
  if (results != ResultBuffers::Defined && !block.empty() &&
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
  // Lent results hold the temporaries XLA would place in them.
  bool lending = results == ResultBuffers::Lent;
  llvm::DenseSet<Value> lentTemps;
  if (lending) {
    SmallVector<BufferLife> resultLives, tempLives;
    SmallVector<Value> temps;
    for (Operation &op : block)
      for (Value result : op.getResults()) {
        auto it = intervals.find(result);
        if (it == intervals.end() || isHost(result))
          continue;
        BufferLife life{it->second.start, it->second.end, it->second.bytes};
        if (preallocated.contains(result)) {
          resultLives.push_back(life);
          continue;
        }
        temps.push_back(result);
        tempLives.push_back(life);
      }
    std::vector<uint8_t> lent;
    lendResultBuffers(resultLives, tempLives, lent);
    for (auto [temp, isLent] : llvm::zip_equal(temps, lent))
      if (isLent)
        lentTemps.insert(temp);
  }
  SmallVector<int64_t> delta(numOps + 1, 0), hostDelta(numOps + 1, 0);
  for (auto &[value, interval] : intervals) {
    if (preallocated.contains(value) || lentTemps.contains(value))
      continue;
    SmallVector<int64_t> &d = isHost(value) ? hostDelta : delta;
    d[interval.start] += interval.bytes;
    d[interval.end + 1] -= interval.bytes;
  }
  // The bytes each op needs at once, whatever else a plan keeps; with lent
  // results, as Defined counts them (getBoundingResultBuffers: an operand
  // may be lent).
  uint64_t neededBase = lending ? argumentBytes : baseBytes;
  peakLowerBound = baseBytes;
  for (Operation &op : block) {
    llvm::SmallDenseSet<Value, 8> buffers;
    uint64_t needed = neededBase;
    for (Value value : llvm::concat<Value>(op.getOperands(), op.getResults())) {
      Value buffer = getBuffer(value);
      if (isa<BlockArgument>(buffer) || !isa<TensorType>(buffer.getType()) ||
          (!lending && preallocated.contains(buffer)) || isHost(buffer) ||
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

void remat::lendResultBuffers(ArrayRef<BufferLife> results,
                              ArrayRef<BufferLife> temps,
                              std::vector<uint8_t> &lent) {
  lent.assign(temps.size(), 0);
  if (results.empty())
    return;
  // XLA makes the results' allocations in order of decreasing size (at equal
  // sizes in program order) and tries them from the last made: from the
  // smallest, at equal sizes the latest defined first. Here by size class
  // (ascending), each class's allocations latest defined first, so that
  // those defined after a temporary ends are a prefix of its class.
  SmallVector<unsigned> allocations(
      llvm::to_vector(llvm::seq<unsigned>(0, results.size())));
  llvm::sort(allocations, [&](unsigned a, unsigned b) {
    const BufferLife &x = results[a], &y = results[b];
    if (x.bytes != y.bytes)
      return x.bytes < y.bytes;
    if (x.start != y.start)
      return x.start > y.start;
    return a > b;
  });
  struct SizeClass {
    uint64_t bytes;
    unsigned begin, end; // into `allocations`
  };
  SmallVector<SizeClass> classes;
  for (auto [k, a] : llvm::enumerate(allocations)) {
    if (classes.empty() || classes.back().bytes != results[a].bytes)
      classes.push_back({results[a].bytes, static_cast<unsigned>(k),
                         static_cast<unsigned>(k)});
    classes.back().end = k + 1;
  }
  uint64_t largest = classes.back().bytes;
  unsigned lastDefined = 0;
  for (const BufferLife &result : results)
    lastDefined = std::max(lastDefined, result.start);
  // Only a temporary that ends before some result is defined, and is no
  // larger than the largest, can be lent; largest first, as XLA sorts.
  SmallVector<unsigned> order;
  for (auto [index, temp] : llvm::enumerate(temps))
    if (temp.bytes > 0 && temp.bytes <= largest && temp.end < lastDefined)
      order.push_back(index);
  llvm::sort(order, [&](unsigned a, unsigned b) {
    const BufferLife &x = temps[a], &y = temps[b];
    if (x.bytes != y.bytes)
      return x.bytes > y.bytes;
    if (x.start != y.start)
      return x.start < y.start;
    if (x.end != y.end)
      return x.end < y.end;
    return a < b;
  });
  // Per allocation (by its place in `allocations`), the lives of the
  // temporaries placed in it, disjoint and in order.
  std::vector<SmallVector<std::pair<unsigned, unsigned>, 2>> placed(
      allocations.size());
  // Places `temp` in the first allocation that takes it; whether one did.
  auto place = [&](const BufferLife &temp) {
    auto firstClass = llvm::partition_point(
        classes, [&](const SizeClass &c) { return c.bytes < temp.bytes; });
    for (auto c = firstClass; c != classes.end(); ++c) {
      // The allocations whose result is written after the temporary ends.
      ArrayRef<unsigned> members(allocations.data() + c->begin,
                                 allocations.data() + c->end);
      size_t candidates =
          llvm::partition_point(members,
                                [&](unsigned a) {
                                  return results[a].start > temp.end;
                                }) -
          members.begin();
      for (unsigned k = c->begin; k < c->begin + candidates; ++k) {
        auto &lives = placed[k];
        auto after = llvm::partition_point(
            lives, [&](const std::pair<unsigned, unsigned> &life) {
              return life.first <= temp.end;
            });
        if (after != lives.begin() && std::prev(after)->second >= temp.start)
          continue; // overlaps a temporary placed there
        lives.insert(after, {temp.start, temp.end});
        return true;
      }
    }
    return false;
  };
  for (unsigned index : order)
    lent[index] = place(temps[index]);
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
