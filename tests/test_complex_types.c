/* test_complex_types.c: the layout of gblas_complex_float and gblas_complex_double against C99's
 * float _Complex and double _Complex (complex.h, included here only: the public header never
 * needs it): size, alignment and the offset of each part asserted at compile time; at run time
 * the parts of a C complex value read through the gblas type, and a C complex array passed to a
 * routine by a cast (each backend case). */
#include <complex.h>
#include <stdalign.h>
#include <stddef.h>
#include <string.h>

#include "harness_blas.h"

_Static_assert(sizeof(gblas_complex_float) == sizeof(float _Complex),
               "gblas_complex_float has the size of float _Complex");
_Static_assert(alignof(gblas_complex_float) == alignof(float _Complex),
               "gblas_complex_float has the alignment of float _Complex");
_Static_assert(offsetof(gblas_complex_float, re) == 0 &&
                   offsetof(gblas_complex_float, im) == sizeof(float),
               "real part first, imaginary part next, no padding (C99 6.2.5p13)");
_Static_assert(sizeof(gblas_complex_double) == sizeof(double _Complex),
               "gblas_complex_double has the size of double _Complex");
_Static_assert(alignof(gblas_complex_double) == alignof(double _Complex),
               "gblas_complex_double has the alignment of double _Complex");
_Static_assert(offsetof(gblas_complex_double, re) == 0 &&
                   offsetof(gblas_complex_double, im) == sizeof(double),
               "real part first, imaginary part next, no padding (C99 6.2.5p13)");

Test(complex_types, parts_of_c_complex) {
    const float _Complex fz[2] = {1.5f + 2.5f * I, -3.0f - 0.25f * I};
    const double _Complex dz[2] = {4.0 - 8.0 * I, 0.5 + 1.0 * I};
    gblas_complex_float f[2];
    gblas_complex_double d[2];
    memcpy(f, fz, sizeof f);
    memcpy(d, dz, sizeof d);
    for (int i = 0; i < 2; i++) {
        cr_assert(f[i].re == crealf(fz[i]) && f[i].im == cimagf(fz[i]),
                  "float element %d: (%g, %g), want (%g, %g)", i, f[i].re, f[i].im,
                  crealf(fz[i]), cimagf(fz[i]));
        cr_assert(d[i].re == creal(dz[i]) && d[i].im == cimag(dz[i]),
                  "double element %d: (%g, %g), want (%g, %g)", i, d[i].re, d[i].im,
                  creal(dz[i]), cimag(dz[i]));
    }
}

/* A float _Complex array through gblas: copied to backend memory and scaled there by i, then
 * read back as float _Complex. */
BACKEND_TEST(complex_types, c_complex_array_through_a_routine) {
    hctx t;
    harness_open(&t, hc);
    float _Complex host[3] = {1 + 2 * I, -3 + 0.5f * I, 0.25f - 4 * I}, back[3];
    void *dev = NULL;
    EXPECT_OK(t.h, gblas_malloc(t.h, &dev, sizeof host));
    EXPECT_OK(t.h, gblas_set_vector(t.h, 3, sizeof host[0], host, 1, dev, 1));
    const float _Complex alpha = I;
    EXPECT_OK(t.h, gblas_cscal(t.h, 3, (const gblas_complex_float *)&alpha, dev, 1));
    EXPECT_OK(t.h, gblas_get_vector(t.h, 3, sizeof back[0], dev, 1, back, 1));
    for (int i = 0; i < 3; i++)
        cr_assert(back[i] == I * host[i], "[%s] element %d: (%g, %g), want (%g, %g)", t.name, i,
                  crealf(back[i]), cimagf(back[i]), crealf(I * host[i]), cimagf(I * host[i]));
    EXPECT_OK(t.h, gblas_free(t.h, dev));
    harness_close(&t);
}
