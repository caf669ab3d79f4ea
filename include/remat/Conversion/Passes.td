//===- Passes.td - remat's conversion passes ----------------*- tablegen -*-===//
#ifndef REMAT_CONVERSION_PASSES
#define REMAT_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertNNToLinalg : Pass<"convert-nn-to-linalg"> {
  let summary = "Lower nn ops to linalg, tensor, arith and math on tensors";
  let description = [{
    Every `nn` op becomes `linalg.generic`s (or named linalg ops) on tensors
    with `tensor.empty` destinations, plus `tensor` reshapes for
    `nn.reshape`. f16/bf16 values are computed in f32 inside each kernel and
    rounded once when stored. Numerics: softmax subtracts the row maximum;
    layernorm accumulates in f32; GELU is the tanh approximation; dropout
    uses the counter-based mask of docs/Lowering.md; cross-entropy uses a
    log-sum-exp. An op that cannot be lowered (dynamic shapes, an unknown op
    in `nn`) is reported at its location and the pass fails.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def FreeAfterLastUse : Pass<"remat-free-after-last-use", "::mlir::func::FuncOp"> {
  let summary = "Free each buffer right after its last use";
  let description = [{
    After bufferization, inserts a `memref.dealloc` of every `memref.alloc` of
    the function body right after the last op that uses the buffer or any of
    its views (subview, expand/collapse_shape, cast, reinterpret_cast), so
    that memory follows the liveness of the plan. Buffers that escape
    (returned, stored, passed to calls) are left alone. Run it instead of
    MLIR's ownership-based deallocation, which frees at the end of the block.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

#endif // REMAT_CONVERSION_PASSES
