func.func @gpt1_s64(%x0: tensor<1x64x32xf32>, %l0_ln1_g: tensor<32xf32>, %l0_ln1_b: tensor<32xf32>, %l0_wq: tensor<32x32xf32>, %l0_wk: tensor<32x32xf32>, %l0_wv: tensor<32x32xf32>, %l0_wo: tensor<32x32xf32>, %l0_ln2_g: tensor<32xf32>, %l0_ln2_b: tensor<32xf32>, %l0_w1: tensor<32x128xf32>, %l0_w2: tensor<128x32xf32>, %lnf_g: tensor<32xf32>, %lnf_b: tensor<32xf32>, %wout: tensor<32x64xf32>, %labels: tensor<64xi32>) -> (tensor<f32>, tensor<1x64x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x128xf32>, tensor<128x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>) {
    %ln1, %mean2, %rstd3 = nn.layernorm %x0, %l0_ln1_g, %l0_ln1_b {epsilon = 1.0e-05 : f32, remat.block = 0 : i64} : tensor<1x64x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x64x32xf32>, tensor<1x64xf32>, tensor<1x64xf32>
    %mm4 = nn.matmul %ln1, %l0_wq {remat.block = 0 : i64} : tensor<1x64x32xf32>, tensor<32x32xf32> -> tensor<1x64x32xf32>
    %rs5 = nn.reshape %mm4 {remat.block = 0 : i64} : tensor<1x64x32xf32> -> tensor<1x64x2x16xf32>
    %tr6 = nn.transpose %rs5 {permutation = array<i64: 0, 2, 1, 3>, remat.block = 0 : i64} : tensor<1x64x2x16xf32> -> tensor<1x2x64x16xf32>
    %mm7 = nn.matmul %ln1, %l0_wk {remat.block = 0 : i64} : tensor<1x64x32xf32>, tensor<32x32xf32> -> tensor<1x64x32xf32>
    %rs8 = nn.reshape %mm7 {remat.block = 0 : i64} : tensor<1x64x32xf32> -> tensor<1x64x2x16xf32>
    %tr9 = nn.transpose %rs8 {permutation = array<i64: 0, 2, 1, 3>, remat.block = 0 : i64} : tensor<1x64x2x16xf32> -> tensor<1x2x64x16xf32>
    %mm10 = nn.matmul %ln1, %l0_wv {remat.block = 0 : i64} : tensor<1x64x32xf32>, tensor<32x32xf32> -> tensor<1x64x32xf32>
    %rs11 = nn.reshape %mm10 {remat.block = 0 : i64} : tensor<1x64x32xf32> -> tensor<1x64x2x16xf32>
    %tr12 = nn.transpose %rs11 {permutation = array<i64: 0, 2, 1, 3>, remat.block = 0 : i64} : tensor<1x64x2x16xf32> -> tensor<1x2x64x16xf32>
    %mm13 = nn.matmul %tr6, %tr9 {transpose_b, remat.block = 0 : i64} : tensor<1x2x64x16xf32>, tensor<1x2x64x16xf32> -> tensor<1x2x64x64xf32>
    %sm14 = nn.softmax %mm13 {scale = 2.500000e-01 : f32, causal, remat.block = 0 : i64} : tensor<1x2x64x64xf32>
    %do15 = nn.dropout %sm14 {rate = 1.000000e-01 : f32, seed = 1 : i64, remat.block = 0 : i64} : tensor<1x2x64x64xf32>
    %mm16 = nn.matmul %do15, %tr12 {remat.block = 0 : i64} : tensor<1x2x64x64xf32>, tensor<1x2x64x16xf32> -> tensor<1x2x64x16xf32>
    %tr17 = nn.transpose %mm16 {permutation = array<i64: 0, 2, 1, 3>, remat.block = 0 : i64} : tensor<1x2x64x16xf32> -> tensor<1x64x2x16xf32>
    %rs18 = nn.reshape %tr17 {remat.block = 0 : i64} : tensor<1x64x2x16xf32> -> tensor<1x64x32xf32>
    %mm19 = nn.matmul %rs18, %l0_wo {remat.block = 0 : i64} : tensor<1x64x32xf32>, tensor<32x32xf32> -> tensor<1x64x32xf32>
    %do20 = nn.dropout %mm19 {rate = 1.000000e-01 : f32, seed = 2 : i64, remat.block = 0 : i64} : tensor<1x64x32xf32>
    %add21 = nn.add %x0, %do20 {remat.block = 0 : i64} : tensor<1x64x32xf32>, tensor<1x64x32xf32> -> tensor<1x64x32xf32>
    %ln22, %mean23, %rstd24 = nn.layernorm %add21, %l0_ln2_g, %l0_ln2_b {epsilon = 1.0e-05 : f32, remat.block = 0 : i64} : tensor<1x64x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x64x32xf32>, tensor<1x64xf32>, tensor<1x64xf32>
    %mm25 = nn.matmul %ln22, %l0_w1 {remat.block = 0 : i64} : tensor<1x64x32xf32>, tensor<32x128xf32> -> tensor<1x64x128xf32>
    %gelu26 = nn.gelu %mm25 {remat.block = 0 : i64} : tensor<1x64x128xf32>
    %mm27 = nn.matmul %gelu26, %l0_w2 {remat.block = 0 : i64} : tensor<1x64x128xf32>, tensor<128x32xf32> -> tensor<1x64x32xf32>
    %do28 = nn.dropout %mm27 {rate = 1.000000e-01 : f32, seed = 3 : i64, remat.block = 0 : i64} : tensor<1x64x32xf32>
    %add29 = nn.add %add21, %do28 {remat.block = 0 : i64} : tensor<1x64x32xf32>, tensor<1x64x32xf32> -> tensor<1x64x32xf32>
    %ln30, %mean31, %rstd32 = nn.layernorm %add29, %lnf_g, %lnf_b {epsilon = 1.0e-05 : f32} : tensor<1x64x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x64x32xf32>, tensor<1x64xf32>, tensor<1x64xf32>
    %rs33 = nn.reshape %ln30 : tensor<1x64x32xf32> -> tensor<64x32xf32>
    %mm34 = nn.matmul %rs33, %wout : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    %loss35 = nn.cross_entropy %mm34, %labels : tensor<64x64xf32>, tensor<64xi32> -> tensor<f32>
    %one36 = arith.constant dense<1.000000e+00> : tensor<f32>
    %dlogits37 = nn.cross_entropy_grad %mm34, %labels, %one36 : tensor<64x64xf32>, tensor<64xi32>, tensor<f32> -> tensor<64x64xf32>
    %mm38 = nn.matmul %rs33, %dlogits37 {transpose_a} : tensor<64x32xf32>, tensor<64x64xf32> -> tensor<32x64xf32>
    %mm39 = nn.matmul %dlogits37, %wout {transpose_b} : tensor<64x64xf32>, tensor<32x64xf32> -> tensor<64x32xf32>
    %rs40 = nn.reshape %mm39 : tensor<64x32xf32> -> tensor<1x64x32xf32>
    %dx41, %dg42, %db43 = nn.layernorm_grad %rs40, %add29, %lnf_g, %mean31, %rstd32 : tensor<1x64x32xf32>, tensor<1x64x32xf32>, tensor<32xf32>, tensor<1x64xf32>, tensor<1x64xf32> -> tensor<1x64x32xf32>, tensor<32xf32>, tensor<32xf32>
    %do44 = nn.dropout %dx41 {rate = 1.000000e-01 : f32, seed = 3 : i64} : tensor<1x64x32xf32>
    %rs45 = nn.reshape %gelu26 : tensor<1x64x128xf32> -> tensor<64x128xf32>
    %rs46 = nn.reshape %do44 : tensor<1x64x32xf32> -> tensor<64x32xf32>
    %mm47 = nn.matmul %rs45, %rs46 {transpose_a} : tensor<64x128xf32>, tensor<64x32xf32> -> tensor<128x32xf32>
    %mm48 = nn.matmul %do44, %l0_w2 {transpose_b} : tensor<1x64x32xf32>, tensor<128x32xf32> -> tensor<1x64x128xf32>
    %dh49 = nn.gelu_grad %mm48, %mm25 : tensor<1x64x128xf32>
    %rs50 = nn.reshape %ln22 : tensor<1x64x32xf32> -> tensor<64x32xf32>
    %rs51 = nn.reshape %dh49 : tensor<1x64x128xf32> -> tensor<64x128xf32>
    %mm52 = nn.matmul %rs50, %rs51 {transpose_a} : tensor<64x32xf32>, tensor<64x128xf32> -> tensor<32x128xf32>
    %mm53 = nn.matmul %dh49, %l0_w1 {transpose_b} : tensor<1x64x128xf32>, tensor<32x128xf32> -> tensor<1x64x32xf32>
    %dx54, %dg55, %db56 = nn.layernorm_grad %mm53, %add21, %l0_ln2_g, %mean23, %rstd24 : tensor<1x64x32xf32>, tensor<1x64x32xf32>, tensor<32xf32>, tensor<1x64xf32>, tensor<1x64xf32> -> tensor<1x64x32xf32>, tensor<32xf32>, tensor<32xf32>
    %add57 = nn.add %dx41, %dx54 : tensor<1x64x32xf32>, tensor<1x64x32xf32> -> tensor<1x64x32xf32>
    %do58 = nn.dropout %add57 {rate = 1.000000e-01 : f32, seed = 2 : i64} : tensor<1x64x32xf32>
    %rs59 = nn.reshape %rs18 : tensor<1x64x32xf32> -> tensor<64x32xf32>
    %rs60 = nn.reshape %do58 : tensor<1x64x32xf32> -> tensor<64x32xf32>
    %mm61 = nn.matmul %rs59, %rs60 {transpose_a} : tensor<64x32xf32>, tensor<64x32xf32> -> tensor<32x32xf32>
    %mm62 = nn.matmul %do58, %l0_wo {transpose_b} : tensor<1x64x32xf32>, tensor<32x32xf32> -> tensor<1x64x32xf32>
    %rs63 = nn.reshape %mm62 : tensor<1x64x32xf32> -> tensor<1x64x2x16xf32>
    %tr64 = nn.transpose %rs63 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x64x2x16xf32> -> tensor<1x2x64x16xf32>
    %mm65 = nn.matmul %tr64, %tr12 {transpose_b} : tensor<1x2x64x16xf32>, tensor<1x2x64x16xf32> -> tensor<1x2x64x64xf32>
    %mm66 = nn.matmul %do15, %tr64 {transpose_a} : tensor<1x2x64x64xf32>, tensor<1x2x64x16xf32> -> tensor<1x2x64x16xf32>
    %do67 = nn.dropout %mm65 {rate = 1.000000e-01 : f32, seed = 1 : i64} : tensor<1x2x64x64xf32>
    %dsm68 = nn.softmax_grad %do67, %sm14 {scale = 2.500000e-01 : f32} : tensor<1x2x64x64xf32>
    %mm69 = nn.matmul %dsm68, %tr9 : tensor<1x2x64x64xf32>, tensor<1x2x64x16xf32> -> tensor<1x2x64x16xf32>
    %mm70 = nn.matmul %dsm68, %tr6 {transpose_a} : tensor<1x2x64x64xf32>, tensor<1x2x64x16xf32> -> tensor<1x2x64x16xf32>
    %tr71 = nn.transpose %mm69 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x2x64x16xf32> -> tensor<1x64x2x16xf32>
    %rs72 = nn.reshape %tr71 : tensor<1x64x2x16xf32> -> tensor<1x64x32xf32>
    %rs73 = nn.reshape %ln1 : tensor<1x64x32xf32> -> tensor<64x32xf32>
    %rs74 = nn.reshape %rs72 : tensor<1x64x32xf32> -> tensor<64x32xf32>
    %mm75 = nn.matmul %rs73, %rs74 {transpose_a} : tensor<64x32xf32>, tensor<64x32xf32> -> tensor<32x32xf32>
    %mm76 = nn.matmul %rs72, %l0_wq {transpose_b} : tensor<1x64x32xf32>, tensor<32x32xf32> -> tensor<1x64x32xf32>
    %tr77 = nn.transpose %mm70 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x2x64x16xf32> -> tensor<1x64x2x16xf32>
    %rs78 = nn.reshape %tr77 : tensor<1x64x2x16xf32> -> tensor<1x64x32xf32>
    %rs79 = nn.reshape %ln1 : tensor<1x64x32xf32> -> tensor<64x32xf32>
    %rs80 = nn.reshape %rs78 : tensor<1x64x32xf32> -> tensor<64x32xf32>
    %mm81 = nn.matmul %rs79, %rs80 {transpose_a} : tensor<64x32xf32>, tensor<64x32xf32> -> tensor<32x32xf32>
    %mm82 = nn.matmul %rs78, %l0_wk {transpose_b} : tensor<1x64x32xf32>, tensor<32x32xf32> -> tensor<1x64x32xf32>
    %add83 = nn.add %mm76, %mm82 : tensor<1x64x32xf32>, tensor<1x64x32xf32> -> tensor<1x64x32xf32>
    %tr84 = nn.transpose %mm66 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x2x64x16xf32> -> tensor<1x64x2x16xf32>
    %rs85 = nn.reshape %tr84 : tensor<1x64x2x16xf32> -> tensor<1x64x32xf32>
    %rs86 = nn.reshape %ln1 : tensor<1x64x32xf32> -> tensor<64x32xf32>
    %rs87 = nn.reshape %rs85 : tensor<1x64x32xf32> -> tensor<64x32xf32>
    %mm88 = nn.matmul %rs86, %rs87 {transpose_a} : tensor<64x32xf32>, tensor<64x32xf32> -> tensor<32x32xf32>
    %mm89 = nn.matmul %rs85, %l0_wv {transpose_b} : tensor<1x64x32xf32>, tensor<32x32xf32> -> tensor<1x64x32xf32>
    %add90 = nn.add %add83, %mm89 : tensor<1x64x32xf32>, tensor<1x64x32xf32> -> tensor<1x64x32xf32>
    %dx91, %dg92, %db93 = nn.layernorm_grad %add90, %x0, %l0_ln1_g, %mean2, %rstd3 : tensor<1x64x32xf32>, tensor<1x64x32xf32>, tensor<32xf32>, tensor<1x64xf32>, tensor<1x64xf32> -> tensor<1x64x32xf32>, tensor<32xf32>, tensor<32xf32>
    %add94 = nn.add %add57, %dx91 : tensor<1x64x32xf32>, tensor<1x64x32xf32> -> tensor<1x64x32xf32>
    return %loss35, %add94, %dg92, %db93, %mm75, %mm81, %mm88, %mm61, %dg55, %db56, %mm52, %mm47, %dg42, %db43, %mm38 : tensor<f32>, tensor<1x64x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x128xf32>, tensor<128x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>
}
func.func @gpt1_v2048(%x0: tensor<1x16x32xf32>, %l0_ln1_g: tensor<32xf32>, %l0_ln1_b: tensor<32xf32>, %l0_wq: tensor<32x32xf32>, %l0_wk: tensor<32x32xf32>, %l0_wv: tensor<32x32xf32>, %l0_wo: tensor<32x32xf32>, %l0_ln2_g: tensor<32xf32>, %l0_ln2_b: tensor<32xf32>, %l0_w1: tensor<32x128xf32>, %l0_w2: tensor<128x32xf32>, %lnf_g: tensor<32xf32>, %lnf_b: tensor<32xf32>, %wout: tensor<32x2048xf32>, %labels: tensor<16xi32>) -> (tensor<f32>, tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x128xf32>, tensor<128x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x2048xf32>) {
    %ln1, %mean2, %rstd3 = nn.layernorm %x0, %l0_ln1_g, %l0_ln1_b {epsilon = 1.0e-05 : f32, remat.block = 0 : i64} : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>, tensor<1x16xf32>, tensor<1x16xf32>
    %mm4 = nn.matmul %ln1, %l0_wq {remat.block = 0 : i64} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %rs5 = nn.reshape %mm4 {remat.block = 0 : i64} : tensor<1x16x32xf32> -> tensor<1x16x2x16xf32>
    %tr6 = nn.transpose %rs5 {permutation = array<i64: 0, 2, 1, 3>, remat.block = 0 : i64} : tensor<1x16x2x16xf32> -> tensor<1x2x16x16xf32>
    %mm7 = nn.matmul %ln1, %l0_wk {remat.block = 0 : i64} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %rs8 = nn.reshape %mm7 {remat.block = 0 : i64} : tensor<1x16x32xf32> -> tensor<1x16x2x16xf32>
    %tr9 = nn.transpose %rs8 {permutation = array<i64: 0, 2, 1, 3>, remat.block = 0 : i64} : tensor<1x16x2x16xf32> -> tensor<1x2x16x16xf32>
    %mm10 = nn.matmul %ln1, %l0_wv {remat.block = 0 : i64} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %rs11 = nn.reshape %mm10 {remat.block = 0 : i64} : tensor<1x16x32xf32> -> tensor<1x16x2x16xf32>
    %tr12 = nn.transpose %rs11 {permutation = array<i64: 0, 2, 1, 3>, remat.block = 0 : i64} : tensor<1x16x2x16xf32> -> tensor<1x2x16x16xf32>
    %mm13 = nn.matmul %tr6, %tr9 {transpose_b, remat.block = 0 : i64} : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %sm14 = nn.softmax %mm13 {scale = 2.500000e-01 : f32, causal, remat.block = 0 : i64} : tensor<1x2x16x16xf32>
    %do15 = nn.dropout %sm14 {rate = 1.000000e-01 : f32, seed = 1 : i64, remat.block = 0 : i64} : tensor<1x2x16x16xf32>
    %mm16 = nn.matmul %do15, %tr12 {remat.block = 0 : i64} : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %tr17 = nn.transpose %mm16 {permutation = array<i64: 0, 2, 1, 3>, remat.block = 0 : i64} : tensor<1x2x16x16xf32> -> tensor<1x16x2x16xf32>
    %rs18 = nn.reshape %tr17 {remat.block = 0 : i64} : tensor<1x16x2x16xf32> -> tensor<1x16x32xf32>
    %mm19 = nn.matmul %rs18, %l0_wo {remat.block = 0 : i64} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %do20 = nn.dropout %mm19 {rate = 1.000000e-01 : f32, seed = 2 : i64, remat.block = 0 : i64} : tensor<1x16x32xf32>
    %add21 = nn.add %x0, %do20 {remat.block = 0 : i64} : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    %ln22, %mean23, %rstd24 = nn.layernorm %add21, %l0_ln2_g, %l0_ln2_b {epsilon = 1.0e-05 : f32, remat.block = 0 : i64} : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>, tensor<1x16xf32>, tensor<1x16xf32>
    %mm25 = nn.matmul %ln22, %l0_w1 {remat.block = 0 : i64} : tensor<1x16x32xf32>, tensor<32x128xf32> -> tensor<1x16x128xf32>
    %gelu26 = nn.gelu %mm25 {remat.block = 0 : i64} : tensor<1x16x128xf32>
    %mm27 = nn.matmul %gelu26, %l0_w2 {remat.block = 0 : i64} : tensor<1x16x128xf32>, tensor<128x32xf32> -> tensor<1x16x32xf32>
    %do28 = nn.dropout %mm27 {rate = 1.000000e-01 : f32, seed = 3 : i64, remat.block = 0 : i64} : tensor<1x16x32xf32>
    %add29 = nn.add %add21, %do28 {remat.block = 0 : i64} : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    %ln30, %mean31, %rstd32 = nn.layernorm %add29, %lnf_g, %lnf_b {epsilon = 1.0e-05 : f32} : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>, tensor<1x16xf32>, tensor<1x16xf32>
    %rs33 = nn.reshape %ln30 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm34 = nn.matmul %rs33, %wout : tensor<16x32xf32>, tensor<32x2048xf32> -> tensor<16x2048xf32>
    %loss35 = nn.cross_entropy %mm34, %labels : tensor<16x2048xf32>, tensor<16xi32> -> tensor<f32>
    %one36 = arith.constant dense<1.000000e+00> : tensor<f32>
    %dlogits37 = nn.cross_entropy_grad %mm34, %labels, %one36 : tensor<16x2048xf32>, tensor<16xi32>, tensor<f32> -> tensor<16x2048xf32>
    %mm38 = nn.matmul %rs33, %dlogits37 {transpose_a} : tensor<16x32xf32>, tensor<16x2048xf32> -> tensor<32x2048xf32>
    %mm39 = nn.matmul %dlogits37, %wout {transpose_b} : tensor<16x2048xf32>, tensor<32x2048xf32> -> tensor<16x32xf32>
    %rs40 = nn.reshape %mm39 : tensor<16x32xf32> -> tensor<1x16x32xf32>
    %dx41, %dg42, %db43 = nn.layernorm_grad %rs40, %add29, %lnf_g, %mean31, %rstd32 : tensor<1x16x32xf32>, tensor<1x16x32xf32>, tensor<32xf32>, tensor<1x16xf32>, tensor<1x16xf32> -> tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32>
    %do44 = nn.dropout %dx41 {rate = 1.000000e-01 : f32, seed = 3 : i64} : tensor<1x16x32xf32>
    %rs45 = nn.reshape %gelu26 : tensor<1x16x128xf32> -> tensor<16x128xf32>
    %rs46 = nn.reshape %do44 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm47 = nn.matmul %rs45, %rs46 {transpose_a} : tensor<16x128xf32>, tensor<16x32xf32> -> tensor<128x32xf32>
    %mm48 = nn.matmul %do44, %l0_w2 {transpose_b} : tensor<1x16x32xf32>, tensor<128x32xf32> -> tensor<1x16x128xf32>
    %dh49 = nn.gelu_grad %mm48, %mm25 : tensor<1x16x128xf32>
    %rs50 = nn.reshape %ln22 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs51 = nn.reshape %dh49 : tensor<1x16x128xf32> -> tensor<16x128xf32>
    %mm52 = nn.matmul %rs50, %rs51 {transpose_a} : tensor<16x32xf32>, tensor<16x128xf32> -> tensor<32x128xf32>
    %mm53 = nn.matmul %dh49, %l0_w1 {transpose_b} : tensor<1x16x128xf32>, tensor<32x128xf32> -> tensor<1x16x32xf32>
    %dx54, %dg55, %db56 = nn.layernorm_grad %mm53, %add21, %l0_ln2_g, %mean23, %rstd24 : tensor<1x16x32xf32>, tensor<1x16x32xf32>, tensor<32xf32>, tensor<1x16xf32>, tensor<1x16xf32> -> tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32>
    %add57 = nn.add %dx41, %dx54 : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    %do58 = nn.dropout %add57 {rate = 1.000000e-01 : f32, seed = 2 : i64} : tensor<1x16x32xf32>
    %rs59 = nn.reshape %rs18 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs60 = nn.reshape %do58 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm61 = nn.matmul %rs59, %rs60 {transpose_a} : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
    %mm62 = nn.matmul %do58, %l0_wo {transpose_b} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %rs63 = nn.reshape %mm62 : tensor<1x16x32xf32> -> tensor<1x16x2x16xf32>
    %tr64 = nn.transpose %rs63 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x16x2x16xf32> -> tensor<1x2x16x16xf32>
    %mm65 = nn.matmul %tr64, %tr12 {transpose_b} : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %mm66 = nn.matmul %do15, %tr64 {transpose_a} : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %do67 = nn.dropout %mm65 {rate = 1.000000e-01 : f32, seed = 1 : i64} : tensor<1x2x16x16xf32>
    %dsm68 = nn.softmax_grad %do67, %sm14 {scale = 2.500000e-01 : f32} : tensor<1x2x16x16xf32>
    %mm69 = nn.matmul %dsm68, %tr9 : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %mm70 = nn.matmul %dsm68, %tr6 {transpose_a} : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %tr71 = nn.transpose %mm69 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x2x16x16xf32> -> tensor<1x16x2x16xf32>
    %rs72 = nn.reshape %tr71 : tensor<1x16x2x16xf32> -> tensor<1x16x32xf32>
    %rs73 = nn.reshape %ln1 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs74 = nn.reshape %rs72 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm75 = nn.matmul %rs73, %rs74 {transpose_a} : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
    %mm76 = nn.matmul %rs72, %l0_wq {transpose_b} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %tr77 = nn.transpose %mm70 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x2x16x16xf32> -> tensor<1x16x2x16xf32>
    %rs78 = nn.reshape %tr77 : tensor<1x16x2x16xf32> -> tensor<1x16x32xf32>
    %rs79 = nn.reshape %ln1 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs80 = nn.reshape %rs78 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm81 = nn.matmul %rs79, %rs80 {transpose_a} : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
    %mm82 = nn.matmul %rs78, %l0_wk {transpose_b} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %add83 = nn.add %mm76, %mm82 : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    %tr84 = nn.transpose %mm66 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x2x16x16xf32> -> tensor<1x16x2x16xf32>
    %rs85 = nn.reshape %tr84 : tensor<1x16x2x16xf32> -> tensor<1x16x32xf32>
    %rs86 = nn.reshape %ln1 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs87 = nn.reshape %rs85 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm88 = nn.matmul %rs86, %rs87 {transpose_a} : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
    %mm89 = nn.matmul %rs85, %l0_wv {transpose_b} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %add90 = nn.add %add83, %mm89 : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    %dx91, %dg92, %db93 = nn.layernorm_grad %add90, %x0, %l0_ln1_g, %mean2, %rstd3 : tensor<1x16x32xf32>, tensor<1x16x32xf32>, tensor<32xf32>, tensor<1x16xf32>, tensor<1x16xf32> -> tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32>
    %add94 = nn.add %add57, %dx91 : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    return %loss35, %add94, %dg92, %db93, %mm75, %mm81, %mm88, %mm61, %dg55, %db56, %mm52, %mm47, %dg42, %db43, %mm38 : tensor<f32>, tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x128xf32>, tensor<128x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x2048xf32>
}
