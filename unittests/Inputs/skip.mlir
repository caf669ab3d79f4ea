// A skip connection over a wide layer: v = gelu(x) (8192x1024 f32) feeds the
// first layer and, through a matmul, the output. The backward reads v at its
// start (the skip's weight gradient) and at its end (the first layer's);
// between them the wide layer's backward makes the peak. Holding v, or one
// clone of it, across the gap costs 32 MiB there; recomputing it twice
// (two cheap GELUs) does not. The joint function is what
// `remat-opt --nn-autodiff` makes of the forward (SolverTest.RecomputesTwiceWhereItPays).
module {
  func.func @skip(%arg0: tensor<8192x1024xf32>, %arg1: tensor<1024x1024xf32>, %arg2: tensor<1024x1024xf32>, %arg3: tensor<1024x4096xf32>, %arg4: tensor<4096x1024xf32>, %arg5: tensor<1024x1024xf32>, %arg6: tensor<8192x1024xf32>) -> (tensor<f32>, tensor<8192x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024x1024xf32>, tensor<8192x1024xf32>) {
    %0 = nn.gelu %arg0 : tensor<8192x1024xf32>
    %1 = nn.matmul %0, %arg2 : tensor<8192x1024xf32>, tensor<1024x1024xf32> -> tensor<8192x1024xf32>
    %2 = nn.gelu %1 : tensor<8192x1024xf32>
    %3 = nn.matmul %2, %arg3 : tensor<8192x1024xf32>, tensor<1024x4096xf32> -> tensor<8192x4096xf32>
    %4 = nn.gelu %3 : tensor<8192x4096xf32>
    %5 = nn.matmul %4, %arg4 : tensor<8192x4096xf32>, tensor<4096x1024xf32> -> tensor<8192x1024xf32>
    %6 = nn.matmul %5, %arg5 : tensor<8192x1024xf32>, tensor<1024x1024xf32> -> tensor<8192x1024xf32>
    %7 = nn.gelu %6 : tensor<8192x1024xf32>
    %8 = nn.matmul %0, %arg1 : tensor<8192x1024xf32>, tensor<1024x1024xf32> -> tensor<8192x1024xf32>
    %9 = nn.add %7, %8 : tensor<8192x1024xf32>, tensor<8192x1024xf32> -> tensor<8192x1024xf32>
    %10 = nn.mse_loss %9, %arg6 : tensor<8192x1024xf32>, tensor<8192x1024xf32> -> tensor<f32>
    %cst = arith.constant dense<1.000000e+00> : tensor<f32>
    %11 = nn.mse_loss_grad %9, %arg6, %cst : tensor<8192x1024xf32>, tensor<8192x1024xf32>, tensor<f32> -> tensor<8192x1024xf32>
    %12 = nn.scale %11 {factor = -1.000000e+00 : f32} : tensor<8192x1024xf32>
    %13 = nn.matmul %0, %11 {transpose_a} : tensor<8192x1024xf32>, tensor<8192x1024xf32> -> tensor<1024x1024xf32>
    %14 = nn.matmul %11, %arg1 {transpose_b} : tensor<8192x1024xf32>, tensor<1024x1024xf32> -> tensor<8192x1024xf32>
    %15 = nn.gelu_grad %11, %6 : tensor<8192x1024xf32>
    %16 = nn.matmul %5, %15 {transpose_a} : tensor<8192x1024xf32>, tensor<8192x1024xf32> -> tensor<1024x1024xf32>
    %17 = nn.matmul %15, %arg5 {transpose_b} : tensor<8192x1024xf32>, tensor<1024x1024xf32> -> tensor<8192x1024xf32>
    %18 = nn.matmul %4, %17 {transpose_a} : tensor<8192x4096xf32>, tensor<8192x1024xf32> -> tensor<4096x1024xf32>
    %19 = nn.matmul %17, %arg4 {transpose_b} : tensor<8192x1024xf32>, tensor<4096x1024xf32> -> tensor<8192x4096xf32>
    %20 = nn.gelu_grad %19, %3 : tensor<8192x4096xf32>
    %21 = nn.matmul %2, %20 {transpose_a} : tensor<8192x1024xf32>, tensor<8192x4096xf32> -> tensor<1024x4096xf32>
    %22 = nn.matmul %20, %arg3 {transpose_b} : tensor<8192x4096xf32>, tensor<1024x4096xf32> -> tensor<8192x1024xf32>
    %23 = nn.gelu_grad %22, %1 : tensor<8192x1024xf32>
    %24 = nn.matmul %0, %23 {transpose_a} : tensor<8192x1024xf32>, tensor<8192x1024xf32> -> tensor<1024x1024xf32>
    %25 = nn.matmul %23, %arg2 {transpose_b} : tensor<8192x1024xf32>, tensor<1024x1024xf32> -> tensor<8192x1024xf32>
    %26 = nn.add %14, %25 : tensor<8192x1024xf32>, tensor<8192x1024xf32> -> tensor<8192x1024xf32>
    %27 = nn.gelu_grad %26, %arg0 : tensor<8192x1024xf32>
    return %10, %27, %13, %24, %21, %18, %16, %12 : tensor<f32>, tensor<8192x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024x1024xf32>, tensor<8192x1024xf32>
  }
}

