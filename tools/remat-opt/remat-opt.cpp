//===- remat-opt.cpp - remat's opt tool -----------------------------------===//
//
// MlirOptMain with remat's dialects and passes plus every upstream dialect,
// extension and pass.
//
// Built with REMAT_OPT_PLANNING_ONLY (the self-contained `remat-opt-static`,
// docs/GPU.md), it registers what planning reads and runs: the nn and remat
// dialects, the upstream dialects the cost model knows (func, arith, math,
// tensor, linalg and those they build on), remat's passes (autodiff,
// rematerialize, the memory plan) and upstream's generic transforms
// (canonicalize, cse, inline, ...). The lowering pipelines stay in
// remat-compile; without every upstream dialect, MLIR and LLVM linked
// statically fit in a file that can be carried to another machine.
//
//===----------------------------------------------------------------------===//

#include "RematVersion.h"
#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/Debug.h"
#include "remat/Dialect/NN/NNDialect.h"
#include "remat/Dialect/Remat/RematDialect.h"
#include "remat/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/STLExtras.h"

#include <vector>

#ifdef REMAT_OPT_PLANNING_ONLY
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/AllExtensions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Transforms/Passes.h"
#else
#include "remat/Conversion/Passes.h"
#include "remat/Pipelines/Pipelines.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#endif

int main(int argc, char **argv) {
  remat::registerVersionPrinter();
  remat::registerDebugOptions();
  remat::registerRematPasses();

  mlir::DialectRegistry registry;
#ifdef REMAT_OPT_PLANNING_ONLY
  mlir::registerTransformsPasses();
  registry.insert<mlir::arith::ArithDialect,
                  mlir::bufferization::BufferizationDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::linalg::LinalgDialect, mlir::math::MathDialect,
                  mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect, mlir::tosa::TosaDialect>();
  mlir::func::registerAllExtensions(registry);
  const char *title = "remat optimizer driver (planning only): nn/remat "
                      "dialects and passes\n";
#else
  mlir::registerAllPasses();
  remat::registerRematConversionPasses();
  remat::registerRematPipelines();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates kernels to LLVM IR in-process.
  mlir::registerAllToLLVMIRTranslations(registry);
  const char *title = "remat optimizer driver: nn/remat dialects and passes\n";
#endif
  registry.insert<remat::nn::NNDialect, remat::RematDialect>();
  remat::registerCostExternalModels(registry);

  // Other compilers' IR carries ops of dialects remat-opt does not have
  // (torch-mlir's tm_tensor, IREE's flow and util, printed generically):
  // they parse as opaque ops, which the planner keeps and never clones.
  // --allow-unregistered-dialect=false restores upstream's refusal.
  std::vector<char *> args(argv, argv + argc);
  bool given = llvm::any_of(llvm::ArrayRef(args).drop_front(), [](char *a) {
    return llvm::StringRef(a).starts_with("--allow-unregistered-dialect") ||
           llvm::StringRef(a).starts_with("-allow-unregistered-dialect");
  });
  static char allow[] = "--allow-unregistered-dialect";
  if (!given)
    args.insert(args.begin() + 1, allow);
  // An error names its location and says what is wrong; the op it is about
  // is printed (in generic form, with its regions: a whole function for a
  // function's error) only where --mlir-print-op-on-diagnostic asks for it.
  bool printOp = llvm::any_of(llvm::ArrayRef(args).drop_front(), [](char *a) {
    return llvm::StringRef(a).contains("mlir-print-op-on-diagnostic");
  });
  static char quiet[] = "--mlir-print-op-on-diagnostic=false";
  if (!printOp)
    args.insert(args.begin() + 1, quiet);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      static_cast<int>(args.size()), args.data(), title, registry));
}
