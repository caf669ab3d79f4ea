//===- RematPlanner.cpp - which saved activations to recompute ------------===//
//
// Every policy produces a "kept" set of forward values, the values the
// backward pass may use as they are; a saved activation outside it is
// recomputed from a clone of its producer chain, which stops at kept values
// and arguments.
//
//  1. The policy proposes the kept set: all saved activations (none,
//     selective), or the values that cross a checkpoint-block boundary plus
//     everything outside blocks (full, sqrt).
//  2. User overrides win: results of `remat.policy = "save"` ops are kept,
//     results of `"recompute"` ops are not.
//  3. Closure: if a recomputed value's chain reaches a value whose producer
//     may not be recomputed (side effects, regions, "save"), that value is
//     kept instead.
//  4. selective only: saved activations are visited in program order; each
//     one whose chain costs at most threshold FLOPs per byte freed (chain ops
//     already recomputed for earlier values are free) leaves the kept set.
//     The threshold is the device's ridge point: peak GEMM FLOP/s of the
//     value's element type over memory bandwidth, times
//     `selective-threshold`. Below it, the recompute is memory-bound on that
//     device: it costs about what moving the saved bytes would.
//  5. auto, or any policy with a budget or pareto=true: the solver
//     (RematSolver.cpp) computes the Pareto frontier of plans from the kept
//     sets of none, selective, full and sqrt; auto takes its plan from it,
//     the other policies check their plan against the budget with the plan
//     simulator.
//
//===----------------------------------------------------------------------===//

#include "remat/Transforms/RematPlanner.h"

#include "remat/Analysis/Diagnostics.h"
#include "remat/Analysis/LayerBoundaries.h"
#include "remat/Transforms/OffloadPlanner.h"

#include "remat/Analysis/MemoryPlan.h"
#include "remat/Dialect/NN/NNOps.h"
#include "remat/Dialect/Remat/RematDialect.h"
#include "remat/Analysis/CoverMILP.h"
#include "remat/Analysis/PlanSimulator.h"
#include "remat/Analysis/LowerBounds.h"
#include "remat/Analysis/RecomputeChains.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "remat/Analysis/Debug.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#define DEBUG_TYPE "remat-planner"

using namespace mlir;
using namespace remat;

std::optional<uint64_t> remat::parseByteSize(StringRef text) {
  // Exact: digits [. digits] [unit], in 128-bit integer arithmetic; sizes of
  // 2^63 bytes or more are refused (the report writes JSON integers).
  text = text.trim();
  size_t split = text.find_first_not_of("0123456789.");
  StringRef number = text.substr(0, split);
  std::string unitText =
      split == StringRef::npos ? "" : text.substr(split).trim().lower();
  StringRef unit = unitText;
  auto [whole, fraction] = number.split('.');
  if ((whole.empty() && fraction.empty()) || fraction.contains('.') ||
      whole.size() > 19)
    return std::nullopt;
  std::optional<uint64_t> scale =
      llvm::StringSwitch<std::optional<uint64_t>>(unit)
          .Cases({"", "b"}, 1)
          .Case("kb", 1000ull)
          .Case("mb", 1000ull * 1000)
          .Case("gb", 1000ull * 1000 * 1000)
          .Case("tb", 1000ull * 1000 * 1000 * 1000)
          .Case("kib", 1ull << 10)
          .Case("mib", 1ull << 20)
          .Case("gib", 1ull << 30)
          .Case("tib", 1ull << 40)
          .Default(std::nullopt);
  if (!scale)
    return std::nullopt;
  unsigned __int128 value = 0;
  for (char c : whole)
    value = value * 10 + (c - '0');
  value *= *scale;
  // A fraction of a unit rounds down to whole bytes ("1.5KiB" is 1536
  // bytes, "4.1MiB" 4299161); a fraction of a byte is refused ("1.5B"). At
  // most 19 fraction digits: the largest unit is below 10^13 bytes.
  if (fraction.size() > 19 || (!fraction.empty() && *scale == 1))
    return std::nullopt;
  unsigned __int128 numerator = 0, denominator = 1;
  for (char c : fraction) {
    numerator = numerator * 10 + (c - '0');
    denominator *= 10;
  }
  value += numerator * *scale / denominator;
  if (value >= (static_cast<unsigned __int128>(1) << 63))
    return std::nullopt;
  return static_cast<uint64_t>(value);
}

const char *const remat::kBudgetForms =
    "bytes with an optional unit (12GiB, 12 GiB, 12gib, 1.5GiB, 500MB, "
    "1048576; units B, KB, MB, GB, TB, KiB, MiB, GiB, TiB in any case), a "
    "fraction of policy none's peak (60% or 0.6), or a fraction of the "
    "activations policy none saves for the backward (50% activations)";

std::optional<BudgetSpec> remat::parseBudget(StringRef text) {
  std::string normal;
  for (char c : text)
    if (!llvm::isSpace(c))
      normal += llvm::toLower(c);
  StringRef rest = normal;
  bool ofActivations = rest.consume_back("activations") ||
                       rest.consume_back("activation") ||
                       rest.consume_back("act");
  if (ofActivations)
    rest.consume_back("of");
  bool percent = rest.ends_with("%");
  // A bare decimal with a point is a fraction ("0.6"); a bare integer is
  // bytes ("4096").
  bool decimal = !rest.empty() && rest.contains('.') &&
                 rest.find_first_not_of("0123456789.") == StringRef::npos;
  BudgetSpec spec;
  if (!ofActivations && !percent && !decimal) {
    spec.bytes = parseByteSize(rest);
    return spec.bytes ? std::optional<BudgetSpec>(spec) : std::nullopt;
  }
  std::optional<double> fraction = parseFraction(rest);
  if (!fraction || !(*fraction > 0) || *fraction > 1)
    return std::nullopt;
  spec.relative = RelativeBudget{*fraction, ofActivations};
  return spec;
}

uint64_t RelativeBudget::resolve(uint64_t nonePeak,
                                 uint64_t activationBytes) const {
  auto part = [&](uint64_t bytes) {
    return static_cast<uint64_t>(std::floor(
        static_cast<long double>(bytes) * static_cast<long double>(fraction)));
  };
  if (!ofActivations)
    return part(nonePeak);
  activationBytes = std::min(activationBytes, nonePeak);
  return nonePeak - activationBytes + part(activationBytes);
}

std::string RelativeBudget::describe() const {
  char percent[32];
  std::snprintf(percent, sizeof(percent), "%.10g%%", fraction * 100);
  return std::string(percent) + " of " +
         (ofActivations ? "the activations policy none saves"
                        : "policy none's peak");
}

std::optional<double> remat::parseFraction(StringRef text) {
  text = text.trim();
  double scale = text.consume_back("%") ? 0.01 : 1.0;
  text = text.trim();
  double value;
  // No sign at all: "-0" is refused like any negative fraction.
  if (text.empty() || text.front() == '-' || text.front() == '+' ||
      text.getAsDouble(value) || !(value >= 0) || std::isinf(value))
    return std::nullopt;
  return value * scale;
}

namespace {

class Planner {
public:
  Planner(PlanContext &context, const PlannerOptions &options)
      : func(context.getFunction()), graph(context.getGraph()),
        options(options), context(context) {}

  std::optional<RematPlan> run();

private:
  /// The least peak the frontier reached, and whether it is proven least
  /// (it equals the memory plan's lower bound) or what that bound is.
  /// The budget in bytes, with what it is relative to where it is.
  std::string describeBudget() const;
  std::string describeLeastPeak(uint64_t least, PlanError &error);
  /// Emits `error` at its op and records it in the context.
  void refuse(PlanError error);
  /// Set by solve(): whether the frontier is exact, and over how many
  /// movable buffers.
  bool exactFrontier = false;
  unsigned movable = 0;
  /// With an exact frontier: the plans enumerated (more than 2^movable
  /// where they recomputed values twice too, SolverStats::exactReclones).
  uint64_t exactPlans = 0;
  /// The checkpoint block of a forward op: its remat.block mark where any
  /// forward op is marked, else the layer inferCheckpointBlocks found
  /// (LayerBoundaries.h), else none. Found once per plan, and said in the
  /// report where there are blocks.
  std::optional<int64_t> blockOf(mlir::Operation *op);
  /// Finds the blocks (marks or inferred) and records them in the report;
  /// whether there are any.
  bool resolveBlocks();
  bool blocksResolved = false, blocksMarked = false;
  std::optional<InferredBlocks> inferredBlocks;
  bool proposeBlockBoundaries();
  /// Whether a forward user of `value` lies outside its segment (block).
  bool
  leavesSegment(mlir::Value value,
                llvm::function_ref<std::optional<int64_t>(mlir::Operation *)>
                    segmentOf) const;
  bool applyOverrides();
  void closeOverUnrecomputable();
  /// Keeps (pins) the saved activations that leave their checkpoint block,
  /// and keeps the other values that leave it as chain stops: selective,
  /// dots and dots-no-batch recompute only within a block.
  void pinBlockBoundaries();
  void selectCheapValues();
  /// dots (and dots-no-batch: only the matrix multiplies without batch
  /// dimensions).
  void keepMatmulResults(bool unbatchedOnly);
  void keepPromisesOfFixedPolicies();
  /// The plan of a fixed policy on the same function and device, without
  /// budget, overhead or frontier (made once per context).
  const RematPlan *planFixedPolicy(Policy policy) const {
    return context.getFixedPlan(policy);
  }
  /// Computes the Pareto frontier when auto, a budget or the frontier is
  /// asked for; auto takes its plan from it.
  bool solve();
  void addJointCoverPlans(llvm::SmallVectorImpl<FrontierPoint> &frontier,
                          const PlanSimulator &sim);
  bool pickAutoPlan(llvm::ArrayRef<FrontierPoint> frontier,
                    const PlanSimulator &sim);
  void describeDecisions();
  /// Whether offload is in the decision space; the "offload" overrides
  /// (checked), and the search's eligible values. False with an error.
  bool prepareOffload();
  /// policy offload and the overrides of the fixed policies: the values
  /// offloaded on the plan's kept set. False with an error.
  bool chooseFixedOffloads();
  /// auto: the frontier with offload (OffloadPlanner.h). False with an
  /// error (the overrides alone above the host budget).
  bool addOffloadPlans(llvm::SmallVectorImpl<FrontierPoint> &frontier,
                       const PlanSimulator &sim, SolverStats &stats);
  /// The peak the certificate and the exact optimum hold at: auto's budget
  /// where one was asked for (a plan is measured against every plan within
  /// the budget, not only those at the peak it reached), else the plan's
  /// own peak.
  uint64_t certifiedPeak(uint64_t peak) const {
    return options.policy == Policy::Auto && options.budget
               ? std::max(peak, *options.budget)
               : peak;
  }
  /// With offload evaluated exactly: that space's frontier, (peak, cost).
  SmallVector<std::pair<uint64_t, double>> exactOffloadFrontier;
  /// Refuses (false) the kept set of `model` where an "offload" override has
  /// no window under it, or where the overrides alone hold more host bytes
  /// than the host budget.
  bool checkForcedOffloads(const OffloadModel &model);
  /// Why an "offload" override has no window under the plan.
  static std::string noWindowMessage() {
    return "'remat.policy' = \"offload\" cannot be honored: an op of the "
           "backward (or a recompute) reads the value before, or right "
           "after, its last forward read, so there is no window to hold it "
           "in host memory";
  }
  /// The plan's device peak: the simulator's, or with offloads the offload
  /// model's.
  uint64_t planPeak(const PlanSimulator &sim);
  /// The kept set and the offloads as a frontier point's bits and ids.
  OffloadSearch offloadSearch(const PlanSimulator &sim) const {
    OffloadSearch search(sim, options.device, offloadEligible);
    search.hostBudget = options.hostBudget;
    return search;
  }
  /// The most bytes offloaded values can hold in host memory at one op:
  /// every eligible value, or the host budget (0 without offload).
  uint64_t offloadableBytes(const PlanSimulator &sim) const {
    if (!offloading)
      return 0;
    uint64_t held = 0;
    for (unsigned id : offloadEligible.set_bits())
      held += sim.getBytes(id);
    return options.hostBudget ? std::min(held, *options.hostBudget) : held;
  }
  bool offloading = false;
  llvm::BitVector offloadEligible;
  /// The "offload" overrides, and the plan's offloads (value ids).
  std::vector<unsigned> forcedOffloads, offloadIds;

  bool isAvailable(Value v) const {
    return isa<BlockArgument>(v) || plan.kept.contains(v);
  }

  func::FuncOp func;
  const JointGraph &graph;
  const PlannerOptions &options;
  PlanContext &context;
  RematPlan plan;
  /// Why a value was kept or recomputed, when not the policy's default.
  llvm::DenseMap<Value, std::string> reasons;
  /// Values that step 4 must not move out of the kept set.
  llvm::DenseSet<Value> pinned;
};

} // namespace

std::optional<RematPlan> Planner::run() {
  switch (options.policy) {
  case Policy::Auto:
  case Policy::None:
  case Policy::Offload:
  case Policy::Selective:
  case Policy::Dots:
  case Policy::DotsNoBatch:
    for (Value v : graph.getSavedActivations())
      plan.kept.insert(v);
    break;
  case Policy::Full:
  case Policy::Sqrt:
    if (!proposeBlockBoundaries())
      return std::nullopt;
    break;
  }
  if (!applyOverrides())
    return std::nullopt;
  closeOverUnrecomputable();
  if (!prepareOffload())
    return std::nullopt;
  if (options.policy == Policy::Selective)
    selectCheapValues();
  if (options.policy == Policy::Dots || options.policy == Policy::DotsNoBatch)
    keepMatmulResults(options.policy == Policy::DotsNoBatch);
  if (options.policy == Policy::Full || options.policy == Policy::Sqrt ||
      options.policy == Policy::Selective || options.policy == Policy::Dots ||
      options.policy == Policy::DotsNoBatch)
    keepPromisesOfFixedPolicies();
  if (options.policy != Policy::Auto && !chooseFixedOffloads())
    return std::nullopt;
  if ((options.policy == Policy::Auto || options.budget || options.pareto) &&
      !solve())
    return std::nullopt;
  describeDecisions();
  // The plan's figures, from the one simulator of the context.
  const PlanSimulator &sim = context.getSimulator();
  llvm::BitVector bits = sim.toBits(plan.kept, &plan.reclone);
  std::optional<OffloadModel> model;
  if (!offloadIds.empty())
    model.emplace(sim, options.device, bits);
  PlanSimulator::Result figures =
      model ? model->getResult() : sim.simulate(bits);
  plan.peakBytes = figures.peakBytes;
  plan.heldBytes = figures.heldBytes;
  plan.recomputeTime = figures.recomputeTime;
  plan.recomputeFlops = figures.recomputeFlops;
  if (model) {
    OffloadResult r = model->evaluate(offloadIds);
    plan.peakBytes = r.peakBytes;
    plan.hostPeakBytes = r.hostPeakBytes;
    plan.exposedTime = r.exposedTime;
    for (const OffloadCopy &copy : r.copies) {
      Value value = sim.getValue(copy.value);
      auto it = reasons.find(value);
      plan.offloads.push_back(
          {value, copy, it != reasons.end() ? it->second : std::string()});
    }
  }
  plan.report.offload = offloading;
  plan.report.hostBudget = options.hostBudget;
  plan.boundPeakBytes = certifiedPeak(plan.peakBytes);
  if (options.certify) {
    // What any plan at this plan's peak must recompute. The bound never
    // needs to pass the plan's own time (it bounds every plan at this
    // peak, this one included).
    bool byMILP = false;
    // With offload, a plan at this peak holds at most offloadableBytes in
    // host memory across any op: kept on the device instead, it would peak
    // at most that much higher for the same recompute time, and its cost is
    // at least its recompute time.
    plan.timeLowerBound = context.getBounds().recomputeTime(
        plan.boundPeakBytes + offloadableBytes(sim),
        (plan.recomputeTime + plan.exposedTime) * (1 - 1e-9),
        options.certificate == Certificate::Cover ? 0.0
                                                  : options.certificateSeconds,
        options.certificate == Certificate::MILP ? 0.0
                                                 : BoundConstants::kMILPGap,
        &byMILP);
    plan.boundByMILP = byMILP;
  }
  context.countPlan();
  return std::move(plan);
}

void Planner::refuse(PlanError error) {
  remat::emitErrorAt(error.at) << error.message;
  context.setError(std::move(error));
}

bool Planner::resolveBlocks() {
  if (blocksResolved)
    return blocksMarked || inferredBlocks;
  blocksResolved = true;
  blocksMarked = llvm::any_of(graph.getOps(), [&](Operation *op) {
    return graph.isForward(op) && getCheckpointBlock(op);
  });
  if (blocksMarked) {
    std::set<int64_t> ids;
    for (Operation *op : graph.getOps())
      if (graph.isForward(op))
        if (std::optional<int64_t> block = getCheckpointBlock(op))
          ids.insert(*block);
    plan.report.blockSource = "marks";
    plan.report.blocks = ids.size();
    return true;
  }
  // Without marks (imported IR), the layers the forward's structure shows:
  // the blocks of full and sqrt, and with infer-blocks=true those within
  // which selective and the dots policies recompute.
  if (!options.inferBlocks && options.policy != Policy::Full &&
      options.policy != Policy::Sqrt)
    return false;
  inferredBlocks = inferCheckpointBlocks(graph);
  if (!inferredBlocks)
    return false;
  plan.report.blockSource = "inferred";
  plan.report.blocks = inferredBlocks->blocks;
  plan.report.opsPerBlock = inferredBlocks->opsPerBlock;
  plan.report.liveAtBoundaries = inferredBlocks->liveAtBoundaries;
  return true;
}

std::optional<int64_t> Planner::blockOf(Operation *op) {
  if (!resolveBlocks())
    return std::nullopt;
  if (blocksMarked)
    return getCheckpointBlock(op);
  auto it = inferredBlocks->blockOf.find(op);
  if (it == inferredBlocks->blockOf.end())
    return std::nullopt;
  return it->second;
}

/// full / sqrt: keep every forward value defined outside checkpoint blocks
/// and every value that leaves its block (segment) for a forward user in
/// another one; everything else inside a block is recomputed.
bool Planner::proposeBlockBoundaries() {
  if (!resolveBlocks()) {
    refuse({"policy",
            ("policy '" + stringifyPolicy(options.policy) +
             "' needs checkpoint blocks: no forward op has a 'remat.block' "
             "attribute, and no sequence of forward ops repeats (no layers "
             "to find: copies that each compute a matrix multiply or "
             "convolution); mark each layer's ops with remat.block = "
             "<layer> : i64")
                .str(),
            func});
    return false;
  }
  std::map<int64_t, unsigned> blockRank;
  for (Operation *op : graph.getOps())
    if (graph.isForward(op))
      if (std::optional<int64_t> block = blockOf(op))
        blockRank.emplace(*block, 0);
  unsigned rank = 0;
  for (auto &entry : blockRank)
    entry.second = rank++;
  // sqrt: segments of ceil(sqrt(N)) consecutive blocks.
  unsigned segmentSize = 1;
  if (options.policy == Policy::Sqrt)
    segmentSize = static_cast<unsigned>(
        std::ceil(std::sqrt(static_cast<double>(blockRank.size()))));
  auto segmentOf = [&](Operation *op) -> std::optional<int64_t> {
    std::optional<int64_t> block = blockOf(op);
    if (!block)
      return std::nullopt;
    return blockRank[*block] / segmentSize;
  };
  for (Operation *op : graph.getOps()) {
    if (!graph.isForward(op))
      continue;
    for (Value result : op->getResults())
      if (!segmentOf(op) || leavesSegment(result, segmentOf))
        plan.kept.insert(result);
  }
  return true;
}

bool Planner::leavesSegment(
    Value value,
    function_ref<std::optional<int64_t>(Operation *)> segmentOf) const {
  std::optional<int64_t> segment = segmentOf(value.getDefiningOp());
  return segment && llvm::any_of(value.getUsers(), [&](Operation *user) {
           Operation *top = graph.getTopLevel(user);
           return graph.isForward(top) && segmentOf(top) != segment;
         });
}

bool Planner::applyOverrides() {
  for (Operation *op : graph.getOps()) {
    if (!graph.isForward(op))
      continue;
    PolicyOverride override = getPolicyOverride(op);
    if (override == PolicyOverride::Save) {
      for (Value result : op->getResults()) {
        plan.kept.insert(result);
        pinned.insert(result);
        reasons[result] = "remat.policy = \"save\"";
      }
    } else if (override == PolicyOverride::Recompute) {
      if (std::string why = whyNotRecomputable(op); !why.empty()) {
        refuse({"policy",
                "'remat.policy' = \"recompute\" cannot be honored: " + why,
                op});
        return false;
      }
      for (Value result : op->getResults()) {
        plan.kept.erase(result);
        reasons[result] = "remat.policy = \"recompute\"";
      }
    }
  }
  return true;
}

/// The reason a decision gives for a value whose producer `op` may not be
/// cloned: an override, or the rule of whyNotRecomputable.
static std::string notRecomputableReason(Operation *op) {
  switch (getPolicyOverride(op)) {
  case PolicyOverride::Save:
    return "remat.policy = \"save\"";
  case PolicyOverride::Offload:
    return "remat.policy = \"offload\"";
  default:
    break;
  }
  std::string why = whyNotRecomputable(op);
  return "not recomputable: " +
         (why.empty() ? std::string("the op is not a forward op of the body")
                      : why);
}

void Planner::closeOverUnrecomputable() {
  // Ops whose chains were already found recomputable: keeping more values
  // only shortens chains, so they stay valid and later walks stop there.
  llvm::DenseSet<Operation *> verified;
  for (Value value : graph.getSavedActivations()) {
    while (!plan.kept.contains(value)) {
      llvm::SetVector<Operation *> chain;
      Value blocker;
      if (collectRecomputeChain(
              value, [&](Value v) { return isAvailable(v); },
              [&](Operation *op) { return verified.contains(op); }, graph,
              chain, blocker)) {
        verified.insert(chain.begin(), chain.end());
        break;
      }
      plan.kept.insert(blocker);
      pinned.insert(blocker);
      if (!reasons.count(blocker))
        reasons[blocker] = notRecomputableReason(blocker.getDefiningOp());
    }
  }
  // Saved activations whose own producer cannot be recomputed stay pinned
  // even under selective.
  for (Value value : graph.getSavedActivations())
    if (!isRecomputable(value.getDefiningOp(), graph)) {
      pinned.insert(value);
      if (!reasons.count(value))
        reasons[value] = notRecomputableReason(value.getDefiningOp());
    }
}

void Planner::pinBlockBoundaries() {
  auto block = [&](Operation *op) { return blockOf(op); };
  for (Value value : graph.getSavedActivations())
    if (leavesSegment(value, block)) {
      pinned.insert(value);
      reasons.try_emplace(value, "checkpoint block boundary");
    }
  // A block's output that the backward does not read (a residual stream
  // whose layernorm is decomposed, as JAX's is) is kept too, so that chains
  // stop there as they stop at a saved boundary: otherwise the recompute of
  // the last block's input runs through every block before it, and the
  // backward holds every block's input from its start. (Kept, it is held
  // only as long as a chain reads it.)
  for (Operation *op : graph.getOps())
    if (graph.isForward(op) && isRecomputable(op, graph) &&
        getPolicyOverride(op) != PolicyOverride::Recompute)
      for (Value result : op->getResults())
        if (!plan.kept.contains(result) && leavesSegment(result, block)) {
          plan.kept.insert(result);
          reasons.try_emplace(result, "checkpoint block boundary: recompute "
                                      "chains stop here");
        }
}

void Planner::selectCheapValues() {
  // Like Megatron-LM, which recomputes inside a layer, selective keeps the
  // values that leave their checkpoint block: recompute chains never cross
  // blocks, so a recompute materializes at most one block's values at once.
  pinBlockBoundaries();
  llvm::DenseSet<Operation *> recomputed;
  // Repeat until nothing changes: a value found expensive early can become
  // free once a later value's chain recomputes its producer anyway (the mean
  // and rstd of a recomputed layernorm).
  for (bool changed = true; changed;) {
    changed = false;
    for (Value value : graph.getSavedActivations()) {
      if (!plan.kept.contains(value) || pinned.contains(value))
        continue;
      llvm::SetVector<Operation *> chain;
      Value blocker;
      if (!collectRecomputeChain(
              value, [&](Value v) { return v != value && isAvailable(v); },
              [&](Operation *op) { return recomputed.contains(op); }, graph,
              chain, blocker))
        continue;
      uint64_t flops = 0;
      for (Operation *op : chain)
        flops += getOpCost(op).flops;
      uint64_t bytes = getTensorBytes(value);
      if (bytes == 0) {
        reasons[value] = "a scalar: it occupies no tensor memory";
        continue;
      }
      Type element = getElementTypeOrSelf(value.getType());
      double threshold =
          options.device.ridgePoint(element) * options.selectiveThreshold;
      double perByte = static_cast<double>(flops) / bytes;
      if (perByte > threshold) {
        reasons[value] = llvm::formatv("expensive: {0:F1} recompute FLOPs "
                                       "per byte > threshold {1:F1}",
                                       perByte, threshold);
        continue;
      }
      plan.kept.erase(value);
      recomputed.insert(chain.begin(), chain.end());
      reasons[value] = llvm::formatv("cheap: {0:F1} recompute FLOPs per byte "
                                     "<= threshold {1:F1}",
                                     perByte, threshold);
      changed = true;
    }
  }
}

/// Whether a matrix multiply has batch dimensions (JAX's
/// dots_with_no_batch_dims_saveable keeps only those without): an
/// nn.generic says so with `batch_dims`; an op of the nn dialect has them
/// when both operands have leading (batch) dimensions, as an attention's
/// scores have and a projection by a weight matrix has not.
static bool hasBatchDims(Operation *op) {
  if (auto generic = dyn_cast<nn::GenericOp>(op))
    return generic.getBatchDims().value_or(0) > 0;
  if (op->getNumOperands() < 2)
    return false;
  auto lhs = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto rhs = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
  return lhs && rhs && lhs.getRank() > 2 && rhs.getRank() > 2;
}

/// dots (JAX's `dots_saveable` policy, applied per checkpoint block): keep
/// what the matrix multiplies compute, recompute everything else from it.
/// Every forward value a GEMM-class op defines is kept, saved activation or
/// not (an attention's scores, from which the softmax is recomputed, stop
/// recompute chains); so is every value that leaves its checkpoint block, as
/// `jax.checkpoint` around each layer saves the layer's inputs; the other
/// saved activations are recomputed. With `unbatchedOnly` (dots-no-batch,
/// JAX's dots_with_no_batch_dims_saveable) only the GEMMs without batch
/// dimensions count.
void Planner::keepMatmulResults(bool unbatchedOnly) {
  auto isMatmul = [&](Operation *op) {
    return getOpCost(op).opClass == OpClass::Gemm &&
           !(unbatchedOnly && hasBatchDims(op));
  };
  // The reasons name the policy: dots or dots-no-batch.
  std::string name = stringifyPolicy(options.policy).str();
  pinBlockBoundaries();
  SmallVector<Value> recomputed;
  for (Value value : graph.getSavedActivations()) {
    if (!plan.kept.contains(value) || pinned.contains(value))
      continue;
    Operation *def = value.getDefiningOp();
    if (isMatmul(def))
      reasons.try_emplace(value, name + ": a matrix multiply's result");
    else if (isRecomputable(def, graph))
      recomputed.push_back(value);
  }
  for (Operation *op : graph.getOps())
    if (graph.isForward(op) && isMatmul(op) && isRecomputable(op, graph) &&
        getPolicyOverride(op) != PolicyOverride::Recompute)
      for (Value result : op->getResults())
        if (plan.kept.insert(result).second)
          reasons.try_emplace(result, name + ": a matrix multiply's result: "
                                             "recompute chains stop here");
  // A value whose chain reaches an op that cannot run twice stays kept.
  for (Value value : recomputed) {
    llvm::SetVector<Operation *> chain;
    Value blocker;
    if (!collectRecomputeChain(
            value, [&](Value v) { return v != value && isAvailable(v); },
            [&](Operation *) { return false; }, graph, chain, blocker))
      continue;
    plan.kept.erase(value);
    reasons[value] = name + ": recomputed from the matrix multiplies' results";
  }
}

/// What full, sqrt and selective promise (docs/Rematerialize.md):
///  * a recompute frees something: a saved activation whose original buffer
///    is still in use when its clone would be made (a kept view of the same
///    buffer, a returned alias, a backward user of an alias) is kept, and so
///    is a view of an argument;
///  * the plan's peak is at most policy none's (which honors the same
///    overrides): while it is above, the move that lowers the peak most is
///    made, keeping a recomputed value or letting a recompute chain go
///    through a kept value that the backward does not read; if no single
///    move lowers it, the plan becomes policy none's.
void Planner::keepPromisesOfFixedPolicies() {
  const PlanSimulator &sim = context.getSimulator();
  auto undoable = [&](Value value) {
    return !plan.kept.contains(value) &&
           getPolicyOverride(value.getDefiningOp()) !=
               PolicyOverride::Recompute;
  };
  PlanSimulator::Detail detail;
  // 1. Recomputes that free nothing. Keeping such a value is never worse
  //    (its buffer is live when the clone would be made), and it can only
  //    shorten other chains; repeat until the plan has none.
  for (bool changed = true; changed;) {
    changed = false;
    sim.simulate(sim.toBits(plan.kept), &detail);
    for (Value value : graph.getSavedActivations()) {
      if (!undoable(value))
        continue;
      int id = sim.getValueId(value);
      int root = sim.getBufferRoot(id);
      int clone = detail.cloneEvent[id];
      if (clone < 0 || (root >= 0 && detail.bufferEnd[root] < clone))
        continue;
      plan.kept.insert(value);
      reasons[value] = root < 0 ? "kept: a view of an argument costs no memory"
                                : "kept: its buffer is still live where the "
                                  "recompute would be placed (through a kept "
                                  "view or another use), so recomputing it "
                                  "would free nothing";
      changed = true;
    }
  }
  // 2. Policy none's plan, with the same overrides, is the ceiling.
  const RematPlan *none = planFixedPolicy(Policy::None);
  if (!none)
    return; // none fails only where this policy failed first
  llvm::BitVector noneBits = sim.toBits(none->kept);
  uint64_t ceiling = sim.simulate(noneBits).peakBytes;
  llvm::DenseSet<Value> saved(graph.getSavedActivations().begin(),
                              graph.getSavedActivations().end());
  llvm::BitVector bits = sim.toBits(plan.kept);
  uint64_t peak = sim.simulate(bits).peakBytes;
  // Each round simulates every move once; a few rounds are enough in
  // practice, and past kMaxRounds policy none's plan is taken at once.
  constexpr unsigned kMaxRounds = 32;
  for (unsigned round = 0; peak > ceiling; ++round) {
    // Moves: keep a recomputed value; drop from the kept set a value that
    // the backward does not read (a chain stop such as a block boundary),
    // so that chains go through it as under policy none.
    SmallVector<std::pair<unsigned, bool>> moves; // (value id, keep?)
    if (round < kMaxRounds) {
      for (Value value : graph.getSavedActivations())
        if (undoable(value))
          moves.push_back({static_cast<unsigned>(sim.getValueId(value)), true});
      for (unsigned id : bits.set_bits()) {
        Value value = sim.getValue(id);
        if (!saved.contains(value) && !noneBits.test(id) &&
            !pinned.contains(value) &&
            isRecomputable(value.getDefiningOp(), graph))
          moves.push_back({id, false});
      }
    }
    std::optional<std::pair<unsigned, bool>> best;
    uint64_t bestPeak = peak;
    for (auto [id, keep] : moves) {
      bits[id] = keep;
      uint64_t candidate = sim.simulate(bits).peakBytes;
      bits[id] = !keep;
      if (candidate < bestPeak) {
        best = {id, keep};
        bestPeak = candidate;
      }
    }
    if (!best) {
      // No single move lowers the peak (or too many rounds): take policy
      // none's plan.
      for (Value value : graph.getSavedActivations())
        if (undoable(value) && none->kept.contains(value))
          reasons[value] = "kept as under policy none: the policy's own plan "
                           "peaked above none's";
      plan.kept = none->kept;
      break;
    }
    Value value = sim.getValue(best->first);
    LLVM_DEBUG(llvm::dbgs() << "[remat-planner] " << stringifyPolicy(options.policy)
                            << ": " << (best->second ? "keep" : "drop stop")
                            << " value #" << best->first << " (" << value.getLoc()
                            << "): peak " << peak << " -> " << bestPeak
                            << ", none's " << ceiling << "\n");
    bits[best->first] = best->second;
    if (best->second) {
      plan.kept.insert(value);
      reasons[value] = "kept: recomputing it raised the plan's peak above "
                       "policy none's";
    } else {
      plan.kept.erase(value);
    }
    peak = bestPeak;
  }
  // 3. Recomputes that lower no peak: at policy none's peak, the policy's
  //    recomputes cost time and save nothing there; policy none's plan
  //    reaches the same peak for free.
  if (options.skipUseless && peak >= ceiling && plan.kept != none->kept &&
      sim.simulate(bits).recomputeTime > sim.simulate(noneBits).recomputeTime) {
    for (Value value : graph.getSavedActivations())
      if (undoable(value) && none->kept.contains(value))
        reasons[value] =
            "kept as under policy none: the policy's recomputes lower no "
            "peak (its plan peaks at policy none's " +
            std::to_string(ceiling) + " bytes), so they would cost time for "
            "nothing";
    plan.kept = none->kept;
  }
}

static bool hasCheckpointBlocks(const JointGraph &graph) {
  return llvm::any_of(graph.getOps(), [&](Operation *op) {
    return graph.isForward(op) && getCheckpointBlock(op).has_value();
  });
}

static std::string formatBytes(uint64_t bytes) {
  return llvm::formatv("{0} bytes ({1:F1} MiB)", bytes,
                       bytes / (1024.0 * 1024.0))
      .str();
}

std::string Planner::describeBudget() const {
  std::string text = formatBytes(*options.budget);
  if (options.relativeBudget)
    text += ", " + options.relativeBudget->describe();
  return text;
}

std::string Planner::describeLeastPeak(uint64_t least, PlanError &error) {
  PeakLowerBound bound = context.getBounds().leastPeak();
  if (offloading) {
    // What offload may move to host memory at any op comes off the
    // bound, down to what one op needs at once.
    uint64_t held = offloadableBytes(context.getSimulator());
    bound.bytes = std::max(bound.bytes > held ? bound.bytes - held : 0,
                           context.getBounds().opNeed());
    bound.at = nullptr;
  }
  error.leastPeakBytes = least;
  error.peakLowerBoundBytes = std::min(least, bound.bytes);
  // What the bound is: what no plan can free at an op, or one op's
  // operands and results.
  std::string held;
  if (bound.at)
    held = "what every plan holds at " + describeOpAt(bound.at) +
           ": the bytes policy none holds there less every buffer a plan "
           "may free there";
  if (least <= bound.bytes)
    return "the smallest peak remat can reach for this function is " +
           formatBytes(least) + " (no plan can go lower: it is " +
           (bound.at ? held : "what one op needs at once") + ")";
  std::string floor =
      "no plan can go below " + formatBytes(bound.bytes) + " (" +
      (bound.at   ? held
       : offloading ? "what every plan holds on the device less every byte "
                      "offload may move to host memory"
                    : "the arguments and the operands and results of the "
                      "largest op") +
      ")";
  // (An exact frontier has fewer than 40 movable buffers.)
  if (exactFrontier && !offloading && exactPlans > uint64_t(1) << movable)
    return "the smallest peak remat found for this function is " +
           formatBytes(least) +
           " (no plan that keeps, recomputes or recomputes twice each saved "
           "activation goes lower: solver=exact simulated all " +
           std::to_string(exactPlans) + "); " + floor;
  if (exactFrontier && !offloading)
    return "the smallest peak remat found for this function is " +
           formatBytes(least) +
           " (no plan that keeps or recomputes each saved activation goes "
           "lower: solver=exact simulated all 2^" +
           std::to_string(movable) + "); " + floor;
  return "the smallest peak remat found for this function is " +
         formatBytes(least) + "; " + floor;
}

bool Planner::solve() {
  const PlanSimulator &sim = context.getSimulator();
  SolverOptions solver;
  solver.fixed.resize(sim.getNumValues());
  for (Value value : graph.getSavedActivations()) {
    Operation *def = value.getDefiningOp();
    if (!isRecomputable(def, graph) ||
        getPolicyOverride(def) == PolicyOverride::Recompute)
      solver.fixed.set(sim.getValueId(value));
  }
  // Start from every fixed policy that applies; this plan's own kept set is
  // one of them.
  SmallVector<Policy> policies = {Policy::None, Policy::Selective,
                                  Policy::Dots};
  // dots-no-batch differs from dots where some matrix multiply has batch
  // dimensions (an attention's scores).
  if (llvm::any_of(graph.getOps(), [&](Operation *op) {
        return graph.isForward(op) &&
               getOpCost(op).opClass == OpClass::Gemm && hasBatchDims(op);
      }))
    policies.push_back(Policy::DotsNoBatch);
  if (hasCheckpointBlocks(graph))
    policies.append({Policy::Full, Policy::Sqrt});
  for (Policy policy : policies) {
    if (policy == options.policy) {
      solver.starts.push_back(sim.toBits(plan.kept));
      continue;
    }
    const RematPlan *start = planFixedPolicy(policy);
    if (!start)
      return false;
    solver.starts.push_back(sim.toBits(start->kept));
  }
  solver.method = options.solver;
  solver.reclone = options.reclone;
  if (options.policy == Policy::Auto) {
    solver.targetPeak = options.budget;
    if (options.maxOverhead)
      solver.targetTime = *options.maxOverhead * sim.getStepTime();
  }
  // (The offload planner enumerates the three-way space on these:
  // addOffloadPlans.)
  if (offloading)
    solver.keepEnumerated = uint64_t(1) << 16;
  SolverStats stats;
  SmallVector<FrontierPoint> frontier =
      computeParetoFrontier(sim, graph, options.device, solver, &stats);
  if (frontier.empty()) {
    refuse({"solver",
            llvm::formatv("solver=exact simulates every plan: this function "
                          "has {0} movable buffers (2^{0} plans), more than "
                          "the {1} it enumerates; use solver=search or "
                          "solver=auto",
                          stats.movable, solver.exactMaxMovable)
                .str(),
            func});
    return false;
  }
  LLVM_DEBUG(llvm::dbgs() << "[remat-planner] frontier: " << frontier.size()
                          << " points from " << solver.starts.size()
                          << " starts, " << stats.movable << " movable buffers, "
                          << (stats.exact ? "exact" : "search") << "\n");
  context.numFrontierPoints += frontier.size();
  exactFrontier = stats.exact;
  movable = stats.movable;
  exactPlans = stats.plansEnumerated;
  plan.report.movable = stats.movable;
  plan.report.intermediates = stats.intermediates;
  plan.report.solver = stats.exact ? "exact" : "search";
  if (solver.reclone)
    plan.report.secondRecomputes =
        stats.exactReclones ? "enumerated" : "searched";

  if (options.policy == Policy::Auto && options.milpSeconds > 0)
    addJointCoverPlans(frontier, sim);
  if (offloading && !addOffloadPlans(frontier, sim, stats))
    return false;

  plan.report.budget = options.budget;
  plan.report.maxOverhead = options.maxOverhead;
  if (options.policy == Policy::Auto && !pickAutoPlan(frontier, sim))
    return false;
  // The plan's peak, whichever policy made it.
  uint64_t peak = planPeak(sim);
  if (options.policy != Policy::Auto && options.budget &&
      peak > *options.budget) {
    uint64_t least = frontier.front().peakBytes;
    PlanError error{"budget", "", func};
    error.budgetBytes = options.budget;
    error.planPeakBytes = peak;
    error.message =
        ("policy '" + stringifyPolicy(options.policy) + "' reaches a peak of " +
         formatBytes(peak) + ", above budget " + describeBudget() + "; ")
            .str();
    if (least <= *options.budget)
      error.message += "policy=auto fits it";
    else
      error.message += describeLeastPeak(least, error);
    refuse(std::move(error));
    return false;
  }
  // The least time of the keep/recompute plans at this peak or below (not
  // a bound of the plans that also offload).
  if (!offloading)
    for (auto [point, time] : stats.keepRecomputeFrontier)
      if (point <= certifiedPeak(peak))
        plan.report.optimalTime = time;
  for (auto [point, cost] : exactOffloadFrontier)
    if (point <= certifiedPeak(peak))
      plan.report.optimalTime = cost;
  if (options.pareto) {
    plan.report.pareto = std::move(frontier);
    for (FrontierPoint &point : plan.report.pareto) {
      point.heldBytes = sim.simulate(point.kept).heldBytes;
      point.kept.clear();
    }
  }
  return true;
}

/// At each frontier point whose plan the certificate's covers leave more
/// than 1% from proven, the joint cover (CoverMILP.h) at that peak, cheaper
/// than the plan, names a set of ops to run again. As a plan (the saved
/// activations those ops define recomputed, every other kept), it may not
/// fit the peak (the program leaves out what a recompute holds while it
/// runs); simulated, it joins the frontier if it fits for less time. The
/// search reaches such plans only by chance: it moves one or two buffers
/// at a time, and this one may differ from the point's plan in four.
/// Functions of more than kMaxOps ops are left alone (one program per
/// frontier point).
void Planner::addJointCoverPlans(SmallVectorImpl<FrontierPoint> &frontier,
                                 const PlanSimulator &sim) {
  constexpr double kGap = BoundConstants::kMILPGap;
  Block &body = func.getBody().front();
  if (!haveMILPSolver() ||
      body.getOperations().size() > BoundConstants::kMaxCheckedOps)
    return;
  // The buffer-defining op of each saved activation (through views).
  auto rootOf = [](Value value) -> Operation * {
    Operation *def = value.getDefiningOp();
    while (OpOperand *aliased = def ? getAliasedOperand(def) : nullptr)
      def = aliased->get().getDefiningOp();
    return def;
  };
  SmallVector<FrontierPoint> found;
  SmallVector<Operation *> runs;
  LowerBounds &bounds = context.getBounds();
  // The points the covers leave more than kGap from proven (without the
  // run-again check, which costs a pass per point: its items are for the
  // report's certificate). CBC's time for them all is certificate-seconds,
  // shared evenly (at least kMinSeconds each): at 1 s per point, a graph
  // whose covers are loose everywhere (a JAX step's: 2 layers, tens of
  // frontier points) took a minute.
  constexpr double kMinSeconds = BoundConstants::kMinMILPSeconds;
  SmallVector<const FrontierPoint *> unproven;
  for (const FrontierPoint &point : frontier)
    if (point.recomputeTime > 0 &&
        bounds.recomputeTime(point.peakBytes, point.recomputeTime * (1 - 1e-9),
                             0, 0, nullptr, nullptr, /*runsChecked=*/false) <
            point.recomputeTime * (1 - kGap))
      unproven.push_back(&point);
  double seconds = std::max(
      kMinSeconds, options.milpSeconds / std::max<size_t>(1, unproven.size()));
  for (const FrontierPoint *point : unproven) {
    bounds.recomputeTime(point->peakBytes, point->recomputeTime * (1 - 1e-9),
                         seconds, kGap, nullptr, &runs,
                         /*runsChecked=*/false);
    if (runs.empty())
      continue;
    llvm::DenseSet<Operation *> run(runs.begin(), runs.end());
    llvm::DenseSet<Value> kept;
    for (Value value : graph.getSavedActivations()) {
      Operation *def = value.getDefiningOp();
      Operation *root = rootOf(value);
      bool recompute =
          (def && getPolicyOverride(def) == PolicyOverride::Recompute) ||
          (root && run.contains(root) && isRecomputable(def, graph));
      if (!recompute)
        kept.insert(value);
    }
    llvm::BitVector bits = sim.toBits(kept);
    PlanSimulator::Result result = sim.simulate(bits);
    if (result.peakBytes <= point->peakBytes &&
        result.recomputeTime < point->recomputeTime * (1 - 1e-9))
      found.push_back({result.peakBytes, result.recomputeTime,
                       result.recomputeFlops, std::move(bits)});
  }
  // The frontier again (on a tie, the search's point first: the same plans
  // from run to run).
  mergeIntoFrontier(frontier, found);
}

bool Planner::pickAutoPlan(ArrayRef<FrontierPoint> frontier,
                           const PlanSimulator &sim) {
  const FrontierPoint *chosen = nullptr;
  if (options.budget) {
    chosen = pickForBudget(frontier, *options.budget);
    if (!chosen) {
      PlanError error{"budget", "", func};
      error.budgetBytes = options.budget;
      error.message = "no plan fits budget " + describeBudget() + ": " +
                      describeLeastPeak(frontier.front().peakBytes, error);
      refuse(std::move(error));
      return false;
    }
  } else if (options.maxOverhead) {
    double stepTime = sim.getStepTime();
    chosen = pickForTime(frontier, *options.maxOverhead * stepTime);
    if (!chosen) {
      refuse({"max-overhead",
              llvm::formatv("no plan fits max-overhead {0:e}: the "
                            "'recompute' overrides alone cost {1:e} of the "
                            "step's estimated time",
                            *options.maxOverhead,
                            frontier.back().recomputeTime / stepTime)
                  .str(),
              func});
      return false;
    }
  } else {
    refuse({"policy",
            "policy 'auto' needs a budget=<bytes> (the cheapest plan under "
            "it) or a max-overhead=<fraction> (the lowest peak within it)",
            func});
    return false;
  }
  LLVM_DEBUG(llvm::dbgs() << "[remat-planner] auto: chose peak "
                          << chosen->peakBytes << " bytes, recompute "
                          << chosen->recomputeTime << " s of "
                          << frontier.size() << " frontier points\n");
  plan.kept = sim.toSet(chosen->kept);
  plan.reclone = sim.recloneSet(chosen->kept);
  offloadIds = chosen->offloaded;
  std::string where =
      chosen->offloaded.empty()
          ? llvm::formatv("peak {0}, estimated recompute time {1:e} s",
                          formatBytes(chosen->peakBytes),
                          chosen->recomputeTime)
                .str()
          : llvm::formatv("peak {0}, estimated recompute time {1:e} s, "
                          "exposed copy time {2:e} s",
                          formatBytes(chosen->peakBytes),
                          chosen->recomputeTime, chosen->exposedTime)
                .str();
  for (unsigned id : chosen->offloaded) {
    Value value = sim.getValue(id);
    if (!reasons.count(value))
      reasons[value] = "auto: offloaded on the chosen plan (" + where + ")";
  }
  for (Value value : graph.getSavedActivations()) {
    if (reasons.count(value))
      continue;
    reasons[value] =
        (plan.kept.contains(value)       ? "auto: kept on the chosen plan ("
         : plan.reclone.contains(value) ? "auto: recomputed twice on the "
                                          "chosen plan, for the reads before "
                                          "and after the widest gap between "
                                          "them ("
                                        : "auto: recomputed on the chosen plan (") +
        where + ")";
  }
  return true;
}

bool Planner::prepareOffload() {
  SmallVector<Operation *> overridden;
  for (Operation *op : graph.getOps())
    if (getPolicyOverride(op) == PolicyOverride::Offload)
      overridden.push_back(op);
  offloading = options.offload || options.hostBudget ||
               options.policy == Policy::Offload || !overridden.empty();
  if (!offloading)
    return true;
  if (!options.device.hasHostLink()) {
    PlanError error{
        overridden.empty() ? "options" : "policy",
        "offload needs a device with a host link, and device '" +
            options.device.name +
            "' has none (it is the host): plan for h200, h100, gh200 or "
            "a100, or give device-file= a \"host_link\"",
        overridden.empty() ? func.getOperation() : overridden.front()};
    if (overridden.empty())
      error.option = options.policy == Policy::Offload ? "policy"
                     : options.hostBudget              ? "host-budget"
                                                       : "offload";
    refuse(std::move(error));
    return false;
  }
  const PlanSimulator &sim = context.getSimulator();
  offloadEligible.resize(sim.getNumValues());
  for (unsigned id = 0; id < sim.getNumValues(); ++id)
    if (sim.isForwardValue(id) &&
        getOffloadBlocker(sim.getValue(id), graph).empty())
      offloadEligible.set(id);
  llvm::DenseSet<Value> saved(graph.getSavedActivations().begin(),
                              graph.getSavedActivations().end());
  for (Operation *op : overridden) {
    auto cannot = [&](const Twine &why) {
      refuse({"policy",
              ("'remat.policy' = \"offload\" cannot be honored: " + why).str(),
              op});
      return false;
    };
    if (!graph.isForward(op))
      return cannot("the op is not part of the forward pass (offload holds "
                    "a forward value in host memory until the backward "
                    "reads it)");
    bool any = false;
    for (Value result : op->getResults()) {
      if (!saved.contains(result))
        continue;
      std::string blocker = getOffloadBlocker(result, graph);
      if (!blocker.empty())
        return cannot(blocker);
      forcedOffloads.push_back(sim.getValueId(result));
      plan.kept.insert(result);
      pinned.insert(result);
      reasons[result] = "remat.policy = \"offload\"";
      any = true;
    }
    if (!any)
      return cannot("no backward op reads the op's results (offload holds a "
                    "value in host memory until the backward reads it)");
  }
  llvm::sort(forcedOffloads);
  return true;
}

bool Planner::checkForcedOffloads(const OffloadModel &model) {
  const PlanSimulator &sim = context.getSimulator();
  for (unsigned id : forcedOffloads)
    if (!model.isCandidate(id)) {
      refuse({"policy", noWindowMessage(), sim.getValue(id).getDefiningOp()});
      return false;
    }
  uint64_t hostPeak = model.evaluate(forcedOffloads).hostPeakBytes;
  if (!options.hostBudget || hostPeak <= *options.hostBudget)
    return true;
  PlanError error{"host-budget",
                  "the 'remat.policy' = \"offload\" overrides hold " +
                      formatBytes(hostPeak) +
                      " in host memory at once, above host-budget " +
                      formatBytes(*options.hostBudget),
                  func};
  error.option = "host-budget";
  refuse(std::move(error));
  return false;
}

bool Planner::chooseFixedOffloads() {
  if (!offloading)
    return true;
  const PlanSimulator &sim = context.getSimulator();
  OffloadModel model(sim, options.device,
                     sim.toBits(plan.kept, &plan.reclone));
  if (!forcedOffloads.empty() && !checkForcedOffloads(model))
    return false;
  if (options.policy != Policy::Offload) {
    offloadIds = forcedOffloads;
    return true;
  }
  std::vector<unsigned> saved;
  for (Value value : graph.getSavedActivations())
    if (plan.kept.contains(value))
      saved.push_back(sim.getValueId(value));
  offloadIds =
      offloadWhatHides(offloadSearch(sim), model, saved, forcedOffloads);
  for (unsigned id : offloadIds)
    if (!reasons.count(sim.getValue(id)))
      reasons[sim.getValue(id)] =
          "policy offload: its copies to host memory and back hide behind "
          "compute";
  for (Value value : graph.getSavedActivations()) {
    if (reasons.count(value) || !plan.kept.contains(value))
      continue;
    std::string blocker = getOffloadBlocker(value, graph);
    reasons[value] =
        blocker.empty()
            ? "policy offload keeps it on the device: offloaded, it would "
              "free nothing or its copies would not hide behind compute"
              + std::string(options.hostBudget ? " within host-budget" : "")
            : "policy offload keeps it on the device: " + blocker;
  }
  return true;
}

bool Planner::addOffloadPlans(SmallVectorImpl<FrontierPoint> &frontier,
                              const PlanSimulator &sim, SolverStats &stats) {
  OffloadSearch search = offloadSearch(sim);
  SmallVector<FrontierPoint> found;
  // Where the solver enumerated every keep/recompute plan, the three-way
  // space is enumerated too when it has at most maxPlans plans
  // (exactOffloads); its frontier is then exact, and the descents below
  // add only what lies outside it (plans that keep intermediates or
  // recompute twice).
  // Each plan costs a replay of the function's events, so the work limit
  // is the keep/recompute enumeration's (plans times ops at most 2^27).
  constexpr uint64_t kMaxExactPlans = uint64_t(1) << 20;
  uint64_t ops = std::max<uint64_t>(1, graph.getOps().size());
  uint64_t maxPlans =
      std::min<uint64_t>(kMaxExactPlans, (uint64_t(1) << 27) / ops);
  if (!stats.enumerated.empty()) {
    SmallVector<FrontierPoint> exact;
    uint64_t count = 0;
    if (exactOffloads(search, stats.enumerated, forcedOffloads, maxPlans,
                      exact, count)) {
      plan.report.offloadPlans = count;
      SmallVector<FrontierPoint> pareto;
      mergeIntoFrontier(pareto, exact);
      for (const FrontierPoint &point : pareto)
        exactOffloadFrontier.push_back({point.peakBytes, point.cost()});
      found = std::move(pareto);
    }
    stats.enumerated.clear();
  }
  // Which frontier plans get offload descents: each costs replays in
  // proportion to the candidates (from all 500 plans of a 96-layer GPT's
  // frontier, 100 s), so where the frontier's plans times the ops exceed
  // kDescentWork, kMaxDescents plans (or kDescentWork / ops, where that is
  // more) spread over the frontier from the lowest peak to the highest
  // (the cheapest plans need the most offloads to come down, the dearest
  // the fewest), the others with only the "offload" overrides; below it,
  // every plan. (The spread can step over the plans whose descents go
  // lowest: a 4-layer Llama step's least with offload came from the 57th
  // and 59th of 103 plans, between the spread's 58th and 63rd.) The choice
  // does not depend on the budget or the overhead: the joint frontier is
  // one for all of them, and a tighter budget never yields a higher peak.
  constexpr size_t kMaxDescents = 24;
  constexpr uint64_t kDescentWork = uint64_t(1) << 17;
  llvm::BitVector descend(frontier.size());
  size_t n = std::min<size_t>(
      std::max<uint64_t>(kMaxDescents, kDescentWork / ops), frontier.size());
  for (size_t k = 0; k < n; ++k)
    descend.set(n == 1 ? 0 : k * (frontier.size() - 1) / (n - 1));
  for (auto [i, point] : llvm::enumerate(frontier))
    for (FrontierPoint &p :
         addOffloads(search, point, forcedOffloads, descend.test(i)))
      found.push_back(std::move(p));
  // With "offload" overrides every plan offloads them.
  if (!forcedOffloads.empty()) {
    if (found.empty()) {
      if (checkForcedOffloads(
              OffloadModel(sim, options.device, frontier.back().kept)))
        // (Every other plan left them no window or went over the host
        // budget.)
        refuse({"policy", noWindowMessage(), func});
      return false;
    }
    frontier.clear();
  }
  mergeIntoFrontier(frontier, found);
  return true;
}

uint64_t Planner::planPeak(const PlanSimulator &sim) {
  llvm::BitVector bits = sim.toBits(plan.kept, &plan.reclone);
  if (offloadIds.empty())
    return sim.simulate(bits).peakBytes;
  return OffloadModel(sim, options.device, bits)
      .evaluate(offloadIds)
      .peakBytes;
}

void Planner::describeDecisions() {
  const PlanSimulator &sim = context.getSimulator();
  llvm::DenseMap<Value, RecloneGap> gaps;
  if (!plan.reclone.empty())
    gaps = getRecloneGaps(graph);
  for (Value value : graph.getSavedActivations()) {
    Decision d;
    d.value = value;
    d.bytes = getTensorBytes(value);
    d.recompute = !plan.kept.contains(value);
    d.offload = llvm::is_contained(offloadIds, sim.getValueId(value));
    if (d.recompute && plan.reclone.contains(value))
      d.recloneBefore = gaps.lookup(value).after;
    auto it = reasons.find(value);
    if (it != reasons.end())
      d.reason = it->second;
    else if (options.policy == Policy::None)
      d.reason = "policy none keeps every saved activation";
    else if (d.recompute)
      d.reason = "inside a checkpoint block";
    else if (!getCheckpointBlock(value.getDefiningOp()))
      d.reason = "outside checkpoint blocks";
    else
      d.reason = "checkpoint block boundary";
    plan.report.decisions.push_back(std::move(d));
  }
  // The kept values that are not saved activations but that recompute
  // chains read (values whose op cannot run again are kept for that reason
  // and are not listed: no plan could do otherwise).
  llvm::DenseSet<Value> saved(graph.getSavedActivations().begin(),
                              graph.getSavedActivations().end());
  llvm::SetVector<Value> stops;
  llvm::SetVector<Operation *> chain;
  for (Value value : graph.getSavedActivations()) {
    if (plan.kept.contains(value))
      continue;
    Value blocker;
    (void)collectRecomputeChain(
        value, [&](Value v) { return isAvailable(v); },
        [&](Operation *op) { return chain.contains(op); }, graph, chain,
        blocker);
  }
  for (Operation *op : chain)
    for (Value operand : op->getOperands())
      if (plan.kept.contains(operand) && !saved.contains(operand) &&
          isRecomputable(operand.getDefiningOp(), graph))
        stops.insert(operand);
  SmallVector<Value> ordered(stops.begin(), stops.end());
  llvm::sort(ordered, [&](Value a, Value b) {
    Operation *x = graph.getTopLevel(a.getDefiningOp());
    Operation *y = graph.getTopLevel(b.getDefiningOp());
    if (x != y)
      return x->isBeforeInBlock(y);
    return cast<OpResult>(a).getResultNumber() <
           cast<OpResult>(b).getResultNumber();
  });
  for (Value value : ordered) {
    Decision d;
    d.value = value;
    d.bytes = getTensorBytes(value);
    d.offload = llvm::is_contained(offloadIds, sim.getValueId(value));
    auto it = reasons.find(value);
    if (it != reasons.end())
      d.reason = it->second;
    else if (options.policy == Policy::Full || options.policy == Policy::Sqrt)
      d.reason = "checkpoint block boundary: recompute chains stop here";
    else
      d.reason = "kept so that recompute chains stop here";
    plan.report.intermediateDecisions.push_back(std::move(d));
  }
}

void remat::describeRecomputeCosts(const JointGraph &graph,
                                   const DeviceInfo &device, RematPlan &plan) {
  for (Decision &d : llvm::concat<Decision>(plan.report.decisions,
                                            plan.report.intermediateDecisions)) {
    llvm::SetVector<Operation *> chain;
    Value blocker;
    auto available = [&](Value v) {
      return v != d.value && (isa<BlockArgument>(v) || plan.kept.contains(v));
    };
    if (!collectRecomputeChain(
            d.value, available, [](Operation *) { return false; }, graph, chain,
            blocker))
      continue;
    uint64_t flops = 0;
    double time = 0;
    for (Operation *op : chain) {
      flops += getOpCost(op).flops;
      time += device.opTime(op);
    }
    d.recomputeFlops = flops;
    d.recomputeTime = time;
  }
}

PlanContext::PlanContext(func::FuncOp func, const JointGraph &graph,
                         const PlannerOptions &options)
    : func(func), graph(graph), options(options) {}

PlanContext::~PlanContext() = default;

const PlanSimulator &PlanContext::getSimulator() {
  if (!simulator)
    simulator =
        std::make_unique<PlanSimulator>(graph, options.device, options.results,
                                        options.repeat);
  return *simulator;
}

LowerBounds &PlanContext::getBounds() {
  if (!bounds)
    bounds = std::make_unique<LowerBounds>(func, graph, options.device,
                                           options.results, options.reclone);
  return *bounds;
}

const RematPlan *PlanContext::getFixedPlan(Policy policy) {
  auto it = fixedPlans.find(policy);
  if (it == fixedPlans.end()) {
    PlannerOptions fixed = options;
    fixed.policy = policy;
    fixed.budget.reset();
    fixed.maxOverhead.reset();
    fixed.pareto = false;
    fixed.certify = false;
    // (Starts of auto's search and ceilings: the policies as stated.)
    fixed.skipUseless = false;
    // Planned before it is stored: a fixed policy asks for none's plan.
    std::optional<RematPlan> plan = Planner(*this, fixed).run();
    LLVM_DEBUG({
      llvm::dbgs() << "[remat-planner] fixed policy " << stringifyPolicy(policy);
      if (plan)
        llvm::dbgs() << ": peak " << plan->peakBytes << " bytes, recompute "
                     << plan->recomputeTime << " s\n";
      else
        llvm::dbgs() << ": cannot be applied\n";
    });
    it = fixedPlans.emplace(policy, std::move(plan)).first;
  }
  return it->second ? &*it->second : nullptr;
}

uint64_t PlanContext::getNumSimulations() const {
  return simulator ? simulator->getNumSimulations() : 0;
}

uint64_t PlanContext::getNumBoundEvaluations() const {
  return bounds ? bounds->getNumEvaluations() : 0;
}

std::optional<RematPlan> remat::planRematerialization(PlanContext &context) {
  // (The IR does not change while planning. A caller's cache, alive since
  // before the planning, already holds the costs: the pass's, filled by the
  // size check. A second cache here would cost every op again.)
  std::optional<OpCostCache> costs;
  if (!OpCostCache::active())
    costs.emplace();
  return Planner(context, context.getOptions()).run();
}

std::optional<RematPlan>
remat::planRematerialization(func::FuncOp func, const JointGraph &graph,
                             const PlannerOptions &options) {
  PlanContext context(func, graph, options);
  return planRematerialization(context);
}
