// A 16 GiB intermediate: the CPU runtime's allocation fails with an error.
func.func @f(%v: tensor<4xf32>) -> tensor<f32> {
  %b = nn.broadcast %v : tensor<4xf32> -> tensor<1073741824x4xf32>
  %s = nn.reduce_sum %b {dims = array<i64: 0, 1>} : tensor<1073741824x4xf32> -> tensor<f32>
  return %s : tensor<f32>
}
