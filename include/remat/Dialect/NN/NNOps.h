//===- NNOps.h - the nn dialect's ops ---------------------------*- C++ -*-===//
#ifndef REMAT_DIALECT_NN_NNOPS_H
#define REMAT_DIALECT_NN_NNOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "remat/Interfaces/CostOpInterface.h"
#include "remat/Dialect/NN/NNDialect.h"
#include "remat/Interfaces/VJPOpInterface.h"

#include <optional>

namespace remat::nn {
/// NumPy broadcast of two shapes (right-aligned; equal, 1 or missing), or
/// nothing if they are incompatible.
std::optional<llvm::SmallVector<int64_t>>
broadcastShapes(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b);
} // namespace remat::nn

#define GET_OP_CLASSES
#include "remat/Dialect/NN/NNOps.h.inc"

#endif // REMAT_DIALECT_NN_NNOPS_H
