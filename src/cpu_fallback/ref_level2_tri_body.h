/* ref_level2_tri_body.h: the reference TRMV, TBMV, TPMV (x = op(A) x) and TRSV, TBSV, TPSV
 * (x = op(A)^-1 x) for one element type (type_<t>.h), any increment. Included by <t>_ref.c.
 *
 * All six are one loop over the columns j of A, in the reference BLAS's order and form:
 *   N: column j is an axpy into the rows it holds, skipped where x[j] == 0;
 *   T: x[j] is the dot of column j with those rows.
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
        const T *col = lo <= hi ? A + ref_tri_index(m, lo, j) : NULL; /* A(i, j) = col[i - lo] */
        const T d = m->unit ? (T)1 : A[ref_tri_index(m, j, j)];
        T *xj = x0 + j * incx;
        if (!m->trans) {
            if (*xj == 0) continue;
            if (solve && !m->unit) *xj /= d;
            const T t = *xj;
            for (int64_t i = lo; i <= hi; i++) {
                if (solve)
                    x0[i * incx] -= t * col[i - lo];
                else
                    x0[i * incx] += t * col[i - lo];
            }
            if (!solve && !m->unit) *xj = t * d;
        } else {
            T t = *xj;
            if (!solve && !m->unit) t *= d;
            for (int64_t i = lo; i <= hi; i++) {
                if (solve)
                    t -= col[i - lo] * x0[i * incx];
                else
                    t += col[i - lo] * x0[i * incx];
            }
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
    (void)ctx;
    const ref_tri_map m = ref_tri_of(TRI_FULL, uplo, trans, diag, n, 0, lda);
    ref_tri(&m, 0, A, x, incx);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_tbmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                               gblas_diag_type_t diag, int64_t n, int64_t k, const void *A,
                               int64_t lda, void *x, int64_t incx) {
    (void)ctx;
    const ref_tri_map m = ref_tri_of(TRI_BAND, uplo, trans, diag, n, k, lda);
    ref_tri(&m, 0, A, x, incx);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_tpmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                               gblas_diag_type_t diag, int64_t n, const void *AP, void *x,
                               int64_t incx) {
    (void)ctx;
    const ref_tri_map m = ref_tri_of(TRI_PACKED, uplo, trans, diag, n, 0, 0);
    ref_tri(&m, 0, AP, x, incx);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_trsv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                               gblas_diag_type_t diag, int64_t n, const void *A, int64_t lda,
                               void *x, int64_t incx) {
    (void)ctx;
    const ref_tri_map m = ref_tri_of(TRI_FULL, uplo, trans, diag, n, 0, lda);
    ref_tri(&m, 1, A, x, incx);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_tbsv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                               gblas_diag_type_t diag, int64_t n, int64_t k, const void *A,
                               int64_t lda, void *x, int64_t incx) {
    (void)ctx;
    const ref_tri_map m = ref_tri_of(TRI_BAND, uplo, trans, diag, n, k, lda);
    ref_tri(&m, 1, A, x, incx);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_tpsv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                               gblas_diag_type_t diag, int64_t n, const void *AP, void *x,
                               int64_t incx) {
    (void)ctx;
    const ref_tri_map m = ref_tri_of(TRI_PACKED, uplo, trans, diag, n, 0, 0);
    ref_tri(&m, 1, AP, x, incx);
    return GBLAS_STATUS_SUCCESS;
}
