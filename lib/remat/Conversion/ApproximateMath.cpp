//===- ApproximateMath.cpp - math functions as vectorizable polynomials ---===//
//
/// Replaces f32 `math.exp`, `math.tanh`, `math.log`, `math.log1p`,
/// `math.expm1` and `math.erf` with upstream MLIR's polynomial
/// approximations (arith ops, math.fma and bit manipulation). A libm call
/// keeps LLVM from vectorizing the loop around it; a GELU or softmax kernel
/// of arithmetic alone vectorizes. The approximations are within a few ulp
/// of libm; the same op always becomes the same code, so results stay
/// bit-identical across policies.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"

#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace remat {
#define GEN_PASS_DEF_APPROXIMATEMATH
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

struct ApproximateMathPass
    : public remat::impl::ApproximateMathBase<ApproximateMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
      // The predicate sees operation names (math.tanh).
      name.consume_front("math.");
      return llvm::is_contained({"exp", "tanh", "log", "log1p", "expm1", "erf"},
                                name);
    });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
