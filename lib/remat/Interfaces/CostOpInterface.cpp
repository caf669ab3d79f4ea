//===- CostOpInterface.cpp - FLOPs and bytes of an op ---------------------===//

#include "remat/Interfaces/CostOpInterface.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

llvm::StringRef remat::stringifyOpClass(OpClass cls) {
  switch (cls) {
  case OpClass::Gemm:
    return "gemm";
  case OpClass::Elementwise:
    return "elementwise";
  case OpClass::Reduction:
    return "reduction";
  case OpClass::Layout:
    return "layout";
  case OpClass::View:
    return "view";
  case OpClass::Copy:
    return "copy";
  }
  return "unknown";
}

std::optional<remat::OpClass> remat::parseOpClass(llvm::StringRef name) {
  for (OpClass cls : {OpClass::Gemm, OpClass::Elementwise, OpClass::Reduction,
                      OpClass::Layout, OpClass::View})
    if (name == stringifyOpClass(cls))
      return cls;
  return std::nullopt;
}

uint64_t remat::saturatingMul(uint64_t a, uint64_t b) {
  return llvm::SaturatingMultiply(a, b);
}

uint64_t remat::getNumElements(Type type) {
  auto shaped = dyn_cast<RankedTensorType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return 0;
  uint64_t n = 1;
  for (int64_t d : shaped.getShape())
    n = saturatingMul(n, static_cast<uint64_t>(d));
  return n;
}

uint64_t remat::getTensorBytes(Type type) {
  auto shaped = dyn_cast<RankedTensorType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return 0;
  Type element = shaped.getElementType();
  unsigned bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 64;
  if (auto complex = dyn_cast<ComplexType>(element))
    bits = 2 * complex.getElementType().getIntOrFloatBitWidth();
  return saturatingMul(getNumElements(type), (bits + 7) / 8);
}

uint64_t remat::getTensorBytes(Value value) {
  return getTensorBytes(value.getType());
}

uint64_t remat::sumTensorBytes(ValueRange values) {
  uint64_t total = 0;
  for (Value v : values)
    total = llvm::SaturatingAdd(total, getTensorBytes(v));
  return total;
}

#include "remat/Interfaces/CostOpInterface.cpp.inc"
