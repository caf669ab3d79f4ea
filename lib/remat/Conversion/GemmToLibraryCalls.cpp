//===- GemmToLibraryCalls.cpp - f32 matrix products as BLAS calls ---------===//
//
/// Rewrites each f32 matrix product on buffers (a linalg op whose body is
/// `out + in0 * in1` with one reduction loop) into calls of the runtime's
/// `remat_sgemm` (runtime/cpu/Gemm.cpp), one per matrix of the batch, in a
/// loop nest over the batch dims. Each operand is passed as its aligned
/// pointer, an element offset and the element strides of its two matrix
/// dims, read with memref.extract_strided_metadata, so any strided layout
/// works; the runtime picks the BLAS transpose flags. A zero fill of the
/// output right before the product becomes beta = 0.
//
//===----------------------------------------------------------------------===//

#include "GemmMatch.h"
#include "ReductionChain.h"
#include "remat/Conversion/Passes.h"
#include "remat/Dialect/Remat/RematDialect.h"

#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace remat {
#define GEN_PASS_DEF_GEMMTOLIBRARYCALLS
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

constexpr StringLiteral kGemmFunction = "remat_sgemm";

/// Whether `body` computes `out + in0 * in1` (in either operand order),
/// with the inputs widened by arith.extf first when `widened`.
bool isMultiplyAccumulate(Block &body, bool widened) {
  if (body.getNumArguments() != 3 ||
      body.getOperations().size() != (widened ? 5u : 3u))
    return false;
  Value in0 = body.getArgument(0), in1 = body.getArgument(1),
        out = body.getArgument(2);
  Operation *first = &body.front();
  if (widened) {
    auto ext0 = dyn_cast<arith::ExtFOp>(first);
    auto ext1 = dyn_cast_or_null<arith::ExtFOp>(first->getNextNode());
    if (!ext0 || !ext1)
      return false;
    bool direct = ext0.getIn() == in0 && ext1.getIn() == in1;
    bool crossed = ext0.getIn() == in1 && ext1.getIn() == in0;
    if (!direct && !crossed)
      return false;
    in0 = ext0.getResult(), in1 = ext1.getResult();
    first = ext1->getNextNode();
  }
  auto mul = dyn_cast<arith::MulFOp>(first);
  auto add =
      dyn_cast_or_null<arith::AddFOp>(mul ? mul->getNextNode() : nullptr);
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!mul || !add || !yield || yield.getNumOperands() != 1 ||
      yield.getOperand(0) != add.getResult())
    return false;
  bool mulOk = (mul.getLhs() == in0 && mul.getRhs() == in1) ||
               (mul.getLhs() == in1 && mul.getRhs() == in0);
  bool addOk = (add.getLhs() == out && add.getRhs() == mul.getResult()) ||
               (add.getRhs() == out && add.getLhs() == mul.getResult());
  return mulOk && addOk;
}

/// Places an input's map results: `row` and `col` are its matrix dims, every
/// other result must be a batch dim of C or a constant 0 on a size-1 dim.
std::optional<GemmOperand> placeInput(Value buffer, AffineMap map, unsigned row,
                                      unsigned col,
                                      ArrayRef<unsigned> batchDims) {
  GemmOperand operand;
  operand.buffer = buffer;
  bool sawRow = false, sawCol = false;
  llvm::SmallDenseSet<unsigned> seen;
  auto type = cast<MemRefType>(buffer.getType());
  for (auto [pos, expr] : llvm::enumerate(map.getResults())) {
    if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
      if (constant.getValue() != 0 || type.getDimSize(pos) != 1)
        return std::nullopt;
      continue;
    }
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim || !seen.insert(dim.getPosition()).second)
      return std::nullopt;
    unsigned d = dim.getPosition();
    if (d == row) {
      operand.rowPos = pos, sawRow = true;
    } else if (d == col) {
      operand.colPos = pos, sawCol = true;
    } else if (const auto *it = llvm::find(batchDims, d);
               it != batchDims.end()) {
      operand.batch.push_back({static_cast<unsigned>(it - batchDims.begin()),
                               static_cast<unsigned>(pos)});
    } else {
      return std::nullopt;
    }
  }
  if (!sawRow || !sawCol)
    return std::nullopt;
  return operand;
}

Type elementType(Value v) {
  auto type = dyn_cast<MemRefType>(v.getType());
  return type ? type.getElementType() : Type();
}

} // namespace

std::optional<Gemm> remat::matchGemm(linalg::LinalgOp op, AliasAnalysis &aliases,
                              bool lowPrecision) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || op->getNumRegions() != 1)
    return std::nullopt;
  Value lhs = op.getDpsInputOperand(0)->get();
  Value rhs = op.getDpsInputOperand(1)->get();
  Value out = op.getDpsInitOperand(0)->get();
  Type inType = elementType(lhs);
  if (!inType || inType != elementType(rhs) || !elementType(out) ||
      !elementType(out).isF32())
    return std::nullopt;
  bool widened = !inType.isF32();
  if (widened && !(lowPrecision && (inType.isF16() || inType.isBF16())))
    return std::nullopt;
  if (!isMultiplyAccumulate(op->getRegion(0).front(), widened))
    return std::nullopt;
  // BLAS needs an output that no input overlaps. Buffers that are known to
  // overlap stay loops; two function arguments may alias, but a product
  // writing over its own input has no defined result anyway.
  auto overlaps = [&](Value a, Value b) {
    AliasResult result = aliases.alias(a, b);
    return result.isMust() || result.isPartial();
  };
  if (overlaps(out, lhs) || overlaps(out, rhs))
    return std::nullopt;

  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (llvm::count(iterators, utils::IteratorType::reduction) != 1)
    return std::nullopt;
  unsigned k =
      llvm::find(iterators, utils::IteratorType::reduction) - iterators.begin();

  // C: every parallel dim once; the last two are m and n.
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap outMap = maps[2];
  if (outMap.getNumResults() < 2 ||
      outMap.getNumResults() != iterators.size() - 1 ||
      !outMap.isProjectedPermutation())
    return std::nullopt;
  Gemm gemm;
  unsigned rank = outMap.getNumResults();
  unsigned m = outMap.getDimPosition(rank - 2);
  unsigned n = outMap.getDimPosition(rank - 1);
  for (unsigned pos = 0; pos + 2 < rank; ++pos)
    gemm.batchDims.push_back(outMap.getDimPosition(pos));
  gemm.c.buffer = out;
  gemm.c.rowPos = rank - 2;
  gemm.c.colPos = rank - 1;
  for (unsigned pos = 0; pos < gemm.batchDims.size(); ++pos)
    gemm.c.batch.push_back({pos, pos});

  // mulf commutes exactly: the input holding m is A.
  AffineMap lhsMap = maps[0], rhsMap = maps[1];
  if (!lhsMap.isFunctionOfDim(m)) {
    std::swap(lhs, rhs);
    std::swap(lhsMap, rhsMap);
  }
  std::optional<GemmOperand> a = placeInput(lhs, lhsMap, m, k, gemm.batchDims);
  std::optional<GemmOperand> b = placeInput(rhs, rhsMap, k, n, gemm.batchDims);
  if (!a || !b)
    return std::nullopt;
  gemm.a = *a;
  gemm.b = *b;
  return gemm;
}

namespace {

/// The runtime function `name` of type `type`, declared on first use; an
/// existing function of that name must have that type.
FailureOr<func::FuncOp> runtimeFunction(ModuleOp module, OpBuilder &builder,
                                        StringRef name, FunctionType type) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name)) {
    if (existing.getFunctionType() != type)
      return existing.emitError("'")
             << name << "' is remat's runtime GEMM and must have type "
             << type;
    return existing;
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  auto decl = func::FuncOp::create(builder, module.getLoc(), name, type);
  decl.setPrivate();
  return decl;
}

/// The `remat_sgemm` declaration.
FailureOr<func::FuncOp> gemmFunction(ModuleOp module, OpBuilder &builder) {
  MLIRContext *ctx = module.getContext();
  Type i64 = IntegerType::get(ctx, 64), f32 = Float32Type::get(ctx);
  SmallVector<Type> inputs(3, i64);
  for (int operand = 0; operand < 3; ++operand)
    inputs.append(4, i64); // pointer, offset, row stride, column stride
  inputs.push_back(f32);   // beta
  return runtimeFunction(module, builder, kGemmFunction,
                         FunctionType::get(ctx, inputs, {}));
}

/// beta = 0 replaces a zero fill of C right before the product (the fill
/// is erased); otherwise the call accumulates, beta = 1.
float takeZeroFill(linalg::LinalgOp op, const Gemm &gemm,
                   RewriterBase &rewriter) {
  auto fill = dyn_cast_or_null<linalg::FillOp>(op->getPrevNode());
  if (!fill || !fill.hasPureBufferSemantics() ||
      fill.getDpsInitOperand(0)->get() != gemm.c.buffer ||
      !matchPattern(fill.getDpsInputOperand(0)->get(), m_AnyZeroFloat()))
    return 1.0f;
  rewriter.eraseOp(fill);
  return 0.0f;
}

void rewriteGemm(linalg::LinalgOp op, const Gemm &gemm, func::FuncOp callee,
                 RewriterBase &rewriter) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Type i64 = rewriter.getI64Type();
  auto toI64 = [&](OpBuilder &b, Value index) -> Value {
    return arith::IndexCastOp::create(b, loc, i64, index);
  };

  float beta = takeZeroFill(op, gemm, rewriter);

  struct Metadata {
    const GemmOperand *operand;
    memref::ExtractStridedMetadataOp meta;
    Value pointer;
  };
  SmallVector<Metadata> metas;
  for (const GemmOperand *operand : {&gemm.a, &gemm.b, &gemm.c}) {
    auto meta = memref::ExtractStridedMetadataOp::create(rewriter, loc,
                                                         operand->buffer);
    Value pointer = memref::ExtractAlignedPointerAsIndexOp::create(
        rewriter, loc, operand->buffer);
    metas.push_back({operand, meta, toI64(rewriter, pointer)});
  }
  memref::ExtractStridedMetadataOp cMeta = metas[2].meta;
  Value m = toI64(rewriter, cMeta.getSizes()[gemm.c.rowPos]);
  Value n = toI64(rewriter, cMeta.getSizes()[gemm.c.colPos]);
  Value k = toI64(rewriter, metas[0].meta.getSizes()[gemm.a.colPos]);
  Value betaValue =
      arith::ConstantOp::create(rewriter, loc, rewriter.getF32FloatAttr(beta));

  SmallVector<Value> lbs, ubs, steps;
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  for (unsigned pos = 0; pos < gemm.batchDims.size(); ++pos) {
    lbs.push_back(zero);
    ubs.push_back(cMeta.getSizes()[pos]);
    steps.push_back(one);
  }
  scf::buildLoopNest(
      rewriter, loc, lbs, ubs, steps,
      [&](OpBuilder &b, Location, ValueRange ivs) {
        SmallVector<Value> args = {m, n, k};
        for (Metadata md : metas) {
          // offset + sum over the operand's batch dims of index * stride.
          Value offset = md.meta.getOffset();
          for (auto [loop, pos] : md.operand->batch) {
            Value step = arith::MulIOp::create(b, loc, ivs[loop],
                                               md.meta.getStrides()[pos]);
            offset = arith::AddIOp::create(b, loc, offset, step);
          }
          args.append({md.pointer, toI64(b, offset),
                       toI64(b, md.meta.getStrides()[md.operand->rowPos]),
                       toI64(b, md.meta.getStrides()[md.operand->colPos])});
        }
        args.push_back(betaValue);
        func::CallOp::create(b, loc, callee, args);
      });
  rewriter.eraseOp(op);
}


/// Element-type code of remat_cuda_gemm's inputs (runtime/include/remat/
/// CublasLt.h): f32 0, f16 1, bf16 2.
int32_t cudaTypeCode(Type t) { return t.isF32() ? 0 : (t.isF16() ? 1 : 2); }

/// Whether cuBLASLt can take the product as it is: at most two batch dims,
/// a nonempty static problem, and every operand with static strides and a
/// unit stride in one of its matrix dims (cuBLASLt reads column-major
/// matrices, transposed or not).
bool fitsCublasLt(const Gemm &gemm) {
  if (gemm.batchDims.size() > 2)
    return false;
  for (const GemmOperand *operand : {&gemm.a, &gemm.b, &gemm.c}) {
    auto type = cast<MemRefType>(operand->buffer.getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    if (!type.hasStaticShape() ||
        failed(type.getStridesAndOffset(strides, offset)) ||
        llvm::any_of(strides, ShapedType::isDynamic))
      return false;
    int64_t rows = type.getDimSize(operand->rowPos);
    int64_t cols = type.getDimSize(operand->colPos);
    if (rows == 0 || cols == 0)
      return false;
    if (strides[operand->rowPos] != 1 && strides[operand->colPos] != 1 &&
        rows != 1 && cols != 1)
      return false;
  }
  return true;
}

/// The `remat_cuda_gemm` declaration.
FailureOr<func::FuncOp> cudaGemmFunction(ModuleOp module, OpBuilder &builder) {
  MLIRContext *ctx = module.getContext();
  Type i64 = IntegerType::get(ctx, 64), i32 = IntegerType::get(ctx, 32),
       f32 = Float32Type::get(ctx);
  // stream, dtype, ctype, batch0, batch1, m, n, k; per operand: pointer,
  // offset, row stride, column stride, two batch strides; beta.
  SmallVector<Type> inputs = {i64, i32, i32, i64, i64, i64, i64, i64};
  for (int operand = 0; operand < 3; ++operand)
    inputs.append(6, i64);
  inputs.push_back(f32);
  return runtimeFunction(module, builder, kCudaGemmFunction,
                         FunctionType::get(ctx, inputs, {}));
}

/// The chain of a 16-bit product whose f32 accumulator (C) only its
/// rounding epilogue reads (findRoundingChain), into a buffer cuBLASLt can
/// write: cuBLASLt then writes the rounded result itself, and the
/// accumulator buffer goes.
std::optional<ReductionChain> roundedChain(linalg::LinalgOp op,
                                           const Gemm &gemm,
                                           AliasAnalysis &aliases) {
  Type in = cast<MemRefType>(gemm.a.buffer.getType()).getElementType();
  std::optional<ReductionChain> chain =
      findRoundingChain(gemm.c.buffer, op, in, aliases);
  if (!chain)
    return std::nullopt;
  Gemm rounded = gemm;
  rounded.c.buffer = chain->epilogue.getDpsInitOperand(0)->get();
  if (!fitsCublasLt(rounded))
    return std::nullopt;
  return chain;
}

/// One call for the whole product: the runtime batches the inner batch dim
/// in cuBLASLt and loops over the outer one. The stream argument is 0, which
/// the runtime reads as its step stream (the stream of every kernel). With
/// `chain` (roundedChain), the call writes the chain's rounded result where
/// its epilogue was, beta = 0, and the chain goes.
void rewriteCudaGemm(linalg::LinalgOp op, Gemm gemm, func::FuncOp callee,
                     std::optional<ReductionChain> chain,
                     RewriterBase &rewriter) {
  Location loc = op.getLoc();
  if (chain) {
    moveDeallocsAfterEpilogue(*chain, rewriter);
    gemm.c.buffer = chain->epilogue.getDpsInitOperand(0)->get();
    rewriter.setInsertionPoint(chain->epilogue);
  } else {
    rewriter.setInsertionPoint(op);
  }
  Type i64 = rewriter.getI64Type();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(rewriter, loc, v, 64);
  };
  auto toI64 = [&](Value index) -> Value {
    return arith::IndexCastOp::create(rewriter, loc, i64, index);
  };
  float beta = chain ? 0.0f : takeZeroFill(op, gemm, rewriter);
  auto cType = cast<MemRefType>(gemm.c.buffer.getType());
  auto aType = cast<MemRefType>(gemm.a.buffer.getType());
  SmallVector<int64_t> batchSizes;
  for (unsigned pos = 0; pos < gemm.batchDims.size(); ++pos)
    batchSizes.push_back(cType.getDimSize(pos));
  while (batchSizes.size() < 2)
    batchSizes.insert(batchSizes.begin(), 1);
  SmallVector<Value> args = {
      constant(0),
      arith::ConstantIntOp::create(rewriter, loc,
                                   cudaTypeCode(aType.getElementType()), 32),
      arith::ConstantIntOp::create(rewriter, loc,
                                   cudaTypeCode(cType.getElementType()), 32),
      constant(batchSizes[0]),
      constant(batchSizes[1]),
      constant(cType.getDimSize(gemm.c.rowPos)),
      constant(cType.getDimSize(gemm.c.colPos)),
      constant(aType.getDimSize(gemm.a.colPos))};
  unsigned firstBatch = 2 - gemm.batchDims.size();
  for (const GemmOperand *operand : {&gemm.a, &gemm.b, &gemm.c}) {
    auto meta =
        memref::ExtractStridedMetadataOp::create(rewriter, loc, operand->buffer);
    Value pointer =
        memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc,
                                                       operand->buffer);
    args.append({toI64(pointer), toI64(meta.getOffset()),
                 toI64(meta.getStrides()[operand->rowPos]),
                 toI64(meta.getStrides()[operand->colPos])});
    // Batch strides in the call's (outer, inner) order; 0 broadcasts.
    Value batchStrides[2] = {constant(0), constant(0)};
    for (auto [loop, pos] : operand->batch)
      batchStrides[firstBatch + loop] = toI64(meta.getStrides()[pos]);
    args.append({batchStrides[0], batchStrides[1]});
  }
  args.push_back(
      arith::ConstantOp::create(rewriter, loc, rewriter.getF32FloatAttr(beta)));
  func::CallOp::create(rewriter, loc, callee, args);
  if (chain)
    eraseReductionChain(*chain, rewriter);
  else
    rewriter.eraseOp(op);
}

struct GemmToLibraryCallsPass
    : public remat::impl::GemmToLibraryCallsBase<GemmToLibraryCallsPass> {
  using GemmToLibraryCallsBase::GemmToLibraryCallsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool cuda = library == "cublaslt";
    if (!cuda && library != "blas") {
      module.emitError("remat-gemm-to-library-calls: unknown library '")
          << library << "'; expected blas or cublaslt";
      return signalPassFailure();
    }
    AliasAnalysis aliases(module);
    std::vector<std::pair<linalg::LinalgOp, Gemm>> gemms;
    module.walk([&](linalg::LinalgOp op) {
      // A function marked remat.generated_gemm keeps its products as
      // kernels (remat-compile's fallback entry).
      auto func = op->getParentOfType<FunctionOpInterface>();
      if (func && func->hasAttr(RematDialect::kGeneratedGemmAttrName))
        return;
      std::optional<Gemm> gemm = matchGemm(op, aliases, cuda);
      if (gemm && (!cuda || fitsCublasLt(*gemm)))
        gemms.push_back({op, *gemm});
    });
    if (gemms.empty())
      return;
    IRRewriter rewriter(&getContext());
    FailureOr<func::FuncOp> callee = cuda ? cudaGemmFunction(module, rewriter)
                                          : gemmFunction(module, rewriter);
    if (failed(callee))
      return signalPassFailure();
    for (auto &[op, gemm] : gemms) {
      if (cuda)
        // (The chain found on the IR the rewrites before it left.)
        rewriteCudaGemm(op, gemm, *callee, roundedChain(op, gemm, aliases),
                        rewriter);
      else
        rewriteGemm(op, gemm, *callee, rewriter);
    }
  }
};

} // namespace
