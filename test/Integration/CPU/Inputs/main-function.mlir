// A function named @main would clash with the executable's own main.
func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = nn.relu %a : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
