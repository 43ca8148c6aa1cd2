/* test_complex_gemm.c: GEMM in c and z (cgemm, zgemm) on every backend case: all nine pairs of
 * N, T and C with nonzero imaginary parts in A, B, C, alpha and beta (so a conjugate transpose
 * taken as a plain transpose, or the reverse, fails), m, n, k from {0, 1, 2, 7, 33}, 100 and
 * one ~300, ld > rows with NaN in the gaps of A and B (never read) and markers in C's (must
 * survive), beta == 0 over NaN in C, alpha == 0 over NaN in A and B, k == 0, quick returns,
 * scalars in host and backend memory. Long double references, the scaled bound part by part. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_complex.h"

static const prec_t RPRECS[] = {PREC_S, PREC_D};
static const gblas_operation_t OPS[] = {GBLAS_OP_N, GBLAS_OP_T, GBLAS_OP_C};
static const gblas_pointer_mode_t MODES[] = {GBLAS_POINTER_MODE_HOST, GBLAS_POINTER_MODE_DEVICE};

typedef struct {
    gblas_operation_t ta, tb;
    int64_t m, n, k;
    int64_t pad_a, pad_b, pad_c; /* ld = max(1, rows) + pad */
    double alpha[2], beta[2];    /* (re, im), rounded to the precision by the case */
    gblas_pointer_mode_t mode;
} cgemm_args;

static lcx lmul(lcx a, lcx b) { /* a b */
    return (lcx){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
static long double lmag(lcx a) { return fabsl(a.re) + fabsl(a.im); }

/* Element (r, c) of the column-major complex matrix M (2 doubles per slot), conjugated when op
 * is OP_C: op(M)(i, l) is elem(M, ld, i, l) for N and elem(M, ld, l, i) for T and C. */
static lcx elem(const double *M, int64_t ld, int64_t r, int64_t c, gblas_operation_t op) {
    const double *e = M + 2 * (r + c * ld);
    return (lcx){e[0], op == GBLAS_OP_C ? -(long double)e[1] : e[1]};
}
static lcx op_elem(const double *M, int64_t ld, int64_t i, int64_t l, gblas_operation_t op) {
    return op == GBLAS_OP_N ? elem(M, ld, i, l, op) : elem(M, ld, l, i, op);
}

/* A rows x cols complex matrix with leading dimension ld: random parts in the matrix (NaN in
 * both parts when poisoned), `gap` in both parts of every slot of rows [rows, ld): NaN for A
 * and B, position markers for C. */
static double *cmat(prec_t rp, const char *tag, int64_t rows, int64_t cols, int64_t ld,
                    int64_t salt, int poisoned, int gap_nan) {
    double *M = hbuf(2 * ld * cols);
    rng_t r = rng_for(tag, rp, rows, cols, salt);
    for (int64_t c = 0; c < cols; c++)
        for (int64_t i = 0; i < ld; i++)
            for (int part = 0; part < 2; part++) {
                double *v = M + 2 * (i + c * ld) + part;
                if (i >= rows)
                    *v = gap_nan ? poison_nan() : gap_value(2 * (i + c * ld) + part);
                else
                    *v = poisoned ? poison_nan() : rng_value(&r, rp);
            }
    return M;
}

static void cgemm_case(hctx *t, prec_t rp, const cgemm_args *g) {
    const int64_t m = g->m, n = g->n, k = g->k;
    const int an = g->ta == GBLAS_OP_N, bn = g->tb == GBLAS_OP_N;
    const int64_t ra = an ? m : k, ca = an ? k : m, rb = bn ? k : n, cb = bn ? n : k;
    const int64_t lda = (ra > 1 ? ra : 1) + g->pad_a, ldb = (rb > 1 ? rb : 1) + g->pad_b;
    const int64_t ldc = (m > 1 ? m : 1) + g->pad_c;
    double sv[4] = {g->alpha[0], g->alpha[1], g->beta[0], g->beta[1]};
    for (int q = 0; q < 4; q++) sv[q] = prec_round(rp, sv[q]);
    const lcx alpha = {sv[0], sv[1]}, beta = {sv[2], sv[3]};
    const int alpha_zero = sv[0] == 0 && sv[1] == 0, beta_zero = sv[2] == 0 && sv[3] == 0;
    char d[260];
    snprintf(d, sizeof d,
             "[%s] %sgemm %s%s m=%lld n=%lld k=%lld ld=+%lld,+%lld,+%lld alpha=(%g,%g) "
             "beta=(%g,%g), in %s memory",
             t->name, prec_name(cx_prec(rp)), op_name(g->ta), op_name(g->tb), (long long)m,
             (long long)n, (long long)k, (long long)g->pad_a, (long long)g->pad_b,
             (long long)g->pad_c, sv[0], sv[1], sv[2], sv[3], mode_name(g->mode));
    const int64_t salt = g->ta * 3 + g->tb + 16 * (g->pad_a + 4 * g->pad_b + 16 * g->pad_c);
    double *A = cmat(rp, "cgemm-A", ra, ca, lda, salt * 1031 + k, alpha_zero, 1);
    double *B = cmat(rp, "cgemm-B", rb, cb, ldb, salt * 1033 + m, alpha_zero, 1);
    double *C = cmat(rp, "cgemm-C", m, n, ldc, salt * 1039 + k, beta_zero, 0);
    const int64_t lc = 2 * ldc * n;
    double *got = hbuf(lc);
    dbuf dA = dbuf_upload(t, rp, A, 2 * lda * ca), dB = dbuf_upload(t, rp, B, 2 * ldb * cb),
         dC = dbuf_upload(t, rp, C, lc);
    sslot sc;
    sslot_put(&sc, t, g->mode, rp, sv, 4);
    set_mode(t, g->mode);
    const gblas_status_t st = hr_gemm(t->h, cx_prec(rp), g->ta, g->tb, m, n, k, sc.p, dA.p, lda,
                                      dB.p, ldb, sslot_at(&sc, 2), dC.p, ldc);
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    dbuf_download(t, &dC, got);
    const int untouched =
        m == 0 || n == 0 ||
        ((alpha_zero || k == 0) && sv[2] == 1 && sv[3] == 0 && g->mode == GBLAS_POINTER_MODE_HOST);
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < ldc; i++) {
            const int64_t s = 2 * (i + j * ldc);
            if (untouched || i >= m) {
                for (int part = 0; part < 2; part++)
                    cr_assert(same_bits(got[s + part], C[s + part]),
                              "%s: C slot (%lld,%lld) %s part changed: %g -> %g", d,
                              (long long)i, (long long)j, part ? "imaginary" : "real",
                              C[s + part], got[s + part]);
                continue;
            }
            lcx sum = {0, 0};
            long double scale = 0;
            if (!alpha_zero)
                for (int64_t l = 0; l < k; l++) {
                    const lcx a = op_elem(A, lda, i, l, g->ta), b = op_elem(B, ldb, l, j, g->tb);
                    const lcx p = lmul(a, b);
                    sum.re += p.re;
                    sum.im += p.im;
                    scale += lmag(a) * lmag(b);
                }
            lcx want = lmul(alpha, sum);
            scale *= lmag(alpha);
            if (!beta_zero) {
                const lcx c = elem(C, ldc, i, j, GBLAS_OP_N), bc = lmul(beta, c);
                want.re += bc.re;
                want.im += bc.im;
                scale += lmag(beta) * lmag(c);
            }
            /* each part: 2 k products plus alpha's and beta's, in the bound's term count */
            cx_expect(d, "C", i + j * ldc, rp, got[s], got[s + 1], want, scale, 2 * k + 4);
        }
    sslot_free(&sc);
    dbuf_free(t, &dA);
    dbuf_free(t, &dB);
    dbuf_free(t, &dC);
    free(A);
    free(B);
    free(C);
    free(got);
}

/* Scalars with nonzero imaginary parts, signs mixed. */
static const double ALPHAS[][2] = {{0.6, 0.8}, {-1.5, 0.5}, {0.25, -1.25}};
static const double BETAS[][2] = {{-0.5, 0.75}, {1.25, -0.375}, {0, 1}};

/* Every op pair over m, n, k from SIZES, ld padding and pointer mode cycling. */
BACKEND_TEST(cgemm, op_pairs) {
    static const int64_t SIZES[] = {0, 1, 2, 7, 33};
    hctx t;
    harness_open(&t, hc);
    int64_t c = 0;
    for (int pi = 0; pi < 2; pi++)
        for (int qa = 0; qa < 3; qa++)
            for (int qb = 0; qb < 3; qb++)
                for (int a = 0; a < 5; a++)
                    for (int b = 0; b < 5; b++)
                        for (int e = 0; e < 5; e++, c++) {
                            cgemm_args g = {.ta = OPS[qa], .tb = OPS[qb], .m = SIZES[a],
                                            .n = SIZES[b], .k = SIZES[e], .pad_a = c % 3,
                                            .pad_b = (c / 3) % 3, .pad_c = (c / 2) % 3,
                                            .mode = MODES[c % 2]};
                            for (int q = 0; q < 2; q++) {
                                g.alpha[q] = ALPHAS[c % 3][q];
                                g.beta[q] = BETAS[(c / 3) % 3][q];
                            }
                            cgemm_case(&t, RPRECS[pi], &g);
                        }
    harness_close(&t);
}

/* alpha in {0, 1, complex} x beta in {0, 1, i, complex}: beta == 0 over NaN in C, alpha == 0
 * over NaN in A and B, k == 0 (C = beta C), the quick returns (C untouched), both modes. */
BACKEND_TEST(cgemm, special_scalars) {
    static const int64_t shapes[][3] = {{1, 1, 1}, {5, 3, 4}, {17, 9, 6}, {9, 4, 0}, {0, 4, 4},
                                        {4, 0, 4}};
    static const double alphas[][2] = {{0, 0}, {1, 0}, {0.6, -0.8}};
    static const double betas[][2] = {{0, 0}, {1, 0}, {0, 1}, {-0.5, 0.25}};
    hctx t;
    harness_open(&t, hc);
    int64_t c = 0;
    for (int pi = 0; pi < 2; pi++)
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            for (int q = 0; q < 9; q++)
                for (int va = 0; va < 3; va++)
                    for (int vb = 0; vb < 4; vb++, c++) {
                        cgemm_args g = {.ta = OPS[q / 3], .tb = OPS[q % 3], .m = shapes[s][0],
                                        .n = shapes[s][1], .k = shapes[s][2], .pad_a = c % 2,
                                        .pad_b = (c / 2) % 3, .pad_c = (c / 3) % 2,
                                        .mode = MODES[(c / 5) % 2]};
                        for (int p = 0; p < 2; p++) {
                            g.alpha[p] = alphas[va][p];
                            g.beta[p] = betas[vb][p];
                        }
                        cgemm_case(&t, RPRECS[pi], &g);
                    }
    harness_close(&t);
}

/* Sizes near 100 in every op pair, both precisions, and one near 300 (past the reference's
 * threading threshold and its row block), odd shapes, padded lds. */
BACKEND_TEST(cgemm, large) {
    hctx t;
    harness_open(&t, hc);
    int64_t c = 0;
    for (int pi = 0; pi < 2; pi++)
        for (int q = 0; q < 9; q++, c++) {
            cgemm_args g = {.ta = OPS[q / 3], .tb = OPS[q % 3], .m = 101 - q, .n = 97 + q,
                            .k = 99 + 2 * q, .pad_a = 1 + q % 3, .pad_b = 2, .pad_c = q % 2,
                            .mode = MODES[c % 2]};
            for (int p = 0; p < 2; p++) {
                g.alpha[p] = ALPHAS[c % 3][p];
                g.beta[p] = BETAS[(c + 1) % 3][p];
            }
            cgemm_case(&t, RPRECS[pi], &g);
        }
    cgemm_args g = {.ta = GBLAS_OP_C, .tb = GBLAS_OP_T, .m = 301, .n = 283, .k = 297, .pad_a = 3,
                    .pad_b = 1, .pad_c = 2, .alpha = {0.6, -0.8}, .beta = {-0.5, 0.75},
                    .mode = GBLAS_POINTER_MODE_DEVICE};
    cgemm_case(&t, PREC_S, &g);
    harness_close(&t);
}
