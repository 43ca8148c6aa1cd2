/* ilp64_cblas.c: a C program against libgblas_blas64.so.3's CBLAS with 64-bit integers
 * (gblas_cblas64.h: cblas_dgemm64_ ...): GEMM in both layouts against a long double product,
 * dot, iamax (0-based), a row-major GEMV, the error positions through its own
 * cblas_xerbla64_, and an m of 2^32 (0 in its low 32 bits) that only 64 bits carry to the
 * check refusing it. Exits 1 on a failure. Run on each CPU path by scripts/test-blas-ilp64. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gblas_cblas64.h"

static int failures;
static int64_t last_p = -1;
static char last_rout[32];

void cblas_xerbla64_(int64_t p, const char *rout, const char *form, ...) {
    (void)form;
    last_p = p;
    snprintf(last_rout, sizeof last_rout, "%s", rout);
}

static void check(int ok, const char *what) {
    if (!ok) {
        failures++;
        printf("FAILED: %s\n", what);
    }
}

static double value(int64_t i) { return sin(0.7 * (double)i + 0.3); }

int main(void) {
    enum { M = 23, N = 17, K = 11 };
    double A[M * K], B[K * N], C[M * N], C0[M * N], x[M], y[N];
    for (int64_t i = 0; i < M * K; i++) A[i] = value(i);
    for (int64_t i = 0; i < K * N; i++) B[i] = value(i + 1000);
    for (int64_t i = 0; i < M * N; i++) C0[i] = value(i + 2000);
    for (int64_t i = 0; i < M; i++) x[i] = value(i + 3000);

    /* C = 2 A B + 0.5 C in either layout; (i, j) of a row-major matrix is at i * ld + j */
    for (int row_major = 0; row_major < 2; row_major++) {
        memcpy(C, C0, sizeof C);
        const int64_t lda = row_major ? K : M, ldb = row_major ? N : K, ldc = row_major ? N : M;
        cblas_dgemm64_(row_major ? CblasRowMajor : CblasColMajor, CblasNoTrans, CblasNoTrans, M, N,
                       K, 2.0, A, lda, B, ldb, 0.5, C, ldc);
        double worst = 0;
        for (int64_t i = 0; i < M; i++)
            for (int64_t j = 0; j < N; j++) {
                long double want = 0.5L * C0[row_major ? i * ldc + j : i + j * ldc];
                for (int64_t l = 0; l < K; l++)
                    want += 2.0L * A[row_major ? i * lda + l : i + l * lda] *
                            B[row_major ? l * ldb + j : l + j * ldb];
                const double err = fabs((double)(C[row_major ? i * ldc + j : i + j * ldc] - want));
                worst = err > worst ? err : worst;
            }
        check(worst <= 8 * K * DBL_EPSILON, row_major ? "cblas_dgemm64_ row-major" : "cblas_dgemm64_ column-major");
    }

    long double dot = 0;
    for (int64_t i = 0; i < M; i++) dot += (long double)x[i] * x[i];
    check(fabs(cblas_ddot64_(M, x, 1, x, 1) - (double)dot) <= M * DBL_EPSILON, "cblas_ddot64_");
    size_t best = 0;
    for (size_t i = 1; i < M; i++) best = fabs(x[i]) > fabs(x[best]) ? i : best;
    check(cblas_idamax64_(M, x, 1) == best, "cblas_idamax64_ (0-based)");

    /* A row-major M x K, op T: y (K elements) = A^T x (M elements) */
    cblas_dgemv64_(CblasRowMajor, CblasTrans, M, K, 1.0, A, K, x, 1, 0.0, y, 1);
    double worst = 0;
    for (int64_t j = 0; j < K; j++) {
        long double want = 0;
        for (int64_t i = 0; i < M; i++) want += (long double)A[i * K + j] * x[i];
        const double err = fabs((double)(y[j] - want));
        worst = err > worst ? err : worst;
    }
    check(worst <= 4 * M * DBL_EPSILON, "cblas_dgemv64_ row-major transposed");

    /* errors: the reference CBLAS's positions (the layout is 1) */
    cblas_dgemm64_(CblasColMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0, A, M - 1, B, K, 0.0,
                   C, M);
    check(last_p == 9 && strcmp(last_rout, "cblas_dgemm") == 0, "cblas_dgemm64_ lda < m: position 9");
    cblas_dgemm64_((CBLAS_LAYOUT)7, CblasNoTrans, CblasNoTrans, M, N, K, 1.0, A, M, B, K, 0.0, C, M);
    check(last_p == 1, "cblas_dgemm64_ bad layout: position 1");
    /* m = 2^32: lda = M < m is refused only if all 64 bits of m arrive */
    last_p = -1;
    cblas_dgemv64_(CblasColMajor, CblasNoTrans, (int64_t)1 << 32, 2, 1.0, A, M, x, 1, 0.0, y, 1);
    check(last_p == 7 && strcmp(last_rout, "cblas_dgemv") == 0, "cblas_dgemv64_ m = 2^32: position 7 (lda)");

    printf("ILP64 CBLAS checks %s\n", failures ? "FAILED" : "passed");
    return failures ? 1 : 0;
}
