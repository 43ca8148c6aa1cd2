/* level2_mv_body.h: GBMV, SYMV, SBMV and SPMV (y = alpha * A * x + beta * y) of one element type
 * (type_<t>.h) in the vector vocabulary of simd_<level>.h. Included by <t>_avx2.c and
 * <t>_avx512.c after gemv_body.h.
 *
 * y is first scaled by beta (beta == 0 writes zeros, never reads y); alpha == 0 then returns
 * without reading A or x. Otherwise A is swept column by column in address order:
 *   symmetric (full, band, packed): column j's stored segment off the diagonal is read once
 *     for both of its uses, y(i) += (alpha x(j)) A(i, j) and the dot A(i, j) x(i), and then
 *     y(j) += (alpha x(j)) A(j, j) + alpha * dot, as the reference BLAS orders it;
 *   GBMV N: y(rows of column j) += (alpha x(j)) A(band of column j);
 *   GBMV T: y(j) += alpha * (A(band of column j) . x), columns shared out over the threads.
 * The symmetric and N sweeps add into all of y from every column and run on one thread; every
 * element of y sees one fixed order of operations whatever the thread count. A strided x or y
 * is copied into the packing region first (y back at the end) when both fit; otherwise the
 * sweeps run element by element on the strided vectors. */

/* A vector of n elements as a sweep sees it: element i at p[i * inc]. */
typedef struct {
    T *p;
    int64_t n, inc;
    T *orig; /* the caller's vector, where p is a copy in the packing region (else NULL) */
    int64_t orig_inc;
} mv_vec;

/* y = beta * y over ny elements (beta == 0: zeros, y unread). */
static void mv_scale(T *y, int64_t ny, int64_t incy, T beta) {
    if (beta == 1) return;
    for (int64_t i = 0; i < ny; i++) y[i * incy] = beta == 0 ? (T)0 : beta * y[i * incy];
}

/* x and y unit-stride for the sweep: a strided one is gathered into the packing region when
 * the strided ones fit there together. */
static void mv_vectors_open(gblas_ctx *ctx, mv_vec *x, mv_vec *y) {
    const int64_t need = (x->inc != 1 ? x->n : 0) + (y->inc != 1 ? y->n : 0);
    if (need == 0 || (size_t)need * sizeof(T) > gblas_cpu_pack_region_bytes(ctx)) return;
    T *region = gblas_cpu_pack_region(ctx);
    mv_vec *v[2] = {x, y};
    for (int k = 0; k < 2; k++) {
        if (v[k]->inc == 1) continue;
        for (int64_t i = 0; i < v[k]->n; i++) region[i] = v[k]->p[i * v[k]->inc];
        v[k]->orig = v[k]->p;
        v[k]->orig_inc = v[k]->inc;
        v[k]->p = region;
        v[k]->inc = 1;
        region += v[k]->n;
    }
}

/* Copies a gathered y back to the caller's vector. */
static void mv_vectors_close(const mv_vec *y) {
    if (y->orig)
        for (int64_t i = 0; i < y->n; i++) y->orig[i * y->orig_inc] = y->p[i];
}

/* Columns the symmetric sweep takes at once: each vector of y is loaded and stored once for
 * them all. */
#define MV_GROUP 4

/* For NC columns c (NC <= MV_GROUP, a constant where inlined): y[i] += t[c] * a[c][i] for
 * i < len (column 0's term first), and d[c] = the dot a[c] . x over the same i. Unit strides: the first
 * `head` elements and the last (len - head) % VL one by one, the vectors between in two vector
 * accumulators per column whose lanes are summed in a fixed order, the single ones added in
 * order. The vectors of y thus start at the same offsets from column to column, and no masked
 * load or store runs in the sweep: a load of y that partly overlaps the previous column's store
 * cannot be forwarded, and masked ones cost far more (lower SSYMV 1024: 460 -> 43 us). */
static inline __attribute__((always_inline)) void
mv_cols_axpy_dot(const T *const *a, const T *t, const int NC, int64_t len, int64_t head,
                 const T *x, int64_t incx, T *y, int64_t incy, T *d) {
    T ds[MV_GROUP] = {0};
    if (incx != 1 || incy != 1) {
        for (int64_t i = 0; i < len; i++)
            for (int c = 0; c < NC; c++) {
                y[i * incy] += t[c] * a[c][i];
                ds[c] += a[c][i] * x[i * incx];
            }
        for (int c = 0; c < NC; c++) d[c] = ds[c];
        return;
    }
    const int64_t i0 = head < len ? head : len, i1 = i0 + (len - i0) / VL * VL;
    for (int64_t i = 0; i < i0; i++)
        for (int c = 0; c < NC; c++) {
            y[i] += t[c] * a[c][i];
            ds[c] += a[c][i] * x[i];
        }
    VT vt[MV_GROUP], d0[MV_GROUP], d1[MV_GROUP];
    for (int c = 0; c < NC; c++) {
        vt[c] = v_set1(t[c]);
        d0[c] = d1[c] = v_set1((T)0);
    }
    int64_t i = i0;
    for (; i + 2 * VL <= i1; i += 2 * VL) {
        const VT x0 = v_loadu(x + i), x1 = v_loadu(x + i + VL);
        VT y0 = v_loadu(y + i), y1 = v_loadu(y + i + VL);
        for (int c = 0; c < NC; c++) {
            const VT a0 = v_loadu(a[c] + i), a1 = v_loadu(a[c] + i + VL);
            y0 = v_fma(a0, vt[c], y0);
            y1 = v_fma(a1, vt[c], y1);
            d0[c] = v_fma(a0, x0, d0[c]);
            d1[c] = v_fma(a1, x1, d1[c]);
        }
        v_storeu(y + i, y0);
        v_storeu(y + i + VL, y1);
    }
    if (i < i1) {
        const VT x0 = v_loadu(x + i);
        VT y0 = v_loadu(y + i);
        for (int c = 0; c < NC; c++) {
            const VT a0 = v_loadu(a[c] + i);
            y0 = v_fma(a0, vt[c], y0);
            d0[c] = v_fma(a0, x0, d0[c]);
        }
        v_storeu(y + i, y0);
    }
    for (int c = 0; c < NC; c++) d[c] = v_reduce_add(v_add(d0[c], d1[c])) + ds[c];
    for (i = i1; i < len; i++)
        for (int c = 0; c < NC; c++) {
            y[i] += t[c] * a[c][i];
            d[c] += a[c][i] * x[i];
        }
}

/* y[i] += t * a[i] for i < len: the first `head` elements and the last (len - head) % VL one by
 * one, whole vectors between (y's vectors at the same offsets from column to column, as in
 * mv_cols_axpy_dot; GBMV N with kl = ku = 1 ran at half OpenBLAS's rate with masked ends). */
static inline void mv_axpy(const T *a, int64_t len, int64_t head, T t, T *y, int64_t incy) {
    if (incy != 1) {
        for (int64_t i = 0; i < len; i++) y[i * incy] += t * a[i];
        return;
    }
    const int64_t i0 = head < len ? head : len, i1 = i0 + (len - i0) / VL * VL;
    for (int64_t i = 0; i < i0; i++) y[i] += t * a[i];
    const VT vt = v_set1(t);
    for (int64_t i = i0; i < i1; i += VL) v_storeu(y + i, v_fma(v_loadu(a + i), vt, v_loadu(y + i)));
    for (int64_t i = i1; i < len; i++) y[i] += t * a[i];
}

/* The dot a . x over len elements: whole vectors in two accumulators, lanes summed in a fixed
 * order, then the last len % VL one by one. */
static inline T mv_dot(const T *a, int64_t len, const T *x, int64_t incx) {
    if (incx != 1) {
        T d = 0;
        for (int64_t i = 0; i < len; i++) d += a[i] * x[i * incx];
        return d;
    }
    const int64_t i1 = len / VL * VL;
    VT d0 = v_set1((T)0), d1 = v_set1((T)0);
    int64_t i = 0;
    for (; i + 2 * VL <= i1; i += 2 * VL) {
        d0 = v_fma(v_loadu(a + i), v_loadu(x + i), d0);
        d1 = v_fma(v_loadu(a + i + VL), v_loadu(x + i + VL), d1);
    }
    if (i < i1) d0 = v_fma(v_loadu(a + i), v_loadu(x + i), d0);
    T d = i1 > 0 ? v_reduce_add(v_add(d0, d1)) : (T)0;
    for (i = i1; i < len; i++) d += a[i] * x[i];
    return d;
}

/* ---- symmetric: SYMV, SBMV, SPMV ------------------------------------------------------------ */

typedef enum { MV_FULL, MV_BAND, MV_PACKED } mv_storage;

/* A symmetric A's stored triangle: column j's stored elements are A(i, j) = column(j)[i] for
 * i in [j - k, j] (upper) or [j, j + k] (lower), clipped to [0, n); k = n - 1 unless banded. */
typedef struct {
    const T *A;
    int64_t n, k, lda;
    mv_storage storage;
    int upper;
} mv_sym;

static inline const T *mv_sym_column(const mv_sym *s, int64_t j) {
    switch (s->storage) {
    case MV_BAND: return s->A + j * (s->lda - 1) + (s->upper ? s->k : 0);
    case MV_PACKED: return s->A + (s->upper ? j * (j + 1) / 2 : j * (2 * s->n - j - 1) / 2);
    default: return s->A + j * s->lda;
    }
}

/* Columns [j, j + G) (G <= MV_GROUP, a constant where inlined); col[c] points at row 0 of
 * column j + c. Lower: column j + c stores rows j + c + 1 .. e[c] off its diagonal (e[c] grows
 * by at most 1 per column); the rows [j + G, e[0]] all of them store are swept once for all
 * (mv_cols_axpy_dot, y's vectors at offsets that are multiples of VL), the rows inside the
 * group's triangle and those past e[0] one by one. Upper: column j + c stores rows s[c] ..
 * j + c - 1; the rows [s[G - 1], j) are swept together, those before s[G - 1] and inside the
 * group one by one. Then y(j + c) += t[c] A(j + c, j + c) + alpha * d[c] in column order. */
static inline __attribute__((always_inline)) void
mv_sym_group(const mv_sym *s, int64_t j, const int G, T alpha, const T *x, int64_t ix, T *y,
             int64_t iy) {
    const int64_t n = s->n, k = s->k < n - 1 ? s->k : n - 1;
    const T *col[MV_GROUP], *a[MV_GROUP];
    T t[MV_GROUP], d[MV_GROUP], dd[MV_GROUP];
    int64_t lim[MV_GROUP]; /* lower: e[c]; upper: s[c] */
    for (int c = 0; c < G; c++) {
        col[c] = mv_sym_column(s, j + c);
        t[c] = alpha * x[(j + c) * ix];
        d[c] = 0;
        lim[c] = s->upper ? (j + c > k ? j + c - k : 0)
                          : j + c + (k < n - 1 - j - c ? k : n - 1 - j - c);
    }
    int64_t r0, r1; /* the rows every column stores: [r0, r1) */
    if (!s->upper) {
        r0 = j + G, r1 = lim[0] + 1;
        for (int c = 0; c < G; c++) /* inside the group's triangle */
            for (int64_t r = j + c + 1; r < j + G && r <= lim[c]; r++) {
                y[r * iy] += t[c] * col[c][r];
                d[c] += col[c][r] * x[r * ix];
            }
    } else {
        r0 = lim[G - 1], r1 = j;
        for (int c = 0; c < G; c++) /* before s[G - 1] */
            for (int64_t r = lim[c]; r < lim[G - 1] && r < j; r++) {
                y[r * iy] += t[c] * col[c][r];
                d[c] += col[c][r] * x[r * ix];
            }
    }
    if (r0 < r1) {
        for (int c = 0; c < G; c++) a[c] = col[c] + r0;
        mv_cols_axpy_dot(a, t, G, r1 - r0, (VL - r0 % VL) % VL, x + r0 * ix, ix, y + r0 * iy, iy,
                         dd);
        for (int c = 0; c < G; c++) d[c] += dd[c];
    }
    if (!s->upper) {
        for (int c = 1; c < G; c++) /* past e[0] */
            for (int64_t r = r1 > r0 ? r1 : r0; r <= lim[c]; r++) {
                y[r * iy] += t[c] * col[c][r];
                d[c] += col[c][r] * x[r * ix];
            }
    } else {
        for (int c = 1; c < G; c++) /* inside the group's triangle */
            for (int64_t r = j > lim[c] ? j : lim[c]; r < j + c; r++) {
                y[r * iy] += t[c] * col[c][r];
                d[c] += col[c][r] * x[r * ix];
            }
    }
    for (int c = 0; c < G; c++) y[(j + c) * iy] += t[c] * col[c][j + c] + alpha * d[c];
}

static gblas_status_t mv_symmetric(gblas_ctx *ctx, const mv_sym *s, const void *alpha,
                                   const void *x, int64_t incx, const void *beta, void *y,
                                   int64_t incy) {
    const int64_t n = s->n;
    const T a = *(const T *)alpha;
    mv_vec yv = {.p = (T *)y + gblas_vec_start(n, incy), .n = n, .inc = incy};
    mv_scale(yv.p, n, incy, *(const T *)beta);
    if (a == 0) return GBLAS_STATUS_SUCCESS;
    mv_vec xv = {.p = (T *)x + gblas_vec_start(n, incx), .n = n, .inc = incx};
    mv_vectors_open(ctx, &xv, &yv);
    int64_t j = 0;
    for (; j + MV_GROUP <= n; j += MV_GROUP)
        mv_sym_group(s, j, MV_GROUP, a, xv.p, xv.inc, yv.p, yv.inc);
    switch (n - j) { /* the last columns */
    case 1: mv_sym_group(s, j, 1, a, xv.p, xv.inc, yv.p, yv.inc); break;
    case 2: mv_sym_group(s, j, 2, a, xv.p, xv.inc, yv.p, yv.inc); break;
    case 3: mv_sym_group(s, j, 3, a, xv.p, xv.inc, yv.p, yv.inc); break;
    default: break;
    }
    mv_vectors_close(&yv);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t symv(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha,
                           const void *A, int64_t lda, const void *x, int64_t incx,
                           const void *beta, void *y, int64_t incy) {
    const mv_sym s = {.A = A, .n = n, .k = n - 1, .lda = lda, .storage = MV_FULL,
                      .upper = uplo == GBLAS_FILL_MODE_UPPER};
    return mv_symmetric(ctx, &s, alpha, x, incx, beta, y, incy);
}

static gblas_status_t sbmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, int64_t k,
                           const void *alpha, const void *A, int64_t lda, const void *x,
                           int64_t incx, const void *beta, void *y, int64_t incy) {
    const mv_sym s = {.A = A, .n = n, .k = k, .lda = lda, .storage = MV_BAND,
                      .upper = uplo == GBLAS_FILL_MODE_UPPER};
    return mv_symmetric(ctx, &s, alpha, x, incx, beta, y, incy);
}

static gblas_status_t spmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha,
                           const void *AP, const void *x, int64_t incx, const void *beta, void *y,
                           int64_t incy) {
    const mv_sym s = {.A = AP, .n = n, .k = n - 1, .storage = MV_PACKED,
                      .upper = uplo == GBLAS_FILL_MODE_UPPER};
    return mv_symmetric(ctx, &s, alpha, x, incx, beta, y, incy);
}

/* ---- GBMV ----------------------------------------------------------------------------------- */

/* Column j of an m x n band matrix (kl, ku) holds the rows [r0, r1] at col[r0 .. r1]. */
typedef struct {
    const T *A;
    int64_t m, n, kl, ku, lda;
    T alpha;
    mv_vec x, y;
} mv_band;

static inline const T *mv_band_column(const mv_band *b, int64_t j, int64_t *r0, int64_t *r1) {
    *r0 = j > b->ku ? j - b->ku : 0;
    *r1 = b->kl >= b->m - 1 - j ? b->m - 1 : j + b->kl;
    return b->A + j * (b->lda - 1) + b->ku; /* A(i, j) at A[ku + i - j + j * lda] */
}

/* T: y(j) += alpha * (column j . x) for the columns of group g. */
#define GBMV_T_COLS 64
static void gbmv_t_columns(void *arg, int64_t g) {
    const mv_band *b = arg;
    const int64_t j1 = b->n - g * GBMV_T_COLS < GBMV_T_COLS ? b->n : (g + 1) * GBMV_T_COLS;
    for (int64_t j = g * GBMV_T_COLS; j < j1; j++) {
        int64_t r0, r1;
        const T *col = mv_band_column(b, j, &r0, &r1);
        /* a column the band leaves empty still gets alpha * 0, as in the reference BLAS */
        const T d = r0 <= r1 ? mv_dot(col + r0, r1 - r0 + 1, b->x.p + r0 * b->x.inc, b->x.inc) : 0;
        b->y.p[j * b->y.inc] += b->alpha * d;
    }
}

static gblas_status_t gbmv(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                           int64_t kl, int64_t ku, const void *alpha, const void *A, int64_t lda,
                           const void *x, int64_t incx, const void *beta, void *y,
                           int64_t incy) {
    const int notrans = trans == GBLAS_OP_N;
    const int64_t nx = notrans ? n : m, ny = notrans ? m : n;
    mv_band b = {.A = A, .m = m, .n = n, .kl = kl, .ku = ku, .lda = lda,
                 .alpha = *(const T *)alpha,
                 .y = {.p = (T *)y + gblas_vec_start(ny, incy), .n = ny, .inc = incy}};
    mv_scale(b.y.p, ny, incy, *(const T *)beta);
    if (b.alpha == 0) return GBLAS_STATUS_SUCCESS;
    b.x = (mv_vec){.p = (T *)x + gblas_vec_start(nx, incx), .n = nx, .inc = incx};
    mv_vectors_open(ctx, &b.x, &b.y);
    if (notrans) {
        for (int64_t j = 0; j < n; j++) {
            int64_t r0, r1;
            const T *col = mv_band_column(&b, j, &r0, &r1);
            if (r0 <= r1)
                mv_axpy(col + r0, r1 - r0 + 1, (VL - r0 % VL) % VL, b.alpha * b.x.p[j * b.x.inc],
                        b.y.p + r0 * b.y.inc, b.y.inc);
        }
    } else {
        const int64_t width = (kl < m ? kl : m) + (ku < m ? ku : m) + 1;
        const int parallel = (double)n * (double)width >= (double)GBLAS_CPU_PARALLEL_MIN;
        gblas_cpu_for(ctx, (n + GBMV_T_COLS - 1) / GBMV_T_COLS, parallel, gbmv_t_columns, &b);
    }
    mv_vectors_close(&b.y);
    return GBLAS_STATUS_SUCCESS;
}
#undef GBMV_T_COLS

static void level2_mv_fill(gblas_ops *ops) {
    ops->routine.gbmv[GBLAS_TYPE_TAG] = gbmv;
    ops->routine.symv[GBLAS_TYPE_TAG] = symv;
    ops->routine.sbmv[GBLAS_TYPE_TAG] = sbmv;
    ops->routine.spmv[GBLAS_TYPE_TAG] = spmv;
}
