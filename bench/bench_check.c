/* bench_check.c: compares gblas's output of a case with the reference's, elementwise, within
 * a tolerance scaled with the data and the reduction length: |g - r| <= 16 eps sqrt(k) S, with
 * S the largest possible |sum of terms| of one output for inputs in [BENCH_DATA_MIN,
 * BENCH_DATA_MAX). sqrt(k) rather than k: both sides reduce in blocks or trees, and the worst
 * case bound k eps says nothing at k = 2^28. Elements outside a strided output (the gaps of
 * inc = 2) are compared too: both sides must leave them as they were. An index (I_AMAX,
 * I_AMIN) must be equal. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "bench.h"

/* k: terms summed into one output element; S: bound on the magnitude of that sum. A routine
 * without a model here gets the loosest bound of a reduction over its largest dimension. */
static void tolerance_model(const bench_case *c, double *k, double *s) {
    const double v = BENCH_DATA_MAX, n = (double)c->n;
    *k = 1;
    switch (bench_case_table_routine(c)) {
    case BENCH_DOT: *k = n, *s = n * v * v; break;
    case BENCH_NRM2: *k = n, *s = sqrt(n) * v; break;
    case BENCH_ASUM: *k = n, *s = n * v; break;
    case BENCH_AXPY: *s = fabs(BENCH_AXPY_ALPHA) * v + v; break;
    case BENCH_SCAL: *s = fabs(BENCH_SCAL_ALPHA) * v; break;
    case BENCH_COPY:
    case BENCH_SWAP: *s = v; break;
    case BENCH_ROT: *k = 2, *s = (fabs(BENCH_ROT_C) + fabs(BENCH_ROT_S)) * v; break;
    case BENCH_ROTM: {
        const double p[5] = BENCH_ROTM_PARAM; /* the larger row sum of |H| */
        *k = 2, *s = fmax(fabs(p[1]) + fabs(p[3]), fabs(p[2]) + fabs(p[4])) * v;
        break;
    }
    case BENCH_GEMV:
        *k = c->trans[0] == 'T' ? (double)c->m : n;
        *s = fabs(BENCH_GEMV_ALPHA) * *k * v * v + fabs(BENCH_GEMV_BETA) * v;
        break;
    case BENCH_GEMM:
        *k = (double)c->k;
        *s = fabs(BENCH_GEMM_ALPHA) * *k * v * v + fabs(BENCH_GEMM_BETA) * v;
        break;
    default:
        *k = fmax(fmax((double)c->m, n), (double)c->k);
        *s = *k * v * v;
        break;
    }
}

int bench_check_scaled(char prec, const void *out_g, const void *out_r, int64_t elems, double k,
                       double s, double *worst) {
    const double eps = prec == 's' ? FLT_EPSILON : DBL_EPSILON;
    const double tol = 16 * eps * sqrt(k) * s;
    double w = 0;
    int ok = 1;
    for (int64_t i = 0; i < elems; i++) {
        const double g = prec == 's' ? ((const float *)out_g)[i] : ((const double *)out_g)[i];
        const double r = prec == 's' ? ((const float *)out_r)[i] : ((const double *)out_r)[i];
        const double d = fabs(g - r) / tol;
        if (!(d <= 1)) ok = 0; /* also catches NaN */
        if (d > w || d != d) w = d;
    }
    *worst = w;
    return ok;
}

int bench_check(const bench_case *c, const void *out_g, const void *out_r, int64_t elems,
                double *worst) {
    const int r = bench_case_table_routine(c);
    if (r >= 0 && bench_routine_table[r].result == 'I') {
        int64_t g, ref;
        memcpy(&g, out_g, sizeof g);
        memcpy(&ref, out_r, sizeof ref);
        *worst = fabs((double)g - (double)ref);
        return g == ref;
    }
    double k, s;
    tolerance_model(c, &k, &s);
    return bench_check_scaled(c->prec, out_g, out_r, elems, k, s, worst);
}
