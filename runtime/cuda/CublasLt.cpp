//===- CublasLt.cpp - matrix products through cuBLASLt, loaded at run time ===//
//
// The library is opened with dlopen, so that executables keep depending on
// libc, libstdc++ and libcuda only; every function is resolved with dlsym
// into a pointer of the type cublasLt.h declares (the header of the toolkit
// remat was built with), so a call that does not match the documented API
// does not compile. Every status is checked and printed with the call that
// returned it.
//
// Determinism: one algorithm per problem (types, shapes, strides, batch,
// alignment, beta = 0 or not), chosen once by the library's heuristic among
// those without a split-K reduction, and cached; the same product then gives
// the same bits under every policy.
//
//===----------------------------------------------------------------------===//

#include "remat/CublasLt.h"
#include "remat/CudaRuntime.h"

#include <cublasLt.h>

#include <dlfcn.h>
#include <glob.h>
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <tuple>

namespace remat::cublaslt {

namespace {

int64_t atLeastOne(int64_t v) { return v > 1 ? v : 1; }

/// `x` stored column-major as it is (x rows x cols) or transposed.
std::optional<ColumnMajor> columnMajor(const MatrixView &x) {
  // A dim of size 1 is never stepped along: any stride fits it.
  if ((x.rowStride == 1 || x.rows == 1) &&
      (x.cols == 1 || x.colStride >= atLeastOne(x.rows)))
    return ColumnMajor{false, x.rows, x.cols,
                       x.cols == 1 ? atLeastOne(x.rows) : x.colStride};
  if ((x.colStride == 1 || x.cols == 1) &&
      (x.rows == 1 || x.rowStride >= atLeastOne(x.cols)))
    return ColumnMajor{true, x.cols, x.rows,
                       x.rows == 1 ? atLeastOne(x.cols) : x.rowStride};
  return std::nullopt;
}

} // namespace

std::optional<Problem> mapProblem(MatrixView a, MatrixView b, MatrixView c) {
  // D must be stored as it is (cuBLASLt does not transpose its output):
  // C itself when it is column-major, else C^T = B^T A^T.
  std::optional<ColumnMajor> d = columnMajor(c);
  bool swapped = false;
  if (!d || d->transpose) {
    d = columnMajor(c.transposed());
    if (!d || d->transpose)
      return std::nullopt;
    swapped = true;
    MatrixView at = b.transposed(), bt = a.transposed();
    a = at, b = bt;
  }
  std::optional<ColumnMajor> ca = columnMajor(a), cb = columnMajor(b);
  if (!ca || !cb)
    return std::nullopt;
  return Problem{swapped, a.rows, b.cols, a.cols, *ca, *cb, d->ld};
}

std::vector<std::string> searchPaths() {
  std::vector<std::string> paths;
  if (const char *env = std::getenv("REMAT_CUBLASLT"))
    paths.push_back(env);
  for (const char *var : {"CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"})
    if (const char *root = std::getenv(var))
      paths.push_back(std::string(root) + "/lib64");
  paths.push_back("/usr/local/cuda/lib64");
  paths.push_back("LD_LIBRARY_PATH"); // the loader's own search
  // Python environments: PyTorch's and JAX's wheels bring nvidia-cublas.
  std::vector<std::string> prefixes;
  for (const char *var : {"VIRTUAL_ENV", "CONDA_PREFIX"})
    if (const char *p = std::getenv(var))
      prefixes.push_back(p);
  if (const char *home = std::getenv("HOME"))
    prefixes.push_back(std::string(home) + "/.local");
  prefixes.push_back("/usr/local");
  prefixes.push_back("/usr");
  for (const std::string &prefix : prefixes)
    for (const char *dir : {"site-packages", "dist-packages"}) {
      // nvidia-cublas-cu12 and the like: nvidia/cublas/lib; CUDA 13's
      // wheels (nvidia-cublas, as PyTorch 2.9+ installs it): nvidia/cu13/lib.
      for (const char *package : {"cublas", "cu1[0-9]"}) {
        std::string pattern = prefix + "/lib/python3*/" + dir + "/nvidia/" +
                              package + "/lib";
        glob_t g;
        if (glob(pattern.c_str(), 0, nullptr, &g) == 0)
          for (size_t i = 0; i < g.gl_pathc; ++i)
            paths.push_back(g.gl_pathv[i]);
        globfree(&g);
      }
    }
  return paths;
}

struct Library {
  void *handle = nullptr;
  std::string path;
#define REMAT_LT_FUNCTIONS(X)                                                  \
  X(cublasLtCreate)                                                            \
  X(cublasLtGetVersion)                                                        \
  X(cublasLtGetStatusName)                                                     \
  X(cublasLtGetStatusString)                                                   \
  X(cublasLtMatmulDescCreate)                                                  \
  X(cublasLtMatmulDescDestroy)                                                 \
  X(cublasLtMatmulDescSetAttribute)                                            \
  X(cublasLtMatrixLayoutCreate)                                                \
  X(cublasLtMatrixLayoutDestroy)                                               \
  X(cublasLtMatrixLayoutSetAttribute)                                          \
  X(cublasLtMatmulPreferenceCreate)                                            \
  X(cublasLtMatmulPreferenceDestroy)                                           \
  X(cublasLtMatmulPreferenceSetAttribute)                                      \
  X(cublasLtMatmulAlgoGetHeuristic)                                            \
  X(cublasLtMatmul)
#define REMAT_LT_MEMBER(name) decltype(&::name) name = nullptr;
  REMAT_LT_FUNCTIONS(REMAT_LT_MEMBER)
#undef REMAT_LT_MEMBER
};

namespace {

/// Opens `file` and resolves every function; false (with a reason) if any
/// is missing.
bool openLibrary(const std::string &file, Library &lib, std::string &why) {
  void *handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *e = dlerror();
    why = e ? e : "dlopen failed";
    return false;
  }
  Library l;
  l.handle = handle;
#define REMAT_LT_RESOLVE(name)                                                 \
  l.name = reinterpret_cast<decltype(l.name)>(dlsym(handle, #name));           \
  if (!l.name) {                                                               \
    why = file + " has no " #name;                                             \
    dlclose(handle);                                                           \
    return false;                                                              \
  }
  REMAT_LT_FUNCTIONS(REMAT_LT_RESOLVE)
#undef REMAT_LT_RESOLVE
  char resolved[4096];
  if (dlinfo(handle, RTLD_DI_ORIGIN, resolved) == 0)
    l.path = std::string(resolved) + "/" +
             file.substr(file.find_last_of('/') + 1);
  else
    l.path = file;
  lib = l;
  return true;
}

const char *const kNames[] = {"libcublasLt.so.13", "libcublasLt.so.12",
                              "libcublasLt.so"};

} // namespace

const Library *loadLibraryFrom(const std::vector<std::string> &paths,
                               std::string &error) {
  std::string searched, lastWhy;
  for (const std::string &path : paths) {
    searched += (searched.empty() ? "" : ", ") + path;
    std::vector<std::string> files;
    struct stat st;
    if (path == "LD_LIBRARY_PATH") {
      for (const char *name : kNames)
        files.push_back(name);
    } else if (stat(path.c_str(), &st) == 0 && !S_ISDIR(st.st_mode)) {
      files.push_back(path); // REMAT_CUBLASLT naming the file itself
    } else {
      for (const char *name : kNames)
        files.push_back(path + "/" + name);
    }
    for (const std::string &file : files) {
      std::string why;
      Library library;
      if (openLibrary(file, library, why))
        return new Library(library);
      // A file that exists but does not load is worth reporting.
      if (why.find("No such file") == std::string::npos)
        lastWhy = why;
    }
  }
  error = "libcublasLt not found (searched: " + searched + ")" +
          (lastWhy.empty() ? "" : "; last error: " + lastWhy);
  return nullptr;
}

const Library *loadLibrary(std::string *error) {
  static std::mutex mutex;
  static bool tried = false;
  static const Library *library = nullptr;
  static std::string failure;
  std::lock_guard<std::mutex> lock(mutex);
  if (!tried) {
    tried = true;
    library = loadLibraryFrom(searchPaths(), failure);
  }
  if (!library && error)
    *error = failure;
  return library;
}

void releaseLibrary(const Library *library) {
  // The shared library itself stays loaded: its static state (libstdc++'s
  // exception pool among it) would be freed under anything still using it.
  delete library;
}

std::string libraryPath(const Library &library) { return library.path; }
size_t libraryVersion(const Library &library) {
  return library.cublasLtGetVersion();
}
std::string statusText(const Library &library, int status) {
  auto s = static_cast<cublasStatus_t>(status);
  const char *name = library.cublasLtGetStatusName(s);
  const char *text = library.cublasLtGetStatusString(s);
  return std::string(name ? name : "unknown status") + " (" +
         std::to_string(status) + "): " + (text ? text : "no message");
}

} // namespace remat::cublaslt

using namespace remat::cublaslt;

namespace {

const Library &library() {
  std::string error;
  const Library *lib = loadLibrary(&error);
  if (!lib) {
    std::fprintf(stderr,
                 "remat CUDA runtime: error: %s; set REMAT_CUBLASLT to the "
                 "library or its folder, or compile with --gemm=generated\n",
                 error.c_str());
    std::fflush(stderr);
    std::_Exit(1);
  }
  return *lib;
}

void check(cublasStatus_t status, const char *call) {
  if (status == CUBLAS_STATUS_SUCCESS)
    return;
  std::fprintf(stderr, "remat CUDA runtime: error: %s failed: %s\n", call,
               statusText(library(), status).c_str());
  std::fflush(stderr);
  std::_Exit(1);
}

#define LT(call, ...) check(library().call(__VA_ARGS__), #call)

uint64_t workspaceSize() {
  static uint64_t size = [] {
    if (const char *env = std::getenv("REMAT_CUBLASLT_WORKSPACE")) {
      char *end = nullptr;
      unsigned long long v = std::strtoull(env, &end, 10);
      if (end && *end == '\0')
        return static_cast<uint64_t>(v);
      std::fprintf(stderr,
                   "remat CUDA runtime: error: REMAT_CUBLASLT_WORKSPACE='%s' "
                   "is not a byte count\n",
                   env);
      std::_Exit(1);
    }
    return static_cast<uint64_t>(4) << 20; // 4 MiB
  }();
  return size;
}

std::mutex mutex;
cublasLtHandle_t handle = nullptr;
void *workspace = nullptr;

/// One cached problem: descriptors and the algorithm chosen for it.
struct Plan {
  cublasLtMatmulDesc_t desc;
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatmulAlgo_t algo;
};
// (dtype, ctype, m, n, k, transposes, lds, batch, batch strides, beta == 0,
// alignments)
using Key =
    std::tuple<int, int, int64_t, int64_t, int64_t, bool, bool, int64_t,
               int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, bool,
               uint32_t, uint32_t, uint32_t>;
std::map<Key, Plan> plans;

bool tf32() {
  static bool on = std::getenv("REMAT_TF32") != nullptr;
  return on;
}

/// The largest power of two up to 16 that divides the address: the
/// heuristic needs the operands' alignment.
int alignment(const void *p) {
  auto v = reinterpret_cast<uintptr_t>(p);
  int align = 16;
  while (align > 1 && v % align)
    align /= 2;
  return align;
}

cublasLtMatrixLayout_t layout(cudaDataType type, uint64_t rows, uint64_t cols,
                              int64_t ld, int64_t batch, int64_t stride) {
  cublasLtMatrixLayout_t l;
  LT(cublasLtMatrixLayoutCreate, &l, type, rows, cols, ld);
  if (batch > 1) {
    int32_t count = static_cast<int32_t>(batch);
    LT(cublasLtMatrixLayoutSetAttribute, l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT,
       &count, sizeof(count));
    LT(cublasLtMatrixLayoutSetAttribute, l,
       CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof(stride));
  }
  return l;
}

} // namespace

extern "C" {

bool remat_cuda_gemm_available(void) {
  std::string error;
  if (loadLibrary(&error))
    return true;
  static bool said = false;
  if (!said) {
    said = true;
    std::fprintf(stderr,
                 "remat CUDA runtime: note: %s; matrix products run as "
                 "generated kernels\n",
                 error.c_str());
  }
  return false;
}

uint64_t remat_cuda_gemm_workspace_bytes(void) {
  return workspace ? workspaceSize() : 0;
}

void remat_cuda_gemm(void *stream, int32_t dtype, int32_t ctype,
                     int64_t batch0, int64_t batch1, int64_t m, int64_t n,
                     int64_t k,
                     void *a, int64_t aOffset, int64_t aRowStride,
                     int64_t aColStride, int64_t aBatch0, int64_t aBatch1,
                     void *b, int64_t bOffset, int64_t bRowStride,
                     int64_t bColStride, int64_t bBatch0, int64_t bBatch1,
                     void *c, int64_t cOffset, int64_t cRowStride,
                     int64_t cColStride, int64_t cBatch0, int64_t cBatch1,
                     float beta) {
  if (m <= 0 || n <= 0 || batch0 <= 0 || batch1 <= 0)
    return;
  if (k <= 0) {
    // remat-gemm-to-library-calls leaves empty products to the kernels.
    std::fprintf(stderr, "remat CUDA runtime: error: remat_cuda_gemm: a "
                         "product with k = %lld\n",
                 static_cast<long long>(k));
    std::_Exit(1);
  }
  if (dtype < 0 || dtype > 2) {
    std::fprintf(stderr, "remat CUDA runtime: error: remat_cuda_gemm: "
                         "unknown element type %d\n",
                 dtype);
    std::_Exit(1);
  }
  if (ctype != 0 && ctype != dtype) {
    std::fprintf(stderr, "remat CUDA runtime: error: remat_cuda_gemm: "
                         "output type %d with input type %d\n",
                 ctype, dtype);
    std::_Exit(1);
  }
  unsigned inBytes = dtype == 0 ? 4 : 2;
  cudaDataType inType =
      dtype == 0 ? CUDA_R_32F : (dtype == 1 ? CUDA_R_16F : CUDA_R_16BF);
  unsigned outBytes = ctype == 0 ? 4 : inBytes;
  cudaDataType outType = ctype == 0 ? CUDA_R_32F : inType;
  std::optional<Problem> p =
      mapProblem({m, k, aRowStride, aColStride}, {k, n, bRowStride, bColStride},
                 {m, n, cRowStride, cColStride});
  if (!p) {
    std::fprintf(stderr,
                 "remat CUDA runtime: error: a %lldx%lldx%lld matrix product "
                 "has an operand with no unit stride in a matrix dim; "
                 "compile with --gemm=generated\n",
                 static_cast<long long>(m), static_cast<long long>(n),
                 static_cast<long long>(k));
    std::_Exit(1);
  }
  char *pa = static_cast<char *>(a) + aOffset * inBytes;
  char *pb = static_cast<char *>(b) + bOffset * inBytes;
  char *pc = static_cast<char *>(c) + cOffset * outBytes;
  // In the swapped problem the library's A is our B and its B our A.
  char *la = p->swapped ? pb : pa, *lb = p->swapped ? pa : pb;
  int64_t laBatch1 = p->swapped ? bBatch1 : aBatch1;
  int64_t lbBatch1 = p->swapped ? aBatch1 : bBatch1;
  int64_t laBatch0 = p->swapped ? bBatch0 : aBatch0;
  int64_t lbBatch0 = p->swapped ? aBatch0 : bBatch0;
  // Stream 0: the runtime's step stream, where the step's kernels run.
  auto cuStream =
      static_cast<cudaStream_t>(stream ? stream : remat_cuda_step_stream());

  std::lock_guard<std::mutex> lock(mutex);
  if (!handle) {
    LT(cublasLtCreate, &handle);
    workspace = workspaceSize()
                    ? mgpuMemAlloc(workspaceSize(), nullptr, false)
                    : nullptr;
  }
  // Every matrix the call touches must have the alignment the algorithm is
  // chosen for: the first one's, and what the batch strides keep of it.
  auto batchAlignment = [&](char *base, int64_t stride0, int64_t stride1,
                            unsigned bytes) -> uint32_t {
    int a = alignment(base);
    if (batch0 > 1)
      a = std::min(a, alignment(reinterpret_cast<void *>(
                          static_cast<uintptr_t>(stride0 * bytes))));
    if (batch1 > 1)
      a = std::min(a, alignment(reinterpret_cast<void *>(
                          static_cast<uintptr_t>(stride1 * bytes))));
    return static_cast<uint32_t>(a);
  };
  uint32_t alignA = batchAlignment(la, laBatch0, laBatch1, inBytes);
  uint32_t alignB = batchAlignment(lb, lbBatch0, lbBatch1, inBytes);
  uint32_t alignC = batchAlignment(pc, cBatch0, cBatch1, outBytes);
  Key key{dtype,
          ctype,
          p->m,
          p->n,
          p->k,
          p->a.transpose,
          p->b.transpose,
          p->a.ld,
          p->b.ld,
          p->ldc,
          batch1,
          batch1 > 1 ? laBatch1 : 0,
          batch1 > 1 ? lbBatch1 : 0,
          batch1 > 1 ? cBatch1 : 0,
          beta == 0.0f,
          alignA,
          alignB,
          alignC};
  auto it = plans.find(key);
  if (it == plans.end()) {
    Plan plan;
    cublasComputeType_t compute =
        dtype == 0 && tf32() ? CUBLAS_COMPUTE_32F_FAST_TF32
                             : CUBLAS_COMPUTE_32F;
    LT(cublasLtMatmulDescCreate, &plan.desc, compute, CUDA_R_32F);
    cublasOperation_t opA = p->a.transpose ? CUBLAS_OP_T : CUBLAS_OP_N;
    cublasOperation_t opB = p->b.transpose ? CUBLAS_OP_T : CUBLAS_OP_N;
    LT(cublasLtMatmulDescSetAttribute, plan.desc, CUBLASLT_MATMUL_DESC_TRANSA,
       &opA, sizeof(opA));
    LT(cublasLtMatmulDescSetAttribute, plan.desc, CUBLASLT_MATMUL_DESC_TRANSB,
       &opB, sizeof(opB));
    plan.a = layout(inType, p->a.rows, p->a.cols, p->a.ld, batch1, laBatch1);
    plan.b = layout(inType, p->b.rows, p->b.cols, p->b.ld, batch1, lbBatch1);
    plan.c = layout(outType, p->m, p->n, p->ldc, batch1, cBatch1);

    cublasLtMatmulPreference_t pref;
    LT(cublasLtMatmulPreferenceCreate, &pref);
    uint64_t ws = workspaceSize();
    LT(cublasLtMatmulPreferenceSetAttribute, pref,
       CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof(ws));
    uint32_t scheme = CUBLASLT_REDUCTION_SCHEME_NONE;
    LT(cublasLtMatmulPreferenceSetAttribute, pref,
       CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK, &scheme, sizeof(scheme));
    LT(cublasLtMatmulPreferenceSetAttribute, pref,
       CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, &alignA, sizeof(alignA));
    LT(cublasLtMatmulPreferenceSetAttribute, pref,
       CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES, &alignB, sizeof(alignB));
    LT(cublasLtMatmulPreferenceSetAttribute, pref,
       CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, &alignC, sizeof(alignC));
    LT(cublasLtMatmulPreferenceSetAttribute, pref,
       CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES, &alignC, sizeof(alignC));
    cublasLtMatmulHeuristicResult_t result;
    int found = 0;
    LT(cublasLtMatmulAlgoGetHeuristic, handle, plan.desc, plan.a, plan.b,
       plan.c, plan.c, pref, 1, &result, &found);
    LT(cublasLtMatmulPreferenceDestroy, pref);
    if (found < 1) {
      std::fprintf(stderr,
                   "remat CUDA runtime: error: cublasLtMatmulAlgoGetHeuristic "
                   "found no algorithm for a %lldx%lldx%lld product (batch "
                   "%lld); compile with --gemm=generated\n",
                   static_cast<long long>(m), static_cast<long long>(n),
                   static_cast<long long>(k), static_cast<long long>(batch1));
      std::_Exit(1);
    }
    plan.algo = result.algo;
    it = plans.emplace(key, plan).first;
  }
  const Plan &plan = it->second;
  float alpha = 1.0f;
  // One entry of the kernel profile, as remat-compile's kernel table
  // lists the call.
  void *profiled = remat_profile_launch_begin(cuStream);
  for (int64_t i = 0; i < batch0; ++i) {
    char *ia = la + i * laBatch0 * inBytes, *ib = lb + i * lbBatch0 * inBytes;
    char *ic = pc + i * cBatch0 * outBytes;
    LT(cublasLtMatmul, handle, plan.desc, &alpha, ia, plan.a, ib, plan.b,
       &beta, ic, plan.c, ic, plan.c, &plan.algo, workspace, workspaceSize(),
       cuStream);
  }
  remat_profile_launch_end(profiled, cuStream);
}

} // extern "C"
