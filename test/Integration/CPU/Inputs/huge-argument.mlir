// A 16 GiB argument: the executable needs that much host memory for its
// input, and says so when it cannot have it (found by the fuzzer: it used to
// abort on an uncaught std::bad_alloc).
func.func @huge_argument(%a: tensor<4294967296xf32>) -> tensor<4294967296xf32> {
  return %a : tensor<4294967296xf32>
}
