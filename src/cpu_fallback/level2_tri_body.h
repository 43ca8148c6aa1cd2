/* level2_tri_body.h: the instruction-set level's TRMV and TRSV (full storage) for one element
 * type, blocked so that almost all the work runs in gemv_body.h's vector GEMV. Included by
 * <t>_avx2.c and <t>_avx512.c after gemv_body.h.
 *
 * The columns of A go in blocks of TRI_NB, in the reference's column order (ref_tri): a block's
 * diagonal triangle is applied by ref_tri on its own (this level's compile of the reference
 * loop, x read in place), and the rest of its columns (rows above it for upper, below for
 * lower) by one GEMV with beta = 1:
 *   N: x[rest] += (or -=, solving) A[rest, block] x[block], after the triangle for a solve
 *      (x[block] solved) and before it for a product (x[block] still original);
 *   T: x[block] += (-=) A[rest, block]^T x[rest], after the triangle for a product and before
 *      it for a solve.
 * The block order keeps every x[rest] a GEMV reads original (products) or solved (solves).
 * Each element thus sees a fixed order of operations, and GEMV's is independent of the thread
 * count. Band and packed storage run the reference loop, compiled for this level. */
#include "ref_level2_tri_body.h"

/* Columns per block: the triangle's scalar work (TRI_NB / 2 per element of x) stays small
 * beside the GEMV's (n / 2) from n of a few hundred on. */
#define TRI_NB ((int64_t)64)

/* The base pointer of x's elements [s, s + len) as a BLAS vector of its own, x0 at element 0. */
static inline T *tri_sub(T *x0, int64_t s, int64_t len, int64_t inc) {
    return x0 + (inc < 0 ? s + len - 1 : s) * inc;
}

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
                    gemv(ctx, GBLAS_OP_N, rn, nb, &alpha, panel, lda, xb, incx, &one, xr, incx);
                else
                    gemv(ctx, GBLAS_OP_T, rn, nb, &alpha, panel, lda, xr, incx, &one, xb, incx);
            }
        }
    }
}

static gblas_status_t trmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                           gblas_diag_type_t diag, int64_t n, const void *A, int64_t lda, void *x,
                           int64_t incx) {
    if (n <= TRI_NB) /* one diagonal block */
        return ref_trmv(ctx, uplo, trans, diag, n, A, lda, x, incx);
    const ref_tri_map m = ref_tri_of(TRI_FULL, uplo, trans, diag, n, 0, lda);
    tri_full_blocked(ctx, &m, 0, A, x, incx);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t trsv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                           gblas_diag_type_t diag, int64_t n, const void *A, int64_t lda, void *x,
                           int64_t incx) {
    if (n <= TRI_NB) /* one diagonal block */
        return ref_trsv(ctx, uplo, trans, diag, n, A, lda, x, incx);
    const ref_tri_map m = ref_tri_of(TRI_FULL, uplo, trans, diag, n, 0, lda);
    tri_full_blocked(ctx, &m, 1, A, x, incx);
    return GBLAS_STATUS_SUCCESS;
}

static void level2_tri_fill(gblas_ops *ops) {
    ops->routine.trmv[GBLAS_TYPE_TAG] = trmv;
    ops->routine.trsv[GBLAS_TYPE_TAG] = trsv;
    ops->routine.tbmv[GBLAS_TYPE_TAG] = ref_tbmv;
    ops->routine.tbsv[GBLAS_TYPE_TAG] = ref_tbsv;
    ops->routine.tpmv[GBLAS_TYPE_TAG] = ref_tpmv;
    ops->routine.tpsv[GBLAS_TYPE_TAG] = ref_tpsv;
}

#undef TRI_NB
