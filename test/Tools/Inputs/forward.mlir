func.func @f(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<f32> {
  %h = nn.matmul %x, %w : tensor<8x16xf32>, tensor<16x4xf32> -> tensor<8x4xf32>
  %a = nn.relu %h : tensor<8x4xf32>
  %l = nn.reduce_sum %a {dims = array<i64: 0, 1>} : tensor<8x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
