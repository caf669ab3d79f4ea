"""remat's Python frontend: builds nn-dialect forward functions as text.

`remat.builder.FunctionBuilder` builds one function op by op, checking
shapes as the dialect's verifiers do; `remat.models` has GPT and MLP
forward functions (`python3 -m remat.models gpt ...`).
"""

from ._version import __version__  # noqa: F401
from .builder import BuildError, FunctionBuilder, TensorType, Value, broadcast_shapes  # noqa: F401
