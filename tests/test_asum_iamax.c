/* test_asum_iamax.c: ASUM, I_AMAX, I_AMIN in s and d on every backend case, results in host and
 * backend memory. Sizes 0 to 300007 (threaded and multi-block paths), increments 1, 2, 5 and
 * negative (0 at once); data with NaN first / inside / everywhere, infinities, equal magnitudes,
 * ties across chunk edges. Oracles: the reference loops (first index on ties, NaN in x[0] gives 1,
 * other NaN passed over) and a long double sum; gaps hold values that would change any answer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_blas.h"

static const int64_t SIZES[] = {0, 1, 2, 3, 7, 33, 100, 257, 1000, 4097, 131073, 300007};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])
#define LARGE 100000 /* sizes above run with increments 1 and 2 only */
static const int64_t INCS[] = {1, 2, 5, -1, -3};
#define NINCS (sizeof INCS / sizeof INCS[0])
static const prec_t PRECS[] = {PREC_S, PREC_D};
static const gblas_pointer_mode_t MODES[] = {GBLAS_POINTER_MODE_HOST, GBLAS_POINTER_MODE_DEVICE};

enum {
    K_RANDOM,
    K_NAN_FIRST,      /* x[0] NaN and a larger value later: I_AMAX and I_AMIN give 1 */
    K_NAN_INSIDE,     /* NaN in the middle and at the end: passed over */
    K_ALL_NAN,        /* every answer is 1 */
    K_INF,            /* -Inf then +Inf: I_AMAX gives the first; ASUM is +Inf */
    K_ALL_EQUAL,      /* one magnitude, random signs: both give 1 */
    K_SCATTERED_TIES, /* the largest (2) and smallest (+-0) magnitudes at chunk-edge positions */
    KINDS
};
static const char *const KIND_NAMES[KINDS] = {"random",    "nan-first", "nan-inside", "all-nan",
                                              "inf",       "all-equal", "ties"};

/* Element positions where chunks and blocks of the parallel paths are likely to meet. */
static const int64_t EDGES[] = {31, 32, 255, 256, 1023, 1024, 4095, 4096, 65535, 65536, 131071};

/* The strided x of the kind (inc > 0 or < 0), gap markers between the elements. */
static double *make_x(prec_t p, int64_t n, int64_t inc, int kind) {
    double *x = strided(p, "asum-iamax", n, inc, kind);
    rng_t r = rng_for("asum-iamax-kind", p, n, inc, kind);
#define X(i) x[vec_index(n, inc, (i))]
    switch (kind) {
    case K_NAN_FIRST:
        X(0) = NAN;
        if (n > 1) X(n / 2) = 3.0;
        break;
    case K_NAN_INSIDE:
        X(n / 2) = NAN;
        X(n - 1) = NAN;
        break;
    case K_ALL_NAN:
        for (int64_t i = 0; i < n; i++) X(i) = NAN;
        break;
    case K_INF:
        X(n / 3) = -INFINITY;
        X(2 * n / 3) = INFINITY;
        break;
    case K_ALL_EQUAL:
        for (int64_t i = 0; i < n; i++) X(i) = rng_next(&r) & 1 ? 0.5 : -0.5;
        break;
    case K_SCATTERED_TIES:
        for (size_t e = 0; e < sizeof EDGES / sizeof EDGES[0]; e++) {
            if (EDGES[e] >= n) break;
            X(EDGES[e]) = e % 2 ? 2.0 : -2.0;
            if (EDGES[e] + 2 < n) X(EDGES[e] + 2) = e % 2 ? 0.0 : -0.0;
        }
        for (int j = 0; j < 4 && n > 0; j++) { /* and a few anywhere */
            X(rng_range(&r, 0, n - 1)) = j % 2 ? 2.0 : -2.0;
            X(rng_range(&r, 0, n - 1)) = j % 2 ? -0.0 : 0.0;
        }
        break;
    }
#undef X
    return x;
}

/* The reference BLAS's I_AMAX (larger = 1) or I_AMIN (larger = 0) over x. */
static int64_t index_ref(const double *x, int64_t n, int64_t inc, int larger) {
    if (n == 0 || inc < 0) return 0;
    int64_t best = 1;
    double m = fabs(vec_elem(x, n, inc, 0));
    for (int64_t i = 1; i < n; i++) {
        double v = fabs(vec_elem(x, n, inc, i));
        if (larger ? v > m : v < m) {
            best = i + 1;
            m = v;
        }
    }
    return best;
}

static double run_asum(hctx *t, prec_t p, gblas_pointer_mode_t mode, int64_t n, const dbuf *x,
                       int64_t inc, const char *d) {
    sslot r;
    const double poison = poison_nan();
    void *rp = sslot_put(&r, t, mode, p, &poison, 1);
    gblas_status_t st = hr_asum(t->h, p, n, x->p, inc, rp);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: asum: %s", d, gblas_last_error(t->h));
    double got;
    sslot_get(&r, &got);
    sslot_free(&r);
    return got;
}

static int64_t run_index(hctx *t, prec_t p, gblas_pointer_mode_t mode, int larger, int64_t n,
                         const dbuf *x, int64_t inc, const char *d) {
    sslot r;
    void *rp = sslot_put_index(&r, t, mode, -7);
    gblas_status_t st = larger ? hr_iamax(t->h, p, n, x->p, inc, rp)
                               : hr_iamin(t->h, p, n, x->p, inc, rp);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, larger ? "iamax" : "iamin",
              gblas_last_error(t->h));
    int64_t got = sslot_get_index(&r);
    sslot_free(&r);
    return got;
}

static void reduce_case(hctx *t, prec_t p, int64_t n, int64_t inc, int kind) {
    char d[200];
    double *x = make_x(p, n, inc, kind);
    const int64_t len = vec_len(n, inc);
    /* I_AMIN's copy has zeros in its gaps (the large markers would never win there) */
    double *x0 = hbuf(len);
    for (int64_t j = 0; j < len; j++) x0[j] = x[j];
    for (int64_t j = 0; j < len; j++)
        if (n == 0 || j % llabs(inc) != 0) x0[j] = 0.0;

    long double sum = 0;
    int any_nan = 0, any_inf = 0;
    for (int64_t i = 0; i < n; i++) {
        double v = fabs(vec_elem(x, n, inc, i));
        any_nan |= isnan(v);
        any_inf |= isinf(v);
        sum += v;
    }
    long double asum_ref = n == 0 || inc < 0 ? 0 : any_nan ? NAN : any_inf ? INFINITY : sum;
    const int64_t amax_ref = index_ref(x, n, inc, 1), amin_ref = index_ref(x0, n, inc, 0);

    dbuf dx = dbuf_upload(t, p, x, len), dx0 = dbuf_upload(t, p, x0, len);
    for (int m = 0; m < 2; m++) {
        snprintf(d, sizeof d, "[%s] %s n=%lld incx=%lld %s, result in %s memory", t->name,
                 prec_name(p), (long long)n, (long long)inc, KIND_NAMES[kind],
                 mode_name(MODES[m]));
        set_mode(t, MODES[m]);
        double got = run_asum(t, p, MODES[m], n, &dx, inc, d);
        if (n == 0 || inc < 0)
            cr_assert(same_bits(got, 0.0), "%s: asum = %g, want +0", d, got);
        else
            cr_assert(matches_ref(p, got, asum_ref, sum, n), "%s: asum = %.17g, want %.17Lg", d,
                      got, asum_ref);
        if (n >= 100000) { /* the large reductions: the same bits again */
            double again = run_asum(t, p, MODES[m], n, &dx, inc, d);
            cr_assert(same_bits(got, again), "%s: asum not reproducible: %.17g then %.17g", d, got,
                      again);
        }
        int64_t amax = run_index(t, p, MODES[m], 1, n, &dx, inc, d);
        cr_assert(amax == amax_ref, "%s: iamax = %lld, want %lld", d, (long long)amax,
                  (long long)amax_ref);
        int64_t amin = run_index(t, p, MODES[m], 0, n, &dx0, inc, d);
        cr_assert(amin == amin_ref, "%s: iamin = %lld, want %lld", d, (long long)amin,
                  (long long)amin_ref);
    }
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    /* read-only routines: the vectors come back bit for bit */
    double *back = hbuf(len);
    dbuf_download(t, &dx, back);
    for (int64_t j = 0; j < len; j++)
        cr_assert(same_bits(back[j], prec_round(p, x[j])), "%s: x slot %lld changed", d,
                  (long long)j);
    free(back);
    dbuf_free(t, &dx);
    dbuf_free(t, &dx0);
    free(x);
    free(x0);
}

BACKEND_TEST(asum_iamax, sizes_kinds_increments) {
    hctx t;
    harness_open(&t, hc);
    for (int pi = 0; pi < 2; pi++)
        for (size_t s = 0; s < NSIZES; s++)
            for (size_t i = 0; i < NINCS; i++)
                for (int k = 0; k < KINDS; k++) {
                    if ((SIZES[s] == 0 || INCS[i] < 0) && k != K_RANDOM) continue; /* early 0 */
                    if (SIZES[s] > LARGE && (INCS[i] < 0 || INCS[i] > 2)) continue;
                    reduce_case(&t, PRECS[pi], SIZES[s], INCS[i], k);
                }
    harness_close(&t);
}

/* Random sizes (a few past 2^17) and positive increments, each with a random data kind. */
BACKEND_TEST(asum_iamax, random_sweep) {
    hctx t;
    harness_open(&t, hc);
    for (int pi = 0; pi < 2; pi++) {
        rng_t r = rng_for("asum-iamax-sweep", pi, 0, 0, 0);
        for (int c = 0; c < 60; c++) {
            int64_t n = c % 10 == 9 ? rng_range(&r, 131072, 200000) : rng_range(&r, 1, 5000);
            int64_t inc = rng_range(&r, 1, 4);
            reduce_case(&t, PRECS[pi], n, inc, (int)rng_range(&r, 0, KINDS - 1));
        }
    }
    harness_close(&t);
}
