//===- RematOps.td - the remat dialect ----------------------*- tablegen -*-===//
#ifndef REMAT_DIALECT_REMAT_REMATOPS
#define REMAT_DIALECT_REMAT_REMATOPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "remat/Interfaces/CostOpInterface.td"

def Remat_Dialect : Dialect {
  let name = "remat";
  let summary = "Rematerialization annotations (checkpoint blocks, overrides) "
                "and host offload";
  let description = [{
    The `remat` dialect owns two discardable attributes that users put on the
    ops of a joint graph:

    * `remat.block = N : i64` (N >= 0) marks the op as part of checkpoint block
      N, as wrapping a module in `torch.utils.checkpoint` does. The `full` and
      `sqrt` policies keep only the inputs of blocks.
    * `remat.policy = "save"`, `"recompute"` or `"offload"` overrides every
      policy: a `"save"` op's results are never recomputed, a `"recompute"`
      op's results are never kept for the backward pass, an `"offload"`
      op's result is kept in host memory between its last forward read and
      its first backward read.

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

    Two unit attributes mark the kernels of one reduction for
    `remat-fuse-reduction-epilogues` (docs/Lowering.md):
    `remat.accumulator` on the `linalg.fill` of an f32 accumulator that
    `convert-nn-to-linalg` makes for a reduction, and `remat.epilogue` on
    the elementwise `linalg.generic` that turns that accumulator into the
    nn op's value (its rounding to bf16/f16, a mean's division).

    Any other `remat.*` attribute is an error.

    Its two ops, `remat.offload` and `remat.prefetch`, carry a value to host
    memory and back: `--rematerialize` inserts them where it offloads
    (docs/Rematerialize.md, "Host offload").
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
    static constexpr llvm::StringLiteral kAccumulatorAttrName =
        "remat.accumulator";
    static constexpr llvm::StringLiteral kEpilogueAttrName = "remat.epilogue";
  }];
}

class Remat_Op<string mnemonic, list<Trait> traits = []>
    : Op<Remat_Dialect, mnemonic, traits>;

// Not Pure: a copy between memories is not recomputed, merged or moved.
// Both read their operand and allocate their result (MemWrite on the
// result's resource), so nothing removes or reorders them.
def Remat_OffloadOp : Remat_Op<"offload", [
    SameOperandsAndResultType,
    MemoryEffects<[MemAlloc, MemWrite]>,
    DeclareOpInterfaceMethods<Remat_CostOpInterface,
                              ["getOpClass", "getBytesRead",
                               "getBytesWritten"]>]> {
  let summary = "copies a device tensor to host memory";
  let description = [{
    The result is `input` in host memory. The op stands where the copy from
    the device has finished: `input`'s device buffer may be freed after it
    (if nothing else reads it), and the result's bytes are host bytes from
    here to its last use, a `remat.prefetch` (the memory plan counts them
    apart from device bytes). The copy itself runs on a copy stream and
    costs no main-stream time; the offload model estimates what of it is
    exposed.

    ```mlir
    %h = remat.offload %x : tensor<64x128xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Remat_PrefetchOp : Remat_Op<"prefetch", [
    SameOperandsAndResultType,
    MemoryEffects<[MemAlloc, MemWrite]>,
    DeclareOpInterfaceMethods<Remat_CostOpInterface,
                              ["getOpClass", "getBytesRead",
                               "getBytesWritten"]>]> {
  let summary = "copies a host tensor back to the device";
  let description = [{
    The result is `input` (a `remat.offload`'s result) in device memory,
    occupying device bytes from here on; the op stands where the copy is
    issued, ahead of the first read of the result.

    ```mlir
    %d = remat.prefetch %h : tensor<64x128xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

#endif // REMAT_DIALECT_REMAT_REMATOPS
