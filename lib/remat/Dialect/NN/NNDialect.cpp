//===- NNDialect.cpp - the nn dialect -------------------------------------===//

#include "remat/Dialect/NN/NNDialect.h"
#include "remat/Dialect/NN/NNOps.h"
#include "remat/Dialect/Remat/RematDialect.h"

using namespace mlir;
using namespace remat::nn;

#include "remat/Dialect/NN/NNOpsDialect.cpp.inc"

void NNDialect::initialize() {
  // The remat attributes are written on nn ops: load their verifier with us.
  getContext()->getOrLoadDialect<remat::RematDialect>();
  addOperations<
#define GET_OP_LIST
#include "remat/Dialect/NN/NNOps.cpp.inc"
      >();
}
