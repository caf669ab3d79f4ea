// A forward function that uses every differentiable nn op, including the
// cases whose gradients need care: broadcasting elementwise ops (summed back
// to each operand's shape), a value used several times (gradients summed),
// matmuls with each combination of transpose flags, with broadcast batch
// dimensions and with a 2-D weight under a batched input, a non-causal
// softmax, dropout, layernorm, transposes, reshape views, broadcast and
// reduce_sum, and both losses (mse's target is differentiated too).
func.func @ops(%x: tensor<2x4x6xf32>, %w: tensor<6x6xf32>, %v: tensor<2x1x6x4xf32>, %u: tensor<3x1x6x4xf32>,
               %b: tensor<6xf32>, %c: tensor<4x1xf32>, %g: tensor<6xf32>, %beta: tensor<6xf32>,
               %s: tensor<1x6xf32>, %t: tensor<2x4x6xf32>, %wo: tensor<6x5xf32>, %labels: tensor<8xi32>) -> tensor<f32> {
  %h = nn.matmul %x, %w : tensor<2x4x6xf32>, tensor<6x6xf32> -> tensor<2x4x6xf32>
  %h1 = nn.add %h, %b : tensor<2x4x6xf32>, tensor<6xf32> -> tensor<2x4x6xf32>
  %h2 = nn.mul %h1, %c : tensor<2x4x6xf32>, tensor<4x1xf32> -> tensor<2x4x6xf32>
  %h3 = nn.sub %h2, %s : tensor<2x4x6xf32>, tensor<1x6xf32> -> tensor<2x4x6xf32>
  %r = nn.relu %h3 : tensor<2x4x6xf32>
  %ge = nn.gelu %h3 : tensor<2x4x6xf32>
  %m = nn.mul %r, %ge : tensor<2x4x6xf32>, tensor<2x4x6xf32> -> tensor<2x4x6xf32>
  %sc = nn.scale %m {factor = 5.000000e-01 : f32} : tensor<2x4x6xf32>
  %ln, %mean, %rstd = nn.layernorm %sc, %g, %beta {epsilon = 1.000000e-05 : f32} : tensor<2x4x6xf32>, tensor<6xf32>, tensor<6xf32> -> tensor<2x4x6xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  %ln4 = nn.reshape %ln : tensor<2x4x6xf32> -> tensor<2x1x4x6xf32>
  %sq = nn.matmul %ln4, %v : tensor<2x1x4x6xf32>, tensor<2x1x6x4xf32> -> tensor<2x1x4x4xf32>
  %p = nn.softmax %sq {scale = 5.000000e-01 : f32} : tensor<2x1x4x4xf32>
  %pd = nn.dropout %p {rate = 2.500000e-01 : f32, seed = 5 : i64} : tensor<2x1x4x4xf32>
  %pt = nn.transpose %pd {permutation = array<i64: 1, 0, 3, 2>} : tensor<2x1x4x4xf32> -> tensor<1x2x4x4xf32>
  %pr = nn.reshape %pt : tensor<1x2x4x4xf32> -> tensor<2x4x4xf32>
  %o1 = nn.matmul %pr, %ln {transpose_a} : tensor<2x4x4xf32>, tensor<2x4x6xf32> -> tensor<2x4x6xf32>
  %o2 = nn.matmul %u, %o1 {transpose_a, transpose_b} : tensor<3x1x6x4xf32>, tensor<2x4x6xf32> -> tensor<3x2x4x4xf32>
  %o3 = nn.reduce_sum %o2 {dims = array<i64: 0>} : tensor<3x2x4x4xf32> -> tensor<2x4x4xf32>
  %o4 = nn.matmul %o1, %x {transpose_b} : tensor<2x4x6xf32>, tensor<2x4x6xf32> -> tensor<2x4x4xf32>
  %o45 = nn.mul %o4, %o3 : tensor<2x4x4xf32>, tensor<2x4x4xf32> -> tensor<2x4x4xf32>
  %o5 = nn.matmul %o45, %o1 : tensor<2x4x4xf32>, tensor<2x4x6xf32> -> tensor<2x4x6xf32>
  %bb = nn.broadcast %b : tensor<6xf32> -> tensor<2x4x6xf32>
  %o6 = nn.add %o5, %bb : tensor<2x4x6xf32>, tensor<2x4x6xf32> -> tensor<2x4x6xf32>
  %l1 = nn.mse_loss %o6, %t : tensor<2x4x6xf32>, tensor<2x4x6xf32> -> tensor<f32>
  %flat = nn.reshape %o6 : tensor<2x4x6xf32> -> tensor<8x6xf32>
  %logits = nn.matmul %flat, %wo : tensor<8x6xf32>, tensor<6x5xf32> -> tensor<8x5xf32>
  %l2 = nn.cross_entropy %logits, %labels : tensor<8x5xf32>, tensor<8xi32> -> tensor<f32>
  %l = nn.add %l1, %l2 : tensor<f32>, tensor<f32> -> tensor<f32>
  return %l : tensor<f32>
}
