#!/usr/bin/env python3
"""What the GPU kernels of a step are made of, from their SASS.

    remat-compile step.mlir --target=cuda --emit=cubin -o step.cubin
    remat-compile step.mlir --target=cuda -o step            # step.kernels.json
    sass_summary.py step.cubin --kernels step.kernels.json [--json out.json]

Disassembles the cubin with cuobjdump (-sass and -res-usage) and prints,
per kernel class of the kernel table (the nn op each kernel lowers:
gemm, reduction, elementwise, layout, ...), the number of kernels and, summed
over them, SASS instructions, warp shuffles (SHFL), shared-memory accesses
(LDS/STS/LDSM), tensor-core instructions (HMMA/HGMMA/IMMA), FFMA, global
stores (STG), with the most registers and shared memory a kernel of the
class uses, and (last) 128-bit global loads (LDG.128). Launches that call the GEMM library (kernel "cublasLt") have no
SASS here; they are counted apart. Kernels the table's entry never launches
(those of --gemm=auto's generated-GEMM fallback entry) are the class
"fallback". Without --kernels, one row per kernel.

cuobjdump is looked for in --cuobjdump, PATH, $CUDA_HOME/bin,
/usr/local/cuda/bin, and the Triton wheel of this Python (which ships it).
"""
import argparse
import collections
import glob
import json
import os
import re
import shutil
import subprocess
import sys

COUNTED = {
    "shfl": re.compile(r"^SHFL\b"),
    "shared": re.compile(r"^(LDS|STS|LDSM|ATOMS)\b"),
    "tensor_core": re.compile(r"^(HMMA|HGMMA|IMMA|WGMMA)\b"),
    "ffma": re.compile(r"^FFMA\b"),
    "global_store": re.compile(r"^(STG|RED|ATOMG)\b"),
    "global_load_128": re.compile(r"^LDG(\.[A-Z0-9_]+)*\.128\b"),
}


def find_cuobjdump(explicit=None):
    candidates = [explicit] if explicit else []
    candidates.append(shutil.which("cuobjdump"))
    for var in ("CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"):
        if os.environ.get(var):
            candidates.append(os.path.join(os.environ[var], "bin", "cuobjdump"))
    candidates.append("/usr/local/cuda/bin/cuobjdump")
    try:
        import triton  # noqa: F401  (its wheel ships the CUDA binary tools)
        candidates += glob.glob(os.path.join(os.path.dirname(triton.__file__),
                                             "backends", "nvidia", "bin", "cuobjdump"))
    except ImportError:
        pass
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def parse_sass(text):
    """{kernel: Counter of counted classes + 'instructions'}."""
    kernels, current = {}, None
    for line in text.splitlines():
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            current = kernels.setdefault(m.group(1), collections.Counter())
            continue
        # /*0040*/                   FFMA R0, R2, R3, R0 ;
        m = re.match(r"\s*/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", line)
        if m and current is not None:
            op = m.group(1)
            if op == "NOP":
                continue
            current["instructions"] += 1
            for name, pattern in COUNTED.items():
                if pattern.match(op):
                    current[name] += 1
    return kernels


def parse_resources(text):
    """{kernel: (registers, shared bytes)} from cuobjdump -res-usage."""
    res, current = {}, None
    for line in text.splitlines():
        m = re.search(r"Function (\S+):", line)
        if m:
            current = m.group(1)
            continue
        m = re.search(r"REG:(\d+).*?SHARED:(\d+)", line)
        if m and current:
            res[current] = (int(m.group(1)), int(m.group(2)))
    return res


def summarize(cubin, kernels_json=None, cuobjdump=None):
    tool = find_cuobjdump(cuobjdump)
    if not tool:
        raise SystemExit("sass_summary: no cuobjdump (install the CUDA toolkit's "
                         "binary utilities or Triton, or pass --cuobjdump)")
    sass = parse_sass(subprocess.run([tool, "-sass", cubin], check=True,
                                     capture_output=True, text=True).stdout)
    res = parse_resources(subprocess.run([tool, "-res-usage", cubin], check=True,
                                         capture_output=True, text=True).stdout)
    rows = {}
    library_calls = collections.Counter()
    if kernels_json:
        table = json.load(open(kernels_json))
        cls = {i["id"]: i.get("class", "other") for i in table["instances"]}
        kernel_class = {}
        for launch in table["launches"]:
            c = cls.get(launch["instance"], "other")
            if launch["kernel"] == "cublasLt":
                library_calls[c] += 1
            else:
                kernel_class.setdefault(launch["kernel"], c)
        groups = collections.defaultdict(list)
        for k in sass:
            groups[kernel_class.get(k, "fallback")].append(k)
    else:
        groups = {k: [k] for k in sass}
    for group, names in sorted(groups.items()):
        total = collections.Counter()
        for k in names:
            total.update(sass[k])
        row = {name: total[name] for name in ["instructions", *COUNTED]}
        row["kernels"] = len(names)
        row["max_registers"] = max((res.get(k, (0, 0))[0] for k in names), default=0)
        row["max_shared_bytes"] = max((res.get(k, (0, 0))[1] for k in names), default=0)
        row["library_calls"] = library_calls.pop(group, 0)
        rows[group] = row
    for group, calls in library_calls.items():
        rows[group] = {"kernels": 0, "library_calls": calls}
    return rows


def main():
    if sys.argv[1:] == ["--find-cuobjdump"]:
        tool = find_cuobjdump()
        print(tool or "no cuobjdump")
        return 0 if tool else 1
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cubin")
    ap.add_argument("--kernels", help="the kernel table remat-compile wrote (<exe>.kernels.json)")
    ap.add_argument("--cuobjdump")
    ap.add_argument("--json", help="also write the rows here")
    a = ap.parse_args()
    rows = summarize(a.cubin, a.kernels, a.cuobjdump)
    counted = [c for c in COUNTED if c != "global_load_128"]
    cols = ["kernels", "library_calls", "instructions", *counted, "max_registers", "max_shared_bytes",
            "global_load_128"]
    heads = ["kernels", "lib calls", "SASS", "SHFL", "shared", "tensor", "FFMA", "STG", "regs", "smem B",
             "LDG.128"]
    print(f"{'class':<14}" + "".join(f"{h:>10}" for h in heads))
    for group, row in rows.items():
        print(f"{group:<14}" + "".join(f"{row.get(c, 0):>10}" for c in cols))
    if a.json:
        json.dump(rows, open(a.json, "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())
