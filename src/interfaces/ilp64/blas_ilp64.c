/* blas_ilp64.c: what libgblas_blas64.so.3 (the ILP64 Fortran BLAS and CBLAS, OpenBLAS's 64_
 * suffix) adds to the shared engine: lsame_64_, and the reports to its own error handlers
 * xerbla_64_ and cblas_xerbla64_, whose default forms print the reference's message and
 * return, as the LP64 library's (blas_engine.c). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gblas_cblas64.h"
#include "gblas_f77_64.h"
#include "interfaces/interfaces.h"

/* Whether the CBLAS call being reported was row-major (for the default handler's message). */
static _Thread_local int reporting_row_major;

int64_t lsame_64_(const char *ca, const char *cb) { return blas_upper(*ca) == blas_upper(*cb); }

void blas_fortran_report64(const char *srname, int info) {
    if (info == 0) return;
    const int64_t position = info > 0 ? info : 0;
    xerbla_64_(srname, &position, strlen(srname));
}

void cblas_report64(const char *routine, int row_major, int info) {
    if (info == 0) return;
    reporting_row_major = row_major;
    if (info > 0)
        cblas_xerbla64_(info + 1, routine, "");
    else
        cblas_xerbla64_(0, routine, "gblas could not run the call: %s\n", blas_failure_message());
    reporting_row_major = 0;
}

__attribute__((weak)) void xerbla_64_(const char *srname, const int64_t *info, size_t srname_len) {
    int len = (int)srname_len;
    while (len > 0 && srname[len - 1] == ' ') len--;
    if (*info == 0)
        fprintf(stderr, " ** gblas could not run %.*s: %s\n", len, srname, blas_failure_message());
    else
        fprintf(stderr, " ** On entry to %.*s parameter number %2lld had an illegal value\n", len,
                srname, (long long)*info);
}

__attribute__((weak)) void cblas_xerbla64_(int64_t p, const char *rout, const char *form, ...) {
    if (p != 0)
        fprintf(stderr, "Parameter %d to routine %s was incorrect\n",
                reporting_row_major ? blas_cblas_row_major_position(rout, (int)p) : (int)p, rout);
    va_list args;
    va_start(args, form);
    vfprintf(stderr, form, args);
    va_end(args);
}
