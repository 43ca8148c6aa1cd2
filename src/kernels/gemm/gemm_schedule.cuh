/* gemm_schedule.cuh (GEMM engine): where a block of any GEMM main loop works. The order of the
 * output tiles in the 1-D grid (x), edge tiles moved back over their neighbours, the batch entry
 * of the grid's z index, and the depth of split-K ranges (y). Device and host parts shared by
 * the FFMA and DMMA kernels; docs/kernels.md describes the engine. */
#pragma once

#include "../cuda_common.cuh"
#include "../gemm_launch.cuh"

/* Block b of the 1-D grid -> output tile (tm, tn): groups of kTileGroupRows tile rows are
 * walked column by column, so blocks running together share A rows and B columns in L2. */
constexpr int64_t kTileGroupRows = 8;
__device__ __forceinline__ void tile_coords(int64_t b, int64_t mtiles, int64_t ntiles,
                                            int64_t &tm, int64_t &tn) {
    const int64_t group = kTileGroupRows * ntiles;
    const int64_t first = (b / group) * kTileGroupRows;
    const int64_t rows = min(mtiles - first, kTileGroupRows);
    const int64_t r = b % group;
    tm = first + r % rows;
    tn = r / rows;
}

/* Origin along one dimension of the output tile whose own part starts at `own` (tiles of `tile`
 * elements over an extent of `extent`). An edge tile is moved back to end at the extent, over
 * part of its neighbour, when the extent holds a whole tile and the move is a multiple of `vec`
 * elements (the vector alignment of the operands and of C is kept): its copies are then those of
 * an interior tile. The block computes the whole moved tile and writes only from `own` on, so
 * every element of C is still written by one block, in the same k order. */
__device__ __forceinline__ int64_t tile_origin(int64_t own, int tile, int64_t extent, int vec) {
    return own + tile > extent && extent >= tile && extent % vec == 0 ? extent - tile : own;
}

/* The batch index. A batched launch runs one GEMM per grid z index (at most kMaxGridZ entries
 * per launch; gemm_engine.cuh launches larger batches in chunks, each with the batch description
 * moved to its first entry). Kernels take the mode as a template parameter: kNone (the plain
 * GEMM: the description is never read, so its code is that of a kernel without it), kStrided
 * (entry z works on A + z stride_a, B + z stride_b, C + z stride_c: uniform arithmetic that
 * costs no vector registers) or kArrays (on a_array[z], b_array[z], c_array[z], pointers the
 * host cannot see, so the kernel completes the alignment flags from them). */
constexpr int64_t kMaxGridZ = 65535;
enum class GemmBatchMode { kNone, kStrided, kArrays };
/* Entry blockIdx.z's operand (P is const T * or T *). */
template <GemmBatchMode kMode, typename P>
__device__ __forceinline__ P batch_operand(const P *array, P base, int64_t stride) {
    if constexpr (kMode == GemmBatchMode::kArrays) return array[blockIdx.z];
    else if constexpr (kMode == GemmBatchMode::kStrided) return base + blockIdx.z * stride;
    else return base;
}
__device__ __forceinline__ bool aligned16_device(const void *p) {
    return ((uintptr_t)p & 15u) == 0;
}

/* Depth of each split of k (a multiple of bk; k itself for one split): `splits` ranges wanted,
 * fewer when a range would be shallower than min_depth or the partials would not fit the
 * scratch budget. */
inline int64_t split_k_depth(int64_t m, int64_t n, int64_t k, int64_t splits, int bk,
                             size_t elem, int64_t min_depth) {
    splits = clamp64(splits, 1, k / min_depth);
    splits = clamp64(splits, 1, (int64_t)(GBLAS_CUDA_SCRATCH_BYTES / ((size_t)m * n * elem)));
    const int64_t depth = ceil_div(ceil_div(k, splits), bk) * bk;
    return depth > 0 ? depth : bk;
}
