// RUN: remat-opt %s -split-input-file -verify-diagnostics --remat-map-loops-to-gpu

// Collapsing a nest into one GPU dimension multiplies its trip counts: a
// product that does not fit in a 64-bit index is refused, not wrapped.
func.func @collapse_overflows(%m: memref<4294967296x4294967296xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4294967296 : index
  %f = arith.constant 1.0 : f32
  // expected-error @+1 {{the loop nest has more iterations than a 64-bit index can count; it cannot be collapsed into one GPU dimension}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    memref.store %f, %m[%i, %j] : memref<4294967296x4294967296xf32>
    scf.reduce
  }
  return
}

