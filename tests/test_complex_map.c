/* test_complex_map.c: the complex element-wise routines AXPY, SCAL, SCAL_REAL (csscal,
 * zdscal), COPY, SWAP, ROT (crot, zrot: real c, complex s) and ROT_REAL (csrot, zdrot) in c and
 * z on every backend case; sizes 0 to 300007, increments 1, 2, -1, -3 in pairs, scalars in host
 * and backend memory, NaN and Inf in either part of x and y. Long double references with the
 * scaled bound part by part; COPY and SWAP bit for bit; gaps bit for bit; SCAL by zero writes
 * zeros over NaN; a negative increment leaves SCAL's x untouched; ROT conjugates s in y's
 * update (a test with nonzero imaginary parts fails if it does not). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_complex.h"

static const int64_t SIZES[] = {0, 1, 2, 3, 7, 33, 100, 257, 1000, 4097, 131073, 300007};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])
#define LARGE 100000 /* sizes above run with fewer increment pairs */
static const int64_t INCS[] = {1, 2, -1, -3};
#define NINCS 4
static const prec_t RPRECS[] = {PREC_S, PREC_D};
static const gblas_pointer_mode_t MODES[] = {GBLAS_POINTER_MODE_HOST, GBLAS_POINTER_MODE_DEVICE};

typedef enum { M_AXPY, M_SCAL, M_SCAL_REAL, M_COPY, M_SWAP, M_ROT, M_ROT_REAL, MAPS } map_routine;
static const char *const MAP_NAMES[MAPS] = {"axpy", "scal", "scal_real", "copy",
                                            "swap", "rot",  "rot_real"};

/* The scalars of a variant: alpha = (re, im) for AXPY and SCAL (re alone for SCAL_REAL);
 * c = re and s = (im, extra) for ROT (s = im for ROT_REAL). Variant 0 is zero (SCAL's zeros,
 * AXPY's early return), the rest mix signs and nonzero imaginary parts. */
static void scalars(prec_t rp, int variant, double v[3]) {
    static const double fixed[5][3] = {
        {0, 0, 0}, {0.6, 0.8, -0.25}, {-1.5, 0.5, 0.75}, {0, 1, 0.5}, {1, 0, -1}};
    for (int k = 0; k < 3; k++) v[k] = prec_round(rp, fixed[variant % 5][k]);
}

typedef struct {
    double *x, *y, *gx, *gy; /* before, and got back */
    int64_t lx, ly;
    dbuf dx, dy;
} pair;

static pair pair_make(hctx *t, prec_t rp, int64_t n, int64_t incx, int64_t incy, int specials) {
    pair v;
    v.x = cx_strided(rp, "cx-map-x", n, incx, incy);
    v.y = cx_strided(rp, "cx-map-y", n, incy, incx);
    if (specials && n > 0) {
        cx_put_specials(v.x, n, incx, 0);
        cx_put_specials(v.y, n, incy, 1);
    }
    v.lx = vec_len(n, incx);
    v.ly = vec_len(n, incy);
    v.gx = hbuf(2 * v.lx);
    v.gy = hbuf(2 * v.ly);
    v.dx = dbuf_upload(t, rp, v.x, 2 * v.lx);
    v.dy = dbuf_upload(t, rp, v.y, 2 * v.ly);
    return v;
}

static void pair_free(hctx *t, pair *v) {
    dbuf_free(t, &v->dx);
    dbuf_free(t, &v->dy);
    free(v->x);
    free(v->y);
    free(v->gx);
    free(v->gy);
}

static lcx mul(lcx a, lcx b) { /* a b */
    return (lcx){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
static lcx mulc(lcx a, lcx b) { /* conj(a) b */
    return (lcx){a.re * b.re + a.im * b.im, a.re * b.im - a.im * b.re};
}
/* |re| + |im| of the finite parts: the scale of a part whose reference is finite (a NaN or
 * infinite part of the data only reaches the other part of the result through NaN) */
static long double fin(long double v) { return isfinite(v) ? fabsl(v) : 0; }
static long double mag(lcx a) { return fin(a.re) + fin(a.im); }

static void map_case(hctx *t, prec_t rp, map_routine r, int64_t n, int64_t incx, int64_t incy,
                     int variant) {
    const gblas_pointer_mode_t mode = MODES[variant % 2];
    const int specials = variant % 3 == 0;
    double sv[3];
    scalars(rp, variant / 2, sv);
    char d[240];
    snprintf(d, sizeof d,
             "[%s] %s%s n=%lld incx=%lld incy=%lld scalars (%g, %g, %g)%s, in %s memory", t->name,
             prec_name(cx_prec(rp)), MAP_NAMES[r], (long long)n, (long long)incx,
             (long long)incy, sv[0], sv[1], sv[2], specials ? " NaN/Inf in x, y" : "",
             mode_name(mode));
    pair v = pair_make(t, rp, n, incx, incy, specials);
    const prec_t cp = cx_prec(rp);
    sslot sc;
    sslot_put(&sc, t, mode, rp, sv, 3); /* alpha = (sv[0], sv[1]); c = sv[0], s = &sv[1] */
    set_mode(t, mode);
    gblas_status_t st = GBLAS_STATUS_INTERNAL_ERROR;
    switch (r) {
    case M_AXPY: st = hr_axpy(t->h, cp, n, sc.p, v.dx.p, incx, v.dy.p, incy); break;
    case M_SCAL: st = hr_scal(t->h, cp, n, sc.p, v.dx.p, incx); break;
    case M_SCAL_REAL: st = hr_scal_real(t->h, cp, n, sc.p, v.dx.p, incx); break;
    case M_COPY: st = hr_copy(t->h, cp, n, v.dx.p, incx, v.dy.p, incy); break;
    case M_SWAP: st = hr_swap(t->h, cp, n, v.dx.p, incx, v.dy.p, incy); break;
    case M_ROT:
        st = hr_rot(t->h, cp, n, v.dx.p, incx, v.dy.p, incy, sc.p, sslot_at(&sc, 1));
        break;
    case M_ROT_REAL:
        st = hr_rot_real(t->h, cp, n, v.dx.p, incx, v.dy.p, incy, sc.p, sslot_at(&sc, 1));
        break;
    default: break;
    }
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s", d, gblas_last_error(t->h));
    dbuf_download(t, &v.dx, v.gx);
    dbuf_download(t, &v.dy, v.gy);
    cx_check_gaps(d, v.gx, v.x, n, incx);
    cx_check_gaps(d, v.gy, v.y, n, incy);
    const lcx alpha = {sv[0], sv[1]}, s = {sv[1], sv[2]};
    const int scal = r == M_SCAL || r == M_SCAL_REAL;
    for (int64_t i = 0; i < n; i++) {
        const lcx x = cx_elem(v.x, n, incx, i), y = cx_elem(v.y, n, incy, i);
        const lcx gx = cx_elem(v.gx, n, incx, i), gy = cx_elem(v.gy, n, incy, i);
        lcx wx = x, wy = y; /* what x and y should hold */
        long double sx = 0, sy = 0; /* their scales */
        int exact = 0;
        switch (r) {
        case M_AXPY: {
            const lcx ax = mul(alpha, x);
            wy = (lcx){y.re + ax.re, y.im + ax.im};
            sy = mag(alpha) * mag(x) + mag(y);
            if (alpha.re == 0 && alpha.im == 0) { /* returns at once: y untouched */
                wy = y;
                exact = 1;
            }
            break;
        }
        case M_SCAL:
            wx = mul(alpha, x);
            sx = mag(alpha) * mag(x);
            break;
        case M_SCAL_REAL:
            wx = (lcx){alpha.re * x.re, alpha.re * x.im};
            sx = fabsl(alpha.re) * mag(x);
            break;
        case M_COPY: wy = x; exact = 1; break;
        case M_SWAP: wx = y; wy = x; exact = 1; break;
        case M_ROT: {
            const lcx a = mul(s, y), b = mulc(s, x);
            wx = (lcx){sv[0] * x.re + a.re, sv[0] * x.im + a.im};
            wy = (lcx){sv[0] * y.re - b.re, sv[0] * y.im - b.im};
            sx = fabsl(sv[0]) * mag(x) + mag(s) * mag(y);
            sy = fabsl(sv[0]) * mag(y) + mag(s) * mag(x);
            break;
        }
        case M_ROT_REAL:
            wx = (lcx){sv[0] * x.re + sv[1] * y.re, sv[0] * x.im + sv[1] * y.im};
            wy = (lcx){sv[0] * y.re - sv[1] * x.re, sv[0] * y.im - sv[1] * x.im};
            sx = fabsl(sv[0]) * mag(x) + fabsl(sv[1]) * mag(y);
            sy = fabsl(sv[0]) * mag(y) + fabsl(sv[1]) * mag(x);
            break;
        default: break;
        }
        if (scal && incx < 0) { /* the reference returns at once */
            wx = x;
            exact = 1;
        } else if (scal && (r == M_SCAL ? alpha.re == 0 && alpha.im == 0 : alpha.re == 0)) {
            wx = (lcx){0, 0}; /* exact zeros, NaN and Inf included */
            exact = 1;
        }
        if (exact) {
            cr_assert(same_bits(gx.re, wx.re) && same_bits(gx.im, wx.im) &&
                          same_bits(gy.re, wy.re) && same_bits(gy.im, wy.im),
                      "%s: element %lld: x = (%g, %g), y = (%g, %g), want (%Lg, %Lg), (%Lg, %Lg)",
                      d, (long long)i, (double)gx.re, (double)gx.im, (double)gy.re,
                      (double)gy.im, wx.re, wx.im, wy.re, wy.im);
            continue;
        }
        if (r != M_AXPY)
            cx_expect(d, "x", i, rp, gx.re, gx.im, wx, sx, 2);
        else
            cr_assert(same_bits(gx.re, x.re) && same_bits(gx.im, x.im), "%s: x[%lld] changed", d,
                      (long long)i);
        if (!scal) cx_expect(d, "y", i, rp, gy.re, gy.im, wy, sy, 2);
    }
    double back[3];
    sslot_get(&sc, back);
    for (int k = 0; k < 3; k++)
        cr_assert(same_bits(back[k], sv[k]), "%s: scalar %d changed", d, k);
    sslot_free(&sc);
    pair_free(t, &v);
}

/* Every size x increment pair x precision (large sizes: three pairs), variant cycling. */
static void run_map(hctx *t, map_routine r) {
    int variant = 0;
    for (int pi = 0; pi < 2; pi++)
        for (size_t s = 0; s < NSIZES; s++)
            for (int a = 0; a < NINCS; a++)
                for (int b = 0; b < NINCS; b++) {
                    if (SIZES[s] > LARGE && !(a == b || (a == 1 && b == 3))) continue;
                    map_case(t, RPRECS[pi], r, SIZES[s], INCS[a], INCS[b], variant++);
                }
}

BACKEND_TEST(complex_map, axpy) {
    hctx t;
    harness_open(&t, hc);
    run_map(&t, M_AXPY);
    harness_close(&t);
}

BACKEND_TEST(complex_map, scal_and_scal_real) {
    hctx t;
    harness_open(&t, hc);
    run_map(&t, M_SCAL);
    run_map(&t, M_SCAL_REAL);
    harness_close(&t);
}

BACKEND_TEST(complex_map, copy_and_swap) {
    hctx t;
    harness_open(&t, hc);
    run_map(&t, M_COPY);
    run_map(&t, M_SWAP);
    harness_close(&t);
}

BACKEND_TEST(complex_map, rot_and_rot_real) {
    hctx t;
    harness_open(&t, hc);
    run_map(&t, M_ROT);
    run_map(&t, M_ROT_REAL);
    harness_close(&t);
}
