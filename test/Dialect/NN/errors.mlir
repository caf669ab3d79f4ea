// RUN: remat-opt %s -split-input-file -verify-diagnostics
// Every verifier rule of the nn ops (lib/remat/Dialect/NN/NNOps.cpp), one case
// each, with the exact message. Each case says what it protects.

//===----------------------------------------------------------------------===//
// add / sub / mul
//===----------------------------------------------------------------------===//

// Integer element types are rejected for float operands.
func.func @add_lhs_int(%a: tensor<4xi32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'nn.add' op 'lhs' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4xi32>'}}
  %0 = nn.add %a, %b : tensor<4xi32>, tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

// f64 is not one of the supported float types.
func.func @add_lhs_f64(%a: tensor<4xf64>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'nn.add' op 'lhs' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4xf64>'}}
  %0 = nn.add %a, %b : tensor<4xf64>, tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

// Dynamic dimensions are rejected.
func.func @sub_rhs_dynamic(%a: tensor<4xf32>, %b: tensor<?xf32>) {
  // expected-error @+1 {{'nn.sub' op 'rhs' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<?xf32>'}}
  %0 = nn.sub %a, %b : tensor<4xf32>, tensor<?xf32> -> tensor<4xf32>
  return
}

// -----

// Unranked tensors are rejected.
func.func @mul_rhs_unranked(%a: tensor<4xf32>, %b: tensor<*xf32>) {
  // expected-error @+1 {{'nn.mul' op 'rhs' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<*xf32>'}}
  %0 = nn.mul %a, %b : tensor<4xf32>, tensor<*xf32> -> tensor<4xf32>
  return
}

// -----

// The result is checked like the operands (dynamic result).
func.func @add_result_dynamic(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'nn.add' op result must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<?xf32>'}}
  %0 = nn.add %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<?xf32>
  return
}

// -----

// Operands must share one element type (no implicit casts).
func.func @add_mixed_elements(%a: tensor<4x8xf32>, %b: tensor<8xf16>) {
  // expected-error @+1 {{'nn.add' op 'rhs' has element type 'f16', but expected 'f32' (the element type of 'lhs')}}
  %0 = nn.add %a, %b : tensor<4x8xf32>, tensor<8xf16> -> tensor<4x8xf32>
  return
}

// -----

// The result has the operands' element type.
func.func @sub_result_element(%a: tensor<4xbf16>, %b: tensor<4xbf16>) {
  // expected-error @+1 {{'nn.sub' op result has element type 'f32', but expected 'bf16' (the element type of 'lhs')}}
  %0 = nn.sub %a, %b : tensor<4xbf16>, tensor<4xbf16> -> tensor<4xf32>
  return
}

// -----

// Trailing dims that are neither equal nor 1 do not broadcast.
func.func @add_not_broadcastable(%a: tensor<4x8xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'nn.add' op operands 'lhs' ('tensor<4x8xf32>') and 'rhs' ('tensor<4xf32>') are not broadcast-compatible: right-aligned dimensions must be equal or 1}}
  %0 = nn.add %a, %b : tensor<4x8xf32>, tensor<4xf32> -> tensor<4x8xf32>
  return
}

// -----

// Broadcasting is checked on every dim, not just the last.
func.func @sub_not_broadcastable(%a: tensor<2x3x8xf32>, %b: tensor<4x1xf32>) {
  // expected-error @+1 {{'nn.sub' op operands 'lhs' ('tensor<2x3x8xf32>') and 'rhs' ('tensor<4x1xf32>') are not broadcast-compatible: right-aligned dimensions must be equal or 1}}
  %0 = nn.sub %a, %b : tensor<2x3x8xf32>, tensor<4x1xf32> -> tensor<2x3x8xf32>
  return
}

// -----

// mul uses the same broadcasting check.
func.func @mul_not_broadcastable(%a: tensor<3xf32>, %b: tensor<5xf32>) {
  // expected-error @+1 {{'nn.mul' op operands 'lhs' ('tensor<3xf32>') and 'rhs' ('tensor<5xf32>') are not broadcast-compatible: right-aligned dimensions must be equal or 1}}
  %0 = nn.mul %a, %b : tensor<3xf32>, tensor<5xf32> -> tensor<3xf32>
  return
}

// -----

// The result must be the broadcast shape, not the shape of one operand.
func.func @add_result_shape(%a: tensor<4x8xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{'nn.add' op result must have shape 4x8 (the broadcast shape of 'lhs' and 'rhs'), but got 'tensor<8xf32>'}}
  %0 = nn.add %a, %b : tensor<4x8xf32>, tensor<8xf32> -> tensor<8xf32>
  return
}

// -----

// Size-1 dims broadcast in both directions: 4x1 with 1x8 is 4x8.
func.func @mul_result_shape(%a: tensor<4x1xf32>, %b: tensor<1x8xf32>) {
  // expected-error @+1 {{'nn.mul' op result must have shape 4x8 (the broadcast shape of 'lhs' and 'rhs'), but got 'tensor<4x1xf32>'}}
  %0 = nn.mul %a, %b : tensor<4x1xf32>, tensor<1x8xf32> -> tensor<4x1xf32>
  return
}

// -----

// A result of higher rank than the broadcast shape is wrong too.
func.func @sub_result_rank(%a: tensor<8xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{'nn.sub' op result must have shape 8 (the broadcast shape of 'lhs' and 'rhs'), but got 'tensor<1x8xf32>'}}
  %0 = nn.sub %a, %b : tensor<8xf32>, tensor<8xf32> -> tensor<1x8xf32>
  return
}

// -----

// Operands must be tensors at all (ODS operand constraint).
func.func @add_not_tensor(%a: f32, %b: tensor<4xf32>) {
  // expected-error @+1 {{'nn.add' op operand #0 must be tensor of any type values, but got 'f32'}}
  %0 = "nn.add"(%a, %b) : (f32, tensor<4xf32>) -> tensor<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// gelu / relu / scale / dropout / softmax
//===----------------------------------------------------------------------===//

// -----

// gelu needs a float operand.
func.func @gelu_int(%x: tensor<4xi32>) {
  // expected-error @+1 {{'nn.gelu' op 'input' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4xi32>'}}
  %0 = nn.gelu %x : tensor<4xi32>
  return
}

// -----

// relu needs a static shape.
func.func @relu_dynamic(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{'nn.relu' op 'input' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4x?xf32>'}}
  %0 = nn.relu %x : tensor<4x?xf32>
  return
}

// -----

// scale needs a ranked operand.
func.func @scale_unranked(%x: tensor<*xf16>) {
  // expected-error @+1 {{'nn.scale' op 'input' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<*xf16>'}}
  %0 = nn.scale %x {factor = 2.0 : f32} : tensor<*xf16>
  return
}

// -----

// Unary ops keep the operand type (ODS AllTypesMatch).
func.func @gelu_result_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.gelu' op failed to verify that all of {input, result} have same type}}
  %0 = "nn.gelu"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

// relu keeps the operand shape too.
func.func @relu_result_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.relu' op failed to verify that all of {input, result} have same type}}
  %0 = "nn.relu"(%x) : (tensor<4xf32>) -> tensor<8xf32>
  return
}

// -----

// scale has a required factor.
func.func @scale_no_factor(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.scale' op requires attribute 'factor'}}
  %0 = nn.scale %x : tensor<4xf32>
  return
}

// -----

// The factor is an f32 attribute.
func.func @scale_factor_f64(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.scale' op attribute 'factor' failed to satisfy constraint: 32-bit float attribute}}
  %0 = nn.scale %x {factor = 2.0 : f64} : tensor<4xf32>
  return
}

// -----

// dropout needs a supported float type.
func.func @dropout_f64(%x: tensor<4xf64>) {
  // expected-error @+1 {{'nn.dropout' op 'input' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4xf64>'}}
  %0 = nn.dropout %x {rate = 0.1 : f32, seed = 1 : i64} : tensor<4xf64>
  return
}

// -----

// A negative dropout rate is meaningless.
func.func @dropout_rate_negative(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.dropout' op attribute 'rate' must be in [0, 1), but got -1.000000e-01 : f32}}
  %0 = nn.dropout %x {rate = -0.1 : f32, seed = 1 : i64} : tensor<4xf32>
  return
}

// -----

// rate 1 would divide by 1 - rate = 0.
func.func @dropout_rate_one(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.dropout' op attribute 'rate' must be in [0, 1), but got 1.000000e+00 : f32}}
  %0 = nn.dropout %x {rate = 1.0 : f32, seed = 1 : i64} : tensor<4xf32>
  return
}

// -----

// Rates above 1 are rejected as well.
func.func @dropout_rate_above_one(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.dropout' op attribute 'rate' must be in [0, 1), but got 1.500000e+00 : f32}}
  %0 = nn.dropout %x {rate = 1.5 : f32, seed = 1 : i64} : tensor<4xf32>
  return
}

// -----

// A NaN rate is not in [0, 1).
func.func @dropout_rate_nan(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.dropout' op attribute 'rate' must be in [0, 1), but got 0x7FC00000 : f32}}
  %0 = nn.dropout %x {rate = 0x7FC00000 : f32, seed = 1 : i64} : tensor<4xf32>
  return
}

// -----

// dropout needs its seed: the mask is a function of it.
func.func @dropout_no_seed(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.dropout' op requires attribute 'seed'}}
  %0 = nn.dropout %x {rate = 0.1 : f32} : tensor<4xf32>
  return
}

// -----

// softmax needs a supported float type.
func.func @softmax_int(%x: tensor<4x4xi64>) {
  // expected-error @+1 {{'nn.softmax' op 'input' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4x4xi64>'}}
  %0 = nn.softmax %x : tensor<4x4xi64>
  return
}

// -----

// softmax of a scalar has no last dimension.
func.func @softmax_rank0(%x: tensor<f32>) {
  // expected-error @+1 {{'nn.softmax' op 'input' must have rank >= 1 (softmax runs over the last dimension), but got 'tensor<f32>'}}
  %0 = nn.softmax %x : tensor<f32>
  return
}

// -----

// causal needs a square score matrix.
func.func @softmax_causal_not_square(%x: tensor<2x4x8xf32>) {
  // expected-error @+1 {{'nn.softmax' op attribute 'causal' requires the last two dimensions of 'input' to be equal (a square score matrix), but got 'tensor<2x4x8xf32>'}}
  %0 = nn.softmax %x {causal} : tensor<2x4x8xf32>
  return
}

// -----

// causal needs at least two dimensions.
func.func @softmax_causal_rank1(%x: tensor<8xf32>) {
  // expected-error @+1 {{'nn.softmax' op attribute 'causal' requires the last two dimensions of 'input' to be equal (a square score matrix), but got 'tensor<8xf32>'}}
  %0 = nn.softmax %x {causal} : tensor<8xf32>
  return
}

// -----

// softmax keeps the operand type.
func.func @softmax_result_type(%x: tensor<4x4xf32>) {
  // expected-error @+1 {{'nn.softmax' op failed to verify that all of {input, result} have same type}}
  %0 = "nn.softmax"(%x) : (tensor<4x4xf32>) -> tensor<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// matmul
//===----------------------------------------------------------------------===//

// -----

// matmul needs float operands.
func.func @matmul_lhs_f64(%a: tensor<4x8xf64>, %b: tensor<8x4xf64>) {
  // expected-error @+1 {{'nn.matmul' op 'lhs' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4x8xf64>'}}
  %0 = nn.matmul %a, %b : tensor<4x8xf64>, tensor<8x4xf64> -> tensor<4x4xf64>
  return
}

// -----

// matmul needs static shapes.
func.func @matmul_rhs_dynamic(%a: tensor<4x8xf32>, %b: tensor<8x?xf32>) {
  // expected-error @+1 {{'nn.matmul' op 'rhs' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<8x?xf32>'}}
  %0 = nn.matmul %a, %b : tensor<4x8xf32>, tensor<8x?xf32> -> tensor<4x4xf32>
  return
}

// -----

// The matmul result is checked too.
func.func @matmul_result_unranked(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) {
  // expected-error @+1 {{'nn.matmul' op result must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<*xf32>'}}
  %0 = nn.matmul %a, %b : tensor<4x8xf32>, tensor<8x4xf32> -> tensor<*xf32>
  return
}

// -----

// No mixed-precision matmul.
func.func @matmul_mixed_elements(%a: tensor<4x8xf32>, %b: tensor<8x4xf16>) {
  // expected-error @+1 {{'nn.matmul' op 'rhs' has element type 'f16', but expected 'f32' (the element type of 'lhs')}}
  %0 = nn.matmul %a, %b : tensor<4x8xf32>, tensor<8x4xf16> -> tensor<4x4xf32>
  return
}

// -----

// The result has the operands' element type.
func.func @matmul_result_element(%a: tensor<4x8xf16>, %b: tensor<8x4xf16>) {
  // expected-error @+1 {{'nn.matmul' op result has element type 'f32', but expected 'f16' (the element type of 'lhs')}}
  %0 = nn.matmul %a, %b : tensor<4x8xf16>, tensor<8x4xf16> -> tensor<4x4xf32>
  return
}

// -----

// No matrix-vector products: lhs has rank >= 2.
func.func @matmul_lhs_rank1(%a: tensor<8xf32>, %b: tensor<8x4xf32>) {
  // expected-error @+1 {{'nn.matmul' op 'lhs' must have rank >= 2, but got 'tensor<8xf32>'}}
  %0 = nn.matmul %a, %b : tensor<8xf32>, tensor<8x4xf32> -> tensor<4xf32>
  return
}

// -----

// rhs has rank >= 2 as well.
func.func @matmul_rhs_rank1(%a: tensor<4x8xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{'nn.matmul' op 'rhs' must have rank >= 2, but got 'tensor<8xf32>'}}
  %0 = nn.matmul %a, %b : tensor<4x8xf32>, tensor<8xf32> -> tensor<4xf32>
  return
}

// -----

// Contraction: lhs's last dim against rhs's second-to-last.
func.func @matmul_contraction(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.matmul' op contraction dimension of 'lhs' (8) must equal that of 'rhs' (4) for 'tensor<4x8xf32>' times 'tensor<4x8xf32>'}}
  %0 = nn.matmul %a, %b : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

// transpose_a contracts lhs's second-to-last dim.
func.func @matmul_contraction_transpose_a(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) {
  // expected-error @+1 {{'nn.matmul' op contraction dimension of 'lhs' (4) must equal that of 'rhs' (8) for 'tensor<4x8xf32>' (transposed) times 'tensor<8x4xf32>'}}
  %0 = nn.matmul %a, %b {transpose_a} : tensor<4x8xf32>, tensor<8x4xf32> -> tensor<8x4xf32>
  return
}

// -----

// transpose_b contracts rhs's last dim.
func.func @matmul_contraction_transpose_b(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) {
  // expected-error @+1 {{'nn.matmul' op contraction dimension of 'lhs' (8) must equal that of 'rhs' (4) for 'tensor<4x8xf32>' times 'tensor<8x4xf32>' (transposed)}}
  %0 = nn.matmul %a, %b {transpose_b} : tensor<4x8xf32>, tensor<8x4xf32> -> tensor<4x8xf32>
  return
}

// -----

// Both flags together.
func.func @matmul_contraction_both(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.matmul' op contraction dimension of 'lhs' (4) must equal that of 'rhs' (8) for 'tensor<4x8xf32>' (transposed) times 'tensor<4x8xf32>' (transposed)}}
  %0 = nn.matmul %a, %b {transpose_a, transpose_b} : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x4xf32>
  return
}

// -----

// Batch dims broadcast NumPy-style; 2 and 3 do not.
func.func @matmul_batch(%a: tensor<2x4x8xf32>, %b: tensor<3x8x4xf32>) {
  // expected-error @+1 {{'nn.matmul' op batch dimensions of 'lhs' ('tensor<2x4x8xf32>') and 'rhs' ('tensor<3x8x4xf32>') are not broadcast-compatible}}
  %0 = nn.matmul %a, %b : tensor<2x4x8xf32>, tensor<3x8x4xf32> -> tensor<2x4x4xf32>
  return
}

// -----

// The result is batch x M x N.
func.func @matmul_result_shape(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) {
  // expected-error @+1 {{'nn.matmul' op result must have shape 4x16 (batch dimensions, then M x N), but got 'tensor<4x8xf32>'}}
  %0 = nn.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x8xf32>
  return
}

// -----

// The result carries the broadcast batch dims (rhs batch 2 broadcasts lhs's).
func.func @matmul_result_batch(%a: tensor<4x8xf32>, %b: tensor<2x8x16xf32>) {
  // expected-error @+1 {{'nn.matmul' op result must have shape 2x4x16 (batch dimensions, then M x N), but got 'tensor<4x16xf32>'}}
  %0 = nn.matmul %a, %b : tensor<4x8xf32>, tensor<2x8x16xf32> -> tensor<4x16xf32>
  return
}

// -----

// With transpose_b, N is rhs's second-to-last dim (Q K^T gives S x S).
func.func @matmul_result_transpose_b(%q: tensor<2x16x64xf32>, %k: tensor<2x16x64xf32>) {
  // expected-error @+1 {{'nn.matmul' op result must have shape 2x16x16 (batch dimensions, then M x N), but got 'tensor<2x16x64xf32>'}}
  %0 = nn.matmul %q, %k {transpose_b} : tensor<2x16x64xf32>, tensor<2x16x64xf32> -> tensor<2x16x64xf32>
  return
}

// -----

// With transpose_a, M is lhs's last dim.
func.func @matmul_result_transpose_a(%a: tensor<8x4xf32>, %b: tensor<8x16xf32>) {
  // expected-error @+1 {{'nn.matmul' op result must have shape 4x16 (batch dimensions, then M x N), but got 'tensor<8x16xf32>'}}
  %0 = nn.matmul %a, %b {transpose_a} : tensor<8x4xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  return
}

//===----------------------------------------------------------------------===//
// layernorm
//===----------------------------------------------------------------------===//

// -----

// layernorm needs a float input.
func.func @layernorm_input_f64(%x: tensor<4x8xf64>, %g: tensor<8xf64>) {
  // expected-error @+1 {{'nn.layernorm' op 'input' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4x8xf64>'}}
  %y, %m, %r = nn.layernorm %x, %g, %g : tensor<4x8xf64>, tensor<8xf64>, tensor<8xf64> -> tensor<4x8xf64>, tensor<4xf64>, tensor<4xf64>
  return
}

// -----

// layernorm needs a static input.
func.func @layernorm_input_dynamic(%x: tensor<?x8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op 'input' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<?x8xf32>'}}
  %y, %m, %r = nn.layernorm %x, %g, %g : tensor<?x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<?x8xf32>, tensor<?xf32>, tensor<?xf32>
  return
}

// -----

// A scalar has no dimension to normalize over.
func.func @layernorm_rank0(%x: tensor<f32>, %g: tensor<1xf32>) {
  // expected-error @+1 {{'nn.layernorm' op 'input' must have rank >= 1, but got 'tensor<f32>'}}
  %y, %m, %r = nn.layernorm %x, %g, %g : tensor<f32>, tensor<1xf32>, tensor<1xf32> -> tensor<f32>, tensor<f32>, tensor<f32>
  return
}

// -----

// gamma has the size of the normalized (last) dim.
func.func @layernorm_gamma_shape(%x: tensor<4x8xf32>, %g: tensor<4xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op 'gamma' must have shape 8 (the last dimension of 'input'), but got 'tensor<4xf32>'}}
  %y, %m, %r = nn.layernorm %x, %g, %b : tensor<4x8xf32>, tensor<4xf32>, tensor<8xf32> -> tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// gamma is 1-D, not broadcast from a 2-D shape.
func.func @layernorm_gamma_rank(%x: tensor<4x8xf32>, %g: tensor<1x8xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op 'gamma' must have shape 8 (the last dimension of 'input'), but got 'tensor<1x8xf32>'}}
  %y, %m, %r = nn.layernorm %x, %g, %b : tensor<4x8xf32>, tensor<1x8xf32>, tensor<8xf32> -> tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// gamma must be a float tensor.
func.func @layernorm_gamma_int(%x: tensor<4x8xf32>, %g: tensor<8xi32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op 'gamma' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<8xi32>'}}
  %y, %m, %r = nn.layernorm %x, %g, %b : tensor<4x8xf32>, tensor<8xi32>, tensor<8xf32> -> tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// beta has the size of the normalized dim.
func.func @layernorm_beta_shape(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<16xf32>) {
  // expected-error @+1 {{'nn.layernorm' op 'beta' must have shape 8 (the last dimension of 'input'), but got 'tensor<16xf32>'}}
  %y, %m, %r = nn.layernorm %x, %g, %b : tensor<4x8xf32>, tensor<8xf32>, tensor<16xf32> -> tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// beta must be ranked.
func.func @layernorm_beta_unranked(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<*xf32>) {
  // expected-error @+1 {{'nn.layernorm' op 'beta' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<*xf32>'}}
  %y, %m, %r = nn.layernorm %x, %g, %b : tensor<4x8xf32>, tensor<8xf32>, tensor<*xf32> -> tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// gamma has the input's element type.
func.func @layernorm_gamma_element(%x: tensor<4x8xf32>, %g: tensor<8xf16>, %b: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op 'gamma' has element type 'f16', but expected 'f32' (the element type of 'input')}}
  %y, %m, %r = nn.layernorm %x, %g, %b : tensor<4x8xf32>, tensor<8xf16>, tensor<8xf32> -> tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// beta has the input's element type.
func.func @layernorm_beta_element(%x: tensor<4x8xf16>, %g: tensor<8xf16>, %b: tensor<8xbf16>) {
  // expected-error @+1 {{'nn.layernorm' op 'beta' has element type 'bf16', but expected 'f16' (the element type of 'input')}}
  %y, %m, %r = nn.layernorm %x, %g, %b : tensor<4x8xf16>, tensor<8xf16>, tensor<8xbf16> -> tensor<4x8xf16>, tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// An unranked output is diagnosed, not a crash.
func.func @layernorm_output_unranked(%x: tensor<4x8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op result 'output' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<*xf32>'}}
  %y, %m, %r = nn.layernorm %x, %g, %g : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<*xf32>, tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// The output has the input's element type.
func.func @layernorm_output_element(%x: tensor<4x8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op result 'output' has element type 'bf16', but expected 'f32' (the element type of 'input')}}
  %y, %m, %r = nn.layernorm %x, %g, %g : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<4x8xbf16>, tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// The output has the input's shape.
func.func @layernorm_output_shape(%x: tensor<4x8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op result 'output' must have the type of 'input' ('tensor<4x8xf32>'), but got 'tensor<8x4xf32>'}}
  %y, %m, %r = nn.layernorm %x, %g, %g : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// mean drops the last dim of the input.
func.func @layernorm_mean_shape(%x: tensor<4x8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op result 'mean' must have shape 4 (the shape of 'input' without its last dimension), but got 'tensor<4x1xf32>'}}
  %y, %m, %r = nn.layernorm %x, %g, %g : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<4x8xf32>, tensor<4x1xf32>, tensor<4xf32>
  return
}

// -----

// rstd drops the last dim of the input.
func.func @layernorm_rstd_shape(%x: tensor<2x4x8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op result 'rstd' must have shape 2x4 (the shape of 'input' without its last dimension), but got 'tensor<4xf32>'}}
  %y, %m, %r = nn.layernorm %x, %g, %g : tensor<2x4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<2x4x8xf32>, tensor<2x4xf32>, tensor<4xf32>
  return
}

// -----

// For a 1-D input, mean is a scalar ("scalar" in the message).
func.func @layernorm_mean_scalar(%x: tensor<8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op result 'mean' must have shape scalar (the shape of 'input' without its last dimension), but got 'tensor<1xf32>'}}
  %y, %m, %r = nn.layernorm %x, %g, %g : tensor<8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>, tensor<1xf32>, tensor<f32>
  return
}

// -----

// mean is the input's element type or f32, never a third type.
func.func @layernorm_mean_element(%x: tensor<4x8xf16>, %g: tensor<8xf16>) {
  // expected-error @+1 {{'nn.layernorm' op result 'mean' must have element type 'f16' or 'f32', but got 'tensor<4xbf16>'}}
  %y, %m, %r = nn.layernorm %x, %g, %g : tensor<4x8xf16>, tensor<8xf16>, tensor<8xf16> -> tensor<4x8xf16>, tensor<4xbf16>, tensor<4xf32>
  return
}

// -----

// f32 statistics of an f32 input cannot be narrowed to f16.
func.func @layernorm_rstd_element(%x: tensor<4x8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op result 'rstd' must have element type 'f32' or 'f32', but got 'tensor<4xf16>'}}
  %y, %m, %r = nn.layernorm %x, %g, %g : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<4x8xf32>, tensor<4xf32>, tensor<4xf16>
  return
}

// -----

// Statistics must be float tensors.
func.func @layernorm_mean_int(%x: tensor<4x8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op result 'mean' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4xi32>'}}
  %y, %m, %r = nn.layernorm %x, %g, %g : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<4x8xf32>, tensor<4xi32>, tensor<4xf32>
  return
}

// -----

// A negative epsilon could make var + epsilon negative.
func.func @layernorm_epsilon_negative(%x: tensor<4x8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op attribute 'epsilon' must be non-negative, but got -5.000000e-01 : f32}}
  %y, %m, %r = nn.layernorm %x, %g, %g {epsilon = -0.5 : f32} : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// A NaN epsilon is rejected too.
func.func @layernorm_epsilon_nan(%x: tensor<4x8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'nn.layernorm' op attribute 'epsilon' must be non-negative, but got 0x7FC00000 : f32}}
  %y, %m, %r = nn.layernorm %x, %g, %g {epsilon = 0x7FC00000 : f32} : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

// -----

// transpose needs a float input.
func.func @transpose_int(%x: tensor<4x8xi32>) {
  // expected-error @+1 {{'nn.transpose' op 'input' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4x8xi32>'}}
  %0 = nn.transpose %x {permutation = array<i64: 1, 0>} : tensor<4x8xi32> -> tensor<8x4xi32>
  return
}

// -----

// transpose needs a static result.
func.func @transpose_result_dynamic(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.transpose' op result must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<?x4xf32>'}}
  %0 = nn.transpose %x {permutation = array<i64: 1, 0>} : tensor<4x8xf32> -> tensor<?x4xf32>
  return
}

// -----

// transpose keeps the element type.
func.func @transpose_element(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.transpose' op result has element type 'f16', but expected 'f32' (the element type of 'input')}}
  %0 = nn.transpose %x {permutation = array<i64: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf16>
  return
}

// -----

// The permutation has one entry per input dim.
func.func @transpose_perm_length(%x: tensor<2x4x8xf32>) {
  // expected-error @+1 {{'nn.transpose' op attribute 'permutation' must be a permutation of [0, 3) for 'input' of rank 3, but got array<i64: 1, 0>}}
  %0 = nn.transpose %x {permutation = array<i64: 1, 0>} : tensor<2x4x8xf32> -> tensor<4x2x8xf32>
  return
}

// -----

// Entries are in range.
func.func @transpose_perm_range(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.transpose' op attribute 'permutation' must be a permutation of [0, 2) for 'input' of rank 2, but got array<i64: 2, 0>}}
  %0 = nn.transpose %x {permutation = array<i64: 2, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  return
}

// -----

// Entries are non-negative.
func.func @transpose_perm_negative(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.transpose' op attribute 'permutation' must be a permutation of [0, 2) for 'input' of rank 2, but got array<i64: -1, 0>}}
  %0 = nn.transpose %x {permutation = array<i64: -1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  return
}

// -----

// Entries are distinct.
func.func @transpose_perm_duplicate(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.transpose' op attribute 'permutation' must be a permutation of [0, 2) for 'input' of rank 2, but got array<i64: 0, 0>}}
  %0 = nn.transpose %x {permutation = array<i64: 0, 0>} : tensor<4x8xf32> -> tensor<4x4xf32>
  return
}

// -----

// The permutation is a required attribute.
func.func @transpose_no_perm(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.transpose' op requires attribute 'permutation'}}
  %0 = nn.transpose %x : tensor<4x8xf32> -> tensor<8x4xf32>
  return
}

// -----

// Result dim i is input dim permutation[i].
func.func @transpose_result_shape(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'nn.transpose' op result must have shape 3x4x2 ('input' dimensions in the order of 'permutation'), but got 'tensor<4x2x3xf32>'}}
  %0 = nn.transpose %x {permutation = array<i64: 1, 2, 0>} : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  return
}

//===----------------------------------------------------------------------===//
// reshape / broadcast / reduce_sum
//===----------------------------------------------------------------------===//

// -----

// reshape needs a float input.
func.func @reshape_int(%x: tensor<4x8xi64>) {
  // expected-error @+1 {{'nn.reshape' op 'input' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4x8xi64>'}}
  %0 = nn.reshape %x : tensor<4x8xi64> -> tensor<32xi64>
  return
}

// -----

// reshape needs a ranked result.
func.func @reshape_result_unranked(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.reshape' op result must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<*xf32>'}}
  %0 = nn.reshape %x : tensor<4x8xf32> -> tensor<*xf32>
  return
}

// -----

// reshape keeps the element type (it is a view, not a cast).
func.func @reshape_element(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.reshape' op result has element type 'bf16', but expected 'f32' (the element type of 'input')}}
  %0 = nn.reshape %x : tensor<4x8xf32> -> tensor<32xbf16>
  return
}

// -----

// 2^64 elements used to wrap to 0 and "equal" the 0 elements of the result:
// every nn tensor's byte size must fit in 63 bits.
func.func @reshape_count_overflow(%x: tensor<4294967296x4294967296xf32>) {
  // expected-error @+1 {{'nn.reshape' op 'input' of type 'tensor<4294967296x4294967296xf32>' is too large: its size in bytes does not fit in 63 bits}}
  %0 = nn.reshape %x : tensor<4294967296x4294967296xf32> -> tensor<0xf32>
  return
}

// -----

// Elements that fit in 64 bits, bytes that do not.
func.func @relu_bytes_overflow(%x: tensor<4611686018427387904xf32>) {
  // expected-error @+1 {{'nn.relu' op 'input' of type 'tensor<4611686018427387904xf32>' is too large: its size in bytes does not fit in 63 bits}}
  %0 = nn.relu %x : tensor<4611686018427387904xf32>
  return
}

// -----

// reshape keeps the element count.
func.func @reshape_count(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.reshape' op result must have as many elements as 'input' (32 in 'tensor<4x8xf32>'), but got 24 in 'tensor<4x6xf32>'}}
  %0 = nn.reshape %x : tensor<4x8xf32> -> tensor<4x6xf32>
  return
}

// -----

// broadcast needs a static input.
func.func @broadcast_dynamic(%x: tensor<?xf32>) {
  // expected-error @+1 {{'nn.broadcast' op 'input' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<?xf32>'}}
  %0 = nn.broadcast %x : tensor<?xf32> -> tensor<4x8xf32>
  return
}

// -----

// broadcast keeps the element type.
func.func @broadcast_element(%x: tensor<8xf16>) {
  // expected-error @+1 {{'nn.broadcast' op result has element type 'f32', but expected 'f16' (the element type of 'input')}}
  %0 = nn.broadcast %x : tensor<8xf16> -> tensor<4x8xf32>
  return
}

// -----

// Only size-1 or missing dims broadcast.
func.func @broadcast_incompatible(%x: tensor<3xf32>) {
  // expected-error @+1 {{'nn.broadcast' op 'input' ('tensor<3xf32>') cannot be broadcast to the result ('tensor<4x8xf32>'): right-aligned dimensions must be equal or 1 in 'input'}}
  %0 = nn.broadcast %x : tensor<3xf32> -> tensor<4x8xf32>
  return
}

// -----

// broadcast never shrinks: a result dim of 1 against an input dim of 4.
func.func @broadcast_shrink(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.broadcast' op 'input' ('tensor<4xf32>') cannot be broadcast to the result ('tensor<4x1xf32>'): right-aligned dimensions must be equal or 1 in 'input'}}
  %0 = nn.broadcast %x : tensor<4xf32> -> tensor<4x1xf32>
  return
}

// -----

// broadcast never drops dims.
func.func @broadcast_lower_rank(%x: tensor<1x8xf32>) {
  // expected-error @+1 {{'nn.broadcast' op 'input' ('tensor<1x8xf32>') cannot be broadcast to the result ('tensor<8xf32>'): right-aligned dimensions must be equal or 1 in 'input'}}
  %0 = nn.broadcast %x : tensor<1x8xf32> -> tensor<8xf32>
  return
}

// -----

// reduce_sum needs a float input.
func.func @reduce_sum_f64(%x: tensor<4x8xf64>) {
  // expected-error @+1 {{'nn.reduce_sum' op 'input' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4x8xf64>'}}
  %0 = nn.reduce_sum %x {dims = array<i64: 0>} : tensor<4x8xf64> -> tensor<8xf64>
  return
}

// -----

// reduce_sum needs a static result.
func.func @reduce_sum_result_dynamic(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.reduce_sum' op result must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<?xf32>'}}
  %0 = nn.reduce_sum %x {dims = array<i64: 0>} : tensor<4x8xf32> -> tensor<?xf32>
  return
}

// -----

// reduce_sum keeps the element type.
func.func @reduce_sum_element(%x: tensor<4x8xbf16>) {
  // expected-error @+1 {{'nn.reduce_sum' op result has element type 'f32', but expected 'bf16' (the element type of 'input')}}
  %0 = nn.reduce_sum %x {dims = array<i64: 0>} : tensor<4x8xbf16> -> tensor<8xf32>
  return
}

// -----

// dims are in range.
func.func @reduce_sum_dims_range(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.reduce_sum' op attribute 'dims' must be strictly increasing dimensions of 'input' in [0, 2), but got array<i64: 2>}}
  %0 = nn.reduce_sum %x {dims = array<i64: 2>} : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

// dims are non-negative (no Python-style -1).
func.func @reduce_sum_dims_negative(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.reduce_sum' op attribute 'dims' must be strictly increasing dimensions of 'input' in [0, 2), but got array<i64: -1>}}
  %0 = nn.reduce_sum %x {dims = array<i64: -1>} : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

// dims are sorted.
func.func @reduce_sum_dims_unsorted(%x: tensor<2x4x8xf32>) {
  // expected-error @+1 {{'nn.reduce_sum' op attribute 'dims' must be strictly increasing dimensions of 'input' in [0, 3), but got array<i64: 1, 0>}}
  %0 = nn.reduce_sum %x {dims = array<i64: 1, 0>} : tensor<2x4x8xf32> -> tensor<8xf32>
  return
}

// -----

// dims are distinct.
func.func @reduce_sum_dims_duplicate(%x: tensor<2x4x8xf32>) {
  // expected-error @+1 {{'nn.reduce_sum' op attribute 'dims' must be strictly increasing dimensions of 'input' in [0, 3), but got array<i64: 1, 1>}}
  %0 = nn.reduce_sum %x {dims = array<i64: 1, 1>} : tensor<2x4x8xf32> -> tensor<2x8xf32>
  return
}

// -----

// Reduced dims are removed, not kept as size 1.
func.func @reduce_sum_result_shape(%x: tensor<2x4x8xf32>) {
  // expected-error @+1 {{'nn.reduce_sum' op result must have shape 2x8 ('input' without the reduced dimensions), but got 'tensor<2x1x8xf32>'}}
  %0 = nn.reduce_sum %x {dims = array<i64: 1>} : tensor<2x4x8xf32> -> tensor<2x1x8xf32>
  return
}

// -----

// Reducing every dim gives a scalar.
func.func @reduce_sum_result_scalar(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.reduce_sum' op result must have shape scalar ('input' without the reduced dimensions), but got 'tensor<1xf32>'}}
  %0 = nn.reduce_sum %x {dims = array<i64: 0, 1>} : tensor<4x8xf32> -> tensor<1xf32>
  return
}

//===----------------------------------------------------------------------===//
// cross_entropy / mse_loss
//===----------------------------------------------------------------------===//

// -----

// logits need a float type.
func.func @cross_entropy_logits_f64(%l: tensor<4x10xf64>, %y: tensor<4xi32>) {
  // expected-error @+1 {{'nn.cross_entropy' op 'logits' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4x10xf64>'}}
  %0 = nn.cross_entropy %l, %y : tensor<4x10xf64>, tensor<4xi32> -> tensor<f64>
  return
}

// -----

// Labels are integer class indices, not one-hot floats.
func.func @cross_entropy_labels_float(%l: tensor<4x10xf32>, %y: tensor<4x10xf32>) {
  // expected-error @+1 {{'nn.cross_entropy' op 'labels' must be a statically shaped tensor of i32 or i64, but got 'tensor<4x10xf32>'}}
  %0 = nn.cross_entropy %l, %y : tensor<4x10xf32>, tensor<4x10xf32> -> tensor<f32>
  return
}

// -----

// Labels are i32 or i64 only.
func.func @cross_entropy_labels_i16(%l: tensor<4x10xf32>, %y: tensor<4xi16>) {
  // expected-error @+1 {{'nn.cross_entropy' op 'labels' must be a statically shaped tensor of i32 or i64, but got 'tensor<4xi16>'}}
  %0 = nn.cross_entropy %l, %y : tensor<4x10xf32>, tensor<4xi16> -> tensor<f32>
  return
}

// -----

// Labels are signless (ui32 is rejected).
func.func @cross_entropy_labels_unsigned(%l: tensor<4x10xf32>, %y: tensor<4xui32>) {
  // expected-error @+1 {{'nn.cross_entropy' op 'labels' must be a statically shaped tensor of i32 or i64, but got 'tensor<4xui32>'}}
  %0 = nn.cross_entropy %l, %y : tensor<4x10xf32>, tensor<4xui32> -> tensor<f32>
  return
}

// -----

// Labels need a static shape.
func.func @cross_entropy_labels_dynamic(%l: tensor<4x10xf32>, %y: tensor<?xi64>) {
  // expected-error @+1 {{'nn.cross_entropy' op 'labels' must be a statically shaped tensor of i32 or i64, but got 'tensor<?xi64>'}}
  %0 = nn.cross_entropy %l, %y : tensor<4x10xf32>, tensor<?xi64> -> tensor<f32>
  return
}

// -----

// Scalar logits have no class dimension.
func.func @cross_entropy_logits_rank0(%l: tensor<f32>, %y: tensor<i32>) {
  // expected-error @+1 {{'nn.cross_entropy' op 'logits' must have rank >= 1 (the last dimension holds the classes), but got 'tensor<f32>'}}
  %0 = nn.cross_entropy %l, %y : tensor<f32>, tensor<i32> -> tensor<f32>
  return
}

// -----

// Labels have the leading shape of logits.
func.func @cross_entropy_labels_shape(%l: tensor<2x4x10xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{'nn.cross_entropy' op 'labels' must have shape 2x4 (the shape of 'logits' without the class dimension), but got 'tensor<4xi32>'}}
  %0 = nn.cross_entropy %l, %y : tensor<2x4x10xf32>, tensor<4xi32> -> tensor<f32>
  return
}

// -----

// The loss is a scalar (a mean), not per position.
func.func @cross_entropy_result_not_scalar(%l: tensor<4x10xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{'nn.cross_entropy' op result must be 'tensor<f32>', but got 'tensor<4xf32>'}}
  %0 = nn.cross_entropy %l, %y : tensor<4x10xf32>, tensor<4xi32> -> tensor<4xf32>
  return
}

// -----

// The loss has the logits' element type.
func.func @cross_entropy_result_element(%l: tensor<4x10xf16>, %y: tensor<4xi32>) {
  // expected-error @+1 {{'nn.cross_entropy' op result must be 'tensor<f16>', but got 'tensor<f32>'}}
  %0 = nn.cross_entropy %l, %y : tensor<4x10xf16>, tensor<4xi32> -> tensor<f32>
  return
}

// -----

// The loss is a float tensor.
func.func @cross_entropy_result_int(%l: tensor<4x10xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{'nn.cross_entropy' op result must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<i32>'}}
  %0 = nn.cross_entropy %l, %y : tensor<4x10xf32>, tensor<4xi32> -> tensor<i32>
  return
}

// -----

// mse_loss needs float predictions.
func.func @mse_pred_int(%p: tensor<4xi32>, %t: tensor<4xi32>) {
  // expected-error @+1 {{'nn.mse_loss' op 'pred' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4xi32>'}}
  %0 = nn.mse_loss %p, %t : tensor<4xi32>, tensor<4xi32> -> tensor<f32>
  return
}

// -----

// mse_loss needs a static target.
func.func @mse_target_dynamic(%p: tensor<4xf32>, %t: tensor<?xf32>) {
  // expected-error @+1 {{'nn.mse_loss' op 'target' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<?xf32>'}}
  %0 = nn.mse_loss %p, %t : tensor<4xf32>, tensor<?xf32> -> tensor<f32>
  return
}

// -----

// target has pred's element type.
func.func @mse_target_element(%p: tensor<4x2xf32>, %t: tensor<4x2xf16>) {
  // expected-error @+1 {{'nn.mse_loss' op 'target' must have the type of 'pred' ('tensor<4x2xf32>'), but got 'tensor<4x2xf16>'}}
  %0 = nn.mse_loss %p, %t : tensor<4x2xf32>, tensor<4x2xf16> -> tensor<f32>
  return
}

// -----

// target has pred's shape (no broadcasting).
func.func @mse_target_shape(%p: tensor<4x2xf32>, %t: tensor<2xf32>) {
  // expected-error @+1 {{'nn.mse_loss' op 'target' must have the type of 'pred' ('tensor<4x2xf32>'), but got 'tensor<2xf32>'}}
  %0 = nn.mse_loss %p, %t : tensor<4x2xf32>, tensor<2xf32> -> tensor<f32>
  return
}

// -----

// The MSE loss is a scalar of pred's element type.
func.func @mse_result(%p: tensor<4x2xbf16>, %t: tensor<4x2xbf16>) {
  // expected-error @+1 {{'nn.mse_loss' op result must be 'tensor<bf16>', but got 'tensor<4x2xbf16>'}}
  %0 = nn.mse_loss %p, %t : tensor<4x2xbf16>, tensor<4x2xbf16> -> tensor<4x2xbf16>
  return
}

//===----------------------------------------------------------------------===//
// Backward ops
//===----------------------------------------------------------------------===//

// -----

// gelu_grad needs a float gradient.
func.func @gelu_grad_int(%dy: tensor<4xi32>) {
  // expected-error @+1 {{'nn.gelu_grad' op 'grad' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4xi32>'}}
  %0 = nn.gelu_grad %dy, %dy : tensor<4xi32>
  return
}

// -----

// gelu_grad's grad, input and result share one type.
func.func @gelu_grad_mismatch(%dy: tensor<4xf32>, %x: tensor<8xf32>) {
  // expected-error @+1 {{'nn.gelu_grad' op failed to verify that all of {grad, input, result} have same type}}
  %0 = "nn.gelu_grad"(%dy, %x) : (tensor<4xf32>, tensor<8xf32>) -> tensor<4xf32>
  return
}

// -----

// relu_grad needs a static gradient.
func.func @relu_grad_dynamic(%dy: tensor<?xf32>) {
  // expected-error @+1 {{'nn.relu_grad' op 'grad' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<?xf32>'}}
  %0 = nn.relu_grad %dy, %dy : tensor<?xf32>
  return
}

// -----

// relu_grad's result has the gradient's type.
func.func @relu_grad_mismatch(%dy: tensor<4xf32>) {
  // expected-error @+1 {{'nn.relu_grad' op failed to verify that all of {grad, input, result} have same type}}
  %0 = "nn.relu_grad"(%dy, %dy) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

// softmax_grad needs a float gradient.
func.func @softmax_grad_f64(%dy: tensor<4x4xf64>) {
  // expected-error @+1 {{'nn.softmax_grad' op 'grad' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4x4xf64>'}}
  %0 = nn.softmax_grad %dy, %dy : tensor<4x4xf64>
  return
}

// -----

// softmax_grad of a scalar has no last dimension.
func.func @softmax_grad_rank0(%dy: tensor<f32>) {
  // expected-error @+1 {{'nn.softmax_grad' op 'grad' must have rank >= 1, but got 'tensor<f32>'}}
  %0 = nn.softmax_grad %dy, %dy : tensor<f32>
  return
}

// -----

// softmax_grad's grad and output share one type.
func.func @softmax_grad_mismatch(%dy: tensor<4x4xf32>, %p: tensor<4x4xbf16>) {
  // expected-error @+1 {{'nn.softmax_grad' op failed to verify that all of {grad, output, result} have same type}}
  %0 = "nn.softmax_grad"(%dy, %p) : (tensor<4x4xf32>, tensor<4x4xbf16>) -> tensor<4x4xf32>
  return
}

// -----

// layernorm_grad needs a float gradient.
func.func @layernorm_grad_grad_int(%dy: tensor<4x8xi32>, %x: tensor<4x8xf32>, %g: tensor<8xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'nn.layernorm_grad' op 'grad' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4x8xi32>'}}
  %dx, %dg, %db = nn.layernorm_grad %dy, %x, %g, %s, %s : tensor<4x8xi32>, tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>
  return
}

// -----

// layernorm_grad needs a static input.
func.func @layernorm_grad_input_dynamic(%dy: tensor<4x8xf32>, %x: tensor<4x?xf32>, %g: tensor<8xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'nn.layernorm_grad' op 'input' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<4x?xf32>'}}
  %dx, %dg, %db = nn.layernorm_grad %dy, %x, %g, %s, %s : tensor<4x8xf32>, tensor<4x?xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>
  return
}

// -----

// layernorm_grad of a scalar input is rejected like layernorm.
func.func @layernorm_grad_rank0(%dy: tensor<f32>, %g: tensor<1xf32>) {
  // expected-error @+1 {{'nn.layernorm_grad' op 'input' must have rank >= 1, but got 'tensor<f32>'}}
  %dx, %dg, %db = nn.layernorm_grad %dy, %dy, %g, %dy, %dy : tensor<f32>, tensor<f32>, tensor<1xf32>, tensor<f32>, tensor<f32> -> tensor<f32>, tensor<1xf32>, tensor<1xf32>
  return
}

// -----

// The incoming gradient has the input's type.
func.func @layernorm_grad_grad_type(%dy: tensor<4x8xf16>, %x: tensor<4x8xf32>, %g: tensor<8xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'nn.layernorm_grad' op 'grad' must have the type of 'input' ('tensor<4x8xf32>'), but got 'tensor<4x8xf16>'}}
  %dx, %dg, %db = nn.layernorm_grad %dy, %x, %g, %s, %s : tensor<4x8xf16>, tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>
  return
}

// -----

// gamma has the size of the normalized dim.
func.func @layernorm_grad_gamma_shape(%dy: tensor<4x8xf32>, %g: tensor<4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'nn.layernorm_grad' op 'gamma' must have shape 8 (the last dimension of 'input'), but got 'tensor<4xf32>'}}
  %dx, %dg, %db = nn.layernorm_grad %dy, %dy, %g, %s, %s : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// gamma has the input's element type.
func.func @layernorm_grad_gamma_element(%dy: tensor<4x8xf32>, %g: tensor<8xbf16>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'nn.layernorm_grad' op 'gamma' has element type 'bf16', but expected 'f32' (the element type of 'input')}}
  %dx, %dg, %db = nn.layernorm_grad %dy, %dy, %g, %s, %s : tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xbf16>, tensor<4xf32>, tensor<4xf32> -> tensor<4x8xf32>, tensor<8xbf16>, tensor<8xbf16>
  return
}

// -----

// The saved mean has the shape layernorm gave it.
func.func @layernorm_grad_mean_shape(%dy: tensor<4x8xf32>, %g: tensor<8xf32>, %m: tensor<8xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'nn.layernorm_grad' op 'mean' must have shape 4 (the shape of 'input' without its last dimension), but got 'tensor<8xf32>'}}
  %dx, %dg, %db = nn.layernorm_grad %dy, %dy, %g, %m, %s : tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4xf32> -> tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>
  return
}

// -----

// The saved rstd has the input's element type or f32.
func.func @layernorm_grad_rstd_element(%dy: tensor<4x8xf16>, %g: tensor<8xf16>, %m: tensor<4xf32>, %s: tensor<4xbf16>) {
  // expected-error @+1 {{'nn.layernorm_grad' op 'rstd' must have element type 'f16' or 'f32', but got 'tensor<4xbf16>'}}
  %dx, %dg, %db = nn.layernorm_grad %dy, %dy, %g, %m, %s : tensor<4x8xf16>, tensor<4x8xf16>, tensor<8xf16>, tensor<4xf32>, tensor<4xbf16> -> tensor<4x8xf16>, tensor<8xf16>, tensor<8xf16>
  return
}

// -----

// The saved rstd must be a float tensor.
func.func @layernorm_grad_rstd_unranked(%dy: tensor<4x8xf32>, %g: tensor<8xf32>, %m: tensor<4xf32>, %s: tensor<*xf32>) {
  // expected-error @+1 {{'nn.layernorm_grad' op 'rstd' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<*xf32>'}}
  %dx, %dg, %db = nn.layernorm_grad %dy, %dy, %g, %m, %s : tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<*xf32> -> tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>
  return
}

// -----

// dx has the input's type.
func.func @layernorm_grad_input_grad(%dy: tensor<4x8xf32>, %g: tensor<8xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'nn.layernorm_grad' op result 'input_grad' must have the type of 'input' ('tensor<4x8xf32>'), but got 'tensor<32xf32>'}}
  %dx, %dg, %db = nn.layernorm_grad %dy, %dy, %g, %s, %s : tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<32xf32>, tensor<8xf32>, tensor<8xf32>
  return
}

// -----

// dgamma has gamma's type.
func.func @layernorm_grad_gamma_grad(%dy: tensor<4x8xf32>, %g: tensor<8xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'nn.layernorm_grad' op result 'gamma_grad' must have the type of 'gamma' ('tensor<8xf32>'), but got 'tensor<4x8xf32>'}}
  %dx, %dg, %db = nn.layernorm_grad %dy, %dy, %g, %s, %s : tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>
  return
}

// -----

// dbeta has gamma's (= beta's) type.
func.func @layernorm_grad_beta_grad(%dy: tensor<4x8xf32>, %g: tensor<8xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'nn.layernorm_grad' op result 'beta_grad' must have the type of 'gamma' ('tensor<8xf32>'), but got 'tensor<8xf16>'}}
  %dx, %dg, %db = nn.layernorm_grad %dy, %dy, %g, %s, %s : tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<4x8xf32>, tensor<8xf32>, tensor<8xf16>
  return
}

// -----

// cross_entropy_grad checks labels like cross_entropy.
func.func @cross_entropy_grad_labels(%l: tensor<4x10xf32>, %y: tensor<10xi32>, %dl: tensor<f32>) {
  // expected-error @+1 {{'nn.cross_entropy_grad' op 'labels' must have shape 4 (the shape of 'logits' without the class dimension), but got 'tensor<10xi32>'}}
  %0 = nn.cross_entropy_grad %l, %y, %dl : tensor<4x10xf32>, tensor<10xi32>, tensor<f32> -> tensor<4x10xf32>
  return
}

// -----

// The incoming loss gradient is a scalar.
func.func @cross_entropy_grad_grad_shape(%l: tensor<4x10xf32>, %y: tensor<4xi32>, %dl: tensor<4xf32>) {
  // expected-error @+1 {{'nn.cross_entropy_grad' op 'grad' must be 'tensor<f32>', but got 'tensor<4xf32>'}}
  %0 = nn.cross_entropy_grad %l, %y, %dl : tensor<4x10xf32>, tensor<4xi32>, tensor<4xf32> -> tensor<4x10xf32>
  return
}

// -----

// The incoming loss gradient has the logits' element type.
func.func @cross_entropy_grad_grad_element(%l: tensor<4x10xbf16>, %y: tensor<4xi32>, %dl: tensor<f32>) {
  // expected-error @+1 {{'nn.cross_entropy_grad' op 'grad' must be 'tensor<bf16>', but got 'tensor<f32>'}}
  %0 = nn.cross_entropy_grad %l, %y, %dl : tensor<4x10xbf16>, tensor<4xi32>, tensor<f32> -> tensor<4x10xbf16>
  return
}

// -----

// dlogits has the logits' type.
func.func @cross_entropy_grad_result(%l: tensor<4x10xf32>, %y: tensor<4xi32>, %dl: tensor<f32>) {
  // expected-error @+1 {{'nn.cross_entropy_grad' op result must have the type of 'logits' ('tensor<4x10xf32>'), but got 'tensor<4xf32>'}}
  %0 = nn.cross_entropy_grad %l, %y, %dl : tensor<4x10xf32>, tensor<4xi32>, tensor<f32> -> tensor<4xf32>
  return
}

// -----

// mse_loss_grad checks the target like mse_loss.
func.func @mse_grad_target(%p: tensor<4xf32>, %t: tensor<4xf16>, %dl: tensor<f32>) {
  // expected-error @+1 {{'nn.mse_loss_grad' op 'target' must have the type of 'pred' ('tensor<4xf32>'), but got 'tensor<4xf16>'}}
  %0 = nn.mse_loss_grad %p, %t, %dl : tensor<4xf32>, tensor<4xf16>, tensor<f32> -> tensor<4xf32>
  return
}

// -----

// The incoming loss gradient is a scalar of pred's element type.
func.func @mse_grad_grad(%p: tensor<4xf16>, %dl: tensor<f32>) {
  // expected-error @+1 {{'nn.mse_loss_grad' op 'grad' must be 'tensor<f16>', but got 'tensor<f32>'}}
  %0 = nn.mse_loss_grad %p, %p, %dl : tensor<4xf16>, tensor<4xf16>, tensor<f32> -> tensor<4xf16>
  return
}

// -----

// The incoming loss gradient must be a float tensor at all.
func.func @mse_grad_grad_dynamic(%p: tensor<4xf32>, %dl: tensor<?xf32>) {
  // expected-error @+1 {{'nn.mse_loss_grad' op 'grad' must be a statically shaped tensor of f32, f16 or bf16, but got 'tensor<?xf32>'}}
  %0 = nn.mse_loss_grad %p, %p, %dl : tensor<4xf32>, tensor<4xf32>, tensor<?xf32> -> tensor<4xf32>
  return
}

// -----

// dpred has pred's type.
func.func @mse_grad_result(%p: tensor<4xf32>, %dl: tensor<f32>) {
  // expected-error @+1 {{'nn.mse_loss_grad' op result must have the type of 'pred' ('tensor<4xf32>'), but got 'tensor<f32>'}}
  %0 = nn.mse_loss_grad %p, %p, %dl : tensor<4xf32>, tensor<4xf32>, tensor<f32> -> tensor<f32>
  return
}
