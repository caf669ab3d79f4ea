//===- CostModel.h - roofline cost of ops on a device -----------*- C++ -*-===//
//
// The cost model turns an op's FLOPs and bytes (the cost op interface) into an
// estimated time on a device:
//
//   time = max(flops / peak(op class, element type), bytes / bandwidth)
//          + launch overhead
//
// Ops that do not implement the interface get a conservative default: linalg
// structured ops are costed from their iteration space and body, TOSA's
// matmul and convolutions as GEMMs, other ops one FLOP per result element
// and their tensor bytes. Whether an op may run twice is a rule of its own
// (whyNotRecomputable): any op without memory effects, its regions included.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_COSTMODEL_H
#define REMAT_ANALYSIS_COSTMODEL_H

#include "remat/Interfaces/CostOpInterface.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <memory>
#include <optional>
#include <string>

namespace remat {

/// Measured time per execution of ops, keyed by costProfileKey: what
/// `remat-compile --profile-ops` executables write (docs/CostModel.md).
struct CostProfile {
  std::string path;
  llvm::StringMap<double> seconds;

  /// Reads a profile: {"ops": [{"key": K, "seconds": S}, ...]} with S >= 0
  /// finite; other fields are ignored. On failure, says why in `error`.
  static std::shared_ptr<const CostProfile> loadFile(llvm::StringRef path,
                                                     std::string &error);
};

/// The key of `op` in a cost profile: its name, operand and result types and
/// attributes (but not remat.* ones, which do not change what it computes),
/// e.g. `nn.matmul(tensor<4x8xf32>, tensor<8x2xf32>) -> (tensor<4x2xf32>)
/// {transpose_b}`. A recomputed clone has the key of its original.
std::string costProfileKey(mlir::Operation *op);

/// Peak rates and bandwidth of a device.
struct DeviceInfo {
  std::string name;
  double bandwidth = 0;      ///< memory bandwidth, bytes/s
  double launchOverhead = 0; ///< per kernel, seconds
  /// Peak FLOP/s of GEMMs (tensor cores; f32 means TF32) and of other
  /// arithmetic (vector units), per element type.
  double gemmF32 = 0, gemmF16 = 0, gemmBF16 = 0;
  double vectorF32 = 0, vectorF16 = 0, vectorBF16 = 0;

  /// The link to host memory, for offloaded values (docs/CostModel.md,
  /// "Host offload"): bytes/s per direction and the fixed time of one copy.
  /// No link (0 bytes/s): the device is the host (`cpu`).
  double hostToDevice = 0, deviceToHost = 0, hostLinkLatency = 0;
  bool hasHostLink() const { return hostToDevice > 0 && deviceToHost > 0; }
  /// The time of one copy of `bytes` over the host link.
  double copyTime(uint64_t bytes, bool toHost) const {
    return hostLinkLatency + bytes / (toHost ? deviceToHost : hostToDevice);
  }

  /// Peak FLOP/s for an op class and element type.
  double peakFlops(OpClass cls, mlir::Type elementType) const;
  /// FLOPs per byte at which a GEMM of this element type stops being bound by
  /// memory: peak GEMM FLOP/s over bandwidth.
  double ridgePoint(mlir::Type elementType) const;

  /// Measured times that replace the roofline estimate of the ops they
  /// cover; null for none.
  std::shared_ptr<const CostProfile> profile;
  /// The time of one execution of `op`: measured if the profile covers it,
  /// else getOpCost(op).estimateTime(*this).
  double opTime(mlir::Operation *op) const;
  /// `h200` (default), `h100`, `gh200`, `a100` or `cpu`.
  static std::optional<DeviceInfo> getNamed(llvm::StringRef name);
  static llvm::ArrayRef<llvm::StringRef> getNames();
  /// Reads a device description from a JSON file; on failure, says why in
  /// `error`.
  static std::optional<DeviceInfo> loadFile(llvm::StringRef path,
                                            std::string &error);
  static std::optional<DeviceInfo> fromJSON(const llvm::json::Value &json,
                                            std::string &error);
};

/// What executing an op once costs.
struct OpCost {
  uint64_t flops = 0;
  uint64_t bytesRead = 0;
  uint64_t bytesWritten = 0;
  OpClass opClass = OpClass::Elementwise;
  /// Element type that selects the peak rate (of the first tensor result or
  /// operand); null if the op has no tensors.
  mlir::Type elementType;
  /// Whether the op may be cloned into the backward pass.
  bool recomputable = false;

  /// Roofline time on `device`, in seconds.
  double estimateTime(const DeviceInfo &device) const;
};

/// The cost of `op`, from the cost op interface or the conservative default.
OpCost getOpCost(mlir::Operation *op);

/// While one is alive, getOpCost, canRunTwice and forEachInput on this
/// thread remember what they found for each op:
/// for code that asks about the same ops many times while the IR does not
/// change (planning asks per recompute chain; a linalg op's cost derives
/// its loop ranges from its indexing maps each time). Scopes nest.
class OpCostCache {
public:
  OpCostCache();
  ~OpCostCache();
  OpCostCache(const OpCostCache &) = delete;
  OpCostCache &operator=(const OpCostCache &) = delete;

  /// The active cache of this thread, or null.
  static OpCostCache *active();

  llvm::DenseMap<mlir::Operation *, OpCost> costs;
  /// The costs of linalg ops on tensors by their structure (name,
  /// properties, types, body): the layers of an imported model repeat the
  /// same ops, whose costs (loop ranges from indexing maps) and memory
  /// effects (walks into the body) are found once.
  /// Each key's first op, whose properties the others' are compared with
  /// (the key holds their hash), and its cost.
  llvm::StringMap<std::pair<mlir::Operation *, OpCost>> structural;
  /// forEachInput's inputs of each op (RecomputeChains.h).
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Value, 4>> inputs;

private:
  OpCostCache *outer;
};

/// Why `op` may not be cloned into the backward pass, or an empty string if
/// it may. An op may run twice when it has results and no memory effects:
/// `Pure` ops, and ops with regions whose nested ops have none either
/// (`RecursiveMemoryEffects`: linalg structured ops on tensors,
/// tensor.generate, tensor.pad, scf.for). Ops of unregistered dialects
/// (torch-mlir's tm_tensor printed generically, IREE's flow) have unknown
/// effects and are never cloned. Values the regions capture from above are
/// inputs of the op like its operands (RecomputeChains.h, forEachInput).
std::string whyNotRecomputable(mlir::Operation *op);
/// Whether whyNotRecomputable(op) is empty, without building the message.
bool canRunTwice(mlir::Operation *op);

/// The most bytes the tensors of one function may hold in all, and the most
/// FLOPs its ops may cost in all: 2^62. Every sum the analyses form (live
/// bytes, a plan's peak, FLOPs before and after recomputation, which clones
/// each op at most once) then fits in a signed 64-bit integer, as the report
/// writes it.
constexpr uint64_t kMaxFunctionSize = uint64_t(1) << 62;

/// Checks that the sizes of `root` (a function) fit remat's 64-bit
/// arithmetic: no tensor value (argument or result of any op) and no op's
/// FLOPs above kMaxFunctionSize, and neither in all. Emits an error at the
/// first offending op, or at `root` for the totals. The passes call it before
/// they plan; the analyses assume it holds.
mlir::LogicalResult checkSizes(mlir::Operation *root);

/// Attaches the cost op interface to upstream ops that a joint graph from
/// another compiler contains (arith.constant, tensor.empty, reshapes; linalg
/// structured ops are costed without it).
void registerCostExternalModels(mlir::DialectRegistry &registry);

} // namespace remat

#endif // REMAT_ANALYSIS_COSTMODEL_H
