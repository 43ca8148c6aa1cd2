/* ref_level2_mv_body.h: the reference GBMV, SYMV, SBMV and SPMV (y = alpha * A * x + beta * y)
 * for one element type (type_<t>.h), any increments. Included by <t>_ref.c.
 *
 * All four are one loop: output o of y is
 *   y[o] = alpha * (sum over j = lo(o) .. hi(o), ascending, of A(o, j) * x[j]) + beta * y[o],
 * except that a row of GBMV N that no column's band reaches keeps beta * y[o] (the reference
 * BLAS adds each column into y, but gives each output of T alpha times its dot, even an empty
 * one: alpha * 0, NaN for an infinite or NaN alpha);
 * one thread per output, so each element of y sees one fixed order of operations whatever the
 * thread count. A symmetric A(o, j) is read from the stored triangle (A(j, o) where (o, j) lies
 * in the other one), so only the uplo triangle (band) is ever read. beta == 0 never reads y;
 * alpha == 0 never reads A or x (nor forms their addresses). */

/* How A is stored: which element of the storage holds A(o, j) of output o. */
typedef enum {
    MV_GB_N,      /* band, kl sub- and ku superdiagonals: A[ku + o - j + j * lda] */
    MV_GB_T,      /* its transpose: output o is column o, A[ku + j - o + o * lda] */
    MV_SYM_FULL,  /* symmetric, full storage: A[i + j * lda] */
    MV_SYM_BAND,  /* symmetric band, k off-diagonals: upper A[k + i - j + j * lda], lower
                   * A[i - j + j * lda] */
    MV_SYM_PACKED /* symmetric packed: upper AP[i + j (j + 1) / 2], lower AP[i + (2n - j - 1) j / 2] */
} ref_mv_storage;

typedef struct {
    ref_mv_storage storage;
    int upper;
    int64_t n;      /* order of a symmetric A */
    int64_t nx;     /* elements of x: the range of j */
    int64_t lo, hi; /* j runs over [o - lo, o + hi] within [0, nx) */
    int64_t k, lda; /* band: superdiagonals (ku, or k), leading dimension */
} ref_mv_map;

/* Index in the storage of the stored element (i, j) of a symmetric A: i <= j for upper, i >= j
 * for lower. */
static inline int64_t ref_sym_index(const ref_mv_map *m, int64_t i, int64_t j) {
    switch (m->storage) {
    case MV_SYM_BAND: return (m->upper ? m->k + i - j : i - j) + j * m->lda;
    case MV_SYM_PACKED: return m->upper ? i + j * (j + 1) / 2 : i + (2 * m->n - j - 1) * j / 2;
    default: return i + j * m->lda;
    }
}

/* Index in the storage of A(o, j) of output o. */
static inline int64_t ref_mv_index(const ref_mv_map *m, int64_t o, int64_t j) {
    if (m->storage == MV_GB_N) return m->k + o - j + j * m->lda;
    if (m->storage == MV_GB_T) return m->k + j - o + o * m->lda;
    const int64_t lo = o < j ? o : j, hi = o < j ? j : o; /* (lo, hi) lies in the upper triangle */
    return m->upper ? ref_sym_index(m, lo, hi) : ref_sym_index(m, hi, lo);
}

static gblas_status_t ref_mv(gblas_ctx *ctx, const ref_mv_map *mp, int64_t ny, const void *alpha,
                             const void *Av, const void *x, int64_t incx, const void *beta,
                             void *y, int64_t incy) {
    const T a = *(const T *)alpha, b = *(const T *)beta, *A = Av;
    const T *x0 = a == 0 ? NULL : (const T *)x + gblas_vec_start(mp->nx, incx);
    T *y0 = (T *)y + gblas_vec_start(ny, incy);
    const int64_t width = (mp->lo < mp->nx ? mp->lo : mp->nx) + (mp->hi < mp->nx ? mp->hi : mp->nx);
    const int parallel = (double)ny * (double)(width + 1) >= (double)GBLAS_CPU_PARALLEL_MIN;
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) if (parallel)
    for (int64_t o = 0; o < ny; o++) {
        const T by = b == 0 ? (T)0 : b * y0[o * incy];
        if (a == 0) {
            y0[o * incy] = by;
            continue;
        }
        /* j in [o - lo, o + hi] clipped to [0, nx), without overflow for any band width */
        const int64_t j0 = o > mp->lo ? o - mp->lo : 0;
        const int64_t j1 = mp->hi >= mp->nx - 1 - o ? mp->nx - 1 : o + mp->hi;
        if (j0 > j1 && mp->storage == MV_GB_N) { /* no column's band reaches row o */
            y0[o * incy] = by;
            continue;
        }
        T s = 0;
        for (int64_t j = j0; j <= j1; j++) s += A[ref_mv_index(mp, o, j)] * x0[j * incx];
        y0[o * incy] = b == 0 ? a * s : a * s + by;
    }
    return GBLAS_STATUS_SUCCESS;
}

/* op = N: row o of A has columns o - kl .. o + ku; T: column o has rows o - ku .. o + kl. */
static gblas_status_t ref_gbmv(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                               int64_t kl, int64_t ku, const void *alpha, const void *A,
                               int64_t lda, const void *x, int64_t incx, const void *beta, void *y,
                               int64_t incy) {
    const int notrans = trans == GBLAS_OP_N;
    const ref_mv_map mp = {.storage = notrans ? MV_GB_N : MV_GB_T, .nx = notrans ? n : m,
                           .lo = notrans ? kl : ku, .hi = notrans ? ku : kl, .k = ku, .lda = lda};
    return ref_mv(ctx, &mp, notrans ? m : n, alpha, A, x, incx, beta, y, incy);
}

static gblas_status_t ref_symv(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n,
                               const void *alpha, const void *A, int64_t lda, const void *x,
                               int64_t incx, const void *beta, void *y, int64_t incy) {
    const ref_mv_map mp = {.storage = MV_SYM_FULL, .upper = uplo == GBLAS_FILL_MODE_UPPER,
                           .n = n, .nx = n, .lo = n, .hi = n, .lda = lda};
    return ref_mv(ctx, &mp, n, alpha, A, x, incx, beta, y, incy);
}

static gblas_status_t ref_sbmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, int64_t k,
                               const void *alpha, const void *A, int64_t lda, const void *x,
                               int64_t incx, const void *beta, void *y, int64_t incy) {
    const ref_mv_map mp = {.storage = MV_SYM_BAND, .upper = uplo == GBLAS_FILL_MODE_UPPER,
                           .n = n, .nx = n, .lo = k, .hi = k, .k = k, .lda = lda};
    return ref_mv(ctx, &mp, n, alpha, A, x, incx, beta, y, incy);
}

static gblas_status_t ref_spmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n,
                               const void *alpha, const void *AP, const void *x, int64_t incx,
                               const void *beta, void *y, int64_t incy) {
    const ref_mv_map mp = {.storage = MV_SYM_PACKED, .upper = uplo == GBLAS_FILL_MODE_UPPER,
                           .n = n, .nx = n, .lo = n, .hi = n};
    return ref_mv(ctx, &mp, n, alpha, AP, x, incx, beta, y, incy);
}
