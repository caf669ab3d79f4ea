// RUN: not remat-compile %s --entry=missing -o %t 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not remat-compile %s --entry=dynamic -o %t 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: not remat-compile %s --entry=ok --target=tpu -o %t 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not remat-compile %s --entry=ok --gemm=mkl -o %t 2>&1 | FileCheck %s --check-prefix=GEMM
// RUN: not remat-compile %s --entry=ok --math=fast -o %t 2>&1 | FileCheck %s --check-prefix=MATH
// RUN: not remat-compile %s --entry=ok --policy=full -o %t 2>&1 | FileCheck %s --check-prefix=POLICY
// RUN: not remat-compile %s --entry=ok --budget=1GiB -o %t 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: not remat-compile %s --entry=ok --autodiff -o %t 2>&1 | FileCheck %s --check-prefix=AUTODIFF
// RUN: not remat-compile %s --entry=ok --cost-profile=%t.none -o %t 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: not remat-compile %s --entry=ok --target=cuda --profile-ops -o %t 2>&1 | FileCheck %s --check-prefix=PROFILEOPS
// RUN: not remat-compile %s --entry=ok --policy=auto --budget=1 -o %t 2>&1 | FileCheck %s --check-prefix=AUTO

// Failing early, at the op, and leaving no temporaries behind (TMPDIR is
// checked empty after every failure).
// RUN: rm -rf %t.tmp && mkdir -p %t.tmp
// RUN: env TMPDIR=%t.tmp not remat-compile %S/Inputs/call-declaration.mlir -o %t 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: env TMPDIR=%t.tmp not remat-compile %S/Inputs/main-function.mlir -o %t 2>&1 | FileCheck %s --check-prefix=MAIN
// RUN: env TMPDIR=%t.tmp not remat-compile %s --entry=ok --cxx=/bin/false -o %t 2>&1 | FileCheck %s --check-prefix=LINK
// RUN: env TMPDIR=%t.tmp not remat-compile %s --entry=ok --target=cuda --cxx=/bin/false -o %t 2>&1
// RUN: ls -A %t.tmp | count 0
// RUN: remat-compile %S/Inputs/helper-without-results.mlir --entry=step --policy=full -o %t.helper
// RUN: %t.helper --iters 1 | FileCheck %s --check-prefix=HELPER
// RUN: not %t.helper --threads 0 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: remat-compile --help | FileCheck %s --check-prefix=HELP
// Out of memory at run time is an error with exit status 2, not an abort.
// RUN: remat-compile %S/Inputs/huge-argument.mlir -o %t.huge
// RUN: not sh -c "ulimit -v 2097152; %t.huge --iters 1 --warmup 0" 2>&1 | FileCheck %s --check-prefix=OOM
// RUN: remat-compile %S/Inputs/huge-intermediate.mlir -o %t.huge2
// RUN: not sh -c "ulimit -v 2097152; %t.huge2 --iters 1 --warmup 0" 2>&1 | FileCheck %s --check-prefix=OOM2

// CALL: call-declaration.mlir:5:8: error: call to @ext, which has no body: remat-compile links no other code, so every called function must be defined in the module
// MAIN: main-function.mlir:2:1: error: function @main would clash with a symbol of the executable (its main, the C library, libm or remat's runtime); rename it
// LINK: remat-compile: linking with '/bin/false' failed (--keep-temps keeps its inputs)
// HELPER: "entry":"step"
// OOM: remat harness: error: out of host memory for the step's inputs or results
// OOM2: remat runtime: error: out of memory allocating 17179869184 bytes
// --help lists remat-compile's options, not LLVM's hundreds.
// HELP: --policy
// HELP-NOT: --x86-asm-syntax
// HELP-NOT: --mlir-

// ENTRY: error: no function @missing with a body
// DYNAMIC: error: argument #0 has type 'tensor<?x4xf32>'; remat-compile supports statically shaped tensors (rank <= 8) of f32, f16, bf16, i32 or i64
// TARGET: remat-compile: unknown target 'tpu'; expected cpu or cuda
// THREADS: error: --iters and --threads must be at least 1, --warmup at least 0
// PROFILEOPS: remat-compile: --profile-ops is for --target=cpu
// MATH: remat-compile: unknown --math=fast; expected approx or libm
// GEMM: remat-compile: unknown --gemm=mkl for --target=cpu; expected blas or loops
// POLICY: policy 'full' needs checkpoint blocks
// BUDGET: remat-compile: --budget, --max-overhead, --offload, --host-budget, --cost-profile and --report need --policy
// AUTODIFF: error: expects the loss to be a floating-point scalar tensor (tensor<f32>, tensor<bf16>, ...), but it is 'tensor<4xf32>'
// AUTO: error: no plan fits budget 1 bytes (0.0 MiB): the smallest peak remat can reach for this function is 32 bytes (0.0 MiB) (no plan can go lower: it is what one op needs at once)

func.func @ok(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = nn.relu %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}
