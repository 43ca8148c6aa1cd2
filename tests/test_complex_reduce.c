/* test_complex_reduce.c: the complex reductions DOTU, DOTC, NRM2 (scnrm2, dznrm2), ASUM
 * (scasum, dzasum), I_AMAX and I_AMIN (by |re| + |im|) in c and z on every backend case,
 * results in host and backend memory. Sizes 0 to 300007, increments 1, 2, 5 and negative;
 * data random, with NaN or Inf in either part, with ties of |re| + |im| that the modulus would
 * break the other way, near overflow and underflow (NRM2's scaling). Oracles: long double sums,
 * the reference loops in the element's precision for the indices. Large reductions give the
 * same bits twice and, on the CPU, with 1 and 3 threads. DOTC is checked against DOTU's answer:
 * a dropped conjugation fails. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_complex.h"

static const int64_t SIZES[] = {0, 1, 2, 3, 7, 33, 100, 257, 1000, 4097, 131073, 300007};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])
#define LARGE 100000 /* sizes above run with increments 1 and 2 and few kinds */
static const int64_t INCS[] = {1, 2, 5, -1, -3};
#define NINCS (sizeof INCS / sizeof INCS[0])
static const prec_t RPRECS[] = {PREC_S, PREC_D};
static const gblas_pointer_mode_t MODES[] = {GBLAS_POINTER_MODE_HOST, GBLAS_POINTER_MODE_DEVICE};

enum {
    K_RANDOM,
    K_SPECIALS,  /* NaN in a real part and an imaginary part, +Inf and -Inf likewise */
    K_NAN_FIRST, /* x[0]'s imaginary part NaN: I_AMAX and I_AMIN give 1 */
    K_INF,       /* one infinite imaginary part: NRM2 and ASUM +Inf, I_AMAX that element */
    K_TIES,      /* equal |re| + |im| at chunk edges; a larger modulus with a smaller |re| + |im| */
    K_HUGE,      /* parts near the top of the range: NRM2 must not overflow */
    K_TINY,      /* parts far below 1: NRM2 must not underflow */
    KINDS
};
static const char *const KIND_NAMES[KINDS] = {"random", "specials", "nan-first", "inf",
                                              "ties",   "huge",     "tiny"};

/* Element positions where chunks and blocks of the parallel paths are likely to meet. */
static const int64_t EDGES[] = {31, 32, 255, 256, 1023, 1024, 4095, 4096, 16383, 16384, 65536};

static double *make_x(prec_t rp, int64_t n, int64_t inc, int kind) {
    double *x = cx_strided(rp, "cx-reduce", n, inc, kind);
    if (n == 0) return x;
    const double big = rp == PREC_S ? 0x1p100 : 0x1p900, tiny = rp == PREC_S ? 0x1p-100 : 0x1p-900;
    switch (kind) {
    case K_SPECIALS:
        cx_put_specials(x, n, inc, n / 7);
        break;
    case K_NAN_FIRST:
        cx_at(x, n, inc, 0)[1] = NAN;
        if (n > 1) cx_at(x, n, inc, n / 2)[0] = 3.0;
        break;
    case K_INF:
        cx_at(x, n, inc, n / 2)[1] = -INFINITY;
        break;
    case K_TIES:
        /* |re| + |im| = 2.75 in different splits, (1.5, 1.5) a larger modulus with 3.0 and
         * (2.875, 0) a larger modulus than 2.75's splits but not than (1.5, 1.5)'s measure */
        for (size_t e = 0; e < sizeof EDGES / sizeof EDGES[0] && EDGES[e] < n; e++) {
            static const double split[4][2] = {{2.75, 0}, {0, -2.75}, {-1.25, 1.5}, {2, -0.75}};
            double *v = cx_at(x, n, inc, EDGES[e]);
            v[0] = split[e % 4][0];
            v[1] = split[e % 4][1];
        }
        cx_at(x, n, inc, n - 1)[0] = n > 2 ? 1.5 : 0.5;
        cx_at(x, n, inc, n - 1)[1] = n > 2 ? 1.5 : 0.5;
        if (n > 2) {
            cx_at(x, n, inc, n / 2)[0] = 2.875;
            cx_at(x, n, inc, n / 2)[1] = 0;
        }
        break;
    case K_HUGE:
    case K_TINY:
        for (int64_t i = 0; i < n; i++) {
            double *v = cx_at(x, n, inc, i);
            v[0] *= kind == K_HUGE ? big : tiny;
            v[1] *= kind == K_HUGE ? big : tiny;
        }
        break;
    }
    return x;
}

/* |re| + |im| in the element's precision, as the reference's SCABS1 / DCABS1. */
static double abs1(prec_t rp, lcx v) {
    if (rp == PREC_S) return (double)(fabsf((float)v.re) + fabsf((float)v.im));
    return fabs((double)v.re) + fabs((double)v.im);
}

/* The reference I_AMAX (larger = 1) or I_AMIN (larger = 0) by |re| + |im|. */
static int64_t index_ref(prec_t rp, const double *x, int64_t n, int64_t inc, int larger) {
    if (n == 0 || inc < 0) return 0;
    int64_t best = 1;
    double m = abs1(rp, cx_elem(x, n, inc, 0));
    for (int64_t i = 1; i < n; i++) {
        const double v = abs1(rp, cx_elem(x, n, inc, i));
        if (larger ? v > m : v < m) {
            best = i + 1;
            m = v;
        }
    }
    return best;
}

/* One reduction into a result slot of `count` reals (2: complex) or an index; returns the
 * result's parts in got[0..count). */
typedef enum { R_DOTU, R_DOTC, R_NRM2, R_ASUM, R_IAMAX, R_IAMIN } reduction;
static const char *const RED_NAMES[] = {"dotu", "dotc", "nrm2", "asum", "iamax", "iamin"};

static void run_reduction(hctx *t, prec_t rp, gblas_pointer_mode_t mode, reduction r, int64_t n,
                          const dbuf *x, int64_t incx, const dbuf *y, int64_t incy, double got[2],
                          const char *d) {
    const prec_t cp = cx_prec(rp);
    sslot s;
    const double poison[2] = {poison_nan(), poison_nan()};
    const int index = r == R_IAMAX || r == R_IAMIN;
    void *rp_ = index ? sslot_put_index(&s, t, mode, -7)
                      : sslot_put(&s, t, mode, rp, poison, r == R_DOTU || r == R_DOTC ? 2 : 1);
    set_mode(t, mode);
    gblas_status_t st = GBLAS_STATUS_INTERNAL_ERROR;
    switch (r) {
    case R_DOTU: st = hr_dotu(t->h, cp, n, x->p, incx, y->p, incy, rp_); break;
    case R_DOTC: st = hr_dotc(t->h, cp, n, x->p, incx, y->p, incy, rp_); break;
    case R_NRM2: st = hr_nrm2(t->h, cp, n, x->p, incx, rp_); break;
    case R_ASUM: st = hr_asum(t->h, cp, n, x->p, incx, rp_); break;
    case R_IAMAX: st = hr_iamax(t->h, cp, n, x->p, incx, rp_); break;
    case R_IAMIN: st = hr_iamin(t->h, cp, n, x->p, incx, rp_); break;
    }
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, RED_NAMES[r], gblas_last_error(t->h));
    if (index)
        got[0] = (double)sslot_get_index(&s);
    else
        sslot_get(&s, got);
    sslot_free(&s);
}

/* The oracles of one vector pair. */
typedef struct {
    lcx dotu, dotc;
    long double dot_scale, nrm2, asum;
    int64_t amax, amin;
} oracle;

static oracle oracles(prec_t rp, const double *x, const double *x0, int64_t n, int64_t incx,
                      const double *y, int64_t incy) {
    oracle o = {{0, 0}, {0, 0}, 0, 0, 0, 0, 0};
    long double ssq = 0;
    for (int64_t i = 0; i < n; i++) {
        const lcx a = cx_elem(x, n, incx, i), b = cx_elem(y, n, incy, i);
        o.dotu.re += a.re * b.re - a.im * b.im;
        o.dotu.im += a.re * b.im + a.im * b.re;
        o.dotc.re += a.re * b.re + a.im * b.im;
        o.dotc.im += a.re * b.im - a.im * b.re;
        o.dot_scale += (fabsl(a.re) + fabsl(a.im)) * (fabsl(b.re) + fabsl(b.im));
        ssq += a.re * a.re + a.im * a.im;
        o.asum += fabsl(a.re) + fabsl(a.im);
    }
    o.nrm2 = sqrtl(ssq);
    if (incx < 0) o.asum = 0;
    o.amax = index_ref(rp, x, n, incx, 1);
    o.amin = index_ref(rp, x0, n, incx, 0);
    return o;
}

static void reduce_case(hctx *t, prec_t rp, int64_t n, int64_t incx, int kind) {
    const int64_t incy = incx == 1 ? -2 : 1;
    double *x = make_x(rp, n, incx, kind), *y = cx_strided(rp, "cx-reduce-y", n, incy, kind);
    const int64_t lx = vec_len(n, incx), ly = vec_len(n, incy);
    /* I_AMIN's copy has zeros in its gaps (the large markers would never win there) */
    double *x0 = hbuf(2 * lx);
    for (int64_t j = 0; j < 2 * lx; j++) x0[j] = x[j];
    for (int64_t j = 0; j < lx; j++)
        if (n == 0 || j % llabs(incx) != 0) x0[2 * j] = x0[2 * j + 1] = 0.0;
    const oracle o = oracles(rp, x, x0, n, incx, y, incy);
    dbuf dx = dbuf_upload(t, rp, x, 2 * lx), dx0 = dbuf_upload(t, rp, x0, 2 * lx);
    dbuf dy = dbuf_upload(t, rp, y, 2 * ly);
    char d[200];
    for (int m = 0; m < 2; m++) {
        snprintf(d, sizeof d, "[%s] %s n=%lld incx=%lld incy=%lld %s, result in %s memory",
                 t->name, prec_name(cx_prec(rp)), (long long)n, (long long)incx,
                 (long long)incy, KIND_NAMES[kind], mode_name(MODES[m]));
        double u[2], c[2], r[2];
        run_reduction(t, rp, MODES[m], R_DOTU, n, &dx, incx, &dy, incy, u, d);
        run_reduction(t, rp, MODES[m], R_DOTC, n, &dx, incx, &dy, incy, c, d);
        cx_expect(d, "dotu", 0, rp, u[0], u[1], o.dotu, o.dot_scale, 2 * n);
        cx_expect(d, "dotc", 0, rp, c[0], c[1], o.dotc, o.dot_scale, 2 * n);
        /* where the two answers are further apart than twice the bound, DOTC's must not be
         * DOTU's (within_tol's bound, harness.h) */
        const long double gap = fabsl(o.dotu.re - o.dotc.re) + fabsl(o.dotu.im - o.dotc.im);
        const long double bound = TOL_C * (2 * n + 2) * prec_eps(rp) * o.dot_scale;
        if (kind == K_RANDOM && n > 0 && gap > 4 * bound)
            cr_assert(!within_tol(rp, c[0], o.dotu.re, o.dot_scale, 2 * n) ||
                          !within_tol(rp, c[1], o.dotu.im, o.dot_scale, 2 * n),
                      "%s: dotc = (%g, %g) is dotu's answer: x was not conjugated", d, c[0], c[1]);
        run_reduction(t, rp, MODES[m], R_NRM2, n, &dx, incx, NULL, 0, r, d);
        cr_assert(matches_ref(rp, r[0], o.nrm2, o.nrm2, 2 * n), "%s: nrm2 = %.17g, want %.17Lg",
                  d, r[0], o.nrm2);
        run_reduction(t, rp, MODES[m], R_ASUM, n, &dx, incx, NULL, 0, r, d);
        if (n == 0 || incx < 0)
            cr_assert(same_bits(r[0], 0.0), "%s: asum = %g, want +0", d, r[0]);
        else
            cr_assert(matches_ref(rp, r[0], o.asum, o.asum, 2 * n),
                      "%s: asum = %.17g, want %.17Lg", d, r[0], o.asum);
        run_reduction(t, rp, MODES[m], R_IAMAX, n, &dx, incx, NULL, 0, r, d);
        cr_assert(r[0] == (double)o.amax, "%s: iamax = %g, want %lld", d, r[0],
                  (long long)o.amax);
        run_reduction(t, rp, MODES[m], R_IAMIN, n, &dx0, incx, NULL, 0, r, d);
        cr_assert(r[0] == (double)o.amin, "%s: iamin = %g, want %lld", d, r[0],
                  (long long)o.amin);
        if (n >= LARGE && m == 0) { /* the same bits again, and with other thread counts */
            const int counts[2] = {1, 3};
            for (int k = 0; k < (t->is_cuda ? 1 : 2); k++) {
                if (!t->is_cuda) EXPECT_OK(t->h, gblas_set_num_threads(t->h, counts[k]));
                for (reduction red = R_DOTU; red <= R_IAMAX; red++) {
                    double a[2] = {0, 0}, b[2] = {0, 0};
                    run_reduction(t, rp, MODES[m], red, n, &dx, incx, &dy, incy, a, d);
                    run_reduction(t, rp, MODES[m], red, n, &dx, incx, &dy, incy, b, d);
                    const double *first = red == R_DOTU ? u : red == R_DOTC ? c : a;
                    cr_assert(same_bits(a[0], b[0]) && same_bits(a[1], b[1]) &&
                                  (red > R_DOTC || (same_bits(a[0], first[0]) &&
                                                    same_bits(a[1], first[1]))),
                              "%s: %s not reproducible (%d threads): (%.17g, %.17g) then "
                              "(%.17g, %.17g)",
                              d, RED_NAMES[red], t->is_cuda ? 0 : counts[k], a[0], a[1], b[0],
                              b[1]);
                }
            }
            if (!t->is_cuda) EXPECT_OK(t->h, gblas_set_num_threads(t->h, t->threads));
        }
    }
    /* read-only routines: x comes back bit for bit */
    double *back = hbuf(2 * lx);
    dbuf_download(t, &dx, back);
    for (int64_t j = 0; j < 2 * lx; j++)
        cr_assert(same_bits(back[j], x[j]), "%s: x slot %lld changed", d, (long long)j);
    free(back);
    dbuf_free(t, &dx);
    dbuf_free(t, &dx0);
    dbuf_free(t, &dy);
    free(x);
    free(x0);
    free(y);
}

BACKEND_TEST(complex_reduce, sizes_kinds_increments) {
    hctx t;
    harness_open(&t, hc);
    for (int pi = 0; pi < 2; pi++)
        for (size_t s = 0; s < NSIZES; s++)
            for (size_t i = 0; i < NINCS; i++)
                for (int k = 0; k < KINDS; k++) {
                    if (SIZES[s] == 0 && k != K_RANDOM) continue;
                    if (SIZES[s] > LARGE &&
                        (INCS[i] < -1 || INCS[i] > 2 || (k != K_RANDOM && k != K_TIES)))
                        continue;
                    reduce_case(&t, RPRECS[pi], SIZES[s], INCS[i], k);
                }
    harness_close(&t);
}

/* Conjugation on a vector whose answer is known exactly: x = (1 + 2i, 3 - i), y = (2 - i,
 * -1 + 4i): x . y = (4 + 3i) + (1 + 13i) = 5 + 16i, conj(x) . y = (0 - 5i) + (-7 + 11i) =
 * -7 + 6i. */
BACKEND_TEST(complex_reduce, conjugation_exact) {
    hctx t;
    harness_open(&t, hc);
    const double xv[4] = {1, 2, 3, -1}, yv[4] = {2, -1, -1, 4};
    for (int pi = 0; pi < 2; pi++)
        for (int m = 0; m < 2; m++) {
            const prec_t rp = RPRECS[pi];
            dbuf dx = dbuf_upload(&t, rp, xv, 4), dy = dbuf_upload(&t, rp, yv, 4);
            char d[120];
            snprintf(d, sizeof d, "[%s] %s, result in %s memory", t.name,
                     prec_name(cx_prec(rp)), mode_name(MODES[m]));
            double u[2], c[2];
            run_reduction(&t, rp, MODES[m], R_DOTU, 2, &dx, 1, &dy, 1, u, d);
            run_reduction(&t, rp, MODES[m], R_DOTC, 2, &dx, 1, &dy, 1, c, d);
            cr_assert(u[0] == 5 && u[1] == 16, "%s: dotu = (%g, %g), want (5, 16)", d, u[0], u[1]);
            cr_assert(c[0] == -7 && c[1] == 6, "%s: dotc = (%g, %g), want (-7, 6)", d, c[0], c[1]);
            dbuf_free(&t, &dx);
            dbuf_free(&t, &dy);
        }
    harness_close(&t);
}
