//===- VJPOpInterface.cpp - vector-Jacobian products ----------------------===//

#include "remat/Interfaces/VJPOpInterface.h"

#include "remat/Interfaces/VJPOpInterface.cpp.inc"
