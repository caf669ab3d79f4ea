//===- MmaLayoutTest.cpp - mma.sync fragment coordinates -----------------===//
//
// remat-tiled-gemm's tensor-core kernel places each lane's fragment
// elements by remat/Conversion/MmaLayout.h. Without a GPU to run it, the
// layout is checked here against upstream MLIR's mapping for the same
// instruction (nvgpu::getLaneIdAndValueIdToOperandCoord, which MLIR's
// vector-to-GPU lowering uses): every lane, every element, A, B and C.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/MmaLayout.h"

#include "mlir/Dialect/NVGPU/Utils/MMAUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;

namespace {

/// Upstream's (row, col) of element `value` of `lane` in an operand of
/// `shape` (A: 16x16 as (row, k); B: 8x16 as (col, k); C: 16x8).
std::pair<int64_t, int64_t> upstream(MLIRContext &ctx,
                                     nvgpu::MatMulOperandRole role,
                                     ArrayRef<int64_t> shape, Type element,
                                     int64_t lane, int64_t value) {
  OpBuilder builder(&ctx);
  nvgpu::WarpMatrixInfo info{VectorType::get(shape, element), role};
  FailureOr<AffineMap> map =
      nvgpu::getLaneIdAndValueIdToOperandCoord(builder,
                                               builder.getUnknownLoc(), info);
  EXPECT_TRUE(succeeded(map));
  SmallVector<int64_t> at = map->compose({lane, value});
  return {at[0], at[1]};
}

TEST(MmaLayout, MatchesUpstreamMlir) {
  MLIRContext ctx;
  Type f16 = Float16Type::get(&ctx), f32 = Float32Type::get(&ctx);
  for (int64_t lane = 0; lane < 32; ++lane) {
    int64_t g = lane / 4, t = lane % 4;
    for (int64_t e = 0; e < 8; ++e) {
      remat::mma::Offset o = remat::mma::aOffset(e);
      EXPECT_EQ(upstream(ctx, nvgpu::MatMulOperandRole::A, {16, 16}, f16,
                         lane, e),
                std::make_pair(g + o.first, 2 * t + o.second))
          << "A, lane " << lane << ", element " << e;
    }
    for (int64_t e = 0; e < 4; ++e) {
      remat::mma::Offset o = remat::mma::bOffset(e);
      // Upstream writes B as (n, k).
      EXPECT_EQ(upstream(ctx, nvgpu::MatMulOperandRole::B, {8, 16}, f16,
                         lane, e),
                std::make_pair(g + o.second, 2 * t + o.first))
          << "B, lane " << lane << ", element " << e;
      o = remat::mma::cOffset(e);
      EXPECT_EQ(upstream(ctx, nvgpu::MatMulOperandRole::C, {16, 8}, f32,
                         lane, e),
                std::make_pair(g + o.first, 2 * t + o.second))
          << "C, lane " << lane << ", element " << e;
    }
  }
}

/// Each operand's elements over the 32 lanes cover its matrix once.
TEST(MmaLayout, EachElementOnce) {
  int seenA[16][16] = {}, seenB[16][8] = {}, seenC[16][8] = {};
  for (int64_t lane = 0; lane < 32; ++lane) {
    int64_t g = lane / 4, t = lane % 4;
    for (int64_t e = 0; e < 8; ++e) {
      remat::mma::Offset o = remat::mma::aOffset(e);
      ++seenA[g + o.first][2 * t + o.second];
    }
    for (int64_t e = 0; e < 4; ++e) {
      remat::mma::Offset b = remat::mma::bOffset(e);
      ++seenB[2 * t + b.first][g + b.second];
      remat::mma::Offset c = remat::mma::cOffset(e);
      ++seenC[g + c.first][2 * t + c.second];
    }
  }
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j)
      EXPECT_EQ(seenA[i][j], 1) << "A " << i << "," << j;
    for (int j = 0; j < 8; ++j) {
      EXPECT_EQ(seenB[i][j], 1) << "B " << i << "," << j;
      EXPECT_EQ(seenC[i][j], 1) << "C " << i << "," << j;
    }
  }
}

} // namespace
