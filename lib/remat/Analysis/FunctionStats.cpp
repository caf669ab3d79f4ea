//===- FunctionStats.cpp - whole-function figures --------------------------===//

#include "remat/Analysis/FunctionStats.h"

#include "remat/Analysis/MemoryPlan.h"

using namespace mlir;
using namespace remat;

FunctionStats remat::computeFunctionStats(func::FuncOp func,
                                          const DeviceInfo &device,
                                          ResultBuffers results,
                                          const JointGraph *graph) {
  FunctionStats stats;
  Block &body = func.getBody().front();
  MemoryPlan memory(body, results);
  stats.peakBytes = memory.getPeakBytes();
  stats.hostPeakBytes = memory.getHostPeakBytes();
  stats.peakLowerBound = memory.getPeakLowerBound();
  stats.liveBytes.assign(memory.getLiveBytes().begin(),
                         memory.getLiveBytes().end());
  stats.argumentBytes = memory.getArgumentBytes();
  stats.baseBytes = memory.getBaseBytes();
  stats.results = results;
  if (graph)
    stats.savedActivationBytes = memory.getSavedActivationBytes(*graph);
  else if (std::optional<JointGraph> built = JointGraph::build(func))
    stats.savedActivationBytes = memory.getSavedActivationBytes(*built);
  func.getBody().walk([&](Operation *op) {
    if (op->hasTrait<OpTrait::IsTerminator>())
      return;
    OpCost cost = getOpCost(op);
    stats.flops += cost.flops;
    stats.estimatedTime += device.opTime(op);
  });
  return stats;
}
