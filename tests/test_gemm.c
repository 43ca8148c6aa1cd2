/* test_gemm.c: GEMM in s and d on every backend case: the four transpose pairs (OP_C standing
 * in for OP_T now and then) over m, n, k from {0,1,2,3,7,33,100,257}, a seeded random sweep of
 * a few hundred shapes, ld > rows on A, B and C, alpha and beta from {0, 1, other}, NaN in C
 * with beta = 0, NaN in A and B with alpha = 0, k = 0, quick returns leaving C untouched. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_blas.h"

static const int64_t SIZES[] = {0, 1, 2, 3, 7, 33, 100, 257};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])
static const prec_t PRECS[] = {PREC_S, PREC_D};

static double special_scalar(prec_t p, int64_t i) {
    static const double v[] = {1.0, -0.7, 0.0};
    return prec_round(p, v[i % 3]);
}

/* The i-th transpose pair; every third T is passed as C (the same for real types). */
static void op_pair(int64_t i, gblas_operation_t *ta, gblas_operation_t *tb) {
    gblas_operation_t t = i % 3 == 0 ? GBLAS_OP_C : GBLAS_OP_T;
    *ta = i % 4 & 1 ? t : GBLAS_OP_N;
    *tb = i % 4 & 2 ? t : GBLAS_OP_N;
}

typedef struct {
    gblas_operation_t ta, tb;
    int64_t m, n, k;
    int64_t pad_a, pad_b, pad_c; /* ld = rows + pad */
    double alpha, beta;
} gemm_args;

/* One call of C = alpha op(A) op(B) + beta C checked element by element. A and B padding rows
 * hold NaN (reading them would leak into C); C padding rows hold markers that must survive. */
static void gemm_case(hctx *t, prec_t p, const gemm_args *g) {
    char d[220];
    snprintf(d, sizeof d,
             "[%s] %sgemm %s%s m=%lld n=%lld k=%lld ld=+%lld,+%lld,+%lld "
             "alpha=%g beta=%g",
             t->name, prec_name(p), op_name(g->ta), op_name(g->tb), (long long)g->m,
             (long long)g->n, (long long)g->k, (long long)g->pad_a, (long long)g->pad_b,
             (long long)g->pad_c, g->alpha, g->beta);
    int64_t m = g->m, n = g->n, k = g->k;
    int an = g->ta == GBLAS_OP_N, bn = g->tb == GBLAS_OP_N;
    int64_t ra = an ? m : k, ca = an ? k : m, rb = bn ? k : n, cb = bn ? n : k;
    int64_t lda = (ra > 1 ? ra : 1) + g->pad_a, ldb = (rb > 1 ? rb : 1) + g->pad_b;
    int64_t ldc = (m > 1 ? m : 1) + g->pad_c;
    int64_t la = lda * ca, lb = ldb * cb, lc = ldc * n;
    double *A = hbuf(la), *B = hbuf(lb), *C = hbuf(lc), *got = hbuf(lc);
    rng_t r = rng_for("gemm", p * 16 + g->ta * 4 + g->tb, m, n,
                      k * 1024 + g->pad_a * 64 + g->pad_b * 8 + g->pad_c);
    rng_fill(&r, p, A, la);
    rng_fill(&r, p, B, lb);
    rng_fill(&r, p, C, lc);
    for (int64_t i = 0; i < la; i++)
        if (i % lda >= ra || g->alpha == 0) A[i] = poison_nan();
    for (int64_t i = 0; i < lb; i++)
        if (i % ldb >= rb || g->alpha == 0) B[i] = poison_nan();
    for (int64_t i = 0; i < lc; i++) {
        if (g->beta == 0) C[i] = poison_nan();
        if (i % ldc >= m) C[i] = gap_value(i);
    }
    dbuf dA = dbuf_upload(t, p, A, la), dB = dbuf_upload(t, p, B, lb),
         dC = dbuf_upload(t, p, C, lc);
    gblas_status_t st =
        hb_gemm(t, p, g->ta, g->tb, m, n, k, g->alpha, &dA, lda, &dB, ldb, g->beta, &dC, ldc);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    dbuf_download(t, &dC, got);
    int untouched = m == 0 || n == 0 || ((g->alpha == 0 || k == 0) && g->beta == 1);
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < ldc; i++) {
            int64_t s = i + j * ldc;
            if (untouched || i >= m) {
                cr_assert(same_bits(got[s], prec_round(p, C[s])),
                          "%s: C slot (%lld,%lld) "
                          "changed: %g -> %g",
                          d, (long long)i, (long long)j, C[s], got[s]);
                continue;
            }
            long double sum = 0, scale = 0, cterm = 0;
            if (g->alpha != 0)
                for (int64_t l = 0; l < k; l++) {
                    double a = an ? A[i + l * lda] : A[l + i * lda];
                    double b = bn ? B[l + j * ldb] : B[j + l * ldb];
                    long double pr = (long double)a * b;
                    sum += pr;
                    scale += fabsl(pr);
                }
            if (g->beta != 0) cterm = (long double)g->beta * C[s];
            long double want = (long double)g->alpha * sum + cterm;
            scale = fabsl((long double)g->alpha) * scale + fabsl(cterm);
            cr_assert(within_tol(p, got[s], want, scale, k),
                      "%s: C(%lld,%lld) = %.17g, want "
                      "%.17Lg (scale %.3Lg)",
                      d, (long long)i, (long long)j, got[s], want, scale);
        }
    dbuf_free(t, &dA);
    dbuf_free(t, &dB);
    dbuf_free(t, &dC);
    free(A);
    free(B);
    free(C);
    free(got);
}

/* Every (m, n, k) triple of SIZES. Small triples run all four transpose pairs; large ones one
 * pair each, cycling, so the CPU reference backend stays quick. */
BACKEND_TEST(gemm, sizes) {
    hctx t;
    harness_open(&t, hc);
    int64_t c = 0;
    for (int pi = 0; pi < 2; pi++)
        for (size_t a = 0; a < NSIZES; a++)
            for (size_t b = 0; b < NSIZES; b++)
                for (size_t e = 0; e < NSIZES; e++) {
                    int64_t m = SIZES[a], n = SIZES[b], k = SIZES[e];
                    int all_pairs = m * n * k <= 33 * 33 * 33;
                    for (int q = 0; q < (all_pairs ? 4 : 1); q++, c++) {
                        gemm_args g = {.m = m,
                                       .n = n,
                                       .k = k,
                                       .pad_a = c % 3,
                                       .pad_b = (c / 3) % 3 * 2,
                                       .pad_c = (c / 2) % 3,
                                       .alpha = special_scalar(PRECS[pi], c),
                                       .beta = special_scalar(PRECS[pi], c / 3 + c / 9)};
                        op_pair(all_pairs ? q : c, &g.ta, &g.tb);
                        gemm_case(&t, PRECS[pi], &g);
                    }
                }
    harness_close(&t);
}

BACKEND_TEST(gemm, random_shapes) {
    hctx t;
    harness_open(&t, hc);
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = PRECS[pi];
        rng_t r = rng_for("gemm-random", p, 0, 0, 0);
        for (int c = 0; c < 200; c++) {
            gemm_args g = {.m = rng_range(&r, 0, 90),
                           .n = rng_range(&r, 0, 90),
                           .k = rng_range(&r, 0, 90),
                           .pad_a = rng_range(&r, 0, 9),
                           .pad_b = rng_range(&r, 0, 9),
                           .pad_c = rng_range(&r, 0, 9)};
            g.alpha = c % 5 == 0 ? special_scalar(p, c / 5) : 2 * rng_value(&r, p);
            g.beta = c % 5 == 1 ? special_scalar(p, c / 5) : 2 * rng_value(&r, p);
            op_pair(rng_range(&r, 0, 11), &g.ta, &g.tb);
            gemm_case(&t, p, &g);
        }
    }
    harness_close(&t);
}

/* NaN in C with beta = 0, NaN in A and B with alpha = 0, k = 0 (C = beta C), quick returns. */
BACKEND_TEST(gemm, special_scalars) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t shapes[][3] = {{1, 1, 1},   {5, 3, 4}, {17, 33, 9}, {64, 64, 64},
                                        {70, 45, 0}, {0, 9, 9}, {9, 0, 9},   {0, 0, 0}};
    static const double ab[][2] = {{1.3, 0.0}, {1.0, 0.0},  {0.0, 0.0}, {0.0, -1.5},
                                   {0.0, 1.0}, {-0.5, 1.0}, {1.0, 1.0}, {2.0, -1.0}};
    for (int pi = 0; pi < 2; pi++)
        for (int s = 0; s < 8; s++)
            for (int q = 0; q < 4; q++)
                for (int v = 0; v < 8; v++) {
                    prec_t p = PRECS[pi];
                    gemm_args g = {.m = shapes[s][0],
                                   .n = shapes[s][1],
                                   .k = shapes[s][2],
                                   .pad_a = v % 2,
                                   .pad_b = q % 2 * 3,
                                   .pad_c = (v + q) % 3,
                                   .alpha = prec_round(p, ab[v][0]),
                                   .beta = prec_round(p, ab[v][1])};
                    op_pair(q + 4 * (v % 3), &g.ta, &g.tb);
                    gemm_case(&t, p, &g);
                }
    harness_close(&t);
}
