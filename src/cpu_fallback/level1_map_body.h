/* level1_map_body.h: the element-wise Level-1 routines AXPY, SCAL, COPY, SWAP, ROT and ROTM of
 * one element type (type_<t>.h) in the vector vocabulary of simd_<level>.h. Included by
 * <t>_avx2.c and <t>_avx512.c. They run in blocks of GBLAS_CPU_CHUNK elements, shared out over
 * threads from GBLAS_CPU_PARALLEL_MIN elements on; unit strides on vectors, others element by
 * element. ROT and ROTM round each product as the reference does (no fused multiply-add), so
 * every level gives the reference's bits. */

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

/* x[i] <-> y[i], i < len. */
static void swap_chunk(int64_t len, T *x, int64_t incx, T *y, int64_t incy) {
    if (incx != 1 || incy != 1) {
        for (int64_t i = 0; i < len; i++) {
            const T t = x[i * incx];
            x[i * incx] = y[i * incy];
            y[i * incy] = t;
        }
        return;
    }
    int64_t i = 0;
    for (; i + 2 * VL <= len; i += 2 * VL) {
        const VT x0 = v_loadu(x + i), x1 = v_loadu(x + i + VL);
        const VT y0 = v_loadu(y + i), y1 = v_loadu(y + i + VL);
        v_storeu(x + i, y0);
        v_storeu(x + i + VL, y1);
        v_storeu(y + i, x0);
        v_storeu(y + i + VL, x1);
    }
    for (; i < len; i += VL) {
        const int w = len - i < VL ? (int)(len - i) : VL;
        const VT xv = v_load_n(x + i, w), yv = v_load_n(y + i, w);
        v_store_n(x + i, yv, w);
        v_store_n(y + i, xv, w);
    }
}

/* The 2 x 2 map of a rotation: x[i] = h11 x[i] + h12 y[i], y[i] = h21 x[i] + h22 y[i],
 * i < len, each product rounded, in the order ROT and ROTM's reference loops round them. */
typedef enum {
    PLANE_ROT,       /* x = c x + s y,      y = c y - s x     (h11 = h22 = c, h12 = s) */
    PLANE_FULL,      /* x = x h11 + y h12,  y = x h21 + y h22 */
    PLANE_UNIT_DIAG, /* x = x + y h12,      y = x h21 + y     */
    PLANE_UNIT_OFF   /* x = x h11 + y,      y = -x + h22 y    */
} plane_kind;

static inline __attribute__((always_inline)) void plane_vec(const plane_kind KIND, VT w, VT z,
                                                            VT h11, VT h12, VT h21, VT h22,
                                                            VT *xo, VT *yo) {
    switch (KIND) {
    case PLANE_ROT:
        *xo = v_add(v_mul(h11, w), v_mul(h12, z));
        *yo = v_sub(v_mul(h11, z), v_mul(h12, w));
        break;
    case PLANE_FULL:
        *xo = v_add(v_mul(w, h11), v_mul(z, h12));
        *yo = v_add(v_mul(w, h21), v_mul(z, h22));
        break;
    case PLANE_UNIT_DIAG:
        *xo = v_add(w, v_mul(z, h12));
        *yo = v_add(v_mul(w, h21), z);
        break;
    default: /* -w + h22 z is h22 z - w, bit for bit */
        *xo = v_add(v_mul(w, h11), z);
        *yo = v_sub(v_mul(h22, z), w);
        break;
    }
}

static inline __attribute__((always_inline)) void plane_scalar(const plane_kind KIND, T w, T z,
                                                               const T h[4], T *xo, T *yo) {
    switch (KIND) {
    case PLANE_ROT:
        *xo = h[0] * w + h[1] * z;
        *yo = h[0] * z - h[1] * w;
        break;
    case PLANE_FULL:
        *xo = w * h[0] + z * h[1];
        *yo = w * h[2] + z * h[3];
        break;
    case PLANE_UNIT_DIAG:
        *xo = w + z * h[1];
        *yo = w * h[2] + z;
        break;
    default:
        *xo = w * h[0] + z;
        *yo = -w + h[3] * z;
        break;
    }
}

/* h = {h11, h12, h21, h22} (ROT: {c, s, -, -}). */
static inline __attribute__((always_inline)) void plane_chunk(const plane_kind KIND, int64_t len,
                                                              T *x, int64_t incx, T *y,
                                                              int64_t incy, const T h[4]) {
    if (incx != 1 || incy != 1) {
        for (int64_t i = 0; i < len; i++)
            plane_scalar(KIND, x[i * incx], y[i * incy], h, &x[i * incx], &y[i * incy]);
        return;
    }
    const VT h11 = v_set1(h[0]), h12 = v_set1(h[1]), h21 = v_set1(h[2]), h22 = v_set1(h[3]);
    int64_t i = 0;
    for (; i + 2 * VL <= len; i += 2 * VL) {
        VT x0, y0, x1, y1;
        plane_vec(KIND, v_loadu(x + i), v_loadu(y + i), h11, h12, h21, h22, &x0, &y0);
        plane_vec(KIND, v_loadu(x + i + VL), v_loadu(y + i + VL), h11, h12, h21, h22, &x1, &y1);
        v_storeu(x + i, x0);
        v_storeu(y + i, y0);
        v_storeu(x + i + VL, x1);
        v_storeu(y + i + VL, y1);
    }
    for (; i < len; i += VL) {
        const int w = len - i < VL ? (int)(len - i) : VL;
        VT xo, yo;
        plane_vec(KIND, v_load_n(x + i, w), v_load_n(y + i, w), h11, h12, h21, h22, &xo, &yo);
        v_store_n(x + i, xo, w);
        v_store_n(y + i, yo, w);
    }
}

enum { MAP_AXPY, MAP_SCAL, MAP_COPY, MAP_SWAP, MAP_PLANE };

/* One element-wise call as its blocks see it: x and y at element 0; SCAL scales y. SWAP and
 * the plane maps write x too (xw). */
typedef struct {
    int op;
    plane_kind plane;
    int64_t n, incx, incy, shares;
    const T *x;
    T *xw, *y;
    T alpha;
    T h[4];
} map_task;

/* Share b of t->shares: the elements of chunks [c0, c1), one call of the op's kernel (a call
 * per chunk cost ROT 2-4%, as it did the reductions: see cpu_reduce.c). */
static void map_block(void *arg, int64_t b) {
    const map_task *t = arg;
    const int64_t chunks = GBLAS_CPU_CHUNKS(t->n);
    const int64_t c0 = chunks * b / t->shares, c1 = chunks * (b + 1) / t->shares;
    const int64_t i0 = c0 * GBLAS_CPU_CHUNK;
    const int64_t len = (c1 * GBLAS_CPU_CHUNK < t->n ? c1 * GBLAS_CPU_CHUNK : t->n) - i0;
    if (len <= 0) return;
    const T *x = t->op == MAP_COPY || t->op == MAP_AXPY ? t->x + i0 * t->incx : NULL;
    T *y = t->y + i0 * t->incy;
    switch (t->op) {
    case MAP_AXPY:
        axpy_chunk(len, t->alpha, x, t->incx, y, t->incy);
        break;
    case MAP_SCAL:
        scal_chunk(len, t->alpha, y, t->incy);
        break;
    case MAP_SWAP:
        swap_chunk(len, t->xw + i0 * t->incx, t->incx, y, t->incy);
        break;
    case MAP_PLANE: {
        T *xw = t->xw + i0 * t->incx;
        switch (t->plane) {
        case PLANE_ROT: plane_chunk(PLANE_ROT, len, xw, t->incx, y, t->incy, t->h); break;
        case PLANE_FULL: plane_chunk(PLANE_FULL, len, xw, t->incx, y, t->incy, t->h); break;
        case PLANE_UNIT_DIAG:
            plane_chunk(PLANE_UNIT_DIAG, len, xw, t->incx, y, t->incy, t->h);
            break;
        default: plane_chunk(PLANE_UNIT_OFF, len, xw, t->incx, y, t->incy, t->h); break;
        }
        break;
    }
    default:
        if (t->incx == 1 && t->incy == 1)
            memcpy(y, x, (size_t)len * sizeof(T));
        else
            for (int64_t i = 0; i < len; i++) y[i * t->incy] = x[i * t->incx];
        break;
    }
}

static void map_run(gblas_ctx *ctx, map_task *t) {
    const int parallel = t->n >= GBLAS_CPU_PARALLEL_MIN;
    const int64_t threads = parallel ? gblas_cpu_threads(ctx) : 1;
    t->shares = GBLAS_CPU_CHUNKS(t->n) < threads ? GBLAS_CPU_CHUNKS(t->n) : threads;
    gblas_cpu_for(ctx, t->shares, parallel, map_block, t);
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

static gblas_status_t swap(gblas_ctx *ctx, int64_t n, void *x, int64_t incx, void *y,
                           int64_t incy) {
    map_task t = {.op = MAP_SWAP, .n = n, .incx = incx, .incy = incy,
                  .xw = (T *)x + gblas_vec_start(n, incx), .y = (T *)y + gblas_vec_start(n, incy)};
    map_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}

/* x = c x + s y, y = c y - s x, as the reference srot / drot. */
static gblas_status_t rot(gblas_ctx *ctx, int64_t n, void *x, int64_t incx, void *y,
                          int64_t incy, const void *c, const void *s) {
    map_task t = {.op = MAP_PLANE, .plane = PLANE_ROT, .n = n, .incx = incx, .incy = incy,
                  .xw = (T *)x + gblas_vec_start(n, incx), .y = (T *)y + gblas_vec_start(n, incy),
                  .h = {*(const REAL *)c, *(const T *)s, 0, 0}};
    map_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}

/* The modified Givens transformation of param, as ref_rotm: flag -2 leaves x and y as they
 * are; a negative flag is the full H, 0 the unit diagonal, a positive one the unit
 * off-diagonal [h11 1; -1 h22]. */
static gblas_status_t rotm(gblas_ctx *ctx, int64_t n, void *x, int64_t incx, void *y,
                           int64_t incy, const void *param) {
    const T *p = param;
    const T flag = p[0];
    if (flag == -2) return GBLAS_STATUS_SUCCESS;
    map_task t = {.op = MAP_PLANE, .n = n, .incx = incx, .incy = incy,
                  .xw = (T *)x + gblas_vec_start(n, incx), .y = (T *)y + gblas_vec_start(n, incy)};
    if (flag < 0) {
        t.plane = PLANE_FULL;
        t.h[0] = p[1], t.h[1] = p[3], t.h[2] = p[2], t.h[3] = p[4];
    } else if (flag == 0) {
        t.plane = PLANE_UNIT_DIAG;
        t.h[1] = p[3], t.h[2] = p[2];
    } else {
        t.plane = PLANE_UNIT_OFF;
        t.h[0] = p[1], t.h[3] = p[4];
    }
    map_run(ctx, &t);
    return GBLAS_STATUS_SUCCESS;
}
