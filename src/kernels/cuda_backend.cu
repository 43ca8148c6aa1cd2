/* cuda_backend.cu: the CUDA backend's entry point (gblas_cuda_backend_init, the one extern "C"
 * function) and its ops table: device checks at init, memory (cudaMalloc, copies and fills on the
 * handle's stream), stream checks, and one adapter template cuda_<routine><T> per routine of the
 * routine table (filled by cuda_fill_gen.h), which turns the type-erased arguments and pointer-mode
 * scalars into a launcher call (cuda_launch.cuh) and launch errors into statuses. Errors the
 * runtime reports are cleared with cudaGetLastError so a failed call leaves the handle usable.
 * In fault-injection builds (fault.h) each runtime call on the create, memory and launch paths
 * can be made to fail: "gblas_fault() ? <error> : <call>". */
#include <cstdio>
#include <new>

#include <cuda_runtime_api.h>

extern "C" {
#include "backend.h"
}
#include "fault.h"
#include "cuda_launch.cuh"
#include "gemm_launch.cuh"

namespace {

/* ctx->state: what the launchers need to know of the device. */
struct CudaState {
    int sm_count;
    gblas_cuda_sgemm_clusters sgemm_clusters;
};

cudaStream_t stream_of(const gblas_ctx *ctx) { return (cudaStream_t)ctx->stream; }

gblas_cuda_env env_of(const gblas_ctx *ctx) {
    const CudaState *st = static_cast<const CudaState *>(ctx->state);
    return gblas_cuda_env{stream_of(ctx),
                          static_cast<char *>(ctx->workspace) + GBLAS_CUDA_RESULT_SLOT_BYTES,
                          ctx->workspace, st->sm_count, &st->sgemm_clusters, nullptr};
}

/* A runtime call failed: clear the error (when it is not sticky) and report it. */
gblas_status_t runtime_failed(gblas_ctx *ctx, gblas_status_t status, const char *what,
                              cudaError_t err) {
    (void)cudaGetLastError();
    return gblas_ctx_fail(ctx, status, "%s: %s", what, cudaGetErrorString(err));
}

gblas_status_t launched(gblas_ctx *ctx, const gblas_cuda_env &env, cudaError_t err) {
    if (err == cudaSuccess && gblas_fault()) err = cudaErrorLaunchFailure;
    if (err == cudaSuccess) return GBLAS_STATUS_SUCCESS;
    return runtime_failed(ctx, GBLAS_STATUS_EXECUTION_FAILED,
                          env.failed ? env.failed : "kernel launch", err);
}

/* Reduction results: written straight to *result in device pointer mode; in host pointer mode
 * to the workspace's result slot, then copied to the host after the stream is done. */
template <typename R> R *result_target(const gblas_ctx *ctx, void *result) {
    return static_cast<R *>(ctx->pointer_mode == GBLAS_POINTER_MODE_DEVICE ? result
                                                                            : ctx->workspace);
}

gblas_status_t reduction_done(gblas_ctx *ctx, const gblas_cuda_env &env, cudaError_t err,
                              void *result, size_t bytes) {
    if (err != cudaSuccess || ctx->pointer_mode == GBLAS_POINTER_MODE_DEVICE)
        return launched(ctx, env, err);
    err = gblas_fault() ? cudaErrorUnknown
                        : cudaMemcpyAsync(result, ctx->workspace, bytes, cudaMemcpyDefault,
                                          env.stream);
    if (err != cudaSuccess)
        return runtime_failed(ctx, GBLAS_STATUS_EXECUTION_FAILED, "cudaMemcpyAsync(result)", err);
    err = gblas_fault() ? cudaErrorUnknown : cudaStreamSynchronize(env.stream);
    if (err != cudaSuccess)
        return runtime_failed(ctx, GBLAS_STATUS_EXECUTION_FAILED, "cudaStreamSynchronize", err);
    return GBLAS_STATUS_SUCCESS;
}

/* Host pointer mode: the value, read here. Device pointer mode: the pointer, read by the kernel. */
template <typename T> Scalar<T> scalar_arg(const gblas_ctx *ctx, const void *p) {
    const T *q = static_cast<const T *>(p);
    if (ctx->pointer_mode == GBLAS_POINTER_MODE_DEVICE) return Scalar<T>{T{}, q};
    return Scalar<T>{*q, nullptr};
}

/* ---- routines: the adapters of routines_gen.h's signatures ---------------------------------- */

template <typename T>
gblas_status_t cuda_dot(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx, const void *y,
                        int64_t incy, void *result) {
    gblas_cuda_env env = env_of(ctx);
    const cudaError_t err = launch_dot<T>(&env, n, static_cast<const T *>(x), incx,
                                          static_cast<const T *>(y), incy,
                                          result_target<T>(ctx, result));
    return reduction_done(ctx, env, err, result, sizeof(T));
}

template <typename T>
gblas_status_t cuda_nrm2(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx, void *result) {
    gblas_cuda_env env = env_of(ctx);
    const cudaError_t err = launch_nrm2(&env, n, static_cast<const T *>(x), incx,
                                        result_target<real_t<T>>(ctx, result));
    return reduction_done(ctx, env, err, result, sizeof(real_t<T>));
}

template <typename T>
gblas_status_t cuda_asum(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx, void *result) {
    gblas_cuda_env env = env_of(ctx);
    const cudaError_t err = launch_asum(&env, n, static_cast<const T *>(x), incx,
                                        result_target<real_t<T>>(ctx, result));
    return reduction_done(ctx, env, err, result, sizeof(real_t<T>));
}

template <typename T>
gblas_status_t cuda_iamax(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx, void *result) {
    gblas_cuda_env env = env_of(ctx);
    const cudaError_t err = launch_iamax(&env, n, static_cast<const T *>(x), incx,
                                            result_target<int64_t>(ctx, result));
    return reduction_done(ctx, env, err, result, sizeof(int64_t));
}

template <typename T>
gblas_status_t cuda_iamin(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx, void *result) {
    gblas_cuda_env env = env_of(ctx);
    const cudaError_t err = launch_iamin(&env, n, static_cast<const T *>(x), incx,
                                            result_target<int64_t>(ctx, result));
    return reduction_done(ctx, env, err, result, sizeof(int64_t));
}

template <typename T>
gblas_status_t cuda_axpy(gblas_ctx *ctx, int64_t n, const void *alpha, const void *x,
                         int64_t incx, void *y, int64_t incy) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_axpy(&env, n, scalar_arg<T>(ctx, alpha), static_cast<const T *>(x),
                                   incx, static_cast<T *>(y), incy));
}

template <typename T>
gblas_status_t cuda_scal(gblas_ctx *ctx, int64_t n, const void *alpha, void *x, int64_t incx) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_scal(&env, n, scalar_arg<T>(ctx, alpha), static_cast<T *>(x), incx));
}

template <typename T>
gblas_status_t cuda_copy(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx, void *y,
                         int64_t incy) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_copy(&env, n, static_cast<const T *>(x), incx, static_cast<T *>(y),
                                   incy));
}

template <typename T>
gblas_status_t cuda_swap(gblas_ctx *ctx, int64_t n, void *x, int64_t incx, void *y,
                         int64_t incy) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_swap(&env, n, static_cast<T *>(x), incx, static_cast<T *>(y), incy));
}

template <typename T>
gblas_status_t cuda_rot(gblas_ctx *ctx, int64_t n, void *x, int64_t incx, void *y, int64_t incy,
                        const void *c, const void *s) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_rot(&env, n, static_cast<T *>(x), incx, static_cast<T *>(y), incy,
                               scalar_arg<real_t<T>>(ctx, c), scalar_arg<T>(ctx, s)));
}

template <typename T>
gblas_status_t cuda_rotm(gblas_ctx *ctx, int64_t n, void *x, int64_t incx, void *y, int64_t incy,
                         const void *param) {
    gblas_cuda_env env = env_of(ctx);
    const T *p = static_cast<const T *>(param);
    ScalarArray<T, 5> h = {};
    if (ctx->pointer_mode == GBLAS_POINTER_MODE_DEVICE)
        h.ptr = p;
    else
        for (int i = 0; i < 5; ++i) h.value[i] = p[i];
    return launched(ctx, env,
                    launch_rotm<T>(&env, n, static_cast<T *>(x), incx, static_cast<T *>(y), incy,
                                   h));
}

/* Host pointer mode: computed here, on host memory; nothing is enqueued. */
template <typename T> gblas_status_t cuda_rotg(gblas_ctx *ctx, void *a, void *b, void *c, void *s) {
    T *ta = static_cast<T *>(a), *tb = static_cast<T *>(b), *ts = static_cast<T *>(s);
    real_t<T> *tc = static_cast<real_t<T> *>(c);
    if (ctx->pointer_mode != GBLAS_POINTER_MODE_DEVICE) {
        rotg_on_host(ta, tb, tc, ts);
        return GBLAS_STATUS_SUCCESS;
    }
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env, launch_rotg(&env, ta, tb, tc, ts));
}

/* ---- complex only: dotu, dotc, scal_real (csscal, zdscal), rot_real (csrot, zdrot) ---- */
template <typename T>
gblas_status_t cuda_dotu(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx, const void *y,
                         int64_t incy, void *result) {
    gblas_cuda_env env = env_of(ctx);
    const cudaError_t err = launch_dotu(&env, n, static_cast<const T *>(x), incx,
                                        static_cast<const T *>(y), incy,
                                        result_target<T>(ctx, result));
    return reduction_done(ctx, env, err, result, sizeof(T));
}

template <typename T>
gblas_status_t cuda_dotc(gblas_ctx *ctx, int64_t n, const void *x, int64_t incx, const void *y,
                         int64_t incy, void *result) {
    gblas_cuda_env env = env_of(ctx);
    const cudaError_t err = launch_dotc(&env, n, static_cast<const T *>(x), incx,
                                        static_cast<const T *>(y), incy,
                                        result_target<T>(ctx, result));
    return reduction_done(ctx, env, err, result, sizeof(T));
}

template <typename T>
gblas_status_t cuda_scal_real(gblas_ctx *ctx, int64_t n, const void *alpha, void *x,
                              int64_t incx) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env, launch_scal_real(&env, n, scalar_arg<real_t<T>>(ctx, alpha),
                                               static_cast<T *>(x), incx));
}

template <typename T>
gblas_status_t cuda_rot_real(gblas_ctx *ctx, int64_t n, void *x, int64_t incx, void *y,
                             int64_t incy, const void *c, const void *s) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_rot_real(&env, n, static_cast<T *>(x), incx, static_cast<T *>(y), incy,
                                    scalar_arg<real_t<T>>(ctx, c),
                                    scalar_arg<real_t<T>>(ctx, s)));
}

template <typename T>
gblas_status_t cuda_rotmg(gblas_ctx *ctx, void *d1, void *d2, void *x1, const void *y1,
                          void *param) {
    T *td1 = static_cast<T *>(d1), *td2 = static_cast<T *>(d2), *tx1 = static_cast<T *>(x1);
    const T *ty1 = static_cast<const T *>(y1);
    T *tparam = static_cast<T *>(param);
    if (ctx->pointer_mode != GBLAS_POINTER_MODE_DEVICE) {
        rotmg_on_host<T>(td1, td2, tx1, ty1, tparam);
        return GBLAS_STATUS_SUCCESS;
    }
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env, launch_rotmg<T>(&env, td1, td2, tx1, ty1, tparam));
}

template <typename T>
gblas_status_t cuda_gemv(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                         const void *alpha, const void *A, int64_t lda, const void *x,
                         int64_t incx, const void *beta, void *y, int64_t incy) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_gemv<T>(&env, trans, m, n, scalar_arg<T>(ctx, alpha),
                                   static_cast<const T *>(A), lda, static_cast<const T *>(x), incx,
                                   scalar_arg<T>(ctx, beta), static_cast<T *>(y), incy));
}

/* Level 2 beyond GEMV: pointers and scalars converted, everything else passed through. */
#define CT(p) static_cast<const T *>(p)
#define WT(p) static_cast<T *>(p)
#define SA(p) scalar_arg<T>(ctx, p)

template <typename T>
gblas_status_t cuda_gbmv(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                         int64_t kl, int64_t ku, const void *alpha, const void *A, int64_t lda,
                         const void *x, int64_t incx, const void *beta, void *y, int64_t incy) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env, launch_gbmv<T>(&env, trans, m, n, kl, ku, SA(alpha), CT(A), lda,
                                             CT(x), incx, SA(beta), WT(y), incy));
}

template <typename T>
gblas_status_t cuda_symv(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha,
                         const void *A, int64_t lda, const void *x, int64_t incx,
                         const void *beta, void *y, int64_t incy) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env, launch_symv<T>(&env, uplo, n, SA(alpha), CT(A), lda, CT(x), incx,
                                             SA(beta), WT(y), incy));
}

template <typename T>
gblas_status_t cuda_sbmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, int64_t k,
                         const void *alpha, const void *A, int64_t lda, const void *x,
                         int64_t incx, const void *beta, void *y, int64_t incy) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env, launch_sbmv<T>(&env, uplo, n, k, SA(alpha), CT(A), lda, CT(x),
                                             incx, SA(beta), WT(y), incy));
}

template <typename T>
gblas_status_t cuda_spmv(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha,
                         const void *AP, const void *x, int64_t incx, const void *beta, void *y,
                         int64_t incy) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env, launch_spmv<T>(&env, uplo, n, SA(alpha), CT(AP), CT(x), incx,
                                             SA(beta), WT(y), incy));
}

/* trmv, trsv (full), tbmv, tbsv (band), tpmv, tpsv (packed): one adapter shape each. */
#define CUDA_TRIANGULAR_FULL(name)                                                             \
    template <typename T>                                                                      \
    gblas_status_t cuda_##name(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans, \
                               gblas_diag_type_t diag, int64_t n, const void *A, int64_t lda,   \
                               void *x, int64_t incx) {                                        \
        gblas_cuda_env env = env_of(ctx);                                                      \
        return launched(ctx, env,                                                              \
                        launch_##name<T>(&env, uplo, trans, diag, n, CT(A), lda, WT(x), incx)); \
    }
#define CUDA_TRIANGULAR_BAND(name)                                                             \
    template <typename T>                                                                      \
    gblas_status_t cuda_##name(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans, \
                               gblas_diag_type_t diag, int64_t n, int64_t k, const void *A,     \
                               int64_t lda, void *x, int64_t incx) {                           \
        gblas_cuda_env env = env_of(ctx);                                                      \
        return launched(ctx, env, launch_##name<T>(&env, uplo, trans, diag, n, k, CT(A), lda,  \
                                                   WT(x), incx));                              \
    }
#define CUDA_TRIANGULAR_PACKED(name)                                                           \
    template <typename T>                                                                      \
    gblas_status_t cuda_##name(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans, \
                               gblas_diag_type_t diag, int64_t n, const void *AP, void *x,      \
                               int64_t incx) {                                                 \
        gblas_cuda_env env = env_of(ctx);                                                      \
        return launched(ctx, env,                                                              \
                        launch_##name<T>(&env, uplo, trans, diag, n, CT(AP), WT(x), incx));    \
    }
CUDA_TRIANGULAR_FULL(trmv)
CUDA_TRIANGULAR_FULL(trsv)
CUDA_TRIANGULAR_BAND(tbmv)
CUDA_TRIANGULAR_BAND(tbsv)
CUDA_TRIANGULAR_PACKED(tpmv)
CUDA_TRIANGULAR_PACKED(tpsv)
#undef CUDA_TRIANGULAR_FULL
#undef CUDA_TRIANGULAR_BAND
#undef CUDA_TRIANGULAR_PACKED

template <typename T>
gblas_status_t cuda_ger(gblas_ctx *ctx, int64_t m, int64_t n, const void *alpha, const void *x,
                        int64_t incx, const void *y, int64_t incy, void *A, int64_t lda) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_ger<T>(&env, m, n, SA(alpha), CT(x), incx, CT(y), incy, WT(A), lda));
}

template <typename T>
gblas_status_t cuda_syr(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha,
                        const void *x, int64_t incx, void *A, int64_t lda) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env, launch_syr<T>(&env, uplo, n, SA(alpha), CT(x), incx, WT(A), lda));
}

template <typename T>
gblas_status_t cuda_spr(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha,
                        const void *x, int64_t incx, void *AP) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env, launch_spr<T>(&env, uplo, n, SA(alpha), CT(x), incx, WT(AP)));
}

template <typename T>
gblas_status_t cuda_syr2(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha,
                         const void *x, int64_t incx, const void *y, int64_t incy, void *A,
                         int64_t lda) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env, launch_syr2<T>(&env, uplo, n, SA(alpha), CT(x), incx, CT(y), incy,
                                             WT(A), lda));
}

template <typename T>
gblas_status_t cuda_spr2(gblas_ctx *ctx, gblas_fill_mode_t uplo, int64_t n, const void *alpha,
                         const void *x, int64_t incx, const void *y, int64_t incy, void *AP) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env, launch_spr2<T>(&env, uplo, n, SA(alpha), CT(x), incx, CT(y), incy,
                                             WT(AP)));
}
#undef CT
#undef WT
#undef SA

template <typename T>
gblas_status_t cuda_gemm(gblas_ctx *ctx, gblas_operation_t transa, gblas_operation_t transb,
                         int64_t m, int64_t n, int64_t k, const void *alpha, const void *A,
                         int64_t lda, const void *B, int64_t ldb, const void *beta, void *C,
                         int64_t ldc) {
    gblas_cuda_env env = env_of(ctx);
    /* no template arguments: a complex T picks gemm_complex.cu's overloads */
    return launched(ctx, env,
                    launch_gemm(&env, transa, transb, m, n, k, scalar_arg<T>(ctx, alpha),
                                static_cast<const T *>(A), lda, static_cast<const T *>(B), ldb,
                                scalar_arg<T>(ctx, beta), static_cast<T *>(C), ldc,
                                GemmBatch<T>{}));
}

template <typename T>
gblas_status_t cuda_gemm_strided_batched(gblas_ctx *ctx, gblas_operation_t transa,
                                         gblas_operation_t transb, int64_t m, int64_t n, int64_t k,
                                         const void *alpha, const void *A, int64_t lda,
                                         int64_t strideA, const void *B, int64_t ldb,
                                         int64_t strideB, const void *beta, void *C, int64_t ldc,
                                         int64_t strideC, int64_t batch_count) {
    gblas_cuda_env env = env_of(ctx);
    GemmBatch<T> batch;
    batch.count = batch_count;
    batch.stride_a = strideA;
    batch.stride_b = strideB;
    batch.stride_c = strideC;
    return launched(ctx, env,
                    launch_gemm<T>(&env, transa, transb, m, n, k, scalar_arg<T>(ctx, alpha),
                                   static_cast<const T *>(A), lda, static_cast<const T *>(B), ldb,
                                   scalar_arg<T>(ctx, beta), static_cast<T *>(C), ldc, batch));
}

template <typename T>
gblas_status_t cuda_gemm_batched(gblas_ctx *ctx, gblas_operation_t transa,
                                 gblas_operation_t transb, int64_t m, int64_t n, int64_t k,
                                 const void *alpha, const void *const *Aarray, int64_t lda,
                                 const void *const *Barray, int64_t ldb, const void *beta,
                                 void *const *Carray, int64_t ldc, int64_t batch_count) {
    gblas_cuda_env env = env_of(ctx);
    GemmBatch<T> batch;
    batch.count = batch_count;
    batch.a_array = reinterpret_cast<const T *const *>(Aarray);
    batch.b_array = reinterpret_cast<const T *const *>(Barray);
    batch.c_array = reinterpret_cast<T *const *>(Carray);
    return launched(ctx, env,
                    launch_gemm<T>(&env, transa, transb, m, n, k, scalar_arg<T>(ctx, alpha),
                                   nullptr, lda, nullptr, ldb, scalar_arg<T>(ctx, beta), nullptr,
                                   ldc, batch));
}

template <typename T>
gblas_status_t cuda_geam(gblas_ctx *ctx, gblas_operation_t transa, gblas_operation_t transb,
                         int64_t m, int64_t n, const void *alpha, const void *A, int64_t lda,
                         const void *beta, const void *B, int64_t ldb, void *C, int64_t ldc) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_geam<T>(&env, transa, transb, m, n, scalar_arg<T>(ctx, alpha),
                                   static_cast<const T *>(A), lda, scalar_arg<T>(ctx, beta),
                                   static_cast<const T *>(B), ldb, static_cast<T *>(C), ldc));
}

template <typename T>
gblas_status_t cuda_dgmm(gblas_ctx *ctx, gblas_side_mode_t side, int64_t m, int64_t n,
                         const void *A, int64_t lda, const void *x, int64_t incx, void *C,
                         int64_t ldc) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_dgmm<T>(&env, side, m, n, static_cast<const T *>(A), lda,
                                   static_cast<const T *>(x), incx, static_cast<T *>(C), ldc));
}

/* Level 3 beyond GEMM. */
template <typename T>
gblas_status_t cuda_symm(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo,
                         int64_t m, int64_t n, const void *alpha, const void *A, int64_t lda,
                         const void *B, int64_t ldb, const void *beta, void *C, int64_t ldc) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_symm<T>(&env, side, uplo, m, n, scalar_arg<T>(ctx, alpha),
                                   static_cast<const T *>(A), lda, static_cast<const T *>(B), ldb,
                                   scalar_arg<T>(ctx, beta), static_cast<T *>(C), ldc));
}

template <typename T>
gblas_status_t cuda_syrk(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                         int64_t n, int64_t k, const void *alpha, const void *A, int64_t lda,
                         const void *beta, void *C, int64_t ldc) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_syrk<T>(&env, uplo, trans, n, k, scalar_arg<T>(ctx, alpha),
                                   static_cast<const T *>(A), lda, scalar_arg<T>(ctx, beta),
                                   static_cast<T *>(C), ldc));
}

template <typename T>
gblas_status_t cuda_syr2k(gblas_ctx *ctx, gblas_fill_mode_t uplo, gblas_operation_t trans,
                          int64_t n, int64_t k, const void *alpha, const void *A, int64_t lda,
                          const void *B, int64_t ldb, const void *beta, void *C, int64_t ldc) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_syr2k<T>(&env, uplo, trans, n, k, scalar_arg<T>(ctx, alpha),
                                    static_cast<const T *>(A), lda, static_cast<const T *>(B),
                                    ldb, scalar_arg<T>(ctx, beta), static_cast<T *>(C), ldc));
}

template <typename T>
gblas_status_t cuda_trmm(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo,
                         gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n,
                         const void *alpha, const void *A, int64_t lda, const void *B,
                         int64_t ldb, void *C, int64_t ldc) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_trmm<T>(&env, side, uplo, trans, diag, m, n, scalar_arg<T>(ctx, alpha),
                                   static_cast<const T *>(A), lda, static_cast<const T *>(B), ldb,
                                   static_cast<T *>(C), ldc));
}

template <typename T>
gblas_status_t cuda_trsm(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo,
                         gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n,
                         const void *alpha, const void *A, int64_t lda, void *B, int64_t ldb) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_trsm<T>(&env, side, uplo, trans, diag, m, n, scalar_arg<T>(ctx, alpha),
                                   static_cast<const T *>(A), lda, static_cast<T *>(B), ldb));
}

template <typename T>
gblas_status_t cuda_trsm_batched(gblas_ctx *ctx, gblas_side_mode_t side, gblas_fill_mode_t uplo,
                                 gblas_operation_t trans, gblas_diag_type_t diag, int64_t m,
                                 int64_t n, const void *alpha, const void *const *Aarray,
                                 int64_t lda, void *const *Barray, int64_t ldb,
                                 int64_t batch_count) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, env,
                    launch_trsm_batched<T>(&env, side, uplo, trans, diag, m, n,
                                           scalar_arg<T>(ctx, alpha),
                                           reinterpret_cast<const T *const *>(Aarray), lda,
                                           reinterpret_cast<T *const *>(Barray), ldb,
                                           batch_count));
}

#include "cuda_fill_gen.h"

/* ---- lifecycle and memory ------------------------------------------------------------------ */

void cuda_release(gblas_ctx *ctx) {
    delete static_cast<CudaState *>(ctx->state);
    ctx->state = nullptr;
}

gblas_status_t cuda_alloc(gblas_ctx *ctx, void **p, size_t bytes) {
    *p = nullptr;
    if (bytes == 0) return GBLAS_STATUS_SUCCESS;
    const cudaError_t err = gblas_fault() ? cudaErrorMemoryAllocation : cudaMalloc(p, bytes);
    if (err != cudaSuccess) {
        *p = nullptr;
        (void)cudaGetLastError();
        return gblas_ctx_fail(ctx, GBLAS_STATUS_ALLOC_FAILED, "cudaMalloc(%zu bytes): %s", bytes,
                              cudaGetErrorString(err));
    }
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t cuda_dealloc(gblas_ctx *ctx, void *p) {
    const cudaError_t err = cudaFree(p);
    if (err != cudaSuccess)
        return runtime_failed(ctx, GBLAS_STATUS_EXECUTION_FAILED, "cudaFree", err);
    return GBLAS_STATUS_SUCCESS;
}

int cuda_pointer_access(gblas_ctx *, const void *p) {
    cudaPointerAttributes attr;
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
gblas_status_t cuda_copy_2d(gblas_ctx *ctx, gblas_copy_dir_t, int64_t rows, int64_t cols,
                            size_t elem, const void *src, int64_t lds, void *dst, int64_t ldd,
                            int async) {
    if (rows <= 0 || cols <= 0) return GBLAS_STATUS_SUCCESS;
    const cudaStream_t s = stream_of(ctx);
    cudaError_t err;
    const char *what;
    if (lds == rows && ldd == rows) {
        what = "cudaMemcpyAsync";
        err = gblas_fault() ? cudaErrorUnknown
                            : cudaMemcpyAsync(dst, src, (size_t)rows * (size_t)cols * elem,
                                              cudaMemcpyDefault, s);
    } else {
        what = "cudaMemcpy2DAsync";
        err = gblas_fault() ? cudaErrorUnknown
                            : cudaMemcpy2DAsync(dst, (size_t)ldd * elem, src, (size_t)lds * elem,
                                                (size_t)rows * elem, (size_t)cols,
                                                cudaMemcpyDefault, s);
    }
    if (err == cudaSuccess && !async) {
        what = "cudaStreamSynchronize";
        err = gblas_fault() ? cudaErrorUnknown : cudaStreamSynchronize(s);
    }
    if (err != cudaSuccess) return runtime_failed(ctx, GBLAS_STATUS_EXECUTION_FAILED, what, err);
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t cuda_zero_fill(gblas_ctx *ctx, void *p, size_t bytes) {
    const cudaError_t err =
        gblas_fault() ? cudaErrorUnknown : cudaMemsetAsync(p, 0, bytes, stream_of(ctx));
    if (err != cudaSuccess)
        return runtime_failed(ctx, GBLAS_STATUS_EXECUTION_FAILED, "cudaMemsetAsync", err);
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t cuda_synchronize(gblas_ctx *ctx) {
    const cudaError_t err =
        gblas_fault() ? cudaErrorUnknown : cudaStreamSynchronize(stream_of(ctx));
    if (err != cudaSuccess)
        return runtime_failed(ctx, GBLAS_STATUS_EXECUTION_FAILED, "cudaStreamSynchronize", err);
    return GBLAS_STATUS_SUCCESS;
}

/* Any stream is accepted, except one the runtime says is not a stream. A query that reports
 * an earlier failure of work on the stream is left to the next synchronisation. */
gblas_status_t cuda_check_stream(gblas_ctx *ctx, gblas_stream_t s) {
    if (s == nullptr) return GBLAS_STATUS_SUCCESS;
    const cudaError_t err = cudaStreamQuery((cudaStream_t)s);
    if (err == cudaSuccess || err == cudaErrorNotReady) return GBLAS_STATUS_SUCCESS;
    (void)cudaGetLastError();
    if (err == cudaErrorInvalidResourceHandle)
        return gblas_ctx_fail(ctx, GBLAS_STATUS_INVALID_VALUE,
                              "stream %p is not a CUDA stream of this device: %s", s,
                              cudaGetErrorString(err));
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t no_device(gblas_ctx *ctx, cudaError_t err) {
    (void)cudaGetLastError();
    return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED, "no usable CUDA device: %s",
                          cudaGetErrorString(err));
}

} // namespace

/* ---- entry point --------------------------------------------------------------------------- */

extern "C" gblas_status_t gblas_cuda_backend_init(gblas_ctx *ctx, gblas_ops *ops) {
    int count = 0, device = 0, major = 0, minor = 0, sms = 0;
    cudaError_t err = gblas_fault() ? cudaErrorUnknown : cudaGetDeviceCount(&count);
    if (err == cudaSuccess && count == 0) err = cudaErrorNoDevice;
    if (err == cudaSuccess) err = cudaGetDevice(&device);
    if (err == cudaSuccess)
        err = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
    if (err == cudaSuccess)
        err = cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
    if (err == cudaSuccess)
        err = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaDeviceProp prop;
    if (err == cudaSuccess) err = cudaGetDeviceProperties(&prop, device);
    if (err != cudaSuccess) return no_device(ctx, err);
    if (major < 9)
        return gblas_ctx_fail(ctx, GBLAS_STATUS_ARCH_MISMATCH,
                              "device %s is sm_%d%d; this library has kernels for sm_90",
                              prop.name, major, minor);
    /* The first call that needs the device's context and the kernel images. */
    const char *failed = nullptr;
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

    CudaState *st = new (std::nothrow) CudaState{sms, sgemm_clusters};
    if (!st)
        return gblas_ctx_fail(ctx, GBLAS_STATUS_ALLOC_FAILED,
                              "out of host memory for the CUDA backend state");
    ctx->state = st;
    snprintf(ctx->detail, GBLAS_DETAIL_CAP, "cuda:sm_%d%d %.60s", major, minor, prop.name);

    /* 256-byte result slot + 16 MiB scratch: reduction block partials (<= 4 per SM), GEMV chunk
     * partials and split-K GEMM partials, each sized to fit the scratch. */
    ops->workspace_min = GBLAS_CUDA_WORKSPACE_BYTES;
    ops->release = cuda_release;
    ops->alloc = cuda_alloc;
    ops->dealloc = cuda_dealloc;
    ops->pointer_access = cuda_pointer_access;
    ops->copy_2d = cuda_copy_2d;
    ops->synchronize = cuda_synchronize;
    ops->check_stream = cuda_check_stream;
    ops->zero_fill = cuda_zero_fill;
    cuda_fill_routines(ops);
    return GBLAS_STATUS_SUCCESS;
}
