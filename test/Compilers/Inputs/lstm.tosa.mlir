module {
  func.func @train_step(%arg0: tensor<128x16xf32>, %arg1: tensor<128x32xf32>, %arg2: tensor<128xf32>, %arg3: tensor<128xf32>, %arg4: tensor<16x32xf32>, %arg5: tensor<16xf32>, %arg6: tensor<8x16x16xf32>, %arg7: tensor<16x16xf32>) -> (tensor<f32>, tensor<128x16xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<128xf32>, tensor<16x32xf32>, tensor<16xf32>) {
    %0 = tosa.const_shape  {values = dense<[1, 16, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %1 = tosa.const_shape  {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
    %2 = tosa.const_shape  {values = dense<16> : tensor<2xindex>} : () -> !tosa.shape<2>
    %3 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %4 = tosa.const_shape  {values = dense<[1, 16, 32]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %5 = tosa.const_shape  {values = dense<[1, 32, 128]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %6 = tosa.const_shape  {values = dense<[16, 128]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %7 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %8 = tosa.const_shape  {values = dense<[1, 128]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %9 = tosa.const_shape  {values = dense<[1, 16, 128]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %10 = tosa.const_shape  {values = dense<[16, 32]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %11 = tosa.const_shape  {values = dense<0> : tensor<2xindex>} : () -> !tosa.shape<2>
    %12 = tosa.const_shape  {values = dense<[0, 32]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %13 = tosa.const_shape  {values = dense<[0, 64]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %14 = tosa.const_shape  {values = dense<[0, 96]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %15 = tosa.const_shape  {values = dense<[1, 0, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %16 = tosa.const_shape  {values = dense<[2, 0, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %17 = tosa.const_shape  {values = dense<[3, 0, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %18 = tosa.const_shape  {values = dense<[4, 0, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %19 = tosa.const_shape  {values = dense<[5, 0, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %20 = tosa.const_shape  {values = dense<[6, 0, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %21 = tosa.const_shape  {values = dense<[7, 0, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %22 = tosa.const_shape  {values = dense<[1, 32, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %23 = tosa.const_shape  {values = dense<[1, 16]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %24 = tosa.const_shape  {values = dense<> : tensor<0xindex>} : () -> !tosa.shape<0>
    %25 = tosa.const_shape  {values = dense<16> : tensor<1xindex>} : () -> !tosa.shape<1>
    %26 = tosa.const_shape  {values = dense<[1, 128, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %27 = tosa.const_shape  {values = dense<[128, 16]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %28 = tosa.const_shape  {values = dense<128> : tensor<1xindex>} : () -> !tosa.shape<1>
    %29 = tosa.const_shape  {values = dense<[1, 128, 32]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %30 = tosa.const_shape  {values = dense<[128, 32]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %31 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x16x32xf32>}> : () -> tensor<1x16x32xf32>
    %32 = "tosa.const"() <{values = dense<2.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %33 = "tosa.const"() <{values = dense<3.906250e-03> : tensor<f32>}> : () -> tensor<f32>
    %34 = "tosa.const"() <{values = dense<3.906250e-03> : tensor<16x16xf32>}> : () -> tensor<16x16xf32>
    %35 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %cst = arith.constant dense<0.000000e+00> : tensor<16x32xf32>
    %36 = tosa.slice %arg6, %1, %0 : (tensor<8x16x16xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x16x16xf32>
    %37 = tosa.transpose %arg1 {perms = array<i32: 1, 0>} : (tensor<128x32xf32>) -> tensor<32x128xf32>
    %38 = tosa.reshape %37, %5 : (tensor<32x128xf32>, !tosa.shape<3>) -> tensor<1x32x128xf32>
    %39 = tosa.matmul %31, %38, %3, %3 : (tensor<1x16x32xf32>, tensor<1x32x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %40 = tosa.reshape %39, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %41 = tosa.reshape %arg3, %8 : (tensor<128xf32>, !tosa.shape<2>) -> tensor<1x128xf32>
    %42 = tosa.add %40, %41 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %43 = tosa.transpose %arg0 {perms = array<i32: 1, 0>} : (tensor<128x16xf32>) -> tensor<16x128xf32>
    %44 = tosa.reshape %43, %9 : (tensor<16x128xf32>, !tosa.shape<3>) -> tensor<1x16x128xf32>
    %45 = tosa.matmul %36, %44, %3, %3 : (tensor<1x16x16xf32>, tensor<1x16x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %46 = tosa.reshape %45, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %47 = tosa.reshape %arg2, %8 : (tensor<128xf32>, !tosa.shape<2>) -> tensor<1x128xf32>
    %48 = tosa.add %46, %47 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %49 = tosa.add %42, %48 : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
    %50 = tosa.slice %49, %11, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %51 = tosa.slice %49, %13, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %52 = tosa.slice %49, %14, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %53 = tosa.sigmoid %50 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %54 = tosa.tanh %51 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %55 = tosa.sigmoid %52 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %56 = tosa.mul %53, %54, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %57 = tosa.tanh %56 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %58 = tosa.mul %55, %57, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %59 = tosa.slice %arg6, %15, %0 : (tensor<8x16x16xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x16x16xf32>
    %60 = tosa.reshape %58, %4 : (tensor<16x32xf32>, !tosa.shape<3>) -> tensor<1x16x32xf32>
    %61 = tosa.matmul %60, %38, %3, %3 : (tensor<1x16x32xf32>, tensor<1x32x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %62 = tosa.reshape %61, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %63 = tosa.add %62, %41 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %64 = tosa.matmul %59, %44, %3, %3 : (tensor<1x16x16xf32>, tensor<1x16x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %65 = tosa.reshape %64, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %66 = tosa.add %65, %47 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %67 = tosa.add %63, %66 : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
    %68 = tosa.slice %67, %11, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %69 = tosa.slice %67, %12, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %70 = tosa.slice %67, %13, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %71 = tosa.slice %67, %14, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %72 = tosa.sigmoid %68 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %73 = tosa.sigmoid %69 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %74 = tosa.tanh %70 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %75 = tosa.sigmoid %71 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %76 = tosa.mul %73, %56, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %77 = tosa.mul %72, %74, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %78 = tosa.add %76, %77 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %79 = tosa.tanh %78 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %80 = tosa.mul %75, %79, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %81 = tosa.slice %arg6, %16, %0 : (tensor<8x16x16xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x16x16xf32>
    %82 = tosa.reshape %80, %4 : (tensor<16x32xf32>, !tosa.shape<3>) -> tensor<1x16x32xf32>
    %83 = tosa.matmul %82, %38, %3, %3 : (tensor<1x16x32xf32>, tensor<1x32x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %84 = tosa.reshape %83, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %85 = tosa.add %84, %41 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %86 = tosa.matmul %81, %44, %3, %3 : (tensor<1x16x16xf32>, tensor<1x16x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %87 = tosa.reshape %86, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %88 = tosa.add %87, %47 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %89 = tosa.add %85, %88 : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
    %90 = tosa.slice %89, %11, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %91 = tosa.slice %89, %12, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %92 = tosa.slice %89, %13, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %93 = tosa.slice %89, %14, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %94 = tosa.sigmoid %90 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %95 = tosa.sigmoid %91 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %96 = tosa.tanh %92 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %97 = tosa.sigmoid %93 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %98 = tosa.mul %95, %78, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %99 = tosa.mul %94, %96, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %100 = tosa.add %98, %99 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %101 = tosa.tanh %100 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %102 = tosa.mul %97, %101, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %103 = tosa.slice %arg6, %17, %0 : (tensor<8x16x16xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x16x16xf32>
    %104 = tosa.reshape %102, %4 : (tensor<16x32xf32>, !tosa.shape<3>) -> tensor<1x16x32xf32>
    %105 = tosa.matmul %104, %38, %3, %3 : (tensor<1x16x32xf32>, tensor<1x32x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %106 = tosa.reshape %105, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %107 = tosa.add %106, %41 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %108 = tosa.matmul %103, %44, %3, %3 : (tensor<1x16x16xf32>, tensor<1x16x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %109 = tosa.reshape %108, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %110 = tosa.add %109, %47 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %111 = tosa.add %107, %110 : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
    %112 = tosa.slice %111, %11, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %113 = tosa.slice %111, %12, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %114 = tosa.slice %111, %13, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %115 = tosa.slice %111, %14, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %116 = tosa.sigmoid %112 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %117 = tosa.sigmoid %113 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %118 = tosa.tanh %114 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %119 = tosa.sigmoid %115 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %120 = tosa.mul %117, %100, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %121 = tosa.mul %116, %118, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %122 = tosa.add %120, %121 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %123 = tosa.tanh %122 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %124 = tosa.mul %119, %123, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %125 = tosa.slice %arg6, %18, %0 : (tensor<8x16x16xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x16x16xf32>
    %126 = tosa.reshape %124, %4 : (tensor<16x32xf32>, !tosa.shape<3>) -> tensor<1x16x32xf32>
    %127 = tosa.matmul %126, %38, %3, %3 : (tensor<1x16x32xf32>, tensor<1x32x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %128 = tosa.reshape %127, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %129 = tosa.add %128, %41 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %130 = tosa.matmul %125, %44, %3, %3 : (tensor<1x16x16xf32>, tensor<1x16x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %131 = tosa.reshape %130, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %132 = tosa.add %131, %47 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %133 = tosa.add %129, %132 : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
    %134 = tosa.slice %133, %11, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %135 = tosa.slice %133, %12, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %136 = tosa.slice %133, %13, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %137 = tosa.slice %133, %14, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %138 = tosa.sigmoid %134 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %139 = tosa.sigmoid %135 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %140 = tosa.tanh %136 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %141 = tosa.sigmoid %137 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %142 = tosa.mul %139, %122, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %143 = tosa.mul %138, %140, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %144 = tosa.add %142, %143 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %145 = tosa.tanh %144 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %146 = tosa.mul %141, %145, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %147 = tosa.slice %arg6, %19, %0 : (tensor<8x16x16xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x16x16xf32>
    %148 = tosa.reshape %146, %4 : (tensor<16x32xf32>, !tosa.shape<3>) -> tensor<1x16x32xf32>
    %149 = tosa.matmul %148, %38, %3, %3 : (tensor<1x16x32xf32>, tensor<1x32x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %150 = tosa.reshape %149, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %151 = tosa.add %150, %41 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %152 = tosa.matmul %147, %44, %3, %3 : (tensor<1x16x16xf32>, tensor<1x16x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %153 = tosa.reshape %152, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %154 = tosa.add %153, %47 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %155 = tosa.add %151, %154 : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
    %156 = tosa.slice %155, %11, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %157 = tosa.slice %155, %12, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %158 = tosa.slice %155, %13, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %159 = tosa.slice %155, %14, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %160 = tosa.sigmoid %156 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %161 = tosa.sigmoid %157 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %162 = tosa.tanh %158 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %163 = tosa.sigmoid %159 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %164 = tosa.mul %161, %144, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %165 = tosa.mul %160, %162, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %166 = tosa.add %164, %165 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %167 = tosa.tanh %166 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %168 = tosa.mul %163, %167, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %169 = tosa.slice %arg6, %20, %0 : (tensor<8x16x16xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x16x16xf32>
    %170 = tosa.reshape %168, %4 : (tensor<16x32xf32>, !tosa.shape<3>) -> tensor<1x16x32xf32>
    %171 = tosa.matmul %170, %38, %3, %3 : (tensor<1x16x32xf32>, tensor<1x32x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %172 = tosa.reshape %171, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %173 = tosa.add %172, %41 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %174 = tosa.matmul %169, %44, %3, %3 : (tensor<1x16x16xf32>, tensor<1x16x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %175 = tosa.reshape %174, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %176 = tosa.add %175, %47 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %177 = tosa.add %173, %176 : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
    %178 = tosa.slice %177, %11, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %179 = tosa.slice %177, %12, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %180 = tosa.slice %177, %13, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %181 = tosa.slice %177, %14, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %182 = tosa.sigmoid %178 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %183 = tosa.sigmoid %179 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %184 = tosa.tanh %180 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %185 = tosa.sigmoid %181 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %186 = tosa.mul %183, %166, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %187 = tosa.mul %182, %184, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %188 = tosa.add %186, %187 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %189 = tosa.tanh %188 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %190 = tosa.mul %185, %189, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %191 = tosa.slice %arg6, %21, %0 : (tensor<8x16x16xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x16x16xf32>
    %192 = tosa.reshape %190, %4 : (tensor<16x32xf32>, !tosa.shape<3>) -> tensor<1x16x32xf32>
    %193 = tosa.matmul %192, %38, %3, %3 : (tensor<1x16x32xf32>, tensor<1x32x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %194 = tosa.reshape %193, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %195 = tosa.add %194, %41 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %196 = tosa.matmul %191, %44, %3, %3 : (tensor<1x16x16xf32>, tensor<1x16x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
    %197 = tosa.reshape %196, %6 : (tensor<1x16x128xf32>, !tosa.shape<2>) -> tensor<16x128xf32>
    %198 = tosa.add %197, %47 : (tensor<16x128xf32>, tensor<1x128xf32>) -> tensor<16x128xf32>
    %199 = tosa.add %195, %198 : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
    %200 = tosa.slice %199, %11, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %201 = tosa.slice %199, %12, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %202 = tosa.slice %199, %13, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %203 = tosa.slice %199, %14, %10 : (tensor<16x128xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<16x32xf32>
    %204 = tosa.sigmoid %200 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %205 = tosa.sigmoid %201 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %206 = tosa.tanh %202 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %207 = tosa.sigmoid %203 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %208 = tosa.mul %205, %188, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %209 = tosa.mul %204, %206, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %210 = tosa.add %208, %209 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %211 = tosa.tanh %210 : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %212 = tosa.mul %207, %211, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %213 = tosa.transpose %arg4 {perms = array<i32: 1, 0>} : (tensor<16x32xf32>) -> tensor<32x16xf32>
    %214 = tosa.reshape %212, %4 : (tensor<16x32xf32>, !tosa.shape<3>) -> tensor<1x16x32xf32>
    %215 = tosa.reshape %213, %22 : (tensor<32x16xf32>, !tosa.shape<3>) -> tensor<1x32x16xf32>
    %216 = tosa.matmul %214, %215, %3, %3 : (tensor<1x16x32xf32>, tensor<1x32x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x16xf32>
    %217 = tosa.reshape %216, %2 : (tensor<1x16x16xf32>, !tosa.shape<2>) -> tensor<16x16xf32>
    %218 = tosa.reshape %arg5, %23 : (tensor<16xf32>, !tosa.shape<2>) -> tensor<1x16xf32>
    %219 = tosa.add %217, %218 : (tensor<16x16xf32>, tensor<1x16xf32>) -> tensor<16x16xf32>
    %220 = tosa.sub %219, %arg7 : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %221 = tosa.pow %220, %32 : (tensor<16x16xf32>, tensor<1x1xf32>) -> tensor<16x16xf32>
    %222 = tosa.reduce_sum %221 {axis = 0 : i32} : (tensor<16x16xf32>) -> tensor<1x16xf32>
    %223 = tosa.reduce_sum %222 {axis = 1 : i32} : (tensor<1x16xf32>) -> tensor<1x1xf32>
    %224 = tosa.reshape %223, %24 : (tensor<1x1xf32>, !tosa.shape<0>) -> tensor<f32>
    %225 = tosa.mul %224, %33, %7 : (tensor<f32>, tensor<f32>, tensor<1xi8>) -> tensor<f32>
    %226 = tosa.pow %220, %35 : (tensor<16x16xf32>, tensor<1x1xf32>) -> tensor<16x16xf32>
    %227 = tosa.mul %226, %32, %7 : (tensor<16x16xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<16x16xf32>
    %228 = tosa.mul %34, %227, %7 : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<1xi8>) -> tensor<16x16xf32>
    %229 = tosa.reshape %228, %0 : (tensor<16x16xf32>, !tosa.shape<3>) -> tensor<1x16x16xf32>
    %230 = tosa.reshape %arg4, %4 : (tensor<16x32xf32>, !tosa.shape<3>) -> tensor<1x16x32xf32>
    %231 = tosa.matmul %229, %230, %3, %3 : (tensor<1x16x16xf32>, tensor<1x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x32xf32>
    %232 = tosa.reshape %231, %10 : (tensor<1x16x32xf32>, !tosa.shape<2>) -> tensor<16x32xf32>
    %233 = tosa.transpose %228 {perms = array<i32: 1, 0>} : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %234 = tosa.reshape %233, %0 : (tensor<16x16xf32>, !tosa.shape<3>) -> tensor<1x16x16xf32>
    %235 = tosa.matmul %234, %214, %3, %3 : (tensor<1x16x16xf32>, tensor<1x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x32xf32>
    %236 = tosa.reshape %235, %10 : (tensor<1x16x32xf32>, !tosa.shape<2>) -> tensor<16x32xf32>
    %237 = tosa.reduce_sum %228 {axis = 0 : i32} : (tensor<16x16xf32>) -> tensor<1x16xf32>
    %238 = tosa.reshape %237, %25 : (tensor<1x16xf32>, !tosa.shape<1>) -> tensor<16xf32>
    %239 = tosa.mul %232, %207, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %240 = tosa.mul %232, %211, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %241 = tosa.mul %211, %211, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %242 = tosa.sub %35, %241 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %243 = tosa.mul %239, %242, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %244 = tosa.mul %243, %204, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %245 = tosa.mul %243, %206, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %246 = tosa.mul %243, %205, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %247 = tosa.mul %243, %188, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %248 = tosa.sub %35, %207 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %249 = tosa.mul %207, %248, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %250 = tosa.mul %240, %249, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %251 = tosa.mul %206, %206, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %252 = tosa.sub %35, %251 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %253 = tosa.mul %244, %252, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %254 = tosa.sub %35, %205 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %255 = tosa.mul %205, %254, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %256 = tosa.mul %247, %255, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %257 = tosa.sub %35, %204 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %258 = tosa.mul %204, %257, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %259 = tosa.mul %245, %258, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %260 = tosa.concat %259, %256, %253, %250 {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %261 = tosa.transpose %260 {perms = array<i32: 1, 0>} : (tensor<16x128xf32>) -> tensor<128x16xf32>
    %262 = tosa.reshape %261, %26 : (tensor<128x16xf32>, !tosa.shape<3>) -> tensor<1x128x16xf32>
    %263 = tosa.matmul %262, %191, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x16xf32>
    %264 = tosa.reshape %263, %27 : (tensor<1x128x16xf32>, !tosa.shape<2>) -> tensor<128x16xf32>
    %265 = tosa.reduce_sum %260 {axis = 0 : i32} : (tensor<16x128xf32>) -> tensor<1x128xf32>
    %266 = tosa.reshape %265, %28 : (tensor<1x128xf32>, !tosa.shape<1>) -> tensor<128xf32>
    %267 = tosa.reshape %260, %9 : (tensor<16x128xf32>, !tosa.shape<3>) -> tensor<1x16x128xf32>
    %268 = tosa.reshape %arg1, %29 : (tensor<128x32xf32>, !tosa.shape<3>) -> tensor<1x128x32xf32>
    %269 = tosa.matmul %267, %268, %3, %3 : (tensor<1x16x128xf32>, tensor<1x128x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x32xf32>
    %270 = tosa.reshape %269, %10 : (tensor<1x16x32xf32>, !tosa.shape<2>) -> tensor<16x32xf32>
    %271 = tosa.matmul %262, %192, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x32xf32>
    %272 = tosa.reshape %271, %30 : (tensor<1x128x32xf32>, !tosa.shape<2>) -> tensor<128x32xf32>
    %273 = tosa.mul %270, %185, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %274 = tosa.mul %270, %189, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %275 = tosa.mul %189, %189, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %276 = tosa.sub %35, %275 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %277 = tosa.mul %273, %276, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %278 = tosa.add %246, %277 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %279 = tosa.mul %278, %182, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %280 = tosa.mul %278, %184, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %281 = tosa.mul %278, %183, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %282 = tosa.mul %278, %166, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %283 = tosa.sub %35, %185 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %284 = tosa.mul %185, %283, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %285 = tosa.mul %274, %284, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %286 = tosa.mul %184, %184, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %287 = tosa.sub %35, %286 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %288 = tosa.mul %279, %287, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %289 = tosa.sub %35, %183 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %290 = tosa.mul %183, %289, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %291 = tosa.mul %282, %290, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %292 = tosa.sub %35, %182 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %293 = tosa.mul %182, %292, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %294 = tosa.mul %280, %293, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %295 = tosa.concat %294, %291, %288, %285 {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %296 = tosa.transpose %295 {perms = array<i32: 1, 0>} : (tensor<16x128xf32>) -> tensor<128x16xf32>
    %297 = tosa.reshape %296, %26 : (tensor<128x16xf32>, !tosa.shape<3>) -> tensor<1x128x16xf32>
    %298 = tosa.matmul %297, %169, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x16xf32>
    %299 = tosa.reshape %298, %27 : (tensor<1x128x16xf32>, !tosa.shape<2>) -> tensor<128x16xf32>
    %300 = tosa.reduce_sum %295 {axis = 0 : i32} : (tensor<16x128xf32>) -> tensor<1x128xf32>
    %301 = tosa.reshape %300, %28 : (tensor<1x128xf32>, !tosa.shape<1>) -> tensor<128xf32>
    %302 = tosa.add %266, %301 : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
    %303 = tosa.add %264, %299 : (tensor<128x16xf32>, tensor<128x16xf32>) -> tensor<128x16xf32>
    %304 = tosa.reshape %295, %9 : (tensor<16x128xf32>, !tosa.shape<3>) -> tensor<1x16x128xf32>
    %305 = tosa.matmul %304, %268, %3, %3 : (tensor<1x16x128xf32>, tensor<1x128x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x32xf32>
    %306 = tosa.reshape %305, %10 : (tensor<1x16x32xf32>, !tosa.shape<2>) -> tensor<16x32xf32>
    %307 = tosa.matmul %297, %170, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x32xf32>
    %308 = tosa.reshape %307, %30 : (tensor<1x128x32xf32>, !tosa.shape<2>) -> tensor<128x32xf32>
    %309 = tosa.add %272, %308 : (tensor<128x32xf32>, tensor<128x32xf32>) -> tensor<128x32xf32>
    %310 = tosa.mul %306, %163, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %311 = tosa.mul %306, %167, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %312 = tosa.mul %167, %167, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %313 = tosa.sub %35, %312 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %314 = tosa.mul %310, %313, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %315 = tosa.add %281, %314 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %316 = tosa.mul %315, %160, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %317 = tosa.mul %315, %162, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %318 = tosa.mul %315, %161, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %319 = tosa.mul %315, %144, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %320 = tosa.sub %35, %163 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %321 = tosa.mul %163, %320, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %322 = tosa.mul %311, %321, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %323 = tosa.mul %162, %162, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %324 = tosa.sub %35, %323 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %325 = tosa.mul %316, %324, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %326 = tosa.sub %35, %161 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %327 = tosa.mul %161, %326, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %328 = tosa.mul %319, %327, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %329 = tosa.sub %35, %160 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %330 = tosa.mul %160, %329, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %331 = tosa.mul %317, %330, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %332 = tosa.concat %331, %328, %325, %322 {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %333 = tosa.transpose %332 {perms = array<i32: 1, 0>} : (tensor<16x128xf32>) -> tensor<128x16xf32>
    %334 = tosa.reshape %333, %26 : (tensor<128x16xf32>, !tosa.shape<3>) -> tensor<1x128x16xf32>
    %335 = tosa.matmul %334, %147, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x16xf32>
    %336 = tosa.reshape %335, %27 : (tensor<1x128x16xf32>, !tosa.shape<2>) -> tensor<128x16xf32>
    %337 = tosa.reduce_sum %332 {axis = 0 : i32} : (tensor<16x128xf32>) -> tensor<1x128xf32>
    %338 = tosa.reshape %337, %28 : (tensor<1x128xf32>, !tosa.shape<1>) -> tensor<128xf32>
    %339 = tosa.add %302, %338 : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
    %340 = tosa.add %303, %336 : (tensor<128x16xf32>, tensor<128x16xf32>) -> tensor<128x16xf32>
    %341 = tosa.reshape %332, %9 : (tensor<16x128xf32>, !tosa.shape<3>) -> tensor<1x16x128xf32>
    %342 = tosa.matmul %341, %268, %3, %3 : (tensor<1x16x128xf32>, tensor<1x128x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x32xf32>
    %343 = tosa.reshape %342, %10 : (tensor<1x16x32xf32>, !tosa.shape<2>) -> tensor<16x32xf32>
    %344 = tosa.matmul %334, %148, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x32xf32>
    %345 = tosa.reshape %344, %30 : (tensor<1x128x32xf32>, !tosa.shape<2>) -> tensor<128x32xf32>
    %346 = tosa.add %309, %345 : (tensor<128x32xf32>, tensor<128x32xf32>) -> tensor<128x32xf32>
    %347 = tosa.mul %343, %141, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %348 = tosa.mul %343, %145, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %349 = tosa.mul %145, %145, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %350 = tosa.sub %35, %349 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %351 = tosa.mul %347, %350, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %352 = tosa.add %318, %351 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %353 = tosa.mul %352, %138, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %354 = tosa.mul %352, %140, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %355 = tosa.mul %352, %139, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %356 = tosa.mul %352, %122, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %357 = tosa.sub %35, %141 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %358 = tosa.mul %141, %357, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %359 = tosa.mul %348, %358, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %360 = tosa.mul %140, %140, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %361 = tosa.sub %35, %360 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %362 = tosa.mul %353, %361, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %363 = tosa.sub %35, %139 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %364 = tosa.mul %139, %363, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %365 = tosa.mul %356, %364, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %366 = tosa.sub %35, %138 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %367 = tosa.mul %138, %366, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %368 = tosa.mul %354, %367, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %369 = tosa.concat %368, %365, %362, %359 {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %370 = tosa.transpose %369 {perms = array<i32: 1, 0>} : (tensor<16x128xf32>) -> tensor<128x16xf32>
    %371 = tosa.reshape %370, %26 : (tensor<128x16xf32>, !tosa.shape<3>) -> tensor<1x128x16xf32>
    %372 = tosa.matmul %371, %125, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x16xf32>
    %373 = tosa.reshape %372, %27 : (tensor<1x128x16xf32>, !tosa.shape<2>) -> tensor<128x16xf32>
    %374 = tosa.reduce_sum %369 {axis = 0 : i32} : (tensor<16x128xf32>) -> tensor<1x128xf32>
    %375 = tosa.reshape %374, %28 : (tensor<1x128xf32>, !tosa.shape<1>) -> tensor<128xf32>
    %376 = tosa.add %339, %375 : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
    %377 = tosa.add %340, %373 : (tensor<128x16xf32>, tensor<128x16xf32>) -> tensor<128x16xf32>
    %378 = tosa.reshape %369, %9 : (tensor<16x128xf32>, !tosa.shape<3>) -> tensor<1x16x128xf32>
    %379 = tosa.matmul %378, %268, %3, %3 : (tensor<1x16x128xf32>, tensor<1x128x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x32xf32>
    %380 = tosa.reshape %379, %10 : (tensor<1x16x32xf32>, !tosa.shape<2>) -> tensor<16x32xf32>
    %381 = tosa.matmul %371, %126, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x32xf32>
    %382 = tosa.reshape %381, %30 : (tensor<1x128x32xf32>, !tosa.shape<2>) -> tensor<128x32xf32>
    %383 = tosa.add %346, %382 : (tensor<128x32xf32>, tensor<128x32xf32>) -> tensor<128x32xf32>
    %384 = tosa.mul %380, %119, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %385 = tosa.mul %380, %123, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %386 = tosa.mul %123, %123, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %387 = tosa.sub %35, %386 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %388 = tosa.mul %384, %387, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %389 = tosa.add %355, %388 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %390 = tosa.mul %389, %116, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %391 = tosa.mul %389, %118, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %392 = tosa.mul %389, %117, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %393 = tosa.mul %389, %100, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %394 = tosa.sub %35, %119 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %395 = tosa.mul %119, %394, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %396 = tosa.mul %385, %395, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %397 = tosa.mul %118, %118, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %398 = tosa.sub %35, %397 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %399 = tosa.mul %390, %398, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %400 = tosa.sub %35, %117 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %401 = tosa.mul %117, %400, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %402 = tosa.mul %393, %401, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %403 = tosa.sub %35, %116 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %404 = tosa.mul %116, %403, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %405 = tosa.mul %391, %404, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %406 = tosa.concat %405, %402, %399, %396 {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %407 = tosa.transpose %406 {perms = array<i32: 1, 0>} : (tensor<16x128xf32>) -> tensor<128x16xf32>
    %408 = tosa.reshape %407, %26 : (tensor<128x16xf32>, !tosa.shape<3>) -> tensor<1x128x16xf32>
    %409 = tosa.matmul %408, %103, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x16xf32>
    %410 = tosa.reshape %409, %27 : (tensor<1x128x16xf32>, !tosa.shape<2>) -> tensor<128x16xf32>
    %411 = tosa.reduce_sum %406 {axis = 0 : i32} : (tensor<16x128xf32>) -> tensor<1x128xf32>
    %412 = tosa.reshape %411, %28 : (tensor<1x128xf32>, !tosa.shape<1>) -> tensor<128xf32>
    %413 = tosa.add %376, %412 : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
    %414 = tosa.add %377, %410 : (tensor<128x16xf32>, tensor<128x16xf32>) -> tensor<128x16xf32>
    %415 = tosa.reshape %406, %9 : (tensor<16x128xf32>, !tosa.shape<3>) -> tensor<1x16x128xf32>
    %416 = tosa.matmul %415, %268, %3, %3 : (tensor<1x16x128xf32>, tensor<1x128x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x32xf32>
    %417 = tosa.reshape %416, %10 : (tensor<1x16x32xf32>, !tosa.shape<2>) -> tensor<16x32xf32>
    %418 = tosa.matmul %408, %104, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x32xf32>
    %419 = tosa.reshape %418, %30 : (tensor<1x128x32xf32>, !tosa.shape<2>) -> tensor<128x32xf32>
    %420 = tosa.add %383, %419 : (tensor<128x32xf32>, tensor<128x32xf32>) -> tensor<128x32xf32>
    %421 = tosa.mul %417, %97, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %422 = tosa.mul %417, %101, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %423 = tosa.mul %101, %101, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %424 = tosa.sub %35, %423 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %425 = tosa.mul %421, %424, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %426 = tosa.add %392, %425 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %427 = tosa.mul %426, %94, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %428 = tosa.mul %426, %96, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %429 = tosa.mul %426, %95, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %430 = tosa.mul %426, %78, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %431 = tosa.sub %35, %97 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %432 = tosa.mul %97, %431, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %433 = tosa.mul %422, %432, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %434 = tosa.mul %96, %96, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %435 = tosa.sub %35, %434 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %436 = tosa.mul %427, %435, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %437 = tosa.sub %35, %95 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %438 = tosa.mul %95, %437, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %439 = tosa.mul %430, %438, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %440 = tosa.sub %35, %94 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %441 = tosa.mul %94, %440, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %442 = tosa.mul %428, %441, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %443 = tosa.concat %442, %439, %436, %433 {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %444 = tosa.transpose %443 {perms = array<i32: 1, 0>} : (tensor<16x128xf32>) -> tensor<128x16xf32>
    %445 = tosa.reshape %444, %26 : (tensor<128x16xf32>, !tosa.shape<3>) -> tensor<1x128x16xf32>
    %446 = tosa.matmul %445, %81, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x16xf32>
    %447 = tosa.reshape %446, %27 : (tensor<1x128x16xf32>, !tosa.shape<2>) -> tensor<128x16xf32>
    %448 = tosa.reduce_sum %443 {axis = 0 : i32} : (tensor<16x128xf32>) -> tensor<1x128xf32>
    %449 = tosa.reshape %448, %28 : (tensor<1x128xf32>, !tosa.shape<1>) -> tensor<128xf32>
    %450 = tosa.add %413, %449 : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
    %451 = tosa.add %414, %447 : (tensor<128x16xf32>, tensor<128x16xf32>) -> tensor<128x16xf32>
    %452 = tosa.reshape %443, %9 : (tensor<16x128xf32>, !tosa.shape<3>) -> tensor<1x16x128xf32>
    %453 = tosa.matmul %452, %268, %3, %3 : (tensor<1x16x128xf32>, tensor<1x128x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x32xf32>
    %454 = tosa.reshape %453, %10 : (tensor<1x16x32xf32>, !tosa.shape<2>) -> tensor<16x32xf32>
    %455 = tosa.matmul %445, %82, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x32xf32>
    %456 = tosa.reshape %455, %30 : (tensor<1x128x32xf32>, !tosa.shape<2>) -> tensor<128x32xf32>
    %457 = tosa.add %420, %456 : (tensor<128x32xf32>, tensor<128x32xf32>) -> tensor<128x32xf32>
    %458 = tosa.mul %454, %75, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %459 = tosa.mul %454, %79, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %460 = tosa.mul %79, %79, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %461 = tosa.sub %35, %460 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %462 = tosa.mul %458, %461, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %463 = tosa.add %429, %462 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %464 = tosa.mul %463, %72, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %465 = tosa.mul %463, %74, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %466 = tosa.mul %463, %73, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %467 = tosa.mul %463, %56, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %468 = tosa.sub %35, %75 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %469 = tosa.mul %75, %468, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %470 = tosa.mul %459, %469, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %471 = tosa.mul %74, %74, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %472 = tosa.sub %35, %471 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %473 = tosa.mul %464, %472, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %474 = tosa.sub %35, %73 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %475 = tosa.mul %73, %474, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %476 = tosa.mul %467, %475, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %477 = tosa.sub %35, %72 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %478 = tosa.mul %72, %477, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %479 = tosa.mul %465, %478, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %480 = tosa.concat %479, %476, %473, %470 {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %481 = tosa.transpose %480 {perms = array<i32: 1, 0>} : (tensor<16x128xf32>) -> tensor<128x16xf32>
    %482 = tosa.reshape %481, %26 : (tensor<128x16xf32>, !tosa.shape<3>) -> tensor<1x128x16xf32>
    %483 = tosa.matmul %482, %59, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x16xf32>
    %484 = tosa.reshape %483, %27 : (tensor<1x128x16xf32>, !tosa.shape<2>) -> tensor<128x16xf32>
    %485 = tosa.reduce_sum %480 {axis = 0 : i32} : (tensor<16x128xf32>) -> tensor<1x128xf32>
    %486 = tosa.reshape %485, %28 : (tensor<1x128xf32>, !tosa.shape<1>) -> tensor<128xf32>
    %487 = tosa.add %450, %486 : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
    %488 = tosa.add %451, %484 : (tensor<128x16xf32>, tensor<128x16xf32>) -> tensor<128x16xf32>
    %489 = tosa.reshape %480, %9 : (tensor<16x128xf32>, !tosa.shape<3>) -> tensor<1x16x128xf32>
    %490 = tosa.matmul %489, %268, %3, %3 : (tensor<1x16x128xf32>, tensor<1x128x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x32xf32>
    %491 = tosa.reshape %490, %10 : (tensor<1x16x32xf32>, !tosa.shape<2>) -> tensor<16x32xf32>
    %492 = tosa.matmul %482, %60, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x32xf32>
    %493 = tosa.reshape %492, %30 : (tensor<1x128x32xf32>, !tosa.shape<2>) -> tensor<128x32xf32>
    %494 = tosa.add %457, %493 : (tensor<128x32xf32>, tensor<128x32xf32>) -> tensor<128x32xf32>
    %495 = tosa.mul %491, %55, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %496 = tosa.mul %491, %57, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %497 = tosa.mul %57, %57, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %498 = tosa.sub %35, %497 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %499 = tosa.mul %495, %498, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %500 = tosa.add %466, %499 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %501 = tosa.mul %500, %53, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %502 = tosa.mul %500, %54, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %503 = tosa.sub %35, %55 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %504 = tosa.mul %55, %503, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %505 = tosa.mul %496, %504, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %506 = tosa.mul %54, %54, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %507 = tosa.sub %35, %506 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %508 = tosa.mul %501, %507, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %509 = tosa.sub %35, %53 : (tensor<1x1xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %510 = tosa.mul %53, %509, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %511 = tosa.mul %502, %510, %7 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<1xi8>) -> tensor<16x32xf32>
    %512 = tosa.concat %511, %cst, %508, %505 {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %513 = tosa.transpose %512 {perms = array<i32: 1, 0>} : (tensor<16x128xf32>) -> tensor<128x16xf32>
    %514 = tosa.reshape %513, %26 : (tensor<128x16xf32>, !tosa.shape<3>) -> tensor<1x128x16xf32>
    %515 = tosa.matmul %514, %36, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x16xf32>
    %516 = tosa.reshape %515, %27 : (tensor<1x128x16xf32>, !tosa.shape<2>) -> tensor<128x16xf32>
    %517 = tosa.reduce_sum %512 {axis = 0 : i32} : (tensor<16x128xf32>) -> tensor<1x128xf32>
    %518 = tosa.reshape %517, %28 : (tensor<1x128xf32>, !tosa.shape<1>) -> tensor<128xf32>
    %519 = tosa.add %487, %518 : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
    %520 = tosa.add %488, %516 : (tensor<128x16xf32>, tensor<128x16xf32>) -> tensor<128x16xf32>
    %521 = tosa.matmul %514, %31, %3, %3 : (tensor<1x128x16xf32>, tensor<1x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x32xf32>
    %522 = tosa.reshape %521, %30 : (tensor<1x128x32xf32>, !tosa.shape<2>) -> tensor<128x32xf32>
    %523 = tosa.add %494, %522 : (tensor<128x32xf32>, tensor<128x32xf32>) -> tensor<128x32xf32>
    return %225, %520, %523, %519, %519, %236, %238 : tensor<f32>, tensor<128x16xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<128xf32>, tensor<16x32xf32>, tensor<16xf32>
  }
}
