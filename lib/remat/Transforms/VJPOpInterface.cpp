//===- VJPOpInterface.cpp - vector-Jacobian products ----------------------===//

#include "remat/Transforms/VJPOpInterface.h"

#include "remat/Transforms/VJPOpInterface.cpp.inc"
