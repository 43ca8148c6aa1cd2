/* harness_complex.h: complex vectors for the tests of the c and z routines. A complex vector
 * lives on the host as doubles, two per slot (real part, then imaginary), and in backend memory
 * as 2 len elements of its real precision (dbuf_upload of PREC_S or PREC_D), which is exactly
 * the layout of gblas_complex_float / gblas_complex_double. Increments count complex elements. */
#ifndef GBLAS_TEST_HARNESS_COMPLEX_H
#define GBLAS_TEST_HARNESS_COMPLEX_H

#include "harness_blas.h"

/* The complex precision of a real one (PREC_S -> PREC_C, PREC_D -> PREC_Z), for hr_*. */
prec_t cx_prec(prec_t rp);

/* A long double complex value of the oracles. */
typedef struct {
    long double re, im;
} lcx;

/* A random strided complex vector of n elements, increment inc: 2 vec_len(n, inc) doubles, the
 * parts of each element uniform in [-1, 1) rounded to rp, gap markers in both parts of every
 * slot off the vector. Seeded by tag, rp, n, inc and salt. Free with free(). */
double *cx_strided(prec_t rp, const char *tag, int64_t n, int64_t inc, int64_t salt);
/* Element i of the strided complex vector v, and the address of its real part. */
lcx cx_elem(const double *v, int64_t n, int64_t inc, int64_t i);
double *cx_at(double *v, int64_t n, int64_t inc, int64_t i);
/* Puts NaN and infinities into one part or the other of a few elements (when v has them):
 * NaN re, NaN im, +Inf re, -Inf im. */
void cx_put_specials(double *v, int64_t n, int64_t inc, int64_t salt);
/* Asserts that every slot off the vector came back bit for bit, both parts. */
void cx_check_gaps(const char *desc, const double *got, const double *before, int64_t n,
                   int64_t inc);
/* Asserts that both parts of got match ref (matches_ref, k terms) with scale per part. */
void cx_expect(const char *desc, const char *what, int64_t i, prec_t rp, double got_re,
               double got_im, lcx ref, long double scale, int64_t k);

#endif /* GBLAS_TEST_HARNESS_COMPLEX_H */
