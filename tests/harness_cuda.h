/* harness_cuda.h: what the GPU-only test files (test_cuda*.c, built with the CUDA backend) add
 * to the harness: checked CUDA runtime and cuBLAS calls, and device fills that need no kernel
 * of our own. */
#ifndef GBLAS_TEST_HARNESS_CUDA_H
#define GBLAS_TEST_HARNESS_CUDA_H

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include "harness_blas.h"

#define CUDA_OK(call)                                                                              \
    do {                                                                                           \
        cudaError_t e_ = (call);                                                                   \
        cr_assert(e_ == cudaSuccess, "%s:%d: %s: %s", __FILE__, __LINE__, #call,                   \
                  cudaGetErrorString(e_));                                                         \
    } while (0)

#define CUBLAS_OK(call)                                                                            \
    do {                                                                                           \
        cublasStatus_t s_ = (call);                                                                \
        cr_assert(s_ == CUBLAS_STATUS_SUCCESS, "%s: cuBLAS status %d", #call, (int)s_);            \
    } while (0)

/* Fills n elements of elem bytes at dev with the periodic pattern period[0..plen) (period
 * element i at dev element i, i + plen, ...): the pattern is uploaded once and doubled with
 * device-to-device copies, so a multi-GiB buffer fills at device speed. */
void cuda_fill_periodic(void *dev, size_t n, size_t elem, const void *period, size_t plen);

/* cudaMalloc'd copy of host (n doubles, converted to the precision); never NULL, even for 0. */
void *cuda_from_host(prec_t p, const double *host, size_t n);
/* Copies n elements of the precision from dev into out, as doubles. */
void cuda_to_host(prec_t p, const void *dev, size_t n, double *out);

#endif /* GBLAS_TEST_HARNESS_CUDA_H */
