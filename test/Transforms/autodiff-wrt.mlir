// RUN: not remat-opt %s --nn-autodiff=wrt=7 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not remat-opt %s --nn-autodiff=wrt=0,0 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not remat-opt %s --nn-autodiff=wrt=2 2>&1 | FileCheck %s --check-prefix=LABELS
// RUN: not remat-opt %s --nn-autodiff=wrt=3 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: remat-opt %s --nn-autodiff=wrt=1,0 | FileCheck %s

// The wrt option: gradients come in the order wrt lists the arguments (as
// torch.autograd.grad returns them), and errors for what has no gradient.
// RANGE: error: wrt: argument 7 does not exist; the function has 4 arguments
// TWICE: error: wrt: argument 0 is listed twice
// LABELS: error: wrt: argument 2 has type 'tensor<8xi32>', which has no gradient; expected a statically shaped tensor of floating-point elements
// DYNAMIC: error: wrt: argument 3 has type 'tensor<?xf32>', which has no gradient; expected a statically shaped tensor of floating-point elements
// CHECK-LABEL: func.func @f
// CHECK-SAME:  -> (tensor<f32>, tensor<4x4xf32>, tensor<8x4xf32>)
func.func @f(%x: tensor<8x4xf32>, %w: tensor<4x4xf32>, %labels: tensor<8xi32>, %d: tensor<?xf32>) -> tensor<f32> {
  %y = nn.matmul %x, %w : tensor<8x4xf32>, tensor<4x4xf32> -> tensor<8x4xf32>
  %l = nn.cross_entropy %y, %labels : tensor<8x4xf32>, tensor<8xi32> -> tensor<f32>
  return %l : tensor<f32>
}
