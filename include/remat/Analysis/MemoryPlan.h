//===- MemoryPlan.h - liveness and peak bytes of a function -----*- C++ -*-===//
//
// The memory semantics shared by the pass, the report and the tests:
//
//  * Ops execute in program order. A tensor value occupies numel * element
//    size bytes from the op that defines it through its last use; during an op
//    its operands and results are live together.
//  * Function arguments are live throughout; function results to the end,
//    from the op that defines them (ResultBuffers::Defined) or, as XLA
//    allocates a computation's outputs before it runs, from the start
//    (ResultBuffers::Preallocated).
//  * A view (an op of class View with one operand, such as nn.reshape)
//    allocates nothing and keeps its operand's buffer live while it is live.
//  * Peak bytes is the maximum over ops of the bytes live at that op,
//    arguments included.
//  * The results of remat.offload are host buffers: they count towards the
//    host peak (the same semantics over host bytes), not the device bytes.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_MEMORYPLAN_H
#define REMAT_ANALYSIS_MEMORYPLAN_H

#include "remat/Analysis/RematEnums.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace remat {

class JointGraph;

/// Whether `op` is a view of its single operand (allocates nothing).
bool isViewOp(mlir::Operation *op);

// ResultBuffers (RematEnums.td): when the buffers of a function's results
// start to occupy memory. Defined: at the op that defines them
// (remat-compile's executables and PyTorch's caching allocator).
// Preallocated: at the start of the function, like the arguments: XLA
// allocates a computation's output buffers before it runs. (XLA may also
// lend an output buffer to temporaries until the output is written; that is
// not counted, so the peak is an upper bound of XLA's temp plus outputs.)

class MemoryPlan {
public:
  /// Plans the top-level ops of `block` (a function body).
  explicit MemoryPlan(mlir::Block &block,
                      ResultBuffers results = ResultBuffers::Defined);

  uint64_t getPeakBytes() const { return peakBytes; }
  /// The most bytes of host buffers (remat.offload's results) live at once.
  uint64_t getHostPeakBytes() const { return hostPeakBytes; }
  uint64_t getArgumentBytes() const { return argumentBytes; }
  /// Bytes live throughout: the arguments, and with preallocated results
  /// the results' buffers.
  uint64_t getBaseBytes() const { return baseBytes; }
  /// The first op at which the peak is reached (null for an empty body).
  mlir::Operation *getPeakOp() const { return peakOp; }
  /// Bytes live at each top-level op, in program order.
  llvm::ArrayRef<uint64_t> getLiveBytes() const { return liveBytes; }
  /// A peak no rematerialization of the block can go below: the base bytes
  /// (live throughout) plus, at the op where that is largest, the distinct
  /// buffers of its operands and results, which are all live while it runs
  /// (the terminator counts its operands). Every op of the block runs in any
  /// plan, once or more.
  uint64_t getPeakLowerBound() const { return peakLowerBound; }
  /// The buffer a value lives in: the value itself, or the root of its views.
  mlir::Value getBuffer(mlir::Value value) const;

  /// Bytes of the distinct non-argument buffers of the saved activations of
  /// `graph` (views of one buffer count once).
  uint64_t getSavedActivationBytes(const JointGraph &graph) const;

private:
  uint64_t peakBytes = 0;
  uint64_t hostPeakBytes = 0;
  uint64_t peakLowerBound = 0;
  uint64_t argumentBytes = 0;
  uint64_t baseBytes = 0;
  mlir::Operation *peakOp = nullptr;
  llvm::SmallVector<uint64_t> liveBytes;
  llvm::DenseMap<mlir::Value, mlir::Value> bufferOf;
};

} // namespace remat

#endif // REMAT_ANALYSIS_MEMORYPLAN_H
