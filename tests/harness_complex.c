/* harness_complex.c: complex vectors for the c and z tests (harness_complex.h). */
#include "harness_complex.h"

#include <math.h>
#include <stdlib.h>

prec_t cx_prec(prec_t rp) { return rp == PREC_S ? PREC_C : PREC_Z; }

double *cx_strided(prec_t rp, const char *tag, int64_t n, int64_t inc, int64_t salt) {
    const int64_t len = vec_len(n, inc);
    double *v = hbuf(2 * len);
    for (int64_t j = 0; j < 2 * len; j++) v[j] = gap_value(j);
    rng_t r = rng_for(tag, rp, n, inc, salt);
    for (int64_t i = 0; i < n; i++) {
        double *e = cx_at(v, n, inc, i);
        e[0] = rng_value(&r, rp);
        e[1] = rng_value(&r, rp);
    }
    return v;
}

double *cx_at(double *v, int64_t n, int64_t inc, int64_t i) {
    return v + 2 * vec_index(n, inc, i);
}

lcx cx_elem(const double *v, int64_t n, int64_t inc, int64_t i) {
    const double *e = v + 2 * vec_index(n, inc, i);
    return (lcx){e[0], e[1]};
}

void cx_put_specials(double *v, int64_t n, int64_t inc, int64_t salt) {
    static const double special[4] = {NAN, NAN, INFINITY, -INFINITY};
    for (int k = 0; k < 4 && k < n; k++)
        cx_at(v, n, inc, (salt + k * n / 4) % n)[k % 2] = special[k];
}

void cx_check_gaps(const char *desc, const double *got, const double *before, int64_t n,
                   int64_t inc) {
    const int64_t len = vec_len(n, inc), a = inc < 0 ? -inc : inc;
    for (int64_t j = 0; j < len; j++)
        if (n == 0 || j % a != 0 || j / a >= n)
            for (int part = 0; part < 2; part++)
                cr_assert(same_bits(got[2 * j + part], before[2 * j + part]),
                          "%s: slot %lld (%s part) off the vector changed to %g", desc,
                          (long long)j, part ? "imaginary" : "real", got[2 * j + part]);
}

void cx_expect(const char *desc, const char *what, int64_t i, prec_t rp, double got_re,
               double got_im, lcx ref, long double scale, int64_t k) {
    cr_assert(matches_ref(rp, got_re, ref.re, scale, k) &&
                  matches_ref(rp, got_im, ref.im, scale, k),
              "%s: %s[%lld] = (%.17g, %.17g), want (%.17Lg, %.17Lg)", desc, what, (long long)i,
              got_re, got_im, ref.re, ref.im);
}
