/* bench_cuda_ceiling.c: the GPU ceilings gblas-bench reports rates against, measured in the
 * same run: device-to-device copy of 1 GiB (read + write counted) and a read-only streaming
 * kernel over 1 GiB (bench_cuda_kernels.cu); medians of CUDA-event timings. GEMM is compared
 * with the H200's nominal FP32 FFMA and FP64 tensor-core peaks, which are not measured. */
#include <stdlib.h>

#include "bench_cuda.h"

#define CEILING_BYTES ((size_t)1 << 30)

/* Median time of reps runs of one copy (what = 0) or one read (what = 1), in microseconds. */
static double median_us(bench_cuda *env, int what, void *src, void *dst, float *sink, int reps) {
    cudaEvent_t ev[2] = {NULL, NULL};
    double *t = malloc((size_t)reps * sizeof *t), result = -1;
    int ok = t && cudaEventCreate(&ev[0]) == cudaSuccess && cudaEventCreate(&ev[1]) == cudaSuccess;
    for (int r = -1; r < reps && ok; r++) { /* r = -1: warm-up */
        float ms = 0;
        cudaError_t e = cudaEventRecord(ev[0], env->stream);
        if (e == cudaSuccess)
            e = what == 0 ? cudaMemcpyAsync(dst, src, CEILING_BYTES, cudaMemcpyDeviceToDevice,
                                            env->stream)
                          : bench_cuda_read(src, CEILING_BYTES, sink, 8 * env->sms, env->stream);
        if (e == cudaSuccess) e = cudaEventRecord(ev[1], env->stream);
        if (e == cudaSuccess) e = cudaEventSynchronize(ev[1]);
        if (e == cudaSuccess) e = cudaEventElapsedTime(&ms, ev[0], ev[1]);
        ok = !bench_cuda_fail(e, what == 0 ? "ceiling: copy" : "ceiling: read kernel");
        if (ok && r >= 0) t[r] = 1e3 * ms;
    }
    if (ok) result = bench_median(t, reps);
    free(t);
    if (ev[0]) cudaEventDestroy(ev[0]);
    if (ev[1]) cudaEventDestroy(ev[1]);
    return result;
}

int bench_cuda_ceilings(bench_cuda *env, int quick, bench_ceilings *out) {
    void *src = NULL, *dst = NULL;
    float *sink = NULL;
    const int reps = quick ? 5 : 20;
    int rc = -1;
    if (!bench_cuda_fail(cudaMalloc(&src, CEILING_BYTES), "cudaMalloc (ceiling)") &&
        !bench_cuda_fail(cudaMalloc(&dst, CEILING_BYTES), "cudaMalloc (ceiling)") &&
        !bench_cuda_fail(cudaMalloc((void **)&sink, sizeof *sink), "cudaMalloc (ceiling)") &&
        !bench_cuda_fail(cudaMemsetAsync(src, 0x3c, CEILING_BYTES, env->stream), "cudaMemset")) {
        const double copy_us = median_us(env, 0, src, dst, sink, reps);
        const double read_us = median_us(env, 1, src, dst, sink, reps);
        if (copy_us > 0 && read_us > 0) {
            out->copy_gbs = 2.0 * (double)CEILING_BYTES / (copy_us * 1e3);
            out->read_gbs = (double)CEILING_BYTES / (read_us * 1e3);
            out->flops_s = BENCH_GPU_NOMINAL_GFLOPS_S;
            out->flops_d = BENCH_GPU_NOMINAL_GFLOPS_D;
            rc = 0;
        }
    }
    cudaFree(src);
    cudaFree(dst);
    cudaFree(sink);
    return rc;
}
