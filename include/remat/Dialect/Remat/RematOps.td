//===- RematOps.td - the remat dialect ----------------------*- tablegen -*-===//
#ifndef REMAT_DIALECT_REMAT_REMATOPS
#define REMAT_DIALECT_REMAT_REMATOPS

include "mlir/IR/OpBase.td"

def Remat_Dialect : Dialect {
  let name = "remat";
  let summary = "Rematerialization annotations: checkpoint blocks and overrides";
  let description = [{
    The `remat` dialect owns two discardable attributes that users put on the
    ops of a joint graph:

    * `remat.block = N : i64` (N >= 0) marks the op as part of checkpoint block
      N, as wrapping a module in `torch.utils.checkpoint` does. The `full` and
      `sqrt` policies keep only the inputs of blocks.
    * `remat.policy = "save"` or `"recompute"` overrides every policy: a
      `"save"` op's results are never recomputed, a `"recompute"` op's results
      are never kept for the backward pass.

    ```mlir
    %h = nn.gelu %x {remat.block = 3 : i64} : tensor<4x8xf32>
    %p = nn.softmax %s {remat.policy = "save"} : tensor<4x8x8xf32>
    ```

    Two more belong to functions: `remat.forward_results = N` on a joint
    function (its first N results are the forward's), and the unit
    attribute `remat.generated_gemm`, which keeps the function's matrix
    products as generated kernels under
    `remat-gemm-to-library-calls{library=cublaslt}` (remat-compile's
    `--gemm=auto` marks the fallback copy of its entry so).

    Any other `remat.*` attribute is an error.
  }];
  let cppNamespace = "::remat";
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    static constexpr llvm::StringLiteral kBlockAttrName = "remat.block";
    static constexpr llvm::StringLiteral kPolicyAttrName = "remat.policy";
    static constexpr llvm::StringLiteral kForwardResultsAttrName =
        "remat.forward_results";
    static constexpr llvm::StringLiteral kGeneratedGemmAttrName =
        "remat.generated_gemm";
  }];
}

#endif // REMAT_DIALECT_REMAT_REMATOPS
