/* ref_level2_mv_body.h: SCAFFOLD, to be replaced by the reference routines. Included by <t>_ref.c. */

static gblas_status_t ref_gbmv(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n, int64_t kl, int64_t ku, const void *alpha, const void *A, int64_t lda, const void *x, int64_t incx, const void *beta, void *y, int64_t incy) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "gbmv: not yet written");
}

static gblas_status_t ref_symv(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha, const void *A, int64_t lda, const void *x, int64_t incx, const void *beta, void *y, int64_t incy) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "symv: not yet written");
}

static gblas_status_t ref_sbmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, int64_t k, const void *alpha, const void *A, int64_t lda, const void *x, int64_t incx, const void *beta, void *y, int64_t incy) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "sbmv: not yet written");
}

static gblas_status_t ref_spmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha, const void *AP, const void *x, int64_t incx, const void *beta, void *y, int64_t incy) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "spmv: not yet written");
}

