// The remat dialect's discardable attributes: remat.block and remat.policy
// (lib/remat/Dialect/Remat/RematDialect.cpp). Valid uses round-trip; every
// other value, and every other remat.* name, is a verifier error.
// RUN: remat-opt %s -split-input-file -verify-diagnostics
// RUN: remat-opt %s -split-input-file -verify-diagnostics | remat-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @valid
// CHECK-NEXT: %[[H:.*]] = nn.gelu %arg0 {remat.block = 3 : i64} : tensor<4x8xf32>
// CHECK-NEXT: %[[Z:.*]] = nn.relu %[[H]] {remat.block = 0 : i64} : tensor<4x8xf32>
// CHECK-NEXT: %[[B:.*]] = nn.relu %[[Z]] {remat.block = 7 : i32} : tensor<4x8xf32>
// CHECK-NEXT: %[[P:.*]] = nn.softmax %[[B]] {remat.policy = "save"} : tensor<4x8xf32>
// CHECK-NEXT: %[[Q:.*]] = nn.gelu %[[P]] {remat.policy = "recompute"} : tensor<4x8xf32>
// CHECK-NEXT: %[[R:.*]] = nn.scale %[[Q]] {factor = 2.000000e+00 : f32, remat.block = 9223372036854775807 : i64, remat.policy = "save"} : tensor<4x8xf32>
// CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = nn.layernorm %[[R]], %arg1, %arg1 {remat.block = 1 : i64, remat.policy = "recompute"}
// CHECK: arith.constant {remat.block = 2 : i64} dense<1.000000e+00> : tensor<f32>
func.func @valid(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %h = nn.gelu %x {remat.block = 3 : i64} : tensor<4x8xf32>
  // An untyped integer is an i64.
  %z = nn.relu %h {remat.block = 0} : tensor<4x8xf32>
  // Any signless integer width that fits int64_t.
  %b = nn.relu %z {remat.block = 7 : i32} : tensor<4x8xf32>
  %p = nn.softmax %b {remat.policy = "save"} : tensor<4x8xf32>
  %q = nn.gelu %p {remat.policy = "recompute"} : tensor<4x8xf32>
  // Both attributes on one op, next to the op's own attribute.
  %r = nn.scale %q {remat.policy = "save", factor = 2.0 : f32, remat.block = 9223372036854775807 : i64} : tensor<4x8xf32>
  %y, %m, %s = nn.layernorm %r, %g, %g {remat.policy = "recompute", remat.block = 1 : i64}
      : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
  // The attributes may sit on ops of other dialects too.
  %c = arith.constant {remat.block = 2 : i64} dense<1.0> : tensor<f32>
  return %y : tensor<4x8xf32>
}

// -----

// A negative checkpoint block.
func.func @block_negative(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.gelu' op attribute 'remat.block' must be a non-negative integer (e.g. 3 : i64), but got -1 : i64}}
  %0 = nn.gelu %x {remat.block = -1 : i64} : tensor<4xf32>
  return
}

// -----

// A block given as a string.
func.func @block_string(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.gelu' op attribute 'remat.block' must be a non-negative integer (e.g. 3 : i64), but got "3"}}
  %0 = nn.gelu %x {remat.block = "3"} : tensor<4xf32>
  return
}

// -----

// A block given as a float.
func.func @block_float(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.gelu' op attribute 'remat.block' must be a non-negative integer (e.g. 3 : i64), but got 3.000000e+00 : f32}}
  %0 = nn.gelu %x {remat.block = 3.0 : f32} : tensor<4xf32>
  return
}

// -----

// A block given as a bool (an i1 is no block number, not even `false`).
func.func @block_bool(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.gelu' op attribute 'remat.block' must be a non-negative integer (e.g. 3 : i64), but got false}}
  %0 = nn.gelu %x {remat.block = false} : tensor<4xf32>
  return
}

// -----

// A block as a unit attribute (no value).
func.func @block_unit(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.gelu' op attribute 'remat.block' must be a non-negative integer (e.g. 3 : i64), but got unit}}
  %0 = nn.gelu %x {remat.block} : tensor<4xf32>
  return
}

// -----

// Unsigned integer types are not signless.
func.func @block_unsigned(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.gelu' op attribute 'remat.block' must be a non-negative integer (e.g. 3 : i64), but got 3 : ui64}}
  %0 = nn.gelu %x {remat.block = 3 : ui64} : tensor<4xf32>
  return
}

// -----

// index is not a signless integer type.
func.func @block_index(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.gelu' op attribute 'remat.block' must be a non-negative integer (e.g. 3 : i64), but got 3 : index}}
  %0 = nn.gelu %x {remat.block = 3 : index} : tensor<4xf32>
  return
}

// -----

// A block number that does not fit int64_t.
func.func @block_too_wide(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.gelu' op attribute 'remat.block' must be a non-negative integer (e.g. 3 : i64), but got 9223372036854775808 : i128}}
  %0 = nn.gelu %x {remat.block = 9223372036854775808 : i128} : tensor<4xf32>
  return
}

// -----

// Policies are case-sensitive.
func.func @policy_case(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.softmax' op attribute 'remat.policy' must be "save", "recompute" or "offload", but got "Save"}}
  %0 = nn.softmax %x {remat.policy = "Save"} : tensor<4xf32>
  return
}

// -----

// Only the two policies exist.
func.func @policy_unknown(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.softmax' op attribute 'remat.policy' must be "save", "recompute" or "offload", but got "keep"}}
  %0 = nn.softmax %x {remat.policy = "keep"} : tensor<4xf32>
  return
}

// -----

// The empty string is no policy.
func.func @policy_empty(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.softmax' op attribute 'remat.policy' must be "save", "recompute" or "offload", but got ""}}
  %0 = nn.softmax %x {remat.policy = ""} : tensor<4xf32>
  return
}

// -----

// A policy is a string, not an integer.
func.func @policy_integer(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.softmax' op attribute 'remat.policy' must be "save", "recompute" or "offload", but got 1 : i64}}
  %0 = nn.softmax %x {remat.policy = 1 : i64} : tensor<4xf32>
  return
}

// -----

// A policy is a string, not a symbol reference.
func.func @policy_symbol(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.softmax' op attribute 'remat.policy' must be "save", "recompute" or "offload", but got @save}}
  %0 = nn.softmax %x {remat.policy = @save} : tensor<4xf32>
  return
}

// -----

// Unknown remat.* attributes are errors, not silently ignored.
func.func @unknown_attr(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.gelu' op unknown attribute 'remat.checkpoint' of the remat dialect; expected 'remat.block', 'remat.policy', 'remat.forward_results', 'remat.generated_gemm', 'remat.accumulator' or 'remat.epilogue'}}
  %0 = nn.gelu %x {remat.checkpoint = 1 : i64} : tensor<4xf32>
  return
}

// -----

// A typo of a known name is unknown too.
func.func @misspelled_attr(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.gelu' op unknown attribute 'remat.blocks' of the remat dialect; expected 'remat.block', 'remat.policy', 'remat.forward_results', 'remat.generated_gemm', 'remat.accumulator' or 'remat.epilogue'}}
  %0 = nn.gelu %x {remat.blocks = 1 : i64} : tensor<4xf32>
  return
}

// -----

// The check covers ops of other dialects.
// expected-error @+1 {{'func.func' op unknown attribute 'remat.plan' of the remat dialect; expected 'remat.block', 'remat.policy', 'remat.forward_results', 'remat.generated_gemm', 'remat.accumulator' or 'remat.epilogue'}}
func.func @unknown_on_func(%x: tensor<4xf32>) attributes {remat.plan = "full"} {
  return
}

// -----

// remat.forward_results: how many leading results of a joint function the
// forward computes (framework graphs return more than the loss).
// CHECK-LABEL: func.func @forward_results
// CHECK-SAME: attributes {remat.forward_results = 2 : i64}
func.func @forward_results(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) attributes {remat.forward_results = 2 : i64} {
  return %x, %x : tensor<4xf32>, tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op attribute 'remat.forward_results' must be an integer from 1 to the number of results (2), but got 3 : i64}}
func.func @forward_results_too_many(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) attributes {remat.forward_results = 3 : i64} {
  return %x, %x : tensor<4xf32>, tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op attribute 'remat.forward_results' must be an integer from 1 to the number of results (1), but got 0 : i64}}
func.func @forward_results_zero(%x: tensor<4xf32>) -> tensor<4xf32> attributes {remat.forward_results = 0 : i64} {
  return %x : tensor<4xf32>
}

// -----

func.func @forward_results_on_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'nn.relu' op attribute 'remat.forward_results' belongs on a joint function}}
  %0 = nn.relu %x {remat.forward_results = 1 : i64} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// remat.generated_gemm: a unit attribute on a function (remat-compile's
// --gemm=auto fallback entry keeps its products as generated kernels).
// CHECK-LABEL: func.func @generated_gemm
// CHECK-SAME: attributes {remat.generated_gemm}
func.func @generated_gemm(%x: tensor<4xf32>) attributes {remat.generated_gemm} {
  return
}

// -----

// expected-error @+1 {{'func.func' op attribute 'remat.generated_gemm' must be a unit attribute on a function}}
func.func @generated_gemm_valued(%x: tensor<4xf32>) attributes {remat.generated_gemm = 1 : i64} {
  return
}

// -----

func.func @generated_gemm_on_op(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.gelu' op attribute 'remat.generated_gemm' must be a unit attribute on a function}}
  %0 = nn.gelu %x {remat.generated_gemm} : tensor<4xf32>
  return
}

// -----

// remat.accumulator and remat.epilogue: unit attributes on kernels
// (convert-nn-to-linalg's marks for remat-fuse-reduction-epilogues).
// CHECK-LABEL: func.func @accumulator_marks
// CHECK:       linalg.fill {remat.accumulator}
// CHECK:       linalg.generic {{.*}} {remat.epilogue}
#id1 = affine_map<(d0) -> (d0)>
func.func @accumulator_marks(%acc: tensor<4xf32>) -> tensor<4xbf16> {
  %zero = arith.constant 0.0 : f32
  %0 = linalg.fill {remat.accumulator} ins(%zero : f32) outs(%acc : tensor<4xf32>) -> tensor<4xf32>
  %e = tensor.empty() : tensor<4xbf16>
  %1 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%0 : tensor<4xf32>) outs(%e : tensor<4xbf16>) attrs = {remat.epilogue} {
  ^bb0(%in: f32, %out: bf16):
    %t = arith.truncf %in : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<4xbf16>
  return %1 : tensor<4xbf16>
}

// -----

// expected-error @+1 {{'func.func' op attribute 'remat.epilogue' must be a unit attribute on a kernel}}
func.func @epilogue_on_func(%x: tensor<4xf32>) attributes {remat.epilogue} {
  return
}

// -----

func.func @accumulator_valued(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nn.gelu' op attribute 'remat.accumulator' must be a unit attribute on a kernel}}
  %0 = nn.gelu %x {remat.accumulator = 1 : i64} : tensor<4xf32>
  return
}
