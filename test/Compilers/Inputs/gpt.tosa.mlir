module {
  func.func @train_step(%arg0: tensor<64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<192x64xf32>, %arg5: tensor<192xf32>, %arg6: tensor<64x64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<256x64xf32>, %arg9: tensor<256xf32>, %arg10: tensor<64x256xf32>, %arg11: tensor<64xf32>, %arg12: tensor<64xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<192x64xf32>, %arg17: tensor<192xf32>, %arg18: tensor<64x64xf32>, %arg19: tensor<64xf32>, %arg20: tensor<256x64xf32>, %arg21: tensor<256xf32>, %arg22: tensor<64x256xf32>, %arg23: tensor<64xf32>, %arg24: tensor<64xf32>, %arg25: tensor<64xf32>, %arg26: tensor<96x64xf32>, %arg27: tensor<4x32x64xf32>, %arg28: tensor<128x96xf32>) -> (tensor<f32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<192x64xf32>, tensor<192xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<192x64xf32>, tensor<192xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<96x64xf32>) {
    %0 = "tosa.const"() <{values = dense<true> : tensor<32x32xi1>}> : () -> tensor<32x32xi1>
    %1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = tosa.const_shape  {values = dense<[1, 1, 64]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %3 = tosa.const_shape  {values = dense<[128, 64]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %4 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %5 = tosa.const_shape  {values = dense<[1, 128, 64]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %6 = tosa.const_shape  {values = dense<[1, 64, 192]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %7 = tosa.const_shape  {values = dense<[128, 192]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %8 = tosa.const_shape  {values = dense<1> : tensor<2xindex>} : () -> !tosa.shape<2>
    %9 = tosa.const_shape  {values = dense<[1, 192]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %10 = tosa.const_shape  {values = dense<[4, 32, 192]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %11 = tosa.const_shape  {values = dense<[4, 32, 64]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %12 = tosa.const_shape  {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
    %13 = tosa.const_shape  {values = dense<[0, 0, 64]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %14 = tosa.const_shape  {values = dense<[0, 0, 128]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %15 = tosa.const_shape  {values = dense<[4, 32, 4, 16]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %16 = tosa.const_shape  {values = dense<[16, 32, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %17 = tosa.const_shape  {values = dense<[16, 16, 32]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %18 = tosa.const_shape  {values = dense<[4, 4, 32, 32]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %19 = "tosa.const"() <{values = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]> : tensor<32xi64>}> : () -> tensor<32xi64>
    %20 = tosa.const_shape  {values = dense<[1, 32]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %21 = tosa.const_shape  {values = dense<[32, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %22 = tosa.const_shape  {values = dense<[1, 1, 32, 32]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %23 = tosa.const_shape  {values = dense<[16, 32, 32]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %24 = tosa.const_shape  {values = dense<[4, 4, 32, 16]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %25 = tosa.const_shape  {values = dense<[1, 64, 64]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %26 = tosa.const_shape  {values = dense<[1, 64]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %27 = tosa.const_shape  {values = dense<[1, 64, 256]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %28 = tosa.const_shape  {values = dense<[128, 256]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %29 = tosa.const_shape  {values = dense<[1, 256]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %30 = tosa.const_shape  {values = dense<[4, 32, 256]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %31 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<4x32x256xf32>}> : () -> tensor<4x32x256xf32>
    %32 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<4x32x256xf32>}> : () -> tensor<4x32x256xf32>
    %33 = "tosa.const"() <{values = dense<3.000000e+00> : tensor<4x32x256xf32>}> : () -> tensor<4x32x256xf32>
    %34 = "tosa.const"() <{values = dense<4.471500e-02> : tensor<4x32x256xf32>}> : () -> tensor<4x32x256xf32>
    %35 = "tosa.const"() <{values = dense<0.636619746> : tensor<4x32x256xf32>}> : () -> tensor<4x32x256xf32>
    %36 = tosa.const_shape  {values = dense<[1, 128, 256]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %37 = tosa.const_shape  {values = dense<[1, 256, 64]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %38 = tosa.const_shape  {values = dense<[1, 64, 96]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %39 = tosa.const_shape  {values = dense<[128, 96]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %40 = tosa.const_shape  {values = dense<> : tensor<0xindex>} : () -> !tosa.shape<0>
    %41 = tosa.const_shape  {values = dense<[1, 96, 128]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %42 = tosa.const_shape  {values = dense<[96, 64]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %43 = tosa.const_shape  {values = dense<[1, 128, 96]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %44 = tosa.const_shape  {values = dense<[1, 96, 64]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %45 = tosa.const_shape  {values = dense<64> : tensor<1xindex>} : () -> !tosa.shape<1>
    %46 = tosa.const_shape  {values = dense<[1, 64, 128]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %47 = tosa.const_shape  {values = dense<[64, 256]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %48 = tosa.const_shape  {values = dense<[1, 256, 128]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %49 = tosa.const_shape  {values = dense<[256, 64]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %50 = tosa.const_shape  {values = dense<256> : tensor<1xindex>} : () -> !tosa.shape<1>
    %51 = tosa.const_shape  {values = dense<64> : tensor<2xindex>} : () -> !tosa.shape<2>
    %52 = tosa.const_shape  {values = dense<[4, 4, 16, 32]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %53 = tosa.const_shape  {values = dense<[1, 128, 192]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %54 = tosa.const_shape  {values = dense<[1, 192, 64]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %55 = tosa.const_shape  {values = dense<[1, 192, 128]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %56 = tosa.const_shape  {values = dense<[192, 64]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %57 = tosa.const_shape  {values = dense<192> : tensor<1xindex>} : () -> !tosa.shape<1>
    %58 = "tosa.const"() <{values = dense<1.562500e-02> : tensor<1x1x1xf64>}> : () -> tensor<1x1x1xf64>
    %59 = "tosa.const"() <{values = dense<1.562500e-02> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %60 = "tosa.const"() <{values = dense<9.99999974E-6> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %61 = "tosa.const"() <{values = dense<2.500000e-01> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %62 = "tosa.const"() <{values = dense<1> : tensor<1x1xi64>}> : () -> tensor<1x1xi64>
    %63 = "tosa.const"() <{values = dense<0xFF800000> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %64 = "tosa.const"() <{values = dense<7.812500e-03> : tensor<f32>}> : () -> tensor<f32>
    %65 = "tosa.const"() <{values = dense<6.400000e+01> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %66 = "tosa.const"() <{values = dense<4.471500e-02> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %67 = "tosa.const"() <{values = dense<0.797884583> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %68 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %69 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %70 = "tosa.const"() <{values = dense<1.341450e-01> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %71 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %72 = tosa.cast %arg27 : (tensor<4x32x64xf32>) -> tensor<4x32x64xf64>
    %73 = tosa.reduce_sum %72 {axis = 2 : i32} : (tensor<4x32x64xf64>) -> tensor<4x32x1xf64>
    %74 = tosa.mul %73, %58, %1 : (tensor<4x32x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<4x32x1xf64>
    %75 = tosa.sub %72, %74 : (tensor<4x32x64xf64>, tensor<4x32x1xf64>) -> tensor<4x32x64xf64>
    %76 = tosa.mul %75, %75, %1 : (tensor<4x32x64xf64>, tensor<4x32x64xf64>, tensor<1xi8>) -> tensor<4x32x64xf64>
    %77 = tosa.reduce_sum %76 {axis = 2 : i32} : (tensor<4x32x64xf64>) -> tensor<4x32x1xf64>
    %78 = tosa.mul %77, %58, %1 : (tensor<4x32x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<4x32x1xf64>
    %79 = tosa.cast %78 : (tensor<4x32x1xf64>) -> tensor<4x32x1xf32>
    %80 = tosa.reduce_sum %arg27 {axis = 2 : i32} : (tensor<4x32x64xf32>) -> tensor<4x32x1xf32>
    %81 = tosa.mul %80, %59, %1 : (tensor<4x32x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x1xf32>
    %82 = tosa.add %79, %60 : (tensor<4x32x1xf32>, tensor<1x1x1xf32>) -> tensor<4x32x1xf32>
    %83 = tosa.rsqrt %82 : (tensor<4x32x1xf32>) -> tensor<4x32x1xf32>
    %84 = tosa.sub %arg27, %81 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>) -> tensor<4x32x64xf32>
    %85 = tosa.mul %84, %83, %1 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %86 = tosa.reshape %arg0, %2 : (tensor<64xf32>, !tosa.shape<3>) -> tensor<1x1x64xf32>
    %87 = tosa.mul %85, %86, %1 : (tensor<4x32x64xf32>, tensor<1x1x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %88 = tosa.reshape %arg1, %2 : (tensor<64xf32>, !tosa.shape<3>) -> tensor<1x1x64xf32>
    %89 = tosa.add %87, %88 : (tensor<4x32x64xf32>, tensor<1x1x64xf32>) -> tensor<4x32x64xf32>
    %90 = tosa.transpose %arg4 {perms = array<i32: 1, 0>} : (tensor<192x64xf32>) -> tensor<64x192xf32>
    %91 = tosa.reshape %89, %5 : (tensor<4x32x64xf32>, !tosa.shape<3>) -> tensor<1x128x64xf32>
    %92 = tosa.reshape %90, %6 : (tensor<64x192xf32>, !tosa.shape<3>) -> tensor<1x64x192xf32>
    %93 = tosa.matmul %91, %92, %4, %4 : (tensor<1x128x64xf32>, tensor<1x64x192xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x192xf32>
    %94 = tosa.reshape %93, %7 : (tensor<1x128x192xf32>, !tosa.shape<2>) -> tensor<128x192xf32>
    %95 = tosa.reshape %arg5, %9 : (tensor<192xf32>, !tosa.shape<2>) -> tensor<1x192xf32>
    %96 = tosa.add %94, %95 : (tensor<128x192xf32>, tensor<1x192xf32>) -> tensor<128x192xf32>
    %97 = tosa.reshape %96, %10 : (tensor<128x192xf32>, !tosa.shape<3>) -> tensor<4x32x192xf32>
    %98 = tosa.slice %97, %12, %11 : (tensor<4x32x192xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %99 = tosa.slice %97, %13, %11 : (tensor<4x32x192xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %100 = tosa.slice %97, %14, %11 : (tensor<4x32x192xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %101 = tosa.reshape %98, %15 : (tensor<4x32x64xf32>, !tosa.shape<4>) -> tensor<4x32x4x16xf32>
    %102 = tosa.transpose %101 {perms = array<i32: 0, 2, 1, 3>} : (tensor<4x32x4x16xf32>) -> tensor<4x4x32x16xf32>
    %103 = tosa.reshape %99, %15 : (tensor<4x32x64xf32>, !tosa.shape<4>) -> tensor<4x32x4x16xf32>
    %104 = tosa.reshape %100, %15 : (tensor<4x32x64xf32>, !tosa.shape<4>) -> tensor<4x32x4x16xf32>
    %105 = tosa.transpose %104 {perms = array<i32: 0, 2, 1, 3>} : (tensor<4x32x4x16xf32>) -> tensor<4x4x32x16xf32>
    %106 = tosa.transpose %103 {perms = array<i32: 0, 2, 3, 1>} : (tensor<4x32x4x16xf32>) -> tensor<4x4x16x32xf32>
    %107 = tosa.reshape %102, %16 : (tensor<4x4x32x16xf32>, !tosa.shape<3>) -> tensor<16x32x16xf32>
    %108 = tosa.reshape %106, %17 : (tensor<4x4x16x32xf32>, !tosa.shape<3>) -> tensor<16x16x32xf32>
    %109 = tosa.matmul %107, %108, %4, %4 : (tensor<16x32x16xf32>, tensor<16x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<16x32x32xf32>
    %110 = tosa.reshape %109, %18 : (tensor<16x32x32xf32>, !tosa.shape<4>) -> tensor<4x4x32x32xf32>
    %111 = tosa.mul %110, %61, %1 : (tensor<4x4x32x32xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<4x4x32x32xf32>
    %112 = tosa.reshape %19, %20 : (tensor<32xi64>, !tosa.shape<2>) -> tensor<1x32xi64>
    %113 = tosa.reshape %19, %21 : (tensor<32xi64>, !tosa.shape<2>) -> tensor<32x1xi64>
    %114 = tosa.cast %113 : (tensor<32x1xi64>) -> tensor<32x1xi32>
    %115 = tosa.cast %112 : (tensor<1x32xi64>) -> tensor<1x32xi32>
    %116 = tosa.sub %115, %114 : (tensor<1x32xi32>, tensor<32x1xi32>) -> tensor<32x32xi32>
    %117 = tosa.cast %116 : (tensor<32x32xi32>) -> tensor<32x32xi64>
    %118 = tosa.greater_equal %117, %62 : (tensor<32x32xi64>, tensor<1x1xi64>) -> tensor<32x32xi1>
    %119 = tosa.logical_and %118, %0 : (tensor<32x32xi1>, tensor<32x32xi1>) -> tensor<32x32xi1>
    %120 = tosa.reshape %119, %22 : (tensor<32x32xi1>, !tosa.shape<4>) -> tensor<1x1x32x32xi1>
    %121 = tosa.select %120, %63, %111 : (tensor<1x1x32x32xi1>, tensor<1x1x1x1xf32>, tensor<4x4x32x32xf32>) -> tensor<4x4x32x32xf32>
    %122 = tosa.reduce_max %121 {axis = 3 : i32} : (tensor<4x4x32x32xf32>) -> tensor<4x4x32x1xf32>
    %123 = tosa.sub %121, %122 : (tensor<4x4x32x32xf32>, tensor<4x4x32x1xf32>) -> tensor<4x4x32x32xf32>
    %124 = tosa.exp %123 : (tensor<4x4x32x32xf32>) -> tensor<4x4x32x32xf32>
    %125 = tosa.reduce_sum %124 {axis = 3 : i32} : (tensor<4x4x32x32xf32>) -> tensor<4x4x32x1xf32>
    %126 = tosa.reciprocal %125 : (tensor<4x4x32x1xf32>) -> tensor<4x4x32x1xf32>
    %127 = tosa.mul %124, %126, %1 : (tensor<4x4x32x32xf32>, tensor<4x4x32x1xf32>, tensor<1xi8>) -> tensor<4x4x32x32xf32>
    %128 = tosa.reshape %127, %23 : (tensor<4x4x32x32xf32>, !tosa.shape<3>) -> tensor<16x32x32xf32>
    %129 = tosa.reshape %105, %16 : (tensor<4x4x32x16xf32>, !tosa.shape<3>) -> tensor<16x32x16xf32>
    %130 = tosa.matmul %128, %129, %4, %4 : (tensor<16x32x32xf32>, tensor<16x32x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<16x32x16xf32>
    %131 = tosa.reshape %130, %24 : (tensor<16x32x16xf32>, !tosa.shape<4>) -> tensor<4x4x32x16xf32>
    %132 = tosa.transpose %131 {perms = array<i32: 0, 2, 1, 3>} : (tensor<4x4x32x16xf32>) -> tensor<4x32x4x16xf32>
    %133 = tosa.transpose %arg6 {perms = array<i32: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %134 = tosa.reshape %132, %5 : (tensor<4x32x4x16xf32>, !tosa.shape<3>) -> tensor<1x128x64xf32>
    %135 = tosa.reshape %133, %25 : (tensor<64x64xf32>, !tosa.shape<3>) -> tensor<1x64x64xf32>
    %136 = tosa.matmul %134, %135, %4, %4 : (tensor<1x128x64xf32>, tensor<1x64x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x64xf32>
    %137 = tosa.reshape %136, %3 : (tensor<1x128x64xf32>, !tosa.shape<2>) -> tensor<128x64xf32>
    %138 = tosa.reshape %arg7, %26 : (tensor<64xf32>, !tosa.shape<2>) -> tensor<1x64xf32>
    %139 = tosa.add %137, %138 : (tensor<128x64xf32>, tensor<1x64xf32>) -> tensor<128x64xf32>
    %140 = tosa.reshape %139, %11 : (tensor<128x64xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %141 = tosa.add %arg27, %140 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %142 = tosa.cast %141 : (tensor<4x32x64xf32>) -> tensor<4x32x64xf64>
    %143 = tosa.reduce_sum %142 {axis = 2 : i32} : (tensor<4x32x64xf64>) -> tensor<4x32x1xf64>
    %144 = tosa.mul %143, %58, %1 : (tensor<4x32x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<4x32x1xf64>
    %145 = tosa.sub %142, %144 : (tensor<4x32x64xf64>, tensor<4x32x1xf64>) -> tensor<4x32x64xf64>
    %146 = tosa.mul %145, %145, %1 : (tensor<4x32x64xf64>, tensor<4x32x64xf64>, tensor<1xi8>) -> tensor<4x32x64xf64>
    %147 = tosa.reduce_sum %146 {axis = 2 : i32} : (tensor<4x32x64xf64>) -> tensor<4x32x1xf64>
    %148 = tosa.mul %147, %58, %1 : (tensor<4x32x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<4x32x1xf64>
    %149 = tosa.cast %148 : (tensor<4x32x1xf64>) -> tensor<4x32x1xf32>
    %150 = tosa.reduce_sum %141 {axis = 2 : i32} : (tensor<4x32x64xf32>) -> tensor<4x32x1xf32>
    %151 = tosa.mul %150, %59, %1 : (tensor<4x32x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x1xf32>
    %152 = tosa.add %149, %60 : (tensor<4x32x1xf32>, tensor<1x1x1xf32>) -> tensor<4x32x1xf32>
    %153 = tosa.rsqrt %152 : (tensor<4x32x1xf32>) -> tensor<4x32x1xf32>
    %154 = tosa.sub %141, %151 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>) -> tensor<4x32x64xf32>
    %155 = tosa.mul %154, %153, %1 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %156 = tosa.reshape %arg2, %2 : (tensor<64xf32>, !tosa.shape<3>) -> tensor<1x1x64xf32>
    %157 = tosa.mul %155, %156, %1 : (tensor<4x32x64xf32>, tensor<1x1x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %158 = tosa.reshape %arg3, %2 : (tensor<64xf32>, !tosa.shape<3>) -> tensor<1x1x64xf32>
    %159 = tosa.add %157, %158 : (tensor<4x32x64xf32>, tensor<1x1x64xf32>) -> tensor<4x32x64xf32>
    %160 = tosa.transpose %arg8 {perms = array<i32: 1, 0>} : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %161 = tosa.reshape %159, %5 : (tensor<4x32x64xf32>, !tosa.shape<3>) -> tensor<1x128x64xf32>
    %162 = tosa.reshape %160, %27 : (tensor<64x256xf32>, !tosa.shape<3>) -> tensor<1x64x256xf32>
    %163 = tosa.matmul %161, %162, %4, %4 : (tensor<1x128x64xf32>, tensor<1x64x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x256xf32>
    %164 = tosa.reshape %163, %28 : (tensor<1x128x256xf32>, !tosa.shape<2>) -> tensor<128x256xf32>
    %165 = tosa.reshape %arg9, %29 : (tensor<256xf32>, !tosa.shape<2>) -> tensor<1x256xf32>
    %166 = tosa.add %164, %165 : (tensor<128x256xf32>, tensor<1x256xf32>) -> tensor<128x256xf32>
    %167 = tosa.reshape %166, %30 : (tensor<128x256xf32>, !tosa.shape<3>) -> tensor<4x32x256xf32>
    %168 = tosa.mul %31, %167, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %169 = tosa.pow %35, %31 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %170 = tosa.pow %167, %33 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %171 = tosa.mul %34, %170, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %172 = tosa.add %167, %171 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %173 = tosa.mul %169, %172, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %174 = tosa.tanh %173 : (tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %175 = tosa.add %174, %32 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %176 = tosa.mul %168, %175, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %177 = tosa.transpose %arg10 {perms = array<i32: 1, 0>} : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %178 = tosa.reshape %176, %36 : (tensor<4x32x256xf32>, !tosa.shape<3>) -> tensor<1x128x256xf32>
    %179 = tosa.reshape %177, %37 : (tensor<256x64xf32>, !tosa.shape<3>) -> tensor<1x256x64xf32>
    %180 = tosa.matmul %178, %179, %4, %4 : (tensor<1x128x256xf32>, tensor<1x256x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x64xf32>
    %181 = tosa.reshape %180, %3 : (tensor<1x128x64xf32>, !tosa.shape<2>) -> tensor<128x64xf32>
    %182 = tosa.reshape %arg11, %26 : (tensor<64xf32>, !tosa.shape<2>) -> tensor<1x64xf32>
    %183 = tosa.add %181, %182 : (tensor<128x64xf32>, tensor<1x64xf32>) -> tensor<128x64xf32>
    %184 = tosa.reshape %183, %11 : (tensor<128x64xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %185 = tosa.add %141, %184 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %186 = tosa.cast %185 : (tensor<4x32x64xf32>) -> tensor<4x32x64xf64>
    %187 = tosa.reduce_sum %186 {axis = 2 : i32} : (tensor<4x32x64xf64>) -> tensor<4x32x1xf64>
    %188 = tosa.mul %187, %58, %1 : (tensor<4x32x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<4x32x1xf64>
    %189 = tosa.sub %186, %188 : (tensor<4x32x64xf64>, tensor<4x32x1xf64>) -> tensor<4x32x64xf64>
    %190 = tosa.mul %189, %189, %1 : (tensor<4x32x64xf64>, tensor<4x32x64xf64>, tensor<1xi8>) -> tensor<4x32x64xf64>
    %191 = tosa.reduce_sum %190 {axis = 2 : i32} : (tensor<4x32x64xf64>) -> tensor<4x32x1xf64>
    %192 = tosa.mul %191, %58, %1 : (tensor<4x32x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<4x32x1xf64>
    %193 = tosa.cast %192 : (tensor<4x32x1xf64>) -> tensor<4x32x1xf32>
    %194 = tosa.reduce_sum %185 {axis = 2 : i32} : (tensor<4x32x64xf32>) -> tensor<4x32x1xf32>
    %195 = tosa.mul %194, %59, %1 : (tensor<4x32x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x1xf32>
    %196 = tosa.add %193, %60 : (tensor<4x32x1xf32>, tensor<1x1x1xf32>) -> tensor<4x32x1xf32>
    %197 = tosa.rsqrt %196 : (tensor<4x32x1xf32>) -> tensor<4x32x1xf32>
    %198 = tosa.sub %185, %195 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>) -> tensor<4x32x64xf32>
    %199 = tosa.mul %198, %197, %1 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %200 = tosa.reshape %arg12, %2 : (tensor<64xf32>, !tosa.shape<3>) -> tensor<1x1x64xf32>
    %201 = tosa.mul %199, %200, %1 : (tensor<4x32x64xf32>, tensor<1x1x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %202 = tosa.reshape %arg13, %2 : (tensor<64xf32>, !tosa.shape<3>) -> tensor<1x1x64xf32>
    %203 = tosa.add %201, %202 : (tensor<4x32x64xf32>, tensor<1x1x64xf32>) -> tensor<4x32x64xf32>
    %204 = tosa.transpose %arg16 {perms = array<i32: 1, 0>} : (tensor<192x64xf32>) -> tensor<64x192xf32>
    %205 = tosa.reshape %203, %5 : (tensor<4x32x64xf32>, !tosa.shape<3>) -> tensor<1x128x64xf32>
    %206 = tosa.reshape %204, %6 : (tensor<64x192xf32>, !tosa.shape<3>) -> tensor<1x64x192xf32>
    %207 = tosa.matmul %205, %206, %4, %4 : (tensor<1x128x64xf32>, tensor<1x64x192xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x192xf32>
    %208 = tosa.reshape %207, %7 : (tensor<1x128x192xf32>, !tosa.shape<2>) -> tensor<128x192xf32>
    %209 = tosa.reshape %arg17, %9 : (tensor<192xf32>, !tosa.shape<2>) -> tensor<1x192xf32>
    %210 = tosa.add %208, %209 : (tensor<128x192xf32>, tensor<1x192xf32>) -> tensor<128x192xf32>
    %211 = tosa.reshape %210, %10 : (tensor<128x192xf32>, !tosa.shape<3>) -> tensor<4x32x192xf32>
    %212 = tosa.slice %211, %12, %11 : (tensor<4x32x192xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %213 = tosa.slice %211, %13, %11 : (tensor<4x32x192xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %214 = tosa.slice %211, %14, %11 : (tensor<4x32x192xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %215 = tosa.reshape %212, %15 : (tensor<4x32x64xf32>, !tosa.shape<4>) -> tensor<4x32x4x16xf32>
    %216 = tosa.transpose %215 {perms = array<i32: 0, 2, 1, 3>} : (tensor<4x32x4x16xf32>) -> tensor<4x4x32x16xf32>
    %217 = tosa.reshape %213, %15 : (tensor<4x32x64xf32>, !tosa.shape<4>) -> tensor<4x32x4x16xf32>
    %218 = tosa.reshape %214, %15 : (tensor<4x32x64xf32>, !tosa.shape<4>) -> tensor<4x32x4x16xf32>
    %219 = tosa.transpose %218 {perms = array<i32: 0, 2, 1, 3>} : (tensor<4x32x4x16xf32>) -> tensor<4x4x32x16xf32>
    %220 = tosa.transpose %217 {perms = array<i32: 0, 2, 3, 1>} : (tensor<4x32x4x16xf32>) -> tensor<4x4x16x32xf32>
    %221 = tosa.reshape %216, %16 : (tensor<4x4x32x16xf32>, !tosa.shape<3>) -> tensor<16x32x16xf32>
    %222 = tosa.reshape %220, %17 : (tensor<4x4x16x32xf32>, !tosa.shape<3>) -> tensor<16x16x32xf32>
    %223 = tosa.matmul %221, %222, %4, %4 : (tensor<16x32x16xf32>, tensor<16x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<16x32x32xf32>
    %224 = tosa.reshape %223, %18 : (tensor<16x32x32xf32>, !tosa.shape<4>) -> tensor<4x4x32x32xf32>
    %225 = tosa.mul %224, %61, %1 : (tensor<4x4x32x32xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<4x4x32x32xf32>
    %226 = tosa.select %120, %63, %225 : (tensor<1x1x32x32xi1>, tensor<1x1x1x1xf32>, tensor<4x4x32x32xf32>) -> tensor<4x4x32x32xf32>
    %227 = tosa.reduce_max %226 {axis = 3 : i32} : (tensor<4x4x32x32xf32>) -> tensor<4x4x32x1xf32>
    %228 = tosa.sub %226, %227 : (tensor<4x4x32x32xf32>, tensor<4x4x32x1xf32>) -> tensor<4x4x32x32xf32>
    %229 = tosa.exp %228 : (tensor<4x4x32x32xf32>) -> tensor<4x4x32x32xf32>
    %230 = tosa.reduce_sum %229 {axis = 3 : i32} : (tensor<4x4x32x32xf32>) -> tensor<4x4x32x1xf32>
    %231 = tosa.reciprocal %230 : (tensor<4x4x32x1xf32>) -> tensor<4x4x32x1xf32>
    %232 = tosa.mul %229, %231, %1 : (tensor<4x4x32x32xf32>, tensor<4x4x32x1xf32>, tensor<1xi8>) -> tensor<4x4x32x32xf32>
    %233 = tosa.reshape %232, %23 : (tensor<4x4x32x32xf32>, !tosa.shape<3>) -> tensor<16x32x32xf32>
    %234 = tosa.reshape %219, %16 : (tensor<4x4x32x16xf32>, !tosa.shape<3>) -> tensor<16x32x16xf32>
    %235 = tosa.matmul %233, %234, %4, %4 : (tensor<16x32x32xf32>, tensor<16x32x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<16x32x16xf32>
    %236 = tosa.reshape %235, %24 : (tensor<16x32x16xf32>, !tosa.shape<4>) -> tensor<4x4x32x16xf32>
    %237 = tosa.transpose %236 {perms = array<i32: 0, 2, 1, 3>} : (tensor<4x4x32x16xf32>) -> tensor<4x32x4x16xf32>
    %238 = tosa.transpose %arg18 {perms = array<i32: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %239 = tosa.reshape %237, %5 : (tensor<4x32x4x16xf32>, !tosa.shape<3>) -> tensor<1x128x64xf32>
    %240 = tosa.reshape %238, %25 : (tensor<64x64xf32>, !tosa.shape<3>) -> tensor<1x64x64xf32>
    %241 = tosa.matmul %239, %240, %4, %4 : (tensor<1x128x64xf32>, tensor<1x64x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x64xf32>
    %242 = tosa.reshape %241, %3 : (tensor<1x128x64xf32>, !tosa.shape<2>) -> tensor<128x64xf32>
    %243 = tosa.reshape %arg19, %26 : (tensor<64xf32>, !tosa.shape<2>) -> tensor<1x64xf32>
    %244 = tosa.add %242, %243 : (tensor<128x64xf32>, tensor<1x64xf32>) -> tensor<128x64xf32>
    %245 = tosa.reshape %244, %11 : (tensor<128x64xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %246 = tosa.add %185, %245 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %247 = tosa.cast %246 : (tensor<4x32x64xf32>) -> tensor<4x32x64xf64>
    %248 = tosa.reduce_sum %247 {axis = 2 : i32} : (tensor<4x32x64xf64>) -> tensor<4x32x1xf64>
    %249 = tosa.mul %248, %58, %1 : (tensor<4x32x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<4x32x1xf64>
    %250 = tosa.sub %247, %249 : (tensor<4x32x64xf64>, tensor<4x32x1xf64>) -> tensor<4x32x64xf64>
    %251 = tosa.mul %250, %250, %1 : (tensor<4x32x64xf64>, tensor<4x32x64xf64>, tensor<1xi8>) -> tensor<4x32x64xf64>
    %252 = tosa.reduce_sum %251 {axis = 2 : i32} : (tensor<4x32x64xf64>) -> tensor<4x32x1xf64>
    %253 = tosa.mul %252, %58, %1 : (tensor<4x32x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<4x32x1xf64>
    %254 = tosa.cast %253 : (tensor<4x32x1xf64>) -> tensor<4x32x1xf32>
    %255 = tosa.reduce_sum %246 {axis = 2 : i32} : (tensor<4x32x64xf32>) -> tensor<4x32x1xf32>
    %256 = tosa.mul %255, %59, %1 : (tensor<4x32x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x1xf32>
    %257 = tosa.add %254, %60 : (tensor<4x32x1xf32>, tensor<1x1x1xf32>) -> tensor<4x32x1xf32>
    %258 = tosa.rsqrt %257 : (tensor<4x32x1xf32>) -> tensor<4x32x1xf32>
    %259 = tosa.sub %246, %256 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>) -> tensor<4x32x64xf32>
    %260 = tosa.mul %259, %258, %1 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %261 = tosa.reshape %arg14, %2 : (tensor<64xf32>, !tosa.shape<3>) -> tensor<1x1x64xf32>
    %262 = tosa.mul %260, %261, %1 : (tensor<4x32x64xf32>, tensor<1x1x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %263 = tosa.reshape %arg15, %2 : (tensor<64xf32>, !tosa.shape<3>) -> tensor<1x1x64xf32>
    %264 = tosa.add %262, %263 : (tensor<4x32x64xf32>, tensor<1x1x64xf32>) -> tensor<4x32x64xf32>
    %265 = tosa.transpose %arg20 {perms = array<i32: 1, 0>} : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %266 = tosa.reshape %264, %5 : (tensor<4x32x64xf32>, !tosa.shape<3>) -> tensor<1x128x64xf32>
    %267 = tosa.reshape %265, %27 : (tensor<64x256xf32>, !tosa.shape<3>) -> tensor<1x64x256xf32>
    %268 = tosa.matmul %266, %267, %4, %4 : (tensor<1x128x64xf32>, tensor<1x64x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x256xf32>
    %269 = tosa.reshape %268, %28 : (tensor<1x128x256xf32>, !tosa.shape<2>) -> tensor<128x256xf32>
    %270 = tosa.reshape %arg21, %29 : (tensor<256xf32>, !tosa.shape<2>) -> tensor<1x256xf32>
    %271 = tosa.add %269, %270 : (tensor<128x256xf32>, tensor<1x256xf32>) -> tensor<128x256xf32>
    %272 = tosa.reshape %271, %30 : (tensor<128x256xf32>, !tosa.shape<3>) -> tensor<4x32x256xf32>
    %273 = tosa.mul %31, %272, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %274 = tosa.pow %272, %33 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %275 = tosa.mul %34, %274, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %276 = tosa.add %272, %275 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %277 = tosa.mul %169, %276, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %278 = tosa.tanh %277 : (tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %279 = tosa.add %278, %32 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %280 = tosa.mul %273, %279, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %281 = tosa.transpose %arg22 {perms = array<i32: 1, 0>} : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %282 = tosa.reshape %280, %36 : (tensor<4x32x256xf32>, !tosa.shape<3>) -> tensor<1x128x256xf32>
    %283 = tosa.reshape %281, %37 : (tensor<256x64xf32>, !tosa.shape<3>) -> tensor<1x256x64xf32>
    %284 = tosa.matmul %282, %283, %4, %4 : (tensor<1x128x256xf32>, tensor<1x256x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x64xf32>
    %285 = tosa.reshape %284, %3 : (tensor<1x128x64xf32>, !tosa.shape<2>) -> tensor<128x64xf32>
    %286 = tosa.reshape %arg23, %26 : (tensor<64xf32>, !tosa.shape<2>) -> tensor<1x64xf32>
    %287 = tosa.add %285, %286 : (tensor<128x64xf32>, tensor<1x64xf32>) -> tensor<128x64xf32>
    %288 = tosa.reshape %287, %11 : (tensor<128x64xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %289 = tosa.add %246, %288 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %290 = tosa.cast %289 : (tensor<4x32x64xf32>) -> tensor<4x32x64xf64>
    %291 = tosa.reduce_sum %290 {axis = 2 : i32} : (tensor<4x32x64xf64>) -> tensor<4x32x1xf64>
    %292 = tosa.mul %291, %58, %1 : (tensor<4x32x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<4x32x1xf64>
    %293 = tosa.sub %290, %292 : (tensor<4x32x64xf64>, tensor<4x32x1xf64>) -> tensor<4x32x64xf64>
    %294 = tosa.mul %293, %293, %1 : (tensor<4x32x64xf64>, tensor<4x32x64xf64>, tensor<1xi8>) -> tensor<4x32x64xf64>
    %295 = tosa.reduce_sum %294 {axis = 2 : i32} : (tensor<4x32x64xf64>) -> tensor<4x32x1xf64>
    %296 = tosa.mul %295, %58, %1 : (tensor<4x32x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<4x32x1xf64>
    %297 = tosa.cast %296 : (tensor<4x32x1xf64>) -> tensor<4x32x1xf32>
    %298 = tosa.reduce_sum %289 {axis = 2 : i32} : (tensor<4x32x64xf32>) -> tensor<4x32x1xf32>
    %299 = tosa.mul %298, %59, %1 : (tensor<4x32x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x1xf32>
    %300 = tosa.add %297, %60 : (tensor<4x32x1xf32>, tensor<1x1x1xf32>) -> tensor<4x32x1xf32>
    %301 = tosa.rsqrt %300 : (tensor<4x32x1xf32>) -> tensor<4x32x1xf32>
    %302 = tosa.sub %289, %299 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>) -> tensor<4x32x64xf32>
    %303 = tosa.mul %302, %301, %1 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %304 = tosa.reshape %arg24, %2 : (tensor<64xf32>, !tosa.shape<3>) -> tensor<1x1x64xf32>
    %305 = tosa.mul %303, %304, %1 : (tensor<4x32x64xf32>, tensor<1x1x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %306 = tosa.reshape %arg25, %2 : (tensor<64xf32>, !tosa.shape<3>) -> tensor<1x1x64xf32>
    %307 = tosa.add %305, %306 : (tensor<4x32x64xf32>, tensor<1x1x64xf32>) -> tensor<4x32x64xf32>
    %308 = tosa.transpose %arg26 {perms = array<i32: 1, 0>} : (tensor<96x64xf32>) -> tensor<64x96xf32>
    %309 = tosa.reshape %307, %5 : (tensor<4x32x64xf32>, !tosa.shape<3>) -> tensor<1x128x64xf32>
    %310 = tosa.reshape %308, %38 : (tensor<64x96xf32>, !tosa.shape<3>) -> tensor<1x64x96xf32>
    %311 = tosa.matmul %309, %310, %4, %4 : (tensor<1x128x64xf32>, tensor<1x64x96xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x96xf32>
    %312 = tosa.reshape %311, %39 : (tensor<1x128x96xf32>, !tosa.shape<2>) -> tensor<128x96xf32>
    %313 = tosa.reduce_max %312 {axis = 1 : i32} : (tensor<128x96xf32>) -> tensor<128x1xf32>
    %314 = tosa.sub %312, %313 : (tensor<128x96xf32>, tensor<128x1xf32>) -> tensor<128x96xf32>
    %315 = tosa.exp %314 : (tensor<128x96xf32>) -> tensor<128x96xf32>
    %316 = tosa.reduce_sum %315 {axis = 1 : i32} : (tensor<128x96xf32>) -> tensor<128x1xf32>
    %317 = tosa.log %316 : (tensor<128x1xf32>) -> tensor<128x1xf32>
    %318 = tosa.sub %314, %317 : (tensor<128x96xf32>, tensor<128x1xf32>) -> tensor<128x96xf32>
    %319 = tosa.mul %318, %arg28, %1 : (tensor<128x96xf32>, tensor<128x96xf32>, tensor<1xi8>) -> tensor<128x96xf32>
    %320 = tosa.reduce_sum %319 {axis = 0 : i32} : (tensor<128x96xf32>) -> tensor<1x96xf32>
    %321 = tosa.reduce_sum %320 {axis = 1 : i32} : (tensor<1x96xf32>) -> tensor<1x1xf32>
    %322 = tosa.reshape %321, %40 : (tensor<1x1xf32>, !tosa.shape<0>) -> tensor<f32>
    %323 = tosa.negate %322, %4, %4 : (tensor<f32>, tensor<1xf32>, tensor<1xf32>) -> tensor<f32>
    %324 = tosa.mul %323, %64, %1 : (tensor<f32>, tensor<f32>, tensor<1xi8>) -> tensor<f32>
    %325 = tosa.negate %64, %4, %4 : (tensor<f32>, tensor<1xf32>, tensor<1xf32>) -> tensor<f32>
    %326 = tosa.reshape %325, %8 : (tensor<f32>, !tosa.shape<2>) -> tensor<1x1xf32>
    %327 = tosa.mul %326, %arg28, %1 : (tensor<1x1xf32>, tensor<128x96xf32>, tensor<1xi8>) -> tensor<128x96xf32>
    %328 = tosa.exp %318 : (tensor<128x96xf32>) -> tensor<128x96xf32>
    %329 = tosa.reduce_sum %327 {axis = 1 : i32} : (tensor<128x96xf32>) -> tensor<128x1xf32>
    %330 = tosa.mul %328, %329, %1 : (tensor<128x96xf32>, tensor<128x1xf32>, tensor<1xi8>) -> tensor<128x96xf32>
    %331 = tosa.sub %327, %330 : (tensor<128x96xf32>, tensor<128x96xf32>) -> tensor<128x96xf32>
    %332 = tosa.transpose %331 {perms = array<i32: 1, 0>} : (tensor<128x96xf32>) -> tensor<96x128xf32>
    %333 = tosa.reshape %332, %41 : (tensor<96x128xf32>, !tosa.shape<3>) -> tensor<1x96x128xf32>
    %334 = tosa.matmul %333, %309, %4, %4 : (tensor<1x96x128xf32>, tensor<1x128x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x96x64xf32>
    %335 = tosa.reshape %334, %42 : (tensor<1x96x64xf32>, !tosa.shape<2>) -> tensor<96x64xf32>
    %336 = tosa.reshape %331, %43 : (tensor<128x96xf32>, !tosa.shape<3>) -> tensor<1x128x96xf32>
    %337 = tosa.reshape %arg26, %44 : (tensor<96x64xf32>, !tosa.shape<3>) -> tensor<1x96x64xf32>
    %338 = tosa.matmul %336, %337, %4, %4 : (tensor<1x128x96xf32>, tensor<1x96x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x64xf32>
    %339 = tosa.reshape %338, %11 : (tensor<1x128x64xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %340 = tosa.mul %339, %304, %1 : (tensor<4x32x64xf32>, tensor<1x1x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %341 = tosa.mul %340, %65, %1 : (tensor<4x32x64xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %342 = tosa.reduce_sum %340 {axis = 2 : i32} : (tensor<4x32x64xf32>) -> tensor<4x32x1xf32>
    %343 = tosa.mul %340, %303, %1 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %344 = tosa.reduce_sum %343 {axis = 2 : i32} : (tensor<4x32x64xf32>) -> tensor<4x32x1xf32>
    %345 = tosa.mul %303, %344, %1 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %346 = tosa.sub %341, %342 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>) -> tensor<4x32x64xf32>
    %347 = tosa.sub %346, %345 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %348 = tosa.mul %301, %59, %1 : (tensor<4x32x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x1xf32>
    %349 = tosa.mul %348, %347, %1 : (tensor<4x32x1xf32>, tensor<4x32x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %350 = tosa.mul %339, %303, %1 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %351 = tosa.reduce_sum %350 {axis = 0 : i32} : (tensor<4x32x64xf32>) -> tensor<1x32x64xf32>
    %352 = tosa.reduce_sum %351 {axis = 1 : i32} : (tensor<1x32x64xf32>) -> tensor<1x1x64xf32>
    %353 = tosa.reshape %352, %45 : (tensor<1x1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    %354 = tosa.reduce_sum %339 {axis = 0 : i32} : (tensor<4x32x64xf32>) -> tensor<1x32x64xf32>
    %355 = tosa.reduce_sum %354 {axis = 1 : i32} : (tensor<1x32x64xf32>) -> tensor<1x1x64xf32>
    %356 = tosa.reshape %355, %45 : (tensor<1x1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    %357 = tosa.reshape %349, %3 : (tensor<4x32x64xf32>, !tosa.shape<2>) -> tensor<128x64xf32>
    %358 = tosa.reshape %349, %5 : (tensor<4x32x64xf32>, !tosa.shape<3>) -> tensor<1x128x64xf32>
    %359 = tosa.reshape %arg22, %27 : (tensor<64x256xf32>, !tosa.shape<3>) -> tensor<1x64x256xf32>
    %360 = tosa.matmul %358, %359, %4, %4 : (tensor<1x128x64xf32>, tensor<1x64x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x256xf32>
    %361 = tosa.transpose %357 {perms = array<i32: 1, 0>} : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %362 = tosa.reshape %361, %46 : (tensor<64x128xf32>, !tosa.shape<3>) -> tensor<1x64x128xf32>
    %363 = tosa.matmul %362, %282, %4, %4 : (tensor<1x64x128xf32>, tensor<1x128x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x64x256xf32>
    %364 = tosa.reshape %363, %47 : (tensor<1x64x256xf32>, !tosa.shape<2>) -> tensor<64x256xf32>
    %365 = tosa.reduce_sum %357 {axis = 0 : i32} : (tensor<128x64xf32>) -> tensor<1x64xf32>
    %366 = tosa.reshape %365, %45 : (tensor<1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    %367 = tosa.reshape %360, %30 : (tensor<1x128x256xf32>, !tosa.shape<3>) -> tensor<4x32x256xf32>
    %368 = tosa.mul %272, %272, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %369 = tosa.mul %368, %272, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %370 = tosa.mul %369, %66, %1 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %371 = tosa.add %272, %370 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %372 = tosa.mul %371, %67, %1 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %373 = tosa.tanh %372 : (tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %374 = tosa.mul %272, %68, %1 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %375 = tosa.add %373, %69 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>) -> tensor<4x32x256xf32>
    %376 = tosa.mul %375, %68, %1 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %377 = tosa.mul %373, %373, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %378 = tosa.sub %69, %377 : (tensor<1x1x1xf32>, tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %379 = tosa.mul %368, %70, %1 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %380 = tosa.add %379, %69 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>) -> tensor<4x32x256xf32>
    %381 = tosa.mul %380, %67, %1 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %382 = tosa.mul %374, %378, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %383 = tosa.mul %382, %381, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %384 = tosa.add %376, %383 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %385 = tosa.mul %367, %384, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %386 = tosa.reshape %385, %28 : (tensor<4x32x256xf32>, !tosa.shape<2>) -> tensor<128x256xf32>
    %387 = tosa.reshape %385, %36 : (tensor<4x32x256xf32>, !tosa.shape<3>) -> tensor<1x128x256xf32>
    %388 = tosa.reshape %arg20, %37 : (tensor<256x64xf32>, !tosa.shape<3>) -> tensor<1x256x64xf32>
    %389 = tosa.matmul %387, %388, %4, %4 : (tensor<1x128x256xf32>, tensor<1x256x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x64xf32>
    %390 = tosa.transpose %386 {perms = array<i32: 1, 0>} : (tensor<128x256xf32>) -> tensor<256x128xf32>
    %391 = tosa.reshape %390, %48 : (tensor<256x128xf32>, !tosa.shape<3>) -> tensor<1x256x128xf32>
    %392 = tosa.matmul %391, %266, %4, %4 : (tensor<1x256x128xf32>, tensor<1x128x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x256x64xf32>
    %393 = tosa.reshape %392, %49 : (tensor<1x256x64xf32>, !tosa.shape<2>) -> tensor<256x64xf32>
    %394 = tosa.reduce_sum %386 {axis = 0 : i32} : (tensor<128x256xf32>) -> tensor<1x256xf32>
    %395 = tosa.reshape %394, %50 : (tensor<1x256xf32>, !tosa.shape<1>) -> tensor<256xf32>
    %396 = tosa.reshape %389, %11 : (tensor<1x128x64xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %397 = tosa.mul %396, %261, %1 : (tensor<4x32x64xf32>, tensor<1x1x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %398 = tosa.mul %397, %65, %1 : (tensor<4x32x64xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %399 = tosa.reduce_sum %397 {axis = 2 : i32} : (tensor<4x32x64xf32>) -> tensor<4x32x1xf32>
    %400 = tosa.mul %397, %260, %1 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %401 = tosa.reduce_sum %400 {axis = 2 : i32} : (tensor<4x32x64xf32>) -> tensor<4x32x1xf32>
    %402 = tosa.mul %260, %401, %1 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %403 = tosa.sub %398, %399 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>) -> tensor<4x32x64xf32>
    %404 = tosa.sub %403, %402 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %405 = tosa.mul %258, %59, %1 : (tensor<4x32x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x1xf32>
    %406 = tosa.mul %405, %404, %1 : (tensor<4x32x1xf32>, tensor<4x32x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %407 = tosa.mul %396, %260, %1 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %408 = tosa.reduce_sum %407 {axis = 0 : i32} : (tensor<4x32x64xf32>) -> tensor<1x32x64xf32>
    %409 = tosa.reduce_sum %408 {axis = 1 : i32} : (tensor<1x32x64xf32>) -> tensor<1x1x64xf32>
    %410 = tosa.reshape %409, %45 : (tensor<1x1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    %411 = tosa.reduce_sum %396 {axis = 0 : i32} : (tensor<4x32x64xf32>) -> tensor<1x32x64xf32>
    %412 = tosa.reduce_sum %411 {axis = 1 : i32} : (tensor<1x32x64xf32>) -> tensor<1x1x64xf32>
    %413 = tosa.reshape %412, %45 : (tensor<1x1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    %414 = tosa.add %349, %406 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %415 = tosa.reshape %414, %3 : (tensor<4x32x64xf32>, !tosa.shape<2>) -> tensor<128x64xf32>
    %416 = tosa.reshape %414, %5 : (tensor<4x32x64xf32>, !tosa.shape<3>) -> tensor<1x128x64xf32>
    %417 = tosa.reshape %arg18, %25 : (tensor<64x64xf32>, !tosa.shape<3>) -> tensor<1x64x64xf32>
    %418 = tosa.matmul %416, %417, %4, %4 : (tensor<1x128x64xf32>, tensor<1x64x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x64xf32>
    %419 = tosa.transpose %415 {perms = array<i32: 1, 0>} : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %420 = tosa.reshape %419, %46 : (tensor<64x128xf32>, !tosa.shape<3>) -> tensor<1x64x128xf32>
    %421 = tosa.matmul %420, %239, %4, %4 : (tensor<1x64x128xf32>, tensor<1x128x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x64x64xf32>
    %422 = tosa.reshape %421, %51 : (tensor<1x64x64xf32>, !tosa.shape<2>) -> tensor<64x64xf32>
    %423 = tosa.reduce_sum %415 {axis = 0 : i32} : (tensor<128x64xf32>) -> tensor<1x64xf32>
    %424 = tosa.reshape %423, %45 : (tensor<1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    %425 = tosa.reshape %418, %15 : (tensor<1x128x64xf32>, !tosa.shape<4>) -> tensor<4x32x4x16xf32>
    %426 = tosa.transpose %425 {perms = array<i32: 0, 2, 1, 3>} : (tensor<4x32x4x16xf32>) -> tensor<4x4x32x16xf32>
    %427 = tosa.reshape %426, %16 : (tensor<4x4x32x16xf32>, !tosa.shape<3>) -> tensor<16x32x16xf32>
    %428 = tosa.transpose %233 {perms = array<i32: 0, 2, 1>} : (tensor<16x32x32xf32>) -> tensor<16x32x32xf32>
    %429 = tosa.matmul %428, %427, %4, %4 : (tensor<16x32x32xf32>, tensor<16x32x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<16x32x16xf32>
    %430 = tosa.transpose %234 {perms = array<i32: 0, 2, 1>} : (tensor<16x32x16xf32>) -> tensor<16x16x32xf32>
    %431 = tosa.matmul %427, %430, %4, %4 : (tensor<16x32x16xf32>, tensor<16x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<16x32x32xf32>
    %432 = tosa.reshape %429, %24 : (tensor<16x32x16xf32>, !tosa.shape<4>) -> tensor<4x4x32x16xf32>
    %433 = tosa.reshape %431, %18 : (tensor<16x32x32xf32>, !tosa.shape<4>) -> tensor<4x4x32x32xf32>
    %434 = tosa.mul %433, %232, %1 : (tensor<4x4x32x32xf32>, tensor<4x4x32x32xf32>, tensor<1xi8>) -> tensor<4x4x32x32xf32>
    %435 = tosa.reduce_sum %434 {axis = 3 : i32} : (tensor<4x4x32x32xf32>) -> tensor<4x4x32x1xf32>
    %436 = tosa.mul %232, %435, %1 : (tensor<4x4x32x32xf32>, tensor<4x4x32x1xf32>, tensor<1xi8>) -> tensor<4x4x32x32xf32>
    %437 = tosa.sub %434, %436 : (tensor<4x4x32x32xf32>, tensor<4x4x32x32xf32>) -> tensor<4x4x32x32xf32>
    %438 = tosa.select %120, %71, %437 : (tensor<1x1x32x32xi1>, tensor<1x1x1x1xf32>, tensor<4x4x32x32xf32>) -> tensor<4x4x32x32xf32>
    %439 = tosa.mul %438, %61, %1 : (tensor<4x4x32x32xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<4x4x32x32xf32>
    %440 = tosa.reshape %439, %23 : (tensor<4x4x32x32xf32>, !tosa.shape<3>) -> tensor<16x32x32xf32>
    %441 = tosa.transpose %221 {perms = array<i32: 0, 2, 1>} : (tensor<16x32x16xf32>) -> tensor<16x16x32xf32>
    %442 = tosa.matmul %441, %440, %4, %4 : (tensor<16x16x32xf32>, tensor<16x32x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<16x16x32xf32>
    %443 = tosa.transpose %222 {perms = array<i32: 0, 2, 1>} : (tensor<16x16x32xf32>) -> tensor<16x32x16xf32>
    %444 = tosa.matmul %440, %443, %4, %4 : (tensor<16x32x32xf32>, tensor<16x32x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<16x32x16xf32>
    %445 = tosa.reshape %442, %52 : (tensor<16x16x32xf32>, !tosa.shape<4>) -> tensor<4x4x16x32xf32>
    %446 = tosa.reshape %444, %24 : (tensor<16x32x16xf32>, !tosa.shape<4>) -> tensor<4x4x32x16xf32>
    %447 = tosa.transpose %432 {perms = array<i32: 0, 2, 1, 3>} : (tensor<4x4x32x16xf32>) -> tensor<4x32x4x16xf32>
    %448 = tosa.reshape %447, %11 : (tensor<4x32x4x16xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %449 = tosa.transpose %445 {perms = array<i32: 0, 3, 1, 2>} : (tensor<4x4x16x32xf32>) -> tensor<4x32x4x16xf32>
    %450 = tosa.reshape %449, %11 : (tensor<4x32x4x16xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %451 = tosa.transpose %446 {perms = array<i32: 0, 2, 1, 3>} : (tensor<4x4x32x16xf32>) -> tensor<4x32x4x16xf32>
    %452 = tosa.reshape %451, %11 : (tensor<4x32x4x16xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %453 = tosa.concat %452, %450, %448 {axis = 2 : i32} : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x192xf32>
    %454 = tosa.reshape %453, %7 : (tensor<4x32x192xf32>, !tosa.shape<2>) -> tensor<128x192xf32>
    %455 = tosa.reshape %453, %53 : (tensor<4x32x192xf32>, !tosa.shape<3>) -> tensor<1x128x192xf32>
    %456 = tosa.reshape %arg16, %54 : (tensor<192x64xf32>, !tosa.shape<3>) -> tensor<1x192x64xf32>
    %457 = tosa.matmul %455, %456, %4, %4 : (tensor<1x128x192xf32>, tensor<1x192x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x64xf32>
    %458 = tosa.transpose %454 {perms = array<i32: 1, 0>} : (tensor<128x192xf32>) -> tensor<192x128xf32>
    %459 = tosa.reshape %458, %55 : (tensor<192x128xf32>, !tosa.shape<3>) -> tensor<1x192x128xf32>
    %460 = tosa.matmul %459, %205, %4, %4 : (tensor<1x192x128xf32>, tensor<1x128x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x192x64xf32>
    %461 = tosa.reshape %460, %56 : (tensor<1x192x64xf32>, !tosa.shape<2>) -> tensor<192x64xf32>
    %462 = tosa.reduce_sum %454 {axis = 0 : i32} : (tensor<128x192xf32>) -> tensor<1x192xf32>
    %463 = tosa.reshape %462, %57 : (tensor<1x192xf32>, !tosa.shape<1>) -> tensor<192xf32>
    %464 = tosa.reshape %457, %11 : (tensor<1x128x64xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %465 = tosa.mul %464, %200, %1 : (tensor<4x32x64xf32>, tensor<1x1x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %466 = tosa.mul %465, %65, %1 : (tensor<4x32x64xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %467 = tosa.reduce_sum %465 {axis = 2 : i32} : (tensor<4x32x64xf32>) -> tensor<4x32x1xf32>
    %468 = tosa.mul %465, %199, %1 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %469 = tosa.reduce_sum %468 {axis = 2 : i32} : (tensor<4x32x64xf32>) -> tensor<4x32x1xf32>
    %470 = tosa.mul %199, %469, %1 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %471 = tosa.sub %466, %467 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>) -> tensor<4x32x64xf32>
    %472 = tosa.sub %471, %470 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %473 = tosa.mul %197, %59, %1 : (tensor<4x32x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x1xf32>
    %474 = tosa.mul %473, %472, %1 : (tensor<4x32x1xf32>, tensor<4x32x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %475 = tosa.mul %464, %199, %1 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %476 = tosa.reduce_sum %475 {axis = 0 : i32} : (tensor<4x32x64xf32>) -> tensor<1x32x64xf32>
    %477 = tosa.reduce_sum %476 {axis = 1 : i32} : (tensor<1x32x64xf32>) -> tensor<1x1x64xf32>
    %478 = tosa.reshape %477, %45 : (tensor<1x1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    %479 = tosa.reduce_sum %464 {axis = 0 : i32} : (tensor<4x32x64xf32>) -> tensor<1x32x64xf32>
    %480 = tosa.reduce_sum %479 {axis = 1 : i32} : (tensor<1x32x64xf32>) -> tensor<1x1x64xf32>
    %481 = tosa.reshape %480, %45 : (tensor<1x1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    %482 = tosa.add %414, %474 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %483 = tosa.reshape %482, %3 : (tensor<4x32x64xf32>, !tosa.shape<2>) -> tensor<128x64xf32>
    %484 = tosa.reshape %482, %5 : (tensor<4x32x64xf32>, !tosa.shape<3>) -> tensor<1x128x64xf32>
    %485 = tosa.reshape %arg10, %27 : (tensor<64x256xf32>, !tosa.shape<3>) -> tensor<1x64x256xf32>
    %486 = tosa.matmul %484, %485, %4, %4 : (tensor<1x128x64xf32>, tensor<1x64x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x256xf32>
    %487 = tosa.transpose %483 {perms = array<i32: 1, 0>} : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %488 = tosa.reshape %487, %46 : (tensor<64x128xf32>, !tosa.shape<3>) -> tensor<1x64x128xf32>
    %489 = tosa.matmul %488, %178, %4, %4 : (tensor<1x64x128xf32>, tensor<1x128x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x64x256xf32>
    %490 = tosa.reshape %489, %47 : (tensor<1x64x256xf32>, !tosa.shape<2>) -> tensor<64x256xf32>
    %491 = tosa.reduce_sum %483 {axis = 0 : i32} : (tensor<128x64xf32>) -> tensor<1x64xf32>
    %492 = tosa.reshape %491, %45 : (tensor<1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    %493 = tosa.reshape %486, %30 : (tensor<1x128x256xf32>, !tosa.shape<3>) -> tensor<4x32x256xf32>
    %494 = tosa.mul %167, %167, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %495 = tosa.mul %494, %167, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %496 = tosa.mul %495, %66, %1 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %497 = tosa.add %167, %496 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %498 = tosa.mul %497, %67, %1 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %499 = tosa.tanh %498 : (tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %500 = tosa.mul %167, %68, %1 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %501 = tosa.add %499, %69 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>) -> tensor<4x32x256xf32>
    %502 = tosa.mul %501, %68, %1 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %503 = tosa.mul %499, %499, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %504 = tosa.sub %69, %503 : (tensor<1x1x1xf32>, tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %505 = tosa.mul %494, %70, %1 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %506 = tosa.add %505, %69 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>) -> tensor<4x32x256xf32>
    %507 = tosa.mul %506, %67, %1 : (tensor<4x32x256xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %508 = tosa.mul %500, %504, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %509 = tosa.mul %508, %507, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %510 = tosa.add %502, %509 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>) -> tensor<4x32x256xf32>
    %511 = tosa.mul %493, %510, %1 : (tensor<4x32x256xf32>, tensor<4x32x256xf32>, tensor<1xi8>) -> tensor<4x32x256xf32>
    %512 = tosa.reshape %511, %28 : (tensor<4x32x256xf32>, !tosa.shape<2>) -> tensor<128x256xf32>
    %513 = tosa.reshape %511, %36 : (tensor<4x32x256xf32>, !tosa.shape<3>) -> tensor<1x128x256xf32>
    %514 = tosa.reshape %arg8, %37 : (tensor<256x64xf32>, !tosa.shape<3>) -> tensor<1x256x64xf32>
    %515 = tosa.matmul %513, %514, %4, %4 : (tensor<1x128x256xf32>, tensor<1x256x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x64xf32>
    %516 = tosa.transpose %512 {perms = array<i32: 1, 0>} : (tensor<128x256xf32>) -> tensor<256x128xf32>
    %517 = tosa.reshape %516, %48 : (tensor<256x128xf32>, !tosa.shape<3>) -> tensor<1x256x128xf32>
    %518 = tosa.matmul %517, %161, %4, %4 : (tensor<1x256x128xf32>, tensor<1x128x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x256x64xf32>
    %519 = tosa.reshape %518, %49 : (tensor<1x256x64xf32>, !tosa.shape<2>) -> tensor<256x64xf32>
    %520 = tosa.reduce_sum %512 {axis = 0 : i32} : (tensor<128x256xf32>) -> tensor<1x256xf32>
    %521 = tosa.reshape %520, %50 : (tensor<1x256xf32>, !tosa.shape<1>) -> tensor<256xf32>
    %522 = tosa.reshape %515, %11 : (tensor<1x128x64xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %523 = tosa.mul %522, %156, %1 : (tensor<4x32x64xf32>, tensor<1x1x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %524 = tosa.mul %523, %65, %1 : (tensor<4x32x64xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %525 = tosa.reduce_sum %523 {axis = 2 : i32} : (tensor<4x32x64xf32>) -> tensor<4x32x1xf32>
    %526 = tosa.mul %523, %155, %1 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %527 = tosa.reduce_sum %526 {axis = 2 : i32} : (tensor<4x32x64xf32>) -> tensor<4x32x1xf32>
    %528 = tosa.mul %155, %527, %1 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %529 = tosa.sub %524, %525 : (tensor<4x32x64xf32>, tensor<4x32x1xf32>) -> tensor<4x32x64xf32>
    %530 = tosa.sub %529, %528 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %531 = tosa.mul %153, %59, %1 : (tensor<4x32x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x32x1xf32>
    %532 = tosa.mul %531, %530, %1 : (tensor<4x32x1xf32>, tensor<4x32x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %533 = tosa.mul %522, %155, %1 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %534 = tosa.reduce_sum %533 {axis = 0 : i32} : (tensor<4x32x64xf32>) -> tensor<1x32x64xf32>
    %535 = tosa.reduce_sum %534 {axis = 1 : i32} : (tensor<1x32x64xf32>) -> tensor<1x1x64xf32>
    %536 = tosa.reshape %535, %45 : (tensor<1x1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    %537 = tosa.reduce_sum %522 {axis = 0 : i32} : (tensor<4x32x64xf32>) -> tensor<1x32x64xf32>
    %538 = tosa.reduce_sum %537 {axis = 1 : i32} : (tensor<1x32x64xf32>) -> tensor<1x1x64xf32>
    %539 = tosa.reshape %538, %45 : (tensor<1x1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    %540 = tosa.add %482, %532 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %541 = tosa.reshape %540, %3 : (tensor<4x32x64xf32>, !tosa.shape<2>) -> tensor<128x64xf32>
    %542 = tosa.reshape %540, %5 : (tensor<4x32x64xf32>, !tosa.shape<3>) -> tensor<1x128x64xf32>
    %543 = tosa.reshape %arg6, %25 : (tensor<64x64xf32>, !tosa.shape<3>) -> tensor<1x64x64xf32>
    %544 = tosa.matmul %542, %543, %4, %4 : (tensor<1x128x64xf32>, tensor<1x64x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x64xf32>
    %545 = tosa.transpose %541 {perms = array<i32: 1, 0>} : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %546 = tosa.reshape %545, %46 : (tensor<64x128xf32>, !tosa.shape<3>) -> tensor<1x64x128xf32>
    %547 = tosa.matmul %546, %134, %4, %4 : (tensor<1x64x128xf32>, tensor<1x128x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x64x64xf32>
    %548 = tosa.reshape %547, %51 : (tensor<1x64x64xf32>, !tosa.shape<2>) -> tensor<64x64xf32>
    %549 = tosa.reduce_sum %541 {axis = 0 : i32} : (tensor<128x64xf32>) -> tensor<1x64xf32>
    %550 = tosa.reshape %549, %45 : (tensor<1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    %551 = tosa.reshape %544, %15 : (tensor<1x128x64xf32>, !tosa.shape<4>) -> tensor<4x32x4x16xf32>
    %552 = tosa.transpose %551 {perms = array<i32: 0, 2, 1, 3>} : (tensor<4x32x4x16xf32>) -> tensor<4x4x32x16xf32>
    %553 = tosa.reshape %552, %16 : (tensor<4x4x32x16xf32>, !tosa.shape<3>) -> tensor<16x32x16xf32>
    %554 = tosa.transpose %128 {perms = array<i32: 0, 2, 1>} : (tensor<16x32x32xf32>) -> tensor<16x32x32xf32>
    %555 = tosa.matmul %554, %553, %4, %4 : (tensor<16x32x32xf32>, tensor<16x32x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<16x32x16xf32>
    %556 = tosa.transpose %129 {perms = array<i32: 0, 2, 1>} : (tensor<16x32x16xf32>) -> tensor<16x16x32xf32>
    %557 = tosa.matmul %553, %556, %4, %4 : (tensor<16x32x16xf32>, tensor<16x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<16x32x32xf32>
    %558 = tosa.reshape %555, %24 : (tensor<16x32x16xf32>, !tosa.shape<4>) -> tensor<4x4x32x16xf32>
    %559 = tosa.reshape %557, %18 : (tensor<16x32x32xf32>, !tosa.shape<4>) -> tensor<4x4x32x32xf32>
    %560 = tosa.mul %559, %127, %1 : (tensor<4x4x32x32xf32>, tensor<4x4x32x32xf32>, tensor<1xi8>) -> tensor<4x4x32x32xf32>
    %561 = tosa.reduce_sum %560 {axis = 3 : i32} : (tensor<4x4x32x32xf32>) -> tensor<4x4x32x1xf32>
    %562 = tosa.mul %127, %561, %1 : (tensor<4x4x32x32xf32>, tensor<4x4x32x1xf32>, tensor<1xi8>) -> tensor<4x4x32x32xf32>
    %563 = tosa.sub %560, %562 : (tensor<4x4x32x32xf32>, tensor<4x4x32x32xf32>) -> tensor<4x4x32x32xf32>
    %564 = tosa.select %120, %71, %563 : (tensor<1x1x32x32xi1>, tensor<1x1x1x1xf32>, tensor<4x4x32x32xf32>) -> tensor<4x4x32x32xf32>
    %565 = tosa.mul %564, %61, %1 : (tensor<4x4x32x32xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<4x4x32x32xf32>
    %566 = tosa.reshape %565, %23 : (tensor<4x4x32x32xf32>, !tosa.shape<3>) -> tensor<16x32x32xf32>
    %567 = tosa.transpose %107 {perms = array<i32: 0, 2, 1>} : (tensor<16x32x16xf32>) -> tensor<16x16x32xf32>
    %568 = tosa.matmul %567, %566, %4, %4 : (tensor<16x16x32xf32>, tensor<16x32x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<16x16x32xf32>
    %569 = tosa.transpose %108 {perms = array<i32: 0, 2, 1>} : (tensor<16x16x32xf32>) -> tensor<16x32x16xf32>
    %570 = tosa.matmul %566, %569, %4, %4 : (tensor<16x32x32xf32>, tensor<16x32x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<16x32x16xf32>
    %571 = tosa.reshape %568, %52 : (tensor<16x16x32xf32>, !tosa.shape<4>) -> tensor<4x4x16x32xf32>
    %572 = tosa.reshape %570, %24 : (tensor<16x32x16xf32>, !tosa.shape<4>) -> tensor<4x4x32x16xf32>
    %573 = tosa.transpose %558 {perms = array<i32: 0, 2, 1, 3>} : (tensor<4x4x32x16xf32>) -> tensor<4x32x4x16xf32>
    %574 = tosa.reshape %573, %11 : (tensor<4x32x4x16xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %575 = tosa.transpose %571 {perms = array<i32: 0, 3, 1, 2>} : (tensor<4x4x16x32xf32>) -> tensor<4x32x4x16xf32>
    %576 = tosa.reshape %575, %11 : (tensor<4x32x4x16xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %577 = tosa.transpose %572 {perms = array<i32: 0, 2, 1, 3>} : (tensor<4x4x32x16xf32>) -> tensor<4x32x4x16xf32>
    %578 = tosa.reshape %577, %11 : (tensor<4x32x4x16xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %579 = tosa.concat %578, %576, %574 {axis = 2 : i32} : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x192xf32>
    %580 = tosa.reshape %579, %7 : (tensor<4x32x192xf32>, !tosa.shape<2>) -> tensor<128x192xf32>
    %581 = tosa.reshape %579, %53 : (tensor<4x32x192xf32>, !tosa.shape<3>) -> tensor<1x128x192xf32>
    %582 = tosa.reshape %arg4, %54 : (tensor<192x64xf32>, !tosa.shape<3>) -> tensor<1x192x64xf32>
    %583 = tosa.matmul %581, %582, %4, %4 : (tensor<1x128x192xf32>, tensor<1x192x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x64xf32>
    %584 = tosa.transpose %580 {perms = array<i32: 1, 0>} : (tensor<128x192xf32>) -> tensor<192x128xf32>
    %585 = tosa.reshape %584, %55 : (tensor<192x128xf32>, !tosa.shape<3>) -> tensor<1x192x128xf32>
    %586 = tosa.matmul %585, %91, %4, %4 : (tensor<1x192x128xf32>, tensor<1x128x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x192x64xf32>
    %587 = tosa.reshape %586, %56 : (tensor<1x192x64xf32>, !tosa.shape<2>) -> tensor<192x64xf32>
    %588 = tosa.reduce_sum %580 {axis = 0 : i32} : (tensor<128x192xf32>) -> tensor<1x192xf32>
    %589 = tosa.reshape %588, %57 : (tensor<1x192xf32>, !tosa.shape<1>) -> tensor<192xf32>
    %590 = tosa.reshape %583, %11 : (tensor<1x128x64xf32>, !tosa.shape<3>) -> tensor<4x32x64xf32>
    %591 = tosa.mul %590, %85, %1 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<1xi8>) -> tensor<4x32x64xf32>
    %592 = tosa.reduce_sum %591 {axis = 0 : i32} : (tensor<4x32x64xf32>) -> tensor<1x32x64xf32>
    %593 = tosa.reduce_sum %592 {axis = 1 : i32} : (tensor<1x32x64xf32>) -> tensor<1x1x64xf32>
    %594 = tosa.reshape %593, %45 : (tensor<1x1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    %595 = tosa.reduce_sum %590 {axis = 0 : i32} : (tensor<4x32x64xf32>) -> tensor<1x32x64xf32>
    %596 = tosa.reduce_sum %595 {axis = 1 : i32} : (tensor<1x32x64xf32>) -> tensor<1x1x64xf32>
    %597 = tosa.reshape %596, %45 : (tensor<1x1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
    return %324, %594, %597, %536, %539, %587, %589, %548, %550, %519, %521, %490, %492, %478, %481, %410, %413, %461, %463, %422, %424, %393, %395, %364, %366, %353, %356, %335 : tensor<f32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<192x64xf32>, tensor<192xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<192x64xf32>, tensor<192xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<96x64xf32>
  }
}
