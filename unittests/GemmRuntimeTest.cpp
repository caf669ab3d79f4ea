//===- GemmRuntimeTest.cpp - remat_sgemm against a reference -------------===//
//
// Every layout remat_sgemm maps onto cblas_sgemm (as is, transposed, the
// output transposed, packed) and the degenerate sizes, against a product
// accumulated in double.
//
//===----------------------------------------------------------------------===//

#include "remat/Runtime.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace {

/// Where element (i, j) of a rows x cols matrix sits in a buffer, for the
/// layouts under test: row-major, column-major, or both strides > 1
/// (neither fits BLAS: it packs), each with a leading-dimension gap and an
/// offset.
enum class Layout { RowMajor, ColMajor, Strided };

struct Placed {
  int64_t offset, rowStride, colStride, span;
};

Placed place(Layout layout, int64_t rows, int64_t cols) {
  const int64_t offset = 3, gap = 2;
  switch (layout) {
  case Layout::RowMajor:
    return {offset, cols + gap, 1, offset + rows * (cols + gap)};
  case Layout::ColMajor:
    return {offset, 1, rows + gap, offset + cols * (rows + gap)};
  case Layout::Strided:
    return {offset, 2 * cols, 2, offset + 2 * rows * cols};
  }
  return {};
}

struct Case {
  int64_t m, n, k;
  Layout a, b, c;
  float beta;
};

void runCase(const Case &t) {
  std::mt19937 rng(static_cast<unsigned>(t.m * 131 + t.n * 17 + t.k));
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  Placed pa = place(t.a, t.m, t.k), pb = place(t.b, t.k, t.n),
         pc = place(t.c, t.m, t.n);
  std::vector<float> a(pa.span + 1), b(pb.span + 1), c(pc.span + 1);
  for (float &v : a)
    v = dist(rng);
  for (float &v : b)
    v = dist(rng);
  for (float &v : c)
    v = dist(rng);
  std::vector<float> before = c;

  remat_sgemm(t.m, t.n, t.k, a.data(), pa.offset, pa.rowStride, pa.colStride,
              b.data(), pb.offset, pb.rowStride, pb.colStride, c.data(),
              pc.offset, pc.rowStride, pc.colStride, t.beta);

  std::vector<bool> isOutput(c.size(), false);
  for (int64_t i = 0; i < t.m; ++i)
    for (int64_t j = 0; j < t.n; ++j) {
      int64_t at = pc.offset + i * pc.rowStride + j * pc.colStride;
      isOutput[at] = true;
      double want = t.beta * static_cast<double>(before[at]);
      for (int64_t p = 0; p < t.k; ++p)
        want += static_cast<double>(
                    a[pa.offset + i * pa.rowStride + p * pa.colStride]) *
                b[pb.offset + p * pb.rowStride + j * pb.colStride];
      EXPECT_NEAR(c[at], want, 1e-5 * (t.k + 1))
          << "m=" << t.m << " n=" << t.n << " k=" << t.k << " at (" << i << ", "
          << j << ")";
    }
  // Nothing outside the output's elements is written.
  for (size_t at = 0; at < c.size(); ++at)
    if (!isOutput[at])
      EXPECT_EQ(c[at], before[at]) << "element " << at << " was written";
}

TEST(GemmRuntime, EveryLayout) {
  const Layout layouts[] = {Layout::RowMajor, Layout::ColMajor,
                            Layout::Strided};
  for (Layout a : layouts)
    for (Layout b : layouts)
      for (Layout c : layouts)
        for (float beta : {0.0f, 1.0f})
          runCase({7, 5, 6, a, b, c, beta});
}

TEST(GemmRuntime, DegenerateSizes) {
  const Layout layouts[] = {Layout::RowMajor, Layout::ColMajor};
  for (Layout a : layouts)
    for (Layout c : layouts) {
      runCase({1, 5, 6, a, Layout::RowMajor, c, 0.0f});
      runCase({7, 1, 6, a, Layout::ColMajor, c, 1.0f});
      runCase({7, 5, 1, a, Layout::RowMajor, c, 0.0f});
      runCase({1, 1, 1, a, Layout::Strided, c, 1.0f});
      runCase({7, 5, 0, a, Layout::RowMajor, c, 0.0f}); // C = 0
      runCase({7, 5, 0, a, Layout::RowMajor, c, 1.0f}); // C unchanged
    }
  runCase(
      {0, 5, 6, Layout::RowMajor, Layout::RowMajor, Layout::RowMajor, 0.0f});
}

TEST(GemmRuntime, LargeEnoughToBlock) {
  runCase({97, 130, 65, Layout::RowMajor, Layout::ColMajor, Layout::RowMajor,
           0.0f});
  runCase({64, 33, 200, Layout::ColMajor, Layout::RowMajor, Layout::ColMajor,
           1.0f});
}

TEST(GemmRuntime, SameCallSameBits) {
  // The bit-identity across policies rests on this: the same product, made
  // twice (after other calls), gives the same bits.
  std::vector<float> a(64 * 48), b(48 * 40), c1(64 * 40), c2(64 * 40);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  for (float &v : a)
    v = dist(rng);
  for (float &v : b)
    v = dist(rng);
  remat_sgemm(64, 40, 48, a.data(), 0, 48, 1, b.data(), 0, 40, 1, c1.data(), 0,
              40, 1, 0.0f);
  runCase(
      {9, 9, 9, Layout::ColMajor, Layout::ColMajor, Layout::ColMajor, 1.0f});
  remat_sgemm(64, 40, 48, a.data(), 0, 48, 1, b.data(), 0, 40, 1, c2.data(), 0,
              40, 1, 0.0f);
  EXPECT_EQ(c1, c2);
}

} // namespace
