//===- JointGraph.h - forward and backward ops of a joint function -*- C++ -*-//
//
// A joint function returns the loss as its result 0. Forward ops are the
// transitive producers of result 0; all other ops are backward ops. A saved
// activation is a value defined by a forward op and used by a backward op
// (the terminator does not count: returning a value keeps it to the end in
// any case).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_JOINTGRAPH_H
#define REMAT_ANALYSIS_JOINTGRAPH_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace remat {

class JointGraph {
public:
  /// Classifies the ops of `func`. Emits an error at the function and returns
  /// nothing if it is not a single-block function with at least one result.
  static std::optional<JointGraph> build(mlir::func::FuncOp func);

  /// The ops of the body in program order, terminator last.
  llvm::ArrayRef<mlir::Operation *> getOps() const { return ops; }
  /// The top-level op of the body that holds `op`.
  mlir::Operation *getTopLevel(mlir::Operation *op) const;
  bool isForward(mlir::Operation *op) const {
    return forward.contains(getTopLevel(op));
  }
  /// Values defined by forward ops and used by backward ops, in program order.
  llvm::ArrayRef<mlir::Value> getSavedActivations() const { return saved; }

private:
  mlir::Block *body = nullptr;
  llvm::SmallVector<mlir::Operation *> ops;
  llvm::DenseSet<mlir::Operation *> forward;
  llvm::SmallVector<mlir::Value> saved;
};

/// "file:line:col" of the first file location in `loc` ("grad of nn.relu at
/// file:line:col" under --nn-autodiff's name), or its printed form; of a
/// framework's loc("<key>"("<source>")), loc("<key>") alone.
std::string formatLocation(mlir::Location loc);
/// The source a framework wrote for an op, loc("<key>"("<source>")): e.g.
/// "model.layers.3.mlp.act (aten.gelu) at model.py:42" or "flax_model.py:42
/// (tanh)"; none for other locations.
std::optional<std::string> describeSource(mlir::Location loc);
/// An op as messages name it: its source where a framework wrote one, else
/// "<formatLocation> (<op name>)".
std::string describeOpAt(mlir::Operation *op);

} // namespace remat

#endif // REMAT_ANALYSIS_JOINTGRAPH_H
