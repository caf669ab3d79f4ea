// RUN: remat-opt %s --split-input-file --remat-gemm-to-library-calls=library=cublaslt --cse | FileCheck %s
// RUN: not remat-opt %s --split-input-file --remat-gemm-to-library-calls=library=mkl 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: remat-gemm-to-library-calls: unknown library 'mkl'; expected blas or cublaslt

// The CUDA target's library GEMM: one call of remat_cuda_gemm per product,
// no loop: the runtime batches the inner batch dim in cuBLASLt and loops
// over an outer one. Arguments: stream (0: the runtime's step stream),
// input element type (0 f32), output element type (0 f32), batch0, batch1,
// m, n, k, then per operand pointer,
// offset, row and column strides and two batch strides, then beta. Here a
// batch of 2 against an unbatched, transposed B: batch0 = 1, batch1 = 2, B's
// batch strides 0 (broadcast), B's matrix strides (k, n) = (1, 5).
// CHECK-LABEL: func.func private @remat_cuda_gemm(i64, i32, i32, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, f32)
// CHECK-LABEL: func.func @batched_transpose_b
// CHECK-NOT:     linalg.fill
// CHECK-NOT:     scf.for
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-DAG:     %[[F32:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2 : i64
// CHECK-DAG:     %[[FOUR:.*]] = arith.constant 4 : i64
// CHECK-DAG:     %[[SIX:.*]] = arith.constant 6 : i64
// CHECK-DAG:     %[[FIVE:.*]] = arith.constant 5 : i64
// CHECK-DAG:     %{{[a-z_0-9]+}}, %{{[a-z_0-9]+}}, %{{[a-z_0-9]+}}:2, %[[BST:[a-z_0-9]+]]:2 = memref.extract_strided_metadata %arg1
// CHECK-DAG:     %[[BK:.*]] = arith.index_cast %[[BST]]#1 : index to i64
// CHECK-DAG:     %[[BN:.*]] = arith.index_cast %[[BST]]#0 : index to i64
// CHECK-DAG:     %[[BETA:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         call @remat_cuda_gemm(%[[ZERO]], %[[F32]], %[[F32]], %[[ONE]], %[[TWO]], %[[FOUR]], %[[SIX]], %[[FIVE]], {{.*}}, %[[BK]], %[[BN]], %[[ZERO]], %[[ZERO]], {{.*}}, %[[BETA]])
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

// bf16 and f16 inputs widened into an f32 accumulator (nn.matmul's lowering
// of a bf16 product, before its truncation) are cuBLASLt's 16-bit inputs with
// f32 output and compute: element type 2 (bf16), 1 (f16), output type 0
// (f32). Two batch dims are (batch0, batch1) = (2, 3).
// CHECK-LABEL: func.func @widened
// CHECK-DAG:     %[[BF16:.*]] = arith.constant 2 : i32
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2 : i64
// CHECK-DAG:     %[[THREE:.*]] = arith.constant 3 : i64
// CHECK-DAG:     %[[OUTF32:.*]] = arith.constant 0 : i32
// CHECK:         call @remat_cuda_gemm(%{{.*}}, %[[BF16]], %[[OUTF32]], %[[TWO]], %[[THREE]],
// CHECK:         %[[F16:.*]] = arith.constant 1 : i32
// CHECK:         call @remat_cuda_gemm(%{{.*}}, %[[F16]], %[[OUTF32]],
// CHECK-NOT:     linalg.generic
#a2 = affine_map<(b, h, m, n, k) -> (b, h, m, k)>
#b2 = affine_map<(b, h, m, n, k) -> (b, h, k, n)>
#c2 = affine_map<(b, h, m, n, k) -> (b, h, m, n)>
func.func @widened(%a: memref<2x3x4x5xbf16>, %b: memref<2x3x5x6xbf16>, %c: memref<2x3x4x6xf32>,
                   %ha: memref<4x5xf16>, %hb: memref<5x6xf16>, %hc: memref<4x6xf32>) {
  linalg.generic {indexing_maps = [#a2, #b2, #c2],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x3x4x5xbf16>, memref<2x3x5x6xbf16>) outs(%c : memref<2x3x4x6xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.matmul ins(%ha, %hb : memref<4x5xf16>, memref<5x6xf16>) outs(%hc : memref<4x6xf32>)
  return
}

// -----

// A bf16 product as convert-nn-to-linalg and bufferization leave it: an f32
// accumulator (zero fill marked remat.accumulator) that only the rounding
// epilogue (remat.epilogue) reads. cuBLASLt writes the rounded result
// itself (output type 2, bf16; beta 0) where the epilogue was, after the
// result's allocation; the accumulator, its fill, the epilogue and its
// dealloc go. The input freed between the product and the epilogue is
// freed after the call.
// CHECK-LABEL: func.func @rounded
// CHECK-NOT:     memref<4x6xf32>
// CHECK:         %[[R:.*]] = memref.alloc() : memref<4x6xbf16>
// CHECK-NOT:     memref<4x6xf32>
// CHECK-DAG:     %[[BF16:.*]] = arith.constant 2 : i32
// CHECK-DAG:     memref.extract_strided_metadata %[[R]]
// CHECK-DAG:     %[[BETA:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         call @remat_cuda_gemm(%{{.*}}, %[[BF16]], %[[BF16]], {{.*}}, %[[BETA]])
// CHECK-NEXT:    memref.dealloc %{{.*}} : memref<4x5xbf16>
// CHECK-NEXT:    return %[[R]]
// CHECK-NOT:     linalg.generic
#ra = affine_map<(m, n, k) -> (m, k)>
#rb = affine_map<(m, n, k) -> (k, n)>
#rc = affine_map<(m, n, k) -> (m, n)>
#rid = affine_map<(m, n) -> (m, n)>
func.func @rounded(%b: memref<5x6xbf16>, %v: bf16) -> memref<4x6xbf16> {
  %a = memref.alloc() : memref<4x5xbf16>
  linalg.fill ins(%v : bf16) outs(%a : memref<4x5xbf16>)
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<4x6xf32>
  linalg.fill {remat.accumulator} ins(%zero : f32) outs(%acc : memref<4x6xf32>)
  linalg.generic {indexing_maps = [#ra, #rb, #rc], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x5xbf16>, memref<5x6xbf16>) outs(%acc : memref<4x6xf32>) {
  ^bb0(%x: bf16, %y: bf16, %s: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %t = arith.addf %s, %p : f32
    linalg.yield %t : f32
  }
  memref.dealloc %a : memref<4x5xbf16>
  %r = memref.alloc() : memref<4x6xbf16>
  linalg.generic {indexing_maps = [#rid, #rid], iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<4x6xf32>) outs(%r : memref<4x6xbf16>) attrs = {remat.epilogue} {
  ^bb0(%in: f32, %o: bf16):
    %c = arith.truncf %in : f32 to bf16
    linalg.yield %c : bf16
  }
  memref.dealloc %acc : memref<4x6xf32>
  return %r : memref<4x6xbf16>
}

// The same without the marks, or with an epilogue that does more than
// round (a scale): the f32 output and its epilogue stay.
// CHECK-LABEL: func.func @not_rounded
// CHECK:         call @remat_cuda_gemm(%{{.*}}, %{{.*}}, %[[OUT:.*]], {{.*}})
// CHECK:         linalg.generic
// CHECK:         arith.mulf
// CHECK:         arith.truncf
func.func @not_rounded(%a: memref<4x5xbf16>, %b: memref<5x6xbf16>) -> memref<4x6xbf16> {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %acc = memref.alloc() : memref<4x6xf32>
  linalg.fill {remat.accumulator} ins(%zero : f32) outs(%acc : memref<4x6xf32>)
  linalg.generic {indexing_maps = [#ra, #rb, #rc], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x5xbf16>, memref<5x6xbf16>) outs(%acc : memref<4x6xf32>) {
  ^bb0(%x: bf16, %y: bf16, %s: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %t = arith.addf %s, %p : f32
    linalg.yield %t : f32
  }
  %r = memref.alloc() : memref<4x6xbf16>
  linalg.generic {indexing_maps = [#rid, #rid], iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<4x6xf32>) outs(%r : memref<4x6xbf16>) attrs = {remat.epilogue} {
  ^bb0(%in: f32, %o: bf16):
    %m = arith.mulf %in, %two : f32
    %c = arith.truncf %m : f32 to bf16
    linalg.yield %c : bf16
  }
  memref.dealloc %acc : memref<4x6xf32>
  return %r : memref<4x6xbf16>
}

// -----

// Left as kernels: three batch dims, an operand without a unit stride in a
// matrix dim, an empty reduction (k = 0), a function marked
// remat.generated_gemm (remat-compile --gemm=auto's fallback copy), and an
// all-f16 product (the accumulator is not f32).
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-4: linalg.
// CHECK-NOT:     call @remat_cuda_gemm
// CHECK-LABEL: func.func @marked
// CHECK:         linalg.matmul
// CHECK-NOT:     call @remat_cuda_gemm
#a3 = affine_map<(p, q, r, m, n, k) -> (p, q, r, m, k)>
#b3 = affine_map<(p, q, r, m, n, k) -> (p, q, r, k, n)>
#c3 = affine_map<(p, q, r, m, n, k) -> (p, q, r, m, n)>
func.func @left_alone(%a: memref<2x2x2x4x5xf32>, %b: memref<2x2x2x5x6xf32>, %c: memref<2x2x2x4x6xf32>,
                      %s: memref<4x5xf32, strided<[10, 2]>>, %t: memref<5x6xf32>, %u: memref<4x6xf32>,
                      %e: memref<4x0xf32>, %f: memref<0x6xf32>,
                      %ha: memref<4x5xf16>, %hb: memref<5x6xf16>, %hc: memref<4x6xf16>) {
  linalg.generic {indexing_maps = [#a3, #b3, #c3],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x2x2x4x5xf32>, memref<2x2x2x5x6xf32>) outs(%c : memref<2x2x2x4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %q = arith.addf %acc, %p : f32
    linalg.yield %q : f32
  }
  linalg.matmul ins(%s, %t : memref<4x5xf32, strided<[10, 2]>>, memref<5x6xf32>) outs(%u : memref<4x6xf32>)
  linalg.matmul ins(%e, %f : memref<4x0xf32>, memref<0x6xf32>) outs(%u : memref<4x6xf32>)
  linalg.matmul ins(%ha, %hb : memref<4x5xf16>, memref<5x6xf16>) outs(%hc : memref<4x6xf16>)
  return
}
func.func @marked(%a: memref<4x5xf32>, %b: memref<5x6xf32>, %c: memref<4x6xf32>) attributes {remat.generated_gemm} {
  linalg.matmul ins(%a, %b : memref<4x5xf32>, memref<5x6xf32>) outs(%c : memref<4x6xf32>)
  return
}
