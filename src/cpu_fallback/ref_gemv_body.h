/* ref_gemv_body.h: reference GEMV for one element type T, included by ref_gemv.c once per type
 * with T and FN_GEMV defined. */

/* y = alpha * op(A) * x + beta * y, A m x n column-major (A(i, j) at A[i + j * lda]).
 * N: y (m) is cut into blocks of GEMV_ROWS rows, one thread per block; each block is scaled by
 *    beta, then gets alpha * x[j] * A(block, j) for j = 0, 1, ... in order (streams columns).
 * T: y[j] = alpha * (sum over i in order of A(i, j) * x[i]) + beta * y[j], one thread per j.
 * Each element of y thus sees one fixed order of operations whatever the thread count.
 * beta == 0 never reads y; alpha == 0 never reads A or x. */
gblas_status_t FN_GEMV(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                       const T *alpha, const T *A, int64_t lda, const T *x, int64_t incx,
                       const T *beta, T *y, int64_t incy) {
    const T a = *alpha, b = *beta;
    const int notrans = trans == GBLAS_OP_N;
    const T *x0 = x + gblas_vec_start(notrans ? n : m, incx);
    T *y0 = y + gblas_vec_start(notrans ? m : n, incy);
    const int parallel = m * n >= GBLAS_CPU_PARALLEL_MIN;

    if (notrans) {
        const int64_t nblocks = (m + GEMV_ROWS - 1) / GEMV_ROWS;
#pragma omp parallel for schedule(static) num_threads(ctx->num_threads) if (parallel)
        for (int64_t blk = 0; blk < nblocks; blk++) {
            const int64_t i0 = blk * GEMV_ROWS;
            const int64_t i1 = m - i0 < GEMV_ROWS ? m : i0 + GEMV_ROWS;
            for (int64_t i = i0; i < i1; i++) y0[i * incy] = b == 0 ? (T)0 : b * y0[i * incy];
            if (a == 0) continue;
            for (int64_t j = 0; j < n; j++) {
                const T t = a * x0[j * incx];
                const T *col = A + j * lda;
                for (int64_t i = i0; i < i1; i++) y0[i * incy] += t * col[i];
            }
        }
    } else {
#pragma omp parallel for schedule(static) num_threads(ctx->num_threads) if (parallel)
        for (int64_t j = 0; j < n; j++) {
            const T by = b == 0 ? (T)0 : b * y0[j * incy];
            if (a == 0) {
                y0[j * incy] = by;
                continue;
            }
            const T *col = A + j * lda;
            T s = 0;
            for (int64_t i = 0; i < m; i++) s += col[i] * x0[i * incx];
            y0[j * incy] = b == 0 ? a * s : a * s + by;
        }
    }
    return GBLAS_STATUS_SUCCESS;
}

#undef T
#undef FN_GEMV
