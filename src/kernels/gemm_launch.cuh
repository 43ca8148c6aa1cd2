/* gemm_launch.cuh: the GEMM launchers (sgemm.cu, dgemm.cu, gemm_complex.cu), their batch
 * description, and the preparation of the GEMM kernels at backend initialisation. */
#pragma once

#include "cuda_launch.cuh"

/* Which GEMMs one launch computes: count >= 1 products, the i-th on A + i stride_a,
 * B + i stride_b, C + i stride_c (a stride may be 0: an operand shared by every product), or,
 * when the arrays are given (all three; device arrays of device pointers, A, B and C are then
 * unused), on a_array[i], b_array[i], c_array[i]. count == 1 without arrays is the plain GEMM. */
template <typename T> struct GemmBatch {
    int64_t count = 1;
    int64_t stride_a = 0, stride_b = 0, stride_c = 0;
    const T *const *a_array = nullptr;
    const T *const *b_array = nullptr;
    T *const *c_array = nullptr;
};

/* C = alpha op(A) op(B) + beta C for each product of the batch (OP_T and OP_C are the same for
 * real T), on the GEMM engine (src/kernels/gemm/, docs/kernels.md). With k == 0, C = beta C
 * whatever alpha is. Batched products never split k, so the scratch is never sized by the
 * batch. */
template <typename T>
cudaError_t launch_gemm(gblas_cuda_env *env, gblas_operation_t transa, gblas_operation_t transb,
                        int64_t m, int64_t n, int64_t k, Scalar<T> alpha, const T *A, int64_t lda,
                        const T *B, int64_t ldb, Scalar<T> beta, T *C, int64_t ldc,
                        const GemmBatch<T> &batch);
/* sgemm.cu and dgemm.cu each define their type's launcher. */
template <>
cudaError_t launch_gemm<float>(gblas_cuda_env *env, gblas_operation_t transa,
                               gblas_operation_t transb, int64_t m, int64_t n, int64_t k,
                               Scalar<float> alpha, const float *A, int64_t lda, const float *B,
                               int64_t ldb, Scalar<float> beta, float *C, int64_t ldc,
                               const GemmBatch<float> &batch);
template <>
cudaError_t launch_gemm<double>(gblas_cuda_env *env, gblas_operation_t transa,
                                gblas_operation_t transb, int64_t m, int64_t n, int64_t k,
                                Scalar<double> alpha, const double *A, int64_t lda,
                                const double *B, int64_t ldb, Scalar<double> beta, double *C,
                                int64_t ldc, const GemmBatch<double> &batch);

/* gemm_complex.cu: the complex launchers, plain overloads (an adapter that calls launch_gemm
 * without template arguments picks these for a complex T); OP_C conjugates, OP_T does not. */
cudaError_t launch_gemm(gblas_cuda_env *env, gblas_operation_t transa, gblas_operation_t transb,
                        int64_t m, int64_t n, int64_t k, Scalar<gblas_complex_float> alpha,
                        const gblas_complex_float *A, int64_t lda, const gblas_complex_float *B,
                        int64_t ldb, Scalar<gblas_complex_float> beta, gblas_complex_float *C,
                        int64_t ldc, const GemmBatch<gblas_complex_float> &batch);
cudaError_t launch_gemm(gblas_cuda_env *env, gblas_operation_t transa, gblas_operation_t transb,
                        int64_t m, int64_t n, int64_t k, Scalar<gblas_complex_double> alpha,
                        const gblas_complex_double *A, int64_t lda, const gblas_complex_double *B,
                        int64_t ldb, Scalar<gblas_complex_double> beta, gblas_complex_double *C,
                        int64_t ldc, const GemmBatch<gblas_complex_double> &batch);

/* Opt the SGEMM and DGEMM kernels (every config row, plain and batched) into the dynamic shared
 * memory they need on the current device, and count the split-K clusters it runs at once;
 * called once by backend init. */
extern "C" cudaError_t gblas_cuda_sgemm_prepare(gblas_cuda_sgemm_clusters *clusters,
                                                const char **failed);
extern "C" cudaError_t gblas_cuda_dgemm_prepare(const char **failed);
