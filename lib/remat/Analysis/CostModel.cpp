//===- CostModel.cpp - roofline cost of ops on a device -------------------===//

#include "remat/Analysis/CostModel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace remat;

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

static double pick(Type t, double f32, double f16, double bf16) {
  if (t && t.isF16())
    return f16;
  if (t && t.isBF16())
    return bf16;
  return f32;
}

double DeviceInfo::peakFlops(OpClass cls, Type elementType) const {
  if (cls == OpClass::Gemm)
    return pick(elementType, gemmF32, gemmF16, gemmBF16);
  return pick(elementType, vectorF32, vectorF16, vectorBF16);
}

double DeviceInfo::ridgePoint(Type elementType) const {
  return peakFlops(OpClass::Gemm, elementType) / bandwidth;
}

namespace {
struct NamedDevice {
  const char *name;
  double bandwidth, launch, gemmF32, gemmF16, gemmBF16, vecF32, vecF16, vecBF16;
  /// Host link: bytes/s host to device and device to host, seconds per copy.
  double h2d, d2h, linkLatency;
};
// Published dense peaks (SXM parts). GEMM f32 is TF32 on tensor cores, as
// XLA and cuBLAS with TF32 math run it.
constexpr NamedDevice kDevices[] = {
// Host links: PCIe Gen5 x16 (H100/H200 SXM: 64 GB/s per direction raw,
// about 55 GB/s reached by pinned copies), PCIe Gen4 x16 (A100: about 25),
// NVLink-C2C (GH200: 450 GB/s per direction); 5 us per copy on PCIe (the
// launch and DMA setup of a cuMemcpyAsync), 2 us over C2C.
    {"h200", 4.8e12, 3e-6, 494e12, 989e12, 989e12, 67e12, 134e12, 134e12,
     55e9, 55e9, 5e-6},
    {"h100", 3.35e12, 3e-6, 494e12, 989e12, 989e12, 67e12, 134e12, 134e12,
     55e9, 55e9, 5e-6},
    // GH200 (96 GB HBM3): H100's rates, the Grace CPU's memory over C2C.
    {"gh200", 4.0e12, 3e-6, 494e12, 989e12, 989e12, 67e12, 134e12, 134e12,
     450e9, 450e9, 2e-6},
    {"a100", 2.039e12, 4e-6, 156e12, 312e12, 312e12, 19.5e12, 78e12, 78e12,
     25e9, 25e9, 5e-6},
    // What remat-compile's CPU executables reach on one core of the
    // project's 2-core AVX-512 machine: f32 GEMMs in OpenBLAS, f16/bf16
    // GEMMs and all other ops in generated loops; the per-op overhead is
    // the call and timer of an empty op. Measured with
    // benchmarks/calibrate_cpu.py (docs/CostModel.md).
    // No host link: the device is the host.
    {"cpu", 3.08e10, 2.7e-8, 8.46e10, 2.35e9, 2.35e9, 2.73e9, 2.4e9, 2.4e9,
     0, 0, 0},
};
} // namespace

ArrayRef<StringRef> DeviceInfo::getNames() {
  static const StringRef names[] = {"h200", "h100", "gh200", "a100", "cpu"};
  return names;
}

std::optional<DeviceInfo> DeviceInfo::getNamed(StringRef name) {
  for (const NamedDevice &d : kDevices) {
    if (name != d.name)
      continue;
    DeviceInfo info;
    info.name = d.name;
    info.bandwidth = d.bandwidth;
    info.launchOverhead = d.launch;
    info.gemmF32 = d.gemmF32;
    info.gemmF16 = d.gemmF16;
    info.gemmBF16 = d.gemmBF16;
    info.vectorF32 = d.vecF32;
    info.vectorF16 = d.vecF16;
    info.vectorBF16 = d.vecBF16;
    info.hostToDevice = d.h2d;
    info.deviceToHost = d.d2h;
    info.hostLinkLatency = d.linkLatency;
    return info;
  }
  return std::nullopt;
}

std::optional<DeviceInfo> DeviceInfo::fromJSON(const llvm::json::Value &json,
                                               std::string &error) {
  const llvm::json::Object *obj = json.getAsObject();
  if (!obj) {
    error = "a device description must be a JSON object";
    return std::nullopt;
  }
  DeviceInfo info;
  auto number = [&](const llvm::json::Object *o, StringRef key, StringRef where,
                    double &out) {
    std::optional<double> v = o ? o->getNumber(key) : std::nullopt;
    if (!v || !(*v > 0)) {
      error = ("missing or non-positive number '" + where + key + "'").str();
      return false;
    }
    // Rates below one per second (or infinite) make estimated times
    // overflow.
    if (!(*v >= 1) || !std::isfinite(*v)) {
      error = ("'" + where + key +
               "' must be a finite rate of at least 1 "
               "per second")
                  .str();
      return false;
    }
    out = *v;
    return true;
  };
  std::optional<StringRef> name = obj->getString("name");
  info.name = name ? name->str() : "custom";
  if (!number(obj, "memory_bandwidth_bytes_per_s", "", info.bandwidth))
    return std::nullopt;
  info.launchOverhead = obj->getNumber("launch_overhead_s").value_or(0.0);
  if (!(info.launchOverhead >= 0 && info.launchOverhead <= 1)) {
    error = "'launch_overhead_s' must be between 0 and 1 second";
    return std::nullopt;
  }
  const llvm::json::Object *gemm = obj->getObject("gemm_flops_per_s");
  const llvm::json::Object *vec = obj->getObject("vector_flops_per_s");
  if (!number(gemm, "f32", "gemm_flops_per_s.", info.gemmF32) ||
      !number(gemm, "f16", "gemm_flops_per_s.", info.gemmF16) ||
      !number(gemm, "bf16", "gemm_flops_per_s.", info.gemmBF16) ||
      !number(vec, "f32", "vector_flops_per_s.", info.vectorF32) ||
      !number(vec, "f16", "vector_flops_per_s.", info.vectorF16) ||
      !number(vec, "bf16", "vector_flops_per_s.", info.vectorBF16))
    return std::nullopt;
  // Optional: "host_link": {"h2d_bytes_per_s", "d2h_bytes_per_s",
  // "latency_s"}; without it the device has no host link.
  if (const llvm::json::Value *link = obj->get("host_link")) {
    const llvm::json::Object *l = link->getAsObject();
    if (!l) {
      error = "'host_link' must be an object";
      return std::nullopt;
    }
    if (!number(l, "h2d_bytes_per_s", "host_link.", info.hostToDevice) ||
        !number(l, "d2h_bytes_per_s", "host_link.", info.deviceToHost))
      return std::nullopt;
    info.hostLinkLatency = l->getNumber("latency_s").value_or(0.0);
    if (!(info.hostLinkLatency >= 0 && info.hostLinkLatency <= 1)) {
      error = "'host_link.latency_s' must be between 0 and 1 second";
      return std::nullopt;
    }
  }
  return info;
}

std::optional<DeviceInfo> DeviceInfo::loadFile(StringRef path,
                                               std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    error = "cannot read device file '" + path.str() +
            "': " + buffer.getError().message();
    return std::nullopt;
  }
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse((*buffer)->getBuffer());
  if (!json) {
    error = "device file '" + path.str() +
            "' is not valid JSON: " + llvm::toString(json.takeError());
    return std::nullopt;
  }
  std::optional<DeviceInfo> info = fromJSON(*json, error);
  if (!info)
    error = "device file '" + path.str() + "': " + error;
  return info;
}

//===----------------------------------------------------------------------===//
// Cost profiles
//===----------------------------------------------------------------------===//

std::string remat::costProfileKey(Operation *op) {
  std::string key;
  llvm::raw_string_ostream os(key);
  os << op->getName() << "(";
  llvm::interleaveComma(op->getOperandTypes(), os);
  os << ") -> (";
  llvm::interleaveComma(op->getResultTypes(), os);
  os << ")";
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : op->getAttrs())
    if (!attr.getName().strref().starts_with("remat."))
      attrs.push_back(attr);
  if (!attrs.empty()) {
    os << " {";
    llvm::interleaveComma(attrs, os, [&](NamedAttribute attr) {
      os << attr.getName().strref();
      if (!isa<UnitAttr>(attr.getValue()))
        os << " = " << attr.getValue();
    });
    os << "}";
  }
  return key;
}

std::shared_ptr<const CostProfile> CostProfile::loadFile(StringRef path,
                                                         std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    error = "cannot read cost profile '" + path.str() +
            "': " + buffer.getError().message();
    return nullptr;
  }
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse((*buffer)->getBuffer());
  if (!json) {
    error = "cost profile '" + path.str() +
            "' is not valid JSON: " + llvm::toString(json.takeError());
    return nullptr;
  }
  auto fail = [&](const Twine &why) {
    error = ("cost profile '" + path + "': " + why).str();
    return nullptr;
  };
  const llvm::json::Object *root = json->getAsObject();
  const llvm::json::Array *ops = root ? root->getArray("ops") : nullptr;
  if (!ops)
    return fail("expected an object with an array 'ops'");
  auto profile = std::make_shared<CostProfile>();
  profile->path = path.str();
  for (auto [i, entry] : llvm::enumerate(*ops)) {
    const llvm::json::Object *op = entry.getAsObject();
    std::optional<StringRef> key = op ? op->getString("key") : std::nullopt;
    std::optional<double> seconds =
        op ? op->getNumber("seconds") : std::nullopt;
    if (!key || !seconds)
      return fail("ops[" + Twine(i) +
                  "] needs a string 'key' and a number "
                  "'seconds'");
    if (!(*seconds >= 0) || !std::isfinite(*seconds))
      return fail("ops[" + Twine(i) + "].seconds must be finite and >= 0");
    if (!profile->seconds.try_emplace(*key, *seconds).second)
      return fail("ops[" + Twine(i) + "] repeats the key '" + *key + "'");
  }
  return profile;
}

double DeviceInfo::opTime(Operation *op) const {
  if (profile) {
    auto it = profile->seconds.find(costProfileKey(op));
    if (it != profile->seconds.end())
      return it->second;
  }
  return getOpCost(op).estimateTime(*this);
}

//===----------------------------------------------------------------------===//
// Op costs
//===----------------------------------------------------------------------===//

double OpCost::estimateTime(const DeviceInfo &device) const {
  if (opClass == OpClass::View || opClass == OpClass::Copy)
    return 0.0;
  double compute = flops ? flops / device.peakFlops(opClass, elementType) : 0;
  double memory = (bytesRead + bytesWritten) / device.bandwidth;
  return std::max(compute, memory) + device.launchOverhead;
}

static Type firstTensorElementType(Operation *op) {
  for (Value v : llvm::concat<Value>(op->getResults(), op->getOperands()))
    if (auto t = dyn_cast<RankedTensorType>(v.getType()))
      return t.getElementType();
  return {};
}

/// What an unregistered op's rule says after its name.
static const char kUnknownEffects[] = "its memory effects are unknown";

/// The rule that keeps `op` from running twice, or null where none does:
/// whyNotRecomputable without the op's name, so that the callers on hot
/// paths (getOpCost, canRunTwice) allocate nothing.
static const char *ruleAgainstRunningTwice(Operation *op) {
  if (!op->isRegistered())
    return kUnknownEffects;
  if (op->getNumResults() == 0)
    return "the op has no results";
  if (op->getNumSuccessors() > 0 || op->hasTrait<OpTrait::IsTerminator>())
    return "the op transfers control";
  if (!isMemoryEffectFree(op))
    return op->getNumRegions() == 0
               ? "the op has memory effects"
               : "the op or an op in its regions has memory effects (or does "
                 "not declare them: neither Pure nor RecursiveMemoryEffects)";
  return nullptr;
}

bool remat::canRunTwice(Operation *op) {
  if (OpCostCache *cache = OpCostCache::active()) {
    auto it = cache->costs.find(op);
    if (it != cache->costs.end())
      return it->second.recomputable;
  }
  return !ruleAgainstRunningTwice(op);
}

std::string remat::whyNotRecomputable(Operation *op) {
  const char *rule = ruleAgainstRunningTwice(op);
  if (!rule)
    return "";
  if (rule == kUnknownEffects)
    return "an op of an unregistered dialect ('" +
           op->getName().getStringRef().str() + "'): " + rule;
  return rule;
}

/// A linalg structured op: FLOPs are the iteration space times the
/// arithmetic ops of the body (a matmul's mul and add count two);
/// contractions and convolutions are GEMMs, ops with a reduction iterator
/// reductions, ops without arithmetic layout. Bytes read are the inputs'
/// (and a destination's where the body reads it), bytes written the results'.
/// The op's loop ranges read off its indexing maps: each loop that some
/// operand dimension indexes directly takes that dimension's size. This is
/// getStaticLoopRanges without composing and inverting the maps (which
/// creates affine maps in the context, the larger part of planning linalg
/// IR); it asks getStaticLoopRanges only where a loop is not indexed so.
static SmallVector<int64_t> getLoopRanges(linalg::LinalgOp linalgOp) {
  SmallVector<int64_t> ranges(linalgOp.getNumLoops(), ShapedType::kDynamic);
  unsigned found = 0;
  // (A named op builds its maps on each call: once here.)
  SmallVector<AffineMap> maps = linalgOp.getIndexingMapsArray();
  for (auto [operand, map] : llvm::zip(linalgOp->getOperands(), maps)) {
    auto type = dyn_cast<ShapedType>(operand.getType());
    if (!type || !type.hasRank())
      continue;
    for (auto [index, expr] : llvm::enumerate(map.getResults())) {
      auto dim = dyn_cast<AffineDimExpr>(expr);
      if (!dim || dim.getPosition() >= ranges.size() ||
          index >= static_cast<size_t>(type.getRank()) ||
          !ShapedType::isDynamic(ranges[dim.getPosition()]))
        continue;
      ranges[dim.getPosition()] = type.getDimSize(index);
      ++found;
    }
  }
  if (found < ranges.size())
    return linalgOp.getStaticLoopRanges();
  return ranges;
}

static void costLinalgOp(linalg::LinalgOp linalgOp, OpCost &cost) {
  uint64_t points = 1;
  for (int64_t range : getLoopRanges(linalgOp))
    points = saturatingMul(points, range > 0 ? static_cast<uint64_t>(range) : 1);
  uint64_t perPoint = 0;
  for (Operation &bodyOp : linalgOp.getBlock()->without_terminator())
    perPoint +=
        isa<arith::ArithDialect, math::MathDialect>(bodyOp.getDialect()) &&
        !isa<arith::ConstantOp, arith::IndexCastOp>(bodyOp);
  cost.flops = saturatingMul(points, perPoint);
  // (Contractions and convolutions reduce: the costly checks only where
  // the op has a reduction loop.)
  bool reduces = linalgOp.getNumReductionLoops() > 0;
  if (reduces && (linalg::isaContractionOpInterface(linalgOp) ||
                  linalg::isaConvolutionOpInterface(linalgOp)))
    cost.opClass = OpClass::Gemm;
  else if (reduces)
    cost.opClass = OpClass::Reduction;
  else if (cost.flops == 0)
    cost.opClass = OpClass::Layout;
  else
    cost.opClass = OpClass::Elementwise;
  cost.bytesRead = sumTensorBytes(linalgOp.getDpsInputs());
  for (OpOperand &init : linalgOp.getDpsInitsMutable())
    if (linalgOp.payloadUsesValueFromOperand(&init))
      cost.bytesRead =
          llvm::SaturatingAdd(cost.bytesRead, getTensorBytes(init.get()));
  cost.bytesWritten = sumTensorBytes(linalgOp->getResults());
}

/// TOSA's GEMM-class ops: 2 FLOPs per multiply-accumulate.
static bool costTosaGemm(Operation *op, OpCost &cost) {
  auto shape = [](Value v) {
    auto t = dyn_cast<RankedTensorType>(v.getType());
    return t && t.hasStaticShape() ? t.getShape() : ArrayRef<int64_t>();
  };
  uint64_t macs = 0;
  if (isa<tosa::MatMulOp>(op)) {
    // a: N x H x C, b: N x C x W.
    ArrayRef<int64_t> a = shape(op->getOperand(0)),
                      out = shape(op->getResult(0));
    if (a.size() != 3 || out.size() != 3)
      return false;
    macs = saturatingMul(getNumElements(op->getResult(0).getType()),
                         static_cast<uint64_t>(a[2]));
  } else if (isa<tosa::Conv2DOp, tosa::Conv3DOp, tosa::DepthwiseConv2DOp,
                 tosa::TransposeConv2DOp>(op)) {
    // Each output element sums a kernel window: the weight's elements over
    // its output channels (depthwise: over input channels times multiplier).
    ArrayRef<int64_t> w = shape(op->getOperand(1));
    if (w.empty())
      return false;
    uint64_t weights = getNumElements(op->getOperand(1).getType());
    // Weights are [OC, (KD,) KH, KW, IC], depthwise [KH, KW, C, M]; a
    // transposed convolution is counted as its direct form (an upper bound).
    uint64_t perOutput = isa<tosa::DepthwiseConv2DOp>(op)
                             ? static_cast<uint64_t>(w[0] * w[1])
                             : weights / std::max<int64_t>(w[0], 1);
    macs = saturatingMul(getNumElements(op->getResult(0).getType()), perOutput);
  } else {
    return false;
  }
  cost.flops = saturatingMul(macs, 2);
  cost.opClass = OpClass::Gemm;
  return true;
}

static thread_local OpCostCache *activeCostCache = nullptr;

OpCostCache::OpCostCache() : outer(activeCostCache) { activeCostCache = this; }

OpCostCache::~OpCostCache() { activeCostCache = outer; }

OpCostCache *OpCostCache::active() { return activeCostCache; }

static OpCost computeOpCost(Operation *op);

/// The structure of a linalg op on tensors as bytes: its name, properties
/// (their hash; getOpCost compares the properties themselves),
/// discardable attributes, operand and result types, and its body's ops
/// (name, discardable attributes, result types, and where each operand
/// comes from: a block argument's number, an earlier body op's result, or
/// outside). Two ops with the same key have the same cost and the same
/// memory effects. Empty where the op is not one.
static std::string getStructuralKey(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || op->getNumRegions() != 1 || !op->getRegion(0).hasOneBlock() ||
      !linalgOp.hasPureTensorSemantics())
    return {};
  SmallVector<const void *, 48> key;
  key.push_back(op->getName().getAsOpaquePointer());
  // (The properties' hash: getPropertiesAsAttribute would build a
  // dictionary per op. getOpCost compares the properties of ops whose keys
  // are equal.)
  key.push_back(reinterpret_cast<const void *>(
      static_cast<size_t>(op->hashProperties())));
  key.push_back(op->getDiscardableAttrDictionary().getAsOpaquePointer());
  for (Type type : op->getOperandTypes())
    key.push_back(type.getAsOpaquePointer());
  key.push_back(nullptr);
  for (Type type : op->getResultTypes())
    key.push_back(type.getAsOpaquePointer());
  Block &body = op->getRegion(0).front();
  llvm::SmallDenseMap<Value, uintptr_t, 16> source;
  for (BlockArgument arg : body.getArguments()) {
    key.push_back(arg.getType().getAsOpaquePointer());
    source[arg] = arg.getArgNumber() + 1;
  }
  uintptr_t next = body.getNumArguments() + 1;
  for (Operation &nested : body) {
    if (nested.getNumRegions())
      return {};
    key.push_back(nullptr);
    key.push_back(nested.getName().getAsOpaquePointer());
    key.push_back(nested.getDiscardableAttrDictionary().getAsOpaquePointer());
    for (Value operand : nested.getOperands()) {
      auto it = source.find(operand);
      key.push_back(reinterpret_cast<const void *>(
          it == source.end() ? 0 : it->second));
    }
    for (Value result : nested.getResults()) {
      key.push_back(result.getType().getAsOpaquePointer());
      source[result] = next++;
    }
  }
  return std::string(reinterpret_cast<const char *>(key.data()),
                     key.size() * sizeof(const void *));
}

OpCost remat::getOpCost(Operation *op) {
  if (!activeCostCache)
    return computeOpCost(op);
  auto it = activeCostCache->costs.find(op);
  if (it != activeCostCache->costs.end())
    return it->second;
  std::string key = getStructuralKey(op);
  OpCost cost;
  if (key.empty()) {
    cost = computeOpCost(op);
  } else {
    auto [entry, added] = activeCostCache->structural.try_emplace(key);
    if (added)
      entry->second = {op, computeOpCost(op)};
    Operation *first = entry->second.first;
    cost = first == op || op->getName().compareOpProperties(
                              op->getPropertiesStorage(),
                              first->getPropertiesStorage())
               ? entry->second.second
               : computeOpCost(op);
  }
  activeCostCache->costs[op] = cost;
  return cost;
}

static OpCost computeOpCost(Operation *op) {
  OpCost cost;
  cost.elementType = firstTensorElementType(op);
  cost.recomputable = canRunTwice(op);
  if (auto costed = dyn_cast<CostOpInterface>(op)) {
    cost.flops = costed.getFlops();
    cost.bytesRead = costed.getBytesRead();
    cost.bytesWritten = costed.getBytesWritten();
    cost.opClass = costed.getOpClass();
    return cost;
  }
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
      linalgOp && linalgOp.hasPureTensorSemantics()) {
    costLinalgOp(linalgOp, cost);
    return cost;
  }
  cost.bytesRead = sumTensorBytes(op->getOperands());
  cost.bytesWritten = sumTensorBytes(op->getResults());
  if (costTosaGemm(op, cost))
    return cost;
  // Conservative default: one FLOP per result element, all tensor bytes.
  for (Value r : op->getResults())
    cost.flops = llvm::SaturatingAdd(cost.flops, getNumElements(r.getType()));
  return cost;
}

LogicalResult remat::checkSizes(Operation *root) {
  uint64_t totalBytes = 0, totalFlops = 0;
  auto addValue = [&](Value value, Operation *at, const Twine &what) {
    uint64_t bytes = getTensorBytes(value);
    if (bytes > kMaxFunctionSize) {
      at->emitError() << what << " of type " << value.getType()
                      << " is too large: remat counts bytes in 64-bit "
                         "arithmetic and accepts at most 2^62 bytes per "
                         "function";
      return false;
    }
    totalBytes += bytes; // both terms <= 2^62: no overflow
    return true;
  };
  WalkResult result = root->walk([&](Block *block) {
    for (BlockArgument arg : block->getArguments())
      if (!addValue(arg, block->getParentOp(),
                    "argument #" + Twine(arg.getArgNumber())))
        return WalkResult::interrupt();
    // FLOPs of the ops the planner costs: those of root's own blocks (a
    // nested op's, a linalg body's scalar arithmetic, are its parent's).
    bool costed = block->getParentOp() == root;
    for (Operation &op : *block) {
      for (OpResult r : op.getResults())
        if (!addValue(r, &op, "result #" + Twine(r.getResultNumber())))
          return WalkResult::interrupt();
      if (!costed)
        continue;
      uint64_t flops = getOpCost(&op).flops;
      if (flops > kMaxFunctionSize) {
        op.emitError("the op's FLOPs do not fit remat's 64-bit arithmetic "
                     "(at most 2^62 per function)");
        return WalkResult::interrupt();
      }
      totalFlops += flops;
      if (totalBytes > kMaxFunctionSize || totalFlops > kMaxFunctionSize) {
        root->emitError() << (totalBytes > kMaxFunctionSize
                                  ? "the tensors of this function hold more "
                                    "than 2^62 bytes"
                                  : "the ops of this function cost more than "
                                    "2^62 FLOPs")
                          << " in all; remat counts sizes in 64-bit arithmetic";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// External models
//===----------------------------------------------------------------------===//

namespace {
/// Ops that materialize a tensor without computing (constants, empty
/// tensors): no FLOPs, no launches.
template <typename OpTy>
struct MaterializeCostModel
    : CostOpInterface::ExternalModel<MaterializeCostModel<OpTy>, OpTy> {
  uint64_t getFlops(Operation *) const { return 0; }
  OpClass getOpClass(Operation *) const { return OpClass::View; }
  uint64_t getBytesRead(Operation *) const { return 0; }
  uint64_t getBytesWritten(Operation *) const { return 0; }
};

/// tensor.collapse_shape / expand_shape: views, as nn.reshape;
/// tensor.extract_slice: a view too (One-Shot Bufferize makes it a subview of
/// its source, which it keeps alive). tosa.reshape and tosa.slice lower to
/// them (tosa-to-tensor), so they are views of their first operand as well.
template <typename OpTy>
struct ReshapeCostModel
    : CostOpInterface::ExternalModel<ReshapeCostModel<OpTy>, OpTy> {
  uint64_t getFlops(Operation *) const { return 0; }
  OpClass getOpClass(Operation *) const { return OpClass::View; }
  uint64_t getBytesRead(Operation *) const { return 0; }
  uint64_t getBytesWritten(Operation *) const { return 0; }
};

} // namespace

void remat::registerCostExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *) {
    arith::ConstantOp::attachInterface<MaterializeCostModel<arith::ConstantOp>>(
        *ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, tensor::TensorDialect *) {
    tensor::EmptyOp::attachInterface<MaterializeCostModel<tensor::EmptyOp>>(
        *ctx);
    tensor::CollapseShapeOp::attachInterface<
        ReshapeCostModel<tensor::CollapseShapeOp>>(*ctx);
    tensor::ExpandShapeOp::attachInterface<
        ReshapeCostModel<tensor::ExpandShapeOp>>(*ctx);
    tensor::ExtractSliceOp::attachInterface<
        ReshapeCostModel<tensor::ExtractSliceOp>>(*ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, tosa::TosaDialect *) {
    tosa::ConstOp::attachInterface<MaterializeCostModel<tosa::ConstOp>>(*ctx);
    tosa::ConstShapeOp::attachInterface<
        MaterializeCostModel<tosa::ConstShapeOp>>(*ctx);
    tosa::ReshapeOp::attachInterface<ReshapeCostModel<tosa::ReshapeOp>>(*ctx);
    tosa::SliceOp::attachInterface<ReshapeCostModel<tosa::SliceOp>>(*ctx);
  });
}
