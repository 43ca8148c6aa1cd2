/* ref_level2_tri_body.h: the reference TRMV, TBMV, TPMV (x = op(A) x) and TRSV, TBSV, TPSV
 * (x = op(A)^-1 x) for one element type (type_<t>.h), any increment. Included by <t>_ref.c, and
 * by level2_tri_body.h, which plugs in its vector column operations and its driver.
 *
 * All six are one loop over the columns j of A (ref_tri), in the reference BLAS's order and form:
 *   N: column j is an axpy into the rows it holds (tri_axpy), skipped where x[j] == 0;
 *   T: x[j] gets the dot of column j with those rows (tri_dot), summed on its own first.
 * Columns run in the order that leaves every x[i] a column reads still as it must be: the
 * original value for a product, the solved one for a solve. One thread, so each element sees
 * one fixed order of operations. Only the uplo triangle (band) is read, and its diagonal only
 * for GBLAS_DIAG_NON_UNIT. */

typedef enum { TRI_FULL, TRI_BAND, TRI_PACKED } ref_tri_storage;

typedef struct {
    ref_tri_storage storage;
    int upper, trans, unit;
    int64_t n;
    int64_t w;   /* off-diagonals held: min(k, n - 1) for a band, n - 1 otherwise */
    int64_t k;   /* band: the storage's k (A(j, j) in row k of upper storage) */
    int64_t lda; /* full and band storage */
} ref_tri_map;

/* Index in the storage of A(i, j), (i, j) inside the uplo triangle (band). */
static inline int64_t ref_tri_index(const ref_tri_map *m, int64_t i, int64_t j) {
    switch (m->storage) {
    case TRI_BAND: return (m->upper ? m->k + i - j : i - j) + j * m->lda;
    case TRI_PACKED: return m->upper ? i + j * (j + 1) / 2 : i + (2 * m->n - j - 1) * j / 2;
    default: return i + j * m->lda;
    }
}

#ifndef TRI_COLUMN_OPS
/* x[i * inc] += t * col[i] for i < len. */
static inline void tri_axpy(int64_t len, T t, const T *col, T *x, int64_t inc) {
    for (int64_t i = 0; i < len; i++) x[i * inc] += t * col[i];
}
/* col[0] x[0] + col[1] x[inc] + ... , in order. */
static inline T tri_dot(int64_t len, const T *col, const T *x, int64_t inc) {
    T s = 0;
    for (int64_t i = 0; i < len; i++) s += col[i] * x[i * inc];
    return s;
}
#endif

/* What the six routines call: ref_tri itself, or the including level's driver. */
#ifndef TRI_DRIVER
#define TRI_DRIVER(ctx, m, solve, A, x, incx) ((void)(ctx), ref_tri(m, solve, A, x, incx))
#else
static void TRI_DRIVER(gblas_ctx *ctx, const ref_tri_map *m, int solve, const T *A, T *x,
                       int64_t incx);
#endif

/* x = op(A) x (solve == 0) or x = op(A)^-1 x (solve == 1). Column j holds the off-diagonal
 * rows [lo, hi], contiguous in every storage. */
static void ref_tri(const ref_tri_map *m, int solve, const T *A, T *x, int64_t incx) {
    const int64_t n = m->n;
    T *x0 = x + gblas_vec_start(n, incx);
    /* upper N and lower T products read x[i] of later columns (kept original by going up);
     * the solves need the earlier ones solved first: the other way round */
    const int ascending = (m->upper == !m->trans) != solve;
    for (int64_t c = 0; c < n; c++) {
        const int64_t j = ascending ? c : n - 1 - c;
        const int64_t lo = m->upper ? (j > m->w ? j - m->w : 0) : j + 1;
        const int64_t hi = m->upper ? j - 1 : (n - 1 - j > m->w ? j + m->w : n - 1);
        const T *col = lo <= hi ? A + ref_tri_index(m, lo, j) : NULL; /* A(lo .. hi, j) */
        const T d = m->unit ? (T)1 : A[ref_tri_index(m, j, j)];
        T *xj = x0 + j * incx, *xr = lo <= hi ? x0 + lo * incx : x0;
        if (!m->trans) {
            if (*xj == 0) continue;
            if (solve && !m->unit) *xj /= d;
            const T t = *xj;
            tri_axpy(hi - lo + 1, solve ? -t : t, col, xr, incx);
            if (!solve && !m->unit) *xj = t * d;
        } else {
            T t = *xj;
            if (!solve && !m->unit) t *= d;
            const T s = tri_dot(hi - lo + 1, col, xr, incx);
            t = solve ? t - s : t + s;
            if (solve && !m->unit) t /= d;
            *xj = t;
        }
    }
}

static ref_tri_map ref_tri_of(ref_tri_storage s, gblas_fill_mode_t uplo, gblas_operation_t trans,
                              gblas_diag_type_t diag, int64_t n, int64_t k, int64_t lda) {
    const ref_tri_map m = {.storage = s, .upper = uplo == GBLAS_FILL_MODE_UPPER,
                           .trans = trans != GBLAS_OP_N, .unit = diag == GBLAS_DIAG_UNIT,
                           .n = n, .w = s == TRI_BAND && k < n ? k : n - 1, .k = k, .lda = lda};
    return m;
}

static gblas_status_t ref_trmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                               gblas_diag_type_t diag, int64_t n, const void *A, int64_t lda,
                               void *x, int64_t incx) {
    const ref_tri_map m = ref_tri_of(TRI_FULL, uplo, trans, diag, n, 0, lda);
    TRI_DRIVER(ctx, &m, 0, A, x, incx);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_tbmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                               gblas_diag_type_t diag, int64_t n, int64_t k, const void *A,
                               int64_t lda, void *x, int64_t incx) {
    const ref_tri_map m = ref_tri_of(TRI_BAND, uplo, trans, diag, n, k, lda);
    TRI_DRIVER(ctx, &m, 0, A, x, incx);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_tpmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                               gblas_diag_type_t diag, int64_t n, const void *AP, void *x,
                               int64_t incx) {
    const ref_tri_map m = ref_tri_of(TRI_PACKED, uplo, trans, diag, n, 0, 0);
    TRI_DRIVER(ctx, &m, 0, AP, x, incx);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_trsv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                               gblas_diag_type_t diag, int64_t n, const void *A, int64_t lda,
                               void *x, int64_t incx) {
    const ref_tri_map m = ref_tri_of(TRI_FULL, uplo, trans, diag, n, 0, lda);
    TRI_DRIVER(ctx, &m, 1, A, x, incx);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_tbsv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                               gblas_diag_type_t diag, int64_t n, int64_t k, const void *A,
                               int64_t lda, void *x, int64_t incx) {
    const ref_tri_map m = ref_tri_of(TRI_BAND, uplo, trans, diag, n, k, lda);
    TRI_DRIVER(ctx, &m, 1, A, x, incx);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_tpsv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                               gblas_diag_type_t diag, int64_t n, const void *AP, void *x,
                               int64_t incx) {
    const ref_tri_map m = ref_tri_of(TRI_PACKED, uplo, trans, diag, n, 0, 0);
    TRI_DRIVER(ctx, &m, 1, AP, x, incx);
    return GBLAS_STATUS_SUCCESS;
}
