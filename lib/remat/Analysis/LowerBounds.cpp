//===- LowerBounds.cpp - what no plan can beat -----------------------------===//
//
// The certificate's analysis: which buffers some plan may free at each op
// (FreeableBuffers), the covers of the bytes that must be free where policy
// none holds more than a peak, and the least peak (docs/AutoPolicy.md, "The
// certificate").
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/LowerBounds.h"

#include "remat/Analysis/CoverMILP.h"
#include "remat/Analysis/MemoryPlan.h"
#include "remat/Analysis/RecomputeChains.h"
#include "remat/Dialect/Remat/RematDialect.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"

#include "remat/Analysis/Debug.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#define DEBUG_TYPE "remat-bounds"

using namespace mlir;
using namespace remat;

namespace {
/// Where a buffer must stay live in every plan (reads by surviving forward
/// ops and the terminator), its last read, and where backward ops read it.
struct Span {
  unsigned keepEnd = 0, lastUse = 0;
  /// The positions of the backward ops that read it, in order, per value
  /// living in it (the buffer itself and its views).
  llvm::SmallMapVector<Value, SmallVector<unsigned, 4>, 2> backwardReads;
};

/// A buffer a plan may free strictly between two positions: for the price
/// of one run of the op that defines it, or for nothing (`free`).
struct Freeable {
  Operation *def;
  Value buffer;
  unsigned from, to; // free strictly between
  uint64_t bytes;
  bool free;
};

/// What any plan of the rewrite may free, and where: the first half of the
/// certificate (recomputeTimeLowerBound), and of the least-peak bound.
struct FreeableBuffers {
  FreeableBuffers(func::FuncOp func, const JointGraph &graph,
                  ResultBuffers results, bool reclone);
  Block &body;
  MemoryPlan memory;
  llvm::DenseMap<Operation *, unsigned> position;
  SmallVector<Operation *> ops; // by position
  // In program order (first read), so that everything built from it, and
  // the searches over it, do not depend on where values live in memory.
  llvm::MapVector<Value, Span> spans;
  SmallVector<Freeable> freeable;
  /// Where plans may re-clone (RecloneGap::after), in order.
  SmallVector<unsigned> recloneOps;
  /// What every plan holds at each op (none's live bytes less what some plan
  /// may free there), and at each gap m, just before op m, where the clones
  /// for op m are made (none's bytes live across it, less the same).
  std::vector<uint64_t> heldAtOp, heldAtGap;
  /// Whether every plan holds `buffer` at op q (across gap m): an argument,
  /// a preallocated result, or a buffer none holds there that no plan frees.
  bool heldAt(Value buffer, unsigned q) const;
  bool heldAcross(Value buffer, unsigned m) const;
  /// The first op at or after `m` that a backward op is, among the readers
  /// of values living in `buffer`; 0 if none.
  unsigned nextBackwardRead(Value buffer, unsigned m) const;

private:
  bool mayFree(Value buffer, unsigned first, unsigned last) const;
  llvm::DenseSet<Value> preallocated;
  llvm::DenseMap<Value, SmallVector<unsigned, 2>> itemsOf; // into freeable
};
} // namespace

FreeableBuffers::FreeableBuffers(func::FuncOp func, const JointGraph &graph,
                                 ResultBuffers results, bool reclone)
    : body(func.getBody().front()),
      memory(body, getBoundingResultBuffers(results)) {
  results = getBoundingResultBuffers(results);
  for (auto [i, op] : llvm::enumerate(body)) {
    position[&op] = i;
    ops.push_back(&op);
  }

  // Forward ops that run in every plan: those whose results the terminator
  // or another such op reads, and those that cannot be recomputed. The
  // others feed only the backward; a plan that recomputes all they feed
  // drops them from the forward, and their buffers with them.
  llvm::DenseSet<Operation *> survives;
  for (Operation &op : llvm::reverse(body)) {
    if (op.hasTrait<OpTrait::IsTerminator>() || !graph.isForward(&op) ||
        !canRunTwice(&op)) {
      survives.insert(&op);
      continue;
    }
    for (Value result : op.getResults())
      for (Operation *user : result.getUsers()) {
        Operation *top = body.findAncestorOpInBlock(*user);
        if (top && survives.contains(top) &&
            (graph.isForward(top) || top->hasTrait<OpTrait::IsTerminator>()))
          survives.insert(&op);
      }
  }
  if (reclone)
    for (auto [value, gap] : getRecloneGaps(graph))
      recloneOps.push_back(position[gap.after]);
  llvm::sort(recloneOps);
  // Per buffer: where it must stay live in every plan (reads by surviving
  // forward ops and the terminator), its last read, and where backward ops
  // read it.
  for (Operation &op : body) {
    Operation *top = &op;
    unsigned pos = position[top];
    bool keeps = top->hasTrait<OpTrait::IsTerminator>() ||
                 (graph.isForward(top) && survives.contains(top));
    op.walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Value buffer = memory.getBuffer(operand);
        if (isa<BlockArgument>(buffer))
          continue;
        Span &span = spans[buffer];
        span.lastUse = std::max(span.lastUse, pos);
        if (keeps) {
          span.keepEnd = std::max(span.keepEnd, pos);
        } else if (!graph.isForward(top)) {
          SmallVector<unsigned, 4> &reads = span.backwardReads[operand];
          if (reads.empty() || reads.back() != pos)
            reads.push_back(pos);
        }
      }
    });
  }
  // Freeable buffers grouped by the op that defines them (one run of the op
  // frees all of its results). A buffer no backward op reads is freeable
  // only if its op may be dropped, and then for free (what is recomputed is
  // paid for by the buffers the backward reads).
  for (auto &[buffer, span] : spans) {
    Operation *def = buffer.getDefiningOp();
    if (!def || !graph.isForward(def) || !canRunTwice(def) ||
        getPolicyOverride(def) == PolicyOverride::Save)
      continue;
    bool readByBackward = !span.backwardReads.empty();
    if (!readByBackward && survives.contains(def))
      continue;
    // After its last surviving forward read, a plan may free the buffer, for
    // the price of one run of its op (or for nothing, if no backward op
    // reads it). Each value living in it (the buffer itself or a view) that
    // the backward reads holds its bytes from its first backward read to its
    // last in every plan: kept, the original holds them; recomputed, one
    // clone of the buffer does (made at or before that first read, living
    // to the value's last use, a view of it holding it as long). The
    // exception is a re-clone, which forgets the value between two of its
    // consecutive backward reads around a reclone op (of any value, whose
    // chain may go through it). Between the spans of different values the
    // buffer may be free: a kept view holds the original to its last read,
    // and a later value's clone is made anew (what the property checker
    // found a `full` plan do).
    uint64_t bytes = getTensorBytes(buffer);
    // Before its op runs (at `defined`) the buffer holds nothing to free.
    unsigned defined = position[def];
    unsigned start = std::max(span.keepEnd, defined ? defined - 1 : 0);
    if (!readByBackward) {
      freeable.push_back(
          {def, buffer, start, span.lastUse + 1, bytes, /*free=*/true});
      continue;
    }
    SmallVector<std::pair<unsigned, unsigned>> held; // [first, last] reads
    for (auto &[value, reads] : span.backwardReads) {
      unsigned first = reads.front();
      for (auto [from, to] :
           llvm::zip(ArrayRef(reads).drop_back(), ArrayRef(reads).drop_front())) {
        auto a = llvm::upper_bound(recloneOps, from);
        if (a != recloneOps.end() && *a <= to) {
          held.push_back({first, from});
          first = to;
        }
      }
      held.push_back({first, reads.back()});
    }
    llvm::sort(held);
    unsigned from = start;
    for (auto [first, last] : held) {
      if (first > from)
        freeable.push_back({def, buffer, from, first, bytes, /*free=*/false});
      from = std::max(from, last);
    }
  }

  if (results == ResultBuffers::Preallocated && !body.empty() &&
      body.back().hasTrait<OpTrait::IsTerminator>())
    for (Value operand : body.back().getOperands())
      preallocated.insert(memory.getBuffer(operand));
  // A buffer free strictly between `from` and `to` is free at the ops
  // from + 1 to `to` - 1, and at the gaps from + 1 to `to` (released after
  // its read at `from`, its clone made at gap `to` at the latest), where
  // none holds it.
  ArrayRef<uint64_t> live = memory.getLiveBytes();
  size_t n = live.size();
  std::vector<int64_t> atOp(n + 2, 0), atGap(n + 2, 0);
  for (auto [i, f] : llvm::enumerate(freeable)) {
    itemsOf[f.buffer].push_back(i);
    unsigned last = std::min<unsigned>(f.to, spans.lookup(f.buffer).lastUse);
    unsigned first = std::max<unsigned>(f.from, position[f.def]) + 1;
    if (first <= last) {
      atGap[first] += f.bytes;
      atGap[last + 1] -= f.bytes;
    }
    unsigned end = std::min(f.to - 1, last);
    if (f.from + 1 <= end) {
      atOp[f.from + 1] += f.bytes;
      atOp[end + 1] -= f.bytes;
    }
  }
  heldAtOp.assign(n, 0);
  heldAtGap.assign(n + 1, 0);
  int64_t freeAtOp = 0, freeAtGap = 0;
  for (auto [m, op] : llvm::enumerate(body)) {
    freeAtOp += atOp[m];
    freeAtGap += atGap[m];
    heldAtOp[m] = live[m] - std::min<uint64_t>(live[m], freeAtOp);
    uint64_t across = live[m];
    if (!isViewOp(&op))
      for (Value result : op.getResults())
        if (!preallocated.contains(result))
          across -= std::min(across, getTensorBytes(result));
    heldAtGap[m] = across - std::min<uint64_t>(across, freeAtGap);
  }
}

/// Whether some item of `buffer` has from < first and last < to.
bool FreeableBuffers::mayFree(Value buffer, unsigned first,
                              unsigned last) const {
  auto items = itemsOf.find(buffer);
  if (items != itemsOf.end())
    for (unsigned i : items->second)
      if (freeable[i].from < first && last < freeable[i].to)
        return true;
  return false;
}

bool FreeableBuffers::heldAt(Value buffer, unsigned q) const {
  if (isa<BlockArgument>(buffer) || preallocated.contains(buffer))
    return true;
  auto span = spans.find(buffer);
  return span != spans.end() && position.lookup(buffer.getDefiningOp()) <= q &&
         q <= span->second.lastUse && !mayFree(buffer, q, q);
}

bool FreeableBuffers::heldAcross(Value buffer, unsigned m) const {
  if (isa<BlockArgument>(buffer) || preallocated.contains(buffer))
    return true;
  auto span = spans.find(buffer);
  return span != spans.end() && position.lookup(buffer.getDefiningOp()) < m &&
         m <= span->second.lastUse && !mayFree(buffer, m, m - 1);
}

unsigned FreeableBuffers::nextBackwardRead(Value buffer, unsigned m) const {
  auto span = spans.find(buffer);
  unsigned next = 0;
  if (span != spans.end())
    for (auto &[value, reads] : span->second.backwardReads) {
      auto it = llvm::lower_bound(reads, m);
      if (it != reads.end() && (!next || *it < next))
        next = *it;
    }
  return next;
}

namespace {
// What a run of a freed buffer's op needs that no plan holds for free:
// an input buffer that only this op, or ops charged to it already, read
// (directly or through views), that a recomputable forward op defines
// and no backward op reads. Where such an input is dead in policy none
// (past its last use), a plan that frees the buffer there and re-runs
// its op later holds the input across that point (bytes none does not
// hold) or runs the input's op again after it. When the input is at
// least as large as what the freeing gains, holding it gains nothing
// (the cover without this freeing and without holding the input is as
// good and cheaper), so the input's op runs too, and so on up the inputs
// of that op. Each charged op's readers are all charged to the same
// freeing, so no op is charged to two (everything it computes flows into
// that one freed op). Listed readers first.
struct ChainOp {
  Operation *op;
  /// Indices of the charged ops that read it; -1 for the freed op.
  SmallVector<int, 2> readers;
  unsigned lastUse;
  uint64_t bytes;
};
} // namespace

namespace {
/// One over-peak position's cover: what is missing there, the ops that may
/// free bytes there (price, bytes), per item the ops that run for it (its
/// own first, then the inputs charged to it), and its cheapest cover alone.
struct PositionCover {
  uint64_t missing;
  llvm::MapVector<Operation *, std::pair<double, uint64_t>> items;
  SmallVector<SmallVector<Operation *, 2>> ran;
  double single;
};
} // namespace

struct LowerBounds::Impl {
  Impl(func::FuncOp func, const JointGraph &graph, const DeviceInfo &device,
       ResultBuffers results, bool reclone)
      : graph(graph), device(device),
        analysis(func, graph, results, reclone),
        heldAtOp(analysis.heldAtOp) {}
  double timeOf(Operation *op) {
    auto [it, inserted] = opTime.try_emplace(op, 0.0);
    if (inserted)
      it->second = device.opTime(op);
    return it->second;
  }
  ArrayRef<ChainOp> chainOf(Operation *def);
  uint64_t leastWhenRun(Operation *op, unsigned p, unsigned to);
  double recomputeTime(uint64_t peak, double enough, double milpSeconds,
                       double milpGap, bool runsChecked, bool *byMILP,
                       SmallVectorImpl<Operation *> *milpRuns);

  const JointGraph &graph;
  DeviceInfo device;
  FreeableBuffers analysis;
  llvm::DenseMap<Operation *, double> opTime;
  llvm::DenseMap<Operation *, SmallVector<ChainOp, 2>> chains;
  /// Per op and `to`, leastWhenRun at each p from the op's position.
  std::map<std::pair<Operation *, unsigned>, std::vector<uint64_t>> whenRun;
  /// What every plan holds at each op, as leastWhenRun counts it:
  /// analysis.heldAtOp, or more at a given peak (recomputeTime).
  ArrayRef<uint64_t> heldAtOp;
  /// The buffers it holds there beyond analysis.heldAtOp, by op.
  llvm::DenseSet<std::pair<Value, unsigned>> heldMore;
  /// leastWhenRun is asked about ops p >= lowest only (0 below), and only
  /// the ops over the peak can pass it (`overPeak`, in order).
  unsigned lowest = 0;
  SmallVector<unsigned> overPeak;
};

/// The least peak of any plan that runs `op` again at a gap in (p, to]
/// (docs/AutoPolicy.md, "Running it again"): clones are made at gaps, just
/// before the op that reads them (docs/Rematerialize.md). At that gap m the
/// op's inputs and results are all live beside what every plan holds
/// there. Each of them then lives on to its next backward read R (a clone
/// is shared by later reads; a kept value lives to its last), at least
/// from the last op in (m, R] where plans may re-clone, to R: its op may
/// run once more there and no other time. The least over m of the most
/// bytes held so.
uint64_t LowerBounds::Impl::leastWhenRun(Operation *op, unsigned p,
                                         unsigned to) {
  unsigned defined = analysis.position.lookup(op);
  if (p + 1 > to || p < defined)
    return std::numeric_limits<uint64_t>::max();
  if (p < lowest)
    return 0;
  defined = std::max(defined, lowest);
  auto [it, inserted] = whenRun.try_emplace({op, to});
  std::vector<uint64_t> &least = it->second;
  if (inserted) {
    llvm::SetVector<Value> io;
    for (Value value : llvm::concat<Value>(op->getOperands(), op->getResults()))
      if (isa<TensorType>(value.getType()))
        io.insert(analysis.memory.getBuffer(value));
    SmallVector<std::pair<Value, uint64_t>> buffers;
    for (Value buffer : io)
      buffers.push_back({buffer, getTensorBytes(buffer)});
    ArrayRef<unsigned> reclones = analysis.recloneOps;
    // Bytes at the ops over the peak (by index in overPeak): only there can
    // a buffer that lives on pass it, for none holds it at each op from m
    // to its next read, and so what every plan holds there plus it is at
    // most none's bytes.
    std::vector<uint64_t> extra(overPeak.size(), 0);
    SmallVector<unsigned> touched;
    least.assign(to - defined, std::numeric_limits<uint64_t>::max());
    uint64_t running = std::numeric_limits<uint64_t>::max();
    for (unsigned m = to; m > defined; --m) {
      uint64_t most = analysis.heldAtGap[m];
      for (auto [buffer, bytes] : buffers) {
        if (!analysis.heldAcross(buffer, m))
          most += bytes;
        // Its bytes at the ops after m that no plan holds anyway.
        unsigned next = analysis.nextBackwardRead(buffer, m);
        if (!next)
          continue;
        unsigned from = m;
        auto last = llvm::upper_bound(reclones, next);
        if (last != reclones.begin() && *std::prev(last) > m)
          from = *std::prev(last);
        for (auto q = llvm::lower_bound(overPeak, from);
             q != overPeak.end() && *q <= next; ++q)
          if (!analysis.heldAt(buffer, *q) &&
              !heldMore.contains({buffer, *q})) {
            unsigned k = q - overPeak.begin();
            if (!extra[k])
              touched.push_back(k);
            extra[k] += bytes;
          }
      }
      for (unsigned k : touched) {
        most = std::max(most, heldAtOp[overPeak[k]] + extra[k]);
        extra[k] = 0;
      }
      touched.clear();
      running = std::min(running, most);
      least[m - defined - 1] = running;
    }
  }
  return least[p - defined];
}

ArrayRef<ChainOp> LowerBounds::Impl::chainOf(Operation *def) {
  Block &body = analysis.body;
  const MemoryPlan &memory = analysis.memory;
  const llvm::MapVector<Value, Span> &spans = analysis.spans;
  auto [it, inserted] = chains.try_emplace(def);
  if (!inserted)
    return it->second;
  SmallVector<ChainOp, 2> chain;
  llvm::DenseMap<Operation *, int> index{{def, -1}};
  llvm::SetVector<Value> pending; // input buffers of charged ops
  auto collect = [&](Operation *reader) {
    for (Value input : reader->getOperands())
      pending.insert(memory.getBuffer(input));
  };
  // The ops that read `buffer` (through views), as chain indices, or
  // nothing if one of them is not charged to this freeing.
  auto chargedReaders = [&](Value buffer) -> std::optional<SmallVector<int, 2>> {
    SmallVector<int, 2> readers;
    SmallVector<Value> values{buffer};
    while (!values.empty()) {
      Value value = values.pop_back_val();
      for (Operation *user : value.getUsers()) {
        Operation *top = body.findAncestorOpInBlock(*user);
        if (!top)
          return std::nullopt;
        if (top == user && isViewOp(user) &&
            memory.getBuffer(user->getResult(0)) == buffer) {
          values.push_back(user->getResult(0));
          continue;
        }
        auto found = index.find(top);
        if (found == index.end())
          return std::nullopt;
        if (!llvm::is_contained(readers, found->second))
          readers.push_back(found->second);
      }
    }
    return readers;
  };
  collect(def);
  constexpr size_t kMaxChain = 64;
  for (bool grew = true; grew && chain.size() < kMaxChain;) {
    grew = false;
    for (size_t i = 0; i < pending.size() && chain.size() < kMaxChain; ++i) {
      Value buffer = pending[i];
      Operation *inputDef = buffer.getDefiningOp();
      if (!inputDef || index.count(inputDef) ||
          inputDef->getNumResults() != 1 || !graph.isForward(inputDef) ||
          !canRunTwice(inputDef))
        continue;
      auto span = spans.find(buffer);
      if (span == spans.end() || !span->second.backwardReads.empty())
        continue;
      std::optional<SmallVector<int, 2>> readers = chargedReaders(buffer);
      if (!readers)
        continue;
      index[inputDef] = static_cast<int>(chain.size());
      chain.push_back({inputDef, std::move(*readers), span->second.lastUse,
                       getTensorBytes(buffer)});
      collect(inputDef);
      grew = true;
    }
  }
  return chains[def] = std::move(chain);
}

LowerBounds::LowerBounds(func::FuncOp func, const JointGraph &graph,
                         const DeviceInfo &device, ResultBuffers results,
                         bool reclone)
    : impl(std::make_unique<Impl>(func, graph, device, results, reclone)) {}

LowerBounds::~LowerBounds() = default;

uint64_t LowerBounds::opNeed() const {
  return impl->analysis.memory.getPeakLowerBound();
}

PeakLowerBound LowerBounds::leastPeak() const {
  PeakLowerBound bound{impl->analysis.memory.getPeakLowerBound(), nullptr};
  for (auto [p, op] : llvm::enumerate(impl->analysis.body))
    if (impl->analysis.heldAtOp[p] > bound.bytes)
      bound = {impl->analysis.heldAtOp[p], &op};
  return bound;
}



/// Two positions at once: a plan covers both, so every surrogate of the
/// two covers (lambda times the first plus 1 - lambda times the second,
/// bytes and need alike) is a lower bound too, and one can exceed both
/// single covers where the positions need different ops freed. An op
/// freeable at both counts at the cheaper of its two prices (a plan may
/// free it at one only). Surrogate bytes are rounded down, one byte per
/// item taken off the need to keep it a bound. Only the positions of the
/// dearest single covers are paired (`needs` is sorted so), and only
/// while the bound is below `enough` (the plan's own recompute time: it
/// cannot go higher).
static double pairedCoverBound(MutableArrayRef<PositionCover> needs,
                               double enough) {
  llvm::sort(needs, [](const PositionCover &a, const PositionCover &b) {
    return a.single > b.single;
  });
  double bound = 0;
  constexpr size_t kPaired = 16;
  size_t k = std::min(needs.size(), kPaired);
  llvm::MapVector<Operation *, std::pair<double, std::array<uint64_t, 2>>>
      joint;
  SmallVector<std::pair<double, uint64_t>> items;
  for (size_t i = 0; i < k && bound < enough; ++i)
    for (size_t j = i + 1; j < k && bound < enough; ++j) {
      const PositionCover &a = needs[i], &b = needs[j];
      joint.clear();
      for (auto &[def, item] : a.items)
        joint[def] = {item.first, {item.second, 0}};
      for (auto &[def, item] : b.items) {
        auto [it, inserted] =
            joint.try_emplace(def, item.first, std::array<uint64_t, 2>{0, 0});
        it->second.first = std::min(it->second.first, item.first);
        it->second.second[1] = item.second;
      }
      for (double lambda : {0.25, 0.5, 0.75}) {
        items.clear();
        for (auto &[def, item] : joint)
          items.push_back(
              {item.first,
               static_cast<uint64_t>(lambda * item.second[0] +
                                     (1 - lambda) * item.second[1])});
        double need = std::ceil(lambda * a.missing + (1 - lambda) * b.missing);
        if (need <= items.size())
          continue;
        bound = std::max(
            bound,
            minimumCover(items, static_cast<uint64_t>(need) - items.size(),
                         /*maxNodes=*/200));
      }
    }
  return bound;
}

/// All positions at once (CoverMILP.h): each op is paid for once, and an
/// item frees its bytes only if all the ops charged to it run.
static std::optional<double>
jointCoverBound(ArrayRef<PositionCover> needs,
                llvm::function_ref<double(Operation *)> timeOf,
                double seconds, double enough,
                SmallVectorImpl<Operation *> *runs) {
  JointCoverProblem problem;
  llvm::MapVector<Operation *, unsigned> column;
  for (auto [position, need] : llvm::enumerate(needs)) {
    problem.missing.push_back(need.missing);
    for (auto [item, ran] : llvm::zip(need.items, need.ran)) {
      JointCoverProblem::Item entry{static_cast<unsigned>(position),
                                    item.second.second, {}};
      for (Operation *op : ran) {
        auto [it, inserted] = column.try_emplace(op, column.size());
        if (inserted)
          problem.opTimes.push_back(timeOf(op));
        entry.ops.push_back(it->second);
      }
      problem.items.push_back(std::move(entry));
    }
  }
  std::vector<unsigned> ran;
  std::optional<double> bound =
      solveJointCover(problem, seconds, enough, runs ? &ran : nullptr);
  if (runs)
    for (unsigned op : ran)
      runs->push_back(column.begin()[op].first);
  return bound;
}

double LowerBounds::recomputeTime(uint64_t peak, double enough,
                                  double milpSeconds, double milpGap,
                                  bool *byMILP,
                                  SmallVectorImpl<Operation *> *milpRuns,
                                  bool runsChecked) {
  ++numEvaluations;
  if (byMILP)
    *byMILP = false;
  if (milpRuns)
    milpRuns->clear();
  // Whether each item's op can run again at all (leastWhenRun) costs passes
  // over the ops each item spans: on small functions only, and only where
  // the covers without it leave the plan unproven.
  auto result = [&](double bound, const char *how) {
    LLVM_DEBUG(llvm::dbgs() << "[remat-bounds] peak " << peak
                            << " bytes: recompute time >= " << bound << " s ("
                            << how << (byMILP && *byMILP ? ", by the MILP" : "")
                            << ")\n");
    return bound;
  };
  if (!runsChecked ||
      impl->analysis.ops.size() > BoundConstants::kMaxCheckedOps)
    return result(impl->recomputeTime(peak, enough, milpSeconds, milpGap,
                                      false, byMILP, milpRuns),
                  "covers");
  double bound = impl->recomputeTime(peak, enough, 0, 0, false, nullptr,
                                     nullptr);
  if (bound >= enough * (1 - 1e-6))
    return result(bound, "covers, enough");
  return result(std::max(bound, impl->recomputeTime(peak, enough, milpSeconds,
                                                    milpGap, true, byMILP,
                                                    milpRuns)),
                "covers with the run-again check");
}

double LowerBounds::Impl::recomputeTime(uint64_t peak, double enough,
                                        double milpSeconds, double milpGap,
                                        bool runsChecked, bool *byMILP,
                                        SmallVectorImpl<Operation *> *milpRuns) {
  Impl *impl = this;
  ArrayRef<uint64_t> live = impl->analysis.memory.getLiveBytes();
  ArrayRef<Freeable> freeable = impl->analysis.freeable;
  auto timeOf = [&](Operation *op) { return impl->timeOf(op); };
  auto chainOf = [&](Operation *def) { return impl->chainOf(def); };
  // At this peak: a buffer no plan may free at an op (its op cannot run
  // again in time) is held there by every plan, which leastWhenRun then
  // counts; twice over.
  std::vector<uint64_t> heldHere;
  llvm::scope_exit restore([&] {
    impl->heldAtOp = impl->analysis.heldAtOp;
    impl->heldMore.clear();
    impl->overPeak.clear();
    impl->lowest = 0;
    impl->whenRun.clear();
  });
  if (runsChecked) {
    // (Only at the ops over the peak, the ones the covers look at.)
    SmallVector<unsigned> &overPeak = impl->overPeak;
    for (auto [q, bytes] : llvm::enumerate(live))
      if (bytes > peak)
        overPeak.push_back(q);
    impl->lowest = overPeak.empty() ? 0 : overPeak.front();
    heldHere = impl->analysis.heldAtOp;
    impl->heldAtOp = heldHere;
    for (int round = 0; round < 2; ++round) {
      impl->whenRun.clear();
      std::vector<uint64_t> next = heldHere;
      llvm::DenseSet<std::pair<Value, unsigned>> more = impl->heldMore;
      for (const Freeable &f : freeable) {
        if (f.free)
          continue;
        unsigned last = std::min<unsigned>(
            f.to - 1, impl->analysis.spans.lookup(f.buffer).lastUse);
        for (unsigned q : overPeak)
          if (f.from < q && q <= last && !more.contains({f.buffer, q}) &&
              impl->leastWhenRun(f.def, q, f.to) > peak) {
            more.insert({f.buffer, q});
            next[q] += f.bytes;
          }
      }
      heldHere = std::move(next);
      impl->heldAtOp = heldHere;
      impl->heldMore = std::move(more);
    }
    impl->whenRun.clear();
  }

  // Each over-peak position gives a bound by itself, so the maximum over any
  // subset of them is still one: on large functions only the positions of
  // largest excess are evaluated (each costs a pass over the freeable
  // buffers), which keeps the certificate linear in the function's size.
  constexpr size_t kMaxPositions = 256;
  SmallVector<std::pair<uint64_t, unsigned>> over; // (excess, position)
  for (auto [p, bytes] : llvm::enumerate(live))
    if (bytes > peak)
      over.push_back({bytes - peak, static_cast<unsigned>(p)});
  if (over.size() > kMaxPositions) {
    std::nth_element(over.begin(), over.begin() + kMaxPositions, over.end(),
                     [](auto a, auto b) { return a.first > b.first; });
    over.resize(kMaxPositions);
  }
  // The time a freeing of `freed` bytes by `def` costs at position `p`,
  // and the ops that run for it (`def` first).
  SmallVector<bool, 8> runs;
  auto freeingTime = [&](Operation *def, uint64_t freed, unsigned p,
                         SmallVectorImpl<Operation *> &ran) {
    double seconds = timeOf(def);
    ran.assign({def});
    ArrayRef<ChainOp> chain = chainOf(def);
    runs.assign(chain.size(), false);
    for (auto [i, link] : llvm::enumerate(chain)) {
      bool needed = llvm::any_of(
          link.readers, [&](int reader) { return reader < 0 || runs[reader]; });
      if (!needed || link.lastUse >= p || link.bytes < freed)
        continue;
      runs[i] = true;
      ran.push_back(link.op);
      seconds += timeOf(link.op);
    }
    return seconds;
  };
  double bound = 0;
  SmallVector<PositionCover> needs;
  for (auto [excess, p] : over) {
    uint64_t missing = excess;
    llvm::MapVector<Operation *, std::pair<uint64_t, unsigned>> byOp;
    for (auto [i, f] : llvm::enumerate(freeable)) {
      if (!(f.from < p && p < f.to))
        continue;
      if (f.free) {
        missing -= std::min(missing, f.bytes);
      } else if (!runsChecked || impl->leastWhenRun(f.def, p, f.to) <= peak) {
        auto &[bytes, by] = byOp[f.def];
        bytes += f.bytes;
        by = std::max(by, f.to);
      }
    }
    SmallVector<std::pair<double, uint64_t>> items; // (seconds, bytes)
    PositionCover need{missing, {}, {}, 0};
    SmallVector<Operation *, 2> ran;
    for (auto &[def, item] : byOp) {
      uint64_t freed = item.first;
      unsigned by = item.second, at = p;
      double seconds = freeingTime(def, freed, p, ran);
      // The inputs charged to it run again too, before it.
      if (runsChecked &&
          llvm::any_of(ArrayRef(ran).drop_front(), [&](Operation *op) {
            return impl->leastWhenRun(op, at, by) > peak;
          }))
        continue;
      need.ran.push_back(ran);
      items.push_back({seconds, freed});
      need.items[def] = items.back();
    }
    double cost = minimumCover(items, missing);
    if (std::isinf(cost))
      return cost;
    need.single = cost;
    needs.push_back(std::move(need));
    bound = std::max(bound, cost);
  }
  if (bound < enough)
    bound = std::max(bound, pairedCoverBound(needs, enough));
  // All positions at once (CoverMILP.h).
  if (bound < enough * (1 - milpGap) && milpSeconds > 0 && haveMILPSolver()) {
    std::optional<double> joint =
        jointCoverBound(needs, timeOf, milpSeconds, enough, milpRuns);
    if (joint && *joint > bound) {
      bound = *joint;
      if (byMILP)
        *byMILP = true;
    }
  }
  return bound;
}

double remat::recomputeTimeLowerBound(func::FuncOp func,
                                      const JointGraph &graph,
                                      const DeviceInfo &device, uint64_t peak,
                                      ResultBuffers results, bool reclone,
                                      double enough, double milpSeconds,
                                      double milpGap, bool *byMILP,
                                      SmallVectorImpl<Operation *> *milpRuns) {
  return LowerBounds(func, graph, device, results, reclone)
      .recomputeTime(peak, enough, milpSeconds, milpGap, byMILP, milpRuns);
}

double remat::minimumCover(ArrayRef<std::pair<double, uint64_t>> input,
                           uint64_t missing, unsigned maxNodes) {
  if (missing == 0)
    return 0;
  // Cheapest per byte first; prefix sums make the fractional completion of
  // a node (take items from `next` on, the last one in part) a binary
  // search.
  SmallVector<std::pair<double, uint64_t>> items(input);
  llvm::sort(items, [](auto a, auto b) {
    return a.first * b.second < b.first * a.second;
  });
  size_t n = items.size();
  SmallVector<uint64_t> bytes(n + 1, 0);
  SmallVector<double> seconds(n + 1, 0);
  for (size_t i = 0; i < n; ++i) {
    bytes[i + 1] = bytes[i] + items[i].second;
    seconds[i + 1] = seconds[i] + items[i].first;
  }
  if (bytes[n] < missing)
    return std::numeric_limits<double>::infinity();
  // The fractional bound of covering `need` more bytes with items
  // [next, n): whole items while they fit, then part of one.
  auto fractional = [&](size_t next, uint64_t need) {
    if (need == 0)
      return 0.0;
    uint64_t target = bytes[next] + need;
    if (bytes[n] < target)
      return std::numeric_limits<double>::infinity();
    size_t k = std::lower_bound(bytes.begin() + next, bytes.end(), target) -
               bytes.begin(); // bytes[k] >= target, bytes[k - 1] < target
    const auto &[t, b] = items[k - 1];
    uint64_t before = bytes[k - 1] - bytes[next];
    return seconds[k - 1] - seconds[next] +
           t * (static_cast<double>(need - before) / b);
  };
  // Depth first: take item `next` or leave it. Nodes left unexplored when
  // the budget runs out contribute their fractional bounds, so the result
  // stays a lower bound on the integer optimum.
  double best = std::numeric_limits<double>::infinity();
  double open = std::numeric_limits<double>::infinity();
  unsigned nodes = 0;
  std::function<void(size_t, uint64_t, double)> visit =
      [&](size_t next, uint64_t need, double cost) {
        if (need == 0) {
          best = std::min(best, cost);
          return;
        }
        double lower = cost + fractional(next, need);
        if (lower >= best || next == n)
          return;
        if (++nodes > maxNodes) {
          open = std::min(open, lower);
          return;
        }
        const auto &[t, b] = items[next];
        visit(next + 1, need - std::min(need, b), cost + t);
        visit(next + 1, need, cost);
      };
  visit(0, missing, 0);
  return std::min(best, open);
}
