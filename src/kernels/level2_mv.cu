/* level2_mv.cu: SCAFFOLD, to be replaced by the kernels (launchers declared in cuda_launch.cuh). */
#include "cuda_launch.cuh"

template <typename T>
cudaError_t launch_gbmv(gblas_cuda_env *env, gblas_operation_t trans, int64_t m, int64_t n, int64_t kl, int64_t ku, Scalar<T> alpha, const T *A, int64_t lda, const T *x, int64_t incx, Scalar<T> beta, T *y, int64_t incy) {
    env->failed = "gbmv (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_symv(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha, const T *A, int64_t lda, const T *x, int64_t incx, Scalar<T> beta, T *y, int64_t incy) {
    env->failed = "symv (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_sbmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, int64_t k, Scalar<T> alpha, const T *A, int64_t lda, const T *x, int64_t incx, Scalar<T> beta, T *y, int64_t incy) {
    env->failed = "sbmv (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_spmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha, const T *AP, const T *x, int64_t incx, Scalar<T> beta, T *y, int64_t incy) {
    env->failed = "spmv (not yet written)";
    return cudaErrorNotSupported;
}
template cudaError_t launch_gbmv<float>(gblas_cuda_env *, gblas_operation_t, int64_t, int64_t, int64_t, int64_t, Scalar<float>, const float, int64_t, const float, int64_t, Scalar<float>, float, int64_t);
template cudaError_t launch_gbmv<double>(gblas_cuda_env *, gblas_operation_t, int64_t, int64_t, int64_t, int64_t, Scalar<double>, const double, int64_t, const double, int64_t, Scalar<double>, double, int64_t);
template cudaError_t launch_symv<float>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<float>, const float, int64_t, const float, int64_t, Scalar<float>, float, int64_t);
template cudaError_t launch_symv<double>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<double>, const double, int64_t, const double, int64_t, Scalar<double>, double, int64_t);
template cudaError_t launch_sbmv<float>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, int64_t, Scalar<float>, const float, int64_t, const float, int64_t, Scalar<float>, float, int64_t);
template cudaError_t launch_sbmv<double>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, int64_t, Scalar<double>, const double, int64_t, const double, int64_t, Scalar<double>, double, int64_t);
template cudaError_t launch_spmv<float>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<float>, const float, const float, int64_t, Scalar<float>, float, int64_t);
template cudaError_t launch_spmv<double>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<double>, const double, const double, int64_t, Scalar<double>, double, int64_t);
