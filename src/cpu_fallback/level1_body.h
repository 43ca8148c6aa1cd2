/* level1_body.h: DOT, NRM2, AXPY, SCAL and COPY for one element type, in the vector vocabulary
 * of simd_<level>.h. Included by level1_<level>.c once per type with T, VT, VL, SQRT, the
 * Blue's-algorithm constants BLUE_* (see cpu_paths.h), and the names DOT_CHUNK, DOT_CHUNKED,
 * NRM2_CHUNK, AXPY_CHUNK, SCAL_CHUNK, L1_TASK, L1_BLOCK, REDUCE_CHUNKS, FN_DOT, FN_NRM2,
 * FN_AXPY, FN_SCAL, FN_COPY, and REF_DOT_CHUNK, REF_NRM2_CHUNK (the reference's chunks, cpu_paths.h). Unit
 * strides run on vectors (several in flight, so loads and FMAs overlap); other strides element
 * by element, DOT and NRM2 through the reference's chunks. DOT and NRM2 reduce in the fixed
 * chunks of the reference: their results never depend on the thread count. */

/* sum of x[i] * y[i], i < len: unit strides in 4 vector accumulators (element i in
 * accumulator (i / VL) % 4, lane i % VL; the tail past the last 4 whole vectors in the first,
 * whole vectors by plain loads, a partial last one masked), summed in a fixed tree; other
 * strides as the reference's chunk (REF_DOT_CHUNK). STREAM (a constant at each call site): the
 * call reads more than GBLAS_CPU_STREAM_BYTES, and each line is prefetched (prefetcht0) as it
 * is loaded, which on Zen 4 measured 5-9% faster from DRAM and 15-20% slower in L1
 * (bench/cpu-log.md section 9); the sums are the same either way. */
static inline __attribute__((always_inline)) T DOT_CHUNK(const T *x, int64_t incx, const T *y,
                                                         int64_t incy, int64_t len,
                                                         const int STREAM) {
    if (incx == 1 && incy == 1) {
        VT s0 = v_set1((T)0), s1 = s0, s2 = s0, s3 = s0;
        int64_t i = 0;
        for (; i + 4 * VL <= len; i += 4 * VL) {
            if (STREAM)
                for (int q = 0; q < 4; q++) {
                    _mm_prefetch((const char *)(x + i + q * VL), _MM_HINT_T0);
                    _mm_prefetch((const char *)(y + i + q * VL), _MM_HINT_T0);
                }
            s0 = v_fma(v_loadu(x + i), v_loadu(y + i), s0);
            s1 = v_fma(v_loadu(x + i + VL), v_loadu(y + i + VL), s1);
            s2 = v_fma(v_loadu(x + i + 2 * VL), v_loadu(y + i + 2 * VL), s2);
            s3 = v_fma(v_loadu(x + i + 3 * VL), v_loadu(y + i + 3 * VL), s3);
        }
        for (; i + VL <= len; i += VL) s0 = v_fma(v_loadu(x + i), v_loadu(y + i), s0);
        if (i < len) {
            const int w = (int)(len - i);
            s0 = v_fma(v_load_n(x + i, w), v_load_n(y + i, w), s0);
        }
        return v_reduce_add(v_add(v_add(s0, s1), v_add(s2, s3)));
    }
    return REF_DOT_CHUNK(x, incx, y, incy, len);
}

/* Blue's three sums of squares of len elements of x, as the reference's chunk: acc[0] of
 * values below BLUE_TSML scaled up by BLUE_SSML, acc[1] of mid-range values (and NaN), acc[2]
 * of values above BLUE_TBIG scaled down by BLUE_SBIG. Vectors whose lanes are all mid-range
 * (or zero) take one FMA; others split lane by lane. */
static void NRM2_CHUNK(const T *x, int64_t incx, int64_t len, T acc[3]) {
    if (incx == 1) {
        const VT tsml = v_set1(BLUE_TSML), tbig = v_set1(BLUE_TBIG), zero = v_set1((T)0);
        const VT ssml = v_set1(BLUE_SSML), sbig = v_set1(BLUE_SBIG);
        VT asml = zero, amed0 = zero, amed1 = zero, abig = zero;
        for (int64_t i = 0; i < len; i += 2 * VL) {
            VT a0, a1;
            if (i + 2 * VL <= len) {
                a0 = v_abs(v_loadu(x + i));
                a1 = v_abs(v_loadu(x + i + VL));
            } else { /* the tail: zero lanes add nothing */
                const int64_t rest = len - i;
                a0 = v_abs(v_load_n(x + i, rest < VL ? (int)rest : VL));
                a1 = v_abs(v_load_n(x + i + VL, rest <= VL ? 0 : (int)(rest - VL)));
            }
            if (!v_any_outside(a0, tsml, tbig) && !v_any_outside(a1, tsml, tbig)) {
                amed0 = v_fma(a0, a0, amed0);
                amed1 = v_fma(a1, a1, amed1);
                continue;
            }
            const VT av[2] = {a0, a1};
            for (int h = 0; h < 2; h++) {
                const VT a = av[h];
                const VT big = v_select_gt(a, tbig, v_mul(a, sbig), zero);
                const VT sml = v_select_lt(a, tsml, v_mul(a, ssml), zero);
                const VT med = v_select_gt(a, tbig, zero, v_select_lt(a, tsml, zero, a));
                abig = v_fma(big, big, abig);
                asml = v_fma(sml, sml, asml);
                amed0 = v_fma(med, med, amed0);
            }
        }
        acc[0] = v_reduce_add(asml);
        acc[1] = v_reduce_add(v_add(amed0, amed1));
        acc[2] = v_reduce_add(abig);
        return;
    }
    REF_NRM2_CHUNK(x, incx, len, acc);
}

/* y[i] += alpha * x[i], i < len (alpha != 0). */
static void AXPY_CHUNK(int64_t len, T alpha, const T *x, int64_t incx, T *y, int64_t incy) {
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
static void SCAL_CHUNK(int64_t len, T alpha, T *x, int64_t incx) {
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

#ifndef GBLAS_LEVEL1_OPS
#define GBLAS_LEVEL1_OPS
enum { L1_DOT, L1_NRM2, L1_AXPY, L1_SCAL, L1_COPY };
#define L1_CHUNKS(n) (((n) + GBLAS_CPU_CHUNK - 1) / GBLAS_CPU_CHUNK)
#endif

/* One level-1 call as its blocks of GBLAS_CPU_CHUNK elements see it. x and y point at element
 * 0; SCAL scales y. DOT and NRM2 write block b's partial to partial[b], for the chunk
 * first_chunk + b. */
typedef struct {
    int op;
    int stream; /* DOT: DOT_CHUNK's STREAM */
    int64_t n, first_chunk, incx, incy;
    const T *x;
    T *y;
    T alpha;
    T (*partial)[3];
} L1_TASK;

static void L1_BLOCK(void *arg, int64_t b) {
    const L1_TASK *t = arg;
    const int64_t i0 = (t->first_chunk + b) * GBLAS_CPU_CHUNK;
    const int64_t len = t->n - i0 < GBLAS_CPU_CHUNK ? t->n - i0 : GBLAS_CPU_CHUNK;
    const T *x = t->x + i0 * t->incx;
    T *y = t->y + i0 * t->incy;
    switch (t->op) {
    case L1_DOT:
        t->partial[b][0] = t->stream ? DOT_CHUNK(x, t->incx, y, t->incy, len, 1)
                                     : DOT_CHUNK(x, t->incx, y, t->incy, len, 0);
        break;
    case L1_NRM2:
        NRM2_CHUNK(x, t->incx, len, t->partial[b]);
        break;
    case L1_AXPY:
        AXPY_CHUNK(len, t->alpha, x, t->incx, y, t->incy);
        break;
    case L1_SCAL:
        SCAL_CHUNK(len, t->alpha, y, t->incy);
        break;
    default:
        if (t->incx == 1 && t->incy == 1)
            memcpy(y, x, (size_t)len * sizeof(T));
        else
            for (int64_t i = 0; i < len; i++) y[i * t->incy] = x[i * t->incx];
        break;
    }
}

/* The reference's fixed-order reduction: chunk c of GBLAS_CPU_CHUNK elements writes its
 * partial (DOT: width 1; NRM2: width 3) to the workspace, whichever thread computes it; each
 * pass of up to GBLAS_CPU_PARTIAL_CHUNKS partials is summed by a pairwise tree fixed by the
 * chunk count, and passes are added to total in order. */
static void REDUCE_CHUNKS(gblas_ctx *ctx, L1_TASK *t, T total[3]) {
    const int width = t->op == L1_DOT ? 1 : 3;
    const int64_t nchunks = L1_CHUNKS(t->n);
    total[0] = total[1] = total[2] = 0;
    if (nchunks == 1) { /* its sums are the total: 0 + s is s, as a chunk's sum is never -0 */
        T one[1][3] = {{0, 0, 0}};
        t->partial = one;
        t->first_chunk = 0;
        L1_BLOCK(t, 0);
        for (int w = 0; w < width; w++) total[w] = one[0][w];
        return;
    }
    t->partial = gblas_cpu_partials(ctx);
    for (int64_t c0 = 0; c0 < nchunks; c0 += GBLAS_CPU_PARTIAL_CHUNKS) {
        const int64_t pass = nchunks - c0 < GBLAS_CPU_PARTIAL_CHUNKS ? nchunks - c0
                                                                     : GBLAS_CPU_PARTIAL_CHUNKS;
        t->first_chunk = c0;
        gblas_cpu_for(ctx, pass, t->n >= GBLAS_CPU_PARALLEL_MIN, L1_BLOCK, t);
        for (int64_t step = 1; step < pass; step *= 2)
            for (int64_t c = 0; c + step < pass; c += 2 * step)
                for (int w = 0; w < width; w++) t->partial[c][w] += t->partial[c + step][w];
        for (int w = 0; w < width; w++) total[w] += t->partial[0][w];
    }
}

/* DOT over more than one chunk (x and y at element 0). Kept out of FN_DOT, so that a call of
 * one chunk sets up no task and no stack frame: that saved 8-15 cycles a call, 3% at n = 4096
 * (bench/cpu-log.md section 11). */
static __attribute__((noinline)) T DOT_CHUNKED(gblas_ctx *ctx, int64_t n, const T *x,
                                               int64_t incx, const T *y, int64_t incy) {
    L1_TASK t = {.op = L1_DOT, .n = n, .incx = incx, .incy = incy,
                 .stream = (size_t)n * 2 * sizeof(T) > GBLAS_CPU_STREAM_BYTES, .x = x,
                 .y = (T *)y};
    T total[3];
    REDUCE_CHUNKS(ctx, &t, total);
    return total[0];
}

static gblas_status_t FN_DOT(gblas_ctx *ctx, int64_t n, const T *x, int64_t incx, const T *y,
                             int64_t incy, T *result) {
    x += gblas_vec_start(n, incx);
    y += gblas_vec_start(n, incy);
    /* one chunk: as REDUCE_CHUNKS's one-chunk case, without the block dispatch */
    *result = L1_CHUNKS(n) == 1 ? DOT_CHUNK(x, incx, y, incy, n, 0)
                                : DOT_CHUNKED(ctx, n, x, incx, y, incy);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t FN_NRM2(gblas_ctx *ctx, int64_t n, const T *x, int64_t incx, T *result) {
    L1_TASK t = {.op = L1_NRM2, .n = n, .incx = incx, .x = x + gblas_vec_start(n, incx),
                 .y = (T *)(x + gblas_vec_start(n, incx))};
    T acc[3];
    REDUCE_CHUNKS(ctx, &t, acc);
    *result = (T)gblas_blue_join(acc[0], acc[1], acc[2], BLUE_SSML, BLUE_SBIG);
    return GBLAS_STATUS_SUCCESS;
}

/* The element-wise routines run in blocks of GBLAS_CPU_CHUNK elements, shared out over threads
 * from GBLAS_CPU_PARALLEL_MIN elements on. */
/* y += alpha * x; alpha == 0 leaves y as it is without reading x. */
static gblas_status_t FN_AXPY(gblas_ctx *ctx, int64_t n, const T *alpha, const T *x,
                              int64_t incx, T *y, int64_t incy) {
    if (*alpha == 0) return GBLAS_STATUS_SUCCESS;
    L1_TASK t = {.op = L1_AXPY, .n = n, .incx = incx, .incy = incy, .alpha = *alpha,
                 .x = x + gblas_vec_start(n, incx), .y = y + gblas_vec_start(n, incy)};
    gblas_cpu_for(ctx, L1_CHUNKS(n), n >= GBLAS_CPU_PARALLEL_MIN, L1_BLOCK, &t);
    return GBLAS_STATUS_SUCCESS;
}

/* x *= alpha; alpha == 0 writes exact zeros (NaN and Inf in x do not survive). */
static gblas_status_t FN_SCAL(gblas_ctx *ctx, int64_t n, const T *alpha, T *x, int64_t incx) {
    L1_TASK t = {.op = L1_SCAL, .n = n, .incy = incx, .alpha = *alpha,
                 .y = x + gblas_vec_start(n, incx)};
    gblas_cpu_for(ctx, L1_CHUNKS(n), n >= GBLAS_CPU_PARALLEL_MIN, L1_BLOCK, &t);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t FN_COPY(gblas_ctx *ctx, int64_t n, const T *x, int64_t incx, T *y,
                              int64_t incy) {
    L1_TASK t = {.op = L1_COPY, .n = n, .incx = incx, .incy = incy,
                 .x = x + gblas_vec_start(n, incx), .y = y + gblas_vec_start(n, incy)};
    gblas_cpu_for(ctx, L1_CHUNKS(n), n >= GBLAS_CPU_PARALLEL_MIN, L1_BLOCK, &t);
    return GBLAS_STATUS_SUCCESS;
}

#undef T
#undef VT
#undef VL
#undef SQRT
#undef BLUE_TSML
#undef BLUE_TBIG
#undef BLUE_SSML
#undef BLUE_SBIG
#undef DOT_CHUNK
#undef DOT_CHUNKED
#undef REF_DOT_CHUNK
#undef REF_NRM2_CHUNK
#undef NRM2_CHUNK
#undef REDUCE_CHUNKS
#undef AXPY_CHUNK
#undef SCAL_CHUNK
#undef L1_TASK
#undef L1_BLOCK
#undef FN_DOT
#undef FN_NRM2
#undef FN_AXPY
#undef FN_SCAL
#undef FN_COPY
