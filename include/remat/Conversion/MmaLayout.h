//===- MmaLayout.h - mma.sync m16n8k16 fragment coordinates -----*- C++ -*-===//
//
/// Which matrix elements a lane holds in `mma.sync.aligned.m16n8k16` with
/// 16-bit inputs (f16 or bf16) and f32 accumulators: the PTX ISA's
/// "Matrix Fragments for mma.m16n8k16 with floating point type". With
/// g = lane / 4 and t = lane % 4, fragment element e (two elements a
/// 32-bit register, the lower index in the lower half) is at
///  * A (16 x 16, row-major): (row, k) = (g, 2t) + aOffset(e), e < 8;
///  * B (16 x 8, "col"): (k, col) = (2t, g) + bOffset(e), e < 4;
///  * C and D (16 x 8 f32): (row, col) = (g, 2t) + cOffset(e), e < 4.
/// remat-tiled-gemm's tensor-core kernel reads its fragments by these; the
/// unit test checks them against upstream MLIR's own mapping
/// (nvgpu::getLaneIdAndValueIdToOperandCoord).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CONVERSION_MMALAYOUT_H
#define REMAT_CONVERSION_MMALAYOUT_H

#include <cstdint>

namespace remat::mma {

struct Offset {
  int64_t first, second;
};

/// A: registers 0..3 at rows g, g + 8, g, g + 8 and k 2t, 2t, 2t + 8, 2t + 8.
constexpr Offset aOffset(int64_t e) {
  return {8 * ((e / 2) % 2), 8 * (e / 4) + e % 2};
}

/// B: registers 0, 1 at k 2t, 2t + 8.
constexpr Offset bOffset(int64_t e) { return {8 * (e / 2) + e % 2, 0}; }

/// C: elements 0..3 at (g, 2t), (g, 2t + 1), (g + 8, 2t), (g + 8, 2t + 1).
constexpr Offset cOffset(int64_t e) { return {8 * (e / 2), e % 2}; }

} // namespace remat::mma

#endif // REMAT_CONVERSION_MMALAYOUT_H
