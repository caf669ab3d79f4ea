//===- Pipelines.h - remat's named pass pipelines ---------------*- C++ -*-===//
//
// The pipelines that lower a joint graph in the nn dialect to LLVM IR, as
// explicit API so that another compiler can reuse them without remat-opt.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_PIPELINES_PIPELINES_H
#define REMAT_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace remat {

struct CPUPipelineOptions
    : public mlir::PassPipelineOptions<CPUPipelineOptions> {
  Option<bool> fuseElementwise{
      *this, "fuse-elementwise",
      llvm::cl::desc("Fuse producer/consumer elementwise kernels on tensors "
                     "(removes intermediates, so the runtime peak can fall "
                     "below the plan's)"),
      llvm::cl::init(false)};
};

/// nn -> linalg on tensors -> one-shot bufferization with function
/// boundaries -> free after last use -> loops -> LLVM dialect. Every
/// allocation and free of the lowered code calls the generic
/// `_mlir_memref_to_llvm_alloc` / `_mlir_memref_to_llvm_free`, which remat's
/// CPU runtime implements and counts.
void buildCPUPipeline(mlir::OpPassManager &pm,
                      const CPUPipelineOptions &options);

/// Registers `remat-cpu-pipeline`.
void registerRematPipelines();

} // namespace remat

#endif // REMAT_PIPELINES_PIPELINES_H
