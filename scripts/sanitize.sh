#!/usr/bin/env bash
# Builds remat's compiler with AddressSanitizer and UndefinedBehaviorSanitizer
# into build-asan/ and runs the whole lit suite (unit tests included) with
# it; any sanitizer report aborts the tool and fails its test. Extra
# arguments go to lit (e.g. -j1, or a test path under build-asan/test).
#
#   bash scripts/sanitize.sh
#   python3 scripts/fuzz.py --bin-dir build-asan/bin --count 2000   # then fuzz it
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null

LLVM=/usr/lib/llvm-22
if [ ! -f build-asan/build.ninja ]; then
  cmake -G Ninja -S . -B build-asan \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DREMAT_SANITIZE=address,undefined \
    -DMLIR_DIR="$LLVM/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$LLVM/bin/lit" \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
fi
echo "== building build-asan/"
targets=(remat-opt remat-compile remat-unittests)
# The CUDA runtime's unit tests, where cuda.h was found.
if ninja -C build-asan -t targets all | grep -q '^remat-cuda-runtime-tests:'; then
  targets+=(remat-cuda-runtime-tests)
fi
ninja -C build-asan "${targets[@]}"

# Leaks are reported too; MLIR's own registries are freed at exit.
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
# CBC's own leaks (the certificate's MILP) are not remat's: scripts/lsan.supp.
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/scripts/lsan.supp:print_suppressions=0}"
log=$(mktemp)
status=0
"$LLVM/bin/lit" -sv build-asan/test "$@" 2>&1 | tee "$log" || status=$?
passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$log" | tail -1)
failed=$(sed -n 's/^ *Failed *: *\([0-9]*\).*/\1/p' "$log" | tail -1)
reports=$(grep -c -E "ERROR: (Address|Leak)Sanitizer|runtime error:" "$log" || true)
rm -f "$log"
echo "sanitize: ${passed:-0} passed, ${failed:-0} failed, ${reports} sanitizer reports"
exit "$status"
