/* bench_cuda.h: the pieces of gblas-bench's CUDA runner (compiled only with the CUDA backend):
 * the shared state, the timing loop every GPU case uses, the cuBLAS side, the chained-call and
 * residency cases, the ceilings, and the launchers of the bench's own kernels. */
#ifndef GBLAS_BENCH_CUDA_H
#define GBLAS_BENCH_CUDA_H

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include "bench.h"

#define BENCH_FLUSH_BYTES ((size_t)256 << 20) /* memset before each repetition: > the 60 MB L2 */
#define BENCH_LONG_RUN_US 50e3                /* above this, fewer than --reps repetitions */

struct bench_cuda {
    gblas_handle_t h;
    cublasHandle_t cb;
    cudaStream_t stream; /* both libraries enqueue here; events are recorded here */
    void *flush;
    int sms;
    bench_ceilings ceilings;
};

/* One call of one side: enqueue it on env->stream (return 0), or print why not (return -1). */
typedef int (*bench_cuda_call_fn)(bench_cuda *env, void *job, int side);

typedef struct {
    bench_cuda_call_fn call;
    void *job;
    int host_clock;       /* time call + stream synchronisation with the host clock */
    double calls_per_rep; /* the rep's time is divided by this (1 for a single call) */
} bench_cuda_timed;

/* Warm-up pair, then repetitions of (flush, gblas side, flush, reference side), each timed;
 * fills row's gblas_us, ref_us (medians per call) and reps. 0, or -1 when a call failed. */
int bench_cuda_time(bench_cuda *env, const bench_options *o, const bench_cuda_timed *t,
                    bench_row *row);
/* Prints "gblas-bench: what: <cuda error>" and returns -1 when e is an error, else 0. */
int bench_cuda_fail(cudaError_t e, const char *what);
/* Copies n bytes of device memory into a new host buffer (NULL after printing an error). */
void *bench_cuda_fetch(const void *dev, size_t n);
/* Fills elems elements of the case's type at p with the bench's random data. */
int bench_cuda_fill(bench_cuda *env, const bench_case *c, void *p, int64_t elems, uint64_t seed);
/* Allocates the case's device buffers (sizes from bench_case_elems) and fills them with the
 * bench's random data, both outputs alike (an index output with zeros), a triangular case's A
 * conditioned (bench_tri_body.h), a batch's pointer arrays written: 0, or -1 after printing
 * the error. The caller frees them with bench_free_buffers. */
int bench_cuda_alloc_buffers(bench_cuda *env, const bench_case *c, bench_buffers *b);

/* One cuBLAS call of the case on out[BENCH_SIDE_REF] (bench_routines_gen.c); an index
 * result is cuBLAS's int, 1-based. */
cublasStatus_t bench_cublas_call(cublasHandle_t cb, const bench_case *c, bench_buffers *b);
/* bench_cuda_ref.c: the enumeration arguments in cuBLAS's terms */
cublasOperation_t bench_cublas_op(gblas_operation_t t); /* N or T */
cublasFillMode_t bench_cublas_uplo(gblas_fill_mode_t u);
cublasDiagType_t bench_cublas_diag(gblas_diag_type_t d);
cublasSideMode_t bench_cublas_side(gblas_side_mode_t s);

/* bench_cuda_chain.c and bench_cuda_staged.c: the cases that are not one routine call. */
void bench_cuda_chain(bench_cuda *env, const bench_options *o, bench_report *r,
                      const bench_case *c);
void bench_cuda_staged(bench_cuda *env, const bench_options *o, bench_report *r,
                       const bench_case *c);

/* bench_cuda_ceiling.c: device-to-device copy and read-only streaming bandwidth, measured;
 * the FLOP/s ceilings are the H200's nominal FP32 and FP64 tensor-core peaks. */
int bench_cuda_ceilings(bench_cuda *env, int quick, bench_ceilings *out);
#define BENCH_GPU_NOMINAL_GFLOPS_S 67000.0
#define BENCH_GPU_NOMINAL_GFLOPS_D 67000.0

/* bench_cuda_kernels.cu: launchers of the bench's own kernels; each returns the launch's
 * cudaError_t. */
#ifdef __cplusplus
extern "C" {
#endif
cudaError_t bench_cuda_fill_s(float *p, int64_t n, uint64_t seed, cudaStream_t s);
cudaError_t bench_cuda_fill_d(double *p, int64_t n, uint64_t seed, cudaStream_t s);
/* Conditions a triangular case's filled A as bench_tri_body.h says (the host's
 * bench_condition_host on the device). */
cudaError_t bench_cuda_condition_s(float *a, const bench_tri *t, cudaStream_t s);
cudaError_t bench_cuda_condition_d(double *a, const bench_tri *t, cudaStream_t s);
/* Reads bytes (a multiple of 16) at p once; writes *sink only for a sum the data never has. */
cudaError_t bench_cuda_read(const void *p, size_t bytes, float *sink, int blocks, cudaStream_t s);
#ifdef __cplusplus
}
#endif

#endif /* GBLAS_BENCH_CUDA_H */
