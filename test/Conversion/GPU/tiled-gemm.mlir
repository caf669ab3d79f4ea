// RUN: remat-opt %s --remat-tiled-gemm --cse | FileCheck %s
// RUN: remat-opt %s --remat-tiled-gemm=emulate --cse | FileCheck %s --check-prefix=EMU
// RUN: remat-opt %s --remat-tiled-gemm="tensor-cores=false" --cse | FileCheck %s --check-prefix=NOTC
// RUN: remat-opt %s --remat-tiled-gemm --cse --canonicalize | FileCheck %s --check-prefix=FOLD

// A batch of 3 products of 70x45 by 45x33 (B broadcast over the batch): a
// grid of ceil(33/64) x ceil(70/64) x 3 blocks of 256 threads, two double
// buffers of 16x64 in shared memory. Before the launch, whether each input's
// runs may be read as 16-byte vectors (its start aligned, its other strides
// multiples of 4). Each thread's 16 totals read from C first; the first k
// tile staged (A's run along k stored element by element into [k][m], B's
// run along n stored as a vector into [k][n]); then per k tile of 16: the
// next tile's runs loaded (when there is one), the products of this tile
// (a fused multiply-add each), the next tile stored into the other buffer,
// one barrier.
// CHECK-LABEL: func.func @batched
// CHECK-DAG:     %[[M:.*]] = memref.dim %arg2, %c1
// CHECK-DAG:     %[[N:.*]] = memref.dim %arg2, %c2
// CHECK-DAG:     %[[K:.*]] = memref.dim %arg0, %c2
// CHECK:         %[[GX:.*]] = arith.ceildivui %[[N]], %c64
// CHECK:         %[[GY:.*]] = arith.ceildivui %[[M]], %c64
// CHECK:         memref.extract_aligned_pointer_as_index %arg0
// CHECK:         memref.extract_aligned_pointer_as_index %arg1
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %[[GX]], %{{.*}} = %[[GY]], %{{.*}} = %{{.*}}) threads({{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, %{{.*}} = %c1{{.*}}) workgroup(%[[AS:.*]] : memref<2x16x64xf32, #gpu.address_space<workgroup>>, %[[BS:.*]] : memref<2x16x64xf32, #gpu.address_space<workgroup>>)
// CHECK-COUNT-16: memref.load %arg2
// CHECK:           vector.load %arg0[{{.*}}] {alignment = 16 : i64} : memref<3x70x45xf32>, vector<4xf32>
// CHECK:           vector.load %arg1[{{.*}}] {alignment = 16 : i64} : memref<45x33xf32>, vector<4xf32>
// CHECK-COUNT-4:   memref.store %{{.*}}, %[[AS]][%c0,
// CHECK:           vector.store %{{.*}}, %[[BS]][%c0, {{.*}}] {alignment = 16 : i64}
// CHECK-NEXT:      gpu.barrier
// CHECK:           scf.for %[[KT:.*]] = %c0 to %[[K]] step %c16 iter_args
// CHECK:             %[[CUR:.*]] = arith.remui %{{.*}}, %c2
// CHECK:             %[[OTHER:.*]] = arith.subi %c1, %[[CUR]]
// CHECK:             %[[NEXT:.*]] = arith.addi %[[KT]], %c16
// CHECK:             %[[MORE:.*]] = arith.cmpi ult, %[[NEXT]], %[[K]]
// CHECK:             %[[AHEAD:.*]]:2 = scf.if %[[MORE]] -> (vector<4xf32>, vector<4xf32>)
// CHECK:             %[[LEFT:.*]] = arith.subi %[[K]], %[[KT]]
// CHECK:             %[[END:.*]] = arith.minui %[[LEFT]], %c16
// CHECK:             scf.for %{{.*}} = %c0 to %[[END]] step %c1 iter_args
// CHECK-COUNT-4:       memref.load %[[AS]][%[[CUR]],
// CHECK-COUNT-4:       memref.load %[[BS]][%[[CUR]],
// CHECK-COUNT-16:      math.fma
// CHECK:             scf.if %[[MORE]] {
// CHECK-COUNT-4:       memref.store %{{.*}}, %[[AS]][%[[OTHER]],
// CHECK:               vector.store %[[AHEAD]]#1, %[[BS]][%[[OTHER]],
// CHECK:             gpu.barrier
// CHECK-NOT:         gpu.barrier
// CHECK:             scf.yield
// CHECK-COUNT-16:  memref.store %{{.*}}, %arg2
// CHECK:           gpu.terminator

// The emulation: blocks and threads as loops; one loop over the 256 threads
// stages the first tile, then per k tile one multiplies and one stages the
// next tile into the other buffer; each thread's totals in a 256x16 array;
// the vector runs element by element, no vector ops.
// EMU-LABEL: func.func @batched
// EMU-NOT:     gpu.
// EMU-NOT:     vector.
// EMU-DAG:     %[[AS:.*]] = memref.alloca() : memref<2x16x64xf32>
// EMU-DAG:     %[[BS:.*]] = memref.alloca() : memref<2x16x64xf32>
// EMU-DAG:     %[[ACC:.*]] = memref.alloca() : memref<256x16xf32>
// EMU:         scf.for
// EMU:           scf.for
// EMU:             scf.for
// EMU:               scf.for %{{.*}} = %c0 to %c256 step %c1 {
// EMU:                 memref.store %{{.*}}, %[[AS]][%c0,
// EMU:               scf.for %{{.*}} = %c0 to %{{.*}} step %c16 {
// EMU:                 scf.for %{{.*}} = %c0 to %c256 step %c1 {
// EMU:                   memref.load %[[ACC]]
// EMU:                 scf.if
// EMU-NEXT:              scf.for %{{.*}} = %c0 to %c256 step %c1 {
// EMU:                     memref.store %{{.*}}, %[[AS]]
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#b = affine_map<(b, m, n, k) -> (k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @batched(%a: memref<3x70x45xf32>, %b: memref<45x33xf32>, %c: memref<3x70x33xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<3x70x45xf32>, memref<45x33xf32>) outs(%c : memref<3x70x33xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// bf16 inputs: the tensor-core kernel. 128 threads (4 warps), double buffers
// of 64 rows of 40 bf16 (A as [m][k], B as [n][k]); runs of 8 (16 bytes);
// B is transposed here (its k contiguous), so both inputs' runs are stored
// into shared memory as vectors. Per k tile of 32: two k steps, each 8
// mma.sync m16n8k16 a warp with fragments read as 32-bit pairs.
// CHECK-LABEL: func.func @tensor_cores
// CHECK:         gpu.launch {{.*}} threads({{.*}}) in (%{{.*}} = %c128, %{{.*}} = %c1, %{{.*}} = %c1{{.*}}) workgroup(%[[TA:.*]] : memref<2x64x40xbf16, #gpu.address_space<workgroup>>, %[[TB:.*]] : memref<2x64x40xbf16, #gpu.address_space<workgroup>>)
// CHECK-COUNT-32:  memref.load %arg2
// CHECK-COUNT-2:   vector.load %arg0[{{.*}}] {alignment = 16 : i64} : memref<2x48x64xbf16>, vector<8xbf16>
// CHECK-COUNT-2:   vector.load %arg1[{{.*}}] {alignment = 16 : i64} : memref<72x64xbf16>, vector<8xbf16>
// CHECK-COUNT-2:   vector.store %{{.*}}, %[[TA]][%c0, {{.*}}] {alignment = 16 : i64}
// CHECK-COUNT-2:   vector.store %{{.*}}, %[[TB]][%c0, {{.*}}] {alignment = 16 : i64}
// CHECK-NEXT:      gpu.barrier
// CHECK:           scf.for %{{.*}} = %c0 to %{{.*}} step %c32 iter_args({{.*}}) -> (f32, f32
// CHECK:             scf.if %{{.*}} -> (vector<8xbf16>, vector<8xbf16>, vector<8xbf16>, vector<8xbf16>)
// CHECK-COUNT-8:     vector.load %[[TA]]{{.*}} {alignment = 4 : i64} : memref<2x64x40xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
// CHECK:             llvm.bitcast %{{.*}} : vector<2xbf16> to i32
// CHECK-COUNT-8:     nvvm.mma.sync A[{{.*}}, {{.*}}, {{.*}}, {{.*}}]  B[{{.*}}, {{.*}}]  C[{{.*}}, {{.*}}, {{.*}}, {{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>}
// CHECK-COUNT-8:     nvvm.mma.sync
// CHECK-NOT:         nvvm.mma.sync
// CHECK:             gpu.barrier
// CHECK-COUNT-32:  memref.store %{{.*}}, %arg2
// CHECK:           gpu.terminator

// Its emulation: 128 threads' 32 accumulators; per k step, per warp and
// product, the lanes' fragments gathered into a 16x16 A and a 16x8 B, then
// each lane's accumulators summed over the 16 k in order.
// EMU-LABEL: func.func @tensor_cores
// EMU-NOT:     nvvm.
// EMU-DAG:     memref.alloca() : memref<2x64x40xbf16>
// EMU-DAG:     memref.alloca() : memref<128x32xf32>
// EMU-DAG:     %[[AF:.*]] = memref.alloca() : memref<16x16xf32>
// EMU-DAG:     %[[BF:.*]] = memref.alloca() : memref<16x8xf32>
// EMU:         scf.for %{{.*}} = %c0 to %c4 step %c1 {
// EMU:           scf.for %{{.*}} = %c0 to %c32 step %c1 {
// EMU:             memref.store %{{.*}}, %[[AF]]
// EMU:             memref.store %{{.*}}, %[[BF]]
// EMU:           scf.for %{{.*}} = %c0 to %c32 step %c1 {
// EMU:             scf.for %{{.*}} = %c0 to %c16 step %c1 iter_args
// EMU:               memref.load %[[AF]]
// EMU:               memref.load %[[BF]]
// EMU:               arith.mulf
// EMU-NEXT:          arith.addf
func.func @tensor_cores(%a: memref<2x48x64xbf16>, %b: memref<72x64xbf16>, %c: memref<2x48x72xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x48x64xbf16>, memref<72x64xbf16>) outs(%c : memref<2x48x72xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// f16 with odd shapes: mma.sync takes the fragment pairs as vector<2xf16>.
// Strides of 37 and 66 elements are not multiples of 8, so after folding
// no vector load of global memory is left: every run element by element.
// With tensor-cores=false, the f32 kernel, 16-bit inputs widened as they
// are staged.
// CHECK-LABEL: func.func @widened
// CHECK:         gpu.launch
// CHECK:           nvvm.mma.sync A[{{.*}}]  B[{{.*}}]  C[{{.*}}]  {{.*}} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// FOLD-LABEL: func.func @widened
// FOLD-NOT:      vector.load %arg{{[01]}}[
// FOLD:          nvvm.mma.sync
// NOTC-LABEL: func.func @widened
// NOTC-NOT:      nvvm.
// NOTC:          workgroup(%{{.*}} : memref<2x16x64xf32, #gpu.address_space<workgroup>>
// NOTC:          arith.extf %{{.*}} : vector<4xf16> to vector<4xf32>
// NOTC:          arith.extf %{{.*}} : f16 to f32
func.func @widened(%a: memref<19x37xf16>, %b: memref<37x66xf16>, %c: memref<19x66xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<19x37xf16>, memref<37x66xf16>) outs(%c : memref<19x66xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// A bf16 product whose f32 accumulator only its rounding epilogue reads
// (the zero fill marked remat.accumulator, the epilogue remat.epilogue, as
// convert-nn-to-linalg leaves nn.matmul): the kernel starts its sums at 0
// and rounds each into the bf16 result itself, launched where the epilogue
// was; the accumulator, its fill, the epilogue and its dealloc go.
// CHECK-LABEL: func.func @rounded
// CHECK-NOT:     memref<48x72xf32>
// CHECK:         %[[R:.*]] = memref.alloc() : memref<48x72xbf16>
// CHECK:         gpu.launch
// CHECK-NOT:       memref.load %[[R]]
// CHECK-COUNT-32:  arith.truncf %{{.*}} : f32 to bf16
// CHECK:           gpu.terminator
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]]
func.func @rounded(%a: memref<48x64xbf16>, %b: memref<72x64xbf16>) -> memref<48x72xbf16> {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<48x72xf32>
  linalg.fill {remat.accumulator} ins(%zero : f32) outs(%acc : memref<48x72xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<48x64xbf16>, memref<72x64xbf16>) outs(%acc : memref<48x72xf32>) {
  ^bb0(%x: bf16, %y: bf16, %s: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %t = arith.addf %s, %p : f32
    linalg.yield %t : f32
  }
  %r = memref.alloc() : memref<48x72xbf16>
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<48x72xf32>) outs(%r : memref<48x72xbf16>) attrs = {remat.epilogue} {
  ^bb0(%in: f32, %o: bf16):
    %c = arith.truncf %in : f32 to bf16
    linalg.yield %c : bf16
  }
  memref.dealloc %acc : memref<48x72xf32>
  return %r : memref<48x72xbf16>
}
