/* test_level2_update.c: GER, SYR, SPR, SYR2 and SPR2 in s and d on every backend case against a
 * long double oracle: both uplo, sizes 0 to a few thousand, lda > rows, increments 1, 2, -1, -3,
 * host and device pointer modes. A's ld gap, its unreferenced triangle and guard slots past a
 * packed AP hold NaN and must come back bit for bit; so must every column the reference skips
 * (y(j) == 0 for GER, x(j) == 0 for SYR and SPR, x(j) == y(j) == 0 for SYR2 and SPR2), which
 * here holds NaN, Inf and -0.0. alpha == 0, with NaN in x and y, leaves A as it was in both
 * pointer modes; results repeat bit for bit across thread counts and runs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_blas.h"

typedef enum { R_GER, R_SYR, R_SPR, R_SYR2, R_SPR2 } routine;
static const char *const NAMES[] = {"ger", "syr", "spr", "syr2", "spr2"};
static const int64_t SIZES[] = {0, 1, 2, 3, 7, 33, 100, 257};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])
static const int64_t INCS[] = {1, 2, -1, -3};
static const prec_t PRECS[] = {PREC_S, PREC_D};
static const gblas_fill_mode_t UPLOS[] = {GBLAS_FILL_MODE_UPPER, GBLAS_FILL_MODE_LOWER};
#define PACKED_GUARD 4 /* NaN slots after AP */

static int is_packed(routine r) { return r == R_SPR || r == R_SPR2; }
static int rank2(routine r) { return r == R_SYR2 || r == R_SPR2; }

/* One call. zeros: some columns' coefficients are zero (the reference skips those whose
 * coefficients are all zero: NaN, Inf and -0.0 are put there, the last turning into +0.0
 * where x(i) * 0 is +0.0 and the column is not skipped); for rank 2 others have only
 * x(j) == 0 and are updated. */
typedef struct {
    routine r;
    gblas_fill_mode_t uplo;
    int64_t m, n, pad, incx, incy;
    double alpha;
    gblas_pointer_mode_t mode;
    int zeros;
} ucase;

/* Slot of A(i, j) in the storage, or -1 where the routine must not touch it. */
static int64_t slot_of(const ucase *c, int64_t lda, int64_t i, int64_t j) {
    if (c->r == R_GER) return i < c->m ? i + j * lda : -1;
    const int upper = c->uplo == GBLAS_FILL_MODE_UPPER;
    if (upper ? i > j : i < j) return -1;
    if (!is_packed(c->r)) return i + j * lda;
    return upper ? i + j * (j + 1) / 2 : i + j * (2 * c->n - j - 1) / 2;
}

/* Strided vector of n random elements, NaN in its gaps; all NaN when nan_all. */
static double *vector(prec_t p, const char *tag, int64_t n, int64_t inc, int64_t salt,
                      int nan_all) {
    const int64_t len = vec_len(n, inc);
    double *v = hbuf(len);
    rng_t r = rng_for(tag, p, n, inc, salt);
    rng_fill(&r, p, v, len);
    for (int64_t i = 0; i < len; i++)
        if (nan_all || n == 0 || i % llabs(inc) != 0) v[i] = poison_nan();
    return v;
}

static gblas_status_t call(hctx *t, prec_t p, const ucase *c, const void *alpha, const dbuf *x,
                           const dbuf *y, dbuf *A, int64_t lda) {
    switch (c->r) {
    case R_GER: return hr_ger(t->h, p, c->m, c->n, alpha, x->p, c->incx, y->p, c->incy, A->p, lda);
    case R_SYR: return hr_syr(t->h, p, c->uplo, c->n, alpha, x->p, c->incx, A->p, lda);
    case R_SPR: return hr_spr(t->h, p, c->uplo, c->n, alpha, x->p, c->incx, A->p);
    case R_SYR2:
        return hr_syr2(t->h, p, c->uplo, c->n, alpha, x->p, c->incx, y->p, c->incy, A->p, lda);
    default: return hr_spr2(t->h, p, c->uplo, c->n, alpha, x->p, c->incx, y->p, c->incy, A->p);
    }
}

static void run_case(hctx *t, prec_t p, const ucase *c) {
    char d[240];
    snprintf(d, sizeof d,
             "[%s] %s%s %s m=%lld n=%lld lda=+%lld incx=%lld incy=%lld alpha=%g mode=%s zeros=%d",
             t->name, prec_name(p), NAMES[c->r], c->uplo == GBLAS_FILL_MODE_UPPER ? "U" : "L",
             (long long)c->m, (long long)c->n, (long long)c->pad, (long long)c->incx,
             (long long)c->incy, c->alpha, mode_name(c->mode), c->zeros);
    const int ger = c->r == R_GER, two = rank2(c->r);
    const int64_t rows = ger ? c->m : c->n, n = c->n;
    const int64_t lda = (rows > 1 ? rows : 1) + c->pad;
    const int64_t la = is_packed(c->r) ? n * (n + 1) / 2 + PACKED_GUARD : lda * n;
    const int64_t ny = ger ? n : rank2(c->r) ? n : 0;
    const int nan_vectors = c->alpha == 0;
    double *x = vector(p, "upd-x", rows, c->incx, c->r * 64 + c->pad, nan_vectors);
    double *y = vector(p, "upd-y", ny, c->incy, c->r * 64 + c->pad, nan_vectors);
    double *A = hbuf(la), *got = hbuf(la);
    rng_t rg = rng_for("upd-A", p * 8 + c->r, rows, n, c->pad * 4 + c->uplo);
    for (int64_t s = 0; s < la; s++) A[s] = poison_nan(); /* what is never referenced */

    /* the coefficients of column j, and whether the reference skips it */
    int64_t *skip = calloc((size_t)(n + 1), sizeof *skip);
    cr_assert(skip != NULL);
    for (int64_t j = 0; j < n && c->zeros && !nan_vectors; j++) {
        if (j % 5 == 1) {
            skip[j] = 1;
            if (ger || two) y[vec_index(n, c->incy, j)] = 0;
            if (!ger) x[vec_index(n, c->incx, j)] = 0;
        } else if (j % 5 == 3 && two) {
            x[vec_index(n, c->incx, j)] = 0; /* y(j) != 0: updated */
        } else if (j % 5 == 4 && two) {
            y[vec_index(n, c->incy, j)] = 0; /* x(j) != 0: updated */
        }
    }
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < rows; i++) {
            const int64_t s = slot_of(c, lda, i, j);
            if (s < 0) continue;
            A[s] = rng_value(&rg, p);
            if (skip[j]) A[s] = i % 3 == 0 ? poison_nan() : i % 3 == 1 ? -0.0 : INFINITY;
        }

    dbuf dA = dbuf_upload(t, p, A, la), dx = dbuf_upload(t, p, x, vec_len(rows, c->incx));
    dbuf dy = dbuf_upload(t, p, y, vec_len(ny, c->incy));
    sslot al;
    set_mode(t, c->mode);
    void *ap = sslot_put(&al, t, c->mode, p, &c->alpha, 1);
    gblas_status_t st = call(t, p, c, ap, &dx, &dy, &dA, lda);
    set_mode(t, GBLAS_POINTER_MODE_HOST);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    dbuf_download(t, &dA, got);
    sslot_free(&al);

    /* each referenced element against the oracle; then every slot not checked so comes back
     * bit for bit */
    char *done = calloc((size_t)la + 1, 1);
    cr_assert(done != NULL);
    const long double alpha = c->alpha;
    for (int64_t j = 0; j < n && rows > 0 && c->alpha != 0; j++) {
        if (skip[j]) continue;
        const long double c1 =
            ger || two ? y[vec_index(n, c->incy, j)] : x[vec_index(n, c->incx, j)];
        const long double c2 = two ? x[vec_index(n, c->incx, j)] : 0;
        for (int64_t i = 0; i < rows; i++) {
            const int64_t s = slot_of(c, lda, i, j);
            if (s < 0) continue;
            const long double p1 = alpha * c1 * x[vec_index(rows, c->incx, i)];
            const long double p2 = two ? alpha * c2 * y[vec_index(n, c->incy, i)] : 0;
            const long double want = (long double)A[s] + p1 + p2;
            const long double scale = fabsl((long double)A[s]) + fabsl(p1) + fabsl(p2);
            cr_assert(within_tol(p, got[s], want, scale, 2),
                      "%s: A(%lld, %lld) = %.17g, want %.17Lg", d, (long long)i, (long long)j,
                      got[s], want);
            done[s] = 1;
        }
    }
    for (int64_t s = 0; s < la; s++)
        if (!done[s])
            cr_assert(same_bits(got[s], prec_round(p, A[s])), "%s: slot %lld changed: %g -> %g", d,
                      (long long)s, A[s], got[s]);

    dbuf_free(t, &dA);
    dbuf_free(t, &dx);
    dbuf_free(t, &dy);
    free(done);
    free(skip);
    free(A);
    free(got);
    free(x);
    free(y);
}

static double scalar_for(prec_t p, int64_t i) {
    static const double v[] = {1.0, -0.7, 2.5, 1.3};
    return prec_round(p, v[i % 4]);
}

/* GER: every m, n pair of SIZES; increments, lda padding and alpha cycle; skipped columns in
 * every other case. */
BACKEND_TEST(level2_update, ger_sizes) {
    hctx t;
    harness_open(&t, hc);
    int64_t k = 0;
    for (int pi = 0; pi < 2; pi++)
        for (size_t a = 0; a < NSIZES; a++)
            for (size_t b = 0; b < NSIZES; b++, k++) {
                ucase c = {R_GER, GBLAS_FILL_MODE_UPPER, SIZES[a], SIZES[b], k % 3 * 2,
                           INCS[k % 4], INCS[(k / 4) % 4], scalar_for(PRECS[pi], k),
                           GBLAS_POINTER_MODE_HOST, (int)(k % 2)};
                run_case(&t, PRECS[pi], &c);
            }
    harness_close(&t);
}

/* SYR, SPR, SYR2, SPR2: both uplo, every n of SIZES and 500 (past the CPU's threading
 * threshold); increments, lda padding and alpha cycle; skipped columns in every other case. */
BACKEND_TEST(level2_update, sym_sizes) {
    hctx t;
    harness_open(&t, hc);
    int64_t k = 0;
    for (int pi = 0; pi < 2; pi++)
        for (routine r = R_SYR; r <= R_SPR2; r++)
            for (int u = 0; u < 2; u++)
                for (size_t a = 0; a <= NSIZES; a++, k++) {
                    ucase c = {r, UPLOS[u], 0, a < NSIZES ? SIZES[a] : 500, k % 3,
                               INCS[k % 4], INCS[(k / 4) % 4], scalar_for(PRECS[pi], k),
                               GBLAS_POINTER_MODE_HOST, (int)(k % 2)};
                    run_case(&t, PRECS[pi], &c);
                }
    harness_close(&t);
}

/* Larger: GER tall and wide (a few thousand) and square-ish (an lda of whole 16-byte vectors,
 * and an odd one); SYR at n = 1537, the other symmetric forms at n = 702 to 704 (each uplo
 * in one of the two precisions). */
BACKEND_TEST(level2_update, large) {
    hctx t;
    harness_open(&t, hc);
    for (int pi = 0; pi < 2; pi++) {
        const prec_t p = PRECS[pi];
        const ucase ger[] = {
            {R_GER, GBLAS_FILL_MODE_UPPER, 3001, 40, 3, -1, 2, 1.5, GBLAS_POINTER_MODE_HOST, 1},
            {R_GER, GBLAS_FILL_MODE_UPPER, 40, 3000, 0, 1, -3, -0.5, GBLAS_POINTER_MODE_HOST, 0},
            {R_GER, GBLAS_FILL_MODE_UPPER, 1024, 700, 4, 1, 1, 0.75, GBLAS_POINTER_MODE_HOST, 1},
            {R_GER, GBLAS_FILL_MODE_UPPER, 999, 503, 2, 2, 1, -1.25, GBLAS_POINTER_MODE_HOST, 0},
        };
        for (int i = 0; i < 4; i++) run_case(&t, p, &ger[i]);
        for (routine r = R_SYR; r <= R_SPR2; r++) {
            const gblas_fill_mode_t uplo = UPLOS[(pi + r) % 2];
            const ucase c = {r, uplo, 0, r == R_SYR ? 1537 : 700 + r, (r == R_SYR) * 3,
                             r % 2 ? -2 : 1, 1, prec_round(p, 0.3), GBLAS_POINTER_MODE_HOST, 1};
            run_case(&t, p, &c);
        }
    }
    harness_close(&t);
}

/* Device pointer mode: alpha read from backend memory, nonzero (skipped columns included), and
 * zero with NaN in x and y (A unread and unchanged); host mode alpha == 0 returns at once. */
BACKEND_TEST(level2_update, pointer_modes_and_alpha_zero) {
    hctx t;
    harness_open(&t, hc);
    static const int64_t sizes[] = {1, 5, 130, 301};
    for (int pi = 0; pi < 2; pi++)
        for (routine r = R_GER; r <= R_SPR2; r++)
            for (int s = 0; s < 4; s++) {
                const prec_t p = PRECS[pi];
                const int64_t n = sizes[s], m = r == R_GER ? sizes[3 - s] : 0;
                const gblas_fill_mode_t uplo = UPLOS[s % 2];
                const ucase dev = {r, uplo, m, n, s, INCS[s], INCS[3 - s], prec_round(p, -1.1),
                                   GBLAS_POINTER_MODE_DEVICE, 1};
                const ucase dev0 = {r, uplo, m, n, 1, -2, 3, 0.0, GBLAS_POINTER_MODE_DEVICE, 0};
                const ucase host0 = {r, uplo, m, n, 0, 1, -1, 0.0, GBLAS_POINTER_MODE_HOST, 0};
                run_case(&t, p, &dev);
                run_case(&t, p, &dev0);
                run_case(&t, p, &host0);
            }
    harness_close(&t);
}

/* The same call with 1, 2 and 3 threads (CPU) or twice (CUDA) gives the same bits: each
 * element's operations do not depend on the partition. Shapes past the CPU's threading
 * threshold, a strided x (gathered on the AVX levels). */
BACKEND_TEST(level2_update, same_bits_across_threads) {
    hctx t;
    harness_open(&t, hc);
    for (int pi = 0; pi < 2; pi++)
        for (routine r = R_GER; r <= R_SPR2; r++) {
            const prec_t p = PRECS[pi];
            const int64_t n = 600, m = r == R_GER ? 301 : n, lda = m + 1;
            const int64_t la = is_packed(r) ? n * (n + 1) / 2 : lda * n;
            const gblas_fill_mode_t uplo = UPLOS[(pi + r) % 2];
            double *A = hbuf(la), *x = hbuf(vec_len(m, -2)), *y = hbuf(n), *first = hbuf(la);
            double *again = hbuf(la);
            rng_t rg = rng_for("upd-threads", p, r, n, 0);
            rng_fill(&rg, p, A, la);
            rng_fill(&rg, p, x, vec_len(m, -2));
            rng_fill(&rg, p, y, n);
            const ucase c = {r, uplo, m, n, 1, -2, 1, 0, GBLAS_POINTER_MODE_HOST, 0};
            dbuf dx = dbuf_upload(&t, p, x, vec_len(m, -2)), dy = dbuf_upload(&t, p, y, n);
            hscalar a;
            hscalar_set(&a, p, 0.625);
            for (int run = 0; run < 3; run++) {
                if (!t.is_cuda) EXPECT_OK(t.h, gblas_set_num_threads(t.h, run + 1));
                dbuf dA = dbuf_upload(&t, p, A, la);
                EXPECT_OK(t.h, call(&t, p, &c, &a, &dx, &dy, &dA, lda));
                dbuf_download(&t, &dA, run == 0 ? first : again);
                dbuf_free(&t, &dA);
                for (int64_t s = 0; run > 0 && s < la; s++)
                    cr_assert(same_bits(first[s], again[s]),
                              "[%s] %s%s: slot %lld differs between run 1 and run %d", t.name,
                              prec_name(p), NAMES[r], (long long)s, run + 1);
            }
            dbuf_free(&t, &dx);
            dbuf_free(&t, &dy);
            free(A);
            free(x);
            free(y);
            free(first);
            free(again);
        }
    harness_close(&t);
}
