//===- GPUPreparation.cpp - passes that prepare host code for the GPU -----===//
//
/// Small passes of the CUDA pipeline:
///  * remat-splat-constants-to-fill: splat tensor constants become fills, so
///    no kernel reads a host global;
///  * remat-map-loops-to-gpu: each outermost scf.parallel is collapsed to one
///    dimension and tiled by the block size, so kernels run full blocks;
///  * remat-host-buffers-to-device: host allocations become device
///    allocations;
///  * remat-align-workgroup-buffers: kernels' shared buffers 16-byte
///    aligned.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/Diagnostics.h"
#include "remat/Conversion/Passes.h"

#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <limits>
#include <numeric>

namespace remat {
#define GEN_PASS_DEF_SPLATCONSTANTSTOFILL
#define GEN_PASS_DEF_MAPLOOPSTOGPU
#define GEN_PASS_DEF_HOSTBUFFERSTODEVICE
#define GEN_PASS_DEF_PARALLELDIMSFIRST
#define GEN_PASS_DEF_EMULATEGPULAUNCHES
#define GEN_PASS_DEF_ALIGNWORKGROUPBUFFERS
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
    // Each constant becomes its own fill where it stands: merging equal
    // constants first would undo the copies a plan recomputes beside their
    // uses, leaving one buffer live from the function's start.
    GreedyRewriteConfig config;
    config.enableConstantCSE(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};

struct MapLoopsToGPUPass
    : public remat::impl::MapLoopsToGPUBase<MapLoopsToGPUPass> {
  using MapLoopsToGPUBase::MapLoopsToGPUBase;

  /// Work outside any parallel loop (a full reduction's scf.for, the scalar
  /// code of a rank-0 kernel) becomes a one-iteration scf.parallel, so that
  /// it runs in a kernel of one thread instead of on the host. The scalar
  /// loads and arithmetic a store depends on move into the loop with it.
  static void wrapSerialWork(Block &body, IRRewriter &rewriter) {
    SmallVector<Operation *> serial;
    for (Operation &op : body)
      if (op.getNumResults() == 0 &&
          isa<scf::ForOp, scf::IfOp, memref::StoreOp>(op))
        serial.push_back(&op);
    auto isScalarCode = [&](Operation *op) {
      return op && op->getBlock() == &body && !isa<arith::ConstantOp>(op) &&
             op->getNumRegions() == 0 &&
             (isa<memref::LoadOp>(op) || isPure(op)) &&
             llvm::none_of(op->getResultTypes(), llvm::IsaPred<MemRefType>);
    };
    for (Operation *op : serial) {
      // The scalar code feeding `op`, in program order.
      llvm::SetVector<Operation *> slice;
      SmallVector<Operation *> worklist{op};
      while (!worklist.empty()) {
        Operation *current = worklist.pop_back_val();
        current->walk([&](Operation *nested) {
          for (Value operand : nested->getOperands()) {
            Operation *def = operand.getDefiningOp();
            if (isScalarCode(def) && slice.insert(def))
              worklist.push_back(def);
          }
        });
      }
      SmallVector<Operation *> ordered(slice.begin(), slice.end());
      llvm::sort(ordered, [](Operation *a, Operation *b) {
        return a->isBeforeInBlock(b);
      });
      rewriter.setInsertionPoint(op);
      Location loc = op->getLoc();
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
      auto loop = scf::ParallelOp::create(rewriter, loc, ValueRange{zero},
                                          ValueRange{one}, ValueRange{one});
      rewriter.setInsertionPoint(loop.getBody()->getTerminator());
      IRMapping mapping;
      for (Operation *scalar : ordered)
        rewriter.clone(*scalar, mapping);
      rewriter.clone(*op, mapping);
      rewriter.eraseOp(op);
      for (Operation *scalar : llvm::reverse(ordered))
        if (scalar->use_empty())
          rewriter.eraseOp(scalar);
    }
  }

  /// The trip count of loop dimension `dim` when its bounds and a positive
  /// step are constants; in 128 bits, since ub - lb + step - 1 overflows
  /// int64_t for loops that span most of the index range.
  static std::optional<__int128> constantTripCount(scf::ParallelOp loop,
                                                   unsigned dim) {
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()[dim]);
    std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[dim]);
    std::optional<int64_t> step = getConstantIntValue(loop.getStep()[dim]);
    if (!lb || !ub || !step || *step <= 0)
      return std::nullopt;
    return std::max<__int128>(
        0, (static_cast<__int128>(*ub) - *lb + *step - 1) / *step);
  }

  /// Collapsing multiplies the trip counts of a loop nest into one index:
  /// refuse nests whose product does not fit in a signed 64-bit index.
  static LogicalResult checkCollapsedTripCount(scf::ParallelOp loop) {
    __int128 total = 1;
    for (unsigned dim = 0; dim < loop.getNumLoops(); ++dim) {
      std::optional<__int128> trips = constantTripCount(loop, dim);
      if (!trips)
        return success(); // dynamic: nothing to check statically
      total *= *trips;
      if (total > std::numeric_limits<int64_t>::max())
        return loop.emitError("the loop nest has more iterations than a "
                              "64-bit index can count; it cannot be collapsed "
                              "into one GPU dimension");
    }
    return success();
  }

  static SmallVector<scf::ParallelOp> outermostLoops(func::FuncOp func) {
    SmallVector<scf::ParallelOp> loops;
    func.walk([&](scf::ParallelOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>())
        loops.push_back(loop);
    });
    return loops;
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (blockSize <= 0) {
      remat::emitErrorAt(func) << "block-size must be positive";
      return signalPassFailure();
    }
    // A declaration has no code to map.
    if (func.isExternal())
      return;
    IRRewriter rewriter(&getContext());
    for (Block &body : func.getBody())
      wrapSerialWork(body, rewriter);
    for (scf::ParallelOp loop : outermostLoops(func)) {
      if (loop.getNumLoops() > 1) {
        if (failed(checkCollapsedTripCount(loop)))
          return signalPassFailure();
        std::vector<unsigned> all(loop.getNumLoops());
        std::iota(all.begin(), all.end(), 0);
        rewriter.setInsertionPoint(loop);
        collapseParallelLoops(rewriter, loop, {all});
      }
    }
    // Collapsing replaced the loops: collect them again, then tile.
    for (scf::ParallelOp loop : outermostLoops(func)) {
      // Small loops get blocks of their own size: no idle threads.
      int64_t tile = blockSize;
      if (std::optional<__int128> trips = constantTripCount(loop, 0))
        tile = static_cast<int64_t>(
            std::max<__int128>(1, std::min<__int128>(tile, *trips)));
      scf::tileParallelLoop(loop, {tile}, /*noMinMaxBounds=*/true);
    }
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

struct ParallelDimsFirstPass
    : public remat::impl::ParallelDimsFirstBase<ParallelDimsFirstPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> generics;
    getOperation().walk([&](linalg::GenericOp op) { generics.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : generics) {
      SmallVector<unsigned> order;
      SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
      for (auto [i, it] : llvm::enumerate(iterators))
        if (it == utils::IteratorType::parallel)
          order.push_back(i);
      for (auto [i, it] : llvm::enumerate(iterators))
        if (it != utils::IteratorType::parallel)
          order.push_back(i);
      if (llvm::is_sorted(order))
        continue;
      rewriter.setInsertionPoint(op);
      if (failed(linalg::interchangeGenericOp(rewriter, op, order))) {
        op.emitError("cannot move the parallel loops of this op outward");
        return signalPassFailure();
      }
    }
  }
};

struct EmulateGPULaunchesPass
    : public remat::impl::EmulateGPULaunchesBase<EmulateGPULaunchesPass> {
  void runOnOperation() override {
    SmallVector<gpu::LaunchOp> launches;
    getOperation().walk([&](gpu::LaunchOp op) { launches.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (gpu::LaunchOp launch : launches) {
      bool barrier = false;
      launch.walk([&](gpu::BarrierOp) { barrier = true; });
      if (barrier || launch.hasClusterSize() ||
          launch.getNumWorkgroupAttributions() ||
          launch.getNumPrivateAttributions() || launch.getAsyncToken() ||
          !launch.getBody().hasOneBlock()) {
        launch.emitError("cannot emulate a launch with barriers, shared or "
                         "private memory, clusters, async tokens or several "
                         "blocks");
        return signalPassFailure();
      }
      rewriter.setInsertionPoint(launch);
      Location loc = launch.getLoc();
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
      gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
      gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
      SmallVector<Value> bounds = {grid.x,  grid.y,  grid.z,
                                   block.x, block.y, block.z};
      SmallVector<Value> ivs;
      for (Value bound : bounds) {
        auto loop = scf::ForOp::create(rewriter, loc, zero, bound, one);
        ivs.push_back(loop.getInductionVar());
        rewriter.setInsertionPoint(loop.getBody()->getTerminator());
      }
      // Body arguments: block ids, thread ids, grid size, block size.
      SmallVector<Value> replacements(ivs);
      replacements.append(bounds);
      Block &body = launch.getBody().front();
      rewriter.eraseOp(body.getTerminator());
      rewriter.inlineBlockBefore(&body, rewriter.getInsertionBlock(),
                                 rewriter.getInsertionPoint(), replacements);
      rewriter.eraseOp(launch);
    }
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

struct AlignWorkgroupBuffersPass
    : public remat::impl::AlignWorkgroupBuffersBase<
          AlignWorkgroupBuffersPass> {
  void runOnOperation() override {
    constexpr int64_t kAlignment = 16;
    StringRef name = LLVM::LLVMDialect::getAlignAttrName();
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      for (unsigned i = 0; i < func.getNumWorkgroupAttributions(); ++i)
        if (!func.getWorkgroupAttributionAttr(i, name))
          func.setWorkgroupAttributionAttr(
              i, StringAttr::get(&getContext(), name),
              IntegerAttr::get(IntegerType::get(&getContext(), 64),
                               kAlignment));
  }
};

} // namespace
