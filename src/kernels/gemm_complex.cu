/* gemm_complex.cu: complex GEMM, gblas_complex_float and gblas_complex_double: C = alpha op(A)
 * op(B) + beta C for every pair of N, T and C (conjugate transpose), through one shared-memory
 * tiled kernel (a 32 x 32 tile of C per block, k in chunks of 16). Written for correctness, not
 * yet tuned. Each element of C is summed by one thread in ascending k with explicit real fmas,
 * so results do not depend on the grid; no atomics, no scratch. */
#include "cuda_common.cuh"
#include "gemm_launch.cuh"

namespace {

constexpr int kTile = 32;                  /* C tile: kTile x kTile elements per block */
constexpr int kChunk = 16;                 /* k per shared-memory stage */
constexpr int kRowsY = 8;                  /* threads: kTile x kRowsY */
constexpr int kThreads = kTile * kRowsY;   /* 256 */
constexpr int kCols = kTile / kRowsY;      /* columns of the tile per thread: 4 */
constexpr int64_t kGridYZMax = 65535;      /* grid y and z limits (x: 2^31 - 1) */

template <typename C> struct GemmComplexArgs {
    gblas_operation_t transa, transb;
    int64_t m, n, k;
    Scalar<C> alpha;
    const C *A;
    int64_t lda;
    const C *B;
    int64_t ldb;
    Scalar<C> beta;
    C *C_;
    int64_t ldc;
    GemmBatch<C> batch;
};

/* op(X) element: conjugated when the operation is OP_C. */
template <typename C> __device__ __forceinline__ C op_value(C v, gblas_operation_t op) {
    if (op == GBLAS_OP_C) v.im = -v.im;
    return v;
}

/* a b rounded through fmas: re = fma(a.re, b.re, -(a.im b.im)), im = fma(a.re, b.im, a.im b.re). */
template <typename C> __device__ __forceinline__ C cmul(C a, C b) {
    return C{fma(a.re, b.re, -(a.im * b.im)), fma(a.re, b.im, a.im * b.re)};
}

/* Block (tx, ty), tile (tm, tn) of product b: thread computes C(i0 + tx, j0 + ty + kRowsY q),
 * q < kCols. Per stage l0, the block stages op(A)(i0 + i, l0 + l) in as[l][i] and
 * op(B)(l0 + l, j0 + j) in bs[l][j] (conjugated on the way in for OP_C; zero outside the
 * matrices), each thread loading the element whose fastest-varying index follows its linear id,
 * so global reads run down columns. The sum s of op(A)(i, l) op(B)(l, j) takes l in ascending
 * order from zero, each term as four fmas: s.re += a.re b.re, s.re -= a.im b.im, s.im += a.re
 * b.im, s.im += a.im b.re. Then C(i, j) = alpha s + beta C(i, j); beta == 0 never reads C;
 * alpha == 0 or k == 0 never reads A or B and gives beta C. Loops over tiles and products are
 * grid-strided and uniform over the block, so __syncthreads is reached by every thread. */
template <typename C>
__global__ void __launch_bounds__(kThreads) gemm_complex_kernel(const GemmComplexArgs<C> p) {
    using R = real_t<C>;
    __shared__ C as[kChunk][kTile + 1];
    __shared__ C bs[kChunk][kTile + 1];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = tx + kTile * ty;
    const C alpha = scalar_value(p.alpha), beta = scalar_value(p.beta);
    const bool products = (alpha.re != 0 || alpha.im != 0) && p.k > 0;
    const bool beta_zero = beta.re == 0 && beta.im == 0;
    const bool an = p.transa == GBLAS_OP_N, bn = p.transb == GBLAS_OP_N;
    const int64_t tiles_m = ceil_div(p.m, (int64_t)kTile), tiles_n = ceil_div(p.n, (int64_t)kTile);

    for (int64_t b = blockIdx.z; b < p.batch.count; b += gridDim.z) {
        const bool arrays = p.batch.a_array != nullptr;
        const C *A = arrays ? p.batch.a_array[b] : p.A + b * p.batch.stride_a;
        const C *B = arrays ? p.batch.b_array[b] : p.B + b * p.batch.stride_b;
        C *Cm = arrays ? p.batch.c_array[b] : p.C_ + b * p.batch.stride_c;
        for (int64_t tn = blockIdx.y; tn < tiles_n; tn += gridDim.y)
            for (int64_t tm = blockIdx.x; tm < tiles_m; tm += gridDim.x) {
                const int64_t i0 = tm * kTile, j0 = tn * kTile;
                C s[kCols];
#pragma unroll
                for (int q = 0; q < kCols; q++) s[q] = C{0, 0};
                for (int64_t l0 = 0; products && l0 < p.k; l0 += kChunk) {
                    for (int e = tid; e < kChunk * kTile; e += kThreads) {
                        /* op(A) N: A(i, l), i fastest; T/C: A(l, i), l fastest. */
                        const int ia = an ? e % kTile : e / kChunk;
                        const int la = an ? e / kTile : e % kChunk;
                        const int64_t gi = i0 + ia, gl = l0 + la;
                        C va = C{0, 0};
                        if (gi < p.m && gl < p.k)
                            va = op_value(an ? A[gi + gl * p.lda] : A[gl + gi * p.lda], p.transa);
                        as[la][ia] = va;
                        /* op(B) N: B(l, j), l fastest; T/C: B(j, l), j fastest. */
                        const int jb = bn ? e / kChunk : e % kTile;
                        const int lb = bn ? e % kChunk : e / kTile;
                        const int64_t gj = j0 + jb, gk = l0 + lb;
                        C vb = C{0, 0};
                        if (gj < p.n && gk < p.k)
                            vb = op_value(bn ? B[gk + gj * p.ldb] : B[gj + gk * p.ldb], p.transb);
                        bs[lb][jb] = vb;
                    }
                    __syncthreads();
                    const int lc = p.k - l0 < kChunk ? (int)(p.k - l0) : kChunk;
                    for (int l = 0; l < lc; l++) {
                        const C a = as[l][tx];
#pragma unroll
                        for (int q = 0; q < kCols; q++) {
                            const C bv = bs[l][ty + kRowsY * q];
                            R re = fma(a.re, bv.re, s[q].re);
                            re = fma(-a.im, bv.im, re);
                            R im = fma(a.re, bv.im, s[q].im);
                            im = fma(a.im, bv.re, im);
                            s[q] = C{re, im};
                        }
                    }
                    __syncthreads();
                }
                const int64_t i = i0 + tx;
                if (i >= p.m) continue;
#pragma unroll
                for (int q = 0; q < kCols; q++) {
                    const int64_t j = j0 + ty + kRowsY * q;
                    if (j >= p.n) continue;
                    C &c = Cm[i + j * p.ldc];
                    const C t = products ? cmul(alpha, s[q]) : C{0, 0};
                    if (beta_zero) {
                        c = t;
                    } else {
                        const C old = c;
                        c = C{fma(beta.re, old.re, fma(-beta.im, old.im, t.re)),
                              fma(beta.re, old.im, fma(beta.im, old.re, t.im))};
                    }
                }
            }
    }
}

template <typename C>
cudaError_t launch_gemm_complex(gblas_cuda_env *env, const GemmComplexArgs<C> &args) {
    const int64_t tiles_m = ceil_div(args.m, (int64_t)kTile);
    const int64_t tiles_n = ceil_div(args.n, (int64_t)kTile);
    const dim3 grid((unsigned)clamp64(tiles_m, 1, INT32_MAX),
                    (unsigned)clamp64(tiles_n, 1, kGridYZMax),
                    (unsigned)clamp64(args.batch.count, 1, kGridYZMax));
    gemm_complex_kernel<C><<<grid, dim3(kTile, kRowsY), 0, env->stream>>>(args);
    return launch_check(env, "gemm_complex_kernel");
}

} // namespace

#define GBLAS_COMPLEX_GEMM(C)                                                                      \
    cudaError_t launch_gemm(gblas_cuda_env *env, gblas_operation_t transa,                         \
                            gblas_operation_t transb, int64_t m, int64_t n, int64_t k,             \
                            Scalar<C> alpha, const C *A, int64_t lda, const C *B, int64_t ldb,     \
                            Scalar<C> beta, C *Cm, int64_t ldc, const GemmBatch<C> &batch) {       \
        return launch_gemm_complex<C>(env, GemmComplexArgs<C>{transa, transb, m, n, k, alpha, A,   \
                                                              lda, B, ldb, beta, Cm, ldc, batch}); \
    }
GBLAS_COMPLEX_GEMM(gblas_complex_float)
GBLAS_COMPLEX_GEMM(gblas_complex_double)
#undef GBLAS_COMPLEX_GEMM
