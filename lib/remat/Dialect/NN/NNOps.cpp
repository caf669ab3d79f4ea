//===- NNOps.cpp - verifiers and folders of the nn ops --------------------===//
//
// Each verifier names the offending operand or attribute and says what was
// expected. Types are checked here rather than by ODS constraints so that the
// messages can name operands.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/NN/NNOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;
using namespace remat::nn;

std::optional<SmallVector<int64_t>>
remat::nn::broadcastShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  size_t rank = std::max(a.size(), b.size());
  SmallVector<int64_t> result(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t da = i < a.size() ? a[a.size() - 1 - i] : 1;
    int64_t db = i < b.size() ? b[b.size() - 1 - i] : 1;
    if (da != db && da != 1 && db != 1)
      return std::nullopt;
    result[rank - 1 - i] = da == 1 ? db : da;
  }
  return result;
}

namespace {

/// What element types an operand may have.
enum class ElementKind { Float, Integer };

/// Prints a shape as `AxBxC` (or `scalar` for rank 0).
std::string shapeStr(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(shape, os, "x");
  return s;
}

bool isNNFloat(Type t) { return t.isF32() || t.isF16() || t.isBF16(); }
bool isLabelInt(Type t) {
  return t.isSignlessInteger(32) || t.isSignlessInteger(64);
}

/// Checks that `value` is a statically shaped ranked tensor with the right
/// element kind; `name` is how the message refers to it.
LogicalResult checkTensor(Operation *op, Value value, StringRef name,
                          ElementKind kind = ElementKind::Float) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  StringRef expected = kind == ElementKind::Float
                           ? "a statically shaped tensor of f32, f16 or bf16"
                           : "a statically shaped tensor of i32 or i64";
  if (!type || !type.hasStaticShape() ||
      !(kind == ElementKind::Float ? isNNFloat(type.getElementType())
                                   : isLabelInt(type.getElementType())))
    return op->emitOpError() << name << " must be " << expected << ", but got "
                             << value.getType();
  // Sizes are counted in 64-bit arithmetic everywhere (cost model, memory
  // plan, report, lowering): a tensor's byte size must fit in 63 bits.
  if (remat::getTensorBytes(type) > static_cast<uint64_t>(INT64_MAX))
    return op->emitOpError()
           << name << " of type " << value.getType()
           << " is too large: its size in bytes does not fit in 63 bits";
  return success();
}

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}
Type elementOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getElementType();
}

/// Checks that every value has the element type of the first one.
LogicalResult checkSameElementType(Operation *op,
                                   ArrayRef<std::pair<Value, StringRef>> vals) {
  Type first = elementOf(vals.front().first);
  for (auto [value, name] : vals.drop_front())
    if (elementOf(value) != first)
      return op->emitOpError()
             << name << " has element type " << elementOf(value)
             << ", but expected " << first << " (the element type of "
             << vals.front().second << ")";
  return success();
}

/// Checks that `value` has exactly `shape`.
LogicalResult checkShape(Operation *op, Value value, StringRef name,
                         ArrayRef<int64_t> shape, StringRef why) {
  if (shapeOf(value) != shape)
    return op->emitOpError() << name << " must have shape " << shapeStr(shape)
                             << " (" << why << "), but got " << value.getType();
  return success();
}

/// The operand's shape without its last dimension.
SmallVector<int64_t> dropLast(ArrayRef<int64_t> shape) {
  return SmallVector<int64_t>(shape.drop_back());
}

uint64_t numel(Value v) { return remat::getNumElements(v.getType()); }

/// Checks a 1-D parameter of the normalized (last) dimension of `input`.
LogicalResult checkNormParam(Operation *op, Value param, StringRef name,
                             Value input) {
  if (failed(checkTensor(op, param, name)))
    return failure();
  return checkShape(op, param, name, {shapeOf(input).back()},
                    "the last dimension of 'input'");
}

/// Checks the saved `mean` / `rstd` of a layernorm over `input`.
LogicalResult checkNormStat(Operation *op, Value stat, StringRef name,
                            Value input) {
  if (failed(checkTensor(op, stat, name)))
    return failure();
  if (elementOf(stat) != elementOf(input) && !elementOf(stat).isF32())
    return op->emitOpError()
           << name << " must have element type " << elementOf(input)
           << " or 'f32', but got " << stat.getType();
  return checkShape(op, stat, name, dropLast(shapeOf(input)),
                    "the shape of 'input' without its last dimension");
}

/// A scalar (rank-0) float tensor such as a loss or its incoming gradient.
LogicalResult checkScalar(Operation *op, Value value, StringRef name,
                          Type elementType) {
  if (failed(checkTensor(op, value, name)))
    return failure();
  if (!shapeOf(value).empty() || elementOf(value) != elementType)
    return op->emitOpError()
           << name << " must be " << RankedTensorType::get({}, elementType)
           << ", but got " << value.getType();
  return success();
}

/// Checks the integer labels of a cross-entropy over `logits`.
LogicalResult checkLabels(Operation *op, Value labels, Value logits) {
  if (failed(checkTensor(op, logits, "'logits'")) ||
      failed(checkTensor(op, labels, "'labels'", ElementKind::Integer)))
    return failure();
  if (shapeOf(logits).empty())
    return op->emitOpError("'logits' must have rank >= 1 (the last dimension "
                           "holds the classes), but got ")
           << logits.getType();
  return checkShape(op, labels, "'labels'", dropLast(shapeOf(logits)),
                    "the shape of 'logits' without the class dimension");
}

} // namespace

//===----------------------------------------------------------------------===//
// Elementwise with broadcasting
//===----------------------------------------------------------------------===//

static LogicalResult verifyBinary(Operation *op) {
  Value lhs = op->getOperand(0), rhs = op->getOperand(1),
        res = op->getResult(0);
  if (failed(checkTensor(op, lhs, "'lhs'")) ||
      failed(checkTensor(op, rhs, "'rhs'")) ||
      failed(checkTensor(op, res, "result")) ||
      failed(checkSameElementType(
          op, {{lhs, "'lhs'"}, {rhs, "'rhs'"}, {res, "result"}})))
    return failure();
  auto shape = broadcastShapes(shapeOf(lhs), shapeOf(rhs));
  if (!shape)
    return op->emitOpError("operands 'lhs' (")
           << lhs.getType() << ") and 'rhs' (" << rhs.getType()
           << ") are not broadcast-compatible: right-aligned dimensions must "
              "be equal or 1";
  return checkShape(op, res, "result", *shape,
                    "the broadcast shape of 'lhs' and 'rhs'");
}

LogicalResult AddOp::verify() { return verifyBinary(*this); }
LogicalResult SubOp::verify() { return verifyBinary(*this); }
LogicalResult MulOp::verify() { return verifyBinary(*this); }

//===----------------------------------------------------------------------===//
// Unary
//===----------------------------------------------------------------------===//

LogicalResult GeluOp::verify() {
  return checkTensor(*this, getInput(), "'input'");
}
LogicalResult ReluOp::verify() {
  return checkTensor(*this, getInput(), "'input'");
}
LogicalResult ScaleOp::verify() {
  return checkTensor(*this, getInput(), "'input'");
}

OpFoldResult ScaleOp::fold(FoldAdaptor) {
  // x * 1.0 is x, bit for bit.
  if (getFactor().convertToFloat() == 1.0f)
    return getInput();
  return {};
}

LogicalResult DropoutOp::verify() {
  if (failed(checkTensor(*this, getInput(), "'input'")))
    return failure();
  float rate = getRate().convertToFloat();
  if (!(rate >= 0.0f && rate < 1.0f))
    return emitOpError("attribute 'rate' must be in [0, 1), but got ")
           << getRateAttr();
  return success();
}

OpFoldResult DropoutOp::fold(FoldAdaptor) {
  // With rate 0 every element is kept and scaled by 1/(1 - 0).
  if (getRate().convertToFloat() == 0.0f)
    return getInput();
  return {};
}

LogicalResult SoftmaxOp::verify() {
  if (failed(checkTensor(*this, getInput(), "'input'")))
    return failure();
  ArrayRef<int64_t> shape = shapeOf(getInput());
  if (shape.empty())
    return emitOpError("'input' must have rank >= 1 (softmax runs over the "
                       "last dimension), but got ")
           << getInput().getType();
  if (getCausal() &&
      (shape.size() < 2 || shape[shape.size() - 1] != shape[shape.size() - 2]))
    return emitOpError("attribute 'causal' requires the last two dimensions "
                       "of 'input' to be equal (a square score matrix), but "
                       "got ")
           << getInput().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Matmul
//===----------------------------------------------------------------------===//

LogicalResult MatmulOp::verify() {
  Value lhs = getLhs(), rhs = getRhs(), res = getResult();
  if (failed(checkTensor(*this, lhs, "'lhs'")) ||
      failed(checkTensor(*this, rhs, "'rhs'")) ||
      failed(checkTensor(*this, res, "result")) ||
      failed(checkSameElementType(
          *this, {{lhs, "'lhs'"}, {rhs, "'rhs'"}, {res, "result"}})))
    return failure();
  ArrayRef<int64_t> a = shapeOf(lhs), b = shapeOf(rhs);
  if (a.size() < 2)
    return emitOpError("'lhs' must have rank >= 2, but got ") << lhs.getType();
  if (b.size() < 2)
    return emitOpError("'rhs' must have rank >= 2, but got ") << rhs.getType();
  int64_t m = getTransposeA() ? a.back() : a[a.size() - 2];
  int64_t ka = getTransposeA() ? a[a.size() - 2] : a.back();
  int64_t kb = getTransposeB() ? b.back() : b[b.size() - 2];
  int64_t n = getTransposeB() ? b[b.size() - 2] : b.back();
  if (ka != kb)
    return emitOpError("contraction dimension of 'lhs' (")
           << ka << ") must equal that of 'rhs' (" << kb << ") for "
           << lhs.getType() << (getTransposeA() ? " (transposed)" : "")
           << " times " << rhs.getType()
           << (getTransposeB() ? " (transposed)" : "");
  auto batch = broadcastShapes(a.drop_back(2), b.drop_back(2));
  if (!batch)
    return emitOpError("batch dimensions of 'lhs' (")
           << lhs.getType() << ") and 'rhs' (" << rhs.getType()
           << ") are not broadcast-compatible";
  SmallVector<int64_t> expected = *batch;
  expected.push_back(m);
  expected.push_back(n);
  return checkShape(*this, res, "result", expected,
                    "batch dimensions, then M x N");
}

void MatmulOp::getGemmShape(int64_t &m, int64_t &n, int64_t &k,
                            int64_t &batch) {
  ArrayRef<int64_t> a = shapeOf(getLhs()), r = shapeOf(getResult());
  m = r[r.size() - 2];
  n = r.back();
  k = getTransposeA() ? a[a.size() - 2] : a.back();
  batch = 1;
  for (int64_t d : r.drop_back(2))
    batch *= d;
}

//===----------------------------------------------------------------------===//
// LayerNorm
//===----------------------------------------------------------------------===//

LogicalResult LayerNormOp::verify() {
  Value x = getInput();
  if (failed(checkTensor(*this, x, "'input'")))
    return failure();
  if (shapeOf(x).empty())
    return emitOpError("'input' must have rank >= 1, but got ") << x.getType();
  if (failed(checkNormParam(*this, getGamma(), "'gamma'", x)) ||
      failed(checkNormParam(*this, getBeta(), "'beta'", x)) ||
      failed(checkTensor(*this, getOutput(), "result 'output'")) ||
      failed(checkSameElementType(*this, {{x, "'input'"},
                                          {getGamma(), "'gamma'"},
                                          {getBeta(), "'beta'"},
                                          {getOutput(), "result 'output'"}})))
    return failure();
  if (getOutput().getType() != x.getType())
    return emitOpError("result 'output' must have the type of 'input' (")
           << x.getType() << "), but got " << getOutput().getType();
  if (failed(checkNormStat(*this, getMean(), "result 'mean'", x)) ||
      failed(checkNormStat(*this, getRstd(), "result 'rstd'", x)))
    return failure();
  if (!(getEpsilonValue() >= 0.0f)) // also rejects NaN
    return emitOpError("attribute 'epsilon' must be non-negative, but got ")
           << getEpsilonAttr();
  return success();
}

LogicalResult LayerNormGradOp::verify() {
  Value x = getInput();
  if (failed(checkTensor(*this, getGrad(), "'grad'")) ||
      failed(checkTensor(*this, x, "'input'")))
    return failure();
  if (shapeOf(x).empty())
    return emitOpError("'input' must have rank >= 1, but got ") << x.getType();
  if (getGrad().getType() != x.getType())
    return emitOpError("'grad' must have the type of 'input' (")
           << x.getType() << "), but got " << getGrad().getType();
  if (failed(checkNormParam(*this, getGamma(), "'gamma'", x)) ||
      failed(checkSameElementType(*this,
                                  {{x, "'input'"}, {getGamma(), "'gamma'"}})) ||
      failed(checkNormStat(*this, getMean(), "'mean'", x)) ||
      failed(checkNormStat(*this, getRstd(), "'rstd'", x)))
    return failure();
  if (getInputGrad().getType() != x.getType())
    return emitOpError("result 'input_grad' must have the type of 'input' (")
           << x.getType() << "), but got " << getInputGrad().getType();
  for (auto [value, name] : {std::make_pair(getGammaGrad(), "gamma_grad"),
                             std::make_pair(getBetaGrad(), "beta_grad")})
    if (value.getType() != getGamma().getType())
      return emitOpError("result '")
             << name << "' must have the type of 'gamma' ("
             << getGamma().getType() << "), but got " << value.getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Layout
//===----------------------------------------------------------------------===//

LogicalResult TransposeOp::verify() {
  if (failed(checkTensor(*this, getInput(), "'input'")) ||
      failed(checkTensor(*this, getResult(), "result")) ||
      failed(checkSameElementType(
          *this, {{getInput(), "'input'"}, {getResult(), "result"}})))
    return failure();
  ArrayRef<int64_t> in = shapeOf(getInput());
  ArrayRef<int64_t> perm = getPermutation();
  SmallVector<bool> seen(in.size(), false);
  bool valid = perm.size() == in.size();
  for (int64_t p : perm) {
    if (!valid || p < 0 || p >= static_cast<int64_t>(in.size()) || seen[p]) {
      valid = false;
      break;
    }
    seen[p] = true;
  }
  if (!valid)
    return emitOpError("attribute 'permutation' must be a permutation of [0, ")
           << in.size() << ") for 'input' of rank " << in.size() << ", but got "
           << getPermutationAttr();
  SmallVector<int64_t> expected;
  for (int64_t p : perm)
    expected.push_back(in[p]);
  return checkShape(*this, getResult(), "result", expected,
                    "'input' dimensions in the order of 'permutation'");
}

OpFoldResult TransposeOp::fold(FoldAdaptor) {
  ArrayRef<int64_t> perm = getPermutation();
  auto isIdentity = [](ArrayRef<int64_t> p) {
    for (auto [i, v] : llvm::enumerate(p))
      if (static_cast<int64_t>(i) != v)
        return false;
    return true;
  };
  if (isIdentity(perm))
    return getInput();
  // transpose(transpose(x, p), q) is x when p composed with q is the identity.
  if (auto inner = getInput().getDefiningOp<TransposeOp>()) {
    ArrayRef<int64_t> innerPerm = inner.getPermutation();
    SmallVector<int64_t> composed;
    for (int64_t q : perm)
      composed.push_back(innerPerm[q]);
    if (isIdentity(composed))
      return inner.getInput();
  }
  return {};
}

namespace {
/// transpose(transpose(x, p), q) -> transpose(x, p o q): one copy, not two.
struct ComposeTransposes : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<TransposeOp>();
    if (!inner)
      return failure();
    SmallVector<int64_t> composed;
    for (int64_t q : op.getPermutation())
      composed.push_back(inner.getPermutation()[q]);
    rewriter.replaceOpWithNewOp<TransposeOp>(
        op, op.getType(), inner.getInput(),
        rewriter.getDenseI64ArrayAttr(composed));
    return success();
  }
};
} // namespace

void TransposeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                              MLIRContext *context) {
  patterns.add<ComposeTransposes>(context);
}

LogicalResult ReshapeOp::verify() {
  if (failed(checkTensor(*this, getInput(), "'input'")) ||
      failed(checkTensor(*this, getResult(), "result")) ||
      failed(checkSameElementType(
          *this, {{getInput(), "'input'"}, {getResult(), "result"}})))
    return failure();
  if (numel(getInput()) != numel(getResult()))
    return emitOpError("result must have as many elements as 'input' (")
           << numel(getInput()) << " in " << getInput().getType()
           << "), but got " << numel(getResult()) << " in "
           << getResult().getType();
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

namespace {
/// reshape(reshape(x)) -> reshape(x): row-major reshapes compose.
struct ComposeReshapes : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<ReshapeOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), inner.getInput());
    return success();
  }
};
} // namespace

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                            MLIRContext *context) {
  patterns.add<ComposeReshapes>(context);
}

LogicalResult BroadcastOp::verify() {
  if (failed(checkTensor(*this, getInput(), "'input'")) ||
      failed(checkTensor(*this, getResult(), "result")) ||
      failed(checkSameElementType(
          *this, {{getInput(), "'input'"}, {getResult(), "result"}})))
    return failure();
  auto shape = broadcastShapes(shapeOf(getInput()), shapeOf(getResult()));
  if (!shape || *shape != shapeOf(getResult()))
    return emitOpError("'input' (")
           << getInput().getType() << ") cannot be broadcast to the result ("
           << getResult().getType()
           << "): right-aligned dimensions must be equal or 1 in 'input'";
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

LogicalResult ReduceSumOp::verify() {
  if (failed(checkTensor(*this, getInput(), "'input'")) ||
      failed(checkTensor(*this, getResult(), "result")) ||
      failed(checkSameElementType(
          *this, {{getInput(), "'input'"}, {getResult(), "result"}})))
    return failure();
  ArrayRef<int64_t> in = shapeOf(getInput());
  ArrayRef<int64_t> dims = getDims();
  for (auto [i, d] : llvm::enumerate(dims))
    if (d < 0 || d >= static_cast<int64_t>(in.size()) ||
        (i > 0 && d <= dims[i - 1]))
      return emitOpError("attribute 'dims' must be strictly increasing "
                         "dimensions of 'input' in [0, ")
             << in.size() << "), but got " << getDimsAttr();
  SmallVector<int64_t> expected;
  for (auto [i, d] : llvm::enumerate(in))
    if (!llvm::is_contained(dims, static_cast<int64_t>(i)))
      expected.push_back(d);
  return checkShape(*this, getResult(), "result", expected,
                    "'input' without the reduced dimensions");
}

OpFoldResult ReduceSumOp::fold(FoldAdaptor) {
  if (getDims().empty() && getInput().getType() == getType())
    return getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// Losses
//===----------------------------------------------------------------------===//

LogicalResult CrossEntropyOp::verify() {
  if (failed(checkLabels(*this, getLabels(), getLogits())))
    return failure();
  return checkScalar(*this, getResult(), "result", elementOf(getLogits()));
}

LogicalResult CrossEntropyGradOp::verify() {
  if (failed(checkLabels(*this, getLabels(), getLogits())) ||
      failed(checkScalar(*this, getGrad(), "'grad'", elementOf(getLogits()))))
    return failure();
  if (getResult().getType() != getLogits().getType())
    return emitOpError("result must have the type of 'logits' (")
           << getLogits().getType() << "), but got " << getResult().getType();
  return success();
}

static LogicalResult verifyMse(Operation *op, Value pred, Value target) {
  if (failed(checkTensor(op, pred, "'pred'")) ||
      failed(checkTensor(op, target, "'target'")))
    return failure();
  if (pred.getType() != target.getType())
    return op->emitOpError("'target' must have the type of 'pred' (")
           << pred.getType() << "), but got " << target.getType();
  return success();
}

LogicalResult MseLossOp::verify() {
  if (failed(verifyMse(*this, getPred(), getTarget())))
    return failure();
  return checkScalar(*this, getResult(), "result", elementOf(getPred()));
}

LogicalResult MseLossGradOp::verify() {
  if (failed(verifyMse(*this, getPred(), getTarget())) ||
      failed(checkScalar(*this, getGrad(), "'grad'", elementOf(getPred()))))
    return failure();
  if (getResult().getType() != getPred().getType())
    return emitOpError("result must have the type of 'pred' (")
           << getPred().getType() << "), but got " << getResult().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Activation gradients
//===----------------------------------------------------------------------===//

LogicalResult GeluGradOp::verify() {
  return checkTensor(*this, getGrad(), "'grad'");
}
LogicalResult ReluGradOp::verify() {
  return checkTensor(*this, getGrad(), "'grad'");
}
LogicalResult SoftmaxGradOp::verify() {
  if (failed(checkTensor(*this, getGrad(), "'grad'")))
    return failure();
  if (shapeOf(getGrad()).empty())
    return emitOpError("'grad' must have rank >= 1, but got ")
           << getGrad().getType();
  return success();
}

#define GET_OP_CLASSES
#include "remat/Dialect/NN/NNOps.cpp.inc"

//===----------------------------------------------------------------------===//
// nn.generic
//===----------------------------------------------------------------------===//

LogicalResult GenericOp::verify() {
  if (getCallee().empty())
    return emitOpError("needs the framework op's name, but it is empty");
  auto check = [&](Value value, const Twine &name) -> LogicalResult {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || !type.hasStaticShape() ||
        !type.getElementType().isIntOrFloat())
      return emitOpError() << name
                           << " must be a statically shaped tensor of an "
                              "integer or float type, but got "
                           << value.getType();
    if (remat::getTensorBytes(type) > static_cast<uint64_t>(INT64_MAX))
      return emitOpError() << name << " of type " << value.getType()
                           << " is too large: its size in bytes does not fit "
                              "in 63 bits";
    return success();
  };
  for (auto [i, v] : llvm::enumerate(getInputs()))
    if (failed(check(v, "operand #" + Twine(i))))
      return failure();
  for (auto [i, v] : llvm::enumerate(getOutputs()))
    if (failed(check(v, "result #" + Twine(i))))
      return failure();
  std::optional<remat::OpClass> cls = remat::parseOpClass(getCostClass());
  if (!cls)
    return emitOpError() << "cost_class must be \"gemm\", \"elementwise\", "
                            "\"reduction\", \"layout\" or \"view\", but got \""
                         << getCostClass() << "\"";
  for (auto [name, count] : {std::pair{"flops", getFlopsAttr()},
                             std::pair{"read_bytes", getReadBytesAttr()},
                             std::pair{"written_bytes", getWrittenBytesAttr()},
                             std::pair{"batch_dims", getBatchDimsAttr()}})
    if (count && count.getInt() < 0)
      return emitOpError() << name << " must be non-negative, but got "
                           << count.getInt();
  if (getBatchDimsAttr() && *cls != remat::OpClass::Gemm)
    return emitOpError() << "batch_dims describes a matrix multiply: it needs "
                            "cost_class = \"gemm\", but the cost class is \""
                         << getCostClass() << "\"";
  if (*cls == remat::OpClass::View) {
    if (getInputs().size() != 1 || getOutputs().empty())
      return emitOpError() << "a view must have one operand, whose buffer its "
                              "results alias, and at least one result, but "
                              "it has "
                           << getInputs().size() << " operands and "
                           << getOutputs().size() << " results";
    if (getFlops() != 0 || getSideEffects())
      return emitOpError("a view computes nothing: it must have flops = 0 and "
                         "no side_effects");
  }
  if (getOutputs().empty() && !getSideEffects())
    return emitOpError("has no results and no side_effects, so it does "
                       "nothing; mark it side_effects or drop it");
  return success();
}

void GenericOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // The state is not modelled further: an op with side effects is ordered
  // against every other, is never recomputed and never erased.
  if (getSideEffects()) {
    effects.emplace_back(MemoryEffects::Read::get());
    effects.emplace_back(MemoryEffects::Write::get());
  }
}
