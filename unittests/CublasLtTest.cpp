//===- CublasLtTest.cpp - the CUDA runtime's cuBLASLt GEMM, without a GPU -===//
//
// What can be proven of remat_cuda_gemm on a machine without a GPU:
//  * the layout mapping: a reference GEMM with cuBLASLt's column-major
//    semantics (op, leading dimensions, the swapped problem) computes C = A B
//    exactly for every kind of strided operand the pass emits;
//  * the library: the real libcublasLt of the CUDA toolkit (or a Python
//    environment's) loads with dlopen and has every function the runtime
//    calls, with the types of cublasLt.h; a missing or wrong library gives
//    an error naming the places searched.
//
//===----------------------------------------------------------------------===//

#include "remat/CublasLt.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

using namespace remat::cublaslt;

// CublasLt.cpp calls into the rest of the CUDA runtime only when a GEMM
// runs; these stand in for it so that the test needs no libcuda.
extern "C" {
void *mgpuMemAlloc(uint64_t, void *, bool) { std::abort(); }
void mgpuMemset32(void *, unsigned, size_t, void *) { std::abort(); }
void *remat_cuda_step_stream(void) { std::abort(); }
void *remat_profile_launch_begin(void *) { return nullptr; }
void remat_profile_launch_end(void *, void *) {}
}

namespace {

/// A matrix stored in a buffer of `extent` floats with the given strides.
struct Stored {
  MatrixView view;
  std::vector<float> data;
  float at(int64_t i, int64_t j) const {
    return data[i * view.rowStride + j * view.colStride];
  }
  float &at(int64_t i, int64_t j) {
    return data[i * view.rowStride + j * view.colStride];
  }
};

enum class Layout { RowMajor, ColMajor, PaddedRow, PaddedCol };

Stored make(int64_t rows, int64_t cols, Layout layout, std::mt19937 &rng) {
  Stored s;
  int64_t pad = 3;
  switch (layout) {
  case Layout::RowMajor:
    s.view = {rows, cols, cols, 1};
    break;
  case Layout::ColMajor:
    s.view = {rows, cols, 1, rows};
    break;
  case Layout::PaddedRow:
    s.view = {rows, cols, cols + pad, 1};
    break;
  case Layout::PaddedCol:
    s.view = {rows, cols, 1, rows + pad};
    break;
  }
  s.data.assign((rows + pad) * (cols + pad) + 1, -777.0f);
  std::uniform_int_distribution<int> small(-4, 4);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      s.at(i, j) = static_cast<float>(small(rng));
  return s;
}

/// cuBLAS's D = op(A) op(B) + beta D on column-major storage.
void referenceColumnMajor(const Problem &p, const float *a, const float *b,
                          float *d, float beta) {
  auto elem = [](const ColumnMajor &x, const float *data, int64_t i,
                 int64_t j) {
    // op(X)(i, j): X(i, j) or X(j, i), X(r, c) at data[r + c * ld].
    return x.transpose ? data[j + i * x.ld] : data[i + j * x.ld];
  };
  for (int64_t i = 0; i < p.m; ++i)
    for (int64_t j = 0; j < p.n; ++j) {
      float sum = 0;
      for (int64_t l = 0; l < p.k; ++l)
        sum += elem(p.a, a, i, l) * elem(p.b, b, l, j);
      float &out = d[i + j * p.ldc];
      out = sum + beta * out;
    }
}

TEST(CublasLtLayout, EveryLayoutComputesTheProduct) {
  std::mt19937 rng(7);
  const Layout layouts[] = {Layout::RowMajor, Layout::ColMajor,
                            Layout::PaddedRow, Layout::PaddedCol};
  int checked = 0;
  for (int64_t m : {1, 2, 5})
    for (int64_t n : {1, 3, 4})
      for (int64_t k : {1, 2, 7})
        for (Layout la : layouts)
          for (Layout lb : layouts)
            for (Layout lc : layouts)
              for (float beta : {0.0f, 1.0f}) {
                Stored a = make(m, k, la, rng), b = make(k, n, lb, rng),
                       c = make(m, n, lc, rng);
                std::vector<float> expected(m * n);
                for (int64_t i = 0; i < m; ++i)
                  for (int64_t j = 0; j < n; ++j) {
                    float sum = 0;
                    for (int64_t l = 0; l < k; ++l)
                      sum += a.at(i, l) * b.at(l, j);
                    expected[i * n + j] = sum + beta * c.at(i, j);
                  }
                std::optional<Problem> p = mapProblem(a.view, b.view, c.view);
                ASSERT_TRUE(p) << m << "x" << n << "x" << k;
                const float *la_ = p->swapped ? b.data.data() : a.data.data();
                const float *lb_ = p->swapped ? a.data.data() : b.data.data();
                referenceColumnMajor(*p, la_, lb_, c.data.data(), beta);
                for (int64_t i = 0; i < m; ++i)
                  for (int64_t j = 0; j < n; ++j)
                    ASSERT_EQ(c.at(i, j), expected[i * n + j])
                        << m << "x" << n << "x" << k << " layouts "
                        << static_cast<int>(la) << static_cast<int>(lb)
                        << static_cast<int>(lc) << " at " << i << "," << j;
                // The problem's own sizes match the swap.
                EXPECT_EQ(p->k, k);
                EXPECT_EQ(p->m, p->swapped ? n : m);
                ++checked;
              }
  EXPECT_EQ(checked, 3 * 3 * 3 * 64 * 2);
}

TEST(CublasLtLayout, RowMajorOutputIsTheSwappedProblem) {
  // The common case, all row-major: C^T = B^T A^T, nothing transposed.
  std::optional<Problem> p =
      mapProblem({8, 16, 16, 1}, {16, 4, 4, 1}, {8, 4, 4, 1});
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->swapped);
  EXPECT_FALSE(p->a.transpose);
  EXPECT_FALSE(p->b.transpose);
  EXPECT_EQ(p->a.ld, 4);
  EXPECT_EQ(p->b.ld, 16);
  EXPECT_EQ(p->ldc, 4);
}

TEST(CublasLtLayout, NoUnitStrideIsRefused) {
  // Every other element of every other row: no unit stride.
  EXPECT_FALSE(mapProblem({4, 4, 8, 2}, {4, 4, 4, 1}, {4, 4, 4, 1}));
  EXPECT_FALSE(mapProblem({4, 4, 4, 1}, {4, 4, 4, 1}, {4, 4, 8, 2}));
}

const char *toolkitLibDir() {
  static std::string dir = [] {
    const char *home = std::getenv("CUDA_HOME");
    return std::string(home ? home : "/usr/local/cuda") + "/lib64";
  }();
  return dir.c_str();
}

TEST(CublasLtLibrary, ToolkitLibraryHasEveryFunction) {
  std::string error;
  const Library *lib = loadLibraryFrom({toolkitLibDir()}, error);
  if (!lib && error.find("not found") != std::string::npos &&
      error.find("last error") == std::string::npos)
    GTEST_SKIP() << "no libcublasLt in " << toolkitLibDir();
  ASSERT_TRUE(lib) << error;
  EXPECT_GE(libraryVersion(*lib), 12000u);
  EXPECT_NE(libraryPath(*lib).find("libcublasLt.so"), std::string::npos);
  // CUBLAS_STATUS_NOT_SUPPORTED is 15 in cublas_api.h.
  EXPECT_NE(statusText(*lib, 15).find("CUBLAS_STATUS_NOT_SUPPORTED"),
            std::string::npos)
      << statusText(*lib, 15);
  releaseLibrary(lib);
}

TEST(CublasLtLibrary, MissingLibraryNamesThePlacesSearched) {
  std::string error;
  EXPECT_FALSE(loadLibraryFrom({"/nonexistent/a", "/nonexistent/b"}, error));
  EXPECT_NE(error.find("libcublasLt not found (searched: /nonexistent/a, "
                       "/nonexistent/b)"),
            std::string::npos)
      << error;
}

TEST(CublasLtLibrary, WrongLibraryIsRefused) {
  // A shared library that is not cuBLASLt: found, but without its
  // functions.
  std::string error;
  EXPECT_FALSE(loadLibraryFrom({"/lib/x86_64-linux-gnu/libm.so.6"}, error));
  EXPECT_NE(error.find("has no cublasLtCreate"), std::string::npos) << error;
}

TEST(CublasLtLibrary, SearchOrder) {
  setenv("REMAT_CUBLASLT", "/opt/mine", 1);
  std::vector<std::string> paths = searchPaths();
  unsetenv("REMAT_CUBLASLT");
  ASSERT_GE(paths.size(), 3u);
  EXPECT_EQ(paths[0], "/opt/mine");
  auto toolkit = std::find(paths.begin(), paths.end(), "/usr/local/cuda/lib64");
  auto loader = std::find(paths.begin(), paths.end(), "LD_LIBRARY_PATH");
  ASSERT_NE(toolkit, paths.end());
  ASSERT_NE(loader, paths.end());
  EXPECT_LT(toolkit, loader);
}

} // namespace
