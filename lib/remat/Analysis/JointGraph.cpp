//===- JointGraph.cpp - forward and backward ops of a joint function ------===//

#include "remat/Analysis/JointGraph.h"
#include "remat/Analysis/Diagnostics.h"

#include "remat/Dialect/Remat/RematDialect.h"

#include <algorithm>

using namespace mlir;
using namespace remat;

Operation *JointGraph::getTopLevel(Operation *op) const {
  return body->findAncestorOpInBlock(*op);
}

std::optional<JointGraph> JointGraph::build(func::FuncOp func) {
  if (func.isExternal() || !func.getBody().hasOneBlock()) {
    remat::emitErrorAt(func)
        << "expects a joint function with a single-block body";
    return std::nullopt;
  }
  if (func.getNumResults() == 0) {
    remat::emitErrorAt(func)
        << "expects a joint function whose result 0 is the loss, but "
           "it has no results";
    return std::nullopt;
  }
  JointGraph graph;
  graph.body = &func.getBody().front();
  for (Operation &op : *graph.body)
    graph.ops.push_back(&op);

  // Forward ops: the transitive producers of result 0 (of the first N results
  // with `remat.forward_results = N`, as a framework's joint graph returns
  // several forward outputs), including values that ops with regions capture
  // from above.
  Operation *terminator = graph.body->getTerminator();
  SmallVector<Operation *> worklist;
  auto visit = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return;
    def = graph.getTopLevel(def);
    if (def && graph.forward.insert(def).second)
      worklist.push_back(def);
  };
  // The verifier keeps the count in [1, number of results]; clamped all the
  // same for IR built without verification.
  size_t numForward = 1;
  if (auto count = func->getAttrOfType<IntegerAttr>(
          RematDialect::kForwardResultsAttrName))
    if (count.getValue().getActiveBits() <= 32 &&
        !count.getValue().isNegative())
      numForward = std::clamp<size_t>(count.getValue().getZExtValue(), 1,
                                      terminator->getNumOperands());
  for (Value result : terminator->getOperands().take_front(numForward))
    visit(result);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        visit(operand);
    });
  }

  // Saved activations: forward results with a backward user.
  for (Operation *op : graph.ops) {
    if (!graph.forward.contains(op))
      continue;
    for (Value result : op->getResults()) {
      bool usedByBackward = llvm::any_of(result.getUsers(), [&](Operation *u) {
        Operation *top = graph.getTopLevel(u);
        return top != terminator && !graph.forward.contains(top);
      });
      if (usedByBackward)
        graph.saved.push_back(result);
    }
  }
  return graph;
}

std::string remat::formatLocation(Location loc) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>()) {
    std::string text = (file.getFilename().getValue() + ":" +
                        Twine(file.getLine()) + ":" + Twine(file.getColumn()))
                           .str();
    // A name around the file location says what made the op there ("grad
    // of nn.relu": --nn-autodiff's backward ops).
    if (auto name = dyn_cast<NameLoc>(loc); name && name.getChildLoc() == file)
      return (name.getName().getValue() + " at " + text).str();
    return text;
  }
  // A framework's op, loc("<key>"("<source>")): its key, by which the
  // framework finds its value in the report (the source is
  // describeSource's).
  if (auto name = dyn_cast<NameLoc>(loc);
      name && isa<NameLoc>(name.getChildLoc()))
    loc = NameLoc::get(name.getName());
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

std::optional<std::string> remat::describeSource(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    if (auto source = dyn_cast<NameLoc>(name.getChildLoc()))
      return source.getName().str();
  return std::nullopt;
}

std::string remat::describeOpAt(Operation *op) {
  if (std::optional<std::string> source = describeSource(op->getLoc()))
    return *source;
  return formatLocation(op->getLoc()) + " (" +
         op->getName().getStringRef().str() + ")";
}
