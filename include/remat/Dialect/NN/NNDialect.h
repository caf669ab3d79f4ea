//===- NNDialect.h - the nn dialect -----------------------------*- C++ -*-===//
#ifndef REMAT_DIALECT_NN_NNDIALECT_H
#define REMAT_DIALECT_NN_NNDIALECT_H

#include "mlir/IR/Dialect.h"

#include "remat/Dialect/NN/NNOpsDialect.h.inc"

#endif // REMAT_DIALECT_NN_NNDIALECT_H
