/* test_cuda_cublas_level3_tri.c: the CUDA backend's TRMM (out of place and in place), TRSM and
 * TRSM_BATCHED against cuBLAS on random cases per routine and precision: every side, uplo, op
 * and diag at random, the triangle's order log-uniform up to 1500 (several levels of the
 * recursion, GEMMs of every transpose pair), the other dimension up to 300, leading dimensions
 * padded, alpha random; then TRSM_BATCHED with more entries than one grid's 65535 rows of
 * leaves, and device pointer mode. Both results lie within the scaled bound of the exact one,
 * so they must agree within twice it: products scale with |M| |b| per line, solves with
 * M^-1 |M| |x| (M = op(A) for LEFT, op(A)^T for RIGHT, the comparison matrix in the solve).
 * The solves' triangles have diagonals +-[1, 2) and off-diagonals scaled by
 * 2^-ceil(log2(order)). */
#include <cublas_v2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_cuda.h"

typedef enum { R_TRMM, R_TRMM_IN_PLACE, R_TRSM, R_BATCHED } routine_t;
static const char *const R_NAME[] = {"trmm", "trmm(in place)", "trsm", "trsm_batched"};

typedef struct {
    routine_t r;
    int left, upper, unit;
    gblas_operation_t op;
    int64_t m, n, lda, ldb, count;
    double alpha;
} tri3_args;

static int64_t order(const tri3_args *a) { return a->left ? a->m : a->n; }
static int solve(const tri3_args *a) { return a->r >= R_TRSM; }

/* M(r, q): op(A)(r, q) for LEFT, op(A)(q, r) for RIGHT; 0 off the triangle. */
static double m_elem(const tri3_args *a, const double *A, int64_t r, int64_t q) {
    const int64_t o = a->left ? r : q, k = a->left ? q : r; /* op(A)(o, k) */
    const int64_t i = a->op == GBLAS_OP_N ? o : k, j = a->op == GBLAS_OP_N ? k : o;
    if (a->upper ? i > j : i < j) return 0;
    return i == j && a->unit ? 1 : A[i + j * a->lda];
}

/* Random A, zeros off the triangle; solves scaled as the file's comment says. */
static double *make_a(const tri3_args *a, prec_t p, rng_t *r) {
    const int64_t k = order(a);
    double *A = hbuf(a->lda * k), off = 1;
    if (solve(a))
        while (off * (double)k > 1) off /= 2;
    for (int64_t j = 0; j < k; j++)
        for (int64_t i = a->upper ? 0 : j; i <= (a->upper ? j : k - 1); i++) {
            double v = rng_value(r, p);
            if (i != j) v *= off;
            else if (solve(a)) v = (v < 0 ? -1 : 1) * (1 + fabs(v));
            A[i + j * a->lda] = prec_round(p, v);
        }
    return A;
}

/* The scale of each element (m x n, ld ldb) as the file's comment says; x: the input B
 * (products) or cuBLAS's solution. */
static long double *scales(const tri3_args *a, const double *A, const double *x) {
    const int64_t k = order(a), lines = a->left ? a->n : a->m;
    const int lower = a->upper == (a->left != (a->op == GBLAS_OP_N));
    long double *s = calloc((size_t)(a->ldb * a->n), sizeof *s), *y = calloc((size_t)k, sizeof *y);
    long double *t = calloc((size_t)k, sizeof *t);
    double *Md = hbuf(k * k);
    cr_assert(s && y && t);
    for (int64_t r = 0; r < k; r++)
        for (int64_t q = 0; q < k; q++) Md[r * k + q] = fabs(m_elem(a, A, r, q));
    for (int64_t l = 0; l < lines; l++) {
#define AT(r) (a->left ? (r) + l * a->ldb : l + (r) * a->ldb)
        for (int64_t r = 0; r < k; r++) {
            t[r] = 0;
            for (int64_t q = 0; q < k; q++) t[r] += Md[r * k + q] * fabsl((long double)x[AT(q)]);
            if (!solve(a)) t[r] *= fabs(a->alpha);
        }
        for (int64_t c = 0; c < k && solve(a); c++) { /* comparison matrix: M y = t */
            const int64_t r = lower ? c : k - 1 - c;
            long double v = t[r];
            for (int64_t q = 0; q < k; q++)
                if (q != r) v += Md[r * k + q] * y[q];
            y[r] = v / Md[r * k + r];
        }
        for (int64_t r = 0; r < k; r++) s[AT(r)] = solve(a) ? y[r] : t[r];
#undef AT
    }
    free(y);
    free(t);
    free(Md);
    return s;
}

static void run_cublas(cublasHandle_t cb, prec_t p, const tri3_args *a, const void *A, void *B,
                       void *C, void **Aarr, void **Barr) {
    const cublasSideMode_t sd = a->left ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT;
    const cublasFillMode_t u = a->upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
    const cublasOperation_t o = a->op == GBLAS_OP_N ? CUBLAS_OP_N : a->op == GBLAS_OP_T ? CUBLAS_OP_T : CUBLAS_OP_C;
    const cublasDiagType_t d = a->unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
    const float fa = (float)a->alpha;
    const double da = a->alpha;
    const int s = p == PREC_S;
    switch (a->r) {
    case R_TRMM:
    case R_TRMM_IN_PLACE:
        CUBLAS_OK(s ? cublasStrmm_64(cb, sd, u, o, d, a->m, a->n, &fa, A, a->lda, B, a->ldb, C, a->ldb)
                    : cublasDtrmm_64(cb, sd, u, o, d, a->m, a->n, &da, A, a->lda, B, a->ldb, C, a->ldb));
        break;
    case R_TRSM:
        CUBLAS_OK(s ? cublasStrsm_64(cb, sd, u, o, d, a->m, a->n, &fa, A, a->lda, B, a->ldb)
                    : cublasDtrsm_64(cb, sd, u, o, d, a->m, a->n, &da, A, a->lda, B, a->ldb));
        break;
    default:
        CUBLAS_OK(s ? cublasStrsmBatched(cb, sd, u, o, d, (int)a->m, (int)a->n, &fa,
                                         (const float *const *)Aarr, (int)a->lda,
                                         (float *const *)Barr, (int)a->ldb, (int)a->count)
                    : cublasDtrsmBatched(cb, sd, u, o, d, (int)a->m, (int)a->n, &da,
                                         (const double *const *)Aarr, (int)a->lda,
                                         (double *const *)Barr, (int)a->ldb, (int)a->count));
    }
}

/* A device array of count pointers, entry i at base + i * stride elements. */
static void **pointer_array(prec_t p, void *base, int64_t stride, int64_t count) {
    void **host = malloc((size_t)count * sizeof *host), **dev = NULL;
    cr_assert(host != NULL);
    for (int64_t i = 0; i < count; i++) host[i] = (char *)base + (size_t)(i * stride) * prec_size(p);
    CUDA_OK(cudaMalloc((void **)&dev, (size_t)count * sizeof *host));
    CUDA_OK(cudaMemcpy(dev, host, (size_t)count * sizeof *host, cudaMemcpyHostToDevice));
    free(host);
    return dev;
}

/* One case on both libraries; every element compared (for a batch, the first and last two
 * entries, which share A with every other: all entries of B are the same data). */
static void cross_check(hctx *t, cublasHandle_t cb, prec_t p, const tri3_args *a, int device,
                        rng_t *r) {
    char d[240];
    snprintf(d, sizeof d, "%s%s side=%c uplo=%c %s diag=%c m=%lld n=%lld lda=%lld ldb=%lld count=%lld alpha=%g%s",
             prec_name(p), R_NAME[a->r], a->left ? 'L' : 'R', a->upper ? 'U' : 'L', op_name(a->op),
             a->unit ? 'U' : 'N', (long long)a->m, (long long)a->n, (long long)a->lda,
             (long long)a->ldb, (long long)a->count, a->alpha, device ? " device" : "");
    const int64_t k = order(a), lb = a->ldb * a->n, count = a->r == R_BATCHED ? a->count : 1;
    double *A = make_a(a, p, r), *B = hbuf(lb), *g = hbuf(lb), *c = hbuf(lb);
    rng_fill(r, p, B, lb);
    double *Bs = hbuf(lb * count);
    for (int64_t e = 0; e < count; e++)
        for (int64_t s = 0; s < lb; s++) Bs[e * lb + s] = B[s];
    void *dA = cuda_from_host(p, A, (size_t)(a->lda * k)), *gB = cuda_from_host(p, Bs, (size_t)(lb * count));
    void *cB = cuda_from_host(p, Bs, (size_t)(lb * count));
    void *gC = a->r == R_TRMM ? cuda_from_host(p, B, (size_t)lb) : gB;
    void *cC = a->r == R_TRMM ? cuda_from_host(p, B, (size_t)lb) : cB;
    void **gA_arr = NULL, **gB_arr = NULL, **cA_arr = NULL, **cB_arr = NULL;
    if (a->r == R_BATCHED) {
        gA_arr = pointer_array(p, dA, 0, count);
        cA_arr = pointer_array(p, dA, 0, count);
        gB_arr = pointer_array(p, gB, lb, count);
        cB_arr = pointer_array(p, cB, lb, count);
    }
    const gblas_pointer_mode_t mode = device ? GBLAS_POINTER_MODE_DEVICE : GBLAS_POINTER_MODE_HOST;
    sslot sc;
    void *alpha = sslot_put(&sc, t, mode, p, &a->alpha, 1);
    set_mode(t, mode);
    const gblas_side_mode_t side = a->left ? GBLAS_SIDE_LEFT : GBLAS_SIDE_RIGHT;
    const gblas_fill_mode_t u = a->upper ? GBLAS_FILL_MODE_UPPER : GBLAS_FILL_MODE_LOWER;
    const gblas_diag_type_t dg = a->unit ? GBLAS_DIAG_UNIT : GBLAS_DIAG_NON_UNIT;
    if (a->r <= R_TRMM_IN_PLACE)
        EXPECT_OK(t->h, hr_trmm(t->h, p, side, u, a->op, dg, a->m, a->n, alpha, dA, a->lda, gB,
                                a->ldb, gC, a->ldb));
    else if (a->r == R_TRSM)
        EXPECT_OK(t->h, hr_trsm(t->h, p, side, u, a->op, dg, a->m, a->n, alpha, dA, a->lda, gB, a->ldb));
    else
        EXPECT_OK(t->h, hr_trsm_batched(t->h, p, side, u, a->op, dg, a->m, a->n, alpha,
                                        (const void *const *)gA_arr, a->lda,
                                        (void *const *)gB_arr, a->ldb, count));
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    run_cublas(cb, p, a, dA, cB, cC, cA_arr, cB_arr);
    CUDA_OK(cudaDeviceSynchronize());
    const int64_t entries[] = {0, count - 2, count - 1};
    for (int ei = count > 2 ? 0 : 2; ei < 3; ei++) {
        const int64_t e = entries[ei];
        cuda_to_host(p, (char *)gC + (size_t)(e * lb) * prec_size(p), (size_t)lb, g);
        cuda_to_host(p, (char *)cC + (size_t)(e * lb) * prec_size(p), (size_t)lb, c);
        long double *s = scales(a, A, solve(a) ? c : B);
        for (int64_t j = 0; j < a->n; j++)
            for (int64_t i = 0; i < a->m; i++) {
                const int64_t x = i + j * a->ldb;
                cr_assert(within_tol(p, g[x], c[x], 2 * s[x], k),
                          "%s: entry %lld (%lld, %lld): gblas %.17g, cuBLAS %.17g (scale %.3Lg)",
                          d, (long long)e, (long long)i, (long long)j, g[x], c[x], s[x]);
            }
        free(s);
    }
    sslot_free(&sc);
    CUDA_OK(cudaFree(dA));
    CUDA_OK(cudaFree(gB));
    CUDA_OK(cudaFree(cB));
    if (a->r == R_TRMM) {
        CUDA_OK(cudaFree(gC));
        CUDA_OK(cudaFree(cC));
    }
    if (gA_arr) {
        CUDA_OK(cudaFree(gA_arr));
        CUDA_OK(cudaFree(cA_arr));
        CUDA_OK(cudaFree(gB_arr));
        CUDA_OK(cudaFree(cB_arr));
    }
    free(A);
    free(B);
    free(Bs);
    free(g);
    free(c);
}

static int64_t log_size(rng_t *r, int64_t max) {
    double u = (rng_value(r, PREC_D) + 1) / 2;
    return (int64_t)floor(exp(u * log((double)max + 1)));
}

Test(cuda, cublas_level3_tri, .timeout = 600) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb;
    CUBLAS_OK(cublasCreate(&cb));
    CUBLAS_OK(cublasSetMathMode(cb, CUBLAS_PEDANTIC_MATH));
    static const gblas_operation_t ops[] = {GBLAS_OP_N, GBLAS_OP_T, GBLAS_OP_C};
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = pi ? PREC_D : PREC_S;
        rng_t r = rng_for("cublas-tri3", p, 0, 0, 0);
        for (int c = 0; c < 96; c++) {
            tri3_args a = {(routine_t)(c % 4), (int)rng_range(&r, 0, 1), (int)rng_range(&r, 0, 1),
                           (int)rng_range(&r, 0, 1), ops[rng_range(&r, 0, 2)], 0, 0, 0, 0, 3,
                           rng_range(&r, 0, 1) ? 1 : rng_value(&r, p) * 2};
            const int64_t k = c < 8 ? 1 + c : log_size(&r, 1500), other = log_size(&r, 300);
            a.m = a.left ? k : other;
            a.n = a.left ? other : k;
            a.lda = k + rng_range(&r, 0, 3);
            a.ldb = a.m + rng_range(&r, 0, 3);
            cross_check(&t, cb, p, &a, c % 5 == 4, &r);
        }
        /* a batch past one grid's 65535 entries; small triangles */
        tri3_args b = {R_BATCHED, 1, 0, 0, GBLAS_OP_N, 5, 3, 5, 6, 70000, -1.5};
        cross_check(&t, cb, p, &b, 0, &r);
        b.left = 0, b.upper = 1, b.op = GBLAS_OP_T, b.m = 7, b.n = 9, b.lda = 10, b.ldb = 8;
        b.count = 66000;
        cross_check(&t, cb, p, &b, 1, &r);
    }
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}
