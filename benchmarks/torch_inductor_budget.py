#!/usr/bin/env python3
"""remat's budget under Inductor (or the eager compiler), measured: the step
peak against the budget.

For each Hugging Face model (encoder, encoder-decoder, GQA decoder, MoE,
vision, speech, text-image; with and without dropout) the script compiles one training step
with `remat.torch.backend(compiler="inductor")` (`--compiler eager`: the
FX graphs run as they are, the plan on one buffer per op with the kernels'
measured temporaries) and runs it on the CPU,
measuring the step's peak with the PyTorch profiler (`measure_peak`: the
bytes the step allocates, parameters and inputs not counted; the budget
and the figures below count them, as remat's budget does). Points:

  none      policy none (nothing recomputed): the top of the range
  none/ops  the same, planned with one buffer per ATen op (memory="ops"):
            how far that model is from what Inductor allocates (Inductor
            only: it is the eager compiler's own model)
  least     the least peak remat reaches under the compiler (the figure an
            impossible budget's BudgetError states)
  budget    policy auto at budgets spread from `least` to `none`

Per point: the budget, the measured peak, Inductor's own figure for the
compiled step (its wrapper code's buffers, remat.inductor.step_peak), remat's
model's peak of the plan kept, how far the measured peak is under the budget
(`slack`: the issue asks at most 2%), Inductor's figure over the measured
peak (`fig/meas`), the estimated recompute time of the plan, and the
internal budgets tried (`rounds`). The gradients of every
point are compared with the `none` point's.

    PY=$(bash scripts/venv.sh)
    $PY benchmarks/torch_inductor_budget.py --models gpt2 bert --points 3
    $PY benchmarks/torch_inductor_budget.py --compiler eager --points 3
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import torch  # noqa: E402

import remat.torch as rt  # noqa: E402
from remat.inductor import graph_caches_off  # noqa: E402


def build(kind, layers, hidden, heads, seq, batch, dropout):
    """(model, inputs) for a Hugging Face model written as its users write
    it: a config, the task head, model(**inputs).loss."""
    import transformers
    torch.manual_seed(0)
    vocab = 512
    ids = torch.randint(0, vocab, (batch, seq))
    if kind == "gpt2":
        config = transformers.GPT2Config(n_layer=layers, n_embd=hidden, n_head=heads,
                                         vocab_size=vocab, n_positions=seq,
                                         resid_pdrop=dropout, embd_pdrop=dropout,
                                         attn_pdrop=dropout, bos_token_id=0, eos_token_id=0)
        model = transformers.GPT2LMHeadModel(config)
        model.loss_type = "ForCausalLM"
        inputs = dict(input_ids=ids, labels=ids)
    elif kind == "bert":
        config = transformers.BertConfig(vocab_size=vocab, hidden_size=hidden,
                                         num_hidden_layers=layers, num_attention_heads=heads,
                                         intermediate_size=4 * hidden,
                                         max_position_embeddings=seq,
                                         hidden_dropout_prob=dropout,
                                         attention_probs_dropout_prob=dropout)
        model = transformers.BertForMaskedLM(config)
        inputs = dict(input_ids=ids, labels=ids)
    elif kind == "t5":
        config = transformers.T5Config(vocab_size=vocab, d_model=hidden, d_kv=hidden // heads,
                                       d_ff=2 * hidden, num_layers=layers,
                                       num_decoder_layers=layers, num_heads=heads,
                                       dropout_rate=dropout, decoder_start_token_id=0,
                                       pad_token_id=0, eos_token_id=1, use_cache=False)
        model = transformers.T5ForConditionalGeneration(config)
        inputs = dict(input_ids=ids, labels=ids)
    elif kind == "llama":
        config = transformers.LlamaConfig(num_hidden_layers=layers, hidden_size=hidden,
                                          num_attention_heads=heads,
                                          num_key_value_heads=heads // 2,
                                          intermediate_size=2 * hidden, vocab_size=vocab,
                                          max_position_embeddings=seq, attention_dropout=dropout)
        model = transformers.LlamaForCausalLM(config)
        model.loss_type = "ForCausalLM"
        inputs = dict(input_ids=ids, labels=ids)
    elif kind == "qwen2_moe":
        config = transformers.Qwen2MoeConfig(num_hidden_layers=layers, hidden_size=hidden,
                                             num_attention_heads=heads,
                                             num_key_value_heads=heads // 2,
                                             intermediate_size=2 * hidden,
                                             moe_intermediate_size=hidden,
                                             shared_expert_intermediate_size=hidden,
                                             num_experts=4, num_experts_per_tok=2,
                                             vocab_size=vocab, max_position_embeddings=seq,
                                             attention_dropout=dropout)
        model = transformers.Qwen2MoeForCausalLM(config)
        model.loss_type = "ForCausalLM"
        inputs = dict(input_ids=ids, labels=ids)
    elif kind == "vit":
        config = transformers.ViTConfig(hidden_size=hidden, num_hidden_layers=layers,
                                        num_attention_heads=heads, intermediate_size=4 * hidden,
                                        image_size=64, patch_size=8, num_labels=10,
                                        hidden_dropout_prob=dropout,
                                        attention_probs_dropout_prob=dropout)
        model = transformers.ViTForImageClassification(config)
        inputs = dict(pixel_values=torch.randn(batch, 3, 64, 64),
                      labels=torch.randint(0, 10, (batch,)))
    elif kind == "gemma2":
        config = transformers.Gemma2Config(num_hidden_layers=layers, hidden_size=hidden,
                                           intermediate_size=2 * hidden,
                                           num_attention_heads=heads,
                                           num_key_value_heads=heads // 2,
                                           head_dim=hidden // heads, vocab_size=vocab,
                                           max_position_embeddings=seq,
                                           attention_dropout=dropout)
        model = transformers.Gemma2ForCausalLM(config)
        inputs = dict(input_ids=ids, labels=ids)
    elif kind == "whisper":
        # (The encoder's convolutions halve the frames: seq frames, seq / 2
        # positions; the decoder reads seq / 2 tokens.)
        config = transformers.WhisperConfig(d_model=hidden, encoder_layers=layers,
                                            decoder_layers=layers,
                                            encoder_attention_heads=heads,
                                            decoder_attention_heads=heads,
                                            encoder_ffn_dim=2 * hidden,
                                            decoder_ffn_dim=2 * hidden, vocab_size=vocab,
                                            num_mel_bins=80, max_source_positions=seq // 2,
                                            max_target_positions=seq, dropout=dropout,
                                            pad_token_id=0, bos_token_id=1, eos_token_id=2,
                                            decoder_start_token_id=1)
        model = transformers.WhisperForConditionalGeneration(config)
        inputs = dict(input_features=torch.randn(batch, 80, seq),
                      labels=torch.randint(0, vocab, (batch, seq // 2)))
    elif kind == "clip":
        config = transformers.CLIPConfig(
            text_config=dict(vocab_size=vocab, hidden_size=hidden, intermediate_size=2 * hidden,
                             num_hidden_layers=layers, num_attention_heads=heads,
                             max_position_embeddings=seq, attention_dropout=dropout,
                             pad_token_id=1, bos_token_id=0, eos_token_id=2),
            vision_config=dict(hidden_size=hidden, intermediate_size=2 * hidden,
                               num_hidden_layers=layers, num_attention_heads=heads,
                               image_size=64, patch_size=8, attention_dropout=dropout),
            projection_dim=hidden)
        model = transformers.CLIPModel(config)
        inputs = dict(input_ids=ids, pixel_values=torch.randn(batch, 3, 64, 64),
                      return_loss=True)
    elif kind == "convnext":
        # Four stages of `layers` blocks (depthwise 7x7 convolution,
        # LayerNorm, inverted MLP), widths hidden/4 .. 2 hidden, 64x64.
        config = transformers.ConvNextConfig(
            num_channels=3, hidden_sizes=[hidden // 4, hidden // 2, hidden, 2 * hidden],
            depths=[layers] * 4, num_labels=10, image_size=64, drop_path_rate=dropout,
            # (Set, as its first call would set it: Dynamo guards on it, and
            # the measured step would run a second compile.)
            problem_type="single_label_classification")
        model = transformers.ConvNextForImageClassification(config)
        inputs = dict(pixel_values=torch.randn(batch, 3, 64, 64),
                      labels=torch.randint(0, 10, (batch,)))
    else:
        raise ValueError(kind)
    if hasattr(model.config, "use_cache"):
        model.config.use_cache = False
    if dropout == 0:
        model.eval()   # (no dropout; gradients still flow)
    else:
        model.train()
    return model, inputs


def step(model, inputs, backend):
    """Compiles and runs one step twice (the second measured): loss,
    gradients, measured peak, the PlanInfo kept."""
    torch._dynamo.reset()
    rt.clear_plans()
    compiled = torch.compile(model, backend=backend, fullgraph=True)
    # (Inductor's graph caches off: a compile they serve makes no plan to show.)
    with graph_caches_off():
        compiled(**inputs)
    for measured in (False, True):
        for p in model.parameters():
            p.grad = None
        torch.manual_seed(0)

        def once():
            loss = compiled(**inputs).loss
            loss.backward()
            return loss
        loss, peak = rt.measure_peak(once) if measured else (once(), None)
    grads = [p.grad.clone() for p in model.parameters() if p.grad is not None]
    return loss.detach(), grads, peak, rt.last_plan()


def row(name, budget, peak, info, grads, reference, seconds):
    args = info.report["argument_bytes"]
    measured = peak + args
    ind = info.inductor or {}
    same = reference is None or (len(grads) == len(reference) and all(
        torch.allclose(a, b, rtol=1e-4, atol=1e-6) for a, b in zip(grads, reference)))
    slack = "" if budget is None else f"{100 * (budget - measured) / budget:6.2f}%"
    over = "" if budget is None or measured <= budget else "  OVER"
    rounds = ind.get("rounds") or []
    figure = ind.get("step_peak_bytes")
    ratio = "" if figure is None else f"{figure / measured:.4f}"
    print(f"  {name:8} {budget if budget is not None else '':>11} {measured:>11} "
          f"{figure if figure is not None else '':>11} {info.report['result']['peak_bytes']:>11} "
          f"{slack:>8} {ratio:>8} {1e3 * info.report['result']['estimated_time_s']:8.2f} "
          f"{'yes' if same else 'NO':>5} {seconds:6.0f}  {[b for b, _ in rounds]}{over}",
          flush=True)
    return measured


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--models", nargs="+",
                        default=["gpt2", "bert", "t5", "llama", "qwen2_moe", "vit"],
                        choices=["gpt2", "bert", "t5", "llama", "qwen2_moe", "vit", "gemma2",
                                 "whisper", "clip", "convnext"])
    parser.add_argument("--dropout", nargs="+", type=float, default=[0.0, 0.1])
    parser.add_argument("--points", type=int, default=3,
                        help="budgets from remat's least peak to none's peak (both included)")
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--heads", type=int, default=4)
    parser.add_argument("--seq", type=int, default=128)
    parser.add_argument("--batch", type=int, default=2)
    parser.add_argument("--compiler", choices=["inductor", "eager"], default="inductor")
    args = parser.parse_args()
    compiler = args.compiler
    torch.set_num_threads(max(1, os.cpu_count() or 1))
    print(f"torch {torch.__version__}; compiler {compiler}; layers {args.layers}, "
          f"hidden {args.hidden}, "
          f"seq {args.seq}, batch {args.batch}; bytes include parameters and inputs")
    for kind in args.models:
        for dropout in args.dropout:
            model, inputs = build(kind, args.layers, args.hidden, args.heads, args.seq,
                                  args.batch, dropout)
            print(f"\n{kind}, dropout {dropout}")
            print(f"  {'point':8} {'budget':>11} {'measured':>11} {'inductor':>11} "
                  f"{'model':>11} {'slack':>8} {'fig/meas':>8} {'est. ms':>8} {'grads':>5} {'s':>6}  rounds")
            try:
                start = time.time()
                _, ref, peak, info = step(model, inputs, rt.backend(
                    compiler=compiler, policy="none", keep_outputs=False))
                if info is None or info.report is None:
                    print(f"  fell back: {getattr(info, 'fallback', None)}")
                    continue
                top = row("none", None, peak, info, ref, None, time.time() - start)
                # The same policy planned with one buffer per ATen op (the
                # eager compiler's model): how far that model is from the step.
                if compiler == "inductor":
                    start = time.time()
                    _, grads, peak, info = step(model, inputs, rt.backend(
                        compiler=compiler, policy="none", keep_outputs=False, memory="ops"))
                    row("none/ops", None, peak, info, grads, ref, time.time() - start)
                start = time.time()
                try:
                    step(model, inputs, rt.backend(compiler=compiler, budget=1,
                                                   keep_outputs=False))
                    least = None
                except Exception as error:  # the BudgetError (through Dynamo's wrapper)
                    cause = rt.budget_error(error)
                    if cause is None:
                        raise
                    least = cause.least_peak
                print(f"  least peak under {compiler}: {least} ({time.time() - start:.0f} s)")
                if least is None:
                    continue
                n = max(args.points, 2)
                for k in range(n):
                    budget = int(least + (top - least) * k / (n - 1))
                    start = time.time()
                    _, grads, peak, info = step(model, inputs, rt.backend(
                        compiler=compiler, budget=budget, keep_outputs=False))
                    row(f"b{k}", budget, peak, info, grads, ref, time.time() - start)
            except Exception as error:  # a model remat or Inductor cannot run: say so
                print(f"  failed: {type(error).__name__}: {str(error)[:300]}")


if __name__ == "__main__":
    main()
