/* level3_tri.cu: SCAFFOLD, to be replaced by the kernels (launchers declared in cuda_launch.cuh). */
#include "cuda_launch.cuh"

template <typename T>
cudaError_t launch_trmm(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<T> alpha, const T *A, int64_t lda, const T *B, int64_t ldb, T *C, int64_t ldc) {
    env->failed = "trmm (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_trsm(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<T> alpha, const T *A, int64_t lda, T *B, int64_t ldb) {
    env->failed = "trsm (not yet written)";
    return cudaErrorNotSupported;
}
template <typename T>
cudaError_t launch_trsm_batched(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<T> alpha, const T *const *Aarray, int64_t lda, T *const *Barray, int64_t ldb, int64_t batch_count) {
    env->failed = "trsm_batched (not yet written)";
    return cudaErrorNotSupported;
}
template cudaError_t launch_trmm<float>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<float> alpha, const float *A, int64_t lda, const float *B, int64_t ldb, float *C, int64_t ldc);
template cudaError_t launch_trsm<float>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<float> alpha, const float *A, int64_t lda, float *B, int64_t ldb);
template cudaError_t launch_trsm_batched<float>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<float> alpha, const float *const *Aarray, int64_t lda, float *const *Barray, int64_t ldb, int64_t batch_count);
template cudaError_t launch_trmm<double>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<double> alpha, const double *A, int64_t lda, const double *B, int64_t ldb, double *C, int64_t ldc);
template cudaError_t launch_trsm<double>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<double> alpha, const double *A, int64_t lda, double *B, int64_t ldb);
template cudaError_t launch_trsm_batched<double>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<double> alpha, const double *const *Aarray, int64_t lda, double *const *Barray, int64_t ldb, int64_t batch_count);
