/* test_complex_rotg.c: CROTG and ZROTG on every backend case, the four scalars in host and
 * backend memory: a = 0, b = 0, both 0, purely real and imaginary parts, random pairs, and
 * pairs near overflow and underflow and far apart in scale (the scaled paths). The reference:
 * the long double rotation c = |a| / h, s = sgn(a) conj(b) / h, r = sgn(a) h, h = sqrt(|a|^2 +
 * |b|^2) (c = 0, s = conj(b) / |b|, r = |b| for a = 0), each part within a few units of
 * rounding of its magnitude; b comes back unchanged. */
#include <math.h>
#include <stdio.h>

#include "harness_complex.h"

static const prec_t RPRECS[] = {PREC_S, PREC_D};
static const gblas_pointer_mode_t MODES[] = {GBLAS_POINTER_MODE_HOST, GBLAS_POINTER_MODE_DEVICE};

/* (a, b) pairs; big and tiny scale some (by 2^+-100 in c, 2^+-900 in z). */
enum { PLAIN, BIG_A, BIG_B, TINY_A, TINY_B, BIG_BOTH, TINY_BOTH };
static const struct {
    double a[2], b[2];
    int scale;
} CASES[] = {
    {{0, 0}, {0, 0}, PLAIN},         {{0.5, -0.25}, {0, 0}, PLAIN},
    {{0, 0}, {0.75, 0}, PLAIN},      {{0, 0}, {0, -0.5}, PLAIN},
    {{0, 0}, {0.375, -0.625}, PLAIN}, {{0.6, 0}, {0.8, 0}, PLAIN},
    {{0.6, 0.2}, {-0.3, 0.9}, PLAIN}, {{0, 1}, {1, 0}, PLAIN},
    {{-0.7, 0.1}, {0.05, 0.02}, PLAIN}, {{1e-3, 0}, {0.5, 0.5}, PLAIN},
    {{0.6, 0.2}, {-0.3, 0.9}, BIG_A},  {{0.6, 0.2}, {-0.3, 0.9}, BIG_B},
    {{0.6, 0.2}, {-0.3, 0.9}, TINY_A}, {{0.6, 0.2}, {-0.3, 0.9}, TINY_B},
    {{0.6, 0.2}, {-0.3, 0.9}, BIG_BOTH}, {{0.6, 0.2}, {-0.3, 0.9}, TINY_BOTH},
    {{0, 0}, {0.3, -0.4}, BIG_B},     {{0, 0}, {0.3, -0.4}, TINY_B},
};
#define NCASES (sizeof CASES / sizeof CASES[0])

static void rotg_case(hctx *t, prec_t rp, gblas_pointer_mode_t mode, size_t k) {
    const double big = rp == PREC_S ? 0x1p100 : 0x1p900, tiny = rp == PREC_S ? 0x1p-100 : 0x1p-900;
    const int sc = CASES[k].scale;
    const double fa = sc == BIG_A || sc == BIG_BOTH     ? big
                      : sc == TINY_A || sc == TINY_BOTH ? tiny
                                                        : 1;
    const double fb = sc == BIG_B || sc == BIG_BOTH     ? big
                      : sc == TINY_B || sc == TINY_BOTH ? tiny
                                                        : 1;
    /* the slot: a (0, 1), b (2, 3), s (4, 5), c (6); s and c poisoned */
    double v[7] = {prec_round(rp, CASES[k].a[0] * fa), prec_round(rp, CASES[k].a[1] * fa),
                   prec_round(rp, CASES[k].b[0] * fb), prec_round(rp, CASES[k].b[1] * fb),
                   poison_nan(), poison_nan(), poison_nan()};
    char d[200];
    snprintf(d, sizeof d, "[%s] %srotg a = (%g, %g), b = (%g, %g), in %s memory", t->name,
             prec_name(cx_prec(rp)), v[0], v[1], v[2], v[3], mode_name(mode));
    sslot s;
    sslot_put(&s, t, mode, rp, v, 7);
    set_mode(t, mode);
    gblas_status_t st = hr_rotg(t->h, cx_prec(rp), sslot_at(&s, 0), sslot_at(&s, 2),
                                sslot_at(&s, 6), sslot_at(&s, 4));
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s", d, gblas_last_error(t->h));
    double got[7];
    sslot_get(&s, got);
    sslot_free(&s);

    const lcx a = {v[0], v[1]}, b = {v[2], v[3]};
    const long double na = hypotl(a.re, a.im), nb = hypotl(b.re, b.im), h = hypotl(na, nb);
    lcx r, sv;
    long double c;
    if (nb == 0) {
        c = 1;
        sv = (lcx){0, 0};
        r = a;
    } else if (na == 0) {
        c = 0;
        sv = (lcx){b.re / nb, -b.im / nb};
        r = (lcx){nb, 0};
    } else {
        const lcx sgn = {a.re / na, a.im / na};
        c = na / h;
        sv = (lcx){(sgn.re * b.re + sgn.im * b.im) / h, (sgn.im * b.re - sgn.re * b.im) / h};
        r = (lcx){sgn.re * h, sgn.im * h};
    }
    cr_assert(same_bits(got[2], v[2]) && same_bits(got[3], v[3]), "%s: b changed to (%g, %g)", d,
              got[2], got[3]);
    cx_expect(d, "r", 0, rp, got[0], got[1], r, h, 8);
    cx_expect(d, "s", 0, rp, got[4], got[5], sv, 1, 8);
    cr_assert(within_tol(rp, got[6], c, 1, 8), "%s: c = %.17g, want %.17Lg", d, got[6], c);
}

BACKEND_TEST(complex_rotg, cases) {
    hctx t;
    harness_open(&t, hc);
    for (int pi = 0; pi < 2; pi++)
        for (int m = 0; m < 2; m++)
            for (size_t k = 0; k < NCASES; k++) rotg_case(&t, RPRECS[pi], MODES[m], k);
    harness_close(&t);
}

/* Random pairs with random exponents: every scaling branch, against the same reference. */
BACKEND_TEST(complex_rotg, random_scales) {
    hctx t;
    harness_open(&t, hc);
    for (int pi = 0; pi < 2; pi++) {
        const prec_t rp = RPRECS[pi];
        const int span = rp == PREC_S ? 120 : 1000;
        rng_t g = rng_for("cx-rotg", pi, 0, 0, 0);
        for (int k = 0; k < 200; k++) {
            const double ea = ldexp(1, (int)rng_range(&g, -span, span));
            const double eb = ldexp(1, (int)rng_range(&g, -span, span));
            double v[7] = {prec_round(rp, rng_value(&g, rp) * ea),
                           prec_round(rp, rng_value(&g, rp) * ea),
                           prec_round(rp, rng_value(&g, rp) * eb),
                           prec_round(rp, rng_value(&g, rp) * eb), 0, 0, 0};
            sslot s;
            const gblas_pointer_mode_t mode = MODES[k % 2];
            sslot_put(&s, &t, mode, rp, v, 7);
            set_mode(&t, mode);
            gblas_status_t st = hr_rotg(t.h, cx_prec(rp), sslot_at(&s, 0), sslot_at(&s, 2),
                                        sslot_at(&s, 6), sslot_at(&s, 4));
            set_mode(&t, GBLAS_POINTER_MODE_HOST);
            cr_assert(st == GBLAS_STATUS_SUCCESS, "%s", gblas_last_error(t.h));
            double got[7];
            sslot_get(&s, got);
            sslot_free(&s);
            const long double na = hypotl(v[0], v[1]), nb = hypotl(v[2], v[3]);
            const long double h = hypotl(na, nb);
            if (na == 0 || nb == 0) continue; /* rounded to zero: cases covers those */
            const lcx sgn = {v[0] / na, v[1] / na};
            const lcx r = {sgn.re * h, sgn.im * h};
            const lcx sv = {(sgn.re * v[2] + sgn.im * v[3]) / h,
                            (sgn.im * v[2] - sgn.re * v[3]) / h};
            char d[200];
            snprintf(d, sizeof d, "[%s] %srotg a = (%g, %g), b = (%g, %g), in %s memory", t.name,
                     prec_name(cx_prec(rp)), v[0], v[1], v[2], v[3], mode_name(mode));
            cx_expect(d, "r", 0, rp, got[0], got[1], r, h, 8);
            cx_expect(d, "s", 0, rp, got[4], got[5], sv, 1, 8);
            cr_assert(within_tol(rp, got[6], na / h, 1, 8), "%s: c = %.17g, want %.17Lg", d,
                      got[6], na / h);
        }
    }
    harness_close(&t);
}
