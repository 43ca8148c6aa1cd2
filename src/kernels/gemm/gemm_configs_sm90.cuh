/* gemm_configs_sm90.cuh (GEMM engine): the tile configurations for sm_90, as data. One table
 * per precision; each row is a main loop's compile-time shape plus the conditions under which
 * the selection function (sgemm.cu, dgemm.cu) takes it and its split-K rule. Rows are tried in
 * order and the first whose conditions all hold is chosen; the last row takes anything. Every
 * row is instantiated as kernels (by its index), so a row added here is a new config: see
 * docs/kernels.md. Why each row is what it is: bench/gemm-log.md (sections named below). */
#pragma once

#include <cstdint>

/* When a row is chosen, for a problem m x n x k (op(A) = A^T or not) of `count` batch entries
 * on sm_count SMs. A bound of 0 is no bound. fill: the row's output tiles (BM x BN, times
 * count) give at least fill_num / fill_den of a block per SM: tiles fill_den >= fill_num SMs. */
struct GemmWhen {
    int64_t max_m, max_n; /* m <= max_m, n <= max_n */
    int64_t min_m, min_n; /* m >= min_m, n >= min_n */
    int fill_num, fill_den;
    bool trans_a;  /* only for op(A) = A^T */
    int64_t min_k; /* k >= min_k */
};

/* How many k ranges (grid.y) a row splits into when its tiles leave resident block slots idle
 * (kMinBlocks blocks per SM): floor(slots / tiles) ranges (round_up false) or ceil (true),
 * each at least min_depth deep, min_depth_big when the output has kSplitBigOutput elements or
 * more (there each split's partials, 1 MB or more written and read, cost more than shallower
 * ranges gain: bench/gemm-log.md sections 13 and 17). Batched launches never split. */
constexpr int64_t kSplitBigOutput = (int64_t)1 << 18;
struct GemmSplitRule {
    bool round_up;
    int min_depth, min_depth_big;
};

/* SGEMM (ffma_kernel.cuh): SgemmShape<bm, bn, bk, buffers, wm>; trans_a_only: kernels for
 * op(A) = A^T only; cluster_slot >= 0: split-K may reduce in clusters, counted at backend init
 * in env->sgemm_clusters->active[cluster_slot]; thin_edge: a thin last tile row or column is
 * run as a second GEMM where that saves a wave (sgemm.cu thin_edge). */
struct SgemmConfig {
    int bm, bn, bk, buffers, wm;
    bool trans_a_only;
    int cluster_slot;
    bool thin_edge;
    GemmWhen when;
    GemmSplitRule split;
};

/* - 32 x 128 (128 x 32): outputs of at most 32 rows (columns) and more columns (rows), two
 *   32 x 64 (64 x 32) warp tiles, where 64 x 64 computes twice the rows: 32 x 8192 x 8192
 *   244 -> 162 us, 8192 x 32 x 8192 219 -> 123 us (section 27).
 * - 128 x 128: when its tiles fill the SMs; three buffers (section 20). In 32-deep tiles for a
 *   K-contiguous A (op(A) = A^T) of depth at least 256: TN 0.935 -> 0.954x cuBLAS, TT 0.976 ->
 *   0.99-1.0x at 4096, and 3-5% slower for NN and NT; 256 keeps the padding of a partial last
 *   tile under 16 / 256 of the work.
 * - 128 x 64 (4 warps): while there are at least a quarter as many of its tiles as SMs, so
 *   that split-K stays shallow (its partials cost traffic); m >= 128, or most of a 128-row tile
 *   is empty (section 6).
 * - 64 x 64 (2 warps): the rest, split deeper. */
constexpr SgemmConfig kSgemmSm90[] = {
    /* BM   BN  BK buf  WM  A^T-only cluster thin-edge
     *  when: {m<=, n<=, m>=, n>=, fill num/den, A^T, k>=}   split: {up, depth, depth big} */
    {32, 128, 16, 2, 32, false, -1, false, {32, 0, 0, 33, 0, 1, false, 0}, {false, 16, 64}},
    {128, 32, 16, 2, 64, false, -1, false, {0, 32, 33, 0, 0, 1, false, 0}, {false, 16, 64}},
    {128, 128, 32, 3, 64, true, -1, true, {0, 0, 0, 0, 1, 1, true, 256}, {false, 32, 64}},
    {128, 128, 16, 3, 64, false, -1, true, {0, 0, 0, 0, 1, 1, false, 0}, {false, 16, 64}},
    {128, 64, 16, 2, 64, false, 0, false, {0, 0, 128, 0, 1, 4, false, 0}, {false, 16, 64}},
    {64, 64, 16, 2, 64, false, 1, false, {0, 0, 0, 0, 0, 1, false, 0}, {false, 16, 64}},
};

/* DGEMM (dmma_kernel.cuh): DgemmShape<bm, bn, wm, wn, stages, min_blocks, mma_k, copy_step,
 * move_edge_tiles>. */
struct DgemmConfig {
    int bm, bn, wm, wn, stages, min_blocks, mma_k, copy_step;
    bool move_edge_tiles;
    GemmWhen when;
    GemmSplitRule split;
};

/* - 128 x 64: 4 warps of 64 x 32, 3 stages, 2 blocks per SM, copies issued halfway through the
 *   tile (section 11), on m16n8k4 (k8 spilled or ran slower: sections 6, 25), edge tiles kept
 *   (moving them cost 2048^3 3%: section 15); where its tiles fill two blocks per SM.
 * - 64 x 64: 4 warps of 32 x 32, 4 stages, copies first, edge tiles moved (section 15), on
 *   m16n8k8 (long k loops: section 6); split-K at least 32 deep. */
constexpr DgemmConfig kDgemmSm90[] = {
    /* BM  BN  WM  WN stages blocks mma-k copy-step move-edges
     *  when: {m<=, n<=, m>=, n>=, fill num/den, A^T, k>=}   split: {up, depth, depth big} */
    {128, 64, 64, 32, 3, 2, 4, 2, false, {0, 0, 0, 0, 2, 1, false, 0}, {true, 32, 32}},
    {64, 64, 32, 32, 4, 1, 8, 0, true, {0, 0, 0, 0, 0, 1, false, 0}, {true, 32, 32}},
};
