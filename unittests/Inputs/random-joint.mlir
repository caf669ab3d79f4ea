func.func @step_1(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %w0: tensor<16x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> (tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>) {
  %v1 = nn.matmul %x, %w0 {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v3 = nn.reshape %v1 {remat.block = 0 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v2 = nn.reshape %v3 {remat.block = 0 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v4 = nn.softmax %x {scale = 5.000000e-01 : f32, remat.block = 0 : i64} : tensor<8x16xf32>
  %v5 = nn.softmax %v4 {scale = 5.000000e-01 : f32, remat.block = 0 : i64} : tensor<8x16xf32>
  %v6 = nn.gelu %v2 {remat.block = 0 : i64} : tensor<8x16xf32>
  %v7 = nn.relu %v2 {remat.block = 1 : i64} : tensor<8x16xf32>
  %v9 = nn.reshape %v4 {remat.block = 1 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v8 = nn.reshape %v9 {remat.block = 1 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v10 = nn.dropout %v8 {rate = 2.500000e-01 : f32, seed = 227 : i64, remat.block = 1 : i64} : tensor<8x16xf32>
  %v11 = nn.mul %v10, %v10 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v12 = nn.matmul %v8, %w0 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v14 = nn.reshape %v8 {remat.block = 2 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v13 = nn.reshape %v14 {remat.block = 2 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v15 = nn.matmul %v12, %w2 {remat.block = 2 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v17 = nn.reshape %v15 {remat.block = 2 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v16 = nn.reshape %v17 {remat.block = 2 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v18 = nn.softmax %v15 {scale = 5.000000e-01 : f32, remat.block = 2 : i64} : tensor<8x16xf32>
  %v19 = nn.mse_loss %v18, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %v20 = arith.constant dense<1.000000e+00> : tensor<f32>
  %v21 = nn.mse_loss_grad %v18, %t, %v20 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %v23 = nn.matmul %v16, %v21 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v22 = nn.matmul %v21, %w1 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v24 = nn.add %v22, %v18 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v25 = nn.mul %v24, %v15 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v26 = nn.gelu_grad %v25, %v13 : tensor<8x16xf32>
  %v27 = nn.mul %v26, %v12 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v28 = nn.gelu_grad %v27, %v8 : tensor<8x16xf32>
  %v29 = nn.add %v28, %v11 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v31 = nn.matmul %v10, %v29 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v30 = nn.matmul %v29, %w2 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v33 = nn.matmul %v7, %v30 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v32 = nn.matmul %v30, %w1 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v34 = nn.relu_grad %v32, %v5 : tensor<8x16xf32>
  return %v19, %v23, %v31, %v33, %v34 : tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>
}

func.func @step_2(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %w0: tensor<16x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> (tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>) {
  %v1 = nn.gelu %x {remat.block = 0 : i64} : tensor<8x16xf32>
  %v2 = nn.matmul %x, %w2 {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v4 = nn.reshape %x {remat.block = 0 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v3 = nn.reshape %v4 {remat.block = 0 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v5 = nn.dropout %v3 {rate = 2.500000e-01 : f32, seed = 972 : i64, remat.block = 0 : i64} : tensor<8x16xf32>
  %v6 = nn.matmul %v5, %w0 {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v7 = nn.matmul %v5, %w1 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v8 = nn.add %v5, %v5 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v9 = nn.matmul %v5, %w0 {remat.policy = "recompute", remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v10, %v11, %v12 = nn.layernorm %v7, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v13 = nn.matmul %v9, %w1 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v14, %v15, %v16 = nn.layernorm %v13, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 2 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v17 = nn.dropout %v14 {rate = 2.500000e-01 : f32, seed = 255 : i64, remat.block = 2 : i64} : tensor<8x16xf32>
  %v18 = nn.dropout %v17 {rate = 2.500000e-01 : f32, seed = 851 : i64, remat.block = 2 : i64} : tensor<8x16xf32>
  %v19 = nn.matmul %v18, %w2 {remat.block = 2 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v20 = nn.mse_loss %v19, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %v21 = arith.constant dense<1.000000e+00> : tensor<f32>
  %v22 = nn.mse_loss_grad %v19, %t, %v21 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %v24 = nn.matmul %v19, %v22 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v23 = nn.matmul %v22, %w2 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v26 = nn.matmul %v14, %v23 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v25 = nn.matmul %v23, %w2 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v27 = nn.mul %v25, %v18 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v28 = nn.add %v27, %v17 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v29 = nn.relu_grad %v28, %v13 : tensor<8x16xf32>
  %v30 = nn.mul %v29, %v10 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v32 = nn.matmul %v9, %v30 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v31 = nn.matmul %v30, %w1 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v34 = nn.matmul %v8, %v31 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v33 = nn.matmul %v31, %w0 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v35 = nn.add %v33, %v7 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v36 = nn.gelu_grad %v35, %v6 : tensor<8x16xf32>
  return %v20, %v24, %v26, %v32, %v34, %v36 : tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>
}

func.func @step_3(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %w0: tensor<16x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> (tensor<f32>, tensor<16x16xf32>, tensor<8x16xf32>) {
  %v1 = nn.matmul %x, %w2 {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v2 = nn.softmax %x {scale = 5.000000e-01 : f32, remat.block = 0 : i64} : tensor<8x16xf32>
  %v3 = nn.softmax %x {scale = 5.000000e-01 : f32, remat.block = 0 : i64} : tensor<8x16xf32>
  %v5 = nn.reshape %v3 {remat.block = 0 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v4 = nn.reshape %v5 {remat.block = 0 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v6 = nn.dropout %v2 {rate = 2.500000e-01 : f32, seed = 399 : i64, remat.block = 0 : i64} : tensor<8x16xf32>
  %v7 = nn.scale %v2 {factor = 1.500000e+00 : f32, remat.block = 1 : i64} : tensor<8x16xf32>
  %v8 = nn.scale %v6 {factor = 1.500000e+00 : f32, remat.block = 1 : i64} : tensor<8x16xf32>
  %v9, %v10, %v11 = nn.layernorm %v8, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v12 = nn.matmul %v9, %w0 {remat.policy = "recompute", remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v14 = nn.reshape %v8 {remat.block = 1 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v13 = nn.reshape %v14 {remat.block = 1 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v15 = nn.dropout %v12 {rate = 2.500000e-01 : f32, seed = 853 : i64, remat.block = 2 : i64} : tensor<8x16xf32>
  %v16 = nn.scale %v13 {factor = 1.500000e+00 : f32, remat.block = 2 : i64} : tensor<8x16xf32>
  %v18 = nn.reshape %v13 {remat.block = 2 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v17 = nn.reshape %v18 {remat.block = 2 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v19 = nn.matmul %v13, %w2 {remat.block = 2 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v20 = nn.mse_loss %v19, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %v21 = arith.constant dense<1.000000e+00> : tensor<f32>
  %v22 = nn.mse_loss_grad %v19, %t, %v21 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %v23 = nn.gelu_grad %v22, %v19 : tensor<8x16xf32>
  %v24 = nn.mul %v23, %v15 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v25 = nn.relu_grad %v24, %v17 : tensor<8x16xf32>
  %v26 = nn.gelu_grad %v25, %v13 : tensor<8x16xf32>
  %v27 = nn.add %v26, %v16 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v28 = nn.mul %v27, %v12 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v29 = nn.mul %v28, %v8 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v30 = nn.gelu_grad %v29, %v9 : tensor<8x16xf32>
  %v31 = nn.gelu_grad %v30, %v7 : tensor<8x16xf32>
  %v33 = nn.matmul %v6, %v31 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v32 = nn.matmul %v31, %w2 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  return %v20, %v33, %v32 : tensor<f32>, tensor<16x16xf32>, tensor<8x16xf32>
}

func.func @step_4(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %w0: tensor<16x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> (tensor<f32>, tensor<16x16xf32>, tensor<8x16xf32>) {
  %v1 = nn.gelu %x {remat.block = 0 : i64} : tensor<8x16xf32>
  %v2 = nn.gelu %v1 {remat.policy = "recompute", remat.block = 0 : i64} : tensor<8x16xf32>
  %v3 = nn.relu %v2 {remat.block = 0 : i64} : tensor<8x16xf32>
  %v4 = nn.add %v2, %v2 {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v5 = nn.relu %v3 {remat.block = 0 : i64} : tensor<8x16xf32>
  %v6 = nn.mul %v4, %v2 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v7 = nn.matmul %v5, %w0 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v8 = nn.dropout %v6 {rate = 2.500000e-01 : f32, seed = 254 : i64, remat.block = 1 : i64} : tensor<8x16xf32>
  %v9 = nn.gelu %v8 {remat.block = 1 : i64} : tensor<8x16xf32>
  %v10 = nn.matmul %v8, %w2 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v11 = nn.mul %v9, %v8 {remat.block = 2 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v12 = nn.softmax %v10 {scale = 5.000000e-01 : f32, remat.block = 2 : i64} : tensor<8x16xf32>
  %v13 = nn.relu %v11 {remat.policy = "recompute", remat.block = 2 : i64} : tensor<8x16xf32>
  %v14 = nn.dropout %v12 {rate = 2.500000e-01 : f32, seed = 663 : i64, remat.block = 2 : i64} : tensor<8x16xf32>
  %v15 = nn.mse_loss %v14, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %v16 = arith.constant dense<1.000000e+00> : tensor<f32>
  %v17 = nn.mse_loss_grad %v14, %t, %v16 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %v18 = nn.relu_grad %v17, %v14 : tensor<8x16xf32>
  %v19 = nn.add %v18, %v13 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v21 = nn.matmul %v11, %v19 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v20 = nn.matmul %v19, %w2 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v22 = nn.relu_grad %v20, %v10 : tensor<8x16xf32>
  %v23 = nn.gelu_grad %v22, %v12 : tensor<8x16xf32>
  %v24 = nn.add %v23, %v8 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v25 = nn.relu_grad %v24, %v9 : tensor<8x16xf32>
  %v26 = nn.add %v25, %v7 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v27 = nn.mul %v26, %v5 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v28 = nn.gelu_grad %v27, %v6 : tensor<8x16xf32>
  return %v15, %v21, %v28 : tensor<f32>, tensor<16x16xf32>, tensor<8x16xf32>
}

func.func @step_5(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %w0: tensor<16x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> (tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>) {
  %v2 = nn.reshape %x {remat.block = 0 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v1 = nn.reshape %v2 {remat.block = 0 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v3 = nn.mul %x, %v1 {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v4 = nn.matmul %x, %w1 {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v5 = nn.scale %v4 {factor = 1.500000e+00 : f32, remat.block = 0 : i64} : tensor<8x16xf32>
  %v6 = nn.matmul %v3, %w0 {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v7 = nn.gelu %v6 {remat.policy = "recompute", remat.block = 1 : i64} : tensor<8x16xf32>
  %v8 = nn.relu %v5 {remat.block = 1 : i64} : tensor<8x16xf32>
  %v9 = nn.mul %v5, %v4 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v10 = nn.matmul %v7, %w1 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v11 = nn.mul %v8, %v3 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v12 = nn.relu %v11 {remat.block = 2 : i64} : tensor<8x16xf32>
  %v13 = nn.matmul %v10, %w0 {remat.block = 2 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v15 = nn.reshape %v10 {remat.block = 2 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v14 = nn.reshape %v15 {remat.block = 2 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v16 = nn.matmul %v11, %w1 {remat.block = 2 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v17 = nn.mse_loss %v16, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %v18 = arith.constant dense<1.000000e+00> : tensor<f32>
  %v19 = nn.mse_loss_grad %v16, %t, %v18 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %v20 = nn.relu_grad %v19, %v16 : tensor<8x16xf32>
  %v22 = nn.matmul %v14, %v20 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v21 = nn.matmul %v20, %w0 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v23 = nn.gelu_grad %v21, %v13 : tensor<8x16xf32>
  %v24 = nn.relu_grad %v23, %v12 : tensor<8x16xf32>
  %v25 = nn.mul %v24, %v10 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v26 = nn.add %v25, %v11 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v28 = nn.matmul %v7, %v26 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v27 = nn.matmul %v26, %w1 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v30 = nn.matmul %v9, %v27 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v29 = nn.matmul %v27, %w1 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v31 = nn.mul %v29, %v8 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v32 = nn.gelu_grad %v31, %v5 : tensor<8x16xf32>
  return %v17, %v22, %v28, %v30, %v32 : tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>
}

func.func @step_6(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %w0: tensor<16x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> (tensor<f32>, tensor<16x16xf32>, tensor<8x16xf32>) {
  %v1 = nn.matmul %x, %w0 {remat.policy = "recompute", remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v2 = nn.relu %v1 {remat.block = 0 : i64} : tensor<8x16xf32>
  %v3, %v4, %v5 = nn.layernorm %x, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v6 = nn.scale %x {factor = 1.500000e+00 : f32, remat.block = 0 : i64} : tensor<8x16xf32>
  %v8 = nn.reshape %v3 {remat.block = 0 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v7 = nn.reshape %v8 {remat.policy = "recompute", remat.block = 0 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v9 = nn.matmul %v6, %w1 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v10 = nn.gelu %v9 {remat.block = 1 : i64} : tensor<8x16xf32>
  %v11 = nn.relu %v9 {remat.block = 1 : i64} : tensor<8x16xf32>
  %v12 = nn.softmax %v9 {scale = 5.000000e-01 : f32, remat.block = 1 : i64} : tensor<8x16xf32>
  %v13 = nn.scale %v10 {factor = 1.500000e+00 : f32, remat.block = 1 : i64} : tensor<8x16xf32>
  %v14 = nn.matmul %v10, %w0 {remat.block = 2 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v15 = nn.scale %v13 {factor = 1.500000e+00 : f32, remat.block = 2 : i64} : tensor<8x16xf32>
  %v17 = nn.reshape %v12 {remat.block = 2 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v16 = nn.reshape %v17 {remat.block = 2 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v18 = nn.softmax %v14 {scale = 5.000000e-01 : f32, remat.block = 2 : i64} : tensor<8x16xf32>
  %v19 = nn.mse_loss %v18, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %v20 = arith.constant dense<1.000000e+00> : tensor<f32>
  %v21 = nn.mse_loss_grad %v18, %t, %v20 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %v22 = nn.mul %v21, %v16 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v23 = nn.gelu_grad %v22, %v18 : tensor<8x16xf32>
  %v24 = nn.relu_grad %v23, %v15 : tensor<8x16xf32>
  %v25 = nn.mul %v24, %v14 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v27 = nn.matmul %v13, %v25 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v26 = nn.matmul %v25, %w2 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v28 = nn.mul %v26, %v12 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v29 = nn.gelu_grad %v28, %v11 : tensor<8x16xf32>
  %v30 = nn.mul %v29, %v9 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v31 = nn.relu_grad %v30, %v10 : tensor<8x16xf32>
  %v32 = nn.gelu_grad %v31, %v7 : tensor<8x16xf32>
  return %v19, %v27, %v32 : tensor<f32>, tensor<16x16xf32>, tensor<8x16xf32>
}

func.func @step_7(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %w0: tensor<16x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> (tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>) {
  %v1, %v2, %v3 = nn.layernorm %x, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v4 = nn.matmul %x, %w2 {remat.policy = "save", remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v5, %v6, %v7 = nn.layernorm %x, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v8 = nn.dropout %v1 {rate = 2.500000e-01 : f32, seed = 434 : i64, remat.block = 0 : i64} : tensor<8x16xf32>
  %v9 = nn.relu %v4 {remat.block = 0 : i64} : tensor<8x16xf32>
  %v10 = nn.mul %v9, %x {remat.policy = "save", remat.block = 1 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v11 = nn.add %v9, %v5 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v12 = nn.gelu %v10 {remat.block = 1 : i64} : tensor<8x16xf32>
  %v13 = nn.gelu %v10 {remat.block = 1 : i64} : tensor<8x16xf32>
  %v14 = nn.relu %v10 {remat.block = 1 : i64} : tensor<8x16xf32>
  %v15 = nn.dropout %v14 {rate = 2.500000e-01 : f32, seed = 437 : i64, remat.block = 2 : i64} : tensor<8x16xf32>
  %v16 = nn.softmax %v15 {scale = 5.000000e-01 : f32, remat.block = 2 : i64} : tensor<8x16xf32>
  %v17 = nn.add %v14, %v16 {remat.block = 2 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v18 = nn.scale %v15 {factor = 1.500000e+00 : f32, remat.block = 2 : i64} : tensor<8x16xf32>
  %v19 = nn.mse_loss %v18, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %v20 = arith.constant dense<1.000000e+00> : tensor<f32>
  %v21 = nn.mse_loss_grad %v18, %t, %v20 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %v22 = nn.add %v21, %v16 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v23 = nn.add %v22, %v18 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v24 = nn.add %v23, %v17 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v26 = nn.matmul %v14, %v24 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v25 = nn.matmul %v24, %w1 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v28 = nn.matmul %v15, %v25 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v27 = nn.matmul %v25, %w1 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v29 = nn.gelu_grad %v27, %v12 : tensor<8x16xf32>
  %v30 = nn.gelu_grad %v29, %v11 : tensor<8x16xf32>
  %v31 = nn.add %v30, %v13 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v32 = nn.mul %v31, %v9 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v33 = nn.gelu_grad %v32, %v10 : tensor<8x16xf32>
  return %v19, %v26, %v28, %v33 : tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>
}

func.func @step_8(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %w0: tensor<16x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> (tensor<f32>, tensor<8x16xf32>) {
  %v1, %v2, %v3 = nn.layernorm %x, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v4 = nn.mul %x, %x {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v5, %v6, %v7 = nn.layernorm %v4, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v8 = nn.softmax %v5 {scale = 5.000000e-01 : f32, remat.block = 0 : i64} : tensor<8x16xf32>
  %v9 = nn.gelu %v4 {remat.block = 0 : i64} : tensor<8x16xf32>
  %v10 = nn.matmul %v4, %w2 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v11 = nn.gelu %v10 {remat.block = 1 : i64} : tensor<8x16xf32>
  %v12, %v13, %v14 = nn.layernorm %v8, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v16 = nn.reshape %v12 {remat.block = 1 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v15 = nn.reshape %v16 {remat.policy = "save", remat.block = 1 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v18 = nn.reshape %v10 {remat.block = 1 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v17 = nn.reshape %v18 {remat.block = 1 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v19 = nn.add %v12, %v15 {remat.block = 2 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v20 = nn.mul %v12, %v11 {remat.policy = "recompute", remat.block = 2 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v21 = nn.dropout %v20 {rate = 2.500000e-01 : f32, seed = 365 : i64, remat.block = 2 : i64} : tensor<8x16xf32>
  %v22 = nn.add %v21, %v4 {remat.block = 2 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v23 = nn.mse_loss %v22, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %v24 = arith.constant dense<1.000000e+00> : tensor<f32>
  %v25 = nn.mse_loss_grad %v22, %t, %v24 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %v26 = nn.relu_grad %v25, %v22 : tensor<8x16xf32>
  %v27 = nn.add %v26, %v21 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v28 = nn.relu_grad %v27, %v19 : tensor<8x16xf32>
  %v29 = nn.gelu_grad %v28, %v20 : tensor<8x16xf32>
  %v30 = nn.add %v29, %v17 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v31 = nn.add %v30, %v12 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v32 = nn.relu_grad %v31, %v15 : tensor<8x16xf32>
  %v33 = nn.add %v32, %v11 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v34 = nn.gelu_grad %v33, %v10 : tensor<8x16xf32>
  %v35 = nn.mul %v34, %v9 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  return %v23, %v35 : tensor<f32>, tensor<8x16xf32>
}

func.func @step_9(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %w0: tensor<16x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> (tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>) {
  %v1 = nn.matmul %x, %w0 {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v2 = nn.dropout %x {rate = 2.500000e-01 : f32, seed = 474 : i64, remat.block = 0 : i64} : tensor<8x16xf32>
  %v3 = nn.dropout %x {rate = 2.500000e-01 : f32, seed = 958 : i64, remat.block = 0 : i64} : tensor<8x16xf32>
  %v4 = nn.add %x, %v3 {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v5 = nn.add %v4, %v3 {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v6 = nn.add %v2, %x {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v7, %v8, %v9 = nn.layernorm %v3, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v10 = nn.mul %v4, %v4 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v11 = nn.matmul %v10, %w0 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v12 = nn.mul %v10, %x {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v13 = nn.relu %v7 {remat.block = 2 : i64} : tensor<8x16xf32>
  %v14 = nn.relu %v13 {remat.block = 2 : i64} : tensor<8x16xf32>
  %v15 = nn.relu %v11 {remat.policy = "save", remat.block = 2 : i64} : tensor<8x16xf32>
  %v16 = nn.relu %v13 {remat.block = 2 : i64} : tensor<8x16xf32>
  %v17 = nn.mse_loss %v16, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %v18 = arith.constant dense<1.000000e+00> : tensor<f32>
  %v19 = nn.mse_loss_grad %v16, %t, %v18 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %v20 = nn.add %v19, %v16 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v22 = nn.matmul %v13, %v20 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v21 = nn.matmul %v20, %w2 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v24 = nn.matmul %v15, %v21 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v23 = nn.matmul %v21, %w0 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v25 = nn.add %v23, %v14 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v27 = nn.matmul %v10, %v25 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v26 = nn.matmul %v25, %w0 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v28 = nn.gelu_grad %v26, %v12 : tensor<8x16xf32>
  %v29 = nn.mul %v28, %v7 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v30 = nn.relu_grad %v29, %v11 : tensor<8x16xf32>
  %v31 = nn.relu_grad %v30, %v6 : tensor<8x16xf32>
  %v33 = nn.matmul %v5, %v31 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v32 = nn.matmul %v31, %w2 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  return %v17, %v22, %v24, %v27, %v33, %v32 : tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>
}

func.func @step_10(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %w0: tensor<16x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> (tensor<f32>, tensor<16x16xf32>, tensor<8x16xf32>) {
  %v1 = nn.softmax %x {scale = 5.000000e-01 : f32, remat.block = 0 : i64} : tensor<8x16xf32>
  %v2 = nn.softmax %x {scale = 5.000000e-01 : f32, remat.block = 0 : i64} : tensor<8x16xf32>
  %v3 = nn.relu %v2 {remat.block = 0 : i64} : tensor<8x16xf32>
  %v4 = nn.mul %v2, %x {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v5, %v6, %v7 = nn.layernorm %v3, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v8, %v9, %v10 = nn.layernorm %v4, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v11 = nn.add %v5, %v3 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v12 = nn.softmax %v8 {scale = 5.000000e-01 : f32, remat.block = 1 : i64} : tensor<8x16xf32>
  %v13 = nn.scale %v8 {factor = 1.500000e+00 : f32, remat.block = 1 : i64} : tensor<8x16xf32>
  %v14 = nn.add %v8, %v3 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v15 = nn.matmul %v13, %w0 {remat.block = 2 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v16 = nn.softmax %v15 {scale = 5.000000e-01 : f32, remat.block = 2 : i64} : tensor<8x16xf32>
  %v17, %v18, %v19 = nn.layernorm %v14, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 2 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v20 = nn.matmul %v14, %w2 {remat.block = 2 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v21 = nn.mse_loss %v20, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %v22 = arith.constant dense<1.000000e+00> : tensor<f32>
  %v23 = nn.mse_loss_grad %v20, %t, %v22 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %v24 = nn.relu_grad %v23, %v20 : tensor<8x16xf32>
  %v25 = nn.add %v24, %v17 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v26 = nn.relu_grad %v25, %v14 : tensor<8x16xf32>
  %v28 = nn.matmul %v13, %v26 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v27 = nn.matmul %v26, %w2 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v29 = nn.relu_grad %v27, %v16 : tensor<8x16xf32>
  %v30 = nn.gelu_grad %v29, %v15 : tensor<8x16xf32>
  %v31 = nn.add %v30, %v11 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v32 = nn.mul %v31, %v12 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v33 = nn.add %v32, %v8 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v34 = nn.relu_grad %v33, %v5 : tensor<8x16xf32>
  return %v21, %v28, %v34 : tensor<f32>, tensor<16x16xf32>, tensor<8x16xf32>
}

func.func @step_11(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %w0: tensor<16x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> (tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>) {
  %v1 = nn.softmax %x {scale = 5.000000e-01 : f32, remat.block = 0 : i64} : tensor<8x16xf32>
  %v2 = nn.dropout %x {rate = 2.500000e-01 : f32, seed = 487 : i64, remat.block = 0 : i64} : tensor<8x16xf32>
  %v3 = nn.softmax %x {scale = 5.000000e-01 : f32, remat.block = 0 : i64} : tensor<8x16xf32>
  %v4 = nn.scale %x {factor = 1.500000e+00 : f32, remat.block = 0 : i64} : tensor<8x16xf32>
  %v6 = nn.reshape %v4 {remat.block = 0 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v5 = nn.reshape %v6 {remat.block = 0 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v7 = nn.gelu %v2 {remat.policy = "save", remat.block = 1 : i64} : tensor<8x16xf32>
  %v8 = nn.relu %v4 {remat.block = 1 : i64} : tensor<8x16xf32>
  %v9 = nn.scale %v7 {factor = 1.500000e+00 : f32, remat.block = 1 : i64} : tensor<8x16xf32>
  %v10 = nn.softmax %v7 {scale = 5.000000e-01 : f32, remat.block = 1 : i64} : tensor<8x16xf32>
  %v11, %v12, %v13 = nn.layernorm %v10, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v14 = nn.matmul %v8, %w0 {remat.block = 2 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v15 = nn.scale %v9 {factor = 1.500000e+00 : f32, remat.block = 2 : i64} : tensor<8x16xf32>
  %v16 = nn.matmul %v15, %w1 {remat.policy = "save", remat.block = 2 : i64} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v17 = nn.mul %v11, %v3 {remat.block = 2 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v18 = nn.mse_loss %v17, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %v19 = arith.constant dense<1.000000e+00> : tensor<f32>
  %v20 = nn.mse_loss_grad %v17, %t, %v19 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %v21 = nn.gelu_grad %v20, %v16 : tensor<8x16xf32>
  %v22 = nn.gelu_grad %v21, %v17 : tensor<8x16xf32>
  %v23 = nn.mul %v22, %v11 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v24 = nn.mul %v23, %v14 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v25 = nn.relu_grad %v24, %v15 : tensor<8x16xf32>
  %v27 = nn.matmul %v10, %v25 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v26 = nn.matmul %v25, %w0 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v28 = nn.mul %v26, %v9 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v30 = nn.matmul %v7, %v28 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v29 = nn.matmul %v28, %w0 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v31 = nn.relu_grad %v29, %v8 : tensor<8x16xf32>
  %v32 = nn.mul %v31, %v5 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  return %v18, %v27, %v30, %v32 : tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>
}

func.func @step_12(%x: tensor<8x16xf32>, %t: tensor<8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %w0: tensor<16x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> (tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>) {
  %v2 = nn.reshape %x {remat.block = 0 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v1 = nn.reshape %v2 {remat.block = 0 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v3, %v4, %v5 = nn.layernorm %v1, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 0 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v7 = nn.reshape %v1 {remat.block = 0 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v6 = nn.reshape %v7 {remat.block = 0 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v9 = nn.reshape %v1 {remat.block = 0 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v8 = nn.reshape %v9 {remat.block = 0 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v10 = nn.add %v8, %v3 {remat.block = 0 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v11 = nn.scale %v6 {factor = 1.500000e+00 : f32, remat.block = 1 : i64} : tensor<8x16xf32>
  %v13 = nn.reshape %v6 {remat.block = 1 : i64} : tensor<8x16xf32> -> tensor<16x8xf32>
  %v12 = nn.reshape %v13 {remat.block = 1 : i64} : tensor<16x8xf32> -> tensor<8x16xf32>
  %v14 = nn.relu %v12 {remat.block = 1 : i64} : tensor<8x16xf32>
  %v15, %v16, %v17 = nn.layernorm %v11, %g, %b {epsilon = 1.000000e-05 : f32, remat.block = 1 : i64} : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>
  %v18 = nn.add %v11, %v11 {remat.block = 1 : i64} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v19 = nn.dropout %v14 {rate = 2.500000e-01 : f32, seed = 175 : i64, remat.block = 2 : i64} : tensor<8x16xf32>
  %v20 = nn.scale %v14 {factor = 1.500000e+00 : f32, remat.block = 2 : i64} : tensor<8x16xf32>
  %v21 = nn.scale %v20 {factor = 1.500000e+00 : f32, remat.block = 2 : i64} : tensor<8x16xf32>
  %v22 = nn.gelu %v18 {remat.block = 2 : i64} : tensor<8x16xf32>
  %v23 = nn.mse_loss %v22, %t : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<f32>
  %v24 = arith.constant dense<1.000000e+00> : tensor<f32>
  %v25 = nn.mse_loss_grad %v22, %t, %v24 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<f32> -> tensor<8x16xf32>
  %v26 = nn.mul %v25, %v21 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v27 = nn.gelu_grad %v26, %v22 : tensor<8x16xf32>
  %v29 = nn.matmul %v20, %v27 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v28 = nn.matmul %v27, %w0 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v30 = nn.relu_grad %v28, %v18 : tensor<8x16xf32>
  %v31 = nn.mul %v30, %v19 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v32 = nn.gelu_grad %v31, %v15 : tensor<8x16xf32>
  %v33 = nn.mul %v32, %v14 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %v34 = nn.relu_grad %v33, %v12 : tensor<8x16xf32>
  %v36 = nn.matmul %v11, %v34 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v35 = nn.matmul %v34, %w0 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v38 = nn.matmul %v8, %v35 {transpose_a} : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %v37 = nn.matmul %v35, %w0 {transpose_b} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  return %v23, %v29, %v36, %v38, %v37 : tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>
}

