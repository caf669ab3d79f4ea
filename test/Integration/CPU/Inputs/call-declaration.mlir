// The entry calls a function without a body: nothing would define it at
// link time.
func.func private @ext(tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @f(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = func.call @ext(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
