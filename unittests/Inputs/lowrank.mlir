// Three low-rank layers: t = x @ w (1024x1), s = t + b (1024x256), g = gelu(s), h = g @ o,
// then an MSE loss; the joint function is what `remat-opt --nn-autodiff` makes of
// that forward. t is an intermediate no backward op reads; keeping it (4 KiB)
// spares the matmul when s is recomputed.
// (was: 3 layers of t = x @ w (1024x1), s = t + b (1024x256), g = gelu(s), h = g @ o;
module {
  func.func @lowrank(%arg0: tensor<1024x256xf32>, %arg1: tensor<256x1xf32>, %arg2: tensor<256xf32>, %arg3: tensor<256x256xf32>, %arg4: tensor<256x1xf32>, %arg5: tensor<256xf32>, %arg6: tensor<256x256xf32>, %arg7: tensor<256x1xf32>, %arg8: tensor<256xf32>, %arg9: tensor<256x256xf32>, %arg10: tensor<1024x256xf32>) -> (tensor<f32>, tensor<1024x256xf32>, tensor<256x1xf32>, tensor<256xf32>, tensor<256x256xf32>, tensor<256x1xf32>, tensor<256xf32>, tensor<256x256xf32>, tensor<256x1xf32>, tensor<256xf32>, tensor<256x256xf32>, tensor<1024x256xf32>) {
    %0 = nn.matmul %arg0, %arg1 : tensor<1024x256xf32>, tensor<256x1xf32> -> tensor<1024x1xf32>
    %1 = nn.add %0, %arg2 : tensor<1024x1xf32>, tensor<256xf32> -> tensor<1024x256xf32>
    %2 = nn.gelu %1 : tensor<1024x256xf32>
    %3 = nn.matmul %2, %arg3 : tensor<1024x256xf32>, tensor<256x256xf32> -> tensor<1024x256xf32>
    %4 = nn.matmul %3, %arg4 : tensor<1024x256xf32>, tensor<256x1xf32> -> tensor<1024x1xf32>
    %5 = nn.add %4, %arg5 : tensor<1024x1xf32>, tensor<256xf32> -> tensor<1024x256xf32>
    %6 = nn.gelu %5 : tensor<1024x256xf32>
    %7 = nn.matmul %6, %arg6 : tensor<1024x256xf32>, tensor<256x256xf32> -> tensor<1024x256xf32>
    %8 = nn.matmul %7, %arg7 : tensor<1024x256xf32>, tensor<256x1xf32> -> tensor<1024x1xf32>
    %9 = nn.add %8, %arg8 : tensor<1024x1xf32>, tensor<256xf32> -> tensor<1024x256xf32>
    %10 = nn.gelu %9 : tensor<1024x256xf32>
    %11 = nn.matmul %10, %arg9 : tensor<1024x256xf32>, tensor<256x256xf32> -> tensor<1024x256xf32>
    %12 = nn.mse_loss %11, %arg10 : tensor<1024x256xf32>, tensor<1024x256xf32> -> tensor<f32>
    %cst = arith.constant dense<1.000000e+00> : tensor<f32>
    %13 = nn.mse_loss_grad %11, %arg10, %cst : tensor<1024x256xf32>, tensor<1024x256xf32>, tensor<f32> -> tensor<1024x256xf32>
    %14 = nn.scale %13 {factor = -1.000000e+00 : f32} : tensor<1024x256xf32>
    %15 = nn.matmul %10, %13 {transpose_a} : tensor<1024x256xf32>, tensor<1024x256xf32> -> tensor<256x256xf32>
    %16 = nn.matmul %13, %arg9 {transpose_b} : tensor<1024x256xf32>, tensor<256x256xf32> -> tensor<1024x256xf32>
    %17 = nn.gelu_grad %16, %9 : tensor<1024x256xf32>
    %18 = nn.reduce_sum %17 {dims = array<i64: 1>} : tensor<1024x256xf32> -> tensor<1024xf32>
    %19 = nn.reshape %18 : tensor<1024xf32> -> tensor<1024x1xf32>
    %20 = nn.reduce_sum %17 {dims = array<i64: 0>} : tensor<1024x256xf32> -> tensor<256xf32>
    %21 = nn.matmul %7, %19 {transpose_a} : tensor<1024x256xf32>, tensor<1024x1xf32> -> tensor<256x1xf32>
    %22 = nn.matmul %19, %arg7 {transpose_b} : tensor<1024x1xf32>, tensor<256x1xf32> -> tensor<1024x256xf32>
    %23 = nn.matmul %6, %22 {transpose_a} : tensor<1024x256xf32>, tensor<1024x256xf32> -> tensor<256x256xf32>
    %24 = nn.matmul %22, %arg6 {transpose_b} : tensor<1024x256xf32>, tensor<256x256xf32> -> tensor<1024x256xf32>
    %25 = nn.gelu_grad %24, %5 : tensor<1024x256xf32>
    %26 = nn.reduce_sum %25 {dims = array<i64: 1>} : tensor<1024x256xf32> -> tensor<1024xf32>
    %27 = nn.reshape %26 : tensor<1024xf32> -> tensor<1024x1xf32>
    %28 = nn.reduce_sum %25 {dims = array<i64: 0>} : tensor<1024x256xf32> -> tensor<256xf32>
    %29 = nn.matmul %3, %27 {transpose_a} : tensor<1024x256xf32>, tensor<1024x1xf32> -> tensor<256x1xf32>
    %30 = nn.matmul %27, %arg4 {transpose_b} : tensor<1024x1xf32>, tensor<256x1xf32> -> tensor<1024x256xf32>
    %31 = nn.matmul %2, %30 {transpose_a} : tensor<1024x256xf32>, tensor<1024x256xf32> -> tensor<256x256xf32>
    %32 = nn.matmul %30, %arg3 {transpose_b} : tensor<1024x256xf32>, tensor<256x256xf32> -> tensor<1024x256xf32>
    %33 = nn.gelu_grad %32, %1 : tensor<1024x256xf32>
    %34 = nn.reduce_sum %33 {dims = array<i64: 1>} : tensor<1024x256xf32> -> tensor<1024xf32>
    %35 = nn.reshape %34 : tensor<1024xf32> -> tensor<1024x1xf32>
    %36 = nn.reduce_sum %33 {dims = array<i64: 0>} : tensor<1024x256xf32> -> tensor<256xf32>
    %37 = nn.matmul %arg0, %35 {transpose_a} : tensor<1024x256xf32>, tensor<1024x1xf32> -> tensor<256x1xf32>
    %38 = nn.matmul %35, %arg1 {transpose_b} : tensor<1024x1xf32>, tensor<256x1xf32> -> tensor<1024x256xf32>
    return %12, %38, %37, %36, %31, %29, %28, %23, %21, %20, %15, %14 : tensor<f32>, tensor<1024x256xf32>, tensor<256x1xf32>, tensor<256xf32>, tensor<256x256xf32>, tensor<256x1xf32>, tensor<256xf32>, tensor<256x256xf32>, tensor<256x1xf32>, tensor<256xf32>, tensor<256x256xf32>, tensor<1024x256xf32>
  }
}

