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

#include "remat/Analysis/PlanSimulator.h"

#include "remat/Analysis/MemoryPlan.h"
#include "remat/Analysis/RecomputeChains.h"
#include "remat/Analysis/Debug.h"

#define DEBUG_TYPE "remat-simulator"

using namespace mlir;
using namespace remat;

PlanSimulator::PlanSimulator(const JointGraph &graph, const DeviceInfo &device,
                             ResultBuffers results, unsigned repeat)
    : repeat(std::max(repeat, 1u)) {
  ArrayRef<Operation *> bodyOps = graph.getOps();
  Block *body = bodyOps.front()->getBlock();
  for (BlockArgument arg : body->getArguments())
    argumentBytes += getTensorBytes(arg);
  baseBytes = argumentBytes;
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
  donated.assign(values.size(), 0);
  for (auto [index, op] : llvm::enumerate(bodyOps)) {
    Op &entry = ops[index];
    entry.forward = graph.isForward(op);
    entry.rewritten = !entry.forward && op != bodyOps.back();
    OpOperand *aliased = getAliasedOperand(op);
    entry.view = aliased != nullptr;
    // The rewrite visits nested ops in post-order, each op's operands in
    // order (applyRematPlan); clones are created in that order.
    entry.useBegin = uses.size();
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        uses.push_back(getValueId(operand));
    });
    entry.useEnd = uses.size();
    // The op's own operands come last, after its regions'.
    if (aliased)
      entry.aliasUse = entry.useEnd - entry.useBegin - op->getNumOperands() +
                       aliased->getOperandNumber();
    for (Value result : op->getResults())
      if (isDonatedDestination(result))
        donated[valueIds.lookup(result)] = 1;
    entry.numResults = op->getNumResults();
    if (entry.numResults)
      entry.firstResult = valueIds.lookup(op->getResult(0));
    if (op != bodyOps.back()) {
      entry.flops = getOpCost(op).flops;
      entry.time = device.opTime(op);
      stepTime += entry.time;
    }
    for (unsigned result : resultsOf(entry))
      forwardValue[result] = entry.forward;
    if (entry.view) {
      // Every result of a view aliases its operand's buffer.
      int operand = uses[entry.useBegin + entry.aliasUse];
      for (unsigned result : resultsOf(entry))
        originalRoot[result] = operand < 0 ? -1 : originalRoot[operand];
    }
  }
  // Preallocated (and lent) result buffers count in the base bytes, not
  // where they are defined. (The terminator is not rewritten: it returns
  // originals.)
  originalBytes = bytes;
  lending = results == ResultBuffers::Lent;
  if (results != ResultBuffers::Defined)
    for (int used : usesOf(ops.back())) {
      int root = used < 0 ? -1 : originalRoot[used];
      if (root >= 0 && originalBytes[root] > 0) {
        baseBytes += bytes[root];
        originalBytes[root] = 0;
        resultRoots.push_back(root);
      }
    }
  recloneOp.assign(values.size(), -1);
  recloneGapStart.assign(values.size(), -1);
  reclonesAt.resize(bodyOps.size());
  llvm::DenseMap<Operation *, unsigned> opIndex;
  for (auto [index, op] : llvm::enumerate(bodyOps))
    opIndex[op] = index;
  for (auto [value, gap] : getRecloneGaps(graph)) {
    unsigned id = valueIds.lookup(value), index = opIndex.lookup(gap.after);
    recloneOp[id] = index;
    recloneGapStart[id] = opIndex.lookup(gap.before);
    reclonesAt[index].push_back(id);
  }
  for (llvm::SmallVector<unsigned, 1> &list : reclonesAt)
    llvm::sort(list);
  // The prefix: the forward ops before the first one that the rewrite
  // changes.
  unsigned numPrefix = 0;
  while (numPrefix + 1 < ops.size() && ops[numPrefix].forward)
    ++numPrefix;
  buildPrefix(numPrefix);
  buildSparse();
  LLVM_DEBUG(llvm::dbgs() << "[remat-simulator] " << values.size()
                          << " values, " << ops.size() << " ops ("
                          << numPrefix << " before the first the rewrite "
                          << "changes), argument bytes " << argumentBytes
                          << ", step time " << stepTime << " s\n");
}

int PlanSimulator::getValueId(Value value) const {
  auto it = valueIds.find(value);
  return it == valueIds.end() ? -1 : static_cast<int>(it->second);
}

llvm::BitVector
PlanSimulator::toBits(const llvm::DenseSet<Value> &kept,
                      const llvm::DenseSet<Value> *reclone) const {
  unsigned n = values.size();
  bool reclones = reclone && !reclone->empty();
  llvm::BitVector bits(reclones ? 2 * n : n);
  for (Value value : kept) {
    int id = getValueId(value);
    if (id >= 0)
      bits.set(id);
  }
  if (reclones) {
    bits.set(n, 2 * n);
    for (Value value : *reclone) {
      int id = getValueId(value);
      if (id >= 0)
        bits.reset(n + id);
    }
  }
  return bits;
}

llvm::DenseSet<Value> PlanSimulator::toSet(const llvm::BitVector &plan) const {
  llvm::DenseSet<Value> set;
  for (unsigned id : plan.set_bits()) {
    if (id >= values.size())
      break;
    set.insert(values[id]);
  }
  return set;
}

llvm::DenseSet<Value>
PlanSimulator::recloneSet(const llvm::BitVector &plan) const {
  llvm::DenseSet<Value> set;
  unsigned n = values.size();
  if (n > 0 && plan.size() == 2 * n)
    for (unsigned id = 0; id < n; ++id)
      if (!plan.test(n + id) && !plan.test(id) && forwardValue[id] &&
          recloneOp[id] >= 0)
        set.insert(values[id]);
  return set;
}

/// Folds the bytes live at event `at` (events visited in order) into the
/// peak, the first event that reaches it and how many do.
static void notePeak(PlanSimulator::Result &result, unsigned at,
                     uint64_t live) {
  if (at == 0 || live > result.peakBytes) {
    result.peakBytes = std::max(result.peakBytes, live);
    result.peakEvent = at;
    result.peakCount = 0;
  }
  if (live == result.peakBytes)
    ++result.peakCount;
}

namespace remat {

/// One replay. Instances are the buffers of the rewritten function: ids below
/// the number of values are the originals, the others clones. A replay runs
/// from the start of the function (to build the prefix) or from the end of
/// the prefix.
class PlanSimulator::Replay {
public:
  Replay(const PlanSimulator &sim, const llvm::BitVector &kept, Detail *detail)
      : sim(sim), kept(kept), detail(detail), scratch(sim.acquireScratch()),
        instances(scratch->instances), cloneOf(scratch->cloneOf),
        delta(scratch->delta) {
    unsigned numValues = sim.values.size();
    bool fromPrefix = sim.prefix.built;
    instances.clear();
    instances.reserve(numValues * 2);
    if (fromPrefix) {
      instances.assign(sim.prefix.instances.begin(),
                       sim.prefix.instances.end());
      event = sim.prefix.numOps;
    } else {
      for (unsigned id = 0; id < numValues; ++id)
        instances.push_back(
            {static_cast<int>(id), 0, 0, sim.originalBytes[id]});
    }
    cloneOf.assign(numValues, -1);
    hasReclones = sim.hasReclones(kept);
    if (detail) {
      // The prefix defines its values at their op's index (it has no
      // clones) and uses nothing in the backward.
      detail->defEvent.assign(numValues, 0);
      for (unsigned id = 0; id < numValues && sim.defOp[id] < event; ++id)
        detail->defEvent[id] = sim.defOp[id];
      if (fromPrefix)
        detail->lastForwardUse = sim.prefix.lastForwardUse;
      else
        detail->lastForwardUse.assign(numValues, -1);
      detail->firstBackwardUse.assign(numValues, -1);
      detail->cloneEvent.assign(numValues, -1);
      detail->cloneEnd.assign(numValues, -1);
      detail->opOfEvent.clear();
      detail->eventTime.clear();
      for (unsigned at = 0; at < event; ++at) {
        detail->opOfEvent.push_back(at);
        detail->eventTime.push_back(sim.ops[at].time);
      }
    }
  }
  ~Replay() { sim.releaseScratch(std::move(scratch)); }

  /// Replays ops [begin, end) (the prefix, or the ops after it).
  void runOps(unsigned begin, unsigned end);
  /// Computes the live bytes and the result after the last op.
  Result finish();
  /// With lent result buffers: takes the temporaries lent to them out of
  /// the difference array.
  void unlendTemporaries();
  std::vector<Instance> takeInstances() { return std::move(instances); }

private:
  bool needsClone(int id) const {
    // A donated destination is cloned for every clone of its consumer,
    // kept or not (isDonatedDestination).
    return id >= 0 && sim.forwardValue[id] &&
           (!kept.test(id) || sim.donated[id]);
  }
  /// The instance an op of the rewritten function reads for value `id`.
  int mapped(int id, bool rewritten) const {
    return rewritten && needsClone(id) ? cloneOf[id] : id;
  }
  /// Before op `index`: forgets the clones of the values the plan
  /// re-clones there, and of their chains, as applyRematPlan does.
  void reclone(unsigned index) {
    if (!hasReclones)
      return;
    unsigned n = sim.values.size();
    for (unsigned id : sim.reclonesAt[index])
      if (!kept.test(n + id) && needsClone(id))
        forget(id);
  }
  /// As ChainCloner::forget: the value's clone, then its chain's.
  void forget(int id) {
    if (cloneOf[id] < 0)
      return;
    cloneOf[id] = -1;
    for (int used : sim.usesOf(sim.ops[sim.defOp[id]]))
      if (needsClone(used))
        forget(used);
  }
  /// Extends the buffer of `instance` to the current event, and notes where
  /// original buffers are used (for the solver).
  void use(int instance, bool forwardUse, bool backwardUse) {
    if (instance < 0)
      return;
    int buffer = instances[instance].root;
    if (buffer < 0)
      return;
    instances[buffer].end = event;
    instances[buffer].backwardUse |= backwardUse;
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
  std::unique_ptr<Scratch> scratch;
  // The scratch's buffers, reused from one replay to the next.
  std::vector<Instance> &instances;
  /// Per value: its clone instance, or -1.
  std::vector<int> &cloneOf;
  std::vector<int64_t> &delta;
  unsigned event = 0;
  /// The op being replayed (clones go before it).
  unsigned currentOp = 0;
  /// Whether the plan re-clones any value.
  bool hasReclones = false;
  Result result;
};

} // namespace remat

void PlanSimulator::Replay::materialize(int id) {
  if (cloneOf[id] >= 0)
    return;
  const Op &op = sim.ops[sim.defOp[id]];
  ArrayRef<int> opUses = sim.usesOf(op);
  for (int used : opUses)
    if (needsClone(used))
      materialize(used);
  int aliased = -1;
  for (auto [i, used] : llvm::enumerate(opUses)) {
    int instance = mapped(used, /*rewritten=*/true);
    if (op.view && i == op.aliasUse)
      aliased = instance;
    use(instance, /*forwardUse=*/false, /*backwardUse=*/true);
  }
  unsigned first = instances.size();
  for (unsigned value : PlanSimulator::resultsOf(op)) {
    int instance = instances.size();
    instances.push_back({instance, 0, 0, sim.bytes[value]});
    if (!kept.test(value) || sim.donated[value]) {
      cloneOf[value] = instance;
      if (detail)
        detail->cloneEvent[value] = event;
    }
  }
  define(op, first, op.numResults, aliased);
  result.recomputeFlops += op.flops;
  result.recomputeTime += op.time;
  ++result.numClones;
  if (detail) {
    detail->opOfEvent.push_back(currentOp);
    detail->eventTime.push_back(op.time);
  }
  ++event;
}

void PlanSimulator::Replay::runOps(unsigned begin, unsigned end) {
  for (unsigned index = begin; index < end; ++index) {
    const Op &op = sim.ops[index];
    ArrayRef<int> opUses = sim.usesOf(op);
    bool rewritten = op.rewritten;
    currentOp = index;
    if (rewritten) {
      reclone(index);
      for (int used : opUses)
        if (needsClone(used))
          materialize(used);
    }
    int aliased = -1;
    for (auto [i, used] : llvm::enumerate(opUses)) {
      int instance = mapped(used, rewritten);
      if (op.view && i == op.aliasUse)
        aliased = instance;
      use(instance, op.forward, rewritten);
    }
    if (op.numResults)
      define(op, op.firstResult, op.numResults, aliased);
    if (detail) {
      for (unsigned value : PlanSimulator::resultsOf(op))
        detail->defEvent[value] = event;
      detail->opOfEvent.push_back(index);
      detail->eventTime.push_back(op.time);
    }
    ++event;
  }
}

PlanSimulator::Result PlanSimulator::Replay::finish() {
  // Live bytes per event: a difference array over the buffers' intervals
  // (less those lent to result buffers).
  unsigned numEvents = event;
  intervalsToDelta(instances, numEvents, delta);
  if (sim.lending)
    unlendTemporaries();
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
  int64_t live = sim.baseBytes;
  result.peakBytes = sim.baseBytes;
  for (unsigned at = 0; at < numEvents; ++at) {
    live += delta[at];
    if (detail)
      detail->live[at] = live;
    notePeak(result, at, live);
  }
  // (The prefix's own replay has no backward: nothing is held.)
  if (sim.prefix.built) {
    uint64_t held = 0;
    for (unsigned id = 0; id < cloneOf.size(); ++id)
      if (sim.forwardValue[id] && instances[id].root == static_cast<int>(id) &&
          instances[id].backwardUse)
        held += instances[id].size;
    sim.addHeldBytes(held, result);
  }
  return result;
}

void PlanSimulator::Replay::unlendTemporaries() {
  std::vector<BufferLife> &results = scratch->resultLives,
                          &temps = scratch->tempLives;
  std::vector<unsigned> &ids = scratch->tempIds;
  results.clear();
  temps.clear();
  ids.clear();
  for (unsigned root : sim.resultRoots)
    results.push_back({instances[root].start, instances[root].end,
                       sim.bytes[root]});
  for (auto [index, instance] : llvm::enumerate(instances))
    if (instance.root == static_cast<int>(index) && instance.size > 0) {
      temps.push_back({instance.start, instance.end, instance.size});
      ids.push_back(index);
    }
  lendResultBuffers(results, temps, scratch->lent);
  for (auto [id, lent] : llvm::zip_equal(ids, scratch->lent))
    if (lent) {
      delta[instances[id].start] -= instances[id].size;
      delta[instances[id].end + 1] += instances[id].size;
    }
}

void PlanSimulator::intervalsToDelta(ArrayRef<Instance> instances,
                                     unsigned numEvents,
                                     std::vector<int64_t> &delta) {
  delta.assign(numEvents + 1, 0);
  for (auto [index, instance] : llvm::enumerate(instances)) {
    if (instance.root != static_cast<int>(index))
      continue; // a view, or an alias of an argument
    delta[instance.start] += instance.size;
    delta[instance.end + 1] -= instance.size;
  }
}

void PlanSimulator::buildPrefix(unsigned numOps) {
  // Forward ops read the originals under every plan: the kept set does not
  // matter here.
  llvm::BitVector none(values.size());
  Detail detail;
  Replay replay(*this, none, &detail);
  replay.runOps(0, numOps);
  prefix.instances = replay.takeInstances();
  prefix.lastForwardUse = std::move(detail.lastForwardUse);
  prefix.numOps = numOps;
  prefix.built = true;
}

void PlanSimulator::buildSparse() {
  unsigned numValues = values.size();
  unsigned numOps = ops.size();
  // Backward views of forward values live in the buffer that the rewritten
  // function gives the forward value.
  sparse.aliasOf.assign(numValues, -1);
  for (unsigned index = prefix.numOps; index < numOps; ++index) {
    const Op &op = ops[index];
    if (!op.rewritten || !op.view)
      continue;
    int operand = uses[op.useBegin + op.aliasUse];
    int alias = operand < 0             ? -1
                : forwardValue[operand] ? operand
                                        : sparse.aliasOf[operand];
    for (unsigned r : resultsOf(op))
      sparse.aliasOf[r] = alias;
  }
  // The forward values' buffers are tracked: whether their originals are
  // read after the forward depends on the plan (kept values are read by the
  // backward and by clones; the others die after their last forward use).
  std::vector<int> trackedRoot(numValues, -1);
  for (unsigned id = 0; id < numValues; ++id) {
    int root = originalRoot[id];
    if (!forwardValue[id] || root < 0 || trackedRoot[root] >= 0)
      continue;
    trackedRoot[root] = sparse.tracked.size();
    const Instance &after = prefix.instances[root];
    bool inPrefix = defOp[root] < prefix.numOps;
    sparse.tracked.push_back({static_cast<int>(sparse.tracked.size()),
                              inPrefix ? after.start : 0u,
                              inPrefix ? after.end : 0u, originalBytes[root]});
  }
  sparse.trackedOf.assign(numValues, -1);
  for (unsigned id = 0; id < numValues; ++id)
    if (forwardValue[id] && originalRoot[id] >= 0)
      sparse.trackedOf[id] = trackedRoot[originalRoot[id]];
  // The sites, and the fixed buffers' last uses (by op index).
  std::vector<int> fixedEnd(numValues, -1);
  for (unsigned index = 0; index < numOps; ++index) {
    const Op &op = ops[index];
    Sparse::Site site{index, op.rewritten,
                      static_cast<unsigned>(sparse.siteUses.size()), 0,
                      static_cast<unsigned>(sparse.siteDefs.size()), 0};
    for (int used : usesOf(op)) {
      if (used < 0)
        continue;
      if (forwardValue[used] || sparse.aliasOf[used] >= 0) {
        sparse.siteUses.push_back(used);
        continue;
      }
      int root = originalRoot[used];
      if (root >= 0)
        fixedEnd[root] = index;
    }
    for (unsigned r : resultsOf(op))
      if (trackedRoot[r] >= 0)
        sparse.siteDefs.push_back(r);
    site.useEnd = sparse.siteUses.size();
    site.defEnd = sparse.siteDefs.size();
    if (index < prefix.numOps) {
      // The prefix's uses and definitions are in `tracked` already.
      sparse.siteUses.resize(site.useBegin);
      sparse.siteDefs.resize(site.defBegin);
      continue;
    }
    if (site.useBegin != site.useEnd || site.defBegin != site.defEnd)
      sparse.sites.push_back(site);
  }
  // The fixed buffers: every other root, from its op to its last use.
  std::vector<int64_t> delta(numOps + 1, 0);
  std::vector<uint64_t> starting(numOps, 0);
  for (unsigned id = 0; id < numValues; ++id) {
    if (originalRoot[id] != static_cast<int>(id) || trackedRoot[id] >= 0 ||
        sparse.aliasOf[id] >= 0)
      continue;
    unsigned start = defOp[id];
    unsigned end = std::max<int>(start, fixedEnd[id]);
    delta[start] += originalBytes[id];
    delta[end + 1] -= originalBytes[id];
    starting[start] += originalBytes[id];
  }
  sparse.fixedAtOp.resize(numOps);
  sparse.fixedAtGap.resize(numOps);
  int64_t live = 0;
  for (unsigned index = 0; index < numOps; ++index) {
    live += delta[index];
    sparse.fixedAtOp[index] = live;
    sparse.fixedAtGap[index] = live - starting[index];
  }
}

namespace remat {

/// The fast replay (see Sparse): the same steps as Replay on the sites
/// alone. Instances are the tracked buffers, then the clones.
class PlanSimulator::SparseReplay {
public:
  SparseReplay(const PlanSimulator &sim, const llvm::BitVector &kept)
      : sim(sim), sparse(sim.sparse), kept(kept),
        scratch(sim.acquireScratch()), instances(scratch->instances),
        cloneOf(scratch->sparseCloneOf), gaps(scratch->gaps),
        touched(scratch->touched) {
    instances.assign(sparse.tracked.begin(), sparse.tracked.end());
    if (cloneOf.size() != sim.values.size())
      cloneOf.assign(sim.values.size(), -1);
    gaps.clear();
    touched.clear();
  }
  ~SparseReplay() {
    for (unsigned id : touched)
      cloneOf[id] = -1;
    sim.releaseScratch(std::move(scratch));
  }

  Result run();

private:
  bool needsClone(int id) const {
    // A donated destination is cloned for every clone of its consumer,
    // kept or not (isDonatedDestination).
    return id >= 0 && sim.forwardValue[id] &&
           (!kept.test(id) || sim.donated[id]);
  }
  /// The instance an op reads for value `id` (-1: a fixed buffer or an
  /// argument).
  int mapped(int id, bool rewritten) const {
    if (id < 0)
      return -1;
    if (rewritten && needsClone(id))
      return cloneOf[id];
    if (sim.forwardValue[id])
      return sparse.trackedOf[id];
    int alias = sparse.aliasOf[id];
    if (alias < 0)
      return -1;
    return needsClone(alias) ? cloneOf[alias] : sparse.trackedOf[alias];
  }
  void use(int instance, bool backwardUse) {
    if (instance < 0)
      return;
    int buffer = instances[instance].root;
    if (buffer >= 0) {
      instances[buffer].end = event;
      instances[buffer].backwardUse |= backwardUse;
    }
  }
  void materialize(int id, unsigned op);

  const PlanSimulator &sim;
  const Sparse &sparse;
  const llvm::BitVector &kept;
  std::unique_ptr<Scratch> scratch;
  std::vector<Instance> &instances;
  std::vector<int> &cloneOf;
  std::vector<std::pair<unsigned, unsigned>> &gaps;
  std::vector<unsigned> &touched;
  unsigned event = 0;
  unsigned clones = 0;
  Result result;
};

} // namespace remat

void PlanSimulator::SparseReplay::materialize(int id, unsigned index) {
  if (cloneOf[id] >= 0)
    return;
  const Op &op = sim.ops[sim.defOp[id]];
  ArrayRef<int> opUses = sim.usesOf(op);
  for (int used : opUses)
    if (needsClone(used))
      materialize(used, index);
  event = index + clones;
  int aliased = -1;
  for (auto [i, used] : llvm::enumerate(opUses)) {
    int instance = mapped(used, /*rewritten=*/true);
    if (op.view && i == op.aliasUse)
      aliased = instance;
    use(instance, /*backwardUse=*/true);
  }
  for (unsigned value : PlanSimulator::resultsOf(op)) {
    int instance = instances.size();
    int root = instance;
    if (op.view)
      root = aliased < 0 ? -1 : instances[aliased].root;
    instances.push_back({root, event, event, sim.bytes[value]});
    if (!kept.test(value) || sim.donated[value]) {
      cloneOf[value] = instance;
      touched.push_back(value);
    }
  }
  result.recomputeFlops += op.flops;
  result.recomputeTime += op.time;
  ++result.numClones;
  ++clones;
  if (gaps.empty() || gaps.back().first != index)
    gaps.push_back({index, 0});
  ++gaps.back().second;
}

PlanSimulator::Result PlanSimulator::SparseReplay::run() {
  for (const Sparse::Site &site : sparse.sites) {
    ArrayRef<int> siteUses(sparse.siteUses.data() + site.useBegin,
                           sparse.siteUses.data() + site.useEnd);
    // (Plans with re-clones take the full replay: simulate().)
    if (site.rewritten)
      for (int used : siteUses)
        if (needsClone(used))
          materialize(used, site.op);
    event = site.op + clones;
    for (int used : siteUses)
      use(mapped(used, site.rewritten), site.rewritten);
    for (unsigned d = site.defBegin; d < site.defEnd; ++d) {
      Instance &entry = instances[sparse.trackedOf[sparse.siteDefs[d]]];
      entry.start = entry.end = event;
    }
  }
  // Live bytes per event: the fixed buffers' by op (or gap), plus a
  // difference array over the tracked buffers and the clones.
  unsigned numOps = sim.ops.size();
  std::vector<int64_t> &delta = scratch->delta;
  intervalsToDelta(instances, numOps + clones, delta);
  int64_t tracked = 0;
  uint64_t base = sim.baseBytes;
  unsigned at = 0;
  auto visit = [&](uint64_t fixed) {
    tracked += delta[at];
    notePeak(result, at, base + fixed + tracked);
    ++at;
  };
  result.peakBytes = base;
  size_t gap = 0;
  for (unsigned index = 0; index < numOps; ++index) {
    if (gap < gaps.size() && gaps[gap].first == index) {
      for (unsigned c = 0; c < gaps[gap].second; ++c)
        visit(sparse.fixedAtGap[index]);
      ++gap;
    }
    visit(sparse.fixedAtOp[index]);
  }
  uint64_t held = 0;
  for (unsigned index = 0; index < sparse.tracked.size(); ++index)
    if (instances[index].root == static_cast<int>(index) &&
        instances[index].backwardUse)
      held += instances[index].size;
  sim.addHeldBytes(held, result);
  return result;
}

bool PlanSimulator::hasReclones(const llvm::BitVector &plan) const {
  unsigned n = values.size();
  return n > 0 && plan.size() == 2 * n && plan.find_first_unset_in(n, 2 * n) >= 0;
}

PlanSimulator::Result PlanSimulator::simulate(const llvm::BitVector &kept,
                                              Detail *detail) const {
  numSimulations.fetch_add(1, std::memory_order_relaxed);
  // The sparse replay gives a backward view of a recomputed value the
  // buffer of the value's one clone; with re-clones that depends on when the
  // view was made, which only the full replay follows.
  // With lent result buffers, which temporaries are lent depends on every
  // buffer's life: only the full replay has them all.
  if (!detail && !hasReclones(kept) && !lending)
    return SparseReplay(*this, kept).run();
  Replay replay(*this, kept, detail);
  replay.runOps(prefix.numOps, ops.size());
  return replay.finish();
}

std::unique_ptr<PlanSimulator::Scratch> PlanSimulator::acquireScratch() const {
  std::lock_guard<std::mutex> lock(scratchMutex);
  if (scratchPool.empty())
    return std::make_unique<Scratch>();
  std::unique_ptr<Scratch> scratch = std::move(scratchPool.back());
  scratchPool.pop_back();
  return scratch;
}

void PlanSimulator::releaseScratch(std::unique_ptr<Scratch> scratch) const {
  std::lock_guard<std::mutex> lock(scratchMutex);
  scratchPool.push_back(std::move(scratch));
}
