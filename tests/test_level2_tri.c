/* test_level2_tri.c: TRMV, TBMV, TPMV (x = op(A) x) and TRSV, TBSV, TPSV (op(A) x = b) in s and
 * d on every backend case: every uplo, op (N, T, C) and diag; n in {0, 1, 2, 3, 7, 33, 64, 65,
 * 100}, 257 for every combination, and a few of 1000 and 2100; band widths 0, 1, 2, 5, 8,
 * 64, n - 1 and past n; lda padded; increments 1, -1, 2, -3 and 5.
 * The storage outside the referenced triangle (band) holds NaN, and so does a unit diagonal:
 * reading either shows in the result, and A must come back bit for bit. x's gaps hold markers
 * that must survive.
 * Products are checked element by element against a long double oracle. Solves are checked
 * twice: the residual b - op(A) x against the componentwise backward error of substitution
 * (|op(A)| |x| times the bound), and x against the long double solution within the bound
 * times M^-1 |op(A)| |x|, M the comparison matrix of op(A) (|M^-1| >= |op(A)^-1| for a
 * triangle: the condition estimate). The solves' triangles are nonsingular but ill
 * conditioned: every seventh diagonal element is 2^-10 in magnitude. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_blas.h"

typedef enum { ST_FULL, ST_BAND, ST_PACKED } storage_t;
static const char *const ST_NAME[] = {"tr", "tb", "tp"};
static const prec_t PRECS[] = {PREC_S, PREC_D};
static const gblas_operation_t OPS[] = {GBLAS_OP_N, GBLAS_OP_T, GBLAS_OP_C};
static const int64_t INCS[] = {1, -1, 2, -3, 5};

typedef struct {
    storage_t st;
    int solve;
    gblas_fill_mode_t uplo;
    gblas_operation_t op;
    gblas_diag_type_t diag;
    int64_t n, k, pad, incx;
} tri_args;

/* Off-diagonals A holds: k for a band (at most n - 1), n - 1 otherwise. */
static int64_t held(const tri_args *a) {
    if (a->st != ST_BAND) return a->n > 0 ? a->n - 1 : 0;
    return a->k < a->n ? a->k : (a->n > 0 ? a->n - 1 : 0);
}

/* The storage's leading dimension (0 for packed) and element count. */
static int64_t storage_lda(const tri_args *a) {
    if (a->st == ST_FULL) return (a->n > 1 ? a->n : 1) + a->pad;
    if (a->st == ST_BAND) return a->k + 1 + a->pad;
    return 0;
}
static int64_t storage_len(const tri_args *a) {
    if (a->st == ST_PACKED) return a->n * (a->n + 1) / 2 > 0 ? a->n * (a->n + 1) / 2 : 1;
    return storage_lda(a) * (a->n > 0 ? a->n : 1);
}

/* Whether A(i, j) lies in the stored triangle (band), and its slot there. */
static int stored(const tri_args *a, int64_t i, int64_t j) {
    int64_t d = a->uplo == GBLAS_FILL_MODE_UPPER ? j - i : i - j;
    return d >= 0 && d <= held(a);
}
static int64_t slot(const tri_args *a, int64_t i, int64_t j) {
    int upper = a->uplo == GBLAS_FILL_MODE_UPPER;
    int64_t lda = storage_lda(a), n = a->n;
    if (a->st == ST_FULL) return i + j * lda;
    if (a->st == ST_BAND) return (upper ? a->k + i - j : i - j) + j * lda;
    return upper ? i + j * (j + 1) / 2 : i + (2 * n - j - 1) * j / 2;
}

/* op(A)(o, q) as the routine must see it: 1 on a unit diagonal, 0 off the triangle. */
static double op_elem(const tri_args *a, const double *A, int64_t o, int64_t q) {
    int64_t i = a->op == GBLAS_OP_N ? o : q, j = a->op == GBLAS_OP_N ? q : o;
    if (!stored(a, i, j)) return 0;
    if (i == j && a->diag == GBLAS_DIAG_UNIT) return 1;
    return A[slot(a, i, j)];
}

/* The range of q with op(A)(o, q) possibly nonzero. */
static void op_range(const tri_args *a, int64_t o, int64_t *lo, int64_t *hi) {
    int below = (a->uplo == GBLAS_FILL_MODE_LOWER) == (a->op == GBLAS_OP_N);
    int64_t w = held(a);
    *lo = below ? (o > w ? o - w : 0) : o;
    *hi = below ? o : (a->n - 1 - o > w ? o + w : a->n - 1);
}

/* Random A: NaN everywhere but the referenced elements. Off-diagonals in [-1, 1). A solve's
 * diagonal is +-[1, 2) with every seventh element scaled by 2^-10; its off-diagonals are
 * scaled by 2^-ceil(log2(w + 1)) (w off-diagonals a row), and by 2^-10 more where they
 * multiply an element of x solved against a small diagonal, so that x cannot grow without
 * bound along the solve. */
static double *make_a(const tri_args *a, prec_t p, rng_t *r) {
    int64_t len = storage_len(a), n = a->n;
    double *A = hbuf(len), off = 1;
    for (int64_t s = 0; s < len; s++) A[s] = poison_nan();
    if (a->solve)
        while (off * (double)(held(a) + 1) > 1) off /= 2;
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < n; i++) {
            if (!stored(a, i, j) || (i == j && a->diag == GBLAS_DIAG_UNIT)) continue;
            double v = rng_value(r, p);
            int64_t q = a->op == GBLAS_OP_N ? j : i; /* the element of x it multiplies */
            if (i != j)
                v *= off * (a->solve && q % 7 == 3 ? 0x1p-10 : 1);
            else if (a->solve)
                v = (v < 0 ? -1 : 1) * (1 + fabs(v)) * (i % 7 == 3 ? 0x1p-10 : 1);
            A[slot(a, i, j)] = prec_round(p, v);
        }
    return A;
}

static void describe(char *d, size_t cap, const hctx *t, prec_t p, const tri_args *a) {
    snprintf(d, cap, "[%s] %s%s%s uplo=%s %s diag=%s n=%lld k=%lld pad=%lld incx=%lld", t->name,
             prec_name(p), ST_NAME[a->st], a->solve ? "sv" : "mv",
             a->uplo == GBLAS_FILL_MODE_UPPER ? "U" : "L", op_name(a->op),
             a->diag == GBLAS_DIAG_UNIT ? "U" : "N", (long long)a->n, (long long)a->k,
             (long long)a->pad, (long long)a->incx);
}

static gblas_status_t call(hctx *t, prec_t p, const tri_args *a, const dbuf *A, dbuf *x) {
    gblas_handle_t h = t->h;
    int64_t lda = storage_lda(a);
    switch (a->st * 2 + a->solve) {
    case 0: return hr_trmv(h, p, a->uplo, a->op, a->diag, a->n, A->p, lda, x->p, a->incx);
    case 1: return hr_trsv(h, p, a->uplo, a->op, a->diag, a->n, A->p, lda, x->p, a->incx);
    case 2: return hr_tbmv(h, p, a->uplo, a->op, a->diag, a->n, a->k, A->p, lda, x->p, a->incx);
    case 3: return hr_tbsv(h, p, a->uplo, a->op, a->diag, a->n, a->k, A->p, lda, x->p, a->incx);
    case 4: return hr_tpmv(h, p, a->uplo, a->op, a->diag, a->n, A->p, x->p, a->incx);
    default: return hr_tpsv(h, p, a->uplo, a->op, a->diag, a->n, A->p, x->p, a->incx);
    }
}

/* Solves op(A) y = b (long double) by substitution, or with the comparison matrix (|diagonal|,
 * minus |off-diagonals|) when comparison is set. b and y are indexed by element. */
static void solve_ld(const tri_args *a, const double *A, const long double *b, long double *y,
                     int comparison) {
    int64_t n = a->n;
    int below = (a->uplo == GBLAS_FILL_MODE_LOWER) == (a->op == GBLAS_OP_N);
    for (int64_t c = 0; c < n; c++) {
        int64_t o = below ? c : n - 1 - c, lo, hi;
        op_range(a, o, &lo, &hi);
        long double s = b[o];
        for (int64_t q = lo; q <= hi; q++)
            if (q != o) {
                long double e = op_elem(a, A, o, q);
                s -= comparison ? -fabsl(e) * y[q] : e * y[q];
            }
        long double d = op_elem(a, A, o, o);
        y[o] = s / (comparison ? fabsl(d) : d);
    }
}

/* One call, checked as the file's comment says; got (element order) receives x afterwards
 * when not NULL. */
static void tri_case(hctx *t, prec_t p, const tri_args *a, double *got_out) {
    char d[240];
    describe(d, sizeof d, t, p, a);
    int64_t n = a->n, la = storage_len(a), lx = vec_len(n, a->incx);
    rng_t r = rng_for("tri", p * 64 + a->st * 16 + a->solve * 8 + a->uplo * 4 + a->op,
                      n * 8 + a->diag, a->k, a->pad * 64 + a->incx);
    double *A = make_a(a, p, &r), *x = hbuf(lx), *gx = hbuf(lx), *gA = hbuf(la);
    rng_fill(&r, p, x, lx);
    fill_gaps(x, lx, n, a->incx);
    dbuf dA = dbuf_upload(t, p, A, la), dx = dbuf_upload(t, p, x, lx);
    gblas_status_t st = call(t, p, a, &dA, &dx);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    dbuf_download(t, &dx, gx);
    dbuf_download(t, &dA, gA);
    for (int64_t s = 0; s < la; s++)
        cr_assert(same_bits(gA[s], prec_round(p, A[s])), "%s: A slot %lld changed", d,
                  (long long)s);
    check_gaps(d, gx, x, n, a->incx);

    long double *in = calloc((size_t)(n + 1), sizeof *in);
    long double *out = calloc((size_t)(n + 1), sizeof *out);
    long double *absv = calloc((size_t)(n + 1), sizeof *absv);
    cr_assert(in && out && absv);
    for (int64_t e = 0; e < n; e++) {
        in[e] = x[vec_index(n, a->incx, e)];
        out[e] = gx[vec_index(n, a->incx, e)];
    }
    /* products: out against op(A) in; solves: in (= b) against op(A) out */
    const long double *v = a->solve ? out : in;
    for (int64_t o = 0; o < n; o++) {
        int64_t lo, hi;
        op_range(a, o, &lo, &hi);
        long double sum = 0, scale = 0;
        for (int64_t q = lo; q <= hi; q++) {
            long double pr = (long double)op_elem(a, A, o, q) * v[q];
            sum += pr;
            scale += fabsl(pr);
        }
        absv[o] = scale;
        double lhs = a->solve ? (double)in[o] : (double)out[o];
        cr_assert(within_tol(p, lhs, sum, scale, hi - lo + 1),
                  "%s: %s %lld: %.17g, want %.17Lg (scale %.3Lg)", d,
                  a->solve ? "residual: b" : "x", (long long)o, lhs, sum, scale);
    }
    if (a->solve) { /* forward error within the condition estimate */
        long double *exact = calloc((size_t)(n + 1), sizeof *exact);
        long double *cond = calloc((size_t)(n + 1), sizeof *cond);
        cr_assert(exact && cond);
        solve_ld(a, A, in, exact, 0);
        solve_ld(a, A, absv, cond, 1);
        for (int64_t o = 0; o < n; o++)
            cr_assert(within_tol(p, (double)out[o], exact[o], cond[o], n),
                      "%s: x[%lld] = %.17Lg, want %.17Lg (condition-scaled %.3Lg)", d,
                      (long long)o, out[o], exact[o], cond[o]);
        free(exact);
        free(cond);
    }
    if (got_out)
        for (int64_t e = 0; e < n; e++) got_out[e] = (double)out[e];
    dbuf_free(t, &dA);
    dbuf_free(t, &dx);
    free(A);
    free(x);
    free(gx);
    free(gA);
    free(in);
    free(out);
    free(absv);
}

/* Band width for a case: cycles through 0, 1, 2, 5, n - 1 and n + 3. */
static int64_t band_k(int64_t n, int64_t c) {
    const int64_t ks[] = {0, 1, 2, 5, n > 0 ? n - 1 : 0, n + 3};
    return ks[c % 6];
}

/* Every storage, routine, precision, uplo, op and diag at each small n; the band width, lda
 * padding and increment cycle. */
BACKEND_TEST(tri, small_sizes) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t sizes[] = {0, 1, 2, 3, 7, 33, 64, 65, 100};
    int64_t c = 0;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int st = 0; st < 3; st++)
            for (int solve = 0; solve < 2; solve++)
                for (int pi = 0; pi < 2; pi++)
                    for (int u = 0; u < 2; u++)
                        for (int o = 0; o < 3; o++)
                            for (int dg = 0; dg < 2; dg++, c++) {
                                tri_args a = {(storage_t)st, solve, (gblas_fill_mode_t)u, OPS[o],
                                              (gblas_diag_type_t)dg, sizes[s],
                                              band_k(sizes[s], c / 3), c % 3 * 2, INCS[c % 5]};
                                tri_case(&t, PRECS[pi], &a, NULL);
                            }
    harness_close(&t);
}

/* n = 257 for every combination (band widths 1, 8, 64 and past n); then 1000 for each routine
 * and precision and 2100 for each routine in one precision, uplo, op and diag rotating. */
BACKEND_TEST(tri, large_sizes) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t ks[] = {1, 8, 64, 5000};
    int64_t c = 0;
    for (int st = 0; st < 3; st++)
        for (int solve = 0; solve < 2; solve++)
            for (int pi = 0; pi < 2; pi++) {
                for (int u = 0; u < 2; u++)
                    for (int o = 0; o < 2; o++)
                        for (int dg = 0; dg < 2; dg++, c++) {
                            tri_args a = {(storage_t)st, solve, (gblas_fill_mode_t)u, OPS[o],
                                          (gblas_diag_type_t)dg, 257, ks[c % 4], c % 2,
                                          INCS[c % 5]};
                            tri_case(&t, PRECS[pi], &a, NULL);
                        }
                static const int64_t big[] = {1000, 2100};
                for (int b = 0; b < 2; b++, c++) {
                    if (b == 1 && pi != solve) continue;
                    tri_args a = {(storage_t)st, solve, (gblas_fill_mode_t)(c % 2),
                                  OPS[(c / 2) % 3], (gblas_diag_type_t)((c / 3) % 2), big[b],
                                  ks[c % 4], c % 3, INCS[c % 5]};
                    tri_case(&t, PRECS[pi], &a, NULL);
                }
            }
    harness_close(&t);
}

/* The same call repeated gives the same bits; on the CPU also with 1 and 2 threads; and in
 * device pointer mode (no scalar argument: nothing may change). */
BACKEND_TEST(tri, reproducible) {
    hctx t;
    harness_open(&t, hc);
    const int64_t n = 700;
    double *first = hbuf(n), *again = hbuf(n);
    for (int st = 0; st < 3; st++)
        for (int solve = 0; solve < 2; solve++)
            for (int pi = 0; pi < 2; pi++) {
                tri_args a = {(storage_t)st, solve, (gblas_fill_mode_t)(pi ^ solve), OPS[st % 2],
                              GBLAS_DIAG_NON_UNIT, n, 40, 1, 1};
                tri_case(&t, PRECS[pi], &a, first);
                for (int run = 0; run < 2; run++) {
                    if (run == 1) {
                        if (t.is_cuda)
                            set_mode(&t, GBLAS_POINTER_MODE_DEVICE);
                        else
                            EXPECT_OK(t.h, gblas_set_num_threads(t.h, t.threads == 2 ? 1 : 2));
                    }
                    tri_case(&t, PRECS[pi], &a, again);
                    for (int64_t e = 0; e < n; e++)
                        cr_assert(same_bits(first[e], again[e]),
                                  "[%s] %s%s%s run %d: x[%lld] %.17g vs %.17g", t.name,
                                  prec_name(PRECS[pi]), ST_NAME[st], solve ? "sv" : "mv", run,
                                  (long long)e, first[e], again[e]);
                    if (run == 1) {
                        if (t.is_cuda)
                            set_mode(&t, GBLAS_POINTER_MODE_HOST);
                        else
                            EXPECT_OK(t.h, gblas_set_num_threads(t.h, t.threads ? t.threads : 1));
                    }
                }
            }
    free(first);
    free(again);
    harness_close(&t);
}

/* ---- zeros, Inf and NaN as the reference BLAS treats them ------------------------------------
 * N forms skip a column whose x_j is 0 (its value when the column is used: the original x_j
 * for a product, the updated one before the division for a solve), so an Inf or NaN in that
 * column never reaches x, and a zero y_j is not divided by a zero diagonal; T forms take every
 * held term (0 * Inf = NaN). Terms outside the band are never taken, so an Inf in x stays in
 * its own row where the band allows. Whether each element is finite, NaN or which infinity
 * does not depend on the order of the sums, so the oracle follows the rule, not the order. */

static void set_op(const tri_args *a, double *A, int64_t o, int64_t q, double v) {
    int64_t i = a->op == GBLAS_OP_N ? o : q, j = a->op == GBLAS_OP_N ? q : o;
    if (stored(a, i, j) && !(i == j && a->diag == GBLAS_DIAG_UNIT)) A[slot(a, i, j)] = v;
}

/* x (element order) after the call by the rule above, in long double; for a product, scale[o]
 * receives the sum of |terms| of element o (the tolerance of a finite result). */
static void nonfinite_oracle(const tri_args *a, const double *A, const double *b, long double *x,
                             long double *scale) {
    const int64_t n = a->n;
    const int below = (a->uplo == GBLAS_FILL_MODE_LOWER) == (a->op == GBLAS_OP_N);
    const int nform = a->op == GBLAS_OP_N;
    for (int64_t o = 0; o < n; o++) x[o] = b[o];
    for (int64_t c = 0; c < n; c++) {
        /* solves in solve order; products read only original x, in any order */
        const int64_t o = a->solve ? (below ? c : n - 1 - c) : c;
        int64_t lo, hi;
        op_range(a, o, &lo, &hi);
        const long double d = op_elem(a, A, o, o);
        long double s = a->solve ? (long double)b[o] : 0, sc = 0;
        for (int64_t q = lo; q <= hi; q++) {
            const long double xq = a->solve ? x[q] : (long double)b[q];
            if (q == o || (nform && xq == 0)) continue;
            const long double t = (long double)op_elem(a, A, o, q) * xq;
            s += a->solve ? -t : t;
            sc += fabsl(t);
        }
        if (a->solve)
            x[o] = nform && s == 0 ? s : s / d;
        else
            x[o] = s + (nform && b[o] == 0 ? 0 : d * (long double)b[o]);
        scale[o] = sc + fabsl(d * (long double)b[o]);
    }
}

/* Zeros in x at J (op(A)'s row off-diagonals there zero too, so a solve's y_j is exactly 0),
 * a zero diagonal there, an Inf in each such op(A) column below the row, and in the second
 * variant an Inf in b at an element outside J. */
static void nonfinite_case(hctx *t, prec_t p, const tri_args *a, int inf_in_b) {
    static const int64_t J[] = {0, 70, 200};
    char d[240];
    describe(d, sizeof d, t, p, a);
    const int64_t n = a->n, la = storage_len(a), lx = vec_len(n, a->incx);
    rng_t r = rng_for("trinf", p * 64 + a->st * 16 + a->solve * 8 + a->uplo * 4 + a->op,
                      a->diag, a->k, inf_in_b);
    double *A = make_a(a, p, &r), *x = hbuf(lx), *gx = hbuf(lx), *b = hbuf(n);
    rng_fill(&r, p, b, n);
    for (size_t z = 0; z < sizeof J / sizeof J[0]; z++) {
        const int64_t j = J[z];
        b[j] = 0;
        for (int64_t q = 0; q < n; q++) set_op(a, A, j, q, 0);
        /* the farthest held element of the column each side (another block, for n = 300) */
        for (int64_t i = n - 1; i > j; i--)
            if (i != 70 && i != 200 && op_elem(a, A, i, j) != 0) {
                set_op(a, A, i, j, INFINITY);
                break;
            }
        for (int64_t i = 0; i < j; i++)
            if (i != 0 && i != 70 && op_elem(a, A, i, j) != 0) {
                set_op(a, A, i, j, -INFINITY);
                break;
            }
    }
    if (inf_in_b) b[130] = INFINITY;
    for (int64_t e = 0; e < n; e++) x[vec_index(n, a->incx, e)] = b[e];
    fill_gaps(x, lx, n, a->incx);
    dbuf dA = dbuf_upload(t, p, A, la), dx = dbuf_upload(t, p, x, lx);
    gblas_status_t st = call(t, p, a, &dA, &dx);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s", d, gblas_status_name(st));
    dbuf_download(t, &dx, gx);
    check_gaps(d, gx, x, n, a->incx);
    long double *want = calloc((size_t)n, sizeof *want), *scale = calloc((size_t)n, sizeof *scale);
    cr_assert(want && scale);
    nonfinite_oracle(a, A, b, want, scale);
    if (a->solve) {
        /* a solve's finite elements: within the condition estimate of tri_case, on A with its
         * infinities (never in a finite element's terms) as 0 and its zero diagonals (rows
         * whose x is exactly 0, or NaN) as 1 */
        double *Ac = hbuf(la);
        for (int64_t s = 0; s < la; s++) Ac[s] = isinf(A[s]) ? 0 : A[s];
        for (size_t z = 0; z < sizeof J / sizeof J[0]; z++) set_op(a, Ac, J[z], J[z], 1);
        long double *absv = calloc((size_t)n, sizeof *absv);
        cr_assert(absv);
        for (int64_t o = 0; o < n; o++) {
            int64_t lo, hi;
            op_range(a, o, &lo, &hi);
            for (int64_t q = lo; q <= hi; q++)
                absv[o] += fabsl(op_elem(a, Ac, o, q) * (isfinite(want[q]) ? want[q] : 0));
        }
        solve_ld(a, Ac, absv, scale, 1);
        free(absv);
        free(Ac);
    }
    for (int64_t o = 0; o < n; o++) {
        const double got = gx[vec_index(n, a->incx, o)];
        cr_assert(matches_ref(p, got, want[o], scale[o], n), "%s inf_in_b=%d: x[%lld] = %.17g, want %.17Lg", d,
                  inf_in_b, (long long)o, got, want[o]);
    }
    free(want);
    free(scale);
    free(A);
    free(x);
    free(gx);
    free(b);
    dbuf_free(t, &dA);
    dbuf_free(t, &dx);
}

/* Every storage, routine, uplo, op and diag at n = 300 (five CUDA solve blocks; the CPU's
 * blocked full storage), bands of 0, 1 and 5 off-diagonals. */
BACKEND_TEST(tri, zeros_and_nonfinite) {
    hctx t;
    harness_open(&t, hc);
    int64_t c = 0;
    for (int st = 0; st < 3; st++)
        for (int solve = 0; solve < 2; solve++)
            for (int u = 0; u < 2; u++)
                for (int o = 0; o < 2; o++)
                    for (int dg = 0; dg < 2; dg++)
                        for (int inf_in_b = 0; inf_in_b < 2; inf_in_b++, c++) {
                            static const int64_t ks[] = {0, 1, 5};
                            tri_args a = {(storage_t)st, solve, (gblas_fill_mode_t)u, OPS[o],
                                          (gblas_diag_type_t)dg, 300, ks[c % 3], c % 2,
                                          INCS[c % 5]};
                            nonfinite_case(&t, PRECS[c / 2 % 2], &a, inf_in_b);
                        }
    harness_close(&t);
}
