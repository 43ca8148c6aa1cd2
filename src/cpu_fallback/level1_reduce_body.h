/* level1_reduce_body.h: the Level-1 reductions DOT, NRM2, ASUM, IAMAX and IAMIN of one element
 * type (type_<t>.h)
 * in the vector vocabulary of simd_<level>.h. Included by <t>_avx2.c and <t>_avx512.c after
 * level1_chunks_body.h. Unit strides run on vectors (several in flight, so loads and FMAs
 * overlap); other strides element by element through the reference's chunks. Every reduction
 * runs in gblas_cpu_reduce's fixed chunks: results never depend on the thread count. */

/* sum of x[i] * y[i], i < len: unit strides in 4 vector accumulators (element i in
 * accumulator (i / VL) % 4, lane i % VL; the tail past the last 4 whole vectors in the first,
 * whole vectors by plain loads, a partial last one masked), summed in a fixed tree; other
 * strides as the reference's chunk. STREAM (a constant at each call site): the call reads
 * more than GBLAS_CPU_STREAM_BYTES, and each line is prefetched (prefetcht0) as it is loaded,
 * which on Zen 4 measured 5-9% faster from DRAM and 15-20% slower in L1 (bench/cpu-log.md
 * section 9); the sums are the same either way. */
static inline __attribute__((always_inline)) T dot_chunk(const T *x, int64_t incx, const T *y,
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
    return ref_dot_chunk(x, incx, y, incy, len);
}

/* Blue's three sums of squares of len elements of x, as the reference's chunk: acc[0] of
 * values below BLUE_TSML scaled up by BLUE_SSML, acc[1] of mid-range values (and NaN), acc[2]
 * of values above BLUE_TBIG scaled down by BLUE_SBIG. Vectors whose lanes are all mid-range
 * (or zero) take one FMA; others split lane by lane. */
static inline __attribute__((always_inline)) void nrm2_chunk(const T *x, int64_t incx,
                                                             int64_t len, double *acc) {
    if (incx != 1) {
        ref_nrm2_chunk(x, incx, len, acc);
        return;
    }
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
}

/* sum of |x[i]|, i < len: unit strides in 4 vector accumulators, as dot_chunk's (element i in
 * accumulator (i / VL) % 4, lane i % VL), summed in a fixed tree; other strides as the
 * reference's chunk. */
static inline __attribute__((always_inline)) T asum_chunk(const T *x, int64_t incx,
                                                          int64_t len) {
    if (incx != 1) return ref_asum_chunk(x, incx, len);
    VT s0 = v_set1((T)0), s1 = s0, s2 = s0, s3 = s0;
    const int64_t i4 = len / (4 * VL) * (4 * VL);
    for (const T *p = x, *end = x + i4; p != end; p += 4 * VL) {
        s0 = v_add(s0, v_abs(v_loadu(p)));
        s1 = v_add(s1, v_abs(v_loadu(p + VL)));
        s2 = v_add(s2, v_abs(v_loadu(p + 2 * VL)));
        s3 = v_add(s3, v_abs(v_loadu(p + 3 * VL)));
    }
    int64_t i = i4;
    for (; i + VL <= len; i += VL) s0 = v_add(s0, v_abs(v_loadu(x + i)));
    if (i < len) s0 = v_add(s0, v_abs(v_load_n(x + i, (int)(len - i))));
    return v_reduce_add(v_add(v_add(s0, s1), v_add(s2, s3)));
}

/* Elements of a chunk whose extreme is taken before it joins the chunk's: the block that first
 * reached the chunk's extreme is where the search for its first element starts. */
#define IAMAX_BLOCK ((int64_t)1024)

/* The first of the largest (smallest: SMALLEST, a constant where inlined) |x[i]|, i < len,
 * NaN passed over, as ref_iamax_chunk: best[0] = that |x[i]|, best[1] = first + i, or -1 when
 * every element is NaN. Unit strides in two passes: the extreme by vector max (min) over
 * blocks of IAMAX_BLOCK, whose NaN lanes keep the running value (v_max), from -1 (+Inf) so that
 * any number replaces it, remembering the first block that reached the running extreme; then
 * the first element equal to it, from that block on (no earlier element can equal it), found
 * a vector at a time. Exact, so the vector order changes nothing. */
static inline __attribute__((always_inline)) void iamax_chunk(const T *x, int64_t incx,
                                                              int64_t len, int64_t first,
                                                              const int SMALLEST, double *best) {
    if (incx != 1) {
        ref_iamax_chunk(x, incx, len, first, SMALLEST, best);
        return;
    }
    const VT start = v_set1(SMALLEST ? (T)INFINITY : (T)-1);
    const int64_t lenv = len - len % VL;
    T v = SMALLEST ? (T)INFINITY : (T)-1;
    int64_t from = lenv; /* the first block that reached v */
    for (int64_t b0 = 0; b0 < lenv; b0 += IAMAX_BLOCK) {
        const int64_t b1 = b0 + IAMAX_BLOCK < lenv ? b0 + IAMAX_BLOCK : lenv;
        VT m0 = start, m1 = start, m2 = start, m3 = start;
        int64_t i = b0;
        for (; i + 4 * VL <= b1; i += 4 * VL) {
            const VT a0 = v_abs(v_loadu(x + i)), a1 = v_abs(v_loadu(x + i + VL));
            const VT a2 = v_abs(v_loadu(x + i + 2 * VL)), a3 = v_abs(v_loadu(x + i + 3 * VL));
            m0 = SMALLEST ? v_min(a0, m0) : v_max(a0, m0);
            m1 = SMALLEST ? v_min(a1, m1) : v_max(a1, m1);
            m2 = SMALLEST ? v_min(a2, m2) : v_max(a2, m2);
            m3 = SMALLEST ? v_min(a3, m3) : v_max(a3, m3);
        }
        for (; i < b1; i += VL)
            m0 = SMALLEST ? v_min(v_abs(v_loadu(x + i)), m0) : v_max(v_abs(v_loadu(x + i)), m0);
        const VT m =
            SMALLEST ? v_min(v_min(m0, m1), v_min(m2, m3)) : v_max(v_max(m0, m1), v_max(m2, m3));
        const T bv = SMALLEST ? v_reduce_min(m) : v_reduce_max(m);
        if (SMALLEST ? bv < v : bv > v) {
            v = bv;
            from = b0;
        } else if (bv == v && from == lenv) {
            from = b0; /* the start value, reached by an all-NaN block or by +Inf (I_AMIN) */
        }
    }
    int64_t at = -1;
    for (int64_t i = lenv; i < len; i++) { /* the tail, element by element */
        const T a = ABS(x[i]);
        if (SMALLEST ? a < v : a > v) {
            v = a;
            at = i;
        }
    }
    if (at < 0) {
        const VT vv = v_set1(v);
        int64_t i = from;
        for (; i < lenv; i += VL) {
            const unsigned eq = v_eq_bits(v_abs(v_loadu(x + i)), vv);
            if (eq != 0) {
                at = i + __builtin_ctz(eq);
                break;
            }
        }
        for (i = lenv; at < 0 && i < len; i++)
            if (ABS(x[i]) == v) at = i;
    }
    best[0] = v;
    best[1] = at < 0 ? -1 : (double)(first + at);
}

/* A reduction as its chunks see it: x and y at element 0. Each *_parts computes the chunks
 * [c0, c1) into p[c - c0] (gblas_cpu_reduce), its chunk kernel inlined in the loop. */
typedef struct {
    int64_t n, incx, incy;
    int stream; /* DOT: dot_chunk's STREAM */
    const T *x, *y;
} reduce_task;

static void dot_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++) {
        const int64_t i0 = c * GBLAS_CPU_CHUNK, len = gblas_cpu_chunk_len(t->n, c);
        const T *x = t->x + i0 * t->incx, *y = t->y + i0 * t->incy;
        p[c - c0][0] = t->stream ? dot_chunk(x, t->incx, y, t->incy, len, 1)
                                 : dot_chunk(x, t->incx, y, t->incy, len, 0);
    }
}

static void nrm2_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++)
        nrm2_chunk(t->x + c * GBLAS_CPU_CHUNK * t->incx, t->incx, gblas_cpu_chunk_len(t->n, c),
                   p[c - c0]);
}

static void asum_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++)
        p[c - c0][0] = asum_chunk(t->x + c * GBLAS_CPU_CHUNK * t->incx, t->incx,
                                  gblas_cpu_chunk_len(t->n, c));
}

static void iamax_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++) {
        const int64_t i0 = c * GBLAS_CPU_CHUNK;
        iamax_chunk(t->x + i0 * t->incx, t->incx, gblas_cpu_chunk_len(t->n, c), i0, 0, p[c - c0]);
    }
}

static void iamin_parts(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *p) {
    const reduce_task *t = arg;
    for (int64_t c = c0; c < c1; c++) {
        const int64_t i0 = c * GBLAS_CPU_CHUNK;
        iamax_chunk(t->x + i0 * t->incx, t->incx, gblas_cpu_chunk_len(t->n, c), i0, 1, p[c - c0]);
    }
}

/* DOT over more than one chunk (x and y at element 0). Kept out of dot, so that a call of one
 * chunk sets up no task and no stack frame: that saved 8-15 cycles a call, 3% at n = 4096
 * (bench/cpu-log.md section 11). */
static __attribute__((noinline)) T dot_chunked(gblas_ctx *ctx, int64_t n, const T *x,
                                               int64_t incx, const T *y, int64_t incy) {
    reduce_task t = {.n = n, .incx = incx, .incy = incy, .x = x, .y = y,
                     .stream = (size_t)n * 2 * sizeof(T) > GBLAS_CPU_STREAM_BYTES};
    gblas_cpu_partial total;
    gblas_cpu_reduce(ctx, n, GBLAS_CPU_SUM1, dot_parts, &t, total);
    return (T)total[0];
}

static gblas_status_t dot(gblas_ctx *ctx, int64_t n, const void *xv, int64_t incx,
                          const void *yv, int64_t incy, void *result) {
    const T *x = (const T *)xv + gblas_vec_start(n, incx);
    const T *y = (const T *)yv + gblas_vec_start(n, incy);
    /* one chunk: as gblas_cpu_reduce's one-chunk case, without the chunk dispatch */
    *(T *)result = GBLAS_CPU_CHUNKS(n) == 1 ? dot_chunk(x, incx, y, incy, n, 0)
                                            : dot_chunked(ctx, n, x, incx, y, incy);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t nrm2(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                           void *result) {
    reduce_task t = {.n = n, .incx = incx, .x = (const T *)x + gblas_vec_start(n, incx)};
    gblas_cpu_partial acc;
    gblas_cpu_reduce(ctx, n, GBLAS_CPU_SUM3, nrm2_parts, &t, acc);
    *(REAL *)result = (REAL)gblas_blue_join(acc[0], acc[1], acc[2], BLUE_SSML, BLUE_SBIG);
    return GBLAS_STATUS_SUCCESS;
}

/* incx > 0 here: the API answers 0 for a negative one, as the reference BLAS. */
static gblas_status_t asum(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                           void *result) {
    reduce_task t = {.n = n, .incx = incx, .x = x};
    gblas_cpu_partial total;
    gblas_cpu_reduce(ctx, n, GBLAS_CPU_SUM1, asum_parts, &t, total);
    *(REAL *)result = (REAL)total[0];
    return GBLAS_STATUS_SUCCESS;
}

/* The reference I_AMAX (see ref_iamax_or_min): a NaN in x[0] gives 1, otherwise the chunks'
 * first candidates, combined in order. incx > 0. */
static gblas_status_t iamax_or_min(gblas_ctx *ctx, int64_t n, const T *x, int64_t incx,
                                   int smallest, int64_t *result) {
    if (ABS(x[0]) != ABS(x[0])) {
        *result = 1;
        return GBLAS_STATUS_SUCCESS;
    }
    reduce_task t = {.n = n, .incx = incx, .x = x};
    gblas_cpu_partial best;
    gblas_cpu_reduce(ctx, n, smallest ? GBLAS_CPU_ARGMIN : GBLAS_CPU_ARGMAX,
                     smallest ? iamin_parts : iamax_parts, &t, best);
    *result = (int64_t)best[1] + 1;
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t iamax(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                            void *result) {
    return iamax_or_min(ctx, n, x, incx, 0, result);
}

static gblas_status_t iamin(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx,
                            void *result) {
    return iamax_or_min(ctx, n, x, incx, 1, result);
}
