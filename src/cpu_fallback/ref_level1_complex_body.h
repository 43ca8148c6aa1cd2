/* ref_level1_complex_body.h: the reference Level-1 routines for one complex element type
 * (type_c.h, type_z.h), in the ops table's type-erased signatures: the reductions DOTU, DOTC,
 * NRM2, ASUM, IAMAX, IAMIN through gblas_cpu_reduce's fixed chunk order (results never depend
 * on the thread count), the element-wise AXPY, SCAL, SCAL_REAL, COPY, SWAP, ROT, ROT_REAL, and
 * ROTG (src/common/rotg_complex.h). Included by <t>_ref.c. x and y are moved to element 0
 * first (gblas_vec_start: a negative increment starts at the far end). Products are rounded
 * part by part as written (re = a.re b.re - a.im b.im, ...). */

/* ---- complex arithmetic on the two parts ---- */
static inline T cx_mul(T a, T b) { /* a b */
    return (T){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
static inline T cx_mulc(T a, T b) { /* conj(a) b */
    return (T){a.re * b.re + a.im * b.im, a.re * b.im - a.im * b.re};
}
static inline T cx_add(T a, T b) { return (T){a.re + b.re, a.im + b.im}; }
static inline T cx_sub(T a, T b) { return (T){a.re - b.re, a.im - b.im}; }
static inline T cx_scale(REAL s, T a) { return (T){s * a.re, s * a.im}; }
static inline int cx_is_zero(T a) { return a.re == 0 && a.im == 0; }
/* |re| + |im|: I_AMAX's and ASUM's measure of an element (reference SCABS1), in REAL. */
static inline REAL cx_abs1(T a) { return ABS(a.re) + ABS(a.im); }

/* ---- one chunk of each reduction, element by element for any stride ---- */

/* sum of x[i] y[i] (conj(x[i]) y[i] with conj set), i < len: eight running sums, sum j taking
 * the elements with i % 8 == j, combined pairwise (the real ref_dot_chunk's order). */
static inline T cx_dot_chunk(const T *x, int64_t incx, const T *y, int64_t incy, int64_t len,
                             int conj) {
    T s[8] = {{0, 0}};
    for (int64_t i = 0; i < len; i++) {
        const T a = x[i * incx], b = y[i * incy];
        s[i % 8] = cx_add(s[i % 8], conj ? cx_mulc(a, b) : cx_mul(a, b));
    }
    return cx_add(cx_add(cx_add(s[0], s[1]), cx_add(s[2], s[3])),
                  cx_add(cx_add(s[4], s[5]), cx_add(s[6], s[7])));
}

/* sum of |re x[i]| + |im x[i]|, i < len, in the eight running sums of cx_dot_chunk. */
static inline REAL cx_asum_chunk(const T *x, int64_t incx, int64_t len) {
    REAL s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int64_t i = 0; i < len; i++) s[i % 8] += cx_abs1(x[i * incx]);
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

/* Blue's three sums of squares (ref_nrm2_chunk's) over the 2 len parts of x, real part first:
 * acc[0] small values scaled up by SSML, acc[1] mid-range ones, acc[2] big ones scaled down by
 * SBIG. NaN lands in acc[1]. */
static inline void cx_nrm2_chunk(const T *x, int64_t incx, int64_t len, double *acc) {
    REAL asml = 0, amed = 0, abig = 0;
    for (int64_t i = 0; i < len; i++)
        for (int part = 0; part < 2; part++) {
            const REAL ax = ABS(part ? x[i * incx].im : x[i * incx].re);
            if (ax > BLUE_TBIG) {
                const REAL t = ax * BLUE_SBIG;
                abig += t * t;
            } else if (ax < BLUE_TSML) {
                const REAL t = ax * BLUE_SSML;
                asml += t * t;
            } else {
                amed += ax * ax;
            }
        }
    acc[0] = asml;
    acc[1] = amed;
    acc[2] = abig;
}

/* The first of the largest (smallest: `smallest` set) |re x[i]| + |im x[i]|, i < len, NaN
 * passed over: best[0] = that value, best[1] = first + i, or -1 when every element is NaN. */
static inline void cx_iamax_chunk(const T *x, int64_t incx, int64_t len, int64_t first,
                                  const int smallest, double *best) {
    REAL v = 0;
    int64_t at = -1;
    for (int64_t i = 0; i < len; i++) {
        const REAL a = cx_abs1(x[i * incx]);
        if (a != a) continue;
        if (at < 0 || (smallest ? a < v : a > v)) {
            v = a;
            at = i;
        }
    }
    best[0] = v;
    best[1] = at < 0 ? -1 : (double)(first + at);
}

/* ---- reductions: chunks [c0, c1) into p[c - c0] (gblas_cpu_reduce) ---- */
typedef struct {
    int64_t n, incx, incy;
    const T *x, *y;
    int conj;
} cx_reduce_task;

/* DOTU and DOTC: the real part in [0], the imaginary in [1], summed as SUM3 ([2] stays 0). */
static void cx_dot_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const cx_reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++) {
        const int64_t i0 = c * GBLAS_CPU_CHUNK;
        const T s = cx_dot_chunk(t->x + i0 * t->incx, t->incx, t->y + i0 * t->incy, t->incy,
                                 gblas_cpu_chunk_len(t->n, c), t->conj);
        p[c - c0][0] = s.re;
        p[c - c0][1] = s.im;
        p[c - c0][2] = 0;
    }
}

static void cx_nrm2_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const cx_reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++)
        cx_nrm2_chunk(t->x + c * GBLAS_CPU_CHUNK * t->incx, t->incx,
                      gblas_cpu_chunk_len(t->n, c), p[c - c0]);
}

static void cx_asum_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const cx_reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++)
        p[c - c0][0] = cx_asum_chunk(t->x + c * GBLAS_CPU_CHUNK * t->incx, t->incx,
                                     gblas_cpu_chunk_len(t->n, c));
}

static void cx_iamax_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const cx_reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++) {
        const int64_t i0 = c * GBLAS_CPU_CHUNK;
        cx_iamax_chunk(t->x + i0 * t->incx, t->incx, gblas_cpu_chunk_len(t->n, c), i0, 0,
                       p[c - c0]);
    }
}

static void cx_iamin_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const cx_reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++) {
        const int64_t i0 = c * GBLAS_CPU_CHUNK;
        cx_iamax_chunk(t->x + i0 * t->incx, t->incx, gblas_cpu_chunk_len(t->n, c), i0, 1,
                       p[c - c0]);
    }
}

static gblas_status_t cx_dot(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                             const void *y, int64_t incy, void *result, int conj) {
    cx_reduce_task t = {.n = n, .incx = incx, .incy = incy, .conj = conj,
                        .x = (const T *)x + gblas_vec_start(n, incx),
                        .y = (const T *)y + gblas_vec_start(n, incy)};
    gblas_cpu_partial total;
    gblas_cpu_reduce(ctx, n, GBLAS_CPU_SUM3, cx_dot_parts, &t, total);
    *(T *)result = (T){(REAL)total[0], (REAL)total[1]};
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_dotu(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                               const void *y, int64_t incy, void *result) {
    return cx_dot(ctx, n, x, incx, y, incy, result, 0);
}

static gblas_status_t ref_dotc(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                               const void *y, int64_t incy, void *result) {
    return cx_dot(ctx, n, x, incx, y, incy, result, 1);
}

static gblas_status_t ref_nrm2(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                               void *result) {
    cx_reduce_task t = {.n = n, .incx = incx, .x = (const T *)x + gblas_vec_start(n, incx)};
    gblas_cpu_partial acc;
    gblas_cpu_reduce(ctx, n, GBLAS_CPU_SUM3, cx_nrm2_parts, &t, acc);
    *(REAL *)result = (REAL)gblas_blue_join(acc[0], acc[1], acc[2], BLUE_SSML, BLUE_SBIG);
    return GBLAS_STATUS_SUCCESS;
}

/* incx > 0 here: the API answers 0 for a negative one, as the reference BLAS. */
static gblas_status_t ref_asum(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                               void *result) {
    cx_reduce_task t = {.n = n, .incx = incx, .x = x};
    gblas_cpu_partial total;
    gblas_cpu_reduce(ctx, n, GBLAS_CPU_SUM1, cx_asum_parts, &t, total);
    *(REAL *)result = (REAL)total[0];
    return GBLAS_STATUS_SUCCESS;
}

/* The reference I_AMAX on |re| + |im|: a NaN measure of x[0] gives 1, any other NaN is passed
 * over (see the real ref_iamax_or_min). incx > 0. */
static gblas_status_t cx_iamax_or_min(gblas_ctx *ctx, int64_t n, const T *x, int64_t incx,
                                      int smallest, int64_t *result) {
    if (cx_abs1(x[0]) != cx_abs1(x[0])) {
        *result = 1;
        return GBLAS_STATUS_SUCCESS;
    }
    cx_reduce_task t = {.n = n, .incx = incx, .x = x};
    gblas_cpu_partial best;
    gblas_cpu_reduce(ctx, n, smallest ? GBLAS_CPU_ARGMIN : GBLAS_CPU_ARGMAX,
                     smallest ? cx_iamin_parts : cx_iamax_parts, &t, best);
    *result = (int64_t)best[1] + 1;
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_iamax(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                                void *result) {
    return cx_iamax_or_min(ctx, n, x, incx, 0, result);
}

static gblas_status_t ref_iamin(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                                void *result) {
    return cx_iamax_or_min(ctx, n, x, incx, 1, result);
}

/* ---- element-wise routines ---- */

/* y += alpha x; alpha == 0 leaves y as it is without reading x. */
static gblas_status_t ref_axpy(gblas_ctx *ctx, int64_t n, const void *alpha, const void *x,
                               int64_t incx, void *y, int64_t incy) {
    const T a = *(const T *)alpha;
    if (cx_is_zero(a)) return GBLAS_STATUS_SUCCESS;
    const T *x0 = (const T *)x + gblas_vec_start(n, incx);
    T *y0 = (T *)y + gblas_vec_start(n, incy);
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
    for (int64_t i = 0; i < n; i++) y0[i * incy] = cx_add(y0[i * incy], cx_mul(a, x0[i * incx]));
    return GBLAS_STATUS_SUCCESS;
}

/* x = alpha x; alpha == 0 writes exact zeros (NaN and Inf in x do not survive). incx > 0. */
static gblas_status_t ref_scal(gblas_ctx *ctx, int64_t n, const void *alpha, void *x,
                               int64_t incx) {
    const T a = *(const T *)alpha;
    const int zero = cx_is_zero(a);
    T *x0 = x;
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
    for (int64_t i = 0; i < n; i++) x0[i * incx] = zero ? (T){0, 0} : cx_mul(a, x0[i * incx]);
    return GBLAS_STATUS_SUCCESS;
}

/* x = alpha x, alpha real (csscal, zdscal); alpha == 0 writes exact zeros. incx > 0. */
static gblas_status_t ref_scal_real(gblas_ctx *ctx, int64_t n, const void *alpha, void *x,
                                    int64_t incx) {
    const REAL a = *(const REAL *)alpha;
    T *x0 = x;
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
    for (int64_t i = 0; i < n; i++) x0[i * incx] = a == 0 ? (T){0, 0} : cx_scale(a, x0[i * incx]);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_copy(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx, void *y,
                               int64_t incy) {
    const T *x0 = (const T *)x + gblas_vec_start(n, incx);
    T *y0 = (T *)y + gblas_vec_start(n, incy);
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
    for (int64_t i = 0; i < n; i++) y0[i * incy] = x0[i * incx];
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_swap(gblas_ctx *ctx, int64_t n, void *x, int64_t incx, void *y,
                               int64_t incy) {
    T *x0 = (T *)x + gblas_vec_start(n, incx), *y0 = (T *)y + gblas_vec_start(n, incy);
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
    for (int64_t i = 0; i < n; i++) {
        const T t = x0[i * incx];
        x0[i * incx] = y0[i * incy];
        y0[i * incy] = t;
    }
    return GBLAS_STATUS_SUCCESS;
}

/* x[i] = c x[i] + s y[i], y[i] = c y[i] - conj(s) x[i], c real (LAPACK's CROT, cuBLAS's
 * crot). x and y may be the same vector with the same increment: each pair is read first. */
static gblas_status_t ref_rot(gblas_ctx *ctx, int64_t n, void *x, int64_t incx, void *y,
                              int64_t incy, const void *c, const void *s) {
    const REAL cv = *(const REAL *)c;
    const T sv = *(const T *)s;
    T *x0 = (T *)x + gblas_vec_start(n, incx), *y0 = (T *)y + gblas_vec_start(n, incy);
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
    for (int64_t i = 0; i < n; i++) {
        const T xi = x0[i * incx], yi = y0[i * incy];
        x0[i * incx] = cx_add(cx_scale(cv, xi), cx_mul(sv, yi));
        y0[i * incy] = cx_sub(cx_scale(cv, yi), cx_mulc(sv, xi));
    }
    return GBLAS_STATUS_SUCCESS;
}

/* x[i] = c x[i] + s y[i], y[i] = c y[i] - s x[i], c and s real (csrot, zdrot). */
static gblas_status_t ref_rot_real(gblas_ctx *ctx, int64_t n, void *x, int64_t incx, void *y,
                                   int64_t incy, const void *c, const void *s) {
    const REAL cv = *(const REAL *)c, sv = *(const REAL *)s;
    T *x0 = (T *)x + gblas_vec_start(n, incx), *y0 = (T *)y + gblas_vec_start(n, incy);
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
    for (int64_t i = 0; i < n; i++) {
        const T xi = x0[i * incx], yi = y0[i * incy];
        x0[i * incx] = cx_add(cx_scale(cv, xi), cx_scale(sv, yi));
        y0[i * incy] = cx_sub(cx_scale(cv, yi), cx_scale(sv, xi));
    }
    return GBLAS_STATUS_SUCCESS;
}

/* The scalars live in host memory on this backend whatever the pointer mode; b is read only. */
static gblas_status_t ref_rotg(gblas_ctx *ctx, void *a, void *b, void *c, void *s) {
    (void)ctx;
    gblas_rotg_complex((T *)a, (const T *)b, (REAL *)c, (T *)s);
    return GBLAS_STATUS_SUCCESS;
}
