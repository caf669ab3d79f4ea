// RUN: remat-opt %s --remat-approximate-math | FileCheck %s

// f32 exp, tanh, log, log1p, expm1 and erf become arithmetic (no math op,
// so no libm call, is left); other math ops and other types are kept.
// CHECK-LABEL: func.func @approximated
// CHECK-NOT:     math.exp
// CHECK-NOT:     math.tanh
// CHECK-NOT:     math.log
// CHECK-NOT:     math.erf
// CHECK:         math.fma
// CHECK:         return
func.func @approximated(%x: f32) -> (f32, f32, f32, f32, f32, f32) {
  %a = math.exp %x : f32
  %b = math.tanh %x : f32
  %c = math.log %x : f32
  %d = math.log1p %x : f32
  %e = math.expm1 %x : f32
  %f = math.erf %x : f32
  return %a, %b, %c, %d, %e, %f : f32, f32, f32, f32, f32, f32
}

// CHECK-LABEL: func.func @kept
// CHECK:         math.sqrt %{{.*}} : f32
// CHECK:         math.exp %{{.*}} : f64
// CHECK:         math.rsqrt %{{.*}} : f32
func.func @kept(%x: f32, %y: f64) -> (f32, f64, f32) {
  %a = math.sqrt %x : f32
  %b = math.exp %y : f64
  %c = math.rsqrt %x : f32
  return %a, %b, %c : f32, f64, f32
}
