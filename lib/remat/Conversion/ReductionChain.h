//===- ReductionChain.h - one nn op's reduction on buffers ------*- C++ -*-===//
//
/// A reduction's f32 accumulator buffer with its fill, the reduction into it
/// and the elementwise epilogue that turns it into the nn op's value (the
/// kernels convert-nn-to-linalg marks remat.accumulator and remat.epilogue),
/// found on buffers: what remat-fuse-reduction-epilogues fuses into one loop
/// nest and remat-gemm-to-library-calls{library=cublaslt} into one cuBLASLt
/// call writing the rounded result.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CONVERSION_REDUCTIONCHAIN_H
#define REMAT_LIB_CONVERSION_REDUCTIONCHAIN_H

#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace remat {

/// The kernels of one accumulator: the buffer, its fill, the reduction into
/// it, the epilogue that reads it, and its dealloc.
struct ReductionChain {
  mlir::memref::AllocOp alloc;
  mlir::linalg::FillOp fill;
  mlir::linalg::GenericOp reduction;
  mlir::linalg::GenericOp epilogue;
  mlir::memref::DeallocOp dealloc;
  /// Deallocs between the reduction and the epilogue that may free what
  /// the reduction reads (remat-free-after-last-use puts an input's right
  /// after its last reader): they move after the fused nest.
  llvm::SmallVector<mlir::memref::DeallocOp> later;
};

/// The chain of an f32 accumulator buffer, if it can be fused where its
/// epilogue is: used by exactly a fill marked remat.accumulator, the
/// reduction (its loops the result's, in order, then the reduced ones), an
/// all-parallel epilogue marked remat.epilogue that reads it with the
/// identity map and writes one other buffer, and a dealloc, in that order in
/// one block; nothing between the reduction and the epilogue writes what the
/// reduction reads (a dealloc of it goes to `later`), and the epilogue's
/// result does not alias it.
std::optional<ReductionChain> findReductionChain(mlir::memref::AllocOp alloc,
                                                 mlir::AliasAnalysis &aliases);

/// The chain of the f32 accumulator `acc` of `reduction` (a 16-bit
/// product's) when its fill is a zero and its epilogue does nothing but
/// round the total to `element` (a lone arith.truncf, the identity map into
/// its result): a GEMM that rounds its own sums into the epilogue's result
/// replaces the whole chain.
std::optional<ReductionChain> findRoundingChain(mlir::Value acc,
                                                mlir::Operation *reduction,
                                                mlir::Type element,
                                                mlir::AliasAnalysis &aliases);

/// Moves the chain's `later` deallocs after its epilogue (call this before
/// writing the fused computation in front of the epilogue).
void moveDeallocsAfterEpilogue(ReductionChain chain,
                               mlir::RewriterBase &rewriter);

/// Erases the chain's kernels and its buffer, the epilogue's work done
/// elsewhere.
void eraseReductionChain(ReductionChain chain, mlir::RewriterBase &rewriter);

} // namespace remat

#endif // REMAT_LIB_CONVERSION_REDUCTIONCHAIN_H
