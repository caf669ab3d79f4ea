//===- CoverMILP.h - the certificate's covers, solved jointly -----*- C++ -*-===//
//
// The certificate (recomputeTimeLowerBound) asks, at each op where policy
// none holds more than the peak, which ops must run again so that enough
// bytes are free there. Its covers solve one op (or a surrogate of two) at a
// time. A plan must satisfy all of them at once, with each op paid for once
// however many positions its run frees bytes at: that joint problem is a
// mixed-integer program, solved here by COIN-OR CBC under a time limit. What
// CBC proves (the optimum, or its best bound when the limit stops it) is a
// lower bound on the joint problem, hence on every plan. docs/AutoPolicy.md,
// "The certificate", states the model and why it is a bound.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_COVERMILP_H
#define REMAT_ANALYSIS_COVERMILP_H

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace remat {

/// min sum(time[o] * run[o]) over run in {0,1}^ops, such that at every
/// position p the items of p whose ops all run have bytes adding up to at
/// least missing[p].
struct JointCoverProblem {
  struct Item {
    unsigned position;
    uint64_t bytes;
    /// The ops that must run for the item to free its bytes (its own op and
    /// the chain charged to it).
    llvm::SmallVector<unsigned, 2> ops;
  };
  std::vector<double> opTimes;
  std::vector<uint64_t> missing;
  std::vector<Item> items;
};

/// Whether remat was built with a MILP solver (CBC).
bool haveMILPSolver();

/// A lower bound on the joint cover's optimum: the optimum when CBC proves
/// it within `seconds`, else CBC's best bound then (never less than its
/// linear relaxation once that is solved, and 0 if it is not). Search stops
/// early once the bound reaches `enough` (no caller needs more); the result
/// is then at least `enough`. Infinite when the items cannot cover some
/// position. std::nullopt without a MILP solver. With `runs`, the ops of
/// the optimal solution when CBC proves it (below `enough`), else nothing.
std::optional<double>
solveJointCover(const JointCoverProblem &problem, double seconds,
                double enough = std::numeric_limits<double>::infinity(),
                std::vector<unsigned> *runs = nullptr);

/// The joint cover's exact optimum by enumerating every subset of its ops
/// (for tests: at most 20 ops).
double enumerateJointCover(const JointCoverProblem &problem);

} // namespace remat

#endif // REMAT_ANALYSIS_COVERMILP_H
