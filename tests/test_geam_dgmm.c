/* test_geam_dgmm.c: GEAM and DGMM (cuBLAS's BLAS-like extensions) in s and d on every backend
 * case, both pointer modes: GEAM over every transpose pair and m, n in {0, 1, 2, 7, 33, 100},
 * alpha and beta in {1, -0.7, 0} with NaN in the operand a zero scalar says is not read, ld
 * padding whose slots in C must come back untouched, and in place (C is A, or C is B, where the
 * operand is untransposed with C's leading dimension); DGMM on both sides with increments 1,
 * -1, 2 and -3, out of place and in place. Each element against its one-or-two-term exact
 * value (long double). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_blas.h"

static const int64_t SIZES[] = {0, 1, 2, 7, 33, 100};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])
static const gblas_pointer_mode_t MODES[] = {GBLAS_POINTER_MODE_HOST, GBLAS_POINTER_MODE_DEVICE};

/* in_place: 0 out of place, 1 C is A, 2 C is B. */
static void geam_case(hctx *t, prec_t p, gblas_pointer_mode_t mode, gblas_operation_t ta,
                      gblas_operation_t tb, int64_t m, int64_t n, double alpha, double beta,
                      int in_place) {
    char d[200];
    snprintf(d, sizeof d, "[%s] %sgeam %s%s m=%lld n=%lld alpha=%g beta=%g %s in_place=%d",
             t->name, prec_name(p), op_name(ta), op_name(tb), (long long)m, (long long)n, alpha,
             beta, mode_name(mode), in_place);
    const int an = ta == GBLAS_OP_N, bn = tb == GBLAS_OP_N;
    const int64_t ldc = (m > 1 ? m : 1) + 2;
    const int64_t lda = in_place == 1 ? ldc : (an ? m : n) + 1 + (m + n) % 2;
    const int64_t ldb = in_place == 2 ? ldc : (bn ? m : n) + 3;
    const int64_t la = lda * (an ? n : m) + 1, lb = ldb * (bn ? n : m) + 1, lc = ldc * n + 1;
    double *A = hbuf(la), *B = hbuf(lb), *C = hbuf(lc), *got = hbuf(lc);
    rng_t r = rng_for("geam", p * 16 + ta * 4 + tb, m, n, in_place * 8 + (alpha == 0) * 2 + (beta == 0));
    rng_fill(&r, p, A, la);
    rng_fill(&r, p, B, lb);
    for (int64_t s = 0; s < la; s++)
        if (s % lda >= (an ? m : n) || s >= lda * (an ? n : m) || alpha == 0) A[s] = poison_nan();
    for (int64_t s = 0; s < lb; s++)
        if (s % ldb >= (bn ? m : n) || s >= ldb * (bn ? n : m) || beta == 0) B[s] = poison_nan();
    for (int64_t s = 0; s < lc; s++) C[s] = s % ldc >= m || s >= ldc * n ? gap_value(s) : poison_nan();
    if (in_place == 1) /* C is A: A's values with C's gap markers */
        for (int64_t s = 0; s < lc; s++) C[s] = s % ldc >= m || s >= ldc * n ? gap_value(s) : A[s];
    if (in_place == 2)
        for (int64_t s = 0; s < lc; s++) C[s] = s % ldc >= m || s >= ldc * n ? gap_value(s) : B[s];
    dbuf dA = dbuf_upload(t, p, in_place == 1 ? C : A, in_place == 1 ? lc : la);
    dbuf dB = dbuf_upload(t, p, in_place == 2 ? C : B, in_place == 2 ? lc : lb);
    dbuf dC = in_place == 1 ? dA : in_place == 2 ? dB : dbuf_upload(t, p, C, lc);
    sslot sa, sb;
    set_mode(t, mode);
    gblas_status_t st = hr_geam(t->h, p, ta, tb, m, n, sslot_put(&sa, t, mode, p, &alpha, 1),
                                dA.p, lda, sslot_put(&sb, t, mode, p, &beta, 1), dB.p, ldb, dC.p,
                                ldc);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    dbuf_download(t, &dC, got);
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    const double ar = prec_round(p, alpha), br = prec_round(p, beta);
    for (int64_t s = 0; s < lc; s++) {
        const int64_t i = s % ldc, j = s / ldc;
        if (i >= m || j >= n) {
            cr_assert(same_bits(got[s], prec_round(p, C[s])), "%s: C slot %lld changed", d,
                      (long long)s);
            continue;
        }
        const double a = an ? A[i + j * lda] : A[j + i * lda];
        const double b = bn ? B[i + j * ldb] : B[j + i * ldb];
        const long double ta_ = ar == 0 ? 0 : (long double)ar * (in_place == 1 ? C[s] : a);
        const long double tb_ = br == 0 ? 0 : (long double)br * (in_place == 2 ? C[s] : b);
        cr_assert(within_tol(p, got[s], ta_ + tb_, fabsl(ta_) + fabsl(tb_), 1),
                  "%s: C(%lld,%lld) = %.17g, want %.17Lg", d, (long long)i, (long long)j, got[s],
                  ta_ + tb_);
    }
    sslot_free(&sa);
    sslot_free(&sb);
    dbuf_free(t, &dA);
    dbuf_free(t, &dB);
    if (in_place == 0) dbuf_free(t, &dC); /* else C is A or B */
    free(A);
    free(B);
    free(C);
    free(got);
}

BACKEND_TEST(geam, transposes_scalars_in_place) {
    hctx t;
    harness_open(&t, hc);
    static const double scal[] = {1, -0.7, 0};
    int64_t c = 0;
    for (int pi = 0; pi < 2; pi++)
        for (size_t a = 0; a < NSIZES; a++)
            for (size_t b = 0; b < NSIZES; b++, c++) {
                const prec_t p = pi ? PREC_D : PREC_S;
                const int q = (int)(c % 4);
                const gblas_operation_t ta = q & 1 ? GBLAS_OP_T : GBLAS_OP_N,
                                        tb = q & 2 ? (c % 3 ? GBLAS_OP_T : GBLAS_OP_C) : GBLAS_OP_N;
                const gblas_pointer_mode_t mode = MODES[c / 4 % 2];
                geam_case(&t, p, mode, ta, tb, SIZES[a], SIZES[b], scal[c % 3], scal[c / 3 % 3], 0);
                geam_case(&t, p, mode, GBLAS_OP_N, tb, SIZES[a], SIZES[b], scal[c % 2], 0.5, 1);
                geam_case(&t, p, mode, ta, GBLAS_OP_N, SIZES[a], SIZES[b], 0.5, scal[c % 2], 2);
            }
    harness_close(&t);
}

static void dgmm_case(hctx *t, prec_t p, gblas_side_mode_t side, int64_t m, int64_t n,
                      int64_t incx, int in_place) {
    char d[160];
    snprintf(d, sizeof d, "[%s] %sdgmm %s m=%lld n=%lld incx=%lld in_place=%d", t->name,
             prec_name(p), side == GBLAS_SIDE_LEFT ? "left" : "right", (long long)m,
             (long long)n, (long long)incx, in_place);
    const int64_t ldc = (m > 1 ? m : 1) + 1, lda = in_place ? ldc : (m > 1 ? m : 1) + 2;
    const int64_t len = side == GBLAS_SIDE_LEFT ? m : n;
    const int64_t la = lda * n + 1, lc = ldc * n + 1;
    double *A = hbuf(la), *C = hbuf(lc), *got = hbuf(lc);
    rng_t r = rng_for("dgmm", p * 2 + side, m, n, incx * 2 + in_place);
    rng_fill(&r, p, A, la);
    for (int64_t s = 0; s < la; s++)
        if (s % lda >= m || s >= lda * n) A[s] = poison_nan();
    for (int64_t s = 0; s < lc; s++)
        C[s] = s % ldc >= m || s >= ldc * n ? gap_value(s) : in_place ? A[s] : poison_nan();
    double *x = strided(p, "dgmm_x", len, incx, m * 7 + n);
    dbuf dA = dbuf_upload(t, p, in_place ? C : A, in_place ? lc : la);
    dbuf dx = dbuf_upload(t, p, x, vec_len(len, incx));
    dbuf dC = in_place ? dA : dbuf_upload(t, p, C, lc);
    gblas_status_t st = hr_dgmm(t->h, p, side, m, n, dA.p, lda, dx.p, incx, dC.p, ldc);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    dbuf_download(t, &dC, got);
    for (int64_t s = 0; s < lc; s++) {
        const int64_t i = s % ldc, j = s / ldc;
        if (i >= m || j >= n) {
            cr_assert(same_bits(got[s], prec_round(p, C[s])), "%s: C slot %lld changed", d,
                      (long long)s);
            continue;
        }
        const double a = in_place ? C[s] : A[i + j * lda];
        const long double want =
            (long double)a * vec_elem(x, len, incx, side == GBLAS_SIDE_LEFT ? i : j);
        cr_assert(within_tol(p, got[s], want, fabsl(want), 1), "%s: C(%lld,%lld) = %.17g, want %.17Lg",
                  d, (long long)i, (long long)j, got[s], want);
    }
    dbuf_free(t, &dA);
    dbuf_free(t, &dx);
    if (!in_place) dbuf_free(t, &dC);
    free(A);
    free(C);
    free(got);
    free(x);
}

BACKEND_TEST(dgmm, sides_increments_in_place) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t incs[] = {1, -1, 2, -3};
    int64_t c = 0;
    for (int pi = 0; pi < 2; pi++)
        for (size_t a = 0; a < NSIZES; a++)
            for (size_t b = 0; b < NSIZES; b++, c++)
                for (int side = 0; side < 2; side++)
                    dgmm_case(&t, pi ? PREC_D : PREC_S,
                              side ? GBLAS_SIDE_RIGHT : GBLAS_SIDE_LEFT, SIZES[a], SIZES[b],
                              incs[c % 4], (int)(c / 4 % 2));
    harness_close(&t);
}
