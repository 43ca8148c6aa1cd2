/* test_cuda_cublas_complex.c: the CUDA backend's complex Level 1 (c, z) against cuBLAS
 * (CUBLAS_PEDANTIC_MATH, the 64-bit API) on random sizes, every increment sign pair and both
 * pointer modes, on the same device data: every routine runs twice through gblas and once
 * through cuBLAS on identical copies of x and y. The two gblas runs must agree bit for bit
 * (outputs, results and the slots off the vectors); gblas and cuBLAS within twice the scaled
 * bound part by part (COPY and SWAP bit for bit, I_AMAX and I_AMIN exactly). The data have
 * nonzero imaginary parts everywhere, so DOTC against cuBLAS's DOTC fails if gblas does not
 * conjugate x. The long double oracle lives in test_complex_*.c; this is the cross-check. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_complex.h"
#include "harness_cuda.h"

static const int64_t INCS[] = {1, 2, 3, -1, -2, -3};
#define NINCS (sizeof INCS / sizeof INCS[0])
#define CASES 96 /* per real precision; every routine on each */

typedef enum {
    C_DOTU,
    C_DOTC,
    C_NRM2,
    C_ASUM,
    C_IAMAX,
    C_IAMIN,
    C_AXPY,
    C_SCAL,
    C_SCAL_REAL,
    C_COPY,
    C_SWAP,
    C_ROT,
    C_ROT_REAL,
    CROUTINES
} cx_routine;
static const char *const NAMES[CROUTINES] = {"dotu",  "dotc", "nrm2",    "asum",      "iamax",
                                             "iamin", "axpy", "scal",    "scal_real", "copy",
                                             "swap",  "rot",  "rot_real"};

/* What a routine returns: 2 reals (a complex result), 1 (a real one), an index, or nothing. */
static int result_reals(cx_routine r) {
    return r == C_DOTU || r == C_DOTC ? 2 : r == C_NRM2 || r == C_ASUM ? 1 : 0;
}
static int is_index(cx_routine r) { return r == C_IAMAX || r == C_IAMIN; }
/* The reductions with a nonnegative increment only: both libraries return 0 at once on a
 * negative one (nrm2 walks it backwards in gblas; it is given |incx| on both sides). */
static int reads_abs_inc(cx_routine r) { return r >= C_NRM2 && r <= C_IAMIN; }

static cublasHandle_t cublas_on(hctx *t) {
    cublasHandle_t cb;
    gblas_stream_t s;
    CUBLAS_OK(cublasCreate(&cb));
    CUBLAS_OK(cublasSetMathMode(cb, CUBLAS_PEDANTIC_MATH));
    /* gblas's stream: both libraries' work, uploads and read-backs are ordered on it */
    EXPECT_OK(t->h, gblas_get_stream(t->h, &s));
    CUBLAS_OK(cublasSetStream(cb, (cudaStream_t)s));
    return cb;
}

/* One side's copy of the case's operands and its result slot. */
typedef struct {
    dbuf x, y;
    sslot res;
} side;

/* The scalars in one slot, aligned for cuComplex: alpha = (v[0], v[1]); c = v[0] and s at
 * element 2 (complex (v[2], v[3]) for ROT, v[2] for ROT_REAL, as SCAL_REAL's alpha is v[0]). */
typedef struct {
    sslot slot;
    double v[4];
} scalars;

static gblas_status_t run_gblas(hctx *t, prec_t rp, cx_routine r, int64_t n, int64_t incx,
                                int64_t incy, scalars *sc, side *s) {
    const prec_t cp = cx_prec(rp);
    void *x = s->x.p, *y = s->y.p, *res = s->res.p, *a = sc->slot.p;
    void *sv = sslot_at(&sc->slot, 2);
    switch (r) {
    case C_DOTU: return hr_dotu(t->h, cp, n, x, incx, y, incy, res);
    case C_DOTC: return hr_dotc(t->h, cp, n, x, incx, y, incy, res);
    case C_NRM2: return hr_nrm2(t->h, cp, n, x, incx, res);
    case C_ASUM: return hr_asum(t->h, cp, n, x, incx, res);
    case C_IAMAX: return hr_iamax(t->h, cp, n, x, incx, res);
    case C_IAMIN: return hr_iamin(t->h, cp, n, x, incx, res);
    case C_AXPY: return hr_axpy(t->h, cp, n, a, x, incx, y, incy);
    case C_SCAL: return hr_scal(t->h, cp, n, a, x, incx);
    case C_SCAL_REAL: return hr_scal_real(t->h, cp, n, a, x, incx);
    case C_COPY: return hr_copy(t->h, cp, n, x, incx, y, incy);
    case C_SWAP: return hr_swap(t->h, cp, n, x, incx, y, incy);
    case C_ROT: return hr_rot(t->h, cp, n, x, incx, y, incy, a, sv);
    case C_ROT_REAL: return hr_rot_real(t->h, cp, n, x, incx, y, incy, a, sv);
    default: return GBLAS_STATUS_INTERNAL_ERROR;
    }
}

/* cuBLAS's call of the routine; SCAL and SCAL_REAL are not called with a negative increment
 * (gblas returns at once there, as the reference BLAS; the caller checks x untouched). */
static void run_cublas(cublasHandle_t cb, prec_t rp, cx_routine r, int64_t n, int64_t incx,
                       int64_t incy, scalars *sc, side *s) {
    void *x = s->x.p, *y = s->y.p, *res = s->res.p, *a = sc->slot.p;
    void *sv = sslot_at(&sc->slot, 2);
    const int z = rp == PREC_D;
    switch (r) {
    case C_DOTU:
        CUBLAS_OK(z ? cublasZdotu_64(cb, n, x, incx, y, incy, res)
                    : cublasCdotu_64(cb, n, x, incx, y, incy, res));
        break;
    case C_DOTC:
        CUBLAS_OK(z ? cublasZdotc_64(cb, n, x, incx, y, incy, res)
                    : cublasCdotc_64(cb, n, x, incx, y, incy, res));
        break;
    case C_NRM2:
        CUBLAS_OK(z ? cublasDznrm2_64(cb, n, x, incx, res) : cublasScnrm2_64(cb, n, x, incx, res));
        break;
    case C_ASUM:
        CUBLAS_OK(z ? cublasDzasum_64(cb, n, x, incx, res) : cublasScasum_64(cb, n, x, incx, res));
        break;
    case C_IAMAX:
        CUBLAS_OK(z ? cublasIzamax_64(cb, n, x, incx, res) : cublasIcamax_64(cb, n, x, incx, res));
        break;
    case C_IAMIN:
        CUBLAS_OK(z ? cublasIzamin_64(cb, n, x, incx, res) : cublasIcamin_64(cb, n, x, incx, res));
        break;
    case C_AXPY:
        CUBLAS_OK(z ? cublasZaxpy_64(cb, n, a, x, incx, y, incy)
                    : cublasCaxpy_64(cb, n, a, x, incx, y, incy));
        break;
    case C_SCAL:
        CUBLAS_OK(z ? cublasZscal_64(cb, n, a, x, incx) : cublasCscal_64(cb, n, a, x, incx));
        break;
    case C_SCAL_REAL:
        CUBLAS_OK(z ? cublasZdscal_64(cb, n, a, x, incx) : cublasCsscal_64(cb, n, a, x, incx));
        break;
    case C_COPY:
        CUBLAS_OK(z ? cublasZcopy_64(cb, n, x, incx, y, incy)
                    : cublasCcopy_64(cb, n, x, incx, y, incy));
        break;
    case C_SWAP:
        CUBLAS_OK(z ? cublasZswap_64(cb, n, x, incx, y, incy)
                    : cublasCswap_64(cb, n, x, incx, y, incy));
        break;
    case C_ROT:
        CUBLAS_OK(z ? cublasZrot_64(cb, n, x, incx, y, incy, a, sv)
                    : cublasCrot_64(cb, n, x, incx, y, incy, a, sv));
        break;
    case C_ROT_REAL:
        CUBLAS_OK(z ? cublasZdrot_64(cb, n, x, incx, y, incy, a, sv)
                    : cublasCsrot_64(cb, n, x, incx, y, incy, a, sv));
        break;
    default: break;
    }
}

/* |re| + |im| */
static long double mag(lcx a) { return fabsl(a.re) + fabsl(a.im); }

/* Per-part scales of x's and y's slots after the routine (0 off the vectors and where the
 * routine does not write: those slots must come back exactly), and of its result. */
static void scales(cx_routine r, int64_t n, int64_t incx, int64_t incy, const scalars *sc,
                   const double *x, const double *y, long double *scx, long double *scy,
                   long double *scr) {
    const lcx alpha = {sc->v[0], sc->v[1]}, s = {sc->v[2], sc->v[3]};
    const long double c = fabsl((long double)sc->v[0]), sr = fabsl((long double)sc->v[2]);
    long double sum = 0;
    for (int64_t i = 0; i < n; i++) {
        const lcx xi = cx_elem(x, n, incx, i), yi = cx_elem(y, n, incy, i);
        const int64_t ix = vec_index(n, incx, i), iy = vec_index(n, incy, i);
        long double sx = 0, sy = 0;
        switch (r) {
        case C_DOTU:
        case C_DOTC: sum += mag(xi) * mag(yi); break;
        case C_NRM2: sum += xi.re * xi.re + xi.im * xi.im; break;
        case C_ASUM: sum += mag(xi); break;
        case C_AXPY: sy = mag(alpha) * mag(xi) + mag(yi); break;
        case C_SCAL: sx = mag(alpha) * mag(xi); break;
        case C_SCAL_REAL: sx = fabsl(alpha.re) * mag(xi); break;
        case C_ROT:
            sx = c * mag(xi) + mag(s) * mag(yi);
            sy = c * mag(yi) + mag(s) * mag(xi);
            break;
        case C_ROT_REAL:
            sx = c * mag(xi) + sr * mag(yi);
            sy = c * mag(yi) + sr * mag(xi);
            break;
        default: break; /* the indices, COPY and SWAP: exact */
        }
        scx[2 * ix] = scx[2 * ix + 1] = sx;
        scy[2 * iy] = scy[2 * iy + 1] = sy;
    }
    *scr = r == C_NRM2 ? sqrtl(sum) : sum;
}

static void one_case(hctx *t, cublasHandle_t cb, prec_t rp, cx_routine r, rng_t *rng, int c) {
    const gblas_pointer_mode_t mode = c % 2 ? GBLAS_POINTER_MODE_DEVICE : GBLAS_POINTER_MODE_HOST;
    const int64_t n =
        c < 6 ? c : (int64_t)floor(exp((rng_value(rng, PREC_D) + 1) / 2 * log(70000.0)));
    int64_t incx = INCS[rng_range(rng, 0, NINCS - 1)], incy = INCS[rng_range(rng, 0, NINCS - 1)];
    if (reads_abs_inc(r))
        incx = llabs(incx);
    const int64_t lx = vec_len(n, incx), ly = vec_len(n, incy);
    const prec_t cp = cx_prec(rp);
    char d[200];
    snprintf(d, sizeof d, "%s%s n=%lld incx=%lld incy=%lld, scalars in %s memory", prec_name(cp),
             NAMES[r], (long long)n, (long long)incx, (long long)incy, mode_name(mode));

    double *x = cx_strided(rp, "cublas-cx-x", n, incx, c),
           *y = cx_strided(rp, "cublas-cx-y", n, incy, c);
    scalars sc;
    for (int k = 0; k < 4; k++)
        sc.v[k] = prec_round(rp, 2 * rng_value(rng, rp));
    if (r == C_ROT || r == C_ROT_REAL) { /* a rotation: c = cos th, s = sin th e^(i ph) or sin th */
        const double th = 3.2 * rng_value(rng, PREC_D), ph = 3.2 * rng_value(rng, PREC_D);
        sc.v[0] = prec_round(rp, cos(th));
        sc.v[2] = prec_round(rp, sin(th) * (r == C_ROT ? cos(ph) : 1));
        sc.v[3] = prec_round(rp, sin(th) * sin(ph));
    }
    sslot_put(&sc.slot, t, mode, rp, sc.v, 4);

    /* sides 0 and 1: gblas twice; side 2: cuBLAS */
    side s[3];
    double *gx[3], *gy[3], res[3][2] = {{0}};
    int64_t idx[3] = {0};
    const double zero[2] = {0, 0};
    set_mode(t, mode);
    CUBLAS_OK(cublasSetPointerMode(cb, mode == GBLAS_POINTER_MODE_DEVICE
                                           ? CUBLAS_POINTER_MODE_DEVICE
                                           : CUBLAS_POINTER_MODE_HOST));
    for (int k = 0; k < 3; k++) {
        s[k].x = dbuf_upload(t, rp, x, 2 * lx);
        s[k].y = dbuf_upload(t, rp, y, 2 * ly);
        if (is_index(r))
            sslot_put_index(&s[k].res, t, mode, -7);
        else
            sslot_put(&s[k].res, t, mode, rp, zero, 2);
        if (k < 2) {
            gblas_status_t st = run_gblas(t, rp, r, n, incx, incy, &sc, &s[k]);
            cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s", d, gblas_last_error(t->h));
        } else if (!((r == C_SCAL || r == C_SCAL_REAL) && incx < 0)) {
            run_cublas(cb, rp, r, n, incx, incy, &sc, &s[k]);
        }
        gx[k] = hbuf(2 * lx);
        gy[k] = hbuf(2 * ly);
        dbuf_download(t, &s[k].x, gx[k]);
        dbuf_download(t, &s[k].y, gy[k]);
        if (is_index(r))
            idx[k] = sslot_get_index(&s[k].res);
        else
            sslot_get(&s[k].res, res[k]);
    }
    set_mode(t, GBLAS_POINTER_MODE_HOST);

    /* the two gblas runs: the same bits everywhere */
    for (int64_t j = 0; j < 2 * lx; j++)
        cr_assert(same_bits(gx[0][j], gx[1][j]), "%s: x slot %lld part %lld differs run to run", d,
                  (long long)(j / 2), (long long)(j % 2));
    for (int64_t j = 0; j < 2 * ly; j++)
        cr_assert(same_bits(gy[0][j], gy[1][j]), "%s: y slot %lld part %lld differs run to run", d,
                  (long long)(j / 2), (long long)(j % 2));
    cr_assert(idx[0] == idx[1] && same_bits(res[0][0], res[1][0]) &&
                  same_bits(res[0][1], res[1][1]),
              "%s: the result differs run to run", d);

    /* gblas against cuBLAS */
    if (is_index(r))
        cr_assert(idx[0] == idx[2], "%s: gblas %lld, cuBLAS %lld", d, (long long)idx[0],
                  (long long)idx[2]);
    long double *scx = calloc((size_t)(2 * lx), sizeof *scx),
                *scy = calloc((size_t)(2 * ly), sizeof *scy), scr = 0;
    cr_assert(scx != NULL && scy != NULL);
    scales(r, n, incx, incy, &sc, x, y, scx, scy, &scr);
    const int64_t k = r == C_ROT || r == C_AXPY ? 3 : 2; /* terms of a part */
    const int64_t kr = 2 * n;                            /* terms of a reduction */
    for (int p = 0; p < result_reals(r); p++)
        cr_assert(within_tol(rp, res[0][p], res[2][p], 2 * scr, kr),
                  "%s: result part %d: gblas %.17g, cuBLAS %.17g (scale %.3Lg)", d, p, res[0][p],
                  res[2][p], scr);
    const int untouched = (r == C_SCAL || r == C_SCAL_REAL) && incx < 0;
    for (int64_t j = 0; j < 2 * lx; j++)
        cr_assert(untouched ? same_bits(gx[0][j], x[j])
                            : within_tol(rp, gx[0][j], gx[2][j], 2 * scx[j], k),
                  "%s: x slot %lld part %lld: gblas %.17g, cuBLAS %.17g (before %.17g)", d,
                  (long long)(j / 2), (long long)(j % 2), gx[0][j], gx[2][j], x[j]);
    for (int64_t j = 0; j < 2 * ly; j++)
        cr_assert(within_tol(rp, gy[0][j], gy[2][j], 2 * scy[j], k),
                  "%s: y slot %lld part %lld: gblas %.17g, cuBLAS %.17g", d, (long long)(j / 2),
                  (long long)(j % 2), gy[0][j], gy[2][j]);

    for (int kk = 0; kk < 3; kk++) {
        dbuf_free(t, &s[kk].x);
        dbuf_free(t, &s[kk].y);
        sslot_free(&s[kk].res);
        free(gx[kk]);
        free(gy[kk]);
    }
    sslot_free(&sc.slot);
    free(scx);
    free(scy);
    free(x);
    free(y);
}

Test(cuda, cublas_complex_level1, .timeout = 600) {
    hctx t;
    harness_open_cuda(&t);
    cublasHandle_t cb = cublas_on(&t);
    for (int pi = 0; pi < 2; pi++) {
        const prec_t rp = pi ? PREC_D : PREC_S;
        for (int r = 0; r < CROUTINES; r++) {
            rng_t rng = rng_for("cublas-complex-level1", rp, r, 0, 0);
            for (int c = 0; c < CASES; c++)
                one_case(&t, cb, rp, (cx_routine)r, &rng, c);
        }
    }
    CUBLAS_OK(cublasDestroy(cb));
    harness_close(&t);
}
