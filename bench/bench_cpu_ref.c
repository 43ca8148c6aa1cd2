/* bench_cpu_ref.c: what the CPU runner needs of OpenBLAS besides the calls themselves (those
 * are generated from the routine table into bench_routines_gen.c): the thread count, the build
 * and the kernels it runs, and the enumeration arguments in CBLAS's terms. */
#include <cblas.h>

#include "bench_cpu.h"

enum CBLAS_TRANSPOSE bench_cblas_op(gblas_operation_t t) {
    return t == GBLAS_OP_N ? CblasNoTrans : CblasTrans;
}

enum CBLAS_UPLO bench_cblas_uplo(gblas_fill_mode_t u) {
    return u == GBLAS_FILL_MODE_UPPER ? CblasUpper : CblasLower;
}

enum CBLAS_DIAG bench_cblas_diag(gblas_diag_type_t d) {
    return d == GBLAS_DIAG_UNIT ? CblasUnit : CblasNonUnit;
}

enum CBLAS_SIDE bench_cblas_side(gblas_side_mode_t s) {
    return s == GBLAS_SIDE_RIGHT ? CblasRight : CblasLeft;
}

void bench_cblas_set_threads(int threads) { openblas_set_num_threads(threads); }

const char *bench_cblas_config(void) { return openblas_get_config(); }

const char *bench_cblas_core(void) {
    const char *core = openblas_get_corename();
    return core ? core : "unknown";
}
