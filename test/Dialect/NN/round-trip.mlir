// Every nn op parses, prints in its custom form, and the printed form parses
// again to the same IR, directly and through the generic form.
// RUN: remat-opt %s | remat-opt | FileCheck %s
// RUN: remat-opt %s --mlir-print-op-generic | remat-opt | FileCheck %s
// RUN: remat-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The forward examples of shared/design/nn-dialect.md, verbatim.

// CHECK-LABEL: func.func @contract_add
// CHECK-NEXT: %[[R:.*]] = nn.add %arg0, %arg1 : tensor<2x128x768xf32>, tensor<768xf32> -> tensor<2x128x768xf32>
// CHECK-NEXT: return %[[R]]
// GENERIC-LABEL: sym_name = "contract_add"
// GENERIC: "nn.add"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (tensor<2x128x768xf32>, tensor<768xf32>) -> tensor<2x128x768xf32>
func.func @contract_add(%a: tensor<2x128x768xf32>, %b: tensor<768xf32>) -> tensor<2x128x768xf32> {
  %c = nn.add %a, %b : tensor<2x128x768xf32>, tensor<768xf32> -> tensor<2x128x768xf32>
  return %c : tensor<2x128x768xf32>
}

// CHECK-LABEL: func.func @contract_sub
// CHECK-NEXT: %[[R:.*]] = nn.sub %arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT: return %[[R]]
func.func @contract_sub(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = nn.sub %a, %b : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @contract_mul
// CHECK-NEXT: %[[R:.*]] = nn.mul %arg0, %arg1 : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
// CHECK-NEXT: return %[[R]]
func.func @contract_mul(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %c = nn.mul %a, %b : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @contract_gelu
// CHECK-NEXT: %[[R:.*]] = nn.gelu %arg0 : tensor<2x128x3072xf32>
// CHECK-NEXT: return %[[R]]
// GENERIC-LABEL: sym_name = "contract_gelu"
// GENERIC: "nn.gelu"(%{{[a-z0-9_]+}}) : (tensor<2x128x3072xf32>) -> tensor<2x128x3072xf32>
func.func @contract_gelu(%x: tensor<2x128x3072xf32>) -> tensor<2x128x3072xf32> {
  %y = nn.gelu %x : tensor<2x128x3072xf32>          // tanh approximation
  return %y : tensor<2x128x3072xf32>
}

// CHECK-LABEL: func.func @contract_relu
// CHECK-NEXT: %[[R:.*]] = nn.relu %arg0 : tensor<4x8xf32>
// CHECK-NEXT: return %[[R]]
func.func @contract_relu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = nn.relu %x : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @contract_scale
// CHECK-NEXT: %[[R:.*]] = nn.scale %arg0 {factor = 1.250000e-01 : f32} : tensor<4x8xf32>
// CHECK-NEXT: return %[[R]]
// GENERIC-LABEL: sym_name = "contract_scale"
// GENERIC: "nn.scale"(%{{[a-z0-9_]+}}) <{factor = 1.250000e-01 : f32}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
func.func @contract_scale(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = nn.scale %x {factor = 0.125 : f32} : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @contract_matmul
// CHECK-NEXT: %[[Y:.*]] = nn.matmul %arg0, %arg1 : tensor<2x128x768xf32>, tensor<768x3072xf32> -> tensor<2x128x3072xf32>
// CHECK-NEXT: %[[S:.*]] = nn.matmul %arg2, %arg3 {transpose_b} : tensor<2x12x128x64xf32>, tensor<2x12x128x64xf32> -> tensor<2x12x128x128xf32>
// CHECK-NEXT: return %[[Y]], %[[S]]
// GENERIC-LABEL: sym_name = "contract_matmul"
// GENERIC: "nn.matmul"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (tensor<2x128x768xf32>, tensor<768x3072xf32>) -> tensor<2x128x3072xf32>
// GENERIC: "nn.matmul"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{transpose_b}> : (tensor<2x12x128x64xf32>, tensor<2x12x128x64xf32>) -> tensor<2x12x128x128xf32>
func.func @contract_matmul(%x: tensor<2x128x768xf32>, %w: tensor<768x3072xf32>,
                           %q: tensor<2x12x128x64xf32>, %k: tensor<2x12x128x64xf32>)
    -> (tensor<2x128x3072xf32>, tensor<2x12x128x128xf32>) {
  %y = nn.matmul %x, %w : tensor<2x128x768xf32>, tensor<768x3072xf32> -> tensor<2x128x3072xf32>
  %s = nn.matmul %q, %k {transpose_b} : tensor<2x12x128x64xf32>, tensor<2x12x128x64xf32> -> tensor<2x12x128x128xf32>
  return %y, %s : tensor<2x128x3072xf32>, tensor<2x12x128x128xf32>
}

// Attributes print in name order: `causal` before `scale`.
// CHECK-LABEL: func.func @contract_softmax
// CHECK-NEXT: %[[R:.*]] = nn.softmax %arg0 {causal, scale = 1.250000e-01 : f32} : tensor<2x12x128x128xf32>
// CHECK-NEXT: return %[[R]]
// GENERIC-LABEL: sym_name = "contract_softmax"
// GENERIC: "nn.softmax"(%{{[a-z0-9_]+}}) <{causal, scale = 1.250000e-01 : f32}> : (tensor<2x12x128x128xf32>) -> tensor<2x12x128x128xf32>
func.func @contract_softmax(%s: tensor<2x12x128x128xf32>) -> tensor<2x12x128x128xf32> {
  %p = nn.softmax %s {scale = 0.125 : f32, causal} : tensor<2x12x128x128xf32>
  return %p : tensor<2x12x128x128xf32>
}

// CHECK-LABEL: func.func @contract_layernorm
// CHECK-NEXT: %[[Y:.*]], %[[M:.*]], %[[R:.*]] = nn.layernorm %arg0, %arg1, %arg2 {epsilon = 9.99999974E-6 : f32} : tensor<2x128x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<2x128x768xf32>, tensor<2x128xf32>, tensor<2x128xf32>
// CHECK-NEXT: return %[[Y]], %[[M]], %[[R]]
// GENERIC-LABEL: sym_name = "contract_layernorm"
// GENERIC: "nn.layernorm"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{epsilon = 9.99999974E-6 : f32}> : (tensor<2x128x768xf32>, tensor<768xf32>, tensor<768xf32>) -> (tensor<2x128x768xf32>, tensor<2x128xf32>, tensor<2x128xf32>)
func.func @contract_layernorm(%x: tensor<2x128x768xf32>, %gamma: tensor<768xf32>, %beta: tensor<768xf32>)
    -> (tensor<2x128x768xf32>, tensor<2x128xf32>, tensor<2x128xf32>) {
  %y, %mean, %rstd = nn.layernorm %x, %gamma, %beta {epsilon = 1.0e-05 : f32}
      : tensor<2x128x768xf32>, tensor<768xf32>, tensor<768xf32>
      -> tensor<2x128x768xf32>, tensor<2x128xf32>, tensor<2x128xf32>
  return %y, %mean, %rstd : tensor<2x128x768xf32>, tensor<2x128xf32>, tensor<2x128xf32>
}

// CHECK-LABEL: func.func @contract_dropout
// CHECK-NEXT: %[[R:.*]] = nn.dropout %arg0 {rate = 1.000000e-01 : f32, seed = 17 : i64} : tensor<2x128x768xf32>
// CHECK-NEXT: return %[[R]]
// GENERIC-LABEL: sym_name = "contract_dropout"
// GENERIC: "nn.dropout"(%{{[a-z0-9_]+}}) <{rate = 1.000000e-01 : f32, seed = 17 : i64}> : (tensor<2x128x768xf32>) -> tensor<2x128x768xf32>
func.func @contract_dropout(%x: tensor<2x128x768xf32>) -> tensor<2x128x768xf32> {
  %y = nn.dropout %x {rate = 1.000000e-01 : f32, seed = 17 : i64} : tensor<2x128x768xf32>
  return %y : tensor<2x128x768xf32>
}

// CHECK-LABEL: func.func @contract_layout
// CHECK-NEXT: %[[T:.*]] = nn.transpose %arg0 {permutation = array<i64: 0, 2, 1, 3>} : tensor<2x128x12x64xf32> -> tensor<2x12x128x64xf32>
// CHECK-NEXT: %[[R:.*]] = nn.reshape %arg1 : tensor<2x128x768xf32> -> tensor<2x128x12x64xf32>
// CHECK-NEXT: %[[B:.*]] = nn.broadcast %arg2 : tensor<768xf32> -> tensor<2x128x768xf32>
// CHECK-NEXT: %[[S:.*]] = nn.reduce_sum %arg1 {dims = array<i64: 0, 1>} : tensor<2x128x768xf32> -> tensor<768xf32>
// CHECK-NEXT: return %[[T]], %[[R]], %[[B]], %[[S]]
// GENERIC-LABEL: sym_name = "contract_layout"
// GENERIC: "nn.transpose"(%{{[a-z0-9_]+}}) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<2x128x12x64xf32>) -> tensor<2x12x128x64xf32>
// GENERIC: "nn.reshape"(%{{[a-z0-9_]+}}) : (tensor<2x128x768xf32>) -> tensor<2x128x12x64xf32>
// GENERIC: "nn.broadcast"(%{{[a-z0-9_]+}}) : (tensor<768xf32>) -> tensor<2x128x768xf32>
// GENERIC: "nn.reduce_sum"(%{{[a-z0-9_]+}}) <{dims = array<i64: 0, 1>}> : (tensor<2x128x768xf32>) -> tensor<768xf32>
func.func @contract_layout(%x4: tensor<2x128x12x64xf32>, %x: tensor<2x128x768xf32>, %v: tensor<768xf32>)
    -> (tensor<2x12x128x64xf32>, tensor<2x128x12x64xf32>, tensor<2x128x768xf32>, tensor<768xf32>) {
  %t = nn.transpose %x4 {permutation = array<i64: 0, 2, 1, 3>} : tensor<2x128x12x64xf32> -> tensor<2x12x128x64xf32>
  %r = nn.reshape %x : tensor<2x128x768xf32> -> tensor<2x128x12x64xf32>   // a view
  %b = nn.broadcast %v : tensor<768xf32> -> tensor<2x128x768xf32>
  %s = nn.reduce_sum %x {dims = array<i64: 0, 1>} : tensor<2x128x768xf32> -> tensor<768xf32>
  return %t, %r, %b, %s : tensor<2x12x128x64xf32>, tensor<2x128x12x64xf32>, tensor<2x128x768xf32>, tensor<768xf32>
}

// CHECK-LABEL: func.func @contract_losses
// CHECK-NEXT: %[[CE:.*]] = nn.cross_entropy %arg0, %arg1 : tensor<256x1000xf32>, tensor<256xi32> -> tensor<f32>
// CHECK-NEXT: %[[MSE:.*]] = nn.mse_loss %arg2, %arg3 : tensor<64x10xf32>, tensor<64x10xf32> -> tensor<f32>
// CHECK-NEXT: return %[[CE]], %[[MSE]]
// GENERIC-LABEL: sym_name = "contract_losses"
// GENERIC: "nn.cross_entropy"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (tensor<256x1000xf32>, tensor<256xi32>) -> tensor<f32>
// GENERIC: "nn.mse_loss"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (tensor<64x10xf32>, tensor<64x10xf32>) -> tensor<f32>
func.func @contract_losses(%logits: tensor<256x1000xf32>, %labels: tensor<256xi32>,
                           %pred: tensor<64x10xf32>, %target: tensor<64x10xf32>) -> (tensor<f32>, tensor<f32>) {
  %l = nn.cross_entropy %logits, %labels : tensor<256x1000xf32>, tensor<256xi32> -> tensor<f32>
  %m = nn.mse_loss %pred, %target : tensor<64x10xf32>, tensor<64x10xf32> -> tensor<f32>
  return %l, %m : tensor<f32>, tensor<f32>
}

// The backward examples of shared/design/nn-dialect.md, verbatim.

// CHECK-LABEL: func.func @contract_activation_grads
// CHECK-NEXT: %[[G:.*]] = nn.gelu_grad %arg0, %arg1 : tensor<2x128x3072xf32>
// CHECK-NEXT: %[[R:.*]] = nn.relu_grad %arg2, %arg3 : tensor<4x8xf32>
// CHECK-NEXT: %[[S:.*]] = nn.softmax_grad %arg4, %arg5 {scale = 1.250000e-01 : f32} : tensor<2x12x128x128xf32>
// CHECK-NEXT: return %[[G]], %[[R]], %[[S]]
// GENERIC-LABEL: sym_name = "contract_activation_grads"
// GENERIC: "nn.gelu_grad"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (tensor<2x128x3072xf32>, tensor<2x128x3072xf32>) -> tensor<2x128x3072xf32>
// GENERIC: "nn.relu_grad"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC: "nn.softmax_grad"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{scale = 1.250000e-01 : f32}> : (tensor<2x12x128x128xf32>, tensor<2x12x128x128xf32>) -> tensor<2x12x128x128xf32>
func.func @contract_activation_grads(%dy: tensor<2x128x3072xf32>, %x: tensor<2x128x3072xf32>,
                                     %dy2: tensor<4x8xf32>, %x2: tensor<4x8xf32>,
                                     %dp: tensor<2x12x128x128xf32>, %p: tensor<2x12x128x128xf32>)
    -> (tensor<2x128x3072xf32>, tensor<4x8xf32>, tensor<2x12x128x128xf32>) {
  %dx = nn.gelu_grad %dy, %x : tensor<2x128x3072xf32>         // needs the GELU input
  %dx2 = nn.relu_grad %dy2, %x2 : tensor<4x8xf32>
  %dx3 = nn.softmax_grad %dp, %p {scale = 0.125 : f32} : tensor<2x12x128x128xf32>   // needs the softmax output
  return %dx, %dx2, %dx3 : tensor<2x128x3072xf32>, tensor<4x8xf32>, tensor<2x12x128x128xf32>
}

// CHECK-LABEL: func.func @contract_layernorm_grad
// CHECK-NEXT: %[[DX:.*]], %[[DG:.*]], %[[DB:.*]] = nn.layernorm_grad %arg0, %arg1, %arg2, %arg3, %arg4 : tensor<2x128x768xf32>, tensor<2x128x768xf32>, tensor<768xf32>, tensor<2x128xf32>, tensor<2x128xf32> -> tensor<2x128x768xf32>, tensor<768xf32>, tensor<768xf32>
// CHECK-NEXT: return %[[DX]], %[[DG]], %[[DB]]
// GENERIC-LABEL: sym_name = "contract_layernorm_grad"
// GENERIC: "nn.layernorm_grad"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (tensor<2x128x768xf32>, tensor<2x128x768xf32>, tensor<768xf32>, tensor<2x128xf32>, tensor<2x128xf32>) -> (tensor<2x128x768xf32>, tensor<768xf32>, tensor<768xf32>)
func.func @contract_layernorm_grad(%dy: tensor<2x128x768xf32>, %x: tensor<2x128x768xf32>, %gamma: tensor<768xf32>,
                                   %mean: tensor<2x128xf32>, %rstd: tensor<2x128xf32>)
    -> (tensor<2x128x768xf32>, tensor<768xf32>, tensor<768xf32>) {
  %dx, %dgamma, %dbeta = nn.layernorm_grad %dy, %x, %gamma, %mean, %rstd
      : tensor<2x128x768xf32>, tensor<2x128x768xf32>, tensor<768xf32>, tensor<2x128xf32>, tensor<2x128xf32>
      -> tensor<2x128x768xf32>, tensor<768xf32>, tensor<768xf32>
  return %dx, %dgamma, %dbeta : tensor<2x128x768xf32>, tensor<768xf32>, tensor<768xf32>
}

// CHECK-LABEL: func.func @contract_loss_grads
// CHECK-NEXT: %[[DL:.*]] = nn.cross_entropy_grad %arg0, %arg1, %arg2 : tensor<256x1000xf32>, tensor<256xi32>, tensor<f32> -> tensor<256x1000xf32>
// CHECK-NEXT: %[[DP:.*]] = nn.mse_loss_grad %arg3, %arg4, %arg5 : tensor<64x10xf32>, tensor<64x10xf32>, tensor<f32> -> tensor<64x10xf32>
// CHECK-NEXT: return %[[DL]], %[[DP]]
// GENERIC-LABEL: sym_name = "contract_loss_grads"
// GENERIC: "nn.cross_entropy_grad"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (tensor<256x1000xf32>, tensor<256xi32>, tensor<f32>) -> tensor<256x1000xf32>
// GENERIC: "nn.mse_loss_grad"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (tensor<64x10xf32>, tensor<64x10xf32>, tensor<f32>) -> tensor<64x10xf32>
func.func @contract_loss_grads(%logits: tensor<256x1000xf32>, %labels: tensor<256xi32>, %dl: tensor<f32>,
                               %pred: tensor<64x10xf32>, %target: tensor<64x10xf32>, %dl2: tensor<f32>)
    -> (tensor<256x1000xf32>, tensor<64x10xf32>) {
  %dlogits = nn.cross_entropy_grad %logits, %labels, %dl : tensor<256x1000xf32>, tensor<256xi32>, tensor<f32> -> tensor<256x1000xf32>
  %dpred = nn.mse_loss_grad %pred, %target, %dl2 : tensor<64x10xf32>, tensor<64x10xf32>, tensor<f32> -> tensor<64x10xf32>
  return %dlogits, %dpred : tensor<256x1000xf32>, tensor<64x10xf32>
}

// The backward-pass seed of the contract.
// CHECK-LABEL: func.func @contract_seed
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[D:.*]] = nn.mse_loss_grad %arg0, %arg1, %[[C]] : tensor<64x10xf32>, tensor<64x10xf32>, tensor<f32> -> tensor<64x10xf32>
func.func @contract_seed(%pred: tensor<64x10xf32>, %target: tensor<64x10xf32>) -> tensor<64x10xf32> {
  %seed = arith.constant dense<1.0> : tensor<f32>
  %dpred = nn.mse_loss_grad %pred, %target, %seed : tensor<64x10xf32>, tensor<64x10xf32>, tensor<f32> -> tensor<64x10xf32>
  return %dpred : tensor<64x10xf32>
}

// Optional attributes and other variants beyond the contract examples.

// CHECK-LABEL: func.func @softmax_variants
// CHECK-NEXT: %[[A:.*]] = nn.softmax %arg0 : tensor<4x8x8xf32>
// CHECK-NEXT: %[[B:.*]] = nn.softmax %arg0 {causal} : tensor<4x8x8xf32>
// CHECK-NEXT: %[[C:.*]] = nn.softmax %arg0 {scale = 5.000000e-01 : f32} : tensor<4x8x8xf32>
// CHECK-NEXT: %[[D:.*]] = nn.softmax %arg1 : tensor<5xf32>
// CHECK-NEXT: %[[E:.*]] = nn.softmax_grad %arg0, %[[A]] : tensor<4x8x8xf32>
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
// GENERIC-LABEL: sym_name = "softmax_variants"
// GENERIC: "nn.softmax"(%{{[a-z0-9_]+}}) : (tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
// GENERIC: "nn.softmax"(%{{[a-z0-9_]+}}) <{causal}> : (tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
func.func @softmax_variants(%x: tensor<4x8x8xf32>, %v: tensor<5xf32>)
    -> (tensor<4x8x8xf32>, tensor<4x8x8xf32>, tensor<4x8x8xf32>, tensor<5xf32>, tensor<4x8x8xf32>) {
  %a = nn.softmax %x : tensor<4x8x8xf32>
  %b = nn.softmax %x {causal} : tensor<4x8x8xf32>
  %c = nn.softmax %x {scale = 0.5 : f32} : tensor<4x8x8xf32>
  %d = nn.softmax %v : tensor<5xf32>
  %e = nn.softmax_grad %x, %a : tensor<4x8x8xf32>
  return %a, %b, %c, %d, %e : tensor<4x8x8xf32>, tensor<4x8x8xf32>, tensor<4x8x8xf32>, tensor<5xf32>, tensor<4x8x8xf32>
}

// CHECK-LABEL: func.func @matmul_variants
// CHECK-NEXT: %[[A:.*]] = nn.matmul %arg0, %arg1 {transpose_a} : tensor<8x4xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
// CHECK-NEXT: %[[B:.*]] = nn.matmul %arg0, %arg2 {transpose_a, transpose_b} : tensor<8x4xf32>, tensor<16x8xf32> -> tensor<4x16xf32>
// CHECK-NEXT: %[[C:.*]] = nn.matmul %arg3, %arg4 : tensor<3x1x4x8xf32>, tensor<5x8x2xf32> -> tensor<3x5x4x2xf32>
// CHECK-NEXT: %[[D:.*]] = nn.matmul %arg1, %arg2 {transpose_a, transpose_b} : tensor<8x16xf32>, tensor<16x8xf32> -> tensor<16x16xf32>
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[D]]
// GENERIC-LABEL: sym_name = "matmul_variants"
// GENERIC: "nn.matmul"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{transpose_a}>
// GENERIC: "nn.matmul"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{transpose_a, transpose_b}>
func.func @matmul_variants(%a: tensor<8x4xf32>, %b: tensor<8x16xf32>, %bt: tensor<16x8xf32>,
                           %x: tensor<3x1x4x8xf32>, %y: tensor<5x8x2xf32>)
    -> (tensor<4x16xf32>, tensor<4x16xf32>, tensor<3x5x4x2xf32>, tensor<16x16xf32>) {
  %0 = nn.matmul %a, %b {transpose_a} : tensor<8x4xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  // Unit attributes may be written in either order or as `= unit`.
  %1 = nn.matmul %a, %bt {transpose_b, transpose_a = unit} : tensor<8x4xf32>, tensor<16x8xf32> -> tensor<4x16xf32>
  // Batch dims broadcast: (3x1) with (5) gives 3x5.
  %2 = nn.matmul %x, %y : tensor<3x1x4x8xf32>, tensor<5x8x2xf32> -> tensor<3x5x4x2xf32>
  %3 = nn.matmul %b, %bt {transpose_a, transpose_b} : tensor<8x16xf32>, tensor<16x8xf32> -> tensor<16x16xf32>
  return %0, %1, %2, %3 : tensor<4x16xf32>, tensor<4x16xf32>, tensor<3x5x4x2xf32>, tensor<16x16xf32>
}

// Without `epsilon` (1e-5 is implied), and with f16 input but f32 statistics.
// CHECK-LABEL: func.func @layernorm_variants
// CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = nn.layernorm %arg0, %arg1, %arg1 : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = nn.layernorm %arg2, %arg3, %arg3 {epsilon = 0.000000e+00 : f32} : tensor<4x8xf16>, tensor<8xf16>, tensor<8xf16> -> tensor<4x8xf16>, tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = nn.layernorm %arg4, %arg5, %arg5 : tensor<8xbf16>, tensor<8xbf16>, tensor<8xbf16> -> tensor<8xbf16>, tensor<bf16>, tensor<bf16>
// CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = nn.layernorm_grad %arg2, %arg2, %arg3, %{{.*}}, %{{.*}} : tensor<4x8xf16>, tensor<4x8xf16>, tensor<8xf16>, tensor<4xf32>, tensor<4xf32> -> tensor<4x8xf16>, tensor<8xf16>, tensor<8xf16>
// GENERIC-LABEL: sym_name = "layernorm_variants"
// GENERIC: "nn.layernorm"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>)
func.func @layernorm_variants(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %h: tensor<4x8xf16>, %gh: tensor<8xf16>,
                              %v: tensor<8xbf16>, %gv: tensor<8xbf16>) {
  %y, %m, %r = nn.layernorm %x, %g, %g : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
  %y2, %m2, %r2 = nn.layernorm %h, %gh, %gh {epsilon = 0.0 : f32} : tensor<4x8xf16>, tensor<8xf16>, tensor<8xf16> -> tensor<4x8xf16>, tensor<4xf32>, tensor<4xf32>
  %y3, %m3, %r3 = nn.layernorm %v, %gv, %gv : tensor<8xbf16>, tensor<8xbf16>, tensor<8xbf16> -> tensor<8xbf16>, tensor<bf16>, tensor<bf16>
  %dx, %dg, %db = nn.layernorm_grad %h, %h, %gh, %m2, %r2 : tensor<4x8xf16>, tensor<4x8xf16>, tensor<8xf16>, tensor<4xf32>, tensor<4xf32> -> tensor<4x8xf16>, tensor<8xf16>, tensor<8xf16>
  return
}

// f16 and bf16 element types, rank-0 operands, broadcasting on both sides.
// CHECK-LABEL: func.func @elementwise_variants
// CHECK-NEXT: %[[A:.*]] = nn.add %arg0, %arg1 : tensor<4x1xf16>, tensor<1x8xf16> -> tensor<4x8xf16>
// CHECK-NEXT: %[[B:.*]] = nn.sub %arg2, %arg3 : tensor<bf16>, tensor<3x2xbf16> -> tensor<3x2xbf16>
// CHECK-NEXT: %[[C:.*]] = nn.mul %arg3, %arg2 : tensor<3x2xbf16>, tensor<bf16> -> tensor<3x2xbf16>
// CHECK-NEXT: %[[D:.*]] = nn.gelu %arg2 : tensor<bf16>
// CHECK-NEXT: %[[E:.*]] = nn.relu %arg0 : tensor<4x1xf16>
// CHECK-NEXT: %[[F:.*]] = nn.scale %arg0 {factor = -2.000000e+00 : f32} : tensor<4x1xf16>
// CHECK-NEXT: %[[G:.*]] = nn.dropout %arg3 {rate = 0.000000e+00 : f32, seed = -1 : i64} : tensor<3x2xbf16>
// CHECK-NEXT: %[[H:.*]] = nn.gelu_grad %arg0, %arg0 : tensor<4x1xf16>
// CHECK-NEXT: %[[I:.*]] = nn.relu_grad %arg2, %arg2 : tensor<bf16>
func.func @elementwise_variants(%a: tensor<4x1xf16>, %b: tensor<1x8xf16>, %s: tensor<bf16>, %m: tensor<3x2xbf16>) {
  %0 = nn.add %a, %b : tensor<4x1xf16>, tensor<1x8xf16> -> tensor<4x8xf16>
  %1 = nn.sub %s, %m : tensor<bf16>, tensor<3x2xbf16> -> tensor<3x2xbf16>
  %2 = nn.mul %m, %s : tensor<3x2xbf16>, tensor<bf16> -> tensor<3x2xbf16>
  %3 = nn.gelu %s : tensor<bf16>
  %4 = nn.relu %a : tensor<4x1xf16>
  %5 = nn.scale %a {factor = -2.0 : f32} : tensor<4x1xf16>
  %6 = nn.dropout %m {rate = 0.0 : f32, seed = -1 : i64} : tensor<3x2xbf16>
  %7 = nn.gelu_grad %a, %a : tensor<4x1xf16>
  %8 = nn.relu_grad %s, %s : tensor<bf16>
  return
}

// Layout ops at the edges: rank 0, size-1 dims, reducing every dim, no dims.
// CHECK-LABEL: func.func @layout_variants
// CHECK-NEXT: %{{.*}} = nn.transpose %arg0 {permutation = array<i64>} : tensor<f32> -> tensor<f32>
// CHECK-NEXT: %{{.*}} = nn.transpose %arg1 {permutation = array<i64: 1, 2, 0>} : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
// CHECK-NEXT: %{{.*}} = nn.reshape %arg1 : tensor<2x3x4xf32> -> tensor<24xf32>
// CHECK-NEXT: %{{.*}} = nn.reshape %arg0 : tensor<f32> -> tensor<1x1xf32>
// CHECK-NEXT: %{{.*}} = nn.broadcast %arg0 : tensor<f32> -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = nn.broadcast %arg2 : tensor<3x1xf32> -> tensor<5x3x4xf32>
// CHECK-NEXT: %{{.*}} = nn.reduce_sum %arg1 {dims = array<i64: 0, 1, 2>} : tensor<2x3x4xf32> -> tensor<f32>
// CHECK-NEXT: %{{.*}} = nn.reduce_sum %arg1 {dims = array<i64>} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
// CHECK-NEXT: %{{.*}} = nn.reduce_sum %arg2 {dims = array<i64: 1>} : tensor<3x1xf32> -> tensor<3xf32>
func.func @layout_variants(%s: tensor<f32>, %x: tensor<2x3x4xf32>, %c: tensor<3x1xf32>) {
  %0 = nn.transpose %s {permutation = array<i64>} : tensor<f32> -> tensor<f32>
  %1 = nn.transpose %x {permutation = array<i64: 1, 2, 0>} : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  %2 = nn.reshape %x : tensor<2x3x4xf32> -> tensor<24xf32>
  %3 = nn.reshape %s : tensor<f32> -> tensor<1x1xf32>
  %4 = nn.broadcast %s : tensor<f32> -> tensor<2x3xf32>
  %5 = nn.broadcast %c : tensor<3x1xf32> -> tensor<5x3x4xf32>
  %6 = nn.reduce_sum %x {dims = array<i64: 0, 1, 2>} : tensor<2x3x4xf32> -> tensor<f32>
  %7 = nn.reduce_sum %x {dims = array<i64>} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  %8 = nn.reduce_sum %c {dims = array<i64: 1>} : tensor<3x1xf32> -> tensor<3xf32>
  return
}

// Losses over more than one leading dim, i64 labels, f16/bf16 losses.
// CHECK-LABEL: func.func @loss_variants
// CHECK-NEXT: %[[L:.*]] = nn.cross_entropy %arg0, %arg1 : tensor<2x3x10xf16>, tensor<2x3xi64> -> tensor<f16>
// CHECK-NEXT: %{{.*}} = nn.cross_entropy_grad %arg0, %arg1, %[[L]] : tensor<2x3x10xf16>, tensor<2x3xi64>, tensor<f16> -> tensor<2x3x10xf16>
// CHECK-NEXT: %{{.*}} = nn.cross_entropy %arg2, %arg3 : tensor<7xbf16>, tensor<i32> -> tensor<bf16>
// CHECK-NEXT: %[[M:.*]] = nn.mse_loss %arg4, %arg4 : tensor<bf16>, tensor<bf16> -> tensor<bf16>
// CHECK-NEXT: %{{.*}} = nn.mse_loss_grad %arg4, %arg4, %[[M]] : tensor<bf16>, tensor<bf16>, tensor<bf16> -> tensor<bf16>
func.func @loss_variants(%logits: tensor<2x3x10xf16>, %labels: tensor<2x3xi64>, %v: tensor<7xbf16>, %l0: tensor<i32>,
                         %p: tensor<bf16>) {
  %0 = nn.cross_entropy %logits, %labels : tensor<2x3x10xf16>, tensor<2x3xi64> -> tensor<f16>
  %1 = nn.cross_entropy_grad %logits, %labels, %0 : tensor<2x3x10xf16>, tensor<2x3xi64>, tensor<f16> -> tensor<2x3x10xf16>
  %2 = nn.cross_entropy %v, %l0 : tensor<7xbf16>, tensor<i32> -> tensor<bf16>
  %3 = nn.mse_loss %p, %p : tensor<bf16>, tensor<bf16> -> tensor<bf16>
  %4 = nn.mse_loss_grad %p, %p, %3 : tensor<bf16>, tensor<bf16>, tensor<bf16> -> tensor<bf16>
  return
}

// The remat attributes ride along on nn ops (see test/Dialect/Remat).
// CHECK-LABEL: func.func @remat_attributes
// CHECK-NEXT: %[[H:.*]] = nn.gelu %arg0 {remat.block = 3 : i64} : tensor<4x8xf32>
// CHECK-NEXT: %{{.*}} = nn.softmax %[[H]] {remat.policy = "save", scale = 1.250000e-01 : f32} : tensor<4x8xf32>
// GENERIC-LABEL: sym_name = "remat_attributes"
// GENERIC: "nn.gelu"(%{{[a-z0-9_]+}}) {remat.block = 3 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC: "nn.softmax"(%{{[a-z0-9_]+}}) <{scale = 1.250000e-01 : f32}> {remat.policy = "save"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
func.func @remat_attributes(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %h = nn.gelu %x {remat.block = 3 : i64} : tensor<4x8xf32>
  %p = nn.softmax %h {scale = 0.125 : f32, remat.policy = "save"} : tensor<4x8xf32>
  return %p : tensor<4x8xf32>
}
