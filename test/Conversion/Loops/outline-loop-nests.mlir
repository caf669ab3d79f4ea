// RUN: remat-opt %s -split-input-file --remat-outline-loop-nests | FileCheck %s
// RUN: remat-opt %s -split-input-file --remat-outline-loop-nests --convert-scf-to-cf --finalize-memref-to-llvm --convert-arith-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --convert-index-to-llvm --reconcile-unrealized-casts | mlir-translate --mlir-to-llvmir --split-input-file | FileCheck %s --check-prefix=LLVM

// Each top-level loop nest becomes a private function of its own, called in
// its place, in program order. Its arguments are the values it uses from
// above (the constant bounds are cloned in); it may not be inlined back.
// CHECK-LABEL: func.func @step
// CHECK:       %[[OUT:.*]] = memref.alloc
// CHECK-NEXT:  call @step_nest0(%arg0, %[[OUT]]) : (memref<16xf32>, memref<16xf32>) -> ()
// CHECK-NEXT:  %[[SUM:.*]] = call @step_nest1(%[[OUT]]) : (memref<16xf32>) -> f32
// CHECK-NEXT:  return %[[OUT]], %[[SUM]]
// CHECK:       func.func private @step_nest0(%{{.*}}: memref<16xf32>, %{{.*}}: memref<16xf32>) attributes {passthrough = ["noinline"]}
// CHECK:         arith.constant 16 : index
// CHECK:         scf.for
// CHECK:       func.func private @step_nest1(%{{.*}}: memref<16xf32>) -> f32 attributes {passthrough = ["noinline"]}
// CHECK:         %[[R:.*]] = scf.for
// CHECK:         return %[[R]] : f32
// LLVM: define {{.*}} @step(
// LLVM: define void @step_nest0({{.*}}) #[[ATTRS:[0-9]+]]
// LLVM: attributes #[[ATTRS]] = { noinline }
func.func @step(%x: memref<16xf32>) -> (memref<16xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %x[%i] : memref<16xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %out[%i] : memref<16xf32>
  }
  %sum = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %out[%i] : memref<16xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  return %out, %sum : memref<16xf32>, f32
}

// -----

// Two nests that are the same code (the same op of two layers, on buffers of
// the same type) share one function; a third that differs (another
// constant) gets its own.
// CHECK-LABEL: func.func @layers
// CHECK:       call @layers_nest0(%arg0, %[[A:.*]]) :
// CHECK-NEXT:  call @layers_nest0(%[[A]], %[[B:.*]]) :
// CHECK-NEXT:  call @layers_nest2(%[[B]], %{{.*}}) :
// CHECK:       func.func private @layers_nest0(
// CHECK-NOT:   func.func private @layers_nest1(
// CHECK:       func.func private @layers_nest2(
func.func @layers(%x: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %c = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %x[%i] : memref<16xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %a[%i] : memref<16xf32>
  }
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %a[%i] : memref<16xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %b[%i] : memref<16xf32>
  }
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %b[%i] : memref<16xf32>
    %w = arith.mulf %v, %three : f32
    memref.store %w, %c[%i] : memref<16xf32>
  }
  return %c : memref<16xf32>
}
