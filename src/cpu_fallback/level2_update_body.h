/* level2_update_body.h: GER, SYR, SPR, SYR2 and SPR2 of one element type (type_<t>.h) in the
 * vector vocabulary of simd_<level>.h. Included by <t>_avx2.c and <t>_avx512.c. The reference's
 * driver (ref_level2_update_body.h: the columns, their skip rule, the ranges per thread) runs
 * here with a vector column update: one fused multiply-add per term, A streamed once, its
 * stores aligned to whole vectors. A strided x (and y) is first gathered into the packing
 * region; where that does not fit, the reference routine runs. */
#include "ref_level2_update_body.h"

/* One vector of a column: a + u t1 (+ v t2 for rank 2). */
static inline __attribute__((always_inline)) VT upd_vec(const int rank2, VT a, VT uv, VT vv,
                                                        VT t1, VT t2) {
    a = v_fma(uv, t1, a);
    return rank2 ? v_fma(vv, t2, a) : a;
}

/* col[i] = upd_vec(col[i], u[i], v[i]) for i in [lo, hi): a masked head up to the first
 * vector-aligned element of col, 4 vectors per step, then a masked tail. */
static inline __attribute__((always_inline)) void upd_span(const int rank2, T *col, const T *u,
                                                           const T *v, int64_t lo, int64_t hi,
                                                           VT t1, VT t2) {
    const int64_t misalign = (int64_t)(((uintptr_t)(col + lo) / sizeof(T)) % VL);
    const int64_t head = misalign == 0 || hi - lo < VL - misalign ? 0 : VL - misalign;
    int64_t i = lo;
    if (head > 0) {
        const int w = (int)head;
        const VT vv = rank2 ? v_load_n(v + i, w) : t1;
        v_store_n(col + i, upd_vec(rank2, v_load_n(col + i, w), v_load_n(u + i, w), vv, t1, t2),
                  w);
        i += head;
    }
    for (; i + 4 * VL <= hi; i += 4 * VL)
        for (int q = 0; q < 4; q++) {
            const int64_t e = i + q * VL;
            const VT vv = rank2 ? v_loadu(v + e) : t1;
            v_storeu(col + e, upd_vec(rank2, v_loadu(col + e), v_loadu(u + e), vv, t1, t2));
        }
    for (; i < hi; i += VL) {
        const int w = hi - i < VL ? (int)(hi - i) : VL;
        const VT vv = rank2 ? v_load_n(v + i, w) : t1;
        v_store_n(col + i, upd_vec(rank2, v_load_n(col + i, w), v_load_n(u + i, w), vv, t1, t2),
                  w);
    }
}

/* upd_column_fn for unit-stride row vectors. */
static void upd_column_vec(const upd_task *t, T *col, int64_t lo, int64_t hi, T t1, T t2) {
    if (t->v == NULL)
        upd_span(0, col, t->u, NULL, lo, hi, v_set1(t1), v_set1(t1));
    else
        upd_span(1, col, t->u, t->v, lo, hi, v_set1(t1), v_set1(t2));
}

/* Makes the row vectors unit-stride (a strided one gathered into the packing region, each
 * start 64-byte aligned) and selects upd_column_vec; returns 0, changing nothing, where the
 * gathered vectors would not fit. alpha == 0: nothing to read (upd_run returns at once). */
static int upd_vector_rows(gblas_ctx *ctx, upd_task *t) {
    if (t->alpha == 0) return 1;
    const int64_t slot = (t->rows + 63) / 64 * 64;
    const int gathers = (t->incu != 1) + (t->v != NULL && t->incv != 1);
    if (gathers > 0 && (uint64_t)slot > gblas_cpu_pack_region_bytes(ctx) / sizeof(T) / gathers)
        return 0;
    T *buf = gblas_cpu_pack_region(ctx);
    if (t->incu != 1) {
        for (int64_t i = 0; i < t->rows; i++) buf[i] = t->u[i * t->incu];
        t->u = buf;
        t->incu = 1;
        buf += slot;
    }
    if (t->v != NULL && t->incv != 1) {
        for (int64_t i = 0; i < t->rows; i++) buf[i] = t->v[i * t->incv];
        t->v = buf;
        t->incv = 1;
    }
    t->column = upd_column_vec;
    return 1;
}

static gblas_status_t ger(gblas_ctx *ctx, int64_t m, int64_t n, const void *alpha, const void *x,
                          int64_t incx, const void *y, int64_t incy, void *A, int64_t lda) {
    upd_task t = upd_ger_task(m, n, alpha, x, incx, y, incy, A, lda);
    if (!upd_vector_rows(ctx, &t)) return ref_ger(ctx, m, n, alpha, x, incx, y, incy, A, lda);
    upd_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t syr(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha,
                          const void *x, int64_t incx, void *A, int64_t lda) {
    upd_task t = upd_sym_task(uplo, n, alpha, x, incx, NULL, 0, A, lda);
    if (!upd_vector_rows(ctx, &t)) return ref_syr(ctx, uplo, n, alpha, x, incx, A, lda);
    upd_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t spr(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha,
                          const void *x, int64_t incx, void *AP) {
    upd_task t = upd_sym_task(uplo, n, alpha, x, incx, NULL, 0, AP, 0);
    if (!upd_vector_rows(ctx, &t)) return ref_spr(ctx, uplo, n, alpha, x, incx, AP);
    upd_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t syr2(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha,
                           const void *x, int64_t incx, const void *y, int64_t incy, void *A,
                           int64_t lda) {
    upd_task t = upd_sym_task(uplo, n, alpha, x, incx, y, incy, A, lda);
    if (!upd_vector_rows(ctx, &t))
        return ref_syr2(ctx, uplo, n, alpha, x, incx, y, incy, A, lda);
    upd_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t spr2(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha,
                           const void *x, int64_t incx, const void *y, int64_t incy, void *AP) {
    upd_task t = upd_sym_task(uplo, n, alpha, x, incx, y, incy, AP, 0);
    if (!upd_vector_rows(ctx, &t)) return ref_spr2(ctx, uplo, n, alpha, x, incx, y, incy, AP);
    upd_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}

static void level2_update_fill(gblas_ops *ops) {
    ops->routine.ger[GBLAS_TYPE_TAG] = ger;
    ops->routine.syr[GBLAS_TYPE_TAG] = syr;
    ops->routine.spr[GBLAS_TYPE_TAG] = spr;
    ops->routine.syr2[GBLAS_TYPE_TAG] = syr2;
    ops->routine.spr2[GBLAS_TYPE_TAG] = spr2;
}
