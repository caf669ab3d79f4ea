"""The programs the wheel carries (pyproject.toml): `remat-opt`, the
planner (remat-opt-static: planning only, no shared library needed), in
remat/_bin/. `bundled_remat_opt()` is its path where this package has it;
the `remat-opt` command (`remat_opt`) runs it."""

import os
import sys


def bundled_remat_opt():
    """The remat-opt this package carries, or None (a package used from the
    source tree has none: remat.planner then finds build/bin/remat-opt)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bin", "remat-opt")
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


def remat_opt():
    """The `remat-opt` command: the bundled planner with this command's
    arguments."""
    path = bundled_remat_opt()
    if path is None:
        sys.exit("remat-opt: this installation of remat carries no planner (a package "
                 "installed from the source tree without its wheel build); build it with "
                 "bash scripts/setup.sh or install the wheel (bash scripts/build-wheel.sh)")
    os.execv(path, [path] + sys.argv[1:])
