//===- OffloadModel.cpp - device and host bytes of offloaded values -------===//

#include "remat/Analysis/OffloadModel.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace remat;

OffloadModel::OffloadModel(const PlanSimulator &sim, const DeviceInfo &device,
                           const llvm::BitVector &plan)
    : sim(sim), device(device), plan(plan) {
  result = sim.simulate(plan, &detail);
  start.assign(detail.eventTime.size() + 1, 0);
  for (auto [e, time] : llvm::enumerate(detail.eventTime))
    start[e + 1] = start[e] + time;
}

bool OffloadModel::isCandidate(unsigned id) const {
  if (id >= sim.getNumValues() || !sim.isForwardValue(id) ||
      sim.getBufferRoot(id) != static_cast<int>(id) || !plan.test(id) ||
      sim.getBytes(id) == 0)
    return false;
  int last = std::max(detail.defEvent[id], detail.lastForwardUse[id]);
  int first = detail.firstBackwardUse[id];
  // At least one event between the last forward read and the first
  // backward read (the terminator is not a read that a prefetch serves).
  return first < static_cast<int>(getNumEvents()) - 1 && first > last + 1;
}

int OffloadModel::offloadPoint(const OffloadCopy &c, double copyEnd) const {
  // The first event at or after the issue that starts after the copy's
  // end, but not after the first backward read.
  auto first = std::lower_bound(start.begin() + c.lastForwardRead + 1,
                                start.begin() + c.firstBackwardRead, copyEnd);
  return first - start.begin();
}

int OffloadModel::prefetchPoint(const OffloadCopy &c, double latest) const {
  // The last boundary at or before the latest start, within [f, b].
  auto after =
      std::upper_bound(start.begin() + c.offloadEvent,
                       start.begin() + c.firstBackwardRead + 1, latest);
  int p = static_cast<int>(after - start.begin()) - 1;
  // Where the copy cannot hide after the offload point, it is issued one
  // event after it (freeing the bytes there, at the cost of a wait).
  return std::max(p, std::min(c.offloadEvent + 1, c.firstBackwardRead));
}

OffloadCopy OffloadModel::copyOf(unsigned id) const {
  OffloadCopy c;
  c.value = id;
  c.bytes = sim.getBytes(id);
  c.lastForwardRead = std::max(detail.defEvent[id], detail.lastForwardUse[id]);
  c.firstBackwardRead = detail.firstBackwardUse[id];
  return c;
}

OffloadCopy OffloadModel::alone(unsigned id) const {
  OffloadCopy c = copyOf(id);
  c.toHostStart = start[c.lastForwardRead + 1];
  c.toHostEnd = c.toHostStart + device.copyTime(c.bytes, /*toHost=*/true);
  c.offloadEvent = offloadPoint(c, c.toHostEnd);
  double toDevice = device.copyTime(c.bytes, /*toHost=*/false);
  c.prefetchEvent = prefetchPoint(c, start[c.firstBackwardRead] - toDevice);
  c.toDeviceStart = std::max(start[c.prefetchEvent], c.toHostEnd);
  c.toDeviceEnd = c.toDeviceStart + toDevice;
  return c;
}

OffloadResult OffloadModel::evaluate(llvm::ArrayRef<unsigned> offloaded) const {
  OffloadResult out;
  unsigned numEvents = getNumEvents();
  std::vector<OffloadCopy> &copies = out.copies;
  for (unsigned id : offloaded)
    copies.push_back(copyOf(id));
  // Device to host, in the order of issue (the last forward read, then the
  // value), on the timeline without waits: the offload point.
  llvm::sort(copies, [](const OffloadCopy &a, const OffloadCopy &b) {
    return std::make_pair(a.lastForwardRead, a.value) <
           std::make_pair(b.lastForwardRead, b.value);
  });
  double streamFree = 0;
  for (OffloadCopy &c : copies) {
    double begin = std::max(start[c.lastForwardRead + 1], streamFree);
    double end = begin + device.copyTime(c.bytes, /*toHost=*/true);
    streamFree = end;
    c.offloadEvent = offloadPoint(c, end);
  }
  // Host to device, latest start first from the last read back: each copy
  // ends by its read and before the next one on the stream starts.
  std::vector<unsigned> order(copies.size());
  for (unsigned i = 0; i < copies.size(); ++i)
    order[i] = i;
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return std::make_pair(copies[a].firstBackwardRead, copies[a].value) >
           std::make_pair(copies[b].firstBackwardRead, copies[b].value);
  });
  double next = start[numEvents];
  for (unsigned i : order) {
    OffloadCopy &c = copies[i];
    double end = std::min(start[c.firstBackwardRead], next);
    double begin = end - device.copyTime(c.bytes, /*toHost=*/false);
    next = begin;
    c.prefetchEvent = prefetchPoint(c, begin);
  }

  // The main stream with the copies, as a runtime would issue them:
  // prefetches at their point, device-to-host copies when their last
  // forward read ends; waits at the offload point (the free needs the copy)
  // and at the first backward read.
  std::vector<std::vector<unsigned>> issueAfter(numEvents),
      prefetchAt(numEvents), waitFree(numEvents), waitRead(numEvents);
  for (auto [i, c] : llvm::enumerate(copies)) {
    issueAfter[c.lastForwardRead].push_back(i);
    prefetchAt[c.prefetchEvent].push_back(i);
    waitFree[c.offloadEvent].push_back(i);
    waitRead[c.firstBackwardRead].push_back(i);
  }
  for (auto &list : prefetchAt)
    llvm::sort(list, [&](unsigned a, unsigned b) {
      return std::make_pair(copies[a].firstBackwardRead, copies[a].value) <
             std::make_pair(copies[b].firstBackwardRead, copies[b].value);
    });
  double shift = 0, toHostFree = 0, toDeviceFree = 0;
  auto wait = [&](double &now, double until) {
    if (until > now) {
      shift += until - now;
      now = until;
    }
  };
  for (unsigned e = 0; e < numEvents; ++e) {
    double now = start[e] + shift;
    for (unsigned i : waitFree[e])
      wait(now, copies[i].toHostEnd);
    for (unsigned i : prefetchAt[e]) {
      OffloadCopy &c = copies[i];
      c.toDeviceStart = std::max({now, toDeviceFree, c.toHostEnd});
      c.toDeviceEnd =
          c.toDeviceStart + device.copyTime(c.bytes, /*toHost=*/false);
      toDeviceFree = c.toDeviceEnd;
    }
    for (unsigned i : waitRead[e])
      wait(now, copies[i].toDeviceEnd);
    double end = now + detail.eventTime[e];
    for (unsigned i : issueAfter[e]) {
      OffloadCopy &c = copies[i];
      c.toHostStart = std::max(end, toHostFree);
      c.toHostEnd = c.toHostStart + device.copyTime(c.bytes, /*toHost=*/true);
      toHostFree = c.toHostEnd;
    }
  }
  out.exposedTime = shift;

  // Device bytes less the offloaded values over [f, p); host bytes over
  // [f, p].
  std::vector<int64_t> device(numEvents + 1, 0), host(numEvents + 1, 0);
  for (const OffloadCopy &c : copies) {
    if (c.frees()) {
      device[c.offloadEvent] -= c.bytes;
      device[c.prefetchEvent] += c.bytes;
    }
    host[c.offloadEvent] += c.bytes;
    host[c.prefetchEvent + 1] -= c.bytes;
  }
  int64_t less = 0, held = 0;
  for (unsigned e = 0; e < numEvents; ++e) {
    less += device[e];
    held += host[e];
    uint64_t live = detail.live[e] + less;
    if (live > out.peakBytes || e == 0) {
      out.peakBytes = live;
      out.peakEvent = e;
    }
    out.hostPeakBytes = std::max<uint64_t>(out.hostPeakBytes, held);
  }
  llvm::sort(copies, [](const OffloadCopy &a, const OffloadCopy &b) {
    return a.value < b.value;
  });
  return out;
}
