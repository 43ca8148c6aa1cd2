/* ref_geam_dgmm_body.h: the reference GEAM (C = alpha op(A) + beta op(B)) and DGMM (C = diag(x)
 * A or A diag(x)), cuBLAS's BLAS-like extensions, for one element type (type_<t>.h). One
 * thread per column block of C; each element is computed on its own, so results do not depend
 * on the thread count. Included by <t>_ref.c. */

/* Columns of C one thread takes: long enough runs to stream, enough of them to share. */
#define REF_EXT_MIN_ELEMS ((double)GBLAS_CPU_PARALLEL_MIN)

/* op(X)(i, j) of a matrix with leading dimension ld. */
static inline T ref_op_at(const T *X, int64_t ld, int trans, int64_t i, int64_t j) {
    return trans ? X[j + i * ld] : X[i + j * ld];
}

/* alpha == 0 never reads A, beta == 0 never reads B. C may be A (transa N, ldc == lda) or B
 * (transb N, ldc == ldb): each element is read before it is written, by the same iteration. */
static gblas_status_t ref_geam(gblas_ctx *ctx, gblas_operation_t transa, gblas_operation_t transb,
                               int64_t m, int64_t n, const void *alpha, const void *Av,
                               int64_t lda, const void *beta, const void *Bv, int64_t ldb,
                               void *Cv, int64_t ldc) {
    const T a = *(const T *)alpha, b = *(const T *)beta, *A = Av, *B = Bv;
    T *C = Cv;
    const int ta = transa != GBLAS_OP_N, tb = transb != GBLAS_OP_N;
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) \
    if ((double)m * (double)n >= REF_EXT_MIN_ELEMS)
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) {
            const T sa = a == 0 ? (T)0 : a * ref_op_at(A, lda, ta, i, j);
            const T sb = b == 0 ? (T)0 : b * ref_op_at(B, ldb, tb, i, j);
            C[i + j * ldc] = sa + sb;
        }
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_dgmm(gblas_ctx *ctx, gblas_side_mode_t side, int64_t m, int64_t n,
                               const void *Av, int64_t lda, const void *x, int64_t incx, void *Cv,
                               int64_t ldc) {
    const T *A = Av;
    T *C = Cv;
    const int left = side == GBLAS_SIDE_LEFT;
    const T *x0 = (const T *)x + gblas_vec_start(left ? m : n, incx);
#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) \
    if ((double)m * (double)n >= REF_EXT_MIN_ELEMS)
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++)
            C[i + j * ldc] = A[i + j * lda] * x0[(left ? i : j) * incx];
    return GBLAS_STATUS_SUCCESS;
}

#undef REF_EXT_MIN_ELEMS
