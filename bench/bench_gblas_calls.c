/* bench_gblas_calls.c: the gblas side of every case, the same on each backend: one call of
 * the case's routine on its buffers (float and double bodies in bench_gblas_calls_body.h). */
#include "bench.h"

gblas_operation_t bench_gblas_op(char t) { return t == 'N' ? GBLAS_OP_N : GBLAS_OP_T; }

#define T float
#define FN_CALL bench_gblas_call_s
#define GBLAS_DOT gblas_sdot
#define GBLAS_NRM2 gblas_snrm2
#define GBLAS_AXPY gblas_saxpy
#define GBLAS_SCAL gblas_sscal
#define GBLAS_COPY gblas_scopy
#define GBLAS_GEMV gblas_sgemv
#define GBLAS_GEMM gblas_sgemm
#include "bench_gblas_calls_body.h"

#define T double
#define FN_CALL bench_gblas_call_d
#define GBLAS_DOT gblas_ddot
#define GBLAS_NRM2 gblas_dnrm2
#define GBLAS_AXPY gblas_daxpy
#define GBLAS_SCAL gblas_dscal
#define GBLAS_COPY gblas_dcopy
#define GBLAS_GEMV gblas_dgemv
#define GBLAS_GEMM gblas_dgemm
#include "bench_gblas_calls_body.h"

gblas_status_t bench_gblas_call(gblas_handle_t h, const bench_case *c, bench_buffers *b) {
    return c->prec == 's' ? bench_gblas_call_s(h, c, b) : bench_gblas_call_d(h, c, b);
}
