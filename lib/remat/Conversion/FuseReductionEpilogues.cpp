//===- FuseReductionEpilogues.cpp - accumulators without buffers ----------===//
//
/// A bf16 or f16 reduction (a matrix product, a row sum) lowers to three
/// kernels on buffers: a fill of an f32 accumulator buffer as large as the
/// result, the reduction into it, and an elementwise epilogue that rounds
/// it into the result. The accumulator buffer is memory the plan does not
/// see (it counts nn values): up to 15% of a bf16 step's peak. This pass
/// writes the three as one loop nest: the result's loops outside, the
/// reduction's loops inside carrying the accumulator in iter_args, the
/// epilogue on the finished total, and drops the buffer. Each total is
/// summed in the order the loops of the reduction kernel would sum it, so
/// the results are bit-identical.
//
//===----------------------------------------------------------------------===//

#include "ReductionChain.h"
#include "remat/Conversion/Passes.h"

#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace remat {
#define GEN_PASS_DEF_FUSEREDUCTIONEPILOGUES
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

/// `map`'s results at loop position `ivs`, as index values.
SmallVector<Value> indicesAt(OpBuilder &b, Location loc, AffineMap map,
                             ArrayRef<Value> ivs) {
  SmallVector<Value> out;
  for (AffineExpr e : map.getResults()) {
    if (auto d = dyn_cast<AffineDimExpr>(e)) {
      out.push_back(ivs[d.getPosition()]);
      continue;
    }
    if (auto c = dyn_cast<AffineConstantExpr>(e)) {
      out.push_back(arith::ConstantIndexOp::create(b, loc, c.getValue()));
      continue;
    }
    AffineMap one = AffineMap::get(map.getNumDims(), map.getNumSymbols(), e);
    out.push_back(affine::AffineApplyOp::create(b, loc, one, ivs));
  }
  return out;
}

/// `op`'s body at loop position `ivs` (the loops of `op`, outermost
/// first), the operands on `acc` replaced by `total`, the others loaded
/// through their maps where the body reads them; returns the yielded value.
Value bodyAt(OpBuilder &b, Location loc, linalg::GenericOp op,
             ArrayRef<Value> ivs, Value acc, Value total) {
  Block &body = op.getRegion().front();
  IRMapping mapping;
  for (OpOperand &operand : op->getOpOperands()) {
    BlockArgument arg = op.getMatchingBlockArgument(&operand);
    if (arg.use_empty())
      continue;
    if (operand.get() == acc)
      mapping.map(arg, total);
    else if (!isa<MemRefType>(operand.get().getType()))
      mapping.map(arg, operand.get());
    else
      mapping.map(
          arg,
          memref::LoadOp::create(
              b, loc, operand.get(),
              indicesAt(b, loc, op.getMatchingIndexingMap(&operand), ivs)));
  }
  for (Operation &inner : body.without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
      mapping.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    b.clone(inner, mapping);
  }
  return mapping.lookupOrDefault(
      cast<linalg::YieldOp>(body.getTerminator()).getValues()[0]);
}

/// Replaces the chain with one loop nest at the epilogue.
void fuse(ReductionChain chain, IRRewriter &rewriter) {
  linalg::GenericOp reduction = chain.reduction, epilogue = chain.epilogue;
  Location loc = epilogue.getLoc();
  moveDeallocsAfterEpilogue(chain, rewriter);
  rewriter.setInsertionPoint(epilogue);
  SmallVector<Range> ranges = cast<linalg::LinalgOp>(reduction.getOperation())
                                  .createLoopRanges(rewriter, loc);
  // Every bound before the nest.
  SmallVector<Value> lower, upper, step;
  for (Range range : ranges) {
    lower.push_back(
        getValueOrCreateConstantIndexOp(rewriter, loc, range.offset));
    upper.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, range.size));
    step.push_back(
        getValueOrCreateConstantIndexOp(rewriter, loc, range.stride));
  }
  unsigned parallel = reduction.getNumParallelLoops();
  Value acc = chain.alloc.getResult();
  Value init = chain.fill.getDpsInputOperand(0)->get();
  SmallVector<Value> ivs;
  // The result's loops, then the reduced ones carrying the total.
  std::function<Value(unsigned, Value)> reduce = [&](unsigned dim,
                                                     Value total) -> Value {
    if (dim == ranges.size())
      return bodyAt(rewriter, loc, reduction, ivs, acc, total);
    auto loop = scf::ForOp::create(rewriter, loc, lower[dim], upper[dim],
                                   step[dim], total);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(loop.getBody());
    ivs.push_back(loop.getInductionVar());
    Value next = reduce(dim + 1, loop.getRegionIterArgs()[0]);
    ivs.pop_back();
    scf::YieldOp::create(rewriter, loc, next);
    return loop.getResult(0);
  };
  std::function<void(unsigned)> outer = [&](unsigned dim) {
    if (dim == parallel) {
      // The epilogue reads the total where it read the buffer.
      Value rounded =
          bodyAt(rewriter, loc, epilogue, ivs, acc, reduce(dim, init));
      OpOperand *result = epilogue.getDpsInitOperand(0);
      memref::StoreOp::create(rewriter, loc, rounded, result->get(),
                              indicesAt(rewriter, loc,
                                        epilogue.getMatchingIndexingMap(result),
                                        ivs));
      return;
    }
    auto loop =
        scf::ForOp::create(rewriter, loc, lower[dim], upper[dim], step[dim]);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(loop.getBody());
    ivs.push_back(loop.getInductionVar());
    outer(dim + 1);
    ivs.pop_back();
  };
  outer(0);
  eraseReductionChain(chain, rewriter);
}

struct FuseReductionEpiloguesPass
    : public remat::impl::FuseReductionEpiloguesBase<
          FuseReductionEpiloguesPass> {
  void runOnOperation() override {
    AliasAnalysis aliases(getOperation());
    IRRewriter rewriter(&getContext());
    SmallVector<memref::AllocOp> candidates;
    getOperation().walk([&](memref::AllocOp alloc) {
      auto type = alloc.getType();
      if (type.getElementType().isF32() && type.getLayout().isIdentity())
        candidates.push_back(alloc);
    });
    // Each chain is found on the IR as the fusions before it left it (a
    // fusion erases its accumulator's dealloc and moves others); only a
    // fused chain's own accumulator is erased, so the candidates stay valid.
    for (memref::AllocOp alloc : candidates)
      if (std::optional<ReductionChain> chain =
              findReductionChain(alloc, aliases))
        fuse(*chain, rewriter);
  }
};

} // namespace
