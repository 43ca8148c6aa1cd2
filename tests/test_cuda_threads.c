/* test_cuda_threads.c: two handles, each on its own stream and driven from its own thread, run
 * gemm, gemv and dot (device pointer mode, nothing waits) at the same time; every result must
 * match the long double reference and every iteration the first, bit for bit. Built with the
 * CUDA backend; skips when no device is usable. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness_cuda.h"

/* ---- two handles, two streams, two threads -------------------------------------------------- */
typedef struct {
    int id;
    char err[512];
} worker_t;

#define W_CHECK(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            snprintf(w->err, sizeof w->err, __VA_ARGS__);                                          \
            goto out;                                                                              \
        }                                                                                          \
    } while (0)

/* Enqueues ITER gemm, gemv, dot (device mode, no waits) into separate outputs on its own handle
 * and stream, then checks each against a long double reference and all iterations alike. */
static void *worker(void *arg) {
    enum { M = 192, K = 160, ITER = 12 };
    worker_t *w = arg;
    gblas_handle_t h = NULL;
    cudaStream_t s = NULL;
    float *dA = NULL, *dC = NULL, *dy = NULL, *dr = NULL, *dsc = NULL;
    float A[M * K], sc[2] = {1.0f, 0.0f}, *C = malloc(sizeof(float) * M * M * ITER);
    float y[M * ITER], res[ITER];
    W_CHECK(C != NULL, "malloc");
    rng_t r = rng_for("cuda-worker", w->id, 0, 0, 0);
    for (int i = 0; i < M * K; i++) A[i] = (float)rng_value(&r, PREC_S);
    W_CHECK(gblas_create(&h, GBLAS_BACKEND_CUDA) == GBLAS_STATUS_SUCCESS, "create: %s",
            gblas_last_error(NULL));
    W_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess, "stream");
    W_CHECK(gblas_set_stream(h, s) == GBLAS_STATUS_SUCCESS, "set_stream: %s", gblas_last_error(h));
    W_CHECK(gblas_set_pointer_mode(h, GBLAS_POINTER_MODE_DEVICE) == GBLAS_STATUS_SUCCESS, "mode");
    W_CHECK(cudaMalloc((void **)&dA, sizeof A) == cudaSuccess &&
                cudaMalloc((void **)&dC, sizeof(float) * M * M * ITER) == cudaSuccess &&
                cudaMalloc((void **)&dy, sizeof y) == cudaSuccess &&
                cudaMalloc((void **)&dr, sizeof res) == cudaSuccess &&
                cudaMalloc((void **)&dsc, sizeof sc) == cudaSuccess,
            "cudaMalloc");
    W_CHECK(gblas_set_matrix_async(h, M, K, sizeof(float), A, M, dA, M) == GBLAS_STATUS_SUCCESS &&
                gblas_set_vector_async(h, 2, sizeof(float), sc, 1, dsc, 1) == GBLAS_STATUS_SUCCESS,
            "upload: %s", gblas_last_error(h));
    for (int it = 0; it < ITER; it++) {
        W_CHECK(gblas_sgemm(h, GBLAS_OP_N, GBLAS_OP_T, M, M, K, dsc, dA, M, dA, M, dsc + 1,
                            dC + (size_t)it * M * M, M) == GBLAS_STATUS_SUCCESS,
                "sgemm: %s", gblas_last_error(h));
        W_CHECK(gblas_sgemv(h, GBLAS_OP_N, M, K, dsc, dA, M, dA + it, M, dsc + 1, dy + it * M, 1) ==
                    GBLAS_STATUS_SUCCESS,
                "sgemv: %s", gblas_last_error(h));
        W_CHECK(gblas_sdot(h, M * K - it, dA, 1, dA + it, 1, dr + it) == GBLAS_STATUS_SUCCESS,
                "sdot: %s", gblas_last_error(h));
    }
    W_CHECK(gblas_synchronize(h) == GBLAS_STATUS_SUCCESS, "sync: %s", gblas_last_error(h));
    W_CHECK(cudaMemcpy(C, dC, sizeof(float) * M * M * ITER, cudaMemcpyDeviceToHost) ==
                    cudaSuccess &&
                cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost) == cudaSuccess &&
                cudaMemcpy(res, dr, sizeof res, cudaMemcpyDeviceToHost) == cudaSuccess,
            "download");
    for (int it = 0; it < ITER; it++) {
        for (int j = 0; j < M; j++)
            for (int i = 0; i < M; i++) {
                long double sum = 0, sa = 0;
                for (int l = 0; l < K; l++) {
                    sum += (long double)A[i + l * M] * A[j + l * M];
                    sa += fabsl((long double)A[i + l * M] * A[j + l * M]);
                }
                float g = C[(size_t)it * M * M + i + j * M];
                W_CHECK(within_tol(PREC_S, g, sum, sa, K),
                        "handle %d iteration %d: C(%d,%d) = "
                        "%.9g, want %.9Lg",
                        w->id, it, i, j, g, sum);
            }
        for (int i = 0; i < M; i++) {
            long double sum = 0, sa = 0;
            for (int l = 0; l < K; l++) {
                sum += (long double)A[i + l * M] * A[it + l * M];
                sa += fabsl((long double)A[i + l * M] * A[it + l * M]);
            }
            W_CHECK(within_tol(PREC_S, y[it * M + i], sum, sa, K),
                    "handle %d iteration %d: "
                    "y[%d] = %.9g, want %.9Lg",
                    w->id, it, i, y[it * M + i], sum);
        }
        long double dot = 0, sd = 0;
        for (int i = 0; i < M * K - it; i++) {
            dot += (long double)A[i] * A[i + it];
            sd += fabsl((long double)A[i] * A[i + it]);
        }
        W_CHECK(within_tol(PREC_S, res[it], dot, sd, M * K),
                "handle %d iteration %d: dot %.9g, "
                "want %.9Lg",
                w->id, it, res[it], dot);
        W_CHECK(memcmp(C + (size_t)it * M * M, C, sizeof(float) * M * M) == 0,
                "handle %d: gemm iteration %d differs from iteration 0", w->id, it);
    }
out:
    cudaFree(dA);
    cudaFree(dC);
    cudaFree(dy);
    cudaFree(dr);
    cudaFree(dsc);
    gblas_destroy(h);
    if (s) cudaStreamDestroy(s);
    free(C);
    return NULL;
}

Test(cuda, two_handles_two_streams, .timeout = 120) {
    hctx t;
    harness_open_cuda(&t); /* skips when no device */
    worker_t w[2] = {{.id = 0}, {.id = 1}};
    pthread_t th[2];
    for (int i = 0; i < 2; i++) cr_assert(pthread_create(&th[i], NULL, worker, &w[i]) == 0);
    for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
    for (int i = 0; i < 2; i++) cr_expect(w[i].err[0] == 0, "%s", w[i].err);
    harness_close(&t);
}
