//===- PromoteAccumulators.cpp - running totals in registers --------------===//
//
/// Scalar promotion of loop-carried memory: an scf.for whose body loads an
/// element at loop-invariant indices, later stores to the same element, and
/// otherwise touches no memory that may alias that buffer, becomes a loop
/// that carries the element in an iter_args value. The load moves before the
/// loop and the store after it. Loops are visited innermost first, so the
/// k loop of a matmul keeps C[i, j] in a register; the enclosing j loop then
/// sees a load and store at indices that vary with j, and stops there.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"

#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace remat {
#define GEN_PASS_DEF_PROMOTEACCUMULATORS
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

/// One element a loop reads and writes: its load and store in the body.
struct Accumulator {
  memref::LoadOp load;
  memref::StoreOp store;
};

bool sameElement(memref::LoadOp load, memref::StoreOp store) {
  return load.getMemRef() == store.getMemRef() &&
         load.getIndices() == store.getIndices();
}

/// Whether `op`, nested in the loop, may read or write memory that aliases
/// `buffer`. Ops whose effects are unknown may.
bool mayTouch(Operation *op, Value buffer, AliasAnalysis &aliases) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
           !isMemoryEffectFree(op);
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  for (const MemoryEffects::EffectInstance &effect : instances) {
    if (isa<MemoryEffects::Allocate, MemoryEffects::Free>(effect.getEffect()))
      continue;
    Value touched = effect.getValue();
    if (!touched || !aliases.alias(touched, buffer).isNo())
      return true;
  }
  return false;
}

/// The element `loop` may carry in a register, if any.
std::optional<Accumulator> findAccumulator(scf::ForOp loop,
                                           AliasAnalysis &aliases) {
  Block *body = loop.getBody();
  for (auto load : body->getOps<memref::LoadOp>()) {
    if (!loop.isDefinedOutsideOfLoop(load.getMemRef()) ||
        !llvm::all_of(load.getIndices(), [&](Value index) {
          return loop.isDefinedOutsideOfLoop(index);
        }))
      continue;
    // The one store to the same element, after the load, in the body.
    memref::StoreOp store;
    for (auto candidate : body->getOps<memref::StoreOp>())
      if (sameElement(load, candidate) && load->isBeforeInBlock(candidate)) {
        store = candidate;
        break;
      }
    if (!store)
      continue;
    Value buffer = load.getMemRef();
    WalkResult touched = loop.getBody()->walk([&](Operation *op) {
      if (op == load || op == store)
        return WalkResult::advance();
      return mayTouch(op, buffer, aliases) ? WalkResult::interrupt()
                                           : WalkResult::advance();
    });
    if (!touched.wasInterrupted())
      return Accumulator{load, store};
  }
  return std::nullopt;
}

/// Carries the accumulator's element through `loop`; returns the new loop.
scf::ForOp promote(scf::ForOp loop, Accumulator acc, RewriterBase &rewriter) {
  rewriter.setInsertionPoint(loop);
  Value initial = memref::LoadOp::create(
      rewriter, acc.load.getLoc(), acc.load.getMemRef(), acc.load.getIndices());
  Value stored = acc.store.getValueToStore();
  FailureOr<LoopLikeOpInterface> replaced =
      cast<LoopLikeOpInterface>(loop.getOperation())
          .replaceWithAdditionalYields(
              rewriter, initial, /*replaceInitOperandUsesInLoop=*/false,
              [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
                return SmallVector<Value>{stored};
              });
  auto newLoop = cast<scf::ForOp>(replaced->getOperation());
  BlockArgument carried = newLoop.getRegionIterArgs().back();
  rewriter.replaceAllUsesWith(acc.load.getResult(), carried);
  rewriter.setInsertionPointAfter(newLoop);
  memref::StoreOp::create(rewriter, acc.store.getLoc(),
                          newLoop.getResults().back(), acc.store.getMemRef(),
                          acc.store.getIndices());
  rewriter.eraseOp(acc.store);
  rewriter.eraseOp(acc.load);
  return newLoop;
}

struct PromoteAccumulatorsPass
    : public remat::impl::PromoteAccumulatorsBase<PromoteAccumulatorsPass> {
  void runOnOperation() override {
    AliasAnalysis aliases(getOperation());
    IRRewriter rewriter(&getContext());
    // Post-order: inner loops first.
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      while (std::optional<Accumulator> acc = findAccumulator(loop, aliases))
        loop = promote(loop, *acc, rewriter);
  }
};

} // namespace
