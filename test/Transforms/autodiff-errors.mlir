// RUN: remat-opt %s -split-input-file -verify-diagnostics --nn-autodiff

// The wrt option's errors are in autodiff-wrt.mlir.

// A joint function (already differentiated) is not a forward function.
// expected-error @+1 {{expects a forward function with one result, the scalar loss, but it has 2}}
func.func @joint(%x: tensor<4xf32>, %t: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) {
  %l = nn.mse_loss %x, %t : tensor<4xf32>, tensor<4xf32> -> tensor<f32>
  return %l, %x : tensor<f32>, tensor<4xf32>
}

// -----

// expected-error @+1 {{expects the loss to be a floating-point scalar tensor (tensor<f32>, tensor<bf16>, ...), but it is 'tensor<4xf32>'}}
func.func @not_scalar(%x: tensor<4xf32>, %t: tensor<4xf32>) -> tensor<4xf32> {
  %y = nn.relu %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Backward ops have no vector-Jacobian product (no second derivatives).
func.func @second_order(%dy: tensor<4xf32>, %x: tensor<4xf32>, %t: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{cannot differentiate 'nn.gelu_grad': it has no vector-Jacobian product (VJPOpInterface), and the loss depends on it through a differentiated argument}}
  %g = nn.gelu_grad %dy, %x : tensor<4xf32>
  %l = nn.mse_loss %g, %t : tensor<4xf32>, tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// Nor do ops of other dialects, unless they implement the interface.
func.func private @external(tensor<4xf32>) -> tensor<4xf32>
func.func @call(%x: tensor<4xf32>, %t: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{cannot differentiate 'func.call'}}
  %y = func.call @external(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %l = nn.mse_loss %y, %t : tensor<4xf32>, tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// layernorm's statistics carry no gradient.
func.func @layernorm_stats(%x: tensor<2x4xf32>, %g: tensor<4xf32>, %b: tensor<4xf32>, %t: tensor<2xf32>) -> tensor<f32> {
  // expected-error @+1 {{'nn.layernorm' op cannot be differentiated through its 'mean' or 'rstd' result; only 'output' has a gradient}}
  %y, %mean, %rstd = nn.layernorm %x, %g, %b : tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>
  %l = nn.mse_loss %mean, %t : tensor<2xf32>, tensor<2xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// An op the loss does not reach through a differentiated argument needs no
// gradient: a constant fed through a backward op is fine.
func.func @constant_path(%x: tensor<4xf32>, %t: tensor<4xf32>) -> tensor<f32> {
  %c = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %g = nn.gelu_grad %c, %c : tensor<4xf32>
  %y = nn.mul %x, %g : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %l = nn.mse_loss %y, %t : tensor<4xf32>, tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// nn.generic (framework ops for the planner) has no vector-Jacobian product.
func.func @generic_op(%x: tensor<4xf32>) -> tensor<f32> {
  %e = nn.generic "aten.exp.default" %x {flops = 4 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{cannot differentiate 'nn.generic': it has no vector-Jacobian product}}
  %l = nn.generic "aten.sum.default" %e {cost_class = "reduction", flops = 4 : i64} : (tensor<4xf32>) -> tensor<f32>
  return %l : tensor<f32>
}
