/* gemm.c: public entry points of GEMM, C = alpha op(A) op(B) + beta C (C m x n, op(A) m x k,
 * op(B) k x n, column-major). */
#include "api/check.h"

/* BLAS order: transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc. Sets *quick when
 * the reference BLAS would return without touching C. */
static gblas_status_t check_gemm(gblas_handle_t h, const char *routine, size_t elem,
                                 gblas_operation_t transa, gblas_operation_t transb, int64_t m,
                                 int64_t n, int64_t k, const void *alpha, const void *A,
                                 int64_t lda, const void *B, int64_t ldb, const void *beta,
                                 const void *C, int64_t ldc, int *quick) {
    GBLAS_TRY(gblas_check_handle(h, routine));
    GBLAS_TRY(gblas_check_op(h, routine, "transa", transa));
    GBLAS_TRY(gblas_check_op(h, routine, "transb", transb));
    GBLAS_TRY(gblas_check_size(h, routine, "m", m));
    GBLAS_TRY(gblas_check_size(h, routine, "n", n));
    GBLAS_TRY(gblas_check_size(h, routine, "k", k));
    int work = m > 0 && n > 0;
    GBLAS_TRY(gblas_check_scalar(h, routine, "alpha", alpha, work));
    int alpha_zero = work && gblas_scalar_equals(h, alpha, elem, 0.0);
    int reads_ab = work && k > 0 && !alpha_zero;
    int a_n = transa == GBLAS_OP_N, b_n = transb == GBLAS_OP_N;
    GBLAS_TRY(gblas_check_data(h, routine, "A", A, reads_ab));
    GBLAS_TRY(gblas_check_ld(h, routine, "lda", lda, a_n ? "m" : "k", a_n ? m : k));
    GBLAS_TRY(gblas_check_data(h, routine, "B", B, reads_ab));
    GBLAS_TRY(gblas_check_ld(h, routine, "ldb", ldb, b_n ? "k" : "n", b_n ? k : n));
    GBLAS_TRY(gblas_check_scalar(h, routine, "beta", beta, work));
    GBLAS_TRY(gblas_check_data(h, routine, "C", C, work));
    GBLAS_TRY(gblas_check_ld(h, routine, "ldc", ldc, "m", m));
    *quick = !work || ((alpha_zero || k == 0) && gblas_scalar_equals(h, beta, elem, 1.0));
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_sgemm(gblas_handle_t h, gblas_operation_t transa, gblas_operation_t transb,
                           int64_t m, int64_t n, int64_t k, const float *alpha, const float *A,
                           int64_t lda, const float *B, int64_t ldb, const float *beta, float *C,
                           int64_t ldc) {
    int quick;
    GBLAS_TRY(check_gemm(h, "gblas_sgemm", sizeof(float), transa, transb, m, n, k, alpha, A, lda,
                         B, ldb, beta, C, ldc, &quick));
    if (quick) return GBLAS_STATUS_SUCCESS;
    return gblas_finish(h, "gblas_sgemm", h->ops.sgemm(&h->ctx, transa, transb, m, n, k, alpha, A,
                                                       lda, B, ldb, beta, C, ldc));
}

gblas_status_t gblas_dgemm(gblas_handle_t h, gblas_operation_t transa, gblas_operation_t transb,
                           int64_t m, int64_t n, int64_t k, const double *alpha, const double *A,
                           int64_t lda, const double *B, int64_t ldb, const double *beta,
                           double *C, int64_t ldc) {
    int quick;
    GBLAS_TRY(check_gemm(h, "gblas_dgemm", sizeof(double), transa, transb, m, n, k, alpha, A, lda,
                         B, ldb, beta, C, ldc, &quick));
    if (quick) return GBLAS_STATUS_SUCCESS;
    return gblas_finish(h, "gblas_dgemm", h->ops.dgemm(&h->ctx, transa, transb, m, n, k, alpha, A,
                                                       lda, B, ldb, beta, C, ldc));
}
