//===- NNCost.cpp - the cost op interface of the nn ops -------------------===//
//
// FLOPs per element follow the usual counting of frameworks' profilers: a
// multiply-add is two, exp/tanh/rsqrt count as one each. The figures are
// estimates for the roofline model, not instruction counts.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/NN/NNOps.h"

#include <algorithm>

using namespace mlir;
using namespace remat;
using namespace remat::nn;

static uint64_t numel(Value v) { return getNumElements(v.getType()); }

// Elementwise ops: FLOPs per result element.
uint64_t AddOp::getFlops() { return numel(getResult()); }
uint64_t SubOp::getFlops() { return numel(getResult()); }
uint64_t MulOp::getFlops() { return numel(getResult()); }
uint64_t ReluOp::getFlops() { return numel(getResult()); }
uint64_t ScaleOp::getFlops() { return numel(getResult()); }
// 0.5 x (1 + tanh(c (x + 0.044715 x^3))): 3 mul for x^3 term, fma, mul, tanh,
// add, 2 mul.
uint64_t GeluOp::getFlops() { return saturatingMul(9, numel(getResult())); }
// Compare against the counter-based uniform, select, scale.
uint64_t DropoutOp::getFlops() { return saturatingMul(3, numel(getResult())); }
OpClass AddOp::getOpClass() { return OpClass::Elementwise; }
OpClass SubOp::getOpClass() { return OpClass::Elementwise; }
OpClass MulOp::getOpClass() { return OpClass::Elementwise; }
OpClass ReluOp::getOpClass() { return OpClass::Elementwise; }
OpClass ScaleOp::getOpClass() { return OpClass::Elementwise; }
OpClass GeluOp::getOpClass() { return OpClass::Elementwise; }
OpClass DropoutOp::getOpClass() { return OpClass::Elementwise; }

// scale, max, subtract, exp, sum, divide.
uint64_t SoftmaxOp::getFlops() { return saturatingMul(6, numel(getResult())); }
OpClass SoftmaxOp::getOpClass() { return OpClass::Reduction; }

uint64_t MatmulOp::getFlops() {
  int64_t m, n, k, batch;
  getGemmShape(m, n, k, batch);
  uint64_t flops = 2;
  for (int64_t d : {batch, m, n, k})
    flops =
        saturatingMul(flops, static_cast<uint64_t>(std::max<int64_t>(d, 0)));
  return flops;
}
OpClass MatmulOp::getOpClass() { return OpClass::Gemm; }

// mean, variance (sub, square, sum), normalize, scale and shift.
uint64_t LayerNormOp::getFlops() { return saturatingMul(8, numel(getInput())); }
OpClass LayerNormOp::getOpClass() { return OpClass::Reduction; }

uint64_t TransposeOp::getFlops() { return 0; }
OpClass TransposeOp::getOpClass() { return OpClass::Layout; }
uint64_t BroadcastOp::getFlops() { return 0; }
OpClass BroadcastOp::getOpClass() { return OpClass::Layout; }

// A reshape is a view: no kernel, no traffic.
uint64_t ReshapeOp::getFlops() { return 0; }
OpClass ReshapeOp::getOpClass() { return OpClass::View; }
uint64_t ReshapeOp::getBytesRead() { return 0; }
uint64_t ReshapeOp::getBytesWritten() { return 0; }

uint64_t ReduceSumOp::getFlops() { return numel(getInput()); }
OpClass ReduceSumOp::getOpClass() { return OpClass::Reduction; }

// log-sum-exp per row (max, sub, exp, sum, log) and the picked logit.
uint64_t CrossEntropyOp::getFlops() {
  return saturatingMul(5, numel(getLogits()));
}
OpClass CrossEntropyOp::getOpClass() { return OpClass::Reduction; }
uint64_t MseLossOp::getFlops() { return saturatingMul(3, numel(getPred())); }
OpClass MseLossOp::getOpClass() { return OpClass::Reduction; }

// dy * (d/dx of the tanh approximation): recompute tanh and its derivative.
uint64_t GeluGradOp::getFlops() {
  return saturatingMul(16, numel(getResult()));
}
OpClass GeluGradOp::getOpClass() { return OpClass::Elementwise; }
uint64_t ReluGradOp::getFlops() { return numel(getResult()); }
OpClass ReluGradOp::getOpClass() { return OpClass::Elementwise; }
// sum(dy * p), subtract, multiply, scale.
uint64_t SoftmaxGradOp::getFlops() {
  return saturatingMul(5, numel(getResult()));
}
OpClass SoftmaxGradOp::getOpClass() { return OpClass::Reduction; }
// xhat, dxhat, two row sums, dx; and the two parameter reductions.
uint64_t LayerNormGradOp::getFlops() {
  return saturatingMul(14, numel(getInput()));
}
OpClass LayerNormGradOp::getOpClass() { return OpClass::Reduction; }
// softmax again, subtract one-hot, scale.
uint64_t CrossEntropyGradOp::getFlops() {
  return saturatingMul(7, numel(getLogits()));
}
OpClass CrossEntropyGradOp::getOpClass() { return OpClass::Reduction; }
uint64_t MseLossGradOp::getFlops() {
  return saturatingMul(3, numel(getPred()));
}
OpClass MseLossGradOp::getOpClass() { return OpClass::Elementwise; }

// nn.generic carries its own figures (the verifier checked them); getFlops is
// its `flops` attribute.
OpClass GenericOp::getOpClass() {
  return parseOpClass(getCostClass()).value_or(OpClass::Elementwise);
}
uint64_t GenericOp::getBytesRead() {
  if (std::optional<uint64_t> bytes = getReadBytes())
    return *bytes;
  return getOpClass() == OpClass::View ? 0 : sumTensorBytes(getInputs());
}
uint64_t GenericOp::getBytesWritten() {
  if (std::optional<uint64_t> bytes = getWrittenBytes())
    return *bytes;
  return getOpClass() == OpClass::View ? 0 : sumTensorBytes(getOutputs());
}
