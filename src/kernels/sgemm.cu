/* sgemm.cu: C = alpha op(A) op(B) + beta C in FP32 on the FFMA pipes (no TF32), column-major.
 *
 * Tile map of sgemm_kernel<BM, BN, BK> (8 x 8 outputs per thread):
 *   The block computes a BM x BN tile of C. Warps form a (BM/64) x (BN/32) grid, each owning a
 *   64 x 32 warp tile; lane = lm + 8 ln (lm 0..7, ln 0..3). A thread's rows are
 *   wm*64 + {0, 32} + lm*4 + {0..3} and its columns wn*32 + {0, 16} + ln*4 + {0..3}: four 4 x 4
 *   blocks, read from shared memory as float4s (per warp 8 distinct float4 of A and 4 of B per
 *   k: one wavefront each, no bank conflicts).
 *   Shared memory: As[2][BK][BM] (op(A) k-major), Bs[2][BK][BN]. Tile t+1 is loaded into
 *   registers while tile t is computed, then stored to the other buffer: one barrier per tile.
 *   Loads: "MN-contiguous" operands (A with N, B with T) are read as float4s along m (n) and
 *   stored as float4s; "K-contiguous" ones (A with T, B with N) as float4s along k, stored
 *   transposed as 4 scalars (a warp stores 32 consecutive m: no conflicts).
 * Interior tiles with 16-byte aligned operands take unguarded float4 loads and stores; edge
 * tiles and unaligned operands take guarded scalar ones (zero fill). Configs: 128x128x8 with
 * 256 threads; 64x64x8 with 64 threads when 128x128 tiles would leave SMs idle; split-K (grid.y)
 * when even those are too few. */
#include "gemm_common.cuh"

namespace {

template <int BM, int BN, int BK> struct SgemmShape {
    static constexpr int kWarpsM = BM / 64, kWarpsN = BN / 32;
    static constexpr int kThreads = kWarpsM * kWarpsN * 32;
    /* 2 blocks of 256 threads per SM cap registers at 128; small blocks may use more. */
    static constexpr int kMinBlocks = kThreads >= 256 ? 2 : 4;
    static_assert(BM % 64 == 0 && BN % 32 == 0, "the block tile is whole 64 x 32 warp tiles");
    static_assert((BM * BK) % (4 * kThreads) == 0 && (BN * BK) % (4 * kThreads) == 0,
                  "each thread loads whole float4s of both tiles");
    static_assert(BK % 4 == 0, "K-contiguous tiles are loaded as float4s along k");
};

/* One operand's tile: E (BM or BN) x BK elements of op(X), X column-major with leading
 * dimension ld. Element (e, kk) is X[(e0 + e) + (k0 + kk) ld] when MN-contiguous and
 * X[(k0 + kk) + (e0 + e) ld] when K-contiguous. Stored to shared memory as S[kk][e]. */
template <int E, int BK, int THREADS, bool KContig> struct TileLoader {
    static constexpr int kLoads = E * BK / (4 * THREADS);
    float4 reg[kLoads];

    static __device__ __forceinline__ void coords(int f, int &e, int &kk) {
        if (KContig) {
            e = f % E;
            kk = (f / E) * 4;
        } else {
            e = (f % (E / 4)) * 4;
            kk = f / (E / 4);
        }
    }
    static __device__ __forceinline__ int64_t offset(int64_t ge, int64_t gk, int64_t ld) {
        return KContig ? gk + ge * ld : ge + gk * ld;
    }
    /* guarded: scalar loads, elements outside [0, e_lim) x [0, k_lim) read as zero. */
    __device__ __forceinline__ void load(const float *__restrict__ X, int64_t ld, int64_t e0,
                                         int64_t k0, int64_t e_lim, int64_t k_lim, bool guarded) {
#pragma unroll
        for (int l = 0; l < kLoads; ++l) {
            int e, kk;
            coords(threadIdx.x + l * THREADS, e, kk);
            const int64_t ge = e0 + e, gk = k0 + kk;
            if (!guarded) {
                reg[l] = *reinterpret_cast<const float4 *>(X + offset(ge, gk, ld));
                continue;
            }
            float v[4];
#pragma unroll
            for (int c = 0; c < 4; ++c) {
                const int64_t ce = KContig ? ge : ge + c, ck = KContig ? gk + c : gk;
                v[c] = (ce < e_lim && ck < k_lim) ? X[offset(ce, ck, ld)] : 0.0f;
            }
            reg[l] = make_float4(v[0], v[1], v[2], v[3]);
        }
    }
    __device__ __forceinline__ void store(float *S) const {
#pragma unroll
        for (int l = 0; l < kLoads; ++l) {
            int e, kk;
            coords(threadIdx.x + l * THREADS, e, kk);
            if (KContig) {
                S[(kk + 0) * E + e] = reg[l].x;
                S[(kk + 1) * E + e] = reg[l].y;
                S[(kk + 2) * E + e] = reg[l].z;
                S[(kk + 3) * E + e] = reg[l].w;
            } else {
                *reinterpret_cast<float4 *>(S + kk * E + e) = reg[l];
            }
        }
    }
};

template <int BM, int BN, int BK, bool kTransA, bool kTransB>
__global__ void __launch_bounds__(SgemmShape<BM, BN, BK>::kThreads,
                                  SgemmShape<BM, BN, BK>::kMinBlocks)
    sgemm_kernel(int64_t m, int64_t n, int64_t k, int64_t split_depth, gblas_cuda_sscalar alpha_s,
                 const float *__restrict__ A, int64_t lda, const float *__restrict__ B,
                 int64_t ldb, gblas_cuda_sscalar beta_s, float *__restrict__ C, int64_t ldc,
                 float *__restrict__ partial, bool vec_ab, bool vec_c) {
    constexpr int THREADS = SgemmShape<BM, BN, BK>::kThreads;
    __shared__ __align__(16) float As[2][BK * BM];
    __shared__ __align__(16) float Bs[2][BK * BN];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int wm = warp % (BM / 64), wn = warp / (BM / 64);
    const int am = wm * 64 + (lane % 8) * 4, bn = wn * 32 + (lane / 8) * 4;
    int64_t tm, tn;
    tile_coords(blockIdx.x, ceil_div(m, BM), ceil_div(n, BN), tm, tn);
    const int64_t m0 = tm * BM, n0 = tn * BN;
    const int64_t kb = (int64_t)blockIdx.y * split_depth, ke = min(k, kb + split_depth);
    const bool full_mn = m0 + BM <= m && n0 + BN <= n;
    const float alpha = scalar_value<float>(alpha_s);

    float acc[8][8] = {};
    if (alpha != 0.0f && kb < ke) { /* alpha == 0 (or k == 0): A and B are never read */
        TileLoader<BM, BK, THREADS, kTransA> la;
        TileLoader<BN, BK, THREADS, !kTransB> lb;
        const bool interior = vec_ab && full_mn;
        auto load = [&](int64_t k0) {
            const bool guarded = !(interior && k0 + BK <= ke);
            la.load(A, lda, m0, k0, m, ke, guarded);
            lb.load(B, ldb, n0, k0, n, ke, guarded);
        };
        const int64_t tiles = ceil_div(ke - kb, BK);
        load(kb);
        la.store(As[0]);
        lb.store(Bs[0]);
        __syncthreads();
        for (int64_t t = 0; t < tiles; ++t) {
            const int cur = (int)(t & 1);
            if (t + 1 < tiles) load(kb + (t + 1) * BK);
#pragma unroll
            for (int kk = 0; kk < BK; ++kk) {
                const float4 a0 = *reinterpret_cast<const float4 *>(&As[cur][kk * BM + am]);
                const float4 a1 = *reinterpret_cast<const float4 *>(&As[cur][kk * BM + am + 32]);
                const float4 b0 = *reinterpret_cast<const float4 *>(&Bs[cur][kk * BN + bn]);
                const float4 b1 = *reinterpret_cast<const float4 *>(&Bs[cur][kk * BN + bn + 16]);
                const float a[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
                const float b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
                for (int i = 0; i < 8; ++i)
#pragma unroll
                    for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
            }
            if (t + 1 < tiles) {
                la.store(As[cur ^ 1]);
                lb.store(Bs[cur ^ 1]);
            }
            __syncthreads();
        }
    }

    /* Epilogue: thread element (i, j) is C[m0 + am + (i/4)*32 + i%4, n0 + bn + (j/4)*16 + j%4]. */
    if (gridDim.y > 1) { /* split-K: raw sums to partial[split][m x n] */
        if (alpha == 0.0f) return;
        float *P = partial + (int64_t)blockIdx.y * m * n;
#pragma unroll
        for (int j = 0; j < 8; ++j)
#pragma unroll
            for (int i = 0; i < 8; ++i) {
                const int64_t r = m0 + am + (i / 4) * 32 + i % 4, c = n0 + bn + (j / 4) * 16 + j % 4;
                if (r < m && c < n) P[r + c * m] = acc[i][j];
            }
        return;
    }
    const float beta = scalar_value<float>(beta_s);
    const bool vec_store = vec_c && full_mn;
#pragma unroll
    for (int j = 0; j < 8; ++j) {
        const int64_t c = n0 + bn + (j / 4) * 16 + j % 4;
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            const int64_t r = m0 + am + h * 32;
            float *p = C + r + c * ldc;
            if (vec_store) {
                float4 old = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
                if (beta != 0.0f) old = *reinterpret_cast<const float4 *>(p);
                const float4 v = make_float4(scale_output(alpha, acc[h * 4 + 0][j], beta, old.x),
                                             scale_output(alpha, acc[h * 4 + 1][j], beta, old.y),
                                             scale_output(alpha, acc[h * 4 + 2][j], beta, old.z),
                                             scale_output(alpha, acc[h * 4 + 3][j], beta, old.w));
                *reinterpret_cast<float4 *>(p) = v;
            } else if (c < n) {
#pragma unroll
                for (int i = 0; i < 4; ++i)
                    if (r + i < m)
                        p[i] = scale_output(alpha, acc[h * 4 + i][j], beta,
                                            beta != 0.0f ? p[i] : 0.0f);
            }
        }
    }
}

template <int BM, int BN, int BK>
cudaError_t launch_sgemm_shape(gblas_cuda_env *env, int transa, int transb, int64_t m,
                               int64_t n, int64_t k, gblas_cuda_sscalar alpha, const float *A,
                               int64_t lda, const float *B, int64_t ldb, gblas_cuda_sscalar beta,
                               float *C, int64_t ldc) {
    const int64_t tiles = ceil_div(m, BM) * ceil_div(n, BN);
    const int64_t depth = split_k_depth(m, n, k, tiles, BK, sizeof(float), env->sm_count);
    const int splits = (int)ceil_div(k > 0 ? k : 1, depth);
    const bool vec_ab = aligned16(A) && aligned16(B) && lda % 4 == 0 && ldb % 4 == 0;
    const bool vec_c = aligned16(C) && ldc % 4 == 0;
    float *partial = static_cast<float *>(env->scratch);
    const dim3 grid((unsigned)tiles, (unsigned)splits);
    constexpr int threads = SgemmShape<BM, BN, BK>::kThreads;
    const auto kernel = transa ? (transb ? sgemm_kernel<BM, BN, BK, true, true>
                                         : sgemm_kernel<BM, BN, BK, true, false>)
                               : (transb ? sgemm_kernel<BM, BN, BK, false, true>
                                         : sgemm_kernel<BM, BN, BK, false, false>);
    kernel<<<grid, threads, 0, env->stream>>>(m, n, k, depth, alpha, A, lda, B, ldb, beta, C, ldc,
                                              partial, vec_ab, vec_c);
    const cudaError_t err = launch_check(env, "sgemm_kernel");
    if (err != cudaSuccess || splits == 1) return err;
    return launch_splitk_reduce<float>(env, m, n, splits, partial, alpha, beta, C, ldc);
}

} // namespace

extern "C" cudaError_t gblas_cuda_launch_sgemm(gblas_cuda_env *env, int transa, int transb,
                                               int64_t m, int64_t n, int64_t k,
                                               gblas_cuda_sscalar alpha, const float *A,
                                               int64_t lda, const float *B, int64_t ldb,
                                               gblas_cuda_sscalar beta, float *C, int64_t ldc) {
    if (m <= 0 || n <= 0) return cudaSuccess;
    if (ceil_div(m, 128) * ceil_div(n, 128) >= env->sm_count)
        return launch_sgemm_shape<128, 128, 8>(env, transa, transb, m, n, k, alpha, A, lda, B,
                                               ldb, beta, C, ldc);
    return launch_sgemm_shape<64, 64, 8>(env, transa, transb, m, n, k, alpha, A, lda, B, ldb,
                                         beta, C, ldc);
}
