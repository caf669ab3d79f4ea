//===- SolverTest.cpp - the plan simulator and the auto solver ------------===//
//
// Inputs/gpt2-small.mlir is `benchmarks/gen_gpt.py --layers 2 --seq 16
// --hidden 32 --heads 2 --vocab 64`; Inputs/gpt1-small.mlir holds one layer
// with (seq, hidden, heads, vocab) = (64, 32, 2, 64) and (16, 32, 2, 2048);
// Inputs/random-joint.mlir holds
// `benchmarks/random_joint.py --seed N` for N = 1..12 (functions @step_N),
// with overrides, views and checkpoint blocks.
//
//===----------------------------------------------------------------------===//

#include "TestUtils.h"

#include "remat/Analysis/JointGraph.h"
#include "remat/Analysis/MemoryPlan.h"
#include "remat/Dialect/Remat/RematDialect.h"
#include "remat/Analysis/CoverMILP.h"
#include "remat/Analysis/PlanSimulator.h"
#include "remat/Transforms/RematPlanner.h"
#include "remat/Analysis/FunctionStats.h"
#include "remat/Analysis/LowerBounds.h"
#include "remat/Analysis/RecomputeChains.h"
#include "remat/Transforms/RematRewrite.h"

#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <random>

using namespace mlir;
using namespace remat;

namespace {

OwningOpRef<ModuleOp> parseInput(MLIRContext &ctx, StringRef name) {
  std::string path = (Twine(REMAT_UNITTEST_INPUTS) + "/" + name).str();
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return nullptr;
  return test::parse(ctx, (*buffer)->getBuffer());
}

SmallVector<std::string> functionNames(ModuleOp module) {
  SmallVector<std::string> names;
  for (auto func : module.getOps<func::FuncOp>())
    names.push_back(func.getSymName().str());
  return names;
}

PlannerOptions optionsFor(Policy policy) {
  PlannerOptions options;
  options.policy = policy;
  options.device = *DeviceInfo::getNamed("h200");
  return options;
}

struct SolverTest : ::testing::Test {
  void SetUp() override { ctx = test::makeContext(); }
  std::unique_ptr<MLIRContext> ctx;
};

// The simulator's peak and recompute FLOPs equal those of the rewritten IR
// (MemoryPlan, cost model) for random kept sets, views and overrides included.
TEST_F(SolverTest, SimulatorMatchesTheRewrite) {
  std::mt19937 rng(42);
  unsigned checked = 0, totalReclones = 0, lentBelowPreallocated = 0;
  for (StringRef input : {"gpt2-small.mlir", "random-joint.mlir"}) {
    OwningOpRef<ModuleOp> names = parseInput(*ctx, input);
    ASSERT_TRUE(names) << input.str();
    for (const std::string &name : functionNames(*names)) {
      for (unsigned trial = 0; trial < 12; ++trial) {
        OwningOpRef<ModuleOp> module = parseInput(*ctx, input);
        auto func = module->lookupSymbol<func::FuncOp>(name);
        std::optional<JointGraph> graph = JointGraph::build(func);
        ASSERT_TRUE(graph);
        DeviceInfo device = *DeviceInfo::getNamed("h200");
        // Trials cycle through the result semantics: defined, preallocated
        // and lent (result buffers lent to temporaries, as XLA does).
        ResultBuffers results = static_cast<ResultBuffers>(trial % 3);
        PlanSimulator sim(*graph, device, results);
        // Keep each forward value with probability 1/2; values whose
        // producer may not be recomputed are always kept.
        RematPlan plan;
        for (unsigned id = 0; id < sim.getNumValues(); ++id) {
          Value value = sim.getValue(id);
          if (!graph->isForward(value.getDefiningOp()))
            continue;
          if (!isRecomputable(value.getDefiningOp(), *graph) || rng() % 2)
            plan.kept.insert(value);
        }
        // From trial 6 on, each recomputed value that has a reclone op is
        // re-cloned with probability 1/2.
        unsigned reclones = 0;
        if (trial >= 6)
          for (unsigned id = 0; id < sim.getNumValues(); ++id)
            if (sim.getRecloneOp(id) >= 0 &&
                !plan.kept.contains(sim.getValue(id)) && rng() % 2) {
              plan.reclone.insert(sim.getValue(id));
              ++reclones;
            }
        totalReclones += reclones;
        PlanSimulator::Result predicted =
            sim.simulate(sim.toBits(plan.kept, &plan.reclone));
        // repeat=3: the held bytes counted twice more.
        PlanSimulator thrice(*graph, device, results, /*repeat=*/3);
        PlanSimulator::Result repeated =
            thrice.simulate(thrice.toBits(plan.kept, &plan.reclone));
        EXPECT_EQ(repeated.heldBytes, predicted.heldBytes);
        EXPECT_EQ(repeated.peakBytes,
                  predicted.peakBytes + 2 * predicted.heldBytes);
        FunctionStats before = computeFunctionStats(func, device, results);
        applyRematPlan(*graph, plan);
        FunctionStats after = computeFunctionStats(func, device, results);
        EXPECT_EQ(predicted.peakBytes, after.peakBytes)
            << name << " trial " << trial;
        // Lent lies between the other two, and lends something.
        if (results == ResultBuffers::Lent) {
          FunctionStats defined =
              computeFunctionStats(func, device, ResultBuffers::Defined);
          FunctionStats preallocated =
              computeFunctionStats(func, device, ResultBuffers::Preallocated);
          EXPECT_LE(defined.peakBytes, after.peakBytes);
          EXPECT_LE(after.peakBytes, preallocated.peakBytes);
          if (after.peakBytes < preallocated.peakBytes)
            ++lentBelowPreallocated;
        }
        EXPECT_EQ(predicted.recomputeFlops, after.flops - before.flops)
            << name << " trial " << trial;
        // The held bytes are the rewritten function's saved activations
        // (those that are preallocated results aside).
        if (results == ResultBuffers::Defined)
          EXPECT_EQ(predicted.heldBytes, after.savedActivationBytes)
              << name << " trial " << trial;
        else
          EXPECT_LE(predicted.heldBytes, after.savedActivationBytes)
              << name << " trial " << trial;
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 13u * 12u);
  EXPECT_GT(totalReclones, 40u); // measured: 56
  EXPECT_GT(lentBelowPreallocated, 0u);
}

// simulate() without a Detail takes the sparse replay (only the ops that
// read forward values, the rest summed once); with one, the full replay. The
// two agree on every field, for kept sets of saved activations (what the
// solver makes) and of arbitrary forward values (what overrides and the
// block policies make), on every function of the inputs.
TEST_F(SolverTest, SparseReplayEqualsTheFullReplay) {
  std::mt19937 rng(7);
  unsigned checked = 0;
  for (StringRef input :
       {"gpt1-small.mlir", "gpt2-small.mlir", "random-joint.mlir"}) {
    OwningOpRef<ModuleOp> module = parseInput(*ctx, input);
    ASSERT_TRUE(module) << input.str();
    for (auto func : module->getOps<func::FuncOp>()) {
      std::optional<JointGraph> graph = JointGraph::build(func);
      ASSERT_TRUE(graph);
      DeviceInfo device = *DeviceInfo::getNamed("h200");
      // Under both result semantics.
      PlanSimulator defined(*graph, device);
      PlanSimulator preallocated(*graph, device, ResultBuffers::Preallocated);
      llvm::BitVector saved = defined.toBits(llvm::DenseSet<Value>(
          graph->getSavedActivations().begin(),
          graph->getSavedActivations().end()));
      for (unsigned trial = 0; trial < 40; ++trial) {
        const PlanSimulator &sim = trial % 4 < 2 ? defined : preallocated;
        llvm::BitVector kept(sim.getNumValues());
        bool anyForward = trial % 2;
        for (unsigned id = 0; id < sim.getNumValues(); ++id) {
          bool candidate =
              anyForward
                  ? graph->isForward(sim.getValue(id).getDefiningOp())
                  : saved.test(id);
          // Trials 0 and 1 keep every candidate (policy none).
          if (candidate && (trial < 2 || rng() % 3 != 0))
            kept.set(id);
        }
        // Every third trial has the second half of bits, all set (no
        // re-clone: plans with re-clones take the full replay either way).
        if (trial % 3 == 2) {
          unsigned n = sim.getNumValues();
          kept.resize(2 * n);
          kept.set(n, 2 * n);
        }
        PlanSimulator::Detail detail;
        PlanSimulator::Result sparse = sim.simulate(kept);
        PlanSimulator::Result full = sim.simulate(kept, &detail);
        std::string where =
            (func.getSymName() + " trial " + Twine(trial)).str();
        EXPECT_EQ(sparse.peakBytes, full.peakBytes) << where;
        EXPECT_EQ(sparse.peakEvent, full.peakEvent) << where;
        EXPECT_EQ(sparse.peakCount, full.peakCount) << where;
        EXPECT_EQ(sparse.numClones, full.numClones) << where;
        EXPECT_EQ(sparse.recomputeFlops, full.recomputeFlops) << where;
        EXPECT_EQ(sparse.recomputeTime, full.recomputeTime) << where;
        EXPECT_EQ(sparse.heldBytes, full.heldBytes) << where;
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 15u * 40u);
}

using Frontier = SmallVector<std::pair<uint64_t, double>>;

/// The certificate's cover bound (recomputeTimeLowerBound) at each peak of
/// an exhaustively enumerated frontier is at most the optimum there: it
/// must hold for every plan of the decision space. Returns how many points
/// it proves optimal (bound = optimum).
/// With `milpSeconds`, the covers are also solved jointly (CoverMILP.h),
/// for that long at most and with no early stop.
unsigned expectBoundBelowOptimum(func::FuncOp func, const JointGraph &graph,
                                 const Frontier &exact, StringRef what,
                                 double milpSeconds = 0) {
  DeviceInfo device = *DeviceInfo::getNamed("h200");
  unsigned tight = 0;
  for (auto [peak, time] : exact) {
    double bound = recomputeTimeLowerBound(
        func, graph, device, peak, ResultBuffers::Defined, /*reclone=*/true,
        std::numeric_limits<double>::infinity(), milpSeconds);
    EXPECT_LE(bound, time * (1 + 1e-9) + 1e-15)
        << what.str() << ": " << func.getSymName().str() << " peak " << peak
        << (milpSeconds > 0 ? " (MILP)" : "");
    tight += bound >= time * (1 - 1e-9);
  }
  return tight;
}

/// The Pareto frontier (peak bytes, recompute time) of the plans `planOf`
/// makes of every mask below 2^bits.
Frontier enumerateFrontier(const PlanSimulator &sim, unsigned bits,
                           function_ref<llvm::BitVector(uint64_t)> planOf) {
  std::vector<std::pair<uint64_t, double>> all;
  for (uint64_t mask = 0; mask < (uint64_t(1) << bits); ++mask) {
    PlanSimulator::Result r = sim.simulate(planOf(mask));
    all.push_back({r.peakBytes, r.recomputeTime});
  }
  llvm::sort(all);
  Frontier frontier;
  for (auto &point : all)
    if (frontier.empty() || point.second < frontier.back().second - 1e-15)
      frontier.push_back(point);
  return frontier;
}

/// enumerateFrontier over plans made from `base`: the first saved.size()
/// bits of a mask recompute the saved activations `saved`, the next
/// extra.size() set bit extra[i] of the plan to `value` (keep an
/// intermediate, or clear the bit that shares a value's one clone).
Frontier frontierOver(const PlanSimulator &sim, const llvm::BitVector &base,
                      ArrayRef<unsigned> saved, ArrayRef<unsigned> extra,
                      bool value, unsigned bits) {
  return enumerateFrontier(sim, bits, [&](uint64_t mask) {
    llvm::BitVector plan = base;
    for (unsigned i = 0; i < bits; ++i)
      if (mask >> i & 1) {
        if (i < saved.size())
          plan.reset(saved[i]);
        else
          plan[extra[i - saved.size()]] = value;
      }
    return plan;
  });
}

/// The first function of an input, its joint graph, its simulator (h200)
/// and the plan of policy none.
struct Loaded {
  OwningOpRef<ModuleOp> module;
  func::FuncOp func;
  std::optional<JointGraph> graph;
  std::unique_ptr<PlanSimulator> sim;
  llvm::BitVector none;
};
std::unique_ptr<Loaded> load(MLIRContext &ctx, StringRef input) {
  auto loaded = std::make_unique<Loaded>();
  loaded->module = parseInput(ctx, input);
  if (!loaded->module)
    return nullptr;
  loaded->func = *loaded->module->getOps<func::FuncOp>().begin();
  loaded->graph = JointGraph::build(loaded->func);
  if (!loaded->graph)
    return nullptr;
  loaded->sim = std::make_unique<PlanSimulator>(*loaded->graph,
                                                *DeviceInfo::getNamed("h200"));
  std::optional<RematPlan> none = planRematerialization(
      loaded->func, *loaded->graph, optionsFor(Policy::None));
  if (!none)
    return nullptr;
  loaded->none = loaded->sim->toBits(none->kept);
  return loaded;
}

/// policy=auto with the whole frontier in the plan.
std::optional<RematPlan> planFrontier(func::FuncOp func,
                                      const JointGraph &graph,
                                      SolverMethod method,
                                      bool reclone = true) {
  PlannerOptions options = optionsFor(Policy::Auto);
  options.budget = UINT64_MAX;
  options.pareto = true;
  options.solver = method;
  options.reclone = reclone;
  return planRematerialization(func, graph, options);
}

/// The exact frontier over the solver's decision space: every subset of
/// movable buffers recomputed, from the kept set of policy none.
Frontier
exactFrontier(func::FuncOp func, const JointGraph &graph,
              const PlanSimulator &sim) {
  std::optional<RematPlan> none =
      planRematerialization(func, graph, optionsFor(Policy::None));
  llvm::BitVector base = sim.toBits(none->kept);
  llvm::DenseMap<int, SmallVector<unsigned>> groups;
  llvm::DenseSet<int> fixedRoots;
  for (Value value : graph.getSavedActivations()) {
    int id = sim.getValueId(value);
    int root = sim.getBufferRoot(id);
    if (root < 0 || sim.getBytes(root) == 0)
      continue;
    Operation *def = value.getDefiningOp();
    if (!isRecomputable(def, graph) ||
        getPolicyOverride(def) == PolicyOverride::Recompute)
      fixedRoots.insert(root);
    groups[root].push_back(id);
  }
  SmallVector<SmallVector<unsigned>> movable;
  for (auto &[root, members] : groups)
    if (!fixedRoots.contains(root))
      movable.push_back(members);
  EXPECT_LE(movable.size(), 20u);
  if (getenv("SOLVER_TEST_VERBOSE"))
    llvm::errs() << func.getSymName() << ": " << movable.size() << " movable\n";
  return enumerateFrontier(sim, movable.size(), [&](uint64_t mask) {
    llvm::BitVector kept = base;
    for (unsigned i = 0; i < movable.size(); ++i)
      if (mask >> i & 1)
        for (unsigned id : movable[i])
          kept.reset(id);
    return kept;
  });
}

// Against exhaustive search on small graphs (up to 2^20 plans each): with
// solver=auto (the default) these are enumerated, and auto is optimal at
// every budget of the exact frontier and reaches its least peak; so does the
// heuristic (solver=search, what larger graphs get) on these graphs.
TEST_F(SolverTest, FrontierIsNearOptimalOnSmallGraphs) {
  SmallVector<OwningOpRef<ModuleOp>> modules;
  SmallVector<func::FuncOp> funcs;
  for (StringRef input : {"gpt1-small.mlir", "random-joint.mlir"}) {
    modules.push_back(parseInput(*ctx, input));
    ASSERT_TRUE(modules.back()) << input.str();
    for (auto func : modules.back()->getOps<func::FuncOp>())
      funcs.push_back(func);
  }
  for (SolverMethod method : {SolverMethod::Auto, SolverMethod::Search}) {
    double worstRatio = 1, sumRatio = 0;
    unsigned budgets = 0, optimal = 0, proven = 0, provenJointly = 0;
    for (func::FuncOp func : funcs) {
      std::optional<JointGraph> graph = JointGraph::build(func);
      ASSERT_TRUE(graph);
      DeviceInfo device = *DeviceInfo::getNamed("h200");
      PlanSimulator sim(*graph, device);
      Frontier exact =
          exactFrontier(func, *graph, sim);
      if (method == SolverMethod::Auto) {
        proven +=
            expectBoundBelowOptimum(func, *graph, exact, "keep/recompute");
        if (haveMILPSolver())
          provenJointly += expectBoundBelowOptimum(
              func, *graph, exact, "keep/recompute", /*milpSeconds=*/10);
      }

      std::optional<RematPlan> plan = planFrontier(func, *graph, method);
      ASSERT_TRUE(plan);
      EXPECT_EQ(plan->report.solver,
                method == SolverMethod::Auto ? "exact" : "search");
      ArrayRef<FrontierPoint> found = plan->report.pareto;
      ASSERT_FALSE(found.empty());
      // Plans that keep intermediates or re-clone values are outside the
      // enumerated space, and may go lower.
      EXPECT_LE(found.front().peakBytes, exact.front().first)
          << func.getSymName().str() << ": least peak";
      for (auto [peak, time] : exact) {
        const FrontierPoint *point = pickForBudget(found, peak);
        ASSERT_TRUE(point) << func.getSymName().str() << " budget " << peak;
        double ratio = time > 0 ? point->recomputeTime / time
                                : (point->recomputeTime > 0 ? 2.0 : 1.0);
        worstRatio = std::max(worstRatio, ratio);
        if (getenv("SOLVER_TEST_VERBOSE"))
          llvm::errs() << func.getSymName() << " budget " << peak << " exact "
                       << time << " auto " << point->recomputeTime
                       << " (peak " << point->peakBytes << ")\n";
        sumRatio += ratio;
        optimal += ratio <= 1 + 1e-9;
        ++budgets;
      }
    }
    llvm::errs() << (method == SolverMethod::Auto ? "solver=auto" : "solver=search")
                 << " vs exhaustive: " << budgets << " budgets, optimal at "
                 << optimal << ", mean cost ratio " << sumRatio / budgets
                 << ", worst " << worstRatio << "\n";
    if (method == SolverMethod::Auto) {
      EXPECT_EQ(optimal, budgets);
      llvm::errs() << "cover bound: proves " << proven << " of " << budgets
                   << " exact-frontier points optimal\n";
      // Measured: 46 (28 before the cover charged a freed op's private dead
      // inputs, and held each value's buffer through its own backward reads).
      EXPECT_GE(proven, 46u);
      if (haveMILPSolver()) {
        llvm::errs() << "with the joint cover (MILP): proves " << provenJointly
                     << " of " << budgets << "\n";
        EXPECT_GE(provenJointly, proven);
      }
      continue;
    }
    // Measured: 58 budgets, 58 optimal (48, mean 1.015 and worst 1.333
    // before the search tried sibling results together and single moves
    // from every frontier plan).
    EXPECT_LE(sumRatio / budgets, 1.01);
    EXPECT_LE(worstRatio, 1.1);
  }
}

// solver=exact refuses a decision space it cannot enumerate, and the report
// of an exact frontier certifies a gap of zero.
TEST_F(SolverTest, ExactSolverLimitsAndCertificate) {
  OwningOpRef<ModuleOp> module = parseInput(*ctx, "gpt1-small.mlir");
  ASSERT_TRUE(module);
  auto func = *module->getOps<func::FuncOp>().begin();
  std::optional<JointGraph> graph = JointGraph::build(func);
  ASSERT_TRUE(graph);
  PlannerOptions options = optionsFor(Policy::Auto);
  options.budget = UINT64_MAX;
  options.solver = SolverMethod::Exact;
  std::optional<RematPlan> plan = planRematerialization(func, *graph, options);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->report.solver, "exact");
  ASSERT_TRUE(plan->report.optimalTime);
  EXPECT_EQ(*plan->report.optimalTime, 0.0); // no budget pressure: keep everything

  PlanSimulator sim(*graph, options.device);
  SolverOptions solver;
  solver.method = SolverMethod::Exact;
  solver.exactMaxMovable = 4;
  solver.fixed.resize(sim.getNumValues());
  std::optional<RematPlan> none =
      planRematerialization(func, *graph, optionsFor(Policy::None));
  solver.starts.push_back(sim.toBits(none->kept));
  SolverStats stats;
  EXPECT_TRUE(
      computeParetoFrontier(sim, *graph, options.device, solver, &stats)
          .empty());
  EXPECT_EQ(stats.movable, 20u);
  EXPECT_FALSE(stats.exact);
}

// The decision space has intermediates too: values no backward op reads
// that recompute chains go through. On the low-rank layers of lowrank.mlir
// keeping t (4 KiB) spares a matmul per recompute of s (1 MiB). Against an
// exhaustive enumeration of saved buffers and intermediates together, auto
// is optimal at every budget, and it beats the best keep/recompute plan at
// some of them.
TEST_F(SolverTest, KeepsIntermediatesWhereTheyPay) {
  std::unique_ptr<Loaded> loaded = load(*ctx, "lowrank.mlir");
  ASSERT_TRUE(loaded);
  func::FuncOp func = loaded->func;
  const JointGraph *graph = &*loaded->graph;
  const PlanSimulator &sim = *loaded->sim;
  llvm::BitVector base = loaded->none;
  // Independently of the solver: saved activations (their own buffers
  // here) and the other forward values a recomputable forward op reads.
  SmallVector<unsigned> saved, intermediates;
  for (unsigned id = 0; id < sim.getNumValues(); ++id) {
    Value value = sim.getValue(id);
    if (!graph->isForward(value.getDefiningOp()) || sim.getBytes(id) == 0)
      continue;
    if (base.test(id)) {
      saved.push_back(id);
      continue;
    }
    if (llvm::any_of(value.getUsers(), [&](Operation *user) {
          return graph->isForward(user) && isRecomputable(user, *graph);
        }))
      intermediates.push_back(id);
  }
  ASSERT_EQ(saved.size(), 9u);
  ASSERT_EQ(intermediates.size(), 3u);
  Frontier narrow =
      frontierOver(sim, base, saved, intermediates, true, saved.size());
  Frontier wide = frontierOver(sim, base, saved, intermediates, true,
                               saved.size() + intermediates.size());
  expectBoundBelowOptimum(func, *graph, wide, "with intermediates");

  for (SolverMethod method : {SolverMethod::Auto, SolverMethod::Search}) {
    std::optional<RematPlan> plan = planFrontier(func, *graph, method);
    ASSERT_TRUE(plan);
    EXPECT_EQ(plan->report.movable, 9u);
    EXPECT_EQ(plan->report.intermediates, 3u);
    ArrayRef<FrontierPoint> found = plan->report.pareto;
    EXPECT_EQ(found.front().peakBytes, wide.front().first);
    unsigned better = 0;
    for (const auto &exact : wide) {
      uint64_t peak = exact.first;
      double time = exact.second;
      const FrontierPoint *point = pickForBudget(found, peak);
      ASSERT_TRUE(point) << "budget " << peak;
      EXPECT_LE(point->recomputeTime, time * (1 + 1e-9)) << "budget " << peak;
      auto best = llvm::find_if(llvm::reverse(narrow), [&](const auto &p) {
        return p.first <= peak;
      });
      bool beats = best == llvm::reverse(narrow).end() ||
                   point->recomputeTime < best->second * (1 - 1e-9);
      better += beats;
      if (getenv("SOLVER_TEST_VERBOSE"))
        llvm::errs() << "budget " << peak << ": auto " << point->recomputeTime
                     << ", keep/recompute only "
                     << (best == llvm::reverse(narrow).end() ? -1.0
                                                             : best->second)
                     << "\n";
    }
    // Measured: at 10 of the 15 budgets of the wide frontier no
    // keep/recompute plan is as cheap; its least peak, 7874564 bytes, is
    // 6% below theirs (8394756), which it reaches by recomputing two whole
    // layers from their kept t.
    EXPECT_GE(better, 10u);
  }

  // The report lists the kept intermediate, and its certificate cannot use
  // the keep/recompute optimum, which this plan beats.
  PlannerOptions options = optionsFor(Policy::Auto);
  options.budget = wide[1].first;
  std::optional<RematPlan> plan = planRematerialization(func, *graph, options);
  ASSERT_TRUE(plan);
  ASSERT_EQ(plan->report.intermediateDecisions.size(), 1u);
  EXPECT_FALSE(plan->report.intermediateDecisions.front().recompute);
  EXPECT_EQ(plan->report.intermediateDecisions.front()
                .value.getDefiningOp()
                ->getName()
                .getStringRef(),
            "nn.matmul");
  ASSERT_TRUE(plan->report.optimalTime);
  EXPECT_LT(sim.simulate(sim.toBits(plan->kept)).recomputeTime,
            *plan->report.optimalTime);
}

// Recomputing a value twice: in skip.mlir the backward reads v at its start
// and its end, and the peak is between. Against an exhaustive enumeration of
// every keep/recompute plan, each with and without v re-cloned, auto is
// optimal at every budget and beats the best plan that clones v once at
// the least peak; with reclone=false it never re-clones.
TEST_F(SolverTest, RecomputesTwiceWhereItPays) {
  std::unique_ptr<Loaded> loaded = load(*ctx, "skip.mlir");
  ASSERT_TRUE(loaded);
  func::FuncOp func = loaded->func;
  const JointGraph *graph = &*loaded->graph;
  const PlanSimulator &sim = *loaded->sim;
  DeviceInfo device = *DeviceInfo::getNamed("h200");
  unsigned n = sim.getNumValues();
  llvm::BitVector base = loaded->none;
  base.resize(2 * n, true);
  // The saved activations, and the bits that share the one clone of
  // those with a reclone op.
  SmallVector<unsigned> saved, shared;
  for (unsigned id = 0; id < n; ++id)
    if (base.test(id) && sim.getBytes(id) > 0 &&
        graph->isForward(sim.getValue(id).getDefiningOp())) {
      saved.push_back(id);
      if (sim.getRecloneOp(id) >= 0)
        shared.push_back(n + id);
    }
  ASSERT_EQ(saved.size(), 8u);
  ASSERT_EQ(shared.size(), 1u);
  Frontier once = frontierOver(sim, base, saved, shared, false, saved.size());
  Frontier twice = frontierOver(sim, base, saved, shared, false,
                                saved.size() + shared.size());
  expectBoundBelowOptimum(func, *graph, twice, "with re-clones");
  // Measured: at the least peak (641728516 bytes), 50.94 us against 54.76.
  ASSERT_EQ(once.front().first, twice.front().first);
  EXPECT_LT(twice.front().second, once.front().second * 0.95);

  for (bool reclone : {true, false}) {
    for (SolverMethod method :
         {SolverMethod::Auto, SolverMethod::Exact, SolverMethod::Search}) {
      std::optional<RematPlan> plan =
          planFrontier(func, *graph, method, reclone);
      ASSERT_TRUE(plan);
      // Auto and exact enumerate the second recomputes too (3 x 2^7 plans).
      EXPECT_EQ(plan->report.secondRecomputes, !reclone ? ""
                                               : method == SolverMethod::Search
                                                   ? "searched"
                                                   : "enumerated");
      for (const auto &exact : reclone ? twice : once) {
        const FrontierPoint *point = pickForBudget(plan->report.pareto, exact.first);
        ASSERT_TRUE(point) << "budget " << exact.first;
        EXPECT_LE(point->recomputeTime, exact.second * (1 + 1e-9))
            << "reclone " << reclone << " budget " << exact.first;
        if (!reclone)
          EXPECT_EQ(sim.recloneSet(point->kept).size(), 0u);
      }
    }
  }

  // The plan at the least peak recomputes v twice; the rewrite clones the
  // GELU twice, and its peak and FLOPs are the simulator's.
  PlannerOptions options = optionsFor(Policy::Auto);
  options.budget = twice.front().first;
  std::optional<RematPlan> plan = planRematerialization(func, *graph, options);
  ASSERT_TRUE(plan);
  ASSERT_EQ(plan->reclone.size(), 1u);
  // Its certificate is the optimum of the enumerated space, which the
  // enumeration above (independent of the solver) agrees with.
  ASSERT_TRUE(plan->report.optimalTime);
  EXPECT_NEAR(*plan->report.optimalTime, twice.front().second,
              twice.front().second * 1e-9);
  Value v = *plan->reclone.begin();
  EXPECT_EQ(v.getDefiningOp()->getName().getStringRef(), "nn.gelu");
  PlanSimulator::Result predicted =
      sim.simulate(sim.toBits(plan->kept, &plan->reclone));
  EXPECT_EQ(predicted.peakBytes, twice.front().first);
  FunctionStats before = computeFunctionStats(func, device);
  applyRematPlan(*graph, *plan);
  FunctionStats after = computeFunctionStats(func, device);
  EXPECT_EQ(after.peakBytes, predicted.peakBytes);
  EXPECT_EQ(after.flops - before.flops, predicted.recomputeFlops);
  unsigned gelus = 0;
  for (Operation &op : func.getBody().front())
    if (op.getName().getStringRef() == "nn.gelu" &&
        op.getOperand(0) == v.getDefiningOp()->getOperand(0))
      ++gelus;
  EXPECT_EQ(gelus, 3u); // the forward's and two clones
}

} // namespace

namespace {

TEST(ParseTest, ByteSizes) {
  EXPECT_EQ(parseByteSize("1048576"), 1048576u);
  EXPECT_EQ(parseByteSize("12GiB"), 12ull << 30);
  EXPECT_EQ(parseByteSize("12 GiB"), 12ull << 30);
  EXPECT_EQ(parseByteSize("12gib"), 12ull << 30);
  EXPECT_EQ(parseByteSize("1.5KiB"), 1536u);
  EXPECT_EQ(parseByteSize("1.75GiB"), 1879048192u);
  EXPECT_EQ(parseByteSize("2.3KB"), 2300u);
  EXPECT_EQ(parseByteSize(".5MB"), 500000u);
  EXPECT_EQ(parseByteSize("1.TB"), 1000000000000u);
  EXPECT_EQ(parseByteSize(" 2.75 MiB "), 2883584u);
  EXPECT_EQ(parseByteSize("9007199254740995"), 9007199254740995u);
  EXPECT_EQ(parseByteSize("9223372036854775807"), 9223372036854775807u);
  // A fraction of a unit rounds down to whole bytes.
  EXPECT_EQ(parseByteSize("1.7GiB"), 1825361100u);
  EXPECT_EQ(parseByteSize("4.1MiB"), 4299161u);
  EXPECT_EQ(parseByteSize("0.0001KB"), 0u);
  for (const char *bad :
       {"9223372036854775808", "8EiB", "10000000TB", "1e9", "0x10", "-5",
        "+3MB", "", "B", "1..2", "%", "99999999999999999999",
        // A fraction of a byte.
        "0.5B", "1.5"})
    EXPECT_FALSE(parseByteSize(bad).has_value()) << bad;
}

TEST(ParseTest, Budgets) {
  auto relative = [](const char *text) {
    std::optional<BudgetSpec> spec = parseBudget(text);
    EXPECT_TRUE(spec && spec->relative) << text;
    return spec && spec->relative ? *spec->relative : RelativeBudget{-1, false};
  };
  EXPECT_EQ(parseBudget("8 GiB")->bytes, 8ull << 30);
  EXPECT_FALSE(parseBudget("8 GiB")->relative.has_value());
  EXPECT_DOUBLE_EQ(relative("60%").fraction, 0.6);
  EXPECT_FALSE(relative("60%").ofActivations);
  EXPECT_DOUBLE_EQ(relative("0.6").fraction, 0.6);
  EXPECT_DOUBLE_EQ(relative("100 %").fraction, 1.0);
  EXPECT_TRUE(relative("50% activations").ofActivations);
  EXPECT_TRUE(relative("0.5 of Activations").ofActivations);
  EXPECT_TRUE(relative("50%act").ofActivations);
  for (const char *bad : {"0%", "150%", "1.5", "1.5 activations", "lots",
                          "-60%", "60%%", "activations", "8 GiBs"})
    EXPECT_FALSE(parseBudget(bad).has_value()) << bad;
  // Resolved: of none's peak, rounded down; of the activations, none's peak
  // less the part not allowed.
  EXPECT_EQ((RelativeBudget{0.9, false}.resolve(114696, 49152)), 103226u);
  EXPECT_EQ((RelativeBudget{0.8, true}.resolve(114696, 49152)), 104865u);
  EXPECT_EQ((RelativeBudget{1.0, true}.resolve(114696, 49152)), 114696u);
}

TEST(ParseTest, Fractions) {
  EXPECT_DOUBLE_EQ(*parseFraction("0.05"), 0.05);
  EXPECT_DOUBLE_EQ(*parseFraction("5%"), 0.05);
  EXPECT_DOUBLE_EQ(*parseFraction("0"), 0.0);
  for (const char *bad :
       {"-1", "inf", "nan", "%", "", "five", "-0", "-0%", "+5", " -0.0"})
    EXPECT_FALSE(parseFraction(bad).has_value()) << bad;
}

} // namespace

namespace {

// The joint cover: CBC's optimum equals the enumerated one, and is above
// what each position's cover gives alone where positions need different ops.
TEST(JointCover, EqualsEnumerationAndBeatsSingleCovers) {
  if (!haveMILPSolver())
    GTEST_SKIP() << "built without CBC";
  // Two positions each missing 10 bytes; op 0 (4 s) frees 10 at the first,
  // op 1 (4 s) 10 at the second, op 2 (6 s) 10 at both. Alone each needs
  // 4 s; together 6 s (op 2) against 8 s.
  JointCoverProblem both;
  both.opTimes = {4, 4, 6};
  both.missing = {10, 10};
  both.items = {{0, 10, {0}}, {1, 10, {1}}, {0, 10, {2}}, {1, 10, {2}}};
  EXPECT_DOUBLE_EQ(enumerateJointCover(both), 6.0);
  EXPECT_NEAR(*solveJointCover(both, 10), 6.0, 1e-6);
  // An item whose freeing needs a chain op as well.
  both.items[2].ops = {2, 0};
  EXPECT_DOUBLE_EQ(enumerateJointCover(both), 8.0);
  EXPECT_NEAR(*solveJointCover(both, 10), 8.0, 1e-6);
  // An item that needs no op is free: it covers the first position.
  both.items.push_back({0, 10, {}});
  EXPECT_DOUBLE_EQ(enumerateJointCover(both), 4.0);
  EXPECT_NEAR(*solveJointCover(both, 10), 4.0, 1e-6);
  both.items.pop_back();
  // Uncoverable: infinite.
  both.missing[0] = 21;
  EXPECT_TRUE(std::isinf(enumerateJointCover(both)));
  EXPECT_TRUE(std::isinf(*solveJointCover(both, 10)));
  // Random instances: the optimum, or with an early stop at `enough`, at
  // least `enough` when the optimum is (and never above the optimum).
  std::mt19937 rng(5);
  // (With CBC's integer preprocessing on, trial 106 of an earlier seed came
  // back above the optimum: CoverMILP.cpp turns it off.)
  for (unsigned trial = 0; trial < 1000; ++trial) {
    JointCoverProblem random;
    unsigned ops = 1 + rng() % 12, positions = 1 + rng() % 6;
    for (unsigned o = 0; o < ops; ++o)
      random.opTimes.push_back(1e-6 * (1 + rng() % 100));
    std::vector<uint64_t> total(positions, 0);
    for (unsigned i = 0, n = 1 + rng() % 30; i < n; ++i) {
      JointCoverProblem::Item item{static_cast<unsigned>(rng() % positions),
                                   1 + rng() % (uint64_t(1) << 30), {}};
      for (unsigned k = 0, m = rng() % 4; k < m; ++k)
        item.ops.push_back(rng() % ops);
      total[item.position] += item.bytes;
      random.items.push_back(item);
    }
    for (unsigned p = 0; p < positions; ++p)
      random.missing.push_back(total[p] ? rng() % (total[p] + total[p] / 8)
                                        : 0);
    double optimum = enumerateJointCover(random);
    double solved = *solveJointCover(random, 10);
    if (std::isinf(optimum)) {
      EXPECT_TRUE(std::isinf(solved)) << trial;
      continue;
    }
    EXPECT_LE(solved, optimum * (1 + 1e-9)) << trial;
    EXPECT_GE(solved, optimum * (1 - 1e-6)) << trial;
    double enough = optimum * 0.9;
    double stopped = *solveJointCover(random, 10, enough);
    EXPECT_LE(stopped, optimum * (1 + 1e-9)) << trial;
    EXPECT_GE(stopped, enough * (1 - 1e-6)) << trial;
  }
}

// The certificate's cover: whole ops, not fractions of them.
TEST(MinimumCover, WholeItemsBetweenFractionalAndInteger) {
  // The attention block of rematerialize-auto.mlir: 65536 bytes must go;
  // the dropout frees 262144 bytes for 3.11 us, a projection 65536 for 3.29.
  SmallVector<std::pair<double, uint64_t>> items = {{3.11, 262144},
                                                    {3.29, 65536}};
  EXPECT_DOUBLE_EQ(minimumCover(items, 65536), 3.11);
  EXPECT_DOUBLE_EQ(minimumCover(items, 0), 0.0);
  EXPECT_TRUE(std::isinf(minimumCover(items, 262144 + 65536 + 1)));
  // The cheapest per byte is not in the optimum: 10 bytes for 10 s, or 6
  // and 5 bytes for 4 s each (fractional: 1 s per byte, 10 s).
  SmallVector<std::pair<double, uint64_t>> knap = {
      {10, 10}, {4, 6}, {4, 5}, {3, 2}};
  EXPECT_DOUBLE_EQ(minimumCover(knap, 10), 8.0);
  // With no nodes to explore, it falls back to the fractional bound: the
  // 6 bytes for 4 s, then 4 of the 5 for 3.2 s.
  EXPECT_DOUBLE_EQ(minimumCover(knap, 10, /*maxNodes=*/0), 7.2);
  // Random instances: never above the brute-force optimum, equal to it
  // with enough nodes, never below the root's fractional bound.
  std::mt19937 rng(3);
  for (unsigned trial = 0; trial < 200; ++trial) {
    SmallVector<std::pair<double, uint64_t>> random;
    unsigned n = 1 + rng() % 10;
    uint64_t total = 0;
    for (unsigned i = 0; i < n; ++i) {
      random.push_back({1.0 + rng() % 100, 1 + rng() % 50});
      total += random.back().second;
    }
    uint64_t missing = 1 + rng() % total;
    double optimum = std::numeric_limits<double>::infinity();
    for (unsigned mask = 0; mask < (1u << n); ++mask) {
      uint64_t b = 0;
      double t = 0;
      for (unsigned i = 0; i < n; ++i)
        if (mask >> i & 1) {
          b += random[i].second;
          t += random[i].first;
        }
      if (b >= missing)
        optimum = std::min(optimum, t);
    }
    EXPECT_DOUBLE_EQ(minimumCover(random, missing), optimum) << trial;
    double limited = minimumCover(random, missing, /*maxNodes=*/2);
    EXPECT_LE(limited, optimum + 1e-9) << trial;
    EXPECT_GE(limited, minimumCover(random, missing, 0) - 1e-9) << trial;
  }
}

} // namespace
