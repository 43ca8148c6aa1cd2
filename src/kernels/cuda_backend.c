/* cuda_backend.c: the CUDA backend's entry point and function table: device checks at init,
 * memory (cudaMalloc, copies on the handle's stream), stream checks, and the 14 routines
 * (cuda_routines_body.h, once per precision), which hand the kernels' launchers (cuda_launch.h)
 * their scalars and turn launch errors into statuses. Errors the runtime reports are cleared
 * with cudaGetLastError so a failed call leaves the handle usable. */
#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime_api.h>

#include "backend.h"
#include "cuda_launch.h"

/* ctx->state: what the launchers need to know of the device. */
typedef struct cuda_state {
    int sm_count;
    gblas_cuda_sgemm_clusters sgemm_clusters;
} cuda_state;

static cudaStream_t stream_of(const gblas_ctx *ctx) { return (cudaStream_t)ctx->stream; }

static gblas_cuda_env env_of(const gblas_ctx *ctx) {
    const cuda_state *st = (const cuda_state *)ctx->state;
    gblas_cuda_env env = {stream_of(ctx),
                          (char *)ctx->workspace + GBLAS_CUDA_RESULT_SLOT_BYTES, st->sm_count,
                          &st->sgemm_clusters, NULL};
    return env;
}

/* A runtime call failed: clear the error (when it is not sticky) and report it. */
static gblas_status_t runtime_failed(gblas_ctx *ctx, gblas_status_t status, const char *what,
                                     cudaError_t err) {
    (void)cudaGetLastError();
    return gblas_ctx_fail(ctx, status, "%s: %s", what, cudaGetErrorString(err));
}

static gblas_status_t launched(gblas_ctx *ctx, const gblas_cuda_env *env, cudaError_t err) {
    if (err == cudaSuccess) return GBLAS_STATUS_SUCCESS;
    return runtime_failed(ctx, GBLAS_STATUS_EXECUTION_FAILED,
                          env->failed ? env->failed : "kernel launch", err);
}

/* DOT and NRM2 results: written straight to *result in device pointer mode; in host pointer
 * mode to the workspace's result slot, then copied to the host after the stream is done. */
static void *result_target(const gblas_ctx *ctx, void *result) {
    return ctx->pointer_mode == GBLAS_POINTER_MODE_DEVICE ? result : ctx->workspace;
}

static gblas_status_t reduction_done(gblas_ctx *ctx, const gblas_cuda_env *env, cudaError_t err,
                                     void *result, size_t bytes) {
    if (err != cudaSuccess || ctx->pointer_mode == GBLAS_POINTER_MODE_DEVICE)
        return launched(ctx, env, err);
    err = cudaMemcpyAsync(result, ctx->workspace, bytes, cudaMemcpyDefault, env->stream);
    if (err != cudaSuccess)
        return runtime_failed(ctx, GBLAS_STATUS_EXECUTION_FAILED, "cudaMemcpyAsync(result)", err);
    err = cudaStreamSynchronize(env->stream);
    if (err != cudaSuccess)
        return runtime_failed(ctx, GBLAS_STATUS_EXECUTION_FAILED, "cudaStreamSynchronize", err);
    return GBLAS_STATUS_SUCCESS;
}

#define T float
#define SCALAR_T gblas_cuda_sscalar
#define FN_SCALAR cuda_sscalar
#define FN_DOT cuda_sdot
#define FN_NRM2 cuda_snrm2
#define FN_AXPY cuda_saxpy
#define FN_SCAL cuda_sscal
#define FN_COPY cuda_scopy
#define FN_GEMV cuda_sgemv
#define FN_GEMM cuda_sgemm
#define LAUNCH_DOT gblas_cuda_launch_sdot
#define LAUNCH_NRM2 gblas_cuda_launch_snrm2
#define LAUNCH_AXPY gblas_cuda_launch_saxpy
#define LAUNCH_SCAL gblas_cuda_launch_sscal
#define LAUNCH_COPY gblas_cuda_launch_scopy
#define LAUNCH_GEMV gblas_cuda_launch_sgemv
#define LAUNCH_GEMM gblas_cuda_launch_sgemm
#include "cuda_routines_body.h"

#define T double
#define SCALAR_T gblas_cuda_dscalar
#define FN_SCALAR cuda_dscalar
#define FN_DOT cuda_ddot
#define FN_NRM2 cuda_dnrm2
#define FN_AXPY cuda_daxpy
#define FN_SCAL cuda_dscal
#define FN_COPY cuda_dcopy
#define FN_GEMV cuda_dgemv
#define FN_GEMM cuda_dgemm
#define LAUNCH_DOT gblas_cuda_launch_ddot
#define LAUNCH_NRM2 gblas_cuda_launch_dnrm2
#define LAUNCH_AXPY gblas_cuda_launch_daxpy
#define LAUNCH_SCAL gblas_cuda_launch_dscal
#define LAUNCH_COPY gblas_cuda_launch_dcopy
#define LAUNCH_GEMV gblas_cuda_launch_dgemv
#define LAUNCH_GEMM gblas_cuda_launch_dgemm
#include "cuda_routines_body.h"

/* ---- lifecycle and memory ------------------------------------------------------------------ */

static void cuda_release(gblas_ctx *ctx) {
    free(ctx->state);
    ctx->state = NULL;
}

static gblas_status_t cuda_alloc(gblas_ctx *ctx, void **p, size_t bytes) {
    *p = NULL;
    if (bytes == 0) return GBLAS_STATUS_SUCCESS;
    const cudaError_t err = cudaMalloc(p, bytes);
    if (err != cudaSuccess) {
        *p = NULL;
        (void)cudaGetLastError();
        return gblas_ctx_fail(ctx, GBLAS_STATUS_ALLOC_FAILED, "cudaMalloc(%zu bytes): %s", bytes,
                              cudaGetErrorString(err));
    }
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t cuda_dealloc(gblas_ctx *ctx, void *p) {
    const cudaError_t err = cudaFree(p);
    if (err != cudaSuccess)
        return runtime_failed(ctx, GBLAS_STATUS_EXECUTION_FAILED, "cudaFree", err);
    return GBLAS_STATUS_SUCCESS;
}

static int cuda_pointer_access(gblas_ctx *ctx, const void *p) {
    (void)ctx;
    struct cudaPointerAttributes attr;
    if (cudaPointerGetAttributes(&attr, p) != cudaSuccess) {
        (void)cudaGetLastError();
        return GBLAS_ACCESS_HOST;
    }
    switch (attr.type) {
    case cudaMemoryTypeDevice: return GBLAS_ACCESS_BACKEND;
    case cudaMemoryTypeManaged: /* fall through: managed and registered host memory */
    case cudaMemoryTypeHost: return GBLAS_ACCESS_BOTH;
    default: return GBLAS_ACCESS_HOST;
    }
}

/* dir is implied: with unified addressing the runtime infers it from the pointers. Contiguous
 * matrices (and unit-stride vectors) go as one 1-D copy, which has no pitch or height limits. */
static gblas_status_t cuda_copy_2d(gblas_ctx *ctx, gblas_copy_dir_t dir, int64_t rows,
                                   int64_t cols, size_t elem, const void *src, int64_t lds,
                                   void *dst, int64_t ldd, int async) {
    (void)dir;
    if (rows <= 0 || cols <= 0) return GBLAS_STATUS_SUCCESS;
    const cudaStream_t s = stream_of(ctx);
    cudaError_t err;
    const char *what;
    if (lds == rows && ldd == rows) {
        what = "cudaMemcpyAsync";
        err = cudaMemcpyAsync(dst, src, (size_t)rows * (size_t)cols * elem, cudaMemcpyDefault, s);
    } else {
        what = "cudaMemcpy2DAsync";
        err = cudaMemcpy2DAsync(dst, (size_t)ldd * elem, src, (size_t)lds * elem,
                                (size_t)rows * elem, (size_t)cols, cudaMemcpyDefault, s);
    }
    if (err == cudaSuccess && !async) {
        what = "cudaStreamSynchronize";
        err = cudaStreamSynchronize(s);
    }
    if (err != cudaSuccess) return runtime_failed(ctx, GBLAS_STATUS_EXECUTION_FAILED, what, err);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t cuda_synchronize(gblas_ctx *ctx) {
    const cudaError_t err = cudaStreamSynchronize(stream_of(ctx));
    if (err != cudaSuccess)
        return runtime_failed(ctx, GBLAS_STATUS_EXECUTION_FAILED, "cudaStreamSynchronize", err);
    return GBLAS_STATUS_SUCCESS;
}

/* Any stream is accepted, except one the runtime says is not a stream. A query that reports
 * an earlier failure of work on the stream is left to the next synchronisation. */
static gblas_status_t cuda_check_stream(gblas_ctx *ctx, gblas_stream_t s) {
    if (s == NULL) return GBLAS_STATUS_SUCCESS;
    const cudaError_t err = cudaStreamQuery((cudaStream_t)s);
    if (err == cudaSuccess || err == cudaErrorNotReady) return GBLAS_STATUS_SUCCESS;
    (void)cudaGetLastError();
    if (err == cudaErrorInvalidResourceHandle)
        return gblas_ctx_fail(ctx, GBLAS_STATUS_INVALID_VALUE,
                              "stream %p is not a CUDA stream of this device: %s", s,
                              cudaGetErrorString(err));
    return GBLAS_STATUS_SUCCESS;
}

/* ---- entry point --------------------------------------------------------------------------- */

static gblas_status_t no_device(gblas_ctx *ctx, cudaError_t err) {
    (void)cudaGetLastError();
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "no usable CUDA device: %s",
                          cudaGetErrorString(err));
}

gblas_status_t gblas_cuda_backend_init(gblas_ctx *ctx, gblas_ops *ops) {
    int count = 0, device = 0, major = 0, minor = 0, sms = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err == cudaSuccess && count == 0) err = cudaErrorNoDevice;
    if (err == cudaSuccess) err = cudaGetDevice(&device);
    if (err == cudaSuccess)
        err = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
    if (err == cudaSuccess)
        err = cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
    if (err == cudaSuccess)
        err = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    struct cudaDeviceProp prop;
    if (err == cudaSuccess) err = cudaGetDeviceProperties(&prop, device);
    if (err != cudaSuccess) return no_device(ctx, err);
    if (major < 9)
        return gblas_ctx_fail(ctx, GBLAS_STATUS_ARCH_MISMATCH,
                              "device %s is sm_%d%d; this library has kernels for sm_90",
                              prop.name, major, minor);
    /* The first call that needs the device's context and the kernel images. */
    const char *failed = NULL;
    gblas_cuda_sgemm_clusters sgemm_clusters;
    err = gblas_cuda_sgemm_prepare(&sgemm_clusters, &failed);
    if (err == cudaSuccess) err = gblas_cuda_dgemm_prepare(&failed);
    if (err == cudaErrorNoKernelImageForDevice || err == cudaErrorInvalidPtx ||
        err == cudaErrorUnsupportedPtxVersion) {
        (void)cudaGetLastError();
        return gblas_ctx_fail(ctx, GBLAS_STATUS_ARCH_MISMATCH, "device %s (sm_%d%d): %s: %s",
                              prop.name, major, minor, failed, cudaGetErrorString(err));
    }
    if (err != cudaSuccess) return no_device(ctx, err);

    cuda_state *st = (cuda_state *)malloc(sizeof *st);
    if (!st)
        return gblas_ctx_fail(ctx, GBLAS_STATUS_ALLOC_FAILED,
                              "out of host memory for the CUDA backend state");
    st->sm_count = sms;
    st->sgemm_clusters = sgemm_clusters;
    ctx->state = st;
    snprintf(ctx->detail, GBLAS_DETAIL_CAP, "cuda:sm_%d%d %.60s", major, minor, prop.name);

    /* 256-byte result slot + 16 MiB scratch: DOT/NRM2 block partials (<= 4 per SM, 24 bytes),
     * GEMV chunk partials and split-K GEMM partials, each sized to fit the scratch. */
    ops->workspace_min = GBLAS_CUDA_WORKSPACE_BYTES;
    ops->release = cuda_release;
    ops->alloc = cuda_alloc;
    ops->dealloc = cuda_dealloc;
    ops->pointer_access = cuda_pointer_access;
    ops->copy_2d = cuda_copy_2d;
    ops->synchronize = cuda_synchronize;
    ops->check_stream = cuda_check_stream;
    ops->sdot = cuda_sdot;
    ops->ddot = cuda_ddot;
    ops->snrm2 = cuda_snrm2;
    ops->dnrm2 = cuda_dnrm2;
    ops->saxpy = cuda_saxpy;
    ops->daxpy = cuda_daxpy;
    ops->sscal = cuda_sscal;
    ops->dscal = cuda_dscal;
    ops->scopy = cuda_scopy;
    ops->dcopy = cuda_dcopy;
    ops->sgemv = cuda_sgemv;
    ops->dgemv = cuda_dgemv;
    ops->sgemm = cuda_sgemm;
    ops->dgemm = cuda_dgemm;
    return GBLAS_STATUS_SUCCESS;
}
