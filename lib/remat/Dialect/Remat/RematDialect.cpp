//===- RematDialect.cpp - the remat dialect -------------------------------===//
//
// The remat dialect owns and verifies the discardable attributes
// `remat.block`, `remat.policy`, on functions `remat.forward_results` and
// `remat.generated_gemm`, and on kernels `remat.accumulator` and
// `remat.epilogue`; its ops carry offloaded values to host memory and back.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/RematDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace remat;

#include "remat/Dialect/Remat/RematOpsDialect.cpp.inc"

void RematDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "remat/Dialect/Remat/RematOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "remat/Dialect/Remat/RematOps.cpp.inc"

uint64_t OffloadOp::getFlops() { return 0; }
OpClass OffloadOp::getOpClass() { return OpClass::Copy; }
uint64_t OffloadOp::getBytesRead() { return getTensorBytes(getInput()); }
uint64_t OffloadOp::getBytesWritten() { return getTensorBytes(getResult()); }
uint64_t PrefetchOp::getFlops() { return 0; }
OpClass PrefetchOp::getOpClass() { return OpClass::Copy; }
uint64_t PrefetchOp::getBytesRead() { return getTensorBytes(getInput()); }
uint64_t PrefetchOp::getBytesWritten() { return getTensorBytes(getResult()); }

LogicalResult PrefetchOp::verify() {
  if (!getInput().getDefiningOp<OffloadOp>())
    return emitOpError("operand must be the result of a 'remat.offload' "
                       "(a host tensor)");
  return success();
}

LogicalResult RematDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == kBlockAttrName) {
    auto block = dyn_cast<IntegerAttr>(attr.getValue());
    // Not i1 (a bool) and it must fit a non-negative int64_t.
    if (!block || !block.getType().isSignlessInteger() ||
        block.getType().isInteger(1) || block.getValue().isNegative() ||
        block.getValue().getActiveBits() > 63)
      return op->emitOpError("attribute '")
             << name << "' must be a non-negative integer (e.g. 3 : i64), "
             << "but got " << attr.getValue();
    return success();
  }
  if (name == kPolicyAttrName) {
    auto policy = dyn_cast<StringAttr>(attr.getValue());
    if (!policy ||
        (policy.getValue() != "save" && policy.getValue() != "recompute" &&
         policy.getValue() != "offload"))
      return op->emitOpError("attribute '")
             << name
             << "' must be \"save\", \"recompute\" or \"offload\", but got "
             << attr.getValue();
    return success();
  }
  if (name == kForwardResultsAttrName) {
    auto count = dyn_cast<IntegerAttr>(attr.getValue());
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!func)
      return op->emitOpError("attribute '")
             << name << "' belongs on a joint function";
    if (!count || !count.getType().isSignlessInteger() ||
        count.getType().isInteger(1) || count.getValue().isNegative() ||
        count.getValue().getActiveBits() > 32 || count.getInt() < 1 ||
        count.getInt() > static_cast<int64_t>(func.getNumResults()))
      return op->emitOpError("attribute '")
             << name << "' must be an integer from 1 to the number of "
             << "results (" << func.getNumResults() << "), but got "
             << attr.getValue();
    return success();
  }
  if (name == kGeneratedGemmAttrName) {
    if (!isa<FunctionOpInterface>(op) || !isa<UnitAttr>(attr.getValue()))
      return op->emitOpError("attribute '")
             << name << "' must be a unit attribute on a function";
    return success();
  }
  if (name == kAccumulatorAttrName || name == kEpilogueAttrName) {
    if (isa<FunctionOpInterface>(op) || !isa<UnitAttr>(attr.getValue()))
      return op->emitOpError("attribute '")
             << name << "' must be a unit attribute on a kernel";
    return success();
  }
  return op->emitOpError("unknown attribute '")
         << name << "' of the remat dialect; expected '" << kBlockAttrName
         << "', '" << kPolicyAttrName << "', '" << kForwardResultsAttrName
         << "', '" << kGeneratedGemmAttrName << "', '" << kAccumulatorAttrName
         << "' or '" << kEpilogueAttrName << "'";
}

PolicyOverride remat::getPolicyOverride(Operation *op) {
  auto policy = op->getAttrOfType<StringAttr>(RematDialect::kPolicyAttrName);
  if (!policy)
    return PolicyOverride::None;
  if (policy.getValue() == "save")
    return PolicyOverride::Save;
  if (policy.getValue() == "recompute")
    return PolicyOverride::Recompute;
  if (policy.getValue() == "offload")
    return PolicyOverride::Offload;
  return PolicyOverride::None;
}

std::optional<int64_t> remat::getCheckpointBlock(Operation *op) {
  auto block = op->getAttrOfType<IntegerAttr>(RematDialect::kBlockAttrName);
  if (!block || block.getValue().isNegative())
    return std::nullopt;
  return block.getInt();
}
