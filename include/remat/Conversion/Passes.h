//===- Passes.h - remat's conversion passes ---------------------*- C++ -*-===//
#ifndef REMAT_CONVERSION_PASSES_H
#define REMAT_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace remat {

#define GEN_PASS_DECL
#include "remat/Conversion/Passes.h.inc"

/// Patterns that lower every nn op to linalg/tensor/arith/math on tensors.
void populateNNToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// The CUDA runtime's library GEMM (runtime/include/remat/CublasLt.h), which
/// remat-gemm-to-library-calls{library=cublaslt} calls.
inline constexpr llvm::StringLiteral kCudaGemmFunction = "remat_cuda_gemm";

/// `linear` as indices over `sizes`, row-major (the last index fastest),
/// in arith ops: the kernels the GPU passes write index flattened loops.
llvm::SmallVector<mlir::Value> delinearize(mlir::OpBuilder &b,
                                           mlir::Location loc,
                                           mlir::Value linear,
                                           llvm::ArrayRef<mlir::Value> sizes);

#define GEN_PASS_REGISTRATION
#include "remat/Conversion/Passes.h.inc"

} // namespace remat

#endif // REMAT_CONVERSION_PASSES_H
