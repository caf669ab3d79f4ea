//===- Autodiff.cpp - reverse-mode differentiation of a forward function --===//
//
// 1. Varied values: the differentiated arguments and every value computed
//    from one of them (forward, in program order).
// 2. Backward sweep: the loss's gradient is a constant 1; ops are visited in
//    reverse program order, and an op with a gradient on a result and a
//    varied operand builds its vector-Jacobian product (VJPOpInterface).
//    Gradients of a value reached along several uses are summed with
//    nn.add as they arrive.
// 3. The function returns (loss, gradients of the differentiated arguments);
//    backward ops that compute gradients nobody needs (of labels, targets or
//    weights that are not differentiated) are erased.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/Diagnostics.h"
#include "remat/Transforms/Passes.h"

#include "remat/Dialect/NN/NNOps.h"
#include "remat/Transforms/RematRewrite.h"
#include "remat/Interfaces/VJPOpInterface.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace remat {
#define GEN_PASS_DEF_NNAUTODIFF
#include "remat/Transforms/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

/// Whether values of `type` get gradients: statically shaped tensors of
/// floating-point elements.
bool isFloatTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape() &&
         isa<FloatType>(tensor.getElementType());
}

Value floatConstant(OpBuilder &b, Location loc, Type type, double value) {
  auto tensor = cast<RankedTensorType>(type);
  auto element = cast<FloatType>(tensor.getElementType());
  return arith::ConstantOp::create(
      b, loc, tensor,
      DenseElementsAttr::get(tensor, b.getFloatAttr(element, value)));
}

struct NNAutodiffPass : public remat::impl::NNAutodiffBase<NNAutodiffPass> {
  using NNAutodiffBase::NNAutodiffBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    if (failed(differentiate(func)))
      signalPassFailure();
  }

  LogicalResult differentiate(func::FuncOp func) {
    if (!func.getBody().hasOneBlock())
      return remat::emitErrorAt(func)
             << "expects a forward function with a single-block "
                "body";
    Block &body = func.getBody().front();
    auto ret = dyn_cast<func::ReturnOp>(body.getTerminator());
    if (!ret)
      return remat::emitErrorAt(func)
             << "expects the body to end in func.return";
    if (func.getNumResults() != 1)
      return remat::emitErrorAt(func)
             << "expects a forward function with one result, "
                "the scalar loss, but it has "
             << func.getNumResults();
    Value loss = ret.getOperand(0);
    auto lossType = dyn_cast<RankedTensorType>(loss.getType());
    if (!lossType || lossType.getRank() != 0 ||
        !isa<FloatType>(lossType.getElementType()))
      return remat::emitErrorAt(func)
             << "expects the loss to be a floating-point scalar "
                "tensor (tensor<f32>, tensor<bf16>, ...), but "
                "it is "
             << loss.getType();

    // 1. The differentiated arguments and the values that vary with them.
    SmallVector<BlockArgument> wrtArgs;
    if (wrt.empty()) {
      for (BlockArgument arg : body.getArguments())
        if (isFloatTensor(arg.getType()))
          wrtArgs.push_back(arg);
    } else {
      for (unsigned index : wrt) {
        if (index >= body.getNumArguments())
          return remat::emitErrorAt(func)
                 << "wrt: argument " << index
                 << " does not exist; the function has "
                 << body.getNumArguments() << " arguments";
        BlockArgument arg = body.getArgument(index);
        if (!isFloatTensor(arg.getType()))
          return remat::emitErrorAt(func)
                 << "wrt: argument " << index << " has type " << arg.getType()
                 << ", which has no gradient; expected a statically shaped "
                    "tensor of floating-point elements";
        if (llvm::is_contained(wrtArgs, arg))
          return remat::emitErrorAt(func) << "wrt: argument " << index
                                          << " is listed "
                                             "twice";
        wrtArgs.push_back(arg);
      }
    }
    llvm::DenseSet<Value> varied(wrtArgs.begin(), wrtArgs.end());
    auto usesVaried = [&](Operation *op) {
      bool any = false;
      op->walk([&](Operation *nested) {
        any |= llvm::any_of(nested->getOperands(),
                            [&](Value v) { return varied.contains(v); });
      });
      return any;
    };
    // The forward ops, and those that read a varied value (only these can
    // pass a gradient on to a differentiated argument).
    SmallVector<Operation *> forwardOps;
    llvm::SmallPtrSet<Operation *, 32> readsVaried;
    for (Operation &op : body.without_terminator()) {
      forwardOps.push_back(&op);
      if (usesVaried(&op)) {
        readsVaried.insert(&op);
        varied.insert(op.result_begin(), op.result_end());
      }
    }

    // 2. The backward sweep, built before the terminator.
    OpBuilder builder(ret);
    llvm::DenseMap<Value, Value> grads;
    auto accumulate = [&](Value value, Value grad, Location loc) {
      Value &slot = grads[value];
      slot = slot ? nn::AddOp::create(builder, loc, value.getType(), slot, grad)
                        .getResult()
                  : grad;
    };
    if (varied.contains(loss))
      grads[loss] = floatConstant(builder, ret.getLoc(), lossType, 1.0);
    for (Operation *op : llvm::reverse(forwardOps)) {
      SmallVector<Value> resultGrads;
      bool reached = false;
      for (Value result : op->getResults()) {
        resultGrads.push_back(grads.lookup(result));
        reached |= static_cast<bool>(resultGrads.back());
      }
      if (!reached || !readsVaried.contains(op))
        continue;
      auto vjp = dyn_cast<VJPOpInterface>(op);
      if (!vjp)
        return op->emitError("cannot differentiate '")
               << op->getName()
               << "': it has no vector-Jacobian product (VJPOpInterface), "
                  "and the loss depends on it through a differentiated "
                  "argument";
      SmallVector<Value> operandGrads(op->getNumOperands());
      builder.setInsertionPoint(ret);
      Operation *last = ret->getPrevNode();
      if (failed(vjp.buildVJP(builder, resultGrads, operandGrads)))
        return failure();
      // The backward ops say what they are: "grad of nn.relu" at the
      // forward op's location (a diagnostic's caret stays on the source
      // line that made them; the name tells forward from backward).
      Location gradLoc = NameLoc::get(
          builder.getStringAttr("grad of " + op->getName().getStringRef()),
          op->getLoc());
      for (Operation *made = last ? last->getNextNode() : &body.front();
           made != ret; made = made->getNextNode())
        made->walk([&](Operation *nested) { nested->setLoc(gradLoc); });
      for (auto [operand, grad] :
           llvm::zip_equal(op->getOperands(), operandGrads)) {
        if (!grad || !varied.contains(operand))
          continue;
        if (grad.getType() != operand.getType())
          return op->emitError("vector-Jacobian product built a gradient of "
                               "type ")
                 << grad.getType() << " for an operand of type "
                 << operand.getType();
        accumulate(operand, grad, gradLoc);
      }
    }

    // 3. Return the loss and the gradients; drop the unused backward ops.
    builder.setInsertionPoint(ret);
    SmallVector<Value> results = {loss};
    for (BlockArgument arg : wrtArgs) {
      Value grad = grads.lookup(arg);
      results.push_back(
          grad ? grad
               : floatConstant(builder, ret.getLoc(), arg.getType(), 0.0));
    }
    ret->setOperands(results);
    func.setType(FunctionType::get(func.getContext(), func.getArgumentTypes(),
                                   ValueRange(results).getTypes()));
    // Forward ops that feed neither the loss nor a gradient go too.
    eraseDeadOps(body);
    return success();
  }
};

} // namespace
