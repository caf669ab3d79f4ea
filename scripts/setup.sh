#!/usr/bin/env bash
# Installs what remat needs (Debian packages) if it is missing, then
# configures and builds everything into build/. Safe to run repeatedly.
set -euo pipefail
cd "$(dirname "$0")/.."

LLVM=/usr/lib/llvm-22
PACKAGES=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22
          cmake ninja-build ccache libgtest-dev python3 python3-numpy
          libopenblas-pthread-dev python3-matplotlib
          coinor-libcbc-dev pkg-config libzstd-dev)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "== installing: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
fi

if [ ! -f build/build.ninja ]; then
  echo "== configuring build/"
  cmake -G Ninja -S . -B build \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR="$LLVM/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$LLVM/bin/lit" \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
fi
echo "== building"
# (ccache keys on paths relative to the checkout, so that a fresh clone
# elsewhere, as CI makes, reuses what an earlier build compiled.)
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
# Everything: the tools, the unit tests, the runtimes and the mlir-opt plugin
# (test/Install installs the whole build, so every installed target must exist).
ninja -C build

# The PyTorch integration's tests (feature `torch`) need torch and
# transformers: installed once into the cached ~/.cache/remat-venv. Set
# REMAT_SKIP_TORCH=1 to skip (its tests then report unsupported).
if [ -z "${REMAT_SKIP_TORCH:-}" ]; then
  echo "== PyTorch environment"
  bash scripts/venv.sh >/dev/null
fi
