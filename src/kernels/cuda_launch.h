/* cuda_launch.h: the extern "C" launchers of the CUDA kernels (dot.cu, level1.cu, gemv.cu,
 * sgemm.cu, dgemm.cu), called by cuda_backend.c. Plain C; each launcher enqueues its kernels on
 * env->stream and returns cudaSuccess, or the error of the first failing launch with
 * env->failed naming that kernel. Launchers never allocate and never synchronise. */
#ifndef GBLAS_CUDA_LAUNCH_H
#define GBLAS_CUDA_LAUNCH_H

#include <stdint.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Workspace layout: [0, 256) holds the host-mode result slot of DOT/NRM2; the scratch behind it
 * holds DOT/NRM2 block partials, GEMV column/row-chunk partials and split-K GEMM partials.
 * Heuristics size their partials by GBLAS_CUDA_SCRATCH_BYTES, never by the actual workspace
 * size, so the reduction tree (and thus every result bit) does not depend on it. */
#define GBLAS_CUDA_RESULT_SLOT_BYTES 256
#define GBLAS_CUDA_SCRATCH_BYTES ((size_t)16 << 20)
#define GBLAS_CUDA_WORKSPACE_BYTES (GBLAS_CUDA_RESULT_SLOT_BYTES + GBLAS_CUDA_SCRATCH_BYTES)

/* SGEMM split-K reduced inside thread-block clusters of 2 to GBLAS_CUDA_MAX_SPLIT_CLUSTER blocks
 * (sgemm.cu): active[c][s] is how many clusters of s blocks of split config c the device runs at
 * once (cudaOccupancyMaxActiveClusters, at backend init). The clusters of a GPC must fit its
 * SMs, so this is less than the SM count times the blocks per SM over s (on the H200, 124 where
 * 132 SMs would suggest 132), and a grid over it runs a second wave. */
#define GBLAS_CUDA_MAX_SPLIT_CLUSTER 8
#define GBLAS_CUDA_SGEMM_SPLIT_CONFIGS 2
typedef struct gblas_cuda_sgemm_clusters {
    int active[GBLAS_CUDA_SGEMM_SPLIT_CONFIGS][GBLAS_CUDA_MAX_SPLIT_CLUSTER + 1];
} gblas_cuda_sgemm_clusters;

typedef struct gblas_cuda_env {
    cudaStream_t stream;
    void *scratch;      /* GBLAS_CUDA_SCRATCH_BYTES of device memory, 256-byte aligned */
    int sm_count;       /* multiprocessors of the device: sizes the grids */
    const gblas_cuda_sgemm_clusters *sgemm_clusters;
    const char *failed; /* out: the kernel whose launch failed */
} gblas_cuda_env;

/* A scalar argument: read on the device from ptr when ptr is not NULL (device pointer mode),
 * else value (host pointer mode, read by the caller before the launch). */
typedef struct { float value; const float *ptr; } gblas_cuda_sscalar;
typedef struct { double value; const double *ptr; } gblas_cuda_dscalar;

/* trans arguments: 0 = N, anything else = T. */

/* dot.cu: result (device memory) = x . y, or ||x||_2. */
cudaError_t gblas_cuda_launch_sdot(gblas_cuda_env *env, int64_t n, const float *x, int64_t incx,
                                   const float *y, int64_t incy, float *result);
cudaError_t gblas_cuda_launch_ddot(gblas_cuda_env *env, int64_t n, const double *x, int64_t incx,
                                   const double *y, int64_t incy, double *result);
cudaError_t gblas_cuda_launch_snrm2(gblas_cuda_env *env, int64_t n, const float *x, int64_t incx,
                                    float *result);
cudaError_t gblas_cuda_launch_dnrm2(gblas_cuda_env *env, int64_t n, const double *x,
                                    int64_t incx, double *result);

/* level1.cu */
cudaError_t gblas_cuda_launch_saxpy(gblas_cuda_env *env, int64_t n, gblas_cuda_sscalar alpha,
                                    const float *x, int64_t incx, float *y, int64_t incy);
cudaError_t gblas_cuda_launch_daxpy(gblas_cuda_env *env, int64_t n, gblas_cuda_dscalar alpha,
                                    const double *x, int64_t incx, double *y, int64_t incy);
cudaError_t gblas_cuda_launch_sscal(gblas_cuda_env *env, int64_t n, gblas_cuda_sscalar alpha,
                                    float *x, int64_t incx);
cudaError_t gblas_cuda_launch_dscal(gblas_cuda_env *env, int64_t n, gblas_cuda_dscalar alpha,
                                    double *x, int64_t incx);
cudaError_t gblas_cuda_launch_scopy(gblas_cuda_env *env, int64_t n, const float *x, int64_t incx,
                                    float *y, int64_t incy);
cudaError_t gblas_cuda_launch_dcopy(gblas_cuda_env *env, int64_t n, const double *x,
                                    int64_t incx, double *y, int64_t incy);

/* gemv.cu */
cudaError_t gblas_cuda_launch_sgemv(gblas_cuda_env *env, int trans, int64_t m, int64_t n,
                                    gblas_cuda_sscalar alpha, const float *A, int64_t lda,
                                    const float *x, int64_t incx, gblas_cuda_sscalar beta,
                                    float *y, int64_t incy);
cudaError_t gblas_cuda_launch_dgemv(gblas_cuda_env *env, int trans, int64_t m, int64_t n,
                                    gblas_cuda_dscalar alpha, const double *A, int64_t lda,
                                    const double *x, int64_t incx, gblas_cuda_dscalar beta,
                                    double *y, int64_t incy);

/* sgemm.cu, dgemm.cu */
cudaError_t gblas_cuda_launch_sgemm(gblas_cuda_env *env, int transa, int transb, int64_t m,
                                    int64_t n, int64_t k, gblas_cuda_sscalar alpha,
                                    const float *A, int64_t lda, const float *B, int64_t ldb,
                                    gblas_cuda_sscalar beta, float *C, int64_t ldc);
cudaError_t gblas_cuda_launch_dgemm(gblas_cuda_env *env, int transa, int transb, int64_t m,
                                    int64_t n, int64_t k, gblas_cuda_dscalar alpha,
                                    const double *A, int64_t lda, const double *B, int64_t ldb,
                                    gblas_cuda_dscalar beta, double *C, int64_t ldc);
/* Opt the SGEMM and DGEMM kernels into the dynamic shared memory they need on the current
 * device, and count the split-K clusters it runs at once; called once by backend init. */
cudaError_t gblas_cuda_sgemm_prepare(gblas_cuda_sgemm_clusters *clusters, const char **failed);
cudaError_t gblas_cuda_dgemm_prepare(const char **failed);

#ifdef __cplusplus
}
#endif
#endif /* GBLAS_CUDA_LAUNCH_H */
