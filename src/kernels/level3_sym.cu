/* level3_sym.cu: SCAFFOLD, to be replaced by the kernels (launchers declared in cuda_launch.cuh). */
#include "cuda_launch.cuh"

template <typename T>
cudaError_t launch_symm(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, int64_t m, int64_t n, Scalar<T> alpha, const T *A, int64_t lda, const T *B, int64_t ldb, Scalar<T> beta, T *C, int64_t ldc) {
    env->failed = "symm (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_syrk(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, Scalar<T> alpha, const T *A, int64_t lda, Scalar<T> beta, T *C, int64_t ldc) {
    env->failed = "syrk (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_syr2k(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, Scalar<T> alpha, const T *A, int64_t lda, const T *B, int64_t ldb, Scalar<T> beta, T *C, int64_t ldc) {
    env->failed = "syr2k (not yet written)";
    return cudaErrorNotSupported;
}
template cudaError_t launch_symm<float>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, int64_t m, int64_t n, Scalar<float> alpha, const float *A, int64_t lda, const float *B, int64_t ldb, Scalar<float> beta, float *C, int64_t ldc);
template cudaError_t launch_syrk<float>(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, Scalar<float> alpha, const float *A, int64_t lda, Scalar<float> beta, float *C, int64_t ldc);
template cudaError_t launch_syr2k<float>(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, Scalar<float> alpha, const float *A, int64_t lda, const float *B, int64_t ldb, Scalar<float> beta, float *C, int64_t ldc);
template cudaError_t launch_symm<double>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, int64_t m, int64_t n, Scalar<double> alpha, const double *A, int64_t lda, const double *B, int64_t ldb, Scalar<double> beta, double *C, int64_t ldc);
template cudaError_t launch_syrk<double>(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, Scalar<double> alpha, const double *A, int64_t lda, Scalar<double> beta, double *C, int64_t ldc);
template cudaError_t launch_syr2k<double>(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, Scalar<double> alpha, const double *A, int64_t lda, const double *B, int64_t ldb, Scalar<double> beta, double *C, int64_t ldc);
