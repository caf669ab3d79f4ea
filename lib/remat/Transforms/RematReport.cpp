//===- RematReport.cpp - the JSON report of --rematerialize ---------------===//
//
// Builds the report object of architecture.md, "Report", from figures the
// analyses computed (FunctionStats, the plan, the certificate's bound), and
// writes it. Nothing here analyses the function.
//
//===----------------------------------------------------------------------===//

#include "remat/Transforms/RematReport.h"

#include "remat/Dialect/Remat/RematDialect.h"

#include "mlir/IR/Location.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>

using namespace mlir;
using namespace remat;

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

/// An op result as the report names it: the defining op, its location, the
/// result number and its bytes.
static llvm::json::Object describeValue(Value value, uint64_t bytes) {
  Operation *def = value.getDefiningOp();
  llvm::json::Object object{
      {"op", def->getName().getStringRef()},
      {"loc", formatLocation(def->getLoc())},
      {"result", static_cast<int64_t>(cast<OpResult>(value).getResultNumber())},
      {"bytes", static_cast<int64_t>(bytes)},
  };
  // What the framework says the op is (its module and primitive, its
  // source line), where it wrote that into the location.
  if (std::optional<std::string> source = describeSource(def->getLoc()))
    object["source"] = *source;
  return object;
}

/// The op a copy op of the rewritten function runs before (the next op that
/// is not a copy op), as {op, loc}; null before the terminator. A framework
/// that builds its own graphs places the copy there.
static llvm::json::Value nextComputeOp(Operation *copy) {
  for (Operation *op = copy->getNextNode(); op; op = op->getNextNode()) {
    if (isa<OffloadOp, PrefetchOp>(op))
      continue;
    if (op->hasTrait<OpTrait::IsTerminator>())
      return nullptr;
    return llvm::json::Object{{"op", op->getName().getStringRef()},
                              {"loc", formatLocation(op->getLoc())}};
  }
  return nullptr;
}

llvm::json::Object remat::buildReport(func::FuncOp func, Policy policy,
                                      const DeviceInfo &device,
                                      const FunctionStats &baseline,
                                      const FunctionStats &result,
                                      const RematPlan &plan,
                                      double timeLowerBound, bool boundByMILP,
                                      bool timeline) {
  auto describe = [](ArrayRef<Decision> list) {
    llvm::json::Array array;
    for (const Decision &d : list) {
      llvm::json::Object entry = describeValue(d.value, d.bytes);
      entry["decision"] = d.recompute ? "recompute"
                          : d.offload ? "offload"
                                      : "save";
      entry["reason"] = d.reason;
      if (d.recloneBefore)
        entry["recompute_again_before"] = llvm::json::Object{
            {"op", d.recloneBefore->getName().getStringRef()},
            {"loc", formatLocation(d.recloneBefore->getLoc())}};
      if (d.recomputeFlops) {
        entry["recompute_flops"] = static_cast<int64_t>(*d.recomputeFlops);
        entry["recompute_time_s"] = *d.recomputeTime;
      } else {
        entry["recompute_flops"] = nullptr;
        entry["recompute_time_s"] = nullptr;
      }
      array.push_back(std::move(entry));
    }
    return array;
  };
  llvm::json::Array decisions = describe(plan.report.decisions);
  uint64_t extra =
      result.flops > baseline.flops ? result.flops - baseline.flops : 0;
  llvm::json::Object report{
      {"function", func.getSymName()},
      {"policy", stringifyPolicy(policy)},
      {"device", device.name},
      {"budget_bytes",
       plan.report.budget ? llvm::json::Value(static_cast<int64_t>(*plan.report.budget))
                   : llvm::json::Value(nullptr)},
      {"argument_bytes", static_cast<int64_t>(baseline.argumentBytes)},
      {"result_buffers", stringifyResultBuffers(baseline.results)},
      {"base_bytes", static_cast<int64_t>(baseline.baseBytes)},
      {"peak_lower_bound_bytes", static_cast<int64_t>(baseline.peakLowerBound)},
      {"baseline", statsToJSON(baseline, 0)},
      {"result", statsToJSON(result, extra)},
      {"decisions", std::move(decisions)},
      {"kept_intermediates", describe(plan.report.intermediateDecisions)},
  };
  // Host offload: the result's time includes the exposed copy time, and the
  // offloaded values' copies are listed (docs/Rematerialize.md, "Host
  // offload").
  if (plan.report.offload) {
    llvm::json::Object &out = *report.getObject("result");
    out["estimated_time_s"] = result.estimatedTime + plan.exposedTime;
    out["host_peak_bytes"] = static_cast<int64_t>(result.hostPeakBytes);
    out["exposed_copy_time_s"] = plan.exposedTime;
    report["host_budget_bytes"] =
        plan.report.hostBudget
            ? llvm::json::Value(static_cast<int64_t>(*plan.report.hostBudget))
            : llvm::json::Value(nullptr);
    report["host_link"] = llvm::json::Object{
        {"h2d_bytes_per_s", device.hostToDevice},
        {"d2h_bytes_per_s", device.deviceToHost},
        {"latency_s", device.hostLinkLatency}};
    llvm::json::Array offloaded;
    for (const OffloadDecision &d : plan.offloads) {
      const OffloadCopy &c = d.copy;
      llvm::json::Object entry = describeValue(d.value, c.bytes);
      entry["reason"] = d.reason;
      entry["to_host_s"] = llvm::json::Array{c.toHostStart, c.toHostEnd};
      entry["to_device_s"] = llvm::json::Array{c.toDeviceStart, c.toDeviceEnd};
      entry["events"] = llvm::json::Object{
          {"last_forward_read", c.lastForwardRead},
          {"offload", c.offloadEvent},
          {"prefetch", c.prefetchEvent},
          {"first_backward_read", c.firstBackwardRead}};
      // Where the rewrite put the copy ops, by the ops they precede.
      for (Operation *user : d.value.getUsers())
        if (auto offload = dyn_cast<OffloadOp>(user)) {
          entry["offload_before"] = nextComputeOp(offload);
          for (Operation *back : offload->getUsers())
            if (isa<PrefetchOp>(back))
              entry["prefetch_before"] = nextComputeOp(back);
        }
      offloaded.push_back(std::move(entry));
    }
    report["offloaded"] = std::move(offloaded);
  }
  // What the rewritten backward reads from the forward: the values a
  // framework must save to run the plan (framework adapters map them back by
  // location). Recomputed chains are backward ops, so this is the plan's
  // kept set as the backward really uses it.
  if (std::optional<JointGraph> rewritten = JointGraph::build(func)) {
    llvm::json::Array saved;
    for (Value value : rewritten->getSavedActivations())
      saved.push_back(describeValue(value, getTensorBytes(value)));
    report["saved_values"] = std::move(saved);
    // Arguments the rewritten backward reads (a framework whose backward
    // does not see the forward's inputs must save these too).
    llvm::json::Array arguments;
    for (BlockArgument arg : func.getArguments())
      if (llvm::any_of(arg.getUsers(), [&](Operation *user) {
            Operation *top = rewritten->getTopLevel(user);
            return top && !rewritten->isForward(top) &&
                   top != func.getBody().front().getTerminator();
          }))
        arguments.push_back(static_cast<int64_t>(arg.getArgNumber()));
    report["saved_arguments"] = std::move(arguments);
  }
  if (device.profile)
    report["cost_profile"] = device.profile->path;
  if (!plan.report.blockSource.empty()) {
    llvm::json::Object blocks{{"source", plan.report.blockSource},
                              {"count", plan.report.blocks}};
    if (plan.report.blockSource == "inferred") {
      blocks["ops_per_block"] = plan.report.opsPerBlock;
      blocks["live_at_boundaries"] = plan.report.liveAtBoundaries;
    }
    report["blocks"] = std::move(blocks);
  }
  // How the frontier was computed, where one was (auto, a budget, pareto).
  if (!plan.report.solver.empty()) {
    report["solver"] = plan.report.solver;
    report["decision_space"] =
        llvm::json::Object{{"saved_buffers", plan.report.movable},
                           {"intermediates", plan.report.intermediates}};
    if (!plan.report.secondRecomputes.empty())
      report.getObject("decision_space")
          ->try_emplace("second_recomputes", plan.report.secondRecomputes);
    if (plan.report.offload)
      report.getObject("decision_space")
          ->try_emplace("offload_plans_evaluated",
                        static_cast<int64_t>(plan.report.offloadPlans));
  }
  // What the plan costs against what any plan at its peak must cost.
  double recompute =
      std::max(0.0, result.estimatedTime - baseline.estimatedTime) +
      plan.exposedTime;
  llvm::json::Value bound = nullptr, gap = nullptr;
  // An exact frontier proves the optimum of the plans that keep or recompute
  // each saved activation at this peak (or recompute it twice, where those
  // plans were enumerated too); it bounds this plan if the plan is one of
  // them. A plan that keeps an intermediate, or recomputes a value twice
  // where those were searched, is outside that space and may cost less: its
  // bound is the cover, which holds for every plan.
  // With offload the space is larger still, and the bound is the cover's
  // at the peak plus what offload may hold in host memory (AutoPolicy.md).
  // Unless the three-way space was enumerated (offloadPlans): its optimum
  // then bounds the plans in it.
  bool outside =
      !plan.report.intermediateDecisions.empty() ||
      (!plan.reclone.empty() &&
       (plan.report.secondRecomputes != "enumerated" || plan.report.offload)) ||
      (plan.report.offload && !plan.report.offloadPlans);
  std::string boundKind = boundByMILP ? "milp" : "cover";
  if (plan.report.optimalTime && !outside) {
    // The min guards against the two sums' rounding.
    timeLowerBound = std::max(
        std::isfinite(timeLowerBound) ? timeLowerBound : 0.0,
        std::min(*plan.report.optimalTime, recompute));
    boundKind = "exact";
  }
  if (std::isfinite(timeLowerBound)) {
    // The recompute time is a difference of two sums over the whole step;
    // a bound above it by their rounding (1e-13 relative on the 96-layer
    // GPT) is the plan's own time. So is one below it by less than a
    // millionth: the MILP's bound carries CBC's tolerances (CoverMILP.cpp
    // takes 1e-7 off), and no estimate is that precise.
    if (timeLowerBound >= recompute * (1 - 1e-6) &&
        timeLowerBound <= recompute * (1 + 1e-9) + 1e-18)
      timeLowerBound = recompute;
    bound = timeLowerBound;
    gap = recompute > 0 ? (recompute - timeLowerBound) / recompute : 0.0;
  }
  report["certificate"] =
      llvm::json::Object{{"peak_bytes", static_cast<int64_t>(result.peakBytes)},
                         {"bound_at_bytes",
                          static_cast<int64_t>(plan.boundPeakBytes)},
                         {"recompute_time_s", recompute},
                         {"recompute_time_lower_bound_s", std::move(bound)},
                         {"gap", std::move(gap)},
                         {"bound", boundKind},
                         {"keep_recompute_optimum_s",
                          plan.report.optimalTime
                              ? llvm::json::Value(*plan.report.optimalTime)
                              : llvm::json::Value(nullptr)}};
  if (timeline) {
    auto bytes = [](const std::vector<uint64_t> &live) {
      llvm::json::Array array;
      for (uint64_t b : live)
        array.push_back(static_cast<int64_t>(b));
      return array;
    };
    llvm::json::Object object{{"baseline", bytes(baseline.liveBytes)},
                              {"result", bytes(result.liveBytes)}};
    // With offload: each op's estimated time in the rewritten function (the
    // copies' ops take none), for an independent replay of the copies
    // (benchmarks/offload_check.py).
    if (plan.report.offload) {
      llvm::json::Array times;
      for (Operation &op : func.getBody().front())
        times.push_back(device.opTime(&op));
      object["result_op_time_s"] = std::move(times);
    }
    report["timeline"] = std::move(object);
  }
  if (plan.report.maxOverhead)
    report["max_overhead"] = *plan.report.maxOverhead;
  if (!plan.report.pareto.empty()) {
    llvm::json::Array points;
    for (const FrontierPoint &point : plan.report.pareto)
      points.push_back(llvm::json::Object{
          {"peak_bytes", static_cast<int64_t>(point.peakBytes)},
          {"estimated_time_s", baseline.estimatedTime + point.cost()},
          {"recompute_flops", static_cast<int64_t>(point.recomputeFlops)},
          {"held_bytes", static_cast<int64_t>(point.heldBytes)},
      });
    if (plan.report.offload)
      for (auto [json, point] : llvm::zip(points, plan.report.pareto)) {
        llvm::json::Object &entry = *json.getAsObject();
        entry["offloaded"] = static_cast<int64_t>(point.offloaded.size());
        entry["host_peak_bytes"] = static_cast<int64_t>(point.hostPeakBytes);
        entry["exposed_copy_time_s"] = point.exposedTime;
      }
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

llvm::json::Object remat::buildErrorReport(func::FuncOp func,
                                           const PlanError &error) {
  llvm::json::Object object{{"kind", error.kind},
                            {"message", error.message}};
  object["location"] = error.at ? llvm::json::Value(formatLocation(
                                      error.at->getLoc()))
                                : llvm::json::Value(nullptr);
  auto bytes = [](std::optional<uint64_t> value) {
    return value ? llvm::json::Value(static_cast<int64_t>(*value))
                 : llvm::json::Value(nullptr);
  };
  if (!error.option.empty())
    object["option"] = error.option;
  object["budget_bytes"] = bytes(error.budgetBytes);
  object["plan_peak_bytes"] = bytes(error.planPeakBytes);
  object["least_peak_bytes"] = bytes(error.leastPeakBytes);
  object["peak_lower_bound_bytes"] = bytes(error.peakLowerBoundBytes);
  return llvm::json::Object{{"function", func.getSymName()},
                            {"error", std::move(object)}};
}

std::optional<std::string> ReportWriter::add(StringRef path,
                                             func::FuncOp func,
                                             llvm::json::Object report) {
  std::lock_guard<std::mutex> lock(mutex);
  Operation *module = path == "-" ? func->getParentOp() : nullptr;
  auto &all = reports[{path.str(), module}];
  all.insert_or_assign(func.getSymName().str(),
                       llvm::json::Value(std::move(report)));

  if (path == "-") {
    size_t expected = 1;
    if (Region *region = func->getParentRegion())
      expected = llvm::count_if(region->getOps<func::FuncOp>(),
                                [](func::FuncOp f) { return !f.isExternal(); });
    if (all.size() < expected)
      return std::nullopt;
    for (auto &entry : all)
      llvm::outs() << llvm::formatv("{0}", entry.second) << "\n";
    llvm::outs().flush();
    reports.erase({path.str(), module});
    return takeWriteError(llvm::outs(), "to standard output");
  }
  llvm::json::Array array;
  for (auto &entry : all)
    array.push_back(entry.second);
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return "cannot write report '" + path.str() + "': " + ec.message();
  if (array.size() == 1)
    os << llvm::formatv("{0:2}", array.front()) << "\n";
  else
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(array))) << "\n";
  os.close();
  return takeWriteError(os, "'" + path.str() + "'");
}
