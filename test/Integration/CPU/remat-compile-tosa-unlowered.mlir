// RUN: not remat-compile %s -o %t 2>&1 | FileCheck %s

// TOSA lowers as tosa-to-linalg does; an op it has no lowering for is named
// at its location, and nothing else is reported.
func.func @t(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = tosa.abs %x : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: remat-compile-tosa-unlowered.mlir:[[@LINE+1]]:8: error: failed to legalize operation 'tosa.custom'
  %z = tosa.custom %y {operator_name = "foo", domain_name = "bar", implementation_attrs = ""} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NOT: error
  return %z : tensor<4xf32>
}
