/* sgemm.cu: C = alpha op(A) op(B) + beta C in FP32, column-major, on the GEMM engine's FFMA main
 * loop (gemm/ffma_kernel.cuh). The kernels of each row of kSgemmSm90 (gemm/gemm_configs_sm90.cuh),
 * the one SGEMM selection function (select_sgemm), and launch_gemm<float> for the plain,
 * strided-batched and pointer-array-batched GEMM. docs/kernels.md describes the engine. */
#include "gemm/ffma_kernel.cuh"
#include "gemm/gemm_engine.cuh"

#include <climits>

namespace {

static_assert(GBLAS_CUDA_MAX_SPLIT_CLUSTER == kClusterSplits,
              "cuda_launch.cuh sizes the cluster counts by the largest split cluster");

/* The kernels of row I of kSgemmSm90: a transpose pair each (with trans_a_only, only those of
 * op(A) = A^T), plain and batched, and with a cluster slot also the plain instances that reduce
 * split-K in clusters; and their launch. */
template <int I> struct SgemmKernels {
    static constexpr SgemmConfig kRow = kSgemmSm90[I];
    using Shape = SgemmShape<kRow.bm, kRow.bn, kRow.bk, kRow.buffers, kRow.wm>;
    static constexpr int BM = Shape::BM, BN = Shape::BN, BK = Shape::BK;
    static constexpr bool kTransAOnly = kRow.trans_a_only;
    static constexpr int kClusterSlot = kRow.cluster_slot;
    static_assert(kClusterSlot < GBLAS_CUDA_SGEMM_SPLIT_CONFIGS,
                  "cuda_launch.cuh holds the cluster counts of each slot");
    static_assert(kClusterSlot < 0 || Shape::kBuffers == 2,
                  "cluster kernels keep their sums in the two-buffer loop's static shared memory");
    static_assert(kRow.split.min_depth % BK == 0 && kRow.split.min_depth_big % BK == 0,
                  "split ranges are whole tiles");
    static constexpr GemmBatchMode kNone = GemmBatchMode::kNone;
    using Fn = decltype(&sgemm_kernel<Shape, true, true, false, kNone>);
    template <bool kCluster, GemmBatchMode kBatch> static Fn get(bool ta, bool tb) {
        const Fn ta_fn = tb ? sgemm_kernel<Shape, true, true, kCluster, kBatch>
                            : sgemm_kernel<Shape, true, false, kCluster, kBatch>;
        if constexpr (kTransAOnly) return ta_fn;
        else
            return ta ? ta_fn
                      : (tb ? sgemm_kernel<Shape, false, true, kCluster, kBatch>
                            : sgemm_kernel<Shape, false, false, kCluster, kBatch>);
    }
    /* the three-buffer shapes' dynamic shared memory (over 48 KB) */
    static cudaError_t prepare() {
        if constexpr (Shape::kDynamicSmemBytes > 0)
            for (int p = kTransAOnly ? 1 : 0; p < 12; p += kTransAOnly ? 2 : 1) {
                const Fn fn = p & 8   ? get<false, GemmBatchMode::kArrays>(p & 1, p & 2)
                              : p & 4 ? get<false, GemmBatchMode::kStrided>(p & 1, p & 2)
                                      : get<false, kNone>(p & 1, p & 2);
                const cudaError_t err =
                    cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         (int)Shape::kDynamicSmemBytes);
                if (err != cudaSuccess) return err;
            }
        return cudaSuccess;
    }
    /* active[s], s = 2 .. kClusterSplits: clusters of s blocks that run at once, the least over
     * the four transpose pairs; 0 (split-K through global memory) where the device cannot say */
    static void count_clusters(int *active) {
        for (int s = 2; s <= kClusterSplits; ++s) {
            active[s] = INT_MAX;
            for (int p = 0; p < 4; ++p) {
                cudaLaunchAttribute attr = split_cluster_attribute((unsigned)s);
                cudaLaunchConfig_t cfg = {};
                cfg.gridDim = dim3(1, (unsigned)s);
                cfg.blockDim = dim3(Shape::kThreads);
                cfg.attrs = &attr;
                cfg.numAttrs = 1;
                int n = 0;
                if (cudaOccupancyMaxActiveClusters(&n, get<true, kNone>(p & 1, p & 2), &cfg) !=
                    cudaSuccess) {
                    (void)cudaGetLastError();
                    n = 0;
                }
                active[s] = min(active[s], n);
            }
        }
    }
    /* A batched GEMM: one k range, a grid (tiles, 1, entries) per chunk of the batch. */
    static cudaError_t launch_batched(gblas_cuda_env *env, const GemmArgs<float> &g) {
        const bool arrays = g.batch.c_array != nullptr;
        const bool vec_a = gemm_vectors(g.A, g.lda, g.batch.stride_a, arrays, 4);
        const bool vec_b = gemm_vectors(g.B, g.ldb, g.batch.stride_b, arrays, 4);
        const bool vec_c = gemm_vectors<float>(g.C, g.ldc, g.batch.stride_c, arrays, 4);
        const Fn kernel = arrays ? get<false, GemmBatchMode::kArrays>(g.transa, g.transb)
                                 : get<false, GemmBatchMode::kStrided>(g.transa, g.transb);
        const unsigned tiles = (unsigned)(ceil_div(g.m, BM) * ceil_div(g.n, BN));
        return for_each_batch_chunk(g, [&](const GemmArgs<float> &c, unsigned entries) {
            kernel<<<dim3(tiles, 1, entries), Shape::kThreads, Shape::kDynamicSmemBytes,
                     env->stream>>>(c.m, c.n, c.k, c.k > 0 ? c.k : 1, c.alpha, c.A, c.lda, c.B,
                                    c.ldb, c.beta, c.C, c.ldc, nullptr, vec_a, vec_b, vec_c,
                                    c.batch);
            return launch_check(env, "sgemm_kernel");
        });
    }
    /* A plain GEMM: k split by the row's rule, the splits reduced in clusters where
     * cluster_split_depth says so, else through the scratch. */
    static cudaError_t launch(gblas_cuda_env *env, const GemmArgs<float> &g) {
        if (!g.plain()) return launch_batched(env, g);
        const int64_t m = g.m, n = g.n, k = g.k;
        const int64_t tiles = gemm_tiles(g, BM, BN);
        int64_t depth = split_depth(kRow.split, BM, BN, BK, Shape::kMinBlocks, g, env->sm_count);
        bool cluster = false;
        if constexpr (kClusterSlot >= 0)
            cluster = cluster_split_depth(env->sgemm_clusters->active[kClusterSlot], BK,
                                          env->sm_count, k, tiles, depth);
        const int splits = (int)ceil_div(k > 0 ? k : 1, depth);
        const bool vec_a = gemm_vectors(g.A, g.lda, 0, false, 4);
        const bool vec_b = gemm_vectors(g.B, g.ldb, 0, false, 4);
        const bool vec_c = gemm_vectors<float>(g.C, g.ldc, 0, false, 4);
        const dim3 grid((unsigned)tiles, (unsigned)splits);
        if constexpr (kClusterSlot >= 0)
            if (cluster)
                return launch_split_clusters(env, "sgemm_kernel",
                                             get<true, kNone>(g.transa, g.transb), grid,
                                             dim3(Shape::kThreads), 0, m, n, k, depth, g.alpha,
                                             g.A, g.lda, g.B, g.ldb, g.beta, g.C, g.ldc,
                                             (float *)nullptr, vec_a, vec_b, vec_c, g.batch);
        float *partial = static_cast<float *>(env->scratch);
        const Fn kernel = get<false, kNone>(g.transa, g.transb);
        kernel<<<grid, Shape::kThreads, Shape::kDynamicSmemBytes, env->stream>>>(
            m, n, k, depth, g.alpha, g.A, g.lda, g.B, g.ldb, g.beta, g.C, g.ldc, partial, vec_a,
            vec_b, vec_c, g.batch);
        const cudaError_t err = launch_check(env, "sgemm_kernel");
        if (err != cudaSuccess || splits == 1) return err;
        return launch_splitk_reduce<float>(env, m, n, splits, partial, g.alpha, g.beta, g.C,
                                           g.ldc);
    }
};
constexpr size_t kSgemmRows = sizeof(kSgemmSm90) / sizeof(kSgemmSm90[0]);

/* Rows (columns) at the end of m (n) that a grid of tile x tile tiles (the 128 x 128 rows, two
 * blocks per SM) should leave to a second GEMM: a remainder of at most kThinEdge rows whose tile
 * row alone adds a wave (4097^3: 33 x 33 tiles take 5 waves, 32 x 33 take 4; the 1 x 4097 x 4097
 * rest costs about a tenth of a wave). The rest runs on 32-row tiles (a GEMV for one row), so
 * its cost grows with the other extent: a tile row of at most half a wave kept it under about
 * 40% of the wave saved when it ran on 64-row tiles. 0 when there is nothing to gain
 * (bench/gemm-log.md section 16). */
constexpr int64_t kThinEdge = 32;
int64_t thin_edge(int64_t extent, int tile, int64_t other_tiles, int64_t slots) {
    const int64_t rest = extent % tile, whole_tiles = extent / tile;
    if (rest == 0 || rest > kThinEdge || whole_tiles == 0 || 2 * other_tiles > slots) return 0;
    const bool saves_wave = ceil_div((whole_tiles + 1) * other_tiles, slots) >
                            ceil_div(whole_tiles * other_tiles, slots);
    return saves_wave ? rest : 0;
}

/* The rows (columns) that the small configs' tiles compute for an extent below 128: one
 * 32-wide tile, or whole 64-wide ones. */
int64_t small_tiles_extent(int64_t e) { return e <= 32 ? 32 : ceil_div(e, 64) * 64; }

/* Whether the last row of m (column of n) should run as a GEMV after the GEMM of the others:
 * where that shrinks what the tiles compute (m = 33: 64 -> 32 rows, 65: 128 -> 64) and the
 * operand the GEMV reads again (other x k elements: op(B) for a row, op(A) for a column) is
 * large enough for the saved rows to outweigh the GEMV (8192 x 33 x 8192 NN 221 -> 189 us,
 * 33 x 8192 x 8192 TT 305 -> 197 us; bench/gemm-log.md section 27). A strided GEMV x (the row
 * of op(A), the column of op(B)) costs a copy (gemv.cu gather_x) or strided reads, so there the
 * operand must be 4x larger: 33 x 8192 x 8192 NN 227 -> 216 us, 65 x 8192 x 4096 NN 231 -> 160
 * us, but 33 x 4096 x 4096 NN 71 -> 80 us (section 29). */
constexpr int64_t kPeelMinElems = (int64_t)1 << 23, kPeelStridedMinElems = (int64_t)1 << 25;
bool peel_last(int64_t extent, int64_t other, int64_t k, bool x_contiguous) {
    return extent < 128 && small_tiles_extent(extent - 1) < small_tiles_extent(extent) &&
           other * k >= (x_contiguous ? kPeelMinElems : kPeelStridedMinElems);
}

/* What runs a GEMM: a GEMV, the GEMMs of two parts of C (the last `rest` rows or columns
 * second), or the kernels of one row of kSgemmSm90. */
struct SgemmPlan {
    enum Kind { kGemv, kSplitRows, kSplitCols, kTiles } kind;
    int row;      /* kTiles */
    int64_t rest; /* kSplitRows, kSplitCols */
};

/* The SGEMM selection. A plain GEMM of one row or column: a GEMV (gemm_is_gemv); a lone row or
 * column past a 32-wide tile: a GEMV after the rest (peel_last); then the first row of
 * kSgemmSm90 whose conditions hold, with a thin last tile row or column peeled off into a
 * second GEMM where the row says so and that saves a wave (thin_edge). Batched GEMMs take the
 * row alone. */
SgemmPlan select_sgemm(const GemmArgs<float> &g, int sm_count) {
    if (gemm_is_gemv(g)) return {SgemmPlan::kGemv, -1, 0};
    if (g.plain() && peel_last(g.m, g.n, g.k, g.transa)) return {SgemmPlan::kSplitRows, -1, 1};
    if (g.plain() && peel_last(g.n, g.m, g.k, !g.transb)) return {SgemmPlan::kSplitCols, -1, 1};
    const int row = select_row(kSgemmSm90, g, sm_count);
    const SgemmConfig &c = kSgemmSm90[row];
    if (c.thin_edge && g.plain()) {
        int min_blocks = 0;
        (void)with_row<SgemmKernels, kSgemmRows>(row, [&](auto kernels) {
            min_blocks = decltype(kernels)::Shape::kMinBlocks;
            return cudaSuccess;
        });
        const int64_t slots = (int64_t)min_blocks * sm_count;
        const int64_t rows = thin_edge(g.m, c.bm, ceil_div(g.n, c.bn), slots);
        if (rows) return {SgemmPlan::kSplitRows, -1, rows};
        const int64_t cols = thin_edge(g.n, c.bn, ceil_div(g.m, c.bm), slots);
        if (cols) return {SgemmPlan::kSplitCols, -1, cols};
    }
    return {SgemmPlan::kTiles, row, 0};
}

cudaError_t launch_sgemm(gblas_cuda_env *env, const GemmArgs<float> &g) {
    const SgemmPlan plan = select_sgemm(g, env->sm_count);
    switch (plan.kind) {
    case SgemmPlan::kGemv: return launch_gemm_as_gemv(env, g);
    case SgemmPlan::kSplitRows: { /* the first m - rest rows, then the rest: disjoint parts of C */
        const cudaError_t err = launch_sgemm(env, g.rows(0, g.m - plan.rest));
        return err != cudaSuccess ? err : launch_sgemm(env, g.rows(g.m - plan.rest, plan.rest));
    }
    case SgemmPlan::kSplitCols: {
        const cudaError_t err = launch_sgemm(env, g.cols(0, g.n - plan.rest));
        return err != cudaSuccess ? err : launch_sgemm(env, g.cols(g.n - plan.rest, plan.rest));
    }
    default:
        return with_row<SgemmKernels, kSgemmRows>(
            plan.row, [&](auto kernels) { return decltype(kernels)::launch(env, g); });
    }
}

} // namespace

template <>
cudaError_t launch_gemm<float>(gblas_cuda_env *env, gblas_operation_t transa,
                               gblas_operation_t transb, int64_t m, int64_t n, int64_t k,
                               Scalar<float> alpha, const float *A, int64_t lda, const float *B,
                               int64_t ldb, Scalar<float> beta, float *C, int64_t ldc,
                               const GemmBatch<float> &batch) {
    GemmArgs<float> g = gemm_args(transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc,
                                  batch);
    if (!gemm_prologue(g)) return cudaSuccess;
    return launch_sgemm(env, g);
}

extern "C" cudaError_t gblas_cuda_sgemm_prepare(gblas_cuda_sgemm_clusters *clusters,
                                                const char **failed) {
    const cudaError_t err = for_each_row<SgemmKernels, kSgemmRows>(
        [](auto kernels) { return decltype(kernels)::prepare(); });
    if (err != cudaSuccess) {
        *failed = "cudaFuncSetAttribute(sgemm_kernel)";
        return err;
    }
    *clusters = gblas_cuda_sgemm_clusters{};
    (void)for_each_row<SgemmKernels, kSgemmRows>([&](auto kernels) {
        using K = decltype(kernels);
        if constexpr (K::kClusterSlot >= 0) K::count_clusters(clusters->active[K::kClusterSlot]);
        return cudaSuccess;
    });
    return cudaSuccess;
}
