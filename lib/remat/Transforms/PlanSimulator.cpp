//===- PlanSimulator.cpp - peak bytes of a plan without rewriting ---------===//
//
// The replay follows applyRematPlan (Rematerialize.cpp) step by step: ops run
// in program order; before a backward op, each of its uses of a forward value
// that is not kept is materialized, recursively, as clones placed in the
// order in which the rewrite creates them; a clone of a value is made once and
// shared. Every op and clone is an event; each buffer lives from the event
// that defines it through the last event that uses it or one of its views,
// as in MemoryPlan, and a difference array over events gives the live bytes.
//
//===----------------------------------------------------------------------===//

#include "remat/Transforms/PlanSimulator.h"

#include "remat/Analysis/MemoryPlan.h"

using namespace mlir;
using namespace remat;

PlanSimulator::PlanSimulator(const JointGraph &graph,
                             const DeviceInfo &device) {
  ArrayRef<Operation *> bodyOps = graph.getOps();
  Block *body = bodyOps.front()->getBlock();
  for (BlockArgument arg : body->getArguments())
    argumentBytes += getTensorBytes(arg);
  for (auto [index, op] : llvm::enumerate(bodyOps))
    for (Value result : op->getResults()) {
      valueIds[result] = values.size();
      values.push_back(result);
      defOp.push_back(index);
      bytes.push_back(getTensorBytes(result));
      // Views are redirected to their operand's root below.
      originalRoot.push_back(static_cast<int>(values.size()) - 1);
    }
  ops.resize(bodyOps.size());
  forwardValue.assign(values.size(), 0);
  for (auto [index, op] : llvm::enumerate(bodyOps)) {
    Op &entry = ops[index];
    entry.forward = graph.isForward(op);
    entry.view = isViewOp(op);
    // The rewrite visits nested ops in post-order, each op's operands in
    // order (applyRematPlan); clones are created in that order.
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        entry.uses.push_back(getValueId(operand));
    });
    for (Value result : op->getResults())
      entry.results.push_back(valueIds.lookup(result));
    if (op != bodyOps.back()) {
      entry.flops = getOpCost(op).flops;
      entry.time = device.opTime(op);
      stepTime += entry.time;
    }
    for (unsigned result : entry.results)
      forwardValue[result] = entry.forward;
    if (entry.view) {
      // Every result of a view aliases its operand's buffer.
      int operand = entry.uses.empty() ? -1 : entry.uses.front();
      for (unsigned result : entry.results)
        originalRoot[result] = operand < 0 ? -1 : originalRoot[operand];
    }
  }
}

int PlanSimulator::getValueId(Value value) const {
  auto it = valueIds.find(value);
  return it == valueIds.end() ? -1 : static_cast<int>(it->second);
}

llvm::BitVector PlanSimulator::toBits(const llvm::DenseSet<Value> &kept) const {
  llvm::BitVector bits(values.size());
  for (Value value : kept) {
    int id = getValueId(value);
    if (id >= 0)
      bits.set(id);
  }
  return bits;
}

llvm::DenseSet<Value> PlanSimulator::toSet(const llvm::BitVector &kept) const {
  llvm::DenseSet<Value> set;
  for (unsigned id : kept.set_bits())
    set.insert(values[id]);
  return set;
}

namespace remat {

/// One replay. Instances are the buffers of the rewritten function: ids below
/// the number of values are the originals, the others clones.
class PlanSimulator::Replay {
public:
  Replay(const PlanSimulator &sim, const llvm::BitVector &kept, Detail *detail)
      : sim(sim), kept(kept), detail(detail), instances(sim.scratch.instances),
        cloneOf(sim.scratch.cloneOf), delta(sim.scratch.delta) {
    unsigned numValues = sim.values.size();
    instances.clear();
    instances.reserve(numValues * 2);
    for (unsigned id = 0; id < numValues; ++id)
      instances.push_back({static_cast<int>(id), 0, 0, sim.bytes[id]});
    cloneOf.assign(numValues, -1);
    if (detail) {
      detail->defEvent.assign(numValues, 0);
      detail->lastForwardUse.assign(numValues, -1);
      detail->firstBackwardUse.assign(numValues, -1);
      detail->cloneEvent.assign(numValues, -1);
      detail->cloneEnd.assign(numValues, -1);
    }
  }

  Result run();

private:
  bool needsClone(int id) const {
    return id >= 0 && sim.forwardValue[id] && !kept.test(id);
  }
  /// The instance an op of the rewritten function reads for value `id`.
  int mapped(int id, bool rewritten) const {
    return rewritten && needsClone(id) ? cloneOf[id] : id;
  }
  /// Extends the buffer of `instance` to the current event, and notes where
  /// original buffers are used (for the solver).
  void use(int instance, bool forwardUse) {
    if (instance < 0)
      return;
    int buffer = instances[instance].root;
    if (buffer < 0)
      return;
    instances[buffer].end = event;
    // Only original buffers are tracked (a backward view of a clone is an
    // original value living in a clone's buffer).
    if (!detail || buffer >= static_cast<int>(cloneOf.size()))
      return;
    if (forwardUse)
      detail->lastForwardUse[buffer] = event;
    else if (detail->firstBackwardUse[buffer] < 0)
      detail->firstBackwardUse[buffer] = event;
  }
  /// Starts the buffers of `op`'s results (given as instances) at the
  /// current event; a view aliases the buffer of its operand `aliased`.
  void define(const Op &op, unsigned first, unsigned count, int aliased) {
    for (unsigned instance = first; instance < first + count; ++instance) {
      Instance &entry = instances[instance];
      entry.start = entry.end = event;
      if (op.view)
        entry.root = aliased < 0 ? -1 : instances[aliased].root;
    }
  }
  /// Clones the producer chain of `id` before the current op, as
  /// applyRematPlan's ChainCloner::materialize does; the recursion is as deep
  /// as the longest chain.
  void materialize(int id);

  const PlanSimulator &sim;
  const llvm::BitVector &kept;
  Detail *detail;
  // Buffers of the simulator, reused from one replay to the next.
  std::vector<Instance> &instances;
  /// Per value: its clone instance, or -1.
  std::vector<int> &cloneOf;
  std::vector<int64_t> &delta;
  unsigned event = 0;
  Result result;
};

} // namespace remat

void PlanSimulator::Replay::materialize(int id) {
  if (cloneOf[id] >= 0)
    return;
  const Op &op = sim.ops[sim.defOp[id]];
  for (int used : op.uses)
    if (needsClone(used))
      materialize(used);
  int aliased = -1;
  for (auto [i, used] : llvm::enumerate(op.uses)) {
    int instance = mapped(used, /*rewritten=*/true);
    if (i == 0)
      aliased = instance;
    use(instance, /*forwardUse=*/false);
  }
  unsigned first = instances.size();
  for (unsigned value : op.results) {
    int instance = instances.size();
    instances.push_back({instance, 0, 0, sim.bytes[value]});
    if (!kept.test(value)) {
      cloneOf[value] = instance;
      if (detail)
        detail->cloneEvent[value] = event;
    }
  }
  define(op, first, op.results.size(), aliased);
  result.recomputeFlops += op.flops;
  result.recomputeTime += op.time;
  ++result.numClones;
  ++event;
}

PlanSimulator::Result PlanSimulator::Replay::run() {
  unsigned terminator = sim.ops.size() - 1;
  for (unsigned index = 0; index < sim.ops.size(); ++index) {
    const Op &op = sim.ops[index];
    bool rewritten = !op.forward && index != terminator;
    if (rewritten)
      for (int used : op.uses)
        if (needsClone(used))
          materialize(used);
    int aliased = -1;
    for (auto [i, used] : llvm::enumerate(op.uses)) {
      int instance = mapped(used, rewritten);
      if (i == 0)
        aliased = instance;
      use(instance, op.forward);
    }
    if (!op.results.empty())
      define(op, op.results.front(), op.results.size(), aliased);
    if (detail)
      for (unsigned value : op.results)
        detail->defEvent[value] = event;
    ++event;
  }

  // Live bytes per event: a difference array over the buffers' intervals.
  unsigned numEvents = event;
  delta.assign(numEvents + 1, 0);
  for (auto [index, instance] : llvm::enumerate(instances)) {
    if (instance.root != static_cast<int>(index))
      continue; // a view, or an alias of an argument
    delta[instance.start] += instance.size;
    delta[instance.end + 1] -= instance.size;
  }
  if (detail) {
    for (auto [value, clone] : llvm::enumerate(cloneOf))
      if (clone >= 0 && instances[clone].root >= 0)
        detail->cloneEnd[value] = instances[instances[clone].root].end;
    detail->live.resize(numEvents);
    detail->bufferEnd.resize(cloneOf.size());
    for (unsigned id = 0; id < cloneOf.size(); ++id)
      detail->bufferEnd[id] = instances[id].end;
    for (int &first : detail->firstBackwardUse)
      if (first < 0)
        first = numEvents;
  }
  int64_t live = sim.argumentBytes;
  result.peakBytes = sim.argumentBytes;
  for (unsigned at = 0; at < numEvents; ++at) {
    live += delta[at];
    if (detail)
      detail->live[at] = live;
    if (at == 0 || static_cast<uint64_t>(live) > result.peakBytes) {
      result.peakBytes = std::max<uint64_t>(result.peakBytes, live);
      result.peakEvent = at;
      result.peakCount = 0;
    }
    if (static_cast<uint64_t>(live) == result.peakBytes)
      ++result.peakCount;
  }
  return result;
}

PlanSimulator::Result PlanSimulator::simulate(const llvm::BitVector &kept,
                                              Detail *detail) const {
  return Replay(*this, kept, detail).run();
}
