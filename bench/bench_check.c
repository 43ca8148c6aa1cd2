/* bench_check.c: compares gblas's output of a case with the reference's, elementwise, within
 * a tolerance scaled with the data and the reduction length: |g - r| <= 16 eps sqrt(k) S, with
 * S the largest possible |sum of terms| of one output for inputs in [BENCH_DATA_MIN,
 * BENCH_DATA_MAX). sqrt(k) rather than k: both sides reduce in blocks or trees, and the worst
 * case bound k eps says nothing at k = 2^28. Elements outside a strided output (the gaps of
 * inc = 2) are compared too: both sides must leave them as they were. An index (I_AMAX,
 * I_AMIN) must be equal. A complex output is compared part by part, each part's sum having
 * the terms complex_model counts. */
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
    /* The other products: terms of one output at most the band's 2k + 1 (kl = ku = k) or n. */
    case BENCH_GBMV:
        *k = fmin(2 * (double)c->k + 1, c->trans[0] == 'T' ? (double)c->m : n);
        *s = fabs(BENCH_GBMV_ALPHA) * *k * v * v + fabs(BENCH_GBMV_BETA) * v;
        break;
    case BENCH_SYMV:
        *k = n, *s = fabs(BENCH_SYMV_ALPHA) * n * v * v + fabs(BENCH_SYMV_BETA) * v;
        break;
    case BENCH_SBMV:
        *k = fmin(2 * (double)c->k + 1, n);
        *s = fabs(BENCH_SBMV_ALPHA) * *k * v * v + fabs(BENCH_SBMV_BETA) * v;
        break;
    case BENCH_SPMV:
        *k = n, *s = fabs(BENCH_SPMV_ALPHA) * n * v * v + fabs(BENCH_SPMV_BETA) * v;
        break;
    /* Triangular routines (TRMM, TRSM and its batch too: t.n is A's order), on
     * bench_tri_body.h's conditioned A: each row of op(A) has k terms (n, band k + 1) and
     * off-diagonals summing to less than rho in magnitude. Products:
     * op(A) row-stochastic, all terms positive, |output| <= v. Solves: op(A)^-1 nonnegative
     * with unit row sums, so |x| <= v and the rounding of each row (terms bounded by |op(A)|
     * |x| <= (1 + 2 rho) v: diagonal 1 + rho, off-diagonals rho) reaches x unamplified. With
     * diag U (no such case in the lists) the diagonal is 1: products up to (1 + rho) v; solves
     * |x| <= v / (1 - rho), rounding amplified up to 1 / (1 - rho). */
    case BENCH_TRMV:
    case BENCH_TBMV:
    case BENCH_TPMV:
    case BENCH_TRSV:
    case BENCH_TBSV:
    case BENCH_TPSV:
    case BENCH_TRMM:
    case BENCH_TRSM:
    case BENCH_TRSM_BATCHED: {
        const double rho = BENCH_TRI_RHO;
        bench_tri t;
        bench_case_tri(c, &t);
        const int unit = t.unit;
        *k = t.storage == BENCH_TRI_BAND ? fmin((double)c->k + 1, n) : (double)t.n;
        if (!t.solve)
            *s = unit ? (1 + rho) * v : v;
        else
            *s = unit ? (1 + rho) * v / ((1 - rho) * (1 - rho)) : (1 + 2 * rho) * v;
        break;
    }
    /* Rank updates: A + alpha x y^T (+ alpha y x^T), 2 or 3 terms. */
    case BENCH_GER: *k = 2, *s = fabs(BENCH_GER_ALPHA) * v * v + v; break;
    case BENCH_SYR: *k = 2, *s = fabs(BENCH_SYR_ALPHA) * v * v + v; break;
    case BENCH_SPR: *k = 2, *s = fabs(BENCH_SPR_ALPHA) * v * v + v; break;
    case BENCH_SYR2: *k = 3, *s = 2 * fabs(BENCH_SYR2_ALPHA) * v * v + v; break;
    case BENCH_SPR2: *k = 3, *s = 2 * fabs(BENCH_SPR2_ALPHA) * v * v + v; break;
    case BENCH_GEMM:
    case BENCH_GEMM_STRIDED_BATCHED:
    case BENCH_GEMM_BATCHED:
        *k = (double)c->k;
        *s = fabs(BENCH_GEMM_ALPHA) * *k * v * v + fabs(BENCH_GEMM_BETA) * v;
        break;
    /* SYMM: A's order terms (m left, n right); SYRK k, SYR2K 2k. */
    case BENCH_SYMM:
        *k = c->trans[0] == 'R' ? n : (double)c->m;
        *s = fabs(BENCH_SYMM_ALPHA) * *k * v * v + fabs(BENCH_SYMM_BETA) * v;
        break;
    case BENCH_SYRK:
        *k = (double)c->k;
        *s = fabs(BENCH_SYRK_ALPHA) * *k * v * v + fabs(BENCH_SYRK_BETA) * v;
        break;
    case BENCH_SYR2K:
        *k = 2 * (double)c->k;
        *s = fabs(BENCH_SYR2K_ALPHA) * *k * v * v + fabs(BENCH_SYR2K_BETA) * v;
        break;
    /* GEAM: two terms; in place, C's first values are data too. DGMM: one product. */
    case BENCH_GEAM: *k = 2, *s = (fabs(BENCH_GEAM_ALPHA) + fabs(BENCH_GEAM_BETA)) * v; break;
    case BENCH_DGMM: *s = v * v; break;
    default:
        *k = fmax(fmax((double)c->m, n), (double)c->k);
        *s = *k * v * v;
        break;
    }
}

/* A complex case: each real or imaginary part of an output sums k real terms of magnitude at
 * most S (a product's part is re re - im im: two terms). */
static void complex_model(const bench_case *c, double *k, double *s) {
    static const double axpy_alpha[2] = BENCH_AXPY_ALPHA_C, scal_alpha[2] = BENCH_SCAL_ALPHA_C,
                        rot_s[2] = BENCH_ROT_S_C;
    const double v = BENCH_DATA_MAX, n = (double)c->n;
    *k = 1;
    switch (bench_case_table_routine(c)) {
    case BENCH_DOTU:
    case BENCH_DOTC: *k = 2 * n, *s = 2 * n * v * v; break;
    case BENCH_NRM2: *k = 2 * n, *s = sqrt(2 * n) * v; break;
    case BENCH_ASUM: *k = 2 * n, *s = 2 * n * v; break;
    case BENCH_AXPY: *k = 3, *s = (fabs(axpy_alpha[0]) + fabs(axpy_alpha[1])) * v + v; break;
    case BENCH_SCAL: *k = 2, *s = (fabs(scal_alpha[0]) + fabs(scal_alpha[1])) * v; break;
    case BENCH_SCAL_REAL: *s = fabs(BENCH_SCAL_REAL_ALPHA) * v; break;
    case BENCH_COPY:
    case BENCH_SWAP: *s = v; break;
    case BENCH_ROT: *k = 3, *s = (fabs(BENCH_ROT_C) + fabs(rot_s[0]) + fabs(rot_s[1])) * v; break;
    case BENCH_ROT_REAL:
        *k = 2, *s = (fabs(BENCH_ROT_REAL_C) + fabs(BENCH_ROT_REAL_S)) * v;
        break;
    default: *k = n, *s = 2 * n * v * v; break; /* no other complex case: the loosest bound */
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

int bench_check(const bench_case *c, const void *out_g, const void *out_r, int64_t reals,
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
    if (bench_parts(c) == 2)
        complex_model(c, &k, &s);
    else
        tolerance_model(c, &k, &s);
    return bench_check_scaled(bench_real_prec(c), out_g, out_r, reals, k, s, worst);
}
