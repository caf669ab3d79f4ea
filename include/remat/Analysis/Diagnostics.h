//===- Diagnostics.h - errors that name a function by its location -*- C++ -*-//
#ifndef REMAT_ANALYSIS_DIAGNOSTICS_H
#define REMAT_ANALYSIS_DIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace remat {

/// An error at `op`. A function is named by its location alone: an op's
/// diagnostic otherwise carries a note that prints the op (MLIR's
/// -mlir-print-op-on-diagnostic default), here the whole function, which
/// buries the message. Other ops are printed as usual.
inline mlir::InFlightDiagnostic emitErrorAt(mlir::Operation *op) {
  if (llvm::isa<mlir::FunctionOpInterface>(op))
    return mlir::emitError(op->getLoc());
  return op->emitError();
}

} // namespace remat

#endif // REMAT_ANALYSIS_DIAGNOSTICS_H
