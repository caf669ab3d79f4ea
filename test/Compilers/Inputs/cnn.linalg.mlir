#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1)>
#map2 = affine_map<(d0) -> (d0)>
#map3 = affine_map<(d0, d1, d2, d3) -> (0, d1, 0, 0)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d0, d1)>
#map6 = affine_map<(d0, d1) -> (d1)>
#map7 = affine_map<(d0, d1) -> (d0)>
#map8 = affine_map<(d0, d1) -> (d0, 0)>
#map9 = affine_map<(d0, d1) -> ()>
#map10 = affine_map<() -> ()>
#map11 = affine_map<(d0, d1) -> (0, d1)>
#map12 = affine_map<(d0, d1, d2, d3) -> ()>
module {
  func.func @train_step(%arg0: tensor<16x3x3x3xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16x16x3x3xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16xf32>, %arg5: tensor<16xf32>, %arg6: tensor<16xf32>, %arg7: tensor<16xf32>, %arg8: tensor<10x16xf32>, %arg9: tensor<10xf32>, %arg10: tensor<4x3x16x16xf32>, %arg11: tensor<4x10xf32>) -> (tensor<f32>, tensor<16x3x3x3xf32>, tensor<16xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<10x16xf32>, tensor<10xf32>) {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f64
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_3 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_4 = arith.constant 1.000000e-05 : f64
    %cst_5 = arith.constant 1.024000e+03 : f32
    %cst_6 = arith.constant 1.024000e+03 : f64
    %cst_7 = arith.constant 2.560000e+02 : f32
    %cst_8 = arith.constant 4.000000e+00 : f32
    %cst_9 = arith.constant 9.765625E-4 : f32
    %c2 = arith.constant 2 : index
    %padded = tensor.pad %arg10 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg12: index, %arg13: index, %arg14: index, %arg15: index):
      tensor.yield %cst : f32
    } : tensor<4x3x16x16xf32> to tensor<4x3x18x18xf32>
    %0 = tensor.empty() : tensor<4x16x16x16xf32>
    %broadcasted = linalg.broadcast ins(%arg1 : tensor<16xf32>) outs(%0 : tensor<4x16x16x16xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg0 : tensor<4x3x18x18xf32>, tensor<16x3x3x3xf32>) outs(%broadcasted : tensor<4x16x16x16xf32>) -> tensor<4x16x16x16xf32>
    %2 = tensor.empty() : tensor<16xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<16xf32>) -> tensor<16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%1 : tensor<4x16x16x16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.addf %in, %out : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %5 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%4 : tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.divf %in, %cst_5 : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %6 = tensor.empty() : tensor<4x16x16x16xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<4x16x16x16xf32>) outs(%6 : tensor<4x16x16x16xf64>) {
    ^bb0(%in: f32, %out: f64):
      %137 = arith.extf %in : f32 to f64
      linalg.yield %137 : f64
    } -> tensor<4x16x16x16xf64>
    %8 = tensor.empty() : tensor<1x16x1x1xf64>
    %9 = linalg.fill ins(%cst_0 : f64) outs(%8 : tensor<1x16x1x1xf64>) -> tensor<1x16x1x1xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%7 : tensor<4x16x16x16xf64>) outs(%9 : tensor<1x16x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %137 = arith.addf %in, %out : f64
      linalg.yield %137 : f64
    } -> tensor<1x16x1x1xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10 : tensor<1x16x1x1xf64>) outs(%8 : tensor<1x16x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %137 = arith.divf %in, %cst_6 : f64
      linalg.yield %137 : f64
    } -> tensor<1x16x1x1xf64>
    %12 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %11 : tensor<4x16x16x16xf64>, tensor<1x16x1x1xf64>) outs(%6 : tensor<4x16x16x16xf64>) {
    ^bb0(%in: f64, %in_35: f64, %out: f64):
      %137 = arith.subf %in, %in_35 : f64
      linalg.yield %137 : f64
    } -> tensor<4x16x16x16xf64>
    %13 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %12 : tensor<4x16x16x16xf64>, tensor<4x16x16x16xf64>) outs(%6 : tensor<4x16x16x16xf64>) {
    ^bb0(%in: f64, %in_35: f64, %out: f64):
      %137 = arith.mulf %in, %in_35 : f64
      linalg.yield %137 : f64
    } -> tensor<4x16x16x16xf64>
    %14 = tensor.empty() : tensor<16xf64>
    %15 = linalg.fill ins(%cst_0 : f64) outs(%14 : tensor<16xf64>) -> tensor<16xf64>
    %16 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%13 : tensor<4x16x16x16xf64>) outs(%15 : tensor<16xf64>) {
    ^bb0(%in: f64, %out: f64):
      %137 = arith.addf %in, %out : f64
      linalg.yield %137 : f64
    } -> tensor<16xf64>
    %17 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%16 : tensor<16xf64>) outs(%14 : tensor<16xf64>) {
    ^bb0(%in: f64, %out: f64):
      %137 = arith.divf %in, %cst_6 : f64
      linalg.yield %137 : f64
    } -> tensor<16xf64>
    %18 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%17 : tensor<16xf64>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f64, %out: f32):
      %137 = arith.truncf %in : f64 to f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %19 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%18 : tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.truncf %cst_4 : f64 to f32
      %138 = arith.addf %in, %137 : f32
      linalg.yield %138 : f32
    } -> tensor<16xf32>
    %20 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%19 : tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = math.rsqrt %in : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %expanded = tensor.expand_shape %5 [[0, 1, 2, 3]] output_shape [1, 16, 1, 1] : tensor<16xf32> into tensor<1x16x1x1xf32>
    %expanded_10 = tensor.expand_shape %20 [[0, 1, 2, 3]] output_shape [1, 16, 1, 1] : tensor<16xf32> into tensor<1x16x1x1xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %expanded : tensor<4x16x16x16xf32>, tensor<1x16x1x1xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.subf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %expanded_10 : tensor<4x16x16x16xf32>, tensor<1x16x1x1xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %expanded_11 = tensor.expand_shape %arg4 [[0, 1, 2, 3]] output_shape [1, 16, 1, 1] : tensor<16xf32> into tensor<1x16x1x1xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22, %expanded_11 : tensor<4x16x16x16xf32>, tensor<1x16x1x1xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %expanded_12 = tensor.expand_shape %arg5 [[0, 1, 2, 3]] output_shape [1, 16, 1, 1] : tensor<16xf32> into tensor<1x16x1x1xf32>
    %24 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %expanded_12 : tensor<4x16x16x16xf32>, tensor<1x16x1x1xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.addf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24 : tensor<4x16x16x16xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.cmpf ugt, %in, %cst : f32
      %138 = arith.select %137, %in, %cst : f32
      linalg.yield %138 : f32
    } -> tensor<4x16x16x16xf32>
    %padded_13 = tensor.pad %25 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg12: index, %arg13: index, %arg14: index, %arg15: index):
      tensor.yield %cst : f32
    } : tensor<4x16x16x16xf32> to tensor<4x16x18x18xf32>
    %broadcasted_14 = linalg.broadcast ins(%arg3 : tensor<16xf32>) outs(%0 : tensor<4x16x16x16xf32>) dimensions = [0, 2, 3] 
    %26 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_13, %arg2 : tensor<4x16x18x18xf32>, tensor<16x16x3x3xf32>) outs(%broadcasted_14 : tensor<4x16x16x16xf32>) -> tensor<4x16x16x16xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%26 : tensor<4x16x16x16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.addf %in, %out : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %28 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%27 : tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.divf %in, %cst_5 : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26 : tensor<4x16x16x16xf32>) outs(%6 : tensor<4x16x16x16xf64>) {
    ^bb0(%in: f32, %out: f64):
      %137 = arith.extf %in : f32 to f64
      linalg.yield %137 : f64
    } -> tensor<4x16x16x16xf64>
    %30 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%29 : tensor<4x16x16x16xf64>) outs(%9 : tensor<1x16x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %137 = arith.addf %in, %out : f64
      linalg.yield %137 : f64
    } -> tensor<1x16x1x1xf64>
    %31 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30 : tensor<1x16x1x1xf64>) outs(%8 : tensor<1x16x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %137 = arith.divf %in, %cst_6 : f64
      linalg.yield %137 : f64
    } -> tensor<1x16x1x1xf64>
    %32 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %31 : tensor<4x16x16x16xf64>, tensor<1x16x1x1xf64>) outs(%6 : tensor<4x16x16x16xf64>) {
    ^bb0(%in: f64, %in_35: f64, %out: f64):
      %137 = arith.subf %in, %in_35 : f64
      linalg.yield %137 : f64
    } -> tensor<4x16x16x16xf64>
    %33 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32, %32 : tensor<4x16x16x16xf64>, tensor<4x16x16x16xf64>) outs(%6 : tensor<4x16x16x16xf64>) {
    ^bb0(%in: f64, %in_35: f64, %out: f64):
      %137 = arith.mulf %in, %in_35 : f64
      linalg.yield %137 : f64
    } -> tensor<4x16x16x16xf64>
    %34 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%33 : tensor<4x16x16x16xf64>) outs(%15 : tensor<16xf64>) {
    ^bb0(%in: f64, %out: f64):
      %137 = arith.addf %in, %out : f64
      linalg.yield %137 : f64
    } -> tensor<16xf64>
    %35 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%34 : tensor<16xf64>) outs(%14 : tensor<16xf64>) {
    ^bb0(%in: f64, %out: f64):
      %137 = arith.divf %in, %cst_6 : f64
      linalg.yield %137 : f64
    } -> tensor<16xf64>
    %36 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%35 : tensor<16xf64>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f64, %out: f32):
      %137 = arith.truncf %in : f64 to f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %37 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%36 : tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.truncf %cst_4 : f64 to f32
      %138 = arith.addf %in, %137 : f32
      linalg.yield %138 : f32
    } -> tensor<16xf32>
    %38 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%37 : tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = math.rsqrt %in : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %expanded_15 = tensor.expand_shape %28 [[0, 1, 2, 3]] output_shape [1, 16, 1, 1] : tensor<16xf32> into tensor<1x16x1x1xf32>
    %expanded_16 = tensor.expand_shape %38 [[0, 1, 2, 3]] output_shape [1, 16, 1, 1] : tensor<16xf32> into tensor<1x16x1x1xf32>
    %39 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_15 : tensor<4x16x16x16xf32>, tensor<1x16x1x1xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.subf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %40 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_16 : tensor<4x16x16x16xf32>, tensor<1x16x1x1xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %expanded_17 = tensor.expand_shape %arg6 [[0, 1, 2, 3]] output_shape [1, 16, 1, 1] : tensor<16xf32> into tensor<1x16x1x1xf32>
    %41 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %expanded_17 : tensor<4x16x16x16xf32>, tensor<1x16x1x1xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %expanded_18 = tensor.expand_shape %arg7 [[0, 1, 2, 3]] output_shape [1, 16, 1, 1] : tensor<16xf32> into tensor<1x16x1x1xf32>
    %42 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %expanded_18 : tensor<4x16x16x16xf32>, tensor<1x16x1x1xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.addf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %43 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42 : tensor<4x16x16x16xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.cmpf ugt, %in, %cst : f32
      %138 = arith.select %137, %in, %cst : f32
      linalg.yield %138 : f32
    } -> tensor<4x16x16x16xf32>
    %44 = tensor.empty() : tensor<4x16xf32>
    %45 = linalg.fill ins(%cst : f32) outs(%44 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %46 = linalg.generic {indexing_maps = [#map, #map4], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%43 : tensor<4x16x16x16xf32>) outs(%45 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.addf %in, %out : f32
      linalg.yield %137 : f32
    } -> tensor<4x16xf32>
    %47 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%46 : tensor<4x16xf32>) outs(%44 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.divf %in, %cst_7 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16xf32>
    %48 = tensor.empty() : tensor<16x10xf32>
    %transposed = linalg.transpose ins(%arg8 : tensor<10x16xf32>) outs(%48 : tensor<16x10xf32>) permutation = [1, 0] 
    %49 = tensor.empty() : tensor<4x10xf32>
    %50 = linalg.fill ins(%cst : f32) outs(%49 : tensor<4x10xf32>) -> tensor<4x10xf32>
    %51 = linalg.matmul ins(%47, %transposed : tensor<4x16xf32>, tensor<16x10xf32>) outs(%50 : tensor<4x10xf32>) -> tensor<4x10xf32>
    %52 = linalg.generic {indexing_maps = [#map6, #map5], iterator_types = ["parallel", "parallel"]} ins(%arg9 : tensor<10xf32>) outs(%49 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x10xf32>
    %53 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%51, %52 : tensor<4x10xf32>, tensor<4x10xf32>) outs(%49 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.addf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x10xf32>
    %54 = tensor.empty() : tensor<4xi64>
    %55 = linalg.fill ins(%c0_i64 : i64) outs(%54 : tensor<4xi64>) -> tensor<4xi64>
    %56 = tensor.empty() : tensor<4xf32>
    %57 = linalg.fill ins(%cst_1 : f32) outs(%56 : tensor<4xf32>) -> tensor<4xf32>
    %58:2 = linalg.generic {indexing_maps = [#map5, #map7, #map7], iterator_types = ["parallel", "reduction"]} ins(%53 : tensor<4x10xf32>) outs(%57, %55 : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%in: f32, %out: f32, %out_35: i64):
      %137 = linalg.index 1 : index
      %138 = arith.index_cast %137 : index to i64
      %139 = arith.maximumf %in, %out : f32
      %140 = arith.cmpf ogt, %in, %out : f32
      %141 = arith.select %140, %138, %out_35 : i64
      linalg.yield %139, %141 : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    %expanded_19 = tensor.expand_shape %58#0 [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
    %59 = linalg.generic {indexing_maps = [#map5, #map8, #map5], iterator_types = ["parallel", "parallel"]} ins(%53, %expanded_19 : tensor<4x10xf32>, tensor<4x1xf32>) outs(%49 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.subf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x10xf32>
    %60 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%59 : tensor<4x10xf32>) outs(%49 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = math.exp %in : f32
      linalg.yield %137 : f32
    } -> tensor<4x10xf32>
    %61 = tensor.empty() : tensor<4x1xf32>
    %62 = linalg.fill ins(%cst : f32) outs(%61 : tensor<4x1xf32>) -> tensor<4x1xf32>
    %63 = linalg.generic {indexing_maps = [#map5, #map8], iterator_types = ["parallel", "reduction"]} ins(%60 : tensor<4x10xf32>) outs(%62 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.addf %in, %out : f32
      linalg.yield %137 : f32
    } -> tensor<4x1xf32>
    %64 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%63 : tensor<4x1xf32>) outs(%61 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = math.log %in : f32
      linalg.yield %137 : f32
    } -> tensor<4x1xf32>
    %65 = linalg.generic {indexing_maps = [#map5, #map8, #map5], iterator_types = ["parallel", "parallel"]} ins(%59, %64 : tensor<4x10xf32>, tensor<4x1xf32>) outs(%49 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.subf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x10xf32>
    %66 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%65, %arg11 : tensor<4x10xf32>, tensor<4x10xf32>) outs(%49 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x10xf32>
    %67 = tensor.empty() : tensor<f32>
    %68 = linalg.fill ins(%cst : f32) outs(%67 : tensor<f32>) -> tensor<f32>
    %69 = linalg.generic {indexing_maps = [#map5, #map9], iterator_types = ["reduction", "reduction"]} ins(%66 : tensor<4x10xf32>) outs(%68 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.addf %in, %out : f32
      linalg.yield %137 : f32
    } -> tensor<f32>
    %70 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = []} ins(%69 : tensor<f32>) outs(%67 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.negf %in : f32
      linalg.yield %137 : f32
    } -> tensor<f32>
    %71 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = []} ins(%70 : tensor<f32>) outs(%67 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.divf %in, %cst_8 : f32
      linalg.yield %137 : f32
    } -> tensor<f32>
    %72 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = []} ins(%cst_3 : tensor<f32>) outs(%67 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.divf %in, %cst_8 : f32
      linalg.yield %137 : f32
    } -> tensor<f32>
    %73 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = []} ins(%72 : tensor<f32>) outs(%67 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.negf %in : f32
      linalg.yield %137 : f32
    } -> tensor<f32>
    %74 = linalg.generic {indexing_maps = [#map9, #map5], iterator_types = ["parallel", "parallel"]} ins(%73 : tensor<f32>) outs(%49 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x10xf32>
    %75 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%74, %arg11 : tensor<4x10xf32>, tensor<4x10xf32>) outs(%49 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x10xf32>
    %76 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%65 : tensor<4x10xf32>) outs(%49 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = math.exp %in : f32
      linalg.yield %137 : f32
    } -> tensor<4x10xf32>
    %77 = linalg.generic {indexing_maps = [#map5, #map8], iterator_types = ["parallel", "reduction"]} ins(%75 : tensor<4x10xf32>) outs(%62 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.addf %in, %out : f32
      linalg.yield %137 : f32
    } -> tensor<4x1xf32>
    %78 = linalg.generic {indexing_maps = [#map5, #map8, #map5], iterator_types = ["parallel", "parallel"]} ins(%76, %77 : tensor<4x10xf32>, tensor<4x1xf32>) outs(%49 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x10xf32>
    %79 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%75, %78 : tensor<4x10xf32>, tensor<4x10xf32>) outs(%49 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.subf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x10xf32>
    %80 = linalg.matmul ins(%79, %arg8 : tensor<4x10xf32>, tensor<10x16xf32>) outs(%45 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %81 = tensor.empty() : tensor<10x4xf32>
    %transposed_20 = linalg.transpose ins(%79 : tensor<4x10xf32>) outs(%81 : tensor<10x4xf32>) permutation = [1, 0] 
    %82 = tensor.empty() : tensor<10x16xf32>
    %83 = linalg.fill ins(%cst : f32) outs(%82 : tensor<10x16xf32>) -> tensor<10x16xf32>
    %84 = linalg.matmul ins(%transposed_20, %47 : tensor<10x4xf32>, tensor<4x16xf32>) outs(%83 : tensor<10x16xf32>) -> tensor<10x16xf32>
    %85 = tensor.empty() : tensor<1x10xf32>
    %86 = linalg.fill ins(%cst : f32) outs(%85 : tensor<1x10xf32>) -> tensor<1x10xf32>
    %87 = linalg.generic {indexing_maps = [#map5, #map11], iterator_types = ["reduction", "parallel"]} ins(%79 : tensor<4x10xf32>) outs(%86 : tensor<1x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.addf %in, %out : f32
      linalg.yield %137 : f32
    } -> tensor<1x10xf32>
    %collapsed = tensor.collapse_shape %87 [[0, 1]] : tensor<1x10xf32> into tensor<10xf32>
    %88 = linalg.generic {indexing_maps = [#map4, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%80 : tensor<4x16xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x16x16x16xf32>
    %89 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%88 : tensor<4x16x16x16xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.divf %in, %cst_7 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %90 = tensor.empty() : tensor<4x16x16x16xi1>
    %91 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43 : tensor<4x16x16x16xf32>) outs(%90 : tensor<4x16x16x16xi1>) {
    ^bb0(%in: f32, %out: i1):
      %137 = arith.cmpf ole, %in, %cst : f32
      linalg.yield %137 : i1
    } -> tensor<4x16x16x16xi1>
    %92 = linalg.generic {indexing_maps = [#map, #map12, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%91, %cst_2, %89 : tensor<4x16x16x16xi1>, tensor<f32>, tensor<4x16x16x16xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: i1, %in_35: f32, %in_36: f32, %out: f32):
      %137 = arith.select %in, %in_35, %in_36 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%92 : tensor<4x16x16x16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.addf %in, %out : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %94 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%92, %39 : tensor<4x16x16x16xf32>, tensor<4x16x16x16xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %95 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%94 : tensor<4x16x16x16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.addf %in, %out : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %96 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%93 : tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.mulf %in, %cst_9 : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %expanded_21 = tensor.expand_shape %96 [[0, 1, 2, 3]] output_shape [1, 16, 1, 1] : tensor<16xf32> into tensor<1x16x1x1xf32>
    %97 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%95 : tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.mulf %in, %cst_9 : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %98 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%38, %38 : tensor<16xf32>, tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %99 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%97, %98 : tensor<16xf32>, tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %expanded_22 = tensor.expand_shape %99 [[0, 1, 2, 3]] output_shape [1, 16, 1, 1] : tensor<16xf32> into tensor<1x16x1x1xf32>
    %100 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%38, %arg6 : tensor<16xf32>, tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %expanded_23 = tensor.expand_shape %100 [[0, 1, 2, 3]] output_shape [1, 16, 1, 1] : tensor<16xf32> into tensor<1x16x1x1xf32>
    %101 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_22 : tensor<4x16x16x16xf32>, tensor<1x16x1x1xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %102 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%92, %101 : tensor<4x16x16x16xf32>, tensor<4x16x16x16xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.subf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %103 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%102, %expanded_21 : tensor<4x16x16x16xf32>, tensor<1x16x1x1xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.subf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %104 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%103, %expanded_23 : tensor<4x16x16x16xf32>, tensor<1x16x1x1xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %105 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%95, %38 : tensor<16xf32>, tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %106 = tensor.empty() : tensor<16x16x3x3xf32>
    %107 = linalg.fill ins(%cst : f32) outs(%106 : tensor<16x16x3x3xf32>) -> tensor<16x16x3x3xf32>
    %108 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%107 : tensor<16x16x3x3xf32>) {
    ^bb0(%out: f32):
      %137 = linalg.index 0 : index
      %138 = linalg.index 1 : index
      %139 = linalg.index 2 : index
      %140 = linalg.index 3 : index
      %141 = arith.subi %c2, %139 : index
      %142 = arith.subi %c2, %140 : index
      %extracted = tensor.extract %arg2[%138, %137, %141, %142] : tensor<16x16x3x3xf32>
      linalg.yield %extracted : f32
    } -> tensor<16x16x3x3xf32>
    %109 = tensor.empty() : tensor<4x16x18x18xf32>
    %110 = linalg.fill ins(%cst : f32) outs(%109 : tensor<4x16x18x18xf32>) -> tensor<4x16x18x18xf32>
    %inserted_slice = tensor.insert_slice %104 into %110[0, 0, 1, 1] [4, 16, 16, 16] [1, 1, 1, 1] : tensor<4x16x16x16xf32> into tensor<4x16x18x18xf32>
    %111 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x16x16x16xf32>) -> tensor<4x16x16x16xf32>
    %112 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%inserted_slice, %108 : tensor<4x16x18x18xf32>, tensor<16x16x3x3xf32>) outs(%111 : tensor<4x16x16x16xf32>) -> tensor<4x16x16x16xf32>
    %113 = tensor.empty() : tensor<16x4x16x16xf32>
    %transposed_24 = linalg.transpose ins(%25 : tensor<4x16x16x16xf32>) outs(%113 : tensor<16x4x16x16xf32>) permutation = [1, 0, 2, 3] 
    %transposed_25 = linalg.transpose ins(%104 : tensor<4x16x16x16xf32>) outs(%113 : tensor<16x4x16x16xf32>) permutation = [1, 0, 2, 3] 
    %padded_26 = tensor.pad %transposed_24 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg12: index, %arg13: index, %arg14: index, %arg15: index):
      tensor.yield %cst : f32
    } : tensor<16x4x16x16xf32> to tensor<16x4x18x18xf32>
    %114 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_26, %transposed_25 : tensor<16x4x18x18xf32>, tensor<16x4x16x16xf32>) outs(%107 : tensor<16x16x3x3xf32>) -> tensor<16x16x3x3xf32>
    %transposed_27 = linalg.transpose ins(%114 : tensor<16x16x3x3xf32>) outs(%106 : tensor<16x16x3x3xf32>) permutation = [1, 0, 2, 3] 
    %115 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%104 : tensor<4x16x16x16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.addf %in, %out : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %116 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25 : tensor<4x16x16x16xf32>) outs(%90 : tensor<4x16x16x16xi1>) {
    ^bb0(%in: f32, %out: i1):
      %137 = arith.cmpf ole, %in, %cst : f32
      linalg.yield %137 : i1
    } -> tensor<4x16x16x16xi1>
    %117 = linalg.generic {indexing_maps = [#map, #map12, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%116, %cst_2, %112 : tensor<4x16x16x16xi1>, tensor<f32>, tensor<4x16x16x16xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: i1, %in_35: f32, %in_36: f32, %out: f32):
      %137 = arith.select %in, %in_35, %in_36 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %118 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%117 : tensor<4x16x16x16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.addf %in, %out : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %119 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%117, %21 : tensor<4x16x16x16xf32>, tensor<4x16x16x16xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %120 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%119 : tensor<4x16x16x16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.addf %in, %out : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %121 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%118 : tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.mulf %in, %cst_9 : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %expanded_28 = tensor.expand_shape %121 [[0, 1, 2, 3]] output_shape [1, 16, 1, 1] : tensor<16xf32> into tensor<1x16x1x1xf32>
    %122 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%120 : tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.mulf %in, %cst_9 : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %123 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%20, %20 : tensor<16xf32>, tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %124 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%122, %123 : tensor<16xf32>, tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %expanded_29 = tensor.expand_shape %124 [[0, 1, 2, 3]] output_shape [1, 16, 1, 1] : tensor<16xf32> into tensor<1x16x1x1xf32>
    %125 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%20, %arg4 : tensor<16xf32>, tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %expanded_30 = tensor.expand_shape %125 [[0, 1, 2, 3]] output_shape [1, 16, 1, 1] : tensor<16xf32> into tensor<1x16x1x1xf32>
    %126 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %expanded_29 : tensor<4x16x16x16xf32>, tensor<1x16x1x1xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %127 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%117, %126 : tensor<4x16x16x16xf32>, tensor<4x16x16x16xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.subf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %128 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%127, %expanded_28 : tensor<4x16x16x16xf32>, tensor<1x16x1x1xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.subf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %129 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%128, %expanded_30 : tensor<4x16x16x16xf32>, tensor<1x16x1x1xf32>) outs(%0 : tensor<4x16x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<4x16x16x16xf32>
    %130 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%120, %20 : tensor<16xf32>, tensor<16xf32>) outs(%2 : tensor<16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %137 = arith.mulf %in, %in_35 : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    %131 = tensor.empty() : tensor<3x4x16x16xf32>
    %transposed_31 = linalg.transpose ins(%arg10 : tensor<4x3x16x16xf32>) outs(%131 : tensor<3x4x16x16xf32>) permutation = [1, 0, 2, 3] 
    %transposed_32 = linalg.transpose ins(%129 : tensor<4x16x16x16xf32>) outs(%113 : tensor<16x4x16x16xf32>) permutation = [1, 0, 2, 3] 
    %padded_33 = tensor.pad %transposed_31 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg12: index, %arg13: index, %arg14: index, %arg15: index):
      tensor.yield %cst : f32
    } : tensor<3x4x16x16xf32> to tensor<3x4x18x18xf32>
    %132 = tensor.empty() : tensor<3x16x3x3xf32>
    %133 = linalg.fill ins(%cst : f32) outs(%132 : tensor<3x16x3x3xf32>) -> tensor<3x16x3x3xf32>
    %134 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_33, %transposed_32 : tensor<3x4x18x18xf32>, tensor<16x4x16x16xf32>) outs(%133 : tensor<3x16x3x3xf32>) -> tensor<3x16x3x3xf32>
    %135 = tensor.empty() : tensor<16x3x3x3xf32>
    %transposed_34 = linalg.transpose ins(%134 : tensor<3x16x3x3xf32>) outs(%135 : tensor<16x3x3x3xf32>) permutation = [1, 0, 2, 3] 
    %136 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%129 : tensor<4x16x16x16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %137 = arith.addf %in, %out : f32
      linalg.yield %137 : f32
    } -> tensor<16xf32>
    return %71, %transposed_34, %136, %transposed_27, %115, %130, %118, %105, %93, %84, %collapsed : tensor<f32>, tensor<16x3x3x3xf32>, tensor<16xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<10x16xf32>, tensor<10xf32>
  }
}
