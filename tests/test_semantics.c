/* test_semantics.c: reference-BLAS behaviours gblas.h promises beyond arithmetic: early returns
 * (n == 0; incx < 0 for ASUM, I_AMAX, I_AMIN, SCAL; m or n == 0) in both pointer modes; GEMM
 * k == 0 is beta C whatever alpha holds (NaN, -Inf); GEMV alpha == 0 never touches A or x, even
 * with n = INT64_MAX - 1; operands past the top of the address space are rejected on the CPU
 * backend, and operands a call does not read are not checked. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_blas.h"

#define INVALID GBLAS_STATUS_INVALID_VALUE
static const prec_t PRECS[] = {PREC_S, PREC_D};
static const gblas_pointer_mode_t MODES[] = {GBLAS_POINTER_MODE_HOST, GBLAS_POINTER_MODE_DEVICE};

/* Asserts that the backend buffer b still holds host (len doubles, of the precision). */
static void expect_unchanged(hctx *t, const dbuf *b, const double *host, const char *what) {
    double *now = hbuf(b->len);
    dbuf_download(t, b, now);
    for (int64_t i = 0; i < b->len; i++)
        cr_assert(same_bits(now[i], prec_round(b->prec, host[i])), "[%s] %s[%lld]: %g -> %g",
                  t->name, what, (long long)i, host[i], now[i]);
    free(now);
}

/* Equal values; any NaN for a NaN (a GPU does not keep NaN payloads through arithmetic). */
static int same_value(double got, double want) { return isnan(want) ? isnan(got) : got == want; }

/* dot (routine 0, y = x), nrm2 (1) or asum (2) with the result poisoned in the mode's memory. */
static double value_result(hctx *t, prec_t p, gblas_pointer_mode_t mode, int routine, int64_t n,
                           const void *x, int64_t incx) {
    sslot rs;
    const double poison = poison_nan();
    void *r = sslot_put(&rs, t, mode, p, &poison, 1);
    gblas_status_t st = routine == 0   ? hr_dot(t->h, p, n, x, incx, x, incx, r)
                        : routine == 1 ? hr_nrm2(t->h, p, n, x, incx, r)
                                       : hr_asum(t->h, p, n, x, incx, r);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] %s: %s", t->name, prec_name(p),
              gblas_last_error(t->h));
    double v;
    sslot_get(&rs, &v);
    sslot_free(&rs);
    return v;
}

static int64_t index_result(hctx *t, gblas_pointer_mode_t mode, prec_t p, int larger, int64_t n,
                            const void *x, int64_t incx) {
    sslot rs;
    void *r = sslot_put_index(&rs, t, mode, -7);
    gblas_status_t st = larger ? hr_iamax(t->h, p, n, x, incx, r) : hr_iamin(t->h, p, n, x, incx, r);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] %s: %s", t->name, prec_name(p),
              gblas_last_error(t->h));
    int64_t v = sslot_get_index(&rs);
    sslot_free(&rs);
    return v;
}

API_TEST(semantics, early_returns) {
    hctx t;
    harness_open(&t, hc);
    static const char *const RESULT_NAMES[3] = {"dot", "nrm2", "asum"};
    for (int pi = 0; pi < 2; pi++)
        for (int m = 0; m < 2; m++) {
            const prec_t p = PRECS[pi];
            const gblas_pointer_mode_t mode = MODES[m];
            const char *P = prec_name(p);
            double init[64];
            rng_t r = rng_for("early-returns", p, m, 0, 0);
            rng_fill(&r, p, init, 64);
            init[5] = poison_nan();
            dbuf x = dbuf_upload(&t, p, init, 64), y = dbuf_upload(&t, p, init, 64);
            dbuf A = dbuf_upload(&t, p, init, 64);
            const double sc[7] = {1.5, -0.5, -1, 0.5, 2, -3, 0.25}; /* alpha, beta / c, s / param */
            sslot ss;
            sslot_put(&ss, &t, mode, p, sc, 7);
            set_mode(&t, mode);

            /* results: +0 in the mode's memory; x may be NULL */
            for (int k = 0; k < 3; k++) {
                double v = value_result(&t, p, mode, k, 0, NULL, 1);
                cr_assert(same_bits(v, 0.0), "[%s] %s%s n = 0 in %s memory: %g, want +0", t.name,
                          P, RESULT_NAMES[k], mode_name(mode), v);
            }
            for (int64_t inc = -1; inc >= -3; inc -= 2) {
                double v = value_result(&t, p, mode, 2, 5, x.p, inc);
                cr_assert(same_bits(v, 0.0), "[%s] %sasum incx = %lld: %g, want +0", t.name, P,
                          (long long)inc, v);
                cr_assert(same_bits(value_result(&t, p, mode, 2, 5, NULL, inc), 0.0));
            }
            for (int larger = 0; larger < 2; larger++) {
                const char *name = larger ? "amax" : "amin";
                cr_assert(index_result(&t, mode, p, larger, 0, NULL, 1) == 0,
                          "[%s] i%s%s n = 0 must give 0", t.name, P, name);
                cr_assert(index_result(&t, mode, p, larger, 7, x.p, -1) == 0,
                          "[%s] i%s%s incx = -1 must give 0", t.name, P, name);
                cr_assert(index_result(&t, mode, p, larger, 7, NULL, -2) == 0,
                          "[%s] i%s%s incx = -2 (x NULL) must give 0", t.name, P, name);
            }

            /* updates: nothing written */
            void *alpha = sslot_at(&ss, 0), *beta = sslot_at(&ss, 1), *param = sslot_at(&ss, 2);
            EXPECT_OK(t.h, hr_axpy(t.h, p, 0, alpha, x.p, 1, y.p, 1));
            EXPECT_OK(t.h, hr_scal(t.h, p, 0, alpha, y.p, 1));
            EXPECT_OK(t.h, hr_scal(t.h, p, 7, alpha, y.p, -1));
            EXPECT_OK(t.h, hr_scal(t.h, p, 64, alpha, y.p, -1));
            EXPECT_OK(t.h, hr_copy(t.h, p, 0, x.p, 1, y.p, 1));
            EXPECT_OK(t.h, hr_swap(t.h, p, 0, x.p, 1, y.p, 1));
            EXPECT_OK(t.h, hr_rot(t.h, p, 0, x.p, 1, y.p, 1, alpha, beta));
            EXPECT_OK(t.h, hr_rotm(t.h, p, 0, x.p, 1, y.p, 1, param)); /* flag -1 */
            EXPECT_OK(t.h, hr_gemv(t.h, p, GBLAS_OP_N, 0, 4, alpha, A.p, 1, x.p, 1, beta, y.p, 1));
            EXPECT_OK(t.h, hr_gemv(t.h, p, GBLAS_OP_T, 4, 0, alpha, A.p, 4, x.p, 1, beta, y.p, 1));
            EXPECT_OK(t.h, hr_gemm(t.h, p, GBLAS_OP_N, GBLAS_OP_N, 0, 4, 4, alpha, A.p, 1, A.p, 4,
                                   beta, y.p, 1));
            EXPECT_OK(t.h, hr_gemm(t.h, p, GBLAS_OP_T, GBLAS_OP_C, 4, 0, 4, alpha, A.p, 4, A.p, 1,
                                   beta, y.p, 4));
            set_mode(&t, GBLAS_POINTER_MODE_HOST);
            expect_unchanged(&t, &x, init, "x");
            expect_unchanged(&t, &y, init, "y");
            double back[7];
            sslot_get(&ss, back);
            for (int k = 0; k < 7; k++)
                cr_assert(back[k] == prec_round(p, sc[k]), "[%s] scalar %d changed", t.name, k);
            sslot_free(&ss);
            dbuf_free(&t, &x);
            dbuf_free(&t, &y);
            dbuf_free(&t, &A);
        }
    harness_close(&t);
}

/* C = beta C for k == 0 whatever alpha is; rows of C past m (ldc > m) untouched. A and B are
 * NULL or one NaN element (never read). */
static void gemm_k0_case(hctx *t, prec_t p, gblas_pointer_mode_t mode, gblas_operation_t ta,
                         gblas_operation_t tb, int64_t m, int64_t n, double alpha, double beta,
                         int null_ab) {
    char d[200];
    snprintf(d, sizeof d, "[%s] %sgemm %s%s m=%lld n=%lld k=0 alpha=%g beta=%g A, B %s, %s mode",
             t->name, prec_name(p), op_name(ta), op_name(tb), (long long)m, (long long)n, alpha,
             beta, null_ab ? "NULL" : "NaN", mode_name(mode));
    const int64_t ldc = m + 3, lenc = ldc * n;
    double *C = hbuf(lenc), *got = hbuf(lenc), nan1 = NAN;
    rng_t r = rng_for("gemm-k0", p, m, n, ta * 3 + tb);
    rng_fill(&r, p, C, lenc);
    for (int64_t j = 0; j < n; j++) {
        for (int64_t i = m; i < ldc; i++) C[i + j * ldc] = gap_value(i + j * ldc);
        C[(j * 7) % m + j * ldc] = poison_nan(); /* must not leak through beta == 0 */
    }
    dbuf dC = dbuf_upload(t, p, C, lenc), dAB = dbuf_upload(t, p, &nan1, 1);
    const double ab[2] = {alpha, beta};
    sslot ss;
    sslot_put(&ss, t, mode, p, ab, 2);
    set_mode(t, mode);
    const int64_t lda = ta == GBLAS_OP_N ? m : 1, ldb = tb == GBLAS_OP_N ? 1 : n;
    void *AB = null_ab ? NULL : dAB.p;
    gblas_status_t st = hr_gemm(t->h, p, ta, tb, m, n, 0, sslot_at(&ss, 0), AB, lda, AB, ldb,
                                sslot_at(&ss, 1), dC.p, ldc);
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s", d, gblas_last_error(t->h));
    dbuf_download(t, &dC, got);
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < ldc; i++) {
            const double g = got[i + j * ldc], c = C[i + j * ldc];
            if (i >= m)
                cr_assert(same_bits(g, c), "%s: C(%lld, %lld) past m changed", d, (long long)i,
                          (long long)j);
            else if (beta == 0)
                cr_assert(g == 0, "%s: C(%lld, %lld) = %g, want 0", d, (long long)i, (long long)j,
                          g);
            else
                cr_assert(same_value(g, prec_round(p, beta * c)), "%s: C(%lld, %lld) = %g, want %g",
                          d, (long long)i, (long long)j, g, prec_round(p, beta * c));
        }
    sslot_free(&ss);
    dbuf_free(t, &dC);
    dbuf_free(t, &dAB);
    free(C);
    free(got);
}

BACKEND_TEST(semantics, gemm_k_zero_nonfinite_alpha) {
    hctx t;
    harness_open(&t, hc);
    const gblas_operation_t N = GBLAS_OP_N, T = GBLAS_OP_T, C = GBLAS_OP_C;
    for (int pi = 0; pi < 2; pi++)
        for (int m = 0; m < 2; m++)
            for (int null_ab = 0; null_ab < 2; null_ab++) {
                gemm_k0_case(&t, PRECS[pi], MODES[m], T, T, 14, 96, -INFINITY, -0.0, null_ab);
                gemm_k0_case(&t, PRECS[pi], MODES[m], N, C, 48, 9, NAN, 2.0, null_ab);
                gemm_k0_case(&t, PRECS[pi], MODES[m], C, N, 130, 70, INFINITY, 0.5, null_ab);
            }
    harness_close(&t);
}

/* y = beta y with alpha == 0 and an A too large to exist (one element allocated). */
BACKEND_TEST(semantics, gemv_alpha_zero_huge_n) {
    hctx t;
    harness_open(&t, hc);
    const int64_t huge = INT64_MAX - 1;
    for (int pi = 0; pi < 2; pi++) {
        const prec_t p = PRECS[pi];
        double one = 1.0, yv[31], got[31];
        dbuf A = dbuf_upload(&t, p, &one, 1), x = dbuf_upload(&t, p, &one, 1);
        for (int bi = 0; bi < 2; bi++) {
            const double beta = bi ? 0.5 : 0.0;
            for (int op = 0; op < 2; op++) {
                const gblas_operation_t trans = op ? GBLAS_OP_T : GBLAS_OP_N;
                const int64_t m = op ? huge : 31, n = op ? 31 : huge;
                rng_t r = rng_for("gemv-huge", p, bi, op, 0);
                rng_fill(&r, p, yv, 31);
                yv[3] = poison_nan();
                dbuf y = dbuf_upload(&t, p, yv, 31);
                hscalar zero, b;
                EXPECT_OK(t.h, hr_gemv(t.h, p, trans, m, n, hscalar_set(&zero, p, 0.0), A.p, m,
                                       x.p, 1, hscalar_set(&b, p, beta), y.p, 1));
                dbuf_download(&t, &y, got);
                for (int i = 0; i < 31; i++) {
                    const double want = beta == 0 ? 0.0 : prec_round(p, beta * yv[i]);
                    cr_assert(same_value(got[i], want),
                              "[%s] %sgemv %s m=%lld n=%lld alpha=0 beta=%g: y[%d] = %g, want %g",
                              t.name, prec_name(p), op_name(trans), (long long)m, (long long)n,
                              beta, i, got[i], want);
                }
                dbuf_free(&t, &y);
            }
        }
        /* device pointer mode: alpha is not read on the host, so A must fit */
        const double ab[2] = {0, 0};
        sslot ss;
        sslot_put(&ss, &t, GBLAS_POINTER_MODE_DEVICE, p, ab, 2);
        dbuf y = dbuf_upload(&t, p, yv, 31);
        set_mode(&t, GBLAS_POINTER_MODE_DEVICE);
        EXPECT_ERR(t.h, hr_gemv(t.h, p, GBLAS_OP_N, 31, huge, sslot_at(&ss, 0), A.p, 31, x.p, 1,
                                sslot_at(&ss, 1), y.p, 1),
                   INVALID,
                   "gblas_%sgemv: A (31 x %lld, lda = 31) reaches past the end of the address "
                   "space",
                   prec_name(p), (long long)huge);
        set_mode(&t, GBLAS_POINTER_MODE_HOST);
        expect_unchanged(&t, &y, yv, "y");
        sslot_free(&ss);
        dbuf_free(&t, &y);
        dbuf_free(&t, &A);
        dbuf_free(&t, &x);
    }
    harness_close(&t);
}

/* Operands near the top of the address space. On the CPU backend any pointer is backend
 * memory, so only the extent check stands between such an operand and a fault. Operands the call
 * does not read pass on every backend. */
API_TEST(semantics, extent_checks) {
    hctx t;
    harness_open(&t, hc);
    void *const near_top = (void *)(((uintptr_t)1 << 48) - 64); /* the 48-bit space's last bytes */
    void *const wraps = (void *)(UINTPTR_MAX - 63);              /* offsets wrap around zero */
    for (int pi = 0; pi < 2; pi++) {
        const prec_t p = PRECS[pi];
        const char *P = prec_name(p);
        double yv[64];
        rng_t r = rng_for("extent", p, 0, 0, 0);
        rng_fill(&r, p, yv, 64);
        dbuf y = dbuf_upload(&t, p, yv, 64);
        hscalar zero, one, half, rs;
        void *z = hscalar_set(&zero, p, 0.0), *o = hscalar_set(&one, p, 1.0);
        void *hf = hscalar_set(&half, p, 0.5), *rp = hscalar_set(&rs, p, 42.0);
        if (!t.is_cuda) {
            EXPECT_ERR(t.h, hr_dot(t.h, p, 1024, near_top, 1, y.p, 1, rp), INVALID,
                       "gblas_%sdot: x (1024 elements, incx = 1) reaches past the end of the "
                       "address space",
                       P);
            EXPECT_ERR(t.h, hr_asum(t.h, p, 1024, wraps, 1, rp), INVALID,
                       "gblas_%sasum: x (1024 elements, incx = 1) reaches past the end of the "
                       "address space",
                       P);
            EXPECT_ERR(t.h, hr_axpy(t.h, p, 1024, o, y.p, -1, near_top, -1), INVALID,
                       "gblas_%saxpy: y (1024 elements, incy = -1) reaches past the end of the "
                       "address space",
                       P);
            EXPECT_ERR(t.h, hr_gemv(t.h, p, GBLAS_OP_N, 64, 64, o, near_top, 64, y.p, 1, o, y.p, 1),
                       INVALID,
                       "gblas_%sgemv: A (64 x 64, lda = 64) reaches past the end of the address "
                       "space",
                       P);
            EXPECT_ERR(t.h, hr_gemm(t.h, p, GBLAS_OP_N, GBLAS_OP_N, 8, 8, 8, o, y.p, 8, wraps, 8,
                                    o, y.p, 8),
                       INVALID,
                       "gblas_%sgemm: B (8 x 8, ldb = 8) reaches past the end of the address "
                       "space",
                       P);
            /* device pointer mode: alpha == 0 is not seen, so x is read and checked */
            dbuf dz = dbuf_upload(&t, p, (const double[]){0.0}, 1);
            set_mode(&t, GBLAS_POINTER_MODE_DEVICE);
            EXPECT_ERR(t.h, hr_axpy(t.h, p, 1024, dz.p, near_top, 1, y.p, 1), INVALID,
                       "gblas_%saxpy: x (1024 elements, incx = 1) reaches past the end of the "
                       "address space",
                       P);
            set_mode(&t, GBLAS_POINTER_MODE_HOST);
            dbuf_free(&t, &dz);
            cr_assert(hscalar_get(&rs, p) == 42.0, "[%s] a failing call wrote its result", t.name);
        }
        /* unread operands are not checked, wherever they point */
        EXPECT_OK(t.h, hr_axpy(t.h, p, 1024, z, near_top, 1, y.p, 1));
        EXPECT_OK(t.h, hr_axpy(t.h, p, 1024, z, wraps, -7, y.p, 1));
        EXPECT_OK(t.h, hr_scal(t.h, p, 1024, z, wraps, -1));
        EXPECT_OK(t.h, hr_asum(t.h, p, 1024, wraps, -1, rp));
        expect_unchanged(&t, &y, yv, "y");
        EXPECT_OK(t.h, hr_gemv(t.h, p, GBLAS_OP_T, 64, 64, z, near_top, 64, wraps, 1, hf, y.p, 1));
        double got[64];
        dbuf_download(&t, &y, got);
        for (int i = 0; i < 64; i++)
            cr_assert(same_value(got[i], prec_round(p, 0.5 * yv[i])),
                      "[%s] %sgemv alpha = 0: y[%d] = %g, want %g", t.name, P, i, got[i],
                      prec_round(p, 0.5 * yv[i]));
        dbuf_free(&t, &y);
    }
    harness_close(&t);
}

/* On x86-64 Linux user space ends at 2^47 (4-level paging): a vector of 1024 elements at
 * 2^47 - 64 cannot be memory, so it must be rejected rather than read (which faults). */
Test(semantics, extent_past_user_space_cpu) {
    gblas_handle_t h;
    EXPECT_OK(NULL, gblas_create(&h, GBLAS_BACKEND_CPU));
    double y[4] = {0}, r = 42;
    void *const top = (void *)(((uintptr_t)1 << 47) - 64);
    EXPECT_ERR(h, gblas_ddot(h, 1024, top, 1, y, 1, &r), INVALID,
               "gblas_ddot: x (1024 elements, incx = 1) reaches past the end of the address "
               "space");
    cr_assert(r == 42);
    EXPECT_OK(h, gblas_destroy(h));
}
