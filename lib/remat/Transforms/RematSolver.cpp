//===- RematSolver.cpp - the Pareto frontier of recompute plans -----------===//
//
// A move recomputes one buffer: the saved activations that live in it (a
// value and its saved views) leave the kept set together, since a kept view
// would keep the buffer alive. Its price is the estimated time of the clones
// it adds (its producer chain up to the other saved activations) per byte it
// frees. Clones are shared, so the total recompute time of a plan is close to
// the sum of the prices of its moves: the problem is a knapsack whose weights
// (the bytes a move takes off the peak) depend on where the peak is.
//
//  1. Descent: from each start, repeatedly simulate the plan, find the first
//     event at the peak, and simulate up to `triesPerStep` of the moves whose
//     buffers are live across it (defined before it, last used by the forward
//     before it, first needed by the backward after it), cheapest first; take
//     the one that takes the most bytes off the peak per second of added
//     time (a move that keeps the peak but reaches it at fewer events counts
//     as one byte). Each plan visited is a frontier candidate; the descent
//     ends when no move helps.
//  2. Iterated local search (`kicks` rounds): keep again one of the buffers
//     whose clone is live at the peak, forbid recomputing it, descend, and
//     adopt the end if it is better (a lower peak, or the same for less
//     time).
//  3. Refinement: for the ends of the descents and a few plans along them
//     that are on the frontier, put back the most expensive recomputes one at
//     a time when the peak does not rise: later moves can make earlier ones
//     unnecessary.
//  4. Relaxation: before the widest gaps of the frontier, the plans that keep
//     one more of a frontier plan's most expensive recomputes.
//  5. Exchanges (`exchangeRounds` rounds, on up to `exchangedPoints`
//     frontier plans): each buffer live across the plan's peak recomputed
//     alone, and each of the dearest recomputed buffers kept again with one
//     of the cheapest live ones recomputed instead. The greedy steps never
//     give a buffer back, and a dear small buffer can be the cheapest way to
//     a slightly lower peak. Where no kept buffer is live across the peak
//     (clones and gradients alone make it), each of the dearest is kept
//     again and the buffers live across the peak it moves to recomputed.
//  6. The Pareto filter of all candidates.
//
// The search's moves include, for each op with several movable results, one
// that recomputes them all: one clone makes them all, so once the large
// result is recomputed the small ones (a layernorm's mean and rstd) are free,
// but priced alone at the whole op per few bytes they are never tried.
//
// Intermediates: values that no backward op reads but recompute chains go
// through (at most half the size of the buffer whose chain they are on).
// Keeping one stops the chains there: its bytes stay live until the last
// clone that reads it, and the ops above it are not run again. After the
// keep/recompute space is solved (searched or enumerated), three steps add
// plans that keep intermediates: a search from policy none with every
// intermediate kept (free until a clone reads one), where each
// intermediate is also a move that drops it; on frontier plans, each
// intermediate their clones recompute kept, alone and cumulatively; and
// descents from those that saved more time than buying their bytes back at
// the cheapest price per byte would cost. These only add candidates, so the
// frontier is never worse than the keep/recompute space's.
//
// Exact (SolverMethod::Exact, and Auto where it is cheap): every subset of
// the movable buffers recomputed, from the first start (policy none), is
// simulated; the frontier is then exact within that space. The
// chunks of the enumeration run in parallel and keep their own frontiers.
// Where the space goes beyond keep/recompute (second recomputes,
// intermediates), the search's frontier joins it (computeParetoFrontier).
//
// Last, the least peak is lowered (lowerLeast): the search aimed one byte
// below it, while that finds lower plans, so that the least does not depend
// on the budget asked for.
//
//===----------------------------------------------------------------------===//

#include "remat/Transforms/RematSolver.h"

#include "remat/Dialect/Remat/RematDialect.h"
#include "remat/Analysis/RecomputeChains.h"

#include "mlir/IR/Threading.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

using namespace mlir;
using namespace remat;

namespace {

struct Move {
  /// The buffer (value id of its root) and the saved activations in it, or
  /// an intermediate of recompute chains (its own buffer).
  unsigned root;
  llvm::SmallVector<unsigned, 2> members;
  uint64_t bytes = 0;
  double time = 0;
  /// What the move does to the plan's bits (it clears them all):
  /// recompute a buffer of saved activations, drop a kept intermediate, or
  /// recompute a saved activation twice (members: its id, and the number of
  /// values plus its id, the bit that shares its one clone).
  enum Kind { Recompute, DropIntermediate, Reclone } kind = Recompute;
};

struct Candidate {
  PlanSimulator::Result result;
  llvm::BitVector kept;
};

class Solver {
public:
  Solver(const PlanSimulator &sim, const JointGraph &graph,
         const DeviceInfo &device, const SolverOptions &options)
      : sim(sim), graph(graph), device(device), options(options),
        context(graph.getOps().front()->getContext()) {}

  llvm::SmallVector<FrontierPoint> run(SolverStats &stats);

private:
  /// Every plan of the decision space, in parallel chunks; the candidates
  /// are the chunks' own frontiers (and, within options.keepEnumerated,
  /// `enumerated` every plan).
  void enumerate(bool withReclones);
  /// Whether a move recomputes one value that a second recompute can
  /// change (reclone()'s moves), and the plans enumerate() simulates.
  bool canRecloneAlone(const Move &move) const;
  uint64_t enumeratedPlans(bool withReclones) const;
  std::vector<FrontierPoint> enumerated;
  void buildMoves();
  void sortMoves();
  /// Search only: adds, for each op with several movable results, the move
  /// that recomputes them all.
  void addSiblingMoves();
  struct State {
    llvm::BitVector kept;
    PlanSimulator::Detail detail;
    PlanSimulator::Result result;
  };
  /// A descent and its kicks from one start.
  /// The candidates of one start's search (searches of several starts run
  /// in parallel), and those of them to refine.
  struct Searched {
    std::vector<Candidate> candidates;
    llvm::SmallVector<size_t> toRefine;
  };
  void search(const llvm::BitVector &start, Searched &out) const;
  /// Searches from each start (in parallel) and adds their candidates in
  /// the starts' order.
  void searchAll(llvm::ArrayRef<llvm::BitVector> starts);
  /// Greedy descent from `current`, never recomputing a move in `tabu`.
  State descend(State current, const llvm::BitVector &tabu,
                std::vector<Candidate> &out) const;
  /// `kept` with the members of `move` kept or recomputed, simulated.
  State simulate(const llvm::BitVector &kept, const Move &move,
                 bool keep) const;
  /// `from` with recomputed buffers kept again, most expensive first,
  /// wherever the time drops and the peak stays at most `cap` (without one:
  /// does not rise); added when cheaper than `from`.
  void refine(const Candidate &from, std::optional<uint64_t> cap = std::nullopt);
  /// The plans that recompute, each alone, one of the first oneStepTries
  /// kept buffers live across `state`'s peak (in the moves' order).
  llvm::SmallVector<llvm::BitVector> recomputesAtPeak(const State &state) const;
  /// Under a budget: the frontier's cheapest plan within it is a point the
  /// search happened to reach, and the plan it misses (a little under the
  /// budget, cheaper) lies between it and the next point above. Adds that
  /// point refined up to the budget, and the descents from the points just
  /// above the budget, stopped at their first plan within it and refined.
  void fillUnder(uint64_t budget);
  /// Under a time limit: descends from the frontier's lowest plan within
  /// it, taking only moves that keep the time within it.
  void descendWithin(double maxTime);
  /// Refines the plans the descents marked that are on the frontier.
  void refineChosen();
  /// Simulates each plan (in parallel where the context allows threads).
  llvm::SmallVector<PlanSimulator::Result>
  simulateAll(ArrayRef<llvm::BitVector> plans) const;
  /// Adds the plans one kept buffer away from the frontier plans.
  void relax();
  /// Adds the plans one exchange away from frontier plans: a recomputed
  /// buffer kept again and a kept one live across the peak recomputed.
  void exchange();
  /// Adds, for frontier plans, the plans that keep one intermediate their
  /// clones recompute, and the descents from the most promising of them.
  void keepIntermediates();
  /// Adds, for frontier plans, the plans that re-clone one value whose
  /// clone is live across the peak, and the descents from those that
  /// lowered it.
  void reclone();
  /// Indices of the candidates on the Pareto frontier, by increasing peak.
  llvm::SmallVector<size_t> paretoFilter() const;
  /// Aims the search below the frontier's least peak, at most kLeastRounds
  /// times, while that lowers it.
  void lowerLeast();
  static constexpr unsigned kLeastRounds = 8;
  /// fillUnder() below every plan: the plans of lowest peak it starts from.
  static constexpr unsigned kLowestStarts = 16;
  /// Indices of up to `exchangedPoints` frontier candidates spread along it
  /// (the plans the exchanges and the later steps start from).
  llvm::SmallVector<size_t> spreadFrontier() const {
    llvm::SmallVector<size_t> frontier = paretoFilter();
    size_t points = std::min<size_t>(frontier.size(), options.exchangedPoints);
    llvm::SmallVector<size_t> spread;
    for (size_t k = 0; k < points; ++k)
      spread.push_back(frontier[k * frontier.size() / points]);
    return spread;
  }
  /// Whether the move's buffer is live across event `at` of the plan that
  /// `detail` describes: defined before it, last read by the forward before
  /// it, first needed by the backward after it.
  static bool liveAcross(const Move &move, const PlanSimulator::Detail &detail,
                         int at) {
    if (move.kind == Move::Reclone) {
      // Its clone, or its original while it is kept, held across `at`.
      if (detail.cloneEvent[move.root] >= 0)
        return detail.cloneEvent[move.root] < at &&
               at <= detail.cloneEnd[move.root];
      return detail.defEvent[move.root] <= at &&
             detail.lastForwardUse[move.root] < at &&
             at <= detail.bufferEnd[move.root];
    }
    return detail.defEvent[move.root] <= at &&
           detail.lastForwardUse[move.root] < at &&
           at < detail.firstBackwardUse[move.root];
  }
  bool anyKept(const Move &move, const llvm::BitVector &kept) const {
    return llvm::any_of(move.members,
                        [&](unsigned id) { return kept.test(id); });
  }
  bool allKept(const Move &move, const llvm::BitVector &kept) const {
    return llvm::all_of(move.members,
                        [&](unsigned id) { return kept.test(id); });
  }
  /// Up to triesPerStep moves that recompute saved activations the plan
  /// `kept` recomputes (not `except`'s), the dearest per byte first: those
  /// to keep again in an exchange.
  llvm::SmallVector<const Move *>
  recomputedDearestFirst(const llvm::BitVector &kept, int except = -1) const {
    llvm::SmallVector<const Move *> back;
    for (const Move &move : llvm::reverse(moves)) {
      if (back.size() == options.triesPerStep)
        break;
      if (move.kind == Move::Recompute && !allKept(move, kept) &&
          !llvm::is_contained(move.members, except))
        back.push_back(&move);
    }
    return back;
  }
  /// `kept` with the members of `move` kept (or recomputed).
  static llvm::BitVector with(const llvm::BitVector &kept, const Move &move,
                              bool keep) {
    llvm::BitVector next = kept;
    for (unsigned id : move.members)
      next[id] = keep;
    return next;
  }
  void add(const PlanSimulator::Result &result, const llvm::BitVector &kept) {
    candidates.push_back({result, kept});
  }

  const PlanSimulator &sim;
  const JointGraph &graph;
  const DeviceInfo &device;
  const SolverOptions &options;
  MLIRContext *context;
  /// Movable buffers, cheapest per byte first.
  std::vector<Move> moves;
  /// How many of `moves` recompute saved activations, before the sibling
  /// moves are added.
  unsigned numSavedMoves = 0;
  /// Moves that drop a kept intermediate.
  std::vector<Move> intermediateMoves;
  /// Forward values that no backward op reads but recompute chains go
  /// through (results of the chains' ops other than saved activations, each
  /// its own buffer): keeping one stops the chains there, for its bytes.
  std::vector<unsigned> intermediates;
  std::vector<Candidate> candidates;
  /// Indices into `candidates` of plans to refine, and of the plans
  /// exchanged so far.
  llvm::SmallVector<size_t> toRefine;
  llvm::DenseSet<size_t> exchanged;
};

} // namespace

void Solver::buildMoves() {
  llvm::DenseSet<Value> saved(graph.getSavedActivations().begin(),
                              graph.getSavedActivations().end());
  llvm::DenseMap<unsigned, size_t> moveOf;
  llvm::DenseSet<unsigned> blocked;
  llvm::DenseSet<unsigned> chainValues;
  for (Value value : graph.getSavedActivations()) {
    int id = sim.getValueId(value);
    int root = id < 0 ? -1 : sim.getBufferRoot(id);
    if (root < 0 || sim.getBytes(root) == 0)
      continue;
    if (options.fixed.test(id))
      blocked.insert(root);
    auto [it, inserted] = moveOf.try_emplace(root, moves.size());
    if (inserted) {
      moves.push_back({});
      moves.back().root = root;
      moves.back().bytes = sim.getBytes(root);
    }
    moves[it->second].members.push_back(id);
  }
  // Price: the chain of the members up to the other saved activations.
  std::vector<Move> movable;
  for (Move &move : moves) {
    if (blocked.contains(move.root))
      continue;
    llvm::DenseSet<Value> members;
    for (unsigned id : move.members)
      members.insert(sim.getValue(id));
    llvm::SetVector<Operation *> chain;
    bool ok = true;
    for (unsigned id : move.members) {
      Value blocker;
      ok &= collectRecomputeChain(
          sim.getValue(id),
          [&](Value v) { return saved.contains(v) && !members.contains(v); },
          [&](Operation *op) { return chain.contains(op); }, graph, chain,
          blocker);
    }
    if (!ok)
      continue;
    for (Operation *op : chain) {
      move.time += device.opTime(op);
      if (getPolicyOverride(op) == PolicyOverride::Recompute)
        continue;
      // Only intermediates at most half the size of the buffer whose chain
      // they are on: keeping one as large costs about what keeping that
      // buffer would (an attention's scores for its probabilities, the
      // views and casts of ATen graphs), and they are many.
      for (Value result : op->getResults()) {
        int id = sim.getValueId(result);
        if (id >= 0 && !saved.contains(result) && sim.getBufferRoot(id) == id &&
            sim.getBytes(id) > 0 && 2 * sim.getBytes(id) <= move.bytes &&
            !options.starts.front().test(id))
          chainValues.insert(id);
      }
    }
    movable.push_back(std::move(move));
  }
  moves = std::move(movable);
  numSavedMoves = moves.size();
  intermediates.assign(chainValues.begin(), chainValues.end());
  llvm::sort(intermediates);
  // An intermediate is a move too: from a plan that keeps it, dropping it
  // lets the chains through (for the price of its own chain). These join
  // the moves only for the search from the wide start (run()), so that the
  // search of the keep/recompute space is the same with or without them.
  for (unsigned id : intermediates) {
    Move move;
    move.root = id;
    move.members.push_back(id);
    move.bytes = sim.getBytes(id);
    move.kind = Move::DropIntermediate;
    llvm::SetVector<Operation *> chain;
    Value blocker;
    if (!collectRecomputeChain(
            sim.getValue(id), [&](Value v) { return saved.contains(v); },
            [&](Operation *op) { return chain.contains(op); }, graph, chain,
            blocker))
      continue;
    for (Operation *op : chain)
      move.time += device.opTime(op);
    intermediateMoves.push_back(std::move(move));
  }
  sortMoves();
}

void Solver::sortMoves() {
  // Ties in program order, so the search is deterministic.
  llvm::sort(moves, [](const Move &a, const Move &b) {
    double x = a.time * b.bytes, y = b.time * a.bytes;
    if (x != y)
      return x < y;
    if (a.root != b.root)
      return a.root < b.root;
    return a.members.size() < b.members.size();
  });
}

void Solver::addSiblingMoves() {
  // The results of one op are recomputed by one clone: once its large
  // result is recomputed, its small ones (a layernorm's mean and rstd)
  // cost nothing more, but alone each is priced at the whole op per few
  // bytes and never tried. A move that recomputes them together is.
  llvm::MapVector<Operation *, llvm::SmallVector<size_t>> byOp;
  for (auto [index, move] : llvm::enumerate(moves))
    byOp[sim.getValue(move.members.front()).getDefiningOp()].push_back(index);
  std::vector<Move> siblings;
  for (auto &[op, indices] : byOp) {
    if (indices.size() < 2)
      continue;
    // Its buffer, for the liveness tests, is the largest (movable buffers
    // have bytes, so the first is taken over the empty start).
    Move combined;
    uint64_t largest = 0;
    for (size_t index : indices) {
      const Move &move = moves[index];
      combined.members.append(move.members.begin(), move.members.end());
      combined.bytes += move.bytes;
      combined.time = std::max(combined.time, move.time);
      if (move.bytes > largest) {
        largest = move.bytes;
        combined.root = move.root;
      }
    }
    siblings.push_back(std::move(combined));
  }
  moves.insert(moves.end(), siblings.begin(), siblings.end());
  sortMoves();
}

Solver::State Solver::descend(State current, const llvm::BitVector &tabu,
                              std::vector<Candidate> &out) const {
  for (;;) {
    // Of the moves simulated at this peak, take the one that takes the most
    // bytes off the peak per second of recompute time it adds (a move that
    // only reaches the peak at fewer events counts as one byte).
    std::optional<llvm::BitVector> best;
    double bestScore = 0;
    int at = current.result.peakEvent;
    const PlanSimulator::Detail &detail = current.detail;
    // Buffers live across the first event at the peak, cheapest per byte
    // first; simulated in parallel, chosen from in this order.
    llvm::SmallVector<llvm::BitVector> tries;
    for (auto [index, move] : llvm::enumerate(moves)) {
      if (tries.size() == options.triesPerStep)
        break;
      if (tabu.test(index) || !anyKept(move, current.kept) ||
          !liveAcross(move, detail, at))
        continue;
      tries.push_back(with(current.kept, move, /*keep=*/false));
    }
    llvm::SmallVector<PlanSimulator::Result> results = simulateAll(tries);
    for (auto [next, r] : llvm::zip_equal(tries, results)) {
      const PlanSimulator::Result &c = current.result;
      if (!(r.peakBytes < c.peakBytes ||
            (r.peakBytes == c.peakBytes && r.peakCount < c.peakCount)))
        continue;
      double gain = static_cast<double>(c.peakBytes - r.peakBytes) + 1;
      double added = r.recomputeTime - c.recomputeTime;
      double score = added > 0 ? gain / added : INFINITY;
      if (!best || score > bestScore) {
        best = std::move(next);
        bestScore = score;
      }
    }
    if (!best)
      return current;
    current.kept = std::move(*best);
    current.result = sim.simulate(current.kept, &current.detail);
    out.push_back({current.result, current.kept});
  }
}

Solver::State Solver::simulate(const llvm::BitVector &kept, const Move &move,
                               bool keep) const {
  State state{with(kept, move, keep), {}, {}};
  state.result = sim.simulate(state.kept, &state.detail);
  return state;
}

void Solver::searchAll(llvm::ArrayRef<llvm::BitVector> starts) {
  std::vector<Searched> searched(starts.size());
  mlir::parallelFor(context, 0, starts.size(),
                    [&](size_t i) { search(starts[i], searched[i]); });
  for (Searched &one : searched) {
    size_t base = candidates.size();
    for (Candidate &c : one.candidates)
      candidates.push_back(std::move(c));
    for (size_t index : one.toRefine)
      toRefine.push_back(base + index);
  }
}

void Solver::search(const llvm::BitVector &start, Searched &out) const {
  State current{start, {}, {}};
  current.result = sim.simulate(current.kept, &current.detail);
  out.candidates.push_back({current.result, current.kept});
  size_t first = out.candidates.size() - 1;
  llvm::BitVector noTabu(moves.size());
  current = descend(std::move(current), noTabu, out.candidates);
  // Iterated local search: a greedy descent can end where the peak is made
  // of the clones of an early choice (recomputing a big buffer whose chain
  // is big too). Keep one such buffer again, forbid recomputing it, descend
  // once more, and adopt the end if it is better.
  for (unsigned kick = 0; kick < options.kicks; ++kick) {
    int at = current.result.peakEvent;
    bool improved = false;
    unsigned tries = 0;
    for (auto [index, move] : llvm::enumerate(moves)) {
      if (tries == options.triesPerStep)
        break;
      bool cloneAtPeak = llvm::any_of(move.members, [&](unsigned id) {
        return id < current.detail.cloneEvent.size() &&
               current.detail.cloneEvent[id] >= 0 &&
               current.detail.cloneEvent[id] <= at &&
               at <= current.detail.cloneEnd[id];
      });
      if (!cloneAtPeak)
        continue;
      ++tries;
      llvm::BitVector tabu(moves.size());
      tabu.set(index);
      State kicked = simulate(current.kept, move, /*keep=*/true);
      out.candidates.push_back({kicked.result, kicked.kept});
      State end = descend(std::move(kicked), tabu, out.candidates);
      if (end.result.peakBytes < current.result.peakBytes ||
          (end.result.peakBytes == current.result.peakBytes &&
           end.result.recomputeTime < current.result.recomputeTime)) {
        current = std::move(end);
        improved = true;
        break;
      }
    }
    if (!improved)
      break;
  }
  // Refine the end and plans spread along the way.
  size_t last = out.candidates.size() - 1;
  out.toRefine.push_back(last);
  unsigned samples = options.refinedPoints;
  for (unsigned i = 1; i < samples && last > first; ++i)
    out.toRefine.push_back(first + (last - first) * i / samples);
}

void Solver::refineChosen() {
  // Refine the chosen plans that the descents left on the frontier (a
  // start dominated by another descent's plans is not worth the
  // simulations).
  llvm::SmallVector<size_t> frontier = paretoFilter();
  llvm::DenseSet<size_t> onFrontier(frontier.begin(), frontier.end());
  llvm::sort(toRefine);
  toRefine.erase(std::unique(toRefine.begin(), toRefine.end()),
                 toRefine.end());
  for (size_t index : toRefine)
    if (onFrontier.contains(index)) {
      Candidate from = candidates[index];
      refine(from);
    }
  toRefine.clear();
}

void Solver::refine(const Candidate &from, std::optional<uint64_t> cap) {
  llvm::BitVector kept = from.kept;
  PlanSimulator::Detail detail;
  PlanSimulator::Result current = sim.simulate(kept, &detail);
  auto limit = [&] { return cap.value_or(current.peakBytes); };
  // Most expensive recomputes first: they save the most time if not needed.
  for (const Move &move : llvm::reverse(moves)) {
    if (allKept(move, kept))
      continue;
    // Keeping the buffer adds its bytes from its last forward use to where
    // its clone is made now: skip the simulation if that alone breaks the
    // limit.
    if (move.kind != Move::Reclone) {
      int gapStart = detail.lastForwardUse[move.root] + 1;
      int gapEnd = detail.live.size();
      for (unsigned id : move.members)
        if (detail.cloneEvent[id] >= 0)
          gapEnd = std::min(gapEnd, detail.cloneEvent[id]);
      bool fits = true;
      for (int event = gapStart; event < gapEnd && fits; ++event)
        fits = detail.live[event] + move.bytes <= limit();
      if (!fits)
        continue;
    }
    llvm::BitVector next = with(kept, move, /*keep=*/true);
    PlanSimulator::Detail nextDetail;
    PlanSimulator::Result result = sim.simulate(next, &nextDetail);
    if (result.peakBytes <= limit() &&
        result.recomputeTime < current.recomputeTime) {
      kept = std::move(next);
      detail = std::move(nextDetail);
      current = result;
    }
  }
  if (current.recomputeTime < from.result.recomputeTime)
    add(current, kept);
}

llvm::SmallVector<llvm::BitVector>
Solver::recomputesAtPeak(const State &state) const {
  llvm::SmallVector<llvm::BitVector> tries;
  for (const Move &move : moves) {
    if (tries.size() == options.oneStepTries)
      break;
    if (anyKept(move, state.kept) &&
        liveAcross(move, state.detail, state.result.peakEvent))
      tries.push_back(with(state.kept, move, /*keep=*/false));
  }
  return tries;
}

void Solver::fillUnder(uint64_t budget) {
  llvm::SmallVector<size_t> frontier = paretoFilter();
  // The last point within the budget and the first few above it.
  auto above = llvm::find_if(frontier, [&](size_t index) {
    return candidates[index].result.peakBytes > budget;
  });
  // (Every plan of the frontier fits: its cheapest is the one wanted.)
  if (above == frontier.end())
    return;
  llvm::SmallVector<Candidate> from;
  if (above != frontier.begin())
    from.push_back(candidates[*std::prev(above)]);
  llvm::SmallVector<Candidate> over;
  for (auto it = above; it != frontier.end() && over.size() < 4; ++it)
    over.push_back(candidates[*it]);
  if (above == frontier.begin()) {
    // Below every plan (the least peak lowered): the lowest peaks are the
    // starts, whatever their time; a plan the frontier drops for a cheaper
    // one just above it can be one recompute from a lower peak. One start
    // per peak and time: plans alike in both are most often one plan in
    // other bits (a re-clone bit of a kept value) and descend alike; with
    // one per plan, the 8 starts of an encoder-decoder were spent on such
    // twins and its least peak (430596 bytes, from the tenth distinct plan)
    // was missed.
    llvm::SmallVector<size_t> lowest(candidates.size());
    std::iota(lowest.begin(), lowest.end(), 0);
    llvm::sort(lowest, [&](size_t a, size_t b) {
      const PlanSimulator::Result &x = candidates[a].result,
                                  &y = candidates[b].result;
      if (x.peakBytes != y.peakBytes)
        return x.peakBytes < y.peakBytes;
      if (x.recomputeTime != y.recomputeTime)
        return x.recomputeTime < y.recomputeTime;
      return a < b;
    });
    for (size_t index : lowest) {
      if (over.size() == kLowestStarts)
        break;
      if (llvm::none_of(over, [&](const Candidate &c) {
            const PlanSimulator::Result &r = candidates[index].result;
            return c.result.peakBytes == r.peakBytes &&
                   c.result.recomputeTime == r.recomputeTime;
          }))
        over.push_back(candidates[index]);
    }
  }
  llvm::BitVector noTabu(moves.size());
  for (const Candidate &start : over) {
    State state{start.kept, {}, {}};
    state.result = sim.simulate(state.kept, &state.detail);
    // The cheapest single move into the budget: of the buffers live across
    // the peak (up to oneStepTries), the recompute that fits for the least
    // time. The descent's best move per byte may jump far below.
    llvm::SmallVector<llvm::BitVector> tries = recomputesAtPeak(state);
    std::optional<Candidate> cheapest;
    for (auto [kept, r] : llvm::zip_equal(tries, simulateAll(tries)))
      if (r.peakBytes <= budget &&
          (!cheapest || r.recomputeTime < cheapest->result.recomputeTime))
        cheapest = Candidate{r, kept};
    if (cheapest) {
      add(cheapest->result, cheapest->kept);
      from.push_back(*cheapest);
    }
    // And the descent, to its first plan within the budget.
    std::vector<Candidate> path;
    descend(std::move(state), noTabu, path);
    for (Candidate &c : path) {
      add(c.result, c.kept);
      if (c.result.peakBytes <= budget) {
        from.push_back(c);
        break;
      }
    }
  }
  for (const Candidate &c : from)
    refine(c, budget);
}

void Solver::lowerLeast() {
  // Aimed below the frontier's least peak until that finds nothing lower,
  // whatever the budget asked for: the least peak an impossible budget's
  // error states is then the same for every budget, and a budget one byte
  // below it is refused (the aimed search, step 6, would otherwise find
  // lower plans for a budget below the least than the frontier without a
  // budget has: a random graph whose values recomputed twice go 6% below
  // it). The keep/recompute enumeration has the least of its space; the
  // second recomputes and the intermediates can go lower.
  for (unsigned round = 0; round < kLeastRounds; ++round) {
    uint64_t least = candidates[paretoFilter().front()].result.peakBytes;
    if (least == 0)
      return;
    fillUnder(least - 1);
    if (candidates[paretoFilter().front()].result.peakBytes >= least)
      return;
  }
}

void Solver::descendWithin(double maxTime) {
  llvm::SmallVector<size_t> frontier = paretoFilter();
  // By increasing peak: the first point within the time is the lowest.
  auto within = llvm::find_if(frontier, [&](size_t index) {
    return candidates[index].result.recomputeTime <= maxTime;
  });
  if (within == frontier.end())
    return;
  State current{candidates[*within].kept, {}, {}};
  current.result = sim.simulate(current.kept, &current.detail);
  for (;;) {
    // Of the buffers live across the peak (up to oneStepTries), the
    // recompute that lowers the peak most within the time (the descent's
    // best move per second may stop above a lower plan that fits).
    llvm::SmallVector<llvm::BitVector> tries = recomputesAtPeak(current);
    std::optional<Candidate> best;
    for (auto [kept, r] : llvm::zip_equal(tries, simulateAll(tries))) {
      if (r.recomputeTime > maxTime ||
          !(r.peakBytes < current.result.peakBytes ||
            (r.peakBytes == current.result.peakBytes &&
             r.peakCount < current.result.peakCount)))
        continue;
      if (!best || r.peakBytes < best->result.peakBytes ||
          (r.peakBytes == best->result.peakBytes &&
           r.recomputeTime < best->result.recomputeTime))
        best = Candidate{r, kept};
    }
    if (!best)
      return;
    add(best->result, best->kept);
    current.kept = best->kept;
    current.result = sim.simulate(current.kept, &current.detail);
  }
}

void Solver::relax() {
  // Between two frontier plans there are often plans that keep one more
  // buffer than the lower one: a peak a little higher for less time. Try the
  // most expensive recomputes of the frontier plans followed by the widest
  // gaps in peak (all of them on small frontiers).
  llvm::SmallVector<size_t> frontier = paretoFilter();
  llvm::SmallVector<size_t> order;
  for (size_t i = 0; i + 1 < frontier.size(); ++i)
    order.push_back(i);
  auto gap = [&](size_t i) {
    return candidates[frontier[i + 1]].result.peakBytes -
           candidates[frontier[i]].result.peakBytes;
  };
  llvm::sort(order, [&](size_t a, size_t b) {
    return gap(a) != gap(b) ? gap(a) > gap(b) : a < b;
  });
  if (order.size() > options.relaxedPoints)
    order.resize(options.relaxedPoints);
  llvm::SmallVector<llvm::BitVector> plans;
  for (size_t i : order) {
    const llvm::BitVector &kept = candidates[frontier[i]].kept;
    unsigned tries = 0;
    for (const Move &move : llvm::reverse(moves)) {
      if (tries == options.triesPerStep)
        break;
      if (allKept(move, kept))
        continue;
      ++tries;
      plans.push_back(with(kept, move, /*keep=*/true));
    }
  }
  llvm::SmallVector<PlanSimulator::Result> results = simulateAll(plans);
  for (auto [kept, result] : llvm::zip_equal(plans, results))
    add(result, kept);
}

void Solver::exchange() {
  // A greedy descent takes one buffer at a time and never gives one back:
  // where a cheaper buffer would have freed the same bytes at the peak, the
  // plan keeps the dearer choice. Try swapping, on frontier plans spread
  // along it.
  llvm::SmallVector<llvm::BitVector> plans;
  for (size_t index : spreadFrontier()) {
    // A plan exchanged in an earlier round would give the same plans.
    if (!exchanged.insert(index).second)
      continue;
    const Candidate &from = candidates[index];
    PlanSimulator::Detail detail;
    PlanSimulator::Result result = sim.simulate(from.kept, &detail);
    int at = result.peakEvent;
    llvm::SmallVector<const Move *> back = recomputedDearestFirst(from.kept),
                                    out;
    // Every buffer live across the peak, recomputed alone (up to
    // `oneStepTries`: the descent tried only the cheapest per byte, and a
    // dear small buffer can still be the cheapest way to a slightly lower
    // peak); the cheapest of them in the exchanges.
    for (const Move &move : moves)
      if (out.size() < options.oneStepTries && anyKept(move, from.kept) &&
          liveAcross(move, detail, at))
        out.push_back(&move);
    for (const Move *b : out)
      plans.push_back(with(from.kept, *b, /*keep=*/false));
    if (out.size() > options.triesPerStep)
      out.resize(options.triesPerStep);
    for (const Move *a : back)
      for (const Move *b : out)
        if (a != b)
          plans.push_back(with(with(from.kept, *a, /*keep=*/true), *b,
                               /*keep=*/false));
    // A peak of clones and gradients alone (no kept buffer live across it)
    // has no buffer to exchange at it: keeping a recompute again moves the
    // peak, and the buffers live across the new one are the candidates (an
    // encoder-decoder's optimum keeps its encoder's q again and recomputes
    // its decoder's k, then the context).
    if (out.empty()) {
      for (const Move *a : back) {
        State kept = simulate(from.kept, *a, /*keep=*/true);
        plans.push_back(kept.kept);
        llvm::SmallVector<llvm::BitVector> tries = recomputesAtPeak(kept);
        if (tries.size() > options.triesPerStep)
          tries.resize(options.triesPerStep);
        plans.append(tries.begin(), tries.end());
      }
    }
  }
  llvm::SmallVector<PlanSimulator::Result> results = simulateAll(plans);
  for (auto [kept, result] : llvm::zip_equal(plans, results))
    add(result, kept);
}

void Solver::keepIntermediates() {
  // A recompute chain runs back to kept values through intermediates that
  // no backward op reads (a matmul's output before its bias, a softmax's
  // row maximum). Keeping one instead holds its bytes from the forward to
  // the clone that reads it and spares the chain above it. On frontier
  // plans, with the intermediates their clones recompute ordered by their
  // chains' time per byte: the first few kept alone, and the first 2, 4, 8,
  // ... and all of them kept together (a softmax's maxima and sums pay in
  // every layer at once); then descend from the plans that saved the most,
  // to buy the bytes back where they are cheap.
  llvm::SmallVector<llvm::BitVector> plans;
  llvm::SmallVector<size_t> fromOf;
  for (size_t from : spreadFrontier()) {
    const llvm::BitVector &kept = candidates[from].kept;
    PlanSimulator::Detail detail;
    sim.simulate(kept, &detail);
    llvm::SmallVector<const Move *> cloned;
    for (const Move &move : intermediateMoves)
      if (!kept.test(move.root) && detail.cloneEvent[move.root] >= 0)
        cloned.push_back(&move);
    llvm::sort(cloned, [](const Move *a, const Move *b) {
      double x = a->time * b->bytes, y = b->time * a->bytes;
      return x != y ? x > y : a->root < b->root;
    });
    for (size_t i = 0; i < cloned.size() && i < options.triesPerStep; ++i) {
      plans.push_back(kept);
      plans.back().set(cloned[i]->root);
      fromOf.push_back(from);
    }
    llvm::BitVector prefix = kept;
    size_t size = 0;
    for (size_t next = 2; size < cloned.size(); next *= 2) {
      for (size_t end = std::min(next, cloned.size()); size < end; ++size)
        prefix.set(cloned[size]->root);
      if (size < 2)
        break; // one intermediate: tried alone above
      plans.push_back(prefix);
      fromOf.push_back(from);
    }
  }
  llvm::SmallVector<PlanSimulator::Result> results = simulateAll(plans);
  auto savedTime = [&](size_t i) {
    return candidates[fromOf[i]].result.recomputeTime -
           results[i].recomputeTime;
  };
  // A descent can buy back the bytes a kept intermediate adds to the peak
  // at the cheapest price per byte at best: it starts only where that is
  // below the time the intermediates saved (an attention's scores save
  // little and cost a lot of bytes; a low-rank product the reverse).
  double cheapest = INFINITY;
  for (const Move &move : moves)
    if (move.kind == Move::Recompute && move.bytes > 0)
      cheapest = std::min(cheapest, move.time / move.bytes);
  llvm::SmallVector<size_t> starts;
  for (auto [i, kept] : llvm::enumerate(plans)) {
    add(results[i], kept);
    uint64_t before = candidates[fromOf[i]].result.peakBytes;
    uint64_t added =
        results[i].peakBytes > before ? results[i].peakBytes - before : 0;
    if (savedTime(i) > 0 && cheapest * static_cast<double>(added) < savedTime(i))
      starts.push_back(i);
  }
  llvm::sort(starts, [&](size_t a, size_t b) {
    return savedTime(a) != savedTime(b) ? savedTime(a) > savedTime(b) : a < b;
  });
  if (starts.size() > options.intermediateDescents)
    starts.resize(options.intermediateDescents);
  llvm::BitVector noTabu(moves.size());
  for (size_t i : starts) {
    State state{plans[i], {}, {}};
    state.result = sim.simulate(state.kept, &state.detail);
    descend(std::move(state), noTabu, candidates);
  }
}

void Solver::reclone() {
  // A value read by backward ops far apart is held across the gap between
  // them, kept or as one clone. Recomputing it twice (its chain cloned
  // again for the reads after the widest gap) frees it over the gap, for
  // the time of the chain once more.
  unsigned n = sim.getNumValues();
  std::vector<Move> reclones;
  for (const Move &move : moves) {
    if (!canRecloneAlone(move))
      continue;
    unsigned id = move.members.front();
    Move r = move;
    r.members.push_back(n + id);
    r.time = 2 * move.time;
    r.kind = Move::Reclone;
    reclones.push_back(std::move(r));
  }
  if (reclones.empty())
    return;
  // Every plan gets the second half of bits: all set, nothing re-cloned.
  for (Candidate &c : candidates)
    c.kept.resize(2 * n, true);
  llvm::SmallVector<llvm::BitVector> plans;
  for (size_t index : spreadFrontier()) {
    const Candidate &from = candidates[index];
    PlanSimulator::Detail detail;
    PlanSimulator::Result result = sim.simulate(from.kept, &detail);
    // Values held across the peak whose widest gap between reads holds
    // it (elsewhere a second clone frees nothing there), largest first.
    int at = result.peakEvent;
    int op = detail.opOfEvent[at];
    llvm::SmallVector<const Move *> live;
    for (const Move &move : reclones)
      if (anyKept(move, from.kept) && liveAcross(move, detail, at) &&
          sim.getRecloneGapStart(move.root) < op &&
          op < sim.getRecloneOp(move.root))
        live.push_back(&move);
    llvm::sort(live, [](const Move *a, const Move *b) {
      return a->bytes != b->bytes ? a->bytes > b->bytes : a->root < b->root;
    });
    if (live.size() > options.triesPerStep)
      live.resize(options.triesPerStep);
    for (const Move *move : live) {
      llvm::BitVector twice = with(from.kept, *move, /*keep=*/false);
      plans.push_back(twice);
      // And with one of the plan's recomputes kept again (the exchanges'
      // pattern): the bytes the second recompute frees at the peak can pay
      // for keeping a dearer buffer (an MoE layer's input layernorm
      // recomputed twice, its expert's matmul kept).
      for (const Move *back : recomputedDearestFirst(from.kept, move->root))
        plans.push_back(with(twice, *back, /*keep=*/true));
    }
  }
  llvm::SmallVector<PlanSimulator::Result> results = simulateAll(plans);
  size_t firstNew = candidates.size();
  for (auto [i, kept] : llvm::enumerate(plans))
    add(results[i], kept);
  // Descents (re-clones among the moves) from the new frontier plans.
  moves.insert(moves.end(), reclones.begin(), reclones.end());
  llvm::BitVector noTabu(moves.size());
  unsigned descents = 0;
  for (size_t index : paretoFilter()) {
    if (index < firstNew)
      continue;
    if (descents++ == options.intermediateDescents)
      break;
    State state{candidates[index].kept, {}, {}};
    state.result = sim.simulate(state.kept, &state.detail);
    descend(std::move(state), noTabu, candidates);
  }
}

llvm::SmallVector<PlanSimulator::Result>
Solver::simulateAll(ArrayRef<llvm::BitVector> plans) const {
  llvm::SmallVector<PlanSimulator::Result> results(plans.size());
  mlir::parallelFor(context, 0, plans.size(),
                    [&](size_t i) { results[i] = sim.simulate(plans[i]); });
  return results;
}

llvm::SmallVector<size_t> Solver::paretoFilter() const {
  // By increasing peak, a plan is on the frontier if it is cheaper than every
  // plan with a lower or equal peak.
  llvm::SmallVector<size_t> order(candidates.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  llvm::sort(order, [&](size_t a, size_t b) {
    const auto &x = candidates[a].result, &y = candidates[b].result;
    if (x.peakBytes != y.peakBytes)
      return x.peakBytes < y.peakBytes;
    if (x.recomputeTime != y.recomputeTime)
      return x.recomputeTime < y.recomputeTime;
    return a < b;
  });
  // Times that differ only by rounding (the same ops summed in another
  // order) are equal: the plan with the lower peak is kept.
  auto cheaper = [](double time, double than) {
    return time < than - 1e-12 * std::max(than, 1e-12);
  };
  llvm::SmallVector<size_t> frontier;
  for (size_t index : order)
    if (frontier.empty() ||
        cheaper(candidates[index].result.recomputeTime,
                candidates[frontier.back()].result.recomputeTime))
      frontier.push_back(index);
  return frontier;
}

bool Solver::canRecloneAlone(const Move &move) const {
  if (move.kind != Move::Recompute || move.members.size() != 1)
    return false;
  unsigned id = move.members.front();
  return sim.getRecloneOp(id) >= 0 && sim.getBufferRoot(id) == int(id);
}

uint64_t Solver::enumeratedPlans(bool withReclones) const {
  // 3^r 2^(n-r), or more than 2^62 (never enumerated).
  uint64_t count = 1;
  for (unsigned i = 0; i < numSavedMoves; ++i) {
    count *= withReclones && canRecloneAlone(moves[i]) ? 3 : 2;
    if (count > (uint64_t(1) << 62))
      return count;
  }
  return count;
}

void Solver::enumerate(bool withReclones) {
  // Each saved-activation buffer kept or recomputed (and, withReclones,
  // each that a second recompute can change recomputed twice as well: the
  // reclone() moves' space); no intermediate kept. Plans are numbered in
  // mixed radix, digit i the decision of decided[i]: 0 kept, 1 recomputed,
  // 2 recomputed twice.
  llvm::SmallVector<const Move *> decided;
  llvm::SmallVector<unsigned> radix;
  for (const Move &move : moves)
    if (move.kind == Move::Recompute) {
      decided.push_back(&move);
      radix.push_back(withReclones && canRecloneAlone(move) ? 3 : 2);
    }
  unsigned n = decided.size();
  unsigned numValues = sim.getNumValues();
  const llvm::BitVector &base = options.starts.front();
  uint64_t count = 1;
  for (unsigned r : radix)
    count *= r; // (run() checked it against the limits)
  // Chunks of 2^12 plans (or fewer): each simulates its plans and keeps
  // those on its own frontier, which is all the merged frontier can use.
  constexpr uint64_t kChunk = uint64_t(1) << 12;
  uint64_t chunks = (count + kChunk - 1) / kChunk;
  struct Plan {
    PlanSimulator::Result result;
    uint64_t index;
  };
  std::vector<std::vector<Plan>> found(chunks), every(chunks);
  bool keepEvery = (uint64_t(1) << n) <= options.keepEnumerated;
  // The plan numbered `index`, and whether it re-clones (its bits then have
  // the second half, PlanSimulator::toBits).
  auto planOf = [&](uint64_t index, bool *reclones = nullptr) {
    llvm::BitVector kept = base;
    bool twice = false;
    for (unsigned i = 0; i < n; ++i) {
      unsigned digit = index % radix[i];
      index /= radix[i];
      if (digit == 0)
        continue;
      for (unsigned id : decided[i]->members)
        kept.reset(id);
      if (digit == 2) {
        if (!twice)
          kept.resize(2 * numValues, true);
        twice = true;
        kept.reset(numValues + decided[i]->members.front());
      }
    }
    if (reclones)
      *reclones = twice;
    return kept;
  };
  mlir::parallelFor(context, 0, chunks, [&](size_t chunk) {
    std::vector<Plan> all;
    uint64_t first = chunk * kChunk;
    for (uint64_t index = first; index < std::min(count, first + kChunk);
         ++index) {
      bool twice = false;
      llvm::BitVector kept = planOf(index, &twice);
      all.push_back({sim.simulate(kept), index});
      // The offload planner's enumeration takes the keep/recompute plans.
      if (keepEvery && !twice)
        every[chunk].push_back(all.back());
    }
    auto byPeak = [](const Plan &a, const Plan &b) {
      return std::make_tuple(a.result.peakBytes, a.result.recomputeTime,
                             a.index) < std::make_tuple(b.result.peakBytes,
                                                        b.result.recomputeTime,
                                                        b.index);
    };
    llvm::sort(all, byPeak);
    llvm::sort(every[chunk], byPeak);
    for (const Plan &plan : all)
      if (found[chunk].empty() || plan.result.recomputeTime <
                                      found[chunk].back().result.recomputeTime)
        found[chunk].push_back(plan);
  });
  for (const std::vector<Plan> &chunk : every)
    for (const Plan &plan : chunk)
      enumerated.push_back({plan.result.peakBytes, plan.result.recomputeTime,
                            plan.result.recomputeFlops, planOf(plan.index)});
  for (const std::vector<Plan> &chunk : found)
    for (const Plan &plan : chunk)
      add(plan.result, planOf(plan.index));
  // The fixed policies' plans (full and sqrt keep values outside this
  // space) stay candidates.
  for (const llvm::BitVector &start : options.starts)
    add(sim.simulate(start), start);
}

llvm::SmallVector<FrontierPoint> Solver::run(SolverStats &stats) {
  buildMoves();
  stats.movable = numSavedMoves;
  stats.intermediates = intermediates.size();
  bool exact = false;
  if (options.method == SolverMethod::Exact) {
    if (numSavedMoves > options.exactMaxMovable)
      return {};
    exact = true;
  } else if (options.method == SolverMethod::Auto) {
    uint64_t numOps = graph.getOps().size();
    exact = numSavedMoves < 40 &&
            (uint64_t(1) << numSavedMoves) <= options.exactWorkLimit / numOps;
  }
  stats.exact = exact;
  if (exact) {
    // The second recomputes are enumerated too where that space is within
    // the same limit (else searched on top, reclone()). Auto's limit is on
    // work: a plan that re-clones takes the full replay, about twice the
    // sparse one's time (a one-layer GPT: 2^19 such plans 0.9 s, 2^20
    // without 0.85 s).
    constexpr uint64_t kFullReplayCost = 2;
    uint64_t once = enumeratedPlans(false), all = enumeratedPlans(true);
    stats.exactReclones =
        options.reclone &&
        (options.method == SolverMethod::Exact
             ? all <= (uint64_t(1) << options.exactMaxMovable)
             : all <= (uint64_t(1) << 40) &&
                   once + kFullReplayCost * (all - once) <=
                       options.exactWorkLimit / graph.getOps().size());
    stats.plansEnumerated = stats.exactReclones ? all : once;
    enumerate(stats.exactReclones);
    stats.enumerated = std::move(enumerated);
    for (size_t index : paretoFilter())
      stats.keepRecomputeFrontier.push_back(
          {candidates[index].result.peakBytes,
           candidates[index].result.recomputeTime});
  } else {
    addSiblingMoves();
    searchAll(options.starts);
    refineChosen();
    relax();
    for (unsigned round = 0; round < options.exchangeRounds; ++round)
      exchange();
  }
  if (!intermediates.empty()) {
    // The wide start: policy none's plan with every intermediate kept,
    // which costs nothing until a clone reads one. Its descent recomputes
    // chains that stop at intermediates, and drops the intermediates that
    // do not pay. The phases after it only add candidates: the frontier
    // of the keep/recompute space stays as it was. (The exchanges are not
    // run again: on the 96-layer torch.compile graph they took 0.4 s and,
    // by moving the frontier plans the next step starts from, ended on a
    // plan 5% above the one found without them.)
    if (exact)
      addSiblingMoves();
    moves.insert(moves.end(), intermediateMoves.begin(),
                 intermediateMoves.end());
    sortMoves();
    llvm::BitVector wide = options.starts.front();
    for (unsigned id : intermediates)
      wide.set(id);
    searchAll(wide);
    refineChosen();
    relax();
  }
  // Frontier plans (enumerated or searched) that keep one more
  // intermediate, or several.
  if (!intermediates.empty())
    keepIntermediates();
  if (options.reclone)
    reclone();
  lowerLeast();
  // Aimed at the plan asked for (the enumeration has every plan already).
  if (!exact && options.targetPeak)
    fillUnder(*options.targetPeak);
  if (!exact && options.targetTime)
    descendWithin(*options.targetTime);
  llvm::SmallVector<FrontierPoint> points;
  for (size_t index : paretoFilter()) {
    const Candidate &c = candidates[index];
    points.push_back({c.result.peakBytes, c.result.recomputeTime,
                      c.result.recomputeFlops, c.kept});
  }
  return points;
}

llvm::SmallVector<FrontierPoint>
remat::computeParetoFrontier(const PlanSimulator &sim, const JointGraph &graph,
                             const DeviceInfo &device,
                             const SolverOptions &options,
                             SolverStats *stats) {
  SolverStats local;
  SolverStats &out = stats ? *stats : local;
  llvm::SmallVector<FrontierPoint> points =
      Solver(sim, graph, device, options).run(out);
  if (!out.exact ||
      ((!options.reclone || out.exactReclones) && out.intermediates == 0))
    return points;
  // The enumeration is exact in the keep/recompute space only; the second
  // recomputes and the intermediates are searched on top of its frontier.
  // The search's own frontier, a worse start in that space, can be a
  // better one for them (an encoder-decoder's least peak 2.7% lower,
  // benchmarks/exact_gap.py --families): its plans join, so that the
  // enumeration never ends above what the search alone reaches.
  SolverOptions searchOptions = options;
  searchOptions.method = SolverMethod::Search;
  SolverStats searchStats;
  llvm::SmallVector<FrontierPoint> searched =
      Solver(sim, graph, device, searchOptions).run(searchStats);
  points.append(searched.begin(), searched.end());
  // By peak, then time; at a tie the enumeration's plan first.
  llvm::SmallVector<size_t> order(points.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::sort(order, [&](size_t a, size_t b) {
    const FrontierPoint &x = points[a], &y = points[b];
    if (x.peakBytes != y.peakBytes)
      return x.peakBytes < y.peakBytes;
    if (x.recomputeTime != y.recomputeTime)
      return x.recomputeTime < y.recomputeTime;
    return a < b;
  });
  llvm::SmallVector<FrontierPoint> frontier;
  for (size_t index : order)
    if (frontier.empty() ||
        points[index].recomputeTime < frontier.back().recomputeTime)
      frontier.push_back(std::move(points[index]));
  return frontier;
}

const FrontierPoint *remat::pickForBudget(ArrayRef<FrontierPoint> frontier,
                                          uint64_t budget) {
  const FrontierPoint *best = nullptr;
  for (const FrontierPoint &point : frontier)
    if (point.peakBytes <= budget)
      best = &point;
  return best;
}

const FrontierPoint *remat::pickForTime(ArrayRef<FrontierPoint> frontier,
                                        double maxTime) {
  for (const FrontierPoint &point : frontier)
    if (point.cost() <= maxTime)
      return &point;
  return nullptr;
}
