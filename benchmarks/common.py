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
