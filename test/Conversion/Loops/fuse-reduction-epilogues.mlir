// RUN: remat-opt %s -split-input-file --remat-fuse-reduction-epilogues | FileCheck %s

// A bf16 matmul's f32 accumulator (nn.matmul's lowering, bufferized): one
// nest, the k loop carrying the total from the fill's value, the rounding
// stored into the result; no f32 buffer left.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME:  (%[[A:.*]]: memref<4x8xbf16>, %[[B:.*]]: memref<8x6xbf16>)
// CHECK:       %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NOT:   memref<4x6xf32>
// CHECK:       %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x6xbf16>
// CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:  scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:  %[[SUM:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32)
// CHECK-NEXT:  %[[X:.*]] = memref.load %[[A]][%[[I]], %[[K]]]
// CHECK-NEXT:  %[[Y:.*]] = memref.load %[[B]][%[[K]], %[[J]]]
// CHECK-NEXT:  arith.extf %[[X]]
// CHECK-NEXT:  arith.extf %[[Y]]
// CHECK-NEXT:  %[[P:.*]] = arith.mulf
// CHECK-NEXT:  %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK-NEXT:  scf.yield %[[S]] : f32
// CHECK:       %[[R:.*]] = arith.truncf %[[SUM]] : f32 to bf16
// CHECK-NEXT:  memref.store %[[R]], %[[C]][%[[I]], %[[J]]]
// CHECK-NOT:   linalg.
// CHECK-NOT:   memref.dealloc
// CHECK:       return %[[C]]
#mk = affine_map<(d0, d1, d2) -> (d0, d2)>
#kn = affine_map<(d0, d1, d2) -> (d2, d1)>
#mn = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @matmul(%a: memref<4x8xbf16>, %b: memref<8x6xbf16>) -> memref<4x6xbf16> {
  %zero = arith.constant 0.000000e+00 : f32
  %acc = memref.alloc() {alignment = 64 : i64} : memref<4x6xf32>
  linalg.fill {remat.accumulator} ins(%zero : f32) outs(%acc : memref<4x6xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<4x8xbf16>, memref<8x6xbf16>) outs(%acc : memref<4x6xf32>) {
  ^bb0(%x: bf16, %y: bf16, %out: f32):
    %0 = arith.extf %x : bf16 to f32
    %1 = arith.extf %y : bf16 to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %out, %2 : f32
    linalg.yield %3 : f32
  }
  %c = memref.alloc() {alignment = 64 : i64} : memref<4x6xbf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%acc : memref<4x6xf32>) outs(%c : memref<4x6xbf16>) attrs = {remat.epilogue} {
  ^bb0(%in: f32, %out: bf16):
    %0 = arith.truncf %in : f32 to bf16
    linalg.yield %0 : bf16
  }
  memref.dealloc %acc : memref<4x6xf32>
  return %c : memref<4x6xbf16>
}

// -----

// A row maximum over a dynamic row length, its epilogue reading a second
// input through a broadcast map and the loop index (linalg.index): both
// follow the result's loops; the reduced loop's bound is the input's dim.
// CHECK-LABEL: func.func @row_max
// CHECK-SAME:  (%[[X:.*]]: memref<3x?xf16>, %[[BIAS:.*]]: memref<3xf32>)
// CHECK:       %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:       %[[OUT:.*]] = memref.alloc() : memref<3xf16>
// CHECK:       %[[C1:.*]] = arith.constant 1 : index
// CHECK:       %[[N:.*]] = memref.dim %[[X]], %[[C1]]
// CHECK:       scf.for %[[I:.*]] =
// CHECK-NEXT:  %[[M:.*]] = scf.for %[[J:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[NINF]]) -> (f32)
// CHECK:       arith.maximumf %[[ACC]]
// CHECK:       %[[B:.*]] = memref.load %[[BIAS]][%[[I]]]
// CHECK-NEXT:  arith.index_cast %[[I]]
// CHECK:       arith.addf %[[M]], %[[B]]
// CHECK:       memref.store %{{.*}}, %[[OUT]][%[[I]]]
// CHECK-NOT:   memref.dealloc
// CHECK:       return %[[OUT]]
#row = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
#one = affine_map<(d0) -> (d0)>
func.func @row_max(%x: memref<3x?xf16>, %bias: memref<3xf32>) -> memref<3xf16> {
  %ninf = arith.constant 0xFF800000 : f32
  %acc = memref.alloc() : memref<3xf32>
  linalg.fill {remat.accumulator} ins(%ninf : f32) outs(%acc : memref<3xf32>)
  linalg.generic {indexing_maps = [#row, #rows], iterator_types = ["parallel", "reduction"]} ins(%x : memref<3x?xf16>) outs(%acc : memref<3xf32>) {
  ^bb0(%v: f16, %m: f32):
    %0 = arith.extf %v : f16 to f32
    %1 = arith.maximumf %m, %0 : f32
    linalg.yield %1 : f32
  }
  %out = memref.alloc() : memref<3xf16>
  linalg.generic {indexing_maps = [#one, #one, #one], iterator_types = ["parallel"]} ins(%acc, %bias : memref<3xf32>, memref<3xf32>) outs(%out : memref<3xf16>) attrs = {remat.epilogue} {
  ^bb0(%m: f32, %b: f32, %o: f16):
    %i = linalg.index 0 : index
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %0 = arith.addf %m, %b : f32
    %1 = arith.addf %0, %f : f32
    %2 = arith.truncf %1 : f32 to f16
    linalg.yield %2 : f16
  }
  memref.dealloc %acc : memref<3xf32>
  return %out : memref<3xf16>
}

// -----

// remat-free-after-last-use frees the reduction's input right after the
// reduction, its last reader: the dealloc moves after the fused nest, which
// reads the input where the epilogue was.
// CHECK-LABEL: func.func @freed_input
// CHECK:       %[[X:.*]] = memref.alloc() : memref<4x8xbf16>
// CHECK:       %[[OUT:.*]] = memref.alloc() : memref<4xbf16>
// CHECK:       scf.for
// CHECK:       memref.load %[[X]]
// CHECK:       memref.store %{{.*}}, %[[OUT]]
// CHECK:       memref.dealloc %[[X]]
// CHECK-NEXT:  return %[[OUT]]
#m2 = affine_map<(d0, d1) -> (d0, d1)>
#m1 = affine_map<(d0, d1) -> (d0)>
#e1 = affine_map<(d0) -> (d0)>
func.func @freed_input(%v: bf16) -> memref<4xbf16> {
  %zero = arith.constant 0.000000e+00 : f32
  %x = memref.alloc() : memref<4x8xbf16>
  linalg.fill ins(%v : bf16) outs(%x : memref<4x8xbf16>)
  %acc = memref.alloc() : memref<4xf32>
  linalg.fill {remat.accumulator} ins(%zero : f32) outs(%acc : memref<4xf32>)
  linalg.generic {indexing_maps = [#m2, #m1], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x8xbf16>) outs(%acc : memref<4xf32>) {
  ^bb0(%in: bf16, %s: f32):
    %0 = arith.extf %in : bf16 to f32
    %1 = arith.addf %s, %0 : f32
    linalg.yield %1 : f32
  }
  memref.dealloc %x : memref<4x8xbf16>
  %out = memref.alloc() : memref<4xbf16>
  linalg.generic {indexing_maps = [#e1, #e1], iterator_types = ["parallel"]} ins(%acc : memref<4xf32>) outs(%out : memref<4xbf16>) attrs = {remat.epilogue} {
  ^bb0(%s: f32, %o: bf16):
    %0 = arith.truncf %s : f32 to bf16
    linalg.yield %0 : bf16
  }
  memref.dealloc %acc : memref<4xf32>
  return %out : memref<4xbf16>
}

// -----

// Left as they are: a column sum (the reduced loop outside: the fused nest
// would sum in another order and stride through memory); a result that may
// alias the reduction's input (two arguments); a write to the reduction's
// input between the reduction and its epilogue; an accumulator read twice;
// a chain without convert-nn-to-linalg's marks.
// CHECK-LABEL: func.func @column_sum
// CHECK:       memref.alloc() : memref<6xf32>
// CHECK:       linalg.fill
// CHECK:       linalg.generic
// CHECK:       linalg.generic
// CHECK:       memref.dealloc
#kr = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#v = affine_map<(d0) -> (d0)>
func.func @column_sum(%x: memref<4x6xbf16>, %out: memref<6xbf16>) {
  %zero = arith.constant 0.000000e+00 : f32
  %acc = memref.alloc() : memref<6xf32>
  linalg.fill {remat.accumulator} ins(%zero : f32) outs(%acc : memref<6xf32>)
  linalg.generic {indexing_maps = [#kr, #col], iterator_types = ["reduction", "parallel"]} ins(%x : memref<4x6xbf16>) outs(%acc : memref<6xf32>) {
  ^bb0(%v: bf16, %s: f32):
    %0 = arith.extf %v : bf16 to f32
    %1 = arith.addf %s, %0 : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%acc : memref<6xf32>) outs(%out : memref<6xbf16>) attrs = {remat.epilogue} {
  ^bb0(%s: f32, %o: bf16):
    %0 = arith.truncf %s : f32 to bf16
    linalg.yield %0 : bf16
  }
  memref.dealloc %acc : memref<6xf32>
  return
}

// CHECK-LABEL: func.func @may_alias
// CHECK:       memref.alloc() : memref<4xf32>
// CHECK:       linalg.generic
// CHECK:       linalg.generic
#r2 = affine_map<(d0, d1) -> (d0, d1)>
#r1 = affine_map<(d0, d1) -> (d0)>
func.func @may_alias(%x: memref<4x4xbf16>, %out: memref<4xbf16>) {
  %zero = arith.constant 0.000000e+00 : f32
  %acc = memref.alloc() : memref<4xf32>
  linalg.fill {remat.accumulator} ins(%zero : f32) outs(%acc : memref<4xf32>)
  linalg.generic {indexing_maps = [#r2, #r1], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x4xbf16>) outs(%acc : memref<4xf32>) {
  ^bb0(%v: bf16, %s: f32):
    %0 = arith.extf %v : bf16 to f32
    %1 = arith.addf %s, %0 : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%acc : memref<4xf32>) outs(%out : memref<4xbf16>) attrs = {remat.epilogue} {
  ^bb0(%s: f32, %o: bf16):
    %0 = arith.truncf %s : f32 to bf16
    linalg.yield %0 : bf16
  }
  memref.dealloc %acc : memref<4xf32>
  return
}

// An f32 matmul whose result (an nn value, which the plan counts) one
// kernel of another op reads: the same shape of chain, without the marks.
// CHECK-LABEL: func.func @unmarked
// CHECK:       memref.alloc() : memref<4xf32>
// CHECK:       linalg.fill
// CHECK:       linalg.generic
// CHECK:       linalg.generic
// CHECK:       memref.dealloc
func.func @unmarked(%x: memref<4x4xf32>) -> memref<4xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %acc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<4xf32>)
  linalg.generic {indexing_maps = [#r2, #r1], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x4xf32>) outs(%acc : memref<4xf32>) {
  ^bb0(%v: f32, %s: f32):
    %1 = arith.addf %s, %v : f32
    linalg.yield %1 : f32
  }
  %out = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%acc : memref<4xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%s: f32, %o: f32):
    %0 = math.exp %s : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %acc : memref<4xf32>
  return %out : memref<4xf32>
}

// CHECK-LABEL: func.func @written_between
// CHECK:       memref.alloc() : memref<4xf32>
// CHECK:       linalg.generic
// CHECK:       linalg.fill
// CHECK:       linalg.generic
func.func @written_between(%x: memref<4x4xbf16>) -> memref<4xbf16> {
  %zero = arith.constant 0.000000e+00 : f32
  %bzero = arith.constant 0.000000e+00 : bf16
  %acc = memref.alloc() : memref<4xf32>
  linalg.fill {remat.accumulator} ins(%zero : f32) outs(%acc : memref<4xf32>)
  linalg.generic {indexing_maps = [#r2, #r1], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x4xbf16>) outs(%acc : memref<4xf32>) {
  ^bb0(%v: bf16, %s: f32):
    %0 = arith.extf %v : bf16 to f32
    %1 = arith.addf %s, %0 : f32
    linalg.yield %1 : f32
  }
  linalg.fill ins(%bzero : bf16) outs(%x : memref<4x4xbf16>)
  %out = memref.alloc() : memref<4xbf16>
  linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%acc : memref<4xf32>) outs(%out : memref<4xbf16>) attrs = {remat.epilogue} {
  ^bb0(%s: f32, %o: bf16):
    %0 = arith.truncf %s : f32 to bf16
    linalg.yield %0 : bf16
  }
  memref.dealloc %acc : memref<4xf32>
  return %out : memref<4xbf16>
}

// CHECK-LABEL: func.func @read_twice
// CHECK:       memref.alloc() : memref<4xf32>
// CHECK:       linalg.generic
// CHECK:       linalg.generic
// CHECK:       linalg.generic
func.func @read_twice(%x: memref<4x4xbf16>) -> (memref<4xbf16>, memref<4xbf16>) {
  %zero = arith.constant 0.000000e+00 : f32
  %acc = memref.alloc() : memref<4xf32>
  linalg.fill {remat.accumulator} ins(%zero : f32) outs(%acc : memref<4xf32>)
  linalg.generic {indexing_maps = [#r2, #r1], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x4xbf16>) outs(%acc : memref<4xf32>) {
  ^bb0(%v: bf16, %s: f32):
    %0 = arith.extf %v : bf16 to f32
    %1 = arith.addf %s, %0 : f32
    linalg.yield %1 : f32
  }
  %out = memref.alloc() : memref<4xbf16>
  linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%acc : memref<4xf32>) outs(%out : memref<4xbf16>) attrs = {remat.epilogue} {
  ^bb0(%s: f32, %o: bf16):
    %0 = arith.truncf %s : f32 to bf16
    linalg.yield %0 : bf16
  }
  %out2 = memref.alloc() : memref<4xbf16>
  linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%acc : memref<4xf32>) outs(%out2 : memref<4xbf16>) attrs = {remat.epilogue} {
  ^bb0(%s: f32, %o: bf16):
    %0 = arith.truncf %s : f32 to bf16
    linalg.yield %0 : bf16
  }
  memref.dealloc %acc : memref<4xf32>
  return %out, %out2 : memref<4xbf16>, memref<4xbf16>
}
