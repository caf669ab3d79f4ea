"""Checks the gradients that --nn-autodiff builds, with NumPy.

Usage: check_autodiff.py FORWARD.mlir [--joint HAND.mlir] [--samples N]
                         [--eps E] [--tol T] [--seed S] [--remat-opt PATH]

FORWARD.mlir holds one forward function returning a scalar loss. The script
runs `remat-opt --nn-autodiff` on it and evaluates the joint function with
reference.py (check_graph.py's interpreter) on deterministic inputs, then:

  1. finite differences: for N sampled elements of every floating-point
     argument, the central difference (loss(x + e) - loss(x - e)) / 2e of
     the forward function; the largest error relative to the largest
     gradient element of that argument must be below --tol;
  2. with --joint, a joint function written by hand for the same forward
     (benchmarks/gen_gpt.py without --forward-only, say) evaluated on the
     same inputs gives the same results up to float32 rounding (1e-4
     relative), result by result.

Prints one line per argument and a final PASS or FAIL (exit status 1).
"""

import argparse
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_graph as G  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("forward")
    ap.add_argument("--joint", default=None)
    ap.add_argument("--samples", type=int, default=4)
    ap.add_argument("--eps", type=float, default=1e-2)
    ap.add_argument("--tol", type=float, default=2e-2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--remat-opt", default="remat-opt")
    a = ap.parse_args()

    forward = open(a.forward).read()
    _, params, _, fbody = G.signature(forward)
    classes = G.label_classes(fbody)
    inputs = G.make_inputs(params, np.random.default_rng(a.seed), classes)
    values = [inputs[name] for name, _ in params]

    joint = subprocess.run([a.remat_opt, a.forward, "--nn-autodiff"], check=True,
                           capture_output=True, text=True).stdout
    _, jparams, _, jbody = G.signature(joint)
    auto = G.interpret(jbody, {name: v for (name, _), v in zip(jparams, values)})
    differentiated = [i for i, (_, ty) in enumerate(params)
                      if not G.parse_type(ty)[1].startswith("i")]
    assert len(auto) == 1 + len(differentiated), (len(auto), len(differentiated))

    def loss(env_values):
        env = {name: v for (name, _), v in zip(params, env_values)}
        return float(np.asarray(G.interpret(fbody, env)[0], np.float64))

    rng = np.random.default_rng(a.seed + 1)
    worst = 0.0
    for k, i in enumerate(differentiated):
        name, ty = params[i]
        grad = np.asarray(auto[1 + k], np.float64)
        x = np.asarray(values[i], np.float64)
        scale = max(float(np.max(np.abs(grad))), 1e-8)
        err = 0.0
        for _ in range(a.samples):
            idx = tuple(int(rng.integers(0, d)) for d in x.shape)
            hi, lo = x.copy(), x.copy()
            hi[idx] += a.eps
            lo[idx] -= a.eps
            args_hi = list(values)
            args_lo = list(values)
            args_hi[i] = hi.astype(np.float32)
            args_lo[i] = lo.astype(np.float32)
            fd = (loss(args_hi) - loss(args_lo)) / (2 * a.eps)
            err = max(err, abs(fd - grad[idx]) / scale)
        worst = max(worst, err)
        print("d%s %s: finite-difference error %.2e of max |grad| %.2e"
              % (name, ty, err, scale))

    if a.joint:
        _, hparams, _, hbody = G.signature(open(a.joint).read())
        hand = G.interpret(hbody, {name: v for (name, _), v in zip(hparams, values)})
        assert len(hand) == len(auto), (len(hand), len(auto))
        for r, (x, y) in enumerate(zip(auto, hand)):
            x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
            err = float(np.max(np.abs(x - y), initial=0.0)
                        / max(1e-6, float(np.max(np.abs(y), initial=0.0))))
            print("result %d: relative difference from the hand-written joint %.2e" % (r, err))
            if err > 1e-4:
                worst = max(worst, a.tol * 2)
    ok = worst < a.tol
    print("%s (worst %.2e, tolerance %.0e)" % ("PASS" if ok else "FAIL", worst, a.tol))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
