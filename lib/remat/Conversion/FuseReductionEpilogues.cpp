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

#include "remat/Conversion/Passes.h"
#include "remat/Dialect/Remat/RematDialect.h"

#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace remat {
#define GEN_PASS_DEF_FUSEREDUCTIONEPILOGUES
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

/// The kernels of one accumulator: the buffer, its fill, the reduction into
/// it, the epilogue that reads it, and its dealloc.
struct Chain {
  memref::AllocOp alloc;
  linalg::FillOp fill;
  linalg::GenericOp reduction;
  linalg::GenericOp epilogue;
  memref::DeallocOp dealloc;
  /// Deallocs between the reduction and the epilogue that may free what
  /// the reduction reads (remat-free-after-last-use puts an input's right
  /// after its last reader): they move after the fused nest.
  SmallVector<memref::DeallocOp> later;
};

/// Whether `op`'s body can be cloned into loops: no regions in it; index
/// ops are mapped to the loops' induction variables.
bool simpleBody(linalg::GenericOp op) {
  return llvm::all_of(
      op.getRegion().front().without_terminator(),
      [](Operation &inner) { return inner.getNumRegions() == 0; });
}

/// Whether the reduction's loops are its result's loops, in order, then the
/// reduced ones: (d0, ..., dp-1) parallel with the accumulator indexed by
/// exactly them, dp... reduced. Loops in this order sum each total as the
/// fused nest does.
bool parallelThenReduced(linalg::GenericOp reduction, Value acc) {
  if (reduction.getNumDpsInits() != 1 ||
      reduction.getDpsInitOperand(0)->get() != acc)
    return false;
  SmallVector<utils::IteratorType> kinds = reduction.getIteratorTypesArray();
  auto firstReduced = llvm::find(kinds, utils::IteratorType::reduction);
  if (firstReduced == kinds.end() ||
      !std::all_of(firstReduced, kinds.end(), [](utils::IteratorType kind) {
        return kind == utils::IteratorType::reduction;
      }))
    return false;
  unsigned parallel = firstReduced - kinds.begin();
  AffineMap map =
      reduction.getMatchingIndexingMap(reduction.getDpsInitOperand(0));
  if (map.getNumResults() != parallel)
    return false;
  for (auto [i, e] : llvm::enumerate(map.getResults())) {
    auto d = dyn_cast<AffineDimExpr>(e);
    if (!d || d.getPosition() != i)
      return false;
  }
  return true;
}

/// Whether `op` may write or free memory that aliases `buffer` (unknown
/// effects may).
bool mayWrite(Operation *op, Value buffer, AliasAnalysis &aliases) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return !isMemoryEffectFree(op);
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  for (const MemoryEffects::EffectInstance &effect : instances) {
    if (!isa<MemoryEffects::Write, MemoryEffects::Free>(effect.getEffect()))
      continue;
    Value touched = effect.getValue();
    if (!touched || !aliases.alias(touched, buffer).isNo())
      return true;
  }
  return false;
}

/// The chain of an f32 accumulator buffer, if the pass can fuse it: used by
/// exactly a fill, the reduction, an all-parallel epilogue reading it with
/// the identity map and writing one other buffer, and a dealloc, in that
/// order in one block; nothing between the reduction and the epilogue writes
/// what the reduction reads, and the epilogue's result does not alias it.
std::optional<Chain> findChain(memref::AllocOp alloc, AliasAnalysis &aliases) {
  Chain chain{alloc, {}, {}, {}, {}, {}};
  Value acc = alloc.getResult();
  for (Operation *user : acc.getUsers()) {
    if (user->getBlock() != alloc->getBlock())
      return std::nullopt;
    if (auto fill = dyn_cast<linalg::FillOp>(user)) {
      if (chain.fill || fill.getDpsInitOperand(0)->get() != acc)
        return std::nullopt;
      chain.fill = fill;
    } else if (auto dealloc = dyn_cast<memref::DeallocOp>(user)) {
      if (chain.dealloc)
        return std::nullopt;
      chain.dealloc = dealloc;
    } else if (auto generic = dyn_cast<linalg::GenericOp>(user)) {
      bool writes = llvm::any_of(generic.getDpsInits(),
                                 [&](Value v) { return v == acc; });
      linalg::GenericOp &slot = writes ? chain.reduction : chain.epilogue;
      if (slot)
        return std::nullopt;
      slot = generic;
    } else {
      return std::nullopt;
    }
  }
  if (!chain.fill || !chain.reduction || !chain.epilogue || !chain.dealloc)
    return std::nullopt;
  // One nn op's accumulator and epilogue (convert-nn-to-linalg's marks): a
  // kernel of another op reads an nn value, which the plan counts and
  // which must stay a buffer.
  if (!chain.fill->hasAttr(RematDialect::kAccumulatorAttrName) ||
      !chain.epilogue->hasAttr(RematDialect::kEpilogueAttrName))
    return std::nullopt;
  linalg::GenericOp reduction = chain.reduction, epilogue = chain.epilogue;
  if (!chain.fill->isBeforeInBlock(reduction) ||
      !reduction->isBeforeInBlock(epilogue) ||
      !epilogue->isBeforeInBlock(chain.dealloc) ||
      !parallelThenReduced(reduction, acc) || !simpleBody(reduction) ||
      !simpleBody(epilogue) || !reduction.hasPureBufferSemantics() ||
      !epilogue.hasPureBufferSemantics())
    return std::nullopt;
  // The epilogue: every loop parallel, one per accumulator dim, the
  // accumulator read once with the identity map, one result.
  auto accType = cast<MemRefType>(acc.getType());
  if (epilogue.getNumParallelLoops() != epilogue.getNumLoops() ||
      epilogue.getNumLoops() != accType.getRank() ||
      epilogue.getNumDpsInits() != 1)
    return std::nullopt;
  for (OpOperand *input : epilogue.getDpsInputOperands())
    if (input->get() == acc &&
        !epilogue.getMatchingIndexingMap(input).isIdentity())
      return std::nullopt;
  // Moved to the epilogue, the reduction reads its inputs later: nothing
  // in between may write them, nor may the epilogue, which now runs
  // interleaved with it.
  Value result = epilogue.getDpsInitOperand(0)->get();
  for (Value input : reduction.getDpsInputs()) {
    if (!isa<MemRefType>(input.getType()))
      continue;
    if (!aliases.alias(input, result).isNo())
      return std::nullopt;
    for (Operation *op = reduction->getNextNode(); op != epilogue;
         op = op->getNextNode()) {
      if (!mayWrite(op, input, aliases))
        continue;
      auto dealloc = dyn_cast<memref::DeallocOp>(op);
      if (!dealloc)
        return std::nullopt;
      if (!llvm::is_contained(chain.later, dealloc))
        chain.later.push_back(dealloc);
    }
  }
  return chain;
}

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
void fuse(Chain chain, IRRewriter &rewriter) {
  linalg::GenericOp reduction = chain.reduction, epilogue = chain.epilogue;
  Location loc = epilogue.getLoc();
  for (memref::DeallocOp dealloc : llvm::reverse(chain.later))
    rewriter.moveOpAfter(dealloc, epilogue);
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
  rewriter.eraseOp(epilogue);
  rewriter.eraseOp(chain.dealloc);
  rewriter.eraseOp(reduction);
  rewriter.eraseOp(chain.fill);
  rewriter.eraseOp(chain.alloc);
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
      if (std::optional<Chain> chain = findChain(alloc, aliases))
        fuse(*chain, rewriter);
  }
};

} // namespace
