// RUN: remat-opt %s -split-input-file --remat-free-after-last-use | FileCheck %s

// Each buffer is freed right after the last op that uses it or a view of it,
// not at the end of the block; returned buffers are not freed.
// CHECK-LABEL: func.func @chain
func.func @chain(%arg0: memref<4x8xf32>) -> memref<8x4xf32> {
  // CHECK: %[[A:.*]] = memref.alloc() : memref<4x8xf32>
  %a = memref.alloc() : memref<4x8xf32>
  // CHECK-NEXT: linalg.copy ins(%arg0 : memref<4x8xf32>) outs(%[[A]] : memref<4x8xf32>)
  linalg.copy ins(%arg0 : memref<4x8xf32>) outs(%a : memref<4x8xf32>)
  // CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<4x8xf32>
  %b = memref.alloc() : memref<4x8xf32>
  // CHECK-NEXT: linalg.copy ins(%[[A]] : memref<4x8xf32>) outs(%[[B]] : memref<4x8xf32>)
  linalg.copy ins(%a : memref<4x8xf32>) outs(%b : memref<4x8xf32>)
  // CHECK-NEXT: memref.dealloc %[[A]]
  // CHECK-NEXT: %[[V:.*]] = memref.collapse_shape %[[B]]
  %v = memref.collapse_shape %b [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  // CHECK-NEXT: %[[W:.*]] = memref.expand_shape %[[V]]
  %w = memref.expand_shape %v [[0, 1]] output_shape [8, 4] : memref<32xf32> into memref<8x4xf32>
  // CHECK-NEXT: %[[C:.*]] = memref.alloc() : memref<8x4xf32>
  %c = memref.alloc() : memref<8x4xf32>
  // The view %w is the last use of %b's buffer.
  // CHECK-NEXT: linalg.copy ins(%[[W]] : memref<8x4xf32>) outs(%[[C]] : memref<8x4xf32>)
  linalg.copy ins(%w : memref<8x4xf32>) outs(%c : memref<8x4xf32>)
  // CHECK-NEXT: memref.dealloc %[[B]]
  // CHECK-NEXT: return %[[C]]
  // CHECK-NOT: memref.dealloc
  return %c : memref<8x4xf32>
}

// -----

// A buffer whose view is returned escapes and is not freed.
// CHECK-LABEL: func.func @escaping_view
func.func @escaping_view() -> memref<32xf32> {
  %a = memref.alloc() : memref<4x8xf32>
  %v = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  // CHECK-NOT: memref.dealloc
  return %v : memref<32xf32>
}
