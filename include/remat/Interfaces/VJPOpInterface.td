//===- VJPOpInterface.td - vector-Jacobian products ---------*- tablegen -*-===//
//
// The interface through which ops supply their gradients to --nn-autodiff.
// It is not tied to the nn dialect: another compiler's ops can implement it
// (or attach it as an external model) and be differentiated by the same pass.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_TRANSFORMS_VJPOPINTERFACE
#define REMAT_TRANSFORMS_VJPOPINTERFACE

include "mlir/IR/OpBase.td"

def Remat_VJPOpInterface : OpInterface<"VJPOpInterface"> {
  let description = [{
    An op that can build its vector-Jacobian product: given the gradients of
    the loss with respect to its results, the ops that compute the gradients
    with respect to its operands. `--nn-autodiff` visits the ops of a forward
    function in reverse and calls `buildVJP` with the builder placed where the
    backward ops go.

    `resultGrads` has one entry per result, null where no gradient reaches
    that result (at least one is set). `operandGrads` comes with one null
    entry per operand; the op sets the gradient of each operand it
    differentiates, with exactly that operand's type, and leaves the others
    (integer labels, say) null. On failure the op emits an error at itself.
  }];
  let cppNamespace = "::remat";

  let methods = [
    InterfaceMethod<"Builds the gradients of the operands.",
      "::llvm::LogicalResult", "buildVJP",
      (ins "::mlir::OpBuilder &":$builder,
           "::llvm::ArrayRef<::mlir::Value>":$resultGrads,
           "::llvm::MutableArrayRef<::mlir::Value>":$operandGrads)>,
  ];
}

#endif // REMAT_TRANSFORMS_VJPOPINTERFACE
