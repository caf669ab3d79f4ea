// RUN: remat-opt %s --split-input-file --remat-gemm-to-library-calls --verify-diagnostics | FileCheck %s

// nn.matmul's lowering: a batch of 2 against an unbatched B, transpose_b.
// The zero fill becomes beta = 0; the batch is one loop, and B has no batch
// stride. A's matrix strides are (m, k), B's (k, n) = its columns, rows.
// CHECK-LABEL: func.func private @remat_sgemm(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, f32)
// CHECK-LABEL: func.func @batched_transpose_b
// CHECK-NOT:     linalg.fill
// CHECK-NOT:     linalg.generic
// CHECK-DAG:     %{{[a-z_0-9]+}}, %[[AOFF:[a-z_0-9]+]], %{{[a-z_0-9]+}}:3, %[[AST:[a-z_0-9]+]]:3 = memref.extract_strided_metadata %arg0
// CHECK-DAG:     %{{[a-z_0-9]+}}, %[[BOFF:[a-z_0-9]+]], %{{[a-z_0-9]+}}:2, %[[BST:[a-z_0-9]+]]:2 = memref.extract_strided_metadata %arg1
// CHECK-DAG:     %{{[a-z_0-9]+}}, %{{[a-z_0-9]+}}, %[[CSZ:[a-z_0-9]+]]:3, %[[CST:[a-z_0-9]+]]:3 = memref.extract_strided_metadata %arg2
// CHECK:         %[[BETA:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %[[CSZ]]#0
// CHECK:           %[[ASTEP:.*]] = arith.muli %[[I]], %[[AST]]#0
// CHECK:           arith.addi %[[AOFF]], %[[ASTEP]]
// CHECK:           %[[BOFF64:.*]] = arith.index_cast %[[BOFF]] : index to i64
// CHECK:           %[[BK:.*]] = arith.index_cast %[[BST]]#1 : index to i64
// CHECK:           %[[BN:.*]] = arith.index_cast %[[BST]]#0 : index to i64
// CHECK:           %[[CSTEP:.*]] = arith.muli %[[I]], %[[CST]]#0
// CHECK:           call @remat_sgemm({{.*}}, %[[BOFF64]], %[[BK]], %[[BN]], {{.*}}, %[[BETA]])
// CHECK-NOT:     linalg
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#b = affine_map<(b, m, n, k) -> (n, k)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @batched_transpose_b(%a: memref<2x4x5xf32>, %b: memref<6x5xf32>, %c: memref<2x4x6xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<2x4x6xf32>)
  linalg.generic {indexing_maps = [#a, #b, #c],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x4x5xf32>, memref<6x5xf32>) outs(%c : memref<2x4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Upstream's named ops match too; without a zero fill the call accumulates
// (beta = 1). Operands swapped in the body and in the inputs (B's map holds
// m) are the same product.
// CHECK-LABEL: func.func @named_and_swapped
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         call @remat_sgemm({{.*}}, %[[ONE]])
// CHECK:         scf.for
// CHECK:           call @remat_sgemm
// CHECK:         call @remat_sgemm
// CHECK-NOT:     linalg
#a1 = affine_map<(m, n, k) -> (k, n)>
#b1 = affine_map<(m, n, k) -> (m, k)>
#c1 = affine_map<(m, n, k) -> (m, n)>
func.func @named_and_swapped(%a: memref<4x5xf32>, %b: memref<5x6xf32>, %c: memref<4x6xf32>,
                             %ba: memref<3x4x5xf32>, %bb: memref<3x5x6xf32>, %bc: memref<3x4x6xf32>,
                             %bt: memref<6x5xf32>) {
  linalg.matmul ins(%a, %b : memref<4x5xf32>, memref<5x6xf32>) outs(%c : memref<4x6xf32>)
  linalg.batch_matmul ins(%ba, %bb : memref<3x4x5xf32>, memref<3x5x6xf32>) outs(%bc : memref<3x4x6xf32>)
  linalg.generic {indexing_maps = [#a1, #b1, #c1],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%b, %a : memref<5x6xf32>, memref<4x5xf32>) outs(%c : memref<4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %y, %x : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A size-1 batch dim read at index 0 (a broadcast) adds no offset; strided
// and offset views are passed through their metadata.
// CHECK-LABEL: func.func @broadcast_and_strided
// CHECK:         %{{[a-z_0-9]+}}, %[[AOFF:[a-z_0-9]+]], %{{[a-z_0-9]+}}:3, %{{[a-z_0-9]+}}:3 = memref.extract_strided_metadata %arg0
// CHECK:         scf.for
// CHECK-NOT:       arith.addi %[[AOFF]]
// CHECK:           arith.index_cast %[[AOFF]] : index to i64
// CHECK:           call @remat_sgemm
#a2 = affine_map<(b, m, n, k) -> (0, m, k)>
#b2 = affine_map<(b, m, n, k) -> (b, k, n)>
#c2 = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @broadcast_and_strided(%a: memref<1x4x5xf32>, %b: memref<2x5x6xf32, strided<[60, 12, 2], offset: 3>>, %c: memref<2x4x6xf32>) {
  linalg.generic {indexing_maps = [#a2, #b2, #c2],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<1x4x5xf32>, memref<2x5x6xf32, strided<[60, 12, 2], offset: 3>>) outs(%c : memref<2x4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Left as they are: f16 operands (extended in the body), an output that may
// alias an input, a body that is not a multiply-accumulate, two reduction
// loops, and a product on tensors.
// CHECK-LABEL: func.func @not_gemms
// CHECK-NOT:     remat_sgemm
// CHECK-COUNT-4: linalg.generic
// CHECK:         linalg.matmul
// CHECK-NOT:     remat_sgemm
#a3 = affine_map<(m, n, k) -> (m, k)>
#b3 = affine_map<(m, n, k) -> (k, n)>
#c3 = affine_map<(m, n, k) -> (m, n)>
#a4 = affine_map<(m, n, k, l) -> (m, k, l)>
#b4 = affine_map<(m, n, k, l) -> (k, l, n)>
#c4 = affine_map<(m, n, k, l) -> (m, n)>
func.func @not_gemms(%h: memref<4x5xf16>, %hb: memref<5x6xf16>, %c: memref<4x6xf32>,
                     %x: memref<4x4xf32>, %y: memref<4x4xf32>,
                     %a: memref<4x5xf32>, %b: memref<5x6xf32>,
                     %a4: memref<4x5x2xf32>, %b4: memref<5x2x6xf32>,
                     %ta: tensor<4x5xf32>, %tb: tensor<5x6xf32>, %tc: tensor<4x6xf32>) -> tensor<4x6xf32> {
  linalg.generic {indexing_maps = [#a3, #b3, #c3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%h, %hb : memref<4x5xf16>, memref<5x6xf16>) outs(%c : memref<4x6xf32>) {
  ^bb0(%p: f16, %q: f16, %acc: f32):
    %pe = arith.extf %p : f16 to f32
    %qe = arith.extf %q : f16 to f32
    %m = arith.mulf %pe, %qe : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#a3, #b3, #c3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %y : memref<4x4xf32>, memref<4x4xf32>) outs(%x : memref<4x4xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#a3, #b3, #c3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x5xf32>, memref<5x6xf32>) outs(%c : memref<4x6xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.maximumf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#a4, #b4, #c4], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a4, %b4 : memref<4x5x2xf32>, memref<5x2x6xf32>) outs(%c : memref<4x6xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  %r = linalg.matmul ins(%ta, %tb : tensor<4x5xf32>, tensor<5x6xf32>) outs(%tc : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// expected-error @+1 {{'remat_sgemm' is remat's runtime GEMM and must have type}}
func.func private @remat_sgemm(i64)
func.func @clash(%a: memref<4x5xf32>, %b: memref<5x6xf32>, %c: memref<4x6xf32>) {
  linalg.matmul ins(%a, %b : memref<4x5xf32>, memref<5x6xf32>) outs(%c : memref<4x6xf32>)
  return
}
