//===- VJPOpInterface.h - vector-Jacobian products --------------*- C++ -*-===//
#ifndef REMAT_TRANSFORMS_VJPOPINTERFACE_H
#define REMAT_TRANSFORMS_VJPOPINTERFACE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"

#include "remat/Transforms/VJPOpInterface.h.inc"

#endif // REMAT_TRANSFORMS_VJPOPINTERFACE_H
