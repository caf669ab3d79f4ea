"""remat's version: the one place it is written. The wheel's metadata
(pyproject.toml) and the C++ tools' `--version` (CMakeLists.txt) read it."""

__version__ = "0.2.0"
