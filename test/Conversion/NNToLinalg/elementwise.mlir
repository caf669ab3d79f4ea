// RUN: remat-opt %s --convert-nn-to-linalg -split-input-file | FileCheck %s

// NumPy broadcasting: a missing dim is dropped from the operand's map, a
// size-1 dim reads index 0.
// CHECK-DAG: #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[LAST:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-LABEL: func.func @add_broadcast
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x4xf32>, %[[B:.*]]: tensor<4xf32>, %[[C:.*]]: tensor<3x1xf32>)
// CHECK: %[[E0:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK: %[[ADD:.*]] = linalg.generic {indexing_maps = [#[[ID3]], #[[LAST]], #[[ID3]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<2x3x4xf32>, tensor<4xf32>) outs(%[[E0]] : tensor<2x3x4xf32>)
// CHECK: arith.addf
// CHECK: linalg.generic {indexing_maps = [#[[ID3]], #[[COL]], #[[ID3]]]
// CHECK-SAME: ins(%[[ADD]], %[[C]] : tensor<2x3x4xf32>, tensor<3x1xf32>)
// CHECK: arith.subf
// CHECK-NOT: nn.
func.func @add_broadcast(%a: tensor<2x3x4xf32>, %b: tensor<4xf32>, %c: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = nn.add %a, %b : tensor<2x3x4xf32>, tensor<4xf32> -> tensor<2x3x4xf32>
  %1 = nn.sub %0, %c : tensor<2x3x4xf32>, tensor<3x1xf32> -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// Both operands broadcast into a larger result.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @mul_both_broadcast
// CHECK: linalg.generic {indexing_maps = [#[[ROW]], #[[COL]], #[[ID2]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: outs(%{{.*}} : tensor<3x4xf32>)
// CHECK: %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: linalg.yield %[[P]] : f32
func.func @mul_both_broadcast(%b: tensor<4xf32>, %c: tensor<3x1xf32>) -> tensor<3x4xf32> {
  %0 = nn.mul %b, %c : tensor<4xf32>, tensor<3x1xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// bf16 is extended to f32 on load and truncated once on store.
// CHECK-LABEL: func.func @add_bf16
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: bf16, %[[Y:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT: %[[XF:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NEXT: %[[YF:.*]] = arith.extf %[[Y]] : bf16 to f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[XF]], %[[YF]] : f32
// CHECK-NEXT: %[[T:.*]] = arith.truncf %[[S]] : f32 to bf16
// CHECK-NEXT: linalg.yield %[[T]] : bf16
// CHECK: -> tensor<4x8xbf16>
func.func @add_bf16(%a: tensor<4x8xbf16>, %b: tensor<8xbf16>) -> tensor<4x8xbf16> {
  %0 = nn.add %a, %b : tensor<4x8xbf16>, tensor<8xbf16> -> tensor<4x8xbf16>
  return %0 : tensor<4x8xbf16>
}

// -----

// GELU is the tanh approximation 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
// CHECK-LABEL: func.func @gelu
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[X2:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK: %[[X3:.*]] = arith.mulf %[[X2]], %[[X]] : f32
// CHECK: arith.constant 4.471500e-02 : f32
// CHECK: arith.constant 0.797884583 : f32
// CHECK: %[[T:.*]] = math.tanh
// CHECK: arith.constant 5.000000e-01 : f32
// CHECK: arith.constant 1.000000e+00 : f32
// CHECK: arith.addf %{{.*}}, %[[T]] : f32
// CHECK: linalg.yield
func.func @gelu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.gelu %x : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// gelu_grad: dy * (0.5 (1 + t) + 0.5 x (1 - t^2) sqrt(2/pi) (1 + 3 * 0.044715 x^2)).
// CHECK-LABEL: func.func @gelu_grad
// CHECK: linalg.generic
// CHECK: ^bb0(%[[DY:.*]]: f16, %[[X:.*]]: f16, %{{.*}}: f16):
// CHECK-DAG: %[[DYF:.*]] = arith.extf %[[DY]] : f16 to f32
// CHECK-DAG: arith.extf %[[X]] : f16 to f32
// CHECK: %[[T:.*]] = math.tanh
// CHECK: arith.constant 1.341450e-01 : f32
// CHECK: arith.mulf %[[T]], %[[T]] : f32
// CHECK: %[[G:.*]] = arith.mulf %[[DYF]], %{{.*}} : f32
// CHECK: %[[H:.*]] = arith.truncf %[[G]] : f32 to f16
// CHECK: linalg.yield %[[H]] : f16
func.func @gelu_grad(%dy: tensor<16xf16>, %x: tensor<16xf16>) -> tensor<16xf16> {
  %0 = nn.gelu_grad %dy, %x : tensor<16xf16>
  return %0 : tensor<16xf16>
}

// -----

// CHECK-LABEL: func.func @relu
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[R:.*]] = arith.maximumf %[[X]], %[[Z]] : f32
// CHECK: linalg.yield %[[R]] : f32
func.func @relu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.relu %x : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// relu_grad: dy where x > 0, else 0.
// CHECK-LABEL: func.func @relu_grad
// CHECK: ^bb0(%[[DY:.*]]: f32, %[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[POS:.*]] = arith.cmpf ogt, %[[X]], %[[Z]] : f32
// CHECK: %[[R:.*]] = arith.select %[[POS]], %[[DY]], %{{.*}} : f32
// CHECK: linalg.yield %[[R]] : f32
func.func @relu_grad(%dy: tensor<4x8xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.relu_grad %dy, %x : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @scale
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[F:.*]] = arith.constant 1.250000e-01 : f32
// CHECK: %[[R:.*]] = arith.mulf %[[X]], %[[F]] : f32
// CHECK: linalg.yield %[[R]] : f32
func.func @scale(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.scale %x {factor = 0.125 : f32} : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A rank-0 elementwise op is a generic with no loops.
// CHECK-DAG: #[[S:.*]] = affine_map<() -> ()>
// CHECK-LABEL: func.func @scalar
// CHECK: linalg.generic {indexing_maps = [#[[S]], #[[S]], #[[S]]], iterator_types = []}
// CHECK: } -> tensor<f32>
func.func @scalar(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = nn.add %a, %b : tensor<f32>, tensor<f32> -> tensor<f32>
  return %0 : tensor<f32>
}
