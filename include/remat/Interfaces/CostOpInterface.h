//===- CostOpInterface.h - FLOPs and bytes of an op -------------*- C++ -*-===//
#ifndef REMAT_INTERFACES_COSTOPINTERFACE_H
#define REMAT_INTERFACES_COSTOPINTERFACE_H

#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

#include <cstdint>

namespace remat {

/// What kind of hardware unit an op runs on, for the roofline model.
enum class OpClass {
  Gemm,        ///< matrix multiply: tensor-core rate
  Elementwise, ///< pointwise arithmetic: vector rate
  Reduction,   ///< reductions, softmax, normalization: vector rate
  Layout,      ///< data movement (transpose, broadcast): bandwidth only
  View,        ///< no kernel, no traffic (reshape)
  /// A copy over the host link on a copy stream (remat.offload,
  /// remat.prefetch): no main-stream time; what it exposes is the offload
  /// model's (OffloadModel.h). Not a class of nn.generic.
  Copy,
};

llvm::StringRef stringifyOpClass(OpClass cls);
/// The class of a name stringifyOpClass returns, or nothing.
std::optional<OpClass> parseOpClass(llvm::StringRef name);

/// Bytes of a value of static tensor type (numel * element size, with
/// sub-byte element types rounded up); 0 for anything else. Saturates at
/// UINT64_MAX when the size does not fit in 64 bits (checkSizes rejects such
/// functions before any analysis adds sizes up).
uint64_t getTensorBytes(mlir::Type type);
uint64_t getTensorBytes(mlir::Value value);
uint64_t sumTensorBytes(mlir::ValueRange values);
/// Number of elements of a static tensor type; 1 for a scalar, 0 otherwise.
/// Saturates at UINT64_MAX.
uint64_t getNumElements(mlir::Type type);
/// The saturating product of two counts (FLOPs, elements, bytes).
uint64_t saturatingMul(uint64_t a, uint64_t b);

} // namespace remat

#include "remat/Interfaces/CostOpInterface.h.inc"

#endif // REMAT_INTERFACES_COSTOPINTERFACE_H
