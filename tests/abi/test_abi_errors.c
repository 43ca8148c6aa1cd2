/* test_abi_errors.c: the error path of the Fortran ABI and CBLAS. This program defines xerbla_
 * and cblas_xerbla, as a BLAS user may (and the reference testers do): every invalid argument
 * must reach them with the reference's routine name and parameter position (CBLAS: the
 * reference CBLAS's, which in a row-major call is the position of the swapped parameter of
 * the column-major call it makes), the call must do nothing, and a call gblas refuses although
 * the reference accepts it reports position 0. The library's own handlers, reached through
 * dlsym(RTLD_NEXT), print the reference's message and return. */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "abi_test.h"

#include <criterion/redirect.h>

static char seen_name[32];
static int seen_info = -1, seen_calls;

void xerbla_(const char *srname, const int *info, size_t len) {
    snprintf(seen_name, sizeof seen_name, "%.*s", (int)len, srname);
    seen_info = *info;
    seen_calls++;
}
void cblas_xerbla(CBLAS_INT p, const char *rout, const char *form, ...) {
    (void)form;
    snprintf(seen_name, sizeof seen_name, "%s", rout);
    seen_info = p;
    seen_calls++;
}

static void expect(const char *name, int info, const double *out, double untouched) {
    cr_assert(seen_calls == 1, "%s: the handler ran %d times, want once (info %d)", name,
              seen_calls, info);
    cr_assert(strcmp(seen_name, name) == 0, "handler got \"%s\", want \"%s\"", seen_name, name);
    cr_assert(seen_info == info, "%s: handler got position %d, want %d", name, seen_info, info);
    if (out) cr_assert(out[0] == untouched, "%s: the failed call wrote its output", name);
    seen_calls = 0, seen_info = -1, seen_name[0] = 0;
}

Test(abi_errors, fortran_positions) {
    double A[64] = {0}, B[64] = {0}, C[64], x[8] = {0}, y[8];
    const double one = 1;
    const int m2 = 2, n2 = 2, k2 = 2, neg = -1, ld1 = 1, ld2 = 2, inc0 = 0, inc1 = 1, k1 = 1;
    for (int i = 0; i < 64; i++) C[i] = 5;
    for (int i = 0; i < 8; i++) y[i] = 5;
    dgemm_("X", "N", &m2, &n2, &k2, &one, A, &ld2, B, &ld2, &one, C, &ld2); expect("DGEMM ", 1, C, 5);
    dgemm_("N", "x", &m2, &n2, &k2, &one, A, &ld2, B, &ld2, &one, C, &ld2); expect("DGEMM ", 2, C, 5);
    dgemm_("N", "N", &neg, &n2, &k2, &one, A, &ld2, B, &ld2, &one, C, &ld2); expect("DGEMM ", 3, C, 5);
    dgemm_("N", "N", &m2, &neg, &k2, &one, A, &ld2, B, &ld2, &one, C, &ld2); expect("DGEMM ", 4, C, 5);
    dgemm_("N", "N", &m2, &n2, &neg, &one, A, &ld2, B, &ld2, &one, C, &ld2); expect("DGEMM ", 5, C, 5);
    dgemm_("N", "N", &m2, &n2, &k2, &one, A, &ld1, B, &ld2, &one, C, &ld2); expect("DGEMM ", 8, C, 5);
    dgemm_("t", "N", &m2, &n2, &k2, &one, A, &ld2, B, &ld1, &one, C, &ld2); expect("DGEMM ", 10, C, 5);
    dgemm_("N", "c", &m2, &n2, &k2, &one, A, &ld2, B, &ld2, &one, C, &ld1); expect("DGEMM ", 13, C, 5);
    dgbmv_("N", &m2, &n2, &k1, &k1, &one, A, &ld2, x, &inc1, &one, y, &inc1); expect("DGBMV ", 8, y, 5);
    const int ld3 = 3;
    dgbmv_("N", &m2, &n2, &k1, &k1, &one, A, &ld3, x, &inc0, &one, y, &inc1); expect("DGBMV ", 10, y, 5);
    dgbmv_("N", &m2, &n2, &k1, &k1, &one, A, &ld3, x, &inc1, &one, y, &inc0); expect("DGBMV ", 13, y, 5);
    dger_(&neg, &n2, &one, x, &inc1, y, &inc1, C, &ld2); expect("DGER  ", 1, C, 5);
    dger_(&m2, &n2, &one, x, &inc0, y, &inc1, C, &ld2); expect("DGER  ", 5, C, 5);
    dger_(&m2, &n2, &one, x, &inc1, y, &inc0, C, &ld2); expect("DGER  ", 7, C, 5);
    dger_(&m2, &n2, &one, x, &inc1, y, &inc1, C, &ld1); expect("DGER  ", 9, C, 5);
    dtrmm_("X", "U", "N", "N", &m2, &n2, &one, A, &ld2, C, &ld2); expect("DTRMM ", 1, C, 5);
    dtrmm_("L", "U", "N", "X", &m2, &n2, &one, A, &ld2, C, &ld2); expect("DTRMM ", 4, C, 5);
    dtrmm_("R", "U", "N", "N", &m2, &n2, &one, A, &ld1, C, &ld2); expect("DTRMM ", 9, C, 5);
    dtrmm_("L", "U", "N", "N", &m2, &n2, &one, A, &ld2, C, &ld1); expect("DTRMM ", 11, C, 5);
    dtbsv_("U", "N", "N", &n2, &neg, A, &ld2, y, &inc1); expect("DTBSV ", 5, y, 5);
    dtbsv_("U", "N", "N", &n2, &k1, A, &ld1, y, &inc1); expect("DTBSV ", 7, y, 5);
    dtbsv_("U", "N", "N", &n2, &k1, A, &ld2, y, &inc0); expect("DTBSV ", 9, y, 5);
    dspr2_("L", &n2, &one, x, &inc1, x, &inc0, C); expect("DSPR2 ", 7, C, 5);
    dsyr2k_("U", "X", &n2, &k2, &one, A, &ld2, B, &ld2, &one, C, &ld2); expect("DSYR2K", 2, C, 5);
    dsyr2k_("U", "T", &n2, &k2, &one, A, &ld2, B, &ld1, &one, C, &ld2); expect("DSYR2K", 9, C, 5);
    dsyr2k_("U", "N", &n2, &k2, &one, A, &ld2, B, &ld2, &one, C, &ld1); expect("DSYR2K", 12, C, 5);
    float fA[8] = {0}, fC[8] = {5, 5, 5, 5}, fone = 1;
    ssymm_("L", "X", &m2, &n2, &fone, fA, &ld2, fA, &ld2, &fone, fC, &ld2); expect("SSYMM ", 2, NULL, 0);
    ssymv_("U", &n2, &fone, fA, &ld1, fA, &inc1, &fone, fC, &inc1); expect("SSYMV ", 5, NULL, 0);
    cr_assert(fC[0] == 5);
    /* valid calls, lower-case letters included, reach no handler */
    dgemm_("n", "t", &m2, &n2, &k2, &one, A, &ld2, B, &ld2, &one, C, &ld2);
    dtrsv_("l", "t", "u", &n2, A, &ld2, y, &inc1);
    cr_assert(seen_calls == 0, "a valid call reported position %d", seen_info);
}

Test(abi_errors, cblas_positions) {
    double A[64] = {0}, B[64] = {0}, C[64], x[8] = {0}, y[8] = {0};
    for (int i = 0; i < 64; i++) C[i] = 5;
    const CBLAS_LAYOUT R = CblasRowMajor, K = CblasColMajor;
    const CBLAS_TRANSPOSE N = CblasNoTrans;
    cblas_dgemm((CBLAS_LAYOUT)0, N, N, 2, 2, 2, 1, A, 2, B, 2, 1, C, 2); expect("cblas_dgemm", 1, C, 5);
    cblas_dgemm(R, (CBLAS_TRANSPOSE)0, N, 2, 2, 2, 1, A, 2, B, 2, 1, C, 2); expect("cblas_dgemm", 2, C, 5);
    cblas_dgemm(R, N, (CBLAS_TRANSPOSE)0, 2, 2, 2, 1, A, 2, B, 2, 1, C, 2); expect("cblas_dgemm", 3, C, 5);
    cblas_dgemm(K, N, N, -1, 2, 2, 1, A, 2, B, 2, 1, C, 2); expect("cblas_dgemm", 4, C, 5);
    cblas_dgemm(K, N, N, 2, 2, 2, 1, A, 1, B, 2, 1, C, 2); expect("cblas_dgemm", 9, C, 5);
    cblas_dgemm(K, N, N, 2, 2, 2, 1, A, 2, B, 2, 1, C, 1); expect("cblas_dgemm", 14, C, 5);
    /* row-major: M is the column-major call's N (reported 5), A's lda its ldb (reported 11) */
    cblas_dgemm(R, N, N, -1, 2, 2, 1, A, 2, B, 2, 1, C, 2); expect("cblas_dgemm", 5, C, 5);
    cblas_dgemm(R, N, N, 2, 3, 2, 1, A, 1, B, 3, 1, C, 3); expect("cblas_dgemm", 11, C, 5);
    cblas_dgemm(R, N, N, 3, 2, 2, 1, A, 2, B, 2, 1, C, 1); expect("cblas_dgemm", 14, C, 5);
    cblas_dgemv(R, N, 2, 3, 1, A, 2, x, 1, 1, y, 1); expect("cblas_dgemv", 7, NULL, 0);
    cblas_dgemv(R, N, -1, 3, 1, A, 3, x, 1, 1, y, 1); expect("cblas_dgemv", 4, NULL, 0);
    cblas_dger(R, 2, 3, 1, x, 0, y, 1, C, 3); expect("cblas_dger", 8, C, 5);
    cblas_dger(K, 2, 3, 1, x, 0, y, 1, C, 3); expect("cblas_dger", 6, C, 5);
    cblas_dtrsm(R, CblasLeft, CblasUpper, N, CblasUnit, -1, 2, 1, A, 2, C, 2); expect("cblas_dtrsm", 7, C, 5);
    cblas_dtrsm(K, CblasLeft, CblasUpper, N, (CBLAS_DIAG)0, 2, 2, 1, A, 2, C, 2); expect("cblas_dtrsm", 5, C, 5);
    cblas_dsyrk(R, CblasUpper, CblasTrans, 2, 3, 1, A, 1, 1, C, 2); expect("cblas_dsyrk", 8, C, 5);
    cblas_dtpmv(R, (CBLAS_UPLO)0, N, CblasNonUnit, 2, A, x, 1); expect("cblas_dtpmv", 2, NULL, 0);
    cr_assert(seen_calls == 0);
}

Test(abi_errors, refused_by_gblas_reports_zero) {
    double C[4] = {5, 5, 5, 5};
    const double one = 1;
    const int two = 2;
    dgemm_("N", "N", &two, &two, &two, &one, NULL, &two, C, &two, &one, C, &two);
    expect("DGEMM ", 0, C, 5);
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 2, 2, 2, 1, NULL, 2, C, 2, 1, C, 2);
    expect("cblas_dgemm", 0, C, 5);
}

Test(abi_errors, library_handlers_print_and_return, .init = cr_redirect_stderr) {
    void (*lib_xerbla)(const char *, const int *, size_t) =
        (void (*)(const char *, const int *, size_t))dlsym(RTLD_NEXT, "xerbla_");
    void (*lib_cblas_xerbla)(CBLAS_INT, const char *, const char *, ...) =
        (void (*)(CBLAS_INT, const char *, const char *, ...))dlsym(RTLD_NEXT, "cblas_xerbla");
    cr_assert(lib_xerbla && lib_cblas_xerbla, "the library's handlers are not exported");
    const int info = 8;
    lib_xerbla("DGEMM ", &info, 6);
    lib_cblas_xerbla(3, "cblas_dgemv", "Illegal %s setting, %d\n", "trans", 7);
    fflush(stderr);
    cr_assert_stderr_eq_str(" ** On entry to DGEMM parameter number  8 had an illegal value\n"
                            "Parameter 3 to routine cblas_dgemv was incorrect\n"
                            "Illegal trans setting, 7\n");
}
