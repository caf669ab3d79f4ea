//===- consumer.cpp - a compiler that embeds remat's passes ---------------===//
//
// Parses a module of upstream dialects and nn ops, runs --rematerialize
// from C++ with typed options (remat::RematerializeOptions), and prints the
// rewritten module; the report goes to standard output.
//
// Usage: consumer <file.mlir> <policy> [budget]
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/CostModel.h"
#include "remat/Dialect/NN/NNDialect.h"
#include "remat/Dialect/Remat/RematDialect.h"
#include "remat/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc < 3) {
    llvm::errs() << "usage: consumer <file.mlir> <policy> [budget]\n";
    return 2;
  }
  std::optional<remat::Policy> policy = remat::symbolizePolicy(argv[2]);
  if (!policy) {
    llvm::errs() << "unknown policy; expected "
                 << remat::listEnumValues<remat::Policy>() << "\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect,
                  mlir::linalg::LinalgDialect, mlir::tensor::TensorDialect,
                  remat::nn::NNDialect, remat::RematDialect>();
  remat::registerCostExternalModels(registry);
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;

  remat::RematerializeOptions options;
  options.policy = *policy;
  if (argc > 3)
    options.budget = argv[3];
  options.report = "-";
  mlir::PassManager pm(&context);
  pm.addNestedPass<mlir::func::FuncOp>(remat::createRematerialize(options));
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}
