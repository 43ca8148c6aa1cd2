/* test_cuda_cublas.c: the CUDA backend against cuBLAS (strict FP32: CUBLAS_PEDANTIC_MATH) on a
 * few hundred random shapes and arguments per routine and precision, through cuBLAS's 64-bit
 * API. Both results are within the scaled bound of the exact one, so they must agree within
 * twice that bound (COPY and SWAP: bit for bit; I_AMAX, I_AMIN and ROTMG's flag: exactly). The
 * long double oracle lives in the other test files; this is the cross-check. */
#include <cublas_v2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_cuda.h"

static const int64_t INCS[] = {1, 2, 3, -1, -3, 5};

static cublasHandle_t cublas_open(void) {
    cublasHandle_t c;
    CUBLAS_OK(cublasCreate(&c));
    CUBLAS_OK(cublasSetMathMode(c, CUBLAS_PEDANTIC_MATH));
    return c;
}

static cublasOperation_t cu_op(gblas_operation_t op) {
    return op == GBLAS_OP_N ? CUBLAS_OP_N : op == GBLAS_OP_T ? CUBLAS_OP_T : CUBLAS_OP_C;
}

/* Log-uniform size in [0, max] (small sizes as likely as large ones). */
static int64_t log_size(rng_t *r, int64_t max) {
    double u = (rng_value(r, PREC_D) + 1) / 2;
    return (int64_t)floor(exp(u * log((double)max + 1))) - 1;
}

/* Asserts gblas and cuBLAS agree within twice the scaled bound, element by element. */
static void agree(const char *d, prec_t p, int64_t len, const double *g, const double *c,
                  const long double *scale, int64_t k) {
    for (int64_t i = 0; i < len; i++)
        cr_assert(within_tol(p, g[i], c[i], 2 * scale[i], k),
                  "%s: element %lld: gblas %.17g, "
                  "cuBLAS %.17g (scale %.3Lg)",
                  d, (long long)i, g[i], c[i], scale[i]);
}

Test(cuda, cublas_level1, .timeout = 300) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb = cublas_open();
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = pi ? PREC_D : PREC_S;
        rng_t r = rng_for("cublas-level1", p, 0, 0, 0);
        for (int c = 0; c < 250; c++) {
            int64_t n = c < 8 ? c : log_size(&r, 1 << 18);
            int64_t incx = INCS[rng_range(&r, 0, 5)], incy = INCS[rng_range(&r, 0, 5)];
            int64_t lx = vec_len(n, incx), ly = vec_len(n, incy);
            double alpha = c % 7 == 0   ? 0.0
                           : c % 7 == 1 ? 1.0
                                        : prec_round(p, 3 * rng_value(&r, p));
            char d[160];
            snprintf(d, sizeof d, "%s n=%lld incx=%lld incy=%lld alpha=%g", prec_name(p),
                     (long long)n, (long long)incx, (long long)incy, alpha);
            double *x = hbuf(lx), *y = hbuf(ly), *g = hbuf(ly), *cu = hbuf(ly);
            long double *scale = calloc((size_t)ly, sizeof *scale);
            cr_assert(scale != NULL);
            rng_fill(&r, p, x, lx);
            rng_fill(&r, p, y, ly);
            dbuf dx = dbuf_upload(&t, p, x, lx), dy1 = dbuf_upload(&t, p, y, ly);
            dbuf dy2 = dbuf_upload(&t, p, y, ly);
            void *X = dx.p, *Y2 = dy2.p;

            /* dot and nrm2 */
            double gd = poison_nan(), gn = poison_nan(), cd, cn;
            long double sd = 0, ss = 0;
            for (int64_t i = 0; i < n; i++) {
                sd += fabsl((long double)x[vec_index(n, incx, i)] * y[vec_index(n, incy, i)]);
                ss += (long double)x[vec_index(n, incx, i)] * x[vec_index(n, incx, i)];
            }
            EXPECT_OK(t.h, hb_dot(&t, p, n, &dx, incx, &dy1, incy, &gd));
            EXPECT_OK(t.h, hb_nrm2(&t, p, n, &dx, llabs(incx), &gn));
            if (p == PREC_S) {
                float f1, f2;
                CUBLAS_OK(cublasSdot_64(cb, n, X, incx, Y2, incy, &f1));
                CUBLAS_OK(cublasSnrm2_64(cb, n, X, llabs(incx), &f2));
                cd = f1;
                cn = f2;
            } else {
                CUBLAS_OK(cublasDdot_64(cb, n, X, incx, Y2, incy, &cd));
                CUBLAS_OK(cublasDnrm2_64(cb, n, X, llabs(incx), &cn));
            }
            long double snrm = sqrtl(ss);
            agree(d, p, 1, &gd, &cd, &sd, n);
            agree(d, p, 1, &gn, &cn, &snrm, n);

            /* axpy then scal (alpha), compared elementwise; scal with incy < 0 leaves y as the
             * reference BLAS does, so cuBLAS scales only where incy > 0 */
            hscalar a;
            hscalar_set(&a, p, alpha);
            EXPECT_OK(t.h, hb_axpy(&t, p, n, alpha, &dx, incx, &dy1, incy));
            EXPECT_OK(t.h, hb_scal(&t, p, n, alpha, &dy1, incy));
            if (p == PREC_S) {
                CUBLAS_OK(cublasSaxpy_64(cb, n, &a.s, X, incx, Y2, incy));
                if (incy > 0) CUBLAS_OK(cublasSscal_64(cb, n, &a.s, Y2, incy));
            } else {
                CUBLAS_OK(cublasDaxpy_64(cb, n, &a.d, X, incx, Y2, incy));
                if (incy > 0) CUBLAS_OK(cublasDscal_64(cb, n, &a.d, Y2, incy));
            }
            dbuf_download(&t, &dy1, g);
            dbuf_download(&t, &dy2, cu);
            for (int64_t i = 0; i < n; i++) {
                int64_t sx = vec_index(n, incx, i), sy = vec_index(n, incy, i);
                scale[sy] = (incy > 0 ? fabsl((long double)alpha) : 1) *
                            (fabsl((long double)alpha * x[sx]) + fabsl((long double)y[sy]));
            }
            agree(d, p, ly, g, cu, scale, 1);

            /* copy: bit for bit */
            EXPECT_OK(t.h, hb_copy(&t, p, n, &dx, incx, &dy1, incy));
            if (p == PREC_S)
                CUBLAS_OK(cublasScopy_64(cb, n, X, incx, Y2, incy));
            else
                CUBLAS_OK(cublasDcopy_64(cb, n, X, incx, Y2, incy));
            dbuf_download(&t, &dy1, g);
            dbuf_download(&t, &dy2, cu);
            for (int64_t i = 0; i < ly; i++)
                cr_assert(same_bits(g[i], cu[i]), "%s: copy slot %lld: %g vs %g", d, (long long)i,
                          g[i], cu[i]);
            dbuf_free(&t, &dx);
            dbuf_free(&t, &dy1);
            dbuf_free(&t, &dy2);
            free(x);
            free(y);
            free(g);
            free(cu);
            free(scale);
        }
    }
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}

/* cuBLAS calls of the routines added with the routine table, for either precision. */
static void cu_swap(cublasHandle_t cb, prec_t p, int64_t n, void *x, int64_t incx, void *y,
                    int64_t incy) {
    if (p == PREC_S)
        CUBLAS_OK(cublasSswap_64(cb, n, x, incx, y, incy));
    else
        CUBLAS_OK(cublasDswap_64(cb, n, x, incx, y, incy));
}

static double cu_asum(cublasHandle_t cb, prec_t p, int64_t n, const void *x, int64_t incx) {
    float f;
    double d;
    if (p == PREC_S) {
        CUBLAS_OK(cublasSasum_64(cb, n, x, incx, &f));
        return f;
    }
    CUBLAS_OK(cublasDasum_64(cb, n, x, incx, &d));
    return d;
}

static int64_t cu_index(cublasHandle_t cb, prec_t p, int larger, int64_t n, const void *x,
                        int64_t incx) {
    int64_t r = -1;
    if (p == PREC_S)
        CUBLAS_OK(larger ? cublasIsamax_64(cb, n, x, incx, &r) : cublasIsamin_64(cb, n, x, incx, &r));
    else
        CUBLAS_OK(larger ? cublasIdamax_64(cb, n, x, incx, &r) : cublasIdamin_64(cb, n, x, incx, &r));
    return r;
}

/* ROT with host c, s (hscalar) or ROTM with a host param (five of the precision). */
static void cu_rot(cublasHandle_t cb, prec_t p, int64_t n, void *x, int64_t incx, void *y,
                   int64_t incy, const hscalar *c, const hscalar *s) {
    if (p == PREC_S)
        CUBLAS_OK(cublasSrot_64(cb, n, x, incx, y, incy, &c->s, &s->s));
    else
        CUBLAS_OK(cublasDrot_64(cb, n, x, incx, y, incy, &c->d, &s->d));
}

static void cu_rotm(cublasHandle_t cb, prec_t p, int64_t n, void *x, int64_t incx, void *y,
                    int64_t incy, const void *param) {
    if (p == PREC_S)
        CUBLAS_OK(cublasSrotm_64(cb, n, x, incx, y, incy, param));
    else
        CUBLAS_OK(cublasDrotm_64(cb, n, x, incx, y, incy, param));
}

/* n values of the precision at host memory v (float or double), as doubles. */
static void host_values(prec_t p, const void *v, int n, double *out) {
    for (int i = 0; i < n; i++) out[i] = p == PREC_S ? ((const float *)v)[i] : ((const double *)v)[i];
}

/* SWAP (bit for bit), ASUM, I_AMAX and I_AMIN (exact; positive increments, since both return 0
 * at once for negative ones), ROT and ROTM (every flag) on random vectors; then ROTG and ROTMG on
 * random scalars (ROTMG kept clear of its rescaling and of |q1| ~ |q2|, where one rounding could
 * pick another branch). Scalars in host memory for both libraries. */
Test(cuda, cublas_level1_rotations_and_indices, .timeout = 300) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb = cublas_open();
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = pi ? PREC_D : PREC_S;
        rng_t r = rng_for("cublas-level1-rot", p, 0, 0, 0);
        for (int c = 0; c < 160; c++) {
            int64_t n = c < 8 ? c : log_size(&r, 1 << 18);
            int64_t incx = INCS[rng_range(&r, 0, 5)], incy = INCS[rng_range(&r, 0, 5)];
            int64_t lx = vec_len(n, incx), ly = vec_len(n, incy);
            char d[160];
            snprintf(d, sizeof d, "%s n=%lld incx=%lld incy=%lld", prec_name(p), (long long)n,
                     (long long)incx, (long long)incy);
            double *x = hbuf(lx), *y = hbuf(ly), *g[2], *cu[2];
            rng_fill(&r, p, x, lx);
            rng_fill(&r, p, y, ly);
            for (int k = 0; k < 2; k++) {
                g[k] = hbuf(k ? ly : lx);
                cu[k] = hbuf(k ? ly : lx);
            }
            dbuf gx = dbuf_upload(&t, p, x, lx), gy = dbuf_upload(&t, p, y, ly);
            dbuf cx = dbuf_upload(&t, p, x, lx), cy = dbuf_upload(&t, p, y, ly);
            dbuf *gb[2] = {&gx, &gy}, *cb_[2] = {&cx, &cy};

            /* asum, iamax, iamin over x with |incx| */
            const int64_t ax = llabs(incx);
            long double sum = 0;
            for (int64_t i = 0; i < n; i++) sum += fabsl((long double)x[i * ax]);
            hscalar as;
            hscalar_set(&as, p, poison_nan());
            EXPECT_OK(t.h, hr_asum(t.h, p, n, gx.p, ax, &as));
            double ga = hscalar_get(&as, p), ca = cu_asum(cb, p, n, cx.p, ax);
            agree(d, p, 1, &ga, &ca, &sum, n);
            for (int larger = 0; larger < 2; larger++) {
                int64_t gi = -1;
                EXPECT_OK(t.h, larger ? hr_iamax(t.h, p, n, gx.p, ax, &gi)
                                      : hr_iamin(t.h, p, n, gx.p, ax, &gi));
                int64_t ci = cu_index(cb, p, larger, n, cx.p, ax);
                cr_assert(gi == ci, "%s: i%s: gblas %lld, cuBLAS %lld", d, larger ? "amax" : "amin",
                          (long long)gi, (long long)ci);
            }

            /* swap: bit for bit */
            EXPECT_OK(t.h, hr_swap(t.h, p, n, gx.p, incx, gy.p, incy));
            cu_swap(cb, p, n, cx.p, incx, cy.p, incy);
            for (int k = 0; k < 2; k++) {
                dbuf_download(&t, gb[k], g[k]);
                dbuf_download(&t, cb_[k], cu[k]);
                for (int64_t j = 0; j < (k ? ly : lx); j++)
                    cr_assert(same_bits(g[k][j], cu[k][j]), "%s: swap %c slot %lld: %g vs %g", d,
                              k ? 'y' : 'x', (long long)j, g[k][j], cu[k][j]);
            }

            /* rot, then rotm with a flag by case; both start from the swapped vectors */
            hscalar cs, sn;
            const double th = 3.2 * rng_value(&r, PREC_D); /* an angle in [-3.2, 3.2) */
            hscalar_set(&cs, p, cos(th));
            hscalar_set(&sn, p, sin(th));
            double param[5] = {(double)(c % 4) - 2}, pd[5];
            float pf[5];
            for (int k = 1; k < 5; k++) param[k] = prec_round(p, 2 * rng_value(&r, p));
            for (int k = 0; k < 5; k++) {
                pf[k] = (float)param[k];
                pd[k] = param[k];
            }
            const void *pp = p == PREC_S ? (const void *)pf : (const void *)pd;
            EXPECT_OK(t.h, hr_rot(t.h, p, n, gx.p, incx, gy.p, incy, &cs, &sn));
            EXPECT_OK(t.h, hr_rotm(t.h, p, n, gx.p, incx, gy.p, incy, pp));
            cu_rot(cb, p, n, cx.p, incx, cy.p, incy, &cs, &sn);
            cu_rotm(cb, p, n, cx.p, incx, cy.p, incy, pp);
            /* scale: |H| |G| |(x, y)| bounds every term of both updates */
            long double hmax = 1;
            for (int k = 1; k < 5; k++) hmax = fmaxl(hmax, fabsl((long double)param[k]));
            for (int k = 0; k < 2; k++) {
                const int64_t len = k ? ly : lx;
                long double *scale = calloc((size_t)len, sizeof *scale);
                cr_assert(scale != NULL);
                for (int64_t i = 0; i < n; i++) {
                    const long double xy = fabsl((long double)x[vec_index(n, incx, i)]) +
                                           fabsl((long double)y[vec_index(n, incy, i)]);
                    scale[vec_index(n, k ? incy : incx, i)] = 4 * hmax * xy;
                }
                dbuf_download(&t, gb[k], g[k]);
                dbuf_download(&t, cb_[k], cu[k]);
                char dd[200];
                snprintf(dd, sizeof dd, "%s rot then rotm flag %g (%c)", d, param[0], k ? 'y' : 'x');
                agree(dd, p, len, g[k], cu[k], scale, 2);
                free(scale);
            }
            for (int k = 0; k < 2; k++) {
                dbuf_free(&t, gb[k]);
                dbuf_free(&t, cb_[k]);
                free(g[k]);
                free(cu[k]);
            }
            free(x);
            free(y);
        }

        /* rotg and rotmg: host scalars for both */
        for (int c = 0; c < 300; c++) {
            double a = ldexp(rng_value(&r, p), (int)rng_range(&r, -20, 20));
            double b = ldexp(rng_value(&r, p), (int)rng_range(&r, -20, 20));
            union {
                float f[4];
                double d[4];
            } gs, cs;
            for (int k = 0; k < 4; k++) {
                if (p == PREC_S)
                    gs.f[k] = (float)(k == 0 ? a : k == 1 ? b : 0);
                else
                    gs.d[k] = k == 0 ? a : k == 1 ? b : 0;
            }
            cs = gs;
            EXPECT_OK(t.h, p == PREC_S ? gblas_srotg(t.h, &gs.f[0], &gs.f[1], &gs.f[2], &gs.f[3])
                                       : gblas_drotg(t.h, &gs.d[0], &gs.d[1], &gs.d[2], &gs.d[3]));
            if (p == PREC_S)
                CUBLAS_OK(cublasSrotg(cb, &cs.f[0], &cs.f[1], &cs.f[2], &cs.f[3]));
            else
                CUBLAS_OK(cublasDrotg(cb, &cs.d[0], &cs.d[1], &cs.d[2], &cs.d[3]));
            double gv[4], cv[4];
            host_values(p, &gs, 4, gv);
            host_values(p, &cs, 4, cv);
            long double sc[4];
            for (int k = 0; k < 4; k++) sc[k] = 4 * fabsl((long double)cv[k]);
            char d[120];
            snprintf(d, sizeof d, "%srotg a=%.9g b=%.9g (r, z, c, s)", prec_name(p), a, b);
            agree(d, p, 4, gv, cv, sc, 1);
        }
        for (int c = 0; c < 300;) {
            double in[4] = {prec_round(p, 0.5 + 1.5 * (rng_value(&r, p) + 1) / 2),
                            prec_round(p, (c % 3 ? 1.0 : -1.0) * (0.5 + (rng_value(&r, p) + 1) / 2)),
                            prec_round(p, 2 * rng_value(&r, p)), prec_round(p, 2 * rng_value(&r, p))};
            const double q1 = in[0] * in[2] * in[2], q2 = in[1] * in[3] * in[3];
            if (q1 == 0 || q2 == 0 || fabs(fabs(q1 / q2) - 1) < 0.05) continue;
            c++;
            union {
                float f[9];
                double d[9];
            } gs, cs;
            for (int k = 0; k < 9; k++) {
                if (p == PREC_S)
                    gs.f[k] = (float)(k < 4 ? in[k] : 0);
                else
                    gs.d[k] = k < 4 ? in[k] : 0;
            }
            cs = gs;
            EXPECT_OK(t.h, p == PREC_S ? gblas_srotmg(t.h, &gs.f[0], &gs.f[1], &gs.f[2], &gs.f[3],
                                                      &gs.f[4])
                                       : gblas_drotmg(t.h, &gs.d[0], &gs.d[1], &gs.d[2], &gs.d[3],
                                                      &gs.d[4]));
            if (p == PREC_S)
                CUBLAS_OK(cublasSrotmg(cb, &cs.f[0], &cs.f[1], &cs.f[2], &cs.f[3], &cs.f[4]));
            else
                CUBLAS_OK(cublasDrotmg(cb, &cs.d[0], &cs.d[1], &cs.d[2], &cs.d[3], &cs.d[4]));
            double gv[9], cv[9];
            host_values(p, &gs, 9, gv);
            host_values(p, &cs, 9, cv);
            char d[160];
            snprintf(d, sizeof d, "%srotmg d1=%.9g d2=%.9g x1=%.9g y1=%.9g (d1 d2 x1 y1 param)",
                     prec_name(p), in[0], in[1], in[2], in[3]);
            cr_assert(gv[4] == cv[4], "%s: flag gblas %g, cuBLAS %g", d, gv[4], cv[4]);
            long double sc[9];
            for (int k = 0; k < 9; k++) sc[k] = 4 * fabsl((long double)cv[k]);
            agree(d, p, 9, gv, cv, sc, 2);
        }
    }
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}

Test(cuda, cublas_gemv, .timeout = 300) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb = cublas_open();
    static const gblas_operation_t ops[] = {GBLAS_OP_N, GBLAS_OP_T, GBLAS_OP_C};
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = pi ? PREC_D : PREC_S;
        rng_t r = rng_for("cublas-gemv", p, 0, 0, 0);
        for (int c = 0; c < 250; c++) {
            gblas_operation_t op = ops[c % 3];
            int64_t m = log_size(&r, 3000), n = log_size(&r, 3000);
            int64_t lda = (m > 1 ? m : 1) + rng_range(&r, 0, 7);
            int64_t incx = INCS[rng_range(&r, 0, 5)], incy = INCS[rng_range(&r, 0, 5)];
            int64_t nx = op == GBLAS_OP_N ? n : m, ny = op == GBLAS_OP_N ? m : n;
            int64_t lx = vec_len(nx, incx), ly = vec_len(ny, incy);
            double alpha = c % 5 == 0 ? 1.0 : prec_round(p, 2 * rng_value(&r, p));
            double beta = c % 4 == 0 ? 0.0 : c % 4 == 1 ? 1.0 : prec_round(p, 2 * rng_value(&r, p));
            char d[200];
            snprintf(d, sizeof d,
                     "%sgemv %s m=%lld n=%lld lda=%lld incx=%lld incy=%lld alpha=%g "
                     "beta=%g",
                     prec_name(p), op_name(op), (long long)m, (long long)n, (long long)lda,
                     (long long)incx, (long long)incy, alpha, beta);
            double *A = hbuf(lda * n), *x = hbuf(lx), *y = hbuf(ly), *g = hbuf(ly), *cu = hbuf(ly);
            long double *scale = calloc((size_t)ly, sizeof *scale);
            cr_assert(scale != NULL);
            rng_fill(&r, p, A, lda * n);
            rng_fill(&r, p, x, lx);
            rng_fill(&r, p, y, ly);
            if (beta == 0) /* on the vector only: the gaps must come back as they were */
                for (int64_t e = 0; e < ny; e++) y[vec_index(ny, incy, e)] = poison_nan();
            for (int64_t e = 0; e < ny; e++) {
                long double sa = 0;
                for (int64_t l = 0; l < nx; l++) {
                    double av = op == GBLAS_OP_N ? A[e + l * lda] : A[l + e * lda];
                    sa += fabsl((long double)av * x[vec_index(nx, incx, l)]);
                }
                int64_t s = vec_index(ny, incy, e);
                scale[s] = fabsl((long double)alpha) * sa +
                           (beta == 0 ? 0 : fabsl((long double)beta * y[s]));
            }
            dbuf dA = dbuf_upload(&t, p, A, lda * n), dx = dbuf_upload(&t, p, x, lx);
            dbuf dy1 = dbuf_upload(&t, p, y, ly), dy2 = dbuf_upload(&t, p, y, ly);
            EXPECT_OK(t.h, hb_gemv(&t, p, op, m, n, alpha, &dA, lda, &dx, incx, beta, &dy1, incy));
            hscalar a, b;
            hscalar_set(&a, p, alpha);
            hscalar_set(&b, p, beta);
            if (p == PREC_S)
                CUBLAS_OK(cublasSgemv_64(cb, cu_op(op), m, n, &a.s, dA.p, lda, dx.p, incx, &b.s,
                                         dy2.p, incy));
            else
                CUBLAS_OK(cublasDgemv_64(cb, cu_op(op), m, n, &a.d, dA.p, lda, dx.p, incx, &b.d,
                                         dy2.p, incy));
            dbuf_download(&t, &dy1, g);
            dbuf_download(&t, &dy2, cu);
            if (m == 0 || n == 0) /* both leave y alone */
                for (int64_t i = 0; i < ly; i++) cr_assert(same_bits(g[i], cu[i]), "%s", d);
            else
                agree(d, p, ly, g, cu, scale, nx);
            dbuf *all[] = {&dA, &dx, &dy1, &dy2};
            for (int i = 0; i < 4; i++) dbuf_free(&t, all[i]);
            free(A);
            free(x);
            free(y);
            free(g);
            free(cu);
            free(scale);
        }
    }
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}

/* One GEMM case through gblas (twice) and cuBLAS on the same inputs (random, from r); C's padding
 * rows must stay as they were, the two gblas results must be the same bits, and they must agree
 * with cuBLAS within twice the scaled bound. */
static void gemm_case(hctx *t, cublasHandle_t cb, rng_t *r, prec_t p, gblas_operation_t ta,
                      gblas_operation_t tb, int64_t m, int64_t n, int64_t k, int64_t lda,
                      int64_t ldb, int64_t ldc, double alpha, double beta) {
    int an = ta == GBLAS_OP_N, bn = tb == GBLAS_OP_N;
    int64_t ca = an ? k : m, cbn = bn ? n : k;
    char d[200];
    snprintf(d, sizeof d,
             "%sgemm %s%s m=%lld n=%lld k=%lld ld=%lld,%lld,%lld alpha=%g "
             "beta=%g",
             prec_name(p), op_name(ta), op_name(tb), (long long)m, (long long)n, (long long)k,
             (long long)lda, (long long)ldb, (long long)ldc, alpha, beta);
    double *A = hbuf(lda * ca), *B = hbuf(ldb * cbn), *C = hbuf(ldc * n);
    double *g = hbuf(ldc * n), *cu = hbuf(ldc * n);
    long double *scale = calloc((size_t)(ldc * n + 1), sizeof *scale);
    cr_assert(scale != NULL);
    rng_fill(r, p, A, lda * ca);
    rng_fill(r, p, B, ldb * cbn);
    rng_fill(r, p, C, ldc * n);
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) {
            long double sa = 0;
            for (int64_t l = 0; l < k; l++)
                sa += fabsl((long double)(an ? A[i + l * lda] : A[l + i * lda]) *
                            (bn ? B[l + j * ldb] : B[j + l * ldb]));
            scale[i + j * ldc] =
                fabsl((long double)alpha) * sa + fabsl((long double)beta * C[i + j * ldc]);
            if (beta == 0) C[i + j * ldc] = poison_nan();
        }
    dbuf dA = dbuf_upload(t, p, A, lda * ca), dB = dbuf_upload(t, p, B, ldb * cbn);
    dbuf dC1 = dbuf_upload(t, p, C, ldc * n), dC2 = dbuf_upload(t, p, C, ldc * n);
    dbuf dC3 = dbuf_upload(t, p, C, ldc * n);
    EXPECT_OK(t->h, hb_gemm(t, p, ta, tb, m, n, k, alpha, &dA, lda, &dB, ldb, beta, &dC1, ldc));
    EXPECT_OK(t->h, hb_gemm(t, p, ta, tb, m, n, k, alpha, &dA, lda, &dB, ldb, beta, &dC3, ldc));
    hscalar a, b;
    hscalar_set(&a, p, alpha);
    hscalar_set(&b, p, beta);
    if (p == PREC_S)
        CUBLAS_OK(cublasSgemm_64(cb, cu_op(ta), cu_op(tb), m, n, k, &a.s, dA.p, lda, dB.p, ldb,
                                 &b.s, dC2.p, ldc));
    else
        CUBLAS_OK(cublasDgemm_64(cb, cu_op(ta), cu_op(tb), m, n, k, &a.d, dA.p, lda, dB.p, ldb,
                                 &b.d, dC2.p, ldc));
    dbuf_download(t, &dC1, g);
    dbuf_download(t, &dC2, cu);
    double *again = hbuf(ldc * n);
    dbuf_download(t, &dC3, again);
    for (int64_t i = 0; i < ldc * n; i++)
        cr_assert(same_bits(g[i], again[i]), "%s: element %lld differs between two runs", d,
                  (long long)i);
    free(again);
    for (int64_t j = 0; j < n; j++) /* rows past m: both leave them alone */
        for (int64_t i = m; i < ldc; i++)
            cr_assert(same_bits(g[i + j * ldc], prec_round(p, C[i + j * ldc])),
                      "%s: "
                      "padding (%lld,%lld) changed",
                      d, (long long)i, (long long)j);
    for (int64_t j = 0; j < n; j++) agree(d, p, m, g + j * ldc, cu + j * ldc, scale + j * ldc, k);
    dbuf *all[] = {&dA, &dB, &dC1, &dC2, &dC3};
    for (int i = 0; i < 5; i++) dbuf_free(t, all[i]);
    free(A);
    free(B);
    free(C);
    free(g);
    free(cu);
    free(scale);
}

/* gemm_case with lda and ldb lda_pad and ldb_pad elements past the rows op(A) and op(B) store,
 * ldc = m + ldc_pad, a random alpha and, when beta_nonzero, a random beta (else 0), drawn from r
 * in that order. */
static void gemm_padded_case(hctx *t, cublasHandle_t cb, rng_t *r, prec_t p,
                             gblas_operation_t ta, gblas_operation_t tb, int64_t m, int64_t n,
                             int64_t k, int64_t lda_pad, int64_t ldb_pad, int64_t ldc_pad,
                             int beta_nonzero) {
    const int64_t lda = (ta == GBLAS_OP_N ? m : k) + lda_pad;
    const int64_t ldb = (tb == GBLAS_OP_N ? k : n) + ldb_pad;
    const double alpha = prec_round(p, 2 * rng_value(r, p));
    const double beta = beta_nonzero ? prec_round(p, 2 * rng_value(r, p)) : 0.0;
    gemm_case(t, cb, r, p, ta, tb, m, n, k, lda, ldb, m + ldc_pad, alpha, beta);
}

Test(cuda, cublas_gemm, .timeout = 300) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb = cublas_open();
    static const gblas_operation_t ops[] = {GBLAS_OP_N, GBLAS_OP_T, GBLAS_OP_C};
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = pi ? PREC_D : PREC_S;
        rng_t r = rng_for("cublas-gemm", p, 0, 0, 0);
        for (int c = 0; c < 200; c++) {
            gblas_operation_t ta = ops[rng_range(&r, 0, 2)], tb = ops[rng_range(&r, 0, 2)];
            int64_t m, n, k;
            do {
                m = log_size(&r, 700);
                n = log_size(&r, 700);
                k = log_size(&r, 700);
            } while (m * n * k > ((int64_t)1 << 24));
            int an = ta == GBLAS_OP_N, bn = tb == GBLAS_OP_N;
            int64_t ra = an ? m : k, rb = bn ? k : n;
            int64_t lda = (ra > 1 ? ra : 1) + rng_range(&r, 0, 5);
            int64_t ldb = (rb > 1 ? rb : 1) + rng_range(&r, 0, 5);
            int64_t ldc = (m > 1 ? m : 1) + rng_range(&r, 0, 5);
            double alpha = c % 5 == 0 ? 1.0 : prec_round(p, 2 * rng_value(&r, p));
            double beta = c % 4 == 0 ? 0.0 : c % 4 == 1 ? 1.0 : prec_round(p, 2 * rng_value(&r, p));
            gemm_case(&t, cb, &r, p, ta, tb, m, n, k, lda, ldb, ldc, alpha, beta);
        }
    }
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}

/* Shapes with enough output tiles for the large GEMM configs (on 132 SMs, SGEMM's 128 x 128
 * takes over at 132 tiles and DGEMM's 128 x 64 at 264; these shapes have 169 and 306, enough for
 * any device up to 148 SMs), which the random shapes above never reach: every transpose pair,
 * edge tiles in m, n and k, leading dimensions that are multiples of 4 elements (16-byte rows,
 * the vector paths) and odd ones (the unaligned interior paths). */
Test(cuda, cublas_gemm_large_configs, .timeout = 300) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb = cublas_open();
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = pi ? PREC_D : PREC_S;
        rng_t r = rng_for("cublas-gemm-large", p, 0, 0, 0);
        const int64_t m = pi ? 2050 : 1540, n = pi ? 1100 : 1551, k = pi ? 37 : 45;
        for (int c = 0; c < 8; c++) {
            gblas_operation_t ta = c & 1 ? GBLAS_OP_T : GBLAS_OP_N;
            gblas_operation_t tb = c & 2 ? GBLAS_OP_T : GBLAS_OP_N;
            int64_t ra = ta == GBLAS_OP_N ? m : k, rb = tb == GBLAS_OP_N ? k : n;
            int odd = c & 4 ? 1 : 0; /* ld a multiple of 4, or odd */
            gemm_padded_case(&t, cb, &r, p, ta, tb, m, n, k, (ra + 3) / 4 * 4 - ra + odd,
                             (rb + 3) / 4 * 4 - rb + odd, 3, c % 3 != 0);
        }
    }
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}

/* SGEMM shapes whose thin last tile row (column) adds a wave of 128 x 128 tiles on 132 SMs
 * (276 tiles, 264 without it), which the launcher runs as a second GEMM: the offset of op(A)'s
 * last rows (op(B)'s last columns) and of C in each transpose. On other SM counts they take
 * whichever path applies and are checked all the same. */
Test(cuda, cublas_sgemm_thin_edges, .timeout = 300) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb = cublas_open();
    rng_t r = rng_for("cublas-sgemm-thin", PREC_S, 0, 0, 0);
    static const struct {
        int64_t m, n;
    } shapes[] = {{22 * 128 + 1, 12 * 128}, {12 * 128, 22 * 128 + 5}};
    for (int c = 0; c < 2; c++)
        for (int o = 0; o < 2; o++) {
            gblas_operation_t op = o ? GBLAS_OP_T : GBLAS_OP_N;
            gemm_padded_case(&t, cb, &r, PREC_S, op, op, shapes[c].m, shapes[c].n, 40, 3, 4, 4,
                             o);
        }
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}

/* SGEMM on the 128 x 128 config (13 x 12 tiles) through its three-buffer pipeline: 1, 2, 3 and
 * 4 tiles of k (the prologue stages two, the last two stage nothing), whole aligned tiles (the
 * loop without guards) and odd ld or a partial k tile (the guarded loop), and the 32-deep tiles
 * of a K-contiguous A with k from kDeepK (256) on. */
Test(cuda, cublas_sgemm_large_config_depths, .timeout = 300) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb = cublas_open();
    rng_t r = rng_for("cublas-sgemm-depths", PREC_S, 0, 0, 0);
    static const struct {
        gblas_operation_t ta, tb;
        int64_t k;
        int odd_ld;
    } cases[] = {{GBLAS_OP_N, GBLAS_OP_N, 16, 0},  {GBLAS_OP_N, GBLAS_OP_N, 32, 0},
                 {GBLAS_OP_N, GBLAS_OP_T, 48, 0},  {GBLAS_OP_N, GBLAS_OP_N, 64, 1},
                 {GBLAS_OP_T, GBLAS_OP_N, 48, 0},  {GBLAS_OP_T, GBLAS_OP_N, 320, 0},
                 {GBLAS_OP_T, GBLAS_OP_T, 300, 1}, {GBLAS_OP_T, GBLAS_OP_T, 256, 0}};
    /* m, n and every k are multiples of 4: ld = rows is 16-byte aligned, rows + 1 odd */
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        gemm_padded_case(&t, cb, &r, PREC_S, cases[c].ta, cases[c].tb, 1540, 1420, cases[c].k,
                         cases[c].odd_ld, cases[c].odd_ld, 4, c % 2);
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}

/* SGEMM split-K reduced inside thread-block clusters (2 to 8 k ranges per output tile, on 132
 * SMs): one 64 x 64 tile with k = 16 s (s ranges); edge tiles with an unaligned C; the 128 x 64
 * config with 5 ranges over edge tiles; 16 and 22 ranges capped at 8 (the last one shorter);
 * alpha = 0 (the sums are never read, beta C written). */
Test(cuda, cublas_sgemm_split_clusters, .timeout = 300) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb = cublas_open();
    rng_t r = rng_for("cublas-sgemm-clusters", PREC_S, 0, 0, 0);
    for (int s = 2; s <= 8; s++)
        gemm_padded_case(&t, cb, &r, PREC_S, s % 2 ? GBLAS_OP_T : GBLAS_OP_N,
                         s % 3 ? GBLAS_OP_N : GBLAS_OP_T, 64, 64, 16 * s, 0, 0, 0, s % 2);
    gemm_padded_case(&t, cb, &r, PREC_S, GBLAS_OP_N, GBLAS_OP_N, 50, 37, 48, 1, 0, 1, 1);
    gemm_padded_case(&t, cb, &r, PREC_S, GBLAS_OP_N, GBLAS_OP_T, 520, 1000, 400, 0, 4, 0, 0);
    gemm_padded_case(&t, cb, &r, PREC_S, GBLAS_OP_T, GBLAS_OP_N, 520, 1000, 400, 0, 0, 3, 1);
    gemm_padded_case(&t, cb, &r, PREC_S, GBLAS_OP_N, GBLAS_OP_N, 256, 256, 256, 0, 0, 0, 1);
    gemm_padded_case(&t, cb, &r, PREC_S, GBLAS_OP_T, GBLAS_OP_T, 320, 448, 1000, 2, 0, 1, 0);
    gemm_case(&t, cb, &r, PREC_S, GBLAS_OP_N, GBLAS_OP_N, 64, 64, 80, 64, 80, 64, 0.0, 0.5);
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}

/* Split-K reduced through global memory over outputs large enough for the vector reduce (on
 * 132 SMs: SGEMM 128 x 64 tiles in 4 ranges, one more tile than a wave of clusters holds; DGEMM
 * 64 x 64 tiles in 2 ranges): vectors within one column of an aligned C (stored whole, with and
 * without beta), vectors across a column boundary (m not a multiple of the vector width) and an
 * unaligned C (stored element by element). */
Test(cuda, cublas_gemm_split_reduce_vectors, .timeout = 300) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb = cublas_open();
    rng_t r = rng_for("cublas-gemm-reduce-vectors", PREC_S, 0, 0, 0);
    gemm_padded_case(&t, cb, &r, PREC_S, GBLAS_OP_N, GBLAS_OP_N, 1000, 1000, 600, 0, 0, 0, 1);
    gemm_padded_case(&t, cb, &r, PREC_S, GBLAS_OP_N, GBLAS_OP_T, 1000, 1000, 600, 0, 0, 0, 0);
    gemm_padded_case(&t, cb, &r, PREC_S, GBLAS_OP_T, GBLAS_OP_N, 1002, 998, 600, 0, 0, 1, 1);
    gemm_padded_case(&t, cb, &r, PREC_D, GBLAS_OP_N, GBLAS_OP_N, 600, 600, 2000, 0, 0, 0, 1);
    gemm_padded_case(&t, cb, &r, PREC_D, GBLAS_OP_T, GBLAS_OP_N, 601, 600, 2000, 0, 0, 0, 0);
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}

/* Skinny and deep shapes: one operand's tiles whole and 16-byte aligned while the other's are all
 * edge tiles or unaligned (m or n of 33, the per-operand interior loads); a small output with a
 * long k, split into hundreds of ranges whose partial sums are reduced in fixed runs; whole
 * aligned tiles with k not a multiple of the tile depth, even and odd; and last tiles moved back
 * over their neighbours (DGEMM in m and n, SGEMM only in n: 198 is not a multiple of 4). */
Test(cuda, cublas_gemm_skinny_and_deep, .timeout = 300) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb = cublas_open();
    static const struct {
        int64_t m, n, k, lda_pad, ldb_pad;
    } shapes[] = {
        {33, 520, 1500, 0, 0},  /* A 33 rows, lda 33 (unaligned); B aligned */
        {520, 33, 1500, 0, 0},  /* B 33 columns, ldb 1500 (aligned) */
        {33, 520, 1500, 3, 4},  /* both aligned when not transposed */
        {40, 24, 16800, 0, 0},  /* one output tile, 525 k ranges in SGEMM (132 SMs) */
        {64, 64, 12001, 1, 1},  /* odd k and odd leading dimensions */
        {128, 192, 1002, 0, 0}, /* whole aligned tiles, a partial first k tile (k % 16 = 10) */
        {256, 128, 999, 0, 0},  /* the same with odd k */
        {198, 140, 1000, 0, 0}, /* edge tiles moved back over their neighbours, split-K */
    };
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = pi ? PREC_D : PREC_S;
        rng_t r = rng_for("cublas-gemm-skinny", p, 0, 0, 0);
        for (size_t c = 0; c < sizeof shapes / sizeof shapes[0]; c++)
            for (int o = 0; o < 4; o++) {
                gblas_operation_t ta = o & 1 ? GBLAS_OP_T : GBLAS_OP_N;
                gblas_operation_t tb = o & 2 ? GBLAS_OP_T : GBLAS_OP_N;
                gemm_padded_case(&t, cb, &r, p, ta, tb, shapes[c].m, shapes[c].n, shapes[c].k,
                                 shapes[c].lda_pad, shapes[c].ldb_pad, 1, o != 0);
            }
    }
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}

/* GEMMs of one row or one column (a GEMV on the GPU) in every transpose pair, with k = 0 too
 * (still a GEMM: beta C) and padded leading dimensions (the GEMV's x and y strides); SGEMM
 * outputs of at most 32 rows or columns (32 x 128 and 128 x 32 tiles: whole, edge and unaligned
 * tiles, the K-contiguous 128-wide operand read in groups of columns); and a lone last row
 * (column) of m (n) = 33 or 65 run as a GEMV after the rest where op(B) (op(A)) has 2^23
 * elements or more, with the transposes that take that path and those that do not. */
Test(cuda, cublas_gemm_one_row_few_rows_and_peels, .timeout = 300) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb = cublas_open();
    static const struct {
        int64_t m, n, k;
    } vectors[] = {{1, 300, 77}, {200, 1, 77}, {1, 1, 50}, {1, 40, 0}, {40, 1, 0}};
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = pi ? PREC_D : PREC_S;
        rng_t r = rng_for("cublas-gemm-one-row", p, 0, 0, 0);
        for (size_t c = 0; c < sizeof vectors / sizeof vectors[0]; c++)
            for (int o = 0; o < 4; o++)
                gemm_padded_case(&t, cb, &r, p, o & 1 ? GBLAS_OP_T : GBLAS_OP_N,
                                 o & 2 ? GBLAS_OP_T : GBLAS_OP_N, vectors[c].m, vectors[c].n,
                                 vectors[c].k, o, 2 * o + 1, o % 3, o != 1);
    }
    static const struct {
        int64_t m, n, k, pad;
    } few[] = {{32, 512, 160, 0}, {17, 300, 100, 1}, {512, 32, 160, 0}, {300, 5, 100, 1}};
    rng_t r = rng_for("cublas-sgemm-few-rows", PREC_S, 0, 0, 0);
    for (size_t c = 0; c < sizeof few / sizeof few[0]; c++)
        for (int o = 0; o < 4; o++)
            gemm_padded_case(&t, cb, &r, PREC_S, o & 1 ? GBLAS_OP_T : GBLAS_OP_N,
                             o & 2 ? GBLAS_OP_T : GBLAS_OP_N, few[c].m, few[c].n, few[c].k,
                             few[c].pad, few[c].pad, few[c].pad, o % 2);
    static const struct {
        int64_t m, n, k;
        gblas_operation_t ta, tb;
    } peels[] = {
        {33, 2048, 4096, GBLAS_OP_T, GBLAS_OP_N},  /* last row: a GEMV */
        {65, 2048, 4096, GBLAS_OP_T, GBLAS_OP_T},  /* last row: a GEMV */
        {33, 2048, 4096, GBLAS_OP_N, GBLAS_OP_N},  /* strided x, B of 2^23: one GEMM */
        {33, 1024, 32768, GBLAS_OP_N, GBLAS_OP_N}, /* last row, strided: x copied (gather_x) */
        {2048, 33, 4096, GBLAS_OP_N, GBLAS_OP_N},  /* last column: a GEMV */
        {4096, 65, 2048, GBLAS_OP_T, GBLAS_OP_N},  /* last column: a GEMV */
        {1024, 33, 32768, GBLAS_OP_T, GBLAS_OP_T}, /* last column, strided: x copied */
    };
    for (size_t c = 0; c < sizeof peels / sizeof peels[0]; c++)
        gemm_padded_case(&t, cb, &r, PREC_S, peels[c].ta, peels[c].tb, peels[c].m, peels[c].n,
                         peels[c].k, c % 2, 0, c % 3, c % 2);
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}
