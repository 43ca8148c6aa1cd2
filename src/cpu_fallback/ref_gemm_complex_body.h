/* ref_gemm_complex_body.h: the reference complex GEMM (C = alpha * op(A) * op(B) + beta * C)
 * for one complex element type (type_c.h, type_z.h), every pair of N, T and C (conjugate
 * transpose). Portable C on the complex arithmetic of ref_level1_complex_body.h (included
 * first); the only complex GEMM of every CPU level for now. Included by <t>_ref.c. */

/* Multiply-adds (m * n * k) from which the columns of C are shared out over threads. */
#define REF_CGEMM_PARALLEL_MIN ((double)(1 << 16))
/* Rows of a column of C whose sums are kept on the stack while l runs over k. */
#define REF_CGEMM_ROWS 256

/* C = alpha * op(A) * op(B) + beta * C; C m x n, op(A) m x k, op(B) k x n, column-major.
 * op(A)(i, l) sits at A[i * a_row + l * a_col], op(B)(l, j) at B[l * b_row + j * b_col], each
 * conjugated when its operation is OP_C. One thread per column j of C; the column goes
 * REF_CGEMM_ROWS rows at a time: s(i) = sum of op(A)(i, l) op(B)(l, j) in ascending l (each
 * product rounded part by part, cx_mul), then C(i, j) = alpha s(i) + beta C(i, j). So every
 * element's sum has one fixed order, whatever the thread count.
 * beta == 0 never reads C; alpha == 0 or k == 0 never reads A or B, nor forms their addresses
 * (C = beta * C). */
static gblas_status_t ref_gemm(gblas_ctx *ctx, gblas_operation_t transa, gblas_operation_t transb,
                               int64_t m, int64_t n, int64_t k, const void *alpha, const void *Av,
                               int64_t lda, const void *Bv, int64_t ldb, const void *beta,
                               void *Cv, int64_t ldc) {
    const T a = *(const T *)alpha, b = *(const T *)beta, *A = Av, *B = Bv;
    T *C = Cv;
    const int64_t a_row = transa == GBLAS_OP_N ? 1 : lda, a_col = transa == GBLAS_OP_N ? lda : 1;
    const int64_t b_row = transb == GBLAS_OP_N ? 1 : ldb, b_col = transb == GBLAS_OP_N ? ldb : 1;
    const int conj_a = transa == GBLAS_OP_C, conj_b = transb == GBLAS_OP_C;
    const int products = !cx_is_zero(a) && k > 0, beta_zero = cx_is_zero(b);
    const int parallel = (double)m * (double)n * (double)k >= REF_CGEMM_PARALLEL_MIN;

#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) if (parallel)
    for (int64_t j = 0; j < n; j++) {
        T *restrict c = C + j * ldc;
        if (!products) {
            for (int64_t i = 0; i < m; i++) c[i] = beta_zero ? (T){0, 0} : cx_mul(b, c[i]);
            continue;
        }
        for (int64_t i0 = 0; i0 < m; i0 += REF_CGEMM_ROWS) {
            const int rows = m - i0 < REF_CGEMM_ROWS ? (int)(m - i0) : REF_CGEMM_ROWS;
            T s[REF_CGEMM_ROWS];
            for (int r = 0; r < rows; r++) s[r] = (T){0, 0};
            for (int64_t l = 0; l < k; l++) {
                T bl = B[l * b_row + j * b_col];
                if (conj_b) bl.im = -bl.im;
                const T *al = A + i0 * a_row + l * a_col; /* op(A)(i0 + r, l) = al[r * a_row] */
                for (int r = 0; r < rows; r++) {
                    T ar = al[r * a_row];
                    if (conj_a) ar.im = -ar.im;
                    s[r] = cx_add(s[r], cx_mul(ar, bl));
                }
            }
            for (int r = 0; r < rows; r++)
                c[i0 + r] = beta_zero ? cx_mul(a, s[r])
                                      : cx_add(cx_mul(a, s[r]), cx_mul(b, c[i0 + r]));
        }
    }
    return GBLAS_STATUS_SUCCESS;
}

#undef REF_CGEMM_PARALLEL_MIN
#undef REF_CGEMM_ROWS
