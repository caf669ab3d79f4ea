// REQUIRES: cuda-toolkit, cuobjdump
// RUN: rm -rf %t && mkdir -p %t
// RUN: remat-compile %s --target=cuda --gemm=cublas -o %t/lib
// RUN: remat-compile %s --target=cuda --gemm=cublas --emit=cubin -o %t/lib.cubin
// RUN: %sass_summary %t/lib.cubin --kernels %t/lib.kernels.json | FileCheck %s --check-prefix=LIB
// RUN: remat-compile %s --target=cuda --gemm=generated -o %t/gen
// RUN: remat-compile %s --target=cuda --gemm=generated --emit=cubin -o %t/gen.cubin
// RUN: %sass_summary %t/gen.cubin --kernels %t/gen.kernels.json | FileCheck %s --check-prefix=GEN
// RUN: remat-compile %s --target=cuda -o %t/auto
// RUN: remat-compile %s --target=cuda --emit=cubin -o %t/auto.cubin
// RUN: %sass_summary %t/auto.cubin --kernels %t/auto.kernels.json | FileCheck %s --check-prefix=AUTO
// RUN: remat-compile %s --target=cuda --emit=ptx -o %t/auto.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t/auto.ptx
// RUN: not remat-compile %s --target=cpu --emit=cubin -o %t/x 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not remat-compile %s --target=cuda --gemm=blas -o %t/x 2>&1 | FileCheck %s --check-prefix=BADGEMM

// Where cuBLASLt runs the matrix products, the step's SASS has no GEMM
// kernel: the table's three products (forward, the weight gradient, a
// transposed one, and a bf16 one) are library calls, the bf16 one writing
// its bf16 result itself (no f32 accumulator buffer, no rounding kernel:
// remat-gemm-to-library-calls fuses nn.matmul's rounding epilogue into the
// call). --gemm=generated has GEMM kernels and no library
// call, tiled through shared memory (LDS/STS), the f32 products with FFMA,
// the bf16 product on tensor cores (HMMA), the aligned inputs read as
// 128-bit loads (LDG.128);
// --gemm=auto has both: the generated ones belong to the fallback entry
// the executable runs where no libcublasLt is found.

// LIB: class {{.*}}lib calls
// LIB: elementwise
// LIB-NOT: fallback
// LIB: gemm 0 3 0 0 0 0 0 0
// LIB-NOT: gemm

// GEN: gemm {{[1-9][0-9]* 0 [1-9][0-9]* 0 [1-9][0-9]* [1-9][0-9]* [1-9][0-9]* [0-9]+ [0-9]+ [0-9]+ [1-9][0-9]*$}}

// AUTO: fallback {{[1-9][0-9]*}} 0
// AUTO: gemm 0 3 0 0 0 0 0 0

// PTX: .target sm_90
// PTX: .entry step_kernel

// BAD: remat-compile: unknown --emit=cubin for --target=cpu; expected exe, mlir, llvm or driver
// BADGEMM: remat-compile: unknown --gemm=blas for --target=cuda; expected cublas, generated or auto

func.func @step(%x: tensor<64x32xf32>, %w: tensor<32x16xf32>, %g: tensor<64x16xf32>, %h: tensor<64x32xbf16>, %v: tensor<48x32xbf16>) -> (tensor<64x16xf32>, tensor<32x16xf32>, tensor<64x48xbf16>) {
  %y = nn.matmul %x, %w : tensor<64x32xf32>, tensor<32x16xf32> -> tensor<64x16xf32>
  %r = nn.relu %y : tensor<64x16xf32>
  %t = nn.matmul %x, %g {transpose_a} : tensor<64x32xf32>, tensor<64x16xf32> -> tensor<32x16xf32>
  %s = nn.softmax %t : tensor<32x16xf32>
  %hv = nn.matmul %h, %v {transpose_b} : tensor<64x32xbf16>, tensor<48x32xbf16> -> tensor<64x48xbf16>
  return %r, %s, %hv : tensor<64x16xf32>, tensor<32x16xf32>, tensor<64x48xbf16>
}
