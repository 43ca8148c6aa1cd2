/* ref_level3_sym_body.h: SCAFFOLD, to be replaced by the reference routines. Included by <t>_ref.c. */

static gblas_status_t ref_symm(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo, int64_t m, int64_t n, const void *alpha, const void *A, int64_t lda, const void *B, int64_t ldb, const void *beta, void *C, int64_t ldc) {
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "symm: not yet written");
}

static gblas_status_t ref_syrk(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, const void *alpha, const void *A, int64_t lda, const void *beta, void *C, int64_t ldc) {
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "syrk: not yet written");
}

static gblas_status_t ref_syr2k(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, const void *alpha, const void *A, int64_t lda, const void *B, int64_t ldb, const void *beta, void *C, int64_t ldc) {
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "syr2k: not yet written");
}

