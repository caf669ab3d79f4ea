//===- WarpRowReductions.cpp - one warp per row, shuffles to combine -----===//
//
/// A row reduction (a linalg.generic on buffers whose loops are parallel but
/// the last, a reduction, and whose body combines the output with one value
/// by addf, maximumf, maxnumf, minimumf or minnumf) becomes a gpu.launch with
/// one warp per row: lane l combines elements l, l + 32, ... of its row in
/// order, five butterfly shuffles (gpu.shuffle xor 16, 8, 4, 2, 1) combine
/// the lanes, and lane 0 combines the result into the output. Eight rows
/// (warps) per block of 256 threads.
///
/// With `emulate`, the same order of operations is written as host loops
/// (the 32 lanes as an array, each shuffle step as a loop over lanes), so
/// that the CPU build run by --emulate-gpu-mapping computes exactly what the
/// GPU kernels compute.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/IRMapping.h"

namespace remat {
#define GEN_PASS_DEF_WARPROWREDUCTIONS
#define GEN_PASS_DEF_BLOCKCOLUMNREDUCTIONS
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

SmallVector<Value> remat::delinearize(OpBuilder &b, Location loc, Value linear,
                                      ArrayRef<Value> sizes) {
  SmallVector<Value> ivs(sizes.size());
  for (size_t d = sizes.size(); d-- > 0;) {
    ivs[d] = d == 0 ? linear : arith::RemUIOp::create(b, loc, linear, sizes[d]);
    if (d)
      linear = arith::DivUIOp::create(b, loc, linear, sizes[d]);
  }
  return ivs;
}

namespace {

constexpr int64_t kWarp = 32;
constexpr int64_t kShuffleOffsets[] = {16, 8, 4, 2, 1};

/// A reduction the passes can rewrite: per output, the body op that
/// combines the output argument with one value, and that value.
struct RowReduction {
  linalg::GenericOp op;
  SmallVector<Operation *> combiners;
  SmallVector<Value> elements;
  size_t size() const { return combiners.size(); }
};

bool isCombiner(Operation *op) {
  return isa<arith::AddFOp, arith::MaximumFOp, arith::MaxNumFOp,
             arith::MinimumFOp, arith::MinNumFOp>(op);
}

/// The combiner's identity: combine(identity, x) == x for every x, so a
/// lane's first element is taken as it is (-0.0 + x is x for x = +-0.0
/// too; +-inf for the extrema).
TypedAttr identity(Operation *combiner, FloatType type) {
  const llvm::fltSemantics &sem = type.getFloatSemantics();
  if (isa<arith::AddFOp>(combiner))
    return FloatAttr::get(type, APFloat::getZero(sem, /*Negative=*/true));
  bool isMax = isa<arith::MaximumFOp, arith::MaxNumFOp>(combiner);
  return FloatAttr::get(type, APFloat::getInf(sem, /*Negative=*/isMax));
}

bool isDimOrConstant(AffineMap map) {
  return llvm::all_of(map.getResults(), [](AffineExpr e) {
    return isa<AffineDimExpr, AffineConstantExpr>(e);
  });
}

/// The parts of a reduction both rewrites need: one f32 output indexed by
/// parallel dims, maps of dims and constants, not a matrix product, and a
/// pure body combining the output once with one value.
std::optional<RowReduction> matchReduction(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() == 0 ||
      op.getNumResults() != 0)
    return std::nullopt;
  // Matrix products are not row reductions here: a warp per output element
  // would read one operand across rows; they go to the GEMM library or the
  // generated GEMM.
  if (linalg::isaContractionOpInterface(
          cast<linalg::LinalgOp>(op.getOperation())))
    return std::nullopt;
  for (AffineMap map : op.getIndexingMapsArray())
    if (!isDimOrConstant(map))
      return std::nullopt;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  Block &body = op.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  RowReduction r{op, {}, {}};
  for (OpOperand &init : op.getDpsInitsMutable()) {
    auto outType = cast<MemRefType>(init.get().getType());
    if (!outType.getElementType().isF32())
      return std::nullopt;
    AffineMap outMap = op.getMatchingIndexingMap(&init);
    for (auto [dim, iterator] : llvm::enumerate(iterators))
      if (iterator == utils::IteratorType::reduction &&
          outMap.isFunctionOfDim(dim))
        return std::nullopt;
    unsigned i = init.getOperandNumber() - op.getNumDpsInputs();
    Operation *combiner = yield.getOperand(i).getDefiningOp();
    BlockArgument out = op.getMatchingBlockArgument(&init);
    if (!combiner || combiner->getBlock() != &body || !isCombiner(combiner) ||
        !out.hasOneUse())
      return std::nullopt;
    Value element;
    if (combiner->getOperand(0) == out)
      element = combiner->getOperand(1);
    else if (combiner->getOperand(1) == out)
      element = combiner->getOperand(0);
    else
      return std::nullopt;
    // A combiner's result feeds only the yield (a value that reads the
    // running total is not a reduction of the elements).
    if (!combiner->getResult(0).hasOneUse())
      return std::nullopt;
    r.combiners.push_back(combiner);
    r.elements.push_back(element);
  }
  // The body has no side effects or regions of its own.
  for (Operation &inner : body.without_terminator())
    if (inner.getNumRegions() || !isMemoryEffectFree(&inner))
      return std::nullopt;
  return r;
}

/// A row reduction: every loop parallel but the last, a reduction at least
/// `minRowSize` long (when static).
std::optional<RowReduction> match(linalg::GenericOp op, int64_t minRowSize) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (iterators.empty() || iterators.back() != utils::IteratorType::reduction ||
      llvm::count(iterators, utils::IteratorType::reduction) != 1)
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (!ShapedType::isDynamic(ranges.back()) && ranges.back() < minRowSize)
    return std::nullopt;
  return matchReduction(op);
}

/// A column reduction: parallel loops, then reduction loops, with the last
/// parallel loop indexing the innermost dim of the first input (so that
/// the 32 lanes of a warp read 32 adjacent columns).
std::optional<RowReduction> matchColumns(linalg::GenericOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  auto firstReduction =
      llvm::find(iterators, utils::IteratorType::reduction);
  size_t numParallel = firstReduction - iterators.begin();
  if (numParallel == 0 || firstReduction == iterators.end() ||
      !std::all_of(firstReduction, iterators.end(), [](utils::IteratorType t) {
        return t == utils::IteratorType::reduction;
      }))
    return std::nullopt;
  if (op.getNumDpsInputs() == 0)
    return std::nullopt;
  AffineMap first = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
  if (first.getNumResults() == 0)
    return std::nullopt;
  auto last = dyn_cast<AffineDimExpr>(first.getResults().back());
  if (!last || last.getPosition() != numParallel - 1)
    return std::nullopt;
  return matchReduction(op);
}

/// Builds the pieces both versions share; values come in one per output.
struct Builder {
  const RowReduction &r;
  OpBuilder &b;
  Location loc;

  Value combine(size_t i, Value a, Value x) {
    Operation *combiner = r.combiners[i];
    OperationState state(combiner->getLoc(), combiner->getName());
    state.addOperands({a, x});
    state.addTypes(a.getType());
    state.addAttributes(combiner->getAttrs());
    return b.create(state)->getResult(0);
  }
  SmallVector<Value> combineAll(ValueRange a, ValueRange x) {
    SmallVector<Value> out;
    for (size_t i = 0; i < r.size(); ++i)
      out.push_back(combine(i, a[i], x[i]));
    return out;
  }

  /// Each combiner's identity (f32).
  SmallVector<Value> identities() {
    SmallVector<Value> out;
    for (Operation *combiner : r.combiners)
      out.push_back(arith::ConstantOp::create(
          b, loc, identity(combiner, b.getF32Type())));
    return out;
  }

  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }

  /// The op's loop sizes, as index values.
  SmallVector<Value> loopSizes() {
    linalg::GenericOp op = r.op;
    SmallVector<Value> sizes;
    for (Range &range :
         cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(b, loc))
      sizes.push_back(getValueOrCreateConstantIndexOp(b, loc, range.size));
    return sizes;
  }

  /// The indices of an operand at loop position `ivs`.
  SmallVector<Value> indices(AffineMap map, ArrayRef<Value> ivs) {
    SmallVector<Value> out;
    for (AffineExpr e : map.getResults()) {
      if (auto d = dyn_cast<AffineDimExpr>(e))
        out.push_back(ivs[d.getPosition()]);
      else
        out.push_back(index(cast<AffineConstantExpr>(e).getValue()));
    }
    return out;
  }

  /// The values the body combines into the outputs at loop position `ivs`
  /// (the body without its combiners).
  SmallVector<Value> elementsAt(ArrayRef<Value> ivs) {
    linalg::GenericOp op = r.op;
    Block &body = op.getRegion().front();
    IRMapping mapping;
    for (OpOperand *input : op.getDpsInputOperands()) {
      Value v = memref::LoadOp::create(
          b, loc, input->get(),
          indices(op.getMatchingIndexingMap(input), ivs));
      mapping.map(body.getArgument(input->getOperandNumber()), v);
    }
    for (Operation &inner : body.without_terminator()) {
      if (llvm::is_contained(r.combiners, &inner))
        continue;
      if (auto idx = dyn_cast<linalg::IndexOp>(inner)) {
        mapping.map(idx.getResult(), ivs[idx.getDim()]);
        continue;
      }
      b.clone(inner, mapping);
    }
    SmallVector<Value> out;
    for (Value e : r.elements)
      out.push_back(mapping.lookupOrDefault(e));
    return out;
  }

  /// The partials of reduced elements start, start + 32, ... < n, with
  /// `ivsAt(j)` the loop position of reduced element j.
  SmallVector<Value>
  strided(Value start, Value n,
          llvm::function_ref<SmallVector<Value>(Value)> ivsAt) {
    auto loop =
        scf::ForOp::create(b, loc, start, n, index(kWarp), identities());
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    SmallVector<Value> x = elementsAt(ivsAt(loop.getInductionVar()));
    scf::YieldOp::create(b, loc, combineAll(loop.getRegionIterArgs(), x));
    return SmallVector<Value>(loop.getResults());
  }

  /// Lane `lane`'s partials of a row: columns lane, lane + 32, ... < n.
  SmallVector<Value> lanePartial(ArrayRef<Value> rowIvs, Value lane, Value n) {
    return strided(lane, n, [&](Value j) {
      SmallVector<Value> ivs(rowIvs.begin(), rowIvs.end());
      ivs.push_back(j);
      return ivs;
    });
  }

  /// The results combined into the outputs at the parallel position.
  void store(ArrayRef<Value> rowIvs, ValueRange results) {
    linalg::GenericOp op = r.op;
    for (size_t i = 0; i < r.size(); ++i) {
      OpOperand *init = op.getDpsInitOperand(i);
      SmallVector<Value> idx =
          indices(op.getMatchingIndexingMap(init), rowIvs);
      Value old = memref::LoadOp::create(b, loc, init->get(), idx);
      memref::StoreOp::create(b, loc, combine(i, old, results[i]),
                              init->get(), idx);
    }
  }

  /// Row index -> the parallel loops' indices (row-major over `sizes`).
  SmallVector<Value> delinearize(Value row, ArrayRef<Value> sizes) {
    return remat::delinearize(b, loc, row, sizes);
  }
};

void rewrite(const RowReduction &r, bool emulate, int64_t rowsPerBlock) {
  linalg::GenericOp op = r.op;
  OpBuilder b(op);
  Location loc = op.getLoc();
  Builder gen{r, b, loc};
  SmallVector<Value> sizes = gen.loopSizes();
  Value n = sizes.back();
  sizes.pop_back();
  Value rows = gen.index(1);
  for (Value s : sizes)
    rows = arith::MulIOp::create(b, loc, rows, s);
  size_t k = r.size();

  if (!emulate) {
    Value one = gen.index(1);
    Value perBlock = gen.index(rowsPerBlock);
    Value grid = arith::CeilDivUIOp::create(b, loc, rows, perBlock);
    auto launch = gpu::LaunchOp::create(b, loc, grid, one, one,
                                        gen.index(kWarp), perBlock, one);
    b.setInsertionPointToStart(&launch.getBody().front());
    Value lane = launch.getThreadIds().x;
    Value row = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, launch.getBlockIds().x,
                              gen.index(rowsPerBlock)),
        launch.getThreadIds().y);
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          row, rows);
    // The branch is uniform across a warp (one row per warp), so every
    // lane of a shuffle is active.
    auto ifRow = scf::IfOp::create(b, loc, inRange, /*withElse=*/false);
    b.setInsertionPointToStart(ifRow.thenBlock());
    SmallVector<Value> rowIvs = gen.delinearize(row, sizes);
    SmallVector<Value> acc = gen.lanePartial(rowIvs, lane, n);
    Value width = arith::ConstantIntOp::create(b, loc, kWarp, 32);
    for (int64_t offset : kShuffleOffsets) {
      Value off = arith::ConstantIntOp::create(b, loc, offset, 32);
      for (size_t i = 0; i < k; ++i) {
        auto shuffle = gpu::ShuffleOp::create(b, loc, acc[i], off, width,
                                              gpu::ShuffleMode::XOR);
        acc[i] = gen.combine(i, acc[i], shuffle.getShuffleResult());
      }
    }
    Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane,
                                        gen.index(0));
    auto ifFirst = scf::IfOp::create(b, loc, first, /*withElse=*/false);
    b.setInsertionPointToStart(ifFirst.thenBlock());
    gen.store(rowIvs, acc);
    b.setInsertionPointToEnd(&launch.getBody().front());
    gpu::TerminatorOp::create(b, loc);
    op.erase();
    return;
  }

  // The emulation: lanes[k][32] and a second array for each butterfly step.
  auto lanesType = MemRefType::get({static_cast<int64_t>(k), kWarp},
                                   b.getF32Type());
  Value lanes = memref::AllocaOp::create(b, loc, lanesType);
  Value next = memref::AllocaOp::create(b, loc, lanesType);
  Value zero = gen.index(0), one = gen.index(1), warp = gen.index(kWarp);
  auto rowLoop = scf::ForOp::create(b, loc, zero, rows, one);
  b.setInsertionPointToStart(rowLoop.getBody());
  SmallVector<Value> rowIvs = gen.delinearize(rowLoop.getInductionVar(), sizes);
  {
    auto laneLoop = scf::ForOp::create(b, loc, zero, warp, one);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(laneLoop.getBody());
    Value lane = laneLoop.getInductionVar();
    SmallVector<Value> acc = gen.lanePartial(rowIvs, lane, n);
    for (size_t i = 0; i < k; ++i)
      memref::StoreOp::create(b, loc, acc[i], lanes,
                              ValueRange{gen.index(i), lane});
  }
  for (int64_t offset : kShuffleOffsets) {
    {
      auto laneLoop = scf::ForOp::create(b, loc, zero, warp, one);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(laneLoop.getBody());
      Value lane = laneLoop.getInductionVar();
      Value partner =
          arith::XOrIOp::create(b, loc, lane, gen.index(offset));
      for (size_t i = 0; i < k; ++i) {
        Value out = gen.index(i);
        Value mine = memref::LoadOp::create(b, loc, lanes, ValueRange{out, lane});
        Value theirs =
            memref::LoadOp::create(b, loc, lanes, ValueRange{out, partner});
        memref::StoreOp::create(b, loc, gen.combine(i, mine, theirs), next,
                                ValueRange{out, lane});
      }
    }
    memref::CopyOp::create(b, loc, next, lanes);
  }
  SmallVector<Value> results;
  for (size_t i = 0; i < k; ++i)
    results.push_back(
        memref::LoadOp::create(b, loc, lanes, ValueRange{gen.index(i), zero}));
  gen.store(rowIvs, results);
  op.erase();
}

/// Column reductions: a block of 32 x 32 threads per 32 adjacent outputs.
/// Thread (x, y) combines the reduced elements y, y + 32, ... of output x
/// (adjacent x read adjacent memory), writes its partial to shared memory,
/// and after a barrier thread (x, 0) combines the 32 partials in order.
void rewriteColumns(const RowReduction &r, bool emulate) {
  linalg::GenericOp op = r.op;
  OpBuilder b(op);
  Location loc = op.getLoc();
  Builder gen{r, b, loc};
  unsigned numParallel = llvm::count(op.getIteratorTypesArray(),
                                     utils::IteratorType::parallel);
  SmallVector<Value> colSizes = gen.loopSizes(), redSizes;
  redSizes.assign(colSizes.begin() + numParallel, colSizes.end());
  colSizes.resize(numParallel);
  Value cols = gen.index(1), reduced = gen.index(1);
  for (Value s : colSizes)
    cols = arith::MulIOp::create(b, loc, cols, s);
  for (Value s : redSizes)
    reduced = arith::MulIOp::create(b, loc, reduced, s);
  size_t k = r.size();
  Value zero = gen.index(0), one = gen.index(1), warp = gen.index(kWarp);

  // Group g's partials of output `col`: reduced elements g, g + 32, ...
  auto partial = [&](Value col, Value group) -> SmallVector<Value> {
    SmallVector<Value> colIvs = gen.delinearize(col, colSizes);
    return gen.strided(group, reduced, [&](Value j) {
      SmallVector<Value> ivs = colIvs;
      llvm::append_range(ivs, gen.delinearize(j, redSizes));
      return ivs;
    });
  };
  // Partials[i][0..31][column] in order, combined into the outputs.
  auto finish = [&](Value col, Value partials, Value column) {
    SmallVector<Value> firsts;
    for (size_t i = 0; i < k; ++i)
      firsts.push_back(memref::LoadOp::create(
          b, loc, partials, ValueRange{gen.index(i), zero, column}));
    auto sum = scf::ForOp::create(b, loc, one, warp, one, firsts);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(sum.getBody());
      SmallVector<Value> next;
      for (size_t i = 0; i < k; ++i)
        next.push_back(memref::LoadOp::create(
            b, loc, partials,
            ValueRange{gen.index(i), sum.getInductionVar(), column}));
      scf::YieldOp::create(b, loc,
                           gen.combineAll(sum.getRegionIterArgs(), next));
    }
    gen.store(gen.delinearize(col, colSizes),
              SmallVector<Value>(sum.getResults()));
  };
  int64_t outputs = static_cast<int64_t>(k);

  if (!emulate) {
    auto shared = MemRefType::get(
        {outputs, kWarp, kWarp}, b.getF32Type(), MemRefLayoutAttrInterface(),
        gpu::AddressSpaceAttr::get(b.getContext(),
                                   gpu::AddressSpace::Workgroup));
    Value grid = arith::CeilDivUIOp::create(b, loc, cols, warp);
    auto launch = gpu::LaunchOp::create(
        b, loc, grid, one, one, warp, warp, one,
        /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
        /*asyncDependencies=*/{}, /*workgroupAttributions=*/TypeRange{shared});
    b.setInsertionPointToStart(&launch.getBody().front());
    Value partials = launch.getWorkgroupAttributions().front();
    Value x = launch.getThreadIds().x, y = launch.getThreadIds().y;
    Value col = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, launch.getBlockIds().x, warp), x);
    Value inRange =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, col, cols);
    SmallVector<Type> types(k, b.getF32Type());
    auto ifCol = scf::IfOp::create(b, loc, types, inRange,
                                   /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifCol.thenBlock());
      scf::YieldOp::create(b, loc, partial(col, y));
      b.setInsertionPointToStart(ifCol.elseBlock());
      scf::YieldOp::create(b, loc, gen.identities());
    }
    for (size_t i = 0; i < k; ++i)
      memref::StoreOp::create(b, loc, ifCol.getResult(i), partials,
                              ValueRange{gen.index(i), y, x});
    // Every thread reaches the barrier: only the loads are guarded.
    gpu::BarrierOp::create(b, loc);
    Value firstRow =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y, zero);
    Value last = arith::AndIOp::create(b, loc, firstRow, inRange);
    auto ifLast = scf::IfOp::create(b, loc, last, /*withElse=*/false);
    b.setInsertionPointToStart(ifLast.thenBlock());
    finish(col, partials, x);
    b.setInsertionPointToEnd(&launch.getBody().front());
    gpu::TerminatorOp::create(b, loc);
    op.erase();
    return;
  }

  // The emulation: for each output, its 32 group partials in a host array.
  Value partials = memref::AllocaOp::create(
      b, loc, MemRefType::get({outputs, kWarp, 1}, b.getF32Type()));
  auto colLoop = scf::ForOp::create(b, loc, zero, cols, one);
  b.setInsertionPointToStart(colLoop.getBody());
  Value col = colLoop.getInductionVar();
  {
    auto groups = scf::ForOp::create(b, loc, zero, warp, one);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(groups.getBody());
    SmallVector<Value> acc = partial(col, groups.getInductionVar());
    for (size_t i = 0; i < k; ++i)
      memref::StoreOp::create(
          b, loc, acc[i], partials,
          ValueRange{gen.index(i), groups.getInductionVar(), zero});
  }
  finish(col, partials, zero);
  op.erase();
}

struct WarpRowReductionsPass
    : public remat::impl::WarpRowReductionsBase<WarpRowReductionsPass> {
  using WarpRowReductionsBase::WarpRowReductionsBase;
  void runOnOperation() override {
    if (rowsPerBlock < 1 || kWarp * rowsPerBlock > 1024) {
      getOperation().emitError("remat-warp-row-reductions: rows-per-block "
                               "must be from 1 to 32");
      return signalPassFailure();
    }
    SmallVector<RowReduction> found;
    getOperation().walk([&](linalg::GenericOp op) {
      if (std::optional<RowReduction> r = match(op, minRowSize))
        found.push_back(*r);
    });
    for (const RowReduction &r : found)
      rewrite(r, emulate, rowsPerBlock);
  }
};

struct BlockColumnReductionsPass
    : public remat::impl::BlockColumnReductionsBase<BlockColumnReductionsPass> {
  using BlockColumnReductionsBase::BlockColumnReductionsBase;
  void runOnOperation() override {
    SmallVector<RowReduction> found;
    getOperation().walk([&](linalg::GenericOp op) {
      if (std::optional<RowReduction> r = matchColumns(op))
        found.push_back(*r);
    });
    for (const RowReduction &r : found)
      rewriteColumns(r, emulate);
  }
};

} // namespace
