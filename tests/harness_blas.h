/* harness_blas.h: precision-generic calls of the public BLAS routines, so a test body is written
 * once for s and d. hr_*: raw pointers (void *, of the precision p), every argument passed
 * through as given, for error paths and device pointer mode. hb_*: dbufs for vectors and
 * matrices (a NULL dbuf passes NULL) and double scalars converted to host memory. */
#ifndef GBLAS_TEST_HARNESS_BLAS_H
#define GBLAS_TEST_HARNESS_BLAS_H

#include "harness.h"

gblas_status_t hr_dot(gblas_handle_t h, prec_t p, int64_t n, const void *x, int64_t incx,
                      const void *y, int64_t incy, void *result);
gblas_status_t hr_nrm2(gblas_handle_t h, prec_t p, int64_t n, const void *x, int64_t incx,
                       void *result);
gblas_status_t hr_axpy(gblas_handle_t h, prec_t p, int64_t n, const void *alpha, const void *x,
                       int64_t incx, void *y, int64_t incy);
gblas_status_t hr_scal(gblas_handle_t h, prec_t p, int64_t n, const void *alpha, void *x,
                       int64_t incx);
gblas_status_t hr_copy(gblas_handle_t h, prec_t p, int64_t n, const void *x, int64_t incx, void *y,
                       int64_t incy);
gblas_status_t hr_gemv(gblas_handle_t h, prec_t p, gblas_operation_t trans, int64_t m, int64_t n,
                       const void *alpha, const void *A, int64_t lda, const void *x, int64_t incx,
                       const void *beta, void *y, int64_t incy);
gblas_status_t hr_gemm(gblas_handle_t h, prec_t p, gblas_operation_t ta, gblas_operation_t tb,
                       int64_t m, int64_t n, int64_t k, const void *alpha, const void *A,
                       int64_t lda, const void *B, int64_t ldb, const void *beta, void *C,
                       int64_t ldc);

/* A host scalar of the precision: holds v rounded, read as a float or double by the routine. */
typedef union {
    float s;
    double d;
} hscalar;
void *hscalar_set(hscalar *sc, prec_t p, double v);
double hscalar_get(const hscalar *sc, prec_t p);

gblas_status_t hb_dot(hctx *t, prec_t p, int64_t n, const dbuf *x, int64_t incx, const dbuf *y,
                      int64_t incy, double *result);
gblas_status_t hb_nrm2(hctx *t, prec_t p, int64_t n, const dbuf *x, int64_t incx, double *result);
gblas_status_t hb_axpy(hctx *t, prec_t p, int64_t n, double alpha, const dbuf *x, int64_t incx,
                       dbuf *y, int64_t incy);
gblas_status_t hb_scal(hctx *t, prec_t p, int64_t n, double alpha, dbuf *x, int64_t incx);
gblas_status_t hb_copy(hctx *t, prec_t p, int64_t n, const dbuf *x, int64_t incx, dbuf *y,
                       int64_t incy);
gblas_status_t hb_gemv(hctx *t, prec_t p, gblas_operation_t trans, int64_t m, int64_t n,
                       double alpha, const dbuf *A, int64_t lda, const dbuf *x, int64_t incx,
                       double beta, dbuf *y, int64_t incy);
gblas_status_t hb_gemm(hctx *t, prec_t p, gblas_operation_t ta, gblas_operation_t tb, int64_t m,
                       int64_t n, int64_t k, double alpha, const dbuf *A, int64_t lda,
                       const dbuf *B, int64_t ldb, double beta, dbuf *C, int64_t ldc);

const char *op_name(gblas_operation_t op);

#endif /* GBLAS_TEST_HARNESS_BLAS_H */
