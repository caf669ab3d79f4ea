//===- CublasLt.h - library GEMMs of the CUDA target ------------*- C++ -*-===//
//
// remat-gemm-to-library-calls{library=cublaslt} turns each matrix product of
// a CUDA step into a call of remat_cuda_gemm on the step's stream. The
// runtime loads libcublasLt at run time (dlopen: executables still link only
// libc, libstdc++ and libcuda), maps the product's strided row-major view
// onto cuBLASLt's column-major layouts, picks one algorithm per problem (no
// split-K reduction, so results are deterministic) and caches it.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_RUNTIME_CUBLASLT_H
#define REMAT_RUNTIME_CUBLASLT_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

extern "C" {
/// C[b0, b1] = A[b0, b1] B[b0, b1] + beta C[b0, b1] for b0 < batch0, b1 <
/// batch1. A is m x k, B is k x n, C is m x n; A and B are f32 (dtype 0),
/// f16 (1) or bf16 (2); C is f32 (ctype 0), or of A's type (ctype = dtype:
/// the f32 sums rounded once into it, as a bf16 product's epilogue does).
/// Each operand: its base pointer, element offset, element strides of its
/// two matrix dims and of the two batch dims (0: broadcast). Enqueued on
/// `stream`.
void remat_cuda_gemm(void *stream, int32_t dtype, int32_t ctype,
                     int64_t batch0, int64_t batch1, int64_t m, int64_t n,
                     int64_t k,
                     void *a, int64_t aOffset, int64_t aRowStride,
                     int64_t aColStride, int64_t aBatch0, int64_t aBatch1,
                     void *b, int64_t bOffset, int64_t bRowStride,
                     int64_t bColStride, int64_t bBatch0, int64_t bBatch1,
                     void *c, int64_t cOffset, int64_t cRowStride,
                     int64_t cColStride, int64_t cBatch0, int64_t cBatch1,
                     float beta);
/// Whether libcublasLt can be loaded; without it, prints one line naming the
/// places searched (once) and returns false.
bool remat_cuda_gemm_available(void);
/// Device bytes of the library's workspace (0 until the first GEMM).
uint64_t remat_cuda_gemm_workspace_bytes(void);
}

namespace remat::cublaslt {

/// A strided view of a rows x cols matrix, in elements.
struct MatrixView {
  int64_t rows, cols, rowStride, colStride;
  MatrixView transposed() const { return {cols, rows, colStride, rowStride}; }
};

/// A cuBLASLt operand: the stored matrix (column-major, rows x cols with
/// leading dimension ld) and whether the product reads it transposed.
struct ColumnMajor {
  bool transpose;
  int64_t rows, cols, ld;
};

/// The product as cuBLASLt computes it, D (M x N) = op(A) op(B): when
/// `swapped`, D is C transposed, A is B transposed and B is A transposed.
struct Problem {
  bool swapped;
  int64_t m, n, k;
  ColumnMajor a, b;
  int64_t ldc;
};

/// Maps C = A B (row-major logical views) onto cuBLASLt's column-major
/// problem, or nullopt when an operand has no unit stride in a matrix dim.
std::optional<Problem> mapProblem(MatrixView a, MatrixView b, MatrixView c);

/// Where libcublasLt is looked for, in order.
std::vector<std::string> searchPaths();

/// Loads libcublasLt and resolves every function the runtime calls; on
/// failure, nullptr and `error` says what was tried. Thread-safe, cached.
struct Library;
const Library *loadLibrary(std::string *error);
/// The search itself, uncached: the first of `paths` (folders, files, or
/// "LD_LIBRARY_PATH" for the loader's own search) that has a libcublasLt
/// with every function.
const Library *loadLibraryFrom(const std::vector<std::string> &paths,
                               std::string &error);
/// Frees what loadLibraryFrom returned (the shared library stays loaded, as
/// loadLibrary's does for the process's life).
void releaseLibrary(const Library *library);
/// The path loaded and the library's version (cublasLtGetVersion).
std::string libraryPath(const Library &library);
size_t libraryVersion(const Library &library);
/// The status's name and message, as the library spells them.
std::string statusText(const Library &library, int status);

} // namespace remat::cublaslt

#endif // REMAT_RUNTIME_CUBLASLT_H
