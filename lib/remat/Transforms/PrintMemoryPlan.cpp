//===- PrintMemoryPlan.cpp - memory plan of each function as remarks ------===//
//
/// Runs the MemoryPlan analysis on each function and reports, as remarks, the
/// peak and argument bytes, where the peak is reached, and, for joint
/// functions, each saved activation with its bytes.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/Diagnostics.h"
#include "remat/Transforms/Passes.h"

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/JointGraph.h"
#include "remat/Analysis/MemoryPlan.h"

namespace remat {
#define GEN_PASS_DEF_PRINTMEMORYPLAN
#include "remat/Transforms/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

/// " (grad of nn.relu)" where `loc` is named (the backward ops
/// --nn-autodiff makes), else "".
static std::string describeNamedLocation(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return (" (" + name.getName().getValue() + ")").str();
  return "";
}

namespace {
struct PrintMemoryPlanPass
    : public remat::impl::PrintMemoryPlanBase<PrintMemoryPlanPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    if (!func.getBody().hasOneBlock()) {
      remat::emitErrorAt(func) << "expects a function with a single-block body";
      return signalPassFailure();
    }
    if (failed(checkSizes(func)))
      return signalPassFailure();
    MemoryPlan plan(func.getBody().front());
    // Only joint functions (with a loss result) have saved activations.
    std::optional<JointGraph> graph;
    if (func.getNumResults() > 0)
      graph = JointGraph::build(func);
    // Remarks go to locations, not ops: a diagnostic on an op prints the op
    // (numbering the whole function to do so), once per remark, which made
    // this pass quadratic in the length of the function.
    InFlightDiagnostic remark = mlir::emitRemark(func.getLoc());
    remark << "peak_bytes = " << plan.getPeakBytes()
           << ", argument_bytes = " << plan.getArgumentBytes();
    if (graph)
      remark << ", saved_activation_bytes = "
             << plan.getSavedActivationBytes(*graph) << " ("
             << graph->getSavedActivations().size() << " values)";
    remark.report();
    if (Operation *peak = plan.getPeakOp())
      mlir::emitRemark(peak->getLoc())
          << "peak: " << plan.getPeakBytes() << " bytes live at "
          << peak->getName() << describeNamedLocation(peak->getLoc());
    if (!graph)
      return;
    for (Value value : graph->getSavedActivations()) {
      Operation *def = value.getDefiningOp();
      mlir::emitRemark(def->getLoc())
          << "saved activation: result "
          << cast<OpResult>(value).getResultNumber() << ", "
          << getTensorBytes(value) << " bytes";
    }
  }
};
} // namespace
