/* test_cuda_cublas_level2_tri.c: the CUDA backend's TRMV, TBMV, TPMV, TRSV, TBSV and TPSV against
 * cuBLAS (64-bit API) on random cases per routine and precision: n log-uniform up to 3000, every
 * uplo, op and diag at random, band widths 0 to past n, lda padded, increments of either sign;
 * then band products and solves with k = 1 past the scratch's 2^24 bytes of outputs (the band
 * product's output groups) and past 2^16 rows of chained solve blocks. Both results lie within
 * the scaled bound of the exact one, so they must agree within twice it: products scale with
 * |op(A)| |x|, solves with M^-1 |op(A)| |x| (M the comparison matrix of op(A)). The solves'
 * triangles have diagonals +-[1, 2) and off-diagonals scaled by 2^-ceil(log2(w + 1)). */
#include <cublas_v2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_cuda.h"

typedef enum { ST_FULL, ST_BAND, ST_PACKED } storage_t;
static const char *const ST_NAME[] = {"tr", "tb", "tp"};
static const int64_t INCS[] = {1, 2, 3, -1, -3, 5};

typedef struct {
    storage_t st;
    int solve, upper;
    gblas_operation_t op;
    int unit;
    int64_t n, k, lda;
} tri_args;

static int64_t held(const tri_args *a) {
    if (a->st != ST_BAND || a->k >= a->n) return a->n - 1;
    return a->k;
}
static int64_t storage_len(const tri_args *a) {
    return a->st == ST_PACKED ? a->n * (a->n + 1) / 2 : a->lda * a->n;
}
static int stored(const tri_args *a, int64_t i, int64_t j) {
    int64_t d = a->upper ? j - i : i - j;
    return d >= 0 && d <= held(a);
}
static int64_t slot(const tri_args *a, int64_t i, int64_t j) {
    if (a->st == ST_FULL) return i + j * a->lda;
    if (a->st == ST_BAND) return (a->upper ? a->k + i - j : i - j) + j * a->lda;
    return a->upper ? i + j * (j + 1) / 2 : i + (2 * a->n - j - 1) * j / 2;
}
static double op_elem(const tri_args *a, const double *A, int64_t o, int64_t q) {
    int64_t i = a->op == GBLAS_OP_N ? o : q, j = a->op == GBLAS_OP_N ? q : o;
    if (!stored(a, i, j)) return 0;
    return i == j && a->unit ? 1 : A[slot(a, i, j)];
}
static int below(const tri_args *a) { return !a->upper == (a->op == GBLAS_OP_N); }
static void op_range(const tri_args *a, int64_t o, int64_t *lo, int64_t *hi) {
    int64_t w = held(a);
    *lo = below(a) ? (o > w ? o - w : 0) : o;
    *hi = below(a) ? o : (a->n - 1 - o > w ? o + w : a->n - 1);
}

/* Random A (zeros off the referenced elements), scaled for solves as the file's comment says. */
static double *make_a(const tri_args *a, prec_t p, rng_t *r) {
    int64_t len = storage_len(a);
    double *A = hbuf(len), off = 1;
    if (a->solve)
        while (off * (double)(held(a) + 1) > 1) off /= 2;
    for (int64_t j = 0; j < a->n; j++) {
        int64_t lo = a->upper ? (j > held(a) ? j - held(a) : 0) : j;
        int64_t hi = a->upper ? j : (a->n - 1 - j > held(a) ? j + held(a) : a->n - 1);
        for (int64_t i = lo; i <= hi; i++) {
            double v = rng_value(r, p);
            if (i != j) v *= off;
            else if (a->solve) v = (v < 0 ? -1 : 1) * (1 + fabs(v));
            A[slot(a, i, j)] = prec_round(p, v);
        }
    }
    return A;
}

/* The scale of each element of x (element order): |op(A)| |x| for products (x the input),
 * M^-1 |op(A)| |x| for solves (x the cuBLAS solution). */
static long double *scales(const tri_args *a, const double *A, const double *x) {
    int64_t n = a->n;
    long double *s = calloc((size_t)n, sizeof *s), *y = calloc((size_t)n, sizeof *y);
    cr_assert(s && y);
    for (int64_t o = 0; o < n; o++) {
        int64_t lo, hi;
        op_range(a, o, &lo, &hi);
        for (int64_t q = lo; q <= hi; q++) s[o] += fabsl((long double)op_elem(a, A, o, q) * x[q]);
    }
    if (!a->solve) {
        free(y);
        return s;
    }
    for (int64_t c = 0; c < n; c++) { /* M y = s by substitution */
        int64_t o = below(a) ? c : n - 1 - c, lo, hi;
        op_range(a, o, &lo, &hi);
        long double t = s[o];
        for (int64_t q = lo; q <= hi; q++)
            if (q != o) t += fabsl((long double)op_elem(a, A, o, q)) * y[q];
        y[o] = t / fabsl((long double)op_elem(a, A, o, o));
    }
    free(s);
    return y;
}

static cublasStatus_t cublas_call(cublasHandle_t cb, prec_t p, const tri_args *a, const void *A,
                                  void *x, int64_t incx) {
    cublasFillMode_t u = a->upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
    cublasOperation_t o = a->op == GBLAS_OP_N   ? CUBLAS_OP_N
                          : a->op == GBLAS_OP_T ? CUBLAS_OP_T
                                                : CUBLAS_OP_C;
    cublasDiagType_t d = a->unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
    int64_t n = a->n, k = a->k, lda = a->lda;
    cublasStatus_t st;
    if (p == PREC_S) {
        switch (a->st * 2 + a->solve) {
        case 0: st = cublasStrmv_64(cb, u, o, d, n, A, lda, x, incx); break;
        case 1: st = cublasStrsv_64(cb, u, o, d, n, A, lda, x, incx); break;
        case 2: st = cublasStbmv_64(cb, u, o, d, n, k, A, lda, x, incx); break;
        case 3: st = cublasStbsv_64(cb, u, o, d, n, k, A, lda, x, incx); break;
        case 4: st = cublasStpmv_64(cb, u, o, d, n, A, x, incx); break;
        default: st = cublasStpsv_64(cb, u, o, d, n, A, x, incx); break;
        }
    } else {
        switch (a->st * 2 + a->solve) {
        case 0: st = cublasDtrmv_64(cb, u, o, d, n, A, lda, x, incx); break;
        case 1: st = cublasDtrsv_64(cb, u, o, d, n, A, lda, x, incx); break;
        case 2: st = cublasDtbmv_64(cb, u, o, d, n, k, A, lda, x, incx); break;
        case 3: st = cublasDtbsv_64(cb, u, o, d, n, k, A, lda, x, incx); break;
        case 4: st = cublasDtpmv_64(cb, u, o, d, n, A, x, incx); break;
        default: st = cublasDtpsv_64(cb, u, o, d, n, A, x, incx); break;
        }
    }
    return st;
}

/* x = op(A) x in long double on the host, element order: the reference of the long band
 * products, whose n is past what cuBLAS's TBMV allocates for (CUBLAS_STATUS_ALLOC_FAILED on
 * the H200 at n = 2^23 + 5 floats). */
static void host_product(const tri_args *a, const double *A, const double *xe, double *out) {
    for (int64_t o = 0; o < a->n; o++) {
        int64_t lo, hi;
        op_range(a, o, &lo, &hi);
        long double t = 0;
        for (int64_t q = lo; q <= hi; q++) t += (long double)op_elem(a, A, o, q) * xe[q];
        out[o] = (double)t;
    }
}

static gblas_status_t gblas_call(hctx *t, prec_t p, const tri_args *a, const void *A, void *x,
                                 int64_t incx) {
    gblas_fill_mode_t u = a->upper ? GBLAS_FILL_MODE_UPPER : GBLAS_FILL_MODE_LOWER;
    gblas_diag_type_t d = a->unit ? GBLAS_DIAG_UNIT : GBLAS_DIAG_NON_UNIT;
    switch (a->st * 2 + a->solve) {
    case 0: return hr_trmv(t->h, p, u, a->op, d, a->n, A, a->lda, x, incx);
    case 1: return hr_trsv(t->h, p, u, a->op, d, a->n, A, a->lda, x, incx);
    case 2: return hr_tbmv(t->h, p, u, a->op, d, a->n, a->k, A, a->lda, x, incx);
    case 3: return hr_tbsv(t->h, p, u, a->op, d, a->n, a->k, A, a->lda, x, incx);
    case 4: return hr_tpmv(t->h, p, u, a->op, d, a->n, A, x, incx);
    default: return hr_tpsv(t->h, p, u, a->op, d, a->n, A, x, incx);
    }
}

/* Runs one case on both libraries and compares every element (element order). */
static void cross_check(hctx *t, cublasHandle_t cb, prec_t p, const tri_args *a, int64_t incx,
                        rng_t *r) {
    char d[200];
    snprintf(d, sizeof d, "%s%s%s uplo=%c %s diag=%c n=%lld k=%lld lda=%lld incx=%lld",
             prec_name(p), ST_NAME[a->st], a->solve ? "sv" : "mv", a->upper ? 'U' : 'L',
             op_name(a->op), a->unit ? 'U' : 'N', (long long)a->n, (long long)a->k,
             (long long)a->lda, (long long)incx);
    int64_t n = a->n, la = storage_len(a), lx = vec_len(n, incx);
    double *A = make_a(a, p, r), *x = hbuf(lx), *g = hbuf(lx), *c = hbuf(lx);
    double *xe = hbuf(n), *ce = hbuf(n);
    rng_fill(r, p, x, lx);
    void *dA = cuda_from_host(p, A, (size_t)la), *gx = cuda_from_host(p, x, (size_t)lx);
    void *cx = cuda_from_host(p, x, (size_t)lx);
    EXPECT_OK(t->h, gblas_call(t, p, a, dA, gx, incx));
    const cublasStatus_t cst = cublas_call(cb, p, a, dA, cx, incx);
    cr_assert(cst == CUBLAS_STATUS_SUCCESS || (cst == CUBLAS_STATUS_ALLOC_FAILED && !a->solve),
              "%s: cuBLAS status %d", d, (int)cst);
    CUDA_OK(cudaDeviceSynchronize());
    cuda_to_host(p, gx, (size_t)lx, g);
    cuda_to_host(p, cx, (size_t)lx, c);
    for (int64_t e = 0; e < n; e++) {
        xe[e] = x[vec_index(n, incx, e)];
        ce[e] = c[vec_index(n, incx, e)];
    }
    if (cst != CUBLAS_STATUS_SUCCESS) host_product(a, A, xe, ce);
    long double *s = scales(a, A, a->solve ? ce : xe);
    for (int64_t e = 0; e < n; e++) {
        double ge = g[vec_index(n, incx, e)];
        cr_assert(within_tol(p, ge, ce[e], 2 * s[e], held(a) + 1),
                  "%s: x[%lld]: gblas %.17g, cuBLAS %.17g (scale %.3Lg)", d, (long long)e, ge,
                  ce[e], s[e]);
    }
    CUDA_OK(cudaFree(dA));
    CUDA_OK(cudaFree(gx));
    CUDA_OK(cudaFree(cx));
    free(A);
    free(x);
    free(g);
    free(c);
    free(xe);
    free(ce);
    free(s);
}

static int64_t log_size(rng_t *r, int64_t max) {
    double u = (rng_value(r, PREC_D) + 1) / 2;
    return (int64_t)floor(exp(u * log((double)max + 1))) - 1;
}

Test(cuda, cublas_level2_tri, .timeout = 600) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb;
    CUBLAS_OK(cublasCreate(&cb));
    CUBLAS_OK(cublasSetMathMode(cb, CUBLAS_PEDANTIC_MATH));
    static const gblas_operation_t ops[] = {GBLAS_OP_N, GBLAS_OP_T, GBLAS_OP_C};
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = pi ? PREC_D : PREC_S;
        rng_t r = rng_for("cublas-tri", p, 0, 0, 0);
        for (int c = 0; c < 240; c++) {
            tri_args a = {(storage_t)(c % 3), (c / 3) % 2, (int)rng_range(&r, 0, 1),
                          ops[rng_range(&r, 0, 2)], (int)rng_range(&r, 0, 1),
                          c < 12 ? 1 + c / 6 : 1 + log_size(&r, 3000), 0, 0};
            a.k = rng_range(&r, 0, 3) == 0 ? a.n + rng_range(&r, 0, 5) : log_size(&r, a.n);
            a.lda = a.st == ST_FULL ? a.n + rng_range(&r, 0, 3)
                    : a.st == ST_BAND ? a.k + 1 + rng_range(&r, 0, 3) : 1;
            cross_check(&t, cb, p, &a, INCS[rng_range(&r, 0, 5)], &r);
        }
    }
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}

/* Band, k = 1: products over more outputs than the scratch holds at once (2^24 bytes: several
 * output groups), solves over many chained blocks; both precisions, forward and backward. */
Test(cuda, cublas_level2_tri_long_band, .timeout = 600) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb;
    CUBLAS_OK(cublasCreate(&cb));
    CUBLAS_OK(cublasSetMathMode(cb, CUBLAS_PEDANTIC_MATH));
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = pi ? PREC_D : PREC_S;
        rng_t r = rng_for("cublas-tri-long", p, 0, 0, 0);
        const int64_t n = ((int64_t)(16 << 20) / (int64_t)prec_size(p)) * 2 + 5;
        for (int c = 0; c < 4; c++) {
            tri_args a = {ST_BAND, c / 2, c % 2, c % 2 ? GBLAS_OP_N : GBLAS_OP_T, 0,
                          c / 2 ? ((int64_t)1 << 17) + 3 : n, 1, 2};
            cross_check(&t, cb, p, &a, c % 2 ? -1 : 1, &r);
        }
    }
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}
