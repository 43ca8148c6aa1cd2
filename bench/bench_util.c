/* bench_util.c: small helpers of gblas-bench: the monotonic clock, the median, random host
 * data (uniform in [BENCH_DATA_MIN, BENCH_DATA_MAX), never zero, a function of the element
 * index and the seed so every backend fills the same values), the conditioning of a
 * triangular case's matrix on the host, the pointers of a batch, freeing a case's buffers,
 * and gblas error text. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "bench_tri_body.h"

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

/* Element i of a float (single) or double array, read and written as double. */
static double get(const void *p, int64_t i, int single) {
    return single ? (double)((const float *)p)[i] : ((const double *)p)[i];
}
static void put(void *p, int64_t i, int single, double v) {
    if (single)
        ((float *)p)[i] = (float)v;
    else
        ((double *)p)[i] = v;
}

/* The host pass of bench_tri_body.h's conditioning: every element scaled, then each diagonal
 * element set from its op(A) row's off-diagonals, rows (of every matrix of a batch) in
 * parallel. */
void bench_condition_host(const bench_case *c, bench_buffers *b) {
    bench_tri t;
    if (!bench_case_tri(c, &t) || !b->in0) return;
    const int single = c->prec == 's';
    const double f = bench_tri_factor(&t);
    const int64_t elems = bench_tri_elems(&t);
    char *const base = b->in0;
    const size_t es = single ? sizeof(float) : sizeof(double);
#pragma omp parallel for schedule(static)
    for (int64_t e = 0; e < elems * t.count; e++) put(base, e, single, f * get(base, e, single));
#pragma omp parallel for schedule(dynamic, 64)
    for (int64_t row = 0; row < t.n * t.count; row++) {
        void *const a = base + (size_t)(row / t.n * elems) * es; /* this row's matrix */
        const int64_t i = row % t.n;
        int64_t lo, hi;
        double r = 0;
        bench_tri_row(&t, i, &lo, &hi);
        for (int64_t j = lo; j < hi; j++) r += fabs(get(a, bench_tri_op_index(&t, i, j), single));
        put(a, bench_tri_index(&t, i, i), single, bench_tri_diagonal(&t, r));
    }
}

int bench_alloc_arrays(gblas_handle_t h, const bench_case *c, bench_buffers *b,
                       int (*store)(void *dst, const void *src, size_t bytes)) {
    if (!bench_case_arrays(c)) return 0;
    const size_t es = bench_elem_size(c), bytes = (size_t)c->batch * sizeof(void *);
    void **const host = malloc(bytes);
    struct {
        void **array;
        void *base;
        int64_t elems;
    } const ops[] = {{&b->arr_in0, b->in0, b->in0_elems},
                     {&b->arr_in1, b->in1, b->in1_elems},
                     {&b->arr_out[0], b->out[0], b->out_elems},
                     {&b->arr_out[1], b->out[1], b->out_elems}};
    int rc = host ? 0 : -1;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0] && rc == 0; i++) {
        if (!ops[i].base || ops[i].elems == 0) continue; /* TRSM's batch has no in1 */
        const int64_t each = ops[i].elems / c->batch;
        for (int64_t j = 0; j < c->batch; j++)
            host[j] = (char *)ops[i].base + (size_t)(j * each) * es;
        if (gblas_malloc(h, ops[i].array, bytes) != GBLAS_STATUS_SUCCESS ||
            store(*ops[i].array, host, bytes))
            rc = -1;
    }
    free(host);
    return rc;
}

void bench_free_buffers(gblas_handle_t h, bench_buffers *b) {
    void *const all[] = {b->in0,     b->in1,     b->out[0],     b->out[1],
                         b->arr_in0, b->arr_in1, b->arr_out[0], b->arr_out[1]};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) gblas_free(h, all[i]);
    memset(b, 0, sizeof *b);
}
