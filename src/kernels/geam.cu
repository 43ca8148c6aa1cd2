/* geam.cu: cuBLAS's BLAS-like extensions GEAM (C = alpha op(A) + beta op(B)) and DGMM
 * (C = diag(x) A or A diag(x)), float and double. Each element of C is computed on its own
 * (no sums), so results repeat bit for bit.
 *
 * GEAM: a block of 32 x 8 threads owns 32 x 32 tiles of C (thread (tx, ty): rows i0 + tx,
 * columns j0 + ty, ty + 8, ...). A transposed operand's tile is read along its columns (the
 * tile's rows of op(X)) into shared memory and read back transposed, so both reads are
 * coalesced; an untransposed one is read straight. alpha == 0 never reads A, beta == 0 never
 * reads B. In place (C == A with transa N and ldc == lda, or C == B likewise) each element is
 * read by the thread that writes it, before it writes it.
 * DGMM: a thread per element, C(i, j) = A(i, j) x(i) (left) or x(j) (right). A, B and C are
 * not restrict-qualified: C may be A or B. */
#include "cuda_common.cuh"

namespace {

constexpr int kTile = 32, kRowsPerPass = 8;
/* Tile columns a grid covers at most in y (its limit): more columns loop. */
constexpr int64_t kMaxGridY = 65535;

/* op(X)(i0 + r, j0 + c) for the thread's r = tx and c = ty + 8 p, p < 4, into v[p] (0 outside
 * the m x n range). A transposed X is staged through tile (op(X)(i, j) = X(j, i)). */
template <typename T>
__device__ __forceinline__ void load_op_tile(const T *X, int64_t ld, bool trans,
                                             int64_t m, int64_t n, int64_t i0, int64_t j0,
                                             T (&tile)[kTile][kTile + 1],
                                             T (&v)[kTile / kRowsPerPass]) {
    const int tx = threadIdx.x, ty = threadIdx.y;
    if (!trans) {
#pragma unroll
        for (int p = 0; p < kTile / kRowsPerPass; ++p) {
            const int64_t i = i0 + tx, j = j0 + ty + kRowsPerPass * p;
            v[p] = i < m && j < n ? X[i + j * ld] : T(0);
        }
        return;
    }
    /* X is n x m: row j0 + tx, columns i0 + ty + 8 p, stored as tile[i - i0][j - j0] */
#pragma unroll
    for (int p = 0; p < kTile / kRowsPerPass; ++p) {
        const int64_t xr = j0 + tx, xc = i0 + ty + kRowsPerPass * p;
        tile[ty + kRowsPerPass * p][tx] = xr < n && xc < m ? X[xr + xc * ld] : T(0);
    }
    __syncthreads();
#pragma unroll
    for (int p = 0; p < kTile / kRowsPerPass; ++p) v[p] = tile[tx][ty + kRowsPerPass * p];
    __syncthreads(); /* the tile is free for the next operand or tile */
}

template <typename T>
__global__ void __launch_bounds__(kTile * kRowsPerPass)
    geam_kernel(int64_t m, int64_t n, Scalar<T> alpha_s, const T *A, int64_t lda,
                bool ta, Scalar<T> beta_s, const T *B, int64_t ldb, bool tb, T *C,
                int64_t ldc) {
    __shared__ T tile[kTile][kTile + 1];
    const T alpha = scalar_value(alpha_s), beta = scalar_value(beta_s);
    const int64_t i0 = (int64_t)blockIdx.x * kTile, tiles_n = ceil_div(n, kTile);
    for (int64_t tj = blockIdx.y; tj < tiles_n; tj += gridDim.y) {
        const int64_t j0 = tj * kTile;
        T va[kTile / kRowsPerPass] = {}, vb[kTile / kRowsPerPass] = {};
        if (alpha != T(0)) load_op_tile(A, lda, ta, m, n, i0, j0, tile, va);
        if (beta != T(0)) load_op_tile(B, ldb, tb, m, n, i0, j0, tile, vb);
#pragma unroll
        for (int p = 0; p < kTile / kRowsPerPass; ++p) {
            const int64_t i = i0 + threadIdx.x, j = j0 + threadIdx.y + kRowsPerPass * p;
            if (i < m && j < n)
                C[i + j * ldc] = (alpha == T(0) ? T(0) : alpha * va[p]) +
                                 (beta == T(0) ? T(0) : beta * vb[p]);
        }
    }
}

template <typename T>
__global__ void __launch_bounds__(256)
    dgmm_kernel(int64_t m, int64_t n, bool left, const T *A, int64_t lda,
                const T *__restrict__ x, int64_t incx, T *C, int64_t ldc) {
    const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m) return;
    for (int64_t j = blockIdx.y; j < n; j += gridDim.y)
        C[i + j * ldc] = A[i + j * lda] * x[(left ? i : j) * incx];
}

} // namespace

template <typename T>
cudaError_t launch_geam(gblas_cuda_env *env, gblas_operation_t transa, gblas_operation_t transb,
                        int64_t m, int64_t n, Scalar<T> alpha, const T *A, int64_t lda,
                        Scalar<T> beta, const T *B, int64_t ldb, T *C, int64_t ldc) {
    const dim3 grid((unsigned)ceil_div(m, kTile),
                    (unsigned)(ceil_div(n, kTile) < kMaxGridY ? ceil_div(n, kTile) : kMaxGridY));
    geam_kernel<T><<<grid, dim3(kTile, kRowsPerPass), 0, env->stream>>>(
        m, n, alpha, A, lda, transa != GBLAS_OP_N, beta, B, ldb, transb != GBLAS_OP_N, C, ldc);
    return launch_check(env, "geam_kernel");
}

template <typename T>
cudaError_t launch_dgmm(gblas_cuda_env *env, gblas_side_mode_t side, int64_t m, int64_t n,
                        const T *A, int64_t lda, const T *x, int64_t incx, T *C, int64_t ldc) {
    const bool left = side == GBLAS_SIDE_LEFT;
    const dim3 grid((unsigned)ceil_div(m, 256), (unsigned)(n < kMaxGridY ? n : kMaxGridY));
    dgmm_kernel<T><<<grid, dim3(256), 0, env->stream>>>(
        m, n, left, A, lda, x + vec_start(left ? m : n, incx), incx, C, ldc);
    return launch_check(env, "dgmm_kernel");
}

#define GBLAS_INSTANTIATE(T)                                                                    \
    template cudaError_t launch_geam<T>(gblas_cuda_env *, gblas_operation_t, gblas_operation_t, \
                                        int64_t, int64_t, Scalar<T>, const T *, int64_t,        \
                                        Scalar<T>, const T *, int64_t, T *, int64_t);           \
    template cudaError_t launch_dgmm<T>(gblas_cuda_env *, gblas_side_mode_t, int64_t, int64_t,  \
                                        const T *, int64_t, const T *, int64_t, T *, int64_t);
GBLAS_INSTANTIATE(float)
GBLAS_INSTANTIATE(double)
#undef GBLAS_INSTANTIATE
