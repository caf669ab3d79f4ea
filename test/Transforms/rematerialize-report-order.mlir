// RUN: remat-opt %s --rematerialize="policy=auto budget=1GiB report=-" -o /dev/null | FileCheck %s
// RUN: remat-opt %s --rematerialize="policy=none report=%t.json" -o /dev/null && FileCheck %s --check-prefix=FILE < %t.json

// Functions of one module are rematerialized in parallel; their reports
// still come out in function-name order, one line each on standard output
// (once every function is done), as an array in a file.
// CHECK: "function":"a_first"
// CHECK-NEXT: "function":"b_second"
// CHECK-NEXT: "function":"c_third"
// FILE: "function": "a_first"
// FILE: "function": "b_second"
// FILE: "function": "c_third"

func.func @c_third(%x: tensor<64x64xf32>, %t: tensor<64x64xf32>) -> (tensor<f32>, tensor<64x64xf32>) {
  %a = nn.gelu %x : tensor<64x64xf32>
  %l = nn.mse_loss %a, %t : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %da = nn.mse_loss_grad %a, %t, %one : tensor<64x64xf32>, tensor<64x64xf32>, tensor<f32> -> tensor<64x64xf32>
  %dx = nn.gelu_grad %da, %x : tensor<64x64xf32>
  return %l, %dx : tensor<f32>, tensor<64x64xf32>
}
func.func @a_first(%x: tensor<64x64xf32>, %t: tensor<64x64xf32>) -> (tensor<f32>, tensor<64x64xf32>) {
  %a = nn.relu %x : tensor<64x64xf32>
  %l = nn.mse_loss %a, %t : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %da = nn.mse_loss_grad %a, %t, %one : tensor<64x64xf32>, tensor<64x64xf32>, tensor<f32> -> tensor<64x64xf32>
  %dx = nn.relu_grad %da, %x : tensor<64x64xf32>
  return %l, %dx : tensor<f32>, tensor<64x64xf32>
}
func.func private @declared(tensor<4xf32>) -> tensor<4xf32>
func.func @b_second(%x: tensor<64x64xf32>, %t: tensor<64x64xf32>) -> (tensor<f32>, tensor<64x64xf32>) {
  %a = nn.scale %x {factor = 2.000000e+00 : f32} : tensor<64x64xf32>
  %l = nn.mse_loss %a, %t : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %da = nn.mse_loss_grad %a, %t, %one : tensor<64x64xf32>, tensor<64x64xf32>, tensor<f32> -> tensor<64x64xf32>
  return %l, %da : tensor<f32>, tensor<64x64xf32>
}
