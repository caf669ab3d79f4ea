"""Helpers shared by the benchmark scripts."""


def add_model_args(ap, layers=2, seq=128, hidden=256, heads=4, vocab=1024):
    """The GPT shape options of gen_gpt.py, with per-script defaults."""
    ap.add_argument("--layers", type=int, default=layers)
    ap.add_argument("--batch", type=int, default=1)
    ap.add_argument("--seq", type=int, default=seq)
    ap.add_argument("--hidden", type=int, default=hidden)
    ap.add_argument("--heads", type=int, default=heads)
    ap.add_argument("--vocab", type=int, default=vocab)
    ap.add_argument("--dtype", choices=["f32", "f16", "bf16"], default="f32")


def add_remat_opt_args(ap, default_bin):
    """--remat-opt, --device and --check, as the plan benchmarks take them."""
    ap.add_argument("--remat-opt", default=default_bin)
    ap.add_argument("--device", default="h200")
    ap.add_argument("--check", action="store_true")


def write_gpt(a, path, forward_only=False):
    """Writes the gen_gpt.py joint graph (or its forward alone) for the
    model options in `a`."""
    import gen_gpt
    with open(path, "w") as f:
        f.write(gen_gpt.generate(a.layers, a.batch, a.seq, a.hidden, a.heads, a.vocab,
                                 4 * a.hidden, a.dtype, 0.1, True, forward_only))
    return path


def finish(failures, check):
    """Prints the failures; with check, the exit status says whether any."""
    for f in failures:
        print("FAIL:", f)
    if not check:
        return 0
    if failures:
        return 1
    print("all checks passed")
    return 0
