/* test_cuda_cublas_level2_update.c: the CUDA backend's GER, SYR, SPR, SYR2 and SPR2 against
 * cuBLAS (64-bit API) on a few hundred random shapes per precision: sizes log-uniform up to
 * 3000 (GER) and 2000 (the symmetric forms), lda padding, every uplo, increments of both signs,
 * host pointer mode. Both results are within the scaled bound of the exact one, so they must
 * agree within twice it; every slot neither library references (ld gap, unreferenced triangle)
 * must come back as it was; and a second gblas run on the same input gives the same bits. */
#include <cublas_v2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_cuda.h"

typedef enum { R_GER, R_SYR, R_SPR, R_SYR2, R_SPR2 } routine;
static const char *const NAMES[] = {"ger", "syr", "spr", "syr2", "spr2"};
static const int64_t INCS[] = {1, 2, 3, -1, -3, 5};

/* Log-uniform size in [0, max]. */
static int64_t log_size(rng_t *r, int64_t max) {
    double u = (rng_value(r, PREC_D) + 1) / 2;
    return (int64_t)floor(exp(u * log((double)max + 1))) - 1;
}

static int is_packed(routine r) { return r == R_SPR || r == R_SPR2; }
static int rank2(routine r) { return r == R_SYR2 || r == R_SPR2; }

/* Slot of A(i, j), or -1 where neither library may touch it. */
static int64_t slot_of(routine r, int upper, int64_t m, int64_t n, int64_t lda, int64_t i,
                       int64_t j) {
    if (r == R_GER) return i < m ? i + j * lda : -1;
    if (upper ? i > j : i < j) return -1;
    if (!is_packed(r)) return i + j * lda;
    return upper ? i + j * (j + 1) / 2 : i + j * (2 * n - j - 1) / 2;
}

static void cublas_call(cublasHandle_t cb, prec_t p, routine r, int upper, int64_t m, int64_t n,
                        const hscalar *a, const void *x, int64_t incx, const void *y,
                        int64_t incy, void *A, int64_t lda) {
    const cublasFillMode_t fill = upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
    const int s = p == PREC_S;
    switch (r) {
    case R_GER:
        CUBLAS_OK(s ? cublasSger_64(cb, m, n, &a->s, x, incx, y, incy, A, lda)
                    : cublasDger_64(cb, m, n, &a->d, x, incx, y, incy, A, lda));
        break;
    case R_SYR:
        CUBLAS_OK(s ? cublasSsyr_64(cb, fill, n, &a->s, x, incx, A, lda)
                    : cublasDsyr_64(cb, fill, n, &a->d, x, incx, A, lda));
        break;
    case R_SPR:
        CUBLAS_OK(s ? cublasSspr_64(cb, fill, n, &a->s, x, incx, A)
                    : cublasDspr_64(cb, fill, n, &a->d, x, incx, A));
        break;
    case R_SYR2:
        CUBLAS_OK(s ? cublasSsyr2_64(cb, fill, n, &a->s, x, incx, y, incy, A, lda)
                    : cublasDsyr2_64(cb, fill, n, &a->d, x, incx, y, incy, A, lda));
        break;
    case R_SPR2:
        CUBLAS_OK(s ? cublasSspr2_64(cb, fill, n, &a->s, x, incx, y, incy, A)
                    : cublasDspr2_64(cb, fill, n, &a->d, x, incx, y, incy, A));
        break;
    }
}

static gblas_status_t gblas_call(hctx *t, prec_t p, routine r, int upper, int64_t m, int64_t n,
                                 const void *alpha, const void *x, int64_t incx, const void *y,
                                 int64_t incy, void *A, int64_t lda) {
    const gblas_fill_mode_t uplo = upper ? GBLAS_FILL_MODE_UPPER : GBLAS_FILL_MODE_LOWER;
    switch (r) {
    case R_GER: return hr_ger(t->h, p, m, n, alpha, x, incx, y, incy, A, lda);
    case R_SYR: return hr_syr(t->h, p, uplo, n, alpha, x, incx, A, lda);
    case R_SPR: return hr_spr(t->h, p, uplo, n, alpha, x, incx, A);
    case R_SYR2: return hr_syr2(t->h, p, uplo, n, alpha, x, incx, y, incy, A, lda);
    default: return hr_spr2(t->h, p, uplo, n, alpha, x, incx, y, incy, A);
    }
}

static void update_case(hctx *t, cublasHandle_t cb, rng_t *rg, prec_t p, routine r) {
    const int upper = (int)rng_range(rg, 0, 1), two = rank2(r), ger = r == R_GER;
    const int64_t n = log_size(rg, ger ? 3000 : 2000), m = ger ? log_size(rg, 3000) : n;
    const int64_t lda = (m > 1 ? m : 1) + rng_range(rg, 0, 5);
    const int64_t incx = INCS[rng_range(rg, 0, 5)], incy = INCS[rng_range(rg, 0, 5)];
    const int64_t ny = ger || two ? n : 0;
    const int64_t la = is_packed(r) ? n * (n + 1) / 2 : lda * n;
    const int64_t lx = vec_len(m, incx), ly = vec_len(ny, incy);
    const double alpha = prec_round(p, 2 * rng_value(rg, p));
    char d[200];
    snprintf(d, sizeof d, "%s%s %s m=%lld n=%lld lda=%lld incx=%lld incy=%lld alpha=%g",
             prec_name(p), NAMES[r], upper ? "U" : "L", (long long)m, (long long)n,
             (long long)lda, (long long)incx, (long long)incy, alpha);
    double *A = hbuf(la), *x = hbuf(lx), *y = hbuf(ly);
    double *g1 = hbuf(la), *g2 = hbuf(la), *cu = hbuf(la);
    rng_fill(rg, p, A, la);
    rng_fill(rg, p, x, lx);
    rng_fill(rg, p, y, ly);
    dbuf dx = dbuf_upload(t, p, x, lx), dy = dbuf_upload(t, p, y, ly);
    dbuf d1 = dbuf_upload(t, p, A, la), d2 = dbuf_upload(t, p, A, la);
    dbuf dc = dbuf_upload(t, p, A, la);
    hscalar a;
    hscalar_set(&a, p, alpha);
    EXPECT_OK(t->h, gblas_call(t, p, r, upper, m, n, &a, dx.p, incx, dy.p, incy, d1.p, lda));
    EXPECT_OK(t->h, gblas_call(t, p, r, upper, m, n, &a, dx.p, incx, dy.p, incy, d2.p, lda));
    cublas_call(cb, p, r, upper, m, n, &a, dx.p, incx, dy.p, incy, dc.p, lda);
    dbuf_download(t, &d1, g1);
    dbuf_download(t, &d2, g2);
    dbuf_download(t, &dc, cu);

    char *ref = calloc((size_t)la + 1, 1);
    cr_assert(ref != NULL);
    for (int64_t j = 0; j < n; j++) {
        const long double c1 = ger || two ? y[vec_index(n, incy, j)] : x[vec_index(n, incx, j)];
        const long double c2 = two ? x[vec_index(n, incx, j)] : 0;
        for (int64_t i = 0; i < m; i++) {
            const int64_t s = slot_of(r, upper, m, n, lda, i, j);
            if (s < 0) continue;
            const long double scale =
                fabsl((long double)A[s]) + fabsl(alpha * c1 * x[vec_index(m, incx, i)]) +
                (two ? fabsl(alpha * c2 * y[vec_index(n, incy, i)]) : 0);
            cr_assert(within_tol(p, g1[s], cu[s], 2 * scale, 2),
                      "%s: A(%lld, %lld): gblas %.17g, cuBLAS %.17g", d, (long long)i,
                      (long long)j, g1[s], cu[s]);
            ref[s] = 1;
        }
    }
    for (int64_t s = 0; s < la; s++) {
        cr_assert(same_bits(g1[s], g2[s]), "%s: slot %lld differs between runs", d, (long long)s);
        if (!ref[s])
            cr_assert(same_bits(g1[s], prec_round(p, A[s])), "%s: slot %lld changed", d,
                      (long long)s);
    }
    dbuf *all[] = {&dx, &dy, &d1, &d2, &dc};
    for (int i = 0; i < 5; i++) dbuf_free(t, all[i]);
    free(ref);
    free(A);
    free(x);
    free(y);
    free(g1);
    free(g2);
    free(cu);
}

Test(cuda, cublas_level2_update, .timeout = 300) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb;
    CUBLAS_OK(cublasCreate(&cb));
    CUBLAS_OK(cublasSetMathMode(cb, CUBLAS_PEDANTIC_MATH));
    for (int pi = 0; pi < 2; pi++) {
        const prec_t p = pi ? PREC_D : PREC_S;
        rng_t r = rng_for("cublas-level2-update", p, 0, 0, 0);
        for (int c = 0; c < 200; c++) update_case(&t, cb, &r, p, (routine)(c % 5));
    }
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}
