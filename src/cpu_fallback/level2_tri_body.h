/* level2_tri_body.h: the instruction-set level's TRMV, TBMV, TPMV, TRSV, TBSV and TPSV for one
 * element type. Included by <t>_avx2.c and <t>_avx512.c after gemv_body.h.
 *
 * The reference's column loop (ref_level2_tri_body.h, included below) with this level's vector
 * axpy and dot for a column, run on x in place, or on a unit-stride copy in the packing region
 * when x is strided. Full storage from n > TRI_NB on goes in blocks of TRI_NB columns, in the
 * reference's column order: a block's diagonal triangle by the column loop, the rest of its
 * columns (rows above it for upper, below for lower) by one GEMV (gemv_body.h) with beta = 1:
 *   N: x[rest] += (or -=, solving) A[rest, block] x[block], after the triangle for a solve
 *      (x[block] solved) and before it for a product (x[block] still original);
 *   T: x[block] += (-=) A[rest, block]^T x[rest], after the triangle for a product and before
 *      it for a solve.
 * The block order keeps every x[rest] a GEMV reads original (products) or solved (solves).
 * Each element sees a fixed order of operations: GEMV's does not depend on the thread count,
 * and the rest runs on one thread. */

/* The column operations of ref_tri for this level: vector loops where x has unit stride (a
 * strided x, only when it does not fit the packing region, element by element), from
 * TRI_VECTOR_MIN elements on (shorter, as band columns of k = 8: scalar, 1.2-2x faster). */
#define TRI_COLUMN_OPS
#define TRI_VECTOR_MIN (2 * VL)
static inline void tri_axpy(int64_t len, T t, const T *col, T *x, int64_t inc) {
    if (inc != 1 || len < TRI_VECTOR_MIN) {
        for (int64_t i = 0; i < len; i++) x[i * inc] += t * col[i];
        return;
    }
    const VT vt = v_set1(t);
    int64_t i = 0;
    for (; i + VL <= len; i += VL) v_storeu(x + i, v_fma(v_loadu(col + i), vt, v_loadu(x + i)));
    if (i < len) {
        const int w = (int)(len - i);
        v_store_n(x + i, v_fma(v_load_n(col + i, w), vt, v_load_n(x + i, w)), w);
    }
}
/* Four vector accumulators (lane r of accumulator u takes the elements i with i % (4 VL) ==
 * u VL + r), added pairwise, then the lanes in simd's fixed tree. */
static inline T tri_dot(int64_t len, const T *col, const T *x, int64_t inc) {
    if (inc != 1 || len < TRI_VECTOR_MIN) {
        T s = 0;
        for (int64_t i = 0; i < len; i++) s += col[i] * x[i * inc];
        return s;
    }
    VT acc[4];
    for (int u = 0; u < 4; u++) acc[u] = v_set1((T)0);
    int64_t i = 0;
    for (; i + 4 * VL <= len; i += 4 * VL)
        for (int u = 0; u < 4; u++)
            acc[u] = v_fma(v_loadu(col + i + u * VL), v_loadu(x + i + u * VL), acc[u]);
    for (int u = 0; i < len; i += VL, u++) {
        const int w = len - i < VL ? (int)(len - i) : VL;
        acc[u] = v_fma(v_load_n(col + i, w), v_load_n(x + i, w), acc[u]);
    }
    return v_reduce_add(v_add(v_add(acc[0], acc[1]), v_add(acc[2], acc[3])));
}
#define TRI_DRIVER tri_driver /* defined below */
#include "ref_level2_tri_body.h"

/* Columns per block: 128 measured best single-threaded on this host (Zen 4, bench of
 * strmv/strsv n = 2048 against OpenBLAS: 64 0.76-0.93x, 128 0.90-1.02x, 256 0.89-1.01x; at
 * n = 4096 128 gives 1.01-1.15x, dtrmv/dtrsv n = 1024 0.92-1.03x). */
#define TRI_NB ((int64_t)128)

/* The base pointer of x's elements [s, s + len) as a BLAS vector of its own, x0 at element 0. */
static inline T *tri_sub(T *x0, int64_t s, int64_t len, int64_t inc) {
    return x0 + (inc < 0 ? s + len - 1 : s) * inc;
}

/* N: x[rest] += alpha A[rest, block] x[block], rest = elements [r0, r0 + rn), block = [j0,
 * j0 + nb), by one GEMV; column by column where an x_j of the block is 0, since the reference
 * skips such a column (an Inf or NaN in it never reaches x). */
static void tri_panel_n(gblas_ctx *ctx, T alpha, const T *panel, int64_t lda, T *x0,
                        int64_t incx, int64_t j0, int64_t nb, int64_t r0, int64_t rn) {
    int zero = 0;
    for (int64_t j = 0; j < nb && !zero; j++) zero = x0[(j0 + j) * incx] == 0;
    if (!zero) {
        const T one = 1;
        gemv(ctx, GBLAS_OP_N, rn, nb, &alpha, panel, lda, tri_sub(x0, j0, nb, incx), incx, &one,
             tri_sub(x0, r0, rn, incx), incx);
        return;
    }
    for (int64_t j = 0; j < nb; j++) {
        const T t = x0[(j0 + j) * incx];
        if (t != 0) tri_axpy(rn, alpha * t, panel + j * lda, x0 + r0 * incx, incx);
    }
}

/* Full storage in blocks of TRI_NB columns, as the file's comment says. */
static void tri_full_blocked(gblas_ctx *ctx, const ref_tri_map *m, int solve, const T *A, T *x,
                             int64_t incx) {
    const int64_t n = m->n, lda = m->lda, blocks = (n + TRI_NB - 1) / TRI_NB;
    T *x0 = x + gblas_vec_start(n, incx);
    const int ascending = (m->upper == !m->trans) != solve, gemv_first = m->trans == solve;
    const T alpha = solve ? (T)-1 : (T)1, one = 1;
    for (int64_t c = 0; c < blocks; c++) {
        const int64_t j0 = (ascending ? c : blocks - 1 - c) * TRI_NB;
        const int64_t nb = n - j0 < TRI_NB ? n - j0 : TRI_NB;
        const int64_t r0 = m->upper ? 0 : j0 + nb, rn = m->upper ? j0 : n - j0 - nb;
        T *xb = tri_sub(x0, j0, nb, incx), *xr = tri_sub(x0, r0, rn, incx);
        ref_tri_map d = *m;
        d.n = nb;
        d.w = nb - 1;
        for (int step = 0; step < 2; step++) {
            if ((step == 0) != gemv_first) {
                ref_tri(&d, solve, A + j0 + j0 * lda, xb, incx);
            } else if (rn > 0) {
                const T *panel = A + r0 + j0 * lda;
                if (!m->trans)
                    tri_panel_n(ctx, alpha, panel, lda, x0, incx, j0, nb, r0, rn);
                else
                    gemv(ctx, GBLAS_OP_T, rn, nb, &alpha, panel, lda, xr, incx, &one, xb, incx);
            }
        }
    }
}

/* A strided x is copied into the packing region (unit stride) when it fits, and back after. */
static void tri_driver(gblas_ctx *ctx, const ref_tri_map *m, int solve, const T *A, T *x,
                       int64_t incx) {
    const int64_t n = m->n;
    T *x0 = x + gblas_vec_start(n, incx), *buf = gblas_cpu_pack_region(ctx);
    const int copy = incx != 1 && (size_t)n * sizeof(T) <= gblas_cpu_pack_region_bytes(ctx);
    if (copy)
        for (int64_t i = 0; i < n; i++) buf[i] = x0[i * incx];
    T *xs = copy ? buf : x;
    const int64_t inc = copy ? 1 : incx;
    if (m->storage == TRI_FULL && n > TRI_NB)
        tri_full_blocked(ctx, m, solve, A, xs, inc);
    else
        ref_tri(m, solve, A, xs, inc);
    if (copy)
        for (int64_t i = 0; i < n; i++) x0[i * incx] = buf[i];
}

static void level2_tri_fill(gblas_ops *ops) {
    ops->routine.trmv[GBLAS_TYPE_TAG] = ref_trmv;
    ops->routine.trsv[GBLAS_TYPE_TAG] = ref_trsv;
    ops->routine.tbmv[GBLAS_TYPE_TAG] = ref_tbmv;
    ops->routine.tbsv[GBLAS_TYPE_TAG] = ref_tbsv;
    ops->routine.tpmv[GBLAS_TYPE_TAG] = ref_tpmv;
    ops->routine.tpsv[GBLAS_TYPE_TAG] = ref_tpsv;
}

#undef TRI_NB
#undef TRI_VECTOR_MIN
