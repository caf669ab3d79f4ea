//===- CostModelTest.cpp - the cost model and the memory plan -------------===//

#include "TestUtils.h"

#include "remat/Analysis/MemoryPlan.h"

#include "llvm/Support/JSON.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace remat;

namespace {

Operation *findOp(func::FuncOp func, StringRef name) {
  Operation *found = nullptr;
  func.walk([&](Operation *op) {
    if (!found && op->getName().getStringRef() == name)
      found = op;
  });
  return found;
}

TEST(CostModel, MatmulFlopsCountBatchAndTranspose) {
  auto ctx = test::makeContext();
  auto module = test::parse(*ctx, R"mlir(
    func.func @f(%q: tensor<2x12x128x64xbf16>, %k: tensor<2x12x128x64xbf16>) -> tensor<2x12x128x128xbf16> {
      %s = nn.matmul %q, %k {transpose_b} : tensor<2x12x128x64xbf16>, tensor<2x12x128x64xbf16> -> tensor<2x12x128x128xbf16>
      return %s : tensor<2x12x128x128xbf16>
    })mlir");
  ASSERT_TRUE(module);
  OpCost cost = getOpCost(findOp(test::firstFunc(*module), "nn.matmul"));
  EXPECT_EQ(cost.flops, 2ull * 2 * 12 * 128 * 128 * 64);
  EXPECT_EQ(cost.bytesRead, 2ull * 2 * 12 * 128 * 64 * 2);
  EXPECT_EQ(cost.bytesWritten, 2ull * 12 * 128 * 128 * 2);
  EXPECT_EQ(cost.opClass, OpClass::Gemm);
  EXPECT_TRUE(cost.recomputable);
  EXPECT_TRUE(cost.elementType.isBF16());
}

TEST(CostModel, RooflineTakesTheSlowerBoundPlusLaunch) {
  DeviceInfo h200 = *DeviceInfo::getNamed("h200");
  OpCost gemm;
  gemm.opClass = OpClass::Gemm;
  gemm.flops = 989'000'000'000'000ull; // one second of bf16 tensor-core work
  gemm.bytesRead = 1000;
  auto ctx = test::makeContext();
  Builder b(ctx.get());
  gemm.elementType = b.getBF16Type();
  EXPECT_NEAR(gemm.estimateTime(h200), 1.0 + h200.launchOverhead, 1e-9);

  OpCost copy;
  copy.opClass = OpClass::Layout;
  copy.bytesRead = copy.bytesWritten = 2'400'000'000ull; // 4.8 GB in total
  EXPECT_NEAR(copy.estimateTime(h200), 1e-3 + h200.launchOverhead, 1e-12);

  OpCost view;
  view.opClass = OpClass::View;
  view.bytesRead = 1 << 20;
  EXPECT_EQ(view.estimateTime(h200), 0.0);
}

TEST(CostModel, NamedDevicesAndRidgePoint) {
  for (StringRef name : DeviceInfo::getNames())
    EXPECT_TRUE(DeviceInfo::getNamed(name).has_value()) << name.str();
  EXPECT_FALSE(DeviceInfo::getNamed("tpu").has_value());
  DeviceInfo h200 = *DeviceInfo::getNamed("h200");
  auto ctx = test::makeContext();
  Builder b(ctx.get());
  EXPECT_NEAR(h200.ridgePoint(b.getBF16Type()), 989e12 / 4.8e12, 1e-6);
  EXPECT_NEAR(h200.ridgePoint(b.getF32Type()), 494e12 / 4.8e12, 1e-6);
}

TEST(CostModel, DeviceFromJSONNamesTheMissingField) {
  std::string error;
  auto good = llvm::json::parse(R"({"name": "x",
      "memory_bandwidth_bytes_per_s": 1e12, "launch_overhead_s": 1e-6,
      "gemm_flops_per_s": {"f32": 1e13, "f16": 2e13, "bf16": 2e13},
      "vector_flops_per_s": {"f32": 1e12, "f16": 2e12, "bf16": 2e12}})");
  ASSERT_TRUE(bool(good));
  std::optional<DeviceInfo> info = DeviceInfo::fromJSON(*good, error);
  ASSERT_TRUE(info.has_value()) << error;
  EXPECT_EQ(info->name, "x");
  EXPECT_EQ(info->gemmBF16, 2e13);

  auto bad = llvm::json::parse(R"({"memory_bandwidth_bytes_per_s": 1e12,
      "gemm_flops_per_s": {"f32": 1e13}})");
  ASSERT_TRUE(bool(bad));
  EXPECT_FALSE(DeviceInfo::fromJSON(*bad, error).has_value());
  EXPECT_EQ(error, "missing or non-positive number 'gemm_flops_per_s.f16'");
}

TEST(CostModel, ForeignOpsGetConservativeDefaults) {
  auto ctx = test::makeContext();
  auto module = test::parse(*ctx, R"mlir(
    func.func private @opaque(tensor<4x8xf32>) -> tensor<4x8xf32>
    func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
      %c = arith.constant dense<1.0> : tensor<4x8xf32>
      %y = arith.addf %x, %c : tensor<4x8xf32>
      %z = func.call @opaque(%y) : (tensor<4x8xf32>) -> tensor<4x8xf32>
      return %z : tensor<4x8xf32>
    })mlir");
  ASSERT_TRUE(module);
  func::FuncOp f = *std::next(module->getOps<func::FuncOp>().begin());
  OpCost constant = getOpCost(findOp(f, "arith.constant"));
  EXPECT_EQ(constant.flops, 0u);
  EXPECT_EQ(constant.opClass, OpClass::View); // external model: no kernel
  OpCost add = getOpCost(findOp(f, "arith.addf"));
  EXPECT_EQ(add.flops, 32u);
  EXPECT_EQ(add.bytesRead, 256u);
  EXPECT_TRUE(add.recomputable);
  OpCost call = getOpCost(findOp(f, "func.call"));
  EXPECT_FALSE(call.recomputable); // unknown side effects
}

TEST(CostModel, LinalgMatmulAndGeneric) {
  auto ctx = test::makeContext();
  auto module = test::parse(*ctx, R"mlir(
    func.func @f(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %c: tensor<8x4xf32>) -> tensor<32xf32> {
      %m = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%c : tensor<8x4xf32>) -> tensor<8x4xf32>
      %e = tensor.empty() : tensor<8x4xf32>
      %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%m : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
      ^bb0(%x: f32, %o: f32):
        %t = math.tanh %x : f32
        %y = arith.mulf %t, %x : f32
        linalg.yield %y : f32
      } -> tensor<8x4xf32>
      %v = tensor.collapse_shape %g [[0, 1]] : tensor<8x4xf32> into tensor<32xf32>
      return %v : tensor<32xf32>
    })mlir");
  ASSERT_TRUE(module);
  func::FuncOp f = test::firstFunc(*module);
  OpCost matmul = getOpCost(findOp(f, "linalg.matmul"));
  EXPECT_EQ(matmul.flops, 2u * 8 * 16 * 4);
  EXPECT_EQ(matmul.opClass, OpClass::Gemm);
  // The inputs, and the destination it accumulates into.
  EXPECT_EQ(matmul.bytesRead, (8u * 16 + 16 * 4 + 8 * 4) * 4);
  OpCost generic = getOpCost(findOp(f, "linalg.generic"));
  EXPECT_EQ(generic.flops, 2u * 32);
  EXPECT_EQ(generic.opClass, OpClass::Elementwise);
  OpCost collapse = getOpCost(findOp(f, "tensor.collapse_shape"));
  EXPECT_EQ(collapse.opClass, OpClass::View);
  // The collapse is a view: no buffer of its own. %e is donated to the
  // generic, which writes %g into it (as One-Shot Bufferize does); %c, an
  // argument, is not donated to the matmul. Peak at the generic: arguments
  // 896 + %m and %e = %g (128 each).
  EXPECT_TRUE(isViewOp(findOp(f, "tensor.collapse_shape")));
  Operation *generic_ = findOp(f, "linalg.generic");
  EXPECT_TRUE(isDonatedDestination(generic_->getOperand(1)));
  EXPECT_EQ(getAliasedOperand(generic_), &generic_->getOpOperand(1));
  EXPECT_EQ(getAliasedOperand(findOp(f, "linalg.matmul")), nullptr);
  EXPECT_EQ(MemoryPlan(f.getBody().front()).getPeakBytes(), 1152u);
}

TEST(MemoryPlan, ViewsExtendTheirOperandsBuffer) {
  auto ctx = test::makeContext();
  auto module = test::parse(*ctx, R"mlir(
    func.func @f(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
      %a = nn.relu %x : tensor<4x8xf32>
      %r = nn.reshape %a : tensor<4x8xf32> -> tensor<8x4xf32>
      %b = nn.relu %r : tensor<8x4xf32>
      return %b : tensor<8x4xf32>
    })mlir");
  ASSERT_TRUE(module);
  MemoryPlan plan(test::firstFunc(*module).getBody().front());
  EXPECT_EQ(plan.getArgumentBytes(), 128u);
  EXPECT_EQ(plan.getPeakBytes(), 384u);
  EXPECT_EQ(plan.getLiveBytes().vec(),
            (std::vector<uint64_t>{256, 256, 384, 256}));
}

// result-buffers=preallocated: the results' buffers (the roots of returned
// views, each once; a returned argument is an argument) count from the
// start, like the arguments, and not again when defined.
TEST(MemoryPlan, PreallocatedResultsAreLiveFromTheStart) {
  auto ctx = test::makeContext();
  auto module = test::parse(*ctx, R"mlir(
    func.func @f(%x: tensor<4x8xf32>) -> (tensor<8x4xf32>, tensor<4x8xf32>,
                                          tensor<4x8xf32>, tensor<4x8xf32>) {
      %a = nn.relu %x : tensor<4x8xf32>
      %b = nn.relu %a : tensor<4x8xf32>
      %c = nn.relu %b : tensor<4x8xf32>
      %r = nn.reshape %c : tensor<4x8xf32> -> tensor<8x4xf32>
      return %r, %c, %x, %c : tensor<8x4xf32>, tensor<4x8xf32>,
                              tensor<4x8xf32>, tensor<4x8xf32>
    })mlir");
  ASSERT_TRUE(module);
  Block &body = test::firstFunc(*module).getBody().front();
  MemoryPlan defined(body);
  EXPECT_EQ(defined.getBaseBytes(), 128u);
  EXPECT_EQ(defined.getLiveBytes().vec(),
            (std::vector<uint64_t>{256, 384, 384, 256, 256}));
  MemoryPlan preallocated(body, ResultBuffers::Preallocated);
  EXPECT_EQ(preallocated.getArgumentBytes(), 128u);
  EXPECT_EQ(preallocated.getBaseBytes(), 256u); // %x and %c's buffer
  EXPECT_EQ(preallocated.getLiveBytes().vec(),
            (std::vector<uint64_t>{384, 512, 384, 256, 256}));
  EXPECT_EQ(preallocated.getPeakBytes(), 512u);
  // The relu that defines %b needs %a and %b besides the base; the one that
  // defines %c only %b (%c is in the base).
  EXPECT_EQ(preallocated.getPeakLowerBound(), 512u);
  // Lent: %a ends (read by %b's relu) before %c is defined, so it lives in
  // %c's buffer; %b is read where %c is defined, so it does not.
  MemoryPlan lent(body, ResultBuffers::Lent);
  EXPECT_EQ(lent.getBaseBytes(), 256u);
  EXPECT_EQ(lent.getLiveBytes().vec(),
            (std::vector<uint64_t>{256, 384, 384, 256, 256}));
  EXPECT_EQ(lent.getPeakBytes(), 384u);
  // The bound counts as defined does: %a may be lent.
  EXPECT_EQ(lent.getPeakLowerBound(), 384u);
}

// XLA's order: temporaries largest first, each into the smallest result
// buffer at least as large whose result is defined after it ends and whose
// other temporaries' lives it does not overlap.
TEST(MemoryPlan, LendResultBuffersAsXLADoes) {
  std::vector<BufferLife> results = {{10, 0, 100}, {5, 0, 50}};
  std::vector<BufferLife> temps = {
      {0, 3, 50},  // into the 50-byte result (the smallest that fits)
      {1, 2, 40},  // the 50-byte one is taken then: into the 100-byte one
      {4, 8, 100}, // placed first (largest): into the 100-byte result
      {0, 9, 30},  // ends after the 50-byte result is defined, overlaps
                   // the 100-byte one's temporaries
      {6, 7, 200}, // larger than any result
      {2, 10, 10}, // ends where the 100-byte result is defined
  };
  std::vector<uint8_t> lent;
  lendResultBuffers(results, temps, lent);
  EXPECT_EQ(lent, (std::vector<uint8_t>{1, 1, 1, 0, 0, 0}));
  // No results: nothing is lent.
  lendResultBuffers({}, temps, lent);
  EXPECT_EQ(lent, std::vector<uint8_t>(temps.size(), 0));
}

} // namespace
