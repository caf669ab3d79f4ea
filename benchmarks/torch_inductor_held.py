#!/usr/bin/env python3
"""Inductor's figure of a training step (remat.inductor.step_peak, read
from its wrapper code) against the step measured in the same process
(remat.torch.measure_peak), where the step holds the model's outputs
through the backward, as keep_outputs=True (the default) assumes:
`out = model(**inputs); out.loss.backward()`. Hugging Face models of 2
layers, hidden 128, policy none under compiler="inductor".

    PY=$(bash scripts/venv.sh)
    $PY benchmarks/torch_inductor_held.py gpt2 gemma2 whisper
"""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
import torch  # noqa: E402
import transformers  # noqa: E402

import remat.torch as rt  # noqa: E402
from remat.inductor import graph_caches_off  # noqa: E402
sys.path.insert(0, HERE)
from torch_inductor_budget import build  # noqa: E402


def make(kind):
    """(model, inputs): gemma2 and whisper here, the others from
    torch_inductor_budget.build."""
    torch.manual_seed(0)
    if kind == "gemma2":
        cfg = transformers.Gemma2Config(num_hidden_layers=2, hidden_size=128, intermediate_size=256,
                                        num_attention_heads=4, num_key_value_heads=2, head_dim=32,
                                        vocab_size=512, max_position_embeddings=128)
        m = transformers.Gemma2ForCausalLM(cfg); ids = torch.randint(0, 512, (2, 64))
        return m, dict(input_ids=ids, labels=ids)
    if kind == "whisper":
        cfg = transformers.WhisperConfig(d_model=128, encoder_layers=2, decoder_layers=2,
                                         encoder_attention_heads=4, decoder_attention_heads=4,
                                         encoder_ffn_dim=256, decoder_ffn_dim=256, vocab_size=512,
                                         num_mel_bins=80, max_source_positions=64,
                                         max_target_positions=64, pad_token_id=0, bos_token_id=1, eos_token_id=2, decoder_start_token_id=1)
        m = transformers.WhisperForConditionalGeneration(cfg)
        return m, dict(input_features=torch.randn(2, 80, 128),
                       labels=torch.randint(0, 512, (2, 32)))
    return build(kind, 2, 128, 4, 128, 2, 0.0)

def main(kinds):
    for kind in kinds or ["gpt2", "gemma2", "whisper"]:
        model, inputs = make(kind)
        if hasattr(model.config, "use_cache"):
            model.config.use_cache = False
        model.eval()
        t = time.time()
        torch._dynamo.reset(); rt.clear_plans()
        compiled = torch.compile(model, backend=rt.backend(compiler="inductor", policy="none"), fullgraph=True)
        with graph_caches_off():
            compiled(**inputs)
        def once():
            out = compiled(**inputs)
            out.loss.backward()
            return out
        once()
        for p in model.parameters(): p.grad = None
        _, peak = rt.measure_peak(once)
        info = rt.last_plan()
        fig = info.inductor["peak_bytes"] if info.inductor else None
        print(f"{kind}: measured {peak}, Inductor figure {fig}, ratio {fig/peak:.4f}, {time.time()-t:.0f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
