/* bench_cuda_chain.c: what a call costs when calls are chained: a host loop of 1000 small
 * GEMV + DOT (n = 64, device pointer mode) through gblas, and the same chain captured once
 * into a CUDA graph and replayed, each against cuBLAS's host loop (the bodies are in
 * bench_cuda_chain_body.h). Reported per call: a rep's time / 2000. Checked: every DOT result
 * and the last y of gblas's first chain against cuBLAS's. */
#include <stdlib.h>
#include <string.h>

#include "bench_cuda.h"

typedef struct {
    void *A, *x;       /* n x n and n, shared */
    void *y[2], *r[2]; /* per side: y (n) and the chain's DOT results (BENCH_CHAIN_LENGTH) */
    void *scalars;     /* device memory: 1 and 0 */
} chain_buffers;

#define T float
#define FN_GBLAS_CHAIN gblas_chain_s
#define FN_CUBLAS_CHAIN cublas_chain_s
#define GBLAS_GEMV gblas_sgemv
#define GBLAS_DOT gblas_sdot
#define CUBLAS_GEMV cublasSgemv
#define CUBLAS_DOT cublasSdot
#include "bench_cuda_chain_body.h"

#define T double
#define FN_GBLAS_CHAIN gblas_chain_d
#define FN_CUBLAS_CHAIN cublas_chain_d
#define GBLAS_GEMV gblas_dgemv
#define GBLAS_DOT gblas_ddot
#define CUBLAS_GEMV cublasDgemv
#define CUBLAS_DOT cublasDdot
#include "bench_cuda_chain_body.h"

typedef struct {
    const bench_case *c;
    chain_buffers b;
    cudaGraphExec_t graph; /* gblas's chain, for BENCH_CHAIN_GRAPH */
} chain_job;

static int gblas_chain(bench_cuda *env, chain_job *j) {
    const gblas_status_t st =
        j->c->prec == 's' ? gblas_chain_s(env->h, &j->b) : gblas_chain_d(env->h, &j->b);
    if (st == GBLAS_STATUS_SUCCESS) return 0;
    fprintf(stderr, "gblas-bench: chain: %s\n", bench_gblas_error(env->h, st));
    return -1;
}

static int chain_call(bench_cuda *env, void *p, int side) {
    chain_job *j = p;
    if (side == BENCH_SIDE_GBLAS)
        return j->graph ? bench_cuda_fail(cudaGraphLaunch(j->graph, env->stream), "cudaGraphLaunch")
                        : gblas_chain(env, j);
    const cublasStatus_t cs =
        j->c->prec == 's' ? cublas_chain_s(env->cb, &j->b) : cublas_chain_d(env->cb, &j->b);
    if (cs == CUBLAS_STATUS_SUCCESS) return 0;
    fprintf(stderr, "gblas-bench: cuBLAS chain: %s\n", cublasGetStatusString(cs));
    return -1;
}

/* Captures gblas's chain once into j->graph: 0, or -1 printed. */
static int capture(bench_cuda *env, chain_job *j) {
    cudaGraph_t graph = NULL;
    if (bench_cuda_fail(cudaStreamBeginCapture(env->stream, cudaStreamCaptureModeGlobal),
                        "cudaStreamBeginCapture"))
        return -1;
    const int failed = gblas_chain(env, j);
    const cudaError_t end = cudaStreamEndCapture(env->stream, &graph);
    int rc = failed || bench_cuda_fail(end, "cudaStreamEndCapture (gblas's chain)") ? -1 : 0;
    if (rc == 0)
        rc = bench_cuda_fail(cudaGraphInstantiate(&j->graph, graph, 0), "cudaGraphInstantiate");
    if (graph) cudaGraphDestroy(graph);
    return rc;
}

static int alloc_and_fill(bench_cuda *env, const bench_case *c, chain_buffers *b) {
    const size_t es = bench_elem_size(c);
    const int64_t n = BENCH_CHAIN_N;
    void **bufs[] = {&b->A, &b->x, &b->y[0], &b->y[1], &b->r[0], &b->r[1], &b->scalars};
    const int64_t elems[] = {n * n, n, n, n, BENCH_CHAIN_LENGTH, BENCH_CHAIN_LENGTH, 2};
    for (int i = 0; i < 7; i++) {
        const gblas_status_t st = gblas_malloc(env->h, bufs[i], (size_t)elems[i] * es);
        if (st != GBLAS_STATUS_SUCCESS) {
            fprintf(stderr, "gblas-bench: chain: %s\n", bench_gblas_error(env->h, st));
            return -1;
        }
        if (i < 6 && bench_cuda_fill(env, c, *bufs[i], elems[i], (uint64_t)i + 1)) return -1;
    }
    const float sf[2] = {1, 0};
    const double sd[2] = {1, 0};
    return bench_cuda_fail(cudaMemcpy(b->scalars,
                                      c->prec == 's' ? (const void *)sf : (const void *)sd, 2 * es,
                                      cudaMemcpyHostToDevice),
                           "cudaMemcpy (scalars)");
}

/* Compares the DOT results and y of the two sides after one chain each. */
static int check_chain(bench_cuda *env, chain_job *j) {
    const size_t es = bench_elem_size(j->c);
    if (chain_call(env, j, BENCH_SIDE_GBLAS) || chain_call(env, j, BENCH_SIDE_REF) ||
        bench_cuda_fail(cudaStreamSynchronize(env->stream), "chain"))
        return 0;
    /* y: a GEMV of k = n, beta = 0; r: DOT of y (|y| <= n v^2) with x. */
    const double n = BENCH_CHAIN_N, v = BENCH_DATA_MAX;
    int ok = 1;
    for (int part = 0; part < 2 && ok; part++) {
        const int64_t elems = part ? BENCH_CHAIN_LENGTH : BENCH_CHAIN_N;
        void *g = bench_cuda_fetch(part ? j->b.r[0] : j->b.y[0], (size_t)elems * es);
        void *r = g ? bench_cuda_fetch(part ? j->b.r[1] : j->b.y[1], (size_t)elems * es) : NULL;
        double worst = 0;
        ok = g && r &&
             bench_check_scaled(j->c->prec, g, r, elems, n, part ? n * n * v * v * v : n * v * v,
                                &worst);
        if (g && r && !ok)
            fprintf(
                stderr,
                "gblas-bench: chain: gblas's %s differs from cuBLAS's: max |g - r| / tol = %g\n",
                part ? "DOT results" : "y", worst);
        free(g);
        free(r);
    }
    return ok;
}

void bench_cuda_chain(bench_cuda *env, const bench_options *o, bench_report *r,
                      const bench_case *c) {
    bench_row row = {*c, "cuda", 0, -1, -1, "cublas_loop", 0, 0, 0};
    chain_job j;
    memset(&j, 0, sizeof j);
    j.c = c;
    const int ready =
        alloc_and_fill(env, c, &j.b) == 0 &&
        gblas_set_pointer_mode(env->h, GBLAS_POINTER_MODE_DEVICE) == GBLAS_STATUS_SUCCESS &&
        cublasSetPointerMode(env->cb, CUBLAS_POINTER_MODE_DEVICE) == CUBLAS_STATUS_SUCCESS &&
        cublasSetMathMode(env->cb, c->prec == 's' ? CUBLAS_PEDANTIC_MATH : CUBLAS_DEFAULT_MATH) ==
            CUBLAS_STATUS_SUCCESS &&
        (c->routine != BENCH_CHAIN_GRAPH || capture(env, &j) == 0);
    if (ready) {
        const bench_cuda_timed t = {chain_call, &j, 0, 2.0 * BENCH_CHAIN_LENGTH};
        row.checked = check_chain(env, &j);
        if (bench_cuda_time(env, o, &t, &row)) row.checked = 0;
    }
    bench_report_row(r, &row);
    if (j.graph) cudaGraphExecDestroy(j.graph);
    void *bufs[] = {j.b.A, j.b.x, j.b.y[0], j.b.y[1], j.b.r[0], j.b.r[1], j.b.scalars};
    for (int i = 0; i < 7; i++) gblas_free(env->h, bufs[i]);
    gblas_set_pointer_mode(env->h, GBLAS_POINTER_MODE_HOST);
    cublasSetPointerMode(env->cb, CUBLAS_POINTER_MODE_HOST);
}
