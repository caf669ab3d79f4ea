//===- CoverMILP.cpp - the certificate's covers, solved jointly -----------===//

#include "remat/Analysis/CoverMILP.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <map>
#include <mutex>

#ifdef REMAT_HAVE_CBC
#include "Cbc_C_Interface.h"
#endif

using namespace remat;

bool remat::haveMILPSolver() {
#ifdef REMAT_HAVE_CBC
  return true;
#else
  return false;
#endif
}

/// Whether every position can be covered with all ops running.
static bool coverable(const JointCoverProblem &problem) {
  std::vector<uint64_t> all(problem.missing.size(), 0);
  for (const JointCoverProblem::Item &item : problem.items)
    all[item.position] += item.bytes;
  for (auto [have, missing] : llvm::zip(all, problem.missing))
    if (have < missing)
      return false;
  return true;
}

std::optional<double> remat::solveJointCover(const JointCoverProblem &problem,
                                             double seconds, double enough,
                                             std::vector<unsigned> *runs) {
  if (runs)
    runs->clear();
#ifndef REMAT_HAVE_CBC
  return std::nullopt;
#else
  if (!coverable(problem))
    return std::numeric_limits<double>::infinity();
  // The objective is scaled so that all ops together cost 1e4: CBC's
  // tolerances are absolute (about 1e-7), op times are microseconds.
  double total = 0;
  for (double time : problem.opTimes)
    total += time;
  if (total <= 0)
    return 0.0;
  double scale = 1e4 / total;

  // Columns: one binary per op (it runs again), then one continuous
  // w in [0, 1] per set of ops that some item needs together (all of them
  // run), w <= run of each op of the set; an item that needs one op uses
  // that op's column. Rows: per position with something missing, the
  // items' bytes there (each capped at what is missing, which changes no
  // integer solution) as a fraction of what is missing add up to at least
  // 1. Built column by column and loaded at once (CBC's addRow and addCol
  // copy the matrix each time).
  unsigned numOps = problem.opTimes.size();
  // An item that needs no op frees its bytes in every solution.
  std::vector<uint64_t> missingAt(problem.missing);
  for (const JointCoverProblem::Item &item : problem.items)
    if (item.ops.empty())
      missingAt[item.position] -=
          std::min(missingAt[item.position], item.bytes);
  std::vector<int> rowOf(missingAt.size(), -1);
  int numRows = 0;
  for (auto [p, missing] : llvm::enumerate(missingAt))
    if (missing > 0)
      rowOf[p] = numRows++;
  std::vector<std::vector<std::pair<int, double>>> columns(numOps);
  std::map<llvm::SmallVector<unsigned, 2>, unsigned> setColumn;
  for (const JointCoverProblem::Item &item : problem.items) {
    int row = rowOf[item.position];
    if (row < 0 || item.bytes == 0 || item.ops.empty())
      continue;
    llvm::SmallVector<unsigned, 2> ops(item.ops);
    llvm::sort(ops);
    ops.erase(std::unique(ops.begin(), ops.end()), ops.end());
    unsigned column = ops.front();
    if (ops.size() > 1) {
      auto [it, inserted] = setColumn.try_emplace(ops, columns.size());
      column = it->second;
      if (inserted) {
        columns.emplace_back();
        for (unsigned op : ops) {
          columns[column].push_back({numRows, 1.0});
          columns[op].push_back({numRows, -1.0});
          ++numRows;
        }
      }
    }
    uint64_t missing = missingAt[item.position];
    columns[column].push_back(
        {row, static_cast<double>(std::min(item.bytes, missing)) / missing});
  }
  std::vector<CoinBigIndex> start{0};
  std::vector<int> index;
  std::vector<double> value, lower, upper, objective;
  auto addColumn = [&](std::vector<std::pair<int, double>> &entries,
                       double cost) {
    llvm::sort(entries);
    for (auto [row, coef] : entries) {
      index.push_back(row);
      value.push_back(coef);
    }
    start.push_back(index.size());
    lower.push_back(0);
    upper.push_back(1);
    objective.push_back(cost);
  };
  for (auto [column, entries] : llvm::enumerate(columns))
    addColumn(entries, column < numOps ? problem.opTimes[column] * scale : 0);
  // CBC reads bounds at or beyond 1e30 as infinite.
  constexpr double kInfinity = 1e30;
  std::vector<double> rowLower(numRows, -kInfinity),
      rowUpper(numRows, kInfinity);
  for (int row : rowOf)
    if (row >= 0)
      rowLower[row] = 1.0;
  for (int row = 0; row < numRows; ++row)
    if (rowLower[row] < 0)
      rowUpper[row] = 0.0; // a linking row: w - run <= 0

  // CBC's C interface is not documented as safe to call from several
  // threads at once (the pass runs on functions in parallel).
  static std::mutex cbcMutex;
  std::lock_guard<std::mutex> lock(cbcMutex);
  Cbc_Model *model = Cbc_newModel();
  // Quiet: remat-opt writes reports to standard output. The presolve's
  // messages follow the LP solver's level ("slog"), not CBC's own.
  Cbc_setLogLevel(model, 0);
  Cbc_setParameter(model, "log", "0");
  Cbc_setParameter(model, "slog", "0");
  // CBC 2.10.8's integer preprocessing (CglPreProcess) can return a wrong
  // optimum on these programs: a random 10-op instance of SolverTest
  // (JointCover) came back "proven optimal" at 4307 where 3325 is feasible,
  // which would make the bound unsound. Without it the answers equal
  // enumeration on every instance tested.
  Cbc_setParameter(model, "preprocess", "off");
  Cbc_loadProblem(model, start.size() - 1, numRows, start.data(),
                  index.data(), value.data(), lower.data(), upper.data(),
                  objective.data(), rowLower.data(), rowUpper.data());
  Cbc_setObjSense(model, 1);
  for (unsigned op = 0; op < numOps; ++op)
    Cbc_setInteger(model, op);
  Cbc_setAllowableGap(model, 0);
  Cbc_setAllowableFractionGap(model, 0);
  Cbc_setAllowablePercentageGap(model, 0);
  Cbc_setMaximumSeconds(model, std::max(seconds, 0.01));
  // Nodes that cannot go below `enough` are not worth exploring: CBC then
  // proves no solution cheaper than it exists.
  bool cutoff = std::isfinite(enough);
  if (cutoff)
    Cbc_setCutoff(model, enough * scale);
  Cbc_solve(model);
  double bound;
  if (cutoff && Cbc_isProvenInfeasible(model)) {
    // Nothing below the cutoff: the optimum is at least `enough`.
    bound = enough * scale;
  } else if (Cbc_isProvenOptimal(model)) {
    bound = Cbc_getObjValue(model);
  } else {
    bound = Cbc_getBestPossibleObjValue(model);
    if (!std::isfinite(bound) || Cbc_isInitialSolveAbandoned(model))
      bound = 0;
  }
  // The solution only when proven optimal: one cut off by the time limit
  // could differ from run to run, and so would the plans made from it.
  if (runs && Cbc_isProvenOptimal(model))
    if (const double *best = Cbc_bestSolution(model))
      for (unsigned op = 0; op < numOps; ++op)
        if (best[op] > 0.5)
          runs->push_back(op);
  Cbc_deleteModel(model);
  // Back to seconds, less CBC's tolerances (relative 1e-7 of the scale).
  return std::max(0.0, bound / scale * (1 - 1e-7));
#endif
}

double remat::enumerateJointCover(const JointCoverProblem &problem) {
  unsigned numOps = problem.opTimes.size();
  assert(numOps <= 20 && "enumerating too many ops");
  double best = std::numeric_limits<double>::infinity();
  std::vector<uint64_t> freed(problem.missing.size());
  for (uint32_t mask = 0; mask < (1u << numOps); ++mask) {
    double cost = 0;
    for (unsigned op = 0; op < numOps; ++op)
      if (mask & (1u << op))
        cost += problem.opTimes[op];
    if (cost >= best)
      continue;
    std::fill(freed.begin(), freed.end(), 0);
    for (const JointCoverProblem::Item &item : problem.items)
      if (llvm::all_of(item.ops,
                       [&](unsigned op) { return mask & (1u << op); }))
        freed[item.position] += item.bytes;
    bool covers = true;
    for (auto [have, missing] : llvm::zip(freed, problem.missing))
      covers &= have >= missing;
    if (covers)
      best = cost;
  }
  return best;
}
