/* bench_cuda.c: gblas-bench's CUDA runner: the gblas CUDA backend against cuBLAS (FP32 with
 * CUBLAS_PEDANTIC_MATH, FP64 with the default math mode), both on one stream of one device,
 * on device-resident data made once per case. Per case: one call of each side checked, one
 * warm-up pair, then repetitions of (L2 flush, gblas, L2 flush, cuBLAS), each timed with CUDA
 * events (the host clock for host-staged cases); medians reported. */
#include <stdlib.h>
#include <string.h>

#include "bench_cuda.h"

#define SEED_IN0 1
#define SEED_IN1 2
#define SEED_OUT 3

int bench_cuda_fail(cudaError_t e, const char *what) {
    if (e == cudaSuccess) return 0;
    fprintf(stderr, "gblas-bench: %s: %s\n", what, cudaGetErrorString(e));
    return -1;
}

void *bench_cuda_fetch(const void *dev, size_t n) {
    void *host = malloc(n ? n : 1);
    if (!host)
        fprintf(stderr, "gblas-bench: out of host memory (%zu bytes)\n", n);
    else if (bench_cuda_fail(cudaMemcpy(host, dev, n, cudaMemcpyDeviceToHost), "cudaMemcpy")) {
        free(host);
        host = NULL;
    }
    return host;
}

int bench_cuda_fill(bench_cuda *env, const bench_case *c, void *p, int64_t elems, uint64_t seed) {
    const int64_t reals = elems * bench_parts(c); /* a complex part is one real */
    const cudaError_t e = bench_real_prec(c) == 's'
                              ? bench_cuda_fill_s(p, reals, seed, env->stream)
                              : bench_cuda_fill_d(p, reals, seed, env->stream);
    return bench_cuda_fail(e, "fill kernel");
}

/* One timed repetition of one side, in microseconds; -1 when it failed. */
static double time_rep(bench_cuda *env, const bench_cuda_timed *t, int side, cudaEvent_t ev[2]) {
    if (bench_cuda_fail(cudaMemsetAsync(env->flush, side, BENCH_FLUSH_BYTES, env->stream),
                        "L2 flush"))
        return -1;
    if (t->host_clock) {
        if (bench_cuda_fail(cudaStreamSynchronize(env->stream), "synchronize")) return -1;
        const double t0 = bench_now_us();
        if (t->call(env, t->job, side)) return -1;
        if (bench_cuda_fail(cudaStreamSynchronize(env->stream), "synchronize")) return -1;
        return bench_now_us() - t0;
    }
    float ms = 0;
    if (bench_cuda_fail(cudaEventRecord(ev[0], env->stream), "cudaEventRecord")) return -1;
    if (t->call(env, t->job, side)) return -1;
    if (bench_cuda_fail(cudaEventRecord(ev[1], env->stream), "cudaEventRecord") ||
        bench_cuda_fail(cudaEventSynchronize(ev[1]), "the timed call") ||
        bench_cuda_fail(cudaEventElapsedTime(&ms, ev[0], ev[1]), "cudaEventElapsedTime"))
        return -1;
    return 1e3 * ms;
}

int bench_cuda_time(bench_cuda *env, const bench_options *o, const bench_cuda_timed *t,
                    bench_row *row) {
    cudaEvent_t ev[2] = {NULL, NULL};
    double *samples = NULL, warm[2];
    int rc = -1;
    if (bench_cuda_fail(cudaEventCreate(&ev[0]), "cudaEventCreate") ||
        bench_cuda_fail(cudaEventCreate(&ev[1]), "cudaEventCreate"))
        goto done;
    for (int s = 0; s < 2; s++)
        if ((warm[s] = time_rep(env, t, s, ev)) < 0) goto done;

    /* At least --reps (20) repetitions, fewer only when one run exceeds 50 ms. */
    int reps = o->reps ? o->reps : o->quick ? 5 : 20;
    const double pair_us = warm[0] + warm[1];
    if (warm[0] > BENCH_LONG_RUN_US || warm[1] > BENCH_LONG_RUN_US) {
        const double budget_us = 1e6 * (o->budget_s > 0 ? o->budget_s : o->quick ? 0.2 : 10.0);
        const int fit = (int)(budget_us / pair_us);
        if (fit < reps) reps = fit > 3 ? fit : 3;
    }
    samples = malloc(2 * (size_t)reps * sizeof *samples);
    if (!samples) goto done;
    for (int rep = 0; rep < reps; rep++)
        for (int s = 0; s < 2; s++)
            if ((samples[s * reps + rep] = time_rep(env, t, s, ev)) < 0) goto done;
    row->gblas_us = bench_median(samples, reps) / t->calls_per_rep;
    row->ref_us = bench_median(samples + reps, reps) / t->calls_per_rep;
    row->reps = reps;
    rc = 0;
done:
    free(samples);
    if (ev[0]) cudaEventDestroy(ev[0]);
    if (ev[1]) cudaEventDestroy(ev[1]);
    return rc;
}

/* ---- cases that are one routine call ----------------------------------------------------- */

typedef struct {
    const bench_case *c;
    bench_buffers *b;
} routine_job;

static int routine_call(bench_cuda *env, void *p, int side) {
    routine_job *j = p;
    if (side == BENCH_SIDE_GBLAS) {
        const gblas_status_t st = bench_gblas_call(env->h, j->c, j->b);
        if (st == GBLAS_STATUS_SUCCESS) return 0;
        fprintf(stderr, "gblas-bench: %s: %s\n", bench_routine_name(j->c->routine),
                bench_gblas_error(env->h, st));
        return -1;
    }
    const cublasStatus_t cs = bench_cublas_call(env->cb, j->c, j->b);
    if (cs == CUBLAS_STATUS_SUCCESS) return 0;
    fprintf(stderr, "gblas-bench: cuBLAS %s: %s\n", bench_routine_name(j->c->routine),
            cublasGetStatusString(cs));
    return -1;
}

/* The first call of each side, from the same outputs, compared on the host. cuBLAS's index
 * result is an int: widened to gblas's int64_t first. */
static int check_first_calls(bench_cuda *env, const bench_case *c, bench_buffers *b) {
    routine_job j = {c, b};
    const size_t bytes = (size_t)b->out_elems * b->out_es;
    if (routine_call(env, &j, BENCH_SIDE_GBLAS) || routine_call(env, &j, BENCH_SIDE_REF) ||
        bench_cuda_fail(cudaStreamSynchronize(env->stream), "first calls"))
        return 0;
    void *g = bench_cuda_fetch(b->out[0], bytes),
         *r = g ? bench_cuda_fetch(b->out[1], bytes) : NULL;
    if (r && bench_routine_table[bench_case_table_routine(c)].result == 'I') {
        int index;
        memcpy(&index, r, sizeof index);
        const int64_t wide = index;
        memcpy(r, &wide, sizeof wide);
    }
    double worst = 0;
    const int ok = g && r && bench_check(c, g, r, bench_out_reals(c, b), &worst);
    if (g && r && !ok)
        fprintf(stderr, "gblas-bench: %s: gblas differs from cuBLAS: max |g - r| / tol = %g\n",
                bench_routine_name(c->routine), worst);
    free(g);
    free(r);
    return ok;
}

/* The pointer arrays of a batch: device arrays of device pointers (bench_alloc_arrays). A
 * pageable copy may return before its DMA completes: the device is synchronised so the calls
 * on the bench's non-blocking stream see the arrays. */
static int store_device(void *dst, const void *src, size_t bytes) {
    return bench_cuda_fail(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice), "cudaMemcpy") ||
                   bench_cuda_fail(cudaDeviceSynchronize(), "synchronize")
               ? -1
               : 0;
}

int bench_cuda_alloc_buffers(bench_cuda *env, const bench_case *c, bench_buffers *b) {
    const size_t es = bench_elem_size(c), out_bytes = (size_t)b->out_elems * b->out_es;
    gblas_status_t st = gblas_malloc(env->h, &b->in0, (size_t)b->in0_elems * es);
    if (st == GBLAS_STATUS_SUCCESS) st = gblas_malloc(env->h, &b->in1, (size_t)b->in1_elems * es);
    for (int s = 0; s < 2 && st == GBLAS_STATUS_SUCCESS; s++)
        st = gblas_malloc(env->h, &b->out[s], out_bytes);
    if (st == GBLAS_STATUS_SUCCESS && bench_alloc_arrays(env->h, c, b, store_device))
        st = GBLAS_STATUS_ALLOC_FAILED;
    if (st != GBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "gblas-bench: %s: %s\n", bench_routine_name(c->routine),
                bench_gblas_error(env->h, st));
        return -1;
    }
    if ((b->in0 && bench_cuda_fill(env, c, b->in0, b->in0_elems, SEED_IN0)) ||
        (b->in1 && bench_cuda_fill(env, c, b->in1, b->in1_elems, SEED_IN1)))
        return -1;
    bench_tri t; /* a triangular case's A, conditioned on the device (bench_tri_body.h) */
    if (b->in0 && bench_case_tri(c, &t) &&
        bench_cuda_fail(c->prec == 's' ? bench_cuda_condition_s(b->in0, &t, env->stream)
                                       : bench_cuda_condition_d(b->in0, &t, env->stream),
                        "conditioning kernel"))
        return -1;
    for (int s = 0; s < 2; s++) {
        const int failed =
            b->out_es == es /* else an index, or scnrm2's real result: zeroed */
                ? bench_cuda_fill(env, c, b->out[s], b->out_elems, SEED_OUT)
                : bench_cuda_fail(cudaMemsetAsync(b->out[s], 0, out_bytes, env->stream), "memset");
        if (failed) return -1;
    }
    return 0;
}

/* Allocates and fills the case's buffers and sets both libraries' modes: 0, or -1 printed. */
static int prepare_routine(bench_cuda *env, const bench_case *c, bench_buffers *b) {
    if (bench_cuda_alloc_buffers(env, c, b)) return -1;
    /* Routines with a result return it in device memory on both sides: nothing waits. */
    const int reduction = bench_routine_table[bench_case_table_routine(c)].result != 0;
    const cublasMath_t math =
        bench_real_prec(c) == 's' ? CUBLAS_PEDANTIC_MATH : CUBLAS_DEFAULT_MATH;
    if (gblas_set_pointer_mode(env->h,
                               reduction ? GBLAS_POINTER_MODE_DEVICE : GBLAS_POINTER_MODE_HOST) !=
            GBLAS_STATUS_SUCCESS ||
        cublasSetPointerMode(env->cb,
                             reduction ? CUBLAS_POINTER_MODE_DEVICE : CUBLAS_POINTER_MODE_HOST) !=
            CUBLAS_STATUS_SUCCESS ||
        cublasSetMathMode(env->cb, math) != CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "gblas-bench: setting the pointer or math mode failed\n");
        return -1;
    }
    return 0;
}

static void run_routine(bench_cuda *env, const bench_options *o, bench_report *r,
                        const bench_case *c) {
    bench_row row = {*c, "cuda", 0, -1, -1, "cublas", 0, 0, 0};
    bench_buffers b;
    memset(&b, 0, sizeof b);
    bench_case_elems(c, &b);
    row.ceiling = bench_case_ceiling(c, &env->ceilings);
    if (prepare_routine(env, c, &b) == 0) {
        routine_job j = {c, &b};
        const bench_cuda_timed t = {routine_call, &j, 0, 1};
        row.checked = check_first_calls(env, c, &b);
        if (bench_cuda_time(env, o, &t, &row)) row.checked = 0;
    }
    bench_report_row(r, &row);
    bench_free_buffers(env->h, &b);
    gblas_set_pointer_mode(env->h, GBLAS_POINTER_MODE_HOST);
    cublasSetPointerMode(env->cb, CUBLAS_POINTER_MODE_HOST);
}

/* ---- lifecycle --------------------------------------------------------------------------- */

int bench_cuda_open(bench_cuda **envp, const bench_options *o, bench_report *r) {
    bench_cuda *env = calloc(1, sizeof *env);
    struct cudaDeviceProp prop;
    int dev = 0, count = 0, drv = 0, rt = 0, cublas_version = 0;
    *envp = env;
    if (!env || cudaGetDeviceCount(&count) != cudaSuccess || count == 0) return -1;
    gblas_status_t st = gblas_create(&env->h, GBLAS_BACKEND_CUDA);
    if (st != GBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "gblas-bench: gblas_create(CUDA): %s\n", bench_gblas_error(NULL, st));
        return -1;
    }
    if (bench_cuda_fail(cudaGetDevice(&dev), "cudaGetDevice") ||
        bench_cuda_fail(cudaGetDeviceProperties(&prop, dev), "cudaGetDeviceProperties") ||
        bench_cuda_fail(cudaStreamCreateWithFlags(&env->stream, cudaStreamNonBlocking),
                        "cudaStreamCreate") ||
        bench_cuda_fail(cudaMalloc(&env->flush, BENCH_FLUSH_BYTES), "cudaMalloc (L2 flush)"))
        return -1;
    if (cublasCreate(&env->cb) != CUBLAS_STATUS_SUCCESS ||
        cublasSetStream(env->cb, env->stream) != CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "gblas-bench: cublasCreate failed\n");
        return -1;
    }
    if (gblas_set_stream(env->h, (gblas_stream_t)env->stream) != GBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "gblas-bench: gblas_set_stream: %s\n", gblas_last_error(env->h));
        return -1;
    }
    env->sms = prop.multiProcessorCount;
    cudaDriverGetVersion(&drv);
    cudaRuntimeGetVersion(&rt);
    cublasGetVersion(env->cb, &cublas_version);
    bench_report_meta(r,
                      "cuda: %s, sm_%d%d, %d SMs, %.1f GiB, L2 %d MiB; driver %d, runtime %d, "
                      "cuBLAS %d; gblas backend %s",
                      prop.name, prop.major, prop.minor, prop.multiProcessorCount,
                      (double)prop.totalGlobalMem / (1 << 30), prop.l2CacheSize >> 20, drv, rt,
                      cublas_version, gblas_backend_detail(env->h));
    if (bench_cuda_ceilings(env, o->quick, &env->ceilings)) return -1;
    bench_report_meta(r,
                      "ceiling cuda: read %.1f GB/s (streaming kernel), copy %.1f GB/s "
                      "(device-to-device, read + write), GEMM %.0f GFLOP/s FP32 and %.0f GFLOP/s "
                      "FP64 (nominal, not measured)",
                      env->ceilings.read_gbs, env->ceilings.copy_gbs, env->ceilings.flops_s,
                      env->ceilings.flops_d);
    return 0;
}

void bench_cuda_run(bench_cuda *env, const bench_options *o, bench_report *r) {
    bench_case_list l;
    bench_build_cases(&l, o, 1);
    bench_report_begin(r, "cuda: gblas against cuBLAS");
    for (size_t i = 0; i < l.count; i++) {
        const bench_case *c = &l.v[i];
        if (c->routine == BENCH_CHAIN_LOOP || c->routine == BENCH_CHAIN_GRAPH)
            bench_cuda_chain(env, o, r, c);
        else if (c->routine == BENCH_STAGED_GEMV || c->routine == BENCH_STAGED_GEMM)
            bench_cuda_staged(env, o, r, c);
        else
            run_routine(env, o, r, c);
    }
    bench_free_cases(&l);
}

void bench_cuda_close(bench_cuda *env) {
    if (!env) return;
    if (env->cb) cublasDestroy(env->cb);
    gblas_destroy(env->h);
    if (env->flush) cudaFree(env->flush);
    if (env->stream) cudaStreamDestroy(env->stream);
    free(env);
}
