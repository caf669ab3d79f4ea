//===- NNToLinalg.cpp - nn ops to linalg on tensors -----------------------===//
//
// (Being written: each nn op gets a conversion pattern here.)
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"

#include "remat/Dialect/NN/NNOps.h"

namespace remat {
#define GEN_PASS_DEF_CONVERTNNTOLINALG
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

void remat::populateNNToLinalgPatterns(RewritePatternSet &patterns) {}

namespace {
struct ConvertNNToLinalgPass
    : public remat::impl::ConvertNNToLinalgBase<ConvertNNToLinalgPass> {
  void runOnOperation() override {
    ConversionTarget target(getContext());
    target.addIllegalDialect<nn::NNDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(&getContext());
    populateNNToLinalgPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
