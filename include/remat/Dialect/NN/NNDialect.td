//===- NNDialect.td - the nn dialect ------------------------*- tablegen -*-===//
#ifndef REMAT_DIALECT_NN_NNDIALECT
#define REMAT_DIALECT_NN_NNDIALECT

include "mlir/IR/OpBase.td"

def NN_Dialect : Dialect {
  let name = "nn";
  let summary = "Tensor-level ML ops with value semantics, forward and backward";
  let description = [{
    The `nn` dialect holds the ops of a model's joint forward+backward graph:
    elementwise arithmetic with NumPy broadcasting, matmul, softmax, layernorm,
    dropout with a counter-based mask, layout ops, losses, and the backward ops
    (`*_grad`) that autodiff emits. Every op is pure and works on statically
    shaped ranked tensors of `f32`, `f16` or `bf16` (labels are `i32`/`i64`).
    Every op implements the cost op interface (FLOPs and bytes).
  }];
  let cppNamespace = "::remat::nn";
  let hasConstantMaterializer = 0;
}

class NN_Op<string mnemonic, list<Trait> traits = []>
    : Op<NN_Dialect, mnemonic, traits>;

#endif // REMAT_DIALECT_NN_NNDIALECT
