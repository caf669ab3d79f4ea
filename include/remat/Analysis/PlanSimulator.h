//===- PlanSimulator.h - peak bytes of a plan without rewriting -*- C++ -*-===//
//
// The simulator replays what applyRematPlan would do to a joint function for
// a given kept set (which clones it would place where, and which forward
// originals would die early) on a flat, integer-indexed copy of the function,
// and computes the peak bytes of the result under the memory semantics
// (MemoryPlan) and the cost of the clones under the cost model. Its peak is
// the MemoryPlan peak of the rewritten IR, exactly; a unit test checks this on
// random plans. It is what makes searching over plans (policy=auto) affordable:
// one simulation is linear in the size of the function and allocates nothing
// per op (with lent result buffers, ResultBuffers::Lent, it also places the
// temporaries in the results' buffers: a sort and a scan of the results).
// Simulations are independent of each other and may run on several threads
// at once (the solver evaluates its candidate moves in parallel).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_PLANSIMULATOR_H
#define REMAT_ANALYSIS_PLANSIMULATOR_H

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/JointGraph.h"
#include "remat/Analysis/MemoryPlan.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Sequence.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace remat {

class PlanSimulator {
public:
  /// `repeat`: the function is one iteration of a loop that runs it
  /// `repeat` times and holds what each iteration's forward hands its
  /// backward until that backward runs (a rolled scan's body: every
  /// iteration's forward runs before the first backward); a plan's peak
  /// then counts its held bytes (Result::heldBytes) `repeat - 1` more
  /// times.
  PlanSimulator(const JointGraph &graph, const DeviceInfo &device,
                ResultBuffers results = ResultBuffers::Defined,
                unsigned repeat = 1);

  /// Values are the results of the top-level ops, numbered in program order.
  unsigned getNumValues() const { return values.size(); }
  mlir::Value getValue(unsigned id) const { return values[id]; }
  /// The id of a top-level op result, or -1.
  int getValueId(mlir::Value value) const;
  /// Bytes the original of value `id` occupies while it is live: its size,
  /// or 0 for a preallocated result buffer (counted in the base bytes). A
  /// clone occupies the value's size in either case.
  uint64_t getBytes(unsigned id) const { return originalBytes[id]; }
  /// The value whose buffer `id` lives in before any rewrite (itself, or the
  /// root of its views), or -1 if that buffer is a function argument.
  int getBufferRoot(unsigned id) const { return originalRoot[id]; }
  /// Whether a forward op defines value `id`.
  bool isForwardValue(unsigned id) const { return forwardValue[id]; }
  uint64_t getArgumentBytes() const { return argumentBytes; }
  /// Estimated time of the function as it is (no clones): the sum of its
  /// top-level ops' roofline times.
  double getStepTime() const { return stepTime; }

  /// A plan as a bit vector: bit `id` set keeps value `id`. With re-clones
  /// (RematPlan::reclone) the vector has twice as many bits, and bit
  /// getNumValues() + id is set unless value `id` is re-cloned (set: its
  /// clone is shared by all its reads, as without the second half).
  llvm::BitVector toBits(const llvm::DenseSet<mlir::Value> &kept,
                         const llvm::DenseSet<mlir::Value> *reclone =
                             nullptr) const;
  /// The kept set of a plan, and its re-cloned values.
  llvm::DenseSet<mlir::Value> toSet(const llvm::BitVector &plan) const;
  llvm::DenseSet<mlir::Value> recloneSet(const llvm::BitVector &plan) const;
  /// Whether re-cloning value `id` can change the plan: its reclone op
  /// (RecloneGap::after), or -1; and the read before the gap.
  int getRecloneOp(unsigned id) const { return recloneOp[id]; }
  int getRecloneGapStart(unsigned id) const { return recloneGapStart[id]; }

  struct Result {
    uint64_t peakBytes = 0;
    /// The first event (op or clone, in the order of the rewritten function)
    /// at which the peak is reached, and how many events reach it.
    unsigned peakEvent = 0;
    unsigned peakCount = 0;
    uint64_t recomputeFlops = 0;
    double recomputeTime = 0;
    unsigned numClones = 0;
    /// Bytes of the forward values' buffers that a backward op or a clone
    /// reads (the saved activations of the rewritten function; preallocated
    /// results aside): what the forward holds into the backward. With
    /// `repeat`, peakBytes includes (repeat - 1) times these.
    uint64_t heldBytes = 0;
  };

  /// Where each original buffer is used in the rewritten function; filled on
  /// request (the solver uses it to find the buffers live across the peak).
  struct Detail {
    /// Bytes live at each event.
    std::vector<uint64_t> live;
    /// Per value id (meaningful for buffer roots): the event that defines the
    /// original, the last event at which a forward op uses it (or -1), and
    /// the first event at which a backward op, a clone or the terminator
    /// uses it (or the number of events).
    std::vector<int> defEvent, lastForwardUse, firstBackwardUse;
    /// Per value id (meaningful for buffer roots): the last event at which
    /// its original buffer is used, by any op, clone or the terminator.
    std::vector<int> bufferEnd;
    /// Per value id: the events at which its clone's buffer is made and
    /// last used, or -1 if it has no clone (with re-clones, its last clone).
    std::vector<int> cloneEvent, cloneEnd;
    /// Per event: the index of its op, or of the op its clone precedes.
    std::vector<unsigned> opOfEvent;
    /// Per event: the estimated time of its op or clone (the cost model's,
    /// as the step time and the recompute time sum them).
    std::vector<double> eventTime;
  };

  /// Simulates the rewrite that keeps the forward values whose bits are set
  /// (function arguments are always available) and, with the second half
  /// of bits, re-clones those whose bit there is clear. Thread-safe:
  /// simulations of one simulator may run concurrently.
  Result simulate(const llvm::BitVector &plan, Detail *detail = nullptr) const;
  /// How many plans simulate() has replayed (the pass's statistics).
  uint64_t getNumSimulations() const { return numSimulations.load(); }

private:
  class Replay;
  struct Op {
    /// Value ids used by the op or by ops nested in it, in the order in
    /// which the rewrite visits them (-1: an argument or a nested value):
    /// uses[useBegin, useEnd). Its results are the values
    /// [firstResult, firstResult + numResults).
    unsigned useBegin = 0, useEnd = 0;
    unsigned firstResult = 0, numResults = 0;
    bool forward = false;
    /// A backward op (not the terminator): its reads of forward values are
    /// what the rewrite redirects to clones.
    bool rewritten = false;
    /// The results alias the buffer of the use at uses[useBegin + aliasUse]
    /// (a view's operand, a donated destination; isViewOp).
    bool view = false;
    unsigned aliasUse = 0;
    uint64_t flops = 0;
    double time = 0;
  };

  std::vector<Op> ops;
  std::vector<int> uses;
  llvm::ArrayRef<int> usesOf(const Op &op) const {
    return llvm::ArrayRef<int>(uses.data() + op.useBegin,
                               uses.data() + op.useEnd);
  }
  static auto resultsOf(const Op &op) {
    return llvm::seq(op.firstResult, op.firstResult + op.numResults);
  }
  std::vector<mlir::Value> values;
  llvm::DenseMap<mlir::Value, unsigned> valueIds;
  std::vector<unsigned> defOp;
  /// Per value: whether a forward op defines it; whether it is a donated
  /// destination (cloned for each clone of its consumer, kept or not).
  std::vector<uint8_t> forwardValue, donated;
  /// Per value: its size (what a clone occupies), and what its original
  /// occupies (getBytes).
  std::vector<uint64_t> bytes, originalBytes;
  std::vector<int> originalRoot;
  /// Per value: its reclone op's index, or -1; per op: the values whose
  /// reclone op it is.
  std::vector<int> recloneOp, recloneGapStart;
  std::vector<llvm::SmallVector<unsigned, 1>> reclonesAt;
  uint64_t argumentBytes = 0;
  /// Bytes live throughout any plan: the arguments, and preallocated
  /// result buffers (MemoryPlan::getBaseBytes).
  uint64_t baseBytes = 0;
  /// ResultBuffers::Lent: the result buffers' roots, lent to temporaries
  /// that end before they are defined (lendResultBuffers).
  bool lending = false;
  std::vector<unsigned> resultRoots;
  double stepTime = 0;
  unsigned repeat = 1;

  /// A buffer of the rewritten function during a replay.
  struct Instance {
    int root; ///< buffer instance, -1 for a function argument
    unsigned start, end;
    uint64_t size;
    /// A backward op or a clone uses the buffer (Result::heldBytes).
    bool backwardUse = false;
  };
  /// Sets `result`'s held bytes, and adds (repeat - 1) times them to its
  /// peak.
  void addHeldBytes(uint64_t held, Result &result) const {
    result.heldBytes = held;
    result.peakBytes += static_cast<uint64_t>(repeat - 1) * held;
  }
  /// A difference array over `numEvents` events of the bytes of the
  /// buffers (the instances that are their own roots) over their intervals.
  static void intervalsToDelta(llvm::ArrayRef<Instance> instances,
                               unsigned numEvents,
                               std::vector<int64_t> &delta);
  /// The ops before the first one the rewrite changes (the first backward
  /// op) run the same way under every plan: their replay is done once, and
  /// each simulation starts from its state.
  struct Prefix {
    bool built = false;
    unsigned numOps = 0;
    std::vector<Instance> instances;
    std::vector<int> lastForwardUse;
  } prefix;
  void buildPrefix(unsigned numOps);
  /// The fast path of simulate() without a Detail. Most of the function
  /// is the same under every plan: the backward's own buffers live over
  /// the same ops whatever is kept; only their event numbers shift by the
  /// clones placed before them. Their bytes at each op (and in each gap
  /// between ops, where clones go) are summed once. A simulation replays
  /// only the ops after the prefix that read forward values, tracks the
  /// forward values' buffers (kept ones are read by the backward and by
  /// clones, the others die after the forward) and the clones, and sweeps
  /// the events once. Its result is the full replay's, field for field
  /// (SolverTest.SparseReplayEqualsTheFullReplay).
  struct Sparse {
    /// Per forward value: the tracked buffer its original lives in (-1: an
    /// argument's). Per backward view of a forward value: that forward
    /// value, whose buffer in the rewritten function (original or clone) it
    /// aliases (-1 otherwise).
    std::vector<int> trackedOf, aliasOf;
    /// The tracked buffers as the prefix leaves them.
    std::vector<Instance> tracked;
    /// The ops after the prefix that read a tracked or aliased value or
    /// define a tracked buffer, in order, with those uses and definitions.
    struct Site {
      unsigned op;
      bool rewritten;
      unsigned useBegin, useEnd, defBegin, defEnd;
    };
    std::vector<Site> sites;
    std::vector<int> siteUses;
    std::vector<unsigned> siteDefs;
    /// Bytes of the fixed buffers live at each op, and in the gap before
    /// it (where clones are placed).
    std::vector<uint64_t> fixedAtOp, fixedAtGap;
  } sparse;
  class SparseReplay;
  void buildSparse();

  /// Storage reused by successive replays. Simulations may run on several
  /// threads at once: each takes its scratch from the pool.
  struct Scratch {
    std::vector<Instance> instances;
    std::vector<int> cloneOf;
    std::vector<int64_t> delta;
    /// The sparse replay's clones per gap: (op, count), in order, and the
    /// values whose entry of sparseCloneOf it set (reset to -1 after).
    std::vector<std::pair<unsigned, unsigned>> gaps;
    std::vector<int> sparseCloneOf;
    std::vector<unsigned> touched;
    /// Lent result buffers: the results' and temporaries' lives, which
    /// instances the temporaries are, and which are lent.
    std::vector<BufferLife> resultLives, tempLives;
    std::vector<unsigned> tempIds;
    std::vector<uint8_t> lent;
  };
  /// Whether `plan` re-clones any value (its second half of bits has a
  /// clear bit).
  bool hasReclones(const llvm::BitVector &plan) const;
  std::unique_ptr<Scratch> acquireScratch() const;
  void releaseScratch(std::unique_ptr<Scratch> scratch) const;
  mutable std::mutex scratchMutex;
  mutable std::atomic<uint64_t> numSimulations{0};
  mutable std::vector<std::unique_ptr<Scratch>> scratchPool;
};

} // namespace remat

#endif // REMAT_ANALYSIS_PLANSIMULATOR_H
