//===- RematEnums.h - the enumerated options of remat -----------*- C++ -*-===//
//
// Policy, SolverMethod, Certificate and ResultBuffers with their generated
// symbolize/stringify functions (RematEnums.td), and the command-line parser
// that makes each of them a typed pass option: a value outside the enum is
// one error that lists the valid spellings.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_REMATENUMS_H
#define REMAT_ANALYSIS_REMATENUMS_H

#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>
#include <string>

#include "remat/Analysis/RematEnums.h.inc"

namespace remat {

/// The spellings of every value of `E`, "a, b or c" (the enums' values are
/// numbered from 0 without holes).
template <typename E>
std::string listEnumValues() {
  std::string text;
  llvm::SmallVector<llvm::StringRef> names;
  for (uint32_t i = 0;; ++i) {
    llvm::StringRef name = stringifyEnum(static_cast<E>(i));
    if (name.empty())
      break;
    names.push_back(name);
  }
  for (size_t i = 0; i < names.size(); ++i) {
    if (i)
      text += i + 1 == names.size() ? " or " : ", ";
    text += names[i].str();
  }
  return text;
}

/// `text` as a value of `E`, in either spelling: the canonical one
/// ("dots-no-batch") or with underscores and any case ("dots_no_batch",
/// JAX's and PyTorch's habit).
template <typename E> std::optional<E> parseEnumName(llvm::StringRef text) {
  if (std::optional<E> parsed = symbolizeEnum<E>(text))
    return parsed;
  std::string normal = text.trim().lower();
  std::replace(normal.begin(), normal.end(), '_', '-');
  return symbolizeEnum<E>(normal);
}

/// The command-line parser of an enum option.
template <typename E>
class EnumOptionParser : public llvm::cl::basic_parser<E> {
public:
  using llvm::cl::basic_parser<E>::basic_parser;

  bool parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg,
             E &value) {
    if (std::optional<E> parsed = parseEnumName<E>(arg)) {
      value = *parsed;
      return false;
    }
    return option.error("unknown value '" + arg + "'; expected " +
                        listEnumValues<E>());
  }
  static void print(llvm::raw_ostream &os, const E &value) {
    os << stringifyEnum(value);
  }
  llvm::StringRef getValueName() const override { return "value"; }
  void printOptionDiff(const llvm::cl::Option &option, E value,
                       const llvm::cl::OptionValue<E> &defaultValue,
                       size_t globalWidth) const {
    this->printOptionName(option, globalWidth);
    llvm::outs() << "= " << stringifyEnum(value);
    if (defaultValue.hasValue())
      llvm::outs() << " (default: " << stringifyEnum(defaultValue.getValue())
                   << ")";
    llvm::outs() << "\n";
  }
};

} // namespace remat

namespace llvm::cl {
template <>
class parser<remat::Policy> : public remat::EnumOptionParser<remat::Policy> {
  using EnumOptionParser::EnumOptionParser;
};
template <>
class parser<remat::SolverMethod>
    : public remat::EnumOptionParser<remat::SolverMethod> {
  using EnumOptionParser::EnumOptionParser;
};
template <>
class parser<remat::Certificate>
    : public remat::EnumOptionParser<remat::Certificate> {
  using EnumOptionParser::EnumOptionParser;
};
template <>
class parser<remat::ResultBuffers>
    : public remat::EnumOptionParser<remat::ResultBuffers> {
  using EnumOptionParser::EnumOptionParser;
};
} // namespace llvm::cl

#endif // REMAT_ANALYSIS_REMATENUMS_H
