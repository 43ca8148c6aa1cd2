/* bench_cuda_ref.c: what the CUDA runner needs of cuBLAS besides the calls themselves (those
 * are generated from the routine table into bench_routines_gen.c): the enumeration arguments in
 * cuBLAS's terms. The math mode (strict FP32 or default FP64) and pointer mode are set by the
 * runner. */
#include "bench_cuda.h"

cublasOperation_t bench_cublas_op(gblas_operation_t t) {
    return t == GBLAS_OP_N ? CUBLAS_OP_N : CUBLAS_OP_T;
}

cublasFillMode_t bench_cublas_uplo(gblas_fill_mode_t u) {
    return u == GBLAS_FILL_MODE_UPPER ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
}

cublasDiagType_t bench_cublas_diag(gblas_diag_type_t d) {
    return d == GBLAS_DIAG_UNIT ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
}

cublasSideMode_t bench_cublas_side(gblas_side_mode_t s) {
    return s == GBLAS_SIDE_RIGHT ? CUBLAS_SIDE_RIGHT : CUBLAS_SIDE_LEFT;
}
