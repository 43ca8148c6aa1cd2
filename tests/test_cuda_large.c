/* test_cuda_large.c: the CUDA backend at sizes the CPU suite cannot afford. Reproducibility of
 * dot, nrm2, gemv and gemm at large sizes (three runs, bit for bit, and within the scaled
 * bound), and 64-bit indexing: sdot and saxpy over 2^31 + 7 floats, sgemv with m * n > 2^31.
 * The 64-bit data are small integers laid out so that every partial sum is exact: the
 * expected values are exact too, whatever order the kernels add in. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness_cuda.h"

/* ---- reproducibility at large sizes --------------------------------------------------------- */
/* Runs the same call three times into out[0..2] (len elements each) and asserts equal bits. */
static void three_same(const char *what, prec_t p, double *const out[3], int64_t len) {
    for (int run = 1; run < 3; run++)
        for (int64_t i = 0; i < len; i++)
            cr_assert(same_bits(out[0][i], out[run][i]),
                      "%s%s run %d differs at %lld: %.17g vs "
                      "%.17g",
                      prec_name(p), what, run, (long long)i, out[0][i], out[run][i]);
}

Test(cuda, large_reproducible, .timeout = 300) {
    hctx t;
    harness_open_cuda(&t);
    const int64_t n = ((int64_t)1 << 26) + 3;
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = pi ? PREC_D : PREC_S;
        double *x = hbuf(n), *y = hbuf(n);
        rng_t r = rng_for("cuda-large", p, 0, 0, 0);
        rng_fill(&r, p, x, n);
        rng_fill(&r, p, y, n);
        dbuf dx = dbuf_upload(&t, p, x, n), dy = dbuf_upload(&t, p, y, n);
        double dots[3], nrms[3], *dp[3] = {&dots[0], &dots[1], &dots[2]};
        double *np[3] = {&nrms[0], &nrms[1], &nrms[2]};
        for (int run = 0; run < 3; run++) {
            dots[run] = nrms[run] = poison_nan();
            EXPECT_OK(t.h, hb_dot(&t, p, n, &dx, 1, &dy, 1, &dots[run]));
            EXPECT_OK(t.h, hb_nrm2(&t, p, n, &dx, 1, &nrms[run]));
        }
        three_same("dot", p, dp, 1);
        three_same("nrm2", p, np, 1);
        long double dot = 0, sd = 0, ss = 0;
        for (int64_t i = 0; i < n; i++) {
            dot += (long double)x[i] * y[i];
            sd += fabsl((long double)x[i] * y[i]);
            ss += (long double)x[i] * x[i];
        }
        cr_assert(within_tol(p, dots[0], dot, sd, n), "%sdot n=%lld: %.17g vs %.17Lg", prec_name(p),
                  (long long)n, dots[0], dot);
        cr_assert(within_tol(p, nrms[0], sqrtl(ss), sqrtl(ss), n), "%snrm2: %.17g vs %.17Lg",
                  prec_name(p), nrms[0], sqrtl(ss));

        /* gemv 8192 x 8192 (A is the first 2^26 elements of x), N and T */
        const int64_t m = 8192;
        for (int o = 0; o < 2; o++) {
            gblas_operation_t op = o ? GBLAS_OP_T : GBLAS_OP_N;
            double *outs[3];
            for (int run = 0; run < 3; run++) {
                outs[run] = hbuf(m);
                dbuf out = dbuf_upload(&t, p, y, m);
                EXPECT_OK(t.h, hb_gemv(&t, p, op, m, m, 1.0, &dx, m, &dy, 1, 0.0, &out, 1));
                dbuf_download(&t, &out, outs[run]);
                dbuf_free(&t, &out);
            }
            three_same(o ? "gemv T" : "gemv N", p, outs, m);
            for (int64_t i = 0; i < m; i += 511) {
                long double sum = 0, sa = 0;
                for (int64_t l = 0; l < m; l++) {
                    double a = o ? x[l + i * m] : x[i + l * m];
                    sum += (long double)a * y[l];
                    sa += fabsl((long double)a * y[l]);
                }
                cr_assert(within_tol(p, outs[0][i], sum, sa, m),
                          "%sgemv %s y[%lld] = %.17g, "
                          "want %.17Lg",
                          prec_name(p), op == GBLAS_OP_N ? "N" : "T", (long long)i, outs[0][i],
                          sum);
            }
            for (int run = 0; run < 3; run++) free(outs[run]);
        }

        /* gemm 2048^3 (s) / 1536^3 (d): A = x, B = y, C poisoned with beta = 0 */
        const int64_t g = p == PREC_S ? 2048 : 1536;
        double *Cs[3], *nan_c = hbuf(g * g);
        for (int64_t i = 0; i < g * g; i++) nan_c[i] = poison_nan();
        for (int run = 0; run < 3; run++) {
            Cs[run] = hbuf(g * g);
            dbuf C = dbuf_upload(&t, p, nan_c, g * g);
            EXPECT_OK(t.h, hb_gemm(&t, p, GBLAS_OP_N, GBLAS_OP_T, g, g, g, 1.0, &dx, g, &dy, g, 0.0,
                                   &C, g));
            dbuf_download(&t, &C, Cs[run]);
            dbuf_free(&t, &C);
        }
        three_same("gemm", p, Cs, g * g);
        for (int64_t s = 0; s < 64; s++) {
            int64_t i = (s * 977) % g, j = (s * 1231 + 5) % g;
            long double sum = 0, sa = 0;
            for (int64_t l = 0; l < g; l++) {
                long double pr = (long double)x[i + l * g] * y[j + l * g];
                sum += pr;
                sa += fabsl(pr);
            }
            cr_assert(within_tol(p, Cs[0][i + j * g], sum, sa, g),
                      "%sgemm C(%lld,%lld) = %.17g, "
                      "want %.17Lg",
                      prec_name(p), (long long)i, (long long)j, Cs[0][i + j * g], sum);
        }
        for (int run = 0; run < 3; run++) free(Cs[run]);
        free(nan_c);
        dbuf_free(&t, &dx);
        dbuf_free(&t, &dy);
        free(x);
        free(y);
    }
    harness_close(&t);
}

/* ---- 64-bit sizes -----------------------------------------------------------------------------
 */
static const float XPAT[5] = {1, 2, -1, 3, -2}; /* x[i] = XPAT[i % 5] */
static float xval(int64_t i) { return XPAT[i % 5]; }

static float read_at(const float *dev, int64_t i) {
    float v;
    CUDA_OK(cudaMemcpy(&v, dev + i, sizeof v, cudaMemcpyDeviceToHost));
    return v;
}

static void write_at(float *dev, int64_t i, float v) {
    CUDA_OK(cudaMemcpy(dev + i, &v, sizeof v, cudaMemcpyHostToDevice));
}

Test(cuda, sizes_beyond_int32, .timeout = 300) {
    hctx t;
    harness_open_cuda(&t);
    gblas_handle_t h = t.h;
    const int64_t n = ((int64_t)1 << 31) + 7, two31 = (int64_t)1 << 31;
    float *dx = NULL, *dy = NULL;
    CUDA_OK(cudaMalloc((void **)&dx, (size_t)n * sizeof(float)));
    CUDA_OK(cudaMalloc((void **)&dy, (size_t)n * sizeof(float)));
    cuda_fill_periodic(dx, (size_t)n, sizeof(float), XPAT, 5);
    CUDA_OK(cudaMemset(dy, 0, (size_t)n * sizeof(float)));
    /* y is zero but for powers of two at these places, most of them past 2^31 */
    const int64_t pos[] = {0, 1, 12345, two31 - 1, two31, two31 + 1, two31 + 4, n - 1};
    const int np = 8;
    for (int k = 0; k < np; k++) write_at(dy, pos[k], (float)(1 << k));

    float res = NAN, want = 0, want_rev = 0, want_even = 0;
    for (int k = 0; k < np; k++) {
        want += xval(pos[k]) * (float)(1 << k);
        want_rev += xval(n - 1 - pos[k]) * (float)(1 << k); /* y walked backwards */
        if (pos[k] % 2 == 0) want_even += xval(pos[k]) * (float)(1 << k);
    }
    EXPECT_OK(h, gblas_sdot(h, n, dx, 1, dy, 1, &res));
    cr_assert(res == want, "sdot n = 2^31 + 7: %.9g, want %.9g", res, want);
    res = NAN;
    EXPECT_OK(h, gblas_sdot(h, n, dx, 1, dy, -1, &res));
    cr_assert(res == want_rev, "sdot n = 2^31 + 7, incy = -1: %.9g, want %.9g", res, want_rev);
    res = NAN;
    EXPECT_OK(h, gblas_sdot(h, n / 2 + 1, dx, 2, dy, 2, &res));
    cr_assert(res == want_even, "sdot n = 2^30 + 4, inc 2: %.9g, want %.9g", res, want_even);

    /* saxpy: y = 2 x + y, checked where y was set and around the 2^31 boundary */
    const float two = 2.0f;
    EXPECT_OK(h, gblas_saxpy(h, n, &two, dx, 1, dy, 1));
    const int64_t probe[] = {2, 3, 99999, two31 - 2, two31 + 2, two31 + 3, n - 2};
    for (int k = 0; k < np; k++) {
        float g = read_at(dy, pos[k]), w = 2 * xval(pos[k]) + (float)(1 << k);
        cr_assert(g == w, "saxpy y[%lld] = %g, want %g", (long long)pos[k], g, w);
    }
    for (int k = 0; k < 7; k++) {
        float g = read_at(dy, probe[k]), w = 2 * xval(probe[k]);
        cr_assert(g == w, "saxpy y[%lld] = %g, want %g", (long long)probe[k], g, w);
    }
    CUDA_OK(cudaFree(dx));
    CUDA_OK(cudaFree(dy));

    /* sgemv with m * n > 2^31: A[k] = APAT[k % 7] over the linear index, x[i] = XPAT[i % 5] */
    static const float APAT[7] = {1, -1, 2, 0, -2, 1, -1};
    const int64_t m = 65537, nn = 32771;
    float *dA = NULL, *dv = NULL, *dout = NULL;
    CUDA_OK(cudaMalloc((void **)&dA, (size_t)(m * nn) * sizeof(float)));
    CUDA_OK(cudaMalloc((void **)&dv, (size_t)m * sizeof(float)));
    CUDA_OK(cudaMalloc((void **)&dout, (size_t)m * sizeof(float)));
    cuda_fill_periodic(dA, (size_t)(m * nn), sizeof(float), APAT, 7);
    cuda_fill_periodic(dv, (size_t)m, sizeof(float), XPAT, 5);
    float *out = malloc((size_t)m * sizeof(float));
    cr_assert(out != NULL);
    const float one = 1.0f, zero = 0.0f;
    for (int o = 0; o < 2; o++) {
        gblas_operation_t op = o ? GBLAS_OP_T : GBLAS_OP_N;
        int64_t ny = o ? nn : m, nx = o ? m : nn;
        CUDA_OK(cudaMemset(dout, 0xFF, (size_t)m * sizeof(float))); /* NaN; beta = 0 */
        EXPECT_OK(h, gblas_sgemv(h, op, m, nn, &one, dA, m, dv, 1, &zero, dout, 1));
        CUDA_OK(cudaMemcpy(out, dout, (size_t)ny * sizeof(float), cudaMemcpyDeviceToHost));
        for (int64_t s = 0; s < 48; s++) { /* first, last and spread-out outputs */
            int64_t e = s < 3 ? s : s < 6 ? ny - 1 - (s - 3) : (s * 104729) % ny;
            int64_t sum = 0; /* exact: |sum| < 2^24, so float gives it exactly too */
            for (int64_t l = 0; l < nx; l++) {
                int64_t k = o ? l + e * m : e + l * m;
                sum += (int64_t)APAT[k % 7] * (int64_t)XPAT[l % 5];
            }
            cr_assert(out[e] == (float)sum, "sgemv %s m=%lld n=%lld: y[%lld] = %.9g, want %lld",
                      o ? "T" : "N", (long long)m, (long long)nn, (long long)e, out[e],
                      (long long)sum);
        }
    }
    free(out);
    CUDA_OK(cudaFree(dA));
    CUDA_OK(cudaFree(dv));
    CUDA_OK(cudaFree(dout));
    harness_close(&t);
}
