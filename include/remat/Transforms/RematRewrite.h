//===- RematRewrite.h - applying a plan to the IR ---------------*- C++ -*-===//
#ifndef REMAT_TRANSFORMS_REMATREWRITE_H
#define REMAT_TRANSFORMS_REMATREWRITE_H

#include "remat/Analysis/JointGraph.h"
#include "remat/Transforms/RematPlan.h"

#include "mlir/IR/Block.h"

namespace remat {

/// A recomputed op the rewrite made, and the backward op it was made before
/// (the first backward reader of the value whose chain it belongs to).
struct RecomputedOp {
  mlir::Operation *clone;
  mlir::Operation *before;
};

/// Erases the ops of `body` whose results are unused and that have no side
/// effects, last first, so that chains of them go too.
/// --rematerialize and --nn-autodiff run it first: a dead op feeds neither
/// the loss nor a gradient, so it is neither forward nor backward code, and
/// the lowering's canonicalization deletes it anyway (a plan that counted it
/// would describe memory the step never holds).
void eraseDeadOps(mlir::Block &body);

/// Gives each destination operand of a destination-style op on tensors
/// (linalg, tensor.insert_slice) that shares a fresh destination (a
/// tensor.empty or a linalg.fill, as imported IR initialises every matmul's
/// result) with other uses a copy of its own, made right before the op (a
/// fill's destination copied with it), the last writer included, and erases
/// what is left dead. The function computes the same; each destination is
/// then donated to its one consumer (isDonatedDestination), the buffers
/// One-Shot Bufferize would make (it copies a shared destination for all but
/// one writer), each allocated where its writer runs rather than where the
/// shared one was. Returns the number of destination operands given a copy.
/// --rematerialize runs it before planning.
unsigned splitSharedDestinations(mlir::Block &body);

/// Rewrites the function of `graph` so that it follows `plan`: before each
/// backward op, the uses of forward values outside `plan.kept` are redirected
/// to clones of their producer chains, made once and shared, except that at
/// the reclone op of a value of `plan.reclone` its chain's clones are made
/// anew for the reads from there on (Rematerialize.cpp). PlanSimulator
/// replays exactly this. Returns the clones it made.
llvm::SmallVector<RecomputedOp> applyRematPlan(const JointGraph &graph,
                                               const RematPlan &plan);

/// Makes each of the `recomputed` ops read the values it does not itself
/// recompute (kept activations, arguments; not constants) through an op
/// named `fence` (one operand, one result of its type; e.g. IREE's
/// util.optimization_barrier, XLA's stablehlo.optimization_barrier): one
/// fence per value and chain, made before the chain's first reader. The
/// clones are then not twins of the forward's ops, which a downstream
/// compiler's CSE would merge back into the forward, undoing the plan. The
/// fence is an identity that costs nothing; remat's figures (the report's)
/// are taken before it. Returns the number of fence ops made.
unsigned fenceRecomputedOps(llvm::ArrayRef<RecomputedOp> recomputed,
                            llvm::StringRef fence);

} // namespace remat

#endif // REMAT_TRANSFORMS_REMATREWRITE_H
