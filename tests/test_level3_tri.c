/* test_level3_tri.c: TRMM (C = alpha op(A) B or alpha B op(A), out of place and in place with
 * C == B), TRSM (op(A) X = alpha B or X op(A) = alpha B) and TRSM_BATCHED in s and d on every
 * backend case: every side, uplo, op (N, T, C) and diag; the triangle's order in {0, 1, 2, 3,
 * 7, 33, 64, 65, 100, 129, 200, 300} with the other dimension cycling, some of 1000 and one of
 * 2100; lda and ldb / ldc padded; alpha in {1, -0.7, 2, 0}; both pointer modes.
 * A holds NaN outside its referenced triangle (the other triangle, a unit diagonal, the ld
 * gap) and must come back bit for bit; so must B for an out-of-place TRMM, and every gap of the
 * output (rows past m). An out-of-place C starts as NaN (never read); alpha == 0 puts NaN in A
 * and B as well (neither may be read: the output is exactly zero).
 * Products are checked element by element against a long double oracle. Solves are checked
 * twice, as test_level2_tri.c's: the residual op(A) X - alpha B (X op(A) - alpha B) against
 * the backward error of substitution, and X against the long double solution within the bound
 * times the condition estimate (the comparison matrix's solution). The solves' triangles are
 * nonsingular but ill conditioned: every seventh diagonal element is 2^-10 in magnitude.
 * An Inf in B must reach only the elements of a TRMM result whose row of M multiplies it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_blas.h"

static const prec_t PRECS[] = {PREC_S, PREC_D};
static const gblas_operation_t OPS[] = {GBLAS_OP_N, GBLAS_OP_T, GBLAS_OP_C};
static const double ALPHAS[] = {1, -0.7, 2, 0};

typedef enum { R_TRMM, R_TRSM, R_BATCHED } routine_t;
static const char *const R_NAME[] = {"trmm", "trsm", "trsm_batched"};

typedef struct {
    routine_t r;
    gblas_side_mode_t side;
    gblas_fill_mode_t uplo;
    gblas_operation_t op;
    gblas_diag_type_t diag;
    int64_t m, n, pad;
    double alpha;
    int in_place; /* TRMM: C is B */
    int device;   /* device pointer mode */
} tri3_args;

#define COUNT 3 /* TRSM_BATCHED entries; entries 0 and 2 share A */

static int64_t order(const tri3_args *a) { return a->side == GBLAS_SIDE_LEFT ? a->m : a->n; }
static int64_t lda_of(const tri3_args *a) { return (order(a) > 1 ? order(a) : 1) + a->pad; }
static int64_t ldb_of(const tri3_args *a) { return (a->m > 1 ? a->m : 1) + 2 * a->pad; }
static int64_t ncols(int64_t n) { return n > 0 ? n : 1; }

/* Whether A(i, j) is read: in the uplo triangle, and not a unit diagonal. */
static int referenced(const tri3_args *a, int64_t i, int64_t j) {
    if (i == j) return a->diag == GBLAS_DIAG_NON_UNIT;
    return a->uplo == GBLAS_FILL_MODE_UPPER ? i < j : i > j;
}

/* op(A)(i, k) as the routine must see it. */
static double op_elem(const tri3_args *a, const double *A, int64_t i, int64_t k) {
    int64_t r = a->op == GBLAS_OP_N ? i : k, c = a->op == GBLAS_OP_N ? k : i;
    if (r == c && a->diag == GBLAS_DIAG_UNIT) return 1;
    if (!referenced(a, r, c)) return 0;
    return A[r + c * lda_of(a)];
}

/* Random A, NaN where it is not referenced. A solve's diagonal is +-[1, 2), every seventh
 * element scaled by 2^-10; its off-diagonals are scaled by 2^-ceil(log2(order)) and by 2^-10
 * more where they multiply an element solved against a small diagonal. */
static double *make_a(const tri3_args *a, prec_t p, rng_t *r) {
    const int64_t k = order(a), lda = lda_of(a), len = lda * ncols(k);
    const int solve = a->r != R_TRMM;
    double *A = hbuf(len), off = 1;
    for (int64_t s = 0; s < len; s++) A[s] = poison_nan();
    if (solve)
        while (off * (double)k > 1) off /= 2;
    for (int64_t j = 0; j < k; j++)
        for (int64_t i = 0; i < k; i++) {
            if (!referenced(a, i, j) || a->alpha == 0) continue;
            double v = rng_value(r, p);
            /* the solved element it multiplies: op(A)(o, q) with q = j (N) or i (T) on the
             * LEFT; X op(A): X(:, q) op(A)(q, o) with q = i (N) or j (T) */
            const int64_t q = (a->side == GBLAS_SIDE_LEFT) == (a->op == GBLAS_OP_N) ? j : i;
            if (i != j)
                v *= off * (solve && q % 7 == 3 ? 0x1p-10 : 1);
            else if (solve)
                v = (v < 0 ? -1 : 1) * (1 + fabs(v)) * (i % 7 == 3 ? 0x1p-10 : 1);
            A[i + j * lda] = prec_round(p, v);
        }
    return A;
}

static void describe(char *d, size_t cap, const hctx *t, prec_t p, const tri3_args *a) {
    snprintf(d, cap, "[%s] %s%s side=%s uplo=%s %s diag=%s m=%lld n=%lld pad=%lld alpha=%g%s%s",
             t->name, prec_name(p), R_NAME[a->r], a->side == GBLAS_SIDE_LEFT ? "L" : "R",
             a->uplo == GBLAS_FILL_MODE_UPPER ? "U" : "L", op_name(a->op),
             a->diag == GBLAS_DIAG_UNIT ? "U" : "N", (long long)a->m, (long long)a->n,
             (long long)a->pad, a->alpha, a->in_place ? " in place" : "",
             a->device ? " device" : "");
}

/* A backend array of COUNT pointers into base at the element offsets offs. */
static void *pointer_array(hctx *t, const dbuf *base, const int64_t *offs) {
    void *host[COUNT], *dev = NULL;
    for (int i = 0; i < COUNT; i++) host[i] = (char *)base->p + offs[i] * prec_size(base->prec);
    cr_assert(gblas_malloc(t->h, &dev, sizeof host) == GBLAS_STATUS_SUCCESS);
    cr_assert(gblas_set_vector(t->h, COUNT, sizeof host[0], host, 1, dev, 1) ==
              GBLAS_STATUS_SUCCESS);
    return dev;
}

/* M = op(A) (LEFT) or op(A)^T (RIGHT), dense and row-major: M(r, q) at Md[r k + q]. */
static double *dense_m(const tri3_args *a, const double *A) {
    const int64_t k = order(a);
    double *Md = hbuf(k * k);
    for (int64_t r = 0; r < k; r++)
        for (int64_t q = 0; q < k; q++)
            Md[r * k + q] = a->side == GBLAS_SIDE_LEFT ? op_elem(a, A, r, q) : op_elem(a, A, q, r);
    return Md;
}

/* Solves M y = b (long double) for one line by substitution (M is lower for LEFT with uplo L
 * and N or U and T, for RIGHT with the other two), or with the comparison matrix when
 * comparison is set. */
static int m_lower(const tri3_args *a) {
    return (a->uplo == GBLAS_FILL_MODE_LOWER) == ((a->side == GBLAS_SIDE_LEFT) == (a->op == GBLAS_OP_N));
}
static void solve_line(const tri3_args *a, const double *Md, const long double *b,
                       long double *y, int comparison) {
    const int64_t k = order(a);
    const int lower = m_lower(a);
    for (int64_t c = 0; c < k; c++) {
        const int64_t r = lower ? c : k - 1 - c;
        long double s = b[r];
        for (int64_t q = lower ? 0 : r + 1; q < (lower ? r : k); q++) {
            const long double e = Md[r * k + q];
            s -= comparison ? -fabsl(e) * y[q] : e * y[q];
        }
        const long double dg = Md[r * k + r];
        y[r] = s / (comparison ? fabsl(dg) : dg);
    }
}

/* Checks one (A, B in, X out) of a call. Element (i, j) of a line l: LEFT (i = r, j = l),
 * RIGHT (i = l, j = r). */
static void check_result(const char *d, prec_t p, const tri3_args *a, const double *A,
                         const double *B, int64_t ldb, const double *X, int64_t ldx) {
    const int64_t k = order(a), lines = a->side == GBLAS_SIDE_LEFT ? a->n : a->m;
    const int left = a->side == GBLAS_SIDE_LEFT;
    long double *in = calloc((size_t)k + 1, sizeof *in), *out = calloc((size_t)k + 1, sizeof *out);
    long double *absv = calloc((size_t)k + 1, sizeof *absv), *exact = calloc((size_t)k + 1, sizeof *exact);
    long double *cond = calloc((size_t)k + 1, sizeof *cond);
    cr_assert(in && out && absv && exact && cond);
    double *Md = a->alpha == 0 ? NULL : dense_m(a, A);
    for (int64_t l = 0; l < lines; l++) {
        for (int64_t r = 0; r < k; r++) {
            const int64_t i = left ? r : l, j = left ? l : r;
            in[r] = B[i + j * ldb];
            out[r] = X[i + j * ldx];
        }
        if (a->alpha == 0) {
            for (int64_t r = 0; r < k; r++)
                cr_assert(out[r] == 0, "%s: line %lld el %lld = %.17Lg, want 0", d, (long long)l,
                          (long long)r, out[r]);
            continue;
        }
        const int solve = a->r != R_TRMM;
        const long double al = a->alpha;
        /* products: out = alpha M in; solves: alpha in = M out */
        const long double *v = solve ? out : in;
        for (int64_t r = 0; r < k; r++) {
            long double sum = 0, scale = 0;
            for (int64_t q = m_lower(a) ? 0 : r; q < (m_lower(a) ? r + 1 : k); q++) {
                const long double pr = (long double)Md[r * k + q] * v[q];
                sum += pr;
                scale += fabsl(pr);
            }
            absv[r] = scale;
            if (solve)
                cr_assert(within_tol(p, (double)(al * in[r]), sum, scale, k),
                          "%s: line %lld el %lld: residual: alpha b = %.17Lg, M x = %.17Lg (scale %.3Lg)",
                          d, (long long)l, (long long)r, al * in[r], sum, scale);
            else
                cr_assert(within_tol(p, (double)out[r], al * sum, fabsl(al) * scale, k),
                          "%s: line %lld el %lld: %.17Lg, want %.17Lg", d, (long long)l,
                          (long long)r, out[r], al * sum);
        }
        if (solve) { /* forward error within the condition estimate */
            for (int64_t r = 0; r < k; r++) in[r] *= al;
            solve_line(a, Md, in, exact, 0);
            solve_line(a, Md, absv, cond, 1);
            for (int64_t r = 0; r < k; r++)
                cr_assert(within_tol(p, (double)out[r], exact[r], cond[r], k),
                          "%s: line %lld x[%lld] = %.17Lg, want %.17Lg (condition-scaled %.3Lg)",
                          d, (long long)l, (long long)r, out[r], exact[r], cond[r]);
        }
    }
    free(Md);
    free(in);
    free(out);
    free(absv);
    free(exact);
    free(cond);
}

/* One call, checked as the file's comment says; X (m x n, column-major, ld m) receives the
 * result when not NULL. */
static void tri3_case(hctx *t, prec_t p, const tri3_args *a, double *X) {
    char d[260];
    describe(d, sizeof d, t, p, a);
    const int64_t m = a->m, n = a->n, k = order(a), lda = lda_of(a), ldb = ldb_of(a);
    const int batched = a->r == R_BATCHED, out_of_place = a->r == R_TRMM && !a->in_place;
    const int64_t la = lda * ncols(k), lb1 = ldb * ncols(n);
    const int64_t la_all = batched ? 2 * la : la, lb = batched ? COUNT * lb1 : lb1;
    rng_t r = rng_for("tri3", p * 64 + a->r * 16 + a->side * 8 + a->uplo * 4 + a->op,
                      m * 8 + a->diag * 2 + a->in_place, n * 4, a->pad * 8 + (int64_t)(a->alpha * 10));
    double *A = hbuf(la_all), *B = hbuf(lb), *C = out_of_place ? hbuf(lb) : NULL;
    double *A0 = make_a(a, p, &r), *A1 = make_a(a, p, &r);
    for (int64_t s = 0; s < la; s++) {
        A[s] = A0[s];
        if (batched) A[la + s] = A1[s];
    }
    for (int64_t s = 0; s < lb; s++) {
        const int64_t row = s % lb1 % ldb;
        B[s] = row >= m ? gap_value(s) : a->alpha == 0 ? poison_nan() : rng_value(&r, p);
        if (C) C[s] = row >= m ? gap_value(s + 7) : poison_nan();
    }
    double *gA = hbuf(la_all), *gB = hbuf(lb), *gC = C ? hbuf(lb) : NULL;
    dbuf dA = dbuf_upload(t, p, A, la_all), dB = dbuf_upload(t, p, B, lb), dC = {0};
    if (C) dC = dbuf_upload(t, p, C, lb);

    const gblas_pointer_mode_t mode = a->device ? GBLAS_POINTER_MODE_DEVICE : GBLAS_POINTER_MODE_HOST;
    sslot sc;
    void *alpha = sslot_put(&sc, t, mode, p, &a->alpha, 1);
    set_mode(t, mode);
    gblas_status_t st;
    void *parr = NULL, *barr = NULL;
    if (a->r == R_TRMM) {
        st = hr_trmm(t->h, p, a->side, a->uplo, a->op, a->diag, m, n, alpha, dA.p, lda, dB.p, ldb,
                     C ? dC.p : dB.p, ldb);
    } else if (a->r == R_TRSM) {
        st = hr_trsm(t->h, p, a->side, a->uplo, a->op, a->diag, m, n, alpha, dA.p, lda, dB.p, ldb);
    } else {
        /* entries 0 and 2 share A0; B entries in reverse memory order */
        const int64_t ao[COUNT] = {0, la, 0}, bo[COUNT] = {2 * lb1, lb1, 0};
        parr = pointer_array(t, &dA, ao);
        barr = pointer_array(t, &dB, bo);
        st = hr_trsm_batched(t->h, p, a->side, a->uplo, a->op, a->diag, m, n, alpha, parr, lda,
                             barr, ldb, COUNT);
    }
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    dbuf_download(t, &dA, gA);
    dbuf_download(t, &dB, gB);
    if (C) dbuf_download(t, &dC, gC);
    for (int64_t s = 0; s < la_all; s++)
        cr_assert(same_bits(gA[s], prec_round(p, A[s])), "%s: A slot %lld changed", d, (long long)s);
    const double *out = C ? gC : gB;
    for (int64_t s = 0; s < lb; s++) {
        if (C) cr_assert(same_bits(gB[s], prec_round(p, B[s])), "%s: B slot %lld changed", d, (long long)s);
        if (s % lb1 % ldb >= m)
            cr_assert(same_bits(out[s], (C ? C : B)[s]), "%s: output gap slot %lld changed", d,
                      (long long)s);
    }
    for (int e = 0; e < (batched ? COUNT : 1); e++) {
        const int64_t boff = batched ? (COUNT - 1 - e) * lb1 : 0;
        check_result(d, p, a, e == 1 ? A1 : A0, B + boff, ldb, out + boff, ldb);
    }
    if (X)
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = 0; i < m; i++) X[i + j * m] = out[i + j * ldb];
    if (parr) EXPECT_OK(t->h, gblas_free(t->h, parr));
    if (barr) EXPECT_OK(t->h, gblas_free(t->h, barr));
    sslot_free(&sc);
    dbuf_free(t, &dA);
    dbuf_free(t, &dB);
    if (C) dbuf_free(t, &dC);
    free(A);
    free(A0);
    free(A1);
    free(B);
    free(C);
    free(gA);
    free(gB);
    free(gC);
}

/* Every routine, side, uplo, op, diag and precision at each triangle order; the other
 * dimension, padding, alpha, in-place and pointer mode cycle. */
BACKEND_TEST(tri3, small_sizes) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t orders[] = {0, 1, 2, 3, 7, 33, 64, 65, 100};
    static const int64_t others[] = {1, 3, 0, 17, 2, 40};
    int64_t c = 0;
    for (size_t s = 0; s < sizeof orders / sizeof orders[0]; s++)
        for (int rt = 0; rt < 3; rt++)
            for (int side = 0; side < 2; side++)
                for (int pi = 0; pi < 2; pi++)
                    for (int u = 0; u < 2; u++)
                        for (int o = 0; o < 3; o++)
                            for (int dg = 0; dg < 2; dg++, c++) {
                                const int64_t k = orders[s], other = others[c % 6];
                                tri3_args a = {(routine_t)rt, (gblas_side_mode_t)side,
                                               (gblas_fill_mode_t)u, OPS[o],
                                               (gblas_diag_type_t)dg, side == 0 ? k : other,
                                               side == 0 ? other : k, c % 3,
                                               ALPHAS[c % 4], (int)(c / 4 % 2), (int)(c % 5 == 1)};
                                tri3_case(&t, PRECS[pi], &a, NULL);
                            }
    harness_close(&t);
}

/* Orders past the blocking (129, 200, 300) for every combination; then 1000 for each routine,
 * side and precision (2100 for dtrsm LEFT), with uplo, op and diag rotating. */
BACKEND_TEST(tri3, large_sizes) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t orders[] = {129, 200, 300};
    int64_t c = 0;
    for (int rt = 0; rt < 3; rt++)
        for (int side = 0; side < 2; side++)
            for (int pi = 0; pi < 2; pi++) {
                for (int u = 0; u < 2; u++)
                    for (int o = 0; o < 2; o++)
                        for (int dg = 0; dg < 2; dg++, c++) {
                            const int64_t k = orders[c % 3], other = 3 + c % 4 * 4;
                            tri3_args a = {(routine_t)rt, (gblas_side_mode_t)side,
                                           (gblas_fill_mode_t)u, OPS[o], (gblas_diag_type_t)dg,
                                           side == 0 ? k : other, side == 0 ? other : k, c % 2,
                                           ALPHAS[c % 3], (int)(c / 3 % 2), (int)(c % 7 == 2)};
                            tri3_case(&t, PRECS[pi], &a, NULL);
                        }
                const int64_t k = (pi == 1 && side == 0 && rt == R_TRSM) ? 2100 : 1000;
                const int64_t other = 3 + c % 3 * 2;
                tri3_args a = {(routine_t)rt, (gblas_side_mode_t)side, (gblas_fill_mode_t)(c % 2),
                               OPS[(c / 2) % 3], (gblas_diag_type_t)((c / 3) % 2),
                               side == 0 ? k : other, side == 0 ? other : k, 1, -0.7,
                               (int)(c % 2), 0};
                c++;
                tri3_case(&t, PRECS[pi], &a, NULL);
            }
    harness_close(&t);
}

/* The same call repeated gives the same bits; on the CPU also with 1 and 2 threads; and in
 * device pointer mode. */
BACKEND_TEST(tri3, reproducible) {
    hctx t;
    harness_open(&t, hc);
    const int64_t k = 300, other = 40;
    double *first = hbuf(k * other), *again = hbuf(k * other);
    for (int rt = 0; rt < 2; rt++)
        for (int side = 0; side < 2; side++)
            for (int pi = 0; pi < 2; pi++) {
                tri3_args a = {(routine_t)rt, (gblas_side_mode_t)side,
                               (gblas_fill_mode_t)(pi ^ side), OPS[rt], GBLAS_DIAG_NON_UNIT,
                               side == 0 ? k : other, side == 0 ? other : k, 1, -0.7, 0, 0};
                tri3_case(&t, PRECS[pi], &a, first);
                for (int run = 0; run < 2; run++) {
                    if (run == 1) {
                        if (t.is_cuda)
                            a.device = 1;
                        else
                            EXPECT_OK(t.h, gblas_set_num_threads(t.h, t.threads == 2 ? 1 : 2));
                    }
                    tri3_case(&t, PRECS[pi], &a, again);
                    for (int64_t e = 0; e < k * other; e++)
                        cr_assert(same_bits(first[e], again[e]), "[%s] %s%s run %d: %lld: %.17g vs %.17g",
                                  t.name, prec_name(PRECS[pi]), R_NAME[rt], run, (long long)e,
                                  first[e], again[e]);
                    if (run == 1 && !t.is_cuda)
                        EXPECT_OK(t.h, gblas_set_num_threads(t.h, t.threads ? t.threads : 1));
                }
            }
    free(first);
    free(again);
    harness_close(&t);
}

/* TRMM with one Inf in B (element e of line 3): it reaches exactly the elements of line 3 whose
 * row of M has a nonzero at e (the reference BLAS multiplies only inside the triangle); every
 * other element stays finite. Order 100: a leaf and a GEMM. */
BACKEND_TEST(tri3, inf_reaches_only_its_rows) {
    hctx t;
    harness_open(&t, hc);
    const int64_t k = 100, lines = 6, e = 40, line = 3;
    for (int c = 0; c < 32; c++) {
        const prec_t p = PRECS[c % 2];
        tri3_args a = {R_TRMM, (gblas_side_mode_t)(c / 2 % 2), (gblas_fill_mode_t)(c / 4 % 2),
                       OPS[c / 8 % 2], GBLAS_DIAG_NON_UNIT, 0, 0, 1, -0.7, c / 16, 0};
        const int left = a.side == GBLAS_SIDE_LEFT;
        a.m = left ? k : lines;
        a.n = left ? lines : k;
        char d[260];
        describe(d, sizeof d, &t, p, &a);
        const int64_t ldb = ldb_of(&a), lb = ldb * a.n, la = lda_of(&a) * k;
        rng_t r = rng_for("tri3-inf", p, c, 0, 0);
        double *A = make_a(&a, p, &r), *B = hbuf(lb), *got = hbuf(lb);
        rng_fill(&r, p, B, lb);
        const int64_t at = left ? e + line * ldb : line + e * ldb;
        B[at] = INFINITY;
        dbuf dA = dbuf_upload(&t, p, A, la), dB = dbuf_upload(&t, p, B, lb), dC = {0};
        if (!a.in_place) dC = dbuf_upload(&t, p, B, lb);
        hscalar al;
        EXPECT_OK(t.h, hr_trmm(t.h, p, a.side, a.uplo, a.op, a.diag, a.m, a.n,
                               hscalar_set(&al, p, a.alpha), dA.p, lda_of(&a), dB.p, ldb,
                               a.in_place ? dB.p : dC.p, ldb));
        dbuf_download(&t, a.in_place ? &dB : &dC, got);
        double *Md = dense_m(&a, A);
        for (int64_t l = 0; l < lines; l++)
            for (int64_t q = 0; q < k; q++) {
                const int64_t x = left ? q + l * ldb : l + q * ldb;
                const int inf = l == line && Md[q * k + e] != 0;
                cr_assert(inf ? !isfinite(got[x]) : isfinite(got[x]),
                          "%s: line %lld element %lld = %g", d, (long long)l, (long long)q, got[x]);
            }
        free(Md);
        dbuf_free(&t, &dA);
        dbuf_free(&t, &dB);
        if (!a.in_place) dbuf_free(&t, &dC);
        free(A);
        free(B);
        free(got);
    }
    harness_close(&t);
}
