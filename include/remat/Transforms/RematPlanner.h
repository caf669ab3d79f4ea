//===- RematPlanner.h - which saved activations to recompute ----*- C++ -*-===//
//
// The planner decides, per policy, which forward values stay available to the
// backward pass ("kept") and which saved activations are recomputed. It does
// not touch the IR; applyRematPlan (Rematerialize.cpp) rewrites it.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_TRANSFORMS_REMATPLANNER_H
#define REMAT_TRANSFORMS_REMATPLANNER_H

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/JointGraph.h"
#include "remat/Analysis/MemoryPlan.h"
#include "remat/Transforms/RematSolver.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <optional>
#include <string>

namespace remat {

enum class Policy { None, Full, Sqrt, Selective, Dots, DotsNoBatch, Auto };
std::optional<Policy> parsePolicy(llvm::StringRef name);
std::optional<SolverMethod> parseSolverMethod(llvm::StringRef name);
llvm::StringRef stringifyPolicy(Policy policy);

struct PlannerOptions {
  Policy policy = Policy::Selective;
  DeviceInfo device;
  /// selective: multiple of the device's ridge point (FLOPs per byte) below
  /// which a saved activation is recomputed.
  double selectiveThreshold = 1.0;
  /// A hard bound on the plan's peak bytes: auto picks the cheapest plan
  /// under it; any other policy fails if its plan is above it.
  std::optional<uint64_t> budget;
  /// auto: the lowest peak whose estimated recompute time is at most this
  /// fraction of the step's estimated time.
  std::optional<double> maxOverhead;
  /// Compute the Pareto frontier for the report.
  bool pareto = false;
  /// How the frontier is computed (solver=auto|search|exact).
  SolverMethod solver = SolverMethod::Auto;
  /// auto: plans may re-clone saved activations (RematPlan::reclone).
  bool reclone = true;
  /// When the function's results occupy memory (result-buffers=).
  ResultBuffers results = ResultBuffers::Defined;
  /// auto: the most seconds the certificate's joint cover (CoverMILP.h) may
  /// take at each frontier point whose plan it may improve (0: not tried;
  /// docs/AutoPolicy.md, "Plans from the joint cover").
  double milpSeconds = 0;
};

/// Parses a byte size: an integer or decimal number with an optional unit
/// B, KB, MB, GB, TB (powers of 1000) or KiB, MiB, GiB, TiB (powers of 1024)
/// that comes to a whole number of bytes below 2^63.
std::optional<uint64_t> parseByteSize(llvm::StringRef text);
/// Parses a non-negative fraction without a sign: "0.05" or "5%".
std::optional<double> parseFraction(llvm::StringRef text);

/// The decision for one saved activation.
struct Decision {
  mlir::Value value;
  uint64_t bytes = 0;
  bool recompute = false;
  /// Cost of recomputing the value from the final kept set (its whole
  /// producer chain); nothing if it cannot be recomputed, or until
  /// describeRecomputeCosts has run.
  std::optional<uint64_t> recomputeFlops;
  std::optional<double> recomputeTime;
  std::string reason;
  /// Where the plan re-clones the value (RematPlan::reclone): the backward
  /// op before which its chain is cloned a second time.
  mlir::Operation *recloneBefore = nullptr;
};

struct RematPlan {
  /// Forward values available to the backward pass: recompute chains stop
  /// here. Every saved activation not in this set is recomputed.
  llvm::DenseSet<mlir::Value> kept;
  /// Recomputed saved activations that are recomputed a second time: at
  /// their reclone op (getRecloneGaps), the clones of their chains are
  /// dropped and made again, so no clone is held across the widest gap
  /// between their backward reads.
  llvm::DenseSet<mlir::Value> reclone;
  /// One per saved activation, in program order.
  llvm::SmallVector<Decision> decisions;
  /// Kept forward values that no backward op reads but at which recompute
  /// chains stop (block boundaries of full and sqrt, intermediates auto
  /// keeps to make a chain cheaper), in program order; all "save".
  llvm::SmallVector<Decision> intermediateDecisions;
  std::optional<uint64_t> budget;
  std::optional<double> maxOverhead;
  /// With `pareto`: (peak, recompute time) from the least memory to no
  /// recompute; kept sets are not retained.
  llvm::SmallVector<FrontierPoint> pareto;
  /// Where a frontier was computed: "exact" (every plan of the decision
  /// space simulated) or "search"; empty otherwise.
  std::string solver;
  /// Where a frontier was computed, its decision space: buffers of saved
  /// activations to keep or recompute, and intermediates of their recompute
  /// chains (values no backward op reads) to keep or not.
  unsigned movable = 0, intermediates = 0;
  /// With an exact frontier: the least recompute time of the plans that
  /// keep or recompute each saved activation whose peak is at most this
  /// plan's (the certificate's bound when this plan is one of them).
  std::optional<double> optimalTime;
};

/// The widest gap between two consecutive backward ops that read a forward
/// value (top-level ops, reads by nested ops included; not the
/// terminator; the earliest such gap on ties): the reads on either side.
/// Where a plan re-clones the value, its chain is cloned again before
/// `after`.
struct RecloneGap {
  mlir::Operation *before = nullptr, *after = nullptr;
};
/// The gap of each forward value that at least two backward ops read. The
/// rewrite and the plan simulator both take it from here.
llvm::DenseMap<mlir::Value, RecloneGap> getRecloneGaps(const JointGraph &graph);

/// Ops that must be cloned, in dependency order, to recompute `value` when
/// the values for which `available` holds (and block arguments) can be used
/// as they are. Ops for which `counted` holds are taken as already cloned.
/// Returns false, with `blocker` set to the value whose producer may not be
/// recomputed, if there is no such chain.
bool collectRecomputeChain(mlir::Value value,
                           llvm::function_ref<bool(mlir::Value)> available,
                           llvm::function_ref<bool(mlir::Operation *)> counted,
                           const JointGraph &graph,
                           llvm::SetVector<mlir::Operation *> &chain,
                           mlir::Value &blocker);

/// Whether `op` may be cloned into the backward pass: a forward op of the
/// body, pure, without regions, and not marked `remat.policy = "save"`.
bool isRecomputable(mlir::Operation *op, const JointGraph &graph);

/// Fills each decision's recompute cost: the whole producer chain from the
/// plan's kept set. Only the report needs it; it walks a chain per saved
/// activation, so the pass runs it only when a report is asked for. Call it
/// before the plan is applied.
void describeRecomputeCosts(const JointGraph &graph, const DeviceInfo &device,
                            RematPlan &plan);

/// Plans `func`. Emits an error and returns nothing when the policy cannot
/// be applied (e.g. `full` without checkpoint blocks).
std::optional<RematPlan> planRematerialization(mlir::func::FuncOp func,
                                               const JointGraph &graph,
                                               const PlannerOptions &options);

/// Erases the ops of `body` whose results are unused and that have no side
/// effects, last first, so that chains of them go too.
/// --rematerialize and --nn-autodiff run it first: a dead op feeds neither
/// the loss nor a gradient, so it is neither forward nor backward code, and
/// the lowering's canonicalization deletes it anyway (a plan that counted it
/// would describe memory the step never holds).
void eraseDeadOps(mlir::Block &body);

/// Rewrites the function of `graph` so that it follows `plan`: before each
/// backward op, the uses of forward values outside `plan.kept` are redirected
/// to clones of their producer chains, made once and shared, except that at
/// the reclone op of a value of `plan.reclone` its chain's clones are made
/// anew for the reads from there on (Rematerialize.cpp). PlanSimulator
/// replays exactly this.
void applyRematPlan(const JointGraph &graph, const RematPlan &plan);

} // namespace remat

#endif // REMAT_TRANSFORMS_REMATPLANNER_H
