/* ref_level3_sym_body.h: the reference SYMM, SYRK and SYR2K for one element type (type_<t>.h),
 * portable C, column by column (one thread per column of C; every element's sum runs in index
 * order, so the result does not depend on the thread count). Only the uplo triangle of A
 * (SYMM) or of C (SYRK, SYR2K) is read; alpha == 0 (or k == 0) reads neither A nor B and gives
 * C = beta * C; beta == 0 never reads C. Included by <t>_ref.c. */

/* Multiply-adds from which the columns of C are shared out over threads. */
#define REF_SYM_PARALLEL_MIN ((double)(1 << 18))

/* Element (i, j) of the symmetric n x n matrix whose uplo triangle A holds. */
static inline T ref_sym_elem(const T *A, int64_t lda, int upper, int64_t i, int64_t j) {
    return (upper ? i <= j : i >= j) ? A[i + j * lda] : A[j + i * lda];
}

/* op(X)(i, l) of an n x k op(X): X n x k (trans N) or k x n (T, C). */
static inline T ref_op_elem(const T *X, int64_t ldx, int trans_n, int64_t i, int64_t l) {
    return trans_n ? X[i + l * ldx] : X[l + i * ldx];
}

static inline T ref_beta_times(T beta, T c) { return beta == 0 ? (T)0 : beta * c; }

/* C(:, j) = beta C(:, j) + alpha A B(:, j) (LEFT: sum over l of A(:, l) B(l, j)) or
 * + alpha B A(:, j) (RIGHT: sum over l of B(:, l) A(l, j)), l in order. */
static gblas_status_t ref_symm(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo,
                               int64_t m, int64_t n, const void *alpha, const void *Av,
                               int64_t lda, const void *Bv, int64_t ldb, const void *beta,
                               void *Cv, int64_t ldc) {
    const T a = *(const T *)alpha, b = *(const T *)beta, *A = Av, *B = Bv;
    T *C = Cv;
    const int upper = uplo == GBLAS_FILL_MODE_UPPER, left = side == GBLAS_SIDE_LEFT;
    const int64_t ka = left ? m : n;
    const int parallel = (double)m * (double)n * (double)ka >= REF_SYM_PARALLEL_MIN;

#pragma omp parallel for schedule(static) num_threads(gblas_cpu_threads(ctx)) if (parallel)
    for (int64_t j = 0; j < n; j++) {
        T *restrict c = C + j * ldc;
        for (int64_t i = 0; i < m; i++) c[i] = ref_beta_times(b, c[i]);
        if (a == 0) continue;
        for (int64_t l = 0; l < ka; l++) {
            if (left) {
                const T t = a * B[l + j * ldb];
                for (int64_t i = 0; i < m; i++) c[i] += t * ref_sym_elem(A, lda, upper, i, l);
            } else {
                const T t = a * ref_sym_elem(A, lda, upper, l, j);
                const T *restrict bl = B + l * ldb;
                for (int64_t i = 0; i < m; i++) c[i] += t * bl[i];
            }
        }
    }
    return GBLAS_STATUS_SUCCESS;
}

/* C(i, j) = alpha sum over l of (op(A)(i, l) op(B)(j, l) [+ op(B)(i, l) op(A)(j, l)])
 * + beta C(i, j) for (i, j) in C's uplo triangle; B == NULL: the rank-k form (SYRK). */
static void ref_rank_update(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                            int64_t n, int64_t k, T a, const T *A, int64_t lda, const T *B,
                            int64_t ldb, T b, T *C, int64_t ldc) {
    const int upper = uplo == GBLAS_FILL_MODE_UPPER, tn = trans == GBLAS_OP_N;
    const int products = a != 0 && k > 0;
    const int parallel = (double)n * (double)n * (double)k >= 2 * REF_SYM_PARALLEL_MIN;

#pragma omp parallel for schedule(static, 1) num_threads(gblas_cpu_threads(ctx)) if (parallel)
    for (int64_t j = 0; j < n; j++) {
        T *restrict c = C + j * ldc;
        const int64_t i0 = upper ? 0 : j, i1 = upper ? j + 1 : n;
        for (int64_t i = i0; i < i1; i++) {
            T s = 0;
            for (int64_t l = 0; l < k && products; l++) {
                s += ref_op_elem(A, lda, tn, i, l) * ref_op_elem(B ? B : A, B ? ldb : lda, tn, j, l);
                if (B) s += ref_op_elem(B, ldb, tn, i, l) * ref_op_elem(A, lda, tn, j, l);
            }
            c[i] = products ? a * s + ref_beta_times(b, c[i]) : ref_beta_times(b, c[i]);
        }
    }
}

static gblas_status_t ref_syrk(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                               int64_t n, int64_t k, const void *alpha, const void *A,
                               int64_t lda, const void *beta, void *C, int64_t ldc) {
    ref_rank_update(ctx, uplo, trans, n, k, *(const T *)alpha, A, lda, NULL, 0, *(const T *)beta,
                    C, ldc);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_syr2k(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                                int64_t n, int64_t k, const void *alpha, const void *A,
                                int64_t lda, const void *B, int64_t ldb, const void *beta,
                                void *C, int64_t ldc) {
    ref_rank_update(ctx, uplo, trans, n, k, *(const T *)alpha, A, lda, B, ldb, *(const T *)beta,
                    C, ldc);
    return GBLAS_STATUS_SUCCESS;
}

#undef REF_SYM_PARALLEL_MIN
