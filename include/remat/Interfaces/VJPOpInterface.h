//===- VJPOpInterface.h - vector-Jacobian products --------------*- C++ -*-===//
#ifndef REMAT_INTERFACES_VJPOPINTERFACE_H
#define REMAT_INTERFACES_VJPOPINTERFACE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"

#include "remat/Interfaces/VJPOpInterface.h.inc"

#endif // REMAT_INTERFACES_VJPOPINTERFACE_H
