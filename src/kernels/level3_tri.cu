/* level3_tri.cu: TRMM (C = alpha op(A) B or alpha B op(A); C may be B), TRSM (op(A) X = alpha B
 * or X op(A) = alpha B, X over B) and TRSM_BATCHED (pointer arrays), every side, uplo, trans
 * and diag, as a recursion whose off-diagonal blocks are GEMMs (launch_gemm) and whose leaves
 * are small triangles solved or multiplied by tri_leaf_kernel.
 *
 * Lines and M (as in the CPU bodies): a line is a column of B (LEFT) or a row (RIGHT), len = m
 * or n elements, each multiplied or solved with the len x len triangle M = op(A) (LEFT) or
 * op(A)^T (RIGHT); M(r, q) is A(r, q) ("plain": LEFT with N, RIGHT with T) or A(q, r). The
 * recursion halves [0, len) (the first half rounded up to a multiple of kTriNB):
 *   TRSM: the half needing no other first (M lower: the upper one), then one GEMM
 *         B(other) = beta B(other) + coef M(other, first) X(first), coef = -1 and beta = alpha
 *         where the first half had alpha applied (else 1), then the other half with alpha
 *         applied already. alpha is applied once to every element of B.
 *   TRMM: the half whose result needs the other first (M lower: the lower one), C(first) =
 *         alpha M(first, first) B(first), then C(first) += alpha M(first, other) B(other) by
 *         one GEMM, then the other half: every block of B is read before its block of C is
 *         written, so C == B works in place.
 * Device pointer mode: alpha is read by the kernels. alpha == 0 makes every leaf write zeros
 * without reading A or B, and the GEMMs see alpha == 0 (TRMM: alpha itself; TRSM: coef, which
 * tri_coef_kernel sets to 0 or -1 in the workspace's result slot, unused by device pointer mode
 * calls and outside the scratch the GEMM may use), so they read neither. Host pointer mode
 * with alpha == 0 runs the leaves alone.
 * Every element's sum runs in an order fixed by m, n and the GEMM's rules: results repeat bit
 * for bit. No scratch except TRSM_BATCHED's update pointer arrays (batched GEMMs never use it). */
#include "cuda_common.cuh"
#include "gemm_launch.cuh"

namespace {

constexpr int kTriNB = 64;      /* a leaf: at most this many elements of a line */
constexpr int kTriLines = 16;   /* lines per thread block of a leaf */
constexpr int kTriGroups = 16;  /* thread (c, g) holds rows g, g + 16, ... of line c */
constexpr int kTriThreads = kTriLines * kTriGroups;
constexpr int kTriRows = kTriNB / kTriGroups;
constexpr int64_t kMaxGridY = 65535;

/* The operands; entry z of a batch takes a_array[z], b_array[z], c_array[z] when c_array is
 * given (TRSM: C is B; a_array may be NULL where alpha == 0 in host pointer mode). */
template <typename T> struct TriOperands {
    const T *A;
    const T *const *a_array;
    int64_t lda;
    const T *B;
    const T *const *b_array;
    int64_t ldb;
    T *C;
    T *const *c_array;
    int64_t ldc;
};

struct TriShape {
    bool left, plain, lower, unit; /* plain: M = A; lower: M lower triangular */
    int64_t lines;                 /* n (LEFT) or m (RIGHT) */
};

/* Element r of line l in a matrix of leading dimension ld. */
__device__ __forceinline__ int64_t line_index(bool left, int64_t ld, int64_t r, int64_t l) {
    return left ? r + l * ld : l + r * ld;
}

/* The n-th element of a leaf's panel (kTriNB x kTriLines) in memory order of B: LEFT walks down
 * a column, RIGHT along the rows first. */
__device__ __forceinline__ void panel_slot(bool left, int n, int &r, int &c) {
    r = left ? n % kTriNB : n / kTriLines;
    c = left ? n / kTriNB : n % kTriLines;
}

/* One leaf: elements [off, off + len) (len <= kTriNB) of lines [16 x, 16 x + 16) of entry y
 * (and y + gridDim.y, ...). M's block goes to shared memory (zeros outside the triangle, 1 on a
 * unit diagonal; only the triangle is read), the panel of B through shared memory into
 * registers. kSolve: forward (M lower) or backward substitution, one row per step: the row's
 * owner divides by the diagonal and hands x_q to the others through a double buffer (one
 * barrier a step); B is multiplied by alpha first when scale. Otherwise each row's sum over
 * M's row in q order, times alpha. alpha == 0: zeros, nothing read. */
template <typename T, bool kSolve>
__global__ void __launch_bounds__(kTriThreads)
    tri_leaf_kernel(TriOperands<T> op, TriShape sh, int64_t off, int len, Scalar<T> alpha_s,
                    bool scale, int64_t count) {
    __shared__ T ms[kTriNB][kTriNB + 1];
    __shared__ T xs[kTriNB][kTriLines + 1];
    __shared__ T xq[2][kTriLines];
    const T alpha = scalar_value(alpha_s);
    const int tid = threadIdx.x, c = tid % kTriLines, g = tid / kTriLines;
    const int64_t l0 = (int64_t)blockIdx.x * kTriLines;
    for (int64_t z = blockIdx.y; z < count; z += gridDim.y) {
        T *C = op.c_array ? op.c_array[z] : op.C;
        if (alpha == T(0)) {
            for (int n = tid; n < kTriNB * kTriLines; n += kTriThreads) {
                int r, cc;
                panel_slot(sh.left, n, r, cc);
                if (r < len && l0 + cc < sh.lines) C[line_index(sh.left, op.ldc, off + r, l0 + cc)] = T(0);
            }
            continue;
        }
        const T *A = op.c_array ? op.a_array[z] : op.A;
        const T *B = op.c_array ? op.b_array[z] : op.B;
        for (int n = tid; n < len * len; n += kTriThreads) { /* A's block in memory order */
            const int i = n % len, j = n / len, r = sh.plain ? i : j, q = sh.plain ? j : i;
            const bool in = r == q ? !sh.unit : sh.lower ? q < r : q > r;
            ms[r][q] = in ? A[(off + i) + (off + j) * op.lda] : T(r == q ? 1 : 0);
        }
        for (int n = tid; n < kTriNB * kTriLines; n += kTriThreads) {
            int r, cc;
            panel_slot(sh.left, n, r, cc);
            if (r < len && l0 + cc < sh.lines)
                xs[r][cc] = B[line_index(sh.left, op.ldb, off + r, l0 + cc)];
        }
        __syncthreads();
        T x[kTriRows];
        if (kSolve) {
#pragma unroll
            for (int i = 0; i < kTriRows; i++) {
                const int r = g + kTriGroups * i;
                x[i] = r < len ? (scale ? alpha * xs[r][c] : xs[r][c]) : T(0);
            }
            for (int s = 0; s < len; s++) {
                const int q = sh.lower ? s : len - 1 - s;
#pragma unroll
                for (int i = 0; i < kTriRows; i++)
                    if (g + kTriGroups * i == q) {
                        x[i] = x[i] / ms[q][q];
                        xq[s & 1][c] = x[i];
                    }
                __syncthreads();
                const T v = xq[s & 1][c];
#pragma unroll
                for (int i = 0; i < kTriRows; i++) {
                    const int r = g + kTriGroups * i;
                    if (r < len && (sh.lower ? r > q : r < q)) x[i] -= ms[r][q] * v;
                }
            }
        } else {
#pragma unroll
            for (int i = 0; i < kTriRows; i++) {
                const int r = g + kTriGroups * i;
                T sum = T(0);
                if (r < len)
                    for (int q = sh.lower ? 0 : r; q < (sh.lower ? r + 1 : len); q++)
                        sum += ms[r][q] * xs[q][c];
                x[i] = alpha * sum;
            }
        }
        __syncthreads(); /* every read of xs done */
#pragma unroll
        for (int i = 0; i < kTriRows; i++) xs[g + kTriGroups * i][c] = x[i];
        __syncthreads();
        for (int n = tid; n < kTriNB * kTriLines; n += kTriThreads) {
            int r, cc;
            panel_slot(sh.left, n, r, cc);
            if (r < len && l0 + cc < sh.lines)
                C[line_index(sh.left, op.ldc, off + r, l0 + cc)] = xs[r][cc];
        }
        __syncthreads(); /* before the next entry reuses the shared arrays */
    }
}

/* TRSM's update coefficient in device pointer mode: 0 where alpha == 0 (the GEMMs then read
 * neither operand), else -1. */
template <typename T> __global__ void tri_coef_kernel(const T *alpha, T *coef) {
    *coef = *alpha == T(0) ? T(0) : T(-1);
}

/* TRSM_BATCHED's update operands: out_i[z] = in_i[z] + off_i for the entries of a chunk. */
template <typename T>
__global__ void tri_offset_pointers_kernel(const T *const *a, int64_t a_off, const T *const *b,
                                           int64_t b_off, T *const *c, int64_t c_off,
                                           int64_t count, const T **a_out, const T **b_out,
                                           T **c_out) {
    const int64_t z = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (z >= count) return;
    a_out[z] = a[z] + a_off;
    b_out[z] = b[z] + b_off;
    c_out[z] = c[z] + c_off;
}

template <typename T> struct TriCall {
    gblas_cuda_env *env;
    TriShape sh;
    gblas_operation_t trans;
    TriOperands<T> op;
    Scalar<T> alpha;
    Scalar<T> coef;    /* TRSM's GEMM coefficient */
    bool leaves_only;  /* host pointer mode, alpha == 0 */
    int64_t count;     /* entries (1 for a plain call) */
    void *arrays;      /* TRSM_BATCHED: 3 x count pointers of scratch for an update */
};

template <typename T>
cudaError_t launch_leaf(const TriCall<T> &c, bool solve, int64_t off, int64_t len, bool scale) {
    const dim3 grid((unsigned)ceil_div(c.sh.lines, kTriLines),
                    (unsigned)(c.count < kMaxGridY ? c.count : kMaxGridY));
    if (solve)
        tri_leaf_kernel<T, true><<<grid, kTriThreads, 0, c.env->stream>>>(
            c.op, c.sh, off, (int)len, c.alpha, scale, c.count);
    else
        tri_leaf_kernel<T, false><<<grid, kTriThreads, 0, c.env->stream>>>(
            c.op, c.sh, off, (int)len, c.alpha, scale, c.count);
    return launch_check(c.env, "tri_leaf_kernel");
}

/* Lines' elements [out0, out0 + outlen) of dst = coef M(out, in) src(in) + beta dst, src's
 * elements [in0, in0 + inlen): LEFT op(A)(out, in) src, RIGHT src op(A)(in, out), by one GEMM
 * (a batch of pointer arrays for TRSM_BATCHED, whose src and dst are both B). */
template <typename T>
cudaError_t tri_update(const TriCall<T> &c, int64_t out0, int64_t outlen, int64_t in0,
                       int64_t inlen, Scalar<T> coef, Scalar<T> beta, const T *src, int64_t lds,
                       T *dst, int64_t ldd) {
    const bool left = c.sh.left;
    /* op(A)(r0.., c0..) as a GEMM operand with op = trans */
    const int64_t r0 = left ? out0 : in0, c0 = left ? in0 : out0;
    const int64_t a_off = c.trans == GBLAS_OP_N ? r0 + c0 * c.op.lda : c0 + r0 * c.op.lda;
    const int64_t s_off = left ? in0 : in0 * lds, d_off = left ? out0 : out0 * ldd;
    const gblas_operation_t ta = left ? c.trans : GBLAS_OP_N, tb = left ? GBLAS_OP_N : c.trans;
    const int64_t m = left ? outlen : c.sh.lines, n = left ? c.sh.lines : outlen;
    const int64_t lda_g = left ? c.op.lda : lds, ldb_g = left ? lds : c.op.lda;
    if (!c.op.c_array)
        return launch_gemm<T>(c.env, ta, tb, m, n, inlen, coef,
                              left ? c.op.A + a_off : src + s_off, lda_g,
                              left ? src + s_off : c.op.A + a_off, ldb_g, beta, dst + d_off, ldd,
                              GemmBatch<T>{});
    const T **a_out = static_cast<const T **>(c.arrays);
    const T **b_out = a_out + c.count;
    T **c_out = static_cast<T **>(c.arrays) + 2 * c.count;
    tri_offset_pointers_kernel<T><<<(unsigned)ceil_div(c.count, 256), 256, 0, c.env->stream>>>(
        left ? c.op.a_array : c.op.b_array, left ? a_off : s_off,
        left ? c.op.b_array : c.op.a_array, left ? s_off : a_off, c.op.c_array, d_off, c.count,
        a_out, b_out, c_out);
    const cudaError_t err = launch_check(c.env, "tri_offset_pointers_kernel");
    if (err != cudaSuccess) return err;
    GemmBatch<T> batch;
    batch.count = c.count;
    batch.a_array = a_out;
    batch.b_array = b_out;
    batch.c_array = c_out;
    return launch_gemm<T>(c.env, ta, tb, m, n, inlen, coef, nullptr, lda_g, nullptr, ldb_g, beta,
                          nullptr, ldd, batch);
}

/* First half of a block of len > kTriNB elements. */
inline int64_t tri_half(int64_t len) { return (len / 2 + kTriNB - 1) / kTriNB * kTriNB; }

template <typename T>
cudaError_t trsm_rec(const TriCall<T> &c, int64_t off, int64_t len, bool scaled) {
    if (len <= kTriNB) return launch_leaf(c, true, off, len, scaled);
    const int64_t h = tri_half(len);
    const int64_t f0 = c.sh.lower ? off : off + h, flen = c.sh.lower ? h : len - h;
    const int64_t s0 = c.sh.lower ? off + h : off, slen = len - flen;
    cudaError_t err = trsm_rec(c, f0, flen, scaled);
    if (err == cudaSuccess && !c.leaves_only)
        err = tri_update(c, s0, slen, f0, flen, c.coef, scaled ? c.alpha : Scalar<T>{T(1), nullptr},
                         c.op.C, c.op.ldc, c.op.C, c.op.ldc);
    return err != cudaSuccess ? err : trsm_rec(c, s0, slen, false);
}

template <typename T> cudaError_t trmm_rec(const TriCall<T> &c, int64_t off, int64_t len) {
    if (len <= kTriNB) return launch_leaf(c, false, off, len, false);
    const int64_t h = tri_half(len);
    const int64_t f0 = c.sh.lower ? off + h : off, flen = c.sh.lower ? len - h : h;
    const int64_t s0 = c.sh.lower ? off : off + h, slen = len - flen;
    cudaError_t err = trmm_rec(c, f0, flen);
    if (err == cudaSuccess && !c.leaves_only)
        err = tri_update(c, f0, flen, s0, slen, c.alpha, Scalar<T>{T(1), nullptr}, c.op.B,
                         c.op.ldb, c.op.C, c.op.ldc);
    return err != cudaSuccess ? err : trmm_rec(c, s0, slen);
}

template <typename T>
TriCall<T> tri_call(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo,
                    gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n,
                    Scalar<T> alpha, const TriOperands<T> &op) {
    const bool left = side == GBLAS_SIDE_LEFT, plain = left == (trans == GBLAS_OP_N);
    TriCall<T> c{};
    c.env = env;
    c.sh = TriShape{left, plain, (uplo == GBLAS_FILL_MODE_LOWER) == plain,
                    diag == GBLAS_DIAG_UNIT, left ? n : m};
    c.trans = trans;
    c.op = op;
    c.alpha = alpha;
    c.coef = Scalar<T>{T(-1), nullptr};
    c.leaves_only = !alpha.ptr && alpha.value == T(0);
    c.count = 1;
    return c;
}

/* TRSM's coefficient in device pointer mode, in the workspace's result slot. */
template <typename T> cudaError_t trsm_coef(TriCall<T> &c) {
    if (!c.alpha.ptr) return cudaSuccess;
    T *slot = static_cast<T *>(c.env->slot);
    tri_coef_kernel<T><<<1, 1, 0, c.env->stream>>>(c.alpha.ptr, slot);
    c.coef = Scalar<T>{T(0), slot};
    return launch_check(c.env, "tri_coef_kernel");
}

} // namespace

template <typename T>
cudaError_t launch_trmm(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo,
                        gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n,
                        Scalar<T> alpha, const T *A, int64_t lda, const T *B, int64_t ldb, T *C,
                        int64_t ldc) {
    const TriOperands<T> op{A, nullptr, lda, B, nullptr, ldb, C, nullptr, ldc};
    const TriCall<T> c = tri_call(env, side, uplo, trans, diag, m, n, alpha, op);
    return trmm_rec(c, 0, side == GBLAS_SIDE_LEFT ? m : n);
}

template <typename T>
cudaError_t launch_trsm(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo,
                        gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n,
                        Scalar<T> alpha, const T *A, int64_t lda, T *B, int64_t ldb) {
    const TriOperands<T> op{A, nullptr, lda, B, nullptr, ldb, B, nullptr, ldb};
    TriCall<T> c = tri_call(env, side, uplo, trans, diag, m, n, alpha, op);
    const cudaError_t err = trsm_coef(c);
    return err != cudaSuccess ? err : trsm_rec(c, 0, side == GBLAS_SIDE_LEFT ? m : n, true);
}

/* The entries in chunks whose three update pointer arrays fit the scratch, each chunk through
 * the whole recursion. */
template <typename T>
cudaError_t launch_trsm_batched(gblas_cuda_env *env, gblas_side_mode_t side,
                                gblas_fill_mode_t uplo, gblas_operation_t trans,
                                gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<T> alpha,
                                const T *const *Aarray, int64_t lda, T *const *Barray,
                                int64_t ldb, int64_t batch_count) {
    const int64_t chunk = (int64_t)(GBLAS_CUDA_SCRATCH_BYTES / (3 * sizeof(void *)));
    const TriOperands<T> op{nullptr, Aarray, lda, nullptr, Barray, ldb, nullptr, Barray, ldb};
    TriCall<T> c = tri_call(env, side, uplo, trans, diag, m, n, alpha, op);
    c.arrays = env->scratch;
    cudaError_t err = trsm_coef(c);
    for (int64_t z0 = 0; z0 < batch_count && err == cudaSuccess; z0 += chunk) {
        c.count = batch_count - z0 < chunk ? batch_count - z0 : chunk;
        c.op.a_array = Aarray ? Aarray + z0 : nullptr;
        c.op.b_array = Barray + z0;
        c.op.c_array = Barray + z0;
        err = trsm_rec(c, 0, side == GBLAS_SIDE_LEFT ? m : n, true);
    }
    return err;
}

template cudaError_t launch_trmm<float>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<float> alpha, const float *A, int64_t lda, const float *B, int64_t ldb, float *C, int64_t ldc);
template cudaError_t launch_trsm<float>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<float> alpha, const float *A, int64_t lda, float *B, int64_t ldb);
template cudaError_t launch_trsm_batched<float>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<float> alpha, const float *const *Aarray, int64_t lda, float *const *Barray, int64_t ldb, int64_t batch_count);
template cudaError_t launch_trmm<double>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<double> alpha, const double *A, int64_t lda, const double *B, int64_t ldb, double *C, int64_t ldc);
template cudaError_t launch_trsm<double>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<double> alpha, const double *A, int64_t lda, double *B, int64_t ldb);
template cudaError_t launch_trsm_batched<double>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<double> alpha, const double *const *Aarray, int64_t lda, double *const *Barray, int64_t ldb, int64_t batch_count);
