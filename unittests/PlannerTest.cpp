//===- PlannerTest.cpp - the rematerialization planner --------------------===//

#include "TestUtils.h"

#include "remat/Analysis/JointGraph.h"
#include "remat/Analysis/RecomputeChains.h"
#include "remat/Transforms/RematPlanner.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace remat;

namespace {

// One attention head over K=1024 projections, in one checkpoint block.
constexpr const char *kAttention = R"mlir(
func.func @attention(%x: tensor<256x1024xf32>, %wq: tensor<1024x64xf32>, %wk: tensor<1024x64xf32>, %wv: tensor<1024x64xf32>, %t: tensor<256x64xf32>)
    -> (tensor<f32>, tensor<1024x64xf32>, tensor<1024x64xf32>, tensor<1024x64xf32>) {
  %q = nn.matmul %x, %wq {remat.block = 0 : i64} : tensor<256x1024xf32>, tensor<1024x64xf32> -> tensor<256x64xf32>
  %k = nn.matmul %x, %wk {remat.block = 0 : i64} : tensor<256x1024xf32>, tensor<1024x64xf32> -> tensor<256x64xf32>
  %v = nn.matmul %x, %wv {remat.block = 0 : i64} : tensor<256x1024xf32>, tensor<1024x64xf32> -> tensor<256x64xf32>
  %s = nn.matmul %q, %k {transpose_b, remat.block = 0 : i64} : tensor<256x64xf32>, tensor<256x64xf32> -> tensor<256x256xf32>
  %p = nn.softmax %s {scale = 1.250000e-01 : f32, causal, remat.block = 0 : i64} : tensor<256x256xf32>
  %pd = nn.dropout %p {rate = 1.000000e-01 : f32, seed = 7 : i64, remat.block = 0 : i64} : tensor<256x256xf32>
  %c = nn.matmul %pd, %v {remat.block = 0 : i64} : tensor<256x256xf32>, tensor<256x64xf32> -> tensor<256x64xf32>
  %l = nn.mse_loss %c, %t : tensor<256x64xf32>, tensor<256x64xf32> -> tensor<f32>
  %one = arith.constant dense<1.000000e+00> : tensor<f32>
  %dc = nn.mse_loss_grad %c, %t, %one : tensor<256x64xf32>, tensor<256x64xf32>, tensor<f32> -> tensor<256x64xf32>
  %dpd = nn.matmul %dc, %v {transpose_b} : tensor<256x64xf32>, tensor<256x64xf32> -> tensor<256x256xf32>
  %dv = nn.matmul %pd, %dc {transpose_a} : tensor<256x256xf32>, tensor<256x64xf32> -> tensor<256x64xf32>
  %dp = nn.dropout %dpd {rate = 1.000000e-01 : f32, seed = 7 : i64} : tensor<256x256xf32>
  %ds = nn.softmax_grad %dp, %p {scale = 1.250000e-01 : f32} : tensor<256x256xf32>
  %dq = nn.matmul %ds, %k : tensor<256x256xf32>, tensor<256x64xf32> -> tensor<256x64xf32>
  %dk = nn.matmul %ds, %q {transpose_a} : tensor<256x256xf32>, tensor<256x64xf32> -> tensor<256x64xf32>
  %dwq = nn.matmul %x, %dq {transpose_a} : tensor<256x1024xf32>, tensor<256x64xf32> -> tensor<1024x64xf32>
  %dwk = nn.matmul %x, %dk {transpose_a} : tensor<256x1024xf32>, tensor<256x64xf32> -> tensor<1024x64xf32>
  %dwv = nn.matmul %x, %dv {transpose_a} : tensor<256x1024xf32>, tensor<256x64xf32> -> tensor<1024x64xf32>
  return %l, %dwq, %dwk, %dwv : tensor<f32>, tensor<1024x64xf32>, tensor<1024x64xf32>, tensor<1024x64xf32>
})mlir";

struct PlannerTest : ::testing::Test {
  void SetUp() override {
    ctx = test::makeContext();
    module = test::parse(*ctx, kAttention);
    ASSERT_TRUE(module);
    func = test::firstFunc(*module);
    graph = JointGraph::build(func);
    ASSERT_TRUE(graph.has_value());
  }

  /// The decisions as "op:recompute|save" strings in program order.
  std::vector<std::string> decide(Policy policy) {
    PlannerOptions options;
    options.policy = policy;
    options.device = *DeviceInfo::getNamed("h200");
    // (The policies' rules as stated: on this one attention head they peak
    // at policy none's peak, where skip-useless would take none's plan.)
    options.skipUseless = false;
    std::optional<RematPlan> plan =
        planRematerialization(func, *graph, options);
    EXPECT_TRUE(plan.has_value());
    std::vector<std::string> out;
    for (const Decision &d : plan->report.decisions)
      out.push_back(d.value.getDefiningOp()->getName().getStringRef().str() +
                    (d.recompute ? ":recompute" : ":save"));
    return out;
  }

  std::unique_ptr<MLIRContext> ctx;
  OwningOpRef<ModuleOp> module;
  func::FuncOp func;
  std::optional<JointGraph> graph;
};

TEST_F(PlannerTest, ClassifiesForwardOpsAndSavedActivations) {
  // q, k, v, p, pd and c feed the loss and are used by backward ops.
  EXPECT_EQ(graph->getSavedActivations().size(), 6u);
  unsigned forward = llvm::count_if(
      graph->getOps(), [&](Operation *op) { return graph->isForward(op); });
  EXPECT_EQ(forward, 8u); // 7 ops of the block and the loss
}

TEST_F(PlannerTest, NoneKeepsEverything) {
  for (const std::string &d : decide(Policy::None))
    EXPECT_TRUE(StringRef(d).ends_with(":save")) << d;
}

TEST_F(PlannerTest, SelectiveRecomputesTheAttentionCore) {
  EXPECT_EQ(
      decide(Policy::Selective),
      (std::vector<std::string>{"nn.matmul:save", "nn.matmul:save",
                                "nn.matmul:save", "nn.softmax:recompute",
                                "nn.dropout:recompute", "nn.matmul:save"}));
}

TEST_F(PlannerTest, FullKeepsOnlyTheBlockOutput) {
  EXPECT_EQ(
      decide(Policy::Full),
      (std::vector<std::string>{"nn.matmul:recompute", "nn.matmul:recompute",
                                "nn.matmul:recompute", "nn.softmax:recompute",
                                "nn.dropout:recompute", "nn.matmul:save"}));
}

TEST_F(PlannerTest, ChainStopsAtAvailableValues) {
  // The dropout output's chain with q, k available: QK^T, softmax, dropout.
  Value pd = graph->getSavedActivations()[4];
  Value q = graph->getSavedActivations()[0],
        k = graph->getSavedActivations()[1];
  llvm::SetVector<Operation *> chain;
  Value blocker;
  ASSERT_TRUE(collectRecomputeChain(
      pd, [&](Value v) { return v == q || v == k; },
      [](Operation *) { return false; }, *graph, chain, blocker));
  std::vector<std::string> names;
  for (Operation *op : chain)
    names.push_back(op->getName().getStringRef().str());
  EXPECT_EQ(names, (std::vector<std::string>{"nn.matmul", "nn.softmax",
                                             "nn.dropout"}));
}

} // namespace
