/* test_cuda.c: CUDA-only behaviour of one handle (built with the CUDA backend; every test skips
 * when no device is usable): device pointer mode with cudaMalloc'd scalars never waits for the
 * stream, and a chain of gemv, dot, axpy, scal captured into a CUDA graph and replayed 5 times
 * matches the same chain run directly, bit for bit. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, nanosleep */
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "harness_cuda.h"

static const prec_t PRECS[] = {PREC_S, PREC_D};

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- device pointer mode never waits ------------------------------------------------------- */
/* A host function enqueued on the stream holds it until opened (or 5 s pass): a routine that
 * waited for the stream would return only after the time-out. */
typedef struct {
    atomic_int open, timed_out;
} gate_t;

static void CUDART_CB gate_wait(void *arg) {
    gate_t *g = arg;
    double end = now_s() + 5.0;
    while (!atomic_load(&g->open)) {
        if (now_s() > end) {
            atomic_store(&g->timed_out, 1);
            return;
        }
        struct timespec ts = {0, 100000};
        nanosleep(&ts, NULL);
    }
}

/* r0 = x . rev(y); r1 = |x(::3)|; y += r0 x; y *= beta; z = alpha A^T x(::2) + beta z;
 * C = alpha A A^T + beta C: all scalars in device memory. secs[i]: how long call i took. */
static const char *const CHAIN_NAMES[6] = {"dot", "nrm2", "axpy", "scal", "gemv", "gemm"};
enum { N = 50000, M = 150, K = 70 }; /* x, y: N; A: M x K; C: M x M; z: K */

static void enqueue_chain(hctx *t, prec_t p, char *dx, char *dy, char *dA, char *dC, char *dz,
                          char *dsc, char *dres, double secs[6]) {
    size_t es = prec_size(p);
#define TIMED(i, call)                                                                             \
    do {                                                                                           \
        double t0_ = now_s();                                                                      \
        EXPECT_OK(t->h, call);                                                                     \
        secs[i] = now_s() - t0_;                                                                   \
    } while (0)
    TIMED(0, hr_dot(t->h, p, N, dx, 1, dy, -1, dres));
    TIMED(1, hr_nrm2(t->h, p, N / 3, dx, 3, dres + es));
    TIMED(2, hr_axpy(t->h, p, N, dres, dx, 1, dy, 1));
    TIMED(3, hr_scal(t->h, p, N, dsc + es, dy, 1));
    TIMED(4, hr_gemv(t->h, p, GBLAS_OP_T, M, K, dsc, dA, M, dx, 2, dsc + es, dz, 1));
    TIMED(5, hr_gemm(t->h, p, GBLAS_OP_N, GBLAS_OP_T, M, M, K, dsc, dA, M, dA, M, dsc + es, dC, M));
#undef TIMED
}

Test(cuda, device_pointer_mode_never_waits, .timeout = 120) {
    hctx t;
    harness_open_cuda(&t);
    cudaStream_t s;
    CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    EXPECT_OK(t.h, gblas_set_stream(t.h, s));
    gblas_stream_t got_s = NULL;
    EXPECT_OK(t.h, gblas_get_stream(t.h, &got_s));
    cr_assert(got_s == (gblas_stream_t)s, "gblas_get_stream gave %p, want %p", got_s, (void *)s);
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = PRECS[pi];
        double *x = hbuf(N), *y = hbuf(N), *A = hbuf(M * K), *C = hbuf(M * M), *z = hbuf(K);
        double sc[2] = {prec_round(p, 0.75), prec_round(p, -1.5)};
        rng_t r = rng_for("cuda-device-mode", p, 0, 0, 0);
        rng_fill(&r, p, x, N);
        rng_fill(&r, p, y, N);
        rng_fill(&r, p, A, M * K);
        rng_fill(&r, p, C, M * M);
        rng_fill(&r, p, z, K);
        double zeros[2] = {0, 0};
        char *dx = cuda_from_host(p, x, N), *dy = cuda_from_host(p, y, N);
        char *dA = cuda_from_host(p, A, M * K), *dC = cuda_from_host(p, C, M * M);
        char *dz = cuda_from_host(p, z, K), *dsc = cuda_from_host(p, sc, 2);
        char *dres = cuda_from_host(p, zeros, 2);

        /* once unblocked first: with lazy module loading, a kernel's first launch may wait */
        char *wy = cuda_from_host(p, y, N), *wz = cuda_from_host(p, z, K);
        char *wC = cuda_from_host(p, C, M * M), *wres = cuda_from_host(p, zeros, 2);
        double secs[6];
        EXPECT_OK(t.h, gblas_set_pointer_mode(t.h, GBLAS_POINTER_MODE_DEVICE));
        enqueue_chain(&t, p, dx, wy, dA, wC, wz, dsc, wres, secs);
        CUDA_OK(cudaStreamSynchronize(s));

        gate_t g;
        atomic_init(&g.open, 0);
        atomic_init(&g.timed_out, 0);
        CUDA_OK(cudaLaunchHostFunc(s, gate_wait, &g));
        enqueue_chain(&t, p, dx, dy, dA, dC, dz, dsc, dres, secs);
        int slowest = 0;
        for (int i = 1; i < 6; i++) slowest = secs[i] > secs[slowest] ? i : slowest;
        cr_assert(!atomic_load(&g.timed_out),
                  "%s%s waited for the stream in device pointer mode "
                  "(%.2f s)",
                  prec_name(p), CHAIN_NAMES[slowest], secs[slowest]);
        atomic_store(&g.open, 1);
        CUDA_OK(cudaStreamSynchronize(s));
        cr_assert(!atomic_load(&g.timed_out));
        void *warm[] = {wy, wz, wC, wres};
        for (int i = 0; i < 4; i++) CUDA_OK(cudaFree(warm[i]));
        EXPECT_OK(t.h, gblas_set_pointer_mode(t.h, GBLAS_POINTER_MODE_HOST));

        double res[2], *gy = hbuf(N), *gC = hbuf(M * M), gz[K];
        cuda_to_host(p, dres, 2, res);
        cuda_to_host(p, dy, N, gy);
        cuda_to_host(p, dC, M * M, gC);
        cuda_to_host(p, dz, K, gz);
        long double r0 = 0, s0 = 0, ss = 0;
        for (int i = 0; i < N; i++) {
            r0 += (long double)x[i] * y[N - 1 - i];
            s0 += fabsl((long double)x[i] * y[N - 1 - i]);
        }
        for (int i = 0; i < N / 3; i++) ss += (long double)x[3 * i] * x[3 * i];
        cr_assert(within_tol(p, res[0], r0, s0, N), "%sdot: %.17g vs %.17Lg", prec_name(p), res[0],
                  r0);
        cr_assert(within_tol(p, res[1], sqrtl(ss), sqrtl(ss), N / 3), "%snrm2: %.17g vs %.17Lg",
                  prec_name(p), res[1], sqrtl(ss));
        for (int i = 0; i < N; i++) {
            long double pr = (long double)res[0] * x[i], want = sc[1] * (pr + y[i]);
            cr_assert(within_tol(p, gy[i], want, fabsl(sc[1]) * (fabsl(pr) + fabsl(y[i])), 1),
                      "%saxpy+scal y[%d] = %.17g, want %.17Lg", prec_name(p), i, gy[i], want);
        }
        for (int j = 0; j < K; j++) {
            long double sum = 0, sa = 0;
            for (int i = 0; i < M; i++) {
                sum += (long double)A[i + j * M] * x[2 * i];
                sa += fabsl((long double)A[i + j * M] * x[2 * i]);
            }
            long double want = sc[0] * sum + (long double)sc[1] * z[j];
            cr_assert(within_tol(p, gz[j], want, fabsl(sc[0]) * sa + fabsl(sc[1] * z[j]), M),
                      "%sgemv z[%d] = %.17g, want %.17Lg", prec_name(p), j, gz[j], want);
        }
        for (int j = 0; j < M; j++)
            for (int i = 0; i < M; i++) {
                long double sum = 0, sa = 0;
                for (int l = 0; l < K; l++) {
                    sum += (long double)A[i + l * M] * A[j + l * M];
                    sa += fabsl((long double)A[i + l * M] * A[j + l * M]);
                }
                long double want = sc[0] * sum + (long double)sc[1] * C[i + j * M];
                cr_assert(within_tol(p, gC[i + j * M], want,
                                     fabsl(sc[0]) * sa + fabsl(sc[1] * C[i + j * M]), K),
                          "%sgemm C(%d,%d) = %.17g, want %.17Lg", prec_name(p), i, j, gC[i + j * M],
                          want);
            }
        void *all[] = {dx, dy, dA, dC, dz, dsc, dres};
        for (int i = 0; i < 7; i++) CUDA_OK(cudaFree(all[i]));
        double *hs[] = {x, y, A, C, z, gy, gC};
        for (int i = 0; i < 7; i++) free(hs[i]);
    }
    harness_close(&t);
    CUDA_OK(cudaStreamDestroy(s));
}

/* ---- CUDA graph capture --------------------------------------------------------------------- */
/* y = alpha A x + beta y; r = y . w; y += r w; x *= gamma (all scalars in device memory). */
static void chain(hctx *t, prec_t p, int64_t m, int64_t n, void *A, void *x, void *y, void *w,
                  char *sc, void *r) {
    size_t es = prec_size(p);
    EXPECT_OK(t->h, hr_gemv(t->h, p, GBLAS_OP_N, m, n, sc, A, m, x, 1, sc + es, y, 1));
    EXPECT_OK(t->h, hr_dot(t->h, p, m, y, 1, w, 1, r));
    EXPECT_OK(t->h, hr_axpy(t->h, p, m, r, w, 1, y, 1));
    EXPECT_OK(t->h, hr_scal(t->h, p, n, sc + 2 * es, x, 1));
}

Test(cuda, graph_capture_replay, .timeout = 120) {
    hctx t;
    harness_open_cuda(&t);
    cudaStream_t s;
    CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    EXPECT_OK(t.h, gblas_set_stream(t.h, s));
    EXPECT_OK(t.h, gblas_set_pointer_mode(t.h, GBLAS_POINTER_MODE_DEVICE));
    enum { M = 3001, N = 1700, REPLAYS = 5 };
    for (int pi = 0; pi < 2; pi++) {
        prec_t p = PRECS[pi];
        double *A = hbuf(M * N), *x = hbuf(N), *y = hbuf(M), *w = hbuf(M);
        double sc[3] = {prec_round(p, 0.01), prec_round(p, 0.5), prec_round(p, 0.9)}, zero = 0;
        rng_t r = rng_for("cuda-graph", p, 0, 0, 0);
        rng_fill(&r, p, A, M * N);
        rng_fill(&r, p, x, N);
        rng_fill(&r, p, y, M);
        rng_fill(&r, p, w, M);
        for (int i = 0; i < M; i++) w[i] = prec_round(p, w[i] * 1e-3);
        void *dA = cuda_from_host(p, A, M * N), *dx = cuda_from_host(p, x, N),
             *dy = cuda_from_host(p, y, M);
        void *dw = cuda_from_host(p, w, M), *dr = cuda_from_host(p, &zero, 1);
        char *dsc = cuda_from_host(p, sc, 3);
        double *direct = hbuf(M + N + 1), *replayed = hbuf(M + N + 1);

        /* captured first, in a process that has not launched these kernels yet */
        cudaGraph_t graph;
        cudaGraphExec_t exec;
        CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
        chain(&t, p, M, N, dA, dx, dy, dw, dsc, dr);
        CUDA_OK(cudaStreamEndCapture(s, &graph));
        CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
        for (int it = 0; it < REPLAYS; it++) CUDA_OK(cudaGraphLaunch(exec, s));
        CUDA_OK(cudaStreamSynchronize(s));
        cuda_to_host(p, dy, M, replayed);
        cuda_to_host(p, dx, N, replayed + M);
        cuda_to_host(p, dr, 1, replayed + M + N);

        size_t es = prec_size(p); /* back to the starting state, then the same chain directly */
        void *tmp_x = cuda_from_host(p, x, N), *tmp_y = cuda_from_host(p, y, M);
        CUDA_OK(cudaMemcpy(dx, tmp_x, N * es, cudaMemcpyDeviceToDevice));
        CUDA_OK(cudaMemcpy(dy, tmp_y, M * es, cudaMemcpyDeviceToDevice));
        CUDA_OK(cudaFree(tmp_x));
        CUDA_OK(cudaFree(tmp_y));
        for (int it = 0; it < REPLAYS; it++) chain(&t, p, M, N, dA, dx, dy, dw, dsc, dr);
        CUDA_OK(cudaStreamSynchronize(s));
        cuda_to_host(p, dy, M, direct);
        cuda_to_host(p, dx, N, direct + M);
        cuda_to_host(p, dr, 1, direct + M + N);
        for (int i = 0; i < M + N + 1; i++)
            cr_assert(same_bits(direct[i], replayed[i]),
                      "%s graph replay differs at %s[%d]: "
                      "direct %.17g, replayed %.17g",
                      prec_name(p), i < M ? "y" : i < M + N ? "x" : "r",
                      (int)(i < M ? i : i < M + N ? i - M : 0), direct[i], replayed[i]);
        cr_assert(isfinite(direct[M + N]) && direct[M + N] != 0, "degenerate chain: r = %g",
                  direct[M + N]);
        CUDA_OK(cudaGraphExecDestroy(exec));
        CUDA_OK(cudaGraphDestroy(graph));
        void *all[] = {dA, dx, dy, dw, dr, dsc};
        for (int i = 0; i < 6; i++) CUDA_OK(cudaFree(all[i]));
        double *hs[] = {A, x, y, w, direct, replayed};
        for (int i = 0; i < 6; i++) free(hs[i]);
    }
    harness_close(&t);
    CUDA_OK(cudaStreamDestroy(s));
}
