/* test_cuda_cublas_level3_sym.c: the CUDA backend's SYMM, SYRK and SYR2K against cuBLAS (64-bit
 * API) on random cases per precision: the symmetric dimension log-uniform up to 2000 (many
 * levels of the recursion, split-K GEMMs on its small off-diagonal blocks), the other up to
 * 600, then 4096 square in every routine; every side / uplo / trans, ld padding, beta == 0 now
 * and then, host and device pointer modes (cuBLAS always host). The bound of each element is
 * scaled by |alpha| |op| |op| + |beta C|, computed by cuBLAS on the absolute values (every term
 * then adds without cancellation). Both results lie within the bound of the exact one, so they
 * must agree within twice it; every slot neither library references (ld gap, C's other triangle)
 * must come back as it was; a second gblas run gives the same bits. */
#include <cublas_v2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_cuda.h"

typedef enum { R_SYMM, R_SYRK, R_SYR2K } routine;
static const char *const NAMES[] = {"symm", "syrk", "syr2k"};

typedef struct {
    routine r;
    int left, upper, trans_n;
    int64_t m, n, k; /* SYMM: C m x n; SYRK/SYR2K: C n x n, op(A) n x k */
    int64_t lda, ldb, ldc;
    double alpha, beta;
    int device_mode;
} xcase;

/* Log-uniform size in [lo, max]. */
static int64_t log_size(rng_t *r, int64_t lo, int64_t max) {
    double u = (rng_value(r, PREC_D) + 1) / 2;
    int64_t v = (int64_t)floor(exp(u * log((double)max + 1))) - 1;
    return v < lo ? lo : v;
}

static void cublas_call(cublasHandle_t cb, prec_t p, const xcase *c, const hscalar *a,
                        const hscalar *b, const void *A, const void *B, void *C) {
    const cublasFillMode_t fill = c->upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
    const cublasSideMode_t side = c->left ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT;
    const cublasOperation_t op = c->trans_n ? CUBLAS_OP_N : CUBLAS_OP_T;
    const int s = p == PREC_S;
    switch (c->r) {
    case R_SYMM:
        CUBLAS_OK(s ? cublasSsymm_64(cb, side, fill, c->m, c->n, &a->s, A, c->lda, B, c->ldb, &b->s, C, c->ldc)
                    : cublasDsymm_64(cb, side, fill, c->m, c->n, &a->d, A, c->lda, B, c->ldb, &b->d, C, c->ldc));
        break;
    case R_SYRK:
        CUBLAS_OK(s ? cublasSsyrk_64(cb, fill, op, c->n, c->k, &a->s, A, c->lda, &b->s, C, c->ldc)
                    : cublasDsyrk_64(cb, fill, op, c->n, c->k, &a->d, A, c->lda, &b->d, C, c->ldc));
        break;
    case R_SYR2K:
        CUBLAS_OK(s ? cublasSsyr2k_64(cb, fill, op, c->n, c->k, &a->s, A, c->lda, B, c->ldb, &b->s, C, c->ldc)
                    : cublasDsyr2k_64(cb, fill, op, c->n, c->k, &a->d, A, c->lda, B, c->ldb, &b->d, C, c->ldc));
        break;
    }
}

static void gblas_run(hctx *t, prec_t p, const xcase *c, const void *A, const void *B, void *C) {
    const gblas_fill_mode_t uplo = c->upper ? GBLAS_FILL_MODE_UPPER : GBLAS_FILL_MODE_LOWER;
    const gblas_operation_t op = c->trans_n ? GBLAS_OP_N : GBLAS_OP_T;
    const gblas_pointer_mode_t mode = c->device_mode ? GBLAS_POINTER_MODE_DEVICE : GBLAS_POINTER_MODE_HOST;
    sslot al, be;
    void *ap = sslot_put(&al, t, mode, p, &c->alpha, 1), *bp = sslot_put(&be, t, mode, p, &c->beta, 1);
    set_mode(t, mode);
    gblas_status_t st;
    if (c->r == R_SYMM)
        st = hr_symm(t->h, p, c->left ? GBLAS_SIDE_LEFT : GBLAS_SIDE_RIGHT, uplo, c->m, c->n, ap, A,
                     c->lda, B, c->ldb, bp, C, c->ldc);
    else if (c->r == R_SYRK)
        st = hr_syrk(t->h, p, uplo, op, c->n, c->k, ap, A, c->lda, bp, C, c->ldc);
    else
        st = hr_syr2k(t->h, p, uplo, op, c->n, c->k, ap, A, c->lda, B, c->ldb, bp, C, c->ldc);
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    EXPECT_OK(t->h, st);
    sslot_free(&al);
    sslot_free(&be);
}

static double *abs_copy(const double *v, int64_t n) {
    double *a = hbuf(n);
    for (int64_t i = 0; i < n; i++) a[i] = fabs(v[i]);
    return a;
}

static void run_case(hctx *t, cublasHandle_t cb, rng_t *rg, prec_t p, const xcase *c) {
    char d[220];
    snprintf(d, sizeof d, "%s%s %s %s %s m=%lld n=%lld k=%lld lda=%lld ldb=%lld ldc=%lld alpha=%g beta=%g %s",
             prec_name(p), NAMES[c->r], c->left ? "L" : "R", c->upper ? "U" : "L",
             c->trans_n ? "N" : "T", (long long)c->m, (long long)c->n, (long long)c->k,
             (long long)c->lda, (long long)c->ldb, (long long)c->ldc, c->alpha, c->beta,
             c->device_mode ? "device" : "host");
    const int symm = c->r == R_SYMM;
    const int64_t rows = symm ? c->m : c->n;
    const int64_t ka = symm ? (c->left ? c->m : c->n) : c->k;
    const int64_t a_cols = symm ? ka : c->trans_n ? c->k : c->n;
    const int64_t b_cols = symm ? c->n : a_cols;
    const int64_t la = c->lda * a_cols, lb = c->r == R_SYRK ? 0 : c->ldb * b_cols, lc = c->ldc * c->n;
    double *A = hbuf(la), *B = hbuf(lb), *C = hbuf(lc);
    rng_fill(rg, p, A, la);
    rng_fill(rg, p, B, lb);
    rng_fill(rg, p, C, lc);
    double *Aa = abs_copy(A, la), *Ba = abs_copy(B, lb), *Ca = abs_copy(C, lc);
    double *g1 = hbuf(lc), *g2 = hbuf(lc), *cu = hbuf(lc), *sc = hbuf(lc);
    dbuf dA = dbuf_upload(t, p, A, la), dB = dbuf_upload(t, p, B, lb);
    dbuf d1 = dbuf_upload(t, p, C, lc), d2 = dbuf_upload(t, p, C, lc), dc = dbuf_upload(t, p, C, lc);
    dbuf dAa = dbuf_upload(t, p, Aa, la), dBa = dbuf_upload(t, p, Ba, lb), dCa = dbuf_upload(t, p, Ca, lc);
    gblas_run(t, p, c, dA.p, dB.p, d1.p);
    gblas_run(t, p, c, dA.p, dB.p, d2.p);
    hscalar a, b, aa, ba;
    hscalar_set(&a, p, c->alpha);
    hscalar_set(&b, p, c->beta);
    hscalar_set(&aa, p, fabs(c->alpha));
    hscalar_set(&ba, p, fabs(c->beta));
    cublas_call(cb, p, c, &a, &b, dA.p, dB.p, dc.p);
    cublas_call(cb, p, c, &aa, &ba, dAa.p, dBa.p, dCa.p);
    CUDA_OK(cudaDeviceSynchronize());
    dbuf_download(t, &d1, g1);
    dbuf_download(t, &d2, g2);
    dbuf_download(t, &dc, cu);
    dbuf_download(t, &dCa, sc);

    for (int64_t j = 0; j < c->n; j++)
        for (int64_t i = 0; i < c->ldc; i++) {
            const int64_t s = i + j * c->ldc;
            cr_assert(same_bits(g1[s], g2[s]), "%s: C(%lld, %lld) differs between runs", d,
                      (long long)i, (long long)j);
            const int referenced = i < rows && (symm || (c->upper ? i <= j : i >= j));
            if (!referenced) {
                cr_assert(same_bits(g1[s], prec_round(p, C[s])), "%s: slot (%lld, %lld) changed",
                          d, (long long)i, (long long)j);
                continue;
            }
            cr_assert(within_tol(p, g1[s], cu[s], 2 * (long double)sc[s], (c->r == R_SYR2K ? 2 : 1) * ka + 1),
                      "%s: C(%lld, %lld): gblas %.17g, cuBLAS %.17g (scale %.3g)", d, (long long)i,
                      (long long)j, g1[s], cu[s], sc[s]);
        }
    dbuf *all[] = {&dA, &dB, &d1, &d2, &dc, &dAa, &dBa, &dCa};
    for (int i = 0; i < 8; i++) dbuf_free(t, all[i]);
    double *host[] = {A, B, C, Aa, Ba, Ca, g1, g2, cu, sc};
    for (int i = 0; i < 10; i++) free(host[i]);
}

/* A random case of routine r: the symmetric dimension up to 2000, the other up to 600. */
static xcase random_case(rng_t *rg, prec_t p, routine r) {
    xcase c = {.r = r};
    c.left = (int)rng_range(rg, 0, 1);
    c.upper = (int)rng_range(rg, 0, 1);
    c.trans_n = (int)rng_range(rg, 0, 1);
    const int64_t dim = log_size(rg, 1, 2000), other = log_size(rg, 1, 600);
    c.m = r == R_SYMM ? (c.left ? dim : other) : 0;
    c.n = r == R_SYMM ? (c.left ? other : dim) : dim;
    c.k = r == R_SYMM ? 0 : log_size(rg, 0, 600);
    const int64_t a_rows = r == R_SYMM ? dim : c.trans_n ? c.n : c.k;
    const int64_t b_rows = r == R_SYMM ? c.m : a_rows;
    c.lda = (a_rows > 1 ? a_rows : 1) + rng_range(rg, 0, 3);
    c.ldb = (b_rows > 1 ? b_rows : 1) + rng_range(rg, 0, 3);
    c.ldc = ((r == R_SYMM ? c.m : c.n) > 1 ? (r == R_SYMM ? c.m : c.n) : 1) + rng_range(rg, 0, 3);
    c.alpha = prec_round(p, 2 * rng_value(rg, p));
    c.beta = rng_range(rg, 0, 5) == 0 ? 0.0 : prec_round(p, 2 * rng_value(rg, p));
    c.device_mode = rng_range(rg, 0, 3) == 0;
    return c;
}

Test(cuda, cublas_level3_sym, .timeout = 600) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb;
    CUBLAS_OK(cublasCreate(&cb));
    CUBLAS_OK(cublasSetMathMode(cb, CUBLAS_PEDANTIC_MATH));
    for (int pi = 0; pi < 2; pi++) {
        const prec_t p = pi ? PREC_D : PREC_S;
        rng_t r = rng_for("cublas-level3-sym", p, 0, 0, 0);
        for (int q = 0; q < 90; q++) {
            const xcase c = random_case(&r, p, (routine)(q % 3));
            run_case(&t, cb, &r, p, &c);
        }
        /* 4096 square: every routine, the target shapes (lower, LEFT, N) and their mirrors */
        for (int q = 0; q < 6; q++) {
            const int64_t big = 4096;
            xcase c = {(routine)(q % 3), q < 3, q >= 3, q < 3, big, big, big, big + 1, big, big + 3,
                       prec_round(p, 0.75), q == 1 ? 0.0 : prec_round(p, -1.25), q == 2};
            run_case(&t, cb, &r, p, &c);
        }
    }
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}
