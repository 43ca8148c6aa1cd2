/* test_level2_mv.c: GBMV (N, T, C), SYMV, SBMV and SPMV (lower, upper) in s and d on every
 * backend case, against a long-double oracle that reads A through the header's storage
 * formulas: sizes 0 to a few thousand, band widths from 0 past n, lda beyond its minimum,
 * increments 1, 2, -1, -3, alpha and beta from {0, 1, other}, both pointer modes. Every slot of
 * A's storage outside the referenced band or triangle (the ld gap, the other triangle) holds NaN
 * and all of A must come back bit for bit; NaN in y with beta = 0 and NaN in A, x with
 * alpha = 0 must not leak; y's strided gaps and quick returns stay bit for bit. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_blas.h"

typedef enum { K_GBMV, K_SYMV, K_SBMV, K_SPMV } mv_kind;
static const char *const KIND_NAME[] = {"gbmv", "symv", "sbmv", "spmv"};
static const prec_t PRECS[] = {PREC_S, PREC_D};
static const int64_t INCS[] = {1, 2, -1, -3};
static const gblas_operation_t OPS[] = {GBLAS_OP_N, GBLAS_OP_T, GBLAS_OP_C};
static const gblas_fill_mode_t UPLOS[] = {GBLAS_FILL_MODE_LOWER, GBLAS_FILL_MODE_UPPER};

typedef struct {
    mv_kind kind;
    prec_t p;
    gblas_operation_t op;   /* gbmv */
    gblas_fill_mode_t uplo; /* symv, sbmv, spmv */
    int64_t m, n;           /* m: gbmv only */
    int64_t kl, ku;         /* gbmv; sbmv's k in ku */
    int64_t pad;            /* lda beyond its minimum */
    int64_t incx, incy;
    double alpha, beta;
    int device; /* alpha and beta in backend memory */
} mv_args;

static int64_t imax(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t imin(int64_t a, int64_t b) { return a < b ? a : b; }

static int64_t mv_lda(const mv_args *a) {
    switch (a->kind) {
    case K_GBMV: return a->kl + a->ku + 1 + a->pad;
    case K_SYMV: return imax(1, a->n) + a->pad;
    case K_SBMV: return a->ku + 1 + a->pad;
    default: return 0;
    }
}

static int64_t mv_storage_len(const mv_args *a) {
    return a->kind == K_SPMV ? a->n * (a->n + 1) / 2 : mv_lda(a) * a->n;
}

/* The storage slot of A(i, j) (m x n for gbmv, n x n symmetric otherwise) as the header
 * documents it, or -1 where A(i, j) is zero (outside the band). */
static int64_t slot_of(const mv_args *a, int64_t i, int64_t j) {
    const int64_t lda = mv_lda(a), n = a->n;
    if (a->kind == K_GBMV)
        return i >= j - a->ku && i <= j + a->kl ? a->ku + i - j + j * lda : -1;
    const int upper = a->uplo == GBLAS_FILL_MODE_UPPER;
    if ((upper && i > j) || (!upper && i < j)) { /* the stored triangle holds (j, i) */
        int64_t s = i;
        i = j;
        j = s;
    }
    switch (a->kind) {
    case K_SYMV: return i + j * lda;
    case K_SBMV:
        if (llabs(i - j) > a->ku) return -1;
        return (upper ? a->ku + i - j : i - j) + j * lda;
    default: return upper ? i + j * (j + 1) / 2 : i + (2 * n - j - 1) * j / 2;
    }
}

static void mv_case(hctx *t, const mv_args *a) {
    const prec_t p = a->p;
    const int gb = a->kind == K_GBMV, tr = gb && a->op != GBLAS_OP_N;
    const int64_t rows = gb ? a->m : a->n, n = a->n, lda = mv_lda(a);
    const int64_t nx = tr ? rows : n, ny = tr ? n : rows;
    const int64_t width = gb ? imax(a->kl, a->ku) : a->kind == K_SBMV ? a->ku : n;
    char d[256];
    snprintf(d, sizeof d,
             "[%s] %s%s %s m=%lld n=%lld kl=%lld ku/k=%lld lda=%lld incx=%lld incy=%lld "
             "alpha=%g beta=%g %s",
             t->name, prec_name(p), KIND_NAME[a->kind],
             gb ? op_name(a->op) : a->uplo == GBLAS_FILL_MODE_UPPER ? "upper" : "lower",
             (long long)rows, (long long)n, (long long)a->kl, (long long)a->ku, (long long)lda,
             (long long)a->incx, (long long)a->incy, a->alpha, a->beta,
             a->device ? "device scalars" : "host scalars");
    const int64_t la = imax(1, mv_storage_len(a)), lx = vec_len(nx, a->incx),
                  ly = vec_len(ny, a->incy);
    double *A = hbuf(la), *x = hbuf(lx), *y = hbuf(ly), *got = hbuf(ly), *gotA = hbuf(la);
    rng_t r = rng_for(KIND_NAME[a->kind], p * 8 + (gb ? a->op : a->uplo), rows * 4099 + n,
                      a->kl * 131 + a->ku, a->pad * 64 + a->incx * 8 + a->incy);
    /* NaN everywhere but the referenced band / triangle (all of it with alpha == 0) */
    for (int64_t s = 0; s < la; s++) A[s] = poison_nan();
    const int upper = a->uplo == GBLAS_FILL_MODE_UPPER;
    if (a->alpha != 0)
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = imax(0, j - width); i <= imin(rows - 1, j + width); i++) {
                if (!gb && (upper ? i > j : i < j)) continue; /* each stored slot once */
                const int64_t s = slot_of(a, i, j);
                if (s >= 0) A[s] = rng_value(&r, p);
            }
    rng_fill(&r, p, x, lx);
    rng_fill(&r, p, y, ly);
    for (int64_t i = 0; i < lx; i++)
        if (a->alpha == 0 || nx == 0 || i % llabs(a->incx) != 0) x[i] = poison_nan();
    if (a->beta == 0)
        for (int64_t i = 0; i < ly; i++) y[i] = poison_nan();
    fill_gaps(y, ly, ny, a->incy);

    dbuf dA = dbuf_upload(t, p, A, la), dx = dbuf_upload(t, p, x, lx),
         dy = dbuf_upload(t, p, y, ly);
    const double ab[2] = {a->alpha, a->beta};
    const gblas_pointer_mode_t mode = a->device ? GBLAS_POINTER_MODE_DEVICE : GBLAS_POINTER_MODE_HOST;
    sslot sc;
    sslot_put(&sc, t, mode, p, ab, 2);
    set_mode(t, mode);
    const void *al = sslot_at(&sc, 0), *be = sslot_at(&sc, 1);
    gblas_status_t st;
    switch (a->kind) {
    case K_GBMV:
        st = hr_gbmv(t->h, p, a->op, a->m, n, a->kl, a->ku, al, dA.p, lda, dx.p, a->incx, be,
                     dy.p, a->incy);
        break;
    case K_SYMV:
        st = hr_symv(t->h, p, a->uplo, n, al, dA.p, lda, dx.p, a->incx, be, dy.p, a->incy);
        break;
    case K_SBMV:
        st = hr_sbmv(t->h, p, a->uplo, n, a->ku, al, dA.p, lda, dx.p, a->incx, be, dy.p,
                     a->incy);
        break;
    default: st = hr_spmv(t->h, p, a->uplo, n, al, dA.p, dx.p, a->incx, be, dy.p, a->incy);
    }
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    dbuf_download(t, &dy, got);
    dbuf_download(t, &dA, gotA);
    int64_t changed = -1;
    for (int64_t s = 0; s < la && changed < 0; s++)
        if (!same_bits(gotA[s], prec_round(p, A[s]))) changed = s;
    cr_assert(changed < 0, "%s: A slot %lld changed", d, (long long)changed);

    const int untouched = ny == 0 || nx == 0 || (a->alpha == 0 && a->beta == 1);
    for (int64_t j = 0; j < ly; j++) {
        const int64_t i = j / llabs(a->incy); /* slot j holds element i (forward order) */
        const int on_vec = ny > 0 && j % llabs(a->incy) == 0 && i < ny;
        if (untouched || !on_vec) {
            cr_assert(same_bits(got[j], prec_round(p, y[j])), "%s: y slot %lld changed: %g -> %g",
                      d, (long long)j, y[j], got[j]);
            continue;
        }
        const int64_t e = a->incy > 0 ? i : ny - 1 - i; /* element index of slot j */
        long double sum = 0, scale = 0;
        if (a->alpha != 0)
            for (int64_t l = imax(0, e - width); l <= imin(nx - 1, e + width); l++) {
                const int64_t s = tr ? slot_of(a, l, e) : slot_of(a, e, l);
                if (s < 0) continue;
                const long double pr = (long double)A[s] * x[vec_index(nx, a->incx, l)];
                sum += pr;
                scale += fabsl(pr);
            }
        const long double want = (long double)a->alpha * sum,
                          yterm = a->beta != 0 ? (long double)a->beta * y[j] : 0;
        scale = fabsl((long double)a->alpha) * scale + fabsl(yterm);
        cr_assert(within_tol(p, got[j], want + yterm, scale, imin(nx, 2 * width + 1)),
                  "%s: y[%lld] = %.17g, want %.17Lg (scale %.3Lg)", d, (long long)e, got[j],
                  want + yterm, scale);
    }
    sslot_free(&sc);
    dbuf_free(t, &dA);
    dbuf_free(t, &dx);
    dbuf_free(t, &dy);
    free(A);
    free(x);
    free(y);
    free(got);
    free(gotA);
}

static double special_scalar(prec_t p, int64_t i) {
    static const double v[] = {0.0, 1.0, -0.7};
    return prec_round(p, v[i % 3]);
}

/* Every m, n pair of sizes, each op, band widths (kl, ku) cycling from diagonal-only to past
 * both dimensions; increments, lda padding and (alpha, beta) cycle. */
BACKEND_TEST(level2_mv, gbmv_sizes) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t sizes[] = {0, 1, 2, 3, 7, 33, 100};
    static const int64_t bands[][2] = {{0, 0}, {1, 2}, {3, 0}, {0, 5}, {2, 1}, {40, 7}, {200, 300}};
    int64_t c = 0;
    for (int pi = 0; pi < 2; pi++)
        for (int o = 0; o < 3; o++)
            for (size_t a = 0; a < 7; a++)
                for (size_t b = 0; b < 7; b++, c++) {
                    const mv_args g = {.kind = K_GBMV, .p = PRECS[pi], .op = OPS[o],
                                       .m = sizes[a], .n = sizes[b], .kl = bands[c % 7][0],
                                       .ku = bands[c % 7][1], .pad = c % 3, .incx = INCS[c % 4],
                                       .incy = INCS[(c / 4) % 4],
                                       .alpha = special_scalar(PRECS[pi], c / 2),
                                       .beta = special_scalar(PRECS[pi], c / 6 + c / 18)};
                    mv_case(&t, &g);
                }
    harness_close(&t);
}

/* symv, sbmv (k cycling from 0 past n), spmv: every size, both triangles. */
BACKEND_TEST(level2_mv, symmetric_sizes) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t sizes[] = {0, 1, 2, 3, 7, 32, 33, 64, 100, 257};
    static const int64_t ks[] = {0, 1, 2, 5, 64, 300};
    int64_t c = 0;
    for (int pi = 0; pi < 2; pi++)
        for (int kind = K_SYMV; kind <= K_SPMV; kind++)
            for (int u = 0; u < 2; u++)
                for (size_t a = 0; a < 10; a++)
                    for (int rep = 0; rep < 3; rep++, c++) {
                        const mv_args g = {.kind = (mv_kind)kind, .p = PRECS[pi],
                                           .uplo = UPLOS[u], .n = sizes[a], .ku = ks[c % 6],
                                           .pad = (c / 2) % 3, .incx = INCS[c % 4],
                                           .incy = INCS[(c / 4) % 4],
                                           .alpha = special_scalar(PRECS[pi], c),
                                           .beta = special_scalar(PRECS[pi], c / 3 + c / 9)};
                        mv_case(&t, &g);
                    }
    harness_close(&t);
}

/* Seeded random shapes of every routine, scalars random or special, half of them in device
 * pointer mode. */
BACKEND_TEST(level2_mv, random_shapes) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t incs[] = {1, 1, 2, 3, -1, -2, -3, 7};
    for (int pi = 0; pi < 2; pi++) {
        const prec_t p = PRECS[pi];
        rng_t r = rng_for("level2-mv-random", p, 0, 0, 0);
        for (int c = 0; c < 200; c++) {
            const mv_args g = {.kind = (mv_kind)(c % 4), .p = p, .op = OPS[rng_range(&r, 0, 2)],
                               .uplo = UPLOS[rng_range(&r, 0, 1)], .m = rng_range(&r, 0, 300),
                               .n = rng_range(&r, 0, 300), .kl = rng_range(&r, 0, 40),
                               .ku = rng_range(&r, 0, c % 8 == 1 ? 400 : 40),
                               .pad = rng_range(&r, 0, 9), .incx = incs[rng_range(&r, 0, 7)],
                               .incy = incs[rng_range(&r, 0, 7)],
                               .alpha = c % 5 == 0 ? special_scalar(p, c / 5) : 2 * rng_value(&r, p),
                               .beta = c % 5 == 1 ? special_scalar(p, c / 5) : 2 * rng_value(&r, p),
                               .device = c % 2};
            mv_case(&t, &g);
        }
    }
    harness_close(&t);
}

/* Sizes past every block and panel: symmetric full and packed over several 128-column panels
 * with partial tiles (CUDA), long band sweeps, tall and wide band matrices. */
BACKEND_TEST(level2_mv, large) {
    hctx t;
    harness_open(&t, hc);
    for (int pi = 0; pi < 2; pi++) {
        const prec_t p = PRECS[pi];
        const double al = prec_round(p, 1.3), be = prec_round(p, -0.6);
        for (int u = 0; u < 2; u++) {
            /* one of a few thousand per precision (ssymv lower, dspmv lower), 1500 and 1100
             * for the other kinds and triangles */
            mv_case(&t, &(mv_args){.kind = u ? K_SPMV : K_SYMV, .p = p, .uplo = UPLOS[u ^ pi],
                                   .n = u == pi ? 2900 + pi * 101 : 1500, .incx = 1, .incy = 1,
                                   .alpha = 1, .beta = 0, .device = u});
            mv_case(&t, &(mv_args){.kind = u ? K_SYMV : K_SPMV, .p = p, .uplo = UPLOS[u ^ pi],
                                   .n = 1100, .pad = 3, .incx = -3, .incy = 2, .alpha = al,
                                   .beta = be});
            static const int64_t ks[] = {1, 8, 64};
            for (int k = 0; k < 3; k++)
                mv_case(&t, &(mv_args){.kind = K_SBMV, .p = p, .uplo = UPLOS[u], .n = 20000,
                                       .ku = ks[k], .pad = k, .incx = k ? 1 : -2, .incy = 1,
                                       .alpha = al, .beta = k == 1 ? 0 : be});
        }
        for (int o = 0; o < 3; o++) {
            mv_case(&t, &(mv_args){.kind = K_GBMV, .p = p, .op = OPS[o], .m = 5000, .n = 5000,
                                   .kl = 3, .ku = 64, .pad = 1, .incx = 1, .incy = -1,
                                   .alpha = al, .beta = be});
            mv_case(&t, &(mv_args){.kind = K_GBMV, .p = p, .op = OPS[o], .m = 3000, .n = 700,
                                   .kl = 100, .ku = 2, .incx = 2, .incy = 1, .alpha = 1,
                                   .beta = 0, .device = 1});
            mv_case(&t, &(mv_args){.kind = K_GBMV, .p = p, .op = OPS[o], .m = 600, .n = 2500,
                                   .kl = 1, .ku = 1, .incx = 1, .incy = 1, .alpha = al,
                                   .beta = 1});
        }
    }
    harness_close(&t);
}

/* y all NaN with beta = 0 is overwritten; with alpha = 0, A and x (all NaN) are never read, in
 * both pointer modes (device mode: the backend itself sees alpha == 0, beta == 1). */
BACKEND_TEST(level2_mv, nan_not_leaked) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t ns[] = {1, 5, 64, 129, 300};
    for (int pi = 0; pi < 2; pi++)
        for (int kind = K_GBMV; kind <= K_SPMV; kind++)
            for (int s = 0; s < 5; s++)
                for (int dev = 0; dev < 2; dev++) {
                    const prec_t p = PRECS[pi];
                    mv_args g = {.kind = (mv_kind)kind, .p = p, .op = OPS[s % 3],
                                 .uplo = UPLOS[s % 2], .m = ns[s] + 2, .n = ns[s], .kl = 2,
                                 .ku = s + 1, .pad = 1, .incx = 1, .incy = 1, .device = dev};
                    g.alpha = prec_round(p, 1.7), g.beta = 0; /* y NaN */
                    mv_case(&t, &g);
                    g.alpha = 0, g.beta = 0, g.incx = -2; /* A, x, y NaN: y = 0 */
                    mv_case(&t, &g);
                    g.alpha = 0, g.beta = 1, g.incy = 3; /* quick return, or y = 1 y */
                    mv_case(&t, &g);
                    g.alpha = 0, g.beta = prec_round(p, -2.3);
                    mv_case(&t, &g);
                }
    harness_close(&t);
}

/* Strided x and y together longer than the whole workspace: the CPU vector paths cannot gather
 * them and sweep the strided vectors in place. */
BACKEND_TEST(level2_mv, strided_past_workspace) {
    hctx t;
    harness_open(&t, hc);
    size_t ws = 0;
    cr_assert(gblas_workspace_size(t.h, &ws) == GBLAS_STATUS_SUCCESS);
    const int64_t n = (int64_t)(ws / (2 * sizeof(double))) + 4096;
    mv_case(&t, &(mv_args){.kind = K_SBMV, .p = PREC_D, .uplo = GBLAS_FILL_MODE_LOWER, .n = n,
                           .ku = 1, .incx = 2, .incy = -3, .alpha = 0.75, .beta = -0.5});
    mv_case(&t, &(mv_args){.kind = K_GBMV, .p = PREC_D, .op = GBLAS_OP_N, .m = n, .n = n,
                           .kl = 1, .ku = 0, .incx = -2, .incy = 2, .alpha = 1.5, .beta = 0.5});
    mv_case(&t, &(mv_args){.kind = K_GBMV, .p = PREC_D, .op = GBLAS_OP_T, .m = n, .n = n,
                           .kl = 0, .ku = 1, .incx = 3, .incy = -2, .alpha = -1, .beta = 2});
    harness_close(&t);
}

/* alpha = Inf, as the reference BLAS: GBMV N rows that no column's band reaches (m > n + kl)
 * keep beta y exactly; T outputs whose column the band leaves empty (n > m + ku) get
 * alpha * 0 = NaN; every other output is non-finite. */
BACKEND_TEST(level2_mv, gbmv_empty_band_nonfinite_alpha) {
    hctx t;
    harness_open(&t, hc);
    for (int pi = 0; pi < 2; pi++)
        for (int tr = 0; tr < 2; tr++) {
            const prec_t p = PRECS[pi];
            const int64_t m = tr ? 3 : 7, n = tr ? 7 : 3, kl = 1, ku = 1, lda = kl + ku + 1;
            const int64_t nx = tr ? m : n, ny = tr ? n : m;
            double A[3 * 7], x[7], y[7], got[7];
            rng_t r = rng_for("gbmv-inf", p, tr, 0, 0);
            rng_fill(&r, p, A, lda * n);
            for (int64_t i = 0; i < nx; i++) x[i] = 0.5 + 0.25 * (double)i;
            for (int64_t i = 0; i < ny; i++) y[i] = 1.0 + (double)i;
            dbuf dA = dbuf_upload(&t, p, A, lda * n), dx = dbuf_upload(&t, p, x, nx),
                 dy = dbuf_upload(&t, p, y, ny);
            hscalar a, b;
            const gblas_status_t st =
                hr_gbmv(t.h, p, tr ? GBLAS_OP_T : GBLAS_OP_N, m, n, kl, ku,
                        hscalar_set(&a, p, INFINITY), dA.p, lda, dx.p, 1, hscalar_set(&b, p, 0.5),
                        dy.p, 1);
            cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] %s", t.name, gblas_last_error(t.h));
            dbuf_download(&t, &dy, got);
            for (int64_t o = 0; o < ny; o++) {
                const int reached = tr ? o <= m - 1 + ku : o <= n - 1 + kl;
                if (reached)
                    cr_assert(!isfinite(got[o]), "[%s] %sgbmv %s alpha=inf: y[%lld] = %g, want "
                              "non-finite", t.name, prec_name(p), tr ? "T" : "N", (long long)o,
                              got[o]);
                else if (tr)
                    cr_assert(isnan(got[o]), "[%s] %sgbmv T alpha=inf, empty column %lld: %g, "
                              "want alpha * 0 = NaN", t.name, prec_name(p), (long long)o, got[o]);
                else
                    cr_assert(got[o] == 0.5 * y[o], "[%s] %sgbmv N alpha=inf, unreached row "
                              "%lld: %g, want beta y = %g", t.name, prec_name(p), (long long)o,
                              got[o], 0.5 * y[o]);
            }
            dbuf_free(&t, &dA);
            dbuf_free(&t, &dx);
            dbuf_free(&t, &dy);
        }
    harness_close(&t);
}
