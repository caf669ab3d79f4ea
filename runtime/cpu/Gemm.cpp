//===- Gemm.cpp - library GEMMs for lowered CPU code ----------------------===//
//
// remat-gemm-to-library-calls turns each f32 matrix product of the lowered
// code into calls of remat_sgemm, one per matrix of a batch, with the
// operands' element strides. This file maps such a call onto one
// cblas_sgemm (OpenBLAS, linked statically): a matrix whose column stride is
// 1 is passed as is, one whose row stride is 1 as transposed, and an output
// whose row stride is 1 is computed as C^T = B^T A^T. Operands of any other
// layout are first copied into a packed buffer. The choice depends only on
// the shapes and strides, so the same product always makes the same call
// and gives the same bits.
//
// OpenBLAS's own workspace and the packed copies are not counted by the
// allocation counters (runtime/include/remat/Runtime.h): like a library's
// scratch memory under PyTorch, they are outside the memory plan.
//
//===----------------------------------------------------------------------===//

#include "remat/Runtime.h"

#include <cblas.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

namespace {

/// A strided view of a rows x cols f32 matrix.
struct Matrix {
  const float *data;
  int64_t rows, cols, rowStride, colStride;

  Matrix transposed() const { return {data, cols, rows, colStride, rowStride}; }
};

/// How cblas_sgemm reads `m` in row-major order: as is or transposed, with
/// its leading dimension; packs it into `packed` when neither fits.
struct BlasOperand {
  CBLAS_TRANSPOSE trans;
  const float *data;
  int64_t ld;
};

int64_t atLeastOne(int64_t v) { return v > 1 ? v : 1; }

/// The leading dimension with which cblas_sgemm can read `m` in row-major
/// order as it is, if it can: unit column stride and rows far enough apart.
/// A dimension of size 1 is never stepped along: any stride fits it.
std::optional<int64_t> rowMajorLeadingDim(const Matrix &m) {
  if ((m.colStride == 1 || m.cols == 1) &&
      (m.rows == 1 || m.rowStride >= atLeastOne(m.cols)))
    return m.rows == 1 ? atLeastOne(m.cols) : m.rowStride;
  return std::nullopt;
}

BlasOperand blasOperand(const Matrix &m, std::vector<float> &packed) {
  if (std::optional<int64_t> ld = rowMajorLeadingDim(m))
    return {CblasNoTrans, m.data, *ld};
  if (std::optional<int64_t> ld = rowMajorLeadingDim(m.transposed()))
    return {CblasTrans, m.data, *ld};
  packed.resize(static_cast<size_t>(m.rows * m.cols));
  for (int64_t i = 0; i < m.rows; ++i)
    for (int64_t j = 0; j < m.cols; ++j)
      packed[i * m.cols + j] = m.data[i * m.rowStride + j * m.colStride];
  return {CblasNoTrans, packed.data(), atLeastOne(m.cols)};
}

/// C = A B + beta C for a C whose column stride is 1 (or one column).
void rowMajorGemm(const Matrix &a, const Matrix &b, float *c, int64_t ldc,
                  float beta) {
  std::vector<float> packedA, packedB;
  BlasOperand pa = blasOperand(a, packedA), pb = blasOperand(b, packedB);
  cblas_sgemm(CblasRowMajor, pa.trans, pb.trans, a.rows, b.cols, a.cols, 1.0f,
              pa.data, pa.ld, pb.data, pb.ld, beta, c, ldc);
}

} // namespace

extern "C" void remat_sgemm(int64_t m, int64_t n, int64_t k, const float *a,
                            int64_t aOffset, int64_t aRowStride,
                            int64_t aColStride, const float *b, int64_t bOffset,
                            int64_t bRowStride, int64_t bColStride, float *c,
                            int64_t cOffset, int64_t cRowStride,
                            int64_t cColStride, float beta) {
  if (m <= 0 || n <= 0)
    return;
  // cblas_sgemm takes 32-bit sizes and leading dimensions.
  for (int64_t v : {m, n, k, aRowStride, aColStride, bRowStride, bColStride,
                    cRowStride, cColStride})
    if (v > INT_MAX || v < 0) {
      std::fprintf(stderr,
                   "remat runtime: error: a %lldx%lldx%lld matrix product "
                   "has a size or stride (%lld) that the BLAS library "
                   "cannot take; compile with --gemm=loops\n",
                   static_cast<long long>(m), static_cast<long long>(n),
                   static_cast<long long>(k), static_cast<long long>(v));
      std::exit(2);
    }
  Matrix ma{a + aOffset, m, k, aRowStride, aColStride};
  Matrix mb{b + bOffset, k, n, bRowStride, bColStride};
  float *pc = c + cOffset;
  Matrix mc{pc, m, n, cRowStride, cColStride};
  if (std::optional<int64_t> ldc = rowMajorLeadingDim(mc)) {
    rowMajorGemm(ma, mb, pc, *ldc, beta);
    return;
  }
  if (std::optional<int64_t> ldc = rowMajorLeadingDim(mc.transposed())) {
    // C^T (n x m, row-major) = B^T A^T.
    rowMajorGemm(mb.transposed(), ma.transposed(), pc, *ldc, beta);
    return;
  }
  // Any other output layout: compute packed, then scatter.
  std::vector<float> packed(static_cast<size_t>(m * n));
  if (beta != 0.0f)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j)
        packed[i * n + j] = pc[i * cRowStride + j * cColStride];
  rowMajorGemm(ma, mb, packed.data(), n, beta);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      pc[i * cRowStride + j * cColStride] = packed[i * n + j];
}

extern "C" void remat_gemm_set_threads(int threads) {
  openblas_set_num_threads(threads < 1 ? 1 : threads);
}
