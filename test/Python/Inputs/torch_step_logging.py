"""A remat.torch training step on the CPU (torch.compile with remat's
backend, its defaults: kernel temporaries measured, which runs the PyTorch
profiler) with logging configured at the level argv[1]; then the step's
peak measured (remat.torch.measure_peak: the profiler again). Prints
nothing itself: what shows is what remat and the libraries print."""

import logging
import sys

logging.basicConfig(level=getattr(logging, sys.argv[1]),
                    format="%(levelname)s %(name)s: %(message)s")

import torch  # noqa: E402

import remat.torch  # noqa: E402
from remat.torch_models import GPT  # noqa: E402

torch.manual_seed(0)
model = GPT(layers=2, hidden=32, heads=2, vocab=64, ffn=64, dropout=0.1)
x = torch.randn(2, 8, 32, requires_grad=True)
labels = torch.randint(0, 64, (16,))
compiled = torch.compile(model, backend=remat.torch.backend())
compiled(x, labels).backward()
remat.torch.measure_peak(lambda: compiled(x, labels).backward())
info = remat.torch.last_plan()
# (The profiler ran: softmax's backward leaves prims.fma, whose temporary
# is measured.)
assert any("fma" in name for name in info.temporaries), info.temporaries
assert len(remat.torch.plans()) == 1, remat.torch.plans()
