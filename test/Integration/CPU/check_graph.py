"""Runs an nn function end to end on the CPU and checks it against NumPy.

Usage: check_graph.py GRAPH.mlir [--func NAME] [--as f16|bf16] [--tol T]
                      [--seed S] [--remat-opt PATH] [--mlir-runner PATH]
                      [--lib-dir DIR]

GRAPH.mlir holds one func.func of nn ops (the textual forms of
shared/design/nn-dialect.md, e.g. benchmarks/gen_gpt.py's joint graphs);
`--as bf16` first turns its f32 tensors into bf16 ones. The script

  1. draws deterministic inputs (float: 0.5 * N(0, 1), rounded to the
     argument's element type; integer labels: uniform over the classes of
     the first cross-entropy's logits),
  2. evaluates the function with reference.py (for f16/bf16, every op's
     result is rounded to its declared element type, as the lowering stores
     it),
  3. appends a `main` that calls the function on the same inputs as
     constants and prints every result with printMemrefF32, lowers it with
     --convert-nn-to-linalg and upstream passes, runs it with mlir-runner,
  4. prints, per result, max|got - ref| / max(|ref|, 1e-3) and finally
     "PASS" when all are below --tol (else "FAIL" and exit status 1).

Only NumPy (and reference.py next to this file) is needed.
"""

import argparse
import os
import re
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference as R  # noqa: E402

PIPELINE = [
    "--convert-nn-to-linalg", "--convert-elementwise-to-linalg",
    "--one-shot-bufferize=bufferize-function-boundaries",
    "--convert-linalg-to-loops", "--convert-scf-to-cf",
    "--expand-strided-metadata", "--finalize-memref-to-llvm",
    "--arith-expand=include-bf16=true", "--convert-math-to-llvm",
    "--convert-arith-to-llvm", "--convert-func-to-llvm",
    "--convert-cf-to-llvm", "--reconcile-unrealized-casts",
]

TENSOR = re.compile(r"tensor<[^>]*>")


def parse_type(text):
    """tensor<2x3xbf16> -> ((2, 3), "bf16")."""
    m = re.fullmatch(r"tensor<((?:\d+x)*)(\w+)>", text.strip())
    return tuple(int(d) for d in m.group(1).split("x") if d), m.group(2)


def parse_op(line):
    """Splits `%a, %b = nn.op %x, %y {attrs} : types [-> types]`."""
    m = re.match(r"(.*?)=\s*nn\.(\w+)\s+(.*)$", line)
    if not m:
        return None
    results = re.findall(r"%(\w+)", m.group(1))
    rest = m.group(3)
    cut = rest.rfind("}") + 1 if "{" in rest else 0
    head, types = rest[cut:].split(" : ", 1)
    attrs = rest[rest.find("{") + 1:cut - 1] if cut else ""
    operands = re.findall(r"%(\w+)", (rest[:cut] + head).split("{")[0])
    out_types = TENSOR.findall(types.split("->")[1] if "->" in types
                               else types)
    return m.group(2), results, operands, attrs, out_types


def float_attr(attrs, name, default=None):
    m = re.search(name + r" = ([-+0-9.eE]+)", attrs)
    return float(m.group(1)) if m else default


def int_list(attrs, name):
    m = re.search(name + r" = array<i64(?:: ([^>]*))?>", attrs)
    return [int(v) for v in m.group(1).split(",")] if m.group(1) else []


def evaluate(op, ins, attrs, out_types):
    """One nn op with reference.py; returns a list of results."""
    flag = lambda name: re.search(r"\b%s\b" % name, attrs) is not None
    simple = {"add", "sub", "mul", "gelu", "relu", "gelu_grad", "relu_grad",
              "cross_entropy", "cross_entropy_grad", "mse_loss",
              "mse_loss_grad", "layernorm_grad"}
    if op in simple:
        r = getattr(R, op)(*ins)
    elif op == "scale":
        r = R.scale(ins[0], float_attr(attrs, "factor"))
    elif op == "dropout":
        r = R.dropout(ins[0], np.float32(float_attr(attrs, "rate")),
                      int(float_attr(attrs, "seed")))
    elif op == "softmax":
        r = R.softmax(ins[0], float_attr(attrs, "scale", 1.0), flag("causal"))
    elif op == "softmax_grad":
        r = R.softmax_grad(ins[0], ins[1], float_attr(attrs, "scale", 1.0))
    elif op == "matmul":
        r = R.matmul(ins[0], ins[1], flag("transpose_a"), flag("transpose_b"))
    elif op == "layernorm":
        r = R.layernorm(*ins, epsilon=float_attr(attrs, "epsilon", 1e-5))
    elif op == "transpose":
        r = R.transpose(ins[0], int_list(attrs, "permutation"))
    elif op in ("reshape", "broadcast"):
        r = getattr(R, op)(ins[0], parse_type(out_types[0])[0])
    elif op == "reduce_sum":
        r = R.reduce_sum(ins[0], int_list(attrs, "dims"))
    else:
        raise ValueError("no reference for nn.%s" % op)
    return list(r) if isinstance(r, tuple) else [r]


def interpret(body, env):
    """Evaluates the function body; returns the returned values."""
    for line in body.splitlines():
        line = line.strip()
        if line.startswith("return"):
            return [env[n] for n in re.findall(r"%(\w+)", line.split(":")[0])]
        if "arith.constant dense<" in line:
            name = re.match(r"%(\w+)", line).group(1)
            value = float(re.search(r"dense<([^>]*)>", line).group(1))
            shape, elem = parse_type(TENSOR.search(line).group(0))
            env[name] = R.round_to(np.full(shape, value, np.float32), elem)
            continue
        parsed = parse_op(line)
        if parsed is None:
            continue
        op, results, operands, attrs, out_types = parsed
        values = evaluate(op, [env[n] for n in operands], attrs, out_types)
        for name, value, ty in zip(results, values, out_types):
            env[name] = R.round_to(value, parse_type(ty)[1])
    raise ValueError("no return in the function")


def signature(text, func=None):
    """(name, [(param, type)], result types, body) of the function `func`
    (default: the first) in the text."""
    sig = re.search(r"func\.func @(%s)\((.*?)\) -> \(?(.*?)\)? \{"
                    % (func or r"\w+"), text, re.S)
    params = re.findall(r"%(\w+): (tensor<[^>]*>)", sig.group(2))
    return sig.group(1), params, TENSOR.findall(sig.group(3)), text[sig.end():]


def label_classes(body):
    """The class count of the first cross-entropy's logits (labels are drawn
    below it), or 2."""
    logits = re.search(r"nn\.cross_entropy(?:_grad)? [^:]*: (tensor<[^>]*>)",
                       body)
    return parse_type(logits.group(1))[0][-1] if logits else 2


def make_inputs(params, rng, classes):
    inputs = {}
    for name, ty in params:
        shape, elem = parse_type(ty)
        if elem.startswith("i"):
            inputs[name] = rng.integers(0, classes, size=shape)
        else:
            noise = rng.standard_normal(shape).astype(np.float32) * 0.5
            inputs[name] = R.round_to(noise, elem)
    return inputs


def literal(value):
    text = np.array2string(np.asarray(value), separator=", ",
                           threshold=sys.maxsize, floatmode="unique")
    return text.replace("\n", "")


def main_function(func, params, result_types, inputs):
    lines = ["func.func @main() {"]
    for name, ty in params:
        lines.append("  %%in_%s = arith.constant dense<%s> : %s"
                     % (name, literal(inputs[name]), ty))
    lines.append("  %%r:%d = call @%s(%s) : (%s) -> (%s)" % (
        len(result_types), func, ", ".join("%in_" + n for n, _ in params),
        ", ".join(t for _, t in params), ", ".join(result_types)))
    for i, ty in enumerate(result_types):
        value, elem = "%%r#%d" % i, parse_type(ty)[1]
        if elem != "f32":
            wide = ty.replace(elem + ">", "f32>")
            lines.append("  %%wide%d = arith.extf %s : %s to %s"
                         % (i, value, ty, wide))
            value, ty = "%%wide%d" % i, wide
        lines.append("  %%unranked%d = tensor.cast %s : %s to tensor<*xf32>"
                     % (i, value, ty))
        lines.append("  call @printMemrefF32(%%unranked%d) : "
                     "(tensor<*xf32>) -> ()" % i)
    return "\n".join(lines + ["  return", "}"])


def call(command, stdin):
    done = subprocess.run(command, input=stdin, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("%s failed:\n%s" % (command[0], done.stderr))
    return done.stdout


def run(module, args):
    lowered = call([args.remat_opt, "-", *PIPELINE], module)
    libs = ",".join(os.path.join(args.lib_dir, lib) for lib in
                    ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so"))
    printed = call([args.mlir_runner, "-e", "main", "-entry-point-result=void",
                    "-shared-libs=" + libs], lowered)
    blocks = printed.split("Unranked Memref")[1:]
    number = r"[-+]?(?:\d+\.?\d*(?:e[-+]?\d+)?|inf|nan)"
    return [np.array([float(x) for x in re.findall(number, b.split("data =")[1])])
            for b in blocks]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("graph")
    parser.add_argument("--func", default=None)
    parser.add_argument("--as", dest="element_type", choices=["f16", "bf16"])
    parser.add_argument("--tol", type=float, default=1e-4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--remat-opt", default="remat-opt")
    parser.add_argument("--mlir-runner", default="mlir-runner")
    parser.add_argument("--lib-dir", default="/usr/lib/llvm-22/lib")
    args = parser.parse_args()

    text = open(args.graph).read()
    # remat-opt prints a module around the function: keep the function.
    wrapped = re.fullmatch(r"\s*module\s*\{\n(.*)\}\s*", text, re.S)
    if wrapped:
        text = wrapped.group(1)
    if args.element_type:
        text = text.replace("f32>", args.element_type + ">")
    func, params, result_types, body = signature(text, args.func)
    classes = label_classes(body)
    inputs = make_inputs(params, np.random.default_rng(args.seed), classes)
    want = interpret(body, dict(inputs))

    module = "\n".join(["func.func private @printMemrefF32(tensor<*xf32>)",
                        text, main_function(func, params, result_types,
                                            inputs)])
    got = run(module, args)
    assert len(got) == len(want), (len(got), len(want))
    worst = 0.0
    for i, (g, w) in enumerate(zip(got, want)):
        w = np.asarray(w, np.float64).ravel()
        err = float(np.max(np.abs(g - w), initial=0.0)
                    / max(1e-3, float(np.max(np.abs(w), initial=0.0))))
        worst = max(worst, err)
        print("result %d %s: relative error %.2e" % (i, result_types[i], err))
    ok = worst < args.tol
    print("%s (worst %.2e, tolerance %.0e)" % ("PASS" if ok else "FAIL",
                                             worst, args.tol))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
