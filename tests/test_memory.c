/* test_memory.c: backend memory and handle state. gblas_malloc/free round trips and alignment,
 * set/get matrix with ldh != ldd != rows (padding left alone), strided vectors, the async forms
 * followed by gblas_synchronize, an impossible allocation (ALLOC_FAILED, *p NULL, handle still
 * usable), a user workspace, device pointer mode giving the same bits as host mode, and the
 * getters and setters of stream, threads and backend detail. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness_blas.h"

/* Byte pattern of element (i, j) of a test matrix, different per byte and per matrix. */
static unsigned char pattern(int64_t i, int64_t j, size_t b, unsigned salt) {
    return (unsigned char)(i * 7 + j * 31 + (int64_t)b * 3 + salt);
}

/* set_matrix then get_matrix (async or not) of rows x cols elements of elem bytes through
 * leading dimensions ldh (source), ldd (backend) and ldh2 (destination). The backend buffer's
 * padding and the destination's padding must survive. */
static void matrix_round_trip(hctx *t, int64_t rows, int64_t cols, size_t elem, int64_t ldh,
                              int64_t ldd, int64_t ldh2, int async) {
    size_t src_n = (size_t)(ldh * cols) * elem, dev_n = (size_t)(ldd * cols) * elem;
    size_t dst_n = (size_t)(ldh2 * cols) * elem;
    unsigned char *src = malloc(src_n + 1), *dst = malloc(dst_n + 1), *all = malloc(dev_n + 1);
    unsigned char *marks = malloc(dev_n + 1);
    cr_assert(src && dst && all && marks);
    for (size_t b = 0; b < src_n; b++) src[b] = (unsigned char)(b * 13 + 5);
    for (int64_t j = 0; j < cols; j++)
        for (int64_t i = 0; i < rows; i++)
            for (size_t b = 0; b < elem; b++) src[(i + j * ldh) * elem + b] = pattern(i, j, b, 1);
    memset(dst, 0xA7, dst_n);
    for (size_t b = 0; b < dev_n; b++) marks[b] = (unsigned char)(b * 29 + 11);
    void *dev = NULL;
    EXPECT_OK(t->h, gblas_malloc(t->h, &dev, dev_n + 1));
    EXPECT_OK(t->h, gblas_set_vector(t->h, (int64_t)dev_n, 1, marks, 1, dev, 1));
    if (async) {
        EXPECT_OK(t->h, gblas_set_matrix_async(t->h, rows, cols, elem, src, ldh, dev, ldd));
        EXPECT_OK(t->h, gblas_get_matrix_async(t->h, rows, cols, elem, dev, ldd, dst, ldh2));
        EXPECT_OK(t->h, gblas_synchronize(t->h));
    } else {
        EXPECT_OK(t->h, gblas_set_matrix(t->h, rows, cols, elem, src, ldh, dev, ldd));
        EXPECT_OK(t->h, gblas_get_matrix(t->h, rows, cols, elem, dev, ldd, dst, ldh2));
    }
    EXPECT_OK(t->h, gblas_get_vector(t->h, (int64_t)dev_n, 1, dev, 1, all, 1));
    for (int64_t j = 0; j < cols; j++)
        for (int64_t i = 0; i < ldd; i++)
            for (size_t b = 0; b < elem; b++) {
                size_t o2 = (size_t)(i + j * ldh2) * elem + b,
                       od = (size_t)(i + j * ldd) * elem + b;
                if (i < rows) {
                    cr_assert(dst[o2] == pattern(i, j, b, 1) && all[od] == pattern(i, j, b, 1),
                              "[%s] matrix %lldx%lld elem %zu ldh %lld ldd %lld ldh2 %lld async "
                              "%d: (%lld,%lld) byte %zu wrong",
                              t->name, (long long)rows, (long long)cols, elem, (long long)ldh,
                              (long long)ldd, (long long)ldh2, async, (long long)i, (long long)j,
                              b);
                } else {
                    cr_assert(all[od] == marks[od], "[%s] backend padding (%lld,%lld) changed",
                              t->name, (long long)i, (long long)j);
                    if (i < ldh2)
                        cr_assert(dst[o2] == 0xA7, "[%s] host padding (%lld,%lld) changed", t->name,
                                  (long long)i, (long long)j);
                }
            }
    EXPECT_OK(t->h, gblas_free(t->h, dev));
    free(src);
    free(dst);
    free(all);
    free(marks);
}

/* set_vector with increments inch, incd then get_vector back with incd, inch2. */
static void vector_round_trip(hctx *t, int64_t n, size_t elem, int64_t inch, int64_t incd,
                              int64_t inch2, int async) {
    size_t sn = (size_t)((n - 1) * inch + 1) * elem, dn = (size_t)((n - 1) * incd + 1) * elem;
    size_t d2 = (size_t)((n - 1) * inch2 + 1) * elem;
    unsigned char *src = malloc(sn), *dst = malloc(d2), *all = malloc(dn), *marks = malloc(dn);
    cr_assert(src && dst && all && marks);
    for (size_t b = 0; b < sn; b++) src[b] = (unsigned char)(b * 17 + 3);
    for (size_t b = 0; b < dn; b++) marks[b] = (unsigned char)(b * 5 + 200);
    memset(dst, 0x3C, d2);
    void *dev = NULL;
    EXPECT_OK(t->h, gblas_malloc(t->h, &dev, dn));
    EXPECT_OK(t->h, gblas_set_vector(t->h, (int64_t)dn, 1, marks, 1, dev, 1));
    if (async) {
        EXPECT_OK(t->h, gblas_set_vector_async(t->h, n, elem, src, inch, dev, incd));
        EXPECT_OK(t->h, gblas_get_vector_async(t->h, n, elem, dev, incd, dst, inch2));
        EXPECT_OK(t->h, gblas_synchronize(t->h));
    } else {
        EXPECT_OK(t->h, gblas_set_vector(t->h, n, elem, src, inch, dev, incd));
        EXPECT_OK(t->h, gblas_get_vector(t->h, n, elem, dev, incd, dst, inch2));
    }
    EXPECT_OK(t->h, gblas_get_vector(t->h, (int64_t)dn, 1, dev, 1, all, 1));
    for (size_t b = 0; b < dn; b++) {
        size_t e = b / elem, r = b % elem;
        int on = e % (size_t)incd == 0;
        unsigned char want = on ? src[e / (size_t)incd * (size_t)inch * elem + r] : marks[b];
        cr_assert(all[b] == want,
                  "[%s] vector n=%lld elem %zu inch %lld incd %lld async %d: "
                  "backend byte %zu wrong",
                  t->name, (long long)n, elem, (long long)inch, (long long)incd, async, b);
    }
    for (size_t b = 0; b < d2; b++) {
        size_t e = b / elem, r = b % elem;
        int on = e % (size_t)inch2 == 0;
        unsigned char want = on ? src[e / (size_t)inch2 * (size_t)inch * elem + r] : 0x3C;
        cr_assert(dst[b] == want, "[%s] vector n=%lld elem %zu: host byte %zu wrong", t->name,
                  (long long)n, elem, b);
    }
    EXPECT_OK(t->h, gblas_free(t->h, dev));
    free(src);
    free(dst);
    free(all);
    free(marks);
}

API_TEST(memory, copies) {
    hctx t;
    harness_open(&t, hc);
    static const size_t sizes[] = {1, 3, 64, 1000, 1 << 20};
    for (int i = 0; i < 5; i++) {
        void *p = NULL;
        EXPECT_OK(t.h, gblas_malloc(t.h, &p, sizes[i]));
        cr_assert(p != NULL && (uintptr_t)p % 64 == 0, "[%s] gblas_malloc(%zu) = %p", t.name,
                  sizes[i], p);
        EXPECT_OK(t.h, gblas_free(t.h, p));
    }
    void *p = &t;
    EXPECT_OK(t.h, gblas_malloc(t.h, &p, 0));
    cr_assert(p == NULL, "[%s] gblas_malloc(0) must give NULL", t.name);
    EXPECT_OK(t.h, gblas_free(t.h, NULL));
    for (int async = 0; async < 2; async++) {
        matrix_round_trip(&t, 7, 5, 4, 9, 11, 8, async);
        matrix_round_trip(&t, 7, 5, 8, 7, 13, 10, async);
        matrix_round_trip(&t, 3, 4, 3, 5, 4, 3, async); /* odd element size */
        matrix_round_trip(&t, 1, 9, 16, 2, 1, 3, async);
        matrix_round_trip(&t, 300, 17, 8, 301, 320, 300, async);
        vector_round_trip(&t, 10, 4, 2, 3, 1, async);
        vector_round_trip(&t, 33, 8, 3, 2, 3, async);
        vector_round_trip(&t, 5, 2, 1, 1, 2, async);
        vector_round_trip(&t, 1, 8, 7, 5, 3, async);
    }
    harness_close(&t);
}

API_TEST(memory, alloc_failure) {
    hctx t;
    harness_open(&t, hc);
    static const size_t huge[] = {SIZE_MAX, SIZE_MAX - 32, (size_t)1 << 62};
    for (int i = 0; i < 3; i++) {
        void *p = &t;
        gblas_status_t st = gblas_malloc(t.h, &p, huge[i]);
        char want[96];
        snprintf(want, sizeof want, "gblas_malloc: could not allocate %zu bytes", huge[i]);
        cr_assert(st == GBLAS_STATUS_ALLOC_FAILED, "[%s] gblas_malloc(%zu): %s", t.name, huge[i],
                  gblas_status_name(st));
        cr_assert(p == NULL, "[%s] failed gblas_malloc must set *p = NULL", t.name);
        cr_assert(strncmp(gblas_last_error(t.h), want, strlen(want)) == 0,
                  "[%s] message \"%s\", want it to start with \"%s\"", t.name,
                  gblas_last_error(t.h), want);
    }
    /* the handle is still usable */
    double x[3] = {1, 2, 3}, res = 0;
    dbuf dx = dbuf_upload(&t, PREC_S, x, 3);
    EXPECT_OK(t.h, hb_dot(&t, PREC_S, 3, &dx, 1, &dx, 1, &res));
    cr_assert(res == 14.0, "[%s] sdot after ALLOC_FAILED gave %g", t.name, res);
    dbuf_free(&t, &dx);
    harness_close(&t);
}

/* dot, nrm2, gemv, gemm on fixed data: all four results, written into out[4]. */
static void run_reductions(hctx *t, prec_t p, double out[4]) {
    enum { N = 5000, M = 70 };
    double *x = hbuf(N), *A = hbuf(M * M);
    rng_t r = rng_for("workspace", p, 0, 0, 0);
    rng_fill(&r, p, x, N);
    rng_fill(&r, p, A, M * M);
    dbuf dx = dbuf_upload(t, p, x, N), dA = dbuf_upload(t, p, A, M * M);
    dbuf dC = dbuf_upload(t, p, A, M * M), dy = dbuf_upload(t, p, x, M);
    double y[M], C[M * M];
    out[0] = out[1] = poison_nan();
    EXPECT_OK(t->h, hb_dot(t, p, N, &dx, 1, &dx, -1, &out[0]));
    EXPECT_OK(t->h, hb_nrm2(t, p, N, &dx, 1, &out[1]));
    EXPECT_OK(t->h, hb_gemv(t, p, GBLAS_OP_T, M, M, 1.0, &dA, M, &dx, 1, 0.0, &dy, 1));
    EXPECT_OK(t->h,
              hb_gemm(t, p, GBLAS_OP_T, GBLAS_OP_N, M, M, M, 1.0, &dA, M, &dA, M, 0.0, &dC, M));
    dbuf_download(t, &dy, y);
    dbuf_download(t, &dC, C);
    out[2] = y[M / 2];
    out[3] = C[M * M / 2 + 3];
    dbuf_free(t, &dx);
    dbuf_free(t, &dA);
    dbuf_free(t, &dC);
    dbuf_free(t, &dy);
    free(x);
    free(A);
}

API_TEST(memory, workspace) {
    hctx t;
    harness_open(&t, hc);
    size_t min = 0;
    EXPECT_OK(t.h, gblas_workspace_size(t.h, &min));
    void *raw = NULL;
    EXPECT_OK(t.h, gblas_malloc(t.h, &raw, min + 4096));
    char *ws = (char *)raw + (256 - (uintptr_t)raw % 256) % 256;
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = pi ? PREC_D : PREC_S;
        double own[4], user[4], back[4];
        run_reductions(&t, p, own);
        EXPECT_OK(t.h, gblas_set_workspace(t.h, ws, min));
        run_reductions(&t, p, user);
        EXPECT_OK(t.h, gblas_set_workspace(t.h, ws, min + 2048));
        run_reductions(&t, p, back);
        for (int i = 0; i < 4; i++)
            cr_assert(same_bits(own[i], user[i]) && same_bits(own[i], back[i]),
                      "[%s] %s result %d differs with a user workspace: %.17g %.17g %.17g", t.name,
                      prec_name(p), i, own[i], user[i], back[i]);
        EXPECT_OK(t.h, gblas_set_workspace(t.h, NULL, 0)); /* the handle's own again */
        run_reductions(&t, p, back);
        for (int i = 0; i < 4; i++)
            cr_assert(same_bits(own[i], back[i]), "[%s] result %d differs after restoring", t.name,
                      i);
    }
    size_t again = 0;
    EXPECT_OK(t.h, gblas_workspace_size(t.h, &again));
    cr_assert(again == min, "[%s] gblas_workspace_size changed: %zu -> %zu", t.name, min, again);
    EXPECT_OK(t.h, gblas_free(t.h, raw));
    harness_close(&t);
}

/* Device pointer mode: alpha, beta and results in backend memory give the host mode's bits. */
API_TEST(memory, pointer_mode) {
    hctx t;
    harness_open(&t, hc);
    gblas_pointer_mode_t mode = GBLAS_POINTER_MODE_DEVICE;
    EXPECT_OK(t.h, gblas_get_pointer_mode(t.h, &mode));
    cr_assert(mode == GBLAS_POINTER_MODE_HOST, "[%s] default pointer mode %d", t.name, mode);
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = pi ? PREC_D : PREC_S;
        enum { N = 777, M = 40 };
        double *x = hbuf(N), *A = hbuf(M * M), host_res[2], dev_res[2];
        double scal[2] = {prec_round(p, -1.25), prec_round(p, 0.75)}, got[2];
        rng_t r = rng_for("pointer-mode", p, 0, 0, 0);
        rng_fill(&r, p, x, N);
        rng_fill(&r, p, A, M * M);
        dbuf dx = dbuf_upload(&t, p, x, N), dA = dbuf_upload(&t, p, A, M * M);
        dbuf y1 = dbuf_upload(&t, p, x, N), y2 = dbuf_upload(&t, p, x, N);
        dbuf C1 = dbuf_upload(&t, p, A, M * M), C2 = dbuf_upload(&t, p, A, M * M);
        dbuf ds = dbuf_upload(&t, p, scal, 2), dres = dbuf_upload(&t, p, scal, 2);
        size_t es = prec_size(p);
        char *res0 = dres.p, *s0 = ds.p;
        host_res[0] = host_res[1] = poison_nan();
        EXPECT_OK(t.h, hb_dot(&t, p, N, &dx, 1, &y1, -1, &host_res[0]));
        EXPECT_OK(t.h, hb_nrm2(&t, p, N, &dx, 1, &host_res[1]));
        EXPECT_OK(t.h, hb_axpy(&t, p, N, scal[0], &dx, 1, &y1, 1));
        EXPECT_OK(t.h, hb_scal(&t, p, N, scal[1], &y1, 1));
        EXPECT_OK(t.h, hb_gemv(&t, p, GBLAS_OP_N, M, M, scal[0], &dA, M, &dx, 2, scal[1], &y1, 3));
        EXPECT_OK(t.h, hb_gemm(&t, p, GBLAS_OP_N, GBLAS_OP_T, M, M, M, scal[0], &dA, M, &dA, M,
                               scal[1], &C1, M));

        EXPECT_OK(t.h, gblas_set_pointer_mode(t.h, GBLAS_POINTER_MODE_DEVICE));
        EXPECT_OK(t.h, gblas_get_pointer_mode(t.h, &mode));
        cr_assert(mode == GBLAS_POINTER_MODE_DEVICE);
        EXPECT_OK(t.h, hr_dot(t.h, p, N, dx.p, 1, y2.p, -1, res0));
        EXPECT_OK(t.h, hr_nrm2(t.h, p, N, dx.p, 1, res0 + es));
        EXPECT_OK(t.h, hr_axpy(t.h, p, N, s0, dx.p, 1, y2.p, 1));
        EXPECT_OK(t.h, hr_scal(t.h, p, N, s0 + es, y2.p, 1));
        EXPECT_OK(t.h, hr_gemv(t.h, p, GBLAS_OP_N, M, M, s0, dA.p, M, dx.p, 2, s0 + es, y2.p, 3));
        EXPECT_OK(t.h, hr_gemm(t.h, p, GBLAS_OP_N, GBLAS_OP_T, M, M, M, s0, dA.p, M, dA.p, M,
                               s0 + es, C2.p, M));
        EXPECT_OK(t.h, gblas_synchronize(t.h));
        EXPECT_OK(t.h, gblas_set_pointer_mode(t.h, GBLAS_POINTER_MODE_HOST));
        dbuf_download(&t, &dres, dev_res);
        for (int i = 0; i < 2; i++)
            cr_assert(same_bits(host_res[i], dev_res[i]),
                      "[%s] %s %s: host mode %.17g, device "
                      "mode %.17g",
                      t.name, prec_name(p), i ? "nrm2" : "dot", host_res[i], dev_res[i]);
        dbuf_download(&t, &ds, got); /* scalars are inputs: untouched */
        cr_assert(same_bits(got[0], scal[0]) && same_bits(got[1], scal[1]));
        double *a1 = hbuf(M * M), *a2 = hbuf(M * M);
        dbuf_download(&t, &y1, a1);
        dbuf_download(&t, &y2, a2);
        for (int i = 0; i < N && i < M * M; i++)
            cr_assert(same_bits(a1[i], a2[i]), "[%s] %s y[%d] differs between pointer modes",
                      t.name, prec_name(p), i);
        dbuf_download(&t, &C1, a1);
        dbuf_download(&t, &C2, a2);
        for (int i = 0; i < M * M; i++)
            cr_assert(same_bits(a1[i], a2[i]), "[%s] %s C[%d] differs between pointer modes",
                      t.name, prec_name(p), i);
        dbuf *all[] = {&dx, &dA, &y1, &y2, &C1, &C2, &ds, &dres};
        for (int i = 0; i < 8; i++) dbuf_free(&t, all[i]);
        free(x);
        free(A);
        free(a1);
        free(a2);
    }
    harness_close(&t);
}

API_TEST(memory, handle_state) {
    hctx t;
    harness_open(&t, hc);
    gblas_stream_t s = (gblas_stream_t)(uintptr_t)1;
    EXPECT_OK(t.h, gblas_get_stream(t.h, &s));
    cr_assert(s == NULL, "[%s] default stream %p, want NULL", t.name, s);
    EXPECT_OK(t.h, gblas_set_stream(t.h, NULL));
    EXPECT_OK(t.h, gblas_get_stream(t.h, &s));
    cr_assert(s == NULL);
    int threads = 0; /* the default (the cores OpenMP reports) and setting it: CPU backend */
    EXPECT_OK(t.h, gblas_get_num_threads(t.h, &threads));
    if (!t.is_cuda) cr_assert(threads >= 1, "[%s] default threads %d", t.name, threads);
    EXPECT_OK(t.h, gblas_set_num_threads(t.h, 3)); /* the CUDA backend accepts and ignores it */
    if (!t.is_cuda) {
        EXPECT_OK(t.h, gblas_get_num_threads(t.h, &threads));
        cr_assert(threads == 3, "[%s] threads %d after setting 3", t.name, threads);
    }
    const char *detail = gblas_backend_detail(t.h);
    cr_assert(detail != NULL && strstr(detail, t.is_cuda ? "cuda" : "cpu") != NULL,
              "[%s] gblas_backend_detail = \"%s\"", t.name, detail ? detail : "(null)");
    size_t ws = 0;
    EXPECT_OK(t.h, gblas_workspace_size(t.h, &ws));
    EXPECT_OK(t.h, gblas_synchronize(t.h));
    cr_assert_str_eq(gblas_last_error(t.h), "", "[%s] message after only successful calls", t.name);
    harness_close(&t);
}
