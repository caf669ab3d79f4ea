"""The buffers XLA allocates for a joint jaxpr: `xla_buffers` compiles the
flat joint program (the equations remat plans, each under a named scope
of its own, `remat_eqn<k>`) and reads XLA's optimized HLO: every
instruction of a non-fused computation that defines a buffer (a fusion's
output, a library call's, a copy's) names, through its metadata's op_name,
the equation whose value it holds. An equation whose value no buffer
holds is one XLA fused into its readers (it recomputes it in each of
them, forward values in backward fusions too); the convert module writes
such an equation into each of its readers' ops instead of as an IR value
of its own, so that a plan can neither keep it nor count its bytes. What
XLA materializes that is no equation's value (an f32 copy of a bf16 dot's
operand, a layout copy, random bits) is counted with the equation it
comes from, as a temporary live while its op runs. docs/JAX.md, "The
memory model: XLA's buffers".
"""

import re
import time

import jax
import numpy as np
from jax.extend import core as _core

# HLO instructions that define no buffer of their own (they alias their
# operands' or are no array data), and the opcodes that call computations
# whose instructions XLA runs as instructions (not fused).
_NO_BUFFER = {"parameter", "tuple", "get-tuple-element", "bitcast", "constant", "after-all",
              "opt-barrier", "partition-id", "replica-id", "add-dependency", "domain",
              "while", "conditional", "call", "iota"}
_CALLED = re.compile(r"\b(?:body|condition|to_apply|true_computation|false_computation)=%?([\w.\-]+)"
                     r"|branch_computations=\{([^}]*)\}")
_DTYPES = {"pred": "bool", "s8": "int8", "s16": "int16", "s32": "int32", "s64": "int64",
           "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64", "f16": "float16",
           "bf16": "bfloat16", "f32": "float32", "f64": "float64", "c64": "complex64",
           "c128": "complex128", "f8e4m3fn": "float8_e4m3fn", "f8e5m2": "float8_e5m2"}
_ARRAY = re.compile(r"(\w+)\[([\d,]*)\]")
_SCOPE = "remat_eqn"
_INDEX = re.compile(_SCOPE + r"(\d+)/")


class XlaBuffers:
    """What XLA's compile of the flat joint program allocates, per equation
    of `order`: `materialized` (the indices of the equations whose value is
    a buffer), `extra` ({index: bytes of buffers XLA derives from that
    equation that are not its value}), `unattributed` (bytes of buffers no
    equation names), XLA's `temp_bytes` for the program and the `seconds`
    its compile took (part of the conversion's time)."""

    def __init__(self, materialized, extra, unattributed, temp_bytes, seconds):
        self.materialized, self.extra = materialized, extra
        self.unattributed, self.temp_bytes = unattributed, temp_bytes
        self.seconds = seconds


def _shape_of(text):
    """[(dtype name, dims)] of an HLO shape (an array or a tuple of them)."""
    return [(_DTYPES.get(t, t), tuple(int(d) for d in dims.split(",") if d))
            for t, dims in _ARRAY.findall(text)]


def _bytes_of(dtype, dims):
    n = 1
    for d in dims:
        n *= d
    try:
        size = np.dtype(jax.numpy.dtype(dtype)).itemsize
    except TypeError:
        size = 4
    return n * size


def _parse(text):
    """{computation: [(name, shape text, opcode, op_name or None, rest)]}
    and the entry computation's name, from HLO text."""
    computations, entry, current = {}, None, None
    header = re.compile(r"^(ENTRY\s+)?%?([\w.\-]+)\s+\(.*\)\s*->\s*.*\{\s*$")
    line_re = re.compile(r"^\s*(?:ROOT\s+)?%?([\w.\-]+)\s*=\s*")
    for line in text.splitlines():
        m = header.match(line)
        if m:
            current = m.group(2)
            computations[current] = []
            if m.group(1):
                entry = current
            continue
        if current is None:
            continue
        if line.strip() == "}":
            current = None
            continue
        m = line_re.match(line)
        if not m:
            continue
        rest = line[m.end():]
        # The shape: a tuple in parentheses or one token.
        if rest.startswith("("):
            depth = 0
            for end, ch in enumerate(rest):
                depth += ch == "("
                depth -= ch == ")"
                if depth == 0:
                    break
            shape, rest = rest[:end + 1], rest[end + 1:]
        else:
            shape, _, rest = rest.partition(" ")
        opcode = re.match(r"\s*([\w\-]+)", rest)
        op_name = re.search(r'op_name="([^"]*)"', rest)
        computations[current].append((m.group(1), shape, opcode.group(1) if opcode else "",
                                      op_name.group(1) if op_name else None, rest,
                                      line.lstrip().startswith("ROOT")))
    return computations, entry


def _index(op_name):
    """The equation index a metadata op_name names (its innermost scope)."""
    found = _INDEX.findall((op_name or "") + "/")
    return int(found[-1]) if found else None


def _operands(rest):
    """The instruction names an instruction's operand list names."""
    depth, end = 0, len(rest)
    for k, ch in enumerate(rest):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0 and ch == ")":
            end = k
            break
    return re.findall(r"%([\w.\-]+)", rest[:end])


def _named(by_name, start):
    """The op_name of the instruction `start` of one computation or, where
    it has none naming an equation, of the nearest operand (breadth first)
    that has one."""
    return _nearest(by_name, start, lambda name: _operands(by_name[name][4]))


def _named_by_user(users, by_name, start):
    """The op_name of the nearest instruction (breadth first) that reads
    `start`, directly or through unnamed ones."""
    return _nearest(by_name, start, lambda name: users.get(name, []), skip_start=True)


def _nearest(by_name, start, next_of, skip_start=False):
    queue, seen = [start], set()
    while queue:
        name = queue.pop(0)
        if name in seen or name not in by_name:
            continue
        seen.add(name)
        inst = by_name[name]
        if _index(inst[3]) is not None and not (skip_start and name == start):
            return inst[3]
        queue.extend(next_of(name))
    return None


def buffers_of_hlo(text):
    """[(equation index or None, dtype, dims, bytes)] for each buffer the
    optimized HLO `text` defines outside fusions: the instructions of the
    entry computation and of the computations it runs as instructions
    (loop bodies, branches, calls), a multi-output fusion's outputs one by
    one (named by its fused computation's root tuple's operands)."""
    computations, entry = _parse(text)
    if entry is None:
        raise ValueError("no ENTRY computation in XLA's HLO text")
    out, seen, stack = [], set(), [entry]
    while stack:
        name = stack.pop()
        if name in seen or name not in computations:
            continue
        seen.add(name)
        by_name = {i[0]: i for i in computations[name]}
        users = {}
        for i in computations[name]:
            for o in _operands(i[4]):
                users.setdefault(o, []).append(i[0])
        for inst in computations[name]:
            _, shape, opcode, op_name, rest, _ = inst
            if opcode in ("while", "conditional", "call"):
                for m in _CALLED.finditer(rest):
                    if m.group(1):
                        stack.append(m.group(1))
                    else:
                        stack.extend(c.strip().lstrip("%") for c in m.group(2).split(","))
            if opcode in _NO_BUFFER:
                continue
            arrays = _shape_of(shape)
            if opcode == "fusion":
                called = re.search(r"calls=%?([\w.\-]+)", rest)
                body = computations.get(called.group(1), []) if called else []
                root = next((i for i in body if i[5]), None)
                if root is not None and root[2] == "tuple" and len(arrays) > 1:
                    inner = {i[0]: i for i in body}
                    names = [_named(inner, o) for o in _operands(root[4])]
                    if len(names) == len(arrays):
                        for (dtype, dims), n in zip(arrays, names):
                            out.append((_index(n), dtype, dims, _bytes_of(dtype, dims)))
                        continue
            if _index(op_name) is None:
                # (A layout copy XLA inserted, or a fusion around one, carries
                # no metadata: it is made for the instruction that reads it,
                # whose equation it is counted with.)
                op_name = _named_by_user(users, by_name, inst[0])
            for dtype, dims in arrays:
                out.append((_index(op_name), dtype, dims, _bytes_of(dtype, dims)))
    return out


def flat_program(order, inputs, results):
    """The flat joint program as a function of `inputs` (jaxpr vars): each
    equation of `order` ((eqn, input atoms, output vars, name stack)) bound
    under the named scope remat_eqn<k>; returns the values of `results`."""
    def run(*values):
        env = dict(zip(inputs, values))

        def read(a):
            return a.val if isinstance(a, _core.Literal) else env[a]
        for k, (eqn, ins, outs, _) in enumerate(order):
            with jax.named_scope(f"{_SCOPE}{k}"):
                got = eqn.primitive.bind(*map(read, ins),
                                         **eqn.primitive.get_bind_params(eqn.params))
            env.update(zip(outs, got if eqn.primitive.multiple_results else [got]))
        return [read(v) for v in results]
    return run


def xla_buffers(order, inputs, specs, results):
    """XlaBuffers of the flat joint program (flat_program) compiled by XLA
    at `specs` (one jax.ShapeDtypeStruct per input). An equation is
    materialized when a buffer named after it has the element type and the
    number of elements of one of its outputs (in any layout: XLA may hold
    a value only transposed); the other buffers named after it are its
    `extra`."""
    start = time.perf_counter()
    compiled = jax.jit(flat_program(order, inputs, results)).lower(*specs).compile()
    seconds = time.perf_counter() - start
    found = buffers_of_hlo(compiled.as_text())
    materialized, extra, unattributed = set(), {}, 0
    outputs = {}
    for k, (_, _, outs, _) in enumerate(order):
        outputs[k] = {(str(v.aval.dtype), int(np.prod(v.aval.shape))) for v in outs
                      if hasattr(v.aval, "shape")}
    for index, dtype, dims, size in found:
        if index is None or index not in outputs:
            unattributed += size
        elif (dtype, int(np.prod(dims))) in outputs[index] and index not in materialized:
            materialized.add(index)
        else:
            extra[index] = extra.get(index, 0) + size
    return XlaBuffers(materialized, extra, unattributed,
                      int(compiled.memory_analysis().temp_size_in_bytes), seconds)
