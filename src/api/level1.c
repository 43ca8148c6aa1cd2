/* level1.c: public entry points of DOT, NRM2, AXPY, SCAL and COPY: check the arguments in BLAS
 * order, return early when there is nothing to do, then call the backend's routine. */
#include "api/check.h"

/* dot (y != NULL) and nrm2 (y == NULL, incy unused): n, x, incx[, y, incy], result. */
static gblas_status_t check_reduction(gblas_handle_t h, const char *routine, int64_t n,
                                      const void *x, int64_t incx, int has_y, const void *y,
                                      int64_t incy, const void *result) {
    GBLAS_TRY(gblas_check_handle(h, routine));
    GBLAS_TRY(gblas_check_size(h, routine, "n", n));
    GBLAS_TRY(gblas_check_data(h, routine, "x", x, n > 0));
    GBLAS_TRY(gblas_check_inc(h, routine, "incx", incx));
    if (has_y) {
        GBLAS_TRY(gblas_check_data(h, routine, "y", y, n > 0));
        GBLAS_TRY(gblas_check_inc(h, routine, "incy", incy));
    }
    return gblas_check_scalar(h, routine, "result", result, 1);
}

/* A result of n == 0 is 0: written here in host mode; in device mode the backend writes it. */
#define ZERO_RESULT_ON_HOST(h, n, result)                                                      \
    if ((n) == 0 && (h)->ctx.pointer_mode == GBLAS_POINTER_MODE_HOST) {                        \
        *(result) = 0;                                                                         \
        return GBLAS_STATUS_SUCCESS;                                                           \
    }

gblas_status_t gblas_sdot(gblas_handle_t h, int64_t n, const float *x, int64_t incx,
                          const float *y, int64_t incy, float *result) {
    GBLAS_TRY(check_reduction(h, "gblas_sdot", n, x, incx, 1, y, incy, result));
    ZERO_RESULT_ON_HOST(h, n, result);
    return gblas_finish(h, "gblas_sdot", h->ops.sdot(&h->ctx, n, x, incx, y, incy, result));
}

gblas_status_t gblas_ddot(gblas_handle_t h, int64_t n, const double *x, int64_t incx,
                          const double *y, int64_t incy, double *result) {
    GBLAS_TRY(check_reduction(h, "gblas_ddot", n, x, incx, 1, y, incy, result));
    ZERO_RESULT_ON_HOST(h, n, result);
    return gblas_finish(h, "gblas_ddot", h->ops.ddot(&h->ctx, n, x, incx, y, incy, result));
}

gblas_status_t gblas_snrm2(gblas_handle_t h, int64_t n, const float *x, int64_t incx,
                           float *result) {
    GBLAS_TRY(check_reduction(h, "gblas_snrm2", n, x, incx, 0, NULL, 0, result));
    ZERO_RESULT_ON_HOST(h, n, result);
    return gblas_finish(h, "gblas_snrm2", h->ops.snrm2(&h->ctx, n, x, incx, result));
}

gblas_status_t gblas_dnrm2(gblas_handle_t h, int64_t n, const double *x, int64_t incx,
                           double *result) {
    GBLAS_TRY(check_reduction(h, "gblas_dnrm2", n, x, incx, 0, NULL, 0, result));
    ZERO_RESULT_ON_HOST(h, n, result);
    return gblas_finish(h, "gblas_dnrm2", h->ops.dnrm2(&h->ctx, n, x, incx, result));
}

/* axpy (alpha and y), scal (alpha, no y), copy (y, no alpha), in BLAS order:
 * n, alpha, x, incx, y, incy. */
static gblas_status_t check_update(gblas_handle_t h, const char *routine, int64_t n,
                                   int has_alpha, const void *alpha, const void *x, int64_t incx,
                                   int has_y, const void *y, int64_t incy) {
    GBLAS_TRY(gblas_check_handle(h, routine));
    GBLAS_TRY(gblas_check_size(h, routine, "n", n));
    if (has_alpha) GBLAS_TRY(gblas_check_scalar(h, routine, "alpha", alpha, n > 0));
    GBLAS_TRY(gblas_check_data(h, routine, "x", x, n > 0));
    GBLAS_TRY(gblas_check_inc(h, routine, "incx", incx));
    if (has_y) {
        GBLAS_TRY(gblas_check_data(h, routine, "y", y, n > 0));
        GBLAS_TRY(gblas_check_inc(h, routine, "incy", incy));
    }
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_saxpy(gblas_handle_t h, int64_t n, const float *alpha, const float *x,
                           int64_t incx, float *y, int64_t incy) {
    GBLAS_TRY(check_update(h, "gblas_saxpy", n, 1, alpha, x, incx, 1, y, incy));
    if (n == 0 || gblas_scalar_equals(h, alpha, sizeof *alpha, 0.0)) return GBLAS_STATUS_SUCCESS;
    return gblas_finish(h, "gblas_saxpy", h->ops.saxpy(&h->ctx, n, alpha, x, incx, y, incy));
}

gblas_status_t gblas_daxpy(gblas_handle_t h, int64_t n, const double *alpha, const double *x,
                           int64_t incx, double *y, int64_t incy) {
    GBLAS_TRY(check_update(h, "gblas_daxpy", n, 1, alpha, x, incx, 1, y, incy));
    if (n == 0 || gblas_scalar_equals(h, alpha, sizeof *alpha, 0.0)) return GBLAS_STATUS_SUCCESS;
    return gblas_finish(h, "gblas_daxpy", h->ops.daxpy(&h->ctx, n, alpha, x, incx, y, incy));
}

gblas_status_t gblas_sscal(gblas_handle_t h, int64_t n, const float *alpha, float *x,
                           int64_t incx) {
    GBLAS_TRY(check_update(h, "gblas_sscal", n, 1, alpha, x, incx, 0, NULL, 0));
    if (n == 0) return GBLAS_STATUS_SUCCESS;
    return gblas_finish(h, "gblas_sscal", h->ops.sscal(&h->ctx, n, alpha, x, incx));
}

gblas_status_t gblas_dscal(gblas_handle_t h, int64_t n, const double *alpha, double *x,
                           int64_t incx) {
    GBLAS_TRY(check_update(h, "gblas_dscal", n, 1, alpha, x, incx, 0, NULL, 0));
    if (n == 0) return GBLAS_STATUS_SUCCESS;
    return gblas_finish(h, "gblas_dscal", h->ops.dscal(&h->ctx, n, alpha, x, incx));
}

gblas_status_t gblas_scopy(gblas_handle_t h, int64_t n, const float *x, int64_t incx, float *y,
                           int64_t incy) {
    GBLAS_TRY(check_update(h, "gblas_scopy", n, 0, NULL, x, incx, 1, y, incy));
    if (n == 0) return GBLAS_STATUS_SUCCESS;
    return gblas_finish(h, "gblas_scopy", h->ops.scopy(&h->ctx, n, x, incx, y, incy));
}

gblas_status_t gblas_dcopy(gblas_handle_t h, int64_t n, const double *x, int64_t incx,
                           double *y, int64_t incy) {
    GBLAS_TRY(check_update(h, "gblas_dcopy", n, 0, NULL, x, incx, 1, y, incy));
    if (n == 0) return GBLAS_STATUS_SUCCESS;
    return gblas_finish(h, "gblas_dcopy", h->ops.dcopy(&h->ctx, n, x, incx, y, incy));
}
