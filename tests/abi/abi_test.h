/* abi_test.h: what the tests of libgblas_blas.so.3 share: a small random generator, the CPU
 * paths to run on (GBLAS_CPU_PATH, read when the library makes its handle at the first BLAS
 * call of the test's process), and matrices stored column- or row-major. */
#ifndef GBLAS_ABI_TEST_H
#define GBLAS_ABI_TEST_H

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdint.h>
#include <stdlib.h>

#include "gblas_cblas.h"
#include "gblas_f77.h"

/* Uniform in [-1, 1), rounded to float when single is set (so both precisions see exact data). */
static inline double abi_rand(uint64_t *s, int single) {
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    const double v = (double)(*s >> 11) / 4503599627370496.0 - 1.0;
    return single ? (double)(float)v : v;
}

/* The CPU paths, selected by name through GBLAS_CPU_PATH before the first BLAS call. */
#define ABI_PATHS {"reference", "avx2", "avx512"}
static inline void abi_use_path(const char *path) {
    setenv("GBLAS_CPU_PATH", path, 1);
    gblas_handle_t h;
    if (gblas_create(&h, GBLAS_BACKEND_CPU) != GBLAS_STATUS_SUCCESS)
        cr_skip_test("CPU path %s: %s", path, gblas_last_error(NULL));
    gblas_destroy(h);
}

/* Element (i, j) of a matrix stored column-major (row_major 0) or row-major, leading dim ld. */
static inline size_t abi_at(int row_major, int ld, int i, int j) {
    return row_major ? (size_t)i * ld + j : (size_t)i + (size_t)j * ld;
}

#endif /* GBLAS_ABI_TEST_H */
