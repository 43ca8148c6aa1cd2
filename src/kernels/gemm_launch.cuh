/* gemm_launch.cuh: the GEMM launcher (sgemm.cu, dgemm.cu), its batch description, and the
 * preparation of the GEMM kernels at backend initialisation. */
#pragma once

#include "cuda_launch.cuh"

/* Which GEMMs one launch computes: count products, the i-th on A + i stride_a, B + i stride_b,
 * C + i stride_c, or, when the arrays are given, on a_array[i], b_array[i], c_array[i]. */
template <typename T> struct GemmBatch {
    int64_t count = 1;
    int64_t stride_a = 0, stride_b = 0, stride_c = 0;
    const T *const *a_array = nullptr;
    const T *const *b_array = nullptr;
    T *const *c_array = nullptr;
};

/* C = alpha op(A) op(B) + beta C (OP_T and OP_C are the same for real T). batch.count must be
 * 1: batching is not implemented yet (cudaErrorNotSupported). */
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

/* The scalar types as sgemm.cu and dgemm.cu spell them. */
using gblas_cuda_sscalar = Scalar<float>;
using gblas_cuda_dscalar = Scalar<double>;

/* Opt the SGEMM and DGEMM kernels into the dynamic shared memory they need on the current
 * device, and count the split-K clusters it runs at once; called once by backend init. */
extern "C" cudaError_t gblas_cuda_sgemm_prepare(gblas_cuda_sgemm_clusters *clusters,
                                                const char **failed);
extern "C" cudaError_t gblas_cuda_dgemm_prepare(const char **failed);
