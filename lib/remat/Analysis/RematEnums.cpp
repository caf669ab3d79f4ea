//===- RematEnums.cpp - the enumerated options of remat --------------------===//

#include "remat/Analysis/RematEnums.h"

#include "remat/Analysis/RematEnums.cpp.inc"
