/* test_level1.c: DOT, NRM2, AXPY, SCAL, COPY in s and d on every backend case. Sizes from 0 to
 * 4097 plus a seeded random sweep, increments 1, 2, -1, -3 on both vectors (SCAL returns at once
 * for a negative one), alpha 0, 1 and other; checked against long double references with the
 * scaled bound, strided gaps checked untouched, results poisoned before each call, every result
 * recomputed and compared bitwise; large DOT, NRM2 and ASUM independent of the thread count. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_blas.h"

static const int64_t SIZES[] = {0, 1, 2, 3, 7, 33, 100, 257, 1000, 4097};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])
static const int64_t INCS[] = {1, 2, -1, -3};
#define NINCS 4
static const int64_t SWEEP_INCS[] = {1, 2, 3, 5, -1, -2, -4};
#define SWEEP_CASES 40
static const prec_t PRECS[] = {PREC_S, PREC_D};

/* Calls case(t, p, n, incx, incy, alpha) for every size x inc pair x precision, then a random
 * sweep; alpha cycles through 0, 1 and other values. */
typedef void (*l1_case_fn)(hctx *t, prec_t p, int64_t n, int64_t incx, int64_t incy, double alpha);

static double alpha_for(prec_t p, int64_t i) {
    static const double alphas[] = {-1.3, 0.0, 1.0, 2.5};
    return prec_round(p, alphas[i % 4]);
}

static void run_all(hctx *t, const char *tag, l1_case_fn fn) {
    for (int pi = 0; pi < 2; pi++)
        for (size_t s = 0; s < NSIZES; s++)
            for (int a = 0; a < NINCS; a++)
                for (int b = 0; b < NINCS; b++)
                    fn(t, PRECS[pi], SIZES[s], INCS[a], INCS[b],
                       alpha_for(PRECS[pi], (int64_t)s + a + b));
    for (int pi = 0; pi < 2; pi++) {
        rng_t r = rng_for(tag, pi, 0, 0, 0);
        for (int c = 0; c < SWEEP_CASES; c++) {
            int64_t n = rng_range(&r, 0, 3000);
            int64_t incx = SWEEP_INCS[rng_range(&r, 0, 6)], incy = SWEEP_INCS[rng_range(&r, 0, 6)];
            double alpha = c % 5 == 0 ? alpha_for(PRECS[pi], c) : rng_value(&r, PRECS[pi]) * 3;
            fn(t, PRECS[pi], n, incx, incy, alpha);
        }
    }
}

#define DESC(buf, routine)                                                                         \
    snprintf(buf, sizeof buf, "[%s] %s%s n=%lld incx=%lld incy=%lld alpha=%g", t->name,            \
             prec_name(p), routine, (long long)n, (long long)incx, (long long)incy, alpha)

/* ---- DOT ---------------------------------------------------------------------------------- */
static void dot_case(hctx *t, prec_t p, int64_t n, int64_t incx, int64_t incy, double alpha) {
    char d[160];
    DESC(d, "dot");
    double *x = strided(p, "dot-x", n, incx, incy), *y = strided(p, "dot-y", n, incy, incx);
    long double ref = 0, scale = 0;
    for (int64_t i = 0; i < n; i++) {
        long double pr = (long double)vec_elem(x, n, incx, i) * vec_elem(y, n, incy, i);
        ref += pr;
        scale += fabsl(pr);
    }
    dbuf dx = dbuf_upload(t, p, x, vec_len(n, incx)), dy = dbuf_upload(t, p, y, vec_len(n, incy));
    double res = poison_nan(), again = poison_nan();
    gblas_status_t st = hb_dot(t, p, n, &dx, incx, &dy, incy, &res);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    cr_assert(within_tol(p, res, ref, scale, n), "%s: got %.17g, want %.17Lg (scale %.3Lg)", d, res,
              ref, scale);
    st = hb_dot(t, p, n, &dx, incx, &dy, incy, &again);
    cr_assert(st == GBLAS_STATUS_SUCCESS && same_bits(res, again),
              "%s: not reproducible: %.17g then %.17g", d, res, again);
    dbuf_free(t, &dx);
    dbuf_free(t, &dy);
    free(x);
    free(y);
}

BACKEND_TEST(level1, dot) {
    hctx t;
    harness_open(&t, hc);
    run_all(&t, "dot-sweep", dot_case);
    harness_close(&t);
}

/* ---- NRM2 --------------------------------------------------------------------------------- */
/* nrm2 of the strided vector x (values already in the precision) against sqrt(sum x^2). */
static void nrm2_check(hctx *t, prec_t p, const char *d, const double *x, int64_t n, int64_t incx) {
    long double ss = 0;
    for (int64_t i = 0; i < n; i++) {
        long double v = vec_elem(x, n, incx, i);
        ss += v * v;
    }
    long double ref = sqrtl(ss);
    dbuf dx = dbuf_upload(t, p, x, vec_len(n, incx));
    double res = poison_nan(), again = poison_nan();
    gblas_status_t st = hb_nrm2(t, p, n, &dx, incx, &res);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    cr_assert(within_tol(p, res, ref, ref, n), "%s: got %.17g, want %.17Lg", d, res, ref);
    st = hb_nrm2(t, p, n, &dx, incx, &again);
    cr_assert(st == GBLAS_STATUS_SUCCESS && same_bits(res, again),
              "%s: not reproducible: %.17g then %.17g", d, res, again);
    dbuf_free(t, &dx);
}

static void nrm2_case(hctx *t, prec_t p, int64_t n, int64_t incx, int64_t incy, double alpha) {
    if (incy != 1) return; /* nrm2 has one vector: one pass per incx */
    char d[160];
    DESC(d, "nrm2");
    double *x = strided(p, "nrm2-x", n, incx, 0);
    nrm2_check(t, p, d, x, n, incx);
    free(x);
}

BACKEND_TEST(level1, nrm2) {
    hctx t;
    harness_open(&t, hc);
    run_all(&t, "nrm2-sweep", nrm2_case);
    harness_close(&t);
}

/* Magnitudes whose squares overflow or underflow the precision, subnormals, and mixtures. */
BACKEND_TEST(level1, nrm2_extremes) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t ns[] = {1, 2, 7, 1000, 4097};
    static const int64_t incs[] = {1, -3};
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = PRECS[pi];
        int big_exp = p == PREC_S ? 100 : 600;    /* x^2 overflows */
        int max_exp = p == PREC_S ? 127 : 1023;   /* near the largest finite */
        int sub_exp = p == PREC_S ? -149 : -1074; /* the smallest subnormal */
        for (int kind = 0; kind < 6; kind++)
            for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ni++)
                for (int ii = 0; ii < 2; ii++) {
                    int64_t n = ns[ni], incx = incs[ii], len = vec_len(n, incx);
                    double *x = hbuf(len);
                    rng_t r = rng_for("nrm2-extremes", p, kind, n, incx);
                    for (int64_t j = 0; j < len; j++) {
                        double u = 0.5 + 0.5 * fabs(rng_value(&r, p)); /* [0.5, 1] */
                        u = prec_round(p, rng_next(&r) & 1 ? -u : u);
                        switch (kind) {
                        case 0:
                            x[j] = ldexp(u, big_exp);
                            break;
                        case 1:
                            x[j] = ldexp(u, max_exp - 7);
                            break; /* sum stays finite */
                        case 2:
                            x[j] = ldexp(u, -big_exp);
                            break; /* x^2 underflows */
                        case 3:
                            x[j] = ldexp((double)rng_range(&r, -7, 7), sub_exp);
                            break;
                        case 4:
                            x[j] = j == 0 ? ldexp(u, max_exp) : ldexp(u, -big_exp);
                            break;
                        default:
                            x[j] = ldexp(u, (int)rng_range(&r, -big_exp - 20, big_exp));
                        }
                    }
                    char d[160];
                    snprintf(d, sizeof d, "[%s] %snrm2 extreme kind %d n=%lld incx=%lld", t.name,
                             prec_name(p), kind, (long long)n, (long long)incx);
                    nrm2_check(&t, p, d, x, n, incx);
                    free(x);
                }
    }
    harness_close(&t);
}

/* ---- AXPY --------------------------------------------------------------------------------- */
static void axpy_case(hctx *t, prec_t p, int64_t n, int64_t incx, int64_t incy, double alpha) {
    char d[160];
    DESC(d, "axpy");
    int64_t lx = vec_len(n, incx), ly = vec_len(n, incy);
    double *x = strided(p, "axpy-x", n, incx, incy), *y = strided(p, "axpy-y", n, incy, incx);
    if (alpha == 0) /* alpha == 0 never reads x */
        for (int64_t i = 0; i < lx; i++) x[i] = poison_nan();
    double *got = hbuf(ly);
    dbuf dx = dbuf_upload(t, p, x, lx), dy = dbuf_upload(t, p, y, ly);
    gblas_status_t st = hb_axpy(t, p, n, alpha, &dx, incx, &dy, incy);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    dbuf_download(t, &dy, got);
    check_gaps(d, got, y, n, incy);
    for (int64_t i = 0; i < n; i++) {
        double yi = vec_elem(y, n, incy, i), g = vec_elem(got, n, incy, i);
        if (alpha == 0) {
            cr_assert(same_bits(g, yi), "%s: y[%lld] changed to %g with alpha 0", d, (long long)i,
                      g);
            continue;
        }
        long double pr = (long double)alpha * vec_elem(x, n, incx, i);
        cr_assert(within_tol(p, g, pr + yi, fabsl(pr) + fabsl((long double)yi), 0),
                  "%s: y[%lld] = %.17g, want %.17Lg", d, (long long)i, g, pr + yi);
    }
    dbuf_free(t, &dx);
    dbuf_free(t, &dy);
    free(x);
    free(y);
    free(got);
}

BACKEND_TEST(level1, axpy) {
    hctx t;
    harness_open(&t, hc);
    run_all(&t, "axpy-sweep", axpy_case);
    harness_close(&t);
}

/* ---- SCAL --------------------------------------------------------------------------------- */
static void scal_case(hctx *t, prec_t p, int64_t n, int64_t incx, int64_t incy, double alpha) {
    if (incy != 1) return; /* one vector */
    char d[160];
    DESC(d, "scal");
    int64_t lx = vec_len(n, incx);
    double *x = strided(p, "scal-x", n, incx, 0), *got = hbuf(lx);
    if (alpha == 0) /* zeros must be written whatever x held */
        for (int64_t i = 0; i < n; i++)
            x[vec_index(n, incx, i)] = i % 3 == 0 ? poison_nan() : i % 3 == 1 ? INFINITY : -2.0;
    dbuf dx = dbuf_upload(t, p, x, lx);
    gblas_status_t st = hb_scal(t, p, n, alpha, &dx, incx);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    dbuf_download(t, &dx, got);
    check_gaps(d, got, x, n, incx);
    for (int64_t i = 0; i < n; i++) {
        double xi = vec_elem(x, n, incx, i), g = vec_elem(got, n, incx, i);
        long double want = (long double)alpha * xi;
        if (incx < 0) { /* the reference BLAS returns at once: x untouched */
            cr_assert(same_bits(g, prec_round(p, xi)), "%s: x[%lld] changed to %g", d,
                      (long long)i, g);
            continue;
        }
        if (alpha == 0)
            cr_assert(g == 0.0, "%s: x[%lld] = %g, want 0 (input %g)", d, (long long)i, g, xi);
        else if (alpha == 1)
            cr_assert(same_bits(g, xi), "%s: x[%lld] = %.17g, want %.17g", d, (long long)i, g, xi);
        else
            cr_assert(within_tol(p, g, want, fabsl(want), 0), "%s: x[%lld] = %.17g, want %.17Lg", d,
                      (long long)i, g, want);
    }
    dbuf_free(t, &dx);
    free(x);
    free(got);
}

BACKEND_TEST(level1, scal) {
    hctx t;
    harness_open(&t, hc);
    run_all(&t, "scal-sweep", scal_case);
    harness_close(&t);
}

/* ---- COPY --------------------------------------------------------------------------------- */
static void copy_case(hctx *t, prec_t p, int64_t n, int64_t incx, int64_t incy, double alpha) {
    char d[160];
    DESC(d, "copy");
    int64_t lx = vec_len(n, incx), ly = vec_len(n, incy);
    double *x = strided(p, "copy-x", n, incx, incy), *y = hbuf(ly), *got = hbuf(ly);
    static const double specials[] = {-0.0, INFINITY, -INFINITY, 1e-40};
    for (int64_t i = 0; i < n && i < 4; i++) x[vec_index(n, incx, 3 * i % n)] = specials[i];
    for (int64_t j = 0; j < ly; j++) y[j] = poison_nan();
    fill_gaps(y, ly, n, incy);
    dbuf dx = dbuf_upload(t, p, x, lx), dy = dbuf_upload(t, p, y, ly);
    gblas_status_t st = hb_copy(t, p, n, &dx, incx, &dy, incy);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    dbuf_download(t, &dy, got);
    check_gaps(d, got, y, n, incy);
    for (int64_t i = 0; i < n; i++) {
        double want = prec_round(p, vec_elem(x, n, incx, i)), g = vec_elem(got, n, incy, i);
        cr_assert(same_bits(g, want), "%s: y[%lld] = %.17g, want %.17g", d, (long long)i, g, want);
    }
    dbuf_free(t, &dx);
    dbuf_free(t, &dy);
    free(x);
    free(y);
    free(got);
}

BACKEND_TEST(level1, copy) {
    hctx t;
    harness_open(&t, hc);
    run_all(&t, "copy-sweep", copy_case);
    harness_close(&t);
}

/* ---- reproducibility ---------------------------------------------------------------------- */
/* Large reductions: the same call twice gives the same bits, and on the CPU backend the bits do
 * not depend on the thread count. */
BACKEND_TEST(level1, reductions_reproducible) {
    hctx t;
    harness_open(&t, hc);
    const int64_t n = 1000003;
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = PRECS[pi];
        double *x = hbuf(n), *y = hbuf(n);
        rng_t r = rng_for("repro", p, n, 0, 0);
        rng_fill(&r, p, x, n);
        rng_fill(&r, p, y, n);
        dbuf dx = dbuf_upload(&t, p, x, n), dy = dbuf_upload(&t, p, y, n);
        /* dot, nrm2, asum; a call with the other thread count last */
        static const char *const names[3] = {"dot", "nrm2", "asum"};
        double res[3][3];
        const int threads[3] = {t.threads, t.threads, t.threads == 1 ? 2 : 1};
        for (int run = 0; run < 3; run++) {
            if (!t.is_cuda)
                cr_assert(gblas_set_num_threads(t.h, threads[run]) == GBLAS_STATUS_SUCCESS);
            hscalar as;
            res[0][run] = res[1][run] = poison_nan();
            cr_assert(hb_dot(&t, p, n, &dx, 1, &dy, 1, &res[0][run]) == GBLAS_STATUS_SUCCESS);
            cr_assert(hb_nrm2(&t, p, n, &dx, 1, &res[1][run]) == GBLAS_STATUS_SUCCESS);
            cr_assert(hr_asum(t.h, p, n, dx.p, 1, hscalar_set(&as, p, poison_nan())) ==
                      GBLAS_STATUS_SUCCESS);
            res[2][run] = hscalar_get(&as, p);
        }
        for (int k = 0; k < 3; k++)
            for (int run = 1; run < 3; run++)
                cr_assert(same_bits(res[k][0], res[k][run]),
                          "[%s] %s%s n=%lld run %d (%d threads): %.17g vs %.17g", t.name,
                          prec_name(p), names[k], (long long)n, run, threads[run], res[k][0],
                          res[k][run]);
        dbuf_free(&t, &dx);
        dbuf_free(&t, &dy);
        free(x);
        free(y);
    }
    harness_close(&t);
}
