//===- TiledGemm.cpp - the generated GEMM kernels -------------------------===//
//
/// remat-tiled-gemm: every matrix product the library matcher recognizes
/// becomes a `gpu.launch` of one of two kernels, each a 64x64 tile of C per
/// block (grid z: the batch):
///  * f32 (and f16/bf16 with tensor-cores=false): 256 threads as 16x16,
///    4x4 outputs a thread, k tiles of 16 in shared memory;
///  * f16/bf16 inputs: 4 warps, each a 32x32 part of the tile as 2x4
///    tensor-core products `mma.sync.m16n8k16` (f32 accumulators), k tiles
///    of 32.
/// Both read each operand's tile from global memory as runs along its
/// contiguous dim, one vector load each where the buffer allows it (checked at run time:
/// aligned base, strides a multiple of the run) and element by element
/// otherwise (tile edges, odd strides), and double-buffer shared memory:
/// the next k tile is read into registers while the current one is
/// multiplied, stored into the other buffer, one barrier a tile. With
/// `emulate` each kernel's order of operations is written as host loops.
//
//===----------------------------------------------------------------------===//

#include "GemmMatch.h"
#include "ReductionChain.h"
#include "remat/Conversion/MmaLayout.h"
#include "remat/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <functional>

namespace remat {
#define GEN_PASS_DEF_TILEDGEMM
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

/// Both kernels: a 64x64 tile of C per block.
constexpr int64_t kTileMN = 64;
/// The f32 kernel: 256 threads as 16x16, 4x4 outputs each, k tiles of 16.
constexpr int64_t kSide = 16, kPer = 4, kTileK = 16;
/// The tensor-core kernel: 4 warps (2x2, each 32x32 of the tile), k tiles
/// of 32 (two k steps of mma.m16n8k16), shared rows padded to 40 elements
/// so that a warp's fragment loads hit 32 distinct banks.
constexpr int64_t kWarps = 4, kLanes = 32, kTcTileK = 32, kTcRow = 40;
constexpr int64_t kMmaM = 16, kMmaN = 8, kMmaK = 16;
constexpr int64_t kWarpM = 32, kWarpN = 32;
constexpr int64_t kFragM = kWarpM / kMmaM, kFragN = kWarpN / kMmaN;
/// Bytes a vector run reads (the tensor-core kernel); shared buffers are
/// aligned to it (remat-align-workgroup-buffers).
constexpr int64_t kRunBytes = 16;

/// Which of an input's dims is contiguous in memory (unit static stride in
/// its last memref dim): runs along it can be read as vectors.
enum class Along { K, Outer, Neither };

/// One input as a kernel stages it: a tile [outer][k] (A: outer = m, B:
/// outer = n), read in runs of `width` elements.
struct Input {
  const GemmOperand *x;
  bool isA;
  Along along;
  int64_t width;
  /// i1 computed before the launch: runs along the contiguous dim may be
  /// read as one vector (aligned base, every other stride a multiple of
  /// the width).
  Value vectorOk;
  Value extent; // m or n
};

struct KernelBuilder {
  OpBuilder &b;
  Location loc;
  const Gemm &g;
  bool emulate;
  Value m, n, k;
  SmallVector<Value> batchSizes;
  /// Where the product rounds its sums into a 16-bit result itself (a
  /// findRoundingChain's epilogue result, shaped as C): that buffer; the
  /// sums start from 0 instead of C's value.
  Value rounded = {};

  Value idx(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value div(Value x, int64_t y) {
    return arith::DivUIOp::create(b, loc, x, idx(y));
  }
  Value rem(Value x, int64_t y) {
    return arith::RemUIOp::create(b, loc, x, idx(y));
  }
  Value lt(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
  }
  Value both(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value zero(Type t) {
    return arith::ConstantOp::create(b, loc, t, b.getZeroAttr(t));
  }
  Type f32() { return b.getF32Type(); }

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

  Value widened(Value v, bool widen) {
    if (!widen || v.getType().isF32())
      return v;
    return arith::ExtFOp::create(b, loc, f32(), v);
  }

  /// x[row, col] (widened to f32 when `widen`) where `inBounds`, else 0.
  Value loadOrZero(const GemmOperand &x, ArrayRef<Value> batchIvs, Value row,
                   Value col, Value inBounds, bool widen) {
    Type element = cast<MemRefType>(x.buffer.getType()).getElementType();
    Type type = widen ? f32() : element;
    auto branch = scf::IfOp::create(b, loc, TypeRange{type}, inBounds, true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    Value v = memref::LoadOp::create(b, loc, x.buffer,
                                     indices(x, batchIvs, row, col));
    scf::YieldOp::create(b, loc, widened(v, widen));
    b.setInsertionPointToStart(branch.elseBlock());
    scf::YieldOp::create(b, loc, zero(type));
    return branch.getResult(0);
  }

  /// Where `x` allows vector runs of `width` along one of its matrix dims,
  /// built before the launch.
  Input describe(const GemmOperand &x, bool isA, int64_t width) {
    Input in{&x, isA, Along::Neither, width, Value(), isA ? m : n};
    auto type = cast<MemRefType>(x.buffer.getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    unsigned last = type.getRank() - 1;
    unsigned kPos = isA ? x.colPos : x.rowPos;
    unsigned outerPos = isA ? x.rowPos : x.colPos;
    if (succeeded(type.getStridesAndOffset(strides, offset)) &&
        strides[last] == 1)
      in.along = last == kPos       ? Along::K
                 : last == outerPos ? Along::Outer
                                    : Along::Neither;
    if (in.along == Along::Neither) {
      in.vectorOk = arith::ConstantIntOp::create(b, loc, 0, 1);
      return in;
    }
    int64_t bytes = type.getElementTypeBitWidth() / 8;
    auto meta = memref::ExtractStridedMetadataOp::create(b, loc, x.buffer);
    Value pointer =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, x.buffer);
    auto isZero = [&](Value v) {
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v,
                                   idx(0));
    };
    Value start = add(pointer, mul(meta.getOffset(), idx(bytes)));
    Value ok = isZero(rem(start, width * bytes));
    for (unsigned d = 0; d < last; ++d)
      ok = both(ok, isZero(rem(meta.getStrides()[d], width)));
    in.vectorOk = ok;
    return in;
  }

  /// (row, col) of x for the tile coordinates (outer, k).
  std::pair<Value, Value> rowCol(const Input &in, Value outer, Value kk) {
    return in.isA ? std::make_pair(outer, kk) : std::make_pair(kk, outer);
  }

  /// The steps of a run: (outer, k) per element.
  std::pair<int64_t, int64_t> runStep(const Input &in) {
    return in.along == Along::Outer ? std::make_pair(int64_t(1), int64_t(0))
                                    : std::make_pair(int64_t(0), int64_t(1));
  }

  /// Whether a kernel carries `in`'s runs as one vector value (else as
  /// `width` scalars: the emulation, and inputs without a contiguous dim).
  bool vectorRuns(const Input &in) {
    return !emulate && in.along != Along::Neither;
  }

  /// The types of one run's values.
  SmallVector<Type> runTypes(const Input &in, bool widen) {
    Type element = cast<MemRefType>(in.x->buffer.getType()).getElementType();
    Type type = widen ? f32() : element;
    if (vectorRuns(in))
      return {VectorType::get({in.width}, type)};
    return SmallVector<Type>(in.width, type);
  }

  /// The run of `in.width` elements at (go, gk) (global tile coordinates):
  /// one vector load when the whole run is inside the matrix and vectors
  /// are allowed, else each element with its own bounds check (0 outside).
  SmallVector<Value> loadRun(const Input &in, ArrayRef<Value> batchIvs,
                             Value go, Value gk, bool widen) {
    std::pair<int64_t, int64_t> step = runStep(in);
    Type element = cast<MemRefType>(in.x->buffer.getType()).getElementType();
    auto elementwise = [&]() {
      SmallVector<Value> out;
      for (int64_t j = 0; j < in.width; ++j) {
        Value o = add(go, idx(j * step.first));
        Value kk = add(gk, idx(j * step.second));
        auto [row, col] = rowCol(in, o, kk);
        out.push_back(loadOrZero(*in.x, batchIvs, row, col,
                                 both(lt(o, in.extent), lt(kk, k)), widen));
      }
      return out;
    };
    if (in.along == Along::Neither)
      return elementwise();
    Value lastO = add(go, idx((in.width - 1) * step.first));
    Value lastK = add(gk, idx((in.width - 1) * step.second));
    Value whole =
        both(in.vectorOk, both(lt(lastO, in.extent), lt(lastK, k)));
    SmallVector<Type> types = runTypes(in, widen);
    auto branch = scf::IfOp::create(b, loc, types, whole, true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    auto [row, col] = rowCol(in, go, gk);
    SmallVector<Value> at = indices(*in.x, batchIvs, row, col);
    SmallVector<Value> run;
    if (!emulate) {
      auto vectorType = VectorType::get({in.width}, element);
      int64_t bytes = in.width * element.getIntOrFloatBitWidth() / 8;
      Value v = vector::LoadOp::create(b, loc, vectorType, in.x->buffer, at,
                                       /*nontemporal=*/false,
                                       llvm::MaybeAlign(bytes));
      if (widen && !element.isF32())
        v = arith::ExtFOp::create(b, loc, types.front(), v);
      run.push_back(v);
    } else {
      // The same run element by element along the contiguous last dim.
      for (int64_t j = 0; j < in.width; ++j) {
        SmallVector<Value> element = at;
        element.back() = add(at.back(), idx(j));
        run.push_back(widened(
            memref::LoadOp::create(b, loc, in.x->buffer, element), widen));
      }
    }
    scf::YieldOp::create(b, loc, run);
    b.setInsertionPointToStart(branch.elseBlock());
    SmallVector<Value> each = elementwise();
    if (vectorRuns(in))
      each = {vector::FromElementsOp::create(
          b, loc, cast<VectorType>(types.front()), each)};
    scf::YieldOp::create(b, loc, each);
    return SmallVector<Value>(branch.getResults());
  }

  /// The tile coordinates (outer, k) of run `e` of a tile of `outerT` x
  /// `kT`: runs follow the contiguous dim, so adjacent threads read
  /// adjacent runs.
  std::pair<Value, Value> runAt(const Input &in, Value e, int64_t outerT,
                                int64_t kT) {
    if (in.along == Along::Outer) {
      int64_t perK = outerT / in.width;
      return {mul(rem(e, perK), idx(in.width)), div(e, perK)};
    }
    int64_t perRow = kT / in.width;
    return {div(e, perRow), mul(rem(e, perRow), idx(in.width))};
  }

  /// Runs a thread stages of a tile of `outerT` x `kT`.
  static int64_t runsPerThread(const Input &in, int64_t threads,
                               int64_t outerT, int64_t kT) {
    return outerT * kT / (in.width * threads);
  }

  /// Thread `tid`'s runs of the k tile at `kBase` (`runTypes` each).
  SmallVector<Value> loadTile(const Input &in, ArrayRef<Value> batchIvs,
                              Value outerBase, Value kBase, Value tid,
                              int64_t threads, int64_t outerT, int64_t kT,
                              bool widen) {
    SmallVector<Value> values;
    for (int64_t q = 0; q < runsPerThread(in, threads, outerT, kT); ++q) {
      auto [o, kk] = runAt(in, add(tid, idx(q * threads)), outerT, kT);
      llvm::append_range(values, loadRun(in, batchIvs, add(outerBase, o),
                                         add(kBase, kk), widen));
    }
    return values;
  }

  /// The types of loadTile's values.
  SmallVector<Type> tileTypes(const Input &in, int64_t threads,
                              int64_t outerT, int64_t kT, bool widen) {
    SmallVector<Type> types;
    for (int64_t q = 0; q < runsPerThread(in, threads, outerT, kT); ++q)
      llvm::append_range(types, runTypes(in, widen));
    return types;
  }

  /// Stores thread `tid`'s runs into buffer `buf` of `shared`, laid out
  /// [buf][outer][k] when `outerMajor`, else [buf][k][outer]; a run that is
  /// contiguous there too is one vector store.
  void storeTile(const Input &in, Value shared, Value buf, Value tid,
                 int64_t threads, int64_t outerT, int64_t kT, bool outerMajor,
                 ArrayRef<Value> values) {
    std::pair<int64_t, int64_t> step = runStep(in);
    bool contiguous = in.along == (outerMajor ? Along::K : Along::Outer);
    int64_t perRun = vectorRuns(in) ? 1 : in.width;
    for (int64_t q = 0; q < runsPerThread(in, threads, outerT, kT); ++q) {
      std::pair<Value, Value> start =
          runAt(in, add(tid, idx(q * threads)), outerT, kT);
      ArrayRef<Value> run = values.slice(q * perRun, perRun);
      auto at = [&](int64_t j) -> SmallVector<Value> {
        Value oj = add(start.first, idx(j * step.first));
        Value kj = add(start.second, idx(j * step.second));
        return outerMajor ? SmallVector<Value>{buf, oj, kj}
                          : SmallVector<Value>{buf, kj, oj};
      };
      if (contiguous && !emulate) {
        Value v = run.front();
        auto type = cast<VectorType>(v.getType());
        int64_t bytes =
            in.width * type.getElementType().getIntOrFloatBitWidth() / 8;
        vector::StoreOp::create(b, loc, v, shared, at(0),
                                /*nontemporal=*/false,
                                llvm::MaybeAlign(bytes));
        continue;
      }
      for (int64_t j = 0; j < in.width; ++j) {
        Value v = perRun == 1 ? vector::ExtractOp::create(b, loc, run[0], j)
                                    .getResult()
                              : run[j];
        memref::StoreOp::create(b, loc, v, shared, at(j));
      }
    }
  }

  /// C's value (0 outside C) at (row, col); 0 where the sums are rounded
  /// into `rounded` (the accumulator's fill was a zero).
  Value initialC(ArrayRef<Value> batchIvs, Value row, Value col) {
    if (rounded)
      return zero(f32());
    return loadOrZero(g.c, batchIvs, row, col,
                      both(lt(row, m), lt(col, n)), /*widen=*/false);
  }

  /// The sum at (row, col) into C, or rounded into `rounded`.
  void storeC(ArrayRef<Value> batchIvs, Value row, Value col, Value v) {
    auto branch =
        scf::IfOp::create(b, loc, both(lt(row, m), lt(col, n)), false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    Value target = g.c.buffer;
    if (rounded) {
      target = rounded;
      v = arith::TruncFOp::create(
          b, loc, cast<MemRefType>(rounded.getType()).getElementType(), v);
    }
    memref::StoreOp::create(b, loc, v, target,
                            indices(g.c, batchIvs, row, col));
  }

  /// The emulation's accumulators of thread `tid`: row `tid` of `accBuf`.
  SmallVector<Value> readAcc(Value accBuf, Value tid) {
    int64_t accs = cast<MemRefType>(accBuf.getType()).getDimSize(1);
    SmallVector<Value> acc;
    for (int64_t e = 0; e < accs; ++e)
      acc.push_back(
          memref::LoadOp::create(b, loc, accBuf, ValueRange{tid, idx(e)}));
    return acc;
  }

  void writeAcc(Value accBuf, Value tid, ArrayRef<Value> acc) {
    for (auto [e, v] : llvm::enumerate(acc))
      memref::StoreOp::create(b, loc, v, accBuf,
                              ValueRange{tid, idx(int64_t(e))});
  }

  /// `body(iv)` in a loop 0..ub.
  void forEach(Value ub, llvm::function_ref<void(Value)> body) {
    auto loop = scf::ForOp::create(b, loc, idx(0), ub, idx(1));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    body(loop.getInductionVar());
  }

  /// `body()` when `cond`.
  void when(Value cond, llvm::function_ref<void()> body) {
    auto branch = scf::IfOp::create(b, loc, cond, false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    body();
  }

  /// `loads()` when `cond`, zeros of the same types otherwise.
  SmallVector<Value> loadWhen(Value cond,
                              llvm::function_ref<SmallVector<Value>()> loads,
                              TypeRange types) {
    auto branch = scf::IfOp::create(b, loc, types, cond, true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    scf::YieldOp::create(b, loc, loads());
    b.setInsertionPointToStart(branch.elseBlock());
    SmallVector<Value> zeros;
    for (Type t : types)
      zeros.push_back(zero(t));
    scf::YieldOp::create(b, loc, zeros);
    return SmallVector<Value>(branch.getResults());
  }

  /// Shared buffer `buf` of the tile at kt: (kt / kT) % 2, and the other.
  std::pair<Value, Value> buffers(Value kt, int64_t kT) {
    Value cur = rem(div(kt, kT), 2);
    return {cur, arith::SubIOp::create(b, loc, idx(1), cur)};
  }
};

Type sharedType(OpBuilder &b, ArrayRef<int64_t> shape, Type element,
                bool emulate) {
  Attribute space;
  if (!emulate)
    space = gpu::AddressSpaceAttr::get(b.getContext(),
                                       gpu::AddressSpace::Workgroup);
  return MemRefType::get(shape, element, MemRefLayoutAttrInterface(), space);
}

/// What a kernel adds to the skeleton both share (`buildGemm`): its block,
/// its staging, its accumulators, and the products of one k tile.
struct Kernel {
  /// Threads a block (one dimension).
  int64_t threads;
  /// k tile; shared tiles of kTileMN x kT per input, double-buffered.
  int64_t kT;
  Type tileType;
  /// Inputs staged as f32 (the f32 kernel) or as they are.
  bool widen;
  /// Shared layout [buf][outer][k] (else [buf][k][outer]).
  bool outerMajor;
  int64_t accs;
  /// Thread `tid`'s accumulators from C.
  std::function<SmallVector<Value>(Value tid, ArrayRef<Value> batchIvs,
                                   Value rowBase, Value colBase)>
      initial;
  /// Thread `tid`'s accumulators into C.
  std::function<void(Value tid, ArrayRef<Value> batchIvs, Value rowBase,
                     Value colBase, ArrayRef<Value> acc)>
      finish;
  /// The GPU: thread `tid`'s products of the k tile at kt in buffer `buf`.
  std::function<SmallVector<Value>(Value kt, Value buf, Value tid, Value as,
                                   Value bs, ArrayRef<Value> acc)>
      multiply;
  /// The emulation: every thread's products of the tile, on `accBuf`
  /// (threads x accs).
  std::function<void(Value kt, Value buf, Value as, Value bs, Value accBuf)>
      emulateMultiply;
};

/// The skeleton: a 64x64 tile of C a block. Each thread's accumulators
/// from C; the first k tile staged into buffer 0; per k tile, the next
/// tile's runs loaded into registers (when there is one), this tile's
/// products, the next tile stored into the other buffer, one barrier; the
/// accumulators into C. With `emulate`, blocks and threads as loops, each
/// barrier the boundary between a loop over threads that multiplies and
/// one that stages the next tile, the accumulators in an array.
struct GemmSkeleton : KernelBuilder {
  Input a, bIn;

  SmallVector<Value> load(const Kernel &kn, ArrayRef<Value> batchIvs,
                          Value rowBase, Value colBase, Value kBase,
                          Value tid) {
    SmallVector<Value> values = loadTile(a, batchIvs, rowBase, kBase, tid,
                                         kn.threads, kTileMN, kn.kT, kn.widen);
    llvm::append_range(values,
                       loadTile(bIn, batchIvs, colBase, kBase, tid,
                                kn.threads, kTileMN, kn.kT, kn.widen));
    return values;
  }

  SmallVector<Type> loadTypes(const Kernel &kn) {
    SmallVector<Type> types =
        tileTypes(a, kn.threads, kTileMN, kn.kT, kn.widen);
    llvm::append_range(types,
                       tileTypes(bIn, kn.threads, kTileMN, kn.kT, kn.widen));
    return types;
  }

  void store(const Kernel &kn, Value as, Value bs, Value buf, Value tid,
             ArrayRef<Value> values) {
    size_t ofA = tileTypes(a, kn.threads, kTileMN, kn.kT, kn.widen).size();
    storeTile(a, as, buf, tid, kn.threads, kTileMN, kn.kT, kn.outerMajor,
              values.take_front(ofA));
    storeTile(bIn, bs, buf, tid, kn.threads, kTileMN, kn.kT, kn.outerMajor,
              values.drop_front(ofA));
  }

  void build(const Kernel &kn, Value gridX, Value gridY, Value batch);
  void buildEmulation(const Kernel &kn, Value gridX, Value gridY,
                      Value batch);
};

void GemmSkeleton::build(const Kernel &kn, Value gridX, Value gridY,
                         Value batch) {
  if (emulate)
    return buildEmulation(kn, gridX, gridY, batch);
  Value tile = idx(kTileMN);
  auto launch = gpu::LaunchOp::create(
      b, loc, gridX, gridY, batch, idx(kn.threads), idx(1), idx(1), nullptr,
      nullptr, {}, TypeRange{kn.tileType, kn.tileType});
  b.setInsertionPointToStart(&launch.getBody().front());
  Value as = launch.getWorkgroupAttributions()[0];
  Value bs = launch.getWorkgroupAttributions()[1];
  Value tid = launch.getThreadIds().x;
  Value rowBase = mul(launch.getBlockIds().y, tile);
  Value colBase = mul(launch.getBlockIds().x, tile);
  SmallVector<Value> batchIvs =
      delinearize(b, loc, launch.getBlockIds().z, batchSizes);
  SmallVector<Value> acc = kn.initial(tid, batchIvs, rowBase, colBase);
  store(kn, as, bs, idx(0), tid,
        load(kn, batchIvs, rowBase, colBase, idx(0), tid));
  gpu::BarrierOp::create(b, loc);
  auto kLoop = scf::ForOp::create(b, loc, idx(0), k, idx(kn.kT), acc);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kLoop.getBody());
    Value kt = kLoop.getInductionVar();
    std::pair<Value, Value> bufs = buffers(kt, kn.kT);
    Value next = add(kt, idx(kn.kT));
    Value more = lt(next, k);
    // The next tile's global loads are in flight during the products.
    SmallVector<Value> ahead = loadWhen(
        more,
        [&] { return load(kn, batchIvs, rowBase, colBase, next, tid); },
        loadTypes(kn));
    SmallVector<Value> sums =
        kn.multiply(kt, bufs.first, tid, as, bs,
                    SmallVector<Value>(kLoop.getRegionIterArgs()));
    when(more, [&] { store(kn, as, bs, bufs.second, tid, ahead); });
    gpu::BarrierOp::create(b, loc);
    scf::YieldOp::create(b, loc, sums);
  }
  kn.finish(tid, batchIvs, rowBase, colBase,
            SmallVector<Value>(kLoop.getResults()));
  gpu::TerminatorOp::create(b, loc);
}

void GemmSkeleton::buildEmulation(const Kernel &kn, Value gridX, Value gridY,
                                  Value batch) {
  Value tile = idx(kTileMN);
  auto tileType = cast<MemRefType>(kn.tileType);
  Value as = memref::AllocaOp::create(b, loc, tileType);
  Value bs = memref::AllocaOp::create(b, loc, tileType);
  Value accBuf = memref::AllocaOp::create(
      b, loc, MemRefType::get({kn.threads, kn.accs}, f32()));
  Value threadCount = idx(kn.threads);
  forEach(batch, [&](Value bz) {
    SmallVector<Value> batchIvs = delinearize(b, loc, bz, batchSizes);
    forEach(gridY, [&](Value by) {
      forEach(gridX, [&](Value bx) {
        Value rowBase = mul(by, tile), colBase = mul(bx, tile);
        forEach(threadCount, [&](Value tid) {
          writeAcc(accBuf, tid, kn.initial(tid, batchIvs, rowBase, colBase));
          store(kn, as, bs, idx(0), tid,
                load(kn, batchIvs, rowBase, colBase, idx(0), tid));
        });
        auto kLoop = scf::ForOp::create(b, loc, idx(0), k, idx(kn.kT));
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(kLoop.getBody());
        Value kt = kLoop.getInductionVar();
        std::pair<Value, Value> bufs = buffers(kt, kn.kT);
        kn.emulateMultiply(kt, bufs.first, as, bs, accBuf);
        Value next = add(kt, idx(kn.kT));
        when(lt(next, k), [&] {
          forEach(threadCount, [&](Value tid) {
            store(kn, as, bs, bufs.second, tid,
                  load(kn, batchIvs, rowBase, colBase, next, tid));
          });
        });
        b.setInsertionPointAfter(kLoop);
        forEach(threadCount, [&](Value tid) {
          kn.finish(tid, batchIvs, rowBase, colBase, readAcc(accBuf, tid));
        });
      });
    });
  });
}

//===----------------------------------------------------------------------===//
// The f32 kernel: shared-memory tiles and register blocking
//===----------------------------------------------------------------------===//

/// 256 threads, (ty, tx) = (tid / 16, tid % 16); each thread's 4x4 outputs
/// are rows ty + 16 i and columns tx + 16 j (a warp's loads and stores of
/// C adjacent); shared tiles [buf][k][outer] in f32 (16-bit inputs widened
/// as they are staged); each output is `fma(a, b, acc)` in ascending k from
/// C's value, stopping at K: the loops' order, one rounding a step instead
/// of two (math.fma: FFMA on the GPU, a fused multiply-add in the
/// emulation too).
struct SimtGemm {
  KernelBuilder &kb;

  static constexpr int64_t threads = kSide * kSide, accs = kPer * kPer;

  Value rowOf(Value base, Value t, int64_t i) {
    return kb.add(base, kb.add(t, kb.idx(kSide * i)));
  }

  /// (row, col) in C of thread tid's output e.
  std::pair<Value, Value> at(Value tid, Value rowBase, Value colBase,
                             int64_t e) {
    return {rowOf(rowBase, kb.div(tid, kSide), e / kPer),
            rowOf(colBase, kb.rem(tid, kSide), e % kPer)};
  }

  /// The k tile's products fused into `acc`, in ascending k, up to K.
  SmallVector<Value> multiply(Value kt, Value buf, Value tid, Value as,
                              Value bs, ValueRange acc) {
    OpBuilder &b = kb.b;
    Location loc = kb.loc;
    Value ty = kb.div(tid, kSide), tx = kb.rem(tid, kSide);
    Value left = arith::SubIOp::create(b, loc, kb.k, kt);
    Value end = arith::MinUIOp::create(b, loc, left, kb.idx(kTileK));
    auto loop = scf::ForOp::create(b, loc, kb.idx(0), end, kb.idx(1), acc);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value kk = loop.getInductionVar();
    SmallVector<Value> av, bv, next;
    for (int64_t i = 0; i < kPer; ++i)
      av.push_back(memref::LoadOp::create(
          b, loc, as, ValueRange{buf, kk, kb.add(ty, kb.idx(kSide * i))}));
    for (int64_t j = 0; j < kPer; ++j)
      bv.push_back(memref::LoadOp::create(
          b, loc, bs, ValueRange{buf, kk, kb.add(tx, kb.idx(kSide * j))}));
    for (int64_t i = 0; i < kPer; ++i)
      for (int64_t j = 0; j < kPer; ++j)
        next.push_back(math::FmaOp::create(
            b, loc, av[i], bv[j], loop.getRegionIterArgs()[i * kPer + j]));
    scf::YieldOp::create(b, loc, next);
    return SmallVector<Value>(loop.getResults());
  }

  Kernel kernel() {
    Kernel kn;
    kn.threads = threads;
    kn.kT = kTileK;
    kn.tileType =
        sharedType(kb.b, {2, kTileK, kTileMN}, kb.f32(), kb.emulate);
    kn.widen = true;
    kn.outerMajor = false;
    kn.accs = accs;
    kn.initial = [this](Value tid, ArrayRef<Value> batchIvs, Value rowBase,
                        Value colBase) {
      SmallVector<Value> acc;
      for (int64_t e = 0; e < accs; ++e) {
        auto [row, col] = at(tid, rowBase, colBase, e);
        acc.push_back(kb.initialC(batchIvs, row, col));
      }
      return acc;
    };
    kn.finish = [this](Value tid, ArrayRef<Value> batchIvs, Value rowBase,
                       Value colBase, ArrayRef<Value> acc) {
      for (int64_t e = 0; e < accs; ++e) {
        auto [row, col] = at(tid, rowBase, colBase, e);
        kb.storeC(batchIvs, row, col, acc[e]);
      }
    };
    kn.multiply = [this](Value kt, Value buf, Value tid, Value as, Value bs,
                         ArrayRef<Value> acc) {
      return multiply(kt, buf, tid, as, bs, acc);
    };
    kn.emulateMultiply = [this](Value kt, Value buf, Value as, Value bs,
                                Value accBuf) {
      kb.forEach(kb.idx(threads), [&](Value tid) {
        kb.writeAcc(accBuf, tid,
                    multiply(kt, buf, tid, as, bs, kb.readAcc(accBuf, tid)));
      });
    };
    return kn;
  }
};

//===----------------------------------------------------------------------===//
// The tensor-core kernel: mma.sync.m16n8k16 on f16/bf16, f32 accumulators
//===----------------------------------------------------------------------===//

/// Warp w computes rows 32 (w / 2) .. + 32 and columns 32 (w % 2) .. + 32
/// of the block's tile as 2x4 products of 16x8 (m16n8k16). Fragments
/// follow the PTX ISA's layout (MmaLayout.h): with g = lane / 4 and t =
/// lane % 4, A's four 32-bit registers hold (row, k) = (g, 2t..2t+1),
/// (g + 8, 2t..), (g, 2t + 8..), (g + 8, 2t + 8..); B's two hold (k, col)
/// = (2t..2t+1, g), (2t + 8.., g); C's four f32 hold (g, 2t), (g, 2t + 1),
/// (g + 8, 2t), (g + 8, 2t + 1). Shared tiles are
/// [buf][outer][k] (rows of 40: 32 + 8 padding), so each fragment register
/// is one 32-bit shared load.
struct TensorCoreGemm {
  KernelBuilder &kb;
  Type element; // f16 or bf16

  static constexpr int64_t threads = kWarps * kLanes,
                           accs = kFragM * kFragN * 4;

  struct Lane {
    Value wm, wn, g, t;
  };

  Lane lane(Value tid) {
    Value warp = kb.div(tid, kLanes), l = kb.rem(tid, kLanes);
    return {kb.div(warp, 2), kb.rem(warp, 2), kb.div(l, 4), kb.rem(l, 4)};
  }

  Value plus(Value base, int64_t scale, Value x, int64_t offset) {
    return kb.add(kb.mul(base, kb.idx(scale)), kb.add(kb.idx(offset), x));
  }

  /// C's (row, col) in the block's tile of accumulator `c` (0..3) of
  /// product (mi, ni).
  std::pair<Value, Value> cAt(const Lane &l, int64_t mi, int64_t ni,
                              int64_t c) {
    mma::Offset o = mma::cOffset(c);
    return {plus(l.wm, kWarpM, l.g, mi * kMmaM + o.first),
            plus(l.wn, kWarpN, kb.mul(l.t, kb.idx(2)),
                 ni * kMmaN + o.second)};
  }

  /// A's (row, k) of register r's first element (product row block mi,
  /// k step s); the second is at k + 1.
  std::pair<Value, Value> aAt(const Lane &l, int64_t mi, int64_t s,
                              int64_t r) {
    mma::Offset o = mma::aOffset(2 * r);
    return {plus(l.wm, kWarpM, l.g, mi * kMmaM + o.first),
            kb.add(kb.idx(s * kMmaK + o.second), kb.mul(l.t, kb.idx(2)))};
  }

  /// B's (col, k) of register r's first element.
  std::pair<Value, Value> bAt(const Lane &l, int64_t ni, int64_t s,
                              int64_t r) {
    mma::Offset o = mma::bOffset(2 * r);
    return {plus(l.wn, kWarpN, l.g, ni * kMmaN + o.second),
            kb.add(kb.idx(s * kMmaK + o.first), kb.mul(l.t, kb.idx(2)))};
  }

  static int64_t slot(int64_t mi, int64_t ni, int64_t c) {
    return (mi * kFragN + ni) * 4 + c;
  }

  /// `body(slot, row, col)` for each accumulator of thread tid.
  void eachAcc(Value tid, Value rowBase, Value colBase,
               llvm::function_ref<void(int64_t, Value, Value)> body) {
    Lane l = lane(tid);
    for (int64_t mi = 0; mi < kFragM; ++mi)
      for (int64_t ni = 0; ni < kFragN; ++ni)
        for (int64_t c = 0; c < 4; ++c) {
          auto [row, col] = cAt(l, mi, ni, c);
          body(slot(mi, ni, c), kb.add(rowBase, row), kb.add(colBase, col));
        }
  }

  /// One fragment register: the two elements at (outer, k), (outer, k + 1)
  /// of `shared` as the mma operand type (vector<2xf16>, or i32 for bf16).
  Value fragment(Value shared, Value buf, Value outer, Value kk) {
    Value pair = vector::LoadOp::create(
        kb.b, kb.loc, VectorType::get({2}, element), shared,
        ValueRange{buf, outer, kk}, /*nontemporal=*/false,
        llvm::MaybeAlign(4));
    if (element.isF16())
      return pair;
    return LLVM::BitcastOp::create(kb.b, kb.loc, kb.b.getI32Type(), pair);
  }

  /// The k tile's two k steps on the GPU: 8 mma.sync per step a warp.
  SmallVector<Value> multiply(Value buf, Value tid, Value as, Value bs,
                              ArrayRef<Value> acc) {
    OpBuilder &b = kb.b;
    Lane l = lane(tid);
    SmallVector<Value> sums(acc);
    auto resultType = LLVM::LLVMStructType::getLiteral(
        b.getContext(), SmallVector<Type>(4, kb.f32()));
    NVVM::MMATypes ptx =
        element.isF16() ? NVVM::MMATypes::f16 : NVVM::MMATypes::bf16;
    for (int64_t s = 0; s < kTcTileK / kMmaK; ++s) {
      SmallVector<SmallVector<Value>> af(kFragM), bf(kFragN);
      for (int64_t mi = 0; mi < kFragM; ++mi)
        for (int64_t r = 0; r < 4; ++r) {
          auto [row, kk] = aAt(l, mi, s, r);
          af[mi].push_back(fragment(as, buf, row, kk));
        }
      for (int64_t ni = 0; ni < kFragN; ++ni)
        for (int64_t r = 0; r < 2; ++r) {
          auto [col, kk] = bAt(l, ni, s, r);
          bf[ni].push_back(fragment(bs, buf, col, kk));
        }
      for (int64_t mi = 0; mi < kFragM; ++mi)
        for (int64_t ni = 0; ni < kFragN; ++ni) {
          SmallVector<Value> c;
          for (int64_t e = 0; e < 4; ++e)
            c.push_back(sums[slot(mi, ni, e)]);
          int64_t shape[] = {kMmaM, kMmaN, kMmaK};
          auto mma = NVVM::MmaOp::create(
              b, kb.loc, resultType, af[mi], bf[ni], c, shape, std::nullopt,
              std::nullopt, std::array<NVVM::MMATypes, 2>{ptx, ptx},
              std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                             NVVM::MMALayout::col});
          for (int64_t e = 0; e < 4; ++e)
            sums[slot(mi, ni, e)] = LLVM::ExtractValueOp::create(
                b, kb.loc, mma, ArrayRef<int64_t>{e});
        }
    }
    return sums;
  }

  /// The emulation of one k tile: per k step, warp and product, the
  /// warp's fragments gathered into a 16x16 A and a 16x8 B by the layout
  /// above, then each lane's accumulators adding A(row, k) * B(k, col) in
  /// ascending k. The tensor cores' own order of summation within a k step
  /// is not specified, so the GPU agrees with this within f32 rounding.
  void emulateMultiply(Value buf, Value as, Value bs, Value accBuf, Value af,
                       Value bf) {
    OpBuilder &b = kb.b;
    Location loc = kb.loc;
    auto sharedF32 = [&](Value shared, Value outer, Value kk) {
      return kb.widened(
          memref::LoadOp::create(b, loc, shared, ValueRange{buf, outer, kk}),
          true);
    };
    for (int64_t s = 0; s < kTcTileK / kMmaK; ++s)
      kb.forEach(kb.idx(kWarps), [&](Value warp) {
        Value warpBase = kb.mul(warp, kb.idx(kLanes));
        for (int64_t mi = 0; mi < kFragM; ++mi)
          for (int64_t ni = 0; ni < kFragN; ++ni) {
            kb.forEach(kb.idx(kLanes), [&](Value ln) {
              Lane l = lane(kb.add(warpBase, ln));
              Value top = plus(l.wm, kWarpM, kb.idx(0), mi * kMmaM);
              Value left = plus(l.wn, kWarpN, kb.idx(0), ni * kMmaN);
              Value step = kb.idx(s * kMmaK);
              // Both elements of a register at (outer, kk) of `shared` into
              // `dst` at (outer - origin, k - step), k first for B.
              auto gather = [&](Value shared, Value dst, Value outer,
                                Value origin, Value kk, bool kFirst) {
                Value i = arith::SubIOp::create(b, loc, outer, origin);
                for (int64_t h = 0; h < 2; ++h) {
                  Value kh = kb.add(kk, kb.idx(h));
                  Value j = arith::SubIOp::create(b, loc, kh, step);
                  memref::StoreOp::create(
                      b, loc, sharedF32(shared, outer, kh), dst,
                      kFirst ? SmallVector<Value>{j, i}
                             : SmallVector<Value>{i, j});
                }
              };
              for (int64_t r = 0; r < 4; ++r) {
                auto [row, kk] = aAt(l, mi, s, r);
                gather(as, af, row, top, kk, /*kFirst=*/false);
              }
              for (int64_t r = 0; r < 2; ++r) {
                auto [col, kk] = bAt(l, ni, s, r);
                gather(bs, bf, col, left, kk, /*kFirst=*/true);
              }
            });
            kb.forEach(kb.idx(kLanes), [&](Value ln) {
              Value tid = kb.add(warpBase, ln);
              Lane l = lane(tid);
              for (int64_t c = 0; c < 4; ++c) {
                // (row, col) within the 16x8 product.
                mma::Offset o = mma::cOffset(c);
                Value row = kb.add(l.g, kb.idx(o.first));
                Value col = kb.add(kb.mul(l.t, kb.idx(2)), kb.idx(o.second));
                Value at = kb.idx(slot(mi, ni, c));
                Value start = memref::LoadOp::create(b, loc, accBuf,
                                                     ValueRange{tid, at});
                auto sum =
                    scf::ForOp::create(b, loc, kb.idx(0), kb.idx(kMmaK),
                                       kb.idx(1), ValueRange{start});
                {
                  OpBuilder::InsertionGuard inner(b);
                  b.setInsertionPointToStart(sum.getBody());
                  Value kk = sum.getInductionVar();
                  Value x =
                      memref::LoadOp::create(b, loc, af, ValueRange{row, kk});
                  Value y =
                      memref::LoadOp::create(b, loc, bf, ValueRange{kk, col});
                  Value p = arith::MulFOp::create(b, loc, x, y);
                  scf::YieldOp::create(
                      b, loc,
                      ValueRange{arith::AddFOp::create(
                          b, loc, sum.getRegionIterArgs()[0], p)});
                }
                memref::StoreOp::create(b, loc, sum.getResult(0), accBuf,
                                        ValueRange{tid, at});
              }
            });
          }
      });
  }

  Kernel kernel() {
    Kernel kn;
    kn.threads = threads;
    kn.kT = kTcTileK;
    kn.tileType = sharedType(kb.b, {2, kTileMN, kTcRow}, element, kb.emulate);
    kn.widen = false;
    kn.outerMajor = true;
    kn.accs = accs;
    kn.initial = [this](Value tid, ArrayRef<Value> batchIvs, Value rowBase,
                        Value colBase) {
      SmallVector<Value> acc(accs);
      eachAcc(tid, rowBase, colBase, [&](int64_t e, Value row, Value col) {
        acc[e] = kb.initialC(batchIvs, row, col);
      });
      return acc;
    };
    kn.finish = [this](Value tid, ArrayRef<Value> batchIvs, Value rowBase,
                       Value colBase, ArrayRef<Value> acc) {
      eachAcc(tid, rowBase, colBase, [&](int64_t e, Value row, Value col) {
        kb.storeC(batchIvs, row, col, acc[e]);
      });
    };
    kn.multiply = [this](Value, Value buf, Value tid, Value as, Value bs,
                         ArrayRef<Value> acc) {
      return multiply(buf, tid, as, bs, acc);
    };
    if (kb.emulate) {
      // The gathered fragments, allocated once outside the loops.
      Value af = memref::AllocaOp::create(
          kb.b, kb.loc, MemRefType::get({kMmaM, kMmaK}, kb.f32()));
      Value bf = memref::AllocaOp::create(
          kb.b, kb.loc, MemRefType::get({kMmaK, kMmaN}, kb.f32()));
      kn.emulateMultiply = [this, af, bf](Value, Value buf, Value as,
                                          Value bs, Value accBuf) {
        emulateMultiply(buf, as, bs, accBuf, af, bf);
      };
    }
    return kn;
  }
};

void rewriteTiledGemm(linalg::LinalgOp op, const Gemm &gemm, bool emulate,
                      bool tensorCores, AliasAnalysis &aliases) {
  // A 16-bit product's rounding epilogue: the kernel rounds its sums into
  // the result itself, where the epilogue was, and the accumulator goes.
  Type element = cast<MemRefType>(gemm.a.buffer.getType()).getElementType();
  std::optional<ReductionChain> chain =
      findRoundingChain(gemm.c.buffer, op, element, aliases);
  IRRewriter rewriter(op->getContext());
  if (chain)
    moveDeallocsAfterEpilogue(*chain, rewriter);
  OpBuilder b(chain ? chain->epilogue.getOperation() : op.getOperation());
  Location loc = op.getLoc();
  auto dim = [&](Value buffer, unsigned pos) -> Value {
    return memref::DimOp::create(b, loc, buffer, pos);
  };
  Value rounded =
      chain ? chain->epilogue.getDpsInitOperand(0)->get() : Value();
  // (C's sizes from the result C's shape has: the accumulator goes.)
  Value c = rounded ? rounded : gemm.c.buffer;
  KernelBuilder kb{b,
                   loc,
                   gemm,
                   emulate,
                   dim(c, gemm.c.rowPos),
                   dim(c, gemm.c.colPos),
                   dim(gemm.a.buffer, gemm.a.colPos),
                   {},
                   rounded};
  Value batch = kb.idx(1);
  for (auto [loop, pos] : gemm.c.batch) {
    kb.batchSizes.push_back(dim(c, pos));
    batch = kb.mul(batch, kb.batchSizes.back());
  }
  Value tile = kb.idx(kTileMN);
  Value gridX = arith::CeilDivUIOp::create(b, loc, kb.n, tile);
  Value gridY = arith::CeilDivUIOp::create(b, loc, kb.m, tile);
  bool onTensorCores = tensorCores && (element.isF16() || element.isBF16());
  // A thread's run of each input a k tile: the tensor-core kernel's two of
  // 16 bytes; the f32 kernel's one of 4 elements (64 x 16 / 256).
  int64_t width = onTensorCores ? kRunBytes / 2
                                : kTileMN * kTileK / SimtGemm::threads;
  GemmSkeleton skeleton{kb, kb.describe(gemm.a, true, width),
                        kb.describe(gemm.b, false, width)};
  if (onTensorCores) {
    TensorCoreGemm tc{skeleton, element};
    skeleton.build(tc.kernel(), gridX, gridY, batch);
  } else {
    SimtGemm simt{skeleton};
    skeleton.build(simt.kernel(), gridX, gridY, batch);
  }
  if (chain)
    eraseReductionChain(*chain, rewriter);
  else
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
      rewriteTiledGemm(op, gemm, emulate, tensorCores, aliases);
  }
};

} // namespace
