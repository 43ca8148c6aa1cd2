/* test_gemv.c: GEMV (N, T, C) in s and d on every backend case: all m, n pairs from
 * {0,1,2,3,7,32,33,64,100,257}, a seeded random sweep of a few hundred shapes, shapes that reach
 * each chunked path, lda > m, increments 1, 2, -1, -3, alpha and beta from {0, 1, other}; NaN in
 * y with beta = 0 and NaN in A, x with alpha = 0 must not leak; quick returns leave y untouched
 * bit for bit. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_blas.h"

static const int64_t SIZES[] = {0, 1, 2, 3, 7, 32, 33, 64, 100, 257}; /* 32, 64: whole vectors */
#define NSIZES (sizeof SIZES / sizeof SIZES[0])
static const int64_t INCS[] = {1, 2, -1, -3};
static const gblas_operation_t OPS[] = {GBLAS_OP_N, GBLAS_OP_T, GBLAS_OP_C};
static const prec_t PRECS[] = {PREC_S, PREC_D};

static double special_scalar(prec_t p, int64_t i) {
    static const double v[] = {0.0, 1.0, -0.7};
    return prec_round(p, v[i % 3]);
}

/* One call of y = alpha op(A) x + beta y checked element by element. Rows of A beyond m and
 * x's strided gaps hold NaN (reading them would leak); y's gaps hold markers that must survive. */
static void gemv_case(hctx *t, prec_t p, gblas_operation_t op, int64_t m, int64_t n,
                      int64_t lda_pad, int64_t incx, int64_t incy, double alpha, double beta) {
    char d[200];
    snprintf(d, sizeof d,
             "[%s] %sgemv %s m=%lld n=%lld lda=+%lld incx=%lld incy=%lld "
             "alpha=%g beta=%g",
             t->name, prec_name(p), op_name(op), (long long)m, (long long)n, (long long)lda_pad,
             (long long)incx, (long long)incy, alpha, beta);
    int64_t lda = (m > 1 ? m : 1) + lda_pad;
    int64_t nx = op == GBLAS_OP_N ? n : m, ny = op == GBLAS_OP_N ? m : n;
    int64_t la = lda * n, lx = vec_len(nx, incx), ly = vec_len(ny, incy);
    double *A = hbuf(la), *x = hbuf(lx), *y = hbuf(ly), *got = hbuf(ly);
    rng_t r = rng_for("gemv", p * 8 + op, m, n, lda_pad * 64 + incx * 8 + incy);
    rng_fill(&r, p, A, la);
    rng_fill(&r, p, x, lx);
    rng_fill(&r, p, y, ly);
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = m; i < lda; i++) A[i + j * lda] = poison_nan();
    for (int64_t i = 0; i < lx; i++)
        if (nx == 0 || i % llabs(incx) != 0) x[i] = poison_nan();
    if (alpha == 0) {
        for (int64_t i = 0; i < la; i++) A[i] = poison_nan();
        for (int64_t i = 0; i < lx; i++) x[i] = poison_nan();
    }
    if (beta == 0)
        for (int64_t i = 0; i < ly; i++) y[i] = poison_nan();
    fill_gaps(y, ly, ny, incy);

    dbuf dA = dbuf_upload(t, p, A, la), dx = dbuf_upload(t, p, x, lx),
         dy = dbuf_upload(t, p, y, ly);
    gblas_status_t st = hb_gemv(t, p, op, m, n, alpha, &dA, lda, &dx, incx, beta, &dy, incy);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    dbuf_download(t, &dy, got);
    int untouched = m == 0 || n == 0 || (alpha == 0 && beta == 1);
    for (int64_t j = 0; j < ly; j++) {
        int64_t i = j / llabs(incy); /* slot j holds element i (forward order) when on the grid */
        int on_vec = ny > 0 && j % llabs(incy) == 0 && i < ny;
        if (untouched || !on_vec) {
            cr_assert(same_bits(got[j], prec_round(p, y[j])), "%s: y slot %lld changed: %g -> %g",
                      d, (long long)j, y[j], got[j]);
            continue;
        }
        int64_t e = incy > 0 ? i : ny - 1 - i; /* element index of slot j */
        long double sum = 0, scale = 0;
        if (alpha != 0)
            for (int64_t l = 0; l < nx; l++) {
                double a = op == GBLAS_OP_N ? A[e + l * lda] : A[l + e * lda];
                long double pr = (long double)a * x[vec_index(nx, incx, l)];
                sum += pr;
                scale += fabsl(pr);
            }
        long double want = (long double)alpha * sum, yterm = 0;
        if (beta != 0) yterm = (long double)beta * y[j];
        scale = fabsl((long double)alpha) * scale + fabsl(yterm);
        cr_assert(within_tol(p, got[j], want + yterm, scale, nx),
                  "%s: y[%lld] = %.17g, want "
                  "%.17Lg (scale %.3Lg)",
                  d, (long long)e, got[j], want + yterm, scale);
    }
    dbuf_free(t, &dA);
    dbuf_free(t, &dx);
    dbuf_free(t, &dy);
    free(A);
    free(x);
    free(y);
    free(got);
}

/* Every m, n pair of SIZES, each op; increments, lda padding and the (alpha, beta) pair cycle. */
BACKEND_TEST(gemv, sizes) {
    hctx t;
    harness_open(&t, hc);
    int64_t c = 0;
    for (int pi = 0; pi < 2; pi++)
        for (int o = 0; o < 3; o++)
            for (size_t a = 0; a < NSIZES; a++)
                for (size_t b = 0; b < NSIZES; b++, c++)
                    gemv_case(&t, PRECS[pi], OPS[o], SIZES[a], SIZES[b], (c / 3) % 3 * 2,
                              INCS[c % 4], INCS[(c / 4) % 4], special_scalar(PRECS[pi], c),
                              special_scalar(PRECS[pi], c / 3 + c / 9));
    harness_close(&t);
}

BACKEND_TEST(gemv, random_shapes) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t incs[] = {1, 1, 2, 3, -1, -2, -3, 7};
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = PRECS[pi];
        rng_t r = rng_for("gemv-random", p, 0, 0, 0);
        for (int c = 0; c < 150; c++) {
            int64_t m = rng_range(&r, 0, 300), n = rng_range(&r, 0, 300);
            gblas_operation_t op = OPS[rng_range(&r, 0, 2)];
            double alpha = c % 4 == 0 ? special_scalar(p, c / 4) : 2 * rng_value(&r, p);
            double beta = c % 4 == 1 ? special_scalar(p, c / 4) : 2 * rng_value(&r, p);
            gemv_case(&t, p, op, m, n, rng_range(&r, 0, 9), incs[rng_range(&r, 0, 7)],
                      incs[rng_range(&r, 0, 7)], alpha, beta);
        }
    }
    harness_close(&t);
}

/* Shapes that reach each chunked or blocked path: on CUDA, N over 64-row and 8-row blocks with
 * the columns split into chunks, T in one pass, tall T over row chunks and short T (all on 132
 * SMs, in both precisions or one); on the CPU, the threaded paths, several N blocks of y and
 * T in passes of 8 columns (140000 rows: more than one 128 KiB block of y and an x over 512 KiB
 * even in float; 20 columns: a partial last pass). Each with an odd lda (vector loads of A
 * unaligned) and negative increments, with a 4-element-aligned lda and unit increments, and
 * with that lda and a strided x (CUDA T: x gathered, or staged in blocks of 2048 floats). Then
 * T over 32 MB or more of A with x's elements 9 apart (CUDA: x first copied into the scratch,
 * gemv.cu gather_x), in one pass (4096 x 2048) and in row chunks whose partials lie behind the
 * copy (8192 x 1024). */
BACKEND_TEST(gemv, path_shapes) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t shapes[][2] = {{2049, 2048}, {100, 3000}, {140000, 20}, {1500, 1100}};
    for (int pi = 0; pi < 2; pi++)
        for (int o = 0; o < 3; o++)
            for (int s = 0; s < 4; s++) {
                prec_t p = PRECS[pi];
                int64_t m = shapes[s][0], n = shapes[s][1];
                gemv_case(&t, p, OPS[o], m, n, m % 2 == 0, -3, -1, prec_round(p, 1.3),
                          prec_round(p, -0.6));
                gemv_case(&t, p, OPS[o], m, n, (4 - m % 4) % 4, 1, 1, 1.0, 0.0);
                gemv_case(&t, p, OPS[o], m, n, (4 - m % 4) % 4, o ? -3 : 2, 2, 0.5, 1.0);
            }
    for (int pi = 0; pi < 2; pi++) {
        gemv_case(&t, PRECS[pi], GBLAS_OP_T, 4096, 2048, 0, -9, 1, prec_round(PRECS[pi], 0.7),
                  prec_round(PRECS[pi], -1.1));
        gemv_case(&t, PRECS[pi], GBLAS_OP_T, 8192, 1024, 4, 9, -2, 1.0, 0.0);
    }
    harness_close(&t);
}

/* y full of NaN with beta = 0 must be overwritten; A and x full of NaN with alpha = 0 unread. */
BACKEND_TEST(gemv, nan_not_leaked) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t shapes[][2] = {{1, 1}, {5, 3}, {3, 5}, {64, 64}, {129, 67}, {67, 129}};
    for (int pi = 0; pi < 2; pi++)
        for (int o = 0; o < 3; o++)
            for (int s = 0; s < 6; s++) {
                prec_t p = PRECS[pi];
                int64_t m = shapes[s][0], n = shapes[s][1];
                gemv_case(&t, p, OPS[o], m, n, 1, 1, 1, prec_round(p, 1.7), 0.0); /* y NaN */
                gemv_case(&t, p, OPS[o], m, n, 0, -2, 3, 1.0, 0.0);
                gemv_case(&t, p, OPS[o], m, n, 3, 2, -1, 0.0, 0.0); /* A, x, y NaN: y = 0 */
                gemv_case(&t, p, OPS[o], m, n, 0, 1, 1, 0.0, 1.0);  /* quick return */
                gemv_case(&t, p, OPS[o], m, n, 2, 1, -3, 0.0, prec_round(p, -2.3));
            }
    harness_close(&t);
}

/* m == 0 or n == 0: y (here full of NaN and markers) comes back bit for bit, for any beta. */
BACKEND_TEST(gemv, quick_returns) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t shapes[][2] = {{0, 0}, {0, 5}, {5, 0}, {0, 300}, {300, 0}};
    for (int pi = 0; pi < 2; pi++)
        for (int o = 0; o < 3; o++)
            for (int s = 0; s < 5; s++)
                for (int sc = 0; sc < 3; sc++) {
                    prec_t p = PRECS[pi];
                    gemv_case(&t, p, OPS[o], shapes[s][0], shapes[s][1], sc, INCS[sc], INCS[3 - sc],
                              special_scalar(p, sc + 2), special_scalar(p, sc));
                }
    harness_close(&t);
}
