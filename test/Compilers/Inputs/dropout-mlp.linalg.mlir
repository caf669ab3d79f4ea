#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> ()>
#map3 = affine_map<(d0, d1) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d0, 0)>
#map5 = affine_map<() -> ()>
#map6 = affine_map<(d0, d1) -> (0, d1)>
module {
  ml_program.global private mutable @global_seed(dense<0> : tensor<i64>) : tensor<i64>
  func.func @train_step(%arg0: tensor<64x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<10x64xf32>, %arg5: tensor<10xf32>, %arg6: tensor<32x64xf32>, %arg7: tensor<32x10xf32>) -> (tensor<f32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<10x64xf32>, tensor<10xf32>) {
    %c32_i64 = arith.constant 32 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %c64_i64 = arith.constant 64 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_2 = arith.constant 0.000000e+00 : f64
    %cst_3 = arith.constant dense<9.000000e-01> : tensor<f64>
    %cst_4 = arith.constant 9.000000e-01 : f64
    %cst_5 = arith.constant 5.4210107999999998E-20 : f64
    %cst_6 = arith.constant 3.200000e+01 : f32
    %c6364136223846793005_i64 = arith.constant 6364136223846793005 : i64
    %c1442695040888963407_i64 = arith.constant 1442695040888963407 : i64
    %cst_7 = arith.constant dense<1> : tensor<i64>
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
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.addf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x64xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = math.tanh %in : f32
      linalg.yield %84 : f32
    } -> tensor<32x64xf32>
    %global_seed = ml_program.global_load @global_seed : tensor<i64>
    %extracted = tensor.extract %global_seed[] : tensor<i64>
    %7 = arith.muli %extracted, %c6364136223846793005_i64 : i64
    %8 = arith.addi %7, %c1442695040888963407_i64 : i64
    %inserted = tensor.insert %8 into %global_seed[] : tensor<i64>
    ml_program.global_store @global_seed = %inserted : tensor<i64>
    %9 = tensor.empty() : tensor<32x64xf64>
    %10 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel"]} outs(%9 : tensor<32x64xf64>) {
    ^bb0(%out: f64):
      %84 = linalg.index 0 : index
      %85 = arith.index_cast %84 : index to i64
      %86 = linalg.index 1 : index
      %87 = arith.index_cast %86 : index to i64
      %88 = arith.muli %85, %c64_i64 : i64
      %89 = arith.addi %88, %87 : i64
      %90 = arith.muli %89, %8 : i64
      %91 = arith.addi %90, %8 : i64
      %92 = arith.muli %90, %90 : i64
      %93 = arith.addi %92, %90 : i64
      %94 = arith.shli %93, %c32_i64 : i64
      %95 = arith.shrui %93, %c32_i64 : i64
      %96 = arith.ori %94, %95 : i64
      %97 = arith.muli %96, %96 : i64
      %98 = arith.addi %97, %91 : i64
      %99 = arith.shli %98, %c32_i64 : i64
      %100 = arith.shrui %98, %c32_i64 : i64
      %101 = arith.ori %99, %100 : i64
      %102 = arith.muli %101, %101 : i64
      %103 = arith.addi %102, %90 : i64
      %104 = arith.shli %103, %c32_i64 : i64
      %105 = arith.shrui %103, %c32_i64 : i64
      %106 = arith.ori %104, %105 : i64
      %107 = arith.muli %106, %106 : i64
      %108 = arith.addi %107, %91 : i64
      %109 = arith.shli %108, %c32_i64 : i64
      %110 = arith.shrui %108, %c32_i64 : i64
      %111 = arith.ori %109, %110 : i64
      %112 = arith.muli %111, %111 : i64
      %113 = arith.addi %112, %90 : i64
      %114 = arith.shrui %113, %c32_i64 : i64
      %115 = arith.xori %108, %114 : i64
      %116 = arith.uitofp %115 : i64 to f64
      %117 = arith.mulf %116, %cst_5 : f64
      %118 = arith.addf %117, %cst_2 : f64
      linalg.yield %118 : f64
    } -> tensor<32x64xf64>
    %11 = tensor.empty() : tensor<32x64xi1>
    %12 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %cst_3 : tensor<32x64xf64>, tensor<f64>) outs(%11 : tensor<32x64xi1>) {
    ^bb0(%in: f64, %in_18: f64, %out: i1):
      %84 = arith.cmpf olt, %in, %in_18 : f64
      linalg.yield %84 : i1
    } -> tensor<32x64xi1>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<32x64xi1>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %84 = arith.uitofp %in : i1 to f32
      linalg.yield %84 : f32
    } -> tensor<32x64xf32>
    %14 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.truncf %cst_4 : f64 to f32
      %85 = arith.divf %in, %84 : f32
      linalg.yield %85 : f32
    } -> tensor<32x64xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6, %14 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.mulf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x64xf32>
    %transposed_8 = linalg.transpose ins(%arg2 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %16 = linalg.matmul ins(%15, %transposed_8 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x64xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%16, %17 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.addf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x64xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%18 : tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = math.tanh %in : f32
      linalg.yield %84 : f32
    } -> tensor<32x64xf32>
    %global_seed_9 = ml_program.global_load @global_seed : tensor<i64>
    %extracted_10 = tensor.extract %global_seed_9[] : tensor<i64>
    %20 = arith.muli %extracted_10, %c6364136223846793005_i64 : i64
    %21 = arith.addi %20, %c1442695040888963407_i64 : i64
    %inserted_11 = tensor.insert %21 into %global_seed_9[] : tensor<i64>
    ml_program.global_store @global_seed = %inserted_11 : tensor<i64>
    %22 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel"]} outs(%9 : tensor<32x64xf64>) {
    ^bb0(%out: f64):
      %84 = linalg.index 0 : index
      %85 = arith.index_cast %84 : index to i64
      %86 = linalg.index 1 : index
      %87 = arith.index_cast %86 : index to i64
      %88 = arith.muli %85, %c64_i64 : i64
      %89 = arith.addi %88, %87 : i64
      %90 = arith.muli %89, %21 : i64
      %91 = arith.addi %90, %21 : i64
      %92 = arith.muli %90, %90 : i64
      %93 = arith.addi %92, %90 : i64
      %94 = arith.shli %93, %c32_i64 : i64
      %95 = arith.shrui %93, %c32_i64 : i64
      %96 = arith.ori %94, %95 : i64
      %97 = arith.muli %96, %96 : i64
      %98 = arith.addi %97, %91 : i64
      %99 = arith.shli %98, %c32_i64 : i64
      %100 = arith.shrui %98, %c32_i64 : i64
      %101 = arith.ori %99, %100 : i64
      %102 = arith.muli %101, %101 : i64
      %103 = arith.addi %102, %90 : i64
      %104 = arith.shli %103, %c32_i64 : i64
      %105 = arith.shrui %103, %c32_i64 : i64
      %106 = arith.ori %104, %105 : i64
      %107 = arith.muli %106, %106 : i64
      %108 = arith.addi %107, %91 : i64
      %109 = arith.shli %108, %c32_i64 : i64
      %110 = arith.shrui %108, %c32_i64 : i64
      %111 = arith.ori %109, %110 : i64
      %112 = arith.muli %111, %111 : i64
      %113 = arith.addi %112, %90 : i64
      %114 = arith.shrui %113, %c32_i64 : i64
      %115 = arith.xori %108, %114 : i64
      %116 = arith.uitofp %115 : i64 to f64
      %117 = arith.mulf %116, %cst_5 : f64
      %118 = arith.addf %117, %cst_2 : f64
      linalg.yield %118 : f64
    } -> tensor<32x64xf64>
    %23 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%22, %cst_3 : tensor<32x64xf64>, tensor<f64>) outs(%11 : tensor<32x64xi1>) {
    ^bb0(%in: f64, %in_18: f64, %out: i1):
      %84 = arith.cmpf olt, %in, %in_18 : f64
      linalg.yield %84 : i1
    } -> tensor<32x64xi1>
    %24 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<32x64xi1>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %84 = arith.uitofp %in : i1 to f32
      linalg.yield %84 : f32
    } -> tensor<32x64xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%24 : tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.truncf %cst_4 : f64 to f32
      %85 = arith.divf %in, %84 : f32
      linalg.yield %85 : f32
    } -> tensor<32x64xf32>
    %26 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%19, %25 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.mulf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x64xf32>
    %27 = tensor.empty() : tensor<64x10xf32>
    %transposed_12 = linalg.transpose ins(%arg4 : tensor<10x64xf32>) outs(%27 : tensor<64x10xf32>) permutation = [1, 0] 
    %28 = tensor.empty() : tensor<32x10xf32>
    %29 = linalg.fill ins(%cst : f32) outs(%28 : tensor<32x10xf32>) -> tensor<32x10xf32>
    %30 = linalg.matmul ins(%26, %transposed_12 : tensor<32x64xf32>, tensor<64x10xf32>) outs(%29 : tensor<32x10xf32>) -> tensor<32x10xf32>
    %31 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<10xf32>) outs(%28 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x10xf32>
    %32 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%30, %31 : tensor<32x10xf32>, tensor<32x10xf32>) outs(%28 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.addf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x10xf32>
    %33 = tensor.empty() : tensor<32xi64>
    %34 = linalg.fill ins(%c0_i64 : i64) outs(%33 : tensor<32xi64>) -> tensor<32xi64>
    %35 = tensor.empty() : tensor<32xf32>
    %36 = linalg.fill ins(%cst_0 : f32) outs(%35 : tensor<32xf32>) -> tensor<32xf32>
    %37:2 = linalg.generic {indexing_maps = [#map1, #map3, #map3], iterator_types = ["parallel", "reduction"]} ins(%32 : tensor<32x10xf32>) outs(%36, %34 : tensor<32xf32>, tensor<32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_18: i64):
      %84 = linalg.index 1 : index
      %85 = arith.index_cast %84 : index to i64
      %86 = arith.maximumf %in, %out : f32
      %87 = arith.cmpf ogt, %in, %out : f32
      %88 = arith.select %87, %85, %out_18 : i64
      linalg.yield %86, %88 : f32, i64
    } -> (tensor<32xf32>, tensor<32xi64>)
    %expanded = tensor.expand_shape %37#0 [[0, 1]] output_shape [32, 1] : tensor<32xf32> into tensor<32x1xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map4, #map1], iterator_types = ["parallel", "parallel"]} ins(%32, %expanded : tensor<32x10xf32>, tensor<32x1xf32>) outs(%28 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.subf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x10xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%38 : tensor<32x10xf32>) outs(%28 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = math.exp %in : f32
      linalg.yield %84 : f32
    } -> tensor<32x10xf32>
    %40 = tensor.empty() : tensor<32x1xf32>
    %41 = linalg.fill ins(%cst : f32) outs(%40 : tensor<32x1xf32>) -> tensor<32x1xf32>
    %42 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["parallel", "reduction"]} ins(%39 : tensor<32x10xf32>) outs(%41 : tensor<32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.addf %in, %out : f32
      linalg.yield %84 : f32
    } -> tensor<32x1xf32>
    %43 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%42 : tensor<32x1xf32>) outs(%40 : tensor<32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = math.log %in : f32
      linalg.yield %84 : f32
    } -> tensor<32x1xf32>
    %44 = linalg.generic {indexing_maps = [#map1, #map4, #map1], iterator_types = ["parallel", "parallel"]} ins(%38, %43 : tensor<32x10xf32>, tensor<32x1xf32>) outs(%28 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.subf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x10xf32>
    %45 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%44, %arg7 : tensor<32x10xf32>, tensor<32x10xf32>) outs(%28 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.mulf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x10xf32>
    %46 = tensor.empty() : tensor<f32>
    %47 = linalg.fill ins(%cst : f32) outs(%46 : tensor<f32>) -> tensor<f32>
    %48 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["reduction", "reduction"]} ins(%45 : tensor<32x10xf32>) outs(%47 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.addf %in, %out : f32
      linalg.yield %84 : f32
    } -> tensor<f32>
    %49 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = []} ins(%48 : tensor<f32>) outs(%46 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.negf %in : f32
      linalg.yield %84 : f32
    } -> tensor<f32>
    %50 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = []} ins(%49 : tensor<f32>) outs(%46 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.divf %in, %cst_6 : f32
      linalg.yield %84 : f32
    } -> tensor<f32>
    %51 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = []} ins(%cst_1 : tensor<f32>) outs(%46 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.divf %in, %cst_6 : f32
      linalg.yield %84 : f32
    } -> tensor<f32>
    %52 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = []} ins(%51 : tensor<f32>) outs(%46 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.negf %in : f32
      linalg.yield %84 : f32
    } -> tensor<f32>
    %53 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%52 : tensor<f32>) outs(%28 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x10xf32>
    %54 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%53, %arg7 : tensor<32x10xf32>, tensor<32x10xf32>) outs(%28 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.mulf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x10xf32>
    %55 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%44 : tensor<32x10xf32>) outs(%28 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = math.exp %in : f32
      linalg.yield %84 : f32
    } -> tensor<32x10xf32>
    %56 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["parallel", "reduction"]} ins(%54 : tensor<32x10xf32>) outs(%41 : tensor<32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.addf %in, %out : f32
      linalg.yield %84 : f32
    } -> tensor<32x1xf32>
    %57 = linalg.generic {indexing_maps = [#map1, #map4, #map1], iterator_types = ["parallel", "parallel"]} ins(%55, %56 : tensor<32x10xf32>, tensor<32x1xf32>) outs(%28 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.mulf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x10xf32>
    %58 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%54, %57 : tensor<32x10xf32>, tensor<32x10xf32>) outs(%28 : tensor<32x10xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.subf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x10xf32>
    %59 = linalg.matmul ins(%58, %arg4 : tensor<32x10xf32>, tensor<10x64xf32>) outs(%2 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %60 = tensor.empty() : tensor<10x32xf32>
    %transposed_13 = linalg.transpose ins(%58 : tensor<32x10xf32>) outs(%60 : tensor<10x32xf32>) permutation = [1, 0] 
    %61 = tensor.empty() : tensor<10x64xf32>
    %62 = linalg.fill ins(%cst : f32) outs(%61 : tensor<10x64xf32>) -> tensor<10x64xf32>
    %63 = linalg.matmul ins(%transposed_13, %26 : tensor<10x32xf32>, tensor<32x64xf32>) outs(%62 : tensor<10x64xf32>) -> tensor<10x64xf32>
    %64 = tensor.empty() : tensor<1x10xf32>
    %65 = linalg.fill ins(%cst : f32) outs(%64 : tensor<1x10xf32>) -> tensor<1x10xf32>
    %66 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["reduction", "parallel"]} ins(%58 : tensor<32x10xf32>) outs(%65 : tensor<1x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.addf %in, %out : f32
      linalg.yield %84 : f32
    } -> tensor<1x10xf32>
    %collapsed = tensor.collapse_shape %66 [[0, 1]] : tensor<1x10xf32> into tensor<10xf32>
    %67 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%59, %25 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.mulf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x64xf32>
    %68 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%19, %19 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.mulf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x64xf32>
    %69 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_7, %68 : tensor<i64>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: i64, %in_18: f32, %out: f32):
      %84 = arith.sitofp %in : i64 to f32
      %85 = arith.subf %84, %in_18 : f32
      linalg.yield %85 : f32
    } -> tensor<32x64xf32>
    %70 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%67, %69 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.mulf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x64xf32>
    %71 = linalg.matmul ins(%70, %arg2 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %72 = tensor.empty() : tensor<64x32xf32>
    %transposed_14 = linalg.transpose ins(%70 : tensor<32x64xf32>) outs(%72 : tensor<64x32xf32>) permutation = [1, 0] 
    %73 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %74 = linalg.matmul ins(%transposed_14, %15 : tensor<64x32xf32>, tensor<32x64xf32>) outs(%73 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %75 = tensor.empty() : tensor<1x64xf32>
    %76 = linalg.fill ins(%cst : f32) outs(%75 : tensor<1x64xf32>) -> tensor<1x64xf32>
    %77 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["reduction", "parallel"]} ins(%70 : tensor<32x64xf32>) outs(%76 : tensor<1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.addf %in, %out : f32
      linalg.yield %84 : f32
    } -> tensor<1x64xf32>
    %collapsed_15 = tensor.collapse_shape %77 [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
    %78 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%71, %14 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.mulf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x64xf32>
    %79 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6, %6 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.mulf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x64xf32>
    %80 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_7, %79 : tensor<i64>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: i64, %in_18: f32, %out: f32):
      %84 = arith.sitofp %in : i64 to f32
      %85 = arith.subf %84, %in_18 : f32
      linalg.yield %85 : f32
    } -> tensor<32x64xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%78, %80 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %84 = arith.mulf %in, %in_18 : f32
      linalg.yield %84 : f32
    } -> tensor<32x64xf32>
    %transposed_16 = linalg.transpose ins(%81 : tensor<32x64xf32>) outs(%72 : tensor<64x32xf32>) permutation = [1, 0] 
    %82 = linalg.matmul ins(%transposed_16, %arg6 : tensor<64x32xf32>, tensor<32x64xf32>) outs(%73 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %83 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["reduction", "parallel"]} ins(%81 : tensor<32x64xf32>) outs(%76 : tensor<1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.addf %in, %out : f32
      linalg.yield %84 : f32
    } -> tensor<1x64xf32>
    %collapsed_17 = tensor.collapse_shape %83 [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
    return %50, %82, %collapsed_17, %74, %collapsed_15, %63, %collapsed : tensor<f32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<10x64xf32>, tensor<10xf32>
  }
}
