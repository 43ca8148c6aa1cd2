/* ref_level2_update_body.h: SCAFFOLD, to be replaced by the reference routines. Included by <t>_ref.c. */

static gblas_status_t ref_ger(gblas_ctx *ctx, int64_t m, int64_t n, const void *alpha, const void *x, int64_t incx, const void *y, int64_t incy, void *A, int64_t lda) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "ger: not yet written");
}

static gblas_status_t ref_syr(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha, const void *x, int64_t incx, void *A, int64_t lda) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "syr: not yet written");
}

static gblas_status_t ref_spr(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha, const void *x, int64_t incx, void *AP) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "spr: not yet written");
}

static gblas_status_t ref_syr2(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha, const void *x, int64_t incx, const void *y, int64_t incy, void *A, int64_t lda) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "syr2: not yet written");
}

static gblas_status_t ref_spr2(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha, const void *x, int64_t incx, const void *y, int64_t incy, void *AP) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "spr2: not yet written");
}

