// Matmuls whose batch dims broadcast both ways (size 1 on either side, and a
// missing dim), a 4-D causal softmax and its gradient, and reductions.
func.func @batched(%a: tensor<3x1x2x5xf32>, %b: tensor<1x4x5x6xf32>, %c: tensor<4x6x2xf32>, %dy: tensor<3x4x6x6xf32>) -> (tensor<3x4x2x6xf32>, tensor<3x4x6x6xf32>, tensor<3x4x6x6xf32>, tensor<f32>, tensor<4x6xf32>) {
  %0 = nn.matmul %a, %b : tensor<3x1x2x5xf32>, tensor<1x4x5x6xf32> -> tensor<3x4x2x6xf32>
  %1 = nn.matmul %c, %0 : tensor<4x6x2xf32>, tensor<3x4x2x6xf32> -> tensor<3x4x6x6xf32>
  %p = nn.softmax %1 {scale = 2.500000e-01 : f32, causal} : tensor<3x4x6x6xf32>
  %dp = nn.softmax_grad %dy, %p {scale = 2.500000e-01 : f32} : tensor<3x4x6x6xf32>
  %s = nn.reduce_sum %p {dims = array<i64: 0, 1, 2, 3>} : tensor<3x4x6x6xf32> -> tensor<f32>
  %t = nn.reduce_sum %dp {dims = array<i64: 0, 2>} : tensor<3x4x6x6xf32> -> tensor<4x6xf32>
  return %0, %p, %dp, %s, %t : tensor<3x4x2x6xf32>, tensor<3x4x6x6xf32>, tensor<3x4x6x6xf32>, tensor<f32>, tensor<4x6xf32>
}
