/* level2_tri.cu: SCAFFOLD, to be replaced by the kernels (launchers declared in cuda_launch.cuh). */
#include "cuda_launch.cuh"

template <typename T>
cudaError_t launch_trmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const T *A, int64_t lda, T *x, int64_t incx) {
    env->failed = "trmv (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_tbmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, int64_t k, const T *A, int64_t lda, T *x, int64_t incx) {
    env->failed = "tbmv (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_tpmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const T *AP, T *x, int64_t incx) {
    env->failed = "tpmv (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_trsv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const T *A, int64_t lda, T *x, int64_t incx) {
    env->failed = "trsv (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_tbsv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, int64_t k, const T *A, int64_t lda, T *x, int64_t incx) {
    env->failed = "tbsv (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_tpsv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const T *AP, T *x, int64_t incx) {
    env->failed = "tpsv (not yet written)";
    return cudaErrorNotSupported;
}
template cudaError_t launch_trmv<float>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, gblas_diag_type_t, int64_t, const float, int64_t, float, int64_t);
template cudaError_t launch_trmv<double>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, gblas_diag_type_t, int64_t, const double, int64_t, double, int64_t);
template cudaError_t launch_tbmv<float>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, gblas_diag_type_t, int64_t, int64_t, const float, int64_t, float, int64_t);
template cudaError_t launch_tbmv<double>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, gblas_diag_type_t, int64_t, int64_t, const double, int64_t, double, int64_t);
template cudaError_t launch_tpmv<float>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, gblas_diag_type_t, int64_t, const float, float, int64_t);
template cudaError_t launch_tpmv<double>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, gblas_diag_type_t, int64_t, const double, double, int64_t);
template cudaError_t launch_trsv<float>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, gblas_diag_type_t, int64_t, const float, int64_t, float, int64_t);
template cudaError_t launch_trsv<double>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, gblas_diag_type_t, int64_t, const double, int64_t, double, int64_t);
template cudaError_t launch_tbsv<float>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, gblas_diag_type_t, int64_t, int64_t, const float, int64_t, float, int64_t);
template cudaError_t launch_tbsv<double>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, gblas_diag_type_t, int64_t, int64_t, const double, int64_t, double, int64_t);
template cudaError_t launch_tpsv<float>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, gblas_diag_type_t, int64_t, const float, float, int64_t);
template cudaError_t launch_tpsv<double>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, gblas_diag_type_t, int64_t, const double, double, int64_t);
