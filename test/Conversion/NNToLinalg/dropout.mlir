// RUN: remat-opt %s --convert-nn-to-linalg -split-input-file | FileCheck %s

// The counter-based mask of docs/Lowering.md: the row-major linear index from
// linalg.index in i64, SplitMix64's finalizer keyed by the seed, the top 24
// bits as a uniform in [0, 1), y = u >= rate ? x * float32(1/(1-rate)) : 0.
// CHECK-LABEL: func.func @dropout
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[I0:.*]] = linalg.index 0 : index
// CHECK: %[[I0L:.*]] = arith.index_cast %[[I0]] : index to i64
// CHECK: %[[D1:.*]] = arith.constant 128 : i64
// CHECK: %[[M1:.*]] = arith.muli %[[I0L]], %[[D1]] : i64
// CHECK: %[[I1:.*]] = linalg.index 1 : index
// CHECK: %[[I1L:.*]] = arith.index_cast %[[I1]] : index to i64
// CHECK: %[[A1:.*]] = arith.addi %[[M1]], %[[I1L]] : i64
// CHECK: %[[D2:.*]] = arith.constant 768 : i64
// CHECK: %[[M2:.*]] = arith.muli %[[A1]], %[[D2]] : i64
// CHECK: %[[I2:.*]] = linalg.index 2 : index
// CHECK: %[[I2L:.*]] = arith.index_cast %[[I2]] : index to i64
// CHECK: %[[LIN:.*]] = arith.addi %[[M2]], %[[I2L]] : i64
// CHECK: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK: %[[CTR:.*]] = arith.addi %[[LIN]], %[[ONE]] : i64
// CHECK: %[[GOLD:.*]] = arith.constant -7046029254386353131 : i64
// CHECK: %[[Z0:.*]] = arith.muli %[[CTR]], %[[GOLD]] : i64
// CHECK: %[[SEED:.*]] = arith.constant 17 : i64
// CHECK: %[[Z1:.*]] = arith.addi %[[SEED]], %[[Z0]] : i64
// CHECK: %[[S30:.*]] = arith.constant 30 : i64
// CHECK: %[[H1:.*]] = arith.shrui %[[Z1]], %[[S30]] : i64
// CHECK: %[[X1:.*]] = arith.xori %[[Z1]], %[[H1]] : i64
// CHECK: %[[MIX1:.*]] = arith.constant -4658895280553007687 : i64
// CHECK: %[[Z2:.*]] = arith.muli %[[X1]], %[[MIX1]] : i64
// CHECK: %[[S27:.*]] = arith.constant 27 : i64
// CHECK: %[[H2:.*]] = arith.shrui %[[Z2]], %[[S27]] : i64
// CHECK: %[[X2:.*]] = arith.xori %[[Z2]], %[[H2]] : i64
// CHECK: %[[MIX2:.*]] = arith.constant -7723592293110705685 : i64
// CHECK: %[[Z3:.*]] = arith.muli %[[X2]], %[[MIX2]] : i64
// CHECK: %[[S31:.*]] = arith.constant 31 : i64
// CHECK: %[[H3:.*]] = arith.shrui %[[Z3]], %[[S31]] : i64
// CHECK: %[[Z4:.*]] = arith.xori %[[Z3]], %[[H3]] : i64
// CHECK: %[[S40:.*]] = arith.constant 40 : i64
// CHECK: %[[TOP:.*]] = arith.shrui %[[Z4]], %[[S40]] : i64
// CHECK: %[[UF:.*]] = arith.uitofp %[[TOP]] : i64 to f32
// CHECK: %[[ULP:.*]] = arith.constant 5.96046448E-8 : f32
// CHECK: %[[U:.*]] = arith.mulf %[[UF]], %[[ULP]] : f32
// CHECK: %[[RATE:.*]] = arith.constant 1.000000e-01 : f32
// CHECK: %[[KEEP:.*]] = arith.cmpf oge, %[[U]], %[[RATE]] : f32
// CHECK: %[[C:.*]] = arith.constant 1.11111116 : f32
// CHECK: %[[XC:.*]] = arith.mulf %[[X]], %[[C]] : f32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[Y:.*]] = arith.select %[[KEEP]], %[[XC]], %[[ZERO]] : f32
// CHECK: linalg.yield %[[Y]] : f32
func.func @dropout(%x: tensor<2x128x768xf32>) -> tensor<2x128x768xf32> {
  %0 = nn.dropout %x {rate = 1.000000e-01 : f32, seed = 17 : i64} : tensor<2x128x768xf32>
  return %0 : tensor<2x128x768xf32>
}

// -----

// A negative seed is its two's-complement uint64; bf16 computes x * c in f32
// and rounds once.
// CHECK-LABEL: func.func @dropout_bf16_negative_seed
// CHECK: ^bb0(%[[X:.*]]: bf16, %{{.*}}: bf16):
// CHECK: %[[XF:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK: arith.constant -5 : i64
// CHECK: arith.constant 5.000000e-01 : f32
// CHECK: arith.constant 2.000000e+00 : f32
// CHECK: %[[SEL:.*]] = arith.select
// CHECK: %[[T:.*]] = arith.truncf %[[SEL]] : f32 to bf16
// CHECK: linalg.yield %[[T]] : bf16
func.func @dropout_bf16_negative_seed(%x: tensor<64xbf16>) -> tensor<64xbf16> {
  %0 = nn.dropout %x {rate = 5.000000e-01 : f32, seed = -5 : i64} : tensor<64xbf16>
  return %0 : tensor<64xbf16>
}

// -----

// Rank 0: the linear index is the constant 0.
// CHECK-LABEL: func.func @dropout_rank0
// CHECK: linalg.generic {{.*}} iterator_types = []
// CHECK-NOT: linalg.index
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK: arith.addi %[[ZERO]], %{{.*}} : i64
func.func @dropout_rank0(%x: tensor<f32>) -> tensor<f32> {
  %0 = nn.dropout %x {rate = 2.500000e-01 : f32, seed = 3 : i64} : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Rate 0 keeps everything and scales by 1: the input passes through.
// CHECK-LABEL: func.func @dropout_rate0
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return %[[X]] : tensor<4x8xf32>
func.func @dropout_rate0(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = nn.dropout %x {rate = 0.000000e+00 : f32, seed = 3 : i64} : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
