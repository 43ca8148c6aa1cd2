/* gemv.c: public entry points of GEMV, y = alpha op(A) x + beta y (A m x n, column-major). */
#include "api/check.h"

/* BLAS order: trans, m, n, alpha, A, lda, x, incx, beta, y, incy. Sets *quick when the
 * reference BLAS would return without touching y. */
static gblas_status_t check_gemv(gblas_handle_t h, const char *routine, size_t elem,
                                 gblas_operation_t trans, int64_t m, int64_t n, const void *alpha,
                                 const void *A, int64_t lda, const void *x, int64_t incx,
                                 const void *beta, const void *y, int64_t incy, int *quick) {
    GBLAS_TRY(gblas_check_handle(h, routine));
    GBLAS_TRY(gblas_check_op(h, routine, "trans", trans));
    GBLAS_TRY(gblas_check_size(h, routine, "m", m));
    GBLAS_TRY(gblas_check_size(h, routine, "n", n));
    int work = m > 0 && n > 0;
    GBLAS_TRY(gblas_check_scalar(h, routine, "alpha", alpha, work));
    int alpha_zero = work && gblas_scalar_equals(h, alpha, elem, 0.0);
    GBLAS_TRY(gblas_check_data(h, routine, "A", A, work && !alpha_zero));
    GBLAS_TRY(gblas_check_ld(h, routine, "lda", lda, "m", m));
    GBLAS_TRY(gblas_check_data(h, routine, "x", x, work && !alpha_zero));
    GBLAS_TRY(gblas_check_inc(h, routine, "incx", incx));
    GBLAS_TRY(gblas_check_scalar(h, routine, "beta", beta, work));
    GBLAS_TRY(gblas_check_data(h, routine, "y", y, work));
    GBLAS_TRY(gblas_check_inc(h, routine, "incy", incy));
    *quick = !work || (alpha_zero && gblas_scalar_equals(h, beta, elem, 1.0));
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_sgemv(gblas_handle_t h, gblas_operation_t trans, int64_t m, int64_t n,
                           const float *alpha, const float *A, int64_t lda, const float *x,
                           int64_t incx, const float *beta, float *y, int64_t incy) {
    int quick;
    GBLAS_TRY(check_gemv(h, "gblas_sgemv", sizeof(float), trans, m, n, alpha, A, lda, x, incx,
                         beta, y, incy, &quick));
    if (quick) return GBLAS_STATUS_SUCCESS;
    return gblas_finish(h, "gblas_sgemv", h->ops.sgemv(&h->ctx, trans, m, n, alpha, A, lda, x,
                                                       incx, beta, y, incy));
}

gblas_status_t gblas_dgemv(gblas_handle_t h, gblas_operation_t trans, int64_t m, int64_t n,
                           const double *alpha, const double *A, int64_t lda, const double *x,
                           int64_t incx, const double *beta, double *y, int64_t incy) {
    int quick;
    GBLAS_TRY(check_gemv(h, "gblas_dgemv", sizeof(double), trans, m, n, alpha, A, lda, x, incx,
                         beta, y, incy, &quick));
    if (quick) return GBLAS_STATUS_SUCCESS;
    return gblas_finish(h, "gblas_dgemv", h->ops.dgemv(&h->ctx, trans, m, n, alpha, A, lda, x,
                                                       incx, beta, y, incy));
}
