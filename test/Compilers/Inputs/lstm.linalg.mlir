#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> ()>
#map3 = affine_map<() -> ()>
#map4 = affine_map<(d0, d1) -> (0, d1)>
#map5 = affine_map<(d0) -> (d0)>
module {
  func.func @train_step(%arg0: tensor<128x16xf32>, %arg1: tensor<128x32xf32>, %arg2: tensor<128xf32>, %arg3: tensor<128xf32>, %arg4: tensor<16x32xf32>, %arg5: tensor<16xf32>, %arg6: tensor<8x16x16xf32>, %arg7: tensor<16x16xf32>) -> (tensor<f32>, tensor<128x16xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<128xf32>, tensor<16x32xf32>, tensor<16xf32>) {
    %c2_i64 = arith.constant 2 : i64
    %c1_i64 = arith.constant 1 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant dense<1.000000e+00> : tensor<16x16xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<16x32xf32>
    %cst_3 = arith.constant 2.560000e+02 : f32
    %cst_4 = arith.constant 2.000000e+00 : f32
    %cst_5 = arith.constant dense<1> : tensor<i64>
    %extracted_slice = tensor.extract_slice %arg6[0, 0, 0] [1, 16, 16] [1, 1, 1] : tensor<8x16x16xf32> to tensor<1x16x16xf32>
    %collapsed = tensor.collapse_shape %extracted_slice [[0, 1], [2]] : tensor<1x16x16xf32> into tensor<16x16xf32>
    %0 = tensor.empty() : tensor<32x128xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<128x32xf32>) outs(%0 : tensor<32x128xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<16x128xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %3 = linalg.matmul ins(%cst_2, %transposed : tensor<16x32xf32>, tensor<32x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x128xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %transposed_6 = linalg.transpose ins(%arg0 : tensor<128x16xf32>) outs(%1 : tensor<16x128xf32>) permutation = [1, 0] 
    %6 = linalg.matmul ins(%collapsed, %transposed_6 : tensor<16x16xf32>, tensor<16x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x128xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6, %7 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%5, %8 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %extracted_slice_7 = tensor.extract_slice %9[0, 0] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_8 = tensor.extract_slice %9[0, 32] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_9 = tensor.extract_slice %9[0, 64] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_10 = tensor.extract_slice %9[0, 96] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %10 = tensor.empty() : tensor<16x32xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_7 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_8 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_9 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %14 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_10 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%12, %cst_2 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %16 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%11, %13 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%15, %16 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%17 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%14, %18 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %extracted_slice_11 = tensor.extract_slice %arg6[1, 0, 0] [1, 16, 16] [1, 1, 1] : tensor<8x16x16xf32> to tensor<1x16x16xf32>
    %collapsed_12 = tensor.collapse_shape %extracted_slice_11 [[0, 1], [2]] : tensor<1x16x16xf32> into tensor<16x16xf32>
    %20 = linalg.matmul ins(%19, %transposed : tensor<16x32xf32>, tensor<32x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%20, %4 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %22 = linalg.matmul ins(%collapsed_12, %transposed_6 : tensor<16x16xf32>, tensor<16x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%22, %7 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%21, %23 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %extracted_slice_13 = tensor.extract_slice %24[0, 0] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_14 = tensor.extract_slice %24[0, 32] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_15 = tensor.extract_slice %24[0, 64] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_16 = tensor.extract_slice %24[0, 96] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_13 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %26 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_14 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %27 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_15 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %28 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_16 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %29 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%26, %17 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %30 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%25, %27 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %31 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%29, %30 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %32 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%31 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %33 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%28, %32 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %extracted_slice_17 = tensor.extract_slice %arg6[2, 0, 0] [1, 16, 16] [1, 1, 1] : tensor<8x16x16xf32> to tensor<1x16x16xf32>
    %collapsed_18 = tensor.collapse_shape %extracted_slice_17 [[0, 1], [2]] : tensor<1x16x16xf32> into tensor<16x16xf32>
    %34 = linalg.matmul ins(%33, %transposed : tensor<16x32xf32>, tensor<32x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %35 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%34, %4 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %36 = linalg.matmul ins(%collapsed_18, %transposed_6 : tensor<16x16xf32>, tensor<16x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %37 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%36, %7 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%35, %37 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %extracted_slice_19 = tensor.extract_slice %38[0, 0] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_20 = tensor.extract_slice %38[0, 32] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_21 = tensor.extract_slice %38[0, 64] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_22 = tensor.extract_slice %38[0, 96] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_19 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_20 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %41 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_21 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %42 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_22 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %43 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%40, %31 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %44 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%39, %41 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %45 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%43, %44 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %46 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%45 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %47 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%42, %46 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %extracted_slice_23 = tensor.extract_slice %arg6[3, 0, 0] [1, 16, 16] [1, 1, 1] : tensor<8x16x16xf32> to tensor<1x16x16xf32>
    %collapsed_24 = tensor.collapse_shape %extracted_slice_23 [[0, 1], [2]] : tensor<1x16x16xf32> into tensor<16x16xf32>
    %48 = linalg.matmul ins(%47, %transposed : tensor<16x32xf32>, tensor<32x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %49 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%48, %4 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %50 = linalg.matmul ins(%collapsed_24, %transposed_6 : tensor<16x16xf32>, tensor<16x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %51 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%50, %7 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %52 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%49, %51 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %extracted_slice_25 = tensor.extract_slice %52[0, 0] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_26 = tensor.extract_slice %52[0, 32] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_27 = tensor.extract_slice %52[0, 64] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_28 = tensor.extract_slice %52[0, 96] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %53 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_25 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %54 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_26 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %55 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_27 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %56 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_28 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %57 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%54, %45 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %58 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%53, %55 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %59 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%57, %58 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %60 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%59 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %61 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%56, %60 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %extracted_slice_29 = tensor.extract_slice %arg6[4, 0, 0] [1, 16, 16] [1, 1, 1] : tensor<8x16x16xf32> to tensor<1x16x16xf32>
    %collapsed_30 = tensor.collapse_shape %extracted_slice_29 [[0, 1], [2]] : tensor<1x16x16xf32> into tensor<16x16xf32>
    %62 = linalg.matmul ins(%61, %transposed : tensor<16x32xf32>, tensor<32x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %63 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%62, %4 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %64 = linalg.matmul ins(%collapsed_30, %transposed_6 : tensor<16x16xf32>, tensor<16x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %65 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%64, %7 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %66 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%63, %65 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %extracted_slice_31 = tensor.extract_slice %66[0, 0] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_32 = tensor.extract_slice %66[0, 32] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_33 = tensor.extract_slice %66[0, 64] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_34 = tensor.extract_slice %66[0, 96] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %67 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_31 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %68 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_32 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %69 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_33 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %70 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_34 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %71 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%68, %59 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %72 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%67, %69 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %73 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%71, %72 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %74 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%73 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %75 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%70, %74 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %extracted_slice_35 = tensor.extract_slice %arg6[5, 0, 0] [1, 16, 16] [1, 1, 1] : tensor<8x16x16xf32> to tensor<1x16x16xf32>
    %collapsed_36 = tensor.collapse_shape %extracted_slice_35 [[0, 1], [2]] : tensor<1x16x16xf32> into tensor<16x16xf32>
    %76 = linalg.matmul ins(%75, %transposed : tensor<16x32xf32>, tensor<32x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %77 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%76, %4 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %78 = linalg.matmul ins(%collapsed_36, %transposed_6 : tensor<16x16xf32>, tensor<16x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %79 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%78, %7 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %80 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%77, %79 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %extracted_slice_37 = tensor.extract_slice %80[0, 0] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_38 = tensor.extract_slice %80[0, 32] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_39 = tensor.extract_slice %80[0, 64] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_40 = tensor.extract_slice %80[0, 96] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_37 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %82 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_38 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %83 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_39 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %84 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_40 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %85 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%82, %73 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %86 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%81, %83 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %87 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%85, %86 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %88 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%87 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%84, %88 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %extracted_slice_41 = tensor.extract_slice %arg6[6, 0, 0] [1, 16, 16] [1, 1, 1] : tensor<8x16x16xf32> to tensor<1x16x16xf32>
    %collapsed_42 = tensor.collapse_shape %extracted_slice_41 [[0, 1], [2]] : tensor<1x16x16xf32> into tensor<16x16xf32>
    %90 = linalg.matmul ins(%89, %transposed : tensor<16x32xf32>, tensor<32x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%90, %4 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %92 = linalg.matmul ins(%collapsed_42, %transposed_6 : tensor<16x16xf32>, tensor<16x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %93 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%92, %7 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %94 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%91, %93 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %extracted_slice_43 = tensor.extract_slice %94[0, 0] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_44 = tensor.extract_slice %94[0, 32] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_45 = tensor.extract_slice %94[0, 64] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_46 = tensor.extract_slice %94[0, 96] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %95 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_43 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %96 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_44 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %97 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_45 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %98 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_46 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %99 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%96, %87 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %100 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%95, %97 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %101 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%99, %100 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %102 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%101 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %103 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%98, %102 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %extracted_slice_47 = tensor.extract_slice %arg6[7, 0, 0] [1, 16, 16] [1, 1, 1] : tensor<8x16x16xf32> to tensor<1x16x16xf32>
    %collapsed_48 = tensor.collapse_shape %extracted_slice_47 [[0, 1], [2]] : tensor<1x16x16xf32> into tensor<16x16xf32>
    %104 = linalg.matmul ins(%103, %transposed : tensor<16x32xf32>, tensor<32x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %105 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%104, %4 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %106 = linalg.matmul ins(%collapsed_48, %transposed_6 : tensor<16x16xf32>, tensor<16x128xf32>) outs(%2 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %107 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%106, %7 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %108 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%105, %107 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%1 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x128xf32>
    %extracted_slice_49 = tensor.extract_slice %108[0, 0] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_50 = tensor.extract_slice %108[0, 32] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_51 = tensor.extract_slice %108[0, 64] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %extracted_slice_52 = tensor.extract_slice %108[0, 96] [16, 32] [1, 1] : tensor<16x128xf32> to tensor<16x32xf32>
    %109 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_49 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %110 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_50 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %111 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_51 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %112 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_52 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.negf %in : f32
      %374 = math.exp %373 : f32
      %375 = arith.addf %374, %cst_0 : f32
      %376 = arith.divf %cst_0, %375 : f32
      linalg.yield %376 : f32
    } -> tensor<16x32xf32>
    %113 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%110, %101 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %114 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%109, %111 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %115 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%113, %114 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %116 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%115 : tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.tanh %in : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %117 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%112, %116 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %118 = tensor.empty() : tensor<32x16xf32>
    %transposed_53 = linalg.transpose ins(%arg4 : tensor<16x32xf32>) outs(%118 : tensor<32x16xf32>) permutation = [1, 0] 
    %119 = tensor.empty() : tensor<16x16xf32>
    %120 = linalg.fill ins(%cst : f32) outs(%119 : tensor<16x16xf32>) -> tensor<16x16xf32>
    %121 = linalg.matmul ins(%117, %transposed_53 : tensor<16x32xf32>, tensor<32x16xf32>) outs(%120 : tensor<16x16xf32>) -> tensor<16x16xf32>
    %122 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<16xf32>) outs(%119 : tensor<16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x16xf32>
    %123 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%121, %122 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%119 : tensor<16x16xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x16xf32>
    %124 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%123, %arg7 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%119 : tensor<16x16xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.subf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x16xf32>
    %125 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%124 : tensor<16x16xf32>) outs(%119 : tensor<16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %373 : f32
    } -> tensor<16x16xf32>
    %126 = tensor.empty() : tensor<f32>
    %127 = linalg.fill ins(%cst : f32) outs(%126 : tensor<f32>) -> tensor<f32>
    %128 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["reduction", "reduction"]} ins(%125 : tensor<16x16xf32>) outs(%127 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %in, %out : f32
      linalg.yield %373 : f32
    } -> tensor<f32>
    %129 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = []} ins(%128 : tensor<f32>) outs(%126 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.divf %in, %cst_3 : f32
      linalg.yield %373 : f32
    } -> tensor<f32>
    %130 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_1 : tensor<16x16xf32>) outs(%119 : tensor<16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.divf %in, %cst_3 : f32
      linalg.yield %373 : f32
    } -> tensor<16x16xf32>
    %131 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%124 : tensor<16x16xf32>) outs(%119 : tensor<16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %373 : f32
    } -> tensor<16x16xf32>
    %132 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%131 : tensor<16x16xf32>) outs(%119 : tensor<16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.mulf %in, %cst_4 : f32
      linalg.yield %373 : f32
    } -> tensor<16x16xf32>
    %133 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%130, %132 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%119 : tensor<16x16xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x16xf32>
    %134 = linalg.fill ins(%cst : f32) outs(%10 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %135 = linalg.matmul ins(%133, %arg4 : tensor<16x16xf32>, tensor<16x32xf32>) outs(%134 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %transposed_54 = linalg.transpose ins(%133 : tensor<16x16xf32>) outs(%119 : tensor<16x16xf32>) permutation = [1, 0] 
    %136 = linalg.matmul ins(%transposed_54, %117 : tensor<16x16xf32>, tensor<16x32xf32>) outs(%134 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %137 = tensor.empty() : tensor<1x16xf32>
    %138 = linalg.fill ins(%cst : f32) outs(%137 : tensor<1x16xf32>) -> tensor<1x16xf32>
    %139 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["reduction", "parallel"]} ins(%133 : tensor<16x16xf32>) outs(%138 : tensor<1x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %in, %out : f32
      linalg.yield %373 : f32
    } -> tensor<1x16xf32>
    %collapsed_55 = tensor.collapse_shape %139 [[0, 1]] : tensor<1x16xf32> into tensor<16xf32>
    %140 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%135, %112 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %141 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%135, %116 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %142 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%116, %116 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %143 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %142 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %144 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%140, %143 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %145 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%144, %109 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %146 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%144, %111 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %147 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%144, %110 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %148 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%144, %101 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %149 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %112 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %150 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%112, %149 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %151 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%141, %150 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %152 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%111, %111 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %153 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %152 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %154 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%145, %153 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %155 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %110 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %156 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%110, %155 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %157 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%148, %156 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %158 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %109 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %159 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%109, %158 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %160 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%146, %159 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %concat = tensor.concat dim(1) %160, %157, %154, %151 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %161 = tensor.empty() : tensor<128x16xf32>
    %transposed_56 = linalg.transpose ins(%concat : tensor<16x128xf32>) outs(%161 : tensor<128x16xf32>) permutation = [1, 0] 
    %162 = linalg.fill ins(%cst : f32) outs(%161 : tensor<128x16xf32>) -> tensor<128x16xf32>
    %163 = linalg.matmul ins(%transposed_56, %collapsed_48 : tensor<128x16xf32>, tensor<16x16xf32>) outs(%162 : tensor<128x16xf32>) -> tensor<128x16xf32>
    %164 = tensor.empty() : tensor<1x128xf32>
    %165 = linalg.fill ins(%cst : f32) outs(%164 : tensor<1x128xf32>) -> tensor<1x128xf32>
    %166 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["reduction", "parallel"]} ins(%concat : tensor<16x128xf32>) outs(%165 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %in, %out : f32
      linalg.yield %373 : f32
    } -> tensor<1x128xf32>
    %collapsed_57 = tensor.collapse_shape %166 [[0, 1]] : tensor<1x128xf32> into tensor<128xf32>
    %167 = linalg.matmul ins(%concat, %arg1 : tensor<16x128xf32>, tensor<128x32xf32>) outs(%134 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %168 = tensor.empty() : tensor<128x32xf32>
    %169 = linalg.fill ins(%cst : f32) outs(%168 : tensor<128x32xf32>) -> tensor<128x32xf32>
    %170 = linalg.matmul ins(%transposed_56, %103 : tensor<128x16xf32>, tensor<16x32xf32>) outs(%169 : tensor<128x32xf32>) -> tensor<128x32xf32>
    %171 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%167, %98 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %172 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%167, %102 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %173 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%102, %102 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %174 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %173 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %175 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%171, %174 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %176 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%147, %175 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %177 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%176, %95 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %178 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%176, %97 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %179 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%176, %96 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %180 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%176, %87 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %181 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %98 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %182 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%98, %181 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %183 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%172, %182 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %184 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%97, %97 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %185 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %184 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %186 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%177, %185 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %187 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %96 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %188 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%96, %187 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %189 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%180, %188 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %190 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %95 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %191 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%95, %190 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %192 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%178, %191 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %concat_58 = tensor.concat dim(1) %192, %189, %186, %183 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %transposed_59 = linalg.transpose ins(%concat_58 : tensor<16x128xf32>) outs(%161 : tensor<128x16xf32>) permutation = [1, 0] 
    %193 = linalg.matmul ins(%transposed_59, %collapsed_42 : tensor<128x16xf32>, tensor<16x16xf32>) outs(%162 : tensor<128x16xf32>) -> tensor<128x16xf32>
    %194 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["reduction", "parallel"]} ins(%concat_58 : tensor<16x128xf32>) outs(%165 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %in, %out : f32
      linalg.yield %373 : f32
    } -> tensor<1x128xf32>
    %collapsed_60 = tensor.collapse_shape %194 [[0, 1]] : tensor<1x128xf32> into tensor<128xf32>
    %195 = tensor.empty() : tensor<128xf32>
    %196 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel"]} ins(%collapsed_57, %collapsed_60 : tensor<128xf32>, tensor<128xf32>) outs(%195 : tensor<128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128xf32>
    %197 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%163, %193 : tensor<128x16xf32>, tensor<128x16xf32>) outs(%161 : tensor<128x16xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128x16xf32>
    %198 = linalg.matmul ins(%concat_58, %arg1 : tensor<16x128xf32>, tensor<128x32xf32>) outs(%134 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %199 = linalg.matmul ins(%transposed_59, %89 : tensor<128x16xf32>, tensor<16x32xf32>) outs(%169 : tensor<128x32xf32>) -> tensor<128x32xf32>
    %200 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%170, %199 : tensor<128x32xf32>, tensor<128x32xf32>) outs(%168 : tensor<128x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128x32xf32>
    %201 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%198, %84 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %202 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%198, %88 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %203 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%88, %88 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %204 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %203 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %205 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%201, %204 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %206 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%179, %205 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %207 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%206, %81 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %208 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%206, %83 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %209 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%206, %82 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %210 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%206, %73 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %211 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %84 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %212 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%84, %211 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %213 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%202, %212 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %214 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%83, %83 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %215 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %214 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %216 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%207, %215 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %217 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %82 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %218 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%82, %217 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %219 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%210, %218 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %220 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %81 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %221 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%81, %220 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %222 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%208, %221 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %concat_61 = tensor.concat dim(1) %222, %219, %216, %213 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %transposed_62 = linalg.transpose ins(%concat_61 : tensor<16x128xf32>) outs(%161 : tensor<128x16xf32>) permutation = [1, 0] 
    %223 = linalg.matmul ins(%transposed_62, %collapsed_36 : tensor<128x16xf32>, tensor<16x16xf32>) outs(%162 : tensor<128x16xf32>) -> tensor<128x16xf32>
    %224 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["reduction", "parallel"]} ins(%concat_61 : tensor<16x128xf32>) outs(%165 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %in, %out : f32
      linalg.yield %373 : f32
    } -> tensor<1x128xf32>
    %collapsed_63 = tensor.collapse_shape %224 [[0, 1]] : tensor<1x128xf32> into tensor<128xf32>
    %225 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel"]} ins(%196, %collapsed_63 : tensor<128xf32>, tensor<128xf32>) outs(%195 : tensor<128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128xf32>
    %226 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%197, %223 : tensor<128x16xf32>, tensor<128x16xf32>) outs(%161 : tensor<128x16xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128x16xf32>
    %227 = linalg.matmul ins(%concat_61, %arg1 : tensor<16x128xf32>, tensor<128x32xf32>) outs(%134 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %228 = linalg.matmul ins(%transposed_62, %75 : tensor<128x16xf32>, tensor<16x32xf32>) outs(%169 : tensor<128x32xf32>) -> tensor<128x32xf32>
    %229 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%200, %228 : tensor<128x32xf32>, tensor<128x32xf32>) outs(%168 : tensor<128x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128x32xf32>
    %230 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%227, %70 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %231 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%227, %74 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %232 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%74, %74 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %233 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %232 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %234 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%230, %233 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %235 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%209, %234 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %236 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%235, %67 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %237 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%235, %69 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %238 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%235, %68 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %239 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%235, %59 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %240 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %70 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %241 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%70, %240 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %242 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%231, %241 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %243 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%69, %69 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %244 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %243 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %245 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%236, %244 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %246 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %68 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %247 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%68, %246 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %248 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%239, %247 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %249 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %67 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %250 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%67, %249 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %251 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%237, %250 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %concat_64 = tensor.concat dim(1) %251, %248, %245, %242 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %transposed_65 = linalg.transpose ins(%concat_64 : tensor<16x128xf32>) outs(%161 : tensor<128x16xf32>) permutation = [1, 0] 
    %252 = linalg.matmul ins(%transposed_65, %collapsed_30 : tensor<128x16xf32>, tensor<16x16xf32>) outs(%162 : tensor<128x16xf32>) -> tensor<128x16xf32>
    %253 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["reduction", "parallel"]} ins(%concat_64 : tensor<16x128xf32>) outs(%165 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %in, %out : f32
      linalg.yield %373 : f32
    } -> tensor<1x128xf32>
    %collapsed_66 = tensor.collapse_shape %253 [[0, 1]] : tensor<1x128xf32> into tensor<128xf32>
    %254 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel"]} ins(%225, %collapsed_66 : tensor<128xf32>, tensor<128xf32>) outs(%195 : tensor<128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128xf32>
    %255 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%226, %252 : tensor<128x16xf32>, tensor<128x16xf32>) outs(%161 : tensor<128x16xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128x16xf32>
    %256 = linalg.matmul ins(%concat_64, %arg1 : tensor<16x128xf32>, tensor<128x32xf32>) outs(%134 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %257 = linalg.matmul ins(%transposed_65, %61 : tensor<128x16xf32>, tensor<16x32xf32>) outs(%169 : tensor<128x32xf32>) -> tensor<128x32xf32>
    %258 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%229, %257 : tensor<128x32xf32>, tensor<128x32xf32>) outs(%168 : tensor<128x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128x32xf32>
    %259 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%256, %56 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %260 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%256, %60 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %261 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%60, %60 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %262 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %261 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %263 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%259, %262 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %264 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%238, %263 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %265 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%264, %53 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %266 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%264, %55 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %267 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%264, %54 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %268 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%264, %45 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %269 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %56 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %270 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%56, %269 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %271 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%260, %270 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %272 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%55, %55 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %273 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %272 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %274 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%265, %273 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %275 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %54 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %276 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%54, %275 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %277 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%268, %276 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %278 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %53 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %279 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%53, %278 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %280 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%266, %279 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %concat_67 = tensor.concat dim(1) %280, %277, %274, %271 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %transposed_68 = linalg.transpose ins(%concat_67 : tensor<16x128xf32>) outs(%161 : tensor<128x16xf32>) permutation = [1, 0] 
    %281 = linalg.matmul ins(%transposed_68, %collapsed_24 : tensor<128x16xf32>, tensor<16x16xf32>) outs(%162 : tensor<128x16xf32>) -> tensor<128x16xf32>
    %282 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["reduction", "parallel"]} ins(%concat_67 : tensor<16x128xf32>) outs(%165 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %in, %out : f32
      linalg.yield %373 : f32
    } -> tensor<1x128xf32>
    %collapsed_69 = tensor.collapse_shape %282 [[0, 1]] : tensor<1x128xf32> into tensor<128xf32>
    %283 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel"]} ins(%254, %collapsed_69 : tensor<128xf32>, tensor<128xf32>) outs(%195 : tensor<128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128xf32>
    %284 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%255, %281 : tensor<128x16xf32>, tensor<128x16xf32>) outs(%161 : tensor<128x16xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128x16xf32>
    %285 = linalg.matmul ins(%concat_67, %arg1 : tensor<16x128xf32>, tensor<128x32xf32>) outs(%134 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %286 = linalg.matmul ins(%transposed_68, %47 : tensor<128x16xf32>, tensor<16x32xf32>) outs(%169 : tensor<128x32xf32>) -> tensor<128x32xf32>
    %287 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%258, %286 : tensor<128x32xf32>, tensor<128x32xf32>) outs(%168 : tensor<128x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128x32xf32>
    %288 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%285, %42 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %289 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%285, %46 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %290 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%46, %46 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %291 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %290 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %292 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%288, %291 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %293 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%267, %292 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %294 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%293, %39 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %295 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%293, %41 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %296 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%293, %40 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %297 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%293, %31 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %298 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %42 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %299 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%42, %298 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %300 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%289, %299 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %301 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%41, %41 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %302 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %301 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %303 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%294, %302 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %304 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %40 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %305 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%40, %304 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %306 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%297, %305 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %307 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %39 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %308 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%39, %307 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %309 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%295, %308 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %concat_70 = tensor.concat dim(1) %309, %306, %303, %300 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %transposed_71 = linalg.transpose ins(%concat_70 : tensor<16x128xf32>) outs(%161 : tensor<128x16xf32>) permutation = [1, 0] 
    %310 = linalg.matmul ins(%transposed_71, %collapsed_18 : tensor<128x16xf32>, tensor<16x16xf32>) outs(%162 : tensor<128x16xf32>) -> tensor<128x16xf32>
    %311 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["reduction", "parallel"]} ins(%concat_70 : tensor<16x128xf32>) outs(%165 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %in, %out : f32
      linalg.yield %373 : f32
    } -> tensor<1x128xf32>
    %collapsed_72 = tensor.collapse_shape %311 [[0, 1]] : tensor<1x128xf32> into tensor<128xf32>
    %312 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel"]} ins(%283, %collapsed_72 : tensor<128xf32>, tensor<128xf32>) outs(%195 : tensor<128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128xf32>
    %313 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%284, %310 : tensor<128x16xf32>, tensor<128x16xf32>) outs(%161 : tensor<128x16xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128x16xf32>
    %314 = linalg.matmul ins(%concat_70, %arg1 : tensor<16x128xf32>, tensor<128x32xf32>) outs(%134 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %315 = linalg.matmul ins(%transposed_71, %33 : tensor<128x16xf32>, tensor<16x32xf32>) outs(%169 : tensor<128x32xf32>) -> tensor<128x32xf32>
    %316 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%287, %315 : tensor<128x32xf32>, tensor<128x32xf32>) outs(%168 : tensor<128x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128x32xf32>
    %317 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%314, %28 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %318 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%314, %32 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %319 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%32, %32 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %320 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %319 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %321 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%317, %320 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %322 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%296, %321 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %323 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%322, %25 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %324 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%322, %27 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %325 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%322, %26 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %326 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%322, %17 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %327 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %28 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %328 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%28, %327 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %329 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%318, %328 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %330 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%27, %27 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %331 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %330 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %332 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%323, %331 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %333 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %26 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %334 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%26, %333 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %335 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%326, %334 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %336 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %25 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %337 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%25, %336 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %338 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%324, %337 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %concat_73 = tensor.concat dim(1) %338, %335, %332, %329 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %transposed_74 = linalg.transpose ins(%concat_73 : tensor<16x128xf32>) outs(%161 : tensor<128x16xf32>) permutation = [1, 0] 
    %339 = linalg.matmul ins(%transposed_74, %collapsed_12 : tensor<128x16xf32>, tensor<16x16xf32>) outs(%162 : tensor<128x16xf32>) -> tensor<128x16xf32>
    %340 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["reduction", "parallel"]} ins(%concat_73 : tensor<16x128xf32>) outs(%165 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %in, %out : f32
      linalg.yield %373 : f32
    } -> tensor<1x128xf32>
    %collapsed_75 = tensor.collapse_shape %340 [[0, 1]] : tensor<1x128xf32> into tensor<128xf32>
    %341 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel"]} ins(%312, %collapsed_75 : tensor<128xf32>, tensor<128xf32>) outs(%195 : tensor<128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128xf32>
    %342 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%313, %339 : tensor<128x16xf32>, tensor<128x16xf32>) outs(%161 : tensor<128x16xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128x16xf32>
    %343 = linalg.matmul ins(%concat_73, %arg1 : tensor<16x128xf32>, tensor<128x32xf32>) outs(%134 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %344 = linalg.matmul ins(%transposed_74, %19 : tensor<128x16xf32>, tensor<16x32xf32>) outs(%169 : tensor<128x32xf32>) -> tensor<128x32xf32>
    %345 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%316, %344 : tensor<128x32xf32>, tensor<128x32xf32>) outs(%168 : tensor<128x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128x32xf32>
    %346 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%343, %14 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %347 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%343, %18 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %348 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%18, %18 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %349 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %348 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %350 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%346, %349 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %351 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%325, %350 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %352 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%351, %11 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %353 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%351, %13 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %354 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%351, %cst_2 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %355 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %14 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %356 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%14, %355 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %357 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%347, %356 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %358 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13, %13 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %359 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %358 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %360 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%352, %359 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %361 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %12 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %362 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%12, %361 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %363 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%354, %362 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %364 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %11 : tensor<i64>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: i64, %in_79: f32, %out: f32):
      %373 = arith.sitofp %in : i64 to f32
      %374 = arith.subf %373, %in_79 : f32
      linalg.yield %374 : f32
    } -> tensor<16x32xf32>
    %365 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%11, %364 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %366 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%353, %365 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%10 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.mulf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<16x32xf32>
    %concat_76 = tensor.concat dim(1) %366, %363, %360, %357 : (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x128xf32>
    %transposed_77 = linalg.transpose ins(%concat_76 : tensor<16x128xf32>) outs(%161 : tensor<128x16xf32>) permutation = [1, 0] 
    %367 = linalg.matmul ins(%transposed_77, %collapsed : tensor<128x16xf32>, tensor<16x16xf32>) outs(%162 : tensor<128x16xf32>) -> tensor<128x16xf32>
    %368 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["reduction", "parallel"]} ins(%concat_76 : tensor<16x128xf32>) outs(%165 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %in, %out : f32
      linalg.yield %373 : f32
    } -> tensor<1x128xf32>
    %collapsed_78 = tensor.collapse_shape %368 [[0, 1]] : tensor<1x128xf32> into tensor<128xf32>
    %369 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel"]} ins(%341, %collapsed_78 : tensor<128xf32>, tensor<128xf32>) outs(%195 : tensor<128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128xf32>
    %370 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%342, %367 : tensor<128x16xf32>, tensor<128x16xf32>) outs(%161 : tensor<128x16xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128x16xf32>
    %371 = linalg.matmul ins(%transposed_77, %cst_2 : tensor<128x16xf32>, tensor<16x32xf32>) outs(%169 : tensor<128x32xf32>) -> tensor<128x32xf32>
    %372 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%345, %371 : tensor<128x32xf32>, tensor<128x32xf32>) outs(%168 : tensor<128x32xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %373 = arith.addf %in, %in_79 : f32
      linalg.yield %373 : f32
    } -> tensor<128x32xf32>
    return %129, %370, %372, %369, %369, %136, %collapsed_55 : tensor<f32>, tensor<128x16xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<128xf32>, tensor<16x32xf32>, tensor<16xf32>
  }
}
