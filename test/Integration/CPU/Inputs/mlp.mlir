// A small MLP regression step with the ops the GPT graph does not use:
// broadcast, sub, mul, relu, scale, reduce_sum, mse_loss and their gradients.
func.func @mlp_step(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %b1: tensor<16xf32>, %w2: tensor<16x4xf32>, %t: tensor<4x4xf32>) -> (tensor<f32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x4xf32>, tensor<4x4xf32>) {
  %h = nn.matmul %x, %w1 : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  %bb = nn.broadcast %b1 : tensor<16xf32> -> tensor<4x16xf32>
  %hb = nn.add %h, %bb : tensor<4x16xf32>, tensor<4x16xf32> -> tensor<4x16xf32>
  %r = nn.relu %hb : tensor<4x16xf32>
  %s = nn.scale %r {factor = 5.000000e-01 : f32} : tensor<4x16xf32>
  %y = nn.matmul %s, %w2 : tensor<4x16xf32>, tensor<16x4xf32> -> tensor<4x4xf32>
  %l = nn.mse_loss %y, %t : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dy = nn.mse_loss_grad %y, %t, %one : tensor<4x4xf32>, tensor<4x4xf32>, tensor<f32> -> tensor<4x4xf32>
  %dw2 = nn.matmul %s, %dy {transpose_a} : tensor<4x16xf32>, tensor<4x4xf32> -> tensor<16x4xf32>
  %ds = nn.matmul %dy, %w2 {transpose_b} : tensor<4x4xf32>, tensor<16x4xf32> -> tensor<4x16xf32>
  %dr = nn.scale %ds {factor = 5.000000e-01 : f32} : tensor<4x16xf32>
  %dhb = nn.relu_grad %dr, %hb : tensor<4x16xf32>
  %db1 = nn.reduce_sum %dhb {dims = array<i64: 0>} : tensor<4x16xf32> -> tensor<16xf32>
  %dw1 = nn.matmul %x, %dhb {transpose_a} : tensor<4x8xf32>, tensor<4x16xf32> -> tensor<8x16xf32>
  %res = nn.sub %y, %t : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
  %sq = nn.mul %res, %res : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
  return %l, %dw1, %db1, %dw2, %sq : tensor<f32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x4xf32>, tensor<4x4xf32>
}
