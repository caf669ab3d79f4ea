//===- NNOps.td - the nn dialect's ops ----------------------*- tablegen -*-===//
//
// The textual forms are a contract (shared/design/nn-dialect.md): tests outside
// the project are written in them. Types are checked by the C++ verifiers so
// that each message names the operand and the expected type.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_NN_NNOPS
#define REMAT_DIALECT_NN_NNOPS

include "remat/Dialect/NN/NNDialect.td"
include "remat/Interfaces/CostOpInterface.td"
include "remat/Interfaces/VJPOpInterface.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

// Every nn op is pure, checked by a C++ verifier, and costed.
class NN_CostedOp<string mnemonic, list<Trait> traits = [],
                  list<string> costMethods = []>
    : NN_Op<mnemonic, !listconcat(traits, [Pure,
        DeclareOpInterfaceMethods<Remat_CostOpInterface,
                                  !listconcat(["getOpClass"], costMethods)>])> {
  let hasVerifier = 1;
}

// Forward ops also supply their vector-Jacobian product (NNVJP.cpp).
class NN_DifferentiableOp<string mnemonic, list<Trait> traits = [],
                          list<string> costMethods = []>
    : NN_CostedOp<mnemonic,
                  !listconcat(traits, [DeclareOpInterfaceMethods<
                                           Remat_VJPOpInterface>]),
                  costMethods>;

//===----------------------------------------------------------------------===//
// Elementwise with NumPy broadcasting
//===----------------------------------------------------------------------===//

class NN_BinaryOp<string mnemonic, string what>
    : NN_DifferentiableOp<mnemonic> {
  let summary = "elementwise " # what # " with NumPy broadcasting";
  let description = [{
    Shapes are right-aligned; each pair of dimensions must be equal or one of
    them 1 or missing. The result type must be the broadcast shape.

    ```mlir
    %c = nn.}] # mnemonic # [{ %a, %b : tensor<2x128x768xf32>, tensor<768xf32> -> tensor<2x128x768xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
}

def NN_AddOp : NN_BinaryOp<"add", "addition">;
def NN_SubOp : NN_BinaryOp<"sub", "subtraction">;
def NN_MulOp : NN_BinaryOp<"mul", "multiplication">;

//===----------------------------------------------------------------------===//
// Unary
//===----------------------------------------------------------------------===//

class NN_UnaryOp<string mnemonic, list<Trait> traits = []>
    : NN_DifferentiableOp<mnemonic,
                  !listconcat(traits, [AllTypesMatch<["input", "result"]>])> {
  let results = (outs AnyTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def NN_GeluOp : NN_UnaryOp<"gelu"> {
  let summary = "GELU, tanh approximation";
  let description = [{
    `y = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))`.

    ```mlir
    %y = nn.gelu %x : tensor<2x128x3072xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input);
}

def NN_ReluOp : NN_UnaryOp<"relu"> {
  let summary = "rectified linear unit, max(x, 0)";
  let description = [{
    ```mlir
    %y = nn.relu %x : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input);
}

def NN_ScaleOp : NN_UnaryOp<"scale"> {
  let summary = "multiplication by a constant factor";
  let description = [{
    `y = factor * x`. Scaling by 1.0 folds away.

    ```mlir
    %y = nn.scale %x {factor = 0.125 : f32} : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, F32Attr:$factor);
  let hasFolder = 1;
}

def NN_DropoutOp : NN_UnaryOp<"dropout"> {
  let summary = "dropout with a counter-based mask";
  let description = [{
    `y = x * keep / (1 - rate)` with `keep[i] = (u(seed, i) >= rate)`, where `u`
    is a counter-based uniform in [0, 1) of the seed and the element's
    row-major linear index. The same seed and shape always give the same mask,
    so recomputing or differentiating a dropout never needs a stored mask.
    `rate` must be in [0, 1); a rate of 0 folds away.

    ```mlir
    %y = nn.dropout %x {rate = 1.000000e-01 : f32, seed = 17 : i64} : tensor<2x128x768xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, F32Attr:$rate, I64Attr:$seed);
  let hasFolder = 1;
}

def NN_SoftmaxOp : NN_UnaryOp<"softmax"> {
  let summary = "softmax over the last dimension of (scale * x)";
  let description = [{
    With `causal`, element `[..., i, j]` with `j > i` is excluded (its
    probability is exactly 0); `causal` requires the last two dimensions to be
    equal. `scale` is 1.0 when absent.

    ```mlir
    %p = nn.softmax %s {scale = 0.125 : f32, causal} : tensor<2x12x128x128xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input,
                       OptionalAttr<F32Attr>:$scale,
                       UnitAttr:$causal);
  let extraClassDeclaration = [{
    /// The scale applied before the softmax (1.0 when absent).
    float getScaleValue() { return getScale() ? getScale()->convertToFloat() : 1.0f; }
  }];
}

//===----------------------------------------------------------------------===//
// Matmul and normalization
//===----------------------------------------------------------------------===//

def NN_MatmulOp : NN_DifferentiableOp<"matmul"> {
  let summary = "matrix multiply with NumPy batch broadcasting";
  let description = [{
    NumPy `matmul` semantics on the last two dimensions; leading (batch)
    dimensions broadcast. `transpose_a` / `transpose_b` swap the last two
    dimensions of that operand first. Both operands have rank >= 2.

    ```mlir
    %y = nn.matmul %x, %w : tensor<2x128x768xf32>, tensor<768x3072xf32> -> tensor<2x128x3072xf32>
    %s = nn.matmul %q, %k {transpose_b} : tensor<2x12x128x64xf32>, tensor<2x12x128x64xf32> -> tensor<2x12x128x128xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs,
                       UnitAttr:$transpose_a, UnitAttr:$transpose_b);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let extraClassDeclaration = [{
    /// M, N, K and the number of batch matrices of the result.
    void getGemmShape(int64_t &m, int64_t &n, int64_t &k, int64_t &batch);
  }];
}

def NN_LayerNormOp : NN_DifferentiableOp<"layernorm"> {
  let summary = "layer normalization over the last dimension";
  let description = [{
    `y = (x - mean) * rstd * gamma + beta` with `rstd = 1/sqrt(var + epsilon)`
    (biased variance). `mean` and `rstd` have the operand's shape without its
    last dimension; `gamma` and `beta` are 1-D of the last dimension.

    ```mlir
    %y, %mean, %rstd = nn.layernorm %x, %gamma, %beta {epsilon = 1.0e-05 : f32}
        : tensor<2x128x768xf32>, tensor<768xf32>, tensor<768xf32>
        -> tensor<2x128x768xf32>, tensor<2x128xf32>, tensor<2x128xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, AnyTensor:$gamma, AnyTensor:$beta,
                       OptionalAttr<F32Attr>:$epsilon);
  let extraClassDeclaration = [{
    /// The variance epsilon (1e-5 when absent).
    float getEpsilonValue() { return getEpsilon() ? getEpsilon()->convertToFloat() : 1.0e-5f; }
  }];
  let results = (outs AnyTensor:$output, AnyTensor:$mean, AnyTensor:$rstd);
  let assemblyFormat = [{
    $input `,` $gamma `,` $beta attr-dict `:` type($input) `,` type($gamma) `,`
    type($beta) `->` type($output) `,` type($mean) `,` type($rstd)
  }];
}

//===----------------------------------------------------------------------===//
// Layout
//===----------------------------------------------------------------------===//

def NN_TransposeOp : NN_DifferentiableOp<"transpose"> {
  let summary = "permutation of dimensions";
  let description = [{
    Result dimension `i` is operand dimension `permutation[i]`. A transpose of
    a transpose composes; an identity permutation folds away.

    ```mlir
    %t = nn.transpose %x {permutation = array<i64: 0, 2, 1, 3>} : tensor<2x128x12x64xf32> -> tensor<2x12x128x64xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, DenseI64ArrayAttr:$permutation);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def NN_ReshapeOp : NN_DifferentiableOp<"reshape", [], ["getBytesRead",
                                                "getBytesWritten"]> {
  let summary = "reshape to the same number of elements (a view)";
  let description = [{
    Row-major reshape. It allocates nothing: its result is a view that keeps
    its operand alive while the view is alive. Identity reshapes fold away and
    reshapes of reshapes compose.

    ```mlir
    %r = nn.reshape %x : tensor<2x128x768xf32> -> tensor<2x128x12x64xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def NN_BroadcastOp : NN_DifferentiableOp<"broadcast"> {
  let summary = "NumPy broadcast to a larger shape";
  let description = [{
    ```mlir
    %b = nn.broadcast %x : tensor<768xf32> -> tensor<2x128x768xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
}

def NN_ReduceSumOp : NN_DifferentiableOp<"reduce_sum"> {
  let summary = "sum over the given dimensions, which are removed";
  let description = [{
    `dims` are distinct, sorted and in range; the result has the operand's
    shape without them.

    ```mlir
    %s = nn.reduce_sum %x {dims = array<i64: 0, 1>} : tensor<2x128x768xf32> -> tensor<768xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, DenseI64ArrayAttr:$dims);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Losses
//===----------------------------------------------------------------------===//

def NN_CrossEntropyOp : NN_DifferentiableOp<"cross_entropy"> {
  let summary = "softmax cross-entropy, mean over all positions";
  let description = [{
    `logits` is `[..., C]`, `labels` has the leading shape of `logits` with
    integer class indices (`i32`/`i64`); the result is a scalar tensor.

    ```mlir
    %l = nn.cross_entropy %logits, %labels : tensor<256x1000xf32>, tensor<256xi32> -> tensor<f32>
    ```
  }];
  let arguments = (ins AnyTensor:$logits, AnyTensor:$labels);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    $logits `,` $labels attr-dict `:` type($logits) `,` type($labels) `->`
    type($result)
  }];
}

def NN_MseLossOp : NN_DifferentiableOp<"mse_loss"> {
  let summary = "mean squared error, mean over all elements";
  let description = [{
    ```mlir
    %l = nn.mse_loss %pred, %target : tensor<64x10xf32>, tensor<64x10xf32> -> tensor<f32>
    ```
  }];
  let arguments = (ins AnyTensor:$pred, AnyTensor:$target);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    $pred `,` $target attr-dict `:` type($pred) `,` type($target) `->`
    type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Backward ops
//===----------------------------------------------------------------------===//

class NN_ActivationGradOp<string mnemonic, string fwd>
    : NN_CostedOp<mnemonic, [AllTypesMatch<["grad", "input", "result"]>]> {
  let summary = "gradient of nn." # fwd # " given its input";
  let description = [{
    `dx = dy * d}] # fwd # [{(x)/dx`; needs the forward op's input `x`.

    ```mlir
    %dx = nn.}] # mnemonic # [{ %dy, %x : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$grad, AnyTensor:$input);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = "$grad `,` $input attr-dict `:` type($grad)";
}

def NN_GeluGradOp : NN_ActivationGradOp<"gelu_grad", "gelu">;
def NN_ReluGradOp : NN_ActivationGradOp<"relu_grad", "relu">;

def NN_SoftmaxGradOp
    : NN_CostedOp<"softmax_grad", [AllTypesMatch<["grad", "output", "result"]>]> {
  let summary = "gradient of nn.softmax given its output";
  let description = [{
    `dx = scale * p * (dy - sum(dy * p, -1))`; needs the softmax output `p`.
    The causal mask needs no operand: masked probabilities are exactly 0.

    ```mlir
    %dx = nn.softmax_grad %dy, %p {scale = 0.125 : f32} : tensor<2x12x128x128xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$grad, AnyTensor:$output,
                       OptionalAttr<F32Attr>:$scale);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = "$grad `,` $output attr-dict `:` type($grad)";
  let extraClassDeclaration = [{
    /// The scale of the forward softmax (1.0 when absent).
    float getScaleValue() { return getScale() ? getScale()->convertToFloat() : 1.0f; }
  }];
}

def NN_LayerNormGradOp : NN_CostedOp<"layernorm_grad"> {
  let summary = "gradient of nn.layernorm";
  let description = [{
    Needs the forward input `x`, `gamma`, and the saved `mean` and `rstd`.
    Returns the gradients of `x`, `gamma` and `beta`.

    ```mlir
    %dx, %dgamma, %dbeta = nn.layernorm_grad %dy, %x, %gamma, %mean, %rstd
        : tensor<2x128x768xf32>, tensor<2x128x768xf32>, tensor<768xf32>, tensor<2x128xf32>, tensor<2x128xf32>
        -> tensor<2x128x768xf32>, tensor<768xf32>, tensor<768xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$grad, AnyTensor:$input, AnyTensor:$gamma,
                       AnyTensor:$mean, AnyTensor:$rstd);
  let results = (outs AnyTensor:$input_grad, AnyTensor:$gamma_grad,
                      AnyTensor:$beta_grad);
  let assemblyFormat = [{
    $grad `,` $input `,` $gamma `,` $mean `,` $rstd attr-dict `:` type($grad)
    `,` type($input) `,` type($gamma) `,` type($mean) `,` type($rstd) `->`
    type($input_grad) `,` type($gamma_grad) `,` type($beta_grad)
  }];
}

def NN_CrossEntropyGradOp : NN_CostedOp<"cross_entropy_grad"> {
  let summary = "gradient of nn.cross_entropy with respect to the logits";
  let description = [{
    `dlogits = dl * (softmax(logits) - onehot(labels)) / N` for N positions.

    ```mlir
    %dlogits = nn.cross_entropy_grad %logits, %labels, %dl : tensor<256x1000xf32>, tensor<256xi32>, tensor<f32> -> tensor<256x1000xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$logits, AnyTensor:$labels, AnyTensor:$grad);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    $logits `,` $labels `,` $grad attr-dict `:` type($logits) `,`
    type($labels) `,` type($grad) `->` type($result)
  }];
}

def NN_MseLossGradOp : NN_CostedOp<"mse_loss_grad"> {
  let summary = "gradient of nn.mse_loss with respect to the prediction";
  let description = [{
    `dpred = dl * 2 (pred - target) / N` for N elements.

    ```mlir
    %dpred = nn.mse_loss_grad %pred, %target, %dl : tensor<64x10xf32>, tensor<64x10xf32>, tensor<f32> -> tensor<64x10xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$pred, AnyTensor:$target, AnyTensor:$grad);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    $pred `,` $target `,` $grad attr-dict `:` type($pred) `,` type($target)
    `,` type($grad) `->` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Framework ops without an nn counterpart
//===----------------------------------------------------------------------===//

def NN_GenericOp : NN_Op<"generic", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    Remat_CostOpInterface]> {
  let summary = "a framework op that remat plans but does not compile";
  let description = [{
    An op of another framework (an ATen op from a PyTorch graph, a JAX
    primitive) that has no `nn` counterpart. It carries what the planner needs
    and nothing else: its name, its tensor operands and results (statically
    shaped, any integer or float element type: masks are `i1`, indices
    `i64`), its cost, and whether it may be recomputed. Non-tensor arguments
    (sizes, scalars, dims) stay with the framework.

    - `flops`: floating-point operations per execution (default 0).
    - `cost_class`: `"gemm"`, `"elementwise"` (default), `"reduction"`,
      `"layout"` or `"view"`. A view allocates nothing: its results alias its
      single operand, which stays live while any of them is (as `nn.reshape`).
    - `read_bytes`, `written_bytes`: memory traffic, by default the sizes of
      the operands and of the results (0 for a view).
    - `side_effects`: the op reads or writes state (an RNG whose replay would
      not give the same values, an in-place update, a collective). Such an op
      is never recomputed and never erased.
    - `batch_dims`: of a `"gemm"` op, how many batch dimensions it has (a
      `dot_general`'s batch dimensions; absent: none). Policy
      `dots-no-batch` keeps only the results of gemm ops without them.

    The op has no vector-Jacobian product (`--nn-autodiff` rejects it) and no
    lowering (`remat-compile` rejects it): it exists so that framework
    adapters can ask the planner for a kept set (docs/PyTorch.md).

    ```mlir
    %e = nn.generic "aten.exp.default" %x {flops = 1024 : i64} : (tensor<4x256xf32>) -> tensor<4x256xf32>
    %v = nn.generic "aten.view.default" %e {cost_class = "view"} : (tensor<4x256xf32>) -> tensor<1024xf32>
    %y, %m = nn.generic "aten.native_dropout.default" %x {side_effects} : (tensor<4x256xf32>) -> (tensor<4x256xf32>, tensor<4x256xi1>)
    ```
  }];
  let arguments = (ins StrAttr:$callee, Variadic<AnyTensor>:$inputs,
                       DefaultValuedAttr<I64Attr, "0">:$flops,
                       DefaultValuedStrAttr<StrAttr, "elementwise">:$cost_class,
                       OptionalAttr<I64Attr>:$read_bytes,
                       OptionalAttr<I64Attr>:$written_bytes,
                       UnitAttr:$side_effects,
                       OptionalAttr<I64Attr>:$batch_dims);
  let results = (outs Variadic<AnyTensor>:$outputs);
  let assemblyFormat = [{
    $callee ($inputs^)? attr-dict `:` functional-type($inputs, $outputs)
  }];
  let hasVerifier = 1;
  // The cost interface: getFlops is the `flops` attribute's getter.
  let extraClassDeclaration = [{
    ::remat::OpClass getOpClass();
    uint64_t getBytesRead();
    uint64_t getBytesWritten();
  }];
}

#endif // REMAT_DIALECT_NN_NNOPS
