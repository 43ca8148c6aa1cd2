/* test_threads.c: one handle shared by several threads (gblas.h, "Threads"). Each thread runs
 * rounds of sdot, dnrm2, dgemv T (strided x) and sgemm on its own data through the shared
 * handle; every result must equal, bit for bit, what the same handle gave for that thread's
 * data before the threads started. The routines' scratch (dot partials, the gathered x, GEMM
 * packing) lives in the handle's one workspace, so calls that overlapped would mix data. Each
 * round also fails one call on purpose: the handle's message must then be one of the threads'
 * messages, whole (it belongs to the handle, not the thread).
 * The body (shared_handle_run) uses the public API only. Criterion cannot start under
 * ThreadSanitizer (its sandbox maps memory where TSan's shadow lives), so with
 * GBLAS_THREADS_MAIN this file builds alone as gblas-threads-tsan (CMakeLists.txt, GBLAS_TSAN),
 * a main() running the same body on every CPU path. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gblas.h"

enum {
    THREADS = 3,
    ROUNDS = 40,
    DOT_N = 300000,        /* several chunks of partial sums */
    GEMV_M = 1500,         /* A is GEMV_M x GEMV_N; y = A^T x */
    GEMV_N = 48,
    GEMV_INCX = 3,         /* a strided x, gathered into the workspace */
    GEMM_N = 96            /* square sgemm, packed into the workspace */
};

/* What one round computes. */
typedef struct {
    float dot;
    double nrm;
    double y[GEMV_N];
    float C[GEMM_N * GEMM_N];
} results;

typedef struct {
    gblas_handle_t h;
    int id;
    void *x, *y, *xd, *A, *xs, *ys, *Ga, *Gb, *Gc; /* backend buffers of this thread */
    results want;
    int rounds_wrong, calls_failed, messages_wrong;
    char first_problem[256];
} worker;

static void note(worker *w, const char *what) {
    if (w->first_problem[0] == '\0')
        snprintf(w->first_problem, sizeof w->first_problem, "thread %d: %s", w->id, what);
}

/* One round through the shared handle; 0 when a call failed. */
static int run_round(worker *w, results *out) {
    const float one_f = 1, zero_f = 0;
    const double one = 1, zero = 0;
    gblas_handle_t h = w->h;
    memset(out, 0, sizeof *out);
    return gblas_sdot(h, DOT_N, w->x, 1, w->y, 1, &out->dot) == GBLAS_STATUS_SUCCESS &&
           gblas_dnrm2(h, DOT_N, w->xd, 1, &out->nrm) == GBLAS_STATUS_SUCCESS &&
           gblas_dgemv(h, GBLAS_OP_T, GEMV_M, GEMV_N, &one, w->A, GEMV_M, w->xs, GEMV_INCX,
                       &zero, w->ys, 1) == GBLAS_STATUS_SUCCESS &&
           gblas_get_vector(h, GEMV_N, sizeof(double), w->ys, 1, out->y, 1) ==
               GBLAS_STATUS_SUCCESS &&
           gblas_sgemm(h, GBLAS_OP_N, GBLAS_OP_T, GEMM_N, GEMM_N, GEMM_N, &one_f, w->Ga, GEMM_N,
                       w->Gb, GEMM_N, &zero_f, w->Gc, GEMM_N) == GBLAS_STATUS_SUCCESS &&
           gblas_get_vector(h, GEMM_N * GEMM_N, sizeof(float), w->Gc, 1, out->C, 1) ==
               GBLAS_STATUS_SUCCESS;
}

/* A message some thread's failing call left: "gblas_sdot: n = -<id + 1> must be >= 0". */
static int is_threads_message(const char *msg) {
    for (int id = 0; id < THREADS; id++) {
        char want[64];
        snprintf(want, sizeof want, "gblas_sdot: n = -%d must be >= 0", id + 1);
        if (strcmp(msg, want) == 0) return 1;
    }
    return 0;
}

static void *work(void *arg) {
    worker *w = arg;
    results *got = malloc(sizeof *got);
    if (got == NULL) {
        note(w, "malloc failed");
        w->calls_failed++;
        return NULL;
    }
    for (int r = 0; r < ROUNDS; r++) {
        if (!run_round(w, got)) {
            w->calls_failed++;
            note(w, gblas_last_error(w->h));
            continue;
        }
        if (memcmp(got, &w->want, sizeof *got) != 0) {
            w->rounds_wrong++;
            note(w, "a result differs from the single-thread run");
        }
        float r_dot = 7;
        if (gblas_sdot(w->h, -(w->id + 1), w->x, 1, w->y, 1, &r_dot) !=
                GBLAS_STATUS_INVALID_VALUE ||
            r_dot != 7 || !is_threads_message(gblas_last_error(w->h))) {
            w->messages_wrong++;
            note(w, "the failing call's status, output or message is wrong");
        }
    }
    free(got);
    return NULL;
}

/* Backend memory holding n values (float when single, else double) of a fixed pseudo-random
 * sequence: multiples of 2^-10 in [-1, 1), exact in float. NULL on failure. */
static void *upload(gblas_handle_t h, uint64_t *seed, int64_t n, int single) {
    const size_t es = single ? sizeof(float) : sizeof(double);
    void *host = malloc((size_t)n * es), *dev = NULL;
    if (host == NULL) return NULL;
    for (int64_t i = 0; i < n; i++) {
        *seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
        const double v = (double)((int64_t)(*seed >> 53) - 1024) / 1024.0;
        if (single)
            ((float *)host)[i] = (float)v;
        else
            ((double *)host)[i] = v;
    }
    if (gblas_malloc(h, &dev, (size_t)n * es) != GBLAS_STATUS_SUCCESS ||
        gblas_set_vector(h, n, es, host, 1, dev, 1) != GBLAS_STATUS_SUCCESS) {
        gblas_free(h, dev);
        dev = NULL;
    }
    free(host);
    return dev;
}

/* Runs the shared-handle check on h; writes a report into why (empty when it passed) and
 * returns whether it passed. */
static int shared_handle_run(gblas_handle_t h, const char *name, char *why, size_t cap) {
    static worker w[THREADS];
    memset(w, 0, sizeof w);
    why[0] = '\0';
    int ok = 1;
    for (int i = 0; i < THREADS && ok; i++) {
        uint64_t seed = 0x9E3779B97F4A7C15ull * (uint64_t)(i + 1);
        w[i].h = h;
        w[i].id = i;
        void **bufs[] = {&w[i].x, &w[i].y, &w[i].xd, &w[i].A, &w[i].xs, &w[i].ys,
                         &w[i].Ga, &w[i].Gb, &w[i].Gc};
        const int64_t lens[] = {DOT_N, DOT_N, DOT_N, (int64_t)GEMV_M * GEMV_N,
                                (int64_t)(GEMV_M - 1) * GEMV_INCX + 1, GEMV_N,
                                GEMM_N * GEMM_N, GEMM_N * GEMM_N, GEMM_N * GEMM_N};
        const int single[] = {1, 1, 0, 0, 0, 0, 1, 1, 1};
        for (int b = 0; b < 9 && ok; b++) ok = (*bufs[b] = upload(h, &seed, lens[b], single[b])) != NULL;
        if (ok && !run_round(&w[i], &w[i].want)) ok = 0;
        if (!ok) snprintf(why, cap, "[%s] set-up failed: %s", name, gblas_last_error(h));
    }
    /* the threads' data differ, so a result computed from another thread's data shows */
    if (ok && (w[0].want.dot == w[1].want.dot || w[0].want.C[0] == w[1].want.C[0])) {
        snprintf(why, cap, "[%s] the threads' data coincide", name);
        ok = 0;
    }
    pthread_t th[THREADS];
    int started = 0;
    for (; ok && started < THREADS; started++)
        if (pthread_create(&th[started], NULL, work, &w[started]) != 0) {
            snprintf(why, cap, "[%s] pthread_create failed", name);
            ok = 0;
            break;
        }
    for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
    for (int i = 0; i < THREADS; i++) {
        if (ok && (w[i].rounds_wrong || w[i].calls_failed || w[i].messages_wrong)) {
            snprintf(why, cap,
                     "[%s] thread %d of %d: %d of %d rounds wrong, %d failed, %d bad messages "
                     "(%s)",
                     name, i, THREADS, w[i].rounds_wrong, ROUNDS, w[i].calls_failed,
                     w[i].messages_wrong, w[i].first_problem);
            ok = 0;
        }
        void *bufs[] = {w[i].x, w[i].y, w[i].xd, w[i].A, w[i].xs, w[i].ys, w[i].Ga, w[i].Gb,
                        w[i].Gc};
        for (size_t b = 0; b < sizeof bufs / sizeof bufs[0]; b++) gblas_free(h, bufs[b]);
    }
    return ok;
}

#ifndef GBLAS_THREADS_MAIN
#include "harness.h"

BACKEND_TEST(threads, shared_handle) {
    hctx t;
    harness_open(&t, hc);
    char why[512];
    const int ok = shared_handle_run(t.h, t.name, why, sizeof why);
    cr_expect(ok, "%s", why);
    harness_close(&t);
}

#else
/* gblas-threads-tsan: the same check on each CPU path this host runs, 2 threads per team
 * where OpenMP allows it (under TSan, scripts/run-tests sets OMP_THREAD_LIMIT=1). */
int main(void) {
    const char *paths[] = {"reference", "avx2", "avx512"};
    int failed = 0, ran = 0;
    for (size_t p = 0; p < sizeof paths / sizeof paths[0]; p++) {
        setenv("GBLAS_CPU_PATH", paths[p], 1);
        gblas_handle_t h = NULL;
        if (gblas_create(&h, GBLAS_BACKEND_CPU) == GBLAS_STATUS_NOT_SUPPORTED) {
            printf("skip cpu-%s: %s\n", paths[p], gblas_last_error(NULL));
            continue;
        }
        char why[512] = "gblas_create or gblas_set_num_threads failed";
        const int ok = h != NULL && gblas_set_num_threads(h, 2) == GBLAS_STATUS_SUCCESS &&
                       shared_handle_run(h, paths[p], why, sizeof why);
        printf("%s cpu-%s%s%s\n", ok ? "pass" : "FAIL", paths[p], ok ? "" : ": ", ok ? "" : why);
        failed += !ok;
        ran++;
        gblas_destroy(h);
    }
    printf("%d passed, %d failed\n", ran - failed, failed);
    return failed || ran == 0;
}
#endif
