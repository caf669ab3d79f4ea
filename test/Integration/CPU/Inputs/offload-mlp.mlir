func.func @mlp4(%x: tensor<512x64xf32>, %w1: tensor<64x64xf32>, %w2: tensor<64x64xf32>, %w3: tensor<64x64xf32>, %w4: tensor<64x64xf32>, %t: tensor<512x64xf32>)
    -> (tensor<f32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) {
  %h1 = nn.matmul %x, %w1 : tensor<512x64xf32>, tensor<64x64xf32> -> tensor<512x64xf32>
  %a1 = nn.relu %h1 : tensor<512x64xf32>
  %h2 = nn.matmul %a1, %w2 : tensor<512x64xf32>, tensor<64x64xf32> -> tensor<512x64xf32>
  %a2 = nn.relu %h2 : tensor<512x64xf32>
  %h3 = nn.matmul %a2, %w3 : tensor<512x64xf32>, tensor<64x64xf32> -> tensor<512x64xf32>
  %a3 = nn.relu %h3 : tensor<512x64xf32>
  %h4 = nn.matmul %a3, %w4 : tensor<512x64xf32>, tensor<64x64xf32> -> tensor<512x64xf32>
  %l = nn.mse_loss %h4, %t : tensor<512x64xf32>, tensor<512x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dh4 = nn.mse_loss_grad %h4, %t, %one : tensor<512x64xf32>, tensor<512x64xf32>, tensor<f32> -> tensor<512x64xf32>
  %dw4 = nn.matmul %a3, %dh4 {transpose_a} : tensor<512x64xf32>, tensor<512x64xf32> -> tensor<64x64xf32>
  %da3 = nn.matmul %dh4, %w4 {transpose_b} : tensor<512x64xf32>, tensor<64x64xf32> -> tensor<512x64xf32>
  %dh3 = nn.relu_grad %da3, %h3 : tensor<512x64xf32>
  %dw3 = nn.matmul %a2, %dh3 {transpose_a} : tensor<512x64xf32>, tensor<512x64xf32> -> tensor<64x64xf32>
  %da2 = nn.matmul %dh3, %w3 {transpose_b} : tensor<512x64xf32>, tensor<64x64xf32> -> tensor<512x64xf32>
  %dh2 = nn.relu_grad %da2, %h2 : tensor<512x64xf32>
  %dw2 = nn.matmul %a1, %dh2 {transpose_a} : tensor<512x64xf32>, tensor<512x64xf32> -> tensor<64x64xf32>
  %da1 = nn.matmul %dh2, %w2 {transpose_b} : tensor<512x64xf32>, tensor<64x64xf32> -> tensor<512x64xf32>
  %dh1 = nn.relu_grad %da1, %h1 : tensor<512x64xf32>
  %dw1 = nn.matmul %x, %dh1 {transpose_a} : tensor<512x64xf32>, tensor<512x64xf32> -> tensor<64x64xf32>
  return %l, %dw1, %dw2, %dw3, %dw4 : tensor<f32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>
}
