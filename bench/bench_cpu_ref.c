/* bench_cpu_ref.c: the reference side of the CPU runner: OpenBLAS through CBLAS, one call of
 * the case's routine on the case's buffers (float and double bodies in bench_cpu_ref_body.h). */
#include <cblas.h>

#include "bench_cpu.h"

static enum CBLAS_TRANSPOSE cblas_op(char t) { return t == 'N' ? CblasNoTrans : CblasTrans; }

#define T float
#define FN_CALL bench_cblas_call_s
#define CBLAS_DOT cblas_sdot
#define CBLAS_NRM2 cblas_snrm2
#define CBLAS_AXPY cblas_saxpy
#define CBLAS_SCAL cblas_sscal
#define CBLAS_COPY cblas_scopy
#define CBLAS_GEMV cblas_sgemv
#define CBLAS_GEMM cblas_sgemm
#include "bench_cpu_ref_body.h"

#define T double
#define FN_CALL bench_cblas_call_d
#define CBLAS_DOT cblas_ddot
#define CBLAS_NRM2 cblas_dnrm2
#define CBLAS_AXPY cblas_daxpy
#define CBLAS_SCAL cblas_dscal
#define CBLAS_COPY cblas_dcopy
#define CBLAS_GEMV cblas_dgemv
#define CBLAS_GEMM cblas_dgemm
#include "bench_cpu_ref_body.h"

void bench_cblas_call(const bench_case *c, bench_buffers *b) {
    if (c->prec == 's')
        bench_cblas_call_s(c, b);
    else
        bench_cblas_call_d(c, b);
}

void bench_cblas_set_threads(int threads) { openblas_set_num_threads(threads); }

const char *bench_cblas_config(void) { return openblas_get_config(); }
