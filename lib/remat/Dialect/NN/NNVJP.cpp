//===- NNVJP.cpp - vector-Jacobian products of the nn forward ops ---------===//
//
// The gradients follow shared/design/nn-dialect.md, "Backward ops": the
// activation, softmax, layernorm and loss gradients are the dialect's
// backward ops; dropout's is dropout of the incoming gradient with the same
// rate and seed (the mask is regenerated, never stored); matmul's are
// matmuls with transpose flags; broadcasting ops sum the gradient back to
// each operand's shape with nn.reduce_sum (and an nn.reshape view where
// broadcast dimensions of size 1 are kept).
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/NN/NNOps.h"

using namespace mlir;
using namespace remat;
using namespace remat::nn;

static RankedTensorType tensorType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

static RankedTensorType withShape(RankedTensorType like,
                                  ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, like.getElementType());
}

/// Sums `grad` (of a broadcast result) back to the shape of `target`: over
/// the leading dimensions `target` lacks and over those where it has 1.
static Value sumToShape(OpBuilder &b, Location loc, Value grad,
                        RankedTensorType target) {
  RankedTensorType type = tensorType(grad);
  if (type.getShape() == target.getShape())
    return grad;
  ArrayRef<int64_t> shape = type.getShape();
  ArrayRef<int64_t> want = target.getShape();
  size_t lead = shape.size() - want.size();
  SmallVector<int64_t> dims, kept;
  for (size_t i = 0; i < shape.size(); ++i) {
    bool broadcast = i < lead || (want[i - lead] == 1 && shape[i] != 1);
    if (broadcast)
      dims.push_back(i);
    else
      kept.push_back(shape[i]);
  }
  Value summed = grad;
  if (!dims.empty())
    summed = ReduceSumOp::create(b, loc, withShape(type, kept), grad,
                                 b.getDenseI64ArrayAttr(dims));
  if (tensorType(summed).getShape() != want)
    summed = ReshapeOp::create(b, loc, withShape(type, want), summed);
  return summed;
}

static Value negate(OpBuilder &b, Location loc, Value v) {
  return ScaleOp::create(b, loc, v.getType(), v, b.getF32FloatAttr(-1.0f));
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

LogicalResult AddOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                              MutableArrayRef<Value> operandGrads) {
  Value dy = resultGrads[0];
  operandGrads[0] = sumToShape(b, getLoc(), dy, tensorType(getLhs()));
  operandGrads[1] = sumToShape(b, getLoc(), dy, tensorType(getRhs()));
  return success();
}

LogicalResult SubOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                              MutableArrayRef<Value> operandGrads) {
  Value dy = resultGrads[0];
  operandGrads[0] = sumToShape(b, getLoc(), dy, tensorType(getLhs()));
  operandGrads[1] =
      negate(b, getLoc(), sumToShape(b, getLoc(), dy, tensorType(getRhs())));
  return success();
}

LogicalResult MulOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                              MutableArrayRef<Value> operandGrads) {
  Value dy = resultGrads[0];
  Type full = dy.getType();
  Value dlhs = MulOp::create(b, getLoc(), full, dy, getRhs());
  Value drhs = MulOp::create(b, getLoc(), full, dy, getLhs());
  operandGrads[0] = sumToShape(b, getLoc(), dlhs, tensorType(getLhs()));
  operandGrads[1] = sumToShape(b, getLoc(), drhs, tensorType(getRhs()));
  return success();
}

LogicalResult GeluOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                               MutableArrayRef<Value> operandGrads) {
  operandGrads[0] =
      GeluGradOp::create(b, getLoc(), getType(), resultGrads[0], getInput());
  return success();
}

LogicalResult ReluOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                               MutableArrayRef<Value> operandGrads) {
  operandGrads[0] =
      ReluGradOp::create(b, getLoc(), getType(), resultGrads[0], getInput());
  return success();
}

LogicalResult ScaleOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                                MutableArrayRef<Value> operandGrads) {
  operandGrads[0] =
      ScaleOp::create(b, getLoc(), getType(), resultGrads[0], getFactorAttr());
  return success();
}

LogicalResult DropoutOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                                  MutableArrayRef<Value> operandGrads) {
  // The same rate and seed regenerate the same mask.
  operandGrads[0] = DropoutOp::create(b, getLoc(), getType(), resultGrads[0],
                                      getRateAttr(), getSeedAttr());
  return success();
}

LogicalResult SoftmaxOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                                  MutableArrayRef<Value> operandGrads) {
  // Masked (causal) entries have probability 0, so their gradient is 0.
  operandGrads[0] = SoftmaxGradOp::create(
      b, getLoc(), getType(), resultGrads[0], getResult(), getScaleAttr());
  return success();
}

//===----------------------------------------------------------------------===//
// Matmul
//===----------------------------------------------------------------------===//

/// An nn.matmul of `a` and `b` with the given flags, its result type derived
/// as the verifier expects it.
static Value matmul(OpBuilder &builder, Location loc, Value a, Value b, bool ta,
                    bool tb) {
  ArrayRef<int64_t> x = tensorType(a).getShape(), y = tensorType(b).getShape();
  SmallVector<int64_t> shape = *broadcastShapes(x.drop_back(2), y.drop_back(2));
  shape.push_back(ta ? x.back() : x[x.size() - 2]);
  shape.push_back(tb ? y[y.size() - 2] : y.back());
  return MatmulOp::create(builder, loc, withShape(tensorType(a), shape), a, b,
                          ta, tb);
}

/// Collapses the leading dimensions of a rank >= 2 tensor into its rows.
static Value rows2D(OpBuilder &b, Location loc, Value v) {
  RankedTensorType type = tensorType(v);
  if (type.getRank() == 2)
    return v;
  int64_t rows = 1;
  for (int64_t d : type.getShape().drop_back())
    rows *= d;
  return ReshapeOp::create(b, loc,
                           withShape(type, {rows, type.getShape().back()}), v);
}

LogicalResult MatmulOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                                 MutableArrayRef<Value> operandGrads) {
  Value dy = resultGrads[0], x = getLhs(), w = getRhs();
  bool ta = getTransposeA(), tb = getTransposeB();
  Location loc = getLoc();
  // y = op_a(x) op_b(w):  dx = dy op_b(w)^T, dw = op_a(x)^T dy, with the
  // transposes folded into the flags. dw is built first: it is x's last use
  // when x is an activation and w a weight, so x can be freed before dx is
  // allocated.
  Value dw;
  if (tensorType(w).getRank() == 2 && tensorType(x).getRank() > 2 && !ta) {
    // A weight shared by every batch: contract over the flattened rows
    // instead of making one product per batch and summing them.
    Value x2 = rows2D(b, loc, x), dy2 = rows2D(b, loc, dy);
    dw = tb ? matmul(b, loc, dy2, x2, true, false)
            : matmul(b, loc, x2, dy2, true, false);
  } else {
    dw = tb ? matmul(b, loc, dy, x, true, ta)
            : matmul(b, loc, x, dy, !ta, false);
  }
  Value dx = ta ? matmul(b, loc, w, dy, tb, true)
                : matmul(b, loc, dy, w, false, !tb);
  operandGrads[0] = sumToShape(b, loc, dx, tensorType(x));
  operandGrads[1] = sumToShape(b, loc, dw, tensorType(w));
  return success();
}

//===----------------------------------------------------------------------===//
// Normalization
//===----------------------------------------------------------------------===//

LogicalResult LayerNormOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                                    MutableArrayRef<Value> operandGrads) {
  if (resultGrads[1] || resultGrads[2])
    return emitOpError("cannot be differentiated through its 'mean' or "
                       "'rstd' result; only 'output' has a gradient");
  Type gamma = getGamma().getType();
  auto grad = LayerNormGradOp::create(
      b, getLoc(), TypeRange{getInput().getType(), gamma, gamma},
      resultGrads[0], getInput(), getGamma(), getMean(), getRstd());
  operandGrads[0] = grad.getResult(0);
  operandGrads[1] = grad.getResult(1);
  operandGrads[2] = grad.getResult(2);
  return success();
}

//===----------------------------------------------------------------------===//
// Layout
//===----------------------------------------------------------------------===//

LogicalResult TransposeOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                                    MutableArrayRef<Value> operandGrads) {
  ArrayRef<int64_t> perm = getPermutation();
  SmallVector<int64_t> inverse(perm.size());
  for (auto [i, p] : llvm::enumerate(perm))
    inverse[p] = i;
  operandGrads[0] =
      TransposeOp::create(b, getLoc(), getInput().getType(), resultGrads[0],
                          b.getDenseI64ArrayAttr(inverse));
  return success();
}

LogicalResult ReshapeOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                                  MutableArrayRef<Value> operandGrads) {
  operandGrads[0] =
      ReshapeOp::create(b, getLoc(), getInput().getType(), resultGrads[0]);
  return success();
}

LogicalResult BroadcastOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                                    MutableArrayRef<Value> operandGrads) {
  operandGrads[0] =
      sumToShape(b, getLoc(), resultGrads[0], tensorType(getInput()));
  return success();
}

LogicalResult ReduceSumOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                                    MutableArrayRef<Value> operandGrads) {
  // Put the reduced dimensions back with size 1 (a view), then broadcast.
  RankedTensorType input = tensorType(getInput());
  SmallVector<int64_t> keep(input.getShape());
  for (int64_t d : getDims())
    keep[d] = 1;
  Value grad = resultGrads[0];
  if (tensorType(grad).getShape() != ArrayRef<int64_t>(keep))
    grad = ReshapeOp::create(b, getLoc(), withShape(input, keep), grad);
  if (ArrayRef<int64_t>(keep) != input.getShape())
    grad = BroadcastOp::create(b, getLoc(), input, grad);
  operandGrads[0] = grad;
  return success();
}

//===----------------------------------------------------------------------===//
// Losses
//===----------------------------------------------------------------------===//

LogicalResult CrossEntropyOp::buildVJP(OpBuilder &b,
                                       ArrayRef<Value> resultGrads,
                                       MutableArrayRef<Value> operandGrads) {
  // Labels are integers: no gradient.
  operandGrads[0] =
      CrossEntropyGradOp::create(b, getLoc(), getLogits().getType(),
                                 getLogits(), getLabels(), resultGrads[0]);
  return success();
}

LogicalResult MseLossOp::buildVJP(OpBuilder &b, ArrayRef<Value> resultGrads,
                                  MutableArrayRef<Value> operandGrads) {
  Value dpred = MseLossGradOp::create(b, getLoc(), getPred().getType(),
                                      getPred(), getTarget(), resultGrads[0]);
  operandGrads[0] = dpred;
  operandGrads[1] = negate(b, getLoc(), dpred);
  return success();
}
