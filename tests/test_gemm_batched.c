/* test_gemm_batched.c: GEMM_STRIDED_BATCHED and GEMM_BATCHED in s and d on every backend case,
 * against a long-double oracle per product: batch counts 1 to 5 over small shapes (m, n, k in
 * {0, 1, 2, 7, 33}) and every transpose pair, ld > rows, A shared by every product (stride 0,
 * or every pointer the same), B and C apart with gaps between the products that must come
 * back untouched, alpha and beta in {1, -0.7, 0} with NaN poison where they say nothing is read
 * (A and B for alpha = 0, C for beta = 0), batch_count = 0 returning at once; the pointer form
 * with products in reverse memory order and a C pointer array that interleaves them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness_blas.h"

static const int64_t SIZES[] = {0, 1, 2, 7, 33};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])

typedef struct {
    gblas_operation_t ta, tb;
    int64_t m, n, k, count;
    double alpha, beta;
    int arrays; /* 1: GEMM_BATCHED (pointer arrays), 0: strided */
} batch_args;

/* A backend array of count pointers: base + offs[i] elements of precision p. */
static void *pointer_array(hctx *t, const dbuf *base, const int64_t *offs, int64_t count) {
    void **host = malloc((size_t)(count > 0 ? count : 1) * sizeof *host);
    cr_assert(host != NULL);
    for (int64_t i = 0; i < count; i++) host[i] = (char *)base->p + offs[i] * prec_size(base->prec);
    void *dev = NULL;
    cr_assert(gblas_malloc(t->h, &dev, (size_t)(count > 0 ? count : 1) * sizeof *host) ==
              GBLAS_STATUS_SUCCESS);
    if (count > 0)
        cr_assert(gblas_set_vector(t->h, count, sizeof *host, host, 1, dev, 1) ==
                  GBLAS_STATUS_SUCCESS);
    free(host);
    return dev;
}

/* One batched call, every product checked element by element, every slot of C outside the
 * products' matrices bit-identical. Layout: A one matrix shared by all products (stride 0);
 * B products apart by its extent plus 3; C products apart by its extent plus 5 (strided) or,
 * with arrays, in reverse order (product i at slot count - 1 - i). */
static void batch_case(hctx *t, prec_t p, const batch_args *g) {
    char d[220];
    snprintf(d, sizeof d, "[%s] %sgemm_%s %s%s m=%lld n=%lld k=%lld count=%lld alpha=%g beta=%g",
             t->name, prec_name(p), g->arrays ? "batched" : "strided_batched", op_name(g->ta),
             op_name(g->tb), (long long)g->m, (long long)g->n, (long long)g->k,
             (long long)g->count, g->alpha, g->beta);
    const int64_t m = g->m, n = g->n, k = g->k, count = g->count;
    const int an = g->ta == GBLAS_OP_N, bn = g->tb == GBLAS_OP_N;
    const int64_t ra = an ? m : k, ca = an ? k : m, rb = bn ? k : n, cb = bn ? n : k;
    const int64_t lda = (ra > 1 ? ra : 1) + 1, ldb = (rb > 1 ? rb : 1) + 2,
                  ldc = (m > 1 ? m : 1) + 1;
    const int64_t sa = 0, sb = ldb * cb + 3, sc = ldc * n + 5;
    const int64_t la = lda * ca + 1, lb = sb * (count > 0 ? count : 1),
                  lc = sc * (count > 0 ? count : 1);
    double *A = hbuf(la), *B = hbuf(lb), *C = hbuf(lc), *got = hbuf(lc);
    rng_t r = rng_for("gemm_batched", p * 16 + g->ta * 4 + g->tb + 64 * g->arrays, m * 64 + n,
                      k, count);
    rng_fill(&r, p, A, la);
    rng_fill(&r, p, B, lb);
    rng_fill(&r, p, C, lc);
    /* product i's C starts at slot ci[i]; cslot[s] = (product, row, col) of slot s, or -1 */
    int64_t ai[8], bi[8], ci[8];
    for (int64_t i = 0; i < count; i++) {
        ai[i] = sa * i;
        bi[i] = sb * i;
        ci[i] = sc * (g->arrays ? count - 1 - i : i);
    }
    for (int64_t s = 0; s < la; s++)
        if (s % lda >= ra || s >= lda * ca || g->alpha == 0) A[s] = poison_nan();
    for (int64_t s = 0; s < lb; s++)
        if (s % sb >= ldb * cb || (s % sb) % ldb >= rb || g->alpha == 0) B[s] = poison_nan();
    for (int64_t s = 0; s < lc; s++) {
        const int64_t in = s % sc, row = in % ldc;
        if (in >= ldc * n || row >= m) C[s] = gap_value(s);
        else if (g->beta == 0) C[s] = poison_nan();
    }
    dbuf dA = dbuf_upload(t, p, A, la), dB = dbuf_upload(t, p, B, lb), dC = dbuf_upload(t, p, C, lc);
    hscalar ha, hb;
    gblas_status_t st;
    if (g->arrays) {
        void *pa = pointer_array(t, &dA, ai, count), *pb = pointer_array(t, &dB, bi, count),
             *pc = pointer_array(t, &dC, ci, count);
        st = hr_gemm_batched(t->h, p, g->ta, g->tb, m, n, k, hscalar_set(&ha, p, g->alpha),
                             (const void *const *)pa, lda, (const void *const *)pb, ldb,
                             hscalar_set(&hb, p, g->beta), (void *const *)pc, ldc, count);
        gblas_synchronize(t->h);
        gblas_free(t->h, pa);
        gblas_free(t->h, pb);
        gblas_free(t->h, pc);
    } else {
        st = hr_gemm_strided_batched(t->h, p, g->ta, g->tb, m, n, k, hscalar_set(&ha, p, g->alpha),
                                     dA.p, lda, sa, dB.p, ldb, sb, hscalar_set(&hb, p, g->beta),
                                     dC.p, ldc, sc, count);
    }
    cr_assert(st == GBLAS_STATUS_SUCCESS, "%s: %s: %s", d, gblas_status_name(st),
              gblas_last_error(t->h));
    dbuf_download(t, &dC, got);
    const int untouched = m == 0 || n == 0 || ((g->alpha == 0 || k == 0) && g->beta == 1);
    for (int64_t s = 0; s < lc; s++) {
        const int64_t in = s % sc, row = in % ldc, col = in / ldc;
        if (untouched || in >= ldc * n || row >= m) {
            cr_assert(same_bits(got[s], prec_round(p, C[s])), "%s: C slot %lld changed: %g -> %g",
                      d, (long long)s, C[s], got[s]);
            continue;
        }
        const int64_t prod = g->arrays ? count - 1 - s / sc : s / sc;
        const double *Ai = A + ai[prod], *Bi = B + bi[prod];
        long double sum = 0, scale = 0, cterm = 0;
        if (g->alpha != 0)
            for (int64_t l = 0; l < k; l++) {
                const double a = an ? Ai[row + l * lda] : Ai[l + row * lda];
                const double b = bn ? Bi[l + col * ldb] : Bi[col + l * ldb];
                sum += (long double)a * b;
                scale += fabsl((long double)a * b);
            }
        if (g->beta != 0) cterm = (long double)g->beta * C[s];
        const long double want = (long double)g->alpha * sum + cterm;
        scale = fabsl((long double)g->alpha) * scale + fabsl(cterm);
        cr_assert(within_tol(p, got[s], want, scale, k),
                  "%s: product %lld C(%lld,%lld) = %.17g, want %.17Lg", d, (long long)prod,
                  (long long)row, (long long)col, got[s], want);
    }
    dbuf_free(t, &dA);
    dbuf_free(t, &dB);
    dbuf_free(t, &dC);
    free(A);
    free(B);
    free(C);
    free(got);
}

BACKEND_TEST(gemm_batched, shapes_counts_and_layouts) {
    hctx t;
    harness_open(&t, hc);
    static const double scalars[][2] = {{1, 1}, {-0.7, 0.5}, {0, 0.5}, {1, 0}, {0, 1}};
    int64_t c = 0;
    for (int pi = 0; pi < 2; pi++)
        for (size_t a = 0; a < NSIZES; a++)
            for (size_t b = 0; b < NSIZES; b++)
                for (size_t e = 0; e < NSIZES; e++, c++) {
                    const prec_t p = pi ? PREC_D : PREC_S;
                    const int q = (int)(c % 4);
                    batch_args g = {q & 1 ? (c % 3 ? GBLAS_OP_T : GBLAS_OP_C) : GBLAS_OP_N,
                                    q & 2 ? GBLAS_OP_T : GBLAS_OP_N,
                                    SIZES[a], SIZES[b], SIZES[e], 1 + c % 5,
                                    prec_round(p, scalars[c % 5][0]), scalars[c % 5][1],
                                    (int)(c / 5 % 2)};
                    batch_case(&t, p, &g);
                }
    harness_close(&t);
}

/* batch_count = 0 with every pointer NULL returns at once; so does a batch whose products are
 * empty. The checks on a batch's arguments are in the generated bad-argument tests. */
API_TEST(gemm_batched, empty_batches) {
    hctx t;
    harness_open(&t, hc);
    const double one = 1;
    hscalar ha, hb;
    for (int pi = 0; pi < 2; pi++) {
        const prec_t p = pi ? PREC_D : PREC_S;
        cr_assert(hr_gemm_strided_batched(t.h, p, GBLAS_OP_N, GBLAS_OP_N, 4, 4, 4,
                                          hscalar_set(&ha, p, one), NULL, 4, 0, NULL, 4, 0,
                                          hscalar_set(&hb, p, one), NULL, 4, 0, 0) ==
                  GBLAS_STATUS_SUCCESS);
        cr_assert(hr_gemm_batched(t.h, p, GBLAS_OP_N, GBLAS_OP_N, 4, 4, 4,
                                  hscalar_set(&ha, p, one), NULL, 4, NULL, 4,
                                  hscalar_set(&hb, p, one), NULL, 4, 0) == GBLAS_STATUS_SUCCESS);
        cr_assert(hr_gemm_batched(t.h, p, GBLAS_OP_N, GBLAS_OP_N, 0, 4, 4,
                                  hscalar_set(&ha, p, one), NULL, 1, NULL, 4,
                                  hscalar_set(&hb, p, one), NULL, 1, 3) == GBLAS_STATUS_SUCCESS);
    }
    harness_close(&t);
}

/* alpha = 0 or k = 0 reads no A or B, so the API accepts NULL for them (and for their arrays):
 * C = beta C, nothing formed from A and B (the CPU backend read Aarray[i] and offset a NULL A
 * by i strideA; the fuzz harness found it). */
BACKEND_TEST(gemm_batched, unread_operands_null) {
    hctx t;
    harness_open(&t, hc);
    const int64_t m = 3, n = 2, count = 3, ldc = 4, sc = ldc * n, lc = sc * count;
    const int64_t offs[3] = {0, sc, 2 * sc};
    for (int c = 0; c < 8; c++) {
        const prec_t p = c & 1 ? PREC_D : PREC_S;
        const int arrays = c >> 1 & 1, k = c & 4 ? 0 : 5;
        const double alpha = k == 0 ? 1 : 0, beta = 0.5;
        double *C = hbuf(lc), *got = hbuf(lc);
        for (int64_t s = 0; s < lc; s++) C[s] = (double)(s % 7) - 3;
        dbuf dC = dbuf_upload(&t, p, C, lc);
        hscalar ha, hb;
        gblas_status_t st;
        if (arrays) {
            void *pc = pointer_array(&t, &dC, offs, count);
            st = hr_gemm_batched(t.h, p, GBLAS_OP_N, GBLAS_OP_T, m, n, k,
                                 hscalar_set(&ha, p, alpha), NULL, m, NULL, n,
                                 hscalar_set(&hb, p, beta), (void *const *)pc, ldc, count);
            gblas_synchronize(t.h);
            gblas_free(t.h, pc);
        } else {
            st = hr_gemm_strided_batched(t.h, p, GBLAS_OP_N, GBLAS_OP_T, m, n, k,
                                         hscalar_set(&ha, p, alpha), NULL, m, 7, NULL, n, 5,
                                         hscalar_set(&hb, p, beta), dC.p, ldc, sc, count);
        }
        cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] %s %s k=%d: %s", t.name, prec_name(p),
                  arrays ? "arrays" : "strided", k, gblas_last_error(t.h));
        dbuf_download(&t, &dC, got);
        for (int64_t s = 0; s < lc; s++) {
            const double want = s % ldc < m ? beta * C[s] : C[s];
            cr_assert(same_bits(got[s], prec_round(p, want)), "[%s] %s %s k=%d: C[%lld] = %g, "
                      "want %g", t.name, prec_name(p), arrays ? "arrays" : "strided", k,
                      (long long)s, got[s], want);
        }
        dbuf_free(&t, &dC);
        free(C);
        free(got);
    }
    harness_close(&t);
}
