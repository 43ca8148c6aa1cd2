/* level1_chunks_body.h: the reductions' sums over one chunk, element by element for any
 * stride: the reference's chunks, and every level's path for non-unit strides (so a strided
 * reduction gives the reference's bits on every level). Included by each translation unit
 * after type_<t>.h; each is written for the fixed chunk order of gblas_cpu_reduce. */

/* sum of x[i] * y[i], i < len: eight running sums, sum j taking the elements with i % 8 == j,
 * combined pairwise. Depends on len and the data only. */
static inline T ref_dot_chunk(const T *x, int64_t incx, const T *y, int64_t incy, int64_t len) {
    T s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    int64_t i = 0;
    for (; i + 8 <= len; i += 8)
        for (int j = 0; j < 8; j++) s[j] += x[(i + j) * incx] * y[(i + j) * incy];
    for (int j = 0; i + j < len; j++) s[j] += x[(i + j) * incx] * y[(i + j) * incy];
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

/* sum of |x[i]|, i < len, in the eight running sums of ref_dot_chunk. */
static inline T ref_asum_chunk(const T *x, int64_t incx, int64_t len) {
    T s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    int64_t i = 0;
    for (; i + 8 <= len; i += 8)
        for (int j = 0; j < 8; j++) s[j] += ABS(x[(i + j) * incx]);
    for (int j = 0; i + j < len; j++) s[j] += ABS(x[(i + j) * incx]);
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

/* Blue's three sums of squares over len elements of x: acc[0] of small values scaled up by
 * SSML, acc[1] of mid-range values unscaled, acc[2] of big values scaled down by SBIG.
 * NaN lands in acc[1]. */
static inline void ref_nrm2_chunk(const T *x, int64_t incx, int64_t len, double *acc) {
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

/* The first of the largest (smallest: `smallest` set) |x[i]|, i < len, NaN passed over:
 * best[0] = that |x[i]|, best[1] = first + i, or best[1] = -1 when every element is NaN. */
static inline void ref_iamax_chunk(const T *x, int64_t incx, int64_t len, int64_t first,
                                   const int smallest, double *best) {
    T v = 0;
    int64_t at = -1;
    for (int64_t i = 0; i < len; i++) {
        const T a = ABS(x[i * incx]);
        if (a != a) continue;
        if (at < 0 || (smallest ? a < v : a > v)) {
            v = a;
            at = i;
        }
    }
    best[0] = v;
    best[1] = at < 0 ? -1 : (double)(first + at);
}
