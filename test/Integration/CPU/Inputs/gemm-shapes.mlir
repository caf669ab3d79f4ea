// Matrix products of odd shapes for the GPU-mapping emulation test: a batch
// against a broadcast B (70x45 by 45x33), 4-D bf16 (19x37 by 37x66 in 2x5
// batches), and a transposed A (the weight gradient of the first).
func.func @step(%a: tensor<3x70x45xf32>, %b: tensor<45x33xf32>, %c: tensor<2x5x19x37xbf16>, %d: tensor<2x5x37x66xbf16>) -> (tensor<3x70x33xf32>, tensor<2x5x19x66xbf16>, tensor<45x33xf32>) {
  %y = nn.matmul %a, %b : tensor<3x70x45xf32>, tensor<45x33xf32> -> tensor<3x70x33xf32>
  %z = nn.matmul %c, %d : tensor<2x5x19x37xbf16>, tensor<2x5x37x66xbf16> -> tensor<2x5x19x66xbf16>
  %a2 = nn.reshape %a : tensor<3x70x45xf32> -> tensor<210x45xf32>
  %y2 = nn.reshape %y : tensor<3x70x33xf32> -> tensor<210x33xf32>
  %w = nn.matmul %a2, %y2 {transpose_a} : tensor<210x45xf32>, tensor<210x33xf32> -> tensor<45x33xf32>
  return %y, %z, %w : tensor<3x70x33xf32>, tensor<2x5x19x66xbf16>, tensor<45x33xf32>
}
