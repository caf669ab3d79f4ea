//===- FreeAfterLastUse.cpp - free each buffer after its last use ---------===//
//
/// MLIR's ownership-based deallocation frees buffers at the end of their
/// block, so a bufferized training step would hold every activation until the
/// return. This pass frees each `memref.alloc` of a function body right after
/// the last top-level op that uses it or any of its views, which is the
/// liveness of remat's memory plan. A buffer that escapes (returned, stored,
/// passed to a call or to an op it does not understand) is not freed here.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace remat {
#define GEN_PASS_DEF_FREEAFTERLASTUSE
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

struct FreeAfterLastUsePass
    : public remat::impl::FreeAfterLastUseBase<FreeAfterLastUsePass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal() || !func.getBody().hasOneBlock())
      return;
    Block &body = func.getBody().front();
    SmallVector<memref::AllocOp> allocs;
    for (Operation &op : body)
      if (auto alloc = dyn_cast<memref::AllocOp>(op))
        allocs.push_back(alloc);
    for (memref::AllocOp alloc : allocs)
      freeAfterLastUse(alloc, body);
  }

  void freeAfterLastUse(memref::AllocOp alloc, Block &body) {
    // Walk the buffer and its views; find the last top-level user.
    Operation *last = alloc;
    SmallVector<Value> worklist{alloc.getResult()};
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      for (OpOperand &use : value.getUses()) {
        Operation *user = use.getOwner();
        if (isa<func::ReturnOp, func::CallOp, memref::DeallocOp>(user))
          return; // escapes or is already freed
        if (auto store = dyn_cast<memref::StoreOp>(user))
          if (store.getValueToStore() == value)
            return;
        if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
          if (view.getViewSource() == value)
            for (Value result : user->getResults())
              worklist.push_back(result);
        } else if (isa<memref::CastOp>(user)) {
          for (Value result : user->getResults())
            worklist.push_back(result);
        }
        Operation *top = body.findAncestorOpInBlock(*user);
        if (!top)
          return;
        if (last->isBeforeInBlock(top))
          last = top;
      }
    }
    if (last->hasTrait<OpTrait::IsTerminator>())
      return;
    OpBuilder builder(last->getContext());
    builder.setInsertionPointAfter(last);
    memref::DeallocOp::create(builder, alloc.getLoc(), alloc.getResult());
  }
};

} // namespace
