/* gemv_body.h: GEMV (y = alpha * op(A) * x + beta * y) of one element type (type_<t>.h) in the
 * vector vocabulary of simd_<level>.h. Included by <t>_avx2.c and <t>_avx512.c. Both forms
 * stream A once, column by column, and give each element of y one fixed order of operations
 * whatever the thread count; the long sum (over n in N, over m in T) runs in blocks of
 * GBLAS_CPU_KBLOCK terms whose sums are added in order. beta == 0 never reads y; alpha == 0
 * never reads A or x, nor forms their addresses. */

/* N: rows of y per block: 128 KiB of them (kept in L2) when y is updated in place, so that each
 * column of A is read in runs that long; 32 KiB when a strided y is gathered into a block on
 * the stack; columns past the first GBLAS_CPU_KBLOCK sum into a block that size there.
 * Each load of a column is preceded by a prefetcht0 of the same line: on Zen 4 that measured
 * faster than no prefetch (sgemv N 4096 0.93 -> 1.01x OpenBLAS) and than prefetching 64-512
 * bytes ahead; the VM exposes no counters to say why (bench/cpu-log.md section 7). */
#define GEMV_ROWS ((int64_t)(131072 / sizeof(T)))
#define GEMV_STACK_ROWS ((int64_t)(32768 / sizeof(T)))
/* Columns of A per pass: N updates each vector of y with this many columns; T computes this
 * many dot products sharing each load of x. */
#define GEMV_N_COLS 8
#define GEMV_T_COLS 4
/* T: 8 columns per pass where x is longer than this: x no longer stays in L2, and each pass
 * reads it again (bench/cpu-log.md section 8). */
#define GEMV_T_COLS_WIDE 8
#define GEMV_T_WIDE_X_BYTES ((size_t)512 * 1024)
/* N: a block of at most this many vectors is kept in registers (gemv_n_regs). */
#define GEMV_N_REG_VECS 4

/* One call as its blocks see it: x and y point at element 0 of each vector. */
typedef struct {
    int64_t m, n, lda, incx, incy;
    int64_t rows; /* N: rows of y per block, at most GEMV_ROWS (GEMV_STACK_ROWS: strided y) */
    int tcols;    /* T: columns per group */
    T alpha, beta;
    const T *A, *x;
    T *y;
} gemv_task;

/* acc[0 .. nv) += (alpha * x[j]) * A(rows, j) for j in [j0, j1): the last of the nv vectors
 * holds w rows (whole vectors by plain loads: a masked load per column halved the rate). */
static inline __attribute__((always_inline)) void gemv_n_regs_cols(const gemv_task *t, VT *acc,
                                                                   const T *a, int64_t j0,
                                                                   int64_t j1, const int nv,
                                                                   int w) {
    const T alpha = t->alpha, *x = t->x;
    const int64_t incx = t->incx, lda = t->lda;
    if (w == VL) {
        for (int64_t j = j0; j < j1; j++) {
            const VT ax = v_set1(alpha * x[j * incx]);
            const T *col = a + j * lda;
            for (int v = 0; v < nv; v++) acc[v] = v_fma(v_loadu(col + v * VL), ax, acc[v]);
        }
    } else {
        for (int64_t j = j0; j < j1; j++) {
            const VT ax = v_set1(alpha * x[j * incx]);
            const T *col = a + j * lda;
            for (int v = 0; v < nv - 1; v++) acc[v] = v_fma(v_loadu(col + v * VL), ax, acc[v]);
            acc[nv - 1] = v_fma(v_load_n(col + (nv - 1) * VL, w), ax, acc[nv - 1]);
        }
    }
}

/* N, a block of nv vectors (nv <= GEMV_N_REG_VECS, a constant where inlined; the last vector
 * holds w = rows - (nv - 1) * VL rows): yb stays in registers while the columns stream past in
 * address order, yb += (alpha * x[j]) * A(i0:i1, j) for j = 0 .. ncols - 1; columns past the
 * first GBLAS_CPU_KBLOCK are summed a block at a time from zero, then added. */
static inline __attribute__((always_inline)) void gemv_n_regs(const gemv_task *t, T *yb,
                                                              const T *a, int64_t rows,
                                                              int64_t ncols, const int nv) {
    const int w = (int)(rows - (nv - 1) * VL);
    VT acc[GEMV_N_REG_VECS];
    for (int v = 0; v < nv - 1; v++) acc[v] = v_loadu(yb + v * VL);
    acc[nv - 1] = v_load_n(yb + (nv - 1) * VL, w);
    for (int64_t j0 = 0; j0 < ncols; j0 += GBLAS_CPU_KBLOCK) {
        const int64_t j1 = ncols - j0 < GBLAS_CPU_KBLOCK ? ncols : j0 + GBLAS_CPU_KBLOCK;
        if (j0 == 0) {
            gemv_n_regs_cols(t, acc, a, 0, j1, nv, w);
            continue;
        }
        VT part[GEMV_N_REG_VECS];
        for (int v = 0; v < nv; v++) part[v] = v_set1((T)0);
        gemv_n_regs_cols(t, part, a, j0, j1, nv, w);
        for (int v = 0; v < nv; v++) acc[v] = v_add(acc[v], part[v]);
    }
    for (int v = 0; v < nv - 1; v++) v_storeu(yb + v * VL, acc[v]);
    v_store_n(yb + (nv - 1) * VL, acc[nv - 1], w);
}

/* N: yb[0 .. rows) += (alpha * x[j]) * a(0 .. rows, j) for j in [j0, j1) in order, GEMV_N_COLS
 * columns per pass over yb so that each vector of yb is loaded and stored once per
 * GEMV_N_COLS columns. */
static void gemv_n_cols(const gemv_task *t, T *yb, const T *a, int64_t rows, int64_t j0,
                        int64_t j1) {
    const int64_t lda = t->lda, incx = t->incx;
    const T alpha = t->alpha, *x = t->x;
    int64_t j = j0;
    for (; j1 - j >= GEMV_N_COLS; j += GEMV_N_COLS) {
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
                _mm_prefetch((const char *)(col[c] + i), _MM_HINT_T0); /* see GEMV_ROWS */
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
    for (; j < j1; j++) {
        const VT ax = v_set1(alpha * x[j * incx]);
        const T *col = a + j * lda;
        for (int64_t i = 0; i < rows; i += VL) {
            const int w = rows - i < VL ? (int)(rows - i) : VL;
            v_store_n(yb + i, v_fma(v_load_n(col + i, w), ax, v_load_n(yb + i, w)), w);
        }
    }
}

/* N, the rows [i0, i0 + rows) of block blk: yb = beta * yb, then yb += (alpha * x[j]) *
 * A(i0:i1, j) for the first GBLAS_CPU_KBLOCK columns j in order (gemv_n_cols); each later
 * block of that many columns is summed from zero in buf, GEMV_STACK_ROWS rows at a time, and
 * then added to y. yb is y itself,
 * or, for a strided y, the block gathered into buf (scattered back after the first column
 * block; later blocks scatter-add). */
static void gemv_n_block(void *arg, int64_t blk) {
    const gemv_task *t = arg;
    const int64_t i0 = blk * t->rows, rows = t->m - i0 < t->rows ? t->m - i0 : t->rows;
    const int64_t n = t->alpha == 0 ? 0 : t->n; /* alpha == 0: A and x are not read */
    const T beta = t->beta;
    T buf[GEMV_STACK_ROWS];
    T *y = t->y + i0 * t->incy, *yb = y;
    if (t->incy != 1) {
        yb = buf;
        for (int64_t i = 0; i < rows; i++) yb[i] = beta == 0 ? (T)0 : y[i * t->incy];
    }
    const VT vbeta = v_set1(beta);
    for (int64_t i = 0; i < rows; i += VL) {
        const int w = rows - i < VL ? (int)(rows - i) : VL;
        v_store_n(yb + i, beta == 0 ? v_set1((T)0) : v_mul(vbeta, v_load_n(yb + i, w)), w);
    }
    const T *a = n > 0 ? t->A + i0 : NULL;
    const int64_t first = n < GBLAS_CPU_KBLOCK ? n : GBLAS_CPU_KBLOCK;
    /* Short columns (all of y in one block of at most GEMV_N_REG_VECS vectors): A is one
     * stream in address order, y in registers. */
    switch (rows == t->m && rows <= GEMV_N_REG_VECS * VL && n > 0 ? (rows + VL - 1) / VL : 0) {
    case 1: gemv_n_regs(t, yb, a, rows, n, 1); break;
    case 2: gemv_n_regs(t, yb, a, rows, n, 2); break;
    case 3: gemv_n_regs(t, yb, a, rows, n, 3); break;
    case 4: gemv_n_regs(t, yb, a, rows, n, 4); break;
    default:
        gemv_n_cols(t, yb, a, rows, 0, first);
        if (t->incy != 1)
            for (int64_t i = 0; i < rows; i++) y[i * t->incy] = yb[i];
        /* Later column blocks, GEMV_STACK_ROWS rows at a time: buf holds their partial sums
         * (a strided y's block has no more rows than that). */
        for (int64_t r0 = 0; r0 < rows && first < n; r0 += GEMV_STACK_ROWS) {
            const int64_t nr = rows - r0 < GEMV_STACK_ROWS ? rows - r0 : GEMV_STACK_ROWS;
            for (int64_t j0 = first; j0 < n; j0 += GBLAS_CPU_KBLOCK) {
                const int64_t j1 = n - j0 < GBLAS_CPU_KBLOCK ? n : j0 + GBLAS_CPU_KBLOCK;
                for (int64_t i = 0; i < nr; i++) buf[i] = 0;
                gemv_n_cols(t, buf, a + r0, nr, j0, j1);
                for (int64_t i = 0; i < nr; i++) y[(r0 + i) * t->incy] += buf[i];
            }
        }
        return;
    }
    if (t->incy != 1)
        for (int64_t i = 0; i < rows; i++) y[i * t->incy] = yb[i];
}

/* T: acc[c] += A(i0:i1, j0 + c) * x(i0:i1) lane by lane for c < cols (cols <= NC, NC a
 * constant where inlined; lane r takes the rows i with i % VL == r, in order), x unit-stride:
 * whole vectors by plain loads when all NC columns are there, the rest masked. */
static inline __attribute__((always_inline)) void gemv_t_rows(const gemv_task *t, const T *col,
                                                              int cols, int64_t i0, int64_t i1,
                                                              VT *acc, const int NC) {
    const int64_t lda = t->lda;
    const T *x = t->x;
    int64_t i = i0;
    if (cols == NC) {
        for (; i + VL <= i1; i += VL) {
            const VT xv = v_loadu(x + i);
            for (int c = 0; c < NC; c++) acc[c] = v_fma(v_loadu(col + c * lda + i), xv, acc[c]);
        }
    }
    for (; i < i1; i += VL) {
        const int w = i1 - i < VL ? (int)(i1 - i) : VL;
        const VT xv = v_load_n(x + i, w);
        for (int c = 0; c < cols; c++) acc[c] = v_fma(v_load_n(col + c * lda + i, w), xv, acc[c]);
    }
}

/* T, the columns [j0, j0 + cols) (cols <= NC, NC a constant at each call site):
 * y[j] = alpha * (A(:, j) . x) + beta * y[j]. With a unit-stride x each dot keeps one vector
 * accumulator (gemv_t_rows) over the first GBLAS_CPU_KBLOCK rows; each later block of that
 * many rows is summed from zero and then added to it, in order; its lanes are then summed in
 * a fixed tree, so a column's result does not depend on NC. A strided x runs element by
 * element, in the same blocks. */
static inline __attribute__((always_inline)) void gemv_t_dots(const gemv_task *t, int64_t j0,
                                                              const int NC) {
    const int64_t m = t->m, lda = t->lda;
    const int cols = t->n - j0 < NC ? (int)(t->n - j0) : NC;
    const T *x = t->x, *col = t->A + j0 * lda;
    T sum[GEMV_T_COLS_WIDE];
    if (t->incx == 1) {
        VT acc[GEMV_T_COLS_WIDE];
        for (int c = 0; c < NC; c++) acc[c] = v_set1((T)0);
        gemv_t_rows(t, col, cols, 0, m < GBLAS_CPU_KBLOCK ? m : GBLAS_CPU_KBLOCK, acc, NC);
        for (int64_t i0 = GBLAS_CPU_KBLOCK; i0 < m; i0 += GBLAS_CPU_KBLOCK) {
            VT part[GEMV_T_COLS_WIDE];
            for (int c = 0; c < NC; c++) part[c] = v_set1((T)0);
            gemv_t_rows(t, col, cols, i0, m - i0 < GBLAS_CPU_KBLOCK ? m : i0 + GBLAS_CPU_KBLOCK,
                        part, NC);
            for (int c = 0; c < NC; c++) acc[c] = v_add(acc[c], part[c]);
        }
        for (int c = 0; c < cols; c++) sum[c] = v_reduce_add(acc[c]);
    } else {
        for (int c = 0; c < cols; c++) {
            T s = 0;
            for (int64_t i0 = 0; i0 < m; i0 += GBLAS_CPU_KBLOCK) {
                const int64_t i1 = m - i0 < GBLAS_CPU_KBLOCK ? m : i0 + GBLAS_CPU_KBLOCK;
                T p = 0;
                for (int64_t i = i0; i < i1; i++) p += col[c * lda + i] * x[i * t->incx];
                s = i0 == 0 ? p : s + p;
            }
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
static void gemv_t_columns(void *arg, int64_t g) {
    const gemv_task *t = arg;
    if (t->tcols == GEMV_T_COLS_WIDE)
        gemv_t_dots(t, g * GEMV_T_COLS_WIDE, GEMV_T_COLS_WIDE);
    else
        gemv_t_dots(t, g * GEMV_T_COLS, GEMV_T_COLS);
}

static gblas_status_t gemv(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                           const void *alpha, const void *A, int64_t lda, const void *x,
                           int64_t incx, const void *beta, void *y, int64_t incy) {
    const int notrans = trans == GBLAS_OP_N;
    gemv_task t = {.m = m, .n = n, .lda = lda, .incx = incx, .incy = incy,
                   .alpha = *(const T *)alpha, .beta = *(const T *)beta, .A = A,
                   .y = (T *)y + gblas_vec_start(notrans ? m : n, incy)};
    if (t.alpha != 0) t.x = (const T *)x + gblas_vec_start(notrans ? n : m, incx);
    const int parallel = (double)m * (double)n >= (double)GBLAS_CPU_PARALLEL_MIN;
    if (notrans) {
        /* Blocks of at most GEMV_ROWS (GEMV_STACK_ROWS for a strided y), at least one per
         * thread (each element of y sees the same operations whatever block holds it). */
        const int64_t share = (m + gblas_cpu_threads(ctx) - 1) / gblas_cpu_threads(ctx);
        const int64_t most = incy == 1 ? GEMV_ROWS : GEMV_STACK_ROWS;
        t.rows = share < most ? (share + VL - 1) / VL * VL : most;
        gblas_cpu_for(ctx, (m + t.rows - 1) / t.rows, parallel, gemv_n_block, &t);
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
    gblas_cpu_for(ctx, (n + t.tcols - 1) / t.tcols, parallel, gemv_t_columns, &t);
    return GBLAS_STATUS_SUCCESS;
}
