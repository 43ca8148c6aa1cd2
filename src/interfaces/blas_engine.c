/* blas_engine.c: the engine behind the Fortran BLAS and CBLAS entry points, their default
 * error handlers and lsame_. Every host-pointer call runs on one process-wide CPU handle,
 * created on first use (C11 call_once) and shared by all threads (gblas serialises the calls
 * on one handle; the CPU backend picks its threads and instruction-set path, GBLAS_CPU_PATH
 * included). blas_engine's level is the seam for offloading Level 3 to the GPU later. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <threads.h>

#include "gblas_f77.h"
#include "interfaces/interfaces.h"

static gblas_handle_t engine;
static char engine_error[256]; /* why the handle could not be made */
static once_flag engine_once = ONCE_FLAG_INIT;

static void engine_create(void) {
    if (gblas_create(&engine, GBLAS_BACKEND_CPU) != GBLAS_STATUS_SUCCESS) {
        snprintf(engine_error, sizeof engine_error, "%s", gblas_last_error(NULL));
        engine = NULL;
    }
}

gblas_handle_t blas_engine(int level) {
    (void)level; /* every level runs on the CPU backend for now */
    call_once(&engine_once, engine_create);
    return engine;
}

/* The message of the calling thread's last call that gblas refused, and whether the CBLAS
 * call being reported was row-major. */
static _Thread_local char failure[512];
static _Thread_local int reporting_row_major;

int blas_status(gblas_handle_t h, gblas_status_t s) {
    if (s == GBLAS_STATUS_SUCCESS) return 0;
    snprintf(failure, sizeof failure, "%s", h ? gblas_last_error(h) : engine_error);
    return BLAS_FAILED;
}

const char *blas_failure_message(void) { return failure; }

void blas_fortran_report(const char *srname, int info) {
    if (info == 0) return;
    const int position = info > 0 ? info : 0;
    xerbla_(srname, &position, strlen(srname));
}

void cblas_report(const char *routine, int row_major, int info) {
    if (info == 0) return;
    reporting_row_major = row_major;
    if (info > 0)
        cblas_xerbla(info + 1, routine, "");
    else
        cblas_xerbla(0, routine, "gblas could not run the call: %s\n", failure);
    reporting_row_major = 0;
}

/* Globals of the reference CBLAS that programs built against it may refer to (its testers
 * hold copies of RowMajorStrg). gblas neither reads nor writes them. */
GBLAS_API int RowMajorStrg = 0;
GBLAS_API int CBLAS_CallFromC = 0;

int lsame_(const char *ca, const char *cb) { return blas_upper(*ca) == blas_upper(*cb); }

/* The reference XERBLA's message; the reference then stops the program, gblas returns (as
 * OpenBLAS does): the routine has done nothing. Info 0 is gblas's own refusal. */
__attribute__((weak)) void xerbla_(const char *srname, const int *info, size_t srname_len) {
    int len = (int)srname_len;
    while (len > 0 && srname[len - 1] == ' ') len--;
    if (*info == 0)
        fprintf(stderr, " ** gblas could not run %.*s: %s\n", len, srname, failure);
    else
        fprintf(stderr, " ** On entry to %.*s parameter number %2d had an illegal value\n", len,
                srname, *info);
}

/* The reference CBLAS's message (the position of a row-major call swapped back, as the
 * reference does); the reference then exits, gblas returns. */
__attribute__((weak)) void cblas_xerbla(CBLAS_INT p, const char *rout, const char *form, ...) {
    if (p != 0)
        fprintf(stderr, "Parameter %d to routine %s was incorrect\n",
                reporting_row_major ? blas_cblas_row_major_position(rout, p) : p, rout);
    va_list args;
    va_start(args, form);
    vfprintf(stderr, form, args);
    va_end(args);
}
