/* ref_level2_tri_body.h: SCAFFOLD, to be replaced by the reference routines. Included by <t>_ref.c. */

static gblas_status_t ref_trmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const void *A, int64_t lda, void *x, int64_t incx) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "trmv: not yet written");
}

static gblas_status_t ref_tbmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, int64_t k, const void *A, int64_t lda, void *x, int64_t incx) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "tbmv: not yet written");
}

static gblas_status_t ref_tpmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const void *AP, void *x, int64_t incx) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "tpmv: not yet written");
}

static gblas_status_t ref_trsv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const void *A, int64_t lda, void *x, int64_t incx) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "trsv: not yet written");
}

static gblas_status_t ref_tbsv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, int64_t k, const void *A, int64_t lda, void *x, int64_t incx) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "tbsv: not yet written");
}

static gblas_status_t ref_tpsv(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const void *AP, void *x, int64_t incx) {
    (void)ctx;
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "tpsv: not yet written");
}

