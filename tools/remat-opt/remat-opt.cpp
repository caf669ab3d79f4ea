//===- remat-opt.cpp - remat's opt tool -----------------------------------===//
//
// MlirOptMain with remat's dialects and passes plus every upstream dialect,
// extension and pass.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/CostModel.h"
#include "remat/Conversion/Passes.h"
#include "remat/Dialect/NN/NNDialect.h"
#include "remat/Dialect/Remat/RematDialect.h"
#include "remat/Pipelines/Pipelines.h"
#include "remat/Analysis/Debug.h"
#include "remat/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  remat::registerDebugOptions();
  mlir::registerAllPasses();
  remat::registerRematPasses();
  remat::registerRematConversionPasses();
  remat::registerRematPipelines();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates kernels to LLVM IR in-process.
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<remat::nn::NNDialect, remat::RematDialect>();
  remat::registerCostExternalModels(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "remat optimizer driver: nn/remat dialects and passes\n",
      registry));
}
