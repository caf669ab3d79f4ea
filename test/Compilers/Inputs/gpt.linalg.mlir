#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0) -> (d0)>
#map7 = affine_map<(d0, d1) -> (0, d1)>
#map8 = affine_map<(d0, d1) -> (d0, 0)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map10 = affine_map<(d0, d1, d2, d3) -> ()>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map13 = affine_map<(d0, d1) -> (d0)>
#map14 = affine_map<(d0, d1) -> ()>
#map15 = affine_map<() -> ()>
#map16 = affine_map<(d0, d1, d2) -> ()>
module {
  func.func @train_step(%arg0: tensor<64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<192x64xf32>, %arg5: tensor<192xf32>, %arg6: tensor<64x64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<256x64xf32>, %arg9: tensor<256xf32>, %arg10: tensor<64x256xf32>, %arg11: tensor<64xf32>, %arg12: tensor<64xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<192x64xf32>, %arg17: tensor<192xf32>, %arg18: tensor<64x64xf32>, %arg19: tensor<64xf32>, %arg20: tensor<256x64xf32>, %arg21: tensor<256xf32>, %arg22: tensor<64x256xf32>, %arg23: tensor<64xf32>, %arg24: tensor<64xf32>, %arg25: tensor<64xf32>, %arg26: tensor<96x64xf32>, %arg27: tensor<4x32x64xf32>, %arg28: tensor<128x96xf32>) -> (tensor<f32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<192x64xf32>, tensor<192xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<192x64xf32>, tensor<192xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<96x64xf32>) {
    %c1_i64 = arith.constant 1 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %c3_i64 = arith.constant 3 : i64
    %cst_2 = arith.constant 4.471500e-02 : f32
    %cst_3 = arith.constant 7.977240e-01 : f32
    %cst_4 = arith.constant 1.000000e+00 : f32
    %cst_5 = arith.constant 5.000000e-01 : f32
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_7 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_8 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_9 = arith.constant dense<true> : tensor<32x32xi1>
    %cst_10 = arith.constant 1.341450e-01 : f64
    %cst_11 = arith.constant 0.79788456080286541 : f64
    %cst_12 = arith.constant 4.471500e-02 : f64
    %cst_13 = arith.constant 1.000000e-05 : f64
    %cst_14 = arith.constant 6.400000e+01 : f64
    %cst_15 = arith.constant 6.400000e+01 : f32
    %cst_16 = arith.constant 2.500000e-01 : f32
    %cst_17 = arith.constant 1.280000e+02 : f32
    %cst_18 = arith.constant dense<1> : tensor<i64>
    %0 = tensor.empty() : tensor<4x32x64xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg27 : tensor<4x32x64xf32>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %357 = arith.extf %in : f32 to f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %2 = tensor.empty() : tensor<4x32x1xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<4x32x1xf64>) -> tensor<4x32x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<4x32x64xf64>) outs(%3 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.addf %in, %out : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<4x32x1xf64>) outs(%2 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.divf %in, %cst_14 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<4x32x64xf64>, tensor<4x32x1xf64>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f64, %in_147: f64, %out: f64):
      %357 = arith.subf %in, %in_147 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<4x32x64xf64>, tensor<4x32x64xf64>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f64, %in_147: f64, %out: f64):
      %357 = arith.mulf %in, %in_147 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<4x32x64xf64>) outs(%3 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.addf %in, %out : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<4x32x1xf64>) outs(%2 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.divf %in, %cst_14 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %10 = tensor.empty() : tensor<4x32x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<4x32x1xf64>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %357 = arith.truncf %in : f64 to f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<4x32x1xf32>) -> tensor<4x32x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg27 : tensor<4x32x64xf32>) outs(%12 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.divf %in, %cst_15 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.truncf %cst_13 : f64 to f32
      %358 = arith.addf %in, %357 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = math.rsqrt %in : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %17 = tensor.empty() : tensor<4x32x64xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg27, %14 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %16 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %arg0 : tensor<4x32x64xf32>, tensor<64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg1 : tensor<4x32x64xf32>, tensor<64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %22 = tensor.empty() : tensor<64x192xf32>
    %transposed = linalg.transpose ins(%arg4 : tensor<192x64xf32>) outs(%22 : tensor<64x192xf32>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %21 [[0, 1], [2]] : tensor<4x32x64xf32> into tensor<128x64xf32>
    %23 = tensor.empty() : tensor<128x192xf32>
    %24 = linalg.fill ins(%cst_0 : f32) outs(%23 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %25 = linalg.matmul ins(%collapsed, %transposed : tensor<128x64xf32>, tensor<64x192xf32>) outs(%24 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %26 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<192xf32>) outs(%23 : tensor<128x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x192xf32>
    %27 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%25, %26 : tensor<128x192xf32>, tensor<128x192xf32>) outs(%23 : tensor<128x192xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<128x192xf32>
    %expanded = tensor.expand_shape %27 [[0, 1], [2]] output_shape [4, 32, 192] : tensor<128x192xf32> into tensor<4x32x192xf32>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [4, 32, 64] [1, 1, 1] : tensor<4x32x192xf32> to tensor<4x32x64xf32>
    %extracted_slice_19 = tensor.extract_slice %expanded[0, 0, 64] [4, 32, 64] [1, 1, 1] : tensor<4x32x192xf32> to tensor<4x32x64xf32>
    %extracted_slice_20 = tensor.extract_slice %expanded[0, 0, 128] [4, 32, 64] [1, 1, 1] : tensor<4x32x192xf32> to tensor<4x32x64xf32>
    %expanded_21 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [4, 32, 4, 16] : tensor<4x32x64xf32> into tensor<4x32x4x16xf32>
    %28 = tensor.empty() : tensor<4x4x32x16xf32>
    %transposed_22 = linalg.transpose ins(%expanded_21 : tensor<4x32x4x16xf32>) outs(%28 : tensor<4x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_23 = tensor.expand_shape %extracted_slice_19 [[0], [1], [2, 3]] output_shape [4, 32, 4, 16] : tensor<4x32x64xf32> into tensor<4x32x4x16xf32>
    %expanded_24 = tensor.expand_shape %extracted_slice_20 [[0], [1], [2, 3]] output_shape [4, 32, 4, 16] : tensor<4x32x64xf32> into tensor<4x32x4x16xf32>
    %transposed_25 = linalg.transpose ins(%expanded_24 : tensor<4x32x4x16xf32>) outs(%28 : tensor<4x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %29 = tensor.empty() : tensor<4x4x16x32xf32>
    %transposed_26 = linalg.transpose ins(%expanded_23 : tensor<4x32x4x16xf32>) outs(%29 : tensor<4x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_27 = tensor.collapse_shape %transposed_22 [[0, 1], [2], [3]] : tensor<4x4x32x16xf32> into tensor<16x32x16xf32>
    %collapsed_28 = tensor.collapse_shape %transposed_26 [[0, 1], [2], [3]] : tensor<4x4x16x32xf32> into tensor<16x16x32xf32>
    %30 = tensor.empty() : tensor<16x32x32xf32>
    %31 = linalg.fill ins(%cst_0 : f32) outs(%30 : tensor<16x32x32xf32>) -> tensor<16x32x32xf32>
    %32 = linalg.batch_matmul ins(%collapsed_27, %collapsed_28 : tensor<16x32x16xf32>, tensor<16x16x32xf32>) outs(%31 : tensor<16x32x32xf32>) -> tensor<16x32x32xf32>
    %expanded_29 = tensor.expand_shape %32 [[0, 1], [2], [3]] output_shape [4, 4, 32, 32] : tensor<16x32x32xf32> into tensor<4x4x32x32xf32>
    %33 = tensor.empty() : tensor<4x4x32x32xf32>
    %34 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_29 : tensor<4x4x32x32xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.mulf %in, %cst_16 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %35 = tensor.empty() : tensor<32xi64>
    %36 = linalg.generic {indexing_maps = [#map6], iterator_types = ["parallel"]} outs(%35 : tensor<32xi64>) {
    ^bb0(%out: i64):
      %357 = linalg.index 0 : index
      %358 = arith.index_cast %357 : index to i64
      linalg.yield %358 : i64
    } -> tensor<32xi64>
    %expanded_30 = tensor.expand_shape %36 [[0, 1]] output_shape [1, 32] : tensor<32xi64> into tensor<1x32xi64>
    %expanded_31 = tensor.expand_shape %36 [[0, 1]] output_shape [32, 1] : tensor<32xi64> into tensor<32x1xi64>
    %37 = tensor.empty() : tensor<32x32xi64>
    %38 = linalg.generic {indexing_maps = [#map7, #map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_30, %expanded_31 : tensor<1x32xi64>, tensor<32x1xi64>) outs(%37 : tensor<32x32xi64>) {
    ^bb0(%in: i64, %in_147: i64, %out: i64):
      %357 = arith.subi %in, %in_147 : i64
      linalg.yield %357 : i64
    } -> tensor<32x32xi64>
    %39 = tensor.empty() : tensor<32x32xi1>
    %40 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%38 : tensor<32x32xi64>) outs(%39 : tensor<32x32xi1>) {
    ^bb0(%in: i64, %out: i1):
      %357 = arith.cmpi sge, %in, %c1_i64 : i64
      linalg.yield %357 : i1
    } -> tensor<32x32xi1>
    %41 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%40, %cst_9 : tensor<32x32xi1>, tensor<32x32xi1>) outs(%39 : tensor<32x32xi1>) {
    ^bb0(%in: i1, %in_147: i1, %out: i1):
      %357 = arith.andi %in, %in_147 : i1
      linalg.yield %357 : i1
    } -> tensor<32x32xi1>
    %42 = linalg.generic {indexing_maps = [#map9, #map10, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %cst_8, %34 : tensor<32x32xi1>, tensor<f32>, tensor<4x4x32x32xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: i1, %in_147: f32, %in_148: f32, %out: f32):
      %357 = arith.select %in, %in_147, %in_148 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %43 = tensor.empty() : tensor<4x4x32xi64>
    %44 = linalg.fill ins(%c0_i64 : i64) outs(%43 : tensor<4x4x32xi64>) -> tensor<4x4x32xi64>
    %45 = tensor.empty() : tensor<4x4x32xf32>
    %46 = linalg.fill ins(%cst_1 : f32) outs(%45 : tensor<4x4x32xf32>) -> tensor<4x4x32xf32>
    %47:2 = linalg.generic {indexing_maps = [#map5, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%42 : tensor<4x4x32x32xf32>) outs(%46, %44 : tensor<4x4x32xf32>, tensor<4x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_147: i64):
      %357 = linalg.index 3 : index
      %358 = arith.index_cast %357 : index to i64
      %359 = arith.maximumf %in, %out : f32
      %360 = arith.cmpf ogt, %in, %out : f32
      %361 = arith.select %360, %358, %out_147 : i64
      linalg.yield %359, %361 : f32, i64
    } -> (tensor<4x4x32xf32>, tensor<4x4x32xi64>)
    %expanded_32 = tensor.expand_shape %47#0 [[0], [1], [2, 3]] output_shape [4, 4, 32, 1] : tensor<4x4x32xf32> into tensor<4x4x32x1xf32>
    %48 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42, %expanded_32 : tensor<4x4x32x32xf32>, tensor<4x4x32x1xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %49 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48 : tensor<4x4x32x32xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = math.exp %in : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %50 = tensor.empty() : tensor<4x4x32x1xf32>
    %51 = linalg.fill ins(%cst_0 : f32) outs(%50 : tensor<4x4x32x1xf32>) -> tensor<4x4x32x1xf32>
    %52 = linalg.generic {indexing_maps = [#map5, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%49 : tensor<4x4x32x32xf32>) outs(%51 : tensor<4x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x1xf32>
    %53 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%49, %52 : tensor<4x4x32x32xf32>, tensor<4x4x32x1xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.divf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %collapsed_33 = tensor.collapse_shape %53 [[0, 1], [2], [3]] : tensor<4x4x32x32xf32> into tensor<16x32x32xf32>
    %collapsed_34 = tensor.collapse_shape %transposed_25 [[0, 1], [2], [3]] : tensor<4x4x32x16xf32> into tensor<16x32x16xf32>
    %54 = tensor.empty() : tensor<16x32x16xf32>
    %55 = linalg.fill ins(%cst_0 : f32) outs(%54 : tensor<16x32x16xf32>) -> tensor<16x32x16xf32>
    %56 = linalg.batch_matmul ins(%collapsed_33, %collapsed_34 : tensor<16x32x32xf32>, tensor<16x32x16xf32>) outs(%55 : tensor<16x32x16xf32>) -> tensor<16x32x16xf32>
    %expanded_35 = tensor.expand_shape %56 [[0, 1], [2], [3]] output_shape [4, 4, 32, 16] : tensor<16x32x16xf32> into tensor<4x4x32x16xf32>
    %57 = tensor.empty() : tensor<4x32x4x16xf32>
    %transposed_36 = linalg.transpose ins(%expanded_35 : tensor<4x4x32x16xf32>) outs(%57 : tensor<4x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %58 = tensor.empty() : tensor<64x64xf32>
    %transposed_37 = linalg.transpose ins(%arg6 : tensor<64x64xf32>) outs(%58 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_38 = tensor.collapse_shape %transposed_36 [[0, 1], [2, 3]] : tensor<4x32x4x16xf32> into tensor<128x64xf32>
    %59 = tensor.empty() : tensor<128x64xf32>
    %60 = linalg.fill ins(%cst_0 : f32) outs(%59 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %61 = linalg.matmul ins(%collapsed_38, %transposed_37 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%60 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %62 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg7 : tensor<64xf32>) outs(%59 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %63 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%61, %62 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%59 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<128x64xf32>
    %expanded_39 = tensor.expand_shape %63 [[0, 1], [2]] output_shape [4, 32, 64] : tensor<128x64xf32> into tensor<4x32x64xf32>
    %64 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg27, %expanded_39 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<4x32x64xf32>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %357 = arith.extf %in : f32 to f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %66 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%65 : tensor<4x32x64xf64>) outs(%3 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.addf %in, %out : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<4x32x1xf64>) outs(%2 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.divf %in, %cst_14 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %68 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %67 : tensor<4x32x64xf64>, tensor<4x32x1xf64>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f64, %in_147: f64, %out: f64):
      %357 = arith.subf %in, %in_147 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %69 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %68 : tensor<4x32x64xf64>, tensor<4x32x64xf64>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f64, %in_147: f64, %out: f64):
      %357 = arith.mulf %in, %in_147 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %70 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%69 : tensor<4x32x64xf64>) outs(%3 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.addf %in, %out : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %71 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<4x32x1xf64>) outs(%2 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.divf %in, %cst_14 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %72 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<4x32x1xf64>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %357 = arith.truncf %in : f64 to f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%64 : tensor<4x32x64xf32>) outs(%12 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %74 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.divf %in, %cst_15 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %75 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.truncf %cst_13 : f64 to f32
      %358 = arith.addf %in, %357 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x1xf32>
    %76 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = math.rsqrt %in : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64, %74 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %76 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %79 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %arg2 : tensor<4x32x64xf32>, tensor<64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %80 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %arg3 : tensor<4x32x64xf32>, tensor<64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %81 = tensor.empty() : tensor<64x256xf32>
    %transposed_40 = linalg.transpose ins(%arg8 : tensor<256x64xf32>) outs(%81 : tensor<64x256xf32>) permutation = [1, 0] 
    %collapsed_41 = tensor.collapse_shape %80 [[0, 1], [2]] : tensor<4x32x64xf32> into tensor<128x64xf32>
    %82 = tensor.empty() : tensor<128x256xf32>
    %83 = linalg.fill ins(%cst_0 : f32) outs(%82 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %84 = linalg.matmul ins(%collapsed_41, %transposed_40 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%83 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %85 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg9 : tensor<256xf32>) outs(%82 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x256xf32>
    %86 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%84, %85 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%82 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<128x256xf32>
    %expanded_42 = tensor.expand_shape %86 [[0, 1], [2]] output_shape [4, 32, 256] : tensor<128x256xf32> into tensor<4x32x256xf32>
    %87 = tensor.empty() : tensor<4x32x256xf32>
    %88 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_42 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = math.fpowi %in, %c3_i64 : f32, i64
      %358 = arith.mulf %357, %cst_2 : f32
      %359 = arith.addf %in, %358 : f32
      %360 = arith.mulf %359, %cst_3 : f32
      %361 = math.tanh %360 : f32
      %362 = arith.addf %361, %cst_4 : f32
      %363 = arith.mulf %362, %cst_5 : f32
      %364 = arith.mulf %in, %363 : f32
      linalg.yield %364 : f32
    } -> tensor<4x32x256xf32>
    %89 = tensor.empty() : tensor<256x64xf32>
    %transposed_43 = linalg.transpose ins(%arg10 : tensor<64x256xf32>) outs(%89 : tensor<256x64xf32>) permutation = [1, 0] 
    %collapsed_44 = tensor.collapse_shape %88 [[0, 1], [2]] : tensor<4x32x256xf32> into tensor<128x256xf32>
    %90 = linalg.matmul ins(%collapsed_44, %transposed_43 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%60 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %91 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg11 : tensor<64xf32>) outs(%59 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %92 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%90, %91 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%59 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<128x64xf32>
    %expanded_45 = tensor.expand_shape %92 [[0, 1], [2]] output_shape [4, 32, 64] : tensor<128x64xf32> into tensor<4x32x64xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64, %expanded_45 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %94 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<4x32x64xf32>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %357 = arith.extf %in : f32 to f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %95 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%94 : tensor<4x32x64xf64>) outs(%3 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.addf %in, %out : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %96 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95 : tensor<4x32x1xf64>) outs(%2 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.divf %in, %cst_14 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %97 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94, %96 : tensor<4x32x64xf64>, tensor<4x32x1xf64>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f64, %in_147: f64, %out: f64):
      %357 = arith.subf %in, %in_147 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %98 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97, %97 : tensor<4x32x64xf64>, tensor<4x32x64xf64>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f64, %in_147: f64, %out: f64):
      %357 = arith.mulf %in, %in_147 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %99 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%98 : tensor<4x32x64xf64>) outs(%3 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.addf %in, %out : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %100 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99 : tensor<4x32x1xf64>) outs(%2 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.divf %in, %cst_14 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %101 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%100 : tensor<4x32x1xf64>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %357 = arith.truncf %in : f64 to f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %102 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%93 : tensor<4x32x64xf32>) outs(%12 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %103 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%102 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.divf %in, %cst_15 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %104 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%101 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.truncf %cst_13 : f64 to f32
      %358 = arith.addf %in, %357 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x1xf32>
    %105 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = math.rsqrt %in : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %106 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93, %103 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %107 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106, %105 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %108 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%107, %arg12 : tensor<4x32x64xf32>, tensor<64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %109 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%108, %arg13 : tensor<4x32x64xf32>, tensor<64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %transposed_46 = linalg.transpose ins(%arg16 : tensor<192x64xf32>) outs(%22 : tensor<64x192xf32>) permutation = [1, 0] 
    %collapsed_47 = tensor.collapse_shape %109 [[0, 1], [2]] : tensor<4x32x64xf32> into tensor<128x64xf32>
    %110 = linalg.matmul ins(%collapsed_47, %transposed_46 : tensor<128x64xf32>, tensor<64x192xf32>) outs(%24 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %111 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<192xf32>) outs(%23 : tensor<128x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x192xf32>
    %112 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%110, %111 : tensor<128x192xf32>, tensor<128x192xf32>) outs(%23 : tensor<128x192xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<128x192xf32>
    %expanded_48 = tensor.expand_shape %112 [[0, 1], [2]] output_shape [4, 32, 192] : tensor<128x192xf32> into tensor<4x32x192xf32>
    %extracted_slice_49 = tensor.extract_slice %expanded_48[0, 0, 0] [4, 32, 64] [1, 1, 1] : tensor<4x32x192xf32> to tensor<4x32x64xf32>
    %extracted_slice_50 = tensor.extract_slice %expanded_48[0, 0, 64] [4, 32, 64] [1, 1, 1] : tensor<4x32x192xf32> to tensor<4x32x64xf32>
    %extracted_slice_51 = tensor.extract_slice %expanded_48[0, 0, 128] [4, 32, 64] [1, 1, 1] : tensor<4x32x192xf32> to tensor<4x32x64xf32>
    %expanded_52 = tensor.expand_shape %extracted_slice_49 [[0], [1], [2, 3]] output_shape [4, 32, 4, 16] : tensor<4x32x64xf32> into tensor<4x32x4x16xf32>
    %transposed_53 = linalg.transpose ins(%expanded_52 : tensor<4x32x4x16xf32>) outs(%28 : tensor<4x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_54 = tensor.expand_shape %extracted_slice_50 [[0], [1], [2, 3]] output_shape [4, 32, 4, 16] : tensor<4x32x64xf32> into tensor<4x32x4x16xf32>
    %expanded_55 = tensor.expand_shape %extracted_slice_51 [[0], [1], [2, 3]] output_shape [4, 32, 4, 16] : tensor<4x32x64xf32> into tensor<4x32x4x16xf32>
    %transposed_56 = linalg.transpose ins(%expanded_55 : tensor<4x32x4x16xf32>) outs(%28 : tensor<4x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_57 = linalg.transpose ins(%expanded_54 : tensor<4x32x4x16xf32>) outs(%29 : tensor<4x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_58 = tensor.collapse_shape %transposed_53 [[0, 1], [2], [3]] : tensor<4x4x32x16xf32> into tensor<16x32x16xf32>
    %collapsed_59 = tensor.collapse_shape %transposed_57 [[0, 1], [2], [3]] : tensor<4x4x16x32xf32> into tensor<16x16x32xf32>
    %113 = linalg.batch_matmul ins(%collapsed_58, %collapsed_59 : tensor<16x32x16xf32>, tensor<16x16x32xf32>) outs(%31 : tensor<16x32x32xf32>) -> tensor<16x32x32xf32>
    %expanded_60 = tensor.expand_shape %113 [[0, 1], [2], [3]] output_shape [4, 4, 32, 32] : tensor<16x32x32xf32> into tensor<4x4x32x32xf32>
    %114 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_60 : tensor<4x4x32x32xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.mulf %in, %cst_16 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %115 = linalg.generic {indexing_maps = [#map9, #map10, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %cst_8, %114 : tensor<32x32xi1>, tensor<f32>, tensor<4x4x32x32xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: i1, %in_147: f32, %in_148: f32, %out: f32):
      %357 = arith.select %in, %in_147, %in_148 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %116:2 = linalg.generic {indexing_maps = [#map5, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%115 : tensor<4x4x32x32xf32>) outs(%46, %44 : tensor<4x4x32xf32>, tensor<4x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_147: i64):
      %357 = linalg.index 3 : index
      %358 = arith.index_cast %357 : index to i64
      %359 = arith.maximumf %in, %out : f32
      %360 = arith.cmpf ogt, %in, %out : f32
      %361 = arith.select %360, %358, %out_147 : i64
      linalg.yield %359, %361 : f32, i64
    } -> (tensor<4x4x32xf32>, tensor<4x4x32xi64>)
    %expanded_61 = tensor.expand_shape %116#0 [[0], [1], [2, 3]] output_shape [4, 4, 32, 1] : tensor<4x4x32xf32> into tensor<4x4x32x1xf32>
    %117 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%115, %expanded_61 : tensor<4x4x32x32xf32>, tensor<4x4x32x1xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %118 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%117 : tensor<4x4x32x32xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = math.exp %in : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %119 = linalg.generic {indexing_maps = [#map5, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%118 : tensor<4x4x32x32xf32>) outs(%51 : tensor<4x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x1xf32>
    %120 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%118, %119 : tensor<4x4x32x32xf32>, tensor<4x4x32x1xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.divf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %collapsed_62 = tensor.collapse_shape %120 [[0, 1], [2], [3]] : tensor<4x4x32x32xf32> into tensor<16x32x32xf32>
    %collapsed_63 = tensor.collapse_shape %transposed_56 [[0, 1], [2], [3]] : tensor<4x4x32x16xf32> into tensor<16x32x16xf32>
    %121 = linalg.batch_matmul ins(%collapsed_62, %collapsed_63 : tensor<16x32x32xf32>, tensor<16x32x16xf32>) outs(%55 : tensor<16x32x16xf32>) -> tensor<16x32x16xf32>
    %expanded_64 = tensor.expand_shape %121 [[0, 1], [2], [3]] output_shape [4, 4, 32, 16] : tensor<16x32x16xf32> into tensor<4x4x32x16xf32>
    %transposed_65 = linalg.transpose ins(%expanded_64 : tensor<4x4x32x16xf32>) outs(%57 : tensor<4x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_66 = linalg.transpose ins(%arg18 : tensor<64x64xf32>) outs(%58 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_67 = tensor.collapse_shape %transposed_65 [[0, 1], [2, 3]] : tensor<4x32x4x16xf32> into tensor<128x64xf32>
    %122 = linalg.matmul ins(%collapsed_67, %transposed_66 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%60 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %123 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg19 : tensor<64xf32>) outs(%59 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %124 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%122, %123 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%59 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<128x64xf32>
    %expanded_68 = tensor.expand_shape %124 [[0, 1], [2]] output_shape [4, 32, 64] : tensor<128x64xf32> into tensor<4x32x64xf32>
    %125 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93, %expanded_68 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %126 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%125 : tensor<4x32x64xf32>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %357 = arith.extf %in : f32 to f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %127 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%126 : tensor<4x32x64xf64>) outs(%3 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.addf %in, %out : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %128 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%127 : tensor<4x32x1xf64>) outs(%2 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.divf %in, %cst_14 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %129 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126, %128 : tensor<4x32x64xf64>, tensor<4x32x1xf64>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f64, %in_147: f64, %out: f64):
      %357 = arith.subf %in, %in_147 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %130 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%129, %129 : tensor<4x32x64xf64>, tensor<4x32x64xf64>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f64, %in_147: f64, %out: f64):
      %357 = arith.mulf %in, %in_147 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %131 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%130 : tensor<4x32x64xf64>) outs(%3 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.addf %in, %out : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %132 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%131 : tensor<4x32x1xf64>) outs(%2 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.divf %in, %cst_14 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %133 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%132 : tensor<4x32x1xf64>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %357 = arith.truncf %in : f64 to f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %134 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%125 : tensor<4x32x64xf32>) outs(%12 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %135 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%134 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.divf %in, %cst_15 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %136 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%133 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.truncf %cst_13 : f64 to f32
      %358 = arith.addf %in, %357 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x1xf32>
    %137 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%136 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = math.rsqrt %in : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %138 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%125, %135 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %139 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%138, %137 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %140 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%139, %arg14 : tensor<4x32x64xf32>, tensor<64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %141 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%140, %arg15 : tensor<4x32x64xf32>, tensor<64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %transposed_69 = linalg.transpose ins(%arg20 : tensor<256x64xf32>) outs(%81 : tensor<64x256xf32>) permutation = [1, 0] 
    %collapsed_70 = tensor.collapse_shape %141 [[0, 1], [2]] : tensor<4x32x64xf32> into tensor<128x64xf32>
    %142 = linalg.matmul ins(%collapsed_70, %transposed_69 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%83 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %143 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg21 : tensor<256xf32>) outs(%82 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x256xf32>
    %144 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%142, %143 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%82 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<128x256xf32>
    %expanded_71 = tensor.expand_shape %144 [[0, 1], [2]] output_shape [4, 32, 256] : tensor<128x256xf32> into tensor<4x32x256xf32>
    %145 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_71 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = math.fpowi %in, %c3_i64 : f32, i64
      %358 = arith.mulf %357, %cst_2 : f32
      %359 = arith.addf %in, %358 : f32
      %360 = arith.mulf %359, %cst_3 : f32
      %361 = math.tanh %360 : f32
      %362 = arith.addf %361, %cst_4 : f32
      %363 = arith.mulf %362, %cst_5 : f32
      %364 = arith.mulf %in, %363 : f32
      linalg.yield %364 : f32
    } -> tensor<4x32x256xf32>
    %transposed_72 = linalg.transpose ins(%arg22 : tensor<64x256xf32>) outs(%89 : tensor<256x64xf32>) permutation = [1, 0] 
    %collapsed_73 = tensor.collapse_shape %145 [[0, 1], [2]] : tensor<4x32x256xf32> into tensor<128x256xf32>
    %146 = linalg.matmul ins(%collapsed_73, %transposed_72 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%60 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %147 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg23 : tensor<64xf32>) outs(%59 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %148 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%146, %147 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%59 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<128x64xf32>
    %expanded_74 = tensor.expand_shape %148 [[0, 1], [2]] output_shape [4, 32, 64] : tensor<128x64xf32> into tensor<4x32x64xf32>
    %149 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%125, %expanded_74 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %150 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%149 : tensor<4x32x64xf32>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %357 = arith.extf %in : f32 to f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %151 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%150 : tensor<4x32x64xf64>) outs(%3 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.addf %in, %out : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %152 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%151 : tensor<4x32x1xf64>) outs(%2 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.divf %in, %cst_14 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %153 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%150, %152 : tensor<4x32x64xf64>, tensor<4x32x1xf64>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f64, %in_147: f64, %out: f64):
      %357 = arith.subf %in, %in_147 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %154 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%153, %153 : tensor<4x32x64xf64>, tensor<4x32x64xf64>) outs(%0 : tensor<4x32x64xf64>) {
    ^bb0(%in: f64, %in_147: f64, %out: f64):
      %357 = arith.mulf %in, %in_147 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x64xf64>
    %155 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%154 : tensor<4x32x64xf64>) outs(%3 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.addf %in, %out : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %156 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%155 : tensor<4x32x1xf64>) outs(%2 : tensor<4x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %357 = arith.divf %in, %cst_14 : f64
      linalg.yield %357 : f64
    } -> tensor<4x32x1xf64>
    %157 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%156 : tensor<4x32x1xf64>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %357 = arith.truncf %in : f64 to f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %158 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%149 : tensor<4x32x64xf32>) outs(%12 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %159 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%158 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.divf %in, %cst_15 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %160 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%157 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.truncf %cst_13 : f64 to f32
      %358 = arith.addf %in, %357 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x1xf32>
    %161 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%160 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = math.rsqrt %in : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %162 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%149, %159 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %163 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%162, %161 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %164 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%163, %arg24 : tensor<4x32x64xf32>, tensor<64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %165 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%164, %arg25 : tensor<4x32x64xf32>, tensor<64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %166 = tensor.empty() : tensor<64x96xf32>
    %transposed_75 = linalg.transpose ins(%arg26 : tensor<96x64xf32>) outs(%166 : tensor<64x96xf32>) permutation = [1, 0] 
    %collapsed_76 = tensor.collapse_shape %165 [[0, 1], [2]] : tensor<4x32x64xf32> into tensor<128x64xf32>
    %167 = tensor.empty() : tensor<128x96xf32>
    %168 = linalg.fill ins(%cst_0 : f32) outs(%167 : tensor<128x96xf32>) -> tensor<128x96xf32>
    %169 = linalg.matmul ins(%collapsed_76, %transposed_75 : tensor<128x64xf32>, tensor<64x96xf32>) outs(%168 : tensor<128x96xf32>) -> tensor<128x96xf32>
    %170 = tensor.empty() : tensor<128xi64>
    %171 = linalg.fill ins(%c0_i64 : i64) outs(%170 : tensor<128xi64>) -> tensor<128xi64>
    %172 = tensor.empty() : tensor<128xf32>
    %173 = linalg.fill ins(%cst_1 : f32) outs(%172 : tensor<128xf32>) -> tensor<128xf32>
    %174:2 = linalg.generic {indexing_maps = [#map4, #map13, #map13], iterator_types = ["parallel", "reduction"]} ins(%169 : tensor<128x96xf32>) outs(%173, %171 : tensor<128xf32>, tensor<128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_147: i64):
      %357 = linalg.index 1 : index
      %358 = arith.index_cast %357 : index to i64
      %359 = arith.maximumf %in, %out : f32
      %360 = arith.cmpf ogt, %in, %out : f32
      %361 = arith.select %360, %358, %out_147 : i64
      linalg.yield %359, %361 : f32, i64
    } -> (tensor<128xf32>, tensor<128xi64>)
    %expanded_77 = tensor.expand_shape %174#0 [[0, 1]] output_shape [128, 1] : tensor<128xf32> into tensor<128x1xf32>
    %175 = linalg.generic {indexing_maps = [#map4, #map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%169, %expanded_77 : tensor<128x96xf32>, tensor<128x1xf32>) outs(%167 : tensor<128x96xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<128x96xf32>
    %176 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%175 : tensor<128x96xf32>) outs(%167 : tensor<128x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = math.exp %in : f32
      linalg.yield %357 : f32
    } -> tensor<128x96xf32>
    %177 = tensor.empty() : tensor<128x1xf32>
    %178 = linalg.fill ins(%cst_0 : f32) outs(%177 : tensor<128x1xf32>) -> tensor<128x1xf32>
    %179 = linalg.generic {indexing_maps = [#map4, #map8], iterator_types = ["parallel", "reduction"]} ins(%176 : tensor<128x96xf32>) outs(%178 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<128x1xf32>
    %180 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%179 : tensor<128x1xf32>) outs(%177 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = math.log %in : f32
      linalg.yield %357 : f32
    } -> tensor<128x1xf32>
    %181 = linalg.generic {indexing_maps = [#map4, #map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%175, %180 : tensor<128x96xf32>, tensor<128x1xf32>) outs(%167 : tensor<128x96xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<128x96xf32>
    %182 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%181, %arg28 : tensor<128x96xf32>, tensor<128x96xf32>) outs(%167 : tensor<128x96xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<128x96xf32>
    %183 = tensor.empty() : tensor<f32>
    %184 = linalg.fill ins(%cst_0 : f32) outs(%183 : tensor<f32>) -> tensor<f32>
    %185 = linalg.generic {indexing_maps = [#map4, #map14], iterator_types = ["reduction", "reduction"]} ins(%182 : tensor<128x96xf32>) outs(%184 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<f32>
    %186 = linalg.generic {indexing_maps = [#map15, #map15], iterator_types = []} ins(%185 : tensor<f32>) outs(%183 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.negf %in : f32
      linalg.yield %357 : f32
    } -> tensor<f32>
    %187 = linalg.generic {indexing_maps = [#map15, #map15], iterator_types = []} ins(%186 : tensor<f32>) outs(%183 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.divf %in, %cst_17 : f32
      linalg.yield %357 : f32
    } -> tensor<f32>
    %188 = linalg.generic {indexing_maps = [#map15, #map15], iterator_types = []} ins(%cst_7 : tensor<f32>) outs(%183 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.divf %in, %cst_17 : f32
      linalg.yield %357 : f32
    } -> tensor<f32>
    %189 = linalg.generic {indexing_maps = [#map15, #map15], iterator_types = []} ins(%188 : tensor<f32>) outs(%183 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.negf %in : f32
      linalg.yield %357 : f32
    } -> tensor<f32>
    %190 = linalg.generic {indexing_maps = [#map14, #map4], iterator_types = ["parallel", "parallel"]} ins(%189 : tensor<f32>) outs(%167 : tensor<128x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x96xf32>
    %191 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%190, %arg28 : tensor<128x96xf32>, tensor<128x96xf32>) outs(%167 : tensor<128x96xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<128x96xf32>
    %192 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%181 : tensor<128x96xf32>) outs(%167 : tensor<128x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = math.exp %in : f32
      linalg.yield %357 : f32
    } -> tensor<128x96xf32>
    %193 = linalg.generic {indexing_maps = [#map4, #map8], iterator_types = ["parallel", "reduction"]} ins(%191 : tensor<128x96xf32>) outs(%178 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<128x1xf32>
    %194 = linalg.generic {indexing_maps = [#map4, #map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%192, %193 : tensor<128x96xf32>, tensor<128x1xf32>) outs(%167 : tensor<128x96xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<128x96xf32>
    %195 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%191, %194 : tensor<128x96xf32>, tensor<128x96xf32>) outs(%167 : tensor<128x96xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<128x96xf32>
    %196 = tensor.empty() : tensor<96x128xf32>
    %transposed_78 = linalg.transpose ins(%195 : tensor<128x96xf32>) outs(%196 : tensor<96x128xf32>) permutation = [1, 0] 
    %197 = tensor.empty() : tensor<96x64xf32>
    %198 = linalg.fill ins(%cst_0 : f32) outs(%197 : tensor<96x64xf32>) -> tensor<96x64xf32>
    %199 = linalg.matmul ins(%transposed_78, %collapsed_76 : tensor<96x128xf32>, tensor<128x64xf32>) outs(%198 : tensor<96x64xf32>) -> tensor<96x64xf32>
    %200 = linalg.matmul ins(%195, %arg26 : tensor<128x96xf32>, tensor<96x64xf32>) outs(%60 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_79 = tensor.expand_shape %200 [[0, 1], [2]] output_shape [4, 32, 64] : tensor<128x64xf32> into tensor<4x32x64xf32>
    %201 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_79, %arg24 : tensor<4x32x64xf32>, tensor<64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %202 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%201 : tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.mulf %in, %cst_15 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %203 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%201 : tensor<4x32x64xf32>) outs(%12 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %204 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%201, %163 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %205 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%204 : tensor<4x32x64xf32>) outs(%12 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %206 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%163, %205 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %207 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%202, %203 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %208 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%207, %206 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %209 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%161 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.divf %in, %cst_15 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %210 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%209, %208 : tensor<4x32x1xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %211 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_79, %163 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %212 = tensor.empty() : tensor<64xf32>
    %213 = linalg.fill ins(%cst_0 : f32) outs(%212 : tensor<64xf32>) -> tensor<64xf32>
    %214 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "reduction", "parallel"]} ins(%211 : tensor<4x32x64xf32>) outs(%213 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<64xf32>
    %215 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "reduction", "parallel"]} ins(%expanded_79 : tensor<4x32x64xf32>) outs(%213 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<64xf32>
    %collapsed_80 = tensor.collapse_shape %210 [[0, 1], [2]] : tensor<4x32x64xf32> into tensor<128x64xf32>
    %216 = linalg.matmul ins(%collapsed_80, %arg22 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%83 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %217 = tensor.empty() : tensor<64x128xf32>
    %transposed_81 = linalg.transpose ins(%collapsed_80 : tensor<128x64xf32>) outs(%217 : tensor<64x128xf32>) permutation = [1, 0] 
    %218 = linalg.fill ins(%cst_0 : f32) outs(%81 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %219 = linalg.matmul ins(%transposed_81, %collapsed_73 : tensor<64x128xf32>, tensor<128x256xf32>) outs(%218 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %220 = tensor.empty() : tensor<1x64xf32>
    %221 = linalg.fill ins(%cst_0 : f32) outs(%220 : tensor<1x64xf32>) -> tensor<1x64xf32>
    %222 = linalg.generic {indexing_maps = [#map4, #map7], iterator_types = ["reduction", "parallel"]} ins(%collapsed_80 : tensor<128x64xf32>) outs(%221 : tensor<1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<1x64xf32>
    %collapsed_82 = tensor.collapse_shape %222 [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
    %expanded_83 = tensor.expand_shape %216 [[0, 1], [2]] output_shape [4, 32, 256] : tensor<128x256xf32> into tensor<4x32x256xf32>
    %223 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_71, %expanded_71 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %224 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%223, %expanded_71 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %225 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%224 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.truncf %cst_12 : f64 to f32
      %358 = arith.mulf %in, %357 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x256xf32>
    %226 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_71, %225 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %227 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%226 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.truncf %cst_11 : f64 to f32
      %358 = arith.mulf %in, %357 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x256xf32>
    %228 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%227 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = math.tanh %in : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %229 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_71 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.mulf %in, %cst_5 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %230 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%228 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %cst_4 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %231 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%230 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.mulf %in, %cst_5 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %232 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%228, %228 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %233 = linalg.generic {indexing_maps = [#map16, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_18, %232 : tensor<i64>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: i64, %in_147: f32, %out: f32):
      %357 = arith.sitofp %in : i64 to f32
      %358 = arith.subf %357, %in_147 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x256xf32>
    %234 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%223 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.truncf %cst_10 : f64 to f32
      %358 = arith.mulf %in, %357 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x256xf32>
    %235 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%234 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %cst_4 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %236 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%235 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.truncf %cst_11 : f64 to f32
      %358 = arith.mulf %in, %357 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x256xf32>
    %237 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%229, %233 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %238 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%237, %236 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %239 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%231, %238 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %240 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_83, %239 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %collapsed_84 = tensor.collapse_shape %240 [[0, 1], [2]] : tensor<4x32x256xf32> into tensor<128x256xf32>
    %241 = linalg.matmul ins(%collapsed_84, %arg20 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%60 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %242 = tensor.empty() : tensor<256x128xf32>
    %transposed_85 = linalg.transpose ins(%collapsed_84 : tensor<128x256xf32>) outs(%242 : tensor<256x128xf32>) permutation = [1, 0] 
    %243 = linalg.fill ins(%cst_0 : f32) outs(%89 : tensor<256x64xf32>) -> tensor<256x64xf32>
    %244 = linalg.matmul ins(%transposed_85, %collapsed_70 : tensor<256x128xf32>, tensor<128x64xf32>) outs(%243 : tensor<256x64xf32>) -> tensor<256x64xf32>
    %245 = tensor.empty() : tensor<1x256xf32>
    %246 = linalg.fill ins(%cst_0 : f32) outs(%245 : tensor<1x256xf32>) -> tensor<1x256xf32>
    %247 = linalg.generic {indexing_maps = [#map4, #map7], iterator_types = ["reduction", "parallel"]} ins(%collapsed_84 : tensor<128x256xf32>) outs(%246 : tensor<1x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<1x256xf32>
    %collapsed_86 = tensor.collapse_shape %247 [[0, 1]] : tensor<1x256xf32> into tensor<256xf32>
    %expanded_87 = tensor.expand_shape %241 [[0, 1], [2]] output_shape [4, 32, 64] : tensor<128x64xf32> into tensor<4x32x64xf32>
    %248 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_87, %arg14 : tensor<4x32x64xf32>, tensor<64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %249 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%248 : tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.mulf %in, %cst_15 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %250 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%248 : tensor<4x32x64xf32>) outs(%12 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %251 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%248, %139 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %252 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%251 : tensor<4x32x64xf32>) outs(%12 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %253 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%139, %252 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %254 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%249, %250 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %255 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%254, %253 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %256 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%137 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.divf %in, %cst_15 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %257 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%256, %255 : tensor<4x32x1xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %258 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_87, %139 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %259 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "reduction", "parallel"]} ins(%258 : tensor<4x32x64xf32>) outs(%213 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<64xf32>
    %260 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "reduction", "parallel"]} ins(%expanded_87 : tensor<4x32x64xf32>) outs(%213 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<64xf32>
    %261 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%210, %257 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %collapsed_88 = tensor.collapse_shape %261 [[0, 1], [2]] : tensor<4x32x64xf32> into tensor<128x64xf32>
    %262 = linalg.matmul ins(%collapsed_88, %arg18 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%60 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %transposed_89 = linalg.transpose ins(%collapsed_88 : tensor<128x64xf32>) outs(%217 : tensor<64x128xf32>) permutation = [1, 0] 
    %263 = linalg.fill ins(%cst_0 : f32) outs(%58 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %264 = linalg.matmul ins(%transposed_89, %collapsed_67 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%263 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %265 = linalg.generic {indexing_maps = [#map4, #map7], iterator_types = ["reduction", "parallel"]} ins(%collapsed_88 : tensor<128x64xf32>) outs(%221 : tensor<1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<1x64xf32>
    %collapsed_90 = tensor.collapse_shape %265 [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
    %expanded_91 = tensor.expand_shape %262 [[0, 1], [2, 3]] output_shape [4, 32, 4, 16] : tensor<128x64xf32> into tensor<4x32x4x16xf32>
    %transposed_92 = linalg.transpose ins(%expanded_91 : tensor<4x32x4x16xf32>) outs(%28 : tensor<4x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_93 = tensor.collapse_shape %transposed_92 [[0, 1], [2], [3]] : tensor<4x4x32x16xf32> into tensor<16x32x16xf32>
    %transposed_94 = linalg.transpose ins(%collapsed_62 : tensor<16x32x32xf32>) outs(%30 : tensor<16x32x32xf32>) permutation = [0, 2, 1] 
    %266 = linalg.batch_matmul ins(%transposed_94, %collapsed_93 : tensor<16x32x32xf32>, tensor<16x32x16xf32>) outs(%55 : tensor<16x32x16xf32>) -> tensor<16x32x16xf32>
    %267 = tensor.empty() : tensor<16x16x32xf32>
    %transposed_95 = linalg.transpose ins(%collapsed_63 : tensor<16x32x16xf32>) outs(%267 : tensor<16x16x32xf32>) permutation = [0, 2, 1] 
    %268 = linalg.batch_matmul ins(%collapsed_93, %transposed_95 : tensor<16x32x16xf32>, tensor<16x16x32xf32>) outs(%31 : tensor<16x32x32xf32>) -> tensor<16x32x32xf32>
    %expanded_96 = tensor.expand_shape %266 [[0, 1], [2], [3]] output_shape [4, 4, 32, 16] : tensor<16x32x16xf32> into tensor<4x4x32x16xf32>
    %expanded_97 = tensor.expand_shape %268 [[0, 1], [2], [3]] output_shape [4, 4, 32, 32] : tensor<16x32x32xf32> into tensor<4x4x32x32xf32>
    %269 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_97, %120 : tensor<4x4x32x32xf32>, tensor<4x4x32x32xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %270 = linalg.generic {indexing_maps = [#map5, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%269 : tensor<4x4x32x32xf32>) outs(%51 : tensor<4x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x1xf32>
    %271 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%120, %270 : tensor<4x4x32x32xf32>, tensor<4x4x32x1xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %272 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%269, %271 : tensor<4x4x32x32xf32>, tensor<4x4x32x32xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %273 = linalg.generic {indexing_maps = [#map9, #map10, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %cst_6, %272 : tensor<32x32xi1>, tensor<f32>, tensor<4x4x32x32xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: i1, %in_147: f32, %in_148: f32, %out: f32):
      %357 = arith.select %in, %in_147, %in_148 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %274 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%273 : tensor<4x4x32x32xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.mulf %in, %cst_16 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %collapsed_98 = tensor.collapse_shape %274 [[0, 1], [2], [3]] : tensor<4x4x32x32xf32> into tensor<16x32x32xf32>
    %transposed_99 = linalg.transpose ins(%collapsed_58 : tensor<16x32x16xf32>) outs(%267 : tensor<16x16x32xf32>) permutation = [0, 2, 1] 
    %275 = linalg.fill ins(%cst_0 : f32) outs(%267 : tensor<16x16x32xf32>) -> tensor<16x16x32xf32>
    %276 = linalg.batch_matmul ins(%transposed_99, %collapsed_98 : tensor<16x16x32xf32>, tensor<16x32x32xf32>) outs(%275 : tensor<16x16x32xf32>) -> tensor<16x16x32xf32>
    %transposed_100 = linalg.transpose ins(%collapsed_59 : tensor<16x16x32xf32>) outs(%54 : tensor<16x32x16xf32>) permutation = [0, 2, 1] 
    %277 = linalg.batch_matmul ins(%collapsed_98, %transposed_100 : tensor<16x32x32xf32>, tensor<16x32x16xf32>) outs(%55 : tensor<16x32x16xf32>) -> tensor<16x32x16xf32>
    %expanded_101 = tensor.expand_shape %276 [[0, 1], [2], [3]] output_shape [4, 4, 16, 32] : tensor<16x16x32xf32> into tensor<4x4x16x32xf32>
    %expanded_102 = tensor.expand_shape %277 [[0, 1], [2], [3]] output_shape [4, 4, 32, 16] : tensor<16x32x16xf32> into tensor<4x4x32x16xf32>
    %transposed_103 = linalg.transpose ins(%expanded_96 : tensor<4x4x32x16xf32>) outs(%57 : tensor<4x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_104 = tensor.collapse_shape %transposed_103 [[0], [1], [2, 3]] : tensor<4x32x4x16xf32> into tensor<4x32x64xf32>
    %transposed_105 = linalg.transpose ins(%expanded_101 : tensor<4x4x16x32xf32>) outs(%57 : tensor<4x32x4x16xf32>) permutation = [0, 3, 1, 2] 
    %collapsed_106 = tensor.collapse_shape %transposed_105 [[0], [1], [2, 3]] : tensor<4x32x4x16xf32> into tensor<4x32x64xf32>
    %transposed_107 = linalg.transpose ins(%expanded_102 : tensor<4x4x32x16xf32>) outs(%57 : tensor<4x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_108 = tensor.collapse_shape %transposed_107 [[0], [1], [2, 3]] : tensor<4x32x4x16xf32> into tensor<4x32x64xf32>
    %concat = tensor.concat dim(2) %collapsed_108, %collapsed_106, %collapsed_104 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x192xf32>
    %collapsed_109 = tensor.collapse_shape %concat [[0, 1], [2]] : tensor<4x32x192xf32> into tensor<128x192xf32>
    %278 = linalg.matmul ins(%collapsed_109, %arg16 : tensor<128x192xf32>, tensor<192x64xf32>) outs(%60 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %279 = tensor.empty() : tensor<192x128xf32>
    %transposed_110 = linalg.transpose ins(%collapsed_109 : tensor<128x192xf32>) outs(%279 : tensor<192x128xf32>) permutation = [1, 0] 
    %280 = tensor.empty() : tensor<192x64xf32>
    %281 = linalg.fill ins(%cst_0 : f32) outs(%280 : tensor<192x64xf32>) -> tensor<192x64xf32>
    %282 = linalg.matmul ins(%transposed_110, %collapsed_47 : tensor<192x128xf32>, tensor<128x64xf32>) outs(%281 : tensor<192x64xf32>) -> tensor<192x64xf32>
    %283 = tensor.empty() : tensor<1x192xf32>
    %284 = linalg.fill ins(%cst_0 : f32) outs(%283 : tensor<1x192xf32>) -> tensor<1x192xf32>
    %285 = linalg.generic {indexing_maps = [#map4, #map7], iterator_types = ["reduction", "parallel"]} ins(%collapsed_109 : tensor<128x192xf32>) outs(%284 : tensor<1x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<1x192xf32>
    %collapsed_111 = tensor.collapse_shape %285 [[0, 1]] : tensor<1x192xf32> into tensor<192xf32>
    %expanded_112 = tensor.expand_shape %278 [[0, 1], [2]] output_shape [4, 32, 64] : tensor<128x64xf32> into tensor<4x32x64xf32>
    %286 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_112, %arg12 : tensor<4x32x64xf32>, tensor<64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %287 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%286 : tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.mulf %in, %cst_15 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %288 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%286 : tensor<4x32x64xf32>) outs(%12 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %289 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%286, %107 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %290 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%289 : tensor<4x32x64xf32>) outs(%12 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %291 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%107, %290 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %292 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%287, %288 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %293 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%292, %291 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %294 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.divf %in, %cst_15 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %295 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%294, %293 : tensor<4x32x1xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %296 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_112, %107 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %297 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "reduction", "parallel"]} ins(%296 : tensor<4x32x64xf32>) outs(%213 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<64xf32>
    %298 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "reduction", "parallel"]} ins(%expanded_112 : tensor<4x32x64xf32>) outs(%213 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<64xf32>
    %299 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%261, %295 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %collapsed_113 = tensor.collapse_shape %299 [[0, 1], [2]] : tensor<4x32x64xf32> into tensor<128x64xf32>
    %300 = linalg.matmul ins(%collapsed_113, %arg10 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%83 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %transposed_114 = linalg.transpose ins(%collapsed_113 : tensor<128x64xf32>) outs(%217 : tensor<64x128xf32>) permutation = [1, 0] 
    %301 = linalg.matmul ins(%transposed_114, %collapsed_44 : tensor<64x128xf32>, tensor<128x256xf32>) outs(%218 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %302 = linalg.generic {indexing_maps = [#map4, #map7], iterator_types = ["reduction", "parallel"]} ins(%collapsed_113 : tensor<128x64xf32>) outs(%221 : tensor<1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<1x64xf32>
    %collapsed_115 = tensor.collapse_shape %302 [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
    %expanded_116 = tensor.expand_shape %300 [[0, 1], [2]] output_shape [4, 32, 256] : tensor<128x256xf32> into tensor<4x32x256xf32>
    %303 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_42, %expanded_42 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %304 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%303, %expanded_42 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %305 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%304 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.truncf %cst_12 : f64 to f32
      %358 = arith.mulf %in, %357 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x256xf32>
    %306 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_42, %305 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %307 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%306 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.truncf %cst_11 : f64 to f32
      %358 = arith.mulf %in, %357 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x256xf32>
    %308 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%307 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = math.tanh %in : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %309 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_42 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.mulf %in, %cst_5 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %310 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%308 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %cst_4 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %311 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%310 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.mulf %in, %cst_5 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %312 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%308, %308 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %313 = linalg.generic {indexing_maps = [#map16, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_18, %312 : tensor<i64>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: i64, %in_147: f32, %out: f32):
      %357 = arith.sitofp %in : i64 to f32
      %358 = arith.subf %357, %in_147 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x256xf32>
    %314 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%303 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.truncf %cst_10 : f64 to f32
      %358 = arith.mulf %in, %357 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x256xf32>
    %315 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%314 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %cst_4 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %316 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%315 : tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.truncf %cst_11 : f64 to f32
      %358 = arith.mulf %in, %357 : f32
      linalg.yield %358 : f32
    } -> tensor<4x32x256xf32>
    %317 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%309, %313 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %318 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%317, %316 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %319 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%311, %318 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %320 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_116, %319 : tensor<4x32x256xf32>, tensor<4x32x256xf32>) outs(%87 : tensor<4x32x256xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x256xf32>
    %collapsed_117 = tensor.collapse_shape %320 [[0, 1], [2]] : tensor<4x32x256xf32> into tensor<128x256xf32>
    %321 = linalg.matmul ins(%collapsed_117, %arg8 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%60 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %transposed_118 = linalg.transpose ins(%collapsed_117 : tensor<128x256xf32>) outs(%242 : tensor<256x128xf32>) permutation = [1, 0] 
    %322 = linalg.matmul ins(%transposed_118, %collapsed_41 : tensor<256x128xf32>, tensor<128x64xf32>) outs(%243 : tensor<256x64xf32>) -> tensor<256x64xf32>
    %323 = linalg.generic {indexing_maps = [#map4, #map7], iterator_types = ["reduction", "parallel"]} ins(%collapsed_117 : tensor<128x256xf32>) outs(%246 : tensor<1x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<1x256xf32>
    %collapsed_119 = tensor.collapse_shape %323 [[0, 1]] : tensor<1x256xf32> into tensor<256xf32>
    %expanded_120 = tensor.expand_shape %321 [[0, 1], [2]] output_shape [4, 32, 64] : tensor<128x64xf32> into tensor<4x32x64xf32>
    %324 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_120, %arg2 : tensor<4x32x64xf32>, tensor<64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %325 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%324 : tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.mulf %in, %cst_15 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %326 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%324 : tensor<4x32x64xf32>) outs(%12 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %327 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%324, %78 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %328 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%327 : tensor<4x32x64xf32>) outs(%12 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %329 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %328 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %330 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%325, %326 : tensor<4x32x64xf32>, tensor<4x32x1xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %331 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%330, %329 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %332 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<4x32x1xf32>) outs(%10 : tensor<4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.divf %in, %cst_15 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x1xf32>
    %333 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%332, %331 : tensor<4x32x1xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %334 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_120, %78 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %335 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "reduction", "parallel"]} ins(%334 : tensor<4x32x64xf32>) outs(%213 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<64xf32>
    %336 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "reduction", "parallel"]} ins(%expanded_120 : tensor<4x32x64xf32>) outs(%213 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<64xf32>
    %337 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%299, %333 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.addf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %collapsed_121 = tensor.collapse_shape %337 [[0, 1], [2]] : tensor<4x32x64xf32> into tensor<128x64xf32>
    %338 = linalg.matmul ins(%collapsed_121, %arg6 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%60 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %transposed_122 = linalg.transpose ins(%collapsed_121 : tensor<128x64xf32>) outs(%217 : tensor<64x128xf32>) permutation = [1, 0] 
    %339 = linalg.matmul ins(%transposed_122, %collapsed_38 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%263 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %340 = linalg.generic {indexing_maps = [#map4, #map7], iterator_types = ["reduction", "parallel"]} ins(%collapsed_121 : tensor<128x64xf32>) outs(%221 : tensor<1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<1x64xf32>
    %collapsed_123 = tensor.collapse_shape %340 [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
    %expanded_124 = tensor.expand_shape %338 [[0, 1], [2, 3]] output_shape [4, 32, 4, 16] : tensor<128x64xf32> into tensor<4x32x4x16xf32>
    %transposed_125 = linalg.transpose ins(%expanded_124 : tensor<4x32x4x16xf32>) outs(%28 : tensor<4x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_126 = tensor.collapse_shape %transposed_125 [[0, 1], [2], [3]] : tensor<4x4x32x16xf32> into tensor<16x32x16xf32>
    %transposed_127 = linalg.transpose ins(%collapsed_33 : tensor<16x32x32xf32>) outs(%30 : tensor<16x32x32xf32>) permutation = [0, 2, 1] 
    %341 = linalg.batch_matmul ins(%transposed_127, %collapsed_126 : tensor<16x32x32xf32>, tensor<16x32x16xf32>) outs(%55 : tensor<16x32x16xf32>) -> tensor<16x32x16xf32>
    %transposed_128 = linalg.transpose ins(%collapsed_34 : tensor<16x32x16xf32>) outs(%267 : tensor<16x16x32xf32>) permutation = [0, 2, 1] 
    %342 = linalg.batch_matmul ins(%collapsed_126, %transposed_128 : tensor<16x32x16xf32>, tensor<16x16x32xf32>) outs(%31 : tensor<16x32x32xf32>) -> tensor<16x32x32xf32>
    %expanded_129 = tensor.expand_shape %341 [[0, 1], [2], [3]] output_shape [4, 4, 32, 16] : tensor<16x32x16xf32> into tensor<4x4x32x16xf32>
    %expanded_130 = tensor.expand_shape %342 [[0, 1], [2], [3]] output_shape [4, 4, 32, 32] : tensor<16x32x32xf32> into tensor<4x4x32x32xf32>
    %343 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_130, %53 : tensor<4x4x32x32xf32>, tensor<4x4x32x32xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %344 = linalg.generic {indexing_maps = [#map5, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%343 : tensor<4x4x32x32xf32>) outs(%51 : tensor<4x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x1xf32>
    %345 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%53, %344 : tensor<4x4x32x32xf32>, tensor<4x4x32x1xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %346 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%343, %345 : tensor<4x4x32x32xf32>, tensor<4x4x32x32xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.subf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %347 = linalg.generic {indexing_maps = [#map9, #map10, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %cst_6, %346 : tensor<32x32xi1>, tensor<f32>, tensor<4x4x32x32xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: i1, %in_147: f32, %in_148: f32, %out: f32):
      %357 = arith.select %in, %in_147, %in_148 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %348 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%347 : tensor<4x4x32x32xf32>) outs(%33 : tensor<4x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.mulf %in, %cst_16 : f32
      linalg.yield %357 : f32
    } -> tensor<4x4x32x32xf32>
    %collapsed_131 = tensor.collapse_shape %348 [[0, 1], [2], [3]] : tensor<4x4x32x32xf32> into tensor<16x32x32xf32>
    %transposed_132 = linalg.transpose ins(%collapsed_27 : tensor<16x32x16xf32>) outs(%267 : tensor<16x16x32xf32>) permutation = [0, 2, 1] 
    %349 = linalg.batch_matmul ins(%transposed_132, %collapsed_131 : tensor<16x16x32xf32>, tensor<16x32x32xf32>) outs(%275 : tensor<16x16x32xf32>) -> tensor<16x16x32xf32>
    %transposed_133 = linalg.transpose ins(%collapsed_28 : tensor<16x16x32xf32>) outs(%54 : tensor<16x32x16xf32>) permutation = [0, 2, 1] 
    %350 = linalg.batch_matmul ins(%collapsed_131, %transposed_133 : tensor<16x32x32xf32>, tensor<16x32x16xf32>) outs(%55 : tensor<16x32x16xf32>) -> tensor<16x32x16xf32>
    %expanded_134 = tensor.expand_shape %349 [[0, 1], [2], [3]] output_shape [4, 4, 16, 32] : tensor<16x16x32xf32> into tensor<4x4x16x32xf32>
    %expanded_135 = tensor.expand_shape %350 [[0, 1], [2], [3]] output_shape [4, 4, 32, 16] : tensor<16x32x16xf32> into tensor<4x4x32x16xf32>
    %transposed_136 = linalg.transpose ins(%expanded_129 : tensor<4x4x32x16xf32>) outs(%57 : tensor<4x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_137 = tensor.collapse_shape %transposed_136 [[0], [1], [2, 3]] : tensor<4x32x4x16xf32> into tensor<4x32x64xf32>
    %transposed_138 = linalg.transpose ins(%expanded_134 : tensor<4x4x16x32xf32>) outs(%57 : tensor<4x32x4x16xf32>) permutation = [0, 3, 1, 2] 
    %collapsed_139 = tensor.collapse_shape %transposed_138 [[0], [1], [2, 3]] : tensor<4x32x4x16xf32> into tensor<4x32x64xf32>
    %transposed_140 = linalg.transpose ins(%expanded_135 : tensor<4x4x32x16xf32>) outs(%57 : tensor<4x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_141 = tensor.collapse_shape %transposed_140 [[0], [1], [2, 3]] : tensor<4x32x4x16xf32> into tensor<4x32x64xf32>
    %concat_142 = tensor.concat dim(2) %collapsed_141, %collapsed_139, %collapsed_137 : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x192xf32>
    %collapsed_143 = tensor.collapse_shape %concat_142 [[0, 1], [2]] : tensor<4x32x192xf32> into tensor<128x192xf32>
    %351 = linalg.matmul ins(%collapsed_143, %arg4 : tensor<128x192xf32>, tensor<192x64xf32>) outs(%60 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %transposed_144 = linalg.transpose ins(%collapsed_143 : tensor<128x192xf32>) outs(%279 : tensor<192x128xf32>) permutation = [1, 0] 
    %352 = linalg.matmul ins(%transposed_144, %collapsed : tensor<192x128xf32>, tensor<128x64xf32>) outs(%281 : tensor<192x64xf32>) -> tensor<192x64xf32>
    %353 = linalg.generic {indexing_maps = [#map4, #map7], iterator_types = ["reduction", "parallel"]} ins(%collapsed_143 : tensor<128x192xf32>) outs(%284 : tensor<1x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<1x192xf32>
    %collapsed_145 = tensor.collapse_shape %353 [[0, 1]] : tensor<1x192xf32> into tensor<192xf32>
    %expanded_146 = tensor.expand_shape %351 [[0, 1], [2]] output_shape [4, 32, 64] : tensor<128x64xf32> into tensor<4x32x64xf32>
    %354 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_146, %19 : tensor<4x32x64xf32>, tensor<4x32x64xf32>) outs(%17 : tensor<4x32x64xf32>) {
    ^bb0(%in: f32, %in_147: f32, %out: f32):
      %357 = arith.mulf %in, %in_147 : f32
      linalg.yield %357 : f32
    } -> tensor<4x32x64xf32>
    %355 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "reduction", "parallel"]} ins(%354 : tensor<4x32x64xf32>) outs(%213 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<64xf32>
    %356 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "reduction", "parallel"]} ins(%expanded_146 : tensor<4x32x64xf32>) outs(%213 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %357 = arith.addf %in, %out : f32
      linalg.yield %357 : f32
    } -> tensor<64xf32>
    return %187, %355, %356, %335, %336, %352, %collapsed_145, %339, %collapsed_123, %322, %collapsed_119, %301, %collapsed_115, %297, %298, %259, %260, %282, %collapsed_111, %264, %collapsed_90, %244, %collapsed_86, %219, %collapsed_82, %214, %215, %199 : tensor<f32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<192x64xf32>, tensor<192xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<192x64xf32>, tensor<192xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<96x64xf32>
  }
}
