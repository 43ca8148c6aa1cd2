/* ref_gemm_body.h: reference GEMM for one element type T, included by ref_gemm.c once per type
 * with T and FN_GEMM defined. */

/* C = alpha * op(A) * op(B) + beta * C; C m x n, op(A) m x k, op(B) k x n, column-major.
 * op(B)(l, j) sits at B[l * b_row + j * b_col]. One thread per column j of C:
 * transa == N (NN, NT): scale C(:, j) by beta, then C(:, j) += alpha * op(B)(l, j) * A(:, l)
 *   for l = 0, 1, ... in order: loops j, l, i, every inner loop streams a column.
 * transa == T (TN, TT): C(i, j) = alpha * (sum over l in order of A(l, i) * op(B)(l, j))
 *   + beta * C(i, j); GEMM_DOTS rows i at a time share each load of op(B)(l, j) and keep that
 *   many independent sums in flight. Each sum still runs over l in order.
 * beta == 0 never reads C; alpha == 0 or k == 0 never reads A or B (C = beta * C). */
gblas_status_t FN_GEMM(gblas_ctx *ctx, gblas_operation_t transa, gblas_operation_t transb,
                       int64_t m, int64_t n, int64_t k, const T *alpha, const T *A, int64_t lda,
                       const T *B, int64_t ldb, const T *beta, T *C, int64_t ldc) {
    const T a = *alpha, b = *beta;
    const int64_t b_row = transb == GBLAS_OP_N ? 1 : ldb;
    const int64_t b_col = transb == GBLAS_OP_N ? ldb : 1;
    const int products = a != 0 && k > 0;
    const int parallel = (double)m * (double)n * (double)k >= GEMM_PARALLEL_MIN;

#pragma omp parallel for schedule(static) num_threads(ctx->num_threads) if (parallel)
    for (int64_t j = 0; j < n; j++) {
        T *restrict c = C + j * ldc;
        const T *bj = B + j * b_col;
        if (!products) {
            for (int64_t i = 0; i < m; i++) c[i] = b == 0 ? (T)0 : b * c[i];
        } else if (transa == GBLAS_OP_N) {
            for (int64_t i = 0; i < m; i++) c[i] = b == 0 ? (T)0 : b * c[i];
            for (int64_t l = 0; l < k; l++) {
                const T t = a * bj[l * b_row];
                const T *restrict al = A + l * lda;
                for (int64_t i = 0; i < m; i++) c[i] += t * al[i];
            }
        } else {
            for (int64_t i0 = 0; i0 < m; i0 += GEMM_DOTS) {
                const int rows = m - i0 < GEMM_DOTS ? (int)(m - i0) : GEMM_DOTS;
                const T *ai = A + i0 * lda; /* op(A)(i0 + r, l) = ai[l + r * lda] */
                T s[GEMM_DOTS] = {0};
                for (int64_t l = 0; l < k; l++) {
                    const T bl = bj[l * b_row];
                    for (int r = 0; r < rows; r++) s[r] += ai[l + r * lda] * bl;
                }
                for (int r = 0; r < rows; r++)
                    c[i0 + r] = b == 0 ? a * s[r] : a * s[r] + b * c[i0 + r];
            }
        }
    }
    return GBLAS_STATUS_SUCCESS;
}

#undef T
#undef FN_GEMM
