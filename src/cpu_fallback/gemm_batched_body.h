/* gemm_batched_body.h: the strided and the pointer-array batched GEMM of one translation unit,
 * a loop over the products in batch order, each through that unit's GEMM (GEMM_BATCH_ONE:
 * ref_gemm in <t>_ref.c, gemm in the instruction-set levels), which spreads one product over
 * the threads. Each product is thus the plain GEMM's, bit for bit, whatever the batch.
 * GEMM_BATCH_NAME(name) spells the unit's names (ref_<name> for the reference fill). Included
 * after the GEMM; batch_count >= 1 here (the API returns early on 0). alpha == 0 or k == 0
 * reads no A or B, so the API accepts any A and B then (NULL included): neither an entry of
 * their arrays nor an address from them and their strides is formed; each product gets NULL. */

/* Whether the products read A and B (alpha is on the host: the CPU backend's scalars are). */
static int GEMM_BATCH_NAME(gemm_batch_reads_ab)(const void *alpha, int64_t k) {
    return k > 0 && *(const T *)alpha != 0;
}

static gblas_status_t GEMM_BATCH_NAME(gemm_strided_batched)(
    gblas_ctx *ctx, gblas_operation_t transa, gblas_operation_t transb, int64_t m, int64_t n,
    int64_t k, const void *alpha, const void *A, int64_t lda, int64_t strideA, const void *B,
    int64_t ldb, int64_t strideB, const void *beta, void *C, int64_t ldc, int64_t strideC,
    int64_t batch_count) {
    const int reads_ab = GEMM_BATCH_NAME(gemm_batch_reads_ab)(alpha, k);
    for (int64_t i = 0; i < batch_count; i++) {
        const gblas_status_t st = GEMM_BATCH_ONE(
            ctx, transa, transb, m, n, k, alpha, reads_ab ? (const T *)A + i * strideA : NULL, lda,
            reads_ab ? (const T *)B + i * strideB : NULL, ldb, beta, (T *)C + i * strideC, ldc);
        if (st != GBLAS_STATUS_SUCCESS) return st;
    }
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t GEMM_BATCH_NAME(gemm_batched)(
    gblas_ctx *ctx, gblas_operation_t transa, gblas_operation_t transb, int64_t m, int64_t n,
    int64_t k, const void *alpha, const void *const *Aarray, int64_t lda,
    const void *const *Barray, int64_t ldb, const void *beta, void *const *Carray, int64_t ldc,
    int64_t batch_count) {
    const int reads_ab = GEMM_BATCH_NAME(gemm_batch_reads_ab)(alpha, k);
    for (int64_t i = 0; i < batch_count; i++) {
        const gblas_status_t st =
            GEMM_BATCH_ONE(ctx, transa, transb, m, n, k, alpha, reads_ab ? Aarray[i] : NULL, lda,
                           reads_ab ? Barray[i] : NULL, ldb, beta, Carray[i], ldc);
        if (st != GBLAS_STATUS_SUCCESS) return st;
    }
    return GBLAS_STATUS_SUCCESS;
}
