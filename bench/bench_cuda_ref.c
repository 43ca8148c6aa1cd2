/* bench_cuda_ref.c: what the CUDA runner needs of cuBLAS besides the calls themselves (those
 * are generated from the routine table into bench_routines_gen.c): the transpose argument in
 * cuBLAS's terms. The math mode (strict FP32 or default FP64) and pointer mode are set by the
 * runner. */
#include "bench_cuda.h"

cublasOperation_t bench_cublas_op(gblas_operation_t t) {
    return t == GBLAS_OP_N ? CUBLAS_OP_N : CUBLAS_OP_T;
}
