//===- RematReport.cpp - the JSON report of --rematerialize ---------------===//

#include "remat/Transforms/RematReport.h"

#include "remat/Analysis/JointGraph.h"
#include "remat/Analysis/MemoryPlan.h"

#include "mlir/IR/Location.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <mutex>

using namespace mlir;
using namespace remat;

FunctionStats remat::computeFunctionStats(func::FuncOp func,
                                          const DeviceInfo &device) {
  FunctionStats stats;
  Block &body = func.getBody().front();
  MemoryPlan memory(body);
  stats.peakBytes = memory.getPeakBytes();
  stats.peakLowerBound = memory.getPeakLowerBound();
  stats.liveBytes.assign(memory.getLiveBytes().begin(),
                         memory.getLiveBytes().end());
  stats.argumentBytes = memory.getArgumentBytes();
  if (std::optional<JointGraph> graph = JointGraph::build(func))
    stats.savedActivationBytes = memory.getSavedActivationBytes(*graph);
  func.getBody().walk([&](Operation *op) {
    if (op->hasTrait<OpTrait::IsTerminator>())
      return;
    OpCost cost = getOpCost(op);
    stats.flops += cost.flops;
    stats.estimatedTime += device.opTime(op);
  });
  return stats;
}

std::string remat::formatLocation(Location loc) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

static llvm::json::Object statsToJSON(const FunctionStats &stats,
                                      uint64_t recomputeFlops) {
  return llvm::json::Object{
      {"peak_bytes", static_cast<int64_t>(stats.peakBytes)},
      {"saved_activation_bytes",
       static_cast<int64_t>(stats.savedActivationBytes)},
      {"flops", static_cast<int64_t>(stats.flops)},
      {"recompute_flops", static_cast<int64_t>(recomputeFlops)},
      {"estimated_time_s", stats.estimatedTime},
  };
}

llvm::json::Object remat::buildReport(func::FuncOp func, Policy policy,
                                      const DeviceInfo &device,
                                      const FunctionStats &baseline,
                                      const FunctionStats &result,
                                      const RematPlan &plan, bool timeline) {
  llvm::json::Array decisions;
  for (const Decision &d : plan.decisions) {
    Operation *def = d.value.getDefiningOp();
    llvm::json::Object entry{
        {"op", def->getName().getStringRef()},
        {"loc", formatLocation(def->getLoc())},
        {"result",
         static_cast<int64_t>(cast<OpResult>(d.value).getResultNumber())},
        {"bytes", static_cast<int64_t>(d.bytes)},
        {"decision", d.recompute ? "recompute" : "save"},
        {"reason", d.reason},
    };
    if (d.recomputeFlops) {
      entry["recompute_flops"] = static_cast<int64_t>(*d.recomputeFlops);
      entry["recompute_time_s"] = *d.recomputeTime;
    } else {
      entry["recompute_flops"] = nullptr;
      entry["recompute_time_s"] = nullptr;
    }
    decisions.push_back(std::move(entry));
  }
  uint64_t extra =
      result.flops > baseline.flops ? result.flops - baseline.flops : 0;
  llvm::json::Object report{
      {"function", func.getSymName()},
      {"policy", stringifyPolicy(policy)},
      {"device", device.name},
      {"budget_bytes",
       plan.budget ? llvm::json::Value(static_cast<int64_t>(*plan.budget))
                   : llvm::json::Value(nullptr)},
      {"argument_bytes", static_cast<int64_t>(baseline.argumentBytes)},
      {"peak_lower_bound_bytes", static_cast<int64_t>(baseline.peakLowerBound)},
      {"baseline", statsToJSON(baseline, 0)},
      {"result", statsToJSON(result, extra)},
      {"decisions", std::move(decisions)},
  };
  if (device.profile)
    report["cost_profile"] = device.profile->path;
  if (timeline) {
    auto bytes = [](const std::vector<uint64_t> &live) {
      llvm::json::Array array;
      for (uint64_t b : live)
        array.push_back(static_cast<int64_t>(b));
      return array;
    };
    report["timeline"] =
        llvm::json::Object{{"baseline", bytes(baseline.liveBytes)},
                           {"result", bytes(result.liveBytes)}};
  }
  if (plan.maxOverhead)
    report["max_overhead"] = *plan.maxOverhead;
  if (!plan.pareto.empty()) {
    llvm::json::Array points;
    for (const FrontierPoint &point : plan.pareto)
      points.push_back(llvm::json::Object{
          {"peak_bytes", static_cast<int64_t>(point.peakBytes)},
          {"estimated_time_s", baseline.estimatedTime + point.recomputeTime},
          {"recompute_flops", static_cast<int64_t>(point.recomputeFlops)},
      });
    report["pareto"] = std::move(points);
  }
  return report;
}

/// A write error (a full disk, /dev/full) is the function's error, not a
/// fatal one when the stream is destroyed: clears it and says what failed.
static std::optional<std::string> takeWriteError(llvm::raw_fd_ostream &os,
                                                 const std::string &where) {
  if (!os.has_error())
    return std::nullopt;
  std::string message = os.error().message();
  os.clear_error();
  return "cannot write report " + where + ": " + message;
}

std::optional<std::string>
remat::writeReport(StringRef path, func::FuncOp func,
                   std::optional<llvm::json::Object> report) {
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  // Reports so far, per destination (and module for standard output):
  // function name to report, null for a function that failed.
  static std::map<std::pair<std::string, Operation *>,
                  std::map<std::string, llvm::json::Value>>
      reportsByDestination;
  Operation *module = path == "-" ? func->getParentOp() : nullptr;
  auto &reports = reportsByDestination[{path.str(), module}];
  reports.insert_or_assign(func.getSymName().str(),
                           report ? llvm::json::Value(std::move(*report))
                                  : llvm::json::Value(nullptr));

  if (path == "-") {
    size_t expected = 1;
    if (Region *region = func->getParentRegion())
      expected = llvm::count_if(region->getOps<func::FuncOp>(),
                                [](func::FuncOp f) { return !f.isExternal(); });
    if (reports.size() < expected)
      return std::nullopt;
    for (auto &entry : reports)
      if (entry.second.kind() != llvm::json::Value::Null)
        llvm::outs() << llvm::formatv("{0}", entry.second) << "\n";
    llvm::outs().flush();
    reportsByDestination.erase({path.str(), module});
    return takeWriteError(llvm::outs(), "to standard output");
  }
  llvm::json::Array all;
  for (auto &entry : reports)
    if (entry.second.kind() != llvm::json::Value::Null)
      all.push_back(entry.second);
  if (all.empty())
    return std::nullopt;
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return "cannot write report '" + path.str() + "': " + ec.message();
  if (all.size() == 1)
    os << llvm::formatv("{0:2}", all.front()) << "\n";
  else
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(all))) << "\n";
  os.close();
  return takeWriteError(os, "'" + path.str() + "'");
}
