/* ref_level3_tri_body.h: the reference TRMM (C = alpha op(A) B or alpha B op(A), cuBLAS's
 * out-of-place form, C == B in place), TRSM (op(A) X = alpha B or X op(A) = alpha B, X over B)
 * and TRSM_BATCHED for one element type (type_<t>.h). Portable C, one thread. Included by
 * <t>_ref.c.
 *
 * Both sides are one computation on "lines": a line is a column of B (side LEFT) or a row
 * (RIGHT), of len = m (LEFT) or n (RIGHT) elements, and each line is multiplied or solved
 * with the same len x len triangle M: M = op(A) for LEFT, op(A)^T for RIGHT (X op(A) = B is
 * op(A)^T x = b on each row). M(r, q) is A(r, q) or A(q, r); only A's uplo triangle is read,
 * and never a unit diagonal. */

/* The triangle M of a call: M(r, q) = a[r * rs + q * cs]. */
typedef struct {
    const T *a;
    int64_t rs, cs;
    int lower; /* M is lower triangular */
    int unit;
} ref_tri_m;

static ref_tri_m ref_tri_matrix(gblas_side_mode_t side, gblas_fill_mode_t uplo,
                                gblas_operation_t trans, gblas_diag_type_t diag, const T *A,
                                int64_t lda) {
    /* M = A when LEFT and N, or RIGHT and T: not transposed */
    const int plain = (side == GBLAS_SIDE_LEFT) == (trans == GBLAS_OP_N);
    ref_tri_m mt = {A, plain ? 1 : lda, plain ? lda : 1,
                    (uplo == GBLAS_FILL_MODE_LOWER) == plain, diag == GBLAS_DIAG_UNIT};
    return mt;
}

/* Line l of a matrix X (ld ldx): its first element and the step between elements. */
static inline T *ref_tri_line(gblas_side_mode_t side, T *X, int64_t ldx, int64_t l,
                              int64_t *step) {
    *step = side == GBLAS_SIDE_LEFT ? 1 : ldx;
    return side == GBLAS_SIDE_LEFT ? X + l * ldx : X + l;
}

/* c = alpha M b on one line (c may be b: lower rows go from the last up, upper from the
 * first down, so every row reads b before it is overwritten). */
static void ref_trmm_line(const ref_tri_m *mt, int64_t len, T alpha, const T *b, int64_t bs,
                          T *c, int64_t cs) {
    for (int64_t s = 0; s < len; s++) {
        const int64_t r = mt->lower ? len - 1 - s : s;
        const int64_t lo = mt->lower ? 0 : r + 1, hi = mt->lower ? r : len;
        T sum = mt->unit ? b[r * bs] : mt->a[r * mt->rs + r * mt->cs] * b[r * bs];
        for (int64_t q = lo; q < hi; q++) sum += mt->a[r * mt->rs + q * mt->cs] * b[q * bs];
        c[r * cs] = alpha * sum;
    }
}

/* Solves M x = alpha b on one line in place: lower forward, upper backward. */
static void ref_trsm_line(const ref_tri_m *mt, int64_t len, T alpha, T *b, int64_t bs) {
    for (int64_t s = 0; s < len; s++) {
        const int64_t r = mt->lower ? s : len - 1 - s;
        const int64_t lo = mt->lower ? 0 : r + 1, hi = mt->lower ? r : len;
        T sum = alpha * b[r * bs];
        for (int64_t q = lo; q < hi; q++) sum -= mt->a[r * mt->rs + q * mt->cs] * b[q * bs];
        b[r * bs] = mt->unit ? sum : sum / mt->a[r * mt->rs + r * mt->cs];
    }
}

static gblas_status_t ref_trmm(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo,
                               gblas_operation_t trans, gblas_diag_type_t diag, int64_t m,
                               int64_t n, const void *alpha, const void *A, int64_t lda,
                               const void *B, int64_t ldb, void *C, int64_t ldc) {
    (void)ctx;
    const T a = *(const T *)alpha;
    const ref_tri_m mt = ref_tri_matrix(side, uplo, trans, diag, A, lda);
    const int64_t len = side == GBLAS_SIDE_LEFT ? m : n, lines = side == GBLAS_SIDE_LEFT ? n : m;
    for (int64_t l = 0; l < lines; l++) {
        int64_t bs, cs;
        T *c = ref_tri_line(side, C, ldc, l, &cs);
        if (a == 0) {
            for (int64_t r = 0; r < len; r++) c[r * cs] = 0;
            continue;
        }
        const T *b = ref_tri_line(side, (T *)B, ldb, l, &bs);
        ref_trmm_line(&mt, len, a, b, bs, c, cs);
    }
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_trsm(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo,
                               gblas_operation_t trans, gblas_diag_type_t diag, int64_t m,
                               int64_t n, const void *alpha, const void *A, int64_t lda, void *B,
                               int64_t ldb) {
    (void)ctx;
    const T a = *(const T *)alpha;
    const ref_tri_m mt = ref_tri_matrix(side, uplo, trans, diag, A, lda);
    const int64_t len = side == GBLAS_SIDE_LEFT ? m : n, lines = side == GBLAS_SIDE_LEFT ? n : m;
    for (int64_t l = 0; l < lines; l++) {
        int64_t bs;
        T *b = ref_tri_line(side, B, ldb, l, &bs);
        if (a == 0) {
            for (int64_t r = 0; r < len; r++) b[r * bs] = 0;
            continue;
        }
        ref_trsm_line(&mt, len, a, b, bs);
    }
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t ref_trsm_batched(gblas_ctx *ctx, gblas_side_mode_t side,
                                       gblas_fill_mode_t uplo, gblas_operation_t trans,
                                       gblas_diag_type_t diag, int64_t m, int64_t n,
                                       const void *alpha, const void *const *Aarray, int64_t lda,
                                       void *const *Barray, int64_t ldb, int64_t batch_count) {
    const int alpha_zero = *(const T *)alpha == 0;
    for (int64_t i = 0; i < batch_count; i++)
        ref_trsm(ctx, side, uplo, trans, diag, m, n, alpha, alpha_zero ? NULL : Aarray[i], lda,
                 Barray[i], ldb);
    return GBLAS_STATUS_SUCCESS;
}
