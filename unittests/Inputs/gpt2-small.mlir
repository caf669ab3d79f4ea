func.func @train_step(%x0: tensor<1x16x32xf32>, %l0_ln1_g: tensor<32xf32>, %l0_ln1_b: tensor<32xf32>, %l0_wq: tensor<32x32xf32>, %l0_wk: tensor<32x32xf32>, %l0_wv: tensor<32x32xf32>, %l0_wo: tensor<32x32xf32>, %l0_ln2_g: tensor<32xf32>, %l0_ln2_b: tensor<32xf32>, %l0_w1: tensor<32x128xf32>, %l0_w2: tensor<128x32xf32>, %l1_ln1_g: tensor<32xf32>, %l1_ln1_b: tensor<32xf32>, %l1_wq: tensor<32x32xf32>, %l1_wk: tensor<32x32xf32>, %l1_wv: tensor<32x32xf32>, %l1_wo: tensor<32x32xf32>, %l1_ln2_g: tensor<32xf32>, %l1_ln2_b: tensor<32xf32>, %l1_w1: tensor<32x128xf32>, %l1_w2: tensor<128x32xf32>, %lnf_g: tensor<32xf32>, %lnf_b: tensor<32xf32>, %wout: tensor<32x64xf32>, %labels: tensor<16xi32>) -> (tensor<f32>, tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x128xf32>, tensor<128x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x128xf32>, tensor<128x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>) {
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
    %ln30, %mean31, %rstd32 = nn.layernorm %add29, %l1_ln1_g, %l1_ln1_b {epsilon = 1.0e-05 : f32, remat.block = 1 : i64} : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>, tensor<1x16xf32>, tensor<1x16xf32>
    %mm33 = nn.matmul %ln30, %l1_wq {remat.block = 1 : i64} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %rs34 = nn.reshape %mm33 {remat.block = 1 : i64} : tensor<1x16x32xf32> -> tensor<1x16x2x16xf32>
    %tr35 = nn.transpose %rs34 {permutation = array<i64: 0, 2, 1, 3>, remat.block = 1 : i64} : tensor<1x16x2x16xf32> -> tensor<1x2x16x16xf32>
    %mm36 = nn.matmul %ln30, %l1_wk {remat.block = 1 : i64} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %rs37 = nn.reshape %mm36 {remat.block = 1 : i64} : tensor<1x16x32xf32> -> tensor<1x16x2x16xf32>
    %tr38 = nn.transpose %rs37 {permutation = array<i64: 0, 2, 1, 3>, remat.block = 1 : i64} : tensor<1x16x2x16xf32> -> tensor<1x2x16x16xf32>
    %mm39 = nn.matmul %ln30, %l1_wv {remat.block = 1 : i64} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %rs40 = nn.reshape %mm39 {remat.block = 1 : i64} : tensor<1x16x32xf32> -> tensor<1x16x2x16xf32>
    %tr41 = nn.transpose %rs40 {permutation = array<i64: 0, 2, 1, 3>, remat.block = 1 : i64} : tensor<1x16x2x16xf32> -> tensor<1x2x16x16xf32>
    %mm42 = nn.matmul %tr35, %tr38 {transpose_b, remat.block = 1 : i64} : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %sm43 = nn.softmax %mm42 {scale = 2.500000e-01 : f32, causal, remat.block = 1 : i64} : tensor<1x2x16x16xf32>
    %do44 = nn.dropout %sm43 {rate = 1.000000e-01 : f32, seed = 1001 : i64, remat.block = 1 : i64} : tensor<1x2x16x16xf32>
    %mm45 = nn.matmul %do44, %tr41 {remat.block = 1 : i64} : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %tr46 = nn.transpose %mm45 {permutation = array<i64: 0, 2, 1, 3>, remat.block = 1 : i64} : tensor<1x2x16x16xf32> -> tensor<1x16x2x16xf32>
    %rs47 = nn.reshape %tr46 {remat.block = 1 : i64} : tensor<1x16x2x16xf32> -> tensor<1x16x32xf32>
    %mm48 = nn.matmul %rs47, %l1_wo {remat.block = 1 : i64} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %do49 = nn.dropout %mm48 {rate = 1.000000e-01 : f32, seed = 1002 : i64, remat.block = 1 : i64} : tensor<1x16x32xf32>
    %add50 = nn.add %add29, %do49 {remat.block = 1 : i64} : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    %ln51, %mean52, %rstd53 = nn.layernorm %add50, %l1_ln2_g, %l1_ln2_b {epsilon = 1.0e-05 : f32, remat.block = 1 : i64} : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>, tensor<1x16xf32>, tensor<1x16xf32>
    %mm54 = nn.matmul %ln51, %l1_w1 {remat.block = 1 : i64} : tensor<1x16x32xf32>, tensor<32x128xf32> -> tensor<1x16x128xf32>
    %gelu55 = nn.gelu %mm54 {remat.block = 1 : i64} : tensor<1x16x128xf32>
    %mm56 = nn.matmul %gelu55, %l1_w2 {remat.block = 1 : i64} : tensor<1x16x128xf32>, tensor<128x32xf32> -> tensor<1x16x32xf32>
    %do57 = nn.dropout %mm56 {rate = 1.000000e-01 : f32, seed = 1003 : i64, remat.block = 1 : i64} : tensor<1x16x32xf32>
    %add58 = nn.add %add50, %do57 {remat.block = 1 : i64} : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    %ln59, %mean60, %rstd61 = nn.layernorm %add58, %lnf_g, %lnf_b {epsilon = 1.0e-05 : f32} : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>, tensor<1x16xf32>, tensor<1x16xf32>
    %rs62 = nn.reshape %ln59 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm63 = nn.matmul %rs62, %wout : tensor<16x32xf32>, tensor<32x64xf32> -> tensor<16x64xf32>
    %loss64 = nn.cross_entropy %mm63, %labels : tensor<16x64xf32>, tensor<16xi32> -> tensor<f32>
    %one65 = arith.constant dense<1.000000e+00> : tensor<f32>
    %dlogits66 = nn.cross_entropy_grad %mm63, %labels, %one65 : tensor<16x64xf32>, tensor<16xi32>, tensor<f32> -> tensor<16x64xf32>
    %mm67 = nn.matmul %rs62, %dlogits66 {transpose_a} : tensor<16x32xf32>, tensor<16x64xf32> -> tensor<32x64xf32>
    %mm68 = nn.matmul %dlogits66, %wout {transpose_b} : tensor<16x64xf32>, tensor<32x64xf32> -> tensor<16x32xf32>
    %rs69 = nn.reshape %mm68 : tensor<16x32xf32> -> tensor<1x16x32xf32>
    %dx70, %dg71, %db72 = nn.layernorm_grad %rs69, %add58, %lnf_g, %mean60, %rstd61 : tensor<1x16x32xf32>, tensor<1x16x32xf32>, tensor<32xf32>, tensor<1x16xf32>, tensor<1x16xf32> -> tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32>
    %do73 = nn.dropout %dx70 {rate = 1.000000e-01 : f32, seed = 1003 : i64} : tensor<1x16x32xf32>
    %rs74 = nn.reshape %gelu55 : tensor<1x16x128xf32> -> tensor<16x128xf32>
    %rs75 = nn.reshape %do73 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm76 = nn.matmul %rs74, %rs75 {transpose_a} : tensor<16x128xf32>, tensor<16x32xf32> -> tensor<128x32xf32>
    %mm77 = nn.matmul %do73, %l1_w2 {transpose_b} : tensor<1x16x32xf32>, tensor<128x32xf32> -> tensor<1x16x128xf32>
    %dh78 = nn.gelu_grad %mm77, %mm54 : tensor<1x16x128xf32>
    %rs79 = nn.reshape %ln51 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs80 = nn.reshape %dh78 : tensor<1x16x128xf32> -> tensor<16x128xf32>
    %mm81 = nn.matmul %rs79, %rs80 {transpose_a} : tensor<16x32xf32>, tensor<16x128xf32> -> tensor<32x128xf32>
    %mm82 = nn.matmul %dh78, %l1_w1 {transpose_b} : tensor<1x16x128xf32>, tensor<32x128xf32> -> tensor<1x16x32xf32>
    %dx83, %dg84, %db85 = nn.layernorm_grad %mm82, %add50, %l1_ln2_g, %mean52, %rstd53 : tensor<1x16x32xf32>, tensor<1x16x32xf32>, tensor<32xf32>, tensor<1x16xf32>, tensor<1x16xf32> -> tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32>
    %add86 = nn.add %dx70, %dx83 : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    %do87 = nn.dropout %add86 {rate = 1.000000e-01 : f32, seed = 1002 : i64} : tensor<1x16x32xf32>
    %rs88 = nn.reshape %rs47 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs89 = nn.reshape %do87 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm90 = nn.matmul %rs88, %rs89 {transpose_a} : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
    %mm91 = nn.matmul %do87, %l1_wo {transpose_b} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %rs92 = nn.reshape %mm91 : tensor<1x16x32xf32> -> tensor<1x16x2x16xf32>
    %tr93 = nn.transpose %rs92 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x16x2x16xf32> -> tensor<1x2x16x16xf32>
    %mm94 = nn.matmul %tr93, %tr41 {transpose_b} : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %mm95 = nn.matmul %do44, %tr93 {transpose_a} : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %do96 = nn.dropout %mm94 {rate = 1.000000e-01 : f32, seed = 1001 : i64} : tensor<1x2x16x16xf32>
    %dsm97 = nn.softmax_grad %do96, %sm43 {scale = 2.500000e-01 : f32} : tensor<1x2x16x16xf32>
    %mm98 = nn.matmul %dsm97, %tr38 : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %mm99 = nn.matmul %dsm97, %tr35 {transpose_a} : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %tr100 = nn.transpose %mm98 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x2x16x16xf32> -> tensor<1x16x2x16xf32>
    %rs101 = nn.reshape %tr100 : tensor<1x16x2x16xf32> -> tensor<1x16x32xf32>
    %rs102 = nn.reshape %ln30 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs103 = nn.reshape %rs101 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm104 = nn.matmul %rs102, %rs103 {transpose_a} : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
    %mm105 = nn.matmul %rs101, %l1_wq {transpose_b} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %tr106 = nn.transpose %mm99 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x2x16x16xf32> -> tensor<1x16x2x16xf32>
    %rs107 = nn.reshape %tr106 : tensor<1x16x2x16xf32> -> tensor<1x16x32xf32>
    %rs108 = nn.reshape %ln30 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs109 = nn.reshape %rs107 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm110 = nn.matmul %rs108, %rs109 {transpose_a} : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
    %mm111 = nn.matmul %rs107, %l1_wk {transpose_b} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %add112 = nn.add %mm105, %mm111 : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    %tr113 = nn.transpose %mm95 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x2x16x16xf32> -> tensor<1x16x2x16xf32>
    %rs114 = nn.reshape %tr113 : tensor<1x16x2x16xf32> -> tensor<1x16x32xf32>
    %rs115 = nn.reshape %ln30 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs116 = nn.reshape %rs114 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm117 = nn.matmul %rs115, %rs116 {transpose_a} : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
    %mm118 = nn.matmul %rs114, %l1_wv {transpose_b} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %add119 = nn.add %add112, %mm118 : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    %dx120, %dg121, %db122 = nn.layernorm_grad %add119, %add29, %l1_ln1_g, %mean31, %rstd32 : tensor<1x16x32xf32>, tensor<1x16x32xf32>, tensor<32xf32>, tensor<1x16xf32>, tensor<1x16xf32> -> tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32>
    %add123 = nn.add %add86, %dx120 : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    %do124 = nn.dropout %add123 {rate = 1.000000e-01 : f32, seed = 3 : i64} : tensor<1x16x32xf32>
    %rs125 = nn.reshape %gelu26 : tensor<1x16x128xf32> -> tensor<16x128xf32>
    %rs126 = nn.reshape %do124 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm127 = nn.matmul %rs125, %rs126 {transpose_a} : tensor<16x128xf32>, tensor<16x32xf32> -> tensor<128x32xf32>
    %mm128 = nn.matmul %do124, %l0_w2 {transpose_b} : tensor<1x16x32xf32>, tensor<128x32xf32> -> tensor<1x16x128xf32>
    %dh129 = nn.gelu_grad %mm128, %mm25 : tensor<1x16x128xf32>
    %rs130 = nn.reshape %ln22 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs131 = nn.reshape %dh129 : tensor<1x16x128xf32> -> tensor<16x128xf32>
    %mm132 = nn.matmul %rs130, %rs131 {transpose_a} : tensor<16x32xf32>, tensor<16x128xf32> -> tensor<32x128xf32>
    %mm133 = nn.matmul %dh129, %l0_w1 {transpose_b} : tensor<1x16x128xf32>, tensor<32x128xf32> -> tensor<1x16x32xf32>
    %dx134, %dg135, %db136 = nn.layernorm_grad %mm133, %add21, %l0_ln2_g, %mean23, %rstd24 : tensor<1x16x32xf32>, tensor<1x16x32xf32>, tensor<32xf32>, tensor<1x16xf32>, tensor<1x16xf32> -> tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32>
    %add137 = nn.add %add123, %dx134 : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    %do138 = nn.dropout %add137 {rate = 1.000000e-01 : f32, seed = 2 : i64} : tensor<1x16x32xf32>
    %rs139 = nn.reshape %rs18 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs140 = nn.reshape %do138 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm141 = nn.matmul %rs139, %rs140 {transpose_a} : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
    %mm142 = nn.matmul %do138, %l0_wo {transpose_b} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %rs143 = nn.reshape %mm142 : tensor<1x16x32xf32> -> tensor<1x16x2x16xf32>
    %tr144 = nn.transpose %rs143 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x16x2x16xf32> -> tensor<1x2x16x16xf32>
    %mm145 = nn.matmul %tr144, %tr12 {transpose_b} : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %mm146 = nn.matmul %do15, %tr144 {transpose_a} : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %do147 = nn.dropout %mm145 {rate = 1.000000e-01 : f32, seed = 1 : i64} : tensor<1x2x16x16xf32>
    %dsm148 = nn.softmax_grad %do147, %sm14 {scale = 2.500000e-01 : f32} : tensor<1x2x16x16xf32>
    %mm149 = nn.matmul %dsm148, %tr9 : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %mm150 = nn.matmul %dsm148, %tr6 {transpose_a} : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
    %tr151 = nn.transpose %mm149 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x2x16x16xf32> -> tensor<1x16x2x16xf32>
    %rs152 = nn.reshape %tr151 : tensor<1x16x2x16xf32> -> tensor<1x16x32xf32>
    %rs153 = nn.reshape %ln1 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs154 = nn.reshape %rs152 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm155 = nn.matmul %rs153, %rs154 {transpose_a} : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
    %mm156 = nn.matmul %rs152, %l0_wq {transpose_b} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %tr157 = nn.transpose %mm150 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x2x16x16xf32> -> tensor<1x16x2x16xf32>
    %rs158 = nn.reshape %tr157 : tensor<1x16x2x16xf32> -> tensor<1x16x32xf32>
    %rs159 = nn.reshape %ln1 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs160 = nn.reshape %rs158 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm161 = nn.matmul %rs159, %rs160 {transpose_a} : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
    %mm162 = nn.matmul %rs158, %l0_wk {transpose_b} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %add163 = nn.add %mm156, %mm162 : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    %tr164 = nn.transpose %mm146 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x2x16x16xf32> -> tensor<1x16x2x16xf32>
    %rs165 = nn.reshape %tr164 : tensor<1x16x2x16xf32> -> tensor<1x16x32xf32>
    %rs166 = nn.reshape %ln1 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %rs167 = nn.reshape %rs165 : tensor<1x16x32xf32> -> tensor<16x32xf32>
    %mm168 = nn.matmul %rs166, %rs167 {transpose_a} : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
    %mm169 = nn.matmul %rs165, %l0_wv {transpose_b} : tensor<1x16x32xf32>, tensor<32x32xf32> -> tensor<1x16x32xf32>
    %add170 = nn.add %add163, %mm169 : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    %dx171, %dg172, %db173 = nn.layernorm_grad %add170, %x0, %l0_ln1_g, %mean2, %rstd3 : tensor<1x16x32xf32>, tensor<1x16x32xf32>, tensor<32xf32>, tensor<1x16xf32>, tensor<1x16xf32> -> tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32>
    %add174 = nn.add %add137, %dx171 : tensor<1x16x32xf32>, tensor<1x16x32xf32> -> tensor<1x16x32xf32>
    return %loss64, %add174, %dg172, %db173, %mm155, %mm161, %mm168, %mm141, %dg135, %db136, %mm132, %mm127, %dg121, %db122, %mm104, %mm110, %mm117, %mm90, %dg84, %db85, %mm81, %mm76, %dg71, %db72, %mm67 : tensor<f32>, tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x128xf32>, tensor<128x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x128xf32>, tensor<128x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>
}
