/* ref_level1_body.h: the reference Level-1 routines for one element type (type_<t>.h), in the
 * ops table's type-erased signatures: the reductions DOT, NRM2, ASUM, IAMAX, IAMIN through
 * gblas_cpu_reduce's fixed chunk order (results never depend on the thread count), the
 * element-wise AXPY, SCAL, COPY, SWAP, ROT, ROTM, and ROTG, ROTMG (src/common/rot_setup.h).
 * Included by <t>_ref.c after level1_chunks_body.h. x and y are moved to element 0 first
 * (gblas_vec_start: a negative increment starts at the far end). */

/* A reduction as its chunks see it: x and y at element 0. Each *_parts computes the chunks
 * [c0, c1) into p[c - c0] (gblas_cpu_reduce). */
typedef struct {
    int64_t n, incx, incy;
    const T *x, *y;
} ref_reduce_task;

static void ref_dot_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const ref_reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++) {
        const int64_t i0 = c * GBLAS_CPU_CHUNK, len = gblas_cpu_chunk_len(t->n, c);
        p[c - c0][0] =
            ref_dot_chunk(t->x + i0 * t->incx, t->incx, t->y + i0 * t->incy, t->incy, len);
    }
}

static void ref_nrm2_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const ref_reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++)
        ref_nrm2_chunk(t->x + c * GBLAS_CPU_CHUNK * t->incx, t->incx,
                       gblas_cpu_chunk_len(t->n, c), p[c - c0]);
}

static void ref_asum_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const ref_reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++)
        p[c - c0][0] = ref_asum_chunk(t->x + c * GBLAS_CPU_CHUNK * t->incx, t->incx,
                                      gblas_cpu_chunk_len(t->n, c));
}

static void ref_iamax_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const ref_reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++) {
        const int64_t i0 = c * GBLAS_CPU_CHUNK;
        ref_iamax_chunk(t->x + i0 * t->incx, t->incx, gblas_cpu_chunk_len(t->n, c), i0, 0,
                        p[c - c0]);
    }
}

static void ref_iamin_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const ref_reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++) {
        const int64_t i0 = c * GBLAS_CPU_CHUNK;
        ref_iamax_chunk(t->x + i0 * t->incx, t->incx, gblas_cpu_chunk_len(t->n, c), i0, 1,
                        p[c - c0]);
    }
}

static gblas_status_t ref_dot(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                              const void *y, int64_t incy, void *result) {
    ref_reduce_task t = {.n = n, .incx = incx, .incy = incy,
                         .x = (const T *)x + gblas_vec_start(n, incx),
                         .y = (const T *)y + gblas_vec_start(n, incy)};
    gblas_cpu_partial total;
    gblas_cpu_reduce(ctx, n, GBLAS_CPU_SUM1, ref_dot_parts, &t, total);
    *(T *)result = (T)total[0];
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_nrm2(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                               void *result) {
    ref_reduce_task t = {.n = n, .incx = incx, .x = (const T *)x + gblas_vec_start(n, incx)};
    gblas_cpu_partial acc;
    gblas_cpu_reduce(ctx, n, GBLAS_CPU_SUM3, ref_nrm2_parts, &t, acc);
    *(REAL *)result = (REAL)gblas_blue_join(acc[0], acc[1], acc[2], BLUE_SSML, BLUE_SBIG);
    return GBLAS_STATUS_SUCCESS;
}

/* incx > 0 here: the API answers 0 for a negative one, as the reference BLAS. */
static gblas_status_t ref_asum(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                               void *result) {
    ref_reduce_task t = {.n = n, .incx = incx, .x = x};
    gblas_cpu_partial total;
    gblas_cpu_reduce(ctx, n, GBLAS_CPU_SUM1, ref_asum_parts, &t, total);
    *(REAL *)result = (REAL)total[0];
    return GBLAS_STATUS_SUCCESS;
}

/* The reference I_AMAX: |x[0]| seeds the search and only a strictly larger (smaller) value
 * replaces it, so a NaN in x[0] gives 1 and any other NaN is passed over; the chunks' first
 * candidates, combined in order, are exactly that. incx > 0 (see ref_asum). */
static gblas_status_t ref_iamax_or_min(gblas_ctx *ctx, int64_t n, const T *x, int64_t incx,
                                       int smallest, int64_t *result) {
    if (ABS(x[0]) != ABS(x[0])) {
        *result = 1;
        return GBLAS_STATUS_SUCCESS;
    }
    ref_reduce_task t = {.n = n, .incx = incx, .x = x};
    gblas_cpu_partial best;
    gblas_cpu_reduce(ctx, n, smallest ? GBLAS_CPU_ARGMIN : GBLAS_CPU_ARGMAX,
                     smallest ? ref_iamin_parts : ref_iamax_parts, &t, best);
    *result = (int64_t)best[1] + 1;
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_iamax(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                                void *result) {
    return ref_iamax_or_min(ctx, n, x, incx, 0, result);
}

static gblas_status_t ref_iamin(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                                void *result) {
    return ref_iamax_or_min(ctx, n, x, incx, 1, result);
}

/* y += alpha * x; alpha == 0 leaves y as it is without reading x. */
static gblas_status_t ref_axpy(gblas_ctx *ctx, int64_t n, const void *alpha, const void *x,
                               int64_t incx, void *y, int64_t incy) {
    const T a = *(const T *)alpha;
    if (a == 0) return GBLAS_STATUS_SUCCESS;
    const T *x0 = (const T *)x + gblas_vec_start(n, incx);
    T *y0 = (T *)y + gblas_vec_start(n, incy);
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
    for (int64_t i = 0; i < n; i++) y0[i * incy] += a * x0[i * incx];
    return GBLAS_STATUS_SUCCESS;
}

/* x *= alpha; alpha == 0 writes exact zeros (NaN and Inf in x do not survive). incx > 0. */
static gblas_status_t ref_scal(gblas_ctx *ctx, int64_t n, const void *alpha, void *x,
                               int64_t incx) {
    const T a = *(const T *)alpha;
    T *x0 = x;
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
    for (int64_t i = 0; i < n; i++) x0[i * incx] = a == 0 ? (T)0 : a * x0[i * incx];
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

/* x[i] = c x[i] + s y[i], y[i] = c y[i] - s x[i], each product rounded (no fused
 * multiply-add), as the reference srot/drot: the vector paths compute the same bits. */
static gblas_status_t ref_rot(gblas_ctx *ctx, int64_t n, void *x, int64_t incx, void *y,
                              int64_t incy, const void *c, const void *s) {
    const T cv = *(const REAL *)c, sv = *(const T *)s;
    T *x0 = (T *)x + gblas_vec_start(n, incx), *y0 = (T *)y + gblas_vec_start(n, incy);
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
    for (int64_t i = 0; i < n; i++) {
        const T xi = x0[i * incx], yi = y0[i * incy];
        x0[i * incx] = cv * xi + sv * yi;
        y0[i * incy] = cv * yi - sv * xi;
    }
    return GBLAS_STATUS_SUCCESS;
}

/* The modified Givens transformation of param (reference drotm): flag -2 leaves x and y as
 * they are; a negative flag applies [h11 h12; h21 h22]; 0 the unit diagonal [1 h12; h21 1];
 * any positive one [h11 1; -1 h22]. Products rounded one by one, as ref_rot. */
static gblas_status_t ref_rotm(gblas_ctx *ctx, int64_t n, void *x, int64_t incx, void *y,
                               int64_t incy, const void *param) {
    const T *p = param;
    const T flag = p[0];
    if (flag == -2) return GBLAS_STATUS_SUCCESS;
    const T h11 = flag < 0 ? p[1] : flag == 0 ? 1 : p[1];
    const T h21 = flag < 0 ? p[2] : flag == 0 ? p[2] : -1;
    const T h12 = flag < 0 ? p[3] : flag == 0 ? p[3] : 1;
    const T h22 = flag < 0 ? p[4] : flag == 0 ? 1 : p[4];
    const int full = flag < 0, unit_diag = flag == 0;
    T *x0 = (T *)x + gblas_vec_start(n, incx), *y0 = (T *)y + gblas_vec_start(n, incy);
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
    for (int64_t i = 0; i < n; i++) {
        const T w = x0[i * incx], z = y0[i * incy];
        if (full) {
            x0[i * incx] = w * h11 + z * h12;
            y0[i * incy] = w * h21 + z * h22;
        } else if (unit_diag) {
            x0[i * incx] = w + z * h12;
            y0[i * incy] = w * h21 + z;
        } else {
            x0[i * incx] = w * h11 + z;
            y0[i * incy] = -w + h22 * z;
        }
    }
    return GBLAS_STATUS_SUCCESS;
}

/* The scalars live in host memory on this backend whatever the pointer mode. */
static gblas_status_t ref_rotg(gblas_ctx *ctx, void *a, void *b, void *c, void *s) {
    (void)ctx;
    gblas_rotg((T *)a, (T *)b, (REAL *)c, (T *)s);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_rotmg(gblas_ctx *ctx, void *d1, void *d2, void *x1, const void *y1,
                                void *param) {
    (void)ctx;
    gblas_rotmg((T *)d1, (T *)d2, (T *)x1, (const T *)y1, (T *)param);
    return GBLAS_STATUS_SUCCESS;
}
