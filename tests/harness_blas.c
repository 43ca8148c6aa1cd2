/* harness_blas.c: one call per routine family for both precisions (see harness_blas.h), so each
 * test body is written once. hr_* dispatch on the precision and pass every pointer through;
 * hb_* put double scalars into host memory of the precision and hand the result's incoming
 * value to the routine (so a test can poison it, or check that a failing call keeps it). */
#include "harness_blas.h"

#define PTR(b) ((b) ? (b)->p : NULL)

gblas_status_t hr_dot(gblas_handle_t h, prec_t p, int64_t n, const void *x, int64_t incx,
                      const void *y, int64_t incy, void *result) {
    return p == PREC_S ? gblas_sdot(h, n, x, incx, y, incy, result)
                       : gblas_ddot(h, n, x, incx, y, incy, result);
}

gblas_status_t hr_nrm2(gblas_handle_t h, prec_t p, int64_t n, const void *x, int64_t incx,
                       void *result) {
    return p == PREC_S ? gblas_snrm2(h, n, x, incx, result) : gblas_dnrm2(h, n, x, incx, result);
}

gblas_status_t hr_axpy(gblas_handle_t h, prec_t p, int64_t n, const void *alpha, const void *x,
                       int64_t incx, void *y, int64_t incy) {
    return p == PREC_S ? gblas_saxpy(h, n, alpha, x, incx, y, incy)
                       : gblas_daxpy(h, n, alpha, x, incx, y, incy);
}

gblas_status_t hr_scal(gblas_handle_t h, prec_t p, int64_t n, const void *alpha, void *x,
                       int64_t incx) {
    return p == PREC_S ? gblas_sscal(h, n, alpha, x, incx) : gblas_dscal(h, n, alpha, x, incx);
}

gblas_status_t hr_copy(gblas_handle_t h, prec_t p, int64_t n, const void *x, int64_t incx, void *y,
                       int64_t incy) {
    return p == PREC_S ? gblas_scopy(h, n, x, incx, y, incy) : gblas_dcopy(h, n, x, incx, y, incy);
}

gblas_status_t hr_gemv(gblas_handle_t h, prec_t p, gblas_operation_t trans, int64_t m, int64_t n,
                       const void *alpha, const void *A, int64_t lda, const void *x, int64_t incx,
                       const void *beta, void *y, int64_t incy) {
    return p == PREC_S ? gblas_sgemv(h, trans, m, n, alpha, A, lda, x, incx, beta, y, incy)
                       : gblas_dgemv(h, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}

gblas_status_t hr_gemm(gblas_handle_t h, prec_t p, gblas_operation_t ta, gblas_operation_t tb,
                       int64_t m, int64_t n, int64_t k, const void *alpha, const void *A,
                       int64_t lda, const void *B, int64_t ldb, const void *beta, void *C,
                       int64_t ldc) {
    return p == PREC_S ? gblas_sgemm(h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc)
                       : gblas_dgemm(h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

void *hscalar_set(hscalar *sc, prec_t p, double v) {
    if (p == PREC_S)
        sc->s = (float)v;
    else
        sc->d = v;
    return sc;
}

double hscalar_get(const hscalar *sc, prec_t p) { return p == PREC_S ? sc->s : sc->d; }

gblas_status_t hb_dot(hctx *t, prec_t p, int64_t n, const dbuf *x, int64_t incx, const dbuf *y,
                      int64_t incy, double *result) {
    hscalar r;
    gblas_status_t st = hr_dot(t->h, p, n, PTR(x), incx, PTR(y), incy, hscalar_set(&r, p, *result));
    *result = hscalar_get(&r, p);
    return st;
}

gblas_status_t hb_nrm2(hctx *t, prec_t p, int64_t n, const dbuf *x, int64_t incx, double *result) {
    hscalar r;
    gblas_status_t st = hr_nrm2(t->h, p, n, PTR(x), incx, hscalar_set(&r, p, *result));
    *result = hscalar_get(&r, p);
    return st;
}

gblas_status_t hb_axpy(hctx *t, prec_t p, int64_t n, double alpha, const dbuf *x, int64_t incx,
                       dbuf *y, int64_t incy) {
    hscalar a;
    return hr_axpy(t->h, p, n, hscalar_set(&a, p, alpha), PTR(x), incx, PTR(y), incy);
}

gblas_status_t hb_scal(hctx *t, prec_t p, int64_t n, double alpha, dbuf *x, int64_t incx) {
    hscalar a;
    return hr_scal(t->h, p, n, hscalar_set(&a, p, alpha), PTR(x), incx);
}

gblas_status_t hb_copy(hctx *t, prec_t p, int64_t n, const dbuf *x, int64_t incx, dbuf *y,
                       int64_t incy) {
    return hr_copy(t->h, p, n, PTR(x), incx, PTR(y), incy);
}

gblas_status_t hb_gemv(hctx *t, prec_t p, gblas_operation_t trans, int64_t m, int64_t n,
                       double alpha, const dbuf *A, int64_t lda, const dbuf *x, int64_t incx,
                       double beta, dbuf *y, int64_t incy) {
    hscalar a, b;
    return hr_gemv(t->h, p, trans, m, n, hscalar_set(&a, p, alpha), PTR(A), lda, PTR(x), incx,
                   hscalar_set(&b, p, beta), PTR(y), incy);
}

gblas_status_t hb_gemm(hctx *t, prec_t p, gblas_operation_t ta, gblas_operation_t tb, int64_t m,
                       int64_t n, int64_t k, double alpha, const dbuf *A, int64_t lda,
                       const dbuf *B, int64_t ldb, double beta, dbuf *C, int64_t ldc) {
    hscalar a, b;
    return hr_gemm(t->h, p, ta, tb, m, n, k, hscalar_set(&a, p, alpha), PTR(A), lda, PTR(B), ldb,
                   hscalar_set(&b, p, beta), PTR(C), ldc);
}

const char *op_name(gblas_operation_t op) {
    switch (op) {
    case GBLAS_OP_N:
        return "N";
    case GBLAS_OP_T:
        return "T";
    case GBLAS_OP_C:
        return "C";
    }
    return "?";
}
