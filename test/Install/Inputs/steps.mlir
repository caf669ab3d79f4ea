// Joint functions for test/Install: one of upstream linalg ops, one of nn ops.
func.func @step(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> (tensor<f32>, tensor<64x64xf32>) {
  %c0 = arith.constant 0.0 : f32
  %z = tensor.empty() : tensor<64x64xf32>
  %init = linalg.fill ins(%c0 : f32) outs(%z : tensor<64x64xf32>) -> tensor<64x64xf32>
  %h = linalg.matmul ins(%x, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%init : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e = linalg.exp ins(%h : tensor<64x64xf32>) outs(%z : tensor<64x64xf32>) -> tensor<64x64xf32>
  %s0 = tensor.empty() : tensor<f32>
  %sinit = linalg.fill ins(%c0 : f32) outs(%s0 : tensor<f32>) -> tensor<f32>
  %l = linalg.reduce ins(%e : tensor<64x64xf32>) outs(%sinit : tensor<f32>) dimensions = [0, 1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  %xt = linalg.transpose ins(%x : tensor<64x64xf32>) outs(%z : tensor<64x64xf32>) permutation = [1, 0]
  %dw = linalg.matmul ins(%xt, %e : tensor<64x64xf32>, tensor<64x64xf32>) outs(%init : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %l, %dw : tensor<f32>, tensor<64x64xf32>
}

func.func @nn_step(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>, %t: tensor<64x64xf32>) -> (tensor<f32>, tensor<64x64xf32>) {
  %h = nn.matmul %x, %w : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %a = nn.gelu %h : tensor<64x64xf32>
  %b = nn.gelu %a : tensor<64x64xf32>
  %l = nn.mse_loss %b, %t : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %db = nn.mse_loss_grad %b, %t, %one : tensor<64x64xf32>, tensor<64x64xf32>, tensor<f32> -> tensor<64x64xf32>
  %da = nn.gelu_grad %db, %a : tensor<64x64xf32>
  %dh = nn.gelu_grad %da, %h : tensor<64x64xf32>
  %dw = nn.matmul %x, %dh {transpose_a} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %l, %dw : tensor<f32>, tensor<64x64xf32>
}
