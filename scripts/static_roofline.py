#!/usr/bin/env python3
"""What a CUDA step's kernels can reach, from their code, before any GPU run.

    remat-compile step.mlir --target=cuda -o step                 # step.kernels.json
    remat-compile step.mlir --target=cuda --emit=cubin -o step.cubin
    static_roofline.py step.kernels.json step.cubin [--device h200]

Per kernel kind (gemm, softmax, layernorm, elementwise, layout, other, as
kernel_roofline.py groups them) it prints, for one step:
  * FLOPs and bytes moved (the cost model's figures for the ops, from the
    kernel table) and the roofline time: max(FLOPs / peak, bytes / bandwidth);
  * occupancy: resident threads per SM over 2048, from each kernel's block
    size (the table's launch dims) and its registers and shared memory
    (cuobjdump -res-usage of the cubin), with sm_90's limits (65,536
    registers allocated per warp in units of 256, 228 KiB of shared memory
    and 32 blocks per SM);
  * fill: the share of the GPU's resident block slots the launch's grid
    occupies (a grid of 4 blocks on 132 SMs fills 3%): a kernel cannot use
    more of the GPU than that.
Occupancy and fill are averaged over the kind's kernels weighted by their
roofline time. Library calls (cuBLASLt) count as occupancy and fill 1: they
are the library's kernels, as PyTorch's. The access pattern (whether a
warp's loads are coalesced, a GEMM's reuse) is not modelled, so no time is
predicted: the GPU check measures (docs/GPU.md).
"""
import argparse
import collections
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kernel_roofline  # noqa: E402
import sass_summary  # noqa: E402

SM90 = {"sms": 132, "threads": 2048, "registers": 65536, "shared": 228 * 1024,
        "blocks": 32, "warp_register_unit": 256}


def occupancy(block_threads, registers, shared, arch=SM90):
    """(resident blocks per SM, resident threads per SM / max threads)."""
    warps = math.ceil(block_threads / 32)
    per_warp = math.ceil(max(registers, 1) * 32 / arch["warp_register_unit"]) * arch["warp_register_unit"]
    limits = [arch["blocks"], arch["threads"] // max(block_threads, 1),
              arch["registers"] // (per_warp * warps)]
    if shared:
        limits.append(arch["shared"] // shared)
    blocks = max(min(limits), 0)
    return blocks, blocks * block_threads / arch["threads"]


def kind_rows(table, resources, device="h200", arch=SM90):
    """Per kernel kind: FLOPs, bytes, roofline seconds, and occupancy and fill
    summed weighted by roofline time (divide by roofline_s)."""
    dev = kernel_roofline.DEVICES[device]
    instances = {i["id"]: i for i in table["instances"]}
    rows = collections.defaultdict(lambda: collections.Counter())
    launches_of = collections.defaultdict(list)
    for launch in table["launches"]:
        launches_of[launch["instance"]].append(launch)
    for iid, inst in instances.items():
        kind = kernel_roofline.kind_of(inst)
        dtype = inst.get("dtype") or "f32"
        peak = (dev["gemm"] if kind == "gemm" and any(
            l["kernel"] == "cublasLt" for l in launches_of[iid]) and dtype != "f32"
            else dev["vector"]).get(dtype, dev["vector"]["f32"])
        roof = max(inst.get("flops", 0) / peak, inst.get("bytes", 0) / dev["bw"])
        # (occupancy, fill) of each of the instance's launches.
        parts = []
        for l in launches_of[iid]:
            if l["kernel"] == "cublasLt":
                parts.append((1.0, 1.0))
                continue
            block = math.prod(l.get("block") or [256, 1, 1])
            grid = math.prod(l.get("grid") or [1, 1, 1])
            regs, smem = resources.get(l["kernel"], (32, 0))
            per_sm, occ = occupancy(block, regs, smem, arch)
            fill = min(1.0, grid / max(arch["sms"] * per_sm, 1))
            parts.append((occ, fill))
        r = rows[kind]
        r["instances"] += 1
        r["launches"] += len(parts)
        r["flops"] += inst.get("flops", 0)
        r["bytes"] += inst.get("bytes", 0)
        r["roofline_s"] += roof
        for occ, fill in parts:
            r["occ_x_roof"] += occ * roof / len(parts)
            r["fill_x_roof"] += fill * roof / len(parts)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("kernels")
    ap.add_argument("cubin")
    ap.add_argument("--device", default="h200", choices=sorted(kernel_roofline.DEVICES))
    ap.add_argument("--cuobjdump")
    a = ap.parse_args()
    import subprocess
    tool = sass_summary.find_cuobjdump(a.cuobjdump)
    if not tool:
        raise SystemExit("static_roofline: no cuobjdump (see sass_summary.py)")
    resources = sass_summary.parse_resources(subprocess.run(
        [tool, "-res-usage", a.cubin], check=True, capture_output=True, text=True).stdout)
    rows = kind_rows(json.load(open(a.kernels)), resources, a.device)
    print(f"static view on {a.device} (sm_90 limits; no access-pattern model, no prediction)")
    print(f"{'kind':<12} {'inst':>5} {'launch':>6} {'GFLOP':>9} {'MB':>9} {'roofline us':>12} "
          f"{'occupancy':>9} {'fill':>6}")
    total = collections.Counter()
    for kind in kernel_roofline.KINDS:
        if kind not in rows:
            continue
        r = rows[kind]
        roof = r["roofline_s"] or 1e-30
        print(f"{kind:<12} {r['instances']:>5} {r['launches']:>6} {r['flops'] / 1e9:>9.3f} "
              f"{r['bytes'] / 1e6:>9.2f} {r['roofline_s'] * 1e6:>12.1f} "
              f"{r['occ_x_roof'] / roof:>9.2f} {r['fill_x_roof'] / roof:>6.2f}")
        total.update(r)
    roof = total["roofline_s"] or 1e-30
    print(f"{'total':<12} {total['instances']:>5} {total['launches']:>6} {total['flops'] / 1e9:>9.3f} "
          f"{total['bytes'] / 1e6:>9.2f} {total['roofline_s'] * 1e6:>12.1f} "
          f"{total['occ_x_roof'] / roof:>9.2f} {total['fill_x_roof'] / roof:>6.2f}")


if __name__ == "__main__":
    sys.exit(main())
