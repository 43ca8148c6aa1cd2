/* ref_gemm_body.h: the reference GEMM (C = alpha * op(A) * op(B) + beta * C) for one element
 * type (type_<t>.h), all four transpose pairs. Portable C whose loop orders stream columns;
 * the AVX levels replace it with packed, blocked kernels. Included by <t>_ref.c. */

/* Multiply-adds (m * n * k) from which the columns of C are shared out over threads. */
#define REF_GEMM_PARALLEL_MIN ((double)(1 << 18))
/* Rows of C whose dot products the transa == T loop runs side by side. */
#define REF_GEMM_DOTS 4
/* Rows of a column of C whose partial sums (past the first k-block) are kept on the stack. */
#define REF_GEMM_ROWS 512

/* C = alpha * op(A) * op(B) + beta * C; C m x n, op(A) m x k, op(B) k x n, column-major.
 * op(B)(l, j) sits at B[l * b_row + j * b_col]. One thread per column j of C; the k-sum runs
 * in blocks of GBLAS_CPU_KBLOCK (the first into C itself, each later one summed from zero and
 * then added), so no running sum takes more than that many terms:
 * transa == N (NN, NT): scale C(:, j) by beta, then C(:, j) += alpha * op(B)(l, j) * A(:, l)
 *   for l = 0, 1, ... in order: loops j, l, i, every inner loop streams a column; later
 *   k-blocks go REF_GEMM_ROWS rows at a time.
 * transa == T (TN, TT): C(i, j) = alpha * (sum over l of A(l, i) * op(B)(l, j))
 *   + beta * C(i, j); REF_GEMM_DOTS rows i at a time share each load of op(B)(l, j) and keep
 *   that many independent sums in flight.
 * beta == 0 never reads C; alpha == 0 or k == 0 never reads A or B, nor forms their
 * addresses (C = beta * C). */
static gblas_status_t ref_gemm(gblas_ctx *ctx, gblas_operation_t transa, gblas_operation_t transb,
                               int64_t m, int64_t n, int64_t k, const void *alpha, const void *Av,
                               int64_t lda, const void *Bv, int64_t ldb, const void *beta,
                               void *Cv, int64_t ldc) {
    const T a = *(const T *)alpha, b = *(const T *)beta, *A = Av, *B = Bv;
    T *C = Cv;
    const int64_t b_row = transb == GBLAS_OP_N ? 1 : ldb;
    const int64_t b_col = transb == GBLAS_OP_N ? ldb : 1;
    const int products = a != 0 && k > 0;
    const int parallel = (double)m * (double)n * (double)k >= REF_GEMM_PARALLEL_MIN;

#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) if (parallel)
    for (int64_t j = 0; j < n; j++) {
        T *restrict c = C + j * ldc;
        if (!products) {
            for (int64_t i = 0; i < m; i++) c[i] = b == 0 ? (T)0 : b * c[i];
            continue;
        }
        const T *bj = B + j * b_col;
        if (transa == GBLAS_OP_N) {
            for (int64_t i = 0; i < m; i++) c[i] = b == 0 ? (T)0 : b * c[i];
            const int64_t l1 = k < GBLAS_CPU_KBLOCK ? k : GBLAS_CPU_KBLOCK;
            for (int64_t l = 0; l < l1; l++) {
                const T t = a * bj[l * b_row];
                const T *restrict al = A + l * lda;
                for (int64_t i = 0; i < m; i++) c[i] += t * al[i];
            }
            for (int64_t i0 = 0; i0 < m && l1 < k; i0 += REF_GEMM_ROWS) {
                const int rows = m - i0 < REF_GEMM_ROWS ? (int)(m - i0) : REF_GEMM_ROWS;
                T part[REF_GEMM_ROWS];
                for (int64_t l0 = l1; l0 < k; l0 += GBLAS_CPU_KBLOCK) {
                    const int64_t le = k - l0 < GBLAS_CPU_KBLOCK ? k : l0 + GBLAS_CPU_KBLOCK;
                    for (int r = 0; r < rows; r++) part[r] = 0;
                    for (int64_t l = l0; l < le; l++) {
                        const T t = a * bj[l * b_row];
                        const T *restrict al = A + i0 + l * lda;
                        for (int r = 0; r < rows; r++) part[r] += t * al[r];
                    }
                    for (int r = 0; r < rows; r++) c[i0 + r] += part[r];
                }
            }
        } else {
            for (int64_t i0 = 0; i0 < m; i0 += REF_GEMM_DOTS) {
                const int rows = m - i0 < REF_GEMM_DOTS ? (int)(m - i0) : REF_GEMM_DOTS;
                const T *ai = A + i0 * lda; /* op(A)(i0 + r, l) = ai[l + r * lda] */
                T s[REF_GEMM_DOTS] = {0};
                for (int64_t l0 = 0; l0 < k; l0 += GBLAS_CPU_KBLOCK) {
                    const int64_t le = k - l0 < GBLAS_CPU_KBLOCK ? k : l0 + GBLAS_CPU_KBLOCK;
                    T p[REF_GEMM_DOTS] = {0};
                    for (int64_t l = l0; l < le; l++) {
                        const T bl = bj[l * b_row];
                        for (int r = 0; r < rows; r++) p[r] += ai[l + r * lda] * bl;
                    }
                    for (int r = 0; r < rows; r++) s[r] = l0 == 0 ? p[r] : s[r] + p[r];
                }
                for (int r = 0; r < rows; r++)
                    c[i0 + r] = b == 0 ? a * s[r] : a * s[r] + b * c[i0 + r];
            }
        }
    }
    return GBLAS_STATUS_SUCCESS;
}

#undef REF_GEMM_PARALLEL_MIN
#undef REF_GEMM_DOTS
#undef REF_GEMM_ROWS
