//===- RematPlanner.h - which saved activations to recompute ----*- C++ -*-===//
//
// The planner decides, per policy, which forward values stay available to the
// backward pass ("kept") and which saved activations are recomputed. It does
// not touch the IR; applyRematPlan (RematRewrite.h) rewrites it (RematRewrite.h).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_TRANSFORMS_REMATPLANNER_H
#define REMAT_TRANSFORMS_REMATPLANNER_H

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/JointGraph.h"
#include "remat/Analysis/MemoryPlan.h"
#include "remat/Analysis/LowerBounds.h"
#include "remat/Analysis/PlanSimulator.h"
#include "remat/Analysis/RematEnums.h"
#include "remat/Transforms/RematPlan.h"
#include "remat/Transforms/RematSolver.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace remat {

// Policy, with symbolizePolicy/stringifyPolicy: RematEnums.td.

/// A budget given relative to policy none's plan of the function, resolved
/// to bytes per function before planning (docs/Rematerialize.md, "Budgets").
struct RelativeBudget {
  /// In (0, 1].
  double fraction = 1.0;
  /// Of the activations none saves for the backward (PyTorch's
  /// activation_memory_budget): the budget is none's peak less the part of
  /// those activations not allowed. Otherwise of none's peak.
  bool ofActivations = false;
  /// The budget in bytes, given none's peak and the bytes of the saved
  /// activations (MemoryPlan::getSavedActivationBytes).
  uint64_t resolve(uint64_t nonePeak, uint64_t activationBytes) const;
  /// "60% of policy none's peak", "50% of the saved activations".
  std::string describe() const;
};

/// A budget option's value: bytes, or relative to policy none.
struct BudgetSpec {
  std::optional<uint64_t> bytes;
  std::optional<RelativeBudget> relative;
};

struct PlannerOptions {
  Policy policy = Policy::Selective;
  DeviceInfo device;
  /// selective: multiple of the device's ridge point (FLOPs per byte) below
  /// which a saved activation is recomputed.
  double selectiveThreshold = 1.0;
  /// A hard bound on the plan's peak bytes: auto picks the cheapest plan
  /// under it; any other policy fails if its plan is above it.
  std::optional<uint64_t> budget;
  /// Where the budget was given relative to policy none: what it was
  /// resolved from (the pass resolves it into `budget` per function).
  std::optional<RelativeBudget> relativeBudget;
  /// auto: the lowest peak whose estimated recompute time is at most this
  /// fraction of the step's estimated time.
  std::optional<double> maxOverhead;
  /// auto: also offload kept values to host memory (offload=); needs a
  /// device with a host link. Implied by a host budget.
  bool offload = false;
  /// The most bytes offloaded values may hold in host memory at once.
  std::optional<uint64_t> hostBudget;
  /// Compute the Pareto frontier for the report.
  bool pareto = false;
  /// The function is one iteration of a loop run `repeat` times
  /// (PlanSimulator's repeat).
  unsigned repeat = 1;
  /// How the frontier is computed (solver=auto|search|exact).
  SolverMethod solver = SolverMethod::Auto;
  /// auto: plans may re-clone saved activations (RematPlan::reclone).
  bool reclone = true;
  /// Without remat.block marks, selective and the dots policies keep the
  /// boundaries of the layers inferCheckpointBlocks finds (infer-blocks=;
  /// full and sqrt always do).
  bool inferBlocks = false;
  /// Fixed policies: policy none's plan where the policy's recomputes
  /// lower no peak (skip-useless=).
  bool skipUseless = true;
  /// When the function's results occupy memory (result-buffers=).
  ResultBuffers results = ResultBuffers::Defined;
  /// auto: the most seconds the certificate's joint cover (CoverMILP.h) may
  /// take at each frontier point whose plan it may improve (0: not tried;
  /// docs/AutoPolicy.md, "Plans from the joint cover").
  double milpSeconds = 0;
  /// Certify the plan: a lower bound on the recompute time of every plan
  /// at its peak (RematPlan::timeLowerBound), as certificate= says. The
  /// fixed policies' plans made along the way are not certified.
  bool certify = false;
  Certificate certificate = Certificate::Auto;
  /// The most seconds the certificate's MILP may take.
  double certificateSeconds = 1.0;
};

/// Parses a byte size: an integer or decimal number with an optional unit
/// B, KB, MB, GB, TB (powers of 1000) or KiB, MiB, GiB, TiB (powers of 1024),
/// in any case and with spaces allowed before it ("8 GiB", "8gib"), that
/// comes to a whole number of bytes below 2^63.
std::optional<uint64_t> parseByteSize(llvm::StringRef text);
/// Parses a budget: a byte size (parseByteSize), a fraction of policy
/// none's peak ("60%", "0.6") or of the activations it saves ("50%
/// activations", "0.5 act"); fractions in (0, 1]. Spaces and case do not
/// matter. The forms are the Python adapters' too (remat.options).
std::optional<BudgetSpec> parseBudget(llvm::StringRef text);
/// What parseBudget accepts, for its errors.
extern const char *const kBudgetForms;
/// Parses a non-negative fraction without a sign: "0.05" or "5%".
std::optional<double> parseFraction(llvm::StringRef text);

/// Fills each decision's recompute cost: the whole producer chain from the
/// plan's kept set. Only the report needs it; it walks a chain per saved
/// activation, so the pass runs it only when a report is asked for. Call it
/// before the plan is applied.
void describeRecomputeCosts(const JointGraph &graph, const DeviceInfo &device,
                            RematPlan &plan);

/// What planning one function computes once and shares between the
/// policy's plan and the fixed policies' plans it starts from or is held to
/// (auto plans each fixed policy once, and each fixed policy is held to
/// none's peak): one plan simulator, the certificate's bounds, the fixed
/// policies' plans, and the first error. The pass then takes the plan's
/// figures and the report's bound from here. The function must not change
/// while the context is in use.
class PlanContext {
public:
  PlanContext(mlir::func::FuncOp func, const JointGraph &graph,
              const PlannerOptions &options);
  ~PlanContext();

  mlir::func::FuncOp getFunction() const { return func; }
  const JointGraph &getGraph() const { return graph; }
  const PlannerOptions &getOptions() const { return options; }
  const PlanSimulator &getSimulator();
  LowerBounds &getBounds();
  /// The plan of the fixed policy `policy` on this function (the options'
  /// device and overrides, no budget, overhead or frontier), made once;
  /// null where the policy cannot be applied (its error is recorded).
  const RematPlan *getFixedPlan(Policy policy);

  /// The first error of any plan made here.
  const std::optional<PlanError> &getError() const { return error; }
  void setError(PlanError e) {
    if (!error)
      error = std::move(e);
  }

  /// Counters for the pass's statistics.
  unsigned getNumPlans() const { return numPlans; }
  void countPlan() { ++numPlans; }
  uint64_t getNumSimulations() const;
  uint64_t getNumBoundEvaluations() const;
  unsigned numFrontierPoints = 0;

private:
  mlir::func::FuncOp func;
  const JointGraph &graph;
  const PlannerOptions &options;
  std::unique_ptr<PlanSimulator> simulator;
  std::unique_ptr<LowerBounds> bounds;
  std::map<Policy, std::optional<RematPlan>> fixedPlans;
  std::optional<PlanError> error;
  unsigned numPlans = 0;
};

/// Plans the context's function under its options. Emits an error, records
/// it in the context, and returns nothing when the policy cannot be applied
/// (e.g. `full` without checkpoint blocks) or no plan fits the budget.
std::optional<RematPlan> planRematerialization(PlanContext &context);
/// The same with a context of its own.
std::optional<RematPlan> planRematerialization(mlir::func::FuncOp func,
                                               const JointGraph &graph,
                                               const PlannerOptions &options);

} // namespace remat

#endif // REMAT_TRANSFORMS_REMATPLANNER_H
