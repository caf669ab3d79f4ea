//===- NNToLinalg.cpp - nn ops to linalg on tensors -----------------------===//
//
// Lowers every nn op to `linalg.generic`s (plus `linalg.transpose`,
// `linalg.fill` and `tensor` reshapes) on tensors, with `tensor.empty`
// destinations. Three kernel shapes cover all ops:
//
//  * elementwise: a parallel generic over the result shape; each operand is
//    indexed through a NumPy broadcast map (size-1 dims read index 0, missing
//    dims are dropped) or a "row" map (all dims but the last);
//  * reduction: a generic over an operand's shape that keeps some dims and
//    reduces the others into f32 accumulators filled with their identity;
//  * matmul: a generic over (batch..., m, n, k) with k reduced into an f32
//    accumulator; transpose flags swap the operand maps and broadcast batch
//    dims read index 0 or are dropped.
//
// f16/bf16 operands are extended to f32 when loaded in a kernel body and the
// value stored is truncated once, so every kernel computes and accumulates in
// f32. Multi-step ops (softmax, layernorm, losses and their gradients) chain
// such kernels through f32 intermediate tensors: softmax subtracts the row
// maximum of scale*x over unmasked entries, cross-entropy uses a
// max-subtracted log-sum-exp, layernorm uses a centered (two-pass) variance.
// Dropout recomputes the counter-based mask of docs/Lowering.md from the
// row-major linear index (linalg.index, i64 arithmetic) of each element.
//
// Every op must have statically shaped ranked tensor operands and results; an
// op that does not is reported at its location and the pass fails.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"

#include "remat/Dialect/NN/NNOps.h"
#include "remat/Dialect/Remat/RematDialect.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLExtras.h"

#include <limits>
#include <numeric>
#include <optional>
#include <string>

namespace remat {
#define GEN_PASS_DEF_CONVERTNNTOLINALG
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

using utils::IteratorType;

//===----------------------------------------------------------------------===//
// Types, shapes and maps
//===----------------------------------------------------------------------===//

RankedTensorType tensorType(Value v) {
  return cast<RankedTensorType>(v.getType());
}
ArrayRef<int64_t> shapeOf(Value v) { return tensorType(v).getShape(); }
int64_t rankOf(Value v) { return tensorType(v).getRank(); }
Type elementOf(Value v) { return tensorType(v).getElementType(); }

int64_t product(ArrayRef<int64_t> dims) {
  return std::accumulate(dims.begin(), dims.end(), int64_t{1},
                         std::multiplies<int64_t>());
}

/// Why `op` cannot be lowered, or nothing if it can: every operand and result
/// must be a statically shaped ranked tensor.
std::optional<std::string> unsupportedReason(Operation *op) {
  if (auto generic = dyn_cast<nn::GenericOp>(op))
    return ("it stands for the framework op '" + generic.getCallee() +
            "', which remat plans but does not compile")
        .str();
  auto check = [](Type type) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    return ranked && ranked.hasStaticShape();
  };
  for (auto [kind, types] :
       {std::make_pair("operand", TypeRange(op->getOperandTypes())),
        std::make_pair("result", TypeRange(op->getResultTypes()))})
    for (auto [i, type] : llvm::enumerate(types))
      if (!check(type)) {
        std::string msg;
        llvm::raw_string_ostream os(msg);
        os << kind << " #" << i << " has type " << type
           << ", but only statically shaped ranked tensors can be lowered";
        return msg;
      }
  return std::nullopt;
}

/// The map from a rank-`rank` iteration space to the listed dims.
AffineMap dimsMap(MLIRContext *ctx, int64_t rank, ArrayRef<int64_t> dims) {
  SmallVector<AffineExpr> exprs;
  for (int64_t d : dims)
    exprs.push_back(getAffineDimExpr(d, ctx));
  return AffineMap::get(rank, 0, exprs, ctx);
}

/// The dims [begin, end).
SmallVector<int64_t> dimRange(int64_t begin, int64_t end) {
  SmallVector<int64_t> dims(std::max<int64_t>(end - begin, 0));
  std::iota(dims.begin(), dims.end(), begin);
  return dims;
}

/// NumPy broadcast of `operand` (right-aligned) against the iteration dims
/// starting at `first` with sizes `space`: a size-1 dim that is broadcast
/// reads index 0, missing dims are dropped.
SmallVector<AffineExpr> broadcastExprs(MLIRContext *ctx,
                                       ArrayRef<int64_t> operand,
                                       ArrayRef<int64_t> space, int64_t first) {
  SmallVector<AffineExpr> exprs;
  int64_t offset = static_cast<int64_t>(space.size() - operand.size());
  for (auto [i, size] : llvm::enumerate(operand)) {
    int64_t dim = offset + static_cast<int64_t>(i);
    exprs.push_back(size == 1 && space[dim] != 1
                        ? getAffineConstantExpr(0, ctx)
                        : getAffineDimExpr(first + dim, ctx));
  }
  return exprs;
}

//===----------------------------------------------------------------------===//
// Scalar arithmetic inside kernel bodies (f32 unless noted)
//===----------------------------------------------------------------------===//

/// Terse scalar builders for kernel bodies.
struct Scalar {
  OpBuilder &b;
  Location loc;

  Value f32(double v) const {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(v));
  }
  Value i64(uint64_t v) const {
    return arith::ConstantIntOp::create(b, loc, b.getI64Type(), APInt(64, v));
  }
  Value add(Value x, Value y) const {
    return arith::AddFOp::create(b, loc, x, y);
  }
  Value sub(Value x, Value y) const {
    return arith::SubFOp::create(b, loc, x, y);
  }
  Value mul(Value x, Value y) const {
    return arith::MulFOp::create(b, loc, x, y);
  }
  Value div(Value x, Value y) const {
    return arith::DivFOp::create(b, loc, x, y);
  }
  Value max(Value x, Value y) const {
    return arith::MaximumFOp::create(b, loc, x, y);
  }
  Value exp(Value x) const { return math::ExpOp::create(b, loc, x); }
  Value log(Value x) const { return math::LogOp::create(b, loc, x); }
  Value tanh(Value x) const { return math::TanhOp::create(b, loc, x); }
  Value rsqrt(Value x) const { return math::RsqrtOp::create(b, loc, x); }
  Value select(Value c, Value x, Value y) const {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value cmpf(arith::CmpFPredicate p, Value x, Value y) const {
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
  /// The iteration index of dim `d` of the enclosing generic.
  Value index(int64_t d) const {
    return linalg::IndexOp::create(b, loc, static_cast<uint64_t>(d));
  }
  Value toI64(Value index) const {
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  }
  /// Whether the iteration index of dim `dim` equals the integer `label`.
  Value isLabel(int64_t dim, Value label) const {
    Value l = arith::IndexCastOp::create(b, loc, b.getIndexType(), label);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, index(dim),
                                 l);
  }
  /// Whether element [..., i, j] of a rank-`rank` space has j > i.
  Value aboveDiagonal(int64_t rank) const {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                 index(rank - 1), index(rank - 2));
  }
};

Value extendToF32(OpBuilder &b, Location loc, Value v) {
  if (isa<FloatType>(v.getType()) && !v.getType().isF32())
    return arith::ExtFOp::create(b, loc, b.getF32Type(), v);
  return v;
}

Value truncateTo(OpBuilder &b, Location loc, Value v, Type type) {
  if (v.getType() == type)
    return v;
  return arith::TruncFOp::create(b, loc, type, v);
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// An operand of a kernel and how the iteration space indexes it.
struct Access {
  Value tensor;
  AffineMap map;
};

/// Computes the values to store from the (f32-extended) inputs and the
/// current outputs.
using BodyFn =
    function_ref<SmallVector<Value>(Scalar &, ValueRange ins, ValueRange outs)>;
/// Computes one value from the (f32-extended) inputs.
using ElementFn = function_ref<Value(Scalar &, ValueRange ins)>;

/// A linalg.generic whose body extends float inputs to f32 and truncates each
/// stored value to its output's element type.
SmallVector<Value> buildKernel(OpBuilder &b, Location loc, ArrayRef<Access> ins,
                               ArrayRef<Access> outs,
                               ArrayRef<IteratorType> iterators, BodyFn body) {
  SmallVector<Value> inputs, inits;
  SmallVector<AffineMap> maps;
  SmallVector<Type> resultTypes;
  for (const Access &in : ins) {
    inputs.push_back(in.tensor);
    maps.push_back(in.map);
  }
  for (const Access &out : outs) {
    inits.push_back(out.tensor);
    maps.push_back(out.map);
    resultTypes.push_back(out.tensor.getType());
  }
  size_t numIns = ins.size();
  auto generic = linalg::GenericOp::create(
      b, loc, resultTypes, inputs, inits, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Scalar s{nb, nloc};
        SmallVector<Value> wide;
        for (Value arg : args.take_front(numIns))
          wide.push_back(extendToF32(nb, nloc, arg));
        SmallVector<Value> stored;
        for (auto [v, init] :
             llvm::zip(body(s, wide, args.drop_front(numIns)), inits))
          stored.push_back(truncateTo(nb, nloc, v, elementOf(init)));
        linalg::YieldOp::create(nb, nloc, stored);
      });
  return SmallVector<Value>(generic.getResults());
}

/// A parallel kernel producing a tensor of `type`; `ins` are indexed in the
/// result's iteration space.
Value elementwise(OpBuilder &b, Location loc, RankedTensorType type,
                  ArrayRef<Access> ins, ElementFn fn) {
  Value init =
      tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
  int64_t rank = type.getRank();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, b.getContext());
  SmallVector<IteratorType> iterators(rank, IteratorType::parallel);
  return buildKernel(b, loc, ins, {{init, identity}}, iterators,
                     [&](Scalar &s, ValueRange in, ValueRange) {
                       return SmallVector<Value>{fn(s, in)};
                     })
      .front();
}

/// Reduces over the iteration space `space`, keeping the dims `kept` (in
/// order): one f32 accumulator per entry of `inits`, filled with it.
SmallVector<Value> reduce(OpBuilder &b, Location loc, ArrayRef<int64_t> space,
                          ArrayRef<int64_t> kept, ArrayRef<Access> ins,
                          ArrayRef<double> inits, BodyFn body) {
  MLIRContext *ctx = b.getContext();
  int64_t rank = space.size();
  SmallVector<int64_t> keptShape;
  for (int64_t d : kept)
    keptShape.push_back(space[d]);
  SmallVector<Access> outs;
  for (double init : inits) {
    Value empty = tensor::EmptyOp::create(b, loc, keptShape, b.getF32Type());
    Value value = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(init));
    auto fill = linalg::FillOp::create(b, loc, value, empty);
    // (For remat-fuse-reduction-epilogues: an accumulator of this op's.)
    fill->setAttr(RematDialect::kAccumulatorAttrName, b.getUnitAttr());
    outs.push_back({fill.getResult(0), dimsMap(ctx, rank, kept)});
  }
  SmallVector<IteratorType> iterators(rank, IteratorType::reduction);
  for (int64_t d : kept)
    iterators[d] = IteratorType::parallel;
  return buildKernel(b, loc, ins, outs, iterators, body);
}

/// Reduces over the last dim of `space`.
SmallVector<Value> reduceRows(OpBuilder &b, Location loc,
                              ArrayRef<int64_t> space, ArrayRef<Access> ins,
                              ArrayRef<double> inits, BodyFn body) {
  return reduce(b, loc, space, dimRange(0, space.size() - 1), ins, inits, body);
}

/// `v` read at the same indices in a space of its own rank.
Access same(Value v) {
  return {v, AffineMap::getMultiDimIdentityMap(rankOf(v), v.getContext())};
}
/// `v` NumPy-broadcast into a space of shape `space`.
Access broadcastInto(Value v, ArrayRef<int64_t> space) {
  MLIRContext *ctx = v.getContext();
  return {v, AffineMap::get(space.size(), 0,
                            broadcastExprs(ctx, shapeOf(v), space, 0), ctx)};
}
/// A per-row value (all dims but the last) in a rank-`rank` space.
Access row(Value v, int64_t rank) {
  return {v, dimsMap(v.getContext(), rank, dimRange(0, rank - 1))};
}
/// A rank-0 value in a rank-`rank` space.
Access scalar(Value v, int64_t rank) {
  return {v, AffineMap::get(rank, 0, {}, v.getContext())};
}

/// `v`, the result of an elementwise kernel that reads an accumulator of
/// the same op's (reduce) as its last step, marked as that accumulator's
/// epilogue: remat-fuse-reduction-epilogues fuses only such kernels into
/// their reduction (a kernel of another nn op reads an nn value, which the
/// memory plan counts).
Value epilogue(Value v) {
  v.getDefiningOp()->setAttr(RematDialect::kEpilogueAttrName,
                             UnitAttr::get(v.getContext()));
  return v;
}

/// `v` with its elements converted (rounded) to `type`.
Value castElements(OpBuilder &b, Location loc, Value v, Type type) {
  if (elementOf(v) == type)
    return v;
  auto result = RankedTensorType::get(shapeOf(v), type);
  return epilogue(elementwise(b, loc, result, {same(v)},
                              [](Scalar &, ValueRange in) { return in[0]; }));
}

/// scale * x; nothing for a scale of 1.
Value scaled(Scalar &s, Value x, double scale) {
  return scale == 1.0 ? x : s.mul(x, s.f32(scale));
}

/// Row maximum and row sum of exp(scale*x - max) over the last dim of `x`,
/// both in f32; with `causal`, entries above the diagonal are excluded.
std::pair<Value, Value> softmaxStats(OpBuilder &b, Location loc, Value x,
                                     double scale, bool causal) {
  ArrayRef<int64_t> space = shapeOf(x);
  int64_t rank = space.size();
  double inf = std::numeric_limits<double>::infinity();
  auto masked = [&](Scalar &s, Value v, double fill) {
    return causal ? s.select(s.aboveDiagonal(rank), s.f32(fill), v) : v;
  };
  Value rowMax = reduceRows(b, loc, space, {same(x)}, {-inf},
                            [&](Scalar &s, ValueRange in, ValueRange out) {
                              Value v =
                                  masked(s, scaled(s, in[0], scale), -inf);
                              return SmallVector<Value>{s.max(out[0], v)};
                            })
                     .front();
  Value rowSum =
      reduceRows(b, loc, space, {same(x), row(rowMax, rank)}, {0.0},
                 [&](Scalar &s, ValueRange in, ValueRange out) {
                   Value e = s.exp(s.sub(scaled(s, in[0], scale), in[1]));
                   return SmallVector<Value>{s.add(out[0], masked(s, e, 0.0))};
                 })
          .front();
  return {rowMax, rowSum};
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// Checks that the op is lowerable, then replaces it with `lower`'s values.
template <typename OpTy> struct NNLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using Adaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    if (std::optional<std::string> reason = unsupportedReason(op))
      return rewriter.notifyMatchFailure(op, *reason);
    rewriter.replaceOp(op, lower(op, adaptor, rewriter));
    return success();
  }

  virtual SmallVector<Value> lower(OpTy op, Adaptor a, OpBuilder &b) const = 0;
};

/// nn.add / nn.sub / nn.mul: broadcasting elementwise arithmetic.
template <typename OpTy, typename ArithOp>
struct BinaryLowering : NNLowering<OpTy> {
  using NNLowering<OpTy>::NNLowering;
  SmallVector<Value> lower(OpTy op, typename NNLowering<OpTy>::Adaptor a,
                           OpBuilder &b) const override {
    auto type = cast<RankedTensorType>(op.getType());
    ArrayRef<int64_t> space = type.getShape();
    return {elementwise(
        b, op.getLoc(), type,
        {broadcastInto(a.getLhs(), space), broadcastInto(a.getRhs(), space)},
        [](Scalar &s, ValueRange in) -> Value {
          return ArithOp::create(s.b, s.loc, in[0], in[1]);
        })};
  }
};

/// An elementwise kernel over operands of the result's shape.
Value sameShapeKernel(OpBuilder &b, Location loc, Value result,
                      ValueRange operands, ElementFn fn) {
  SmallVector<Access> ins;
  for (Value v : operands)
    ins.push_back(same(v));
  return elementwise(b, loc, tensorType(result), ins, fn);
}

constexpr double kGeluCoeff = 0.044715;
constexpr double kSqrt2OverPi = 0.7978845608028654; // sqrt(2/pi)

/// tanh(sqrt(2/pi) * (x + 0.044715 x^3)).
Value geluTanh(Scalar &s, Value x) {
  Value x3 = s.mul(s.mul(x, x), x);
  Value inner = s.add(x, s.mul(s.f32(kGeluCoeff), x3));
  return s.tanh(s.mul(s.f32(kSqrt2OverPi), inner));
}

struct GeluLowering : NNLowering<nn::GeluOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::GeluOp op, Adaptor a,
                           OpBuilder &b) const override {
    return {sameShapeKernel(b, op.getLoc(), op.getResult(), a.getInput(),
                            [](Scalar &s, ValueRange in) {
                              Value t = geluTanh(s, in[0]);
                              Value half = s.mul(s.f32(0.5), in[0]);
                              return s.mul(half, s.add(s.f32(1.0), t));
                            })};
  }
};

struct GeluGradLowering : NNLowering<nn::GeluGradOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::GeluGradOp op, Adaptor a,
                           OpBuilder &b) const override {
    // d/dx = 0.5 (1 + t) + 0.5 x (1 - t^2) sqrt(2/pi) (1 + 3 * 0.044715 x^2).
    return {sameShapeKernel(
        b, op.getLoc(), op.getResult(), {a.getGrad(), a.getInput()},
        [](Scalar &s, ValueRange in) {
          Value x = in[1], t = geluTanh(s, x);
          Value dInner = s.mul(
              s.f32(kSqrt2OverPi),
              s.add(s.f32(1.0), s.mul(s.f32(3 * kGeluCoeff), s.mul(x, x))));
          Value sech2 = s.sub(s.f32(1.0), s.mul(t, t));
          Value left = s.mul(s.f32(0.5), s.add(s.f32(1.0), t));
          Value right = s.mul(s.mul(s.mul(s.f32(0.5), x), sech2), dInner);
          return s.mul(in[0], s.add(left, right));
        })};
  }
};

struct ReluLowering : NNLowering<nn::ReluOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::ReluOp op, Adaptor a,
                           OpBuilder &b) const override {
    return {sameShapeKernel(
        b, op.getLoc(), op.getResult(), a.getInput(),
        [](Scalar &s, ValueRange in) { return s.max(in[0], s.f32(0.0)); })};
  }
};

struct ReluGradLowering : NNLowering<nn::ReluGradOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::ReluGradOp op, Adaptor a,
                           OpBuilder &b) const override {
    return {sameShapeKernel(
        b, op.getLoc(), op.getResult(), {a.getGrad(), a.getInput()},
        [](Scalar &s, ValueRange in) {
          Value positive = s.cmpf(arith::CmpFPredicate::OGT, in[1], s.f32(0.0));
          return s.select(positive, in[0], s.f32(0.0));
        })};
  }
};

struct ScaleLowering : NNLowering<nn::ScaleOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::ScaleOp op, Adaptor a,
                           OpBuilder &b) const override {
    double factor = op.getFactor().convertToFloat();
    return {sameShapeKernel(
        b, op.getLoc(), op.getResult(), a.getInput(),
        [&](Scalar &s, ValueRange in) { return s.mul(in[0], s.f32(factor)); })};
  }
};

/// The row-major linear index of the current element of a space of `shape`,
/// as i64.
Value linearIndex(Scalar &s, ArrayRef<int64_t> shape) {
  if (shape.empty())
    return s.i64(0);
  Value linear = s.toI64(s.index(0));
  for (int64_t d = 1, e = shape.size(); d < e; ++d) {
    Value scaled = arith::MulIOp::create(s.b, s.loc, linear, s.i64(shape[d]));
    linear = arith::AddIOp::create(s.b, s.loc, scaled, s.toI64(s.index(d)));
  }
  return linear;
}

/// The uniform in [0, 1) of docs/Lowering.md for `seed` and linear index `i`.
Value dropoutUniform(Scalar &s, int64_t seed, Value i) {
  OpBuilder &b = s.b;
  Location loc = s.loc;
  auto mixStep = [&](Value z, uint64_t shift) {
    Value shifted = arith::ShRUIOp::create(b, loc, z, s.i64(shift));
    return arith::XOrIOp::create(b, loc, z, shifted).getResult();
  };
  Value counter = arith::AddIOp::create(b, loc, i, s.i64(1));
  Value z = arith::MulIOp::create(b, loc, counter, s.i64(0x9E3779B97F4A7C15));
  z = arith::AddIOp::create(b, loc, s.i64(static_cast<uint64_t>(seed)), z);
  z = arith::MulIOp::create(b, loc, mixStep(z, 30), s.i64(0xBF58476D1CE4E5B9));
  z = arith::MulIOp::create(b, loc, mixStep(z, 27), s.i64(0x94D049BB133111EB));
  z = mixStep(z, 31);
  Value top24 = arith::ShRUIOp::create(b, loc, z, s.i64(40));
  Value u = arith::UIToFPOp::create(b, loc, b.getF32Type(), top24);
  return s.mul(u, s.f32(0x1p-24));
}

struct DropoutLowering : NNLowering<nn::DropoutOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::DropoutOp op, Adaptor a,
                           OpBuilder &b) const override {
    double rate = op.getRate().convertToFloat();
    if (rate == 0.0)
      return {a.getInput()};
    int64_t seed = op.getSeed();
    double keepScale = 1.0 / (1.0 - rate); // rounded to f32 by the constant
    ArrayRef<int64_t> shape = shapeOf(a.getInput());
    return {sameShapeKernel(
        b, op.getLoc(), op.getResult(), a.getInput(),
        [&](Scalar &s, ValueRange in) {
          Value u = dropoutUniform(s, seed, linearIndex(s, shape));
          Value keep = s.cmpf(arith::CmpFPredicate::OGE, u, s.f32(rate));
          return s.select(keep, s.mul(in[0], s.f32(keepScale)), s.f32(0.0));
        })};
  }
};

struct SoftmaxLowering : NNLowering<nn::SoftmaxOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::SoftmaxOp op, Adaptor a,
                           OpBuilder &b) const override {
    Value x = a.getInput();
    double scale = op.getScaleValue();
    bool causal = op.getCausal();
    int64_t rank = rankOf(x);
    auto [rowMax, rowSum] = softmaxStats(b, op.getLoc(), x, scale, causal);
    return {elementwise(
        b, op.getLoc(), tensorType(op.getResult()),
        {same(x), row(rowMax, rank), row(rowSum, rank)},
        [&](Scalar &s, ValueRange in) {
          Value e = s.exp(s.sub(scaled(s, in[0], scale), in[1]));
          Value p = s.div(e, in[2]);
          return causal ? s.select(s.aboveDiagonal(rank), s.f32(0.0), p) : p;
        })};
  }
};

struct SoftmaxGradLowering : NNLowering<nn::SoftmaxGradOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::SoftmaxGradOp op, Adaptor a,
                           OpBuilder &b) const override {
    Value dy = a.getGrad(), p = a.getOutput();
    double scale = op.getScaleValue();
    int64_t rank = rankOf(dy);
    Value dot =
        reduceRows(b, op.getLoc(), shapeOf(dy), {same(dy), same(p)}, {0.0},
                   [](Scalar &s, ValueRange in, ValueRange out) {
                     return SmallVector<Value>{
                         s.add(out[0], s.mul(in[0], in[1]))};
                   })
            .front();
    return {elementwise(b, op.getLoc(), tensorType(op.getResult()),
                        {same(dy), same(p), row(dot, rank)},
                        [&](Scalar &s, ValueRange in) {
                          Value centered = s.mul(in[1], s.sub(in[0], in[2]));
                          return scaled(s, centered, scale);
                        })};
  }
};

/// The batch-dims part of a matmul operand's map in the (batch..., m, n, k)
/// space, followed by the two matrix dims `rowDim`, `colDim`.
AffineMap matmulMap(MLIRContext *ctx, ArrayRef<int64_t> operand,
                    ArrayRef<int64_t> batch, int64_t rowDim, int64_t colDim) {
  SmallVector<AffineExpr> exprs =
      broadcastExprs(ctx, operand.drop_back(2), batch, 0);
  exprs.push_back(getAffineDimExpr(rowDim, ctx));
  exprs.push_back(getAffineDimExpr(colDim, ctx));
  return AffineMap::get(batch.size() + 3, 0, exprs, ctx);
}

struct MatmulLowering : NNLowering<nn::MatmulOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::MatmulOp op, Adaptor a,
                           OpBuilder &b) const override {
    MLIRContext *ctx = b.getContext();
    Location loc = op.getLoc();
    RankedTensorType type = tensorType(op.getResult());
    ArrayRef<int64_t> batch = type.getShape().drop_back(2);
    int64_t nb = batch.size(), m = nb, n = nb + 1, k = nb + 2;
    AffineMap lhsMap = op.getTransposeA()
                           ? matmulMap(ctx, shapeOf(a.getLhs()), batch, k, m)
                           : matmulMap(ctx, shapeOf(a.getLhs()), batch, m, k);
    AffineMap rhsMap = op.getTransposeB()
                           ? matmulMap(ctx, shapeOf(a.getRhs()), batch, n, k)
                           : matmulMap(ctx, shapeOf(a.getRhs()), batch, k, n);
    // The space is the result's shape plus k; reduce only k.
    SmallVector<int64_t> space(type.getShape());
    ArrayRef<int64_t> lhsShape = shapeOf(a.getLhs());
    space.push_back(op.getTransposeA() ? lhsShape[lhsShape.size() - 2]
                                       : lhsShape.back());
    Value acc =
        reduce(b, loc, space, dimRange(0, k),
               {{a.getLhs(), lhsMap}, {a.getRhs(), rhsMap}}, {0.0},
               [](Scalar &s, ValueRange in, ValueRange out) {
                 return SmallVector<Value>{s.add(out[0], s.mul(in[0], in[1]))};
               })
            .front();
    return {castElements(b, loc, acc, type.getElementType())};
  }
};

struct LayerNormLowering : NNLowering<nn::LayerNormOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::LayerNormOp op, Adaptor a,
                           OpBuilder &b) const override {
    Location loc = op.getLoc();
    Value x = a.getInput();
    ArrayRef<int64_t> space = shapeOf(x);
    int64_t rank = space.size();
    double width = space.back(), eps = op.getEpsilonValue();
    auto rowSum = [&](ArrayRef<Access> ins, ElementFn term) {
      return reduceRows(b, loc, space, ins, {0.0},
                        [&](Scalar &s, ValueRange in, ValueRange out) {
                          return SmallVector<Value>{s.add(out[0], term(s, in))};
                        })
          .front();
    };
    auto perRow = [&](Value v, ElementFn fn) {
      return elementwise(b, loc, tensorType(v), {same(v)}, fn);
    };
    Value sum =
        rowSum({same(x)}, [](Scalar &, ValueRange in) { return in[0]; });
    Value mean = epilogue(perRow(sum, [&](Scalar &s, ValueRange in) {
      return s.div(in[0], s.f32(width));
    }));
    Value sumSq =
        rowSum({same(x), row(mean, rank)}, [](Scalar &s, ValueRange in) {
          Value centered = s.sub(in[0], in[1]);
          return s.mul(centered, centered);
        });
    Value rstd = perRow(sumSq, [&](Scalar &s, ValueRange in) {
      return s.rsqrt(s.add(s.div(in[0], s.f32(width)), s.f32(eps)));
    });
    Value y = elementwise(b, loc, tensorType(op.getOutput()),
                          {same(x), row(mean, rank), row(rstd, rank),
                           broadcastInto(a.getGamma(), space),
                           broadcastInto(a.getBeta(), space)},
                          [](Scalar &s, ValueRange in) {
                            Value xhat = s.mul(s.sub(in[0], in[1]), in[2]);
                            return s.add(s.mul(xhat, in[3]), in[4]);
                          });
    return {y, castElements(b, loc, mean, elementOf(op.getMean())),
            castElements(b, loc, rstd, elementOf(op.getRstd()))};
  }
};

struct LayerNormGradLowering : NNLowering<nn::LayerNormGradOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::LayerNormGradOp op, Adaptor a,
                           OpBuilder &b) const override {
    Location loc = op.getLoc();
    Value dy = a.getGrad(), x = a.getInput(), gamma = a.getGamma();
    ArrayRef<int64_t> space = shapeOf(x);
    int64_t rank = space.size();
    double width = space.back();
    // Inputs 0..4: dy, x, mean, rstd, gamma (the parameter gradients need
    // only the first four).
    SmallVector<Access> ins = {same(dy), same(x), row(a.getMean(), rank),
                               row(a.getRstd(), rank),
                               broadcastInto(gamma, space)};
    auto xhat = [](Scalar &s, ValueRange in) {
      return s.mul(s.sub(in[1], in[2]), in[3]);
    };
    SmallVector<Value> rowSums = reduceRows(
        b, loc, space, ins, {0.0, 0.0},
        [&](Scalar &s, ValueRange in, ValueRange out) {
          Value g = s.mul(in[0], in[4]);
          return SmallVector<Value>{s.add(out[0], g),
                                    s.add(out[1], s.mul(g, xhat(s, in)))};
        });
    SmallVector<Access> dxIns = ins;
    dxIns.append({row(rowSums[0], rank), row(rowSums[1], rank)});
    Value dx = elementwise(b, loc, tensorType(op.getInputGrad()), dxIns,
                           [&](Scalar &s, ValueRange in) {
                             Value g = s.mul(in[0], in[4]);
                             Value meanG = s.div(in[5], s.f32(width));
                             Value meanGX = s.div(in[6], s.f32(width));
                             Value centered = s.sub(s.sub(g, meanG),
                                                    s.mul(xhat(s, in), meanGX));
                             return s.mul(in[3], centered);
                           });
    SmallVector<Value> paramGrads = reduce(
        b, loc, space, {rank - 1}, ArrayRef(ins).take_front(4), {0.0, 0.0},
        [&](Scalar &s, ValueRange in, ValueRange out) {
          return SmallVector<Value>{s.add(out[0], s.mul(in[0], xhat(s, in))),
                                    s.add(out[1], in[0])};
        });
    Type paramType = elementOf(gamma);
    return {dx, castElements(b, loc, paramGrads[0], paramType),
            castElements(b, loc, paramGrads[1], paramType)};
  }
};

struct TransposeLowering : NNLowering<nn::TransposeOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::TransposeOp op, Adaptor a,
                           OpBuilder &b) const override {
    RankedTensorType type = tensorType(op.getResult());
    Value init = tensor::EmptyOp::create(b, op.getLoc(), type.getShape(),
                                         type.getElementType());
    return {linalg::TransposeOp::create(b, op.getLoc(), a.getInput(), init,
                                        op.getPermutation())
                .getResult()
                .front()};
  }
};

struct ReshapeLowering : NNLowering<nn::ReshapeOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::ReshapeOp op, Adaptor a,
                           OpBuilder &b) const override {
    // Collapse to 1-D, then expand: both stay views after bufferization. A
    // rank-0 side takes a single reshape with the empty reassociation.
    Location loc = op.getLoc();
    Value x = a.getInput();
    RankedTensorType type = tensorType(op.getResult());
    int64_t inRank = rankOf(x), outRank = type.getRank();
    if (x.getType() == type)
      return {x};
    SmallVector<ReassociationIndices> none;
    auto allInOne = [](int64_t rank) {
      return SmallVector<ReassociationIndices>{dimRange(0, rank)};
    };
    SmallVector<OpFoldResult> sizes;
    for (int64_t size : type.getShape())
      sizes.push_back(b.getIndexAttr(size));
    if (inRank == 0)
      return {tensor::ExpandShapeOp::create(b, loc, type, x, none, sizes)};
    if (outRank == 0)
      return {tensor::CollapseShapeOp::create(b, loc, type, x, none)};
    Value flat = inRank == 1 ? x
                             : tensor::CollapseShapeOp::create(b, loc, x,
                                                               allInOne(inRank))
                                   .getResult();
    if (outRank == 1)
      return {flat};
    return {tensor::ExpandShapeOp::create(b, loc, type, flat, allInOne(outRank),
                                          sizes)};
  }
};

struct BroadcastLowering : NNLowering<nn::BroadcastOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::BroadcastOp op, Adaptor a,
                           OpBuilder &b) const override {
    RankedTensorType type = tensorType(op.getResult());
    return {elementwise(b, op.getLoc(), type,
                        {broadcastInto(a.getInput(), type.getShape())},
                        [](Scalar &, ValueRange in) { return in[0]; })};
  }
};

struct ReduceSumLowering : NNLowering<nn::ReduceSumOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::ReduceSumOp op, Adaptor a,
                           OpBuilder &b) const override {
    Value x = a.getInput();
    SmallVector<int64_t> kept;
    for (int64_t d = 0; d < rankOf(x); ++d)
      if (!llvm::is_contained(op.getDims(), d))
        kept.push_back(d);
    Value sum = reduce(b, op.getLoc(), shapeOf(x), kept, {same(x)}, {0.0},
                       [](Scalar &s, ValueRange in, ValueRange out) {
                         return SmallVector<Value>{s.add(out[0], in[0])};
                       })
                    .front();
    return {castElements(b, op.getLoc(), sum, elementOf(op.getResult()))};
  }
};

/// Sums `term` of `ins` over the whole space `space` into a rank-0 f32
/// tensor.
Value sumAll(OpBuilder &b, Location loc, ArrayRef<Access> ins,
             ArrayRef<int64_t> space, ElementFn term) {
  return reduce(b, loc, space, {}, ins, {0.0},
                [&](Scalar &s, ValueRange in, ValueRange out) {
                  return SmallVector<Value>{s.add(out[0], term(s, in))};
                })
      .front();
}

/// `total` (a rank-0 f32 tensor) divided by `n`, with the type of `result`.
Value meanOf(OpBuilder &b, Location loc, Value total, double n, Value result) {
  return epilogue(elementwise(
      b, loc, tensorType(result), {same(total)},
      [&](Scalar &s, ValueRange in) { return s.div(in[0], s.f32(n)); }));
}

struct CrossEntropyLowering : NNLowering<nn::CrossEntropyOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::CrossEntropyOp op, Adaptor a,
                           OpBuilder &b) const override {
    Location loc = op.getLoc();
    Value logits = a.getLogits(), labels = a.getLabels();
    ArrayRef<int64_t> space = shapeOf(logits);
    int64_t rank = space.size();
    auto [rowMax, rowSum] = softmaxStats(b, loc, logits, 1.0, false);
    // The logit of each row's label, by a masked row reduction (an
    // out-of-range label picks nothing instead of reading out of bounds).
    Value picked =
        reduceRows(b, loc, space, {same(logits), row(labels, rank)}, {0.0},
                   [&](Scalar &s, ValueRange in, ValueRange out) {
                     Value hit = s.isLabel(rank - 1, in[1]);
                     return SmallVector<Value>{
                         s.add(out[0], s.select(hit, in[0], s.f32(0.0)))};
                   })
            .front();
    Value total = sumAll(b, loc, {same(rowMax), same(rowSum), same(picked)},
                         shapeOf(rowMax), [](Scalar &s, ValueRange in) {
                           Value lse = s.add(s.log(in[1]), in[0]);
                           return s.sub(lse, in[2]);
                         });
    return {meanOf(b, loc, total, product(shapeOf(labels)), op.getResult())};
  }
};

struct CrossEntropyGradLowering : NNLowering<nn::CrossEntropyGradOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::CrossEntropyGradOp op, Adaptor a,
                           OpBuilder &b) const override {
    Location loc = op.getLoc();
    Value logits = a.getLogits();
    int64_t rank = rankOf(logits);
    double positions = product(shapeOf(a.getLabels()));
    auto [rowMax, rowSum] = softmaxStats(b, loc, logits, 1.0, false);
    return {elementwise(b, loc, tensorType(op.getResult()),
                        {same(logits), row(rowMax, rank), row(rowSum, rank),
                         row(a.getLabels(), rank), scalar(a.getGrad(), rank)},
                        [&](Scalar &s, ValueRange in) {
                          Value p = s.div(s.exp(s.sub(in[0], in[1])), in[2]);
                          Value onehot = s.select(s.isLabel(rank - 1, in[3]),
                                                  s.f32(1.0), s.f32(0.0));
                          return s.div(s.mul(s.sub(p, onehot), in[4]),
                                       s.f32(positions));
                        })};
  }
};

struct MseLossLowering : NNLowering<nn::MseLossOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::MseLossOp op, Adaptor a,
                           OpBuilder &b) const override {
    Location loc = op.getLoc();
    Value pred = a.getPred();
    Value total = sumAll(b, loc, {same(pred), same(a.getTarget())},
                         shapeOf(pred), [](Scalar &s, ValueRange in) {
                           Value diff = s.sub(in[0], in[1]);
                           return s.mul(diff, diff);
                         });
    return {meanOf(b, loc, total, product(shapeOf(pred)), op.getResult())};
  }
};

struct MseLossGradLowering : NNLowering<nn::MseLossGradOp> {
  using NNLowering::NNLowering;
  SmallVector<Value> lower(nn::MseLossGradOp op, Adaptor a,
                           OpBuilder &b) const override {
    Value pred = a.getPred();
    int64_t rank = rankOf(pred);
    double factor = 2.0 / static_cast<double>(product(shapeOf(pred)));
    return {elementwise(
        b, op.getLoc(), tensorType(op.getResult()),
        {same(pred), same(a.getTarget()), scalar(a.getGrad(), rank)},
        [&](Scalar &s, ValueRange in) {
          Value diff = s.sub(in[0], in[1]);
          return s.mul(s.mul(diff, s.f32(factor)), in[2]);
        })};
  }
};

/// remat.offload / remat.prefetch: a copy into a new buffer; the offload's
/// is allocated between remat_host_begin() and remat_host_end(), which the
/// CPU runtime counts as host memory.
template <typename OpTy, bool ToHost>
struct CopyLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getResult().getType());
    if (!type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "dynamic shape");
    if (ToHost)
      func::CallOp::create(rewriter, loc, "remat_host_begin", TypeRange{},
                           ValueRange{});
    Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                          type.getElementType());
    Value copy =
        linalg::CopyOp::create(rewriter, loc, adaptor.getInput(), empty)
            .getResult(0);
    if (ToHost)
      func::CallOp::create(rewriter, loc, "remat_host_end", TypeRange{},
                           ValueRange{});
    rewriter.replaceOp(op, copy);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

struct ConvertNNToLinalgPass
    : public remat::impl::ConvertNNToLinalgBase<ConvertNNToLinalgPass> {
  void runOnOperation() override {
    // Report every op that cannot be lowered, at its location, up front.
    bool unsupported = false;
    getOperation()->walk([&](Operation *op) {
      if (!isa_and_nonnull<nn::NNDialect>(op->getDialect()))
        return;
      if (std::optional<std::string> reason = unsupportedReason(op)) {
        op->emitError() << "cannot lower '" << op->getName()
                        << "' to linalg: " << *reason;
        unsupported = true;
      }
    });
    if (unsupported)
      return signalPassFailure();

    // The runtime's host-allocation scope, for remat.offload.
    auto module = dyn_cast<ModuleOp>(getOperation());
    bool offloads = false;
    getOperation()->walk([&](OffloadOp) { offloads = true; });
    if (offloads && module) {
      OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
      for (StringRef name : {"remat_host_begin", "remat_host_end"})
        if (!module.lookupSymbol(name))
          func::FuncOp::create(b, module.getLoc(), name,
                               b.getFunctionType({}, {}))
              .setPrivate();
    }
    ConversionTarget target(getContext());
    target.addIllegalDialect<nn::NNDialect>();
    target.addIllegalOp<OffloadOp, PrefetchOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(&getContext());
    populateNNToLinalgPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns)))) {
      getOperation()->emitError()
          << "convert-nn-to-linalg: some nn ops could not be lowered (see the "
             "errors at their locations)";
      signalPassFailure();
    }
  }
};

} // namespace

void remat::populateNNToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<BinaryLowering<nn::AddOp, arith::AddFOp>,
               BinaryLowering<nn::SubOp, arith::SubFOp>,
               BinaryLowering<nn::MulOp, arith::MulFOp>, GeluLowering,
               GeluGradLowering, ReluLowering, ReluGradLowering, ScaleLowering,
               DropoutLowering, SoftmaxLowering, SoftmaxGradLowering,
               MatmulLowering, LayerNormLowering, LayerNormGradLowering,
               TransposeLowering, ReshapeLowering, BroadcastLowering,
               ReduceSumLowering, CrossEntropyLowering,
               CrossEntropyGradLowering, MseLossLowering, MseLossGradLowering,
               CopyLowering<OffloadOp, true>, CopyLowering<PrefetchOp, false>>(
      patterns.getContext());
}
