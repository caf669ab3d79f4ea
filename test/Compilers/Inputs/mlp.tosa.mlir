module {
  func.func @train_step(%arg0: tensor<64x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<10x64xf32>, %arg5: tensor<10xf32>, %arg6: tensor<32x64xf32>, %arg7: tensor<32x10xf32>) -> (tensor<f32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<10x64xf32>, tensor<10xf32>) {
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %1 = tosa.const_shape  {values = dense<[1, 32, 64]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %2 = tosa.const_shape  {values = dense<[1, 64, 64]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %3 = tosa.const_shape  {values = dense<[32, 64]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %4 = tosa.const_shape  {values = dense<1> : tensor<2xindex>} : () -> !tosa.shape<2>
    %5 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %6 = tosa.const_shape  {values = dense<[1, 64]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %7 = tosa.const_shape  {values = dense<[1, 64, 10]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %8 = tosa.const_shape  {values = dense<[32, 10]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %9 = tosa.const_shape  {values = dense<[1, 10]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %10 = tosa.const_shape  {values = dense<> : tensor<0xindex>} : () -> !tosa.shape<0>
    %11 = tosa.const_shape  {values = dense<[1, 32, 10]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %12 = tosa.const_shape  {values = dense<[1, 10, 64]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %13 = tosa.const_shape  {values = dense<[1, 10, 32]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %14 = tosa.const_shape  {values = dense<[10, 64]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %15 = tosa.const_shape  {values = dense<10> : tensor<1xindex>} : () -> !tosa.shape<1>
    %16 = tosa.const_shape  {values = dense<[1, 64, 32]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %17 = tosa.const_shape  {values = dense<64> : tensor<2xindex>} : () -> !tosa.shape<2>
    %18 = tosa.const_shape  {values = dense<64> : tensor<1xindex>} : () -> !tosa.shape<1>
    %19 = "tosa.const"() <{values = dense<3.125000e-02> : tensor<f32>}> : () -> tensor<f32>
    %20 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %21 = tosa.transpose %arg0 {perms = array<i32: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %22 = tosa.reshape %arg6, %1 : (tensor<32x64xf32>, !tosa.shape<3>) -> tensor<1x32x64xf32>
    %23 = tosa.reshape %21, %2 : (tensor<64x64xf32>, !tosa.shape<3>) -> tensor<1x64x64xf32>
    %24 = tosa.matmul %22, %23, %0, %0 : (tensor<1x32x64xf32>, tensor<1x64x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x32x64xf32>
    %25 = tosa.reshape %24, %3 : (tensor<1x32x64xf32>, !tosa.shape<2>) -> tensor<32x64xf32>
    %26 = tosa.reshape %arg1, %6 : (tensor<64xf32>, !tosa.shape<2>) -> tensor<1x64xf32>
    %27 = tosa.add %25, %26 : (tensor<32x64xf32>, tensor<1x64xf32>) -> tensor<32x64xf32>
    %28 = tosa.tanh %27 : (tensor<32x64xf32>) -> tensor<32x64xf32>
    %29 = tosa.transpose %arg2 {perms = array<i32: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %30 = tosa.reshape %28, %1 : (tensor<32x64xf32>, !tosa.shape<3>) -> tensor<1x32x64xf32>
    %31 = tosa.reshape %29, %2 : (tensor<64x64xf32>, !tosa.shape<3>) -> tensor<1x64x64xf32>
    %32 = tosa.matmul %30, %31, %0, %0 : (tensor<1x32x64xf32>, tensor<1x64x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x32x64xf32>
    %33 = tosa.reshape %32, %3 : (tensor<1x32x64xf32>, !tosa.shape<2>) -> tensor<32x64xf32>
    %34 = tosa.reshape %arg3, %6 : (tensor<64xf32>, !tosa.shape<2>) -> tensor<1x64xf32>
    %35 = tosa.add %33, %34 : (tensor<32x64xf32>, tensor<1x64xf32>) -> tensor<32x64xf32>
    %36 = tosa.tanh %35 : (tensor<32x64xf32>) -> tensor<32x64xf32>
    %37 = tosa.transpose %arg4 {perms = array<i32: 1, 0>} : (tensor<10x64xf32>) -> tensor<64x10xf32>
    %38 = tosa.reshape %36, %1 : (tensor<32x64xf32>, !tosa.shape<3>) -> tensor<1x32x64xf32>
    %39 = tosa.reshape %37, %7 : (tensor<64x10xf32>, !tosa.shape<3>) -> tensor<1x64x10xf32>
    %40 = tosa.matmul %38, %39, %0, %0 : (tensor<1x32x64xf32>, tensor<1x64x10xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x32x10xf32>
    %41 = tosa.reshape %40, %8 : (tensor<1x32x10xf32>, !tosa.shape<2>) -> tensor<32x10xf32>
    %42 = tosa.reshape %arg5, %9 : (tensor<10xf32>, !tosa.shape<2>) -> tensor<1x10xf32>
    %43 = tosa.add %41, %42 : (tensor<32x10xf32>, tensor<1x10xf32>) -> tensor<32x10xf32>
    %44 = tosa.reduce_max %43 {axis = 1 : i32} : (tensor<32x10xf32>) -> tensor<32x1xf32>
    %45 = tosa.sub %43, %44 : (tensor<32x10xf32>, tensor<32x1xf32>) -> tensor<32x10xf32>
    %46 = tosa.exp %45 : (tensor<32x10xf32>) -> tensor<32x10xf32>
    %47 = tosa.reduce_sum %46 {axis = 1 : i32} : (tensor<32x10xf32>) -> tensor<32x1xf32>
    %48 = tosa.log %47 : (tensor<32x1xf32>) -> tensor<32x1xf32>
    %49 = tosa.sub %45, %48 : (tensor<32x10xf32>, tensor<32x1xf32>) -> tensor<32x10xf32>
    %50 = tosa.mul %49, %arg7, %5 : (tensor<32x10xf32>, tensor<32x10xf32>, tensor<1xi8>) -> tensor<32x10xf32>
    %51 = tosa.reduce_sum %50 {axis = 0 : i32} : (tensor<32x10xf32>) -> tensor<1x10xf32>
    %52 = tosa.reduce_sum %51 {axis = 1 : i32} : (tensor<1x10xf32>) -> tensor<1x1xf32>
    %53 = tosa.reshape %52, %10 : (tensor<1x1xf32>, !tosa.shape<0>) -> tensor<f32>
    %54 = tosa.negate %53, %0, %0 : (tensor<f32>, tensor<1xf32>, tensor<1xf32>) -> tensor<f32>
    %55 = tosa.mul %54, %19, %5 : (tensor<f32>, tensor<f32>, tensor<1xi8>) -> tensor<f32>
    %56 = tosa.negate %19, %0, %0 : (tensor<f32>, tensor<1xf32>, tensor<1xf32>) -> tensor<f32>
    %57 = tosa.reshape %56, %4 : (tensor<f32>, !tosa.shape<2>) -> tensor<1x1xf32>
    %58 = tosa.mul %57, %arg7, %5 : (tensor<1x1xf32>, tensor<32x10xf32>, tensor<1xi8>) -> tensor<32x10xf32>
    %59 = tosa.exp %49 : (tensor<32x10xf32>) -> tensor<32x10xf32>
    %60 = tosa.reduce_sum %58 {axis = 1 : i32} : (tensor<32x10xf32>) -> tensor<32x1xf32>
    %61 = tosa.mul %59, %60, %5 : (tensor<32x10xf32>, tensor<32x1xf32>, tensor<1xi8>) -> tensor<32x10xf32>
    %62 = tosa.sub %58, %61 : (tensor<32x10xf32>, tensor<32x10xf32>) -> tensor<32x10xf32>
    %63 = tosa.reshape %62, %11 : (tensor<32x10xf32>, !tosa.shape<3>) -> tensor<1x32x10xf32>
    %64 = tosa.reshape %arg4, %12 : (tensor<10x64xf32>, !tosa.shape<3>) -> tensor<1x10x64xf32>
    %65 = tosa.matmul %63, %64, %0, %0 : (tensor<1x32x10xf32>, tensor<1x10x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x32x64xf32>
    %66 = tosa.reshape %65, %3 : (tensor<1x32x64xf32>, !tosa.shape<2>) -> tensor<32x64xf32>
    %67 = tosa.transpose %62 {perms = array<i32: 1, 0>} : (tensor<32x10xf32>) -> tensor<10x32xf32>
    %68 = tosa.reshape %67, %13 : (tensor<10x32xf32>, !tosa.shape<3>) -> tensor<1x10x32xf32>
    %69 = tosa.matmul %68, %38, %0, %0 : (tensor<1x10x32xf32>, tensor<1x32x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x10x64xf32>
    %70 = tosa.reshape %69, %14 : (tensor<1x10x64xf32>, !tosa.shape<2>) -> tensor<10x64xf32>
    %71 = tosa.reduce_sum %62 {axis = 0 : i32} : (tensor<32x10xf32>) -> tensor<1x10xf32>
    %72 = tosa.reshape %71, %15 : (tensor<1x10xf32>, !tosa.shape<1>) -> tensor<10xf32>
    %73 = tosa.mul %36, %36, %5 : (tensor<32x64xf32>, tensor<32x64xf32>, tensor<1xi8>) -> tensor<32x64xf32>
    %74 = tosa.sub %20, %73 : (tensor<1x1xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %75 = tosa.mul %66, %74, %5 : (tensor<32x64xf32>, tensor<32x64xf32>, tensor<1xi8>) -> tensor<32x64xf32>
    %76 = tosa.reshape %75, %1 : (tensor<32x64xf32>, !tosa.shape<3>) -> tensor<1x32x64xf32>
    %77 = tosa.reshape %arg2, %2 : (tensor<64x64xf32>, !tosa.shape<3>) -> tensor<1x64x64xf32>
    %78 = tosa.matmul %76, %77, %0, %0 : (tensor<1x32x64xf32>, tensor<1x64x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x32x64xf32>
    %79 = tosa.reshape %78, %3 : (tensor<1x32x64xf32>, !tosa.shape<2>) -> tensor<32x64xf32>
    %80 = tosa.transpose %75 {perms = array<i32: 1, 0>} : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %81 = tosa.reshape %80, %16 : (tensor<64x32xf32>, !tosa.shape<3>) -> tensor<1x64x32xf32>
    %82 = tosa.matmul %81, %30, %0, %0 : (tensor<1x64x32xf32>, tensor<1x32x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x64x64xf32>
    %83 = tosa.reshape %82, %17 : (tensor<1x64x64xf32>, !tosa.shape<2>) -> tensor<64x64xf32>
    %84 = tosa.reduce_sum %75 {axis = 0 : i32} : (tensor<32x64xf32>) -> tensor<1x64xf32>
    %85 = tosa.reshape %84, %18 : (tensor<1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    %86 = tosa.mul %28, %28, %5 : (tensor<32x64xf32>, tensor<32x64xf32>, tensor<1xi8>) -> tensor<32x64xf32>
    %87 = tosa.sub %20, %86 : (tensor<1x1xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %88 = tosa.mul %79, %87, %5 : (tensor<32x64xf32>, tensor<32x64xf32>, tensor<1xi8>) -> tensor<32x64xf32>
    %89 = tosa.transpose %88 {perms = array<i32: 1, 0>} : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %90 = tosa.reshape %89, %16 : (tensor<64x32xf32>, !tosa.shape<3>) -> tensor<1x64x32xf32>
    %91 = tosa.matmul %90, %22, %0, %0 : (tensor<1x64x32xf32>, tensor<1x32x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x64x64xf32>
    %92 = tosa.reshape %91, %17 : (tensor<1x64x64xf32>, !tosa.shape<2>) -> tensor<64x64xf32>
    %93 = tosa.reduce_sum %88 {axis = 0 : i32} : (tensor<32x64xf32>) -> tensor<1x64xf32>
    %94 = tosa.reshape %93, %18 : (tensor<1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    return %55, %92, %94, %83, %85, %70, %72 : tensor<f32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<10x64xf32>, tensor<10xf32>
  }
}
