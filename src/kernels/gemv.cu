/* gemv.cu: y = alpha op(A) x + beta y, float and double, A column-major m x n (lda).
 * N: a thread owns R = 16/sizeof(T) consecutive rows (one 16-byte load per column when A and
 *    lda allow it); a block is 64 row-threads x 4 column groups over one chunk of columns, x
 *    staged through shared memory 256 columns at a time, the 4 groups summed in order.
 * T: a warp owns one column and reads it in 16-byte pieces against x staged in shared memory;
 *    a block is 8 columns over one chunk of rows; lanes are summed by a fixed butterfly.
 * With more than one chunk, each chunk writes partial sums to scratch and gemv_reduce_kernel
 * adds them in chunk order before alpha and beta. Chunk counts depend on m, n, the SMs only. */
#include "cuda_common.cuh"

namespace {

constexpr int kThreads = 256;
constexpr int kBlocksPerSm = 4;
/* N */
constexpr int kRowThreads = 64, kColGroups = kThreads / kRowThreads;
constexpr int kColsPerStage = 256;
constexpr int64_t kMinColsPerChunk = 64;
/* T */
constexpr int kColsPerBlock = kThreads / 32;
constexpr int kPiecesPerLane = 8; /* 16-byte loads in flight per lane and stage */
static_assert(kColsPerStage <= kThreads, "one x value per thread and stage");

template <typename T> constexpr int stage_rows_t() { return 32 * Vec16<T>::width * kPiecesPerLane; }

template <typename T>
__device__ __forceinline__ void store_y(T *y, int64_t i, T alpha, T sum, T beta) {
    y[i] = scale_output(alpha, sum, beta, beta != T(0) ? y[i] : T(0));
}

template <typename T>
__global__ void __launch_bounds__(kThreads)
    gemv_n_kernel(int64_t m, int64_t n, int64_t cols_per_chunk, Scalar<T> alpha_s,
                  const T *__restrict__ A, int64_t lda, bool vec, const T *__restrict__ x,
                  int64_t incx, Scalar<T> beta_s, T *__restrict__ y, int64_t incy,
                  T *__restrict__ partial) {
    using V = typename Vec16<T>::type;
    using VT = Vec16<T>;
    constexpr int R = VT::width;
    __shared__ T xs[kColsPerStage];
    __shared__ T group_sums[kColGroups - 1][kRowThreads * R];
    const int rt = threadIdx.x % kRowThreads, g = threadIdx.x / kRowThreads;
    const int64_t row0 = ((int64_t)blockIdx.x * kRowThreads + rt) * R;
    const int64_t c_begin = (int64_t)blockIdx.y * cols_per_chunk;
    const int64_t c_end = min(n, c_begin + cols_per_chunk);
    const T alpha = scalar_value<T>(alpha_s);
    T acc[R] = {};
    if (alpha != T(0)) { /* alpha == 0: A and x are never read */
        const int64_t x0 = vec_start(n, incx);
        const bool full = vec && row0 + R <= m;
        for (int64_t j0 = c_begin; j0 < c_end; j0 += kColsPerStage) {
            const int cols = (int)min((int64_t)kColsPerStage, c_end - j0);
            __syncthreads(); /* the previous stage's x is consumed */
            if (threadIdx.x < cols) xs[threadIdx.x] = x[x0 + (j0 + threadIdx.x) * incx];
            __syncthreads();
            const T *a = A + row0 + j0 * lda;
            if (full) {
#pragma unroll 4
                for (int j = g; j < cols; j += kColGroups) {
                    const V v = *reinterpret_cast<const V *>(a + j * lda);
#pragma unroll
                    for (int c = 0; c < R; ++c) acc[c] = fma(VT::get(v, c), xs[j], acc[c]);
                }
            } else if (row0 < m) {
                for (int j = g; j < cols; j += kColGroups)
                    for (int c = 0; c < R && row0 + c < m; ++c)
                        acc[c] = fma(a[c + j * lda], xs[j], acc[c]);
            }
        }
    }
    if (g > 0)
        for (int c = 0; c < R; ++c) group_sums[g - 1][rt * R + c] = acc[c];
    __syncthreads();
    if (g > 0 || row0 >= m) return;
    const T beta = scalar_value<T>(beta_s);
    const int64_t y0 = vec_start(m, incy);
    for (int c = 0; c < R && row0 + c < m; ++c) {
        T sum = acc[c];
#pragma unroll
        for (int k = 0; k < kColGroups - 1; ++k) sum += group_sums[k][rt * R + c];
        if (gridDim.y == 1)
            store_y(y, y0 + (row0 + c) * incy, alpha, sum, beta);
        else if (alpha != T(0))
            partial[(int64_t)blockIdx.y * m + row0 + c] = sum;
    }
}

template <typename T>
__global__ void __launch_bounds__(kThreads)
    gemv_t_kernel(int64_t m, int64_t n, int64_t rows_per_chunk, Scalar<T> alpha_s,
                  const T *__restrict__ A, int64_t lda, bool vec, const T *__restrict__ x,
                  int64_t incx, Scalar<T> beta_s, T *__restrict__ y, int64_t incy,
                  T *__restrict__ partial) {
    using V = typename Vec16<T>::type;
    using VT = Vec16<T>;
    constexpr int R = VT::width, kStageRows = stage_rows_t<T>();
    __shared__ __align__(16) T xs[kStageRows];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int64_t col = (int64_t)blockIdx.x * kColsPerBlock + warp;
    const int64_t r_begin = (int64_t)blockIdx.y * rows_per_chunk;
    const int64_t r_end = min(m, r_begin + rows_per_chunk);
    const T alpha = scalar_value<T>(alpha_s);
    T acc[R] = {};
    if (alpha != T(0)) { /* alpha == 0: A and x are never read */
        const int64_t x0 = vec_start(m, incx);
        const T *a = A + col * lda;
        for (int64_t r0 = r_begin; r0 < r_end; r0 += kStageRows) {
            const int rows = (int)min((int64_t)kStageRows, r_end - r0);
            __syncthreads(); /* the previous stage's x is consumed */
            for (int i = threadIdx.x; i < rows; i += kThreads) xs[i] = x[x0 + (r0 + i) * incx];
            __syncthreads();
            if (col >= n) continue;
            if (vec && rows == kStageRows) {
#pragma unroll
                for (int p = 0; p < kPiecesPerLane; ++p) {
                    const int r = (p * 32 + lane) * R;
                    const V v = *reinterpret_cast<const V *>(a + r0 + r);
                    const V xv = *reinterpret_cast<const V *>(xs + r);
#pragma unroll
                    for (int c = 0; c < R; ++c)
                        acc[c] = fma(VT::get(v, c), VT::get(xv, c), acc[c]);
                }
            } else {
                for (int r = lane; r < rows; r += 32) acc[0] = fma(a[r0 + r], xs[r], acc[0]);
            }
        }
    }
    T sum = acc[0];
#pragma unroll
    for (int c = 1; c < R; ++c) sum += acc[c];
    sum = warp_sum(sum);
    if (col >= n || lane != 0) return;
    if (gridDim.y == 1)
        store_y(y, vec_start(n, incy) + col * incy, alpha, sum, scalar_value<T>(beta_s));
    else if (alpha != T(0))
        partial[(int64_t)blockIdx.y * n + col] = sum;
}

/* y[i] = alpha * (sum over chunks of partial[c][i], in chunk order) + beta * y[i]. */
template <typename T>
__global__ void __launch_bounds__(kThreads)
    gemv_reduce_kernel(int64_t len, int chunks, const T *__restrict__ partial, Scalar<T> alpha_s,
                       Scalar<T> beta_s, T *__restrict__ y, int64_t incy) {
    const T alpha = scalar_value<T>(alpha_s), beta = scalar_value<T>(beta_s);
    const int64_t y0 = vec_start(len, incy);
    for (int64_t i = (int64_t)blockIdx.x * kThreads + threadIdx.x; i < len;
         i += (int64_t)gridDim.x * kThreads) {
        T sum = T(0);
        if (alpha != T(0))
            for (int c = 0; c < chunks; ++c) sum += partial[c * len + i];
        store_y(y, y0 + i * incy, alpha, sum, beta);
    }
}

/* Splits `extent` (the summed dimension) into chunks of a multiple of `unit` so that about
 * kBlocksPerSm blocks per SM run, keeping each chunk's partials inside the scratch. */
int64_t chunk_length(int64_t extent, int64_t unit, int64_t other_blocks, int64_t partial_bytes,
                     int sm_count) {
    int64_t chunks = ceil_div((int64_t)kBlocksPerSm * sm_count, other_blocks);
    chunks = clamp64(chunks, 1, ceil_div(extent, unit));
    chunks = clamp64(chunks, 1, (int64_t)(GBLAS_CUDA_SCRATCH_BYTES / partial_bytes));
    return ceil_div(ceil_div(extent, chunks), unit) * unit;
}

template <typename T>
cudaError_t launch_gemv(gblas_cuda_env *env, int trans, int64_t m, int64_t n, Scalar<T> alpha,
                        const T *A, int64_t lda, const T *x, int64_t incx, Scalar<T> beta, T *y,
                        int64_t incy) {
    if (m <= 0 || n <= 0) return cudaSuccess;
    constexpr int R = Vec16<T>::width;
    const bool vec = aligned16(A) && lda % R == 0;
    T *partial = static_cast<T *>(env->scratch);
    const int64_t out_len = trans ? n : m;
    int64_t chunks;
    cudaError_t err;
    if (!trans) {
        const int64_t row_blocks = ceil_div(m, (int64_t)kRowThreads * R);
        const int64_t cpc = chunk_length(n, kMinColsPerChunk, row_blocks, m * sizeof(T),
                                         env->sm_count);
        chunks = ceil_div(n, cpc);
        gemv_n_kernel<T><<<dim3((unsigned)row_blocks, (unsigned)chunks), kThreads, 0,
                           env->stream>>>(m, n, cpc, alpha, A, lda, vec, x, incx, beta, y, incy,
                                          partial);
        err = launch_check(env, "gemv_n_kernel");
    } else {
        const int64_t col_blocks = ceil_div(n, (int64_t)kColsPerBlock);
        const int64_t rpc = chunk_length(m, stage_rows_t<T>(), col_blocks, n * sizeof(T),
                                         env->sm_count);
        chunks = ceil_div(m, rpc);
        gemv_t_kernel<T><<<dim3((unsigned)col_blocks, (unsigned)chunks), kThreads, 0,
                           env->stream>>>(m, n, rpc, alpha, A, lda, vec, x, incx, beta, y, incy,
                                          partial);
        err = launch_check(env, "gemv_t_kernel");
    }
    if (err != cudaSuccess || chunks == 1) return err;
    const int blocks = (int)clamp64(ceil_div(out_len, kThreads), 1, 8LL * env->sm_count);
    gemv_reduce_kernel<T><<<blocks, kThreads, 0, env->stream>>>(out_len, (int)chunks, partial,
                                                                alpha, beta, y, incy);
    return launch_check(env, "gemv_reduce_kernel");
}

} // namespace

extern "C" cudaError_t gblas_cuda_launch_sgemv(gblas_cuda_env *env, int trans, int64_t m,
                                               int64_t n, gblas_cuda_sscalar alpha,
                                               const float *A, int64_t lda, const float *x,
                                               int64_t incx, gblas_cuda_sscalar beta, float *y,
                                               int64_t incy) {
    return launch_gemv<float>(env, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}
extern "C" cudaError_t gblas_cuda_launch_dgemv(gblas_cuda_env *env, int trans, int64_t m,
                                               int64_t n, gblas_cuda_dscalar alpha,
                                               const double *A, int64_t lda, const double *x,
                                               int64_t incx, gblas_cuda_dscalar beta, double *y,
                                               int64_t incy) {
    return launch_gemv<double>(env, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}
