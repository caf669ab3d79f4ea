//===- RematReport.h - the JSON report of --rematerialize -------*- C++ -*-===//
#ifndef REMAT_TRANSFORMS_REMATREPORT_H
#define REMAT_TRANSFORMS_REMATREPORT_H

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/FunctionStats.h"
#include "remat/Transforms/RematPlan.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace remat {

/// The report object of architecture.md, "Report".
llvm::json::Object buildReport(mlir::func::FuncOp func, Policy policy,
                               const DeviceInfo &device,
                               const FunctionStats &baseline,
                               const FunctionStats &result,
                               const RematPlan &plan, double timeLowerBound,
                               bool boundByMILP = false,
                               bool timeline = false);

/// The report of a function that failed: {"function": name, "error":
/// {"kind", "message", "location", and the figures `error` has:
/// "budget_bytes", "plan_peak_bytes", "least_peak_bytes",
/// "peak_lower_bound_bytes"}} (docs/Rematerialize.md, "Errors").
llvm::json::Object buildErrorReport(mlir::func::FuncOp func,
                                    const PlanError &error);

/// The reports of one pass run, collected from its functions, which may be
/// processed in parallel (the pass holds one, shared by its clones). A
/// report file holds all the reports so far (one object, or a JSON array in
/// function-name order), and standard output ('-') gets them one per line,
/// in function-name order, once every function with a body in the module
/// has been processed.
class ReportWriter {
public:
  /// Adds a function's report (or its error report) for `path` and writes
  /// what is due. Returns an error message on failure.
  std::optional<std::string> add(llvm::StringRef path, mlir::func::FuncOp func,
                                 llvm::json::Object report);

private:
  std::mutex mutex;
  /// Per destination (and module for standard output): function name to
  /// report.
  std::map<std::pair<std::string, mlir::Operation *>,
           std::map<std::string, llvm::json::Value>>
      reports;
};

} // namespace remat

#endif // REMAT_TRANSFORMS_REMATREPORT_H
