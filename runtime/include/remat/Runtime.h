//===- Runtime.h - remat's host runtime: counted allocations ----*- C++ -*-===//
//
// Lowered CPU code allocates and frees every buffer through the generic
// functions that MLIR's finalize-memref-to-llvm emits with
// use-generic-functions=true. remat's CPU runtime implements them on
// malloc/free and counts the bytes live at every moment, so that a run
// reports the most bytes it held at once. The harness allocates the entry's
// inputs through the same functions, so they are counted too, as the memory
// plan counts arguments.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_RUNTIME_RUNTIME_H
#define REMAT_RUNTIME_RUNTIME_H

#include <cstddef>
#include <cstdint>

extern "C" {
void *_mlir_memref_to_llvm_alloc(uint64_t size);
void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment, uint64_t size);
void _mlir_memref_to_llvm_free(void *ptr);

/// Bytes currently allocated and not freed.
uint64_t remat_live_bytes(void);
/// The most bytes live at once since start (or the last reset).
uint64_t remat_peak_bytes(void);
/// Number of allocations since start.
uint64_t remat_num_allocs(void);
/// Sets the peaks (device and host) to the bytes live now.
void remat_reset_peak(void);
/// Lowered remat.offload allocates its buffer between these two calls: the
/// runtime counts what is allocated in between as host memory (apart from
/// the device bytes above), until it is freed.
void remat_host_begin(void);
void remat_host_end(void);
/// The most host bytes live at once since start (or the last reset).
uint64_t remat_host_peak_bytes(void);

/// Op timers (remat-compile --profile-ops): the lowered entry calls
/// begin/end around the code of its op number `id`; remat_op_seconds is the
/// time spent in op `id` since start or the last remat_op_reset.
void remat_op_begin(int64_t id);
void remat_op_end(int64_t id);
double remat_op_seconds(int64_t id);
void remat_op_reset(void);

/// C = A B + beta C for one f32 matrix product of lowered code (runtime/cpu/
/// Gemm.cpp): A is m x k, B is k x n, C is m x n, each given by its aligned
/// base pointer, an element offset and the element strides of its rows and
/// columns. Calls cblas_sgemm; any layout is accepted.
void remat_sgemm(int64_t m, int64_t n, int64_t k, const float *a,
                 int64_t aOffset, int64_t aRowStride, int64_t aColStride,
                 const float *b, int64_t bOffset, int64_t bRowStride,
                 int64_t bColStride, float *c, int64_t cOffset,
                 int64_t cRowStride, int64_t cColStride, float beta);
/// Threads of the library GEMMs (1 unless the harness's --threads says).
void remat_gemm_set_threads(int threads);
}

#endif // REMAT_RUNTIME_RUNTIME_H
