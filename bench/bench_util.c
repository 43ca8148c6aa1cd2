/* bench_util.c: small helpers of gblas-bench: the monotonic clock, the median, random host
 * data (uniform in [BENCH_DATA_MIN, BENCH_DATA_MAX), never zero, a function of the element
 * index and the seed so every backend fills the same values), and gblas error text. */
#include <stdlib.h>
#include <time.h>

#include "bench.h"

double bench_now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

static int cmp_double(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *v, int n) {
    if (n <= 0) return -1;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* splitmix64 of (seed, index): the same hash as the GPU fill kernel. */
static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void bench_fill_host(void *p, int64_t elems, size_t elem_size, uint64_t seed) {
    const uint64_t base = seed * 0x9e3779b97f4a7c15ULL;
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < elems; i++) {
        const double u = (double)(mix(base + (uint64_t)i) >> 11) * 0x1p-53;
        const double v = BENCH_DATA_MIN + (BENCH_DATA_MAX - BENCH_DATA_MIN) * u;
        if (elem_size == sizeof(float))
            ((float *)p)[i] = (float)v;
        else
            ((double *)p)[i] = v;
    }
}

const char *bench_gblas_error(gblas_handle_t h, gblas_status_t s) {
    const char *msg = gblas_last_error(h);
    return msg && *msg ? msg : gblas_status_string(s);
}
