/* test_errors_blas.c: the argument checks of the BLAS routines that the generated table
 * (test_bad_args_gen.c: each bad argument alone, from a valid baseline of size 2, in both
 * pointer modes, nothing touched) does not cover:
 *  - extreme and other bad values: n = INT64_MIN, op values other than 99, ld below m, k or n
 *    for every op (the rule's label follows the op), ld = 0 with m = 0;
 *  - several bad arguments at once: the first in BLAS order wins (n before everything, incx
 *    before y, lda before B, ...);
 *  - operands the call does not need may be NULL: n == 0 (but a result or rotm's param is
 *    always needed), incx < 0 for asum/iamax/iamin/scal, alpha == 0 in host pointer mode; the
 *    same alpha == 0 in device pointer mode is not read on the host, so A, B, x are needed;
 *  - an increment of 0 is reported even where the vector itself is not needed.
 * Status and message are exact (messages.md); failing calls leave their outputs alone. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_blas.h"

#define INVALID GBLAS_STATUS_INVALID_VALUE
#define OPS_RULE "must be GBLAS_OP_N, GBLAS_OP_T or GBLAS_OP_C"
static const prec_t PRECS[] = {PREC_S, PREC_D};

/* Asserts that the backend buffer b still holds host (len doubles). */
static void expect_unchanged(hctx *t, const dbuf *b, const double *host, const char *what) {
    double *now = hbuf(b->len);
    dbuf_download(t, b, now);
    for (int64_t i = 0; i < b->len; i++)
        cr_assert(same_bits(now[i], prec_round(b->prec, host[i])),
                  "[%s] %s[%lld] changed by a failing call: %g -> %g", t->name, what, (long long)i,
                  host[i], now[i]);
    free(now);
}

API_TEST(errors_blas, level1) {
    hctx t;
    harness_open(&t, hc);
    gblas_handle_t h = t.h;
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = PRECS[pi];
        const char *P = prec_name(p);
        double init[64];
        rng_t r = rng_for("errors-level1", p, 0, 0, 0);
        rng_fill(&r, p, init, 64);
        dbuf x = dbuf_upload(&t, p, init, 64), y = dbuf_upload(&t, p, init, 64);
        hscalar res, al;
        void *rp = hscalar_set(&res, p, 42.0), *a = hscalar_set(&al, p, 1.5);
        int64_t idx = 42;

        EXPECT_ERR(h, hr_dot(h, p, INT64_MIN, x.p, 1, y.p, 1, rp), INVALID,
                   "gblas_%sdot: n = -9223372036854775808 must be >= 0", P);
        /* the first failure in BLAS order wins */
        EXPECT_ERR(h, hr_dot(h, p, -2, NULL, 0, NULL, 0, NULL), INVALID,
                   "gblas_%sdot: n = -2 must be >= 0", P);
        EXPECT_ERR(h, hr_dot(h, p, 5, x.p, 0, NULL, 1, NULL), INVALID,
                   "gblas_%sdot: incx = 0 must be nonzero", P);
        EXPECT_ERR(h, hr_dot(h, p, 5, x.p, -1, y.p, 0, rp), INVALID,
                   "gblas_%sdot: incy = 0 must be nonzero", P);
        EXPECT_ERR(h, hr_axpy(h, p, 5, NULL, NULL, 0, NULL, 0), INVALID,
                   "gblas_%saxpy: alpha is NULL", P);
        EXPECT_ERR(h, hr_rot(h, p, 5, NULL, 0, y.p, 1, NULL, NULL), INVALID,
                   "gblas_%srot: x is NULL", P);
        /* a result (and rotm's param) is needed even when there is nothing to compute */
        EXPECT_ERR(h, hr_dot(h, p, 0, NULL, 1, NULL, 1, NULL), INVALID,
                   "gblas_%sdot: result is NULL", P);
        EXPECT_ERR(h, hr_nrm2(h, p, 0, NULL, 1, NULL), INVALID, "gblas_%snrm2: result is NULL", P);
        EXPECT_ERR(h, hr_asum(h, p, 3, NULL, -1, NULL), INVALID, "gblas_%sasum: result is NULL", P);
        EXPECT_ERR(h, hr_iamax(h, p, 0, NULL, 1, NULL), INVALID,
                   "gblas_i%samax: result is NULL", P);
        EXPECT_ERR(h, hr_iamin(h, p, 4, NULL, -2, NULL), INVALID,
                   "gblas_i%samin: result is NULL", P);
        EXPECT_ERR(h, hr_rotm(h, p, 0, NULL, 1, NULL, 1, NULL), INVALID,
                   "gblas_%srotm: param is NULL", P);
        /* incx = 0 is an error even where x would not be read (incx < 0 would return early) */
        EXPECT_ERR(h, hr_asum(h, p, 5, NULL, 0, rp), INVALID,
                   "gblas_%sasum: incx = 0 must be nonzero", P);
        EXPECT_ERR(h, hr_iamax(h, p, 5, NULL, 0, &idx), INVALID,
                   "gblas_i%samax: incx = 0 must be nonzero", P);
        EXPECT_ERR(h, hr_scal(h, p, 5, NULL, NULL, 0), INVALID,
                   "gblas_%sscal: incx = 0 must be nonzero", P);
        cr_assert(hscalar_get(&res, p) == 42.0 && idx == 42, "[%s] a failing %s call wrote a result",
                  t.name, P);

        /* operands the call does not need may be NULL */
        EXPECT_OK(h, hr_axpy(h, p, 0, NULL, NULL, 1, NULL, 1));
        EXPECT_OK(h, hr_scal(h, p, 0, NULL, NULL, 1));
        EXPECT_OK(h, hr_scal(h, p, 5, NULL, NULL, -1));
        EXPECT_OK(h, hr_copy(h, p, 0, NULL, 1, NULL, 1));
        EXPECT_OK(h, hr_swap(h, p, 0, NULL, 1, NULL, 1));
        EXPECT_OK(h, hr_rot(h, p, 0, NULL, 1, NULL, 1, NULL, NULL));
        EXPECT_OK(h, hr_rotm(h, p, 0, NULL, 1, NULL, 1, a));
        EXPECT_OK(h, hr_asum(h, p, 5, NULL, -1, rp));
        EXPECT_OK(h, hr_iamax(h, p, 5, NULL, -3, &idx));
        EXPECT_OK(h, hr_iamin(h, p, 0, NULL, 1, &idx));
        hscalar zero;
        EXPECT_OK(h, hr_axpy(h, p, 5, hscalar_set(&zero, p, 0.0), NULL, 1, y.p, 1));
        cr_assert(hscalar_get(&res, p) == 0.0 && idx == 0, "[%s] %s early returns must give 0",
                  t.name, P);

        expect_unchanged(&t, &x, init, "x");
        expect_unchanged(&t, &y, init, "y");
        dbuf_free(&t, &x);
        dbuf_free(&t, &y);
    }
    harness_close(&t);
}

API_TEST(errors_blas, gemv) {
    hctx t;
    harness_open(&t, hc);
    gblas_handle_t h = t.h;
    const gblas_operation_t N = GBLAS_OP_N, T = GBLAS_OP_T, C = GBLAS_OP_C;
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = PRECS[pi];
        const char *P = prec_name(p);
        double init[64];
        rng_t r = rng_for("errors-gemv", p, 0, 0, 0);
        rng_fill(&r, p, init, 64);
        dbuf A = dbuf_upload(&t, p, init, 64), x = dbuf_upload(&t, p, init, 64);
        dbuf y = dbuf_upload(&t, p, init, 64);
        hscalar al, be, zero;
        void *a = hscalar_set(&al, p, 1.5), *b = hscalar_set(&be, p, 0.5);
        void *z = hscalar_set(&zero, p, 0.0);

        EXPECT_ERR(h, hr_gemv(h, p, (gblas_operation_t)3, 5, 4, a, A.p, 5, x.p, 1, b, y.p, 1),
                   INVALID, "gblas_%sgemv: trans = 3 " OPS_RULE, P);
        EXPECT_ERR(h, hr_gemv(h, p, (gblas_operation_t)-1, -5, 4, a, A.p, 5, x.p, 1, b, y.p, 1),
                   INVALID, "gblas_%sgemv: trans = -1 " OPS_RULE, P);
        EXPECT_ERR(h, hr_gemv(h, p, T, 5, -2, a, A.p, 5, x.p, 1, b, y.p, 1), INVALID,
                   "gblas_%sgemv: n = -2 must be >= 0", P);
        EXPECT_ERR(h, hr_gemv(h, p, N, 5, 4, a, A.p, 4, x.p, 1, b, y.p, 1), INVALID,
                   "gblas_%sgemv: lda = 4 must be >= max(1, m) = 5", P);
        EXPECT_ERR(h, hr_gemv(h, p, T, 5, 4, a, A.p, 4, x.p, 1, b, y.p, 1), INVALID,
                   "gblas_%sgemv: lda = 4 must be >= max(1, m) = 5", P);
        EXPECT_ERR(h, hr_gemv(h, p, C, 0, 4, a, A.p, 0, x.p, 1, b, y.p, 1), INVALID,
                   "gblas_%sgemv: lda = 0 must be >= max(1, m) = 1", P);
        EXPECT_ERR(h, hr_gemv(h, p, N, 5, 4, a, A.p, 4, NULL, 1, b, y.p, 1), INVALID,
                   "gblas_%sgemv: lda = 4 must be >= max(1, m) = 5", P);
        expect_unchanged(&t, &y, init, "y");

        /* NULL pointers with nothing to do, or alpha == 0 read from host memory */
        EXPECT_OK(h, hr_gemv(h, p, N, 0, 4, NULL, NULL, 1, NULL, 1, NULL, NULL, 1));
        EXPECT_OK(h, hr_gemv(h, p, T, 5, 0, NULL, NULL, 5, NULL, 1, NULL, NULL, 1));
        EXPECT_OK(h, hr_gemv(h, p, N, 5, 4, z, NULL, 5, NULL, 1, b, y.p, 1));
        double *now = hbuf(64);
        dbuf_download(&t, &y, now);
        for (int i = 0; i < 64; i++) {
            double want = i < 5 ? prec_round(p, 0.5 * init[i]) : init[i];
            cr_assert(now[i] == want, "[%s] %sgemv alpha = 0: y[%d] = %g, want %g", t.name, P, i,
                      now[i], want);
        }
        /* in device pointer mode alpha is not read on the host: A and x are needed */
        double zero_d = 0.0, half = 0.5;
        dbuf dz = dbuf_upload(&t, p, &zero_d, 1), dh = dbuf_upload(&t, p, &half, 1);
        EXPECT_OK(h, gblas_set_pointer_mode(h, GBLAS_POINTER_MODE_DEVICE));
        EXPECT_ERR(h, hr_gemv(h, p, N, 5, 4, dz.p, NULL, 5, x.p, 1, dh.p, y.p, 1), INVALID,
                   "gblas_%sgemv: A is NULL", P);
        EXPECT_ERR(h, hr_gemv(h, p, T, 5, 4, dz.p, A.p, 5, NULL, 1, dh.p, y.p, 1), INVALID,
                   "gblas_%sgemv: x is NULL", P);
        EXPECT_OK(h, gblas_set_pointer_mode(h, GBLAS_POINTER_MODE_HOST));
        dbuf_download(&t, &y, now); /* unchanged since the alpha = 0 call */
        for (int i = 0; i < 64; i++)
            cr_assert(now[i] == (i < 5 ? prec_round(p, 0.5 * init[i]) : init[i]),
                      "[%s] failing %sgemv changed y[%d]", t.name, P, i);
        free(now);
        dbuf_free(&t, &dz);
        dbuf_free(&t, &dh);
        dbuf_free(&t, &A);
        dbuf_free(&t, &x);
        dbuf_free(&t, &y);
    }
    harness_close(&t);
}

API_TEST(errors_blas, gemm) {
    hctx t;
    harness_open(&t, hc);
    gblas_handle_t h = t.h;
    const gblas_operation_t N = GBLAS_OP_N, T = GBLAS_OP_T, C = GBLAS_OP_C;
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = PRECS[pi];
        const char *P = prec_name(p);
        double init[256];
        rng_t r = rng_for("errors-gemm", p, 0, 0, 0);
        rng_fill(&r, p, init, 256);
        dbuf A = dbuf_upload(&t, p, init, 256), B = dbuf_upload(&t, p, init, 256);
        dbuf Cm = dbuf_upload(&t, p, init, 256);
        hscalar al, be, zero;
        void *a = hscalar_set(&al, p, 1.5), *b = hscalar_set(&be, p, 0.5);
        void *z = hscalar_set(&zero, p, 0.0);
        /* m = 4, n = 6, k = 3 */
#define GEMM(ta, tb, m, n, k, al_, Ap, lda, Bp, ldb, be_, Cp, ldc)                                 \
    hr_gemm(h, p, ta, tb, m, n, k, al_, Ap, lda, Bp, ldb, be_, Cp, ldc)
        EXPECT_ERR(h, GEMM((gblas_operation_t)5, N, -4, 6, 3, a, A.p, 4, B.p, 3, b, Cm.p, 4),
                   INVALID, "gblas_%sgemm: transa = 5 " OPS_RULE, P);
        EXPECT_ERR(h, GEMM(T, (gblas_operation_t)-1, 4, 6, 3, a, A.p, 3, B.p, 3, b, Cm.p, 4),
                   INVALID, "gblas_%sgemm: transb = -1 " OPS_RULE, P);
        EXPECT_ERR(h, GEMM(N, N, 4, -6, 3, a, A.p, 4, B.p, 3, b, Cm.p, 4), INVALID,
                   "gblas_%sgemm: n = -6 must be >= 0", P);
        EXPECT_ERR(h, GEMM(N, N, 4, 6, -3, a, A.p, 4, B.p, 3, b, Cm.p, 4), INVALID,
                   "gblas_%sgemm: k = -3 must be >= 0", P);
        EXPECT_ERR(h, GEMM(N, N, 4, 6, 3, a, A.p, 3, B.p, 3, b, Cm.p, 4), INVALID,
                   "gblas_%sgemm: lda = 3 must be >= max(1, m) = 4", P);
        EXPECT_ERR(h, GEMM(T, N, 4, 6, 3, a, A.p, 2, B.p, 3, b, Cm.p, 4), INVALID,
                   "gblas_%sgemm: lda = 2 must be >= max(1, k) = 3", P);
        EXPECT_ERR(h, GEMM(C, N, 4, 6, 3, a, A.p, 2, B.p, 3, b, Cm.p, 4), INVALID,
                   "gblas_%sgemm: lda = 2 must be >= max(1, k) = 3", P);
        EXPECT_ERR(h, GEMM(N, N, 0, 6, 3, a, A.p, 0, B.p, 3, b, Cm.p, 1), INVALID,
                   "gblas_%sgemm: lda = 0 must be >= max(1, m) = 1", P);
        EXPECT_ERR(h, GEMM(T, N, 4, 6, 0, a, A.p, 0, B.p, 1, b, Cm.p, 4), INVALID,
                   "gblas_%sgemm: lda = 0 must be >= max(1, k) = 1", P);
        EXPECT_ERR(h, GEMM(N, N, 4, 6, 3, a, A.p, 4, B.p, 2, b, Cm.p, 4), INVALID,
                   "gblas_%sgemm: ldb = 2 must be >= max(1, k) = 3", P);
        EXPECT_ERR(h, GEMM(N, T, 4, 6, 3, a, A.p, 4, B.p, 5, b, Cm.p, 4), INVALID,
                   "gblas_%sgemm: ldb = 5 must be >= max(1, n) = 6", P);
        EXPECT_ERR(h, GEMM(T, C, 4, 6, 3, a, A.p, 3, B.p, 3, b, Cm.p, 4), INVALID,
                   "gblas_%sgemm: ldb = 3 must be >= max(1, n) = 6", P);
        EXPECT_ERR(h, GEMM(N, N, 4, 6, 3, a, A.p, 4, B.p, 3, b, Cm.p, 3), INVALID,
                   "gblas_%sgemm: ldc = 3 must be >= max(1, m) = 4", P);
        EXPECT_ERR(h, GEMM(T, T, 4, 6, 3, a, A.p, 3, B.p, 6, b, Cm.p, 0), INVALID,
                   "gblas_%sgemm: ldc = 0 must be >= max(1, m) = 4", P);
        /* the first failure in signature order wins */
        EXPECT_ERR(h, GEMM(N, N, 4, 6, 3, a, A.p, 1, NULL, 1, NULL, NULL, 1), INVALID,
                   "gblas_%sgemm: lda = 1 must be >= max(1, m) = 4", P);
        EXPECT_ERR(h, GEMM(N, N, 4, 6, 3, a, A.p, 4, B.p, 3, b, NULL, 1), INVALID,
                   "gblas_%sgemm: C is NULL", P);
        expect_unchanged(&t, &Cm, init, "C");

        /* NULL pointers with nothing to do, k == 0, or alpha == 0 read from host memory */
        EXPECT_OK(h, GEMM(N, N, 0, 6, 3, NULL, NULL, 1, NULL, 3, NULL, NULL, 1));
        EXPECT_OK(h, GEMM(N, T, 4, 0, 3, NULL, NULL, 4, NULL, 1, NULL, NULL, 4));
        EXPECT_OK(h, GEMM(N, N, 4, 6, 0, a, NULL, 4, NULL, 1, b, Cm.p, 4));
        EXPECT_OK(h, GEMM(T, N, 4, 6, 3, z, NULL, 3, NULL, 3, b, Cm.p, 4));
        double *now = hbuf(256), want[256];
        for (int i = 0; i < 256; i++)
            want[i] = i < 24 ? prec_round(p, 0.25 * init[i]) : init[i]; /* beta applied twice */
        dbuf_download(&t, &Cm, now);
        for (int i = 0; i < 256; i++)
            cr_assert(now[i] == want[i], "[%s] %sgemm k = 0 / alpha = 0: C[%d] = %g, want %g",
                      t.name, P, i, now[i], want[i]);
        /* in device pointer mode alpha is not read on the host: A and B are needed */
        double zero_d = 0.0, half = 0.5;
        dbuf dz = dbuf_upload(&t, p, &zero_d, 1), dh = dbuf_upload(&t, p, &half, 1);
        EXPECT_OK(h, gblas_set_pointer_mode(h, GBLAS_POINTER_MODE_DEVICE));
        EXPECT_ERR(h, GEMM(N, N, 4, 6, 3, dz.p, NULL, 4, B.p, 3, dh.p, Cm.p, 4), INVALID,
                   "gblas_%sgemm: A is NULL", P);
        EXPECT_ERR(h, GEMM(N, N, 4, 6, 3, dz.p, A.p, 4, NULL, 3, dh.p, Cm.p, 4), INVALID,
                   "gblas_%sgemm: B is NULL", P);
        EXPECT_OK(h, gblas_set_pointer_mode(h, GBLAS_POINTER_MODE_HOST));
        dbuf_download(&t, &Cm, now);
        for (int i = 0; i < 256; i++)
            cr_assert(now[i] == want[i], "[%s] failing %sgemm changed C[%d]", t.name, P, i);
#undef GEMM
        free(now);
        dbuf_free(&t, &dz);
        dbuf_free(&t, &dh);
        dbuf_free(&t, &A);
        dbuf_free(&t, &B);
        dbuf_free(&t, &Cm);
    }
    harness_close(&t);
}
