/* ref_level1_body.h: reference DOT, NRM2, AXPY, SCAL and COPY for one element type T. Included
 * by ref_level1.c once per type, with the exported names (FN_*), the names of its static
 * helpers, ABS and SQRT for T, and the Blue's-algorithm constants (BLUE_*) defined. */

/* sum of x[i] * y[i], i < len: eight running sums, sum j taking the elements with i % 8 == j,
 * combined pairwise. Depends on len and the data only. */
T DOT_CHUNK(const T *x, int64_t incx, const T *y, int64_t incy, int64_t len) {
    T s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    int64_t i = 0;
    for (; i + 8 <= len; i += 8)
        for (int j = 0; j < 8; j++) s[j] += x[(i + j) * incx] * y[(i + j) * incy];
    for (int j = 0; i + j < len; j++) s[j] += x[(i + j) * incx] * y[(i + j) * incy];
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

/* Blue's three sums of squares over len elements of x: acc[0] of small values scaled up by
 * SSML, acc[1] of mid-range values unscaled, acc[2] of big values scaled down by SBIG.
 * NaN lands in acc[1]. */
void NRM2_CHUNK(const T *x, int64_t incx, int64_t len, T acc[3]) {
    T asml = 0, amed = 0, abig = 0;
    for (int64_t i = 0; i < len; i++) {
        const T ax = ABS(x[i * incx]);
        if (ax > BLUE_TBIG) {
            const T t = ax * BLUE_SBIG;
            abig += t * t;
        } else if (ax < BLUE_TSML) {
            const T t = ax * BLUE_SSML;
            asml += t * t;
        } else {
            amed += ax * ax;
        }
    }
    acc[0] = asml;
    acc[1] = amed;
    acc[2] = abig;
}

/* The fixed-order reduction both DOT (y != NULL, total[0]) and NRM2 (y == NULL, total[0..2])
 * use: chunk c covers elements [c * CHUNK, (c + 1) * CHUNK) and writes its partial to the
 * workspace (any thread may compute it). A pass of at most GBLAS_CPU_PARTIAL_CHUNKS chunks is
 * then summed by a pairwise tree fixed by the chunk count, and passes are added to total in
 * order: the result depends on n and the data only. x and y point at element 0. */
static void REDUCE_CHUNKS(gblas_ctx *ctx, int64_t n, const T *x, int64_t incx, const T *y,
                          int64_t incy, T total[3]) {
    T(*partial)[3] = gblas_cpu_partials(ctx);
    const int width = y != NULL ? 1 : 3;
    const int64_t nchunks = (n + GBLAS_CPU_CHUNK - 1) / GBLAS_CPU_CHUNK;
    total[0] = total[1] = total[2] = 0;
    for (int64_t c0 = 0; c0 < nchunks; c0 += GBLAS_CPU_PARTIAL_CHUNKS) {
        const int64_t pass = nchunks - c0 < GBLAS_CPU_PARTIAL_CHUNKS ? nchunks - c0
                                                                     : GBLAS_CPU_PARTIAL_CHUNKS;
#pragma omp parallel for schedule(static) num_threads(ctx->num_threads) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
        for (int64_t c = 0; c < pass; c++) {
            const int64_t first = (c0 + c) * GBLAS_CPU_CHUNK;
            const int64_t len = n - first < GBLAS_CPU_CHUNK ? n - first : GBLAS_CPU_CHUNK;
            if (y != NULL)
                partial[c][0] = DOT_CHUNK(x + first * incx, incx, y + first * incy, incy, len);
            else
                NRM2_CHUNK(x + first * incx, incx, len, partial[c]);
        }
        /* A fixed pairwise tree: rounding error grows with log2(pass), not with pass. */
        for (int64_t step = 1; step < pass; step *= 2)
            for (int64_t c = 0; c + step < pass; c += 2 * step)
                for (int w = 0; w < width; w++) partial[c][w] += partial[c + step][w];
        for (int w = 0; w < width; w++) total[w] += partial[0][w];
    }
}

gblas_status_t FN_DOT(gblas_ctx *ctx, int64_t n, const T *x, int64_t incx, const T *y,
                      int64_t incy, T *result) {
    T total[3];
    REDUCE_CHUNKS(ctx, n, x + gblas_vec_start(n, incx), incx, y + gblas_vec_start(n, incy), incy,
                  total);
    *result = total[0];
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t FN_NRM2(gblas_ctx *ctx, int64_t n, const T *x, int64_t incx, T *result) {
    T acc[3];
    REDUCE_CHUNKS(ctx, n, x + gblas_vec_start(n, incx), incx, NULL, 0, acc);
    *result = (T)gblas_blue_join(acc[0], acc[1], acc[2], BLUE_SSML, BLUE_SBIG);
    return GBLAS_STATUS_SUCCESS;
}

/* y += alpha * x; alpha == 0 leaves y as it is without reading x. */
gblas_status_t FN_AXPY(gblas_ctx *ctx, int64_t n, const T *alpha, const T *x, int64_t incx, T *y,
                       int64_t incy) {
    const T a = *alpha;
    if (a == 0) return GBLAS_STATUS_SUCCESS;
    const T *x0 = x + gblas_vec_start(n, incx);
    T *y0 = y + gblas_vec_start(n, incy);
#pragma omp parallel for schedule(static) num_threads(ctx->num_threads) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
    for (int64_t i = 0; i < n; i++) y0[i * incy] += a * x0[i * incx];
    return GBLAS_STATUS_SUCCESS;
}

/* x *= alpha; alpha == 0 writes exact zeros (NaN and Inf in x do not survive). */
gblas_status_t FN_SCAL(gblas_ctx *ctx, int64_t n, const T *alpha, T *x, int64_t incx) {
    const T a = *alpha;
    T *x0 = x + gblas_vec_start(n, incx);
#pragma omp parallel for schedule(static) num_threads(ctx->num_threads) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
    for (int64_t i = 0; i < n; i++) x0[i * incx] = a == 0 ? (T)0 : a * x0[i * incx];
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t FN_COPY(gblas_ctx *ctx, int64_t n, const T *x, int64_t incx, T *y, int64_t incy) {
    const T *x0 = x + gblas_vec_start(n, incx);
    T *y0 = y + gblas_vec_start(n, incy);
#pragma omp parallel for schedule(static) num_threads(ctx->num_threads) \
    if (n >= GBLAS_CPU_PARALLEL_MIN)
    for (int64_t i = 0; i < n; i++) y0[i * incy] = x0[i * incx];
    return GBLAS_STATUS_SUCCESS;
}

#undef T
#undef ABS
#undef SQRT
#undef BLUE_TSML
#undef BLUE_TBIG
#undef BLUE_SSML
#undef BLUE_SBIG
#undef DOT_CHUNK
#undef NRM2_CHUNK
#undef REDUCE_CHUNKS
#undef FN_DOT
#undef FN_NRM2
#undef FN_AXPY
#undef FN_SCAL
#undef FN_COPY
