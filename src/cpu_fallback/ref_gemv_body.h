/* ref_gemv_body.h: the reference GEMV (y = alpha * op(A) * x + beta * y) for one element type
 * (type_<t>.h), any increments, negative ones included. Included by <t>_ref.c. */

/* Rows of y one thread owns in the N case: A's column segments stay long enough to stream. */
#define REF_GEMV_ROWS ((int64_t)4096)

/* y = alpha * op(A) * x + beta * y, A m x n column-major (A(i, j) at A[i + j * lda]).
 * N: y (m) is cut into blocks of REF_GEMV_ROWS rows, one thread per block; each block is
 *    scaled by beta, then gets alpha * x[j] * A(block, j) for j = 0, 1, ... in order (streams
 *    columns); from column GBLAS_CPU_KBLOCK on, each block of that many columns is summed on
 *    its own (from zero) and then added to y, so no sum runs over more than that many terms.
 * T: y[j] = alpha * (sum over i of A(i, j) * x[i]) + beta * y[j], one thread per j; the sum
 *    over i in blocks of GBLAS_CPU_KBLOCK, each summed in order and added to the total in
 *    order.
 * Each element of y thus sees one fixed order of operations whatever the thread count.
 * beta == 0 never reads y; alpha == 0 never reads A or x (nor forms their addresses). */
static gblas_status_t ref_gemv(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                               const void *alpha, const void *Av, int64_t lda, const void *x,
                               int64_t incx, const void *beta, void *y, int64_t incy) {
    const T a = *(const T *)alpha, b = *(const T *)beta, *A = Av;
    const int notrans = trans == GBLAS_OP_N;
    const T *x0 = a == 0 ? NULL : (const T *)x + gblas_vec_start(notrans ? n : m, incx);
    T *y0 = (T *)y + gblas_vec_start(notrans ? m : n, incy);
    const int parallel = (double)m * (double)n >= (double)GBLAS_CPU_PARALLEL_MIN;

    if (notrans) {
        const int64_t nblocks = (m + REF_GEMV_ROWS - 1) / REF_GEMV_ROWS;
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) if (parallel)
        for (int64_t blk = 0; blk < nblocks; blk++) {
            const int64_t i0 = blk * REF_GEMV_ROWS;
            const int64_t i1 = m - i0 < REF_GEMV_ROWS ? m : i0 + REF_GEMV_ROWS;
            for (int64_t i = i0; i < i1; i++) y0[i * incy] = b == 0 ? (T)0 : b * y0[i * incy];
            if (a == 0) continue;
            T part[REF_GEMV_ROWS];
            for (int64_t j0 = 0; j0 < n; j0 += GBLAS_CPU_KBLOCK) {
                const int64_t j1 = n - j0 < GBLAS_CPU_KBLOCK ? n : j0 + GBLAS_CPU_KBLOCK;
                if (j0 == 0) {
                    for (int64_t j = 0; j < j1; j++) {
                        const T t = a * x0[j * incx];
                        const T *col = A + j * lda;
                        for (int64_t i = i0; i < i1; i++) y0[i * incy] += t * col[i];
                    }
                    continue;
                }
                for (int64_t i = i0; i < i1; i++) part[i - i0] = 0;
                for (int64_t j = j0; j < j1; j++) {
                    const T t = a * x0[j * incx];
                    const T *col = A + j * lda;
                    for (int64_t i = i0; i < i1; i++) part[i - i0] += t * col[i];
                }
                for (int64_t i = i0; i < i1; i++) y0[i * incy] += part[i - i0];
            }
        }
    } else {
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) if (parallel)
        for (int64_t j = 0; j < n; j++) {
            const T by = b == 0 ? (T)0 : b * y0[j * incy];
            if (a == 0) {
                y0[j * incy] = by;
                continue;
            }
            const T *col = A + j * lda;
            T s = 0;
            for (int64_t i0 = 0; i0 < m; i0 += GBLAS_CPU_KBLOCK) {
                const int64_t i1 = m - i0 < GBLAS_CPU_KBLOCK ? m : i0 + GBLAS_CPU_KBLOCK;
                T p = 0;
                for (int64_t i = i0; i < i1; i++) p += col[i] * x0[i * incx];
                s = i0 == 0 ? p : s + p;
            }
            y0[j * incy] = b == 0 ? a * s : a * s + by;
        }
    }
    return GBLAS_STATUS_SUCCESS;
}

#undef REF_GEMV_ROWS
