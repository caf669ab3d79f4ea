//===- Pipelines.cpp - remat's named pass pipelines -----------------------===//

#include "remat/Pipelines/Pipelines.h"

#include "remat/Conversion/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/TosaToArith/TosaToArith.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/TosaToTensor/TosaToTensor.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include <cstdlib>

using namespace mlir;
using namespace remat;

GreedyRewriteConfig remat::planPreservingCanonicalization() {
  GreedyRewriteConfig config;
  config.enableConstantCSE(false);
  return config;
}

/// nn and TOSA -> linalg on tensors -> buffers freed after their last use;
/// shared by both targets.
static void buildBufferizationPipeline(OpPassManager &pm, bool fuse) {
  // TOSA as tosa-to-linalg-pipeline lowers it, without its decompositions and
  // constant folding, which would change the graph that was planned:
  // tosa.reshape and tosa.slice become the views the plan counts them as.
  OpPassManager &func = pm.nest<func::FuncOp>();
  func.addPass(tosa::createTosaToLinalgNamed());
  func.addPass(tosa::createTosaToLinalg());
  func.addPass(createTosaToArithPass());
  func.addPass(createTosaToTensorPass());
  pm.addPass(createConvertNNToLinalg());
  if (fuse)
    pm.addPass(createLinalgElementwiseOpFusionPass());
  // No constant CSE: it would merge the constants a plan recomputes beside
  // their uses back into one constant live from the function's start.
  pm.addPass(createCanonicalizerPass(planPreservingCanonicalization()));
  pm.addPass(createSplatConstantsToFill());

  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addNestedPass<func::FuncOp>(createFreeAfterLastUse());
}

/// linalg on buffers -> parallel loops -> 1-D, tiled, mapped -> gpu.launch;
/// row reductions -> one warp per row (as host loops when `emulate`).
static void buildGPUMappingPipeline(OpPassManager &pm, int64_t blockSize,
                                    bool warpReductions, bool tiledGemm,
                                    bool emulate) {
  if (tiledGemm) {
    TiledGemmOptions tiled;
    tiled.emulate = emulate;
    pm.addPass(createTiledGemm(tiled));
  }
  pm.addNestedPass<func::FuncOp>(createParallelDimsFirst());
  if (warpReductions) {
    WarpRowReductionsOptions warp;
    warp.emulate = emulate;
    pm.addNestedPass<func::FuncOp>(createWarpRowReductions(warp));
    BlockColumnReductionsOptions columns;
    columns.emulate = emulate;
    pm.addNestedPass<func::FuncOp>(createBlockColumnReductions(columns));
  }
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToParallelLoopsPass());
  MapLoopsToGPUOptions mapping;
  mapping.blockSize = blockSize;
  pm.addNestedPass<func::FuncOp>(createMapLoopsToGPU(mapping));
  // Before outlining: in the host function buffers are distinct allocations.
  pm.addNestedPass<func::FuncOp>(createPromoteAccumulators());
  pm.addNestedPass<func::FuncOp>(createConvertParallelLoopToGpuPass());
  pm.addPass(createCanonicalizerPass());
}

void remat::buildCPUPipeline(OpPassManager &pm,
                             const CPUPipelineOptions &options) {
  buildBufferizationPipeline(pm, options.fuseElementwise);
  if (options.gemmLibrary)
    pm.addPass(createGemmToLibraryCalls());
  if (options.approximateMath)
    pm.addPass(createApproximateMath());
  if (options.emulateGPUMapping) {
    buildGPUMappingPipeline(pm, /*blockSize=*/256, /*warpReductions=*/true,
                            /*tiledGemm=*/true, /*emulate=*/true);
    pm.addNestedPass<func::FuncOp>(createEmulateGPULaunches());
  }

  // bf16/f16 reductions: the f32 accumulator in a register, not a buffer.
  pm.addNestedPass<func::FuncOp>(createFuseReductionEpilogues());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addNestedPass<func::FuncOp>(createPromoteAccumulators());
  // One small function per loop nest: LLVM's compile time stays linear.
  pm.addPass(createOutlineLoopNests());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useGenericFunctions = true;
  // Exact sizes: a plain alloc would over-allocate by the alignment.
  memrefToLLVM.useAlignedAlloc = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  // bf16 rounding as integer ops: libgcc has no __truncsfbf2.
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expand));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void remat::buildCUDAPipeline(OpPassManager &pm,
                              const CUDAPipelineOptions &options) {
  buildBufferizationPipeline(pm, options.fuseElementwise);
  if (options.gemmLibrary) {
    GemmToLibraryCallsOptions gemm;
    gemm.library = "cublaslt";
    pm.addPass(createGemmToLibraryCalls(gemm));
  }
  buildGPUMappingPipeline(pm, options.blockSize, options.warpReductions,
                          options.tiledGemm, /*emulate=*/false);
  pm.addNestedPass<func::FuncOp>(createHostBuffersToDevice());
  pm.addPass(createGpuKernelOutliningPass());
  // One module: LLVM, libdevice and ptxas run once for the whole step.
  pm.addPass(createMergeGPUModules());
  pm.addNestedPass<gpu::GPUModuleOp>(createAlignWorkgroupBuffers());
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  pm.addNestedPass<func::FuncOp>(createStreamLibraryCalls());

  // gpu-module-to-binary finds libdevice (for __nv_expf, __nv_tanhf, ...)
  // through CUDA_ROOT/CUDA_PATH/CUDA_HOME only; point it at the toolkit.
  if (!std::getenv("CUDA_ROOT") && !std::getenv("CUDA_PATH") &&
      !std::getenv("CUDA_HOME") && !options.toolkit.empty())
    ::setenv("CUDA_ROOT", options.toolkit.c_str(), /*overwrite=*/0);

  gpu::GPUToNVVMPipelineOptions nvvm;
  nvvm.cubinChip = options.chip;
  nvvm.cubinFeatures = options.features;
  nvvm.cubinFormat = options.format;
  gpu::buildLowerToNVVMPassPipeline(pm, nvvm);
}

void remat::registerRematPipelines() {
  PassPipelineRegistration<CUDAPipelineOptions>(
      "remat-cuda-pipeline",
      "Lower a joint graph in the nn dialect to host LLVM IR with embedded "
      "sm_90 kernels; device memory follows the plan's liveness",
      buildCUDAPipeline);
  PassPipelineRegistration<CPUPipelineOptions>(
      "remat-cpu-pipeline",
      "Lower a joint graph in the nn dialect to the LLVM dialect for the CPU, "
      "freeing each buffer after its last use",
      buildCPUPipeline);
}
