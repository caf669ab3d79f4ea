// bf16 on the CPU: the kernels extend bf16 to f32, compute and accumulate in
// f32, and round once on store (layernorm's mean/rstd here are declared f32
// and keep full precision). Expected values: reference.py with round_to(...,
// "bf16") on inputs and bf16 outputs, printed after an exact extf to f32.
// arith-expand turns the bf16 extf/truncf into integer ops, so that no
// __truncsfbf2 from the C runtime is needed.

// RUN: remat-opt %s --convert-nn-to-linalg \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries" \
// RUN:   --convert-linalg-to-loops --convert-scf-to-cf --expand-strided-metadata \
// RUN:   --finalize-memref-to-llvm --arith-expand="include-bf16=true" \
// RUN:   --convert-math-to-llvm --convert-arith-to-llvm \
// RUN:   --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @print_bf16(%t: tensor<2x4xbf16>) {
  %e = tensor.empty() : tensor<2x4xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<2x4xbf16>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %w = arith.extf %in : bf16 to f32
    linalg.yield %w : f32
  } -> tensor<2x4xf32>
  %u = tensor.cast %f : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @print_f32(%t: tensor<2xf32>) {
  %u = tensor.cast %t : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 6.0], [-1.0, 0.5, 0.25, 2.25]]> : tensor<2x4xbf16>
  %gamma = arith.constant dense<[1.0, 0.5, -2.0, 1.5]> : tensor<4xbf16>
  %beta = arith.constant dense<[0.0, 1.0, 0.5, -1.0]> : tensor<4xbf16>
  %y, %mean, %rstd = nn.layernorm %x, %gamma, %beta {epsilon = 1.0e-05 : f32}
      : tensor<2x4xbf16>, tensor<4xbf16>, tensor<4xbf16> -> tensor<2x4xbf16>, tensor<2xf32>, tensor<2xf32>
  // CHECK: rank = 2 offset = 0 sizes = [2, 4]
  // CHECK-NEXT: [-1.07031, 0.734375, 0.5, 1.40625]
  // CHECK-NEXT: [-1.29688, 1, 0.929688, 1.26562]
  call @print_bf16(%y) : (tensor<2x4xbf16>) -> ()
  // CHECK: rank = 1 offset = 0 sizes = [2]
  // CHECK-NEXT: [0.534522, 0.862659]
  call @print_f32(%rstd) : (tensor<2xf32>) -> ()

  %p = nn.softmax %x {scale = 0.5 : f32} : tensor<2x4xbf16>
  // CHECK: rank = 2 offset = 0 sizes = [2, 4]
  // CHECK-NEXT: [0.0568848, 0.09375, 0.155273, 0.695312]
  // CHECK-NEXT: [0.0996094, 0.209961, 0.185547, 0.503906]
  call @print_bf16(%p) : (tensor<2x4xbf16>) -> ()

  // 1 + 1/256 + 1/256 sums to 1.0078125 in f32 but would round to 1 at each
  // step of a bf16 accumulation.
  %a = arith.constant dense<[[1.0, 0.00390625, 0.00390625], [2.0, 1.0, 3.0]]> : tensor<2x3xbf16>
  %w = arith.constant dense<[[1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0]]> : tensor<3x4xbf16>
  %m = nn.matmul %a, %w : tensor<2x3xbf16>, tensor<3x4xbf16> -> tensor<2x4xbf16>
  // CHECK: rank = 2 offset = 0 sizes = [2, 4]
  // CHECK-NEXT: [1.00781, 1.00781, 1.00781, 1.00781]
  // CHECK-NEXT: [6, 6, 6, 6]
  call @print_bf16(%m) : (tensor<2x4xbf16>) -> ()
  return
}
