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
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace remat {

struct CPUPipelineOptions
    : public mlir::PassPipelineOptions<CPUPipelineOptions> {
  Option<bool> fuseElementwise{
      *this, "fuse-elementwise",
      llvm::cl::desc("Fuse producer/consumer elementwise kernels on tensors "
                     "(removes intermediates, so the runtime peak can fall "
                     "below the plan's)"),
      llvm::cl::init(false)};
  Option<bool> emulateGPUMapping{
      *this, "emulate-gpu-mapping",
      llvm::cl::desc("Map loops to GPU launches as the CUDA pipeline does, "
                     "then run the launches as host loops (testing aid)"),
      llvm::cl::init(false)};
  Option<bool> approximateMath{
      *this, "approximate-math",
      llvm::cl::desc("Replace f32 exp, tanh, log, log1p, expm1 and erf with "
                     "polynomials (remat-approximate-math), so that their "
                     "loops vectorize"),
      llvm::cl::init(false)};
  Option<bool> gemmLibrary{
      *this, "gemm-library",
      llvm::cl::desc("Run f32 matrix products as calls of remat_sgemm "
                     "(remat-gemm-to-library-calls); the result must be "
                     "linked with remat's CPU runtime and OpenBLAS"),
      llvm::cl::init(false)};
};

/// The canonicalizer's configuration for a planned function: no constant
/// CSE, which would merge the constants a plan recomputes beside their uses
/// into one live from the function's start.
mlir::GreedyRewriteConfig planPreservingCanonicalization();

/// nn and TOSA -> linalg on tensors -> one-shot bufferization with function
/// boundaries -> free after last use -> loops -> LLVM dialect. Every
/// allocation and free of the lowered code calls the generic
/// `_mlir_memref_to_llvm_alloc` / `_mlir_memref_to_llvm_free`, which remat's
/// CPU runtime implements and counts.
void buildCPUPipeline(mlir::OpPassManager &pm,
                      const CPUPipelineOptions &options);

struct CUDAPipelineOptions
    : public mlir::PassPipelineOptions<CUDAPipelineOptions> {
  Option<bool> fuseElementwise{
      *this, "fuse-elementwise",
      llvm::cl::desc("Fuse producer/consumer elementwise kernels on tensors"),
      llvm::cl::init(false)};
  Option<int64_t> blockSize{*this, "block-size",
                            llvm::cl::desc("Threads per block"),
                            llvm::cl::init(256)};
  Option<std::string> chip{*this, "chip", llvm::cl::desc("GPU architecture"),
                           llvm::cl::init("sm_90")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features (sm_90 needs PTX 8.0 or later)"),
      llvm::cl::init("+ptx80")};
  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("CUDA toolkit with nvvm/libdevice, used when none of "
                     "CUDA_ROOT, CUDA_PATH, CUDA_HOME is set"),
      llvm::cl::init("/usr/local/cuda")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("Kernel binary: fatbin, bin (cubin) or isa (PTX)"),
      llvm::cl::init("fatbin")};
  Option<bool> gemmLibrary{
      *this, "gemm-library",
      llvm::cl::desc("Matrix products as calls of the runtime's cuBLASLt "
                     "GEMM (remat_cuda_gemm) on the step stream, except in "
                     "functions marked remat.generated_gemm; false: "
                     "generated kernels"),
      llvm::cl::init(true)};
  Option<bool> warpReductions{
      *this, "warp-reductions",
      llvm::cl::desc("Row reductions with one warp per row and shuffles "
                     "(remat-warp-row-reductions), column reductions with a "
                     "32x32 block per 32 columns "
                     "(remat-block-column-reductions); false: one thread "
                     "per output"),
      llvm::cl::init(true)};
  Option<bool> tiledGemm{
      *this, "tiled-gemm",
      llvm::cl::desc("Matrix products left to kernels as shared-memory "
                     "tiled GEMMs (remat-tiled-gemm); false: one thread "
                     "per output"),
      llvm::cl::init(true)};
};

/// The CPU pipeline's bufferization, then: linalg -> parallel loops ->
/// collapsed, tiled and mapped to blocks of `block-size` threads -> gpu.launch
/// -> device allocations -> outlined kernels on one async stream -> NVVM ->
/// gpu-module-to-binary (ptxas for sm_90) -> host LLVM dialect calling the
/// mgpu* functions of remat's CUDA runtime.
void buildCUDAPipeline(mlir::OpPassManager &pm,
                       const CUDAPipelineOptions &options);

/// Registers `remat-cpu-pipeline` and `remat-cuda-pipeline`.
void registerRematPipelines();

} // namespace remat

#endif // REMAT_PIPELINES_PIPELINES_H
