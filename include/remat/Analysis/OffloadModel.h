//===- OffloadModel.h - device and host bytes of offloaded values -*- C++
//-*-===//
//
// A kept forward value may be offloaded: copied to host memory after the
// forward op that last reads it, and copied back before the first backward
// op (or clone) that reads it, its device bytes freed in between. The model
// places the copies on the plan simulator's timeline of the rewritten
// function (docs/CostModel.md, "Host offload"):
//
//  * The main stream runs the events (ops and clones) in order, each for its
//    cost model time; event e starts at T(e), the sum of the times before it.
//  * Two copy streams, one per direction; the copies of a stream run one at
//    a time in the order they are issued, each for latency + bytes /
//    bandwidth of its direction (DeviceInfo::copyTime).
//  * Device to host: issued when the last forward read of the value ends.
//    The device buffer stays live through every event that starts before
//    the copy has finished: it is freed before the first event f with
//    T(f) >= the copy's end (the offload point).
//  * Host to device: issued as late as the host-to-device stream allows
//    the copies to finish by their value's first backward read (latest
//    start first, from the last read back), at the last event boundary at
//    or before that start, but at least one event after the offload point
//    (where that is before the read): the prefetch point p. A copy that
//    cannot hide there exposes its wait. The copy occupies the device from
//    event p.
//  * Device bytes: the plan simulator's, less each offloaded value's bytes
//    over its events [f, p). Host bytes: each offloaded value's bytes over
//    [f, p] (from its offload to its prefetch, both included: the rewrite
//    places the remat.offload op before event f and remat.prefetch before
//    event p, offloads before prefetches at one boundary).
//  * Exposed time: the main stream replayed with the copies, waiting at a
//    value's first backward read for its prefetch and at its offload point
//    for its device-to-host copy; the total wait.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_OFFLOADMODEL_H
#define REMAT_ANALYSIS_OFFLOADMODEL_H

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/PlanSimulator.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"

#include <cstdint>
#include <vector>

namespace remat {

/// One offloaded value: where its copies go, in events of the rewritten
/// function (as the plan simulator numbers them), and when they run, in
/// seconds from the start of the function with the main stream's waits.
struct OffloadCopy {
  unsigned value = 0; ///< simulator value id (a buffer root)
  uint64_t bytes = 0;
  /// The event after which the device-to-host copy is issued (the last
  /// forward read, or the definition), the offload point f, the prefetch
  /// point p, the first backward read b.
  int lastForwardRead = 0, offloadEvent = 0, prefetchEvent = 0,
      firstBackwardRead = 0;
  double toHostStart = 0, toHostEnd = 0, toDeviceStart = 0, toDeviceEnd = 0;
  /// Whether the copy frees device bytes (f < p).
  bool frees() const { return offloadEvent < prefetchEvent; }
};

struct OffloadResult {
  uint64_t peakBytes = 0;
  uint64_t hostPeakBytes = 0;
  /// Main-stream time spent waiting for copies.
  double exposedTime = 0;
  /// The event at which the device peak is first reached.
  unsigned peakEvent = 0;
  std::vector<OffloadCopy> copies;
};

class OffloadModel {
public:
  /// The timeline of one kept set: the plan simulator's replay with detail.
  OffloadModel(const PlanSimulator &sim, const DeviceInfo &device,
               const llvm::BitVector &plan);

  const PlanSimulator::Detail &getDetail() const { return detail; }
  const PlanSimulator::Result &getResult() const { return result; }
  unsigned getNumEvents() const { return detail.live.size(); }
  /// The start of event `e` on the main stream without waits.
  double startOf(unsigned e) const { return start[e]; }
  /// Whether value `id` may be offloaded under this kept set: a kept
  /// buffer root of a forward value with device bytes, first read by the
  /// backward (not the terminator) at least two events after its last
  /// forward read. (What the IR allows, the planner checks.)
  bool isCandidate(unsigned id) const;
  /// The copy of candidate `id` offloaded alone (evaluate({id})'s, without
  /// the replay: its events and its copies' times without waits).
  OffloadCopy alone(unsigned id) const;
  /// The device and host bytes and the exposed time with `offloaded`
  /// (candidates) offloaded.
  OffloadResult evaluate(llvm::ArrayRef<unsigned> offloaded) const;

private:
  const PlanSimulator &sim;
  const DeviceInfo &device;
  llvm::BitVector plan;
  PlanSimulator::Detail detail;
  PlanSimulator::Result result;
  /// start[e]: the sum of the times of the events before e (one more entry
  /// than events: the end of the function).
  std::vector<double> start;
  /// The offload point of copy `c` whose copy to the host ends at
  /// `copyEnd`; its prefetch point for a copy back that starts by `latest`
  /// (c's offload point set).
  int offloadPoint(const OffloadCopy &c, double copyEnd) const;
  /// Value `id`'s copy with what the kept set fixes: its bytes, its last
  /// forward read and its first backward read.
  OffloadCopy copyOf(unsigned id) const;
  int prefetchPoint(const OffloadCopy &c, double latest) const;
};

} // namespace remat

#endif // REMAT_ANALYSIS_OFFLOADMODEL_H
