//===- TestUtils.h - parsing IR in unit tests -------------------*- C++ -*-===//
#ifndef REMAT_UNITTESTS_TESTUTILS_H
#define REMAT_UNITTESTS_TESTUTILS_H

#include "remat/Analysis/CostModel.h"
#include "remat/Dialect/NN/NNDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

namespace remat::test {

/// A context with the dialects of joint graphs and the cost external models.
inline std::unique_ptr<mlir::MLIRContext> makeContext() {
  mlir::DialectRegistry registry;
  registry.insert<mlir::func::FuncDialect, mlir::arith::ArithDialect,
                  mlir::tensor::TensorDialect, mlir::linalg::LinalgDialect,
                  mlir::math::MathDialect, nn::NNDialect>();
  registerCostExternalModels(registry);
  auto ctx = std::make_unique<mlir::MLIRContext>(registry);
  ctx->loadAllAvailableDialects();
  return ctx;
}

inline mlir::OwningOpRef<mlir::ModuleOp> parse(mlir::MLIRContext &ctx,
                                               llvm::StringRef ir) {
  return mlir::parseSourceString<mlir::ModuleOp>(ir, &ctx);
}

inline mlir::func::FuncOp firstFunc(mlir::ModuleOp module) {
  return *module.getOps<mlir::func::FuncOp>().begin();
}

} // namespace remat::test

#endif // REMAT_UNITTESTS_TESTUTILS_H
