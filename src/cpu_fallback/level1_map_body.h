/* level1_map_body.h: the element-wise Level-1 routines AXPY, SCAL and COPY of one element type
 * (type_<t>.h) in the vector vocabulary of simd_<level>.h. Included by <t>_avx2.c and
 * <t>_avx512.c. They run in blocks of GBLAS_CPU_CHUNK elements, shared out over threads from
 * GBLAS_CPU_PARALLEL_MIN elements on; unit strides on vectors, others element by element. */

/* y[i] += alpha * x[i], i < len (alpha != 0). */
static void axpy_chunk(int64_t len, T alpha, const T *x, int64_t incx, T *y, int64_t incy) {
    if (incx != 1 || incy != 1) {
        for (int64_t i = 0; i < len; i++) y[i * incy] += alpha * x[i * incx];
        return;
    }
    const VT va = v_set1(alpha);
    int64_t i = 0;
    for (; i + 2 * VL <= len; i += 2 * VL) {
        v_storeu(y + i, v_fma(va, v_loadu(x + i), v_loadu(y + i)));
        v_storeu(y + i + VL, v_fma(va, v_loadu(x + i + VL), v_loadu(y + i + VL)));
    }
    for (; i < len; i += VL) {
        const int w = len - i < VL ? (int)(len - i) : VL;
        v_store_n(y + i, v_fma(va, v_load_n(x + i, w), v_load_n(y + i, w)), w);
    }
}

/* x[i] *= alpha, i < len; alpha == 0 writes zeros without reading x. */
static void scal_chunk(int64_t len, T alpha, T *x, int64_t incx) {
    if (incx != 1) {
        for (int64_t i = 0; i < len; i++) x[i * incx] = alpha == 0 ? (T)0 : alpha * x[i * incx];
        return;
    }
    const VT va = v_set1(alpha);
    int64_t i = 0;
    for (; i + VL <= len; i += VL)
        v_storeu(x + i, alpha == 0 ? v_set1((T)0) : v_mul(va, v_loadu(x + i)));
    if (i < len) {
        const int w = (int)(len - i);
        v_store_n(x + i, alpha == 0 ? v_set1((T)0) : v_mul(va, v_load_n(x + i, w)), w);
    }
}

enum { MAP_AXPY, MAP_SCAL, MAP_COPY };

/* One element-wise call as its blocks see it: x and y at element 0; SCAL scales y. */
typedef struct {
    int op;
    int64_t n, incx, incy;
    const T *x;
    T *y;
    T alpha;
} map_task;

static void map_block(void *arg, int64_t b) {
    const map_task *t = arg;
    const int64_t i0 = b * GBLAS_CPU_CHUNK, len = gblas_cpu_chunk_len(t->n, b);
    const T *x = t->op == MAP_SCAL ? NULL : t->x + i0 * t->incx;
    T *y = t->y + i0 * t->incy;
    switch (t->op) {
    case MAP_AXPY:
        axpy_chunk(len, t->alpha, x, t->incx, y, t->incy);
        break;
    case MAP_SCAL:
        scal_chunk(len, t->alpha, y, t->incy);
        break;
    default:
        if (t->incx == 1 && t->incy == 1)
            memcpy(y, x, (size_t)len * sizeof(T));
        else
            for (int64_t i = 0; i < len; i++) y[i * t->incy] = x[i * t->incx];
        break;
    }
}

static void map_run(gblas_ctx *ctx, map_task *t) {
    gblas_cpu_for(ctx, GBLAS_CPU_CHUNKS(t->n), t->n >= GBLAS_CPU_PARALLEL_MIN, map_block, t);
}

/* y += alpha * x; alpha == 0 leaves y as it is without reading x. */
static gblas_status_t axpy(gblas_ctx *ctx, int64_t n, const void *alpha, const void *x,
                           int64_t incx, void *y, int64_t incy) {
    const T a = *(const T *)alpha;
    if (a == 0) return GBLAS_STATUS_SUCCESS;
    map_task t = {.op = MAP_AXPY, .n = n, .incx = incx, .incy = incy, .alpha = a,
                  .x = (const T *)x + gblas_vec_start(n, incx),
                  .y = (T *)y + gblas_vec_start(n, incy)};
    map_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}

/* x *= alpha; alpha == 0 writes exact zeros (NaN and Inf in x do not survive). incx > 0. */
static gblas_status_t scal(gblas_ctx *ctx, int64_t n, const void *alpha, void *x, int64_t incx) {
    map_task t = {.op = MAP_SCAL, .n = n, .incy = incx, .alpha = *(const T *)alpha, .y = x};
    map_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t copy(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx, void *y,
                           int64_t incy) {
    map_task t = {.op = MAP_COPY, .n = n, .incx = incx, .incy = incy,
                  .x = (const T *)x + gblas_vec_start(n, incx),
                  .y = (T *)y + gblas_vec_start(n, incy)};
    map_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}
