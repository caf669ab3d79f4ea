//===- Passes.td - remat's conversion passes ----------------*- tablegen -*-===//
#ifndef REMAT_CONVERSION_PASSES
#define REMAT_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertNNToLinalg : Pass<"convert-nn-to-linalg"> {
  let summary = "Lower nn ops to linalg, tensor, arith and math on tensors";
  let description = [{
    Every `nn` op becomes `linalg.generic`s (or named linalg ops) on tensors
    with `tensor.empty` destinations, plus `tensor` reshapes for
    `nn.reshape`. f16/bf16 values are computed in f32 inside each kernel and
    rounded once when stored. Numerics: softmax subtracts the row maximum;
    layernorm accumulates in f32; GELU is the tanh approximation; dropout
    uses the counter-based mask of docs/Lowering.md; cross-entropy uses a
    log-sum-exp. An op that cannot be lowered (dynamic shapes, an unknown op
    in `nn`) is reported at its location and the pass fails.

    `remat.offload` becomes a copy into a new buffer allocated between calls
    of `remat_host_begin()` and `remat_host_end()` (the CPU runtime counts
    what is allocated in between as host memory); `remat.prefetch` a copy
    into a new buffer.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def FreeAfterLastUse : Pass<"remat-free-after-last-use", "::mlir::func::FuncOp"> {
  let summary = "Free each buffer right after its last use";
  let description = [{
    After bufferization, inserts a `memref.dealloc` of every `memref.alloc` of
    the function body right after the last op that uses the buffer or any of
    its views (subview, expand/collapse_shape, cast, reinterpret_cast), so
    that memory follows the liveness of the plan. Buffers that escape
    (returned, stored, passed to calls) are left alone. Run it instead of
    MLIR's ownership-based deallocation, which frees at the end of the block.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def PromoteAccumulators : Pass<"remat-promote-accumulators", "::mlir::func::FuncOp"> {
  let summary = "Keep running totals of loops in registers";
  let description = [{
    After linalg is lowered to loops, a reduction loop reads and writes its
    running total in memory on every iteration (a matmul's `C[i, j]` in the
    `k` loop, a row sum's `s[i]`):

    ```mlir
    scf.for %k = %c0 to %c32 step %c1 {
      %a = memref.load %A[%i, %k] : memref<64x32xf32>
      %b = memref.load %B[%k, %j] : memref<32x16xf32>
      %c = memref.load %C[%i, %j] : memref<64x16xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      memref.store %s, %C[%i, %j] : memref<64x16xf32>
    }
    ```

    LLVM cannot keep it in a register for want of proof that the other
    loads do not read `C`. This pass proves it with MLIR's alias analysis
    (distinct allocations, and an allocation against a function argument, do
    not alias) and rewrites each `scf.for` whose body loads and then stores
    one loop-invariant element, and touches no memory that may alias it
    otherwise, into a loop that carries the value: one load before the loop,
    an `iter_args` value inside, one store after it. Innermost loops first;
    the result is what the loop computed, in the same order of operations
    (bit-identical). Both pipelines run it, the CUDA one before kernels are
    outlined (inside a kernel, the buffers are arguments that may alias).
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def FuseReductionEpilogues : Pass<"remat-fuse-reduction-epilogues", "::mlir::func::FuncOp"> {
  let summary = "Fuse a reduction's f32 accumulator buffer into its epilogue";
  let description = [{
    A bf16 or f16 reduction (a matrix product, a row sum) lowers to an f32
    accumulator buffer as large as its result, filled, reduced into, and
    rounded into the result by an elementwise epilogue:

    ```mlir
    %acc = memref.alloc() : memref<64x16xf32>
    linalg.fill ins(%zero : f32) outs(%acc : memref<64x16xf32>)
    linalg.generic {iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<64x32xbf16>, memref<32x16xbf16>) outs(%acc ...)
    linalg.generic {iterator_types = ["parallel", "parallel"]}
        ins(%acc : memref<64x16xf32>) outs(%c : memref<64x16xbf16>)  // truncf
    memref.dealloc %acc : memref<64x16xf32>
    ```

    The buffer is memory the plan, which counts nn values, does not see.
    The pass writes the chain as one loop nest at the epilogue: the
    result's loops, inside them the reduced loops carrying the total in
    `iter_args` (from the fill's value), then the epilogue's body on the
    total, stored into the result; the buffer, its fill and its dealloc go.

    It applies where the accumulator (an f32 `memref.alloc` with identity
    layout) has exactly these users in one block, in this order, the fill
    marked `remat.accumulator` and the epilogue `remat.epilogue` (the marks
    convert-nn-to-linalg puts on one nn op's reduction: another op's kernel
    reading a reduction's result reads an nn value, which stays); the
    reduction's loops are its result's loops in order followed by the
    reduced ones (its output map `(d0, ..., dp-1)`), so that each total is
    summed in the order the reduction's own loops sum it (bit-identical
    results); the epilogue is all-parallel over the accumulator's dims,
    reads it with the identity map and writes one buffer that does not
    alias the reduction's inputs; and nothing between the reduction and the
    epilogue may write what the reduction reads (MLIR's alias analysis;
    a dealloc of it there moves after the fused nest).
    A column sum (reduced loops outside) is left as it is. The CPU
    pipeline runs it before `convert-linalg-to-loops`.
  }];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def GemmToLibraryCalls : Pass<"remat-gemm-to-library-calls", "::mlir::ModuleOp"> {
  let summary = "Run f32 matrix products as calls of the runtime's BLAS GEMM";
  let description = [{
    Rewrites every f32 matrix product on buffers into calls of
    `remat_sgemm` (remat's CPU runtime, on a statically linked OpenBLAS
    `cblas_sgemm`). A matrix product is any linalg op with two inputs and one
    output, all f32 memrefs, one reduction loop `k` and the body
    `out + in0 * in1`, where the output's map lists every parallel loop once
    and ends with the matrix dims `(m, n)`, one input holds `m` and `k`, the
    other `k` and `n`, in any order, and the other dims of the inputs are
    batch dims of the output (or a constant 0 on a size-1 dim: a broadcast
    batch dim). That covers `nn.matmul` with either transpose flag and
    broadcast batch dims, and upstream's `linalg.matmul` and
    `linalg.batch_matmul`. Products whose output is known to overlap an
    input (the same buffer or a view of it) are left alone, as are all
    others (f16/bf16 operands stay loops). Function arguments are assumed
    not to overlap, as BLAS and linalg's own semantics assume.

    Each match becomes a loop nest over the batch dims around one call per
    matrix, with each operand's aligned pointer, element offset and the
    element strides of its two matrix dims (from
    `memref.extract_strided_metadata`, so any strided layout works; the
    runtime picks the BLAS transpose flags or packs). A `linalg.fill` of
    zero into the output right before the product is dropped and the call
    gets `beta = 0`; otherwise it accumulates (`beta = 1`).

    The summation order is the library's, not the loops': results differ
    from the loop lowering in the last bits, but the same product (shapes
    and strides) always makes the same call, so they are the same under
    every policy. Run it after `remat-free-after-last-use` (the call must
    stay where the product was) and link the result with remat's CPU
    runtime; remat-compile does both (`--gemm=blas`, its default).
  }];
  let options = [
    Option<"library", "library", "std::string", /*default=*/"\"blas\"",
           "blas: the CPU runtime's remat_sgemm (OpenBLAS); cublaslt: the "
           "CUDA runtime's remat_cuda_gemm (cuBLASLt, f32 or f16/bf16 "
           "inputs into f32)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def ApproximateMath : Pass<"remat-approximate-math"> {
  let summary = "Replace f32 exp, tanh, log, log1p, expm1 and erf with polynomials";
  let description = [{
    Applies upstream MLIR's polynomial approximations
    (`populateMathPolynomialApproximationPatterns`) to f32 `math.exp`,
    `math.tanh`, `math.log`, `math.log1p`, `math.expm1` and `math.erf`:
    arithmetic, `math.fma` and bit manipulation instead of a libm call, so
    that LLVM vectorizes the loops of GELU, softmax, layernorm and the
    losses. Results are within a few ulp of libm's, and the same op always
    becomes the same code (results stay bit-identical across policies).
    The CPU pipeline runs it with `approximate-math=true`, which
    remat-compile sets unless `--math=libm`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def OutlineLoopNests : Pass<"remat-outline-loop-nests", "::mlir::ModuleOp"> {
  let summary = "Give each top-level loop nest of a function its own function";
  let description = [{
    On the CPU target every kernel of a training step used to end up in one
    LLVM function, and LLVM's loop passes (LoopRotate, IndVarSimplify) grow
    faster than linearly with the loops of a function: compile time grew like
    n^2.5 in the number of ops. This pass moves each top-level `scf.for`,
    `scf.parallel` and `scf.if` of a function body (an op's loop nest after
    `convert-linalg-to-loops`) into a private function of its own, called in
    its place, so every function LLVM optimizes is small and compile time is
    linear in the number of ops.

    The new function takes the values the nest uses from above as arguments
    (constants are cloned into it instead) and returns the nest's results.
    Nests that are the same code (the same op of every layer) share one
    function.
    It is marked `passthrough = ["noinline"]`, so that LLVM does not merge
    it back. Arithmetic is unchanged: results are bit-identical.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def SplatConstantsToFill : Pass<"remat-splat-constants-to-fill"> {
  let summary = "Materialize splat tensor constants with linalg.fill";
  let description = [{
    Rewrites `arith.constant dense<v> : tensor<...>` into `tensor.empty` and
    `linalg.fill`, so that after bufferization the value lives in an
    allocated buffer (device memory on the GPU) instead of a host global.
    The seed of the backward pass, `dense<1.0> : tensor<f32>`, is one.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def MapLoopsToGPU : Pass<"remat-map-loops-to-gpu", "::mlir::func::FuncOp"> {
  let summary = "Collapse, tile and map parallel loops to GPU blocks and threads";
  let description = [{
    Each outermost `scf.parallel` (from `convert-linalg-to-parallel-loops`)
    is collapsed into one dimension and tiled by `block-size` with an
    in-bounds check, so that a kernel runs `block-size` threads per block
    (not one, as mapping the loops directly would) over as many blocks as
    the elements need. Reduction loops stay sequential inside each thread.
    The loops are then annotated for `convert-parallel-loops-to-gpu`.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "threads per block">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect"];
}

def HostBuffersToDevice : Pass<"remat-host-buffers-to-device", "::mlir::func::FuncOp"> {
  let summary = "Allocate the buffers of host code in device memory";
  let description = [{
    After every kernel has been outlined or launched, rewrites the host
    function's `memref.alloc`, `memref.dealloc` and `memref.copy` into
    `gpu.alloc`, `gpu.dealloc` and `gpu.memcpy` (run `gpu-async-region`
    afterwards to put them on the stream). Host code that would read or
    write a buffer directly is an error naming the op.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def ParallelDimsFirst : Pass<"remat-parallel-dims-first", "::mlir::func::FuncOp"> {
  let summary = "Order the loops of each linalg.generic parallel-first";
  let description = [{
    Interchanges the iterators of every `linalg.generic` so that all
    parallel dimensions come before the reductions. A column reduction
    (the gradient of layernorm's gamma, a bias gradient) then lowers to a
    parallel loop over columns with a sequential reduction inside each
    thread, instead of sequential outer loops around a parallel one.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def EmulateGPULaunches : Pass<"remat-emulate-gpu-launches", "::mlir::func::FuncOp"> {
  let summary = "Run gpu.launch bodies as loops on the host (testing aid)";
  let description = [{
    Replaces each `gpu.launch` without barriers, shared memory or clusters by
    sequential loops over its grid and block, with the block and thread ids
    bound to the loop variables. The CUDA pipeline's mapping (collapse,
    tiling, bounds checks, one-thread kernels, parallel-first reductions) can
    then run on the CPU and be compared with the CPU build bit for bit:
    `remat-compile --emulate-gpu-mapping`.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def MergeGPUModules : Pass<"remat-merge-gpu-modules", "::mlir::ModuleOp"> {
  let summary = "Put every outlined kernel in one gpu.module, each distinct kernel once";
  let description = [{
    `gpu-kernel-outlining` gives each kernel its own `gpu.module`, and
    `gpu-module-to-binary` then runs LLVM, links libdevice and calls ptxas
    once per module: compile time grows by seconds per transformer layer.
    This pass moves the `gpu.func` of every module into one module,
    `@remat_kernels`, named after the module it came from, and keeps one
    copy of kernels whose bodies are identical (a transformer's layers
    launch the same kernels on buffers of the same shapes): the launches of
    a duplicate call the first copy. Two kernels are identical when they
    print the same apart from their names and locations. A module holding
    anything but kernels is left as it is. Run it after outlining and
    before `gpu-async-region`.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def StreamLibraryCalls : Pass<"remat-stream-library-calls", "::mlir::func::FuncOp"> {
  let summary = "Let library calls of host code join the step's stream";
  let description = [{
    `gpu-async-region` treats a call as a host operation that may touch any
    memory: it makes the host wait for the GPU before the call and starts a
    new stream after it. The runtime's library GEMM (`remat_cuda_gemm`,
    from `remat-gemm-to-library-calls{library=cublaslt}`) is enqueued on the
    step stream instead, behind the kernels before it, and remat's CUDA
    runtime runs every stream of a step as that one stream. This pass
    removes the wait in front of such calls (and the pure ops between):
    when the calls are followed by the start of a new stream
    (`gpu.wait async` with no dependencies), the previous token continues
    instead; otherwise the wait moves behind the calls, so the host still
    waits where the region ends. Run it after `gpu-async-region`.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def WarpRowReductions : Pass<"remat-warp-row-reductions", "::mlir::func::FuncOp"> {
  let summary = "Run row reductions with one warp per row and shuffles";
  let description = [{
    Rewrites each row reduction on buffers into a `gpu.launch` with one
    warp (32 lanes) per row and eight rows per block. A row reduction is a
    `linalg.generic` with one f32 output, every loop parallel but the last,
    which is a reduction, indexing maps of dims and constants, and a body
    of pure ops whose yielded value combines the output argument with one
    value by `arith.addf`, `maximumf`, `maxnumf`, `minimumf` or `minnumf`
    (softmax's max and sum, layernorm's mean and variance, the
    cross-entropy's log-sum-exp, a `reduce_sum` over the last dim; run
    `remat-parallel-dims-first` first). Lane `l` combines the row's
    elements `l, l + 32, ...` in order starting from the combiner's
    identity, five `gpu.shuffle xor` steps (16, 8, 4, 2, 1) combine the
    lanes (`shfl.sync.bfly` in PTX), and lane 0 combines the result into
    the output. Rows statically shorter than `min-row-size` stay one thread
    per row.

    The summation order differs from the sequential loop's, so results
    differ from the CPU build within f32 rounding; one op always gets the
    same kernel, so they are the same under every policy. With `emulate`,
    the same order of operations is written as host loops (the lanes as an
    array, each butterfly step a loop over lanes): `remat-compile
    --emulate-gpu-mapping` then computes on the CPU exactly what the GPU
    kernels compute.
  }];
  let options = [
    Option<"emulate", "emulate", "bool", /*default=*/"false",
           "Write the warp's order of operations as host loops (CPU)">,
    Option<"minRowSize", "min-row-size", "int64_t", /*default=*/"32",
           "Rows statically shorter than this stay one thread per row">,
    Option<"rowsPerBlock", "rows-per-block", "int64_t", /*default=*/"8",
           "Warps (rows) per block">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
}

def BlockColumnReductions : Pass<"remat-block-column-reductions", "::mlir::func::FuncOp"> {
  let summary = "Run column reductions with a 32x32 block per 32 outputs";
  let description = [{
    Rewrites each column reduction on buffers (a `linalg.generic` whose
    loops are parallel loops, then one or more reduction loops, with one f32
    output, the body of `remat-warp-row-reductions`, and whose first input
    has the last parallel loop as its innermost index: the bias and
    layernorm-parameter gradients, a `reduce_sum` over leading dims) into a
    `gpu.launch` with a block of 32 x 32 threads per 32 adjacent outputs.
    Thread (x, y) combines the reduced elements y, y + 32, ... (flattened,
    row-major) of output x, so a warp reads 32 adjacent columns; its
    partial goes to shared memory; after a `gpu.barrier`, thread (x, 0)
    combines partials 0..31 in order into the output. Deterministic, no
    atomics, and no buffer beyond 4 KiB of shared memory per block. Run it
    after `remat-warp-row-reductions` (a single trailing reduction over the
    innermost dim is a row reduction). With `emulate`, the same order of
    operations as host loops.
  }];
  let options = [
    Option<"emulate", "emulate", "bool", /*default=*/"false",
           "Write the block's order of operations as host loops (CPU)">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
}

def TiledGemm : Pass<"remat-tiled-gemm", "::mlir::ModuleOp"> {
  let summary = "Generate matrix products: shared-memory tiles, register blocking, tensor cores";
  let description = [{
    Rewrites every matrix product on buffers that `remat-gemm-to-library-calls`
    recognizes (f32, or f16/bf16 inputs widened into an f32 accumulator)
    and that is still a linalg op (the products cuBLASLt does not take, and
    all of them under `remat-compile --gemm=generated` or in a function
    marked `remat.generated_gemm`) into a `gpu.launch` computing a 64x64
    tile of C per block (grid z: the batch):

    * f32 inputs (and 16-bit ones with `tensor-cores=false`): 256 threads,
      (ty, tx) = (tid / 16, tid % 16), each 4x4 outputs (rows ty + 16 i,
      columns tx + 16 j), k tiles of 16 staged in shared memory as f32.
      Each output starts from C's value and takes `fma(a, b, acc)` in
      ascending k, stopping at K: the loops' order with one rounding a step.
    * f16/bf16 inputs: 4 warps, each 32x32 of the tile as 2x4
      `nvvm.mma.sync` m16n8k16 products with f32 accumulators (tensor
      cores), k tiles of 32 staged as 16-bit values in shared rows padded
      to 40 elements; fragments in the PTX ISA's layout, one 32-bit shared
      load a register. Sums within a k step are the tensor cores' own.

    Both read each operand's tile as runs along its contiguous dim (the
    memref's last, with static stride 1): 16 bytes (one `vector.load`) when
    the run lies inside the matrix and, checked at run time before the
    launch, the buffer's start is aligned and every other stride is a
    multiple of the run; element by element with bounds checks (0 outside)
    otherwise. Shared memory is double-buffered: the next k tile's global
    loads are issued before the current tile's products and stored into
    the other buffer after them, one barrier a tile.

    With `emulate`, the same order as host loops: blocks, threads (and
    warps and lanes) as loops, the vector runs element by element, each
    barrier the boundary between a loop over threads that multiplies and
    one that stages the next tile, each mma as its fragments gathered by
    the same layout and summed in ascending k.
  }];
  let options = [
    Option<"emulate", "emulate", "bool", /*default=*/"false",
           "Write the kernel's order of operations as host loops (CPU)">,
    Option<"tensorCores", "tensor-cores", "bool", /*default=*/"true",
           "Products of f16/bf16 inputs on tensor cores (mma.sync); false: "
           "the f32 kernel, inputs widened">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def AlignWorkgroupBuffers : Pass<"remat-align-workgroup-buffers", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Align every kernel's workgroup buffers to 16 bytes";
  let description = [{
    Sets `llvm.align = 16` on each workgroup attribution of each `gpu.func`
    that has no alignment of its own. Without it the shared-memory global
    gets its element's alignment (2 bytes for bf16), and the 16-byte vector
    stores and 32-bit fragment loads of `remat-tiled-gemm` would assume an
    alignment the buffer does not have. Run it after outlining.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif // REMAT_CONVERSION_PASSES
