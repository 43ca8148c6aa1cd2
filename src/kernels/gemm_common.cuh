/* gemm_common.cuh: what sgemm.cu and dgemm.cu share: the tile order of the 1-D grid, the depth
 * of split-K ranges and the kernel that reduces split-K partials in a fixed order (a
 * programmatic dependent launch: it starts while the GEMM grid drains and waits for it).
 * Split-K runs only when the output tiles leave SMs idle; each family chooses the number of
 * ranges from its tile count, and partials are sized against the fixed scratch budget, so the
 * split (and every result bit) depends on m, n, k and the SM count only. */
#pragma once

#include "cuda_common.cuh"

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

/* C[i, j] = alpha * S[i, j] + beta * C[i, j], S the sum over s of partial[s][i + j m] in a fixed
 * order: the splits form `groups` contiguous runs (a power of two up to 32, more when there are
 * many splits, so that deep splits do not serialise one thread's loads), each run summed in
 * split order by one thread, the run sums then added in run order. A block of 256 threads covers
 * 256 / groups consecutive outputs; alpha == 0 never reads the partials (the GEMM kernels skip
 * writing them then). */
constexpr int kReduceThreads = 256;
template <typename T>
__global__ void __launch_bounds__(kReduceThreads)
    gemm_splitk_reduce_kernel(int64_t m, int64_t n, int splits, int groups,
                              const T *__restrict__ partial, Scalar<T> alpha_s, Scalar<T> beta_s,
                              T *__restrict__ C, int64_t ldc) {
    __shared__ T run_sums[kReduceThreads];
    wait_for_prior_grid(); /* the GEMM kernel's partials */
    const T alpha = scalar_value<T>(alpha_s), beta = scalar_value<T>(beta_s);
    const int64_t mn = m * n;
    const int width = kReduceThreads / groups; /* outputs per block */
    const int o = threadIdx.x % width, run = threadIdx.x / width;
    const int s_begin = (int)((int64_t)splits * run / groups);
    const int s_end = (int)((int64_t)splits * (run + 1) / groups);
    for (int64_t base = (int64_t)blockIdx.x * width; base < mn;
         base += (int64_t)gridDim.x * width) {
        const int64_t idx = base + o;
        T sum = T(0);
        if (alpha != T(0) && idx < mn) {
            /* kBatch loads in flight per round trip; the adds stay in split order */
            constexpr int kBatch = 8;
            const T *p = partial + idx;
            int s = s_begin;
            for (; s + kBatch <= s_end; s += kBatch) {
                T v[kBatch];
#pragma unroll
                for (int b = 0; b < kBatch; ++b) v[b] = p[(int64_t)(s + b) * mn];
#pragma unroll
                for (int b = 0; b < kBatch; ++b) sum += v[b];
            }
            for (; s < s_end; ++s) sum += p[(int64_t)s * mn];
        }
        if (groups > 1) {
            run_sums[threadIdx.x] = sum;
            __syncthreads();
            if (run == 0)
                for (int r = 1; r < groups; ++r) sum += run_sums[r * width + o];
            __syncthreads(); /* run_sums is reused by the next base */
        }
        if (run == 0 && idx < mn) {
            T *c = C + (idx % m) + (idx / m) * ldc;
            *c = scale_output(alpha, sum, beta, beta != T(0) ? *c : T(0));
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
    const int groups = splitk_reduce_groups(splits);
    const int64_t width = kReduceThreads / groups;
    const int blocks = (int)clamp64(ceil_div(m * n, width), 1, 8LL * env->sm_count);
    return launch_dependent(env, "gemm_splitk_reduce_kernel", gemm_splitk_reduce_kernel<T>,
                            dim3(blocks), dim3(kReduceThreads), m, n, splits, groups, partial,
                            alpha, beta, C, ldc);
}
