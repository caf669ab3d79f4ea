//===- ReductionChain.cpp - one nn op's reduction on buffers --------------===//

#include "ReductionChain.h"

#include "remat/Dialect/Remat/RematDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace remat;

namespace {

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

} // namespace

std::optional<ReductionChain>
remat::findReductionChain(memref::AllocOp alloc, AliasAnalysis &aliases) {
  ReductionChain chain{alloc, {}, {}, {}, {}, {}};
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

std::optional<ReductionChain> remat::findRoundingChain(Value acc,
                                                       Operation *reduction,
                                                       Type element,
                                                       AliasAnalysis &aliases) {
  auto alloc = acc.getDefiningOp<memref::AllocOp>();
  if (!alloc || element.isF32())
    return std::nullopt;
  std::optional<ReductionChain> chain = findReductionChain(alloc, aliases);
  if (!chain || chain->reduction.getOperation() != reduction ||
      !matchPattern(chain->fill.getDpsInputOperand(0)->get(), m_AnyZeroFloat()))
    return std::nullopt;
  linalg::GenericOp epilogue = chain->epilogue;
  Block &body = epilogue.getRegion().front();
  auto round = dyn_cast<arith::TruncFOp>(&body.front());
  if (epilogue.getNumDpsInputs() != 1 || body.getOperations().size() != 2 ||
      !round || round.getIn() != body.getArgument(0) ||
      round.getType() != element ||
      cast<linalg::YieldOp>(body.getTerminator()).getValues()[0] !=
          round.getResult() ||
      !epilogue.getMatchingIndexingMap(epilogue.getDpsInitOperand(0))
           .isIdentity())
    return std::nullopt;
  return chain;
}

void remat::moveDeallocsAfterEpilogue(ReductionChain chain,
                                      RewriterBase &rewriter) {
  for (memref::DeallocOp dealloc : llvm::reverse(chain.later))
    rewriter.moveOpAfter(dealloc, chain.epilogue);
}

void remat::eraseReductionChain(ReductionChain chain, RewriterBase &rewriter) {
  rewriter.eraseOp(chain.epilogue);
  rewriter.eraseOp(chain.dealloc);
  rewriter.eraseOp(chain.reduction);
  rewriter.eraseOp(chain.fill);
  rewriter.eraseOp(chain.alloc);
}
