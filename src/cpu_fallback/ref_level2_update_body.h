/* ref_level2_update_body.h: the rank-1 and rank-2 updates GER, SYR, SPR, SYR2 and SPR2 for one
 * element type (type_<t>.h), any increments, negative ones included. Included by <t>_ref.c, and
 * by level2_update_body.h, whose vector paths reuse the driver below and fall back on these
 * routines.
 *
 * Every form is a loop over A's columns, as in the reference BLAS 3.12:
 *   GER        A(i, j) += x(i) * t1,               t1 = alpha y(j), rows 0 .. m-1
 *   SYR, SPR   A(i, j) += x(i) * t1,               t1 = alpha x(j), rows of the uplo triangle
 *   SYR2, SPR2 A(i, j) += x(i) * t1 + y(i) * t2,   t1 = alpha y(j), t2 = alpha x(j)
 * A column whose y(j) (GER), x(j) (SYR, SPR), or x(j) and y(j) (SYR2, SPR2) are zero is skipped:
 * neither read nor written, so a NaN or Inf in it stays. In the uplo triangle column j holds
 * rows [0, j] (upper) or [j, n) (lower); full storage puts A(i, j) at A[i + j * lda], packed at
 * AP[i + j (j + 1) / 2] (upper) or AP[i + j (2n - j - 1) / 2] (lower). Nothing else is touched.
 * Each element gets the same operations whichever thread updates it: the columns are cut into
 * one range of about equal area per thread. */

enum { UPD_GENERAL, UPD_UPPER, UPD_LOWER };

typedef struct upd_task upd_task;
/* col[i] += u[i] * t1 (+ v[i] * t2 for rank 2) for rows i in [lo, hi) of one column. */
typedef void upd_column_fn(const upd_task *t, T *col, int64_t lo, int64_t hi, T t1, T t2);

/* One update as its columns see it. Vectors point at their element 0 (gblas_vec_start). */
struct upd_task {
    T alpha;
    int form;                 /* UPD_GENERAL (m x n), UPD_UPPER or UPD_LOWER (n x n) */
    int64_t rows, cols, lda;  /* lda == 0: packed */
    T *A;
    const T *u, *v;           /* the row vectors: x, and y for rank 2 (v == NULL for rank 1) */
    int64_t incu, incv;
    const T *cu, *cv;         /* t1 = alpha cu(j), t2 = alpha cv(j) (cv for rank 2 only) */
    int64_t inccu, inccv;
    int64_t parts;            /* column ranges, one per thread */
    upd_column_fn *column;
};

static void upd_column_ref(const upd_task *t, T *col, int64_t lo, int64_t hi, T t1, T t2) {
    const T *u = t->u, *v = t->v;
    const int64_t incu = t->incu, incv = t->incv;
    if (v == NULL)
        for (int64_t i = lo; i < hi; i++) col[i] += u[i * incu] * t1;
    else
        for (int64_t i = lo; i < hi; i++) col[i] = col[i] + u[i * incu] * t1 + v[i * incv] * t2;
}

static upd_task upd_ger_task(int64_t m, int64_t n, const void *alpha, const void *x, int64_t incx,
                             const void *y, int64_t incy, void *A, int64_t lda) {
    const T *xs = (const T *)x + gblas_vec_start(m, incx);
    const T *ys = (const T *)y + gblas_vec_start(n, incy);
    return (upd_task){.alpha = *(const T *)alpha, .form = UPD_GENERAL, .rows = m, .cols = n,
                      .lda = lda, .A = A, .u = xs, .incu = incx, .cu = ys, .inccu = incy,
                      .column = upd_column_ref};
}

/* SYR, SPR (y == NULL) and SYR2, SPR2; lda == 0 for packed storage. */
static upd_task upd_sym_task(gblas_fill_mode_t uplo, int64_t n, const void *alpha, const void *x,
                             int64_t incx, const void *y, int64_t incy, void *A, int64_t lda) {
    const T *xs = (const T *)x + gblas_vec_start(n, incx);
    upd_task t = {.alpha = *(const T *)alpha,
                  .form = uplo == GBLAS_FILL_MODE_UPPER ? UPD_UPPER : UPD_LOWER, .rows = n,
                  .cols = n, .lda = lda, .A = A, .u = xs, .incu = incx, .cu = xs, .inccu = incx,
                  .column = upd_column_ref};
    if (y != NULL) { /* t1 = alpha y(j) multiplies x(i), t2 = alpha x(j) multiplies y(i) */
        t.v = (const T *)y + gblas_vec_start(n, incy);
        t.incv = incy;
        t.cu = t.v;
        t.inccu = incy;
        t.cv = xs;
        t.inccv = incx;
    }
    return t;
}

/* Column j: returns base with A(i, j) at base[i], and its rows [*lo, *hi). */
static inline T *upd_column_at(const upd_task *t, int64_t j, int64_t *lo, int64_t *hi) {
    *lo = t->form == UPD_LOWER ? j : 0;
    *hi = t->form == UPD_UPPER ? j + 1 : t->rows;
    if (t->lda != 0) return t->A + j * t->lda;
    return t->A + (t->form == UPD_UPPER ? j * (j + 1) / 2 : j * (2 * t->rows - j - 1) / 2);
}

/* Elements in columns [0, c). */
static int64_t upd_area(const upd_task *t, int64_t c) {
    if (t->form == UPD_GENERAL) return c * t->rows;
    return t->form == UPD_UPPER ? c * (c + 1) / 2 : c * t->rows - c * (c - 1) / 2;
}

/* The first column of range k of t->parts: the smallest c whose area reaches k / parts of the
 * whole (computed in double: only the balance depends on it). */
static int64_t upd_split(const upd_task *t, int64_t k) {
    if (k >= t->parts) return t->cols;
    const double goal = (double)upd_area(t, t->cols) * (double)k / (double)t->parts;
    int64_t lo = 0, hi = t->cols;
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if ((double)upd_area(t, mid) < goal) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static void upd_range(void *arg, int64_t k) {
    const upd_task *t = arg;
    const int64_t j1 = upd_split(t, k + 1);
    for (int64_t j = upd_split(t, k); j < j1; j++) {
        const T c1 = t->cu[j * t->inccu], c2 = t->v ? t->cv[j * t->inccv] : (T)0;
        if (c1 == 0 && c2 == 0) continue; /* the reference's skipped column */
        int64_t lo, hi;
        T *col = upd_column_at(t, j, &lo, &hi);
        t->column(t, col, lo, hi, t->alpha * c1, t->alpha * c2);
    }
}

/* alpha == 0 (only in device pointer mode: the API returns before) reads nothing. */
static void upd_run(gblas_ctx *ctx, upd_task *t) {
    if (t->alpha == 0) return;
    const int parallel = upd_area(t, t->cols) >= GBLAS_CPU_PARALLEL_MIN;
    t->parts = parallel ? gblas_cpu_threads(ctx) : 1;
    gblas_cpu_for(ctx, t->parts, parallel, upd_range, t);
}

static gblas_status_t ref_ger(gblas_ctx *ctx, int64_t m, int64_t n, const void *alpha,
                              const void *x, int64_t incx, const void *y, int64_t incy, void *A,
                              int64_t lda) {
    upd_task t = upd_ger_task(m, n, alpha, x, incx, y, incy, A, lda);
    upd_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_syr(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n,
                              const void *alpha, const void *x, int64_t incx, void *A,
                              int64_t lda) {
    upd_task t = upd_sym_task(uplo, n, alpha, x, incx, NULL, 0, A, lda);
    upd_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_spr(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n,
                              const void *alpha, const void *x, int64_t incx, void *AP) {
    upd_task t = upd_sym_task(uplo, n, alpha, x, incx, NULL, 0, AP, 0);
    upd_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_syr2(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n,
                               const void *alpha, const void *x, int64_t incx, const void *y,
                               int64_t incy, void *A, int64_t lda) {
    upd_task t = upd_sym_task(uplo, n, alpha, x, incx, y, incy, A, lda);
    upd_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_spr2(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n,
                               const void *alpha, const void *x, int64_t incx, const void *y,
                               int64_t incy, void *AP) {
    upd_task t = upd_sym_task(uplo, n, alpha, x, incx, y, incy, AP, 0);
    upd_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}
