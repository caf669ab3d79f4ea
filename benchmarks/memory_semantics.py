#!/usr/bin/env python3
"""Peak bytes of a function under remat's memory semantics, computed from the
generic textual IR (`remat-opt --mlir-print-op-generic`) without using any of
remat's C++ code. Used to check that the report's peak equals the peak of the
output IR.

Semantics (architecture.md, "Memory semantics"): ops run in program order; a
tensor occupies numel * element size from its defining op through its last
use; operands and results of an op are live together; arguments are live
throughout, results to the end; nn.reshape is a view that keeps its operand's
buffer live while it is live; peak = max over ops of live bytes, arguments
included. The results of remat.offload are host buffers: the same semantics
over host bytes give the host peak, and they are not device bytes.

    remat-opt --mlir-print-op-generic out.mlir | python3 memory_semantics.py
"""
import re
import subprocess
import sys

ELEMENT_BYTES = {"f32": 4, "f16": 2, "bf16": 2, "f64": 8, "i32": 4, "i64": 8,
                 "i1": 1, "i8": 1, "i16": 2}
TENSOR = re.compile(r"tensor<([0-9x]*?)x?(f32|f16|bf16|f64|i32|i64|i1|i8|i16)>")
VALUE = re.compile(r"%[\w#.$-]+")


def tensor_bytes(type_text):
    m = TENSOR.fullmatch(type_text.strip())
    if not m:
        return 0
    n = 1
    for d in filter(None, m.group(1).split("x")):
        n *= int(d)
    return n * ELEMENT_BYTES[m.group(2)]


def split_types(text):
    """Splits a comma-separated list of types at top level."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def parse_functions(text):
    """Yields (name, args[(name, bytes)], ops[(results, name, operands)])."""
    funcs = []
    cur = None
    for line in text.splitlines():
        s = line.strip()
        if s.startswith('"func.func"()'):
            name = re.search(r'sym_name = "([^"]+)"', s).group(1)
            cur = {"name": name, "args": [], "ops": []}
            funcs.append(cur)
            continue
        if cur is None:
            continue
        if s.startswith("^bb0("):
            inner = s[len("^bb0("):s.rindex(")")]
            for part in split_types(inner):
                v, ty = part.split(":", 1)
                cur["args"].append((v.strip(), tensor_bytes(ty)))
            continue
        m = re.match(r'(?:(%[\w.$-]+)(?::(\d+))? = )?"([\w.]+)"\((.*?)\)', s)
        if not m:
            continue
        res, count, opname, operands = m.groups()
        # Result types: after the last top-level " -> ".
        sig = s[s.rindex(" : (") + 3:] if " : (" in s else ""
        results = []
        if res:
            rtypes = sig[sig.index("->") + 2:].strip()
            if rtypes.startswith("("):
                rtypes = rtypes[1:-1]
            types = split_types(rtypes)
            n = int(count) if count else 1
            names = [res] if n == 1 else [f"{res}#{i}" for i in range(n)]
            results = [(nm, tensor_bytes(t)) for nm, t in zip(names, types)]
        cur["ops"].append((results, opname, VALUE.findall(operands)))
        if opname == "func.return":
            cur = None
    return funcs


def peak_bytes(func):
    """(device peak, argument bytes)."""
    peak, args, _ = peaks(func)
    return peak, args


def peaks(func):
    """(device peak, argument bytes, host peak)."""
    args = func["args"]
    ops = func["ops"]
    arg_bytes = sum(b for _, b in args)
    buffer_of, size, start, end, host = {}, {}, {}, {}, set()
    for i, (results, opname, operands) in enumerate(ops):
        for name, b in results:
            if opname == "remat.offload":
                host.add(name)
            if opname == "nn.reshape":
                buffer_of[name] = buffer_of.get(operands[0], operands[0])
            else:
                buffer_of[name] = name
                size[name], start[name], end[name] = b, i, i
        for v in operands:
            buf = buffer_of.get(v, v)
            if buf in end:
                end[buf] = max(end[buf], i)
    peak, host_peak = arg_bytes, 0
    for i in range(len(ops)):
        live = [b for b in size if start[b] <= i <= end[b]]
        peak = max(peak, arg_bytes + sum(size[b] for b in live if b not in host))
        host_peak = max(host_peak, sum(size[b] for b in live if b in host))
    return peak, arg_bytes, host_peak


def peak_of_file(remat_opt, path):
    """The peak of the single function in an IR file, printed in generic form
    by remat-opt and recomputed here."""
    text = subprocess.run([remat_opt, "--mlir-print-op-generic", path], check=True,
                          capture_output=True, text=True).stdout
    (func,) = parse_functions(text)
    return peak_bytes(func)[0]


def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    for f in parse_functions(text):
        peak, args, host = peaks(f)
        print(f'{f["name"]} peak_bytes={peak} argument_bytes={args}'
              + (f" host_peak_bytes={host}" if host else ""))


if __name__ == "__main__":
    main()
