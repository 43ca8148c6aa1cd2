/* gemv_body.h: GEMV (y = alpha * op(A) * x + beta * y) for one element type, in the vector
 * vocabulary of simd_<level>.h. Included by gemv_<level>.c once per type with T, VT, VL and the
 * names GEMV_TASK, GEMV_N_REGS, GEMV_N_BLOCK, GEMV_T_DOTS, GEMV_T_COLUMNS, FN_GEMV defined.
 * Both forms stream A once, column by column, and give each element of y one fixed order of
 * operations whatever the thread count.
 * beta == 0 never reads y; alpha == 0 never reads A or x. */

/* One call as its blocks see it: x and y point at element 0 of each vector. */
typedef struct {
    int64_t m, n, lda, incx, incy;
    int64_t rows; /* N: rows of y per block, at most GEMV_ROWS (GEMV_GATHER_ROWS if gathered) */
    int tcols;    /* T: columns per group */
    T alpha, beta;
    const T *A, *x;
    T *y;
} GEMV_TASK;

/* N, a block of nv vectors (nv <= GEMV_N_REG_VECS, a constant where inlined; the last vector
 * holds w = rows - (nv - 1) * VL rows): yb stays in registers while the columns stream past in
 * address order, yb += (alpha * x[j]) * A(i0:i1, j) for j = 0 .. ncols - 1: per element the
 * operations of GEMV_N_BLOCK's column groups. */
static inline __attribute__((always_inline)) void GEMV_N_REGS(const GEMV_TASK *t, T *yb,
                                                              const T *a, int64_t rows,
                                                              int64_t ncols, const int nv) {
    const int w = (int)(rows - (nv - 1) * VL);
    VT acc[GEMV_N_REG_VECS];
    for (int v = 0; v < nv - 1; v++) acc[v] = v_loadu(yb + v * VL);
    acc[nv - 1] = v_load_n(yb + (nv - 1) * VL, w);
    const T alpha = t->alpha, *x = t->x;
    const int64_t incx = t->incx, lda = t->lda;
    if (w == VL) { /* whole vectors: plain loads (a masked load per column halved the rate) */
        for (int64_t j = 0; j < ncols; j++) {
            const VT ax = v_set1(alpha * x[j * incx]);
            const T *col = a + j * lda;
            for (int v = 0; v < nv; v++) acc[v] = v_fma(v_loadu(col + v * VL), ax, acc[v]);
        }
    } else {
        for (int64_t j = 0; j < ncols; j++) {
            const VT ax = v_set1(alpha * x[j * incx]);
            const T *col = a + j * lda;
            for (int v = 0; v < nv - 1; v++) acc[v] = v_fma(v_loadu(col + v * VL), ax, acc[v]);
            acc[nv - 1] = v_fma(v_load_n(col + (nv - 1) * VL, w), ax, acc[nv - 1]);
        }
    }
    for (int v = 0; v < nv - 1; v++) v_storeu(yb + v * VL, acc[v]);
    v_store_n(yb + (nv - 1) * VL, acc[nv - 1], w);
}

/* N, the rows [i0, i0 + rows) of block blk: yb = beta * yb, then for j = 0, 1, ... in
 * order yb += (alpha * x[j]) * A(i0:i1, j), GEMV_N_COLS columns per pass over the block so that
 * each vector of yb is loaded and stored once per GEMV_N_COLS columns. yb is y itself, or, for
 * a strided y, the block gathered on the stack and scattered back. */
static void GEMV_N_BLOCK(void *arg, int64_t blk) {
    const GEMV_TASK *t = arg;
    const int64_t i0 = blk * t->rows, rows = t->m - i0 < t->rows ? t->m - i0 : t->rows;
    const int64_t n = t->n, lda = t->lda, incx = t->incx;
    const T alpha = t->alpha, beta = t->beta, *x = t->x;
    T gathered[GEMV_GATHER_ROWS];
    T *yb = t->y + i0;
    if (t->incy != 1) {
        yb = gathered;
        for (int64_t i = 0; i < rows; i++) yb[i] = beta == 0 ? (T)0 : t->y[(i0 + i) * t->incy];
    }
    const VT vbeta = v_set1(beta);
    for (int64_t i = 0; i < rows; i += VL) {
        const int w = rows - i < VL ? (int)(rows - i) : VL;
        v_store_n(yb + i, beta == 0 ? v_set1((T)0) : v_mul(vbeta, v_load_n(yb + i, w)), w);
    }
    const T *a = t->A + i0;
    int64_t j = alpha == 0 ? n : 0; /* alpha == 0: A and x are not read */
    /* Short columns (all of y in one block of at most GEMV_N_REG_VECS vectors): A is one
     * stream in address order, y in registers. */
    switch (rows == t->m && rows <= GEMV_N_REG_VECS * VL ? (rows + VL - 1) / VL : 0) {
    case 1: GEMV_N_REGS(t, yb, a, rows, n - j, 1); j = n; break;
    case 2: GEMV_N_REGS(t, yb, a, rows, n - j, 2); j = n; break;
    case 3: GEMV_N_REGS(t, yb, a, rows, n - j, 3); j = n; break;
    case 4: GEMV_N_REGS(t, yb, a, rows, n - j, 4); j = n; break;
    default: break;
    }
    for (; j + GEMV_N_COLS <= n; j += GEMV_N_COLS) {
        VT ax[GEMV_N_COLS];
        const T *col[GEMV_N_COLS];
        for (int c = 0; c < GEMV_N_COLS; c++) {
            ax[c] = v_set1(alpha * x[(j + c) * incx]);
            col[c] = a + (j + c) * lda;
        }
        int64_t i = 0;
        for (; i + VL <= rows; i += VL) {
            VT acc = v_loadu(yb + i);
            for (int c = 0; c < GEMV_N_COLS; c++) {
                _mm_prefetch((const char *)(col[c] + i), _MM_HINT_T0); /* see gemv_instances.h */
                acc = v_fma(v_loadu(col[c] + i), ax[c], acc);
            }
            v_storeu(yb + i, acc);
        }
        if (i < rows) {
            const int w = (int)(rows - i);
            VT acc = v_load_n(yb + i, w);
            for (int c = 0; c < GEMV_N_COLS; c++) acc = v_fma(v_load_n(col[c] + i, w), ax[c], acc);
            v_store_n(yb + i, acc, w);
        }
    }
    for (; j < n; j++) {
        const VT ax = v_set1(alpha * x[j * incx]);
        const T *col = a + j * lda;
        for (int64_t i = 0; i < rows; i += VL) {
            const int w = rows - i < VL ? (int)(rows - i) : VL;
            v_store_n(yb + i, v_fma(v_load_n(col + i, w), ax, v_load_n(yb + i, w)), w);
        }
    }
    if (t->incy != 1)
        for (int64_t i = 0; i < rows; i++) t->y[(i0 + i) * t->incy] = yb[i];
}

/* T, the columns [j0, j0 + cols) (cols <= NC, NC a constant at each call site):
 * y[j] = alpha * (A(:, j) . x) + beta * y[j]. With a unit-stride x each dot keeps one vector
 * accumulator (lane r sums the rows i with i % VL == r, in order), then sums its lanes in a
 * fixed tree, so a column's result does not depend on NC; a strided x runs element by
 * element. */
static inline __attribute__((always_inline)) void GEMV_T_DOTS(const GEMV_TASK *t, int64_t j0,
                                                              const int NC) {
    const int64_t m = t->m, lda = t->lda;
    const int cols = t->n - j0 < NC ? (int)(t->n - j0) : NC;
    const T *x = t->x, *col = t->A + j0 * lda;
    T sum[GEMV_T_COLS_WIDE];
    if (t->incx == 1) {
        VT acc[GEMV_T_COLS_WIDE];
        for (int c = 0; c < NC; c++) acc[c] = v_set1((T)0);
        int64_t i = 0;
        if (cols == NC) {
            for (; i + VL <= m; i += VL) {
                const VT xv = v_loadu(x + i);
                for (int c = 0; c < NC; c++)
                    acc[c] = v_fma(v_loadu(col + c * lda + i), xv, acc[c]);
            }
        }
        for (; i < m; i += VL) {
            const int w = m - i < VL ? (int)(m - i) : VL;
            const VT xv = v_load_n(x + i, w);
            for (int c = 0; c < cols; c++)
                acc[c] = v_fma(v_load_n(col + c * lda + i, w), xv, acc[c]);
        }
        for (int c = 0; c < cols; c++) sum[c] = v_reduce_add(acc[c]);
    } else {
        for (int c = 0; c < cols; c++) {
            T s = 0;
            for (int64_t i = 0; i < m; i++) s += col[c * lda + i] * x[i * t->incx];
            sum[c] = s;
        }
    }
    for (int c = 0; c < cols; c++) {
        T *yj = t->y + (j0 + c) * t->incy;
        const T s = t->alpha * sum[c];
        *yj = t->beta == 0 ? s : s + t->beta * *yj;
    }
}

/* T, group g of t->tcols columns (GEMV_T_COLS, or GEMV_T_COLS_WIDE for a long x). */
static void GEMV_T_COLUMNS(void *arg, int64_t g) {
    const GEMV_TASK *t = arg;
    if (t->tcols == GEMV_T_COLS_WIDE)
        GEMV_T_DOTS(t, g * GEMV_T_COLS_WIDE, GEMV_T_COLS_WIDE);
    else
        GEMV_T_DOTS(t, g * GEMV_T_COLS, GEMV_T_COLS);
}

gblas_status_t FN_GEMV(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                       const T *alpha, const T *A, int64_t lda, const T *x, int64_t incx,
                       const T *beta, T *y, int64_t incy) {
    const int notrans = trans == GBLAS_OP_N;
    GEMV_TASK t = {.m = m, .n = n, .lda = lda, .incx = incx, .incy = incy, .alpha = *alpha,
                   .beta = *beta, .A = A, .x = x + gblas_vec_start(notrans ? n : m, incx),
                   .y = y + gblas_vec_start(notrans ? m : n, incy)};
    const int parallel = (double)m * (double)n >= (double)GBLAS_CPU_PARALLEL_MIN;
    if (notrans) {
        /* Blocks of at most GEMV_ROWS (GEMV_GATHER_ROWS for a strided y), at least one per
         * thread (each element of y sees the same operations whatever block holds it). */
        const int64_t share = (m + gblas_cpu_threads(ctx) - 1) / gblas_cpu_threads(ctx);
        const int64_t most = incy == 1 ? GEMV_ROWS : GEMV_GATHER_ROWS;
        t.rows = share < most ? (share + VL - 1) / VL * VL : most;
        gblas_cpu_for(ctx, (m + t.rows - 1) / t.rows, parallel, GEMV_N_BLOCK, &t);
        return GBLAS_STATUS_SUCCESS;
    }
    if (t.alpha == 0) {
        for (int64_t j = 0; j < n; j++)
            t.y[j * incy] = t.beta == 0 ? (T)0 : t.beta * t.y[j * incy];
        return GBLAS_STATUS_SUCCESS;
    }
    /* A strided x is gathered into the packing region first (it holds several million
     * elements); a longer one is read in place, element by element. */
    if (incx != 1 && (size_t)m * sizeof(T) <= gblas_cpu_pack_region_bytes(ctx)) {
        T *xg = gblas_cpu_pack_region(ctx);
        for (int64_t i = 0; i < m; i++) xg[i] = t.x[i * incx];
        t.x = xg;
        t.incx = 1;
    }
    t.tcols = (size_t)m * sizeof(T) > GEMV_T_WIDE_X_BYTES ? GEMV_T_COLS_WIDE : GEMV_T_COLS;
    gblas_cpu_for(ctx, (n + t.tcols - 1) / t.tcols, parallel, GEMV_T_COLUMNS, &t);
    return GBLAS_STATUS_SUCCESS;
}

#undef T
#undef VT
#undef VL
#undef GEMV_TASK
#undef GEMV_N_REGS
#undef GEMV_N_BLOCK
#undef GEMV_T_COLUMNS
#undef GEMV_T_DOTS
#undef FN_GEMV
