//===- RecomputeChains.h - what a recompute clones --------------*- C++ -*-===//
//
// The chains of ops a recomputed value needs, which ops may be cloned into
// the backward, and where a value may be recomputed a second time. The
// planner, the plan simulator and the rewrite all take them from here.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_RECOMPUTECHAINS_H
#define REMAT_ANALYSIS_RECOMPUTECHAINS_H

#include "remat/Analysis/JointGraph.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"

namespace remat {

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

/// Calls `fn` on each value `op` reads that is defined outside it: the
/// operands of the ops nested in its regions (captured from above) in
/// post-order, then its own operands; in the order the rewrite and the plan
/// simulator visit them. A clone of `op` needs each of them available.
void forEachInput(mlir::Operation *op,
                  llvm::function_ref<void(mlir::Value)> fn);

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
/// body without memory effects, its regions included (whyNotRecomputable,
/// CostModel.h), and not marked `remat.policy = "save"` or "offload".
bool isRecomputable(mlir::Operation *op, const JointGraph &graph);

} // namespace remat

#endif // REMAT_ANALYSIS_RECOMPUTECHAINS_H
