// Malformed nn IR is diagnosed by the parser (or by ODS while parsing), never
// crashes, and makes remat-opt fail.
// RUN: remat-opt %s -split-input-file -verify-diagnostics
// RUN: not remat-opt %s -split-input-file 2>&1 | FileCheck %s

// The first split's diagnostic, with its location, and a failing exit status.
// CHECK: invalid-syntax.mlir:[[# @LINE + 5]]:{{[0-9]+}}: error: custom op 'nn.foo' is unknown

// An unknown op in custom form.
func.func @unknown_custom(%x: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'nn.foo' is unknown}}
  %0 = nn.foo %x : tensor<4xf32>
  return
}

// -----

// An unknown op in generic form: the nn dialect allows no unregistered ops.
func.func @unknown_generic(%x: tensor<4xf32>) {
  // expected-error @+1 {{unregistered operation 'nn.foo' found in dialect ('nn') that does not allow unknown operations}}
  %0 = "nn.foo"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// A scalar operand where a tensor type is expected.
func.func @scalar_operand(%x: f32) {
  // expected-error @+1 {{custom op 'nn.gelu' invalid kind of type specified}}
  %0 = nn.gelu %x : f32
  return
}

// -----

// A memref operand: nn ops have value semantics.
func.func @memref_operand(%x: memref<4xf32>) {
  // expected-error @+1 {{custom op 'nn.relu' invalid kind of type specified}}
  %0 = nn.relu %x : memref<4xf32>
  return
}

// -----

// A vector operand is not a tensor either.
func.func @vector_operand(%x: vector<4xf32>) {
  // expected-error @+1 {{custom op 'nn.add' invalid kind of type specified}}
  %0 = nn.add %x, %x : vector<4xf32>, vector<4xf32> -> vector<4xf32>
  return
}

// -----

// The type list is not optional.
func.func @missing_type(%x: tensor<4xf32>) {
  %0 = nn.gelu %x
  // expected-error @-1 {{expected ':'}}
  return
}

// -----

// Binary ops spell out the result type after `->`.
func.func @missing_result_type(%x: tensor<4x4xf32>) {
  // expected-error @+1 {{expected '->'}}
  %0 = nn.matmul %x, %x : tensor<4x4xf32>, tensor<4x4xf32>
  return
}

// -----

// Operands are comma-separated.
func.func @missing_comma(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{expected ','}}
  %0 = nn.add %x %x : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

// Each operand has its own type in the list.
func.func @too_few_types(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{expected ','}}
  %0 = nn.add %x, %x : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

// layernorm has three results; binding two is an error.
func.func @layernorm_two_results(%x: tensor<4x8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{operation defines 3 results but was provided 2 to bind}}
  %y, %m = nn.layernorm %x, %g, %g : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// The written type must be the operand's type.
// expected-note @+1 {{prior use here}}
func.func @wrong_operand_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'tensor<8xf32>' vs 'tensor<4xf32>'}}
  %0 = nn.relu %x : tensor<8xf32>
  return
}

// -----

// An undefined operand.
func.func @undefined_operand(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %0 = nn.add %x, %y : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

// Unary ops take a single type, not a function type.
func.func @unary_arrow(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{expected operation name in quotes}}
  %0 = nn.gelu %x : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

// permutation is a dense i64 array, not an array attribute.
func.func @permutation_array_attr(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{custom op 'nn.transpose' 'nn.transpose' op attribute 'permutation' failed to satisfy constraint: i64 dense array attribute}}
  %0 = nn.transpose %x {permutation = [1, 0]} : tensor<4x8xf32> -> tensor<8x4xf32>
  return
}

// -----

// dims is a dense i64 array, not i32.
func.func @dims_i32(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{custom op 'nn.reduce_sum' 'nn.reduce_sum' op attribute 'dims' failed to satisfy constraint: i64 dense array attribute}}
  %0 = nn.reduce_sum %x {dims = array<i32: 0>} : tensor<4x8xf32> -> tensor<8xf32>
  return
}

// -----

// factor is an f32, not a string.
func.func @factor_string(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{custom op 'nn.scale' 'nn.scale' op attribute 'factor' failed to satisfy constraint: 32-bit float attribute}}
  %0 = nn.scale %x {factor = "two"} : tensor<4x8xf32>
  return
}

// -----

// seed is an i64, not a float.
func.func @seed_float(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{custom op 'nn.dropout' 'nn.dropout' op attribute 'seed' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0 = nn.dropout %x {rate = 0.1 : f32, seed = 1.0 : f32} : tensor<4x8xf32>
  return
}

// -----

// causal is a unit attribute, not a bool.
func.func @causal_bool(%x: tensor<4x4xf32>) {
  // expected-error @+1 {{custom op 'nn.softmax' 'nn.softmax' op attribute 'causal' failed to satisfy constraint: unit attribute}}
  %0 = nn.softmax %x {causal = true} : tensor<4x4xf32>
  return
}

// -----

// Generic form with the wrong operand count.
func.func @generic_operand_count(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.add' op expected 2 operands, but found 1}}
  %0 = "nn.add"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

// Generic form with the wrong result count.
func.func @generic_result_count(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'nn.relu' op requires one result}}
  %0:2 = "nn.relu"(%x) : (tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return
}
