/* ref_level3_tri_body.h: SCAFFOLD, to be replaced by the reference routines. Included by <t>_ref.c. */

static gblas_status_t ref_trmm(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, const void *alpha, const void *A, int64_t lda, const void *B, int64_t ldb, void *C, int64_t ldc) {
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "trmm: not yet written");
}

static gblas_status_t ref_trsm(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, const void *alpha, const void *A, int64_t lda, void *B, int64_t ldb) {
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "trsm: not yet written");
}

static gblas_status_t ref_trsm_batched(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, const void *alpha, const void *const *Aarray, int64_t lda, void *const *Barray, int64_t ldb, int64_t batch_count) {
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "trsm_batched: not yet written");
}

