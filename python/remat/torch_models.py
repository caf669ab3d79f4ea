"""The repository's GPT (remat.models.gpt, benchmarks/gen_gpt.py) as a
PyTorch module, for the torch.compile integration (remat.torch) and its
benchmark.

Same architecture as remat.models.gpt: pre-LN decoder layers without biases
(causal softmax attention with dropout on the probabilities and on the
output, tanh GELU MLP with dropout), a final layer norm, the LM head and a
mean cross-entropy. The input is the embedded sequence x0 [batch, seq,
hidden] and the labels [batch * seq]. Layers live in `self.layers`, a
ModuleList, so each is one checkpoint block for the planner. With
`checkpoint=True` each layer runs through `torch.utils.checkpoint`
(non-reentrant; `context_fn`, e.g. selective activation checkpointing's
contexts, passed on).

Also `transformers_model(kind, ...)`: a GPT-2 or Llama causal LM from a
`transformers` config with random weights (nothing is downloaded).
"""

import math

import torch
import torch.nn as nn
import torch.utils.checkpoint
import torch.nn.functional as F

from .models import GPT_DEFAULTS as _D


class Layer(nn.Module):
    def __init__(self, hidden, heads, ffn, dropout):
        super().__init__()
        self.heads, self.dropout = heads, dropout
        self.ln1, self.ln2 = nn.LayerNorm(hidden), nn.LayerNorm(hidden)
        self.wq, self.wk, self.wv, self.wo = (nn.Linear(hidden, hidden, bias=False) for _ in range(4))
        self.w1, self.w2 = nn.Linear(hidden, ffn, bias=False), nn.Linear(ffn, hidden, bias=False)

    def forward(self, x):
        b, s, h = x.shape
        d = h // self.heads
        y = self.ln1(x)
        q, k, v = (w(y).view(b, s, self.heads, d).transpose(1, 2) for w in (self.wq, self.wk, self.wv))
        scores = (q @ k.transpose(-1, -2)) * (1.0 / math.sqrt(d))
        mask = torch.ones(s, s, dtype=torch.bool, device=x.device).triu(1)
        probs = F.dropout(scores.masked_fill(mask, float("-inf")).softmax(-1), self.dropout,
                          self.training)
        ctx = (probs @ v).transpose(1, 2).reshape(b, s, h)
        x = x + F.dropout(self.wo(ctx), self.dropout, self.training)
        y = F.gelu(self.w1(self.ln2(x)), approximate="tanh")
        return x + F.dropout(self.w2(y), self.dropout, self.training)


class GPT(nn.Module):
    def __init__(self, layers=_D["layers"], hidden=_D["hidden"], heads=_D["heads"],
                 vocab=_D["vocab"], ffn=_D["ffn"], dropout=_D["dropout"], checkpoint=False,
                 context_fn=None):
        super().__init__()
        self.checkpoint, self.context_fn = checkpoint, context_fn
        self.layers = nn.ModuleList(Layer(hidden, heads, ffn or 4 * hidden, dropout)
                                    for _ in range(layers))
        self.lnf = nn.LayerNorm(hidden)
        self.head = nn.Linear(hidden, vocab, bias=False)

    def forward(self, x0, labels):
        x = x0
        for layer in self.layers:
            if self.checkpoint:
                kwargs = {"context_fn": self.context_fn} if self.context_fn else {}
                x = torch.utils.checkpoint.checkpoint(layer, x, use_reentrant=False, **kwargs)
            else:
                x = layer(x)
        b, s, h = x.shape
        return F.cross_entropy(self.head(self.lnf(x)).view(b * s, -1), labels)


def transformers_model(kind, layers=2, hidden=64, heads=4, vocab=256, seq=32):
    """A tiny causal LM from a `transformers` config, random weights, no
    dropout (so that gradients can be compared exactly); kind is "gpt2",
    "llama" or "t5". Call it as model(input_ids=ids, labels=ids).loss."""
    import transformers
    if kind == "gpt2":
        config = transformers.GPT2Config(n_layer=layers, n_embd=hidden, n_head=heads,
                                         vocab_size=vocab, n_positions=seq, resid_pdrop=0.0,
                                         bos_token_id=0, eos_token_id=0,
                                         embd_pdrop=0.0, attn_pdrop=0.0)
        model = transformers.GPT2LMHeadModel(config)
    elif kind == "llama":
        config = transformers.LlamaConfig(num_hidden_layers=layers, hidden_size=hidden,
                                          num_attention_heads=heads, num_key_value_heads=heads // 2,
                                          intermediate_size=2 * hidden, vocab_size=vocab,
                                          max_position_embeddings=seq)
        model = transformers.LlamaForCausalLM(config)
    elif kind == "t5":
        # (An encoder-decoder: call it as model(input_ids=ids, labels=ids).loss.)
        config = transformers.T5Config(vocab_size=vocab, d_model=hidden, d_kv=hidden // heads,
                                       d_ff=2 * hidden, num_layers=layers,
                                       num_decoder_layers=layers, num_heads=heads,
                                       dropout_rate=0.0, decoder_start_token_id=0,
                                       pad_token_id=0, eos_token_id=1, use_cache=False)
        # (In the config, not set on the model after: T5's decoder has a
        # copy of the config, and with a cache its forward makes one, which
        # Dynamo cannot trace on torch 2.11: copy.deepcopy of the config.)
        model = transformers.T5ForConditionalGeneration(config)
        return model
    else:
        raise ValueError(f"kind must be 'gpt2', 'llama' or 't5', got {kind!r}")
    model.config.use_cache = False
    # The loss is named so that transformers does not log a warning inside
    # the compiled region (a graph break).
    model.loss_type = "ForCausalLM"
    return model
