//===- Rematerialize.cpp - recompute saved activations in the backward ----===//
//
/// The pass classifies the ops of a joint function (JointGraph), asks the
/// planner which saved activations to keep (RematPlanner.cpp), and rewrites:
/// backward ops are visited in program order; when one uses a saved
/// activation that is not kept, the value's producer chain is cloned right
/// before that op (its first backward use) and every later backward use
/// shares the clone. Chains stop at kept values and arguments, and chain
/// members that another recomputed value already cloned are reused, so
/// nothing is recomputed twice, unless the plan re-clones a value: at its
/// reclone op (the first backward read after the widest gap between its
/// reads), the clones of its chain are forgotten and made again, so the
/// first ones die before the gap. The forward originals then die at their
/// last forward use.
//
//===----------------------------------------------------------------------===//

#include "remat/Transforms/Passes.h"

#include "remat/Analysis/JointGraph.h"
#include "remat/Transforms/CoverMILP.h"
#include "remat/Transforms/PlanSimulator.h"
#include "remat/Transforms/RematPlanner.h"
#include "remat/Transforms/RematReport.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace remat {
/// certificate=auto solves the joint cover (CoverMILP.h) only where the
/// covers leave a gap above this: on the 96-layer GPT's least peak a second
/// of CBC took a 0.350% gap to 0.347% (five seconds: 0.323%).
constexpr double kAutoMILPGap = 0.01;
#define GEN_PASS_DEF_REMATERIALIZE
#include "remat/Transforms/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

/// Clones recompute chains into the backward pass.
class ChainCloner {
public:
  ChainCloner(const JointGraph &graph, const RematPlan &plan)
      : graph(graph), plan(plan) {}

  /// Whether a backward use of `value` must be redirected to a clone.
  bool needsClone(Value value) const {
    Operation *def = value.getDefiningOp();
    return def && graph.isForward(def) && !plan.kept.contains(value);
  }

  /// The recomputed copy of `value`, cloning its chain before `user` the
  /// first time it is asked for.
  Value materialize(Value value, Operation *user) {
    if (Value clone = clones.lookup(value))
      return clone;
    Operation *def = value.getDefiningOp();
    IRMapping mapping;
    for (Value operand : def->getOperands())
      if (needsClone(operand))
        mapping.map(operand, materialize(operand, user));
    OpBuilder builder(user);
    Operation *clone = builder.clone(*def, mapping);
    for (auto [original, copy] :
         llvm::zip_equal(def->getResults(), clone->getResults()))
      if (!plan.kept.contains(original))
        clones[original] = copy;
    return clones.lookup(value);
  }

  /// Drops the clones of `value` and of its chain, so that the next read
  /// clones the chain again.
  void forget(Value value) {
    if (!clones.erase(value))
      return;
    for (Value operand : value.getDefiningOp()->getOperands())
      if (needsClone(operand))
        forget(operand);
  }

private:
  const JointGraph &graph;
  const RematPlan &plan;
  llvm::DenseMap<Value, Value> clones;
};

} // namespace

void remat::eraseDeadOps(Block &body) {
  // Last first, and erasing only the op at hand: the iterator stays valid.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (isOpTriviallyDead(&op))
      op.erase();
}

void remat::applyRematPlan(const JointGraph &graph, const RematPlan &plan) {
  ChainCloner cloner(graph, plan);
  Operation *terminator = graph.getOps().back();
  llvm::DenseMap<Operation *, SmallVector<Value>> reclonesAt;
  if (!plan.reclone.empty())
    for (auto [value, gap] : getRecloneGaps(graph))
      if (plan.reclone.contains(value))
        reclonesAt[gap.after].push_back(value);
  // The list is a snapshot of the original ops: clones are never revisited.
  for (Operation *op : graph.getOps()) {
    if (op == terminator || graph.isForward(op))
      continue;
    auto it = reclonesAt.find(op);
    if (it != reclonesAt.end())
      for (Value value : it->second)
        if (cloner.needsClone(value))
          cloner.forget(value);
    op->walk([&](Operation *nested) {
      for (OpOperand &use : nested->getOpOperands())
        if (cloner.needsClone(use.get()))
          use.set(cloner.materialize(use.get(), op));
    });
  }
}

namespace {

struct RematerializePass
    : public remat::impl::RematerializeBase<RematerializePass> {
  using RematerializeBase::RematerializeBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    if (failed(rematerialize(func))) {
      // The function still counts among those the report waits for.
      if (!report.empty())
        (void)writeReport(report, func, std::nullopt);
      signalPassFailure();
    }
  }

  LogicalResult rematerialize(func::FuncOp func) {
    std::optional<PlannerOptions> options = getPlannerOptions();
    if (!options)
      return failure();
    if (func.getBody().hasOneBlock()) {
      if (failed(checkSizes(func)))
        return failure();
      eraseDeadOps(func.getBody().front());
    }
    std::optional<JointGraph> graph = JointGraph::build(func);
    if (!graph)
      return failure();

    std::optional<RematPlan> plan =
        planRematerialization(func, *graph, *options);
    if (!plan)
      return failure();
    if (report.empty()) {
      applyRematPlan(*graph, *plan);
      return success();
    }

    // The report's figures: the baseline and each decision's recompute cost
    // are taken before the rewrite, the result after it.
    FunctionStats baseline =
        computeFunctionStats(func, options->device, options->results);
    // Both bounds from one analysis of the function before the rewrite.
    LowerBounds bounds(func, *graph, options->device, options->results,
                       options->reclone);
    baseline.peakLowerBound = bounds.leastPeak().bytes;
    describeRecomputeCosts(*graph, options->device, *plan);
    // The certificate: what any plan at this plan's peak must recompute.
    PlanSimulator sim(*graph, options->device, options->results);
    PlanSimulator::Result simulated =
        sim.simulate(sim.toBits(plan->kept, &plan->reclone));
    uint64_t planPeak = simulated.peakBytes;
    // The bound never needs to pass the plan's own time (it is a bound on
    // every plan at this peak, this one included).
    bool byMILP = false;
    double timeBound = bounds.recomputeTime(
        planPeak, simulated.recomputeTime * (1 - 1e-9),
        certificate == "cover" ? 0.0 : certificateSeconds.getValue(),
        certificate == "milp" ? 0.0 : kAutoMILPGap, &byMILP);
    applyRematPlan(*graph, *plan);
    FunctionStats result =
        computeFunctionStats(func, options->device, options->results);
    if (std::optional<std::string> error = writeReport(
            report, func,
            buildReport(func, options->policy, options->device, baseline,
                        result, *plan, timeBound, byMILP, timeline)))
      return func.emitError(*error);
    return success();
  }

  std::optional<PlannerOptions> getPlannerOptions() {
    PlannerOptions options;
    std::optional<Policy> parsed = parsePolicy(policy.getValue());
    if (!parsed) {
      getOperation().emitError() << "unknown policy '" << policy.getValue()
                                 << "'; expected none, full, sqrt, selective, "
                                    "dots, dots-no-batch or auto";
      return std::nullopt;
    }
    options.policy = *parsed;
    if (!deviceFile.empty()) {
      std::string error;
      std::optional<DeviceInfo> device =
          DeviceInfo::loadFile(deviceFile.getValue(), error);
      if (!device) {
        getOperation().emitError(error);
        return std::nullopt;
      }
      options.device = *device;
    } else if (std::optional<DeviceInfo> device =
                   DeviceInfo::getNamed(this->device.getValue())) {
      options.device = *device;
    } else {
      getOperation().emitError()
          << "unknown device '" << this->device.getValue()
          << "'; expected h200, h100, a100, cpu, or device-file=<json>";
      return std::nullopt;
    }
    if (!costProfile.empty()) {
      std::string error;
      options.device.profile =
          CostProfile::loadFile(costProfile.getValue(), error);
      if (!options.device.profile) {
        getOperation().emitError(error);
        return std::nullopt;
      }
    }
    // Parsed here rather than as a double option, which takes an empty
    // value as 0.
    std::optional<double> threshold = parseFraction(selectiveThreshold);
    if (!threshold) {
      getOperation().emitError()
          << "invalid selective-threshold '" << selectiveThreshold.getValue()
          << "'; expected a non-negative number such as 0.5";
      return std::nullopt;
    }
    options.selectiveThreshold = *threshold;
    if (!budget.empty()) {
      options.budget = parseByteSize(budget.getValue());
      if (!options.budget) {
        getOperation().emitError()
            << "invalid budget '" << budget.getValue()
            << "'; expected a whole number of bytes below 2^63, with an "
               "optional unit (B, KB, MB, GB, TB, KiB, MiB, GiB, TiB), e.g. "
               "budget=12GiB or budget=1.5KiB";
        return std::nullopt;
      }
    }
    if (!maxOverhead.empty()) {
      options.maxOverhead = parseFraction(maxOverhead.getValue());
      if (!options.maxOverhead) {
        getOperation().emitError()
            << "invalid max-overhead '" << maxOverhead.getValue()
            << "'; expected a non-negative fraction such as 0.05 or 5%";
        return std::nullopt;
      }
      if (options.policy != Policy::Auto) {
        getOperation().emitError("max-overhead applies to policy=auto only");
        return std::nullopt;
      }
      if (options.budget) {
        getOperation().emitError(
            "give policy=auto either a budget or a max-overhead, not both");
        return std::nullopt;
      }
    }
    if (certificate != "auto" && certificate != "cover" &&
        certificate != "milp") {
      getOperation().emitError()
          << "unknown certificate '" << certificate.getValue()
          << "'; expected auto, cover or milp";
      return std::nullopt;
    }
    if (certificate == "milp" && !haveMILPSolver()) {
      getOperation().emitError(
          "certificate=milp needs remat built with COIN-OR CBC "
          "(apt-get install coinor-libcbc-dev, then reconfigure); "
          "certificate=cover works without it");
      return std::nullopt;
    }
    if (!(certificateSeconds >= 0) || !std::isfinite(certificateSeconds)) {
      getOperation().emitError(
          "certificate-seconds must be a non-negative number of seconds");
      return std::nullopt;
    }
    options.pareto = pareto;
    std::optional<SolverMethod> method = parseSolverMethod(solver);
    if (!method) {
      getOperation().emitError()
          << "unknown solver '" << solver.getValue()
          << "'; expected auto, search or exact";
      return std::nullopt;
    }
    options.solver = *method;
    options.reclone = reclone;
    options.milpSeconds =
        certificate == "cover" ? 0.0 : certificateSeconds.getValue();
    if (resultBuffers == "preallocated") {
      options.results = ResultBuffers::Preallocated;
    } else if (resultBuffers != "defined") {
      getOperation().emitError()
          << "unknown result-buffers '" << resultBuffers.getValue()
          << "'; expected defined or preallocated";
      return std::nullopt;
    }
    return options;
  }
};

} // namespace
