/* level3_sym_body.h: SYMM, SYRK and SYR2K of an instruction-set level (<t>_avx2.c,
 * <t>_avx512.c), included after gemm_driver_body.h: recursive halving that spends its time in
 * the level's GEMM (gemm()). A block of at most SYM_LEAF rows or columns of the symmetric
 * matrix is a leaf, also computed by gemm() on a stack copy:
 * - SYMM: A's diagonal leaf copied out as a full symmetric SYM_LEAF x SYM_LEAF block, then one
 *   GEMM; the off-diagonal blocks are GEMMs on A's stored triangle, as stored or transposed.
 * - SYRK, SYR2K: C's off-diagonal blocks are GEMMs straight into C; a diagonal leaf is a full
 *   GEMM into a stack block whose uplo triangle is then added into C (the other triangle of C
 *   is never read or written).
 * Every GEMM's k-sum and every leaf's order are fixed by the shapes, so results repeat bit
 * for bit whatever the thread count (gemm() itself is reproducible). */

#define SYM_LEAF 64

static const T sym_one = 1, sym_zero = 0;

static inline gblas_operation_t sym_flip(gblas_operation_t op) {
    return op == GBLAS_OP_N ? GBLAS_OP_T : GBLAS_OP_N;
}

/* The block A21 = A(i0 + s1 .. , i0 .. i0 + s1) of a symmetric A as GEMM sees it: lower, the
 * stored block itself (OP_N); upper, the stored A12 = A(i0 .., i0 + s1 ..), transposed. A12 is
 * the same pointer with the operation flipped. */
static inline const T *sym_off_block(const T *A, int64_t lda, int upper, int64_t i0, int64_t s1,
                                     gblas_operation_t *op21) {
    *op21 = upper ? GBLAS_OP_T : GBLAS_OP_N;
    return upper ? A + i0 + (i0 + s1) * lda : A + (i0 + s1) + i0 * lda;
}

/* Row r0 of op(X), op(X) n x k: X n x k (OP_N) or k x n (transposed). */
static inline const T *sym_op_rows(const T *X, int64_t ldx, gblas_operation_t trans, int64_t r0) {
    return trans == GBLAS_OP_N ? X + r0 : X + r0 * ldx;
}

/* ---- SYMM ---- */

typedef struct {
    gblas_ctx *ctx;
    int left, upper;
    int64_t m, n; /* C m x n */
    const T *alpha, *A, *B;
    int64_t lda, ldb, ldc;
    T *C;
} symm_call;

/* The s x s diagonal block of A at (i0, i0), both triangles, into buf (leading dimension
 * SYM_LEAF). */
static void symm_leaf_copy(const symm_call *g, int64_t i0, int64_t s, T *buf) {
    const T *a = g->A + i0 + i0 * g->lda;
    for (int64_t j = 0; j < s; j++)
        for (int64_t i = 0; i < s; i++)
            buf[i + j * SYM_LEAF] = (g->upper ? i <= j : i >= j) ? a[i + j * g->lda]
                                                                 : a[j + i * g->lda];
}

/* The rows (LEFT) or columns (RIGHT) [i0, i0 + s) of C: beta C + alpha (A B or B A) restricted
 * to A's diagonal block [i0, i0 + s)^2 and everything it multiplies, i.e. the block row of A
 * (LEFT) or block column (RIGHT) as far as its index range [i0, i0 + s) reaches:
 *   C1 = beta C1 + alpha A11 B1 (recursion) + alpha A12 B2,
 *   C2 = beta C2 + alpha A21 B1 + alpha A22 B2 (recursion with beta = 1), and mirrored for RIGHT. */
/* A leaf: the block made whole on the stack, then one GEMM. Not inlined, so that only the
 * leaf's frame holds the block, not every level of the recursion. */
static __attribute__((noinline)) gblas_status_t symm_leaf(const symm_call *g, int64_t i0,
                                                          int64_t s, const T *beta) {
    T buf[SYM_LEAF * SYM_LEAF];
    symm_leaf_copy(g, i0, s, buf);
    return g->left ? gemm(g->ctx, GBLAS_OP_N, GBLAS_OP_N, s, g->n, s, g->alpha, buf, SYM_LEAF,
                          g->B + i0, g->ldb, beta, g->C + i0, g->ldc)
                   : gemm(g->ctx, GBLAS_OP_N, GBLAS_OP_N, g->m, s, s, g->alpha,
                          g->B + i0 * g->ldb, g->ldb, buf, SYM_LEAF, beta, g->C + i0 * g->ldc,
                          g->ldc);
}

static gblas_status_t symm_rec(const symm_call *g, int64_t i0, int64_t s, const T *beta) {
    const int64_t m = g->m, n = g->n;
    if (s <= SYM_LEAF) return symm_leaf(g, i0, s, beta);
    const int64_t s1 = s / 2, s2 = s - s1, i1 = i0 + s1;
    gblas_operation_t op21;
    const T *a21 = sym_off_block(g->A, g->lda, g->upper, i0, s1, &op21);
    gblas_status_t st = symm_rec(g, i0, s1, beta);
    if (st != GBLAS_STATUS_SUCCESS) return st;
    if (g->left) {
        st = gemm(g->ctx, sym_flip(op21), GBLAS_OP_N, s1, n, s2, g->alpha, a21, g->lda,
                  g->B + i1, g->ldb, &sym_one, g->C + i0, g->ldc);
        if (st == GBLAS_STATUS_SUCCESS)
            st = gemm(g->ctx, op21, GBLAS_OP_N, s2, n, s1, g->alpha, a21, g->lda, g->B + i0,
                      g->ldb, beta, g->C + i1, g->ldc);
    } else {
        st = gemm(g->ctx, GBLAS_OP_N, op21, m, s1, s2, g->alpha, g->B + i1 * g->ldb, g->ldb, a21,
                  g->lda, &sym_one, g->C + i0 * g->ldc, g->ldc);
        if (st == GBLAS_STATUS_SUCCESS)
            st = gemm(g->ctx, GBLAS_OP_N, sym_flip(op21), m, s2, s1, g->alpha,
                      g->B + i0 * g->ldb, g->ldb, a21, g->lda, beta, g->C + i1 * g->ldc, g->ldc);
    }
    if (st != GBLAS_STATUS_SUCCESS) return st;
    return symm_rec(g, i1, s2, &sym_one);
}

static gblas_status_t symm(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo,
                           int64_t m, int64_t n, const void *alpha, const void *A, int64_t lda,
                           const void *B, int64_t ldb, const void *beta, void *C, int64_t ldc) {
    /* alpha == 0: C = beta C, as a GEMM with k == 0 (A, B unread) */
    if (*(const T *)alpha == 0)
        return gemm(ctx, GBLAS_OP_N, GBLAS_OP_N, m, n, 0, alpha, NULL, 1, NULL, 1, beta, C, ldc);
    const symm_call g = {ctx, side == GBLAS_SIDE_LEFT, uplo == GBLAS_FILL_MODE_UPPER, m, n,
                         alpha, A, B, lda, ldb, ldc, C};
    return symm_rec(&g, 0, g.left ? m : n, beta);
}

/* ---- SYRK, SYR2K ---- */

typedef struct {
    gblas_ctx *ctx;
    int upper;
    gblas_operation_t ta, tb; /* op(A) = trans, op(A)^T = tb */
    int64_t k;
    const T *alpha, *A, *B; /* B == NULL: SYRK */
    int64_t lda, ldb, ldc;
    T *C;
} rank_call;

/* out (rows x cols) = alpha (op(A)(r0.., :) op(B)(c0.., :)^T [+ op(B)(r0.., :) op(A)(c0.., :)^T])
 * + beta out. */
static gblas_status_t rank_block(const rank_call *g, int64_t r0, int64_t c0, int64_t rows,
                                 int64_t cols, const T *beta, T *out, int64_t ldo) {
    const T *b = g->B ? g->B : g->A;
    const int64_t ldb = g->B ? g->ldb : g->lda;
    gblas_status_t st = gemm(g->ctx, g->ta, g->tb, rows, cols, g->k, g->alpha,
                             sym_op_rows(g->A, g->lda, g->ta, r0), g->lda,
                             sym_op_rows(b, ldb, g->ta, c0), ldb, beta, out, ldo);
    if (st != GBLAS_STATUS_SUCCESS || !g->B) return st;
    return gemm(g->ctx, g->ta, g->tb, rows, cols, g->k, g->alpha, sym_op_rows(b, ldb, g->ta, r0),
                ldb, sym_op_rows(g->A, g->lda, g->ta, c0), g->lda, &sym_one, out, ldo);
}

/* A leaf: the whole s x s block into a stack block (not inlined: only the leaf's frame holds
 * it), then its uplo triangle into C as block + beta C. */
static __attribute__((noinline)) gblas_status_t rank_leaf(const rank_call *g, int64_t i0,
                                                          int64_t s, T beta) {
    T buf[SYM_LEAF * SYM_LEAF];
    gblas_status_t st = rank_block(g, i0, i0, s, s, &sym_zero, buf, SYM_LEAF);
    if (st != GBLAS_STATUS_SUCCESS) return st;
    T *c = g->C + i0 + i0 * g->ldc;
    for (int64_t j = 0; j < s; j++)
        for (int64_t i = g->upper ? 0 : j; i < (g->upper ? j + 1 : s); i++)
            c[i + j * g->ldc] = buf[i + j * SYM_LEAF] + (beta == 0 ? (T)0 : beta * c[i + j * g->ldc]);
    return GBLAS_STATUS_SUCCESS;
}

/* C's uplo triangle of the diagonal block [i0, i0 + s)^2: beta C + its update. */
static gblas_status_t rank_rec(const rank_call *g, int64_t i0, int64_t s, T beta) {
    if (s <= SYM_LEAF) return rank_leaf(g, i0, s, beta);
    const int64_t s1 = s / 2, s2 = s - s1, i1 = i0 + s1;
    gblas_status_t st = rank_rec(g, i0, s1, beta);
    if (st != GBLAS_STATUS_SUCCESS) return st;
    /* lower: C21 (s2 x s1) at (i1, i0); upper: C12 (s1 x s2) at (i0, i1) */
    st = g->upper ? rank_block(g, i0, i1, s1, s2, &beta, g->C + i0 + i1 * g->ldc, g->ldc)
                  : rank_block(g, i1, i0, s2, s1, &beta, g->C + i1 + i0 * g->ldc, g->ldc);
    if (st != GBLAS_STATUS_SUCCESS) return st;
    return rank_rec(g, i1, s2, beta);
}

/* alpha == 0 or k == 0: C's uplo triangle = beta C, A and B unread. */
static void rank_scale(int upper, int64_t n, T beta, T *C, int64_t ldc) {
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = upper ? 0 : j; i < (upper ? j + 1 : n); i++)
            C[i + j * ldc] = beta == 0 ? (T)0 : beta * C[i + j * ldc];
}

static gblas_status_t rank_update(gblas_ctx *ctx, gblas_fill_mode_t uplo,
                                  gblas_operation_t trans, int64_t n, int64_t k,
                                  const void *alpha, const void *A, int64_t lda, const void *B,
                                  int64_t ldb, const void *beta, void *C, int64_t ldc) {
    const int upper = uplo == GBLAS_FILL_MODE_UPPER;
    if (*(const T *)alpha == 0 || k == 0) {
        rank_scale(upper, n, *(const T *)beta, C, ldc);
        return GBLAS_STATUS_SUCCESS;
    }
    const gblas_operation_t ta = trans == GBLAS_OP_N ? GBLAS_OP_N : GBLAS_OP_T;
    const rank_call g = {ctx, upper, ta, sym_flip(ta), k, alpha, A, B, lda, ldb, ldc, C};
    return rank_rec(&g, 0, n, *(const T *)beta);
}

static gblas_status_t syrk(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                           int64_t n, int64_t k, const void *alpha, const void *A, int64_t lda,
                           const void *beta, void *C, int64_t ldc) {
    return rank_update(ctx, uplo, trans, n, k, alpha, A, lda, NULL, 0, beta, C, ldc);
}

static gblas_status_t syr2k(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                            int64_t n, int64_t k, const void *alpha, const void *A, int64_t lda,
                            const void *B, int64_t ldb, const void *beta, void *C, int64_t ldc) {
    return rank_update(ctx, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

static void level3_sym_fill(gblas_ops *ops) {
    ops->routine.symm[GBLAS_TYPE_TAG] = symm;
    ops->routine.syrk[GBLAS_TYPE_TAG] = syrk;
    ops->routine.syr2k[GBLAS_TYPE_TAG] = syr2k;
}

#undef SYM_LEAF
