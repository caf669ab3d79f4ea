// RUN: remat-opt %s -split-input-file -verify-diagnostics
// RUN: remat-opt %s -split-input-file -verify-diagnostics | remat-opt -split-input-file | FileCheck %s
// nn.generic, the op framework adapters use for ops without an nn
// counterpart (lib/remat/Dialect/NN/NNOps.cpp): valid forms round-trip with
// their attributes (the default cost_class and flops are not printed); every
// verifier rule has a case with its exact message.

// CHECK-LABEL: func.func @valid
// CHECK-NEXT: %[[E:.*]] = nn.generic "aten.exp.default" %arg0 {flops = 32 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[V:.*]] = nn.generic "aten.view.default" %[[E]] {cost_class = "view"} : (tensor<4x8xf32>) -> tensor<32xf32>
// CHECK-NEXT: %[[S:.*]]:2 = nn.generic "aten.split.Tensor" %[[V]] {cost_class = "view"} : (tensor<32xf32>) -> (tensor<16xf32>, tensor<16xf32>)
// CHECK-NEXT: %[[D:.*]]:2 = nn.generic "aten.native_dropout.default" %arg0 {side_effects} : (tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xi1>)
// CHECK-NEXT: %[[M:.*]] = nn.generic "aten.mm.default" %arg0, %arg1 {cost_class = "gemm", flops = 512 : i64, read_bytes = 0 : i64, written_bytes = 64 : i64} : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: %[[I:.*]] = nn.generic "aten.embedding.default" %arg0, %arg2 {cost_class = "layout"} : (tensor<4x8xf32>, tensor<3xi64>) -> tensor<3x8xf32>
// CHECK-NEXT: nn.generic "c10d.barrier" {side_effects} : () -> ()
// CHECK-NEXT: %[[Z:.*]] = nn.generic "aten.zeros.default" : () -> tensor<2xf64>
// CHECK-NEXT: %[[B:.*]] = nn.generic "jax.dot_general" %arg3, %arg3 {batch_dims = 1 : i64, cost_class = "gemm", flops = 1024 : i64} : (tensor<2x8x8xf32>, tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
func.func @valid(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>, %i: tensor<3xi64>, %q: tensor<2x8x8xf32>) -> tensor<4x8xf32> {
  %e = nn.generic "aten.exp.default" %x {flops = 32 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = nn.generic "aten.view.default" %e {cost_class = "view"} : (tensor<4x8xf32>) -> tensor<32xf32>
  %s:2 = nn.generic "aten.split.Tensor" %v {cost_class = "view"} : (tensor<32xf32>) -> (tensor<16xf32>, tensor<16xf32>)
  %d:2 = nn.generic "aten.native_dropout.default" %x {side_effects} : (tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xi1>)
  %m = nn.generic "aten.mm.default" %x, %w {cost_class = "gemm", flops = 512 : i64, read_bytes = 0 : i64, written_bytes = 64 : i64} : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  %g = nn.generic "aten.embedding.default" %x, %i {cost_class = "layout"} : (tensor<4x8xf32>, tensor<3xi64>) -> tensor<3x8xf32>
  nn.generic "c10d.barrier" {side_effects} : () -> ()
  %z = nn.generic "aten.zeros.default" {cost_class = "elementwise", flops = 0 : i64} : () -> tensor<2xf64>
  %b = nn.generic "jax.dot_general" %q, %q {cost_class = "gemm", flops = 1024 : i64, batch_dims = 1 : i64} : (tensor<2x8x8xf32>, tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  return %e : tensor<4x8xf32>
}

// -----

func.func @empty_name(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.generic' op needs the framework op's name, but it is empty}}
  %0 = nn.generic "" %x : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// Shapes must be static: the planner counts bytes.
func.func @dynamic_operand(%x: tensor<?xf32>) {
  // expected-error @+1 {{'nn.generic' op operand #0 must be a statically shaped tensor of an integer or float type, but got 'tensor<?xf32>'}}
  %0 = nn.generic "aten.exp.default" %x : (tensor<?xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @unranked_result(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.generic' op result #1 must be a statically shaped tensor of an integer or float type, but got 'tensor<*xf32>'}}
  %0:2 = nn.generic "aten.foo.default" %x : (tensor<4xf32>) -> (tensor<4xf32>, tensor<*xf32>)
  return
}

// -----

func.func @index_element(%x: tensor<4xindex>) {
  // expected-error @+1 {{'nn.generic' op operand #0 must be a statically shaped tensor of an integer or float type, but got 'tensor<4xindex>'}}
  %0 = nn.generic "aten.foo.default" %x : (tensor<4xindex>) -> tensor<4xf32>
  return
}

// -----

func.func @too_large(%x: tensor<4611686018427387904x4xf32>) {
  // expected-error @+1 {{'nn.generic' op operand #0 of type 'tensor<4611686018427387904x4xf32>' is too large: its size in bytes does not fit in 63 bits}}
  %0 = nn.generic "aten.foo.default" %x : (tensor<4611686018427387904x4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @bad_class(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.generic' op cost_class must be "gemm", "elementwise", "reduction", "layout" or "view", but got "matmul"}}
  %0 = nn.generic "aten.mm.default" %x {cost_class = "matmul"} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @negative_flops(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.generic' op flops must be non-negative, but got -1}}
  %0 = nn.generic "aten.exp.default" %x {flops = -1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @negative_batch_dims(%x: tensor<2x4x4xf32>) {
  // expected-error @+1 {{'nn.generic' op batch_dims must be non-negative, but got -1}}
  %0 = nn.generic "jax.dot_general" %x, %x {cost_class = "gemm", batch_dims = -1 : i64} : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  return
}

// -----

func.func @batch_dims_of_no_gemm(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.generic' op batch_dims describes a matrix multiply: it needs cost_class = "gemm", but the cost class is "elementwise"}}
  %0 = nn.generic "jax.exp" %x {batch_dims = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @negative_bytes(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.generic' op written_bytes must be non-negative, but got -16}}
  %0 = nn.generic "aten.exp.default" %x {written_bytes = -16 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// A view aliases exactly one operand.
func.func @view_two_operands(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  // expected-error @+1 {{'nn.generic' op a view must have one operand, whose buffer its results alias, and at least one result, but it has 2 operands and 1 results}}
  %0 = nn.generic "aten.foo.default" %x, %y {cost_class = "view"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @view_flops(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.generic' op a view computes nothing: it must have flops = 0 and no side_effects}}
  %0 = nn.generic "aten.view.default" %x {cost_class = "view", flops = 4 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @no_effect(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.generic' op has no results and no side_effects, so it does nothing; mark it side_effects or drop it}}
  nn.generic "aten.foo.default" %x : (tensor<4xf32>) -> ()
  return
}
