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
/// Sets the peak to the bytes live now.
void remat_reset_peak(void);
}

#endif // REMAT_RUNTIME_RUNTIME_H
