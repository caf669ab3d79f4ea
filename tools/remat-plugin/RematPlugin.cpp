//===- RematPlugin.cpp - remat as a plugin of upstream mlir-opt ----------===//
//
// One shared library with both of MLIR's plugin entry points, so that an
// unmodified mlir-opt (or any MlirOptMain tool) gets remat's dialects and
// passes:
//
//   mlir-opt --load-dialect-plugin=libRematPlugin.so \
//            --load-pass-plugin=libRematPlugin.so \
//            --rematerialize="policy=auto budget=8GiB" model.mlir
//
// The dialect plugin registers the nn and remat dialects and the cost model
// of the upstream ops remat plans (linalg, arith, ...); the pass plugin
// registers --nn-autodiff, --rematerialize, --remat-print-memory-plan, the
// lowering passes and the pipelines. Both are in one library: loaded twice,
// it is one copy of remat's dialects, whose registrations the passes need.
// The library links the shared libMLIR, as the mlir-opt that loads it does.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/Debug.h"
#include "remat/Conversion/Passes.h"
#include "remat/Dialect/NN/NNDialect.h"
#include "remat/Dialect/Remat/RematDialect.h"
#include "remat/Pipelines/Pipelines.h"
#include "remat/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Remat", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            registry->insert<remat::nn::NNDialect, remat::RematDialect>();
            remat::registerCostExternalModels(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "RematPasses", LLVM_VERSION_STRING, []() {
            remat::registerRematPasses();
            remat::registerRematConversionPasses();
            remat::registerRematPipelines();
          }};
}
