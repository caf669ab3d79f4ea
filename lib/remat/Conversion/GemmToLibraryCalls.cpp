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

#include "remat/Conversion/Passes.h"
#include "remat/Dialect/Remat/RematDialect.h"

#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace remat {
#define GEN_PASS_DEF_GEMMTOLIBRARYCALLS
#define GEN_PASS_DEF_TILEDGEMM
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

constexpr StringLiteral kGemmFunction = "remat_sgemm";

/// Where an operand's two matrix dims and its batch dims sit among the
/// results of its indexing map.
struct GemmOperand {
  Value buffer;
  unsigned rowPos = 0, colPos = 0;
  /// (index in Gemm::batchDims, result position) of each batch dim the
  /// operand has.
  SmallVector<std::pair<unsigned, unsigned>> batch;
};

struct Gemm {
  GemmOperand a, b, c;
  /// C's batch loop dims, outermost first.
  SmallVector<unsigned> batchDims;
};

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

/// Matches a matrix product: C[batch..., m, n] += A[.., m, k] * B[.., k, n]
/// with any order of A's and B's dims and broadcast batch dims. All f32, or
/// (cuBLASLt) f16 or bf16 inputs widened into an f32 output.
std::optional<Gemm> matchGemm(linalg::LinalgOp op, AliasAnalysis &aliases,
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
  // stream, dtype, batch0, batch1, m, n, k; per operand: pointer, offset,
  // row stride, column stride, two batch strides; beta.
  SmallVector<Type> inputs = {i64, i32, i64, i64, i64, i64, i64};
  for (int operand = 0; operand < 3; ++operand)
    inputs.append(6, i64);
  inputs.push_back(f32);
  return runtimeFunction(module, builder, kCudaGemmFunction,
                         FunctionType::get(ctx, inputs, {}));
}

/// One call for the whole product: the runtime batches the inner batch dim
/// in cuBLASLt and loops over the outer one. The stream argument is 0, which
/// the runtime reads as its step stream (the stream of every kernel).
void rewriteCudaGemm(linalg::LinalgOp op, const Gemm &gemm,
                     func::FuncOp callee, RewriterBase &rewriter) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Type i64 = rewriter.getI64Type();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(rewriter, loc, v, 64);
  };
  auto toI64 = [&](Value index) -> Value {
    return arith::IndexCastOp::create(rewriter, loc, i64, index);
  };
  float beta = takeZeroFill(op, gemm, rewriter);
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
        rewriteCudaGemm(op, gemm, *callee, rewriter);
      else
        rewriteGemm(op, gemm, *callee, rewriter);
    }
  }
};


//===----------------------------------------------------------------------===//
// The generated GEMM: shared-memory tiles and register blocking
//===----------------------------------------------------------------------===//

constexpr int64_t kTileMN = 64, kTileK = 16, kSide = 16, kPer = 4;

/// Builds one tiled product, as a kernel or (emulate) as host loops in the
/// same order. A block of 16x16 threads computes a 64x64 tile of C, each
/// thread 4x4 outputs (rows ty + 16 i, columns tx + 16 j); the k loop runs
/// over 16-wide tiles of A and B staged in shared memory. Each output
/// starts from C's value and adds the products in ascending k, as the
/// loops do, so the result is the loops' (up to FMA contraction).
struct TiledGemm {
  OpBuilder &b;
  Location loc;
  const Gemm &g;
  Value m, n, k;
  SmallVector<Value> batchSizes;

  Value idx(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value lt(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
  }
  Value zeroF() {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f));
  }

  SmallVector<Value> indices(const GemmOperand &x, ArrayRef<Value> batchIvs,
                             Value row, Value col) {
    auto type = cast<MemRefType>(x.buffer.getType());
    SmallVector<Value> out(type.getRank(), idx(0));
    out[x.rowPos] = row;
    out[x.colPos] = col;
    for (auto [loop, pos] : x.batch)
      out[pos] = batchIvs[loop];
    return out;
  }

  /// x[row, col] widened to f32 where `inBounds`, else 0.
  Value loadOrZero(const GemmOperand &x, ArrayRef<Value> batchIvs, Value row,
                   Value col, Value inBounds) {
    auto branch =
        scf::IfOp::create(b, loc, TypeRange{b.getF32Type()}, inBounds, true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    Value v = memref::LoadOp::create(b, loc, x.buffer,
                                     indices(x, batchIvs, row, col));
    if (!v.getType().isF32())
      v = arith::ExtFOp::create(b, loc, b.getF32Type(), v);
    scf::YieldOp::create(b, loc, v);
    b.setInsertionPointToStart(branch.elseBlock());
    scf::YieldOp::create(b, loc, zeroF());
    return branch.getResult(0);
  }


  /// Thread `tid`'s part of staging the k tile at `kt` into `as` (16x64,
  /// [kk][row]) and `bs` (16x64, [kk][col]).
  void stage(Value tid, Value kt, Value rowBase, Value colBase,
             ArrayRef<Value> batchIvs, Value as, Value bs) {
    for (int64_t q = 0; q < kTileMN * kTileK / (kSide * kSide); ++q) {
      Value e = add(tid, idx(q * kSide * kSide));
      // A: 64 rows x 16 k, k fastest (adjacent threads, adjacent k).
      Value r = arith::DivUIOp::create(b, loc, e, idx(kTileK));
      Value kk = arith::RemUIOp::create(b, loc, e, idx(kTileK));
      Value gr = add(rowBase, r), gk = add(kt, kk);
      Value inA = arith::AndIOp::create(b, loc, lt(gr, m), lt(gk, k));
      memref::StoreOp::create(b, loc, loadOrZero(g.a, batchIvs, gr, gk, inA),
                              as, ValueRange{kk, r});
      // B: 16 k x 64 columns, columns fastest.
      Value kb = arith::DivUIOp::create(b, loc, e, idx(kTileMN));
      Value c = arith::RemUIOp::create(b, loc, e, idx(kTileMN));
      Value gkb = add(kt, kb), gc = add(colBase, c);
      Value inB = arith::AndIOp::create(b, loc, lt(gkb, k), lt(gc, n));
      memref::StoreOp::create(b, loc, loadOrZero(g.b, batchIvs, gkb, gc, inB),
                              bs, ValueRange{kb, c});
    }
  }

  Value rowOf(Value rowBase, Value ty, int64_t i) {
    return add(rowBase, add(ty, idx(kSide * i)));
  }

  /// Thread (ty, tx)'s 16 running totals read from C (0 outside it).
  SmallVector<Value> initial(Value rowBase, Value colBase, Value ty, Value tx,
                             ArrayRef<Value> batchIvs) {
    SmallVector<Value> acc;
    for (int64_t i = 0; i < kPer; ++i)
      for (int64_t j = 0; j < kPer; ++j) {
        Value row = rowOf(rowBase, ty, i), col = rowOf(colBase, tx, j);
        Value in = arith::AndIOp::create(b, loc, lt(row, m), lt(col, n));
        acc.push_back(loadOrZero(g.c, batchIvs, row, col, in));
      }
    return acc;
  }

  /// The k tile's products added to `acc`, in ascending k, up to K.
  SmallVector<Value> multiply(Value kt, Value ty, Value tx, Value as, Value bs,
                              ValueRange acc) {
    Value left = arith::SubIOp::create(b, loc, k, kt);
    Value end = arith::MinUIOp::create(b, loc, left, idx(kTileK));
    auto loop = scf::ForOp::create(b, loc, idx(0), end, idx(1), acc);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value kk = loop.getInductionVar();
    SmallVector<Value> av, bv, next;
    for (int64_t i = 0; i < kPer; ++i)
      av.push_back(memref::LoadOp::create(
          b, loc, as, ValueRange{kk, add(ty, idx(kSide * i))}));
    for (int64_t j = 0; j < kPer; ++j)
      bv.push_back(memref::LoadOp::create(
          b, loc, bs, ValueRange{kk, add(tx, idx(kSide * j))}));
    for (int64_t i = 0; i < kPer; ++i)
      for (int64_t j = 0; j < kPer; ++j) {
        Value p = arith::MulFOp::create(b, loc, av[i], bv[j]);
        next.push_back(arith::AddFOp::create(
            b, loc, loop.getRegionIterArgs()[i * kPer + j], p));
      }
    scf::YieldOp::create(b, loc, next);
    return SmallVector<Value>(loop.getResults());
  }

  void storeResults(Value rowBase, Value colBase, Value ty, Value tx,
                    ArrayRef<Value> batchIvs, ValueRange acc) {
    for (int64_t i = 0; i < kPer; ++i)
      for (int64_t j = 0; j < kPer; ++j) {
        Value row = rowOf(rowBase, ty, i), col = rowOf(colBase, tx, j);
        Value in = arith::AndIOp::create(b, loc, lt(row, m), lt(col, n));
        auto branch = scf::IfOp::create(b, loc, in, false);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(branch.thenBlock());
        memref::StoreOp::create(b, loc, acc[i * kPer + j], g.c.buffer,
                                indices(g.c, batchIvs, row, col));
      }
  }
};

void rewriteTiledGemm(linalg::LinalgOp op, const Gemm &gemm, bool emulate) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto dim = [&](Value buffer, unsigned pos) -> Value {
    return memref::DimOp::create(b, loc, buffer, pos);
  };
  TiledGemm t{b,
              loc,
              gemm,
              dim(gemm.c.buffer, gemm.c.rowPos),
              dim(gemm.c.buffer, gemm.c.colPos),
              dim(gemm.a.buffer, gemm.a.colPos),
              {}};
  Value batch = t.idx(1);
  for (auto [loop, pos] : gemm.c.batch) {
    t.batchSizes.push_back(dim(gemm.c.buffer, pos));
    batch = t.mul(batch, t.batchSizes.back());
  }
  Value tile = t.idx(kTileMN), side = t.idx(kSide);
  Value gridX = arith::CeilDivUIOp::create(b, loc, t.n, tile);
  Value gridY = arith::CeilDivUIOp::create(b, loc, t.m, tile);
  auto tileType = [&](Attribute space) {
    return MemRefType::get({kTileK, kTileMN}, b.getF32Type(),
                           MemRefLayoutAttrInterface(), space);
  };

  if (!emulate) {
    auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                                gpu::AddressSpace::Workgroup);
    Value one = t.idx(1);
    auto launch = gpu::LaunchOp::create(
        b, loc, gridX, gridY, batch, side, side, one, nullptr, nullptr, {},
        TypeRange{tileType(workgroup), tileType(workgroup)});
    b.setInsertionPointToStart(&launch.getBody().front());
    Value as = launch.getWorkgroupAttributions()[0];
    Value bs = launch.getWorkgroupAttributions()[1];
    Value tx = launch.getThreadIds().x, ty = launch.getThreadIds().y;
    Value rowBase = t.mul(launch.getBlockIds().y, tile);
    Value colBase = t.mul(launch.getBlockIds().x, tile);
    SmallVector<Value> batchIvs =
        delinearize(b, loc, launch.getBlockIds().z, t.batchSizes);
    Value tid = t.add(t.mul(ty, side), tx);
    SmallVector<Value> acc = t.initial(rowBase, colBase, ty, tx, batchIvs);
    auto kLoop = scf::ForOp::create(b, loc, t.idx(0), t.k, t.idx(kTileK), acc);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(kLoop.getBody());
      Value kt = kLoop.getInductionVar();
      t.stage(tid, kt, rowBase, colBase, batchIvs, as, bs);
      gpu::BarrierOp::create(b, loc);
      SmallVector<Value> next =
          t.multiply(kt, ty, tx, as, bs, kLoop.getRegionIterArgs());
      gpu::BarrierOp::create(b, loc);
      scf::YieldOp::create(b, loc, next);
    }
    t.storeResults(rowBase, colBase, ty, tx, batchIvs,
                   SmallVector<Value>(kLoop.getResults()));
    gpu::TerminatorOp::create(b, loc);
    op->erase();
    return;
  }

  // The emulation: blocks and threads as loops, the barriers as the
  // boundaries between a loop over threads that stages the tiles and one
  // that multiplies; each thread's totals live in acc[256][16].
  Value as = memref::AllocaOp::create(b, loc, tileType(Attribute()));
  Value bs = memref::AllocaOp::create(b, loc, tileType(Attribute()));
  Value accBuf = memref::AllocaOp::create(
      b, loc, MemRefType::get({kSide * kSide, kPer * kPer}, b.getF32Type()));
  Value zero = t.idx(0), one = t.idx(1), threads = t.idx(kSide * kSide);
  auto forEach = [&](Value ub, llvm::function_ref<void(Value)> body) {
    auto loop = scf::ForOp::create(b, loc, zero, ub, one);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    body(loop.getInductionVar());
  };
  auto threadIds = [&](Value tid) {
    return std::make_pair(arith::DivUIOp::create(b, loc, tid, side).getResult(),
                          arith::RemUIOp::create(b, loc, tid, side).getResult());
  };
  forEach(batch, [&](Value bz) {
    SmallVector<Value> batchIvs = delinearize(b, loc, bz, t.batchSizes);
    forEach(gridY, [&](Value by) {
      forEach(gridX, [&](Value bx) {
        Value rowBase = t.mul(by, tile), colBase = t.mul(bx, tile);
        forEach(threads, [&](Value tid) {
          auto [ty, tx] = threadIds(tid);
          SmallVector<Value> acc =
              t.initial(rowBase, colBase, ty, tx, batchIvs);
          for (int64_t e = 0; e < kPer * kPer; ++e)
            memref::StoreOp::create(b, loc, acc[e], accBuf,
                                    ValueRange{tid, t.idx(e)});
        });
        auto kLoop =
            scf::ForOp::create(b, loc, zero, t.k, t.idx(kTileK));
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(kLoop.getBody());
        Value kt = kLoop.getInductionVar();
        forEach(threads, [&](Value tid) {
          t.stage(tid, kt, rowBase, colBase, batchIvs, as, bs);
        });
        forEach(threads, [&](Value tid) {
          auto [ty, tx] = threadIds(tid);
          SmallVector<Value> acc;
          for (int64_t e = 0; e < kPer * kPer; ++e)
            acc.push_back(memref::LoadOp::create(
                b, loc, accBuf, ValueRange{tid, t.idx(e)}));
          SmallVector<Value> next = t.multiply(kt, ty, tx, as, bs, acc);
          for (int64_t e = 0; e < kPer * kPer; ++e)
            memref::StoreOp::create(b, loc, next[e], accBuf,
                                    ValueRange{tid, t.idx(e)});
        });
        b.setInsertionPointAfter(kLoop);
        forEach(threads, [&](Value tid) {
          auto [ty, tx] = threadIds(tid);
          SmallVector<Value> acc;
          for (int64_t e = 0; e < kPer * kPer; ++e)
            acc.push_back(memref::LoadOp::create(
                b, loc, accBuf, ValueRange{tid, t.idx(e)}));
          t.storeResults(rowBase, colBase, ty, tx, batchIvs, acc);
        });
      });
    });
  });
  op->erase();
}

struct TiledGemmPass : public remat::impl::TiledGemmBase<TiledGemmPass> {
  using TiledGemmBase::TiledGemmBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    AliasAnalysis aliases(module);
    std::vector<std::pair<linalg::LinalgOp, Gemm>> gemms;
    module.walk([&](linalg::LinalgOp op) {
      if (std::optional<Gemm> gemm = matchGemm(op, aliases, true))
        gemms.push_back({op, *gemm});
    });
    for (auto &[op, gemm] : gemms)
      rewriteTiledGemm(op, gemm, emulate);
  }
};

} // namespace
