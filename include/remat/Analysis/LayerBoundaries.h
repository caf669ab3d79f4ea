//===- LayerBoundaries.h - checkpoint blocks of unmarked IR -----*- C++ -*-===//
//
// Policies full and sqrt checkpoint at layer boundaries, which remat's own
// IR marks (remat.block) and imported IR (torch-mlir, IREE's input phase)
// does not: its locations are source lines, the same for every layer a
// loop builds. inferCheckpointBlocks finds the layers in the forward graph:
//
//  1. The forward's ops that depend on an argument (not constants,
//     destinations, or values computed from constants alone, which an
//     importer hoists or shares irregularly), as a sequence of op names.
//  2. The period: the k, and the stretch of the sequence where each op has
//     the same name as the op k later, that together cover the most ops
//     with at least two copies each computing a GEMM-class op (ties: the
//     smaller k). A transformer's layers, an MLP's linear-activation
//     pairs, an unrolled RNN's steps; not two elementwise ops in a row.
//  3. The phase: of the k rotations, the one whose blocks start where the
//     fewest activations are live for later forward ops (between two
//     transformer blocks, the residual stream alone).
//  Each copy is a block: its ops, and the constants and destinations
//  between them. Ops before and after the copies are in none (kept, as
//  outside marked blocks).
//
//===----------------------------------------------------------------------===//
#ifndef REMAT_ANALYSIS_LAYERBOUNDARIES_H
#define REMAT_ANALYSIS_LAYERBOUNDARIES_H

#include "remat/Analysis/JointGraph.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace remat {

struct InferredBlocks {
  /// The block of each forward op inside the repeated run.
  llvm::DenseMap<mlir::Operation *, int64_t> blockOf;
  /// Blocks found, and the ops that depend on an argument in each.
  unsigned blocks = 0, opsPerBlock = 0;
  /// The activations live into the first block (the phase's measure).
  unsigned liveAtBoundaries = 0;
};

/// The layers of the forward of `graph`, found from its structure as above;
/// nullopt where no sequence of ops repeats.
std::optional<InferredBlocks> inferCheckpointBlocks(const JointGraph &graph);

} // namespace remat

#endif // REMAT_ANALYSIS_LAYERBOUNDARIES_H
