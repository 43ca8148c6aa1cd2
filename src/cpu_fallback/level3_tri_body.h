/* level3_tri_body.h: TRMM, TRSM and TRSM_BATCHED of the instruction-set levels for one element
 * type (type_<t>.h), and level3_tri_fill. Included by <t>_avx2.c and <t>_avx512.c after
 * gemm_driver_body.h: everything off the diagonal blocks is the level's gemm.
 *
 * Lines and M as in ref_level3_tri_body.h: a line is a column of B (LEFT) or a row (RIGHT), of
 * len = m or n elements, multiplied or solved with the len x len triangle M (op(A) for LEFT,
 * op(A)^T for RIGHT). The recursion halves [0, len) (the first half rounded up to a multiple
 * of TRI3_NB) until a block has at most TRI3_NB elements of a line:
 *   TRSM: solve the block whose lines need no other first (M lower: the upper half), then
 *         B(other) = beta B(other) - M(other, first) X(first) by one gemm (beta = alpha when
 *         the first block had alpha applied, else 1: alpha is applied once, to every element),
 *         then solve the other half with alpha = 1.
 *   TRMM: the half whose result needs the other (M lower: the lower half) first, C(first) =
 *         alpha M(first, first) B(first), then C(first) += alpha M(first, other) B(other) by one
 *         gemm, then the other half: B(other) is read before C(other) is written, so C == B
 *         works in place.
 * A leaf block copies its triangle of M into a dense TRI3_NB x TRI3_NB array (zeros outside,
 * 1 on a unit diagonal, A's other triangle never read) and runs over its lines in groups
 * (LEFT) or row chunks (RIGHT), one per task of gblas_cpu_for, in the register blocks below;
 * each line's arithmetic is fixed, so the bits do not depend on the thread count. */

#define TRI3_NB 64
/* Lines of a RIGHT leaf (rows of B, contiguous in each column) per task. */
#define TRI3_ROWS 256
/* Multiply-adds of a leaf (len^2 lines) from which its lines go over the threads: a fork costs
 * about as much as a leaf of 2^22 (64 x 64 x 1024). */
#define TRI3_PARALLEL_MIN ((double)(1 << 22))

/* One call: M's orientation, and the operands. op(A)(r, c) = A[r + c lda] (trans N) or
 * A[c + r lda]. For TRSM, C is B. */
typedef struct {
    gblas_ctx *ctx;
    int left, lower, unit;
    gblas_operation_t trans;
    const T *A;
    int64_t lda, lines; /* lines: n (LEFT) or m (RIGHT) */
    const T *B;
    int64_t ldb;
    T *C;
    int64_t ldc;
    T alpha;
} tri3_call;

static tri3_call tri3_setup(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo,
                            gblas_operation_t trans, gblas_diag_type_t diag, int64_t m,
                            int64_t n, T alpha, const T *A, int64_t lda, const T *B, int64_t ldb,
                            T *C, int64_t ldc) {
    const int left = side == GBLAS_SIDE_LEFT;
    tri3_call c = {ctx, left, (uplo == GBLAS_FILL_MODE_LOWER) == (left == (trans == GBLAS_OP_N)),
                   diag == GBLAS_DIAG_UNIT, trans, A, lda, left ? n : m, B, ldb, C, ldc, alpha};
    return c;
}

/* The block op(A)(r0.., c0..) as a gemm operand with op = trans. */
static inline const T *tri3_op_block(const tri3_call *c, int64_t r0, int64_t c0) {
    return c->trans == GBLAS_OP_N ? c->A + r0 + c0 * c->lda : c->A + c0 + r0 * c->lda;
}

/* M(r, q) for M's block at off (r, q inside the block). */
static inline T tri3_m(const tri3_call *c, int64_t off, int64_t r, int64_t q) {
    const int plain = c->left == (c->trans == GBLAS_OP_N); /* M = A */
    const int64_t i = off + (plain ? r : q), j = off + (plain ? q : r);
    return c->A[i + j * c->lda];
}

/* Lines [0, lines) of dst, elements [out0, out0 + outlen): dst = coef M(out, in) src(in) +
 * beta dst, src's elements [in0, in0 + inlen). LEFT: op(A)(out, in) src; RIGHT: src op(A)(in,
 * out) on columns. */
static void tri3_update(const tri3_call *c, int64_t out0, int64_t outlen, int64_t in0,
                        int64_t inlen, T coef, T beta, const T *src, int64_t lds, T *dst,
                        int64_t ldd) {
    if (c->left)
        gemm(c->ctx, c->trans, GBLAS_OP_N, outlen, c->lines, inlen, &coef,
             tri3_op_block(c, out0, in0), c->lda, src + in0, lds, &beta, dst + out0, ldd);
    else
        gemm(c->ctx, GBLAS_OP_N, c->trans, c->lines, outlen, inlen, &coef, src + in0 * lds, lds,
             tri3_op_block(c, in0, out0), c->lda, &beta, dst + out0 * ldd, ldd);
}

/* A leaf: elements [off, off + len) of every line; m: M's block, dense, column-major. */
typedef struct {
    const tri3_call *c;
    int64_t off, len;
    T m[TRI3_NB * TRI3_NB];
    T scale; /* TRSM: B's block is multiplied by it first */
} tri3_leaf;

static void tri3_leaf_init(tri3_leaf *lf, const tri3_call *c, int64_t off, int64_t len) {
    lf->c = c;
    lf->off = off;
    lf->len = len;
    for (int64_t q = 0; q < len; q++)
        for (int64_t r = 0; r < TRI3_NB; r++) {
            const int in = r < len && (c->lower ? r > q : r < q);
            lf->m[r + q * TRI3_NB] =
                r == q ? (c->unit ? (T)1 : tri3_m(c, off, r, r)) : in ? tri3_m(c, off, r, q) : 0;
        }
}

/* LEFT leaves work on TRI3_LINES lines (columns) at a time in chunks of TRI3_MR rows: each
 * chunk's sum over M's columns q is a small register-blocked product (one load of M's column
 * piece, one broadcast of each line's element, TRI3_LINES x TRI3_MR multiply-adds). A group's
 * missing lines (past n) repeat its first line and are not stored. */
#define TRI3_LINES 4
#define TRI3_MR (2 * VL)

typedef struct {
    const T *b[TRI3_LINES];
    T *x[TRI3_LINES];
    int lines; /* stored */
} tri3_group;

static tri3_group tri3_group_at(const tri3_leaf *lf, int64_t t) {
    const tri3_call *c = lf->c;
    const int64_t l0 = t * TRI3_LINES;
    tri3_group g;
    g.lines = c->lines - l0 < TRI3_LINES ? (int)(c->lines - l0) : TRI3_LINES;
    for (int j = 0; j < TRI3_LINES; j++) {
        const int64_t l = l0 + (j < g.lines ? j : 0);
        g.b[j] = c->B + lf->off + l * c->ldb;
        g.x[j] = c->C + lf->off + l * c->ldc;
    }
    return g;
}

/* acc[j][i] = sum over q in [q0, q1) of M(i0 + i, q) v[j][q], in q order: two vectors of
 * rows by TRI3_LINES lines in registers. */
static inline void tri3_chunk_sum(const tri3_leaf *lf, int64_t i0, int64_t q0, int64_t q1,
                                  const T *const v[TRI3_LINES], T acc[TRI3_LINES][TRI3_MR]) {
    VT lo[TRI3_LINES], hi[TRI3_LINES];
    for (int j = 0; j < TRI3_LINES; j++) lo[j] = hi[j] = v_set1((T)0);
    for (int64_t q = q0; q < q1; q++) {
        const T *mq = lf->m + i0 + q * TRI3_NB;
        const VT m0 = v_loadu(mq), m1 = v_loadu(mq + VL);
        for (int j = 0; j < TRI3_LINES; j++) {
            const VT vq = v_set1(v[j][q]);
            lo[j] = v_fma(m0, vq, lo[j]);
            hi[j] = v_fma(m1, vq, hi[j]);
        }
    }
    for (int j = 0; j < TRI3_LINES; j++) {
        v_storeu(acc[j], lo[j]);
        v_storeu(acc[j] + VL, hi[j]);
    }
}

/* TRSM, LEFT: chunks in solve order (M lower: down); a chunk's rows are alpha b (scale) minus
 * the sum over the rows solved before, then solved against the chunk's own triangle. */
static void tri3_trsm_left_lines(void *arg, int64_t t) {
    const tri3_leaf *lf = arg;
    const tri3_call *c = lf->c;
    const tri3_group g = tri3_group_at(lf, t);
    const int64_t len = lf->len, chunks = (len + TRI3_MR - 1) / TRI3_MR;
    for (int64_t s = 0; s < chunks; s++) {
        const int64_t i0 = (c->lower ? s : chunks - 1 - s) * TRI3_MR;
        const int rows = len - i0 < TRI3_MR ? (int)(len - i0) : TRI3_MR;
        T acc[TRI3_LINES][TRI3_MR];
        tri3_chunk_sum(lf, i0, c->lower ? 0 : i0 + rows, c->lower ? i0 : len,
                       (const T *const *)g.x, acc);
        for (int j = 0; j < g.lines; j++) {
            T *x = g.x[j] + i0;
            const T *b = g.b[j] + i0;
            for (int i = 0; i < rows; i++) acc[j][i] = lf->scale * b[i] - acc[j][i];
            for (int k = 0; k < rows; k++) {
                const int d = c->lower ? k : rows - 1 - k;
                const T *md = lf->m + i0 + (i0 + d) * TRI3_NB;
                const T v = acc[j][d] / md[d];
                x[d] = v;
                const int lo = c->lower ? d + 1 : 0, hi = c->lower ? rows : d;
                for (int i = lo; i < hi; i++) acc[j][i] -= md[i] * v;
            }
        }
    }
}

/* TRSM, RIGHT: rows [TRI3_ROWS t, ...) solved column by column of the block, each column an
 * axpy over the rows. */
static void tri3_trsm_right_rows(void *arg, int64_t t) {
    const tri3_leaf *lf = arg;
    const tri3_call *c = lf->c;
    const int64_t len = lf->len, i0 = t * TRI3_ROWS, ldb = c->ldc;
    const int64_t rows = c->lines - i0 < TRI3_ROWS ? c->lines - i0 : TRI3_ROWS;
    const T scale = lf->scale; /* a local: the stores below could alias lf->scale */
    T *b = c->C + i0 + lf->off * ldb;
    for (int64_t r = 0; r < len && scale != 1; r++)
        for (int64_t i = 0; i < rows; i++) b[i + r * ldb] *= scale;
    for (int64_t s = 0; s < len; s++) {
        const int64_t r = c->lower ? s : len - 1 - s;
        T *br = b + r * ldb;
        const int64_t lo = c->lower ? 0 : r + 1, hi = c->lower ? r : len;
        for (int64_t q = lo; q < hi; q++) {
            const T mrq = lf->m[r + q * TRI3_NB];
            const T *bq = b + q * ldb;
            for (int64_t i = 0; i < rows; i++) br[i] -= mrq * bq[i];
        }
        const T d = lf->m[r + r * TRI3_NB];
        for (int64_t i = 0; i < rows; i++) br[i] /= d;
    }
}

/* TRMM, LEFT: chunks from the last up (M lower) or the first down, each alpha times its sum
 * over the rows of B it needs, all of them not yet overwritten when C is B: the rows past the
 * chunk by tri3_chunk_sum, then the chunk's own triangle, column by column of M: whole vectors
 * where B's element is finite (M's zeros add nothing), only the triangle's rows otherwise (an
 * Inf or NaN of B then reaches only the rows the reference gives it). */
static void tri3_trmm_left_lines(void *arg, int64_t t) {
    const tri3_leaf *lf = arg;
    const tri3_call *c = lf->c;
    const tri3_group g = tri3_group_at(lf, t);
    const T alpha = c->alpha;
    const int64_t len = lf->len, chunks = (len + TRI3_MR - 1) / TRI3_MR;
    for (int64_t s = 0; s < chunks; s++) {
        const int64_t i0 = (c->lower ? chunks - 1 - s : s) * TRI3_MR;
        const int rows = len - i0 < TRI3_MR ? (int)(len - i0) : TRI3_MR;
        T acc[TRI3_LINES][TRI3_MR];
        tri3_chunk_sum(lf, i0, c->lower ? 0 : i0 + rows, c->lower ? i0 : len, g.b, acc);
        for (int j = 0; j < g.lines; j++) {
            const T *b = g.b[j] + i0;
            for (int q = 0; q < rows; q++) {
                const T *mq = lf->m + i0 + (i0 + q) * TRI3_NB, bq = b[q];
                const int lo = c->lower ? q : 0, hi = c->lower ? rows : q + 1;
                if (bq - bq == 0) /* finite: the zeros of M add nothing, whole vectors */
                    for (int i = 0; i < TRI3_MR; i++) acc[j][i] += mq[i] * bq;
                else
                    for (int i = lo; i < hi; i++) acc[j][i] += mq[i] * bq;
            }
        }
        for (int j = 0; j < g.lines; j++)
            for (int i = 0; i < rows; i++) g.x[j][i0 + i] = alpha * acc[j][i];
    }
}

/* Rows [0, n) of a piece of TRI3_MR rows at p (n <= TRI3_MR), zeros past n. */
static inline void tri3_load_rows(const T *p, int n, VT *v0, VT *v1) {
    if (n == TRI3_MR) {
        *v0 = v_loadu(p);
        *v1 = v_loadu(p + VL);
    } else {
        *v0 = v_load_n(p, n < VL ? n : VL);
        *v1 = v_load_n(p + VL, n > VL ? n - VL : 0);
    }
}

/* TRMM, RIGHT: rows [TRI3_ROWS t, ...) in pieces of TRI3_MR, the block's columns in groups of
 * TRI3_LINES (M lower: from the last group down, so B's columns are read before they are
 * overwritten). A group's columns r_j: sum over B's columns q past the group of B(:, q)
 * M(r_j, q), two vectors of rows by TRI3_LINES columns in registers, then the group's own
 * triangle pair by pair (only M's referenced pairs), times alpha. */
static void tri3_trmm_right_rows(void *arg, int64_t t) {
    const tri3_leaf *lf = arg;
    const tri3_call *c = lf->c;
    const int64_t len = lf->len, i0 = t * TRI3_ROWS, ldb = c->ldb, ldc = c->ldc;
    const int64_t rows = c->lines - i0 < TRI3_ROWS ? c->lines - i0 : TRI3_ROWS;
    const int64_t groups = (len + TRI3_LINES - 1) / TRI3_LINES;
    const VT alpha = v_set1(c->alpha);
    for (int64_t p = 0; p < rows; p += TRI3_MR) {
        const int n = rows - p < TRI3_MR ? (int)(rows - p) : TRI3_MR;
        const T *b = c->B + i0 + p + lf->off * ldb;
        T *x = c->C + i0 + p + lf->off * ldc;
        for (int64_t s = 0; s < groups; s++) {
            const int64_t g0 = (c->lower ? groups - 1 - s : s) * TRI3_LINES;
            const int cols = len - g0 < TRI3_LINES ? (int)(len - g0) : TRI3_LINES;
            const T *mg = lf->m + g0; /* M(g0 + j, q) = mg[j + q TRI3_NB] */
            VT lo[TRI3_LINES], hi[TRI3_LINES], b0, b1;
            for (int j = 0; j < TRI3_LINES; j++) lo[j] = hi[j] = v_set1((T)0);
            const int64_t q0 = c->lower ? 0 : g0 + cols, q1 = c->lower ? g0 : len;
            for (int64_t q = q0; q < q1; q++) {
                tri3_load_rows(b + q * ldb, n, &b0, &b1);
                for (int j = 0; j < TRI3_LINES; j++) {
                    const VT mq = v_set1(mg[j + q * TRI3_NB]);
                    lo[j] = v_fma(b0, mq, lo[j]);
                    hi[j] = v_fma(b1, mq, hi[j]);
                }
            }
            for (int q = 0; q < cols; q++) {
                tri3_load_rows(b + (g0 + q) * ldb, n, &b0, &b1);
                for (int j = 0; j < cols; j++)
                    if (c->lower ? q <= j : q >= j) {
                        const VT mq = v_set1(mg[j + (g0 + q) * TRI3_NB]);
                        lo[j] = v_fma(b0, mq, lo[j]);
                        hi[j] = v_fma(b1, mq, hi[j]);
                    }
            }
            for (int j = 0; j < cols; j++) {
                T *xj = x + (g0 + j) * ldc;
                if (n == TRI3_MR) {
                    v_storeu(xj, v_mul(alpha, lo[j]));
                    v_storeu(xj + VL, v_mul(alpha, hi[j]));
                } else {
                    v_store_n(xj, v_mul(alpha, lo[j]), n < VL ? n : VL);
                    v_store_n(xj + VL, v_mul(alpha, hi[j]), n > VL ? n - VL : 0);
                }
            }
        }
    }
}

/* Runs a leaf's line function over every line (LEFT) or row chunk (RIGHT). */
static void tri3_leaf_run(tri3_leaf *lf, void (*left)(void *, int64_t),
                          void (*right)(void *, int64_t)) {
    const tri3_call *c = lf->c;
    const int parallel = (double)lf->len * (double)lf->len * (double)c->lines >=
                         TRI3_PARALLEL_MIN;
    if (c->left)
        gblas_cpu_for(c->ctx, (c->lines + TRI3_LINES - 1) / TRI3_LINES, parallel, left, lf);
    else
        gblas_cpu_for(c->ctx, (c->lines + TRI3_ROWS - 1) / TRI3_ROWS, parallel, right, lf);
}

/* First half of a block of len > TRI3_NB: half rounded up to a multiple of TRI3_NB. */
static inline int64_t tri3_half(int64_t len) {
    return (len / 2 + TRI3_NB - 1) / TRI3_NB * TRI3_NB;
}

static void tri3_trsm_rec(const tri3_call *c, int64_t off, int64_t len, int scaled) {
    if (len <= TRI3_NB) {
        tri3_leaf lf;
        tri3_leaf_init(&lf, c, off, len);
        lf.scale = scaled ? c->alpha : 1;
        tri3_leaf_run(&lf, tri3_trsm_left_lines, tri3_trsm_right_rows);
        return;
    }
    const int64_t h = tri3_half(len);
    const int64_t f0 = c->lower ? off : off + h, flen = c->lower ? h : len - h;
    const int64_t s0 = c->lower ? off + h : off, slen = len - flen;
    tri3_trsm_rec(c, f0, flen, scaled);
    tri3_update(c, s0, slen, f0, flen, (T)-1, scaled ? c->alpha : (T)1, c->C, c->ldc, c->C,
                c->ldc);
    tri3_trsm_rec(c, s0, slen, 0);
}

static void tri3_trmm_rec(const tri3_call *c, int64_t off, int64_t len) {
    if (len <= TRI3_NB) {
        tri3_leaf lf;
        tri3_leaf_init(&lf, c, off, len);
        tri3_leaf_run(&lf, tri3_trmm_left_lines, tri3_trmm_right_rows);
        return;
    }
    const int64_t h = tri3_half(len);
    const int64_t f0 = c->lower ? off + h : off, flen = c->lower ? len - h : h;
    const int64_t s0 = c->lower ? off : off + h, slen = len - flen;
    tri3_trmm_rec(c, f0, flen);
    tri3_update(c, f0, flen, s0, slen, c->alpha, 1, c->B, c->ldb, c->C, c->ldc);
    tri3_trmm_rec(c, s0, slen);
}

/* alpha == 0: X = 0 (m x n), nothing read. */
static void tri3_zero(int64_t m, int64_t n, T *X, int64_t ldx) {
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) X[i + j * ldx] = 0;
}

static gblas_status_t trmm(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo,
                           gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n,
                           const void *alpha, const void *A, int64_t lda, const void *B,
                           int64_t ldb, void *C, int64_t ldc) {
    const T a = *(const T *)alpha;
    if (a == 0) {
        tri3_zero(m, n, C, ldc);
        return GBLAS_STATUS_SUCCESS;
    }
    const tri3_call c = tri3_setup(ctx, side, uplo, trans, diag, m, n, a, A, lda, B, ldb, C, ldc);
    tri3_trmm_rec(&c, 0, side == GBLAS_SIDE_LEFT ? m : n);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t trsm(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo,
                           gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n,
                           const void *alpha, const void *A, int64_t lda, void *B, int64_t ldb) {
    const T a = *(const T *)alpha;
    if (a == 0) {
        tri3_zero(m, n, B, ldb);
        return GBLAS_STATUS_SUCCESS;
    }
    const tri3_call c = tri3_setup(ctx, side, uplo, trans, diag, m, n, a, A, lda, B, ldb, B, ldb);
    tri3_trsm_rec(&c, 0, side == GBLAS_SIDE_LEFT ? m : n, 1);
    return GBLAS_STATUS_SUCCESS;
}

/* One entry after another, each spread over the threads by trsm itself. */
static gblas_status_t trsm_batched(gblas_ctx *ctx, gblas_side_mode_t side,
                                   gblas_fill_mode_t uplo, gblas_operation_t trans,
                                   gblas_diag_type_t diag, int64_t m, int64_t n,
                                   const void *alpha, const void *const *Aarray, int64_t lda,
                                   void *const *Barray, int64_t ldb, int64_t batch_count) {
    const int alpha_zero = *(const T *)alpha == 0;
    for (int64_t i = 0; i < batch_count; i++)
        trsm(ctx, side, uplo, trans, diag, m, n, alpha, alpha_zero ? NULL : Aarray[i], lda,
             Barray[i], ldb);
    return GBLAS_STATUS_SUCCESS;
}

static void level3_tri_fill(gblas_ops *ops) {
    ops->routine.trmm[GBLAS_TYPE_TAG] = trmm;
    ops->routine.trsm[GBLAS_TYPE_TAG] = trsm;
    ops->routine.trsm_batched[GBLAS_TYPE_TAG] = trsm_batched;
}

#undef TRI3_NB
#undef TRI3_ROWS
#undef TRI3_LINES
#undef TRI3_MR
#undef TRI3_PARALLEL_MIN
