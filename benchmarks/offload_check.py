#!/usr/bin/env python3
"""Host offload checked against independent figures, on random joint graphs
(property_check.py's generators) and on generated GPTs.

For each graph, policy=offload and policy=auto with offload=true (at
budgets along its frontier, and with a host budget) run on two devices:
h200 (PCIe Gen5, 55 GB/s per direction) and a device file with a slow link
(2 GB/s, 20 us per copy) on which copies often cannot hide. Properties:

  verify     the pass succeeds and its output verifies
  peak       the report's result.peak_bytes and result.host_peak_bytes equal
             the device and host peaks of the output IR (memory_semantics.py:
             remat.offload's results are host bytes)
  exposed    the report's result.exposed_copy_time_s equals an event-driven
             replay of the output IR (below), within 1e-9 relative
  budget     auto's peak is at most its budget, its host peak at most its
             host budget
  space      auto with offload costs no more (estimated_time_s) than auto
             without at the same budget, and reaches a peak no higher
  bound      the certificate's bound is at most the plan's extra time
  exhaustive with --exhaustive K, on graphs whose saved activations come
             from at most K ops: every plan that keeps, recomputes or
             offloads each of them (3^K; "save"/"recompute"/"offload"
             overrides under policy none, each planned by the pass itself)
             is made; the certificate of auto (with offload) at each
             budget is at most the cheapest enumerated plan within the budget
             (a violation otherwise), and auto's extra time is printed
             against that optimum (auto may beat it: it also keeps
             intermediates and recomputes twice, outside the enumeration)
  run        with --compile-every N, every Nth graph is compiled for the CPU
             (remat-compile) under policy none, policy offload and auto with
             offload at its least peak, and run once: the runtime's host
             peak equals the plan's byte for byte (but for the lowering's
             rounding of a small buffer's size to its 64-byte alignment,
             at most 63 bytes per buffer), its device peak is the
             plan's or above it by at most policy none's excess, 1% or 512
             bytes (kernel temporaries the plan does not count, such as a
             reduction's row buffer: the peak may move to another op than
             none's), and the outputs are bit-identical to policy none's

The replay reads the output IR alone: a main stream runs its ops in order
for the times the report's timeline gives (timeline.result_op_time_s, the
cost model's); a device-to-host stream and a host-to-device stream run
their copies one at a time in the order issued, each for latency + bytes /
bandwidth. A remat.offload of %v issues its copy when the last op before it
that reads (or defines) %v ends; the main stream, on reaching the
remat.offload, waits for that copy (the device buffer is freed there). A
remat.prefetch issues its copy when the main stream reaches it (the copy
starts once its value's device-to-host copy is done); the first op that
reads its result waits for it. Exposed time = the replay's end - the sum of
the op times. It is a discrete-event simulation (a heap of timed events),
written apart from the C++ estimate (OffloadModel.cpp).

    offload_check.py --count 40 --seed 0 --remat-opt build/bin/remat-opt

Last line: `offload: N graphs, R runs, V violations`; exit status 1 on any.
"""
import argparse
import heapq
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import memory_semantics  # noqa: E402
import property_check  # noqa: E402

SLOW_LINK = {
    "name": "slow-link", "memory_bandwidth_bytes_per_s": 4.8e12, "launch_overhead_s": 3e-6,
    "gemm_flops_per_s": {"f32": 494e12, "f16": 989e12, "bf16": 989e12},
    "vector_flops_per_s": {"f32": 67e12, "f16": 134e12, "bf16": 134e12},
    "host_link": {"h2d_bytes_per_s": 2e9, "d2h_bytes_per_s": 2e9, "latency_s": 2e-5},
}
H200_LINK = {"h2d_bytes_per_s": 55e9, "d2h_bytes_per_s": 55e9, "latency_s": 5e-6}
REL = 1e-9


def replay(ops, times, link):
    """Exposed time of the output IR's copies (see the module docstring).
    ops: memory_semantics' (results, name, operands); times: per op."""
    assert len(ops) == len(times)
    sizes, defined = {}, {}
    for i, (results, _, _) in enumerate(ops):
        for name, b in results:
            sizes[name], defined[name] = b, i
    d2h_after = {}   # op index -> offloads whose copy is issued when it ends
    offload_of = {}  # offload op index -> copy id
    prefetch_of = {}  # prefetch op index -> copy id
    waits_for = {}   # op index -> copy ids whose prefetch it waits for
    copies = []      # dict(bytes, d2h_done, h2d_done)
    by_host = {}
    for j, (results, name, operands) in enumerate(ops):
        if name == "remat.offload":
            v = operands[0]
            last = max([i for i in range(j) if v in ops[i][2]] + [defined[v]])
            cid = len(copies)
            copies.append(dict(bytes=sizes[v], defined=defined[v], d2h_done=None, h2d_done=None))
            d2h_after.setdefault(last, []).append(cid)
            offload_of[j] = cid
            by_host[results[0][0]] = cid
        elif name == "remat.prefetch":
            cid = by_host[operands[0]]
            prefetch_of[j] = cid
            d = results[0][0]
            first = next(i for i in range(j + 1, len(ops)) if d in ops[i][2])
            waits_for.setdefault(first, []).append(cid)
    # D2H copies issued at the same op's end go in the order of their
    # values' definitions (program order).
    for lst in d2h_after.values():
        lst.sort(key=lambda c: copies[c]["defined"])

    events = []  # (time, seq, kind, payload)
    seq = [0]

    def push(t, kind, payload=None):
        heapq.heappush(events, (t, seq[0], kind, payload))
        seq[0] += 1

    streams = {"d2h": dict(queue=[], busy=False, bw=link["d2h_bytes_per_s"]),
               "h2d": dict(queue=[], busy=False, bw=link["h2d_bytes_per_s"])}

    def kick(stream, now):
        s = streams[stream]
        if s["busy"] or not s["queue"]:
            return
        cid = s["queue"][0]
        if stream == "h2d" and copies[cid]["d2h_done"] is None:
            return  # in order: the head waits for its host copy
        s["queue"].pop(0)
        s["busy"] = True
        push(now + link["latency_s"] + copies[cid]["bytes"] / s["bw"], stream + "_done", cid)

    op, busy = 0, False
    now, end = 0.0, None
    push(0.0, "main_try")
    while events:
        now, _, kind, payload = heapq.heappop(events)
        if kind in ("d2h_done", "h2d_done"):
            stream = kind[:3]
            copies[payload][stream + "_done"] = now
            streams[stream]["busy"] = False
            kick("d2h", now)
            kick("h2d", now)
            push(now, "main_try")
            continue
        if kind == "main_done":
            for cid in d2h_after.get(payload, []):
                streams["d2h"]["queue"].append(cid)
            kick("d2h", now)
            busy = False
            op = payload + 1
            if op == len(ops):
                end = now
                continue
            push(now, "main_try")
            continue
        # main_try: start op `op` if what it waits for is done.
        if busy or op >= len(ops):
            continue
        if op in offload_of and copies[offload_of[op]]["d2h_done"] is None:
            continue
        if any(copies[c]["h2d_done"] is None for c in waits_for.get(op, [])):
            continue
        if op in prefetch_of:
            streams["h2d"]["queue"].append(prefetch_of[op])
            kick("h2d", now)
        busy = True
        push(now + times[op], "main_done", op)
    assert end is not None, "the replay did not finish"
    return max(0.0, end - sum(times))


class Checker:
    def __init__(self, remat_opt, tmp):
        self.remat_opt, self.tmp = remat_opt, tmp
        self.runs, self.violations = 0, []
        # Runs whose plan offloads something, and whose copies expose time.
        self.offloading, self.exposing = 0, 0
        # Runs with "offload" overrides that were honored.
        self.forced = 0
        # Executables run, those that held host bytes, and those whose host
        # peak is the plan's to the byte.
        self.executed, self.offloaded_runs, self.host_exact = 0, 0, 0
        # Plans enumerated by --exhaustive.
        self.enumerated = 0
        self.slow = os.path.join(tmp, "slow-link.json")
        with open(self.slow, "w") as f:
            json.dump(SLOW_LINK, f)

    def fail(self, what, message, cmd):
        self.violations.append((what, message, " ".join(cmd)))

    def run(self, src, options, device):
        """Report of one run with its checks, or None."""
        dev = f"device-file={self.slow}" if device == "slow" else "device=h200"
        link = SLOW_LINK["host_link"] if device == "slow" else H200_LINK
        out, rep = os.path.join(self.tmp, "out.mlir"), os.path.join(self.tmp, "out.json")
        cmd = [self.remat_opt, src, "-o", out,
               f"--rematerialize={options} {dev} timeline=true report={rep}"]
        self.runs += 1
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            self.fail("verify", p.stderr.strip().splitlines()[0] if p.stderr else "failed", cmd)
            return None
        g = subprocess.run([self.remat_opt, "--mlir-print-op-generic", out],
                           capture_output=True, text=True)
        if g.returncode != 0:
            self.fail("verify", "output does not verify: " + g.stderr[:200], cmd)
            return None
        r = common.read_report(rep)
        (func,) = memory_semantics.parse_functions(g.stdout)
        peak, _, host = memory_semantics.peaks(func)
        res = r["result"]
        if res["peak_bytes"] != peak or res.get("host_peak_bytes", 0) != host:
            self.fail("peak", f"report {res['peak_bytes']}/{res.get('host_peak_bytes')} "
                      f"!= IR {peak}/{host}", cmd)
        if r.get("offloaded"):
            self.offloading += 1
            self.exposing += res["exposed_copy_time_s"] > 0
        if "exposed_copy_time_s" in res:
            times = r["timeline"]["result_op_time_s"]
            exposed = replay(func["ops"], times, link)
            want = res["exposed_copy_time_s"]
            if abs(exposed - want) > REL * max(exposed, want, sum(times)):
                self.fail("exposed", f"report {want!r} != replay {exposed!r}", cmd)
        cert = r["certificate"]
        bound = cert.get("recompute_time_lower_bound_s")
        if bound is not None and bound > cert["recompute_time_s"] * (1 + 1e-9) + 1e-15:
            self.fail("bound", f"bound {bound} above the plan's {cert['recompute_time_s']}", cmd)
        return r

    def compile_and_run(self, text, remat_compile):
        """The run property on one graph."""
        src = os.path.join(self.tmp, "run.mlir")
        with open(src, "w") as f:
            f.write(text)
        rep = os.path.join(self.tmp, "least.json")
        # remat-compile canonicalizes the entry before it plans (views of
        # views fold): so does this plan.
        p = subprocess.run([self.remat_opt, src, "-o", os.devnull, "--canonicalize",
                            f"--rematerialize=policy=auto offload=true budget=1TB pareto=true report={rep}"],
                           capture_output=True, text=True)
        if p.returncode != 0:
            return
        r = common.read_report(rep)
        least = min(q["peak_bytes"] for q in r["pareto"])
        dumps = {}
        for name, flags in (("none", ["--policy=none"]), ("offload", ["--policy=offload"]),
                            ("auto", ["--policy=auto", "--offload", f"--budget={least}"])):
            exe, dump = os.path.join(self.tmp, name), os.path.join(self.tmp, name + ".bin")
            cmd = [remat_compile, src, "--target=cpu", *flags, "-o", exe]
            self.runs += 1
            c = subprocess.run(cmd, capture_output=True, text=True)
            if c.returncode != 0:
                self.fail("run", "remat-compile failed: " + c.stderr.strip()[:300], cmd)
                return
            o = subprocess.run([exe, "--iters", "1", "--dump", dump], capture_output=True, text=True)
            if o.returncode != 0:
                self.fail("run", "the executable failed: " + o.stderr.strip()[:300], cmd)
                return
            out = json.loads(o.stdout)
            with open(dump, "rb") as f:
                dumps[name] = f.read()
            # Byte for byte, but for the lowering's rounding of an aligned
            # allocation's size up to its 64-byte alignment (what the
            # runtime is asked for): at most 63 bytes per host buffer.
            host, plan_host = out["host_peak_bytes"], out["plan_host_peak_bytes"]
            if not plan_host <= host <= plan_host + 63 * max(1, host // 64):
                self.fail("run", f"host peak {host} != plan {plan_host}", cmd)
            self.host_exact += host == plan_host
            excess = out["peak_bytes"] - out["plan_peak_bytes"]
            if name == "none":
                none_excess = excess
            if not 0 <= excess <= max(none_excess, out["plan_peak_bytes"] // 100, 512):
                self.fail("run", f"device peak {out['peak_bytes']} vs plan "
                          f"{out['plan_peak_bytes']} (policy none's excess: {none_excess})", cmd)
            if dumps[name] != dumps["none"]:
                self.fail("run", "outputs differ from policy none's", cmd)
            self.executed += 1
            self.offloaded_runs += out["host_peak_bytes"] > 0

    def exhaustive(self, text, limit):
        """The exhaustive property on one graph (h200); returns the ratios
        of auto's extra time to the enumerated optimum's, or None."""
        import itertools
        if "remat.policy" in text:
            return None
        src = os.path.join(self.tmp, "enum.mlir")
        with open(src, "w") as f:
            f.write(text)
        none = self.run(src, "policy=none", "h200")
        if none is None:
            return None
        lines = sorted({int(d["loc"].rsplit(":", 2)[1]) for d in none["decisions"]})
        if not lines or len(lines) > limit:
            return None
        base = none["baseline"]["estimated_time_s"]
        src_lines = text.splitlines()
        plans = []
        for choice in itertools.product(("save", "recompute", "offload"), repeat=len(lines)):
            out = list(src_lines)
            for line, policy in zip(lines, choice):
                head, sep, tail = out[line - 1].partition(" : ")
                attr = f'remat.policy = "{policy}"'
                if "{" in head:
                    head = head.replace("{", "{" + attr + ", ", 1)
                else:
                    head += " {" + attr + "}"
                out[line - 1] = head + sep + tail
            path = os.path.join(self.tmp, "choice.mlir")
            with open(path, "w") as f:
                f.write("\n".join(out) + "\n")
            rep = os.path.join(self.tmp, "choice.json")
            self.runs += 1
            p = subprocess.run([self.remat_opt, path, "-o", os.devnull,
                                f"--rematerialize=policy=none device=h200 report={rep}"],
                               capture_output=True, text=True)
            if p.returncode != 0:
                continue  # an override the graph refuses
            r = common.read_report(rep)
            plans.append((r["result"]["peak_bytes"], r["result"]["estimated_time_s"] - base))
        ratios = []
        for b in sorted({peak for peak, _ in plans}):
            auto = self.run(src, f"policy=auto offload=true budget={b}", "h200")
            if auto is None:
                continue
            peak = auto["result"]["peak_bytes"]
            extra = auto["result"]["estimated_time_s"] - base
            # (The bound holds at the budget: certificate.bound_at_bytes.)
            at = auto["certificate"].get("bound_at_bytes", peak)
            at_peak = [t for pk, t in plans if pk <= at]
            bound = auto["certificate"]["recompute_time_lower_bound_s"]
            if at_peak and bound is not None and bound > min(at_peak) * (1 + 1e-9) + 1e-15:
                self.fail("exhaustive", f"budget {b}: bound {bound} above the enumerated "
                          f"optimum {min(at_peak)} at peak {at}", [src])
            best = min(t for pk, t in plans if pk <= b)
            ratios.append((extra, best))
        self.enumerated += len(plans)
        return ratios

    def overrides(self, text):
        """The graph with one of its "save" overrides (each of the first
        three in turn) made an "offload" override: honored (and checked as
        any plan) or refused at its op."""
        save = 'remat.policy = "save"'
        at = [i for i in range(len(text)) if text.startswith(save, i)][:3]
        src = os.path.join(self.tmp, "forced.mlir")
        for i in at:
            with open(src, "w") as f:
                f.write(text[:i] + 'remat.policy = "offload"' + text[i + len(save):])
            for device in ("h200", "slow"):
                for options in ("policy=none", "policy=auto offload=true budget=1TB"):
                    dev = f"device-file={self.slow}" if device == "slow" else "device=h200"
                    p = subprocess.run([self.remat_opt, src, "-o", os.devnull,
                                        f"--rematerialize={options} {dev}"],
                                       capture_output=True, text=True)
                    self.runs += 1
                    if p.returncode != 0:
                        if "'remat.policy' = \"offload\" cannot be honored" not in p.stderr:
                            self.fail("verify", p.stderr.strip()[:300], [src, options])
                        continue
                    self.forced += 1
                    self.run(src, options, device)

    def graph(self, text):
        if 'remat.policy = "save"' in text:
            self.overrides(text)
        src = os.path.join(self.tmp, "graph.mlir")
        with open(src, "w") as f:
            f.write(text)
        for device in ("h200", "slow"):
            self.run(src, "policy=offload", device)
            front = self.run(src, "policy=auto offload=true budget=1TB pareto=true", device)
            plain = self.run(src, "policy=auto budget=1TB pareto=true", device)
            if not front or not plain:
                continue
            peaks = sorted({p["peak_bytes"] for p in front["pareto"]})
            least_plain = min(p["peak_bytes"] for p in plain["pareto"])
            if peaks[0] > least_plain:
                self.fail("space", f"least peak with offload {peaks[0]} above "
                          f"without {least_plain}", [src, device])
            budgets = sorted({peaks[0], peaks[len(peaks) // 2], peaks[-1],
                              (peaks[0] + peaks[-1]) // 2, least_plain})
            for b in budgets:
                r = self.run(src, f"policy=auto offload=true budget={b}", device)
                if r is None:
                    continue
                if r["result"]["peak_bytes"] > b:
                    self.fail("budget", f"peak {r['result']['peak_bytes']} above {b}", [src])
                if b >= least_plain:
                    q = self.run(src, f"policy=auto budget={b}", device)
                    if q and r["result"]["estimated_time_s"] > \
                            q["result"]["estimated_time_s"] * (1 + 1e-12):
                        self.fail("space", f"budget {b}: with offload "
                                  f"{r['result']['estimated_time_s']} > without "
                                  f"{q['result']['estimated_time_s']}", [src, device])
                host = r["result"].get("host_peak_bytes", 0)
                if host > 0:
                    hb = host // 2
                    # A host budget of half the plan's host peak: either a plan
                    # within both budgets or a refusal.
                    cmd = [self.remat_opt, src, "-o", os.devnull,
                           f"--rematerialize=policy=auto budget={b} host-budget={hb} "
                           f"report={os.path.join(self.tmp, 'hb.json')}"]
                    self.runs += 1
                    p = subprocess.run(cmd, capture_output=True, text=True)
                    if p.returncode == 0:
                        h = common.read_report(os.path.join(self.tmp, "hb.json"))
                        if h["result"]["peak_bytes"] > b or h["result"]["host_peak_bytes"] > hb:
                            self.fail("budget", f"host budget {hb}: {h['result']}", cmd)
                    elif "no plan fits budget" not in p.stderr:
                        self.fail("budget", p.stderr.strip()[:200], cmd)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--remat-opt", required=True)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--gpt", action="store_true", help="also a 2-layer GPT (seq 256, hidden 256)")
    ap.add_argument("--remat-compile", help="with --compile-every: the CPU compiler")
    ap.add_argument("--compile-every", type=int, default=0,
                    help="compile and run every Nth graph for the CPU (0: none)")
    ap.add_argument("--exhaustive", type=int, default=0, metavar="K",
                    help="enumerate every keep/recompute/offload plan of graphs with at "
                         "most K ops defining saved activations (0: none)")
    args = ap.parse_args()
    gens = [g for g in property_check.GENERATORS if g not in property_check.THROUGH_AUTODIFF]
    with tempfile.TemporaryDirectory() as tmp:
        c = Checker(args.remat_opt, tmp)
        graphs = 0
        exhausted, budgets, optimal, worst = 0, 0, 0, 1.0
        for k in range(args.count):
            gen = gens[k % len(gens)]
            text, _ = property_check.generate(gen, args.seed + k)
            before = len(c.violations)
            c.graph(text)
            if args.compile_every and k % args.compile_every == 0:
                c.compile_and_run(text, args.remat_compile)
            if args.exhaustive:
                r = c.exhaustive(text, args.exhaustive)
                if r is not None:
                    exhausted += 1
                    budgets += len(r)
                    optimal += sum(extra <= best * (1 + 1e-9) + 1e-15 for extra, best in r)
                    worse = [extra / best for extra, best in r if best > 0 and extra > best * (1 + 1e-9)]
                    worst = max([worst] + worse)
            graphs += 1
            if len(c.violations) > before:
                for what, msg, cmd in c.violations[before:]:
                    print(f"VIOLATION {gen} seed {args.seed + k}: {what}: {msg}\n  $ {cmd}")
        if args.gpt:
            gpt = os.path.join(tmp, "gpt.mlir")
            subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "gen_gpt.py"),
                            "--layers", "2", "--seq", "256", "--hidden", "256", "--heads", "4",
                            "-o", gpt], check=True)
            with open(gpt) as f:
                c.graph(f.read())
            graphs += 1
        print(f"plans offloading: {c.offloading}, with exposed copy time: {c.exposing}; "
              f"honored offload overrides: {c.forced}")
        if args.compile_every:
            print(f"executables run: {c.executed}, holding host bytes: {c.offloaded_runs}, "
                  f"host peak equal to the plan's: {c.host_exact}")
        if args.exhaustive:
            print(f"exhaustive: {exhausted} graphs, {c.enumerated} plans enumerated, "
                  f"{budgets} budgets: auto at or below the enumerated optimum at {optimal}, "
                  f"worst ratio {worst:.3f}")
        print(f"offload: {graphs} graphs, {c.runs} runs, {len(c.violations)} violations")
        return 1 if c.violations else 0


if __name__ == "__main__":
    sys.exit(main())
