//===- GemmMatch.h - matrix products among linalg ops on buffers -*- C++ -*-===//
//
/// The matcher that remat-gemm-to-library-calls (BLAS, cuBLASLt) and
/// remat-tiled-gemm (the generated kernels) share: a linalg op on buffers
/// whose body is `out + in0 * in1` with one reduction loop, as the operands'
/// matrix and batch dims.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CONVERSION_GEMMMATCH_H
#define REMAT_LIB_CONVERSION_GEMMMATCH_H

#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>

namespace remat {

/// Where an operand's two matrix dims and its batch dims sit among the
/// results of its indexing map.
struct GemmOperand {
  mlir::Value buffer;
  unsigned rowPos = 0, colPos = 0;
  /// (index in Gemm::batchDims, result position) of each batch dim the
  /// operand has.
  llvm::SmallVector<std::pair<unsigned, unsigned>> batch;
};

/// C[batch..., m, n] += A[.., m, k] * B[.., k, n].
struct Gemm {
  GemmOperand a, b, c;
  /// C's batch loop dims, outermost first.
  llvm::SmallVector<unsigned> batchDims;
};

/// Matches a matrix product: any order of A's and B's dims, broadcast
/// batch dims, no output that an input overlaps. All f32, or (when
/// `lowPrecision`) f16 or bf16 inputs of one type widened into an f32
/// output.
std::optional<Gemm> matchGemm(mlir::linalg::LinalgOp op,
                              mlir::AliasAnalysis &aliases, bool lowPrecision);

} // namespace remat

#endif // REMAT_LIB_CONVERSION_GEMMMATCH_H
