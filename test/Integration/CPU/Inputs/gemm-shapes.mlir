// Matrix products of odd and aligned shapes for the GPU-mapping emulation
// test. Odd shapes (every run read element by element): a batch against a
// broadcast B (70x45 by 45x33), 4-D bf16 (19x37 by 37x66 in 2x5 batches),
// and a transposed A (the weight gradient of the first). Aligned shapes (16-
// byte vector runs): f32 with K and N multiples of 4 (3x40x96 by 96x84), bf16
// against a transposed B (4x48x64 by 72x64^T: both runs along k, B's stored
// as vectors too), f16 (40x32 by 32x24: B's runs along n) and a bf16 weight
// gradient (A transposed: runs along m).
func.func @step(%a: tensor<3x70x45xf32>, %b: tensor<45x33xf32>, %c: tensor<2x5x19x37xbf16>, %d: tensor<2x5x37x66xbf16>,
                %e: tensor<3x40x96xf32>, %f: tensor<96x84xf32>, %p: tensor<4x48x64xbf16>, %q: tensor<72x64xbf16>,
                %s: tensor<40x32xf16>, %t: tensor<32x24xf16>, %u: tensor<96x48xbf16>, %v: tensor<96x40xbf16>)
    -> (tensor<3x70x33xf32>, tensor<2x5x19x66xbf16>, tensor<45x33xf32>, tensor<3x40x84xf32>, tensor<4x48x72xbf16>,
        tensor<40x24xf16>, tensor<48x40xbf16>) {
  %y = nn.matmul %a, %b : tensor<3x70x45xf32>, tensor<45x33xf32> -> tensor<3x70x33xf32>
  %z = nn.matmul %c, %d : tensor<2x5x19x37xbf16>, tensor<2x5x37x66xbf16> -> tensor<2x5x19x66xbf16>
  %a2 = nn.reshape %a : tensor<3x70x45xf32> -> tensor<210x45xf32>
  %y2 = nn.reshape %y : tensor<3x70x33xf32> -> tensor<210x33xf32>
  %w = nn.matmul %a2, %y2 {transpose_a} : tensor<210x45xf32>, tensor<210x33xf32> -> tensor<45x33xf32>
  %ef = nn.matmul %e, %f : tensor<3x40x96xf32>, tensor<96x84xf32> -> tensor<3x40x84xf32>
  %pq = nn.matmul %p, %q {transpose_b} : tensor<4x48x64xbf16>, tensor<72x64xbf16> -> tensor<4x48x72xbf16>
  %st = nn.matmul %s, %t : tensor<40x32xf16>, tensor<32x24xf16> -> tensor<40x24xf16>
  %uv = nn.matmul %u, %v {transpose_a} : tensor<96x48xbf16>, tensor<96x40xbf16> -> tensor<48x40xbf16>
  return %y, %z, %w, %ef, %pq, %st, %uv : tensor<3x70x33xf32>, tensor<2x5x19x66xbf16>, tensor<45x33xf32>, tensor<3x40x84xf32>, tensor<4x48x72xbf16>, tensor<40x24xf16>, tensor<48x40xbf16>
}
