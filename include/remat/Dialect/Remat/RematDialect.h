//===- RematDialect.h - the remat dialect -----------------------*- C++ -*-===//
#ifndef REMAT_DIALECT_REMAT_REMATDIALECT_H
#define REMAT_DIALECT_REMAT_REMATDIALECT_H

#include "mlir/IR/Dialect.h"
#include "mlir/IR/Operation.h"

#include <optional>

#include "remat/Interfaces/CostOpInterface.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "remat/Dialect/Remat/RematOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "remat/Dialect/Remat/RematOps.h.inc"

namespace remat {
/// The user's override on an op, from its `remat.policy` attribute.
enum class PolicyOverride { None, Save, Recompute, Offload };
PolicyOverride getPolicyOverride(mlir::Operation *op);
/// The op's checkpoint block, from its `remat.block` attribute.
std::optional<int64_t> getCheckpointBlock(mlir::Operation *op);
} // namespace remat

#endif // REMAT_DIALECT_REMAT_REMATDIALECT_H
