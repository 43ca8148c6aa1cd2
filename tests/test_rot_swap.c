/* test_rot_swap.c: SWAP, ROT, ROTM in s and d on every backend case; sizes 0 to 300007,
 * increments 1, 2, -1, -3, c, s and param (every flag) in host and backend memory. Long double
 * references with the scaled bound, NaN and Inf propagating as in the reference's arithmetic,
 * param entries a flag implies set to NaN (never read), gaps and flag -2 bit for bit. Aliasing:
 * SWAP(x, x) changes nothing, ROT(x, x) leaves c x - s x (y's update is stored last). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_blas.h"

static const int64_t SIZES[] = {0, 1, 2, 3, 7, 33, 100, 257, 1000, 4097, 131073, 300007};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])
#define LARGE 100000 /* sizes above run with fewer increment pairs */
static const int64_t INCS[] = {1, 2, -1, -3};
#define NINCS 4
static const prec_t PRECS[] = {PREC_S, PREC_D};
static const gblas_pointer_mode_t MODES[] = {GBLAS_POINTER_MODE_HOST, GBLAS_POINTER_MODE_DEVICE};

typedef void (*pair_case_fn)(hctx *t, prec_t p, int64_t n, int64_t incx, int64_t incy, int variant);

/* Every size x increment pair x precision (large sizes: three pairs), variant cycling. */
static void run_pairs(hctx *t, pair_case_fn fn) {
    int variant = 0;
    for (int pi = 0; pi < 2; pi++)
        for (size_t s = 0; s < NSIZES; s++)
            for (int a = 0; a < NINCS; a++)
                for (int b = 0; b < NINCS; b++) {
                    if (SIZES[s] > LARGE && !(a == b || (a == 1 && b == 3))) continue;
                    fn(t, PRECS[pi], SIZES[s], INCS[a], INCS[b], variant++);
                }
}

/* Specials at a few elements of v (when it has them): NaN, -Inf, +Inf, -0. */
static void put_specials(double *v, int64_t n, int64_t inc, int64_t salt) {
    static const double special[4] = {NAN, -INFINITY, INFINITY, -0.0};
    for (int k = 0; k < 4 && k < n; k++) v[vec_index(n, inc, (salt + k * n / 4) % n)] = special[k];
}

/* Backend copies of x and y. */
typedef struct {
    double *x, *y, *gx, *gy; /* before, and got back */
    int64_t lx, ly;
    dbuf dx, dy;
} pair;

static pair pair_make(hctx *t, prec_t p, const char *tag, int64_t n, int64_t incx, int64_t incy,
                      int specials) {
    pair v;
    v.x = strided(p, tag, n, incx, incy);
    v.y = strided(p, tag, n, incy, incx + 100);
    if (specials) {
        put_specials(v.x, n, incx, 0);
        put_specials(v.y, n, incy, 1);
    }
    v.lx = vec_len(n, incx);
    v.ly = vec_len(n, incy);
    for (int64_t j = 0; j < v.lx; j++) v.x[j] = prec_round(p, v.x[j]);
    for (int64_t j = 0; j < v.ly; j++) v.y[j] = prec_round(p, v.y[j]);
    v.gx = hbuf(v.lx);
    v.gy = hbuf(v.ly);
    v.dx = dbuf_upload(t, p, v.x, v.lx);
    v.dy = dbuf_upload(t, p, v.y, v.ly);
    return v;
}

/* Downloads both vectors and checks their gaps. */
static void pair_fetch(hctx *t, pair *v, const char *d, int64_t n, int64_t incx, int64_t incy) {
    dbuf_download(t, &v->dx, v->gx);
    dbuf_download(t, &v->dy, v->gy);
    check_gaps(d, v->gx, v->x, n, incx);
    check_gaps(d, v->gy, v->y, n, incy);
}

static void pair_free(hctx *t, pair *v) {
    dbuf_free(t, &v->dx);
    dbuf_free(t, &v->dy);
    free(v->x);
    free(v->y);
    free(v->gx);
    free(v->gy);
}

/* ---- SWAP --------------------------------------------------------------------------------- */
static void swap_case(hctx *t, prec_t p, int64_t n, int64_t incx, int64_t incy, int variant) {
    char d[160];
    snprintf(d, sizeof d, "[%s] %sswap n=%lld incx=%lld incy=%lld", t->name, prec_name(p),
             (long long)n, (long long)incx, (long long)incy);
    pair v = pair_make(t, p, "swap", n, incx, incy, variant % 2);
    gblas_status_t st = hr_swap(t->h, p, n, v.dx.p, incx, v.dy.p, incy);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s", d, gblas_last_error(t->h));
    pair_fetch(t, &v, d, n, incx, incy);
    for (int64_t i = 0; i < n; i++) {
        double gx = vec_elem(v.gx, n, incx, i), gy = vec_elem(v.gy, n, incy, i);
        cr_assert(same_bits(gx, vec_elem(v.y, n, incy, i)) &&
                      same_bits(gy, vec_elem(v.x, n, incx, i)),
                  "%s: element %lld: x = %g, y = %g, want %g, %g", d, (long long)i, gx, gy,
                  vec_elem(v.y, n, incy, i), vec_elem(v.x, n, incx, i));
    }
    pair_free(t, &v);
}

/* SWAP(x, x) and ROT(x, x): one buffer for both vectors, the same increment. */
static void alias_case(hctx *t, prec_t p, gblas_pointer_mode_t mode, int64_t n, int64_t inc) {
    char d[160];
    snprintf(d, sizeof d, "[%s] %s x == y n=%lld inc=%lld c, s in %s memory", t->name,
             prec_name(p), (long long)n, (long long)inc, mode_name(mode));
    const int64_t len = vec_len(n, inc);
    double *x = strided(p, "alias", n, inc, 0), *got = hbuf(len);
    dbuf dx = dbuf_upload(t, p, x, len);
    gblas_status_t st = hr_swap(t->h, p, n, dx.p, inc, dx.p, inc);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: swap: %s", d, gblas_last_error(t->h));
    dbuf_download(t, &dx, got);
    for (int64_t j = 0; j < len; j++)
        cr_assert(same_bits(got[j], prec_round(p, x[j])), "%s: swap changed slot %lld", d,
                  (long long)j);

    const double cs[2] = {prec_round(p, 0.8), prec_round(p, -0.6)};
    sslot sc;
    sslot_put(&sc, t, mode, p, cs, 2);
    set_mode(t, mode);
    st = hr_rot(t->h, p, n, dx.p, inc, dx.p, inc, sslot_at(&sc, 0), sslot_at(&sc, 1));
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: rot: %s", d, gblas_last_error(t->h));
    dbuf_download(t, &dx, got);
    check_gaps(d, got, x, n, inc);
    for (int64_t i = 0; i < n; i++) {
        long double w = vec_elem(x, n, inc, i), cw = cs[0] * w, sw = cs[1] * w;
        cr_assert(within_tol(p, vec_elem(got, n, inc, i), cw - sw, fabsl(cw) + fabsl(sw), 1),
                  "%s: rot element %lld = %.17g, want c x - s x = %.17Lg", d, (long long)i,
                  vec_elem(got, n, inc, i), cw - sw);
    }
    sslot_free(&sc);
    dbuf_free(t, &dx);
    free(x);
    free(got);
}

BACKEND_TEST(rot_swap, swap_and_aliasing) {
    hctx t;
    harness_open(&t, hc);
    run_pairs(&t, swap_case);
    static const int64_t ns[] = {1, 2, 7, 1000, 131073};
    static const int64_t incs[] = {1, 3, -2};
    for (int pi = 0; pi < 2; pi++)
        for (int m = 0; m < 2; m++)
            for (int a = 0; a < 5; a++)
                for (int b = 0; b < 3; b++) alias_case(&t, PRECS[pi], MODES[m], ns[a], incs[b]);
    harness_close(&t);
}

/* ---- ROT ---------------------------------------------------------------------------------- */
/* (c, s): a rotation, the identity, a swap with a sign, an unnormalised pair, a random angle. */
static void rot_scalars(prec_t p, int variant, double cs[2]) {
    static const double fixed[4][2] = {{0.6, 0.8}, {1.0, 0.0}, {0.0, -1.0}, {2.5, -1.25}};
    if (variant % 5 < 4) {
        cs[0] = fixed[variant % 5][0];
        cs[1] = fixed[variant % 5][1];
    } else {
        double th = 0.37 * variant;
        cs[0] = cos(th);
        cs[1] = sin(th);
    }
    cs[0] = prec_round(p, cs[0]);
    cs[1] = prec_round(p, cs[1]);
}

static void rot_case(hctx *t, prec_t p, int64_t n, int64_t incx, int64_t incy, int variant) {
    const gblas_pointer_mode_t mode = MODES[variant % 2];
    const int specials = variant % 3 == 0;
    double cs[2];
    rot_scalars(p, variant / 2, cs);
    char d[200];
    snprintf(d, sizeof d, "[%s] %srot n=%lld incx=%lld incy=%lld c=%g s=%g%s, in %s memory",
             t->name, prec_name(p), (long long)n, (long long)incx, (long long)incy, cs[0], cs[1],
             specials ? " NaN/Inf in x, y" : "", mode_name(mode));
    pair v = pair_make(t, p, "rot", n, incx, incy, specials);
    sslot sc;
    sslot_put(&sc, t, mode, p, cs, 2);
    set_mode(t, mode);
    gblas_status_t st =
        hr_rot(t->h, p, n, v.dx.p, incx, v.dy.p, incy, sslot_at(&sc, 0), sslot_at(&sc, 1));
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s", d, gblas_last_error(t->h));
    pair_fetch(t, &v, d, n, incx, incy);
    for (int64_t i = 0; i < n; i++) {
        long double x = vec_elem(v.x, n, incx, i), y = vec_elem(v.y, n, incy, i);
        long double cx = cs[0] * x, sy = cs[1] * y, cy = cs[0] * y, sx = cs[1] * x;
        double gx = vec_elem(v.gx, n, incx, i), gy = vec_elem(v.gy, n, incy, i);
        cr_assert(matches_ref(p, gx, cx + sy, fabsl(cx) + fabsl(sy), 1),
                  "%s: x[%lld] = %.17g, want %.17Lg", d, (long long)i, gx, cx + sy);
        cr_assert(matches_ref(p, gy, cy - sx, fabsl(cy) + fabsl(sx), 1),
                  "%s: y[%lld] = %.17g, want %.17Lg", d, (long long)i, gy, cy - sx);
    }
    double back[2];
    sslot_get(&sc, back); /* c and s are inputs */
    cr_assert(same_bits(back[0], cs[0]) && same_bits(back[1], cs[1]), "%s: c or s changed", d);
    sslot_free(&sc);
    pair_free(t, &v);
}

BACKEND_TEST(rot_swap, rot) {
    hctx t;
    harness_open(&t, hc);
    run_pairs(&t, rot_case);
    harness_close(&t);
}

/* ---- ROTM --------------------------------------------------------------------------------- */
/* param for the flag: random h; the entries the flag implies hold NaN (reading one shows). */
static void rotm_param(prec_t p, int flag, rng_t *r, double param[5]) {
    param[0] = flag;
    for (int k = 1; k < 5; k++) param[k] = prec_round(p, 2 * rng_value(r, p));
    if (flag == 0) param[1] = param[4] = NAN;               /* h11 = h22 = 1 */
    if (flag == 1) param[2] = param[3] = NAN;               /* h21 = -1, h12 = 1 */
    if (flag == -2) param[1] = param[2] = param[3] = param[4] = NAN; /* the identity */
}

static void rotm_case(hctx *t, prec_t p, int64_t n, int64_t incx, int64_t incy, int variant) {
    static const int flags[4] = {-1, 0, 1, -2};
    const int flag = flags[variant % 4];
    const gblas_pointer_mode_t mode = MODES[(variant / 4) % 2];
    const int specials = variant % 3 == 0;
    rng_t r = rng_for("rotm-param", p, n, incx * 8 + incy, variant);
    double param[5];
    rotm_param(p, flag, &r, param);
    char d[200];
    snprintf(d, sizeof d, "[%s] %srotm n=%lld incx=%lld incy=%lld flag=%d%s, param in %s memory",
             t->name, prec_name(p), (long long)n, (long long)incx, (long long)incy, flag,
             specials ? " NaN/Inf in x, y" : "", mode_name(mode));
    pair v = pair_make(t, p, "rotm", n, incx, incy, specials);
    sslot sp;
    sslot_put(&sp, t, mode, p, param, 5);
    set_mode(t, mode);
    gblas_status_t st = hr_rotm(t->h, p, n, v.dx.p, incx, v.dy.p, incy, sp.p);
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s", d, gblas_last_error(t->h));
    pair_fetch(t, &v, d, n, incx, incy);
    /* H = [h11 h12; h21 h22] with the flag's implied entries */
    const long double h11 = flag == -1 || flag == 1 ? param[1] : 1, h22 = flag != 0 ? param[4] : 1;
    const long double h21 = flag == -1 || flag == 0 ? param[2] : -1, h12 = flag < 1 ? param[3] : 1;
    for (int64_t i = 0; i < n; i++) {
        double x = vec_elem(v.x, n, incx, i), y = vec_elem(v.y, n, incy, i);
        double gx = vec_elem(v.gx, n, incx, i), gy = vec_elem(v.gy, n, incy, i);
        if (flag == -2) {
            cr_assert(same_bits(gx, x) && same_bits(gy, y), "%s: element %lld changed", d,
                      (long long)i);
            continue;
        }
        long double ax = h11 * x, by = h12 * y, cx = h21 * x, dy = h22 * y;
        cr_assert(matches_ref(p, gx, ax + by, fabsl(ax) + fabsl(by), 1),
                  "%s: x[%lld] = %.17g, want %.17Lg", d, (long long)i, gx, ax + by);
        cr_assert(matches_ref(p, gy, cx + dy, fabsl(cx) + fabsl(dy), 1),
                  "%s: y[%lld] = %.17g, want %.17Lg", d, (long long)i, gy, cx + dy);
    }
    sslot_free(&sp);
    pair_free(t, &v);
}

BACKEND_TEST(rot_swap, rotm) {
    hctx t;
    harness_open(&t, hc);
    run_pairs(&t, rotm_case);
    harness_close(&t);
}
