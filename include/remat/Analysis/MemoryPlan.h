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
//    (ResultBuffers::Preallocated); with ResultBuffers::Lent from the start
//    too, but a result's buffer holds temporaries that end before the result
//    is defined, as XLA's buffer assignment places them (lendResultBuffers):
//    those occupy no bytes of their own.
//  * A view (an op of class View with one operand, such as nn.reshape)
//    allocates nothing and keeps its operand's buffer live while it is live.
//    So does a destination-style op that writes its one result into a
//    donated destination (isDonatedDestination): as One-Shot Bufferize
//    makes it, tensor.empty, linalg.fill and linalg.matmul are one buffer.
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

#include <vector>

namespace remat {

class JointGraph;

/// Whether `value` is a donated destination: a tensor defined by a
/// recomputable op of the same block other than a constant, whose only use
/// is as the destination (DPS init) of a destination-style op on tensors
/// with that one result of the same type. One-Shot Bufferize writes the
/// result into the destination's buffer in place (nothing reads the
/// destination afterwards). The rewrite never reuses a donated destination
/// for a clone: a clone of its consumer gets a clone of it.
bool isDonatedDestination(mlir::Value value);

/// The operand whose buffer the results of `op` live in (they allocate
/// nothing): a view's one operand, or the donated destination of a
/// destination-style op. Null for other ops.
mlir::OpOperand *getAliasedOperand(mlir::Operation *op);

/// Whether `op`'s results alias an operand's buffer (getAliasedOperand).
bool isViewOp(mlir::Operation *op);

// ResultBuffers (RematEnums.td): when the buffers of a function's results
// start to occupy memory. Defined: at the op that defines them
// (remat-compile's executables and PyTorch's caching allocator).
// Preallocated: at the start of the function, like the arguments: XLA
// allocates a computation's output buffers before it runs. Lent: as
// preallocated, and XLA's buffer assignment lends an output's buffer to
// temporaries whose lives end before the output is written
// (lendResultBuffers); preallocated does not count that, so its peak is an
// upper bound of lent's.

/// The semantics whose peak is at most this one's for every plan of a
/// function: itself, or Defined for Lent (at any op, the temporaries lent
/// to results not yet defined take at most those results' bytes, which
/// Defined does not count there). Lower bounds are computed under it.
inline ResultBuffers getBoundingResultBuffers(ResultBuffers results) {
  return results == ResultBuffers::Lent ? ResultBuffers::Defined : results;
}

/// A buffer's life over a function's events (ops, or ops and clones), both
/// ends included, and its bytes.
struct BufferLife {
  unsigned start = 0, end = 0;
  uint64_t bytes = 0;
};

/// Which temporaries XLA's buffer assignment (BufferAssigner, with a
/// sequential schedule) places in the functions's result buffers: it
/// allocates buffers in order of decreasing size (at equal sizes results
/// first, then in program order); each result gets an allocation of its own,
/// and a temporary goes into the smallest allocation made before it (so at
/// least as large) whose buffers' lives do not overlap its own, a result's
/// lasting from its definition to the end; the others are packed apart (the
/// function's temp bytes). `results[i].start` is where result i is defined
/// (its end is ignored). Sets lent[j] for each temporary j so placed.
/// Deterministic: the order of `temps` breaks no ties that change a peak.
void lendResultBuffers(llvm::ArrayRef<BufferLife> results,
                       llvm::ArrayRef<BufferLife> temps,
                       std::vector<uint8_t> &lent);

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
