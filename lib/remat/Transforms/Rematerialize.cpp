//===- Rematerialize.cpp - recompute saved activations in the backward ----===//
//
// The pass: its options are checked, and the device and cost-profile files
// read, once per pass manager run (initialize); each function's joint graph
// is classified (JointGraph), planned (RematPlanner.h, one PlanContext per
// function), rewritten (RematRewrite.h) and, with report=, described
// (RematReport.h) with the figures the planner computed.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/Diagnostics.h"
#include "remat/Transforms/Passes.h"

#include "remat/Analysis/CoverMILP.h"
#include "remat/Analysis/FunctionStats.h"
#include "remat/Analysis/JointGraph.h"
#include "remat/Analysis/LowerBounds.h"
#include "remat/Analysis/PlanSimulator.h"
#include "remat/Transforms/RematPlanner.h"
#include "remat/Transforms/RematReport.h"
#include "remat/Transforms/RematRewrite.h"

#include "remat/Analysis/Debug.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"

#include <cmath>
#include <memory>

#define DEBUG_TYPE "remat-planner"

namespace remat {
#define GEN_PASS_DEF_REMATERIALIZE
#include "remat/Transforms/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

/// What initialize() makes of the options: the planner's options, or the
/// error every function then reports.
struct CheckedOptions {
  std::optional<PlannerOptions> planner;
  std::string error;
  /// The option the error is about.
  std::string option;
};

/// The pass options with the words of a budget written with spaces joined
/// to it: `budget=8 GiB` and `budget=50% of activations` as the Python
/// adapters take them (MLIR's option parser splits values at spaces, and
/// would take "GiB" for an option of its own).
static std::string joinBudgetWords(StringRef options) {
  // A word that continues a budget: one parseBudget reads after a number
  // ("GiB", "%", "activations"), or the "of" of "50% of activations". Taken
  // from the parser, so that the two cannot disagree on the units.
  auto isBudgetWord = [](StringRef word) {
    if (llvm::any_of(word, [](char c) { return llvm::isDigit(c) || c == '.'; }))
      return false;
    return word.equals_insensitive("of") ||
           parseBudget(("1" + word).str()).has_value();
  };
  std::string out;
  bool inBudget = false;
  int depth = 0;
  char quote = 0;
  size_t i = 0;
  while (i < options.size()) {
    // One space-separated word (braces and quotes keep their spaces).
    size_t start = i;
    for (; i < options.size(); ++i) {
      char c = options[i];
      if (quote) {
        if (c == quote)
          quote = 0;
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '{') {
        ++depth;
      } else if (c == '}') {
        --depth;
      } else if (depth == 0 && llvm::isSpace(c)) {
        break;
      }
    }
    StringRef word = options.slice(start, i);
    for (; i < options.size() && llvm::isSpace(options[i]); ++i) {
    }
    if (word.empty())
      continue;
    if (inBudget && isBudgetWord(word)) {
      out += word.str();
      continue;
    }
    inBudget = word.starts_with("budget=") || word.starts_with("host-budget=");
    if (!out.empty())
      out += ' ';
    out += word.str();
  }
  return out;
}

struct RematerializePass
    : public remat::impl::RematerializeBase<RematerializePass> {
  using RematerializeBase::RematerializeBase;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    return Pass::initializeOptions(joinBudgetWords(options), errorHandler);
  }

  LogicalResult initialize(MLIRContext *context) override {
    // Shared with the clones the pass manager makes for its threads.
    checked = std::make_shared<CheckedOptions>(checkOptions(context));
    reports = std::make_shared<ReportWriter>();
    return success();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    std::optional<PlanError> error;
    if (failed(rematerialize(func, error))) {
      // The function still counts among those the report waits for, with
      // what went wrong as data.
      if (!report.empty()) {
        PlanError described = error ? *error : PlanError{"input", "", func};
        if (described.message.empty())
          described.message =
              "the function cannot be planned; see the diagnostics";
        (void)reports->add(report, func, buildErrorReport(func, described));
      }
      signalPassFailure();
    }
  }

  LogicalResult rematerialize(func::FuncOp func,
                              std::optional<PlanError> &error) {
    if (!checked->planner) {
      error = PlanError{"options", checked->error, func};
      error->option = checked->option;
      return remat::emitErrorAt(func) << checked->error;
    }
    // The certificate is the report's: asked for only with one.
    PlannerOptions options = *checked->planner;
    options.certify = !report.empty();
    if (func.getBody().hasOneBlock()) {
      eraseDeadOps(func.getBody().front());
      splitSharedDestinations(func.getBody().front());
    }
    // Each op's cost computed once while the IR is as planned: the size
    // check, planning and the report's figures taken before the rewrite.
    std::optional<OpCostCache> costs(std::in_place);
    if (func.getBody().hasOneBlock())
      costs->costs.reserve(func.getBody().front().getOperations().size());
    if (func.getBody().hasOneBlock() && failed(checkSizes(func)))
      return failure();
    std::optional<JointGraph> graph = JointGraph::build(func);
    if (!graph)
      return failure();
    // Every op computes result 0: a forward function (the user forgot the
    // backward). Planned all the same (the plan keeps nothing), but said.
    if (llvm::all_of(graph->getOps(), [&](Operation *op) {
          return graph->isForward(op) || op->hasTrait<OpTrait::IsTerminator>();
        }))
      mlir::emitWarning(func.getLoc())
          << "@" << func.getSymName()
          << " has no backward (every op computes result 0, the loss): "
             "nothing to plan; build the joint step first (--nn-autodiff)";

    PlanContext context(func, *graph, options);
    // A relative budget: bytes of this function's plan under policy none.
    std::optional<uint64_t> relativeTo;
    if (options.relativeBudget) {
      const RematPlan *none = context.getFixedPlan(Policy::None);
      if (!none) {
        error = context.getError();
        return failure();
      }
      relativeTo = none->peakBytes;
      uint64_t activations = 0;
      if (options.relativeBudget->ofActivations) {
        MemoryPlan memory(func.getBody().front(), options.results);
        activations = memory.getSavedActivationBytes(*graph);
        relativeTo = activations;
      }
      options.budget =
          options.relativeBudget->resolve(none->peakBytes, activations);
    }
    std::optional<RematPlan> plan = planRematerialization(context);
    llvm::scope_exit countStatistics([&] {
      numPlans += context.getNumPlans();
      numSimulations += context.getNumSimulations();
      numBoundEvaluations += context.getNumBoundEvaluations();
      numFrontierPoints += context.numFrontierPoints;
    });
    if (!plan) {
      error = context.getError();
      return failure();
    }
    LLVM_DEBUG(llvm::dbgs() << "[remat-planner] @" << func.getSymName()
                            << ": policy " << stringifyPolicy(options.policy)
                            << ", peak " << plan->peakBytes
                            << " bytes, recompute " << plan->recomputeTime
                            << " s, " << context.getNumPlans() << " plans, "
                            << context.getNumSimulations()
                            << " simulations\n");
    if (report.empty()) {
      costs.reset();
      fenceRecomputedOps(applyRematPlan(*graph, *plan), fence);
      return success();
    }

    // The report's figures: the baseline, each decision's recompute cost and
    // the certificate are taken before the rewrite, the result after it.
    FunctionStats baseline =
        computeFunctionStats(func, options.device, options.results, &*graph);
    baseline.peakLowerBound = context.getBounds().leastPeak().bytes;
    // With repeat=, the peaks count what the other iterations hold (the
    // simulator's; the memory plans below are one iteration's).
    uint64_t repeated = options.repeat - 1, baselineHeld = 0;
    if (repeated) {
      const PlanSimulator &sim = context.getSimulator();
      baselineHeld =
          sim.simulate(llvm::BitVector(sim.getNumValues(), true)).heldBytes;
      baseline.peakBytes += repeated * baselineHeld;
    }
    describeRecomputeCosts(*graph, options.device, *plan);
    costs.reset();
    SmallVector<RecomputedOp> recomputed = applyRematPlan(*graph, *plan);
    FunctionStats result =
        computeFunctionStats(func, options.device, options.results);
    // (Fences after the figures: they are identities that cost nothing.)
    fenceRecomputedOps(recomputed, fence);
    result.peakBytes += repeated * plan->heldBytes;
    llvm::json::Object object =
        buildReport(func, options.policy, options.device, baseline, result,
                    *plan, *plan->timeLowerBound, plan->boundByMILP,
                    timeline);
    if (options.relativeBudget)
      object["budget"] =
          llvm::json::Object{{"option", budget.getValue()},
                             {"of", options.relativeBudget->ofActivations
                                        ? "saved_activation_bytes"
                                        : "peak_bytes"},
                             {"of_bytes", static_cast<int64_t>(*relativeTo)},
                             {"bytes", static_cast<int64_t>(*options.budget)}};
    if (repeated)
      object["repeat"] = llvm::json::Object{
          {"count", static_cast<int64_t>(options.repeat)},
          {"baseline_held_bytes", static_cast<int64_t>(baselineHeld)},
          {"held_bytes", static_cast<int64_t>(plan->heldBytes)}};
    // The pass's statistics, which -mlir-pass-statistics shows only where
    // LLVM was built with statistics (not Debian's release build).
    object["statistics"] = llvm::json::Object{
        {"plans", context.getNumPlans()},
        {"simulations", static_cast<int64_t>(context.getNumSimulations())},
        {"bound_evaluations",
         static_cast<int64_t>(context.getNumBoundEvaluations())},
        {"frontier_points", context.numFrontierPoints}};
    if (std::optional<std::string> message =
            reports->add(report, func, std::move(object))) {
      error = PlanError{"report", *message, func};
      return remat::emitErrorAt(func) << *message;
    }
    return success();
  }

  /// The options as the planner takes them, or the first error in them.
  /// What is wrong with fence=, or empty: it must name an optimization
  /// barrier the rewrite can make (registered, or of a dialect the context
  /// does not know while it allows unregistered ones).
  std::string checkFence(MLIRContext *context) {
    if (fence.empty())
      return "";
    StringRef name = fence;
    auto [dialect, op] = name.split('.');
    // Any other op might compute something: the clones would read its
    // result as their inputs' values.
    if (dialect.empty() || op != "optimization_barrier")
      return "fence=" + fence +
             ": not an optimization barrier (<dialect>.optimization_barrier, "
             "an identity the compiler does not look through: "
             "util.optimization_barrier for IREE, "
             "stablehlo.optimization_barrier for XLA)";
    if (RegisteredOperationName::lookup(name, context))
      return "";
    if (Dialect *loaded = context->getLoadedDialect(dialect);
        loaded && !loaded->allowsUnknownOperations())
      return "fence=" + fence + ": dialect '" + dialect.str() +
             "' has no such op";
    if (!context->allowsUnregisteredDialects())
      return "fence=" + fence +
             ": the op is not registered and unregistered dialects are not "
             "allowed (--allow-unregistered-dialect)";
    return "";
  }

  CheckedOptions checkOptions(MLIRContext *context) {
    CheckedOptions result;
    auto fail = [&](llvm::StringRef option, const llvm::Twine &message) {
      result.option = option.str();
      result.error = message.str();
      return result;
    };
    PlannerOptions options;
    options.policy = policy;
    if (!deviceFile.empty()) {
      std::string error;
      std::optional<DeviceInfo> device =
          DeviceInfo::loadFile(deviceFile.getValue(), error);
      if (!device)
        return fail("device-file", error);
      options.device = *device;
    } else if (std::optional<DeviceInfo> device =
                   DeviceInfo::getNamed(this->device.getValue())) {
      options.device = *device;
    } else {
      return fail("device", "unknown device '" + this->device.getValue() +
                  "'; expected h200, h100, gh200, a100, cpu, or "
                  "device-file=<json>");
    }
    if (!costProfile.empty()) {
      std::string error;
      options.device.profile =
          CostProfile::loadFile(costProfile.getValue(), error);
      if (!options.device.profile)
        return fail("cost-profile", error);
    }
    // Parsed here rather than as a double option, which takes an empty
    // value as 0.
    std::optional<double> threshold = parseFraction(selectiveThreshold);
    if (!threshold)
      return fail("selective-threshold", "invalid selective-threshold '" +
                  selectiveThreshold.getValue() +
                  "'; expected a non-negative number such as 0.5");
    options.selectiveThreshold = *threshold;
    if (!budget.empty()) {
      std::optional<BudgetSpec> spec = parseBudget(budget.getValue());
      if (!spec)
        return fail("budget", "invalid budget '" + budget.getValue() +
                                  "'; expected " + kBudgetForms);
      options.budget = spec->bytes;
      options.relativeBudget = spec->relative;
    }
    if (!hostBudget.empty()) {
      options.hostBudget = parseByteSize(hostBudget.getValue());
      if (!options.hostBudget)
        return fail(
            "host-budget",
            "invalid host-budget '" + hostBudget.getValue() +
                "'; expected bytes with an optional unit (64GiB, 64 GiB, "
                "1.5GB, 1048576; units B, KB, MB, GB, TB, KiB, MiB, GiB, "
                "TiB in any case)");
    }
    options.offload = offload || options.hostBudget.has_value();
    if (options.offload && options.policy != Policy::Auto &&
        options.policy != Policy::Offload)
      return fail(offload ? "offload" : "host-budget",
                  Twine(offload ? "offload" : "host-budget") +
                      " applies to policy=auto and policy=offload only (a "
                      "fixed policy offloads only its \"offload\" "
                      "overrides)");
    if (!maxOverhead.empty()) {
      options.maxOverhead = parseFraction(maxOverhead.getValue());
      if (!options.maxOverhead)
        return fail("max-overhead", "invalid max-overhead '" + maxOverhead.getValue() +
                    "'; expected a non-negative fraction such as 0.05 or 5%");
      if (options.policy != Policy::Auto)
        return fail("max-overhead", "max-overhead applies to policy=auto only");
      if (options.budget || options.relativeBudget)
        return fail(
            "max-overhead", "give policy=auto either a budget or a max-overhead, not both");
    }
    if (certificate == Certificate::MILP && !haveMILPSolver())
      return fail("certificate", "certificate=milp needs remat built with COIN-OR CBC "
                  "(apt-get install coinor-libcbc-dev, then reconfigure); "
                  "certificate=cover works without it");
    if (!(certificateSeconds >= 0) || !std::isfinite(certificateSeconds))
      return fail(
          "certificate-seconds", "certificate-seconds must be a non-negative number of seconds");
    if (repeat == 0)
      return fail("repeat", "repeat must be at least 1 (the iterations of "
                            "the loop the function is the body of)");
    if (repeat > 1 && (options.offload || options.policy == Policy::Offload))
      return fail("repeat", "repeat does not combine with host offload (the "
                            "offload model counts one iteration)");
    if (std::string error = checkFence(context); !error.empty())
      return fail("fence", error);
    options.repeat = repeat;
    options.pareto = pareto;
    options.solver = solver;
    options.reclone = reclone;
    options.skipUseless = skipUseless;
    options.inferBlocks = inferBlocks;
    options.milpSeconds = certificate == Certificate::Cover
                              ? 0.0
                              : certificateSeconds.getValue();
    options.results = resultBuffers;
    options.certificate = certificate;
    options.certificateSeconds = certificateSeconds;
    result.planner = std::move(options);
    return result;
  }

  std::shared_ptr<const CheckedOptions> checked;
  std::shared_ptr<ReportWriter> reports;
};

} // namespace
