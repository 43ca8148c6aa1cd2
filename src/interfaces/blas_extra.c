/* blas_extra.c: the reference BLAS routines outside gblas's routine table that cost little on
 * the CPU: SDSDOT and DSDOT (float vectors, the sum in double, as the reference) and the real
 * reductions of complex vectors SCASUM, SCNRM2, DZASUM, DZNRM2, composed from the real ones
 * on the interleaved real and imaginary parts. Fortran and CBLAS forms. */
#include <math.h>

#include "gblas_f77.h"
#include "interfaces/run_gen.h"

/* start + sum_i x[i] y[i], each product and the sum in double, in the reference's order. */
static double dot_in_double(int64_t n, const float *x, int64_t incx, const float *y,
                            int64_t incy, double start) {
    double sum = start;
    for (int64_t i = 0; i < n; i++)
        sum += (double)x[blas_at(i, n, incx)] * (double)y[blas_at(i, n, incy)];
    return sum;
}

float sdsdot_(const int *n, const float *sb, const float *x, const int *incx, const float *y,
              const int *incy) {
    return (float)dot_in_double(*n, x, *incx, y, *incy, *sb);
}
double dsdot_(const int *n, const float *x, const int *incx, const float *y, const int *incy) {
    return dot_in_double(*n, x, *incx, y, *incy, 0.0);
}
float cblas_sdsdot(CBLAS_INT n, float alpha, const float *x, CBLAS_INT incx, const float *y,
                   CBLAS_INT incy) {
    return (float)dot_in_double(n, x, incx, y, incy, alpha);
}
double cblas_dsdot(CBLAS_INT n, const float *x, CBLAS_INT incx, const float *y, CBLAS_INT incy) {
    return dot_in_double(n, x, incx, y, incy, 0.0);
}

/* sum_i |Re x_i| + |Im x_i|: the real parts are every 2 incx-th float from x, the imaginary
 * ones from x + 1. n <= 0 or incx <= 0 gives 0, as the reference. */
static int scasum(int64_t n, const float *x, int64_t incx, float *result) {
    float re = 0, im = 0;
    *result = 0;
    if (n <= 0 || incx <= 0) return 0;
    int info = blas_run_sasum(n, x, 2 * incx, &re);
    if (info == 0) info = blas_run_sasum(n, x + 1, 2 * incx, &im);
    *result = re + im;
    return info;
}
static int dzasum(int64_t n, const double *x, int64_t incx, double *result) {
    double re = 0, im = 0;
    *result = 0;
    if (n <= 0 || incx <= 0) return 0;
    int info = blas_run_dasum(n, x, 2 * incx, &re);
    if (info == 0) info = blas_run_dasum(n, x + 1, 2 * incx, &im);
    *result = re + im;
    return info;
}

/* sqrt(sum_i |x_i|^2) = hypot(norm of the real parts, norm of the imaginary parts), free of
 * overflow as both are; a negative incx walks backwards and 0 repeats x_0, as the reference
 * BLAS 3.10 and later. */
static int scnrm2(int64_t n, const float *x, int64_t incx, float *result) {
    float re = 0, im = 0;
    int info = blas_run_snrm2(n, x, 2 * incx, &re);
    if (info == 0) info = blas_run_snrm2(n, x + 1, 2 * incx, &im);
    *result = hypotf(re, im);
    return info;
}
static int dznrm2(int64_t n, const double *x, int64_t incx, double *result) {
    double re = 0, im = 0;
    int info = blas_run_dnrm2(n, x, 2 * incx, &re);
    if (info == 0) info = blas_run_dnrm2(n, x + 1, 2 * incx, &im);
    *result = hypot(re, im);
    return info;
}

float scasum_(const int *n, const void *x, const int *incx) {
    float r;
    blas_fortran_report("SCASUM", scasum(*n, x, *incx, &r));
    return r;
}
float scnrm2_(const int *n, const void *x, const int *incx) {
    float r;
    blas_fortran_report("SCNRM2", scnrm2(*n, x, *incx, &r));
    return r;
}
double dzasum_(const int *n, const void *x, const int *incx) {
    double r;
    blas_fortran_report("DZASUM", dzasum(*n, x, *incx, &r));
    return r;
}
double dznrm2_(const int *n, const void *x, const int *incx) {
    double r;
    blas_fortran_report("DZNRM2", dznrm2(*n, x, *incx, &r));
    return r;
}
float cblas_scasum(CBLAS_INT n, const void *x, CBLAS_INT incx) {
    float r;
    cblas_report("cblas_scasum", 0, scasum(n, x, incx, &r));
    return r;
}
float cblas_scnrm2(CBLAS_INT n, const void *x, CBLAS_INT incx) {
    float r;
    cblas_report("cblas_scnrm2", 0, scnrm2(n, x, incx, &r));
    return r;
}
double cblas_dzasum(CBLAS_INT n, const void *x, CBLAS_INT incx) {
    double r;
    cblas_report("cblas_dzasum", 0, dzasum(n, x, incx, &r));
    return r;
}
double cblas_dznrm2(CBLAS_INT n, const void *x, CBLAS_INT incx) {
    double r;
    cblas_report("cblas_dznrm2", 0, dznrm2(n, x, incx, &r));
    return r;
}
