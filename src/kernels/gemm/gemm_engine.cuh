/* gemm_engine.cuh (GEMM engine): the host side shared by every precision's launcher. One
 * GEMM call as a value (GemmArgs: the operands, the batch, sub-problems of its rows or
 * columns), the rules every launch applies first (nothing to do, k == 0, one row or column as a
 * GEMV), matching a problem against a config table's rows (gemm_configs_sm90.cuh), the split-K
 * count of a row, and the launch of a batch in chunks of the grid's z extent. */
#pragma once

#include "gemm_configs_sm90.cuh"
#include "gemm_schedule.cuh"

#include <climits>
#include <utility>

template <typename T> struct GemmArgs {
    bool transa, transb; /* op(A) = A^T, op(B) = B^T */
    int64_t m, n, k;
    Scalar<T> alpha;
    const T *A;
    int64_t lda;
    const T *B;
    int64_t ldb;
    Scalar<T> beta;
    T *C;
    int64_t ldc;
    GemmBatch<T> batch;

    /* One product on host-given pointers: the plain GEMM, whose paths (GEMV, peels, split-K)
     * may need the pointers or the scratch. Anything else runs the batched kernel instances. */
    bool plain() const { return batch.count == 1 && !batch.c_array; }
    /* The GEMM of rows [r0, r0 + rows) of C (plain only). */
    GemmArgs rows(int64_t r0, int64_t count) const {
        GemmArgs s = *this;
        s.m = count;
        s.A = A + (transa ? r0 * lda : r0);
        s.C = C + r0;
        return s;
    }
    /* The GEMM of columns [c0, c0 + cols) of C (plain only). */
    GemmArgs cols(int64_t c0, int64_t count) const {
        GemmArgs s = *this;
        s.n = count;
        s.B = B + (transb ? c0 : c0 * ldb);
        s.C = C + c0 * ldc;
        return s;
    }
};

template <typename T>
GemmArgs<T> gemm_args(gblas_operation_t transa, gblas_operation_t transb, int64_t m, int64_t n,
                      int64_t k, Scalar<T> alpha, const T *A, int64_t lda, const T *B,
                      int64_t ldb, Scalar<T> beta, T *C, int64_t ldc,
                      const GemmBatch<T> &batch) {
    return GemmArgs<T>{transa != GBLAS_OP_N, transb != GBLAS_OP_N, m, n, k, alpha, A, lda, B,
                       ldb, beta, C, ldc, batch};
}

/* The rules before any config: false when there is nothing to launch (m or n is 0). With
 * k == 0 the sum is empty and C = beta C (reference BLAS): alpha becomes a host zero, so that
 * an Inf or NaN alpha (also one only the device knows) is never multiplied by the empty sum. */
template <typename T> bool gemm_prologue(GemmArgs<T> &g) {
    if (g.m <= 0 || g.n <= 0) return false;
    if (g.k == 0) g.alpha = Scalar<T>{T(0), nullptr};
    return true;
}

/* A plain GEMM of one row or one column (m == 1 or n == 1, k >= 1) is a GEMV (gemv.cu), which
 * reads the matrix operand once at the memory's rate where the tiles would compute 64 or more
 * rows (columns) for one: 1 x 8192 x 8192 ran 243 -> 71 us. With k == 0 the GEMM still scales C
 * by beta, which GEMV's quick return would not, so it stays a GEMM.
 *   n == 1: C[:, 0] = alpha op(A) op(B)[:, 0] + beta C[:, 0]
 *   m == 1: C[0, :]^T = alpha op(B)^T op(A)[0, :]^T + beta C[0, :]^T  (C's row: increment ldc) */
template <typename T> bool gemm_is_gemv(const GemmArgs<T> &g) {
    return g.plain() && g.k > 0 && (g.m == 1 || g.n == 1);
}
template <typename T> cudaError_t launch_gemm_as_gemv(gblas_cuda_env *env, const GemmArgs<T> &g) {
    const bool ta = g.transa, tb = g.transb;
    if (g.n == 1) /* op(A) is A (m x k) or A^T (A k x m); op(B)[:, 0] is B's column or row 0 */
        return launch_gemv<T>(env, ta ? GBLAS_OP_T : GBLAS_OP_N, ta ? g.k : g.m, ta ? g.m : g.k,
                              g.alpha, g.A, g.lda, g.B, tb ? g.ldb : 1, g.beta, g.C, 1);
    /* op(B)^T is B^T (B k x n) or B (n x k); op(A)[0, :] is A's row or column 0 */
    return launch_gemv<T>(env, tb ? GBLAS_OP_N : GBLAS_OP_T, tb ? g.n : g.k, tb ? g.k : g.n,
                          g.alpha, g.B, g.ldb, g.A, ta ? 1 : g.lda, g.beta, g.C, g.ldc);
}

/* a b, saturated at INT64_MAX (a, b >= 0) */
inline int64_t mul_saturated(int64_t a, int64_t b) {
    return b != 0 && a > INT64_MAX / b ? INT64_MAX : a * b;
}

/* Output tiles of a bm x bn config over the whole problem (all batch entries). */
template <typename T> int64_t gemm_tiles(const GemmArgs<T> &g, int bm, int bn) {
    return mul_saturated(ceil_div(g.m, bm) * ceil_div(g.n, bn), g.batch.count);
}

/* Whether a row's conditions hold for g. */
template <typename T>
bool gemm_when(const GemmWhen &w, int bm, int bn, const GemmArgs<T> &g, int sm_count) {
    return (w.max_m == 0 || g.m <= w.max_m) && (w.max_n == 0 || g.n <= w.max_n) &&
           g.m >= w.min_m && g.n >= w.min_n && (!w.trans_a || g.transa) && g.k >= w.min_k &&
           mul_saturated(gemm_tiles(g, bm, bn), w.fill_den) >= (int64_t)w.fill_num * sm_count;
}

/* The first row of a config table whose conditions hold (the last row has none). */
template <typename Config, size_t N, typename T>
int select_row(const Config (&table)[N], const GemmArgs<T> &g, int sm_count) {
    for (size_t i = 0; i + 1 < N; ++i)
        if (gemm_when(table[i].when, table[i].bm, table[i].bn, g, sm_count)) return (int)i;
    return (int)N - 1;
}

/* The depth of each k range of a plain GEMM on a row of bm x bn x bk tiles that keeps
 * min_blocks blocks resident per SM (gemm_configs_sm90.cuh GemmSplitRule). */
template <typename T>
int64_t split_depth(const GemmSplitRule &rule, int bm, int bn, int bk, int min_blocks,
                    const GemmArgs<T> &g, int sm_count) {
    const int64_t tiles = gemm_tiles(g, bm, bn), slots = (int64_t)min_blocks * sm_count;
    const int64_t want = rule.round_up ? (tiles < slots ? ceil_div(slots, tiles) : 1)
                                       : (slots > tiles ? slots / tiles : 1);
    return split_k_depth(g.m, g.n, g.k, want, bk, sizeof(T),
                         g.m * g.n >= kSplitBigOutput ? rule.min_depth_big : rule.min_depth);
}

/* A batched GEMM in launches of at most kMaxGridZ entries each: launch(chunk, entries) gets the
 * arguments with the batch (and the strided operands) moved to the chunk's first entry. */
template <typename T, typename Launch>
cudaError_t for_each_batch_chunk(const GemmArgs<T> &g, Launch &&launch) {
    for (int64_t first = 0; first < g.batch.count; first += kMaxGridZ) {
        GemmArgs<T> c = g;
        c.batch.count = g.batch.count - first < kMaxGridZ ? g.batch.count - first : kMaxGridZ;
        /* A and B, or their arrays, may be NULL where alpha == 0 or k == 0 (never read) */
        if (g.batch.c_array) {
            if (c.batch.a_array) c.batch.a_array += first;
            if (c.batch.b_array) c.batch.b_array += first;
            c.batch.c_array += first;
        } else {
            if (c.A) c.A += first * g.batch.stride_a;
            if (c.B) c.B += first * g.batch.stride_b;
            c.C += first * g.batch.stride_c;
        }
        const cudaError_t err = launch(c, (unsigned)c.batch.count);
        if (err != cudaSuccess) return err;
    }
    return cudaSuccess;
}

/* Whether every entry's X (ld, stride, base; or the arrays' pointers, which the kernel checks)
 * allows 16-byte vectors of `width` elements: the vec_a / vec_b / vec_c kernel flags. */
template <typename T>
bool gemm_vectors(const T *X, int64_t ld, int64_t stride, bool arrays, int width) {
    return ld % width == 0 && (arrays || (aligned16(X) && stride % width == 0));
}

/* f(Kernels<I>{}) for the row I == row of an N-row table: a run-time row to its compile-time
 * kernels. for_each_row: f(Kernels<I>{}) for every row in order, up to the first error. */
template <template <int> class Kernels, typename F, int... I>
cudaError_t with_row(int row, F &&f, std::integer_sequence<int, I...>) {
    cudaError_t err = cudaErrorInvalidValue;
    (void)((row == I && ((err = f(Kernels<I>{})), true)) || ...);
    return err;
}
template <template <int> class Kernels, size_t N, typename F>
cudaError_t with_row(int row, F &&f) {
    return with_row<Kernels>(row, f, std::make_integer_sequence<int, (int)N>{});
}
template <template <int> class Kernels, typename F, int... I>
cudaError_t for_each_row(F &&f, std::integer_sequence<int, I...>) {
    cudaError_t err = cudaSuccess;
    (void)(((err = f(Kernels<I>{})) == cudaSuccess) && ...);
    return err;
}
template <template <int> class Kernels, size_t N, typename F> cudaError_t for_each_row(F &&f) {
    return for_each_row<Kernels>(f, std::make_integer_sequence<int, (int)N>{});
}
