/* gemv.cu: y = alpha op(A) x + beta y, float and double, A column-major m x n (lda).
 * N: a thread owns R = 16/sizeof(T) consecutive rows (one 16-byte load per column when A and
 *    lda allow it) and keeps kUnrollN columns in flight; a block is RT row-threads x 256/RT
 *    column groups over one chunk of columns (RT = 64, or 8 when m is small), the groups summed
 *    in order through shared memory. x is read through L1.
 * T: a group of LPC lanes owns CPT columns and reads them in 16-byte pieces, P pieces per
 *    column in flight, against the same pieces of x read through L1 (a strided float x staged
 *    through shared memory, XMode; a widely strided x first copied into the scratch, gather_x);
 *    the group's lanes are summed by a fixed butterfly. A block covers 256/LPC x CPT columns
 *    over one chunk of rows.
 * Otherwise, with more than one chunk, each writes partial sums to scratch and
 * gemv_reduce_kernel (a dependent launch) adds them in chunk order before alpha and beta.
 * Shapes and chunk counts depend on m, n and the SM count only (launch_gemv_shape). */
#include <algorithm>

#include "cuda_common.cuh"

namespace {

constexpr int kThreads = 256;
constexpr int kBlocksPerSm = 4; /* blocks resident per SM: sizes the chunking */
constexpr int kUnrollN = 4;     /* N: columns in flight per thread */

/* T shapes: lanes per column group, columns per group, 16-byte pieces per column in flight,
 * blocks resident per SM (registers, chunking), whether one chunk takes all m rows. */
template <int LPC_, int CPT_, int P_, int BPS_, bool kOnePass_> struct TShape {
    static constexpr int LPC = LPC_, CPT = CPT_, P = P_, kBlocksPerSm = BPS_;
    static constexpr bool kOnePass = kOnePass_;
    static constexpr int kGroups = kThreads / LPC, kCols = kGroups * CPT;
    static_assert(LPC <= 32 && 32 % LPC == 0, "a group lies inside one warp");
};
using TShapeTall = TShape<32, 1, 4, 4, false>;  /* m of one full batch or more: a warp per column */
using TShapeColumn = TShape<32, 1, 8, 2, true>; /* mid m and n: a warp reads its whole column */
using TShapeShort = TShape<8, 4, 1, 4, false>;  /* small m: 8 lanes a column, 4 columns in flight */

/* gemv_reduce_kernel: a block sums kReduceOutputs outputs, each over kReduceSplits threads. */
constexpr int kReduceOutputs = 32, kReduceSplits = 32;
constexpr int kReduceThreads = kReduceOutputs * kReduceSplits;

template <typename T>
__device__ __forceinline__ void store_y(T *y, int64_t i, T alpha, T sum, T beta) {
    y[i] = scale_output(alpha, sum, beta, beta != T(0) ? y[i] : T(0));
}

/* N: kUnrollN columns j + u * G of the R rows at a (x read at x[col * incx]), all loaded
 * before the first is used; with kGuard, only columns below c_end. */
template <bool kHinted, bool kGuard, int G, typename T>
__device__ __forceinline__ void columns_batch(const T *a, int64_t lda, const T *x, int64_t incx,
                                              int64_t j, int64_t c_end,
                                              T (&acc)[Vec16<T>::width]) {
    using V = typename Vec16<T>::type;
    using VT = Vec16<T>;
    V v[kUnrollN];
    T xv[kUnrollN];
    bool in[kUnrollN];
#pragma unroll
    for (int u = 0; u < kUnrollN; ++u) {
        const int64_t col = j + (int64_t)u * G;
        in[u] = !kGuard || col < c_end;
        v[u] = V{};
        xv[u] = T(0);
        if (in[u]) {
            v[u] = load_streaming<kHinted>(reinterpret_cast<const V *>(a + col * lda));
            xv[u] = __ldg(x + col * incx);
        }
    }
#pragma unroll
    for (int u = 0; u < kUnrollN; ++u)
#pragma unroll
        for (int c = 0; c < VT::width; ++c)
            if (in[u]) acc[c] = fma(VT::get(v[u], c), xv[u], acc[c]);
}

template <typename T, int RT, bool kHinted>
__global__ void __launch_bounds__(kThreads, kBlocksPerSm)
    gemv_n_kernel(int64_t m, int64_t n, int64_t cols_per_chunk, Scalar<T> alpha_s,
                  const T *__restrict__ A, int64_t lda, bool vec, const T *__restrict__ x,
                  int64_t incx, Scalar<T> beta_s, T *__restrict__ y, int64_t incy,
                  T *__restrict__ partial) {
    constexpr int R = Vec16<T>::width, G = kThreads / RT;
    __shared__ T group_sums[G - 1][RT * R];
    allow_dependent_launch();
    const int rt = threadIdx.x % RT, g = threadIdx.x / RT;
    const int64_t row0 = ((int64_t)blockIdx.x * RT + rt) * R;
    const int64_t c_begin = (int64_t)blockIdx.y * cols_per_chunk;
    const int64_t c_end = min(n, c_begin + cols_per_chunk);
    const T alpha = scalar_value<T>(alpha_s);
    T acc[R] = {};
    if (alpha != T(0) && row0 < m) { /* alpha == 0: A and x are never read */
        const T *xs = x + vec_start(n, incx);
        const T *a = A + row0;
        if (vec && row0 + R <= m) {
            int64_t j = c_begin + g;
            for (; j + (int64_t)(kUnrollN - 1) * G < c_end; j += (int64_t)kUnrollN * G)
                columns_batch<kHinted, false, G>(a, lda, xs, incx, j, c_end, acc);
            if (j < c_end) columns_batch<kHinted, true, G>(a, lda, xs, incx, j, c_end, acc);
        } else {
            for (int64_t j = c_begin + g; j < c_end; j += G) {
                const T xv = xs[j * incx];
                for (int c = 0; c < R && row0 + c < m; ++c)
                    acc[c] = fma(a[c + j * lda], xv, acc[c]);
            }
        }
    }
    if (g > 0)
#pragma unroll
        for (int c = 0; c < R; ++c) group_sums[g - 1][rt * R + c] = acc[c];
    __syncthreads();
    if (g > 0 || row0 >= m) return;
    const T beta = scalar_value<T>(beta_s);
    const int64_t y0 = vec_start(m, incy);
    for (int c = 0; c < R && row0 + c < m; ++c) {
        T sum = acc[c];
        for (int k = 0; k < G - 1; ++k) sum += group_sums[k][rt * R + c];
        if (gridDim.y == 1)
            store_y(y, y0 + (row0 + c) * incy, alpha, sum, beta);
        else if (alpha != T(0))
            partial[(int64_t)blockIdx.y * m + row0 + c] = sum;
    }
}

/* Rows [r, r + R) of the column at p as one vector (R = 16/sizeof(T)): one vector load
 * (load_vector) when they are all below r_end or !kGuard, else scalar loads (load_scalar) of
 * the rows below r_end and zeros past it. */
template <bool kGuard, typename T, typename LoadVector, typename LoadScalar>
__device__ __forceinline__ typename Vec16<T>::type
vector_or_tail(const T *p, int64_t r, int64_t r_end, LoadVector load_vector,
               LoadScalar load_scalar) {
    using V = typename Vec16<T>::type;
    using VT = Vec16<T>;
    if (!kGuard || r + VT::width <= r_end)
        return load_vector(reinterpret_cast<const V *>(p + r));
    V v = {};
    for (int c = 0; c < VT::width && r + c < r_end; ++c) VT::set(v, c, load_scalar(p + r + c));
    return v;
}

/* T: the 16-byte piece of column a at rows [r, r + R); with kGuard, rows from r_end on read as
 * zero. */
template <bool kHinted, bool kGuard, typename T>
__device__ __forceinline__ typename Vec16<T>::type column_piece(const T *a, int64_t r,
                                                                int64_t r_end) {
    using V = typename Vec16<T>::type;
    return vector_or_tail<kGuard>(
        a, r, r_end, [](const V *q) { return load_streaming<kHinted>(q); },
        [](const T *q) { return *q; });
}
/* T: x's rows [r, r + R) as one vector; with kGuard, rows from r_end on read as zero. XGlobal
 * reads them from x with one 16-byte load, XGather with R scalar loads, XStaged from the block's
 * copy in shared memory of rows [s0, s0 + kStageRows). */
template <typename T> struct XGlobal { /* x contiguous and 16-byte aligned */
    const T *xr;
    template <bool kGuard>
    __device__ __forceinline__ typename Vec16<T>::type piece(int64_t r, int64_t r_end) const {
        return vector_or_tail<kGuard>(
            xr, r, r_end, [](const typename Vec16<T>::type *q) { return __ldg(q); },
            [](const T *q) { return __ldg(q); });
    }
};
template <typename T> struct XGather { /* x strided or unaligned: R scalar loads */
    const T *xr;
    int64_t incx;
    template <bool kGuard>
    __device__ __forceinline__ typename Vec16<T>::type piece(int64_t r, int64_t r_end) const {
        using V = typename Vec16<T>::type;
        using VT = Vec16<T>;
        V v = {};
        for (int c = 0; c < VT::width && (!kGuard || r + c < r_end); ++c)
            VT::set(v, c, __ldg(xr + (r + c) * incx));
        return v;
    }
};
/* XStaged keeps its own tail loop: through vector_or_tail its Tall instances spilled 36 bytes
 * where this form spills 16. */
template <typename T> struct XStaged {
    const T *xs;
    int64_t s0;
    template <bool kGuard>
    __device__ __forceinline__ typename Vec16<T>::type piece(int64_t r, int64_t r_end) const {
        using V = typename Vec16<T>::type;
        using VT = Vec16<T>;
        const T *p = xs + (r - s0);
        if (!kGuard || r + VT::width <= r_end) return *reinterpret_cast<const V *>(p);
        V v = {};
        for (int c = 0; c < VT::width && r + c < r_end; ++c) VT::set(v, c, p[c]);
        return v;
    }
};

/* T: P pieces, kPieceRows apart from row r, of each of this group's CPT columns (those below
 * n), all loaded before the first is used, and the same rows of x. */
template <bool kHinted, bool kGuard, typename S, typename T, typename X>
__device__ __forceinline__ void rows_batch(const T *A, int64_t lda, int64_t n, int64_t col0,
                                           const X &x, int64_t r, int64_t r_end,
                                           T (&acc)[S::CPT][Vec16<T>::width]) {
    using V = typename Vec16<T>::type;
    using VT = Vec16<T>;
    constexpr int kPieceRows = S::LPC * VT::width;
    V v[S::CPT][S::P], xv[S::P];
#pragma unroll
    for (int p = 0; p < S::P; ++p) {
        const int64_t rp = r + (int64_t)p * kPieceRows;
#pragma unroll
        for (int q = 0; q < S::CPT; ++q) {
            const int64_t col = col0 + (int64_t)q * S::kGroups;
            v[q][p] = col < n ? column_piece<kHinted, kGuard>(A + col * lda, rp, r_end) : V{};
        }
        xv[p] = x.template piece<kGuard>(rp, r_end);
    }
#pragma unroll
    for (int q = 0; q < S::CPT; ++q)
#pragma unroll
        for (int p = 0; p < S::P; ++p)
#pragma unroll
            for (int c = 0; c < VT::width; ++c)
                acc[q][c] = fma(VT::get(v[q][p], c), VT::get(xv[p], c), acc[q][c]);
}

/* How gemv_t_kernel reads x: kVector (contiguous and 16-byte aligned: XGlobal); otherwise
 * kStaged for float, kGather for double. A staged block copies kStageRows rows of x at a time
 * into shared memory: gathered piece by piece, each of a float piece's 4 scalar loads touched as
 * many sectors as lanes (sgemv T 4096 with incx = 2: 1.18 -> 1.38x cuBLAS staged), where a
 * double piece takes 2 and the copy itself cost more (dgemv T 4096, incx = 2: 1.23 -> 1.17x;
 * bench/level12-log.md section 8). Each mode is its own instance: the three in one kernel made
 * the 64-register float instances spill. */
enum class XMode { kVector, kGather, kStaged };
constexpr int kStageBytes = 8192;
template <typename T, typename S, bool kHinted, XMode kX>
__global__ void __launch_bounds__(kThreads, S::kBlocksPerSm)
    gemv_t_kernel(int64_t m, int64_t n, int64_t rows_per_chunk, Scalar<T> alpha_s,
                  const T *__restrict__ A, int64_t lda, bool vec, const T *__restrict__ x,
                  int64_t incx, Scalar<T> beta_s, T *__restrict__ y, int64_t incy,
                  T *__restrict__ partial) {
    constexpr int R = Vec16<T>::width, kPieceRows = S::LPC * R;
    allow_dependent_launch();
    const int lane = threadIdx.x % S::LPC;
    const int64_t col0 = (int64_t)blockIdx.x * S::kCols + threadIdx.x / S::LPC;
    const int64_t r_begin = (int64_t)blockIdx.y * rows_per_chunk;
    const int64_t r_end = min(m, r_begin + rows_per_chunk);
    const T alpha = scalar_value<T>(alpha_s);
    T acc[S::CPT][R] = {};
    if (alpha != T(0)) { /* alpha == 0: A and x are never read */
        const T *xr = x + vec_start(m, incx);
        constexpr int64_t step = (int64_t)S::P * kPieceRows;
        /* rows [r0, r1) of this lane's pieces: full batches, then a guarded one */
        auto rows = [&](const auto &xa, int64_t r0, int64_t r1) {
            int64_t r = r0 + lane * R;
            for (; r + step - kPieceRows + R <= r1; r += step)
                rows_batch<kHinted, false, S>(A, lda, n, col0, xa, r, r1, acc);
            if (r < r1) rows_batch<kHinted, true, S>(A, lda, n, col0, xa, r, r1, acc);
        };
        if (vec) {
            if constexpr (kX == XMode::kVector) {
                rows(XGlobal<T>{xr}, r_begin, r_end);
            } else if constexpr (kX == XMode::kGather) {
                rows(XGather<T>{xr, incx}, r_begin, r_end);
            } else {
                constexpr int kStageRows = kStageBytes / sizeof(T);
                static_assert(kStageRows % step == 0, "a staged block of x is whole batches");
                __shared__ __align__(16) T xs[kStageRows];
                for (int64_t s0 = r_begin; s0 < r_end; s0 += kStageRows) {
                    const int64_t s1 = min(r_end, s0 + kStageRows);
                    __syncthreads(); /* every lane is done with the previous block of x */
                    const T *xsrc = xr + s0 * incx;
                    for (int i = threadIdx.x; i < (int)(s1 - s0); i += kThreads)
                        xs[i] = xsrc[i * incx];
                    __syncthreads();
                    rows(XStaged<T>{xs, s0}, s0, s1);
                }
            }
        } else {
            for (int64_t r = r_begin + lane; r < r_end; r += S::LPC) {
                const T xv = xr[r * incx];
#pragma unroll
                for (int q = 0; q < S::CPT; ++q) {
                    const int64_t col = col0 + (int64_t)q * S::kGroups;
                    if (col < n) acc[q][0] = fma(A[col * lda + r], xv, acc[q][0]);
                }
            }
        }
    }
    const T beta = scalar_value<T>(beta_s);
    const int64_t y0 = vec_start(n, incy);
#pragma unroll
    for (int q = 0; q < S::CPT; ++q) {
        T sum = acc[q][0];
#pragma unroll
        for (int c = 1; c < R; ++c) sum += acc[q][c];
        sum = warp_sum<S::LPC>(sum);
        const int64_t col = col0 + (int64_t)q * S::kGroups;
        if (col >= n || lane != 0) continue;
        if (gridDim.y == 1)
            store_y(y, y0 + col * incy, alpha, sum, beta);
        else if (alpha != T(0))
            partial[(int64_t)blockIdx.y * n + col] = sum;
    }
}

/* y[i] = alpha * (sum over chunks of partial[c][i]) + beta * y[i]. Thread (s, o) of a block
 * sums chunks s, s + kReduceSplits, ... of output o in order; the kReduceSplits sums are then
 * added in order of s. */
template <typename T>
__global__ void __launch_bounds__(kReduceThreads)
    gemv_reduce_kernel(int64_t len, int chunks, const T *__restrict__ partial, Scalar<T> alpha_s,
                       Scalar<T> beta_s, T *__restrict__ y, int64_t incy) {
    __shared__ T sums[kReduceSplits][kReduceOutputs + 1];
    wait_for_prior_grid();
    const int o = threadIdx.x % kReduceOutputs, s = threadIdx.x / kReduceOutputs;
    const int64_t i = (int64_t)blockIdx.x * kReduceOutputs + o;
    const T alpha = scalar_value<T>(alpha_s);
    T sum = T(0);
    if (alpha != T(0) && i < len) {
#pragma unroll 8
        for (int c = s; c < chunks; c += kReduceSplits) sum += partial[c * len + i];
    }
    sums[s][o] = sum;
    __syncthreads();
    if (s != 0 || i >= len) return;
    for (int k = 1; k < kReduceSplits; ++k) sum += sums[k][o];
    store_y(y, vec_start(len, incy) + i * incy, alpha, sum, scalar_value<T>(beta_s));
}

/* The scratch a GEMV's chunk partials may fill: `bytes` from `partial` on. */
template <typename T> struct Partials {
    T *partial;
    size_t bytes;
};

/* The summed dimension may be any extent: with alpha == 0 it is never read, and in device
 * pointer mode nothing bounds it (no matrix A has to exist). These keep the grid sizes free of
 * overflow for it: chunk_count is ceil_div without its a + b - 1, and matrix_bytes saturates. */
int64_t chunk_count(int64_t extent, int64_t length) {
    return extent / length + (extent % length != 0);
}
int64_t matrix_bytes(int64_t m, int64_t n, int64_t elem) {
    return n > INT64_MAX / elem / m ? INT64_MAX : m * n * elem;
}

/* Splits `extent` (the summed dimension) into chunks of a multiple of `unit` so that about
 * blocks_per_sm blocks per SM run, keeping each chunk's partials inside `budget` bytes. An
 * extent past INT64_MAX / 2 (only an unread one) is one chunk, so that no chunk's end, chunk
 * index times length plus length, can overflow in the kernels. */
int64_t chunk_length(int64_t extent, int64_t unit, int64_t other_blocks, int64_t partial_bytes,
                     size_t budget, int sm_count, int blocks_per_sm) {
    if (extent > INT64_MAX / 2) return extent;
    int64_t chunks = (int64_t)blocks_per_sm * sm_count / other_blocks;
    chunks = clamp64(chunks, 1, ceil_div(extent, unit));
    chunks = clamp64(chunks, 1, (int64_t)(budget / partial_bytes));
    return ceil_div(ceil_div(extent, chunks), unit) * unit;
}

template <typename T, int RT, bool kHinted>
cudaError_t launch_gemv_n(gblas_cuda_env *env, int64_t m, int64_t n, Scalar<T> alpha,
                          const T *A, int64_t lda, bool vec, const T *x, int64_t incx,
                          Scalar<T> beta, T *y, int64_t incy, Partials<T> scratch,
                          int64_t *chunks) {
    constexpr int R = Vec16<T>::width, G = kThreads / RT;
    const int64_t row_blocks = ceil_div(m, (int64_t)RT * R);
    const int64_t cpc = chunk_length(n, (int64_t)G * kUnrollN, row_blocks, m * sizeof(T),
                                     scratch.bytes, env->sm_count, kBlocksPerSm);
    *chunks = chunk_count(n, cpc);
    gemv_n_kernel<T, RT, kHinted><<<dim3((unsigned)row_blocks, (unsigned)*chunks), kThreads, 0,
                           env->stream>>>(m, n, cpc, alpha, A, lda, vec, x, incx, beta, y, incy,
                                          scratch.partial);
    return launch_check(env, "gemv_n_kernel");
}

template <typename T, typename S, bool kHinted>
cudaError_t launch_gemv_t(gblas_cuda_env *env, int64_t m, int64_t n, Scalar<T> alpha,
                          const T *A, int64_t lda, bool vec, const T *x, int64_t incx,
                          Scalar<T> beta, T *y, int64_t incy, Partials<T> scratch,
                          int64_t *chunks) {
    constexpr int R = Vec16<T>::width;
    const bool xvec = incx == 1 && aligned16(x);
    const int64_t col_blocks = ceil_div(n, (int64_t)S::kCols);
    const int64_t rpc =
        S::kOnePass ? m : chunk_length(m, (int64_t)S::LPC * R * S::P, col_blocks, n * sizeof(T),
                                       scratch.bytes, env->sm_count, S::kBlocksPerSm);
    *chunks = chunk_count(m, rpc);
    const dim3 grid((unsigned)col_blocks, (unsigned)*chunks);
    constexpr XMode kStrided = sizeof(T) == 4 ? XMode::kStaged : XMode::kGather;
    (xvec ? gemv_t_kernel<T, S, kHinted, XMode::kVector> : gemv_t_kernel<T, S, kHinted, kStrided>)
        <<<grid, kThreads, 0, env->stream>>>(m, n, rpc, alpha, A, lda, vec, x, incx, beta, y,
                                             incy, scratch.partial);
    return launch_check(env, "gemv_t_kernel");
}

/* T in one pass (TShapeColumn): where TShapeTall would split m, its column blocks nearly fill
 * one wave (2 per SM), and a warp reads at most 2 batches of 8 pieces per block its SM runs. */
bool t_one_pass(int64_t m, int64_t n, int64_t width, int sm_count) {
    const int64_t col_blocks = ceil_div(n, (int64_t)TShapeColumn::kCols);
    const int64_t column_batch = (int64_t)TShapeColumn::LPC * width * TShapeColumn::P;
    return m > TShapeTall::LPC * width * TShapeTall::P && col_blocks >= sm_count * 7 / 8 &&
           col_blocks <= (int64_t)TShapeColumn::kBlocksPerSm * sm_count &&
           chunk_count(m, column_batch) <= 2 * ceil_div(col_blocks, sm_count);
}

/* Picks the kernel shape for m and n; loads are hinted as hinted_loads() says, except in the
 * short T shape, where they were measured faster unhinted at every size. */
template <typename T, bool kHinted>
cudaError_t launch_gemv_shape(gblas_cuda_env *env, int trans, int64_t m, int64_t n,
                              Scalar<T> alpha, const T *A, int64_t lda, bool vec, const T *x,
                              int64_t incx, Scalar<T> beta, T *y, int64_t incy,
                              Partials<T> scratch, int64_t *chunks) {
    constexpr int R = Vec16<T>::width;
    if (!trans && m >= 256 * R) /* row blocks of 64 threads are mostly full */
        return launch_gemv_n<T, 64, kHinted>(env, m, n, alpha, A, lda, vec, x, incx, beta, y,
                                             incy, scratch, chunks);
    if (!trans)
        return launch_gemv_n<T, 8, kHinted>(env, m, n, alpha, A, lda, vec, x, incx, beta, y,
                                            incy, scratch, chunks);
    if (t_one_pass(m, n, R, env->sm_count))
        return launch_gemv_t<T, TShapeColumn, kHinted>(env, m, n, alpha, A, lda, vec, x, incx,
                                                       beta, y, incy, scratch, chunks);
    if (m >= (int64_t)TShapeTall::LPC * R * TShapeTall::P) /* one full batch per column */
        return launch_gemv_t<T, TShapeTall, kHinted>(env, m, n, alpha, A, lda, vec, x, incx,
                                                     beta, y, incy, scratch, chunks);
    return launch_gemv_t<T, TShapeShort, false>(env, m, n, alpha, A, lda, vec, x, incx, beta, y,
                                                incy, scratch, chunks);
}

/* T with a strided x whose elements lie a 32-byte sector or more apart: every column block
 * reads all of x, a sector per element, through L2 (8192 x 8192 with incx = 33: 8192 sectors
 * for each of 1024 blocks of 8 columns, as many as A holds). x is then first copied into the
 * scratch's head (a launch, and x's sectors read once from memory) and read as a contiguous
 * vector, where A has at least kGatherMinCols columns (so many blocks re-read x) and
 * kGatherMinBytes (so the copy is small beside A), and x takes at most half the scratch; the
 * chunk partials go behind it (T's partials, at most kCols x blocks per SM x SMs elements, stay
 * under 600 KB, so the chunking, and every result bit, is that of an uncopied x). sgemv T 8192 x 8192, incx = 33: 85 -> 76 us; dgemv T 4096 x
 * 4096, incx = 16: 77 -> 43 us; but 2^20 x 32, incx = 9, 4 column blocks: 54 -> 57 us
 * (bench/level12-log.md section 9). */
constexpr int64_t kGatherMinCols = 1024, kGatherMinBytes = (int64_t)1 << 25;
bool gather_x(int trans, int64_t m, int64_t n, int64_t incx, int64_t elem) {
    return trans && (incx < 0 ? -incx : incx) * elem >= 32 && n >= kGatherMinCols &&
           matrix_bytes(m, n, elem) >= kGatherMinBytes &&
           m <= (int64_t)(GBLAS_CUDA_SCRATCH_BYTES / 2) / elem;
}

/* Outputs per launch: at most 2^33, so that no grid dimension (a block per 8 columns of T, 16
 * rows of N, 32 outputs of gemv_reduce_kernel) passes 2^31 - 1 blocks. A longer y (32 GiB of
 * float) is done in pieces of kMaxOutputs, each a GEMV of its own. */
constexpr int64_t kMaxOutputs = (int64_t)1 << 33;

} // namespace

/* Host pointer mode with alpha == 0 is y = beta y, A and x unread: the summed dimension (n for
 * N, m for T) then sizes nothing and is taken as 1, whatever it is. In device pointer mode the
 * chunking keeps every grid bounded for any summed dimension (chunk_length). */
template <typename T>
cudaError_t launch_gemv(gblas_cuda_env *env, gblas_operation_t op, int64_t m, int64_t n,
                        Scalar<T> alpha, const T *A, int64_t lda, const T *x, int64_t incx,
                        Scalar<T> beta, T *y, int64_t incy) {
    if (m <= 0 || n <= 0) return cudaSuccess;
    const int trans = op != GBLAS_OP_N;
    const bool alpha_zero = alpha.ptr == nullptr && alpha.value == T(0);
    if (alpha_zero && trans) m = 1;
    if (alpha_zero && !trans) n = 1;
    const int64_t out_len = trans ? n : m;
    if (out_len > kMaxOutputs) {
        /* outputs [o, o + len): columns (T) or rows (N) of A (A unused when alpha_zero), and
         * their elements of y */
        const int64_t y0 = vec_start(out_len, incy);
        for (int64_t o = 0; o < out_len; o += kMaxOutputs) {
            const int64_t len = std::min(kMaxOutputs, out_len - o);
            const T *Ao = alpha_zero ? A : trans ? A + o * lda : A + o;
            T *yo = y + (y0 + o * incy - vec_start(len, incy));
            const cudaError_t err = launch_gemv<T>(env, op, trans ? m : len, trans ? len : n,
                                                   alpha, Ao, lda, x, incx, beta, yo, incy);
            if (err != cudaSuccess) return err;
        }
        return cudaSuccess;
    }
    Partials<T> scratch{static_cast<T *>(env->scratch), GBLAS_CUDA_SCRATCH_BYTES};
    if (!alpha_zero && gather_x(trans, m, n, incx, sizeof(T))) {
        const cudaError_t err = launch_copy<T>(env, m, x, incx, scratch.partial, 1);
        if (err != cudaSuccess) return err;
        const int64_t x_elems = ceil_div(m, 256 / (int64_t)sizeof(T)) * (256 / sizeof(T));
        x = scratch.partial, incx = 1;
        scratch = {scratch.partial + x_elems, scratch.bytes - x_elems * sizeof(T)};
    }
    const bool vec = aligned16(A) && lda % Vec16<T>::width == 0;
    int64_t chunks = 1;
    const cudaError_t err =
        hinted_loads(matrix_bytes(m, n, sizeof(T)))
            ? launch_gemv_shape<T, true>(env, trans, m, n, alpha, A, lda, vec, x, incx, beta, y,
                                         incy, scratch, &chunks)
            : launch_gemv_shape<T, false>(env, trans, m, n, alpha, A, lda, vec, x, incx, beta, y,
                                          incy, scratch, &chunks);
    if (err != cudaSuccess || chunks == 1) return err;
    return launch_dependent(env, "gemv_reduce_kernel", gemv_reduce_kernel<T>,
                            dim3((unsigned)ceil_div(out_len, kReduceOutputs)),
                            dim3(kReduceThreads), out_len, (int)chunks,
                            static_cast<const T *>(scratch.partial), alpha, beta, y, incy);
}

#define GBLAS_INSTANTIATE(T)                                                                    \
    template cudaError_t launch_gemv<T>(gblas_cuda_env *, gblas_operation_t, int64_t, int64_t,  \
                                        Scalar<T>, const T *, int64_t, const T *, int64_t,      \
                                        Scalar<T>, T *, int64_t);
GBLAS_INSTANTIATE(float)
GBLAS_INSTANTIATE(double)
#undef GBLAS_INSTANTIATE
