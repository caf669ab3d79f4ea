# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "REMAT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.remat_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%remat_src_root", config.remat_src_root))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.remat_tools_dir, config.llvm_tools_dir]
tools = [ToolSubst("remat-opt", unresolved="fatal")]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# remat-opt-static (tools/remat-opt/CMakeLists.txt): feature `static-opt`.
if config.remat_static_opt:
    config.available_features.add("static-opt")

import sys
config.substitutions.append(("%python", sys.executable))
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.remat_tools_dir, append_path=True)
config.substitutions.append(("%remat_tools_dir", config.remat_tools_dir))
config.substitutions.append(("%remat_obj_root", config.remat_obj_root))

# test/Install: `cmake --install` of this build, and a consumer built
# against it with the compiler (and launcher) of this build.
config.substitutions.append(("%cmake", config.cmake))
consumer_flags = "-DCMAKE_CXX_COMPILER=" + config.cxx_compiler
if config.cxx_launcher:
    consumer_flags += " -DCMAKE_CXX_COMPILER_LAUNCHER=" + config.cxx_launcher
config.substitutions.append(("%consumer_cmake_flags", consumer_flags))
config.substitutions.append(
    ("%llvm_clangxx", os.path.join(config.llvm_tools_dir, "clang++")))

# Integration tests (test/Integration/CPU): mlir-runner's support libraries,
# and a Python with NumPy for reference.py (feature `numpy`).
import shutil
import subprocess

config.mlir_lib_dir = os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")
config.substitutions.append(("%mlir_lib_dir", config.mlir_lib_dir))
config.substitutions.append(
    ("%mlir_runner_utils",
     os.path.join(config.mlir_lib_dir, "libmlir_runner_utils.so")))
config.substitutions.append(
    ("%mlir_c_runner_utils",
     os.path.join(config.mlir_lib_dir, "libmlir_c_runner_utils.so")))
for candidate in filter(None, [sys.executable, shutil.which("python3")]):
    probe = subprocess.run(
        [candidate, "-c", "import numpy, sys; print(sys.executable)"],
        capture_output=True, text=True)
    if probe.returncode == 0:
        config.available_features.add("numpy")
        config.substitutions.append(("%numpy_python", probe.stdout.strip()))
        # remat.plot draws with matplotlib (python3-matplotlib).
        if subprocess.run([candidate, "-c", "import matplotlib"],
                          capture_output=True).returncode == 0:
            config.available_features.add("matplotlib")
        break

# The PyTorch integration (python/remat/torch.py) runs in the cached
# environment of scripts/venv.sh (torch and transformers from PyPI), or the
# python named by $REMAT_TORCH_PYTHON: feature `torch`.
torch_python = os.environ.get("REMAT_TORCH_PYTHON") or os.path.expanduser(
    "~/.cache/remat-venv/bin/python")
if os.path.exists(torch_python) and subprocess.run(
        [torch_python, "-c", "import torch, transformers"],
        capture_output=True).returncode == 0:
    config.available_features.add("torch")
    config.substitutions.append(("%torch_python", torch_python))
# The JAX integration (python/remat/jax.py), in the same environment: `jax`.
if os.path.exists(torch_python) and subprocess.run(
        [torch_python, "-c", "import jax, numpy"], capture_output=True).returncode == 0:
    config.available_features.add("jax")
    config.substitutions.append(("%jax_python", torch_python))

# Real compilers, pinned in python/constraints.txt and installed into the
# same environment by scripts/venv.sh: torch-mlir's importer and IREE's
# compiler and runtime (iree-compile and iree-run-module beside the python):
# feature `iree`.
if os.path.exists(torch_python) and subprocess.run(
        [torch_python, "-c", "import torch_mlir.fx, iree.compiler, iree.runtime"],
        capture_output=True).returncode == 0:
    config.available_features.add("iree")
    config.substitutions.append(("%iree_python", torch_python))

# Library GEMMs: remat was built with a static OpenBLAS (--gemm=blas).
if getattr(config, "remat_have_blas", False):
    config.available_features.add("blas")

# The certificate's MILP: remat was built with COIN-OR CBC.
if getattr(config, "remat_have_cbc", False):
    config.available_features.add("cbc")

# GPU features: the CUDA toolkit (ptxas) builds sm_90 kernels without a GPU;
# tests that run kernels need a device.
if os.path.exists("/usr/local/cuda/bin/ptxas") or shutil.which("ptxas"):
    config.available_features.add("cuda-toolkit")
# cuobjdump for SASS checks (the toolkit's, or the one Triton's wheel ships
# in the cached environment): `cuobjdump`, run through %sass_summary.
if os.path.exists(torch_python):
    probe = subprocess.run(
        [torch_python, os.path.join(config.remat_src_root, "scripts", "sass_summary.py"),
         "--find-cuobjdump"], capture_output=True, text=True)
    if probe.returncode == 0:
        config.available_features.add("cuobjdump")
        config.substitutions.append(
            ("%sass_summary", torch_python + " " + os.path.join(
                config.remat_src_root, "scripts", "sass_summary.py")))
        config.substitutions.append(
            ("%static_roofline", torch_python + " " + os.path.join(
                config.remat_src_root, "scripts", "static_roofline.py")))
if os.path.exists("/dev/nvidia0") or shutil.which("nvidia-smi"):
    config.available_features.add("cuda-device")
llvm_config.with_environment("PATH", "/usr/local/cuda/bin", append_path=True)
