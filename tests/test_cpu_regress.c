/* test_cpu_regress.c: regressions of reported CPU-backend bugs, run on every backend case:
 * GEMV/GEMM with alpha == 0 (or k == 0) and sizes near INT64_MAX whose operands are never read
 * (a crash, and signed overflow / NULL plus an offset under UBSan), NRM2 of 2^25 floats whose
 * squares sum past float's range, long sums in GEMV N, GEMV T and GEMM that one float
 * accumulator per lane gets visibly wrong, and IAMAX / IAMIN's NaN and tie rules across the
 * CPU backend's chunks, and GEMM with k == 1 and lda = INT64_MAX (the kernel's pointer stepped
 * past the operand). The big cases stay under 1 GB of memory. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* ---- alpha == 0: only y (C) is scaled, nothing else is read or addressed ------------------ */
BACKEND_TEST(cpu_regress, gemv_gemm_alpha_zero_huge_sizes) {
    hctx t;
    harness_open(&t, hc);
    for (int pi = 0; pi < 2; pi++) {
        const prec_t p = pi ? PREC_D : PREC_S;
        double yh[40], got[40], one_elem[1] = {1};
        for (int i = 0; i < 40; i++) yh[i] = prec_round(p, 0.25 * (i - 17));
        dbuf a = dbuf_upload(&t, p, one_elem, 1), x = dbuf_upload(&t, p, one_elem, 1);
        const float zs = 0, twos = 2;
        const double zd = 0, twod = 2;
        const void *zero = pi ? (const void *)&zd : (const void *)&zs;
        const void *two = pi ? (const void *)&twod : (const void *)&twos;
        /* N: 40 x INT64_MAX; T: INT64_MAX x 40 (lda = INT64_MAX); both with A and x of one
         * element; then NULL A and x with a negative incx, never to be offset. */
        for (int c = 0; c < 4; c++) {
            dbuf y = dbuf_upload(&t, p, yh, 40);
            const gblas_operation_t op = c % 2 ? GBLAS_OP_T : GBLAS_OP_N;
            const int64_t m = c == 1 ? INT64_MAX : 40, n = c == 0 ? INT64_MAX : c == 1 ? 40 : 3;
            const int64_t lda = c == 1 ? INT64_MAX : 40, incx = c < 2 ? 1 : -1;
            const void *A = c < 2 ? a.p : NULL, *xp = c < 2 ? x.p : NULL;
            const int64_t ylen = op == GBLAS_OP_N ? m : n;
            gblas_status_t st =
                pi ? gblas_dgemv(t.h, op, m, n, zero, A, lda, xp, incx, two, y.p, 1)
                   : gblas_sgemv(t.h, op, m, n, zero, A, lda, xp, incx, two, y.p, 1);
            EXPECT_OK(t.h, st);
            dbuf_download(&t, &y, got);
            for (int64_t i = 0; i < ylen; i++)
                cr_expect(got[i] == 2 * yh[i], "[%s] %sgemv case %d: y[%lld] = %.17g, want %.17g",
                          t.name, prec_name(p), c, (long long)i, got[i], 2 * yh[i]);
            dbuf_free(&t, &y);
        }
        /* GEMM: alpha == 0 with k = INT64_MAX and ldb = INT64_MAX (B's column offsets overflow
         * int64), and k == 0 with NULL A and B: C = 2 C, 4 x 3. */
        for (int c = 0; c < 2; c++) {
            dbuf cm = dbuf_upload(&t, p, yh, 12);
            const int64_t k = c == 0 ? INT64_MAX : 0;
            const void *A = c == 0 ? a.p : NULL, *B = c == 0 ? x.p : NULL;
            const void *alpha = c == 0 ? zero : two;
            const int64_t ldb = c == 0 ? INT64_MAX : 1;
            gblas_status_t st =
                pi ? gblas_dgemm(t.h, GBLAS_OP_N, GBLAS_OP_N, 4, 3, k, alpha, A, 4, B, ldb, two,
                                 cm.p, 4)
                   : gblas_sgemm(t.h, GBLAS_OP_N, GBLAS_OP_N, 4, 3, k, alpha, A, 4, B, ldb, two,
                                 cm.p, 4);
            EXPECT_OK(t.h, st);
            dbuf_download(&t, &cm, got);
            for (int i = 0; i < 12; i++)
                cr_expect(got[i] == 2 * yh[i], "[%s] %sgemm case %d: C[%d] = %.17g, want %.17g",
                          t.name, prec_name(p), c, i, got[i], 2 * yh[i]);
            dbuf_free(&t, &cm);
        }
        dbuf_free(&t, &a);
        dbuf_free(&t, &x);
    }
    harness_close(&t);
}

/* ---- k == 1 with lda = INT64_MAX: the one column of A is read, and the micro-kernel's pointer
 * no longer steps a whole lda past it. That step was undefined behaviour that clang's UBSan (the
 * fuzz build) flags and GCC's does not; the fuzzer's inputs replay from
 * fuzz/corpus/regress-gemm-k1-huge-lda-*. Here: the result, on every backend case. ---------- */
BACKEND_TEST(cpu_regress, gemm_k1_huge_lda) {
    hctx t;
    harness_open(&t, hc);
    for (int pi = 0; pi < 2; pi++) {
        const prec_t p = pi ? PREC_D : PREC_S;
        double ah[5], bh[5], got[25];
        for (int i = 0; i < 5; i++) ah[i] = i - 2, bh[i] = 0.5 * (i + 1);
        dbuf a = dbuf_upload(&t, p, ah, 5), b = dbuf_upload(&t, p, bh, 5);
        double ch[25];
        for (int i = 0; i < 25; i++) ch[i] = poison_nan();
        dbuf c = dbuf_upload(&t, p, ch, 25);
        const float alpha_s = 4, beta_s = 0;
        const double alpha_d = 4, beta_d = 0;
        const gblas_status_t st =
            pi ? gblas_dgemm(t.h, GBLAS_OP_N, GBLAS_OP_T, 5, 5, 1, &alpha_d, a.p, INT64_MAX, b.p,
                             5, &beta_d, c.p, 5)
               : gblas_sgemm(t.h, GBLAS_OP_N, GBLAS_OP_T, 5, 5, 1, &alpha_s, a.p, INT64_MAX, b.p,
                             5, &beta_s, c.p, 5);
        EXPECT_OK(t.h, st);
        dbuf_download(&t, &c, got);
        for (int j = 0; j < 5; j++)
            for (int i = 0; i < 5; i++)
                cr_expect(got[i + 5 * j] == 4 * ah[i] * bh[j],
                          "[%s] %sgemm k = 1: C(%d, %d) = %.17g, want %.17g", t.name,
                          prec_name(p), i, j, got[i + 5 * j], 4 * ah[i] * bh[j]);
        dbuf_free(&t, &a);
        dbuf_free(&t, &b);
        dbuf_free(&t, &c);
    }
    harness_close(&t);
}

/* ---- big float vectors, filled in pieces (host memory stays small) ------------------------ */
#define PIECE ((int64_t)1 << 20)

/* n floats of backend memory: element 0 is first, the rest are rest. */
static float *big_floats(hctx *t, int64_t n, float first, float rest) {
    void *dev = NULL;
    EXPECT_OK(t->h, gblas_malloc(t->h, &dev, (size_t)n * sizeof(float)));
    cr_assert(dev != NULL);
    float *piece = malloc((size_t)PIECE * sizeof(float));
    cr_assert(piece != NULL);
    for (int64_t i = 0; i < PIECE; i++) piece[i] = rest;
    for (int64_t i0 = 0; i0 < n; i0 += PIECE) {
        const int64_t len = n - i0 < PIECE ? n - i0 : PIECE;
        piece[0] = i0 == 0 ? first : rest;
        EXPECT_OK(t->h, gblas_set_vector(t->h, len, sizeof(float), piece, 1,
                                         (float *)dev + i0, 1));
    }
    free(piece);
    return dev;
}

static float download_one(hctx *t, const float *dev) {
    float v = NAN;
    EXPECT_OK(t->h, gblas_get_vector(t->h, 1, sizeof(float), dev, 1, &v, 1));
    return v;
}

/* 2^25 floats of 0x1.fffffep51 (below Blue's big threshold, so squared unscaled): the norm is
 * 2^12.5 * 0x1.fffffep51 = 2.6e19, while the sum of squares (2^129) is past float's range:
 * partial sums added in float gave +Inf. */
BACKEND_TEST(cpu_regress, snrm2_sum_of_squares_past_float_range) {
    hctx t;
    harness_open(&t, hc);
    const int64_t n = (int64_t)1 << 25;
    const float v = 0x1.fffffep51f;
    float *x = big_floats(&t, n, v, v);
    float *r = NULL;
    EXPECT_OK(t.h, gblas_malloc(t.h, (void **)&r, sizeof(float)));
    EXPECT_OK(t.h, gblas_set_pointer_mode(t.h, GBLAS_POINTER_MODE_DEVICE));
    EXPECT_OK(t.h, gblas_snrm2(t.h, n, x, 1, r));
    EXPECT_OK(t.h, gblas_set_pointer_mode(t.h, GBLAS_POINTER_MODE_HOST));
    const float got = download_one(&t, r);
    const long double want = sqrtl((long double)n) * v;
    /* n equal terms: Blue's sums lose at most log2(n) roundings each way; 2^-16 is far inside
     * what is left after that and far from +Inf. */
    cr_expect(isfinite(got) && fabsl(got - want) <= want * 0x1p-16L,
              "[%s] snrm2 of 2^25 x 0x1.fffffep51: %.9g, want %.9Lg", t.name, (double)got, want);
    gblas_free(t.h, x);
    gblas_free(t.h, r);
    harness_close(&t);
}

/* A sum of k = 2^26 products, a[0] = 2^28 and every other a[i] and every b[i] 1: exactly
 * 2^28 + 2^26 - 1. Once 2^28 sits in an accumulator, the 1s added to it are lost (its spacing
 * is 32): one float accumulator per lane over all of k loses the 2^26 / lanes ones of that lane
 * (1.2% of the sum with 16 lanes, 20% with one), while sums in blocks of a few thousand terms,
 * added in order, lose at most one block's worth. The tolerance is the two-level bound
 * (B + k / B) eps for blocks B of up to 2^13 terms: (2^13 + 2^13) 2^-24 = 2^-10 of the sum.
 * This checks the blocking on a size that fits in memory; the reported case (k = 2^31 + 16,
 * all ones but a last 4096) needs 8 GB and fails the same way. */
BACKEND_TEST(cpu_regress, long_sums_in_blocks) {
    hctx t;
    harness_open(&t, hc);
    const int64_t k = (int64_t)1 << 26;
    float *a = big_floats(&t, k, 0x1p28f, 1.0f), *b = big_floats(&t, k, 1.0f, 1.0f);
    float *y = NULL;
    EXPECT_OK(t.h, gblas_malloc(t.h, (void **)&y, sizeof(float)));
    const float one = 1, zero = 0;
    const double want = 0x1p28 + 0x1p26 - 1;
    for (int c = 0; c < 4; c++) {
        static const char *const what[] = {"sgemv T (m = k, n = 1)", "sgemv N (m = 1, n = k)",
                                           "sgemm NN (1 x 1, depth k)", "sgemm TN (1 x 1, depth k)"};
        switch (c) {
        case 0: EXPECT_OK(t.h, gblas_sgemv(t.h, GBLAS_OP_T, k, 1, &one, a, k, b, 1, &zero, y, 1)); break;
        case 1: EXPECT_OK(t.h, gblas_sgemv(t.h, GBLAS_OP_N, 1, k, &one, a, 1, b, 1, &zero, y, 1)); break;
        case 2:
            EXPECT_OK(t.h, gblas_sgemm(t.h, GBLAS_OP_N, GBLAS_OP_N, 1, 1, k, &one, a, 1, b, k,
                                       &zero, y, 1));
            break;
        default:
            EXPECT_OK(t.h, gblas_sgemm(t.h, GBLAS_OP_T, GBLAS_OP_N, 1, 1, k, &one, a, k, b, k,
                                       &zero, y, 1));
            break;
        }
        const float got = download_one(&t, y);
        cr_expect(fabs(got - want) <= want * 0x1p-10, "[%s] %s: %.9g, want %.9g (error %.3g)",
                  t.name, what[c], (double)got, want, fabs(got - want) / want);
    }
    /* GEMV N with whole columns of 128 rows (the blocked path, not the registers of a short
     * y): A 128 x 2^19 from the same a, so that only row 0 sums 2^28 + 2^19 - 1 (the others
     * 2^19 exactly); one accumulator per row loses 2^19 - 1 of its ones (0.2%). */
    const int64_t rows = 128, cols = k / rows;
    float *y128 = NULL, got[128];
    EXPECT_OK(t.h, gblas_malloc(t.h, (void **)&y128, (size_t)rows * sizeof(float)));
    EXPECT_OK(t.h, gblas_sgemv(t.h, GBLAS_OP_N, rows, cols, &one, a, rows, b, 1, &zero, y128, 1));
    EXPECT_OK(t.h, gblas_get_vector(t.h, rows, sizeof(float), y128, 1, got, 1));
    for (int64_t i = 0; i < rows; i++) {
        const double want_i = i == 0 ? 0x1p28 + (double)cols - 1 : (double)cols;
        cr_expect(fabs(got[i] - want_i) <= want_i * 0x1p-10,
                  "[%s] sgemv N (m = 128, n = 2^19): y[%lld] = %.9g, want %.9g", t.name,
                  (long long)i, (double)got[i], want_i);
    }
    gblas_free(t.h, a);
    gblas_free(t.h, b);
    gblas_free(t.h, y);
    gblas_free(t.h, y128);
    harness_close(&t);
}

/* ---- IAMAX / IAMIN across chunks ------------------------------------------------------------
 * 70000 elements (several CPU chunks of 16384), each pattern with its answer by the reference
 * I_AMAX rule: a NaN in x[0] gives 1; other NaNs are passed over, also a chunk of them; the
 * first of equal extremes wins, also when they lie in different chunks. */
static void iamax_case(hctx *t, prec_t p, const char *what, const double *x, int64_t n,
                       int64_t want_max, int64_t want_min) {
    dbuf d = dbuf_upload(t, p, x, n);
    int64_t got_max = -7, got_min = -7;
    if (p == PREC_S) {
        EXPECT_OK(t->h, gblas_isamax(t->h, n, d.p, 1, &got_max));
        EXPECT_OK(t->h, gblas_isamin(t->h, n, d.p, 1, &got_min));
    } else {
        EXPECT_OK(t->h, gblas_idamax(t->h, n, d.p, 1, &got_max));
        EXPECT_OK(t->h, gblas_idamin(t->h, n, d.p, 1, &got_min));
    }
    cr_expect(got_max == want_max, "[%s] i%samax %s: %lld, want %lld", t->name, prec_name(p),
              what, (long long)got_max, (long long)want_max);
    cr_expect(got_min == want_min, "[%s] i%samin %s: %lld, want %lld", t->name, prec_name(p),
              what, (long long)got_min, (long long)want_min);
    dbuf_free(t, &d);
}

BACKEND_TEST(cpu_regress, iamax_iamin_nan_and_ties_across_chunks) {
    hctx t;
    harness_open(&t, hc);
    const int64_t n = 70000;
    double *x = hbuf(n);
    for (int pi = 0; pi < 2; pi++) {
        const prec_t p = pi ? PREC_D : PREC_S;
        /* 1 + (i % 7) / 8 everywhere: min 1 first at 0, max 1.75 first at 6 */
        for (int64_t i = 0; i < n; i++) x[i] = 1 + (double)(i % 7) / 8;
        x[0] = NAN;
        iamax_case(&t, p, "NaN first", x, n, 1, 1);
        x[0] = 1;
        for (int64_t i = 16384; i < 32768; i++) x[i] = NAN; /* a whole chunk of NaN */
        x[40000] = -3;                                       /* the max, twice */
        x[60000] = 3;
        x[50000] = 0.5; /* the min, twice */
        x[50001] = -0.5;
        iamax_case(&t, p, "NaN chunk, ties in later chunks", x, n, 40001, 50001);
        x[3] = -0.5; /* a tie with the min in the first chunk wins */
        x[69999] = INFINITY;
        iamax_case(&t, p, "Inf last, min tie in the first chunk", x, n, 70000, 4);
        for (int64_t i = 1; i < n; i++) x[i] = NAN; /* only x[0] is a number */
        iamax_case(&t, p, "all NaN after x[0]", x, n, 1, 1);
    }
    free(x);
    harness_close(&t);
}
