//===- GPUPreparation.cpp - passes that prepare host code for the GPU -----===//
//
/// Three small passes of the CUDA pipeline:
///  * remat-splat-constants-to-fill: splat tensor constants become fills, so
///    no kernel reads a host global;
///  * remat-map-loops-to-gpu: each outermost scf.parallel is collapsed to one
///    dimension and tiled by the block size, so kernels run full blocks;
///  * remat-host-buffers-to-device: host allocations become device
///    allocations.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"

#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <numeric>

namespace remat {
#define GEN_PASS_DEF_SPLATCONSTANTSTOFILL
#define GEN_PASS_DEF_MAPLOOPSTOGPU
#define GEN_PASS_DEF_HOSTBUFFERSTODEVICE
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

struct SplatConstantToFill : OpRewritePattern<arith::ConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ConstantOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!type || !splat || !type.hasStaticShape())
      return failure();
    Location loc = op.getLoc();
    Value scalar = arith::ConstantOp::create(
        rewriter, loc, cast<TypedAttr>(splat.getSplatValue<Attribute>()));
    Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                          type.getElementType());
    rewriter.replaceOpWithNewOp<linalg::FillOp>(op, scalar, empty);
    return success();
  }
};

struct SplatConstantsToFillPass
    : public remat::impl::SplatConstantsToFillBase<SplatConstantsToFillPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SplatConstantToFill>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

struct MapLoopsToGPUPass
    : public remat::impl::MapLoopsToGPUBase<MapLoopsToGPUPass> {
  using MapLoopsToGPUBase::MapLoopsToGPUBase;

  /// Work outside any parallel loop (a full reduction's scf.for, the store of
  /// a rank-0 fill) becomes a one-iteration scf.parallel, so that it runs in
  /// a kernel of one thread instead of on the host.
  static void wrapSerialWork(func::FuncOp func, IRRewriter &rewriter,
                             SmallVectorImpl<scf::ParallelOp> &outermost) {
    SmallVector<Operation *> serial;
    for (Operation &op : func.getBody().front())
      if (op.getNumResults() == 0 &&
          isa<scf::ForOp, scf::IfOp, memref::StoreOp>(op))
        serial.push_back(&op);
    for (Operation *op : serial) {
      rewriter.setInsertionPoint(op);
      Location loc = op->getLoc();
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
      auto loop = scf::ParallelOp::create(rewriter, loc, ValueRange{zero},
                                          ValueRange{one}, ValueRange{one});
      rewriter.moveOpBefore(op, loop.getBody()->getTerminator());
      outermost.push_back(loop);
    }
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (blockSize <= 0) {
      func.emitError("block-size must be positive");
      return signalPassFailure();
    }
    SmallVector<scf::ParallelOp> outermost;
    func.walk([&](scf::ParallelOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>())
        outermost.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    wrapSerialWork(func, rewriter, outermost);
    for (scf::ParallelOp loop : outermost) {
      if (loop.getNumLoops() > 1) {
        std::vector<unsigned> all(loop.getNumLoops());
        std::iota(all.begin(), all.end(), 0);
        rewriter.setInsertionPoint(loop);
        collapseParallelLoops(rewriter, loop, {all});
      }
    }
    // Collapsing replaced the loops: collect them again, then tile.
    outermost.clear();
    func.walk([&](scf::ParallelOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>())
        outermost.push_back(loop);
    });
    for (scf::ParallelOp loop : outermost)
      scf::tileParallelLoop(loop, {blockSize}, /*noMinMaxBounds=*/true);
    // Tiles to blocks, elements of a tile to threads, anything deeper runs
    // sequentially in its thread.
    func.walk([&](scf::ParallelOp loop) {
      unsigned depth = 0;
      for (Operation *p = loop->getParentOp(); p; p = p->getParentOp())
        depth += isa<scf::ParallelOp>(p);
      gpu::Processor processor = depth == 0   ? gpu::Processor::BlockX
                                 : depth == 1 ? gpu::Processor::ThreadX
                                              : gpu::Processor::Sequential;
      SmallVector<gpu::ParallelLoopDimMappingAttr> mapping;
      AffineMap identity = AffineMap::getMultiDimIdentityMap(1, &getContext());
      for (unsigned i = 0; i < loop.getNumLoops(); ++i)
        mapping.push_back(gpu::ParallelLoopDimMappingAttr::get(
            &getContext(), i == 0 ? processor : gpu::Processor::Sequential,
            identity, identity));
      (void)gpu::setMappingAttr(loop, mapping);
    });
  }
};

struct HostBuffersToDevicePass
    : public remat::impl::HostBuffersToDeviceBase<HostBuffersToDevicePass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    WalkResult result = func.walk([&](Operation *op) {
      if (op->getParentOfType<gpu::LaunchOp>())
        return WalkResult::advance();
      OpBuilder builder(op);
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        auto gpuAlloc = gpu::AllocOp::create(
            builder, alloc.getLoc(), alloc.getType(), /*asyncToken=*/Type(),
            /*asyncDependencies=*/ValueRange(), alloc.getDynamicSizes(),
            alloc.getSymbolOperands(), /*hostShared=*/false);
        alloc.replaceAllUsesWith(gpuAlloc.getMemref());
        alloc.erase();
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        gpu::DeallocOp::create(builder, dealloc.getLoc(), Type(), ValueRange(),
                               dealloc.getMemref());
        dealloc.erase();
      } else if (auto copy = dyn_cast<memref::CopyOp>(op)) {
        gpu::MemcpyOp::create(builder, copy.getLoc(), Type(), ValueRange(),
                              copy.getTarget(), copy.getSource());
        copy.erase();
      } else if (isa<memref::LoadOp, memref::StoreOp, memref::GetGlobalOp>(
                     op)) {
        op->emitError("host code accesses a buffer directly; remat's CUDA "
                      "pipeline needs every computation inside a kernel");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
