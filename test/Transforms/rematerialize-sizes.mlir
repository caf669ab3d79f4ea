// RUN: remat-opt %s -split-input-file -verify-diagnostics --rematerialize=policy=none
// RUN: remat-opt %s -split-input-file -verify-diagnostics --remat-print-memory-plan

// Sizes are counted in 64-bit arithmetic (the report writes them as JSON
// integers). A function whose tensors or FLOPs do not fit is refused before
// any plan is made: a 2^63-byte argument used to be reported with
// "peak_bytes": -9223372036854775800.

// expected-error @+1 {{argument #0 of type 'tensor<2305843009213693952xf32>' is too large: remat counts bytes in 64-bit arithmetic and accepts at most 2^62 bytes per function}}
func.func @huge_argument(%a: tensor<2305843009213693952xf32>) -> tensor<2305843009213693952xf32> {
  return %a : tensor<2305843009213693952xf32>
}

// -----

// Each tensor fits (2^61 bytes), three of them do not.
// expected-error @+1 {{the tensors of this function hold more than 2^62 bytes in all; remat counts sizes in 64-bit arithmetic}}
func.func @huge_total(%a: tensor<576460752303423488xf32>, %b: tensor<576460752303423488xf32>) -> tensor<576460752303423488xf32> {
  %c = nn.add %a, %b : tensor<576460752303423488xf32>, tensor<576460752303423488xf32> -> tensor<576460752303423488xf32>
  return %c : tensor<576460752303423488xf32>
}

// -----

// 2^21 x 2^21 operands fit easily (16 TiB each), but the GEMM's 2^64 FLOPs
// do not: they used to wrap to 0.
func.func @huge_flops(%a: tensor<2097152x2097152xf32>, %b: tensor<2097152x2097152xf32>) -> tensor<2097152x2097152xf32> {
  // expected-error @+1 {{the op's FLOPs do not fit remat's 64-bit arithmetic (at most 2^62 per function)}}
  %c = nn.matmul %a, %b : tensor<2097152x2097152xf32>, tensor<2097152x2097152xf32> -> tensor<2097152x2097152xf32>
  return %c : tensor<2097152x2097152xf32>
}

// -----

// A non-nn op with a huge result is diagnosed at the op.
func.func @huge_constant() -> tensor<9223372036854775807xi8> {
  // expected-error @+1 {{result #0 of type 'tensor<9223372036854775807xi8>' is too large}}
  %c = arith.constant dense<1> : tensor<9223372036854775807xi8>
  return %c : tensor<9223372036854775807xi8>
}
