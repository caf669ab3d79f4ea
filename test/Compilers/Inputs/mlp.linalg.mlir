#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
#map4 = affine_map<(d0, d1) -> ()>
#map5 = affine_map<() -> ()>
#map6 = affine_map<(d0, d1) -> (0, d1)>
module {
  func.func @train_step(%arg0: tensor<64x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<10x64xf32>, %arg5: tensor<10xf32>, %arg6: tensor<32x64xf32>, %arg7: tensor<32x10xf32>) -> (tensor<f32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<10x64xf32>, tensor<10xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_2 = arith.constant 3.200000e+01 : f32
    %cst_3 = arith.constant dense<1> : tensor<i64>
    %0 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<32x64xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %3 = linalg.matmul ins(%arg6, %transposed : tensor<32x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x64xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %66 = arith.addf %in, %in_11 : f32
      linalg.yield %66 : f32
    } -> tensor<32x64xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = math.tanh %in : f32
      linalg.yield %66 : f32
    } -> tensor<32x64xf32>
    %transposed_4 = linalg.transpose ins(%arg2 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %7 = linalg.matmul ins(%6, %transposed_4 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x64xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%7, %8 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %66 = arith.addf %in, %in_11 : f32
      linalg.yield %66 : f32
    } -> tensor<32x64xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = math.tanh %in : f32
      linalg.yield %66 : f32
    } -> tensor<32x64xf32>
    %11 = tensor.empty() : tensor<64x10xf32>
    %transposed_5 = linalg.transpose ins(%arg4 : tensor<10x64xf32>) outs(%11 : tensor<64x10xf32>) permutation = [1, 0] 
    %12 = tensor.empty() : tensor<32x10xf32>
    %13 = linalg.fill ins(%cst : f32) outs(%12 : tensor<32x10xf32>) -> tensor<32x10xf32>
    %14 = linalg.matmul ins(%10, %transposed_5 : tensor<32x64xf32>, tensor<64x10xf32>) outs(%13 : tensor<32x10xf32>) -> tensor<32x10xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<10xf32>) outs(%12 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x10xf32>
    %16 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%14, %15 : tensor<32x10xf32>, tensor<32x10xf32>) outs(%12 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %66 = arith.addf %in, %in_11 : f32
      linalg.yield %66 : f32
    } -> tensor<32x10xf32>
    %17 = tensor.empty() : tensor<32xi64>
    %18 = linalg.fill ins(%c0_i64 : i64) outs(%17 : tensor<32xi64>) -> tensor<32xi64>
    %19 = tensor.empty() : tensor<32xf32>
    %20 = linalg.fill ins(%cst_0 : f32) outs(%19 : tensor<32xf32>) -> tensor<32xf32>
    %21:2 = linalg.generic {indexing_maps = [#map1, #map2, #map2], iterator_types = ["parallel", "reduction"]} ins(%16 : tensor<32x10xf32>) outs(%20, %18 : tensor<32xf32>, tensor<32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_11: i64):
      %66 = linalg.index 1 : index
      %67 = arith.index_cast %66 : index to i64
      %68 = arith.maximumf %in, %out : f32
      %69 = arith.cmpf ogt, %in, %out : f32
      %70 = arith.select %69, %67, %out_11 : i64
      linalg.yield %68, %70 : f32, i64
    } -> (tensor<32xf32>, tensor<32xi64>)
    %expanded = tensor.expand_shape %21#0 [[0, 1]] output_shape [32, 1] : tensor<32xf32> into tensor<32x1xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%16, %expanded : tensor<32x10xf32>, tensor<32x1xf32>) outs(%12 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %66 = arith.subf %in, %in_11 : f32
      linalg.yield %66 : f32
    } -> tensor<32x10xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%22 : tensor<32x10xf32>) outs(%12 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = math.exp %in : f32
      linalg.yield %66 : f32
    } -> tensor<32x10xf32>
    %24 = tensor.empty() : tensor<32x1xf32>
    %25 = linalg.fill ins(%cst : f32) outs(%24 : tensor<32x1xf32>) -> tensor<32x1xf32>
    %26 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "reduction"]} ins(%23 : tensor<32x10xf32>) outs(%25 : tensor<32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = arith.addf %in, %out : f32
      linalg.yield %66 : f32
    } -> tensor<32x1xf32>
    %27 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%26 : tensor<32x1xf32>) outs(%24 : tensor<32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = math.log %in : f32
      linalg.yield %66 : f32
    } -> tensor<32x1xf32>
    %28 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%22, %27 : tensor<32x10xf32>, tensor<32x1xf32>) outs(%12 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %66 = arith.subf %in, %in_11 : f32
      linalg.yield %66 : f32
    } -> tensor<32x10xf32>
    %29 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%28, %arg7 : tensor<32x10xf32>, tensor<32x10xf32>) outs(%12 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %66 = arith.mulf %in, %in_11 : f32
      linalg.yield %66 : f32
    } -> tensor<32x10xf32>
    %30 = tensor.empty() : tensor<f32>
    %31 = linalg.fill ins(%cst : f32) outs(%30 : tensor<f32>) -> tensor<f32>
    %32 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["reduction", "reduction"]} ins(%29 : tensor<32x10xf32>) outs(%31 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = arith.addf %in, %out : f32
      linalg.yield %66 : f32
    } -> tensor<f32>
    %33 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = []} ins(%32 : tensor<f32>) outs(%30 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = arith.negf %in : f32
      linalg.yield %66 : f32
    } -> tensor<f32>
    %34 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = []} ins(%33 : tensor<f32>) outs(%30 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = arith.divf %in, %cst_2 : f32
      linalg.yield %66 : f32
    } -> tensor<f32>
    %35 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = []} ins(%cst_1 : tensor<f32>) outs(%30 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = arith.divf %in, %cst_2 : f32
      linalg.yield %66 : f32
    } -> tensor<f32>
    %36 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = []} ins(%35 : tensor<f32>) outs(%30 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = arith.negf %in : f32
      linalg.yield %66 : f32
    } -> tensor<f32>
    %37 = linalg.generic {indexing_maps = [#map4, #map1], iterator_types = ["parallel", "parallel"]} ins(%36 : tensor<f32>) outs(%12 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x10xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%37, %arg7 : tensor<32x10xf32>, tensor<32x10xf32>) outs(%12 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %66 = arith.mulf %in, %in_11 : f32
      linalg.yield %66 : f32
    } -> tensor<32x10xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%28 : tensor<32x10xf32>) outs(%12 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = math.exp %in : f32
      linalg.yield %66 : f32
    } -> tensor<32x10xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "reduction"]} ins(%38 : tensor<32x10xf32>) outs(%25 : tensor<32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = arith.addf %in, %out : f32
      linalg.yield %66 : f32
    } -> tensor<32x1xf32>
    %41 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%39, %40 : tensor<32x10xf32>, tensor<32x1xf32>) outs(%12 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %66 = arith.mulf %in, %in_11 : f32
      linalg.yield %66 : f32
    } -> tensor<32x10xf32>
    %42 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%38, %41 : tensor<32x10xf32>, tensor<32x10xf32>) outs(%12 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %66 = arith.subf %in, %in_11 : f32
      linalg.yield %66 : f32
    } -> tensor<32x10xf32>
    %43 = linalg.matmul ins(%42, %arg4 : tensor<32x10xf32>, tensor<10x64xf32>) outs(%2 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %44 = tensor.empty() : tensor<10x32xf32>
    %transposed_6 = linalg.transpose ins(%42 : tensor<32x10xf32>) outs(%44 : tensor<10x32xf32>) permutation = [1, 0] 
    %45 = tensor.empty() : tensor<10x64xf32>
    %46 = linalg.fill ins(%cst : f32) outs(%45 : tensor<10x64xf32>) -> tensor<10x64xf32>
    %47 = linalg.matmul ins(%transposed_6, %10 : tensor<10x32xf32>, tensor<32x64xf32>) outs(%46 : tensor<10x64xf32>) -> tensor<10x64xf32>
    %48 = tensor.empty() : tensor<1x10xf32>
    %49 = linalg.fill ins(%cst : f32) outs(%48 : tensor<1x10xf32>) -> tensor<1x10xf32>
    %50 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["reduction", "parallel"]} ins(%42 : tensor<32x10xf32>) outs(%49 : tensor<1x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = arith.addf %in, %out : f32
      linalg.yield %66 : f32
    } -> tensor<1x10xf32>
    %collapsed = tensor.collapse_shape %50 [[0, 1]] : tensor<1x10xf32> into tensor<10xf32>
    %51 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %10 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %66 = arith.mulf %in, %in_11 : f32
      linalg.yield %66 : f32
    } -> tensor<32x64xf32>
    %52 = linalg.generic {indexing_maps = [#map4, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_3, %51 : tensor<i64>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: i64, %in_11: f32, %out: f32):
      %66 = arith.sitofp %in : i64 to f32
      %67 = arith.subf %66, %in_11 : f32
      linalg.yield %67 : f32
    } -> tensor<32x64xf32>
    %53 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%43, %52 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %66 = arith.mulf %in, %in_11 : f32
      linalg.yield %66 : f32
    } -> tensor<32x64xf32>
    %54 = linalg.matmul ins(%53, %arg2 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %55 = tensor.empty() : tensor<64x32xf32>
    %transposed_7 = linalg.transpose ins(%53 : tensor<32x64xf32>) outs(%55 : tensor<64x32xf32>) permutation = [1, 0] 
    %56 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %57 = linalg.matmul ins(%transposed_7, %6 : tensor<64x32xf32>, tensor<32x64xf32>) outs(%56 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %58 = tensor.empty() : tensor<1x64xf32>
    %59 = linalg.fill ins(%cst : f32) outs(%58 : tensor<1x64xf32>) -> tensor<1x64xf32>
    %60 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["reduction", "parallel"]} ins(%53 : tensor<32x64xf32>) outs(%59 : tensor<1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = arith.addf %in, %out : f32
      linalg.yield %66 : f32
    } -> tensor<1x64xf32>
    %collapsed_8 = tensor.collapse_shape %60 [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
    %61 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6, %6 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %66 = arith.mulf %in, %in_11 : f32
      linalg.yield %66 : f32
    } -> tensor<32x64xf32>
    %62 = linalg.generic {indexing_maps = [#map4, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_3, %61 : tensor<i64>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: i64, %in_11: f32, %out: f32):
      %66 = arith.sitofp %in : i64 to f32
      %67 = arith.subf %66, %in_11 : f32
      linalg.yield %67 : f32
    } -> tensor<32x64xf32>
    %63 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%54, %62 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %66 = arith.mulf %in, %in_11 : f32
      linalg.yield %66 : f32
    } -> tensor<32x64xf32>
    %transposed_9 = linalg.transpose ins(%63 : tensor<32x64xf32>) outs(%55 : tensor<64x32xf32>) permutation = [1, 0] 
    %64 = linalg.matmul ins(%transposed_9, %arg6 : tensor<64x32xf32>, tensor<32x64xf32>) outs(%56 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %65 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["reduction", "parallel"]} ins(%63 : tensor<32x64xf32>) outs(%59 : tensor<1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %66 = arith.addf %in, %out : f32
      linalg.yield %66 : f32
    } -> tensor<1x64xf32>
    %collapsed_10 = tensor.collapse_shape %65 [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
    return %34, %64, %collapsed_10, %57, %collapsed_8, %47, %collapsed : tensor<f32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<10x64xf32>, tensor<10xf32>
  }
}
