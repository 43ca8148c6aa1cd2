/* test_level3_sym.c: SYMM, SYRK and SYR2K in s and d on every backend case against a long
 * double oracle: both sides, both uplo, trans N/T/C, sizes 0 to a few thousand (past the
 * recursive blocking's leaves on every backend), leading dimensions larger than the rows,
 * k == 0, alpha and beta from {0, 1, other}, host and device pointer modes. The unreferenced
 * triangle of A (SYMM) or of C (SYRK, SYR2K) and every ld gap hold NaN and must come back bit
 * for bit; beta == 0 with NaN in C, and alpha == 0 with NaN in A and B, must not leak. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_blas.h"

typedef enum { R_SYMM, R_SYRK, R_SYR2K } routine;
static const char *const NAMES[] = {"symm", "syrk", "syr2k"};
static const prec_t PRECS[] = {PREC_S, PREC_D};
static const gblas_fill_mode_t UPLOS[] = {GBLAS_FILL_MODE_UPPER, GBLAS_FILL_MODE_LOWER};
static const gblas_side_mode_t SIDES[] = {GBLAS_SIDE_LEFT, GBLAS_SIDE_RIGHT};
static const gblas_operation_t OPS[] = {GBLAS_OP_N, GBLAS_OP_T, GBLAS_OP_C};

typedef struct {
    routine r;
    gblas_side_mode_t side; /* SYMM */
    gblas_fill_mode_t uplo;
    gblas_operation_t trans; /* SYRK, SYR2K */
    int64_t m, n, k;         /* SYMM: C m x n; SYRK, SYR2K: C n x n, op(A) n x k */
    int64_t pad;             /* added to every leading dimension's minimum */
    double alpha, beta;
    gblas_pointer_mode_t mode;
} scase;

static int in_uplo(gblas_fill_mode_t uplo, int64_t i, int64_t j) {
    return uplo == GBLAS_FILL_MODE_UPPER ? i <= j : i >= j;
}

/* A random rows x cols matrix (leading dimension ld) whose slot (i, j) is NaN where keep says
 * no, in the ld gap, or everywhere when all_nan. */
static double *matrix(prec_t p, const char *tag, int64_t rows, int64_t cols, int64_t ld,
                      int64_t salt, int all_nan, const scase *c, int triangle) {
    const int64_t len = ld * cols;
    double *v = hbuf(len);
    rng_t r = rng_for(tag, p * 4 + c->r, rows, cols, salt);
    for (int64_t j = 0; j < cols; j++)
        for (int64_t i = 0; i < ld; i++) {
            const int keep = i < rows && (!triangle || in_uplo(c->uplo, i, j)) && !all_nan;
            v[i + j * ld] = keep ? rng_value(&r, p) : poison_nan();
        }
    return v;
}

static int64_t ld_for(int64_t rows, int64_t pad) { return (rows > 1 ? rows : 1) + pad; }

static void run_case(hctx *t, prec_t p, const scase *c) {
    char d[260];
    snprintf(d, sizeof d, "[%s] %s%s %s %s %s m=%lld n=%lld k=%lld ld=+%lld alpha=%g beta=%g mode=%s",
             t->name, prec_name(p), NAMES[c->r], c->side == GBLAS_SIDE_LEFT ? "L" : "R",
             c->uplo == GBLAS_FILL_MODE_UPPER ? "U" : "L", op_name(c->trans), (long long)c->m,
             (long long)c->n, (long long)c->k, (long long)c->pad, c->alpha, c->beta,
             mode_name(c->mode));
    const int symm = c->r == R_SYMM, tn = c->trans == GBLAS_OP_N;
    const int64_t m = symm ? c->m : c->n, n = c->n;
    const int64_t ka = symm ? (c->side == GBLAS_SIDE_LEFT ? m : n) : c->k; /* terms per sum */
    /* A: symmetric ka x ka (SYMM), or n x k (N) / k x n; B: m x n (SYMM) or A's shape */
    const int64_t a_rows = symm ? ka : tn ? n : c->k, a_cols = symm ? ka : tn ? c->k : n;
    const int64_t b_rows = symm ? m : a_rows, b_cols = symm ? n : a_cols;
    const int64_t lda = ld_for(a_rows, c->pad), ldb = ld_for(b_rows, (c->pad + 1) % 4),
                  ldc = ld_for(m, c->pad);
    const int has_b = c->r != R_SYRK, unread = c->alpha == 0;
    double *A = matrix(p, "l3s-A", a_rows, a_cols, lda, c->pad, unread, c, symm);
    double *B = has_b ? matrix(p, "l3s-B", b_rows, b_cols, ldb, c->pad, unread, c, 0) : hbuf(0);
    double *C = matrix(p, "l3s-C", m, n, ldc, c->pad + 7, c->beta == 0, c, !symm);
    const int64_t la = lda * a_cols, lb = has_b ? ldb * b_cols : 0, lc = ldc * n;
    double *got = hbuf(lc), *gotA = hbuf(la);

    dbuf dA = dbuf_upload(t, p, A, la), dB = dbuf_upload(t, p, B, lb), dC = dbuf_upload(t, p, C, lc);
    sslot al, be;
    set_mode(t, c->mode);
    void *ap = sslot_put(&al, t, c->mode, p, &c->alpha, 1);
    void *bp = sslot_put(&be, t, c->mode, p, &c->beta, 1);
    gblas_status_t st;
    if (symm)
        st = hr_symm(t->h, p, c->side, c->uplo, m, n, ap, dA.p, lda, dB.p, ldb, bp, dC.p, ldc);
    else if (c->r == R_SYRK)
        st = hr_syrk(t->h, p, c->uplo, c->trans, n, c->k, ap, dA.p, lda, bp, dC.p, ldc);
    else
        st = hr_syr2k(t->h, p, c->uplo, c->trans, n, c->k, ap, dA.p, lda, dB.p, ldb, bp, dC.p, ldc);
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    dbuf_download(t, &dC, got);
    dbuf_download(t, &dA, gotA);
    sslot_free(&al);
    sslot_free(&be);

    /* op(X)(i, l) of SYRK/SYR2K; the symmetric A(i, l) of SYMM from its stored triangle */
#define OPX(X, ldx, i, l) (tn ? (X)[(i) + (l) * (ldx)] : (X)[(l) + (i) * (ldx)])
#define SYM(i, l) (in_uplo(c->uplo, i, l) ? A[(i) + (l) * lda] : A[(l) + (i) * lda])
    const int untouched = m == 0 || n == 0 || (c->beta == 1 && (unread || ka == 0) &&
                                               c->mode == GBLAS_POINTER_MODE_HOST);
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < ldc; i++) {
            const int64_t s = i + j * ldc;
            if (untouched || i >= m || (!symm && !in_uplo(c->uplo, i, j))) {
                cr_assert(same_bits(got[s], prec_round(p, C[s])), "%s: C slot (%lld, %lld) changed: %g -> %g",
                          d, (long long)i, (long long)j, C[s], got[s]);
                continue;
            }
            long double sum = 0, scale = 0;
            for (int64_t l = 0; l < ka && !unread; l++) {
                long double t1, t2 = 0;
                if (symm && c->side == GBLAS_SIDE_LEFT)
                    t1 = (long double)SYM(i, l) * B[l + j * ldb];
                else if (symm)
                    t1 = (long double)B[i + l * ldb] * SYM(l, j);
                else
                    t1 = (long double)OPX(A, lda, i, l) * OPX(has_b ? B : A, has_b ? ldb : lda, j, l);
                if (c->r == R_SYR2K) t2 = (long double)OPX(B, ldb, i, l) * OPX(A, lda, j, l);
                sum += t1 + t2;
                scale += fabsl(t1) + fabsl(t2);
            }
            const long double cterm = c->beta == 0 ? 0 : (long double)c->beta * C[s];
            const long double want = (long double)c->alpha * sum + cterm;
            scale = fabsl((long double)c->alpha) * scale + fabsl(cterm);
            cr_assert(within_tol(p, got[s], want, scale, (c->r == R_SYR2K ? 2 : 1) * ka + 1),
                      "%s: C(%lld, %lld) = %.17g, want %.17Lg (scale %.3Lg)", d, (long long)i,
                      (long long)j, got[s], want, scale);
        }
#undef OPX
#undef SYM
    for (int64_t s = 0; s < la; s++)
        cr_assert(same_bits(gotA[s], prec_round(p, A[s])), "%s: A slot %lld changed", d, (long long)s);

    dbuf_free(t, &dA);
    dbuf_free(t, &dB);
    dbuf_free(t, &dC);
    free(A);
    free(B);
    free(C);
    free(got);
    free(gotA);
}

static double scalar_for(prec_t p, int64_t i) {
    static const double v[] = {1.3, 0.0, 1.0, -0.7, 2.5};
    return prec_round(p, v[i % 5]);
}

static const int64_t SIZES[] = {0, 1, 2, 3, 7, 33, 64, 65}; /* 64: one leaf; 65: two */
#define NSIZES (sizeof SIZES / sizeof SIZES[0])

/* SYMM: every side and uplo, every m, n pair of SIZES; padding, scalars and pointer mode
 * cycle (alpha == 0 and beta == 0 each in a fifth of the cases). */
BACKEND_TEST(level3_sym, symm_sizes) {
    hctx t;
    harness_open(&t, hc);
    int64_t q = 0;
    for (int pi = 0; pi < 2; pi++)
        for (int sd = 0; sd < 2; sd++)
            for (int u = 0; u < 2; u++)
                for (size_t a = 0; a < NSIZES; a++)
                    for (size_t b = 0; b < NSIZES; b++, q++) {
                        scase c = {R_SYMM, SIDES[sd], UPLOS[u], GBLAS_OP_N, SIZES[a], SIZES[b], 0,
                                   q % 3, scalar_for(PRECS[pi], q), scalar_for(PRECS[pi], q / 5 + 3),
                                   q % 4 == 3 ? GBLAS_POINTER_MODE_DEVICE : GBLAS_POINTER_MODE_HOST};
                        run_case(&t, PRECS[pi], &c);
                    }
    harness_close(&t);
}

/* SYRK and SYR2K: every uplo and trans, every n, k pair of SIZES (k == 0 included). */
BACKEND_TEST(level3_sym, rank_sizes) {
    hctx t;
    harness_open(&t, hc);
    int64_t q = 0;
    for (int pi = 0; pi < 2; pi++)
        for (routine r = R_SYRK; r <= R_SYR2K; r++)
            for (int u = 0; u < 2; u++)
                for (size_t a = 0; a < NSIZES; a++)
                    for (size_t b = 0; b < NSIZES; b++, q++) {
                        scase c = {r, GBLAS_SIDE_LEFT, UPLOS[u], OPS[q % 3], 0, SIZES[a], SIZES[b],
                                   (q / 3) % 3, scalar_for(PRECS[pi], q / 3), scalar_for(PRECS[pi], q + 1),
                                   q % 4 == 1 ? GBLAS_POINTER_MODE_DEVICE : GBLAS_POINTER_MODE_HOST};
                        run_case(&t, PRECS[pi], &c);
                    }
    harness_close(&t);
}

/* Larger: ~150 square (several levels of recursion on every backend) in every side, uplo and
 * trans, and 2000 (700) in the symmetric dimension with the other one tiny, in both modes. */
BACKEND_TEST(level3_sym, large) {
    hctx t;
    harness_open(&t, hc);
    static const gblas_pointer_mode_t MODES[] = {GBLAS_POINTER_MODE_HOST, GBLAS_POINTER_MODE_DEVICE};
    for (int pi = 0; pi < 2; pi++) {
        const prec_t p = PRECS[pi];
        const double al = prec_round(p, -0.9), be = prec_round(p, 1.1);
        for (int v = 0; v < 2; v++) { /* v: the variant's side / uplo / trans choice */
            const gblas_fill_mode_t uplo = UPLOS[(v + pi) % 2];
            scase sq = {R_SYMM, SIDES[v], uplo, GBLAS_OP_N, 150 + 11 * v, 161 - 11 * v, 0, 1 + v,
                        al, be, MODES[v]};
            run_case(&t, p, &sq);
            scase tall = {R_SYMM, SIDES[v], UPLOS[v], GBLAS_OP_N, v ? 1 : 2000, v ? 700 : 1, 0, 2,
                          1.0, 0.0, MODES[(v + pi) % 2]};
            run_case(&t, p, &tall);
            for (routine r = R_SYRK; r <= R_SYR2K; r++) {
                scase rsq = {r, GBLAS_SIDE_LEFT, uplo, OPS[v + pi], 0, 151, 140, 3 * v, al, be,
                             MODES[(v + r) % 2]};
                run_case(&t, p, &rsq);
                scase wide = {r, GBLAS_SIDE_LEFT, UPLOS[v], OPS[2 * v], 0, v ? 700 : 2000, 1, 1, 1.0, 0.0,
                              MODES[v]};
                run_case(&t, p, &wide);
            }
        }
    }
    harness_close(&t);
}

/* NaN in C with beta == 0 overwritten; NaN in A and B with alpha == 0 unread (C = beta C, or 0);
 * both pointer modes (in device mode the backend sees alpha == 0 and beta == 1 itself). */
BACKEND_TEST(level3_sym, nan_not_leaked) {
    hctx t;
    harness_open(&t, hc);
    static const double ab[][2] = {{1.5, 0.0}, {0.0, 0.0}, {0.0, -2.0}, {0.0, 1.0}};
    for (int pi = 0; pi < 2; pi++)
        for (int s = 0; s < 4; s++)
            for (int md = 0; md < 2; md++)
                for (int u = 0; u < 2; u++) {
                    const prec_t p = PRECS[pi];
                    const gblas_pointer_mode_t mode = md ? GBLAS_POINTER_MODE_DEVICE : GBLAS_POINTER_MODE_HOST;
                    const double al = prec_round(p, ab[s][0]), be = prec_round(p, ab[s][1]);
                    for (int sd = 0; sd < 2; sd++) {
                        scase c = {R_SYMM, SIDES[sd], UPLOS[u], GBLAS_OP_N, 128, 67, 0, 1, al, be, mode};
                        run_case(&t, p, &c);
                    }
                    for (routine r = R_SYRK; r <= R_SYR2K; r++)
                        for (int o = 0; o < 2; o++) {
                            scase c = {r, GBLAS_SIDE_LEFT, UPLOS[u], OPS[o], 0, 131, 5, 2, al, be, mode};
                            run_case(&t, p, &c);
                        }
                }
    harness_close(&t);
}
