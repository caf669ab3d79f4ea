//===- MergeGPUModules.cpp - one gpu.module, each distinct kernel once ----===//
//
/// After gpu-kernel-outlining every kernel sits in its own gpu.module, and
/// gpu-module-to-binary compiles each module on its own (LLVM's NVPTX
/// backend, libdevice linked again, one ptxas process): a 24-layer GPT took
/// minutes. This pass moves every kernel into one module and drops kernels
/// that are identical to one already moved, so the step compiles once, and
/// a transformer's layers share their kernels.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"

namespace remat {
#define GEN_PASS_DEF_MERGEGPUMODULES
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

constexpr StringLiteral kMergedModule = "remat_kernels";

/// The kernel as text without its name and locations: equal texts compute
/// the same thing on the same argument types.
std::string bodyKey(gpu::GPUFuncOp func) {
  StringAttr name = SymbolTable::getSymbolName(func);
  SymbolTable::setSymbolName(func, "k");
  std::string text;
  llvm::raw_string_ostream os(text);
  func->print(os, OpPrintingFlags().printGenericOpForm().useLocalScope());
  SymbolTable::setSymbolName(func, name);
  return text;
}

struct MergeGPUModulesPass
    : public remat::impl::MergeGPUModulesBase<MergeGPUModulesPass> {
  void runOnOperation() override {
    ModuleOp top = getOperation();
    SmallVector<gpu::GPUModuleOp> modules;
    for (auto module : top.getOps<gpu::GPUModuleOp>()) {
      bool kernelsOnly = llvm::all_of(module.getBody()->getOperations(),
                                      [](Operation &op) {
                                        return isa<gpu::GPUFuncOp>(op);
                                      });
      // Modules that already have targets or attributes of their own were
      // not made by outlining here; leave them alone.
      if (kernelsOnly && !module.getTargetsAttr() &&
          !module.getOffloadingHandlerAttr())
        modules.push_back(module);
    }
    if (modules.size() < 2)
      return;

    SymbolTable symbols(top);
    OpBuilder builder(modules.front());
    auto merged = gpu::GPUModuleOp::create(builder, modules.front().getLoc(),
                                           kMergedModule);
    symbols.insert(merged); // renames it if the name is taken
    SymbolTable mergedSymbols(merged);

    // Old (module, kernel) reference -> the kernel that replaces it.
    DenseMap<Attribute, SymbolRefAttr> replacement;
    llvm::StringMap<SymbolRefAttr> byBody;
    for (gpu::GPUModuleOp module : modules) {
      bool single = llvm::hasSingleElement(module.getBody()->getOperations());
      for (auto func :
           llvm::make_early_inc_range(module.getOps<gpu::GPUFuncOp>())) {
        auto old = SymbolRefAttr::get(
            module.getSymNameAttr(),
            {FlatSymbolRefAttr::get(SymbolTable::getSymbolName(func))});
        std::string key = bodyKey(func);
        auto [it, inserted] = byBody.try_emplace(key);
        if (inserted) {
          std::string name = single ? module.getSymName().str()
                                    : (module.getSymName() + "_" +
                                       func.getName())
                                          .str();
          func->moveBefore(merged.getBody(), merged.getBody()->end());
          SymbolTable::setSymbolName(func, name);
          mergedSymbols.insert(func); // unique within the merged module
          it->second = SymbolRefAttr::get(
              merged.getSymNameAttr(),
              {FlatSymbolRefAttr::get(SymbolTable::getSymbolName(func))});
        } else {
          func.erase();
        }
        replacement[old] = it->second;
      }
    }

    top.walk([&](gpu::LaunchFuncOp launch) {
      auto it = replacement.find(launch.getKernel());
      if (it != replacement.end())
        launch.setKernelAttr(it->second);
    });
    for (gpu::GPUModuleOp module : modules) {
      if (!module.getBody()->empty()) {
        module.emitError("kernel module kept other ops after merging");
        return signalPassFailure();
      }
      module.erase();
    }
  }
};

} // namespace
