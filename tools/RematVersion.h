//===- RematVersion.h - remat's version in the tools' --version -*- C++ -*-===//
//
// REMAT_VERSION (python/remat/_version.py) and REMAT_COMMIT (git describe
// at configure time) come from CMake (tools/CMakeLists.txt).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_TOOLS_REMATVERSION_H
#define REMAT_TOOLS_REMATVERSION_H

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#ifndef REMAT_VERSION
#define REMAT_VERSION "unknown"
#endif
#ifndef REMAT_COMMIT
#define REMAT_COMMIT "unknown"
#endif

namespace remat {
/// `--version` prints remat's version and commit, then the LLVM it is
/// built with.
inline void registerVersionPrinter() {
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "remat " REMAT_VERSION " (commit " REMAT_COMMIT ")\n"
       << "  built with LLVM/MLIR " LLVM_VERSION_STRING "\n";
  });
}
} // namespace remat

#endif // REMAT_TOOLS_REMATVERSION_H
