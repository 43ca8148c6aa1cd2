/* dgemm.cu: C = alpha op(A) op(B) + beta C in FP64, column-major, on the GEMM engine's DMMA
 * main loop (gemm/dmma_kernel.cuh). The kernels of each row of kDgemmSm90
 * (gemm/gemm_configs_sm90.cuh), the one DGEMM selection function (select_dgemm), and
 * launch_gemm<double> for the plain, strided-batched and pointer-array-batched GEMM. */
#include "gemm/dmma_kernel.cuh"
#include "gemm/gemm_engine.cuh"

namespace {

/* The kernels of row I of kDgemmSm90, one per transpose pair, alignment (kAligned) and batching,
 * their dynamic shared memory, and their launch. */
template <int I> struct DgemmKernels {
    static constexpr DgemmConfig kRow = kDgemmSm90[I];
    using Shape = DgemmShape<kRow.bm, kRow.bn, kRow.wm, kRow.wn, kRow.stages, kRow.min_blocks,
                             kRow.mma_k, kRow.copy_step, kRow.move_edge_tiles>;
    static constexpr int BM = Shape::BM, BN = Shape::BN;
    static_assert(kRow.split.min_depth % BK == 0 && kRow.split.min_depth_big % BK == 0,
                  "split ranges are whole tiles");
    using Fn = decltype(&dgemm_kernel<Shape, false, false, false, GemmBatchMode::kNone>);
    template <bool kAligned, GemmBatchMode kBatch> static Fn get(bool ta, bool tb) {
        return ta ? (tb ? dgemm_kernel<Shape, true, true, kAligned, kBatch>
                        : dgemm_kernel<Shape, true, false, kAligned, kBatch>)
                  : (tb ? dgemm_kernel<Shape, false, true, kAligned, kBatch>
                        : dgemm_kernel<Shape, false, false, kAligned, kBatch>);
    }
    template <GemmBatchMode kBatch> static Fn get(bool ta, bool tb, bool aligned) {
        return aligned ? get<true, kBatch>(ta, tb) : get<false, kBatch>(ta, tb);
    }
    static size_t smem(bool ta, bool tb) {
        return ta ? (tb ? dgemm_smem_bytes<Shape, true, true>()
                        : dgemm_smem_bytes<Shape, true, false>())
                  : (tb ? dgemm_smem_bytes<Shape, false, true>()
                        : dgemm_smem_bytes<Shape, false, false>());
    }
    static cudaError_t prepare() {
        for (int p = 0; p < 24; ++p) {
            const Fn fn = p & 16  ? get<GemmBatchMode::kArrays>(p & 1, p & 2, p & 4)
                          : p & 8 ? get<GemmBatchMode::kStrided>(p & 1, p & 2, p & 4)
                                  : get<GemmBatchMode::kNone>(p & 1, p & 2, p & 4);
            const cudaError_t err = cudaFuncSetAttribute(
                fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem(p & 1, p & 2));
            if (err != cudaSuccess) return err;
        }
        return cudaSuccess;
    }
    /* 16-byte pieces of X's interior tiles: X aligned (every entry's), ld even, and for a
     * K-contiguous operand an even k (the tiles after a partial first tile start at odd k when
     * k is odd). The kAligned instance is chosen by these. */
    static bool vectors(const double *X, int64_t ld, int64_t stride, bool arrays, bool kcontig,
                        int64_t k) {
        return gemm_vectors(X, ld, stride, arrays, 2) && (!kcontig || k % 2 == 0);
    }
    /* ... and of its edge tiles too (the vec_a / vec_b kernel flags): for an MN-contiguous
     * operand, an even extent (m for A, n for B), so that no piece of its last row or column is
     * half inside (OperandTile::load). */
    static bool edge_vectors(bool vec, bool kcontig, int64_t extent) {
        return vec && (kcontig || extent % 2 == 0);
    }
    /* A batched GEMM: one k range, a grid (tiles, 1, entries) per chunk of the batch; the
     * kAligned instance only where the host knows every entry's alignment (strided). */
    static cudaError_t launch_batched(gblas_cuda_env *env, const GemmArgs<double> &g) {
        const bool arrays = g.batch.c_array != nullptr;
        const bool vec_a = vectors(g.A, g.lda, g.batch.stride_a, arrays, g.transa, g.k);
        const bool vec_b = vectors(g.B, g.ldb, g.batch.stride_b, arrays, !g.transb, g.k);
        const Fn kernel = arrays ? get<GemmBatchMode::kArrays>(g.transa, g.transb, false)
                                 : get<GemmBatchMode::kStrided>(g.transa, g.transb, vec_a && vec_b);
        const bool edge_a = edge_vectors(vec_a, g.transa, g.m);
        const bool edge_b = edge_vectors(vec_b, !g.transb, g.n);
        const unsigned tiles = (unsigned)(ceil_div(g.m, BM) * ceil_div(g.n, BN));
        return for_each_batch_chunk(g, [&](const GemmArgs<double> &c, unsigned entries) {
            kernel<<<dim3(tiles, 1, entries), Shape::kThreads, smem(g.transa, g.transb),
                     env->stream>>>(c.m, c.n, c.k, c.k > 0 ? c.k : 1, c.alpha, c.A, c.lda, c.B,
                                    c.ldb, c.beta, c.C, c.ldc, nullptr, edge_a, edge_b, c.batch);
            return launch_check(env, "dgemm_kernel");
        });
    }
    /* A plain GEMM: k split by the row's rule, the splits reduced through the scratch. */
    static cudaError_t launch(gblas_cuda_env *env, const GemmArgs<double> &g) {
        if (!g.plain()) return launch_batched(env, g);
        const int64_t m = g.m, n = g.n, k = g.k;
        const int64_t tiles = gemm_tiles(g, BM, BN);
        const int64_t depth =
            split_depth(kRow.split, BM, BN, BK, Shape::kMinBlocks, g, env->sm_count);
        const int splits = (int)ceil_div(k > 0 ? k : 1, depth);
        const bool vec_a = vectors(g.A, g.lda, 0, false, g.transa, k);
        const bool vec_b = vectors(g.B, g.ldb, 0, false, !g.transb, k);
        const bool edge_a = edge_vectors(vec_a, g.transa, m);
        const bool edge_b = edge_vectors(vec_b, !g.transb, n);
        double *partial = static_cast<double *>(env->scratch);
        const Fn kernel = get<GemmBatchMode::kNone>(g.transa, g.transb, vec_a && vec_b);
        kernel<<<dim3((unsigned)tiles, (unsigned)splits), Shape::kThreads,
                 smem(g.transa, g.transb), env->stream>>>(m, n, k, depth, g.alpha, g.A, g.lda,
                                                          g.B, g.ldb, g.beta, g.C, g.ldc,
                                                          partial, edge_a, edge_b, g.batch);
        const cudaError_t err = launch_check(env, "dgemm_kernel");
        if (err != cudaSuccess || splits == 1) return err;
        return launch_splitk_reduce<double>(env, m, n, splits, partial, g.alpha, g.beta, g.C,
                                            g.ldc);
    }
};
constexpr size_t kDgemmRows = sizeof(kDgemmSm90) / sizeof(kDgemmSm90[0]);

/* The DGEMM selection: a plain GEMM of one row or column is a GEMV (gemm_is_gemv: -1);
 * otherwise the first row of kDgemmSm90 whose conditions hold. */
int select_dgemm(const GemmArgs<double> &g, int sm_count) {
    return gemm_is_gemv(g) ? -1 : select_row(kDgemmSm90, g, sm_count);
}

} // namespace

template <>
cudaError_t launch_gemm<double>(gblas_cuda_env *env, gblas_operation_t transa,
                                gblas_operation_t transb, int64_t m, int64_t n, int64_t k,
                                Scalar<double> alpha, const double *A, int64_t lda,
                                const double *B, int64_t ldb, Scalar<double> beta, double *C,
                                int64_t ldc, const GemmBatch<double> &batch) {
    GemmArgs<double> g = gemm_args(transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc,
                                   batch);
    if (!gemm_prologue(g)) return cudaSuccess;
    const int row = select_dgemm(g, env->sm_count);
    if (row < 0) return launch_gemm_as_gemv(env, g);
    return with_row<DgemmKernels, kDgemmRows>(
        row, [&](auto kernels) { return decltype(kernels)::launch(env, g); });
}

extern "C" cudaError_t gblas_cuda_dgemm_prepare(const char **failed) {
    const cudaError_t err = for_each_row<DgemmKernels, kDgemmRows>(
        [](auto kernels) { return decltype(kernels)::prepare(); });
    if (err != cudaSuccess) *failed = "cudaFuncSetAttribute(dgemm_kernel)";
    return err;
}
