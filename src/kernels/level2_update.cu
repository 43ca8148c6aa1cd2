/* level2_update.cu: SCAFFOLD, to be replaced by the kernels (launchers declared in cuda_launch.cuh). */
#include "cuda_launch.cuh"

template <typename T>
cudaError_t launch_ger(gblas_cuda_env *env, int64_t m, int64_t n, Scalar<T> alpha, const T *x, int64_t incx, const T *y, int64_t incy, T *A, int64_t lda) {
    env->failed = "ger (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_syr(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha, const T *x, int64_t incx, T *A, int64_t lda) {
    env->failed = "syr (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_spr(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha, const T *x, int64_t incx, T *AP) {
    env->failed = "spr (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_syr2(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha, const T *x, int64_t incx, const T *y, int64_t incy, T *A, int64_t lda) {
    env->failed = "syr2 (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_spr2(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha, const T *x, int64_t incx, const T *y, int64_t incy, T *AP) {
    env->failed = "spr2 (not yet written)";
    return cudaErrorNotSupported;
}
template cudaError_t launch_ger<float>(gblas_cuda_env *, int64_t, int64_t, Scalar<float>, const float, int64_t, const float, int64_t, float, int64_t);
template cudaError_t launch_ger<double>(gblas_cuda_env *, int64_t, int64_t, Scalar<double>, const double, int64_t, const double, int64_t, double, int64_t);
template cudaError_t launch_syr<float>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<float>, const float, int64_t, float, int64_t);
template cudaError_t launch_syr<double>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<double>, const double, int64_t, double, int64_t);
template cudaError_t launch_spr<float>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<float>, const float, int64_t, float);
template cudaError_t launch_spr<double>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<double>, const double, int64_t, double);
template cudaError_t launch_syr2<float>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<float>, const float, int64_t, const float, int64_t, float, int64_t);
template cudaError_t launch_syr2<double>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<double>, const double, int64_t, const double, int64_t, double, int64_t);
template cudaError_t launch_spr2<float>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<float>, const float, int64_t, const float, int64_t, float);
template cudaError_t launch_spr2<double>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<double>, const double, int64_t, const double, int64_t, double);
