/* gemm_splitk.cuh (GEMM engine): split-K. Split-K runs only when the output tiles leave SMs
 * idle; the number of ranges follows from m, n, k, the SM count and the chosen config's split
 * rule (gemm_engine.cuh), and partials are sized against the fixed scratch budget, so the split
 * (and every result bit) depends on those only. The ranges' raw sums are added in a fixed
 * order either by a second kernel over partials in global memory (a programmatic dependent
 * launch: it starts while the GEMM grid drains and waits for it) or inside a thread-block
 * cluster through distributed shared memory; both add in the same order, so the path changes
 * no bit. Batched launches never split (the scratch holds one product's partials). */
#pragma once

#include "gemm_schedule.cuh"

#include <cooperative_groups.h>
#include <type_traits>

/* C[i, j] = alpha * S[i, j] + beta * C[i, j], S the sum over s of partial[s][i + j m] in a fixed
 * order: the splits form `groups` contiguous runs (a power of two up to 32, more when there are
 * many splits, so that deep splits do not serialise one thread's loads), each run summed in
 * split order by one thread, the run sums then added in run order. A thread handles kWidth
 * consecutive outputs (a 16-byte vector of each partial when m n is a multiple of the vector
 * width, else one), each summed on its own in that order; a block of 256 threads covers
 * 256 / groups such groups of outputs. alpha == 0 never reads the partials (the GEMM kernels
 * skip writing them then). */
constexpr int kReduceThreads = 256;
template <typename T, int kWidth>
__global__ void __launch_bounds__(kReduceThreads)
    gemm_splitk_reduce_kernel(int64_t m, int64_t n, int splits, int groups,
                              const T *__restrict__ partial, Scalar<T> alpha_s, Scalar<T> beta_s,
                              T *__restrict__ C, int64_t ldc) {
    using V = std::conditional_t<kWidth == 1, T, typename Vec16<T>::type>;
    auto lane = [](const V &v, int e) {
        if constexpr (kWidth == 1) return v;
        else return Vec16<T>::get(v, e);
    };
    __shared__ T run_sums[kReduceThreads][kWidth];
    wait_for_prior_grid(); /* the GEMM kernel's partials */
    const T alpha = scalar_value<T>(alpha_s), beta = scalar_value<T>(beta_s);
    const int64_t mn = m * n, vectors = mn / kWidth;
    const int width = kReduceThreads / groups; /* vectors per block */
    const int o = threadIdx.x % width, run = threadIdx.x / width;
    const int s_begin = (int)((int64_t)splits * run / groups);
    const int s_end = (int)((int64_t)splits * (run + 1) / groups);
    for (int64_t base = (int64_t)blockIdx.x * width; base < vectors;
         base += (int64_t)gridDim.x * width) {
        const int64_t v = base + o;
        T sum[kWidth] = {};
        if (alpha != T(0) && v < vectors) {
            /* kBatch loads in flight per round trip; the adds stay in split order */
            constexpr int kBatch = 8;
            const V *p = reinterpret_cast<const V *>(partial) + v;
            const int64_t slab = vectors; /* one split's partials, in vectors */
            int s = s_begin;
            for (; s + kBatch <= s_end; s += kBatch) {
                V x[kBatch];
#pragma unroll
                for (int b = 0; b < kBatch; ++b) x[b] = p[(int64_t)(s + b) * slab];
#pragma unroll
                for (int b = 0; b < kBatch; ++b)
#pragma unroll
                    for (int e = 0; e < kWidth; ++e) sum[e] += lane(x[b], e);
            }
            for (; s < s_end; ++s) {
                const V x = p[(int64_t)s * slab];
#pragma unroll
                for (int e = 0; e < kWidth; ++e) sum[e] += lane(x, e);
            }
        }
        if (groups > 1) {
#pragma unroll
            for (int e = 0; e < kWidth; ++e) run_sums[threadIdx.x][e] = sum[e];
            __syncthreads();
            if (run == 0)
                for (int r = 1; r < groups; ++r)
#pragma unroll
                    for (int e = 0; e < kWidth; ++e) sum[e] += run_sums[r * width + o][e];
            __syncthreads(); /* run_sums is reused by the next base */
        }
        if (run == 0 && v < vectors) {
            int64_t j = v * kWidth / m, i = v * kWidth - j * m;
            T *c = C + i + j * ldc;
            bool stored = false;
            if constexpr (kWidth > 1) /* a vector within one column of an aligned C */
                if (i + kWidth <= m && (uintptr_t)c % 16 == 0) {
                    V old = {}, out;
                    if (beta != T(0)) old = *reinterpret_cast<const V *>(c);
#pragma unroll
                    for (int e = 0; e < kWidth; ++e)
                        Vec16<T>::set(out, e, scale_output(alpha, sum[e], beta, lane(old, e)));
                    *reinterpret_cast<V *>(c) = out;
                    stored = true;
                }
            if (!stored)
#pragma unroll
                for (int e = 0; e < kWidth; ++e) { /* output v kWidth + e is C[i, j] */
                    c = C + i + j * ldc;
                    *c = scale_output(alpha, sum[e], beta, beta != T(0) ? *c : T(0));
                    if (++i == m) {
                        i = 0;
                        ++j;
                    }
                }
        }
    }
}

/* Runs of at least 16 splits each; one run (a plain loop over the splits) below 32 splits. */
inline int splitk_reduce_groups(int splits) {
    int groups = 1;
    while (groups < 32 && splits / (2 * groups) >= 16) groups *= 2;
    return groups;
}

template <typename T>
cudaError_t launch_splitk_reduce(gblas_cuda_env *env, int64_t m, int64_t n, int splits,
                                 const T *partial, Scalar<T> alpha, Scalar<T> beta, T *C,
                                 int64_t ldc) {
    /* Vectors when every split's partials are 16-byte aligned and one output per thread would
     * take more than one pass of the grid (there they cut the passes; below, a quarter of the
     * threads would each wait on 16-byte loads: SGEMM 256^3 ran 3% slower so) */
    constexpr int kVector = Vec16<T>::width;
    const int groups = splitk_reduce_groups(splits);
    const int64_t width = kReduceThreads / groups, max_blocks = 8LL * env->sm_count;
    const bool vec = (m * n) % kVector == 0 && m * n > width * max_blocks;
    const int blocks = (int)clamp64(ceil_div(m * n / (vec ? kVector : 1), width), 1, max_blocks);
    if (vec)
        return launch_dependent(env, "gemm_splitk_reduce_kernel",
                                gemm_splitk_reduce_kernel<T, kVector>, dim3(blocks),
                                dim3(kReduceThreads), m, n, splits, groups, partial, alpha, beta,
                                C, ldc);
    return launch_dependent(env, "gemm_splitk_reduce_kernel", gemm_splitk_reduce_kernel<T, 1>,
                            dim3(blocks), dim3(kReduceThreads), m, n, splits, groups, partial,
                            alpha, beta, C, ldc);
}

/* Split-K inside a thread-block cluster (at most kClusterSplits ranges): the gridDim.y blocks
 * of one output tile form a cluster of (1, splits, 1), and each has stored its raw BM x BN sums
 * in its own shared memory as tile[i + j BM] (output row m0 + i, column n0 + j). Block rank r
 * then sums the r-th slice of the tile (whole 16-byte vectors, one column each) over the
 * cluster's blocks in split order, starting from zero, exactly as gemm_splitk_reduce_kernel
 * adds a run of partials, so both paths give the same bits, and writes alpha * sum + beta * C.
 * No partials go through global memory and no second kernel runs. Every thread of every block
 * of the cluster calls this; alpha == 0 never reads the tiles. */
constexpr int kClusterSplits = 8; /* the portable cluster size */
/* (not inlined: inlined into SGEMM's 128 x 64 kernel it made the main loop spill 100-200 bytes
 * at the 128-register cap) */
template <typename T, int BM, int BN, int THREADS>
__device__ __noinline__ void cluster_splitk_reduce(const T *tile, int64_t m0, int64_t n0,
                                                   int64_t m, int64_t n, T alpha, T beta,
                                                   T *__restrict__ C, int64_t ldc, bool vec_c) {
    using V = typename Vec16<T>::type;
    constexpr int kWidth = Vec16<T>::width, kVectors = BM * BN / kWidth;
    static_assert(BM % kWidth == 0, "a tile column is whole 16-byte vectors");
    namespace cg = cooperative_groups;
    cg::cluster_group cluster = cg::this_cluster();
    cluster.sync(); /* every block's sums are in its shared memory */
    const int splits = (int)cluster.num_blocks(), rank = (int)cluster.block_rank();
    for (int v = rank * kVectors / splits + (int)threadIdx.x; v < (rank + 1) * kVectors / splits;
         v += THREADS) {
        const int i = (v * kWidth) % BM, j = (v * kWidth) / BM;
        T sum[kWidth] = {};
        if (alpha != T(0)) {
            V part[kClusterSplits]; /* all loads in flight, then the adds in split order */
#pragma unroll
            for (int s = 0; s < kClusterSplits; ++s)
                if (s < splits)
                    part[s] = *reinterpret_cast<const V *>(
                        cluster.map_shared_rank(tile + v * kWidth, (unsigned)s));
#pragma unroll
            for (int s = 0; s < kClusterSplits; ++s)
                if (s < splits)
#pragma unroll
                    for (int e = 0; e < kWidth; ++e) sum[e] += Vec16<T>::get(part[s], e);
        }
        const int64_t r = m0 + i, c = n0 + j;
        if (c >= n) continue;
        T *p = C + r + c * ldc;
        if (vec_c && r + kWidth <= m) {
            V old = {};
            if (beta != T(0)) old = *reinterpret_cast<const V *>(p);
            V out;
#pragma unroll
            for (int e = 0; e < kWidth; ++e)
                Vec16<T>::set(out, e, scale_output(alpha, sum[e], beta, Vec16<T>::get(old, e)));
            *reinterpret_cast<V *>(p) = out;
        } else {
#pragma unroll
            for (int e = 0; e < kWidth; ++e)
                if (r + e < m)
                    p[e] = scale_output(alpha, sum[e], beta, beta != T(0) ? p[e] : T(0));
        }
    }
    cluster.sync(); /* no block leaves while another still reads its shared memory */
}

/* The launch attribute of clusters of (1, splits, 1) blocks. */
inline cudaLaunchAttribute split_cluster_attribute(unsigned splits) {
    cudaLaunchAttribute attr = {};
    attr.id = cudaLaunchAttributeClusterDimension;
    attr.val.clusterDim.x = 1;
    attr.val.clusterDim.y = splits;
    attr.val.clusterDim.z = 1;
    return attr;
}

/* Launch of a split-K GEMM grid (tiles, splits) whose splits form one cluster per tile
 * (cluster_splitk_reduce). */
template <typename... Params, typename... Args>
cudaError_t launch_split_clusters(gblas_cuda_env *env, const char *name,
                                  void (*kernel)(Params...), dim3 grid, dim3 block,
                                  size_t smem_bytes, Args... args) {
    return launch_with_attribute(env, name, kernel, grid, block, smem_bytes,
                                 split_cluster_attribute(grid.y), args...);
}

/* Whether the splits of `depth` (the config's split rule) reduce in clusters, and their depth,
 * for a config whose clusters of s blocks run active[s] at once (counted at backend init):
 * - 2 to kClusterSplits splits whose clusters fit one wave (active[s] >= tiles): as they are;
 * - more splits: kClusterSplits of them, when that makes each block at most 8 tiles (of bk)
 *   deeper and still gives at least every other SM a block, in clusters where they fit (through
 *   global memory otherwise). The reduce pass this saves costs about as much: SGEMM 256^3 0.99
 *   -> 1.16x cuBLAS, 384^3 0.86 -> 1.20x, 640^3 0.87 -> 1.03x; 128 x 128 x 1024, 7 tiles
 *   deeper on 32 blocks, ran 0.88 -> 0.64x; 64 x 64 x 65536 keeps its hundreds of splits
 *   through memory.
 * Fewer splits than the rule's, where its clusters do not fit, won at 768^3 and 1000^3 and
 * lost at 896^3 and 8192 x 33 x 8192 (bench/gemm-log.md section 23): not used. */
inline bool cluster_split_depth(const int *active, int bk, int sm_count, int64_t k,
                                int64_t tiles, int64_t &depth) {
    const int64_t cap_depth = 8 * (int64_t)bk;
    auto fits = [&](int64_t d) {
        const int64_t s = ceil_div(k > 0 ? k : 1, d);
        return s >= 2 && s <= kClusterSplits && tiles <= active[s];
    };
    if (fits(depth)) return true;
    /* the cap does not ask whether the clusters fit, so that the split (and every bit of the
     * result) depends on m, n, k and the SM count only; on the H200 the capped clusters always
     * fit (more than 8 splits leave fewer than a ninth of the resident blocks' tiles) */
    const int64_t capped = ceil_div(ceil_div(k, kClusterSplits), bk) * bk;
    if (capped <= depth || capped - depth > cap_depth || 2 * tiles * kClusterSplits < sm_count)
        return false;
    depth = capped;
    return fits(depth);
}
