//===- StreamLibraryCalls.cpp - library calls on the step's stream --------===//
//
/// After gpu-async-region, a call of the runtime's library GEMM sits
/// between a host wait (`gpu.wait [%t]`) and the start of a new stream
/// (`%t2 = gpu.wait async`). The call is enqueued on the step stream, the
/// stream every kernel runs on (runtime/cuda/CudaRuntime.cpp), so neither is
/// needed: the wait goes, and the new stream's token becomes %t.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace remat {
#define GEN_PASS_DEF_STREAMLIBRARYCALLS
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

/// Runtime functions that enqueue their work on the step stream.
bool isStreamCall(Operation *op) {
  auto call = dyn_cast<func::CallOp>(op);
  return call && call.getCallee() == kCudaGemmFunction;
}

/// A host wait on exactly one token.
gpu::WaitOp asHostWait(Operation *op) {
  auto wait = dyn_cast_or_null<gpu::WaitOp>(op);
  if (!wait || wait.getAsyncToken() || wait.getAsyncDependencies().size() != 1)
    return nullptr;
  return wait;
}

struct StreamLibraryCallsPass
    : public remat::impl::StreamLibraryCallsBase<StreamLibraryCallsPass> {
  void runOnOperation() override {
    for (Block &block : getOperation().getBody()) {
      for (Operation *op = &block.front(); op;) {
        if (!isStreamCall(op)) {
          op = op->getNextNode();
          continue;
        }
        // The host wait in front of the call, pure ops between.
        Operation *prev = op->getPrevNode();
        while (prev && isMemoryEffectFree(prev))
          prev = prev->getPrevNode();
        gpu::WaitOp wait = asHostWait(prev);
        // The end of this run of calls: skip further calls and pure ops.
        Operation *next = op->getNextNode();
        while (next && (isStreamCall(next) ||
                        (isMemoryEffectFree(next) &&
                         !next->hasTrait<OpTrait::IsTerminator>())))
          next = next->getNextNode();
        if (wait && next) {
          auto restart = dyn_cast<gpu::WaitOp>(next);
          if (restart && restart.getAsyncToken() &&
              restart.getAsyncDependencies().empty()) {
            restart.getAsyncToken().replaceAllUsesWith(
                wait.getAsyncDependencies().front());
            next = next->getNextNode();
            restart.erase();
            wait.erase();
          } else {
            wait->moveBefore(next);
          }
        }
        op = next;
      }
    }
  }
};

} // namespace
