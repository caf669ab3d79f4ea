//===- Debug.h - LLVM_DEBUG that works on a release LLVM --------*- C++ -*-===//
//
// remat's planner, simulator and bounds print what they do with LLVM_DEBUG
// under DEBUG_TYPE "remat-planner", "remat-simulator" and "remat-bounds",
// shown by `-debug-only=<type>` (or `-debug` for all) as in any LLVM tool.
// Release builds of LLVM (Debian's among them) compile LLVM_DEBUG away and
// register neither option, though libLLVM keeps the flag and the type
// filter. Included instead of llvm/Support/Debug.h, this header keeps
// LLVM_DEBUG in remat's own code (one load of llvm::DebugFlag when off), and
// registerDebugOptions() gives a tool the two options where LLVM has none.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_DEBUG_H
#define REMAT_ANALYSIS_DEBUG_H

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"

#include <string>
#include <vector>

#ifdef NDEBUG
#undef isCurrentDebugType
#undef setCurrentDebugType
#undef setCurrentDebugTypes
#undef DEBUG_WITH_TYPE
namespace llvm {
// Defined in libLLVM whatever NDEBUG was there; declared by Debug.h only
// without NDEBUG.
bool isCurrentDebugType(const char *Type, int Level);
void setCurrentDebugTypes(const char **Types, unsigned Count);
} // namespace llvm
#define DEBUG_WITH_TYPE(TYPE, ...)                                             \
  do {                                                                         \
    if (::llvm::DebugFlag && ::llvm::isCurrentDebugType(TYPE, 1)) {            \
      __VA_ARGS__;                                                             \
    }                                                                          \
  } while (false)
#endif

namespace remat {

/// Registers -debug and -debug-only=<type,...> unless LLVM already has them.
/// Call before the command line is parsed.
inline void registerDebugOptions() {
  if (llvm::cl::getRegisteredOptions().count("debug-only"))
    return;
  static std::vector<std::string> types;
  static std::vector<const char *> typePointers;
  static llvm::cl::opt<bool, /*ExternalStorage=*/true> debug(
      "debug", llvm::cl::desc("Print all of remat's debug output"),
      llvm::cl::Hidden, llvm::cl::location(llvm::DebugFlag));
  static llvm::cl::list<std::string> debugOnly(
      "debug-only",
      llvm::cl::desc("Print the debug output of these types only "
                     "(remat-planner, remat-simulator, remat-bounds)"),
      llvm::cl::Hidden, llvm::cl::CommaSeparated,
      llvm::cl::callback([](const std::string &type) {
        types.push_back(type);
        typePointers.clear();
        for (const std::string &t : types)
          typePointers.push_back(t.c_str());
        llvm::DebugFlag = true;
        llvm::setCurrentDebugTypes(typePointers.data(), typePointers.size());
      }));
}

} // namespace remat

#endif // REMAT_ANALYSIS_DEBUG_H
