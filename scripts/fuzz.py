#!/usr/bin/env python3
"""Mutation fuzzer for remat-opt and remat-compile.

Seeds are every .mlir file under test/ (split on `// -----` markers, with
every full-line `//` comment removed, so RUN/CHECK/expected-* lines are
gone) and a few generated models (benchmarks/gen_gpt.py, joint and
forward-only, and benchmarks/random_joint.py for a few seeds). Each mutant
is a seed with 1-3 random textual mutations: delete or duplicate a line,
swap SSA names, change a tensor dimension (0, 1, -1, ?, 2^32, 2^61, 2^63-1)
or an element type, replace an op name by another seen in the corpus,
change numbers, booleans, remat.block/remat.policy attributes or drop an
attribute, truncate the file, add a declaration `func.func private @ext`, a
function named @main, or a `func.call` to a declaration.

    fuzz.py --seed 1 --count 400                  # build/bin, 2 jobs
    fuzz.py --seed 1 --count 400 --out /tmp/f     # + one reproducer per finding
    fuzz.py --seeds 'test/Compilers/Inputs/*' --count 1000   # torch-mlir's imports only
    fuzz.py --bin-dir build-asan/bin --count 200  # a sanitizer build
    fuzz.py --reduce /tmp/f/000-crash-remat-full  # minimize a saved finding
    fuzz.py --seed 1 --print-mutant 17            # the text of mutant 17

Every mutant is first parsed and verified (`remat-opt mutant.mlir`). A
clean failure (non-zero exit with an `error:` diagnostic) ends it there.
A mutant that verifies goes through every pass run (--rematerialize with
each policy and report=-, auto with max-overhead=0.1, with budget=1, with
repeat=3 and pareto=true, and with a budget every plan fits,
report=/dev/full, --nn-autodiff, --remat-print-memory-plan, the CPU
pipeline, with and without emulate-gpu-mapping, the CUDA pipeline with
format=isa, which needs no ptxas, and remat-compile --emit=llvm with
--policy=auto and with --autodiff); every --cuda-every'th verified mutant
also through the default (fatbin, ptxas) CUDA pipeline, and every
--compile-every'th through remat-compile (a CPU executable, run once; the
same with --emulate-gpu-mapping; CUDA LLVM IR). Each run gets its own
folder and TMPDIR (see PASS_RUNS, CUDA_RUNS and COMPILE_RUNS below).

A run is a finding when it is a
    CRASH        killed by a signal (exit < 0 or >= 128), or its stderr has
                 "Stack dump", "PLEASE submit a bug report", "LLVM ERROR",
                 "Assertion" or "Segmentation fault";
    SANITIZER    stderr has "ERROR: AddressSanitizer", "runtime error:" or
                 "ERROR: LeakSanitizer" (leaks are off unless --detect-leaks);
    HANG         it outlived --timeout;
    UNDIAGNOSED  non-zero exit without "error:" on stderr;
    LEFTOVER     it left files in its TMPDIR ("leftover temporaries");
    BAD-OUTPUT   a remat-opt run exited 0 but its output does not parse
                 again with remat-opt (or a report=- line is not JSON), or
                 an executable exited 0 without printing one JSON object.
Findings are deduplicated by (kind, run, first meaningful stack frame or
first line of the message); with --out, the first mutant of each distinct
finding is saved with its command (cmd.sh), output and finding.json. The
last line of output is always

    fuzz: N mutants, M runs, C crashes, S sanitizer reports, H hangs, U undiagnosed, B bad outputs

(runs counts tool invocations, re-parses excluded; the kinds count runs, not
distinct findings; leftover temporaries are in the table only); the exit
status is 1 if anything was found, leftovers included. A mutant is a
function of --seed, its index and the corpus (the test files, and which of
them verify with the tools under test), whatever --jobs.
"""
import argparse
import concurrent.futures
import fnmatch
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

SRC_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LLVM_BIN = "/usr/lib/llvm-22/bin"  # llvm-symbolizer, for symbolized stack dumps
# Leaks inside COIN-OR CBC's own libraries (the certificate's MILP) are not
# remat's: with --detect-leaks they are suppressed, as scripts/sanitize.sh does.
LSAN_SUPPRESSIONS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lsan.supp")

# ---------------------------------------------------------------------------
# The runs
# ---------------------------------------------------------------------------


class RunSpec:
    """One tool invocation on a mutant.

    label:   short name used in reports and deduplication keys;
    tool:    "remat-opt" or "remat-compile";
    args:    the options; "{out}" is replaced by a path in the run's folder;
    reparse: an exit-0 run's stdout must parse again with remat-opt;
    report:  stdout starts with the JSON report lines of report=-;
    after:   for the executables: the RunSpec of the remat-compile run
             whose `{out}/exe` this one runs (only if it succeeded); an
             exit-0 executable must print one JSON object.
    """

    def __init__(self, label, tool, args, reparse=False, report=False, after=None):
        self.label, self.tool, self.args = label, tool, args
        self.reparse, self.report, self.after = reparse, report, after

    def command(self, bin_dir, mutant, out_dir):
        args = [a.replace("{out}", out_dir) for a in self.args]
        if self.after:  # the executable in the folder of the compile run
            return [os.path.join(os.path.dirname(out_dir), self.after.label, "exe")] + args
        exe = os.path.join(bin_dir, self.tool)
        if self.tool == "remat-opt":
            return [exe, mutant] + args
        return [exe] + args + [mutant]


VERIFY = RunSpec("parse-verify", "remat-opt", [], reparse=True)

PASS_RUNS = [
    RunSpec(f"remat-{p}", "remat-opt", [f"--rematerialize=policy={p} report=-"],
            reparse=True, report=True)
    for p in ("none", "full", "sqrt", "selective", "dots", "dots-no-batch")
] + [
    RunSpec("remat-auto-overhead", "remat-opt",
            ["--rematerialize=policy=auto max-overhead=0.1"], reparse=True),
    # Results counted from the start, and lent to temporaries that end
    # before they are written (what the JAX integration plans with).
    RunSpec("remat-auto-preallocated", "remat-opt",
            ["--rematerialize=policy=auto max-overhead=0.1 result-buffers=preallocated "
             "report=-"], reparse=True, report=True),
    RunSpec("remat-auto-lent", "remat-opt",
            ["--rematerialize=policy=auto max-overhead=0.1 result-buffers=lent "
             "report=-"], reparse=True, report=True),
    # budget=1 is below any real plan's peak: expected to fail cleanly.
    RunSpec("remat-auto-budget1", "remat-opt",
            ["--rematerialize=policy=auto budget=1"], reparse=True),
    # A loop body run 3 times (held bytes in the peak) with the frontier's
    # points; a budget every plan fits (the budget-aimed search's fill).
    RunSpec("remat-auto-repeat-pareto", "remat-opt",
            ["--rematerialize=policy=auto max-overhead=0.1 repeat=3 pareto=true report=-"],
            reparse=True, report=True),
    RunSpec("remat-auto-budget-all", "remat-opt",
            ["--rematerialize=policy=auto budget=1099511627776 report=-"],
            reparse=True, report=True),
    # Host offload as a third decision: the fixed policy, and auto's joint
    # keep/recompute/offload search (an impossible budget fails cleanly).
    RunSpec("remat-offload", "remat-opt", ["--rematerialize=policy=offload report=-"],
            reparse=True, report=True),
    RunSpec("remat-auto-offload", "remat-opt",
            ["--rematerialize=policy=auto offload=true max-overhead=0.1 report=-"],
            reparse=True, report=True),
    RunSpec("remat-auto-offload-budget1", "remat-opt",
            ["--rematerialize=policy=auto offload=true budget=1"], reparse=True),
    RunSpec("autodiff", "remat-opt", ["--nn-autodiff"], reparse=True),
    RunSpec("memory-plan", "remat-opt", ["--remat-print-memory-plan"], reparse=True),
    RunSpec("cpu-pipeline", "remat-opt", ["--remat-cpu-pipeline"], reparse=True),
    RunSpec("cpu-pipeline-emulate", "remat-opt",
            ["--remat-cpu-pipeline=emulate-gpu-mapping"], reparse=True),
    RunSpec("cpu-pipeline-fast", "remat-opt",
            ["--remat-cpu-pipeline=gemm-library=true approximate-math=true"], reparse=True),
    # format=isa embeds PTX text from LLVM's NVPTX backend: no ptxas, ~1 s.
    RunSpec("cuda-pipeline-isa", "remat-opt",
            ["--remat-cuda-pipeline=format=isa"], reparse=True),
    # A report that cannot be written must be an error, not a crash.
    RunSpec("remat-report-dev-full", "remat-opt",
            ["--rematerialize=policy=none report=/dev/full"], reparse=True),
    # remat-compile without linking (cheap): its entry checks, --policy and
    # --autodiff (which fails cleanly on joint functions).
    RunSpec("compile-llvm-auto", "remat-compile",
            ["--target=cpu", "--policy=auto", "--max-overhead=0.1", "--emit=llvm", "-o", "{out}/x.ll"]),
    RunSpec("compile-llvm-autodiff", "remat-compile",
            ["--target=cpu", "--autodiff", "--policy=selective", "--emit=llvm", "-o", "{out}/x.ll"]),
]

# The default CUDA pipeline runs ptxas and fatbinary (~4 s): --cuda-every.
CUDA_RUNS = [RunSpec("cuda-pipeline-fatbin", "remat-opt", ["--remat-cuda-pipeline"],
                     reparse=True)]

# remat-compile links with clang++ (~1 s, and ptxas for CUDA): --compile-every.
# The two CPU executables then run once (their runtime on the mutant's shapes).
COMPILE_CPU = RunSpec("compile-cpu", "remat-compile", ["--target=cpu", "-o", "{out}/exe"])
COMPILE_EMULATE = RunSpec("compile-cpu-emulate", "remat-compile",
                          ["--target=cpu", "--emulate-gpu-mapping", "-o", "{out}/exe"])
COMPILE_RUNS = [
    COMPILE_CPU,
    RunSpec("exe-cpu", None, ["--iters", "1", "--warmup", "0"], after=COMPILE_CPU),
    COMPILE_EMULATE,
    RunSpec("exe-cpu-emulate", None, ["--iters", "1", "--warmup", "0"], after=COMPILE_EMULATE),
    RunSpec("compile-cuda-llvm", "remat-compile",
            ["--target=cuda", "--emit=llvm", "-o", "{out}/x.ll"]),
]

ALL_RUNS = [VERIFY] + PASS_RUNS + CUDA_RUNS + COMPILE_RUNS

KINDS = ["CRASH", "SANITIZER", "HANG", "UNDIAGNOSED", "LEFTOVER", "BAD-OUTPUT"]

CRASH_MARKERS = ["Stack dump", "PLEASE submit a bug report", "LLVM ERROR",
                 "Assertion", "Segmentation fault"]
SANITIZER_MARKERS = ["ERROR: AddressSanitizer", "runtime error:", "ERROR: LeakSanitizer"]

# ---------------------------------------------------------------------------
# The corpus
# ---------------------------------------------------------------------------


def strip_comments(text):
    """Drops every line whose first non-blank characters are `//`."""
    return "".join(l for l in text.splitlines(True) if not l.lstrip().startswith("//"))


def load_corpus(only=None):
    """Returns (test seeds, generated seeds), each a list of (name, text).
    With `only` (a glob over paths relative to the repository): the test
    seeds of the files it matches, and no generated seeds."""
    tests = []
    test_dir = os.path.join(SRC_ROOT, "test")
    paths = []
    for root, dirs, files in os.walk(test_dir):
        dirs.sort()
        paths += [os.path.join(root, f) for f in sorted(files) if f.endswith(".mlir")]
    for path in sorted(paths):
        rel = os.path.relpath(path, SRC_ROOT)
        if only and not fnmatch.fnmatch(rel, only):
            continue
        with open(path) as f:
            chunks = re.split(r"^// -----.*$", f.read(), flags=re.M)
        for i, chunk in enumerate(chunks):
            text = strip_comments(chunk)
            if text.strip():
                tests.append((f"{rel}#{i}" if len(chunks) > 1 else rel, text))

    if only:
        if not tests:
            sys.exit(f"fuzz: no test file matches --seeds {only}")
        return tests, []
    bench = os.path.join(SRC_ROOT, "benchmarks")
    gpt = ["--layers", "1", "--seq", "8", "--hidden", "8", "--heads", "2", "--vocab", "16"]
    generators = [("gen_gpt", [os.path.join(bench, "gen_gpt.py")] + gpt),
                  ("gen_gpt-forward", [os.path.join(bench, "gen_gpt.py")] + gpt + ["--forward-only"])]
    for k in range(4):
        generators.append((f"random_joint-{k}", [os.path.join(bench, "random_joint.py"), "--seed", str(k)]))
        if k < 2:
            generators.append((f"random_joint-{k}-forward",
                               [os.path.join(bench, "random_joint.py"), "--seed", str(k), "--forward-only"]))
    generated = []
    for name, cmd in generators:
        p = subprocess.run([sys.executable] + cmd, capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit(f"fuzz: {' '.join(cmd)} failed:\n{p.stderr}")
        generated.append((f"gen:{name}", strip_comments(p.stdout)))
    return tests, generated


SSA_RE = re.compile(r"%[\w$.\-]+")
# Op names: the first dotted word of a line, after its results if any.
OP_NAME_RE = re.compile(
    r'^\s*(?:%[\w$.\-#:]+(?:\s*,\s*%[\w$.\-#:]+)*\s*=\s*)?"?([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_.]*)"?')


def op_signature(line, m):
    """The form of the op whose name OP_NAME_RE matched in line: results,
    operands, types after ':' and whether they have '->'."""
    lhs, rest = line[:m.start(1)], line[m.end(1):]
    operands, _, types = rest.partition(" : ")
    operands = re.split(r" \{|\) ", operands, maxsplit=1)[0]
    return (len(SSA_RE.findall(lhs)), len(SSA_RE.findall(operands)),
            len(re.findall(r"\b(?:tensor|memref)<", types)), "->" in types)


def collect_op_names(seeds):
    """Every op name of the corpus, and the names seen with each signature
    (so that nn.relu can become nn.gelu, and nn.add nn.mul)."""
    names, by_sig = set(), {}
    for _, text in seeds:
        for line in text.splitlines():
            m = OP_NAME_RE.match(line)
            if m:
                names.add(m.group(1))
                by_sig.setdefault(op_signature(line, m), set()).add(m.group(1))
    return sorted(names), {k: sorted(v) for k, v in by_sig.items()}


# ---------------------------------------------------------------------------
# Mutators: each takes (rng, lines, ctx) and returns a description of what it
# did after editing `lines` in place, or None when it does not apply.
# ---------------------------------------------------------------------------

SHAPE_RE = re.compile(r"\b(?:tensor|memref)<((?:(?:\d+|\?)x)+)")
ELT_RE = re.compile(r"(?:(?<=[<x\s,(:])|^)(f32|f16|bf16|i32|i64|i1|f64|index)(?!\w)")
ELT_TYPES = ["f32", "f16", "bf16", "i32", "i64", "i1", "f64", "index"]
NUM_RE = re.compile(r"(?<![\w%#@.$\-])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w.])")
HUGE_DIMS = ["4294967296", "9223372036854775807", "2305843009213693952"]
DIMS = ["0", "1", "-1", "?"] + HUGE_DIMS
NUMBERS = ["0", "-1", "1", "4294967296", "9223372036854775807", "18446744073709551616",
           "nan", "1e309", "-1e309", "0.5", "-0.0", "1e-45"]
BLOCK_VALUES = ["-1 : i64", "0 : i64", "1 : i64", "99 : i64", "9223372036854775807 : i64",
                "3 : i32", "1.5 : f32", '"0"', "true", "unit"]
POLICY_VALUES = ['"save"', '"recompute"', '"keep"', '""', "1 : i64", "@save", "true", "unit"]
ATTR_DICT_RE = re.compile(r"\{([^{}\n]*)\}")
REMAT_ATTR_RE = re.compile(r"remat\.(block|policy)\s*=\s*([^,}]+)")
FUNC_ARG_RE = re.compile(r"(%[\w$.\-]+)\s*:\s*(tensor<[^<>]*>)")


def pick_line(rng, lines, pred):
    """A random index of a line satisfying pred, or None."""
    idx = [i for i, l in enumerate(lines) if pred(l)]
    return rng.choice(idx) if idx else None


def replace_match(rng, lines, regex, make, group=0):
    """Replaces one random match of regex (group `group`) over all lines with
    make(old_text); returns (line index, old, new) or None."""
    hits = [(i, m.start(group), m.end(group), m.group(group))
            for i, l in enumerate(lines) for m in regex.finditer(l)]
    if not hits:
        return None
    i, s, e, old = rng.choice(hits)
    new = make(old)
    if new is None or new == old:
        return None
    lines[i] = lines[i][:s] + new + lines[i][e:]
    return i, old, new


def mut_delete_line(rng, lines, ctx):
    """Deletes a non-blank line."""
    i = pick_line(rng, lines, lambda l: l.strip())
    if i is None:
        return None
    del lines[i]
    return f"delete line {i + 1}"


def mut_duplicate_line(rng, lines, ctx):
    """Duplicates a line; half the time, renames the copy's results (a dead
    duplicate op) instead of redefining them."""
    i = pick_line(rng, lines, lambda l: l.strip())
    if i is None:
        return None
    copy = lines[i]
    m = re.match(r"^(\s*)(%[^=]*?)(\s*=\s)", copy)
    if m and rng.random() < 0.5:
        results = SSA_RE.sub(lambda r: r.group() + "_dup", m.group(2))
        lines.insert(i + 1, m.group(1) + results + copy[m.end(2):])
        return f"duplicate line {i + 1} with renamed results"
    lines.insert(i + 1, copy)
    return f"duplicate line {i + 1}"


def mut_swap_ssa(rng, lines, ctx):
    """Swaps two different SSA names, in one line or across two lines."""
    hits = [(i, m.start(), m.end(), m.group()) for i, l in enumerate(lines)
            for m in SSA_RE.finditer(l)]
    if len(hits) < 2:
        return None
    if rng.random() < 0.5:  # within one line
        by_line = {}
        for h in hits:
            by_line.setdefault(h[0], []).append(h)
        cands = [hs for hs in by_line.values() if len({h[3] for h in hs}) > 1]
        if not cands:
            return None
        hs = rng.choice(cands)
        a = rng.choice(hs)
        b = rng.choice([h for h in hs if h[3] != a[3]])
    else:
        a = rng.choice(hits)
        others = [h for h in hits if h[3] != a[3]]
        if not others:
            return None
        b = rng.choice(others)
    # Edit the later occurrence first so that the earlier offsets stay valid.
    for (i, s, e, _), new in sorted([(a, b[3]), (b, a[3])], key=lambda x: (x[0][0], x[0][1]),
                                    reverse=True):
        lines[i] = lines[i][:s] + new + lines[i][e:]
    return f"swap {a[3]} (line {a[0] + 1}) and {b[3]} (line {b[0] + 1})"


def mut_shape_dim(rng, lines, ctx):
    """Sets one dimension of a tensor/memref shape to 0, 1, -1, ? or huge:
    in one place, in every shape where that size appears, or in every
    occurrence of the same type (the last two keep more mutants valid)."""
    hits = [(i, m) for i, l in enumerate(lines) for m in SHAPE_RE.finditer(l)]
    if not hits:
        return None
    i, m = rng.choice(hits)
    parts = m.group(1).split("x")[:-1]
    k = rng.randrange(len(parts))
    parts[k] = rng.choice([d for d in DIMS if d != parts[k]])
    new_dims = "x".join(parts) + "x"
    how = rng.random()
    if how < 0.4:
        lines[i] = lines[i][:m.start(1)] + new_dims + lines[i][m.end(1):]
        return f"line {i + 1}: shape {m.group(1)} -> {new_dims}"
    if how < 0.7:
        # The same size in every shape of the file (e.g. every 8 -> 0).
        old_dim, new_dim = m.group(1).split("x")[k], parts[k]

        def subst(sm):
            dims = [new_dim if d == old_dim else d for d in sm.group(1).split("x")[:-1]]
            return sm.group(0).replace(sm.group(1), "x".join(dims) + "x", 1)
        lines[:] = [SHAPE_RE.sub(subst, l) for l in lines]
        return f"every dimension {old_dim} -> {new_dim}"
    # The whole type, up to the '>' that closes it.
    end = lines[i].find(">", m.end(1))
    if end < 0:
        return None
    old = lines[i][m.start():end + 1]
    new = old.replace(m.group(1), new_dims, 1)
    pat = re.compile(r"(?<!\w)" + re.escape(old))
    lines[:] = [pat.sub(new, l) for l in lines]
    return f"every {old} -> {new}"


def mut_element_type(rng, lines, ctx):
    """Replaces an element type, once or (a third of the time) everywhere."""
    if rng.random() < 0.33:
        present = sorted({m.group(1) for l in lines for m in ELT_RE.finditer(l)})
        if not present:
            return None
        old = rng.choice(present)
        new = rng.choice([x for x in ELT_TYPES if x != old])
        lines[:] = [ELT_RE.sub(lambda m: new if m.group(1) == old else m.group(0), l)
                    for l in lines]
        return f"every {old} -> {new}"
    r = replace_match(rng, lines, ELT_RE, lambda t: rng.choice([x for x in ELT_TYPES if x != t]),
                      group=1)
    return r and f"line {r[0] + 1}: type {r[1]} -> {r[2]}"


def mut_op_name(rng, lines, ctx):
    """Replaces an op name by another one seen in the corpus: half the time
    one seen with as many results and operands, else any (nn.* mostly)."""
    i = pick_line(rng, lines, lambda l: OP_NAME_RE.match(l))
    if i is None:
        return None
    m = OP_NAME_RE.match(lines[i])
    same = ctx["ops_by_sig"].get(op_signature(lines[i], m), [])
    if len(same) > 1 and rng.random() < 0.5:
        pool = same
    else:
        pool = ctx["nn_ops"] if ctx["nn_ops"] and rng.random() < 0.7 else ctx["ops"]
    new = rng.choice(pool)
    if new == m.group(1):
        return None
    lines[i] = lines[i][:m.start(1)] + new + lines[i][m.end(1):]
    return f"line {i + 1}: op {m.group(1)} -> {new}"


def mut_number(rng, lines, ctx):
    r = replace_match(rng, lines, NUM_RE, lambda n: rng.choice(NUMBERS))
    return r and f"line {r[0] + 1}: number {r[1]} -> {r[2]}"


def mut_bool(rng, lines, ctx):
    r = replace_match(rng, lines, re.compile(r"\b(?:true|false)\b"),
                      lambda b: "false" if b == "true" else "true")
    return r and f"line {r[0] + 1}: {r[1]} -> {r[2]}"


def split_top_level(s):
    """Splits an attribute list on the commas outside brackets and quotes."""
    items, depth, quote, cur = [], 0, False, ""
    for c in s:
        if c == '"':
            quote = not quote
        elif not quote and c in "[(<{":
            depth += 1
        elif not quote and c in "])>}":
            depth -= 1
        if c == "," and depth == 0 and not quote:
            items.append(cur)
            cur = ""
        else:
            cur += c
    items.append(cur)
    return [x.strip() for x in items if x.strip()]


def mut_drop_attr(rng, lines, ctx):
    def make(inner):
        items = split_top_level(inner)
        if not items:
            return None
        del items[rng.randrange(len(items))]
        return ", ".join(items)
    r = replace_match(rng, lines, ATTR_DICT_RE, make, group=1)
    return r and f"line {r[0] + 1}: attributes {{{r[1]}}} -> {{{r[2]}}}"


def mut_remat_attr(rng, lines, ctx):
    """Changes a remat.block/remat.policy value, or adds one to an nn op."""
    if rng.random() < 0.3:
        i = pick_line(rng, lines, lambda l: re.search(r"=\s*nn\.\w+ [^{]*: ", l))
        if i is None:
            return None
        attr = rng.choice([f"remat.policy = {rng.choice(POLICY_VALUES)}",
                           f"remat.block = {rng.choice(BLOCK_VALUES)}"])
        lines[i] = re.sub(r" : ", f" {{{attr}}} : ", lines[i], count=1)
        return f"line {i + 1}: add {{{attr}}}"
    hits = [(i, m) for i, l in enumerate(lines) for m in REMAT_ATTR_RE.finditer(l)]
    if not hits:
        return None
    i, m = rng.choice(hits)
    new = rng.choice(BLOCK_VALUES if m.group(1) == "block" else POLICY_VALUES)
    lines[i] = lines[i][:m.start(2)] + new + lines[i][m.end(2):]
    return f"line {i + 1}: remat.{m.group(1)} = {m.group(2).strip()} -> {new}"


def mut_attribute(rng, lines, ctx):
    """One of the attribute mutations."""
    for f in rng.sample([mut_number, mut_bool, mut_drop_attr, mut_remat_attr, mut_remat_attr], 5):
        d = f(rng, lines, ctx)
        if d:
            return d
    return None


def mut_truncate(rng, lines, ctx):
    text = "".join(lines)
    if len(text) < 2:
        return None
    cut = rng.randrange(1, len(text))
    lines[:] = text[:cut].splitlines(True)
    return f"truncate at byte {cut} of {len(text)}"


def top_level_index(lines):
    """Where a new top-level op goes: after `module ... {`, else first."""
    for i, l in enumerate(lines):
        if re.match(r"^module\b.*\{\s*$", l):
            return i + 1
    return 0


def mut_insert_decl(rng, lines, ctx):
    decl = rng.choice(["func.func private @ext(tensor<2x3xf32>)\n",
                       "func.func private @ext(tensor<2x3xf32>) -> tensor<2x3xf32>\n",
                       "func.func private @main(tensor<2x3xf32>)\n"])
    i = top_level_index(lines)
    lines.insert(i, decl)
    return f"insert `{decl.strip()}` at line {i + 1}"


def mut_main(rng, lines, ctx):
    """Renames a function to @main, or adds a small function @main."""
    names = sorted({m.group(1) for l in lines for m in re.finditer(r"func\.func (?:private )?@([\w$.]+)", l)})
    names = [n for n in names if n != "main"]
    if names and rng.random() < 0.6:
        old = rng.choice(names)
        pat = re.compile(r"@" + re.escape(old) + r"(?![\w$.])")
        lines[:] = [pat.sub("@main", l) for l in lines]
        return f"rename @{old} to @main"
    i = top_level_index(lines)
    lines[i:i] = ["func.func @main(%fz0: tensor<2x3xf32>) -> tensor<2x3xf32> {\n",
                  "  %fz1 = nn.relu %fz0 : tensor<2x3xf32>\n",
                  "  return %fz1 : tensor<2x3xf32>\n",
                  "}\n"]
    return f"insert a function @main at line {i + 1}"


def mut_insert_call(rng, lines, ctx):
    """Adds, at the start of a function body, a func.call of a declaration on
    one of its tensor arguments (and the declaration, if none exists)."""
    heads = [i for i, l in enumerate(lines)
             if re.match(r"^\s*func\.func\b", l) and l.rstrip().endswith("{") and FUNC_ARG_RE.search(l)]
    if not heads:
        return None
    i = rng.choice(heads)
    name, ty = rng.choice(FUNC_ARG_RE.findall(lines[i]))
    indent = "  " + re.match(r"\s*", lines[i]).group()
    if rng.random() < 0.5:
        callee, call = "ext", f"{indent}func.call @ext({name}) : ({ty}) -> ()\n"
        decl = f"func.func private @ext({ty})\n"
        desc = f"call @ext({name}) after line {i + 1}"
        lines.insert(i + 1, call)
    else:
        callee, call = "ext_r", f"{indent}%fz_r = func.call @ext_r({name}) : ({ty}) -> {ty}\n"
        decl = f"func.func private @ext_r({ty}) -> {ty}\n"
        desc = f"call %fz_r = @ext_r({name}) after line {i + 1}"
        lines.insert(i + 1, call)
        if rng.random() < 0.5:  # feed the result into a later use of the argument
            pat = re.compile(re.escape(name) + r"(?![\w$.\-])")
            uses = [j for j in range(i + 2, len(lines)) if pat.search(lines[j])
                    and not lines[j].lstrip().startswith(("func.func", "}"))]
            if uses:
                j = rng.choice(uses)
                lines[j] = pat.sub("%fz_r", lines[j], count=1)
                desc += f", used on line {j + 1}"
    if not any(re.search(rf"func\.func private @{callee}\(", l) for l in lines):
        lines.insert(top_level_index(lines), decl)
    return desc


MUTATORS = [  # (weight, mutator)
    (3, mut_delete_line), (2, mut_duplicate_line), (3, mut_swap_ssa), (4, mut_shape_dim),
    (3, mut_element_type), (3, mut_op_name), (4, mut_attribute), (1, mut_truncate),
    (1, mut_insert_decl), (1, mut_main), (2, mut_insert_call),
]


# Inputs that crash MLIR 22's own parser (mlir-opt too), not remat's code:
# a mutation that creates one is undone and another one tried.
UPSTREAM_CRASHERS = [
    re.compile(r"array<\s*index\b"),  # DenseArrayAttr of index: FloatType::getWidth()
    # An integer array attribute given a float (linalg.transpose's
    # `permutation = [1e309, 0]` or `[1, nan]`): upstream mlir-opt crashes
    # the same way in Attribute::getContext().
    re.compile(r"(permutation|dimensions)\s*=\s*\[[^\]]*([0-9][eE.]|nan|inf)"),
]


def make_mutant(seed, index, ctx):
    """Mutant `index` of fuzz seed `seed`: (seed name, mutation list, text).
    A function of (seed, index) and the corpus alone."""
    rng = random.Random(f"remat-fuzz/{seed}/{index}")
    # A quarter generated models; of the test seeds, mostly those that
    # verify (the others only exercise the parser and the verifiers).
    r = rng.random()
    pool = ctx["generated"] if r < 0.25 else ctx["valid"] if r < 0.8 else ctx["invalid"]
    pool = pool or ctx["generated"] or ctx["valid"] or ctx["invalid"]
    name, text = rng.choice(pool)
    lines = text.splitlines(True)
    done = []
    weights, funcs = zip(*MUTATORS)
    for _ in range(rng.choices([1, 2, 3], weights=[5, 3, 2])[0]):
        for _attempt in range(10):
            f = rng.choices(funcs, weights=weights)[0]
            before = list(lines)
            d = f(rng, lines, ctx)
            if d and any(c.search("".join(lines)) for c in UPSTREAM_CRASHERS):
                lines[:] = before
                d = None
            if d:
                done.append(f"{f.__name__[4:]}: {d}")
                break
    return name, done, "".join(lines)


# ---------------------------------------------------------------------------
# Running and classifying
# ---------------------------------------------------------------------------


class Result:
    def __init__(self, cmd, rc, out, err, hung, elapsed):
        self.cmd, self.rc, self.out, self.err = cmd, rc, out, err
        self.hung, self.elapsed = hung, elapsed


def run_process(cmd, cwd, env, timeout, mem_kb):
    """Runs cmd in its own process group (killed whole on timeout), under a
    virtual-memory limit of mem_kb (0: none), and returns a Result."""
    full = cmd
    if mem_kb:
        full = ["/bin/sh", "-c", f'ulimit -v {mem_kb} && exec "$@"', "sh"] + cmd
    start = time.time()
    p = subprocess.Popen(full, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    hung = False
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        hung = True
        try:
            os.killpg(p.pid, 9)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
    return Result(cmd, p.returncode, out.decode("utf-8", "replace"),
                  err.decode("utf-8", "replace"), hung, time.time() - start)


FRAME_RE = re.compile(r"^\s*#\d+\s+0x[0-9a-fA-F]+\s+(?:in\s+)?(.*)$")
BORING_FRAME = re.compile(
    r"PrintStackTrace|RunSignalHandlers|SignalHandler|CrashRecoveryContext|__assert_fail|"
    r"__assert_perror_fail|\babort\b|\braise\b|gsignal|pthread_kill|report_fatal_error|"
    r"reportFatal|llvm_unreachable_internal|__restore_rt|__sanitizer|__asan|__ubsan|__interceptor|"
    r"__interception|\bmalloc\b|\bfree\b|\bcalloc\b|\brealloc\b|operator new|operator delete|"
    r"\bmem(?:cpy|move|set|cmp)\b|\bstr\w*\b|___interceptor")


def first_frame(text):
    """The first stack frame (LLVM or sanitizer style) that has a symbol and
    is not part of the signal handler, abort or the sanitizer runtime."""
    for line in text.splitlines():
        m = FRAME_RE.match(line)
        if not m:
            continue
        sym = m.group(1).strip()
        if sym.startswith("(") and not sym.startswith("(anonymous namespace)"):
            continue  # "(/lib/x.so+0x123)": no symbol
        sym = re.sub(r"\s+\(/[^)]*\)$", "", sym)          # " (/lib/x.so+0x..)"
        sym = re.sub(r"\s+\S+:\d+(?::\d+)?$", "", sym)     # " file.cpp:12:3"
        if not sym or BORING_FRAME.search(sym):
            continue
        return sym
    return None


def normalize(msg):
    """A message with its file:line:col, SSA names and numbers abstracted."""
    msg = re.sub(r"^\s*\S*?:\d+:\d+:\s*", "", msg)
    msg = re.sub(r"0x[0-9a-fA-F]+", "0x?", msg)
    msg = re.sub(r"%[\w$.\-]+", "%V", msg)
    msg = re.sub(r"\d+", "N", msg)
    return msg.strip()[:200]


def first_line_with(text, needle):
    for l in text.splitlines():
        if needle in l:
            return l
    return None


def crash_key(err, rc):
    frame = first_frame(err)
    if frame:
        return frame
    for needle in ("Assertion", "LLVM ERROR", "error:"):
        l = first_line_with(err, needle)
        if l:
            return normalize(l)
    return f"signal {-rc}" if rc < 0 else f"exit {rc}"


def sanitizer_key(err):
    l = first_line_with(err, "ERROR: AddressSanitizer") or first_line_with(err, "ERROR: LeakSanitizer")
    if l:
        what = re.sub(r".*ERROR: (\w+Sanitizer): ([\w-]+).*", r"\1: \2", l)
        return f"{what} in {first_frame(err) or '?'}"
    l = first_line_with(err, "runtime error:")
    loc = re.match(r"^\s*(\S+?:\d+):\d+:", l)
    return f"{loc.group(1) if loc else '?'}: runtime error: {normalize(l.split('runtime error:', 1)[1])}"


def leftovers(tmp_dir):
    found = []
    for root, dirs, files in os.walk(tmp_dir):
        found += [os.path.relpath(os.path.join(root, x), tmp_dir) for x in dirs + files]
    return sorted(found)


class Fuzzer:
    def __init__(self, opts):
        self.opts = opts
        self.bin_dir = os.path.abspath(opts.bin_dir)
        self.lock = threading.Lock()
        self.runs = 0
        self.retries = 0  # runs done again because the tools were rebuilt
        self.per_run = {}  # label -> [runs, runs that exited 0]
        self.waited_for = ()  # the tools' stamp last seen while waiting
        self.counts = {k: 0 for k in KINDS}
        self.distinct = {}  # key -> finding dict
        self.env = dict(os.environ)
        asan = "detect_leaks=1" if opts.detect_leaks else "detect_leaks=0"
        self.env["ASAN_OPTIONS"] = ":".join(filter(None, [asan, os.environ.get("ASAN_OPTIONS")]))
        self.env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
        self.env.setdefault("LSAN_OPTIONS",
                            f"suppressions={LSAN_SUPPRESSIONS}:print_suppressions=0")
        if os.path.isdir(LLVM_BIN):
            self.env["PATH"] = self.env.get("PATH", "") + os.pathsep + LLVM_BIN
        # A virtual-memory limit keeps huge shapes from eating the machine, but
        # sanitizer builds reserve terabytes of shadow memory: no limit there.
        self.mem_kb = opts.mem_limit_mb * 1024
        if self.mem_kb and self.is_sanitized():
            self.mem_kb = 0

    def is_sanitized(self):
        try:
            with open(os.path.join(self.bin_dir, "remat-opt"), "rb") as f:
                data = f.read()
            return b"__asan_init" in data or b"__ubsan_handle" in data or b"__tsan_init" in data
        except OSError:
            return False

    def verifies(self, text, work):
        """Whether a seed parses and verifies (it is then a better seed for
        the passes). Not counted as a run."""
        fd, path = tempfile.mkstemp(suffix=".mlir", dir=work)
        with os.fdopen(fd, "w") as f:
            f.write(text)
        while True:
            stamp = self.wait_for_tools()
            r = run_process([os.path.join(self.bin_dir, "remat-opt"), path], work, self.env,
                            self.opts.timeout, self.mem_kb)
            if self.tool_stamp() == stamp:
                break
        os.remove(path)
        return r.rc == 0 and not r.hung

    # -- the tools may be rebuilt while we run -----------------------------

    def tool_stamp(self):
        """(mtime, size) of both tools, or None if one is missing."""
        stamp = []
        for tool in ("remat-opt", "remat-compile"):
            path = os.path.join(self.bin_dir, tool)
            try:
                st = os.stat(path)
            except OSError:
                return None
            if not os.access(path, os.X_OK):
                return None
            stamp.append((st.st_mtime_ns, st.st_size))
        return tuple(stamp)

    def wait_for_tools(self):
        """Returns the tools' stamp once both exist and neither changed in
        the last 5 seconds (a relink in progress would give false crashes)."""
        while True:
            stamp = self.tool_stamp()
            if stamp and time.time() - max(m for m, _ in stamp) / 1e9 > 5:
                return stamp
            with self.lock:  # say it once per stamp, not once per job
                if stamp != self.waited_for and not self.opts.quiet:
                    print(f"fuzz: waiting for {self.bin_dir} (being rebuilt?)",
                          file=sys.stderr, flush=True)
                self.waited_for = stamp
            time.sleep(10)

    def execute(self, spec, mutant, run_dir):
        """Runs spec on the mutant file in the fresh folder run_dir (its
        TMPDIR is run_dir/tmp). Returns (Result, kind, key, extra) where kind
        is None when the run is fine; extra holds the re-parse errors, the
        leftover files or the bad report line. A run during which the tools
        changed, or that could not start them, is done again."""
        while True:
            stamp = self.wait_for_tools()
            tmp = os.path.join(run_dir, "tmp")
            os.makedirs(tmp, exist_ok=True)
            env = dict(self.env, TMPDIR=tmp)
            cmd = spec.command(self.bin_dir, mutant, run_dir)
            r = run_process(cmd, run_dir, env, self.opts.timeout, self.mem_kb)
            kind, key, extra = self.classify(spec, r, run_dir, tmp, env)
            not_started = (r.rc in (126, 127) and "exec:" in r.err) or "Text file busy" in r.err
            if self.tool_stamp() == stamp and not not_started:
                break
            with self.lock:
                self.retries += 1
            shutil.rmtree(run_dir, ignore_errors=True)
            os.makedirs(run_dir)
        with self.lock:
            self.runs += 1
            counts = self.per_run.setdefault(spec.label, [0, 0])
            counts[0] += 1
            counts[1] += r.rc == 0
        return r, kind, key, extra

    def classify(self, spec, r, run_dir, tmp, env):
        """(kind, key, extra) of a finished run; kind None if it is fine.
        The first kind that applies wins, in the order of the module doc."""
        err = r.err
        if r.hung:
            return "HANG", "timed out", None
        if any(m in err for m in SANITIZER_MARKERS):
            return "SANITIZER", sanitizer_key(err), None
        if r.rc < 0 or r.rc >= 128 or any(m in err for m in CRASH_MARKERS):
            return "CRASH", crash_key(err, r.rc), None
        if r.rc != 0 and "error:" not in err:
            line = next((l for l in err.splitlines() if l.strip()), None)
            return "UNDIAGNOSED", normalize(line) if line else f"exit {r.rc}, no output", None
        left = leftovers(tmp)
        if left:
            how = "after success" if r.rc == 0 else "after failure"
            return "LEFTOVER", f"leftover temporaries {how}", "\n".join(left)
        if r.rc == 0 and spec.after:
            try:
                if isinstance(json.loads(r.out), dict):
                    return None, None, None
            except ValueError:
                pass
            return "BAD-OUTPUT", "the executable's output is not one JSON object", r.out[:4000]
        if r.rc == 0 and spec.reparse:
            return self.check_output(spec, r, run_dir, env)
        return None, None, None

    def check_output(self, spec, r, run_dir, env):
        """An exit-0 remat-opt run: its report line must be JSON and the rest
        must parse and verify again."""
        text = r.out
        if spec.report:
            # One JSON line per function with a body, then the IR (which
            # never starts with '{').
            while text.startswith("{"):
                first, _, text = text.partition("\n")
                try:
                    if not isinstance(json.loads(first), dict):
                        raise ValueError("not an object")
                except ValueError as e:
                    return ("BAD-OUTPUT", f"report=- line is not a JSON object ({type(e).__name__})",
                            first[:2000])
        out_file = os.path.join(run_dir, "pass-output.mlir")
        with open(out_file, "w") as f:
            f.write(text)
        rp = run_process([os.path.join(self.bin_dir, "remat-opt"), out_file], run_dir, env,
                         self.opts.timeout, self.mem_kb)
        if rp.rc == 0 and not rp.hung:
            return None, None, None
        if rp.hung:
            why = "re-parse timed out"
        elif rp.rc < 0 or rp.rc >= 128 or any(m in rp.err for m in CRASH_MARKERS):
            why = "re-parse crashed: " + crash_key(rp.err, rp.rc)
        else:
            l = first_line_with(rp.err, "error:")
            why = normalize(l) if l else f"re-parse exit {rp.rc}"
        return "BAD-OUTPUT", why, rp.err

    # -- findings ----------------------------------------------------------

    def record(self, index, seed_name, mutations, mutant_text, spec, r, kind, key, extra):
        """Counts a finding; saves a reproducer if its key is new."""
        dkey = (kind, spec.label, key)
        with self.lock:
            self.counts[kind] += 1
            new = dkey not in self.distinct
            if new:
                self.distinct[dkey] = {"kind": kind, "run": spec.label, "key": key,
                                       "mutant": index, "seed": seed_name,
                                       "mutations": mutations, "count": 1,
                                       "command": display_command(spec, "mutant.mlir")}
            else:
                self.distinct[dkey]["count"] += 1
            number = len(self.distinct) - 1
            finding = self.distinct[dkey]
        if new and self.opts.out:
            d = os.path.join(self.opts.out, f"{number:03d}-{kind.lower()}-{spec.label}")
            finding["dir"] = d
            save_reproducer(d, finding, mutant_text, r, extra, self.bin_dir, self.mem_kb)
        if not self.opts.quiet:
            tag = "new" if new else "seen"
            print(f"[mutant {index}] {kind} {spec.label} ({tag}): {key}", flush=True)

    def do_mutant(self, index, ctx, work):
        """Phase 1: write mutant `index`, parse and verify it. Returns the
        mutant (for phase 2) if it verified, else None."""
        seed_name, mutations, text = make_mutant(self.opts.seed, index, ctx)
        mdir = os.path.join(work, f"m{index:05d}")
        os.makedirs(mdir)
        path = os.path.join(mdir, "mutant.mlir")
        with open(path, "w") as f:
            f.write(text)
        r, kind, key, extra = self.execute(VERIFY, path, self.run_dir(mdir, VERIFY))
        if kind:
            self.record(index, seed_name, mutations, text, VERIFY, r, kind, key, extra)
        if r.rc != 0 or r.hung or kind:
            shutil.rmtree(mdir, ignore_errors=True)
            return None
        return index, seed_name, mutations, text, mdir

    def do_passes(self, mutant, ordinal):
        """Phase 2: every pass run (and the CUDA and compile runs when their
        turn comes) on verified mutant number `ordinal`."""
        index, seed_name, mutations, text, mdir = mutant
        path = os.path.join(mdir, "mutant.mlir")
        specs = list(PASS_RUNS)
        if self.opts.cuda_every and ordinal % self.opts.cuda_every == 0:
            specs += CUDA_RUNS
        if self.opts.compile_every and ordinal % self.opts.compile_every == 0:
            specs += COMPILE_RUNS
        ok = set()  # labels of the runs that exited 0
        for spec in specs:
            if spec.after and spec.after.label not in ok:
                continue
            r, kind, key, extra = self.execute(spec, path, self.run_dir(mdir, spec))
            if kind:
                self.record(index, seed_name, mutations, text, spec, r, kind, key, extra)
            elif r.rc == 0:
                ok.add(spec.label)
        shutil.rmtree(mdir, ignore_errors=True)

    @staticmethod
    def run_dir(mdir, spec):
        d = os.path.join(mdir, spec.label)
        os.makedirs(d, exist_ok=True)
        return d


def display_command(spec, mutant):
    """The command line, as shell text, with the tool name unqualified and
    its output folder $OUT (an executable's run: compile it first)."""
    if spec.after:
        args = " ".join(shlex.quote(a) for a in spec.args)
        return f'{display_command(spec.after, mutant)} && "$OUT/exe" {args}'
    cmd = spec.command("", mutant, "$OUT")
    return " ".join(shlex.quote(c) if "$OUT" not in c else f'"{c}"' for c in cmd)


def save_reproducer(d, finding, text, r, extra, bin_dir, mem_kb):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "mutant.mlir"), "w") as f:
        f.write(text)
    with open(os.path.join(d, "finding.json"), "w") as f:
        json.dump({k: v for k, v in finding.items() if k not in ("count", "dir")}, f, indent=1)
        f.write("\n")
    with open(os.path.join(d, "cmd.sh"), "w") as f:
        f.write("#!/bin/sh\n# Reproduces the finding; BIN defaults to the fuzzed bin dir.\n"
                f'cd "$(dirname "$0")" && BIN=${{BIN:-{bin_dir}}}\n'
                'OUT=$(mktemp -d) && export TMPDIR=$OUT/tmp && mkdir -p $TMPDIR\n'
                + (f"ulimit -v {mem_kb}  # the fuzzer's --mem-limit-mb\n" if mem_kb else "") +
                f'"$BIN"/{finding["command"]}\n')
    os.chmod(os.path.join(d, "cmd.sh"), 0o755)
    with open(os.path.join(d, "output.txt"), "w") as f:
        f.write(f"# {finding['kind']} {finding['run']}: {finding['key']}\n"
                f"# exit {r.rc}{' (timed out)' if r.hung else ''}, {r.elapsed:.2f} s\n"
                f"# seed {finding['seed']}; mutations:\n")
        f.writelines(f"#   {m}\n" for m in finding["mutations"])
        f.write("--- stderr ---\n" + r.err[-20000:])
        f.write("\n--- stdout (last 4000 characters) ---\n" + r.out[-4000:])
        if extra:
            f.write("\n--- details (re-parse errors, leftover files or report line) ---\n" + extra[-20000:])


# ---------------------------------------------------------------------------
# Reduction: delete lines while the same finding persists
# ---------------------------------------------------------------------------


def reduce_finding(opts):
    path = opts.reduce
    fuzzer = Fuzzer(opts)
    target = None
    if os.path.isdir(path):
        with open(os.path.join(path, "finding.json")) as f:
            fj = json.load(f)
        target = (fj["kind"], fj["run"], fj["key"])
        mutant = os.path.join(path, "mutant.mlir")
        out_path = os.path.join(path, "reduced.mlir")
    else:
        mutant = path
        out_path = re.sub(r"(\.mlir)?$", ".reduced.mlir", path, count=1)
    with open(mutant) as f:
        lines = f.read().splitlines(True)
    work = tempfile.mkdtemp(prefix="remat-fuzz-reduce-")
    counter = [0]

    def findings_of(lines, specs):
        counter[0] += 1
        d = os.path.join(work, f"try{counter[0]}")
        os.makedirs(d)
        p = os.path.join(d, "input.mlir")
        with open(p, "w") as f:
            f.write("".join(lines))
        found = []
        for spec in specs:
            if spec.after:  # an executable: compile it first
                r, kind, _, _ = fuzzer.execute(spec.after, p, Fuzzer.run_dir(d, spec.after))
                if kind or r.rc != 0:
                    continue
            _, kind, key, _ = fuzzer.execute(spec, p, Fuzzer.run_dir(d, spec))
            if kind:
                found.append((kind, spec.label, key))
                break
        shutil.rmtree(d, ignore_errors=True)
        return found

    try:
        if target is None:
            specs = [s for s in ALL_RUNS if not opts.run or s.label == opts.run]
            found = findings_of(lines, specs)
            if not found:
                sys.exit(f"fuzz: no finding on {mutant}")
            target = found[0]
        spec = next(s for s in ALL_RUNS if s.label == target[1])
        print(f"reducing {mutant} ({len(lines)} lines) for {target[0]} {target[1]}: {target[2]}",
              flush=True)
        if findings_of(lines, [spec]) != [target]:
            sys.exit("fuzz: the finding does not reproduce")
        # ddmin over lines: try removing chunks, halving the chunk size when
        # no chunk can go.
        chunk = max(1, len(lines) // 2)
        while True:
            progress = False
            i = 0
            while i < len(lines):
                cand = lines[:i] + lines[i + chunk:]
                if cand and findings_of(cand, [spec]) == [target]:
                    lines = cand
                    progress = True
                else:
                    i += chunk
            if chunk == 1 and not progress:
                break
            if not progress:
                chunk = max(1, chunk // 2)
        with open(out_path, "w") as f:
            f.write("".join(lines))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{len(lines)} lines, written to {out_path}:")
    print("".join(lines), end="" if "".join(lines).endswith("\n") else "\n")
    print(f"command: OUT=$(mktemp -d) && {os.path.join(fuzzer.bin_dir, display_command(spec, out_path))}")
    return 0


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--count", type=int, default=100, help="mutants to run")
    ap.add_argument("--seeds", metavar="GLOB",
                    help="only the test files matching GLOB (relative to the repository, e.g. "
                         "'test/Compilers/Inputs/*') as seeds, and no generated models")
    ap.add_argument("--jobs", type=int, default=2, help="mutants processed at a time")
    ap.add_argument("--timeout", type=float, default=20, help="seconds per run (a HANG beyond)")
    ap.add_argument("--bin-dir", default=os.path.join(SRC_ROOT, "build", "bin"),
                    help="folder of remat-opt and remat-compile (default build/bin)")
    ap.add_argument("--out", help="write one reproducer per distinct finding here")
    ap.add_argument("--quiet", action="store_true", help="only the summary")
    ap.add_argument("--compile-every", type=int, default=5,
                    help="remat-compile runs on every Nth verified mutant (0: never)")
    ap.add_argument("--cuda-every", type=int, default=10,
                    help="the ptxas CUDA pipeline on every Nth verified mutant (0: never)")
    ap.add_argument("--detect-leaks", action="store_true", help="LeakSanitizer on")
    ap.add_argument("--mem-limit-mb", type=int, default=8192,
                    help="virtual memory limit per run (0: none; off for sanitizer builds)")
    ap.add_argument("--keep-work", action="store_true", help="keep the work folder")
    ap.add_argument("--print-mutant", type=int, metavar="I", help="print mutant I and exit")
    ap.add_argument("--reduce", metavar="FILE",
                    help="minimize a finding: a saved finding folder or an .mlir file")
    ap.add_argument("--run", help="with --reduce on a file: only this run label")
    opts = ap.parse_args()

    if opts.reduce:
        return reduce_finding(opts)

    for tool in ("remat-opt", "remat-compile"):
        if not os.access(os.path.join(opts.bin_dir, tool), os.X_OK):
            sys.exit(f"fuzz: no {tool} in {opts.bin_dir}")
    if opts.out:
        os.makedirs(opts.out, exist_ok=True)

    start = time.time()
    fuzzer = Fuzzer(opts)
    work = tempfile.mkdtemp(prefix="remat-fuzz-")
    tests, generated = load_corpus(opts.seeds)
    ops, ops_by_sig = collect_op_names(tests + generated)
    ctx = {"generated": generated, "ops": ops, "ops_by_sig": ops_by_sig,
           "nn_ops": [o for o in ops if o.startswith("nn.")]}
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as pool:
            ok = list(pool.map(lambda s: fuzzer.verifies(s[1], work), tests))
            ctx["valid"] = [t for t, v in zip(tests, ok) if v]
            ctx["invalid"] = [t for t, v in zip(tests, ok) if not v]
            if opts.print_mutant is not None:
                name, muts, text = make_mutant(opts.seed, opts.print_mutant, ctx)
                print(f"// seed {name}\n" + "".join(f"// {m}\n" for m in muts) + text, end="")
                return 0
            if not opts.quiet:
                print(f"fuzz: {len(tests)} test seeds ({len(ctx['valid'])} verify), "
                      f"{len(generated)} generated, {len(ops)} op names; work in {work}", flush=True)
            verified = [m for m in pool.map(lambda i: fuzzer.do_mutant(i, ctx, work), range(opts.count))
                        if m]
            list(pool.map(lambda a: fuzzer.do_passes(*a), [(m, k) for k, m in enumerate(verified)]))
    finally:
        if not opts.keep_work:
            shutil.rmtree(work, ignore_errors=True)
    elapsed = time.time() - start

    # Summary.
    print(f"{'mutants':<24}{opts.count:>8}")
    print(f"{'verified mutants':<24}{len(verified):>8}")
    print(f"{'runs':<24}{fuzzer.runs:>8}")
    if not opts.quiet:  # coverage: how far the mutants get
        print(f"{'run':<24}{'runs':>8}{'exit 0':>10}")
        for spec in ALL_RUNS:
            n, ok = fuzzer.per_run.get(spec.label, [0, 0])
            print(f"  {spec.label:<22}{n:>8}{ok:>10}")
    print(f"{'kind':<24}{'runs':>8}{'distinct':>10}")
    for k in KINDS:
        n = sum(1 for d in fuzzer.distinct if d[0] == k)
        print(f"{k.lower():<24}{fuzzer.counts[k]:>8}{n:>10}")
    for (kind, label, key), f in sorted(fuzzer.distinct.items()):
        where = f" -> {f['dir']}" if "dir" in f else ""
        print(f"  {kind} {label} x{f['count']} (mutant {f['mutant']}): {key}{where}")
    if fuzzer.retries:
        print(f"{fuzzer.retries} runs were done again: the tools changed while they ran")
    print(f"elapsed {elapsed:.1f} s")
    c = fuzzer.counts
    print(f"fuzz: {opts.count} mutants, {fuzzer.runs} runs, {c['CRASH']} crashes, "
          f"{c['SANITIZER']} sanitizer reports, {c['HANG']} hangs, {c['UNDIAGNOSED']} undiagnosed, "
          f"{c['BAD-OUTPUT']} bad outputs")
    return 1 if any(c.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
