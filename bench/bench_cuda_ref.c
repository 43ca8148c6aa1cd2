/* bench_cuda_ref.c: the reference side of the CUDA runner: cuBLAS, one call of the case's
 * routine on the case's buffers (float and double bodies in bench_cuda_ref_body.h). The math
 * mode (strict FP32 or default FP64) and pointer mode are set by the runner. */
#include "bench_cuda.h"

cublasOperation_t bench_cublas_op(char t) { return t == 'N' ? CUBLAS_OP_N : CUBLAS_OP_T; }

#define T float
#define FN_CALL bench_cublas_call_s
#define CUBLAS_DOT cublasSdot
#define CUBLAS_NRM2 cublasSnrm2
#define CUBLAS_AXPY cublasSaxpy
#define CUBLAS_SCAL cublasSscal
#define CUBLAS_COPY cublasScopy
#define CUBLAS_GEMV cublasSgemv
#define CUBLAS_GEMM cublasSgemm
#include "bench_cuda_ref_body.h"

#define T double
#define FN_CALL bench_cublas_call_d
#define CUBLAS_DOT cublasDdot
#define CUBLAS_NRM2 cublasDnrm2
#define CUBLAS_AXPY cublasDaxpy
#define CUBLAS_SCAL cublasDscal
#define CUBLAS_COPY cublasDcopy
#define CUBLAS_GEMV cublasDgemv
#define CUBLAS_GEMM cublasDgemm
#include "bench_cuda_ref_body.h"

cublasStatus_t bench_cublas_call(cublasHandle_t cb, const bench_case *c, bench_buffers *b) {
    return c->prec == 's' ? bench_cublas_call_s(cb, c, b) : bench_cublas_call_d(cb, c, b);
}
