// A helper beside the entry: --policy plans the entry only (a function
// without results is no joint function, and used to fail the whole compile).
func.func private @helper(%a: tensor<2x3xf32>) {
  return
}
func.func @step(%a: tensor<2x3xf32>, %t: tensor<2x3xf32>) -> (tensor<f32>, tensor<2x3xf32>) {
  %r = nn.relu %a {remat.block = 0 : i64} : tensor<2x3xf32>
  %l = nn.mse_loss %r, %t : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<f32>
  %one = arith.constant dense<1.0> : tensor<f32>
  %g = nn.mse_loss_grad %r, %t, %one : tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32> -> tensor<2x3xf32>
  %d = nn.relu_grad %g, %a : tensor<2x3xf32>
  return %l, %d : tensor<f32>, tensor<2x3xf32>
}
