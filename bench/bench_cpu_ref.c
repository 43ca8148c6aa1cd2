/* bench_cpu_ref.c: what the CPU runner needs of OpenBLAS besides the calls themselves (those
 * are generated from the routine table into bench_routines_gen.c): the thread count, the build
 * and the kernels it runs, and the transpose argument in CBLAS's terms. */
#include <cblas.h>

#include "bench_cpu.h"

enum CBLAS_TRANSPOSE bench_cblas_op(gblas_operation_t t) {
    return t == GBLAS_OP_N ? CblasNoTrans : CblasTrans;
}

void bench_cblas_set_threads(int threads) { openblas_set_num_threads(threads); }

const char *bench_cblas_config(void) { return openblas_get_config(); }

const char *bench_cblas_core(void) {
    const char *core = openblas_get_corename();
    return core ? core : "unknown";
}
