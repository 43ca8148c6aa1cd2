/* 01_conjugate_gradient.c: solves A x = b by conjugate gradients with every vector and the matrix
 * resident in backend memory. One upload of A and b, then hundreds of GEMV, DOT, AXPY, SCAL and
 * COPY calls, one download of x. Only the scalars of the recurrence cross to the host.
 * A is a dense symmetric positive definite matrix (a shifted 1-D Laplacian with a smooth dense
 * coupling), so CG needs a few hundred iterations. Usage: 01_conjugate_gradient [n] [cpu|cuda] */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gblas.h"

#define CHECK(call)                                                                            \
    do {                                                                                       \
        gblas_status_t s_ = (call);                                                            \
        if (s_ != GBLAS_STATUS_SUCCESS) {                                                      \
            fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__, #call,          \
                    gblas_status_name(s_), gblas_last_error(h));                               \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 2048;
    gblas_backend_t backend = GBLAS_BACKEND_AUTO;
    if (argc > 2) backend = strcmp(argv[2], "cuda") == 0 ? GBLAS_BACKEND_CUDA : GBLAS_BACKEND_CPU;
    gblas_handle_t h = NULL;
    CHECK(gblas_create(&h, backend));
    printf("conjugate gradient, n = %lld, backend %s\n", (long long)n, gblas_backend_detail(h));

    /* Host data: A[i + j*n] = 2.001 on the diagonal, -1 beside it, plus 1e-3 / (1 + |i - j|). */
    double *A = malloc(sizeof(double) * (size_t)(n * n));
    double *b = malloc(sizeof(double) * (size_t)n), *x = malloc(sizeof(double) * (size_t)n);
    if (!A || !b || !x) return 1;
    for (int64_t j = 0; j < n; ++j)
        for (int64_t i = 0; i < n; ++i) {
            int64_t d = i > j ? i - j : j - i;
            A[i + j * n] = (d == 0 ? 2.001 : d == 1 ? -1.0 : 0.0) + 1e-3 / (1.0 + (double)d);
        }
    for (int64_t i = 0; i < n; ++i) b[i] = sin(0.01 * (double)i) + 1.0;

    double *dA, *db, *dx, *dr, *dp, *dq;
    CHECK(gblas_malloc(h, (void **)&dA, sizeof(double) * (size_t)(n * n)));
    CHECK(gblas_malloc(h, (void **)&db, sizeof(double) * (size_t)n));
    CHECK(gblas_malloc(h, (void **)&dx, sizeof(double) * (size_t)n));
    CHECK(gblas_malloc(h, (void **)&dr, sizeof(double) * (size_t)n));
    CHECK(gblas_malloc(h, (void **)&dp, sizeof(double) * (size_t)n));
    CHECK(gblas_malloc(h, (void **)&dq, sizeof(double) * (size_t)n));

    double t0 = now_s();
    CHECK(gblas_set_matrix(h, n, n, sizeof(double), A, n, dA, n));
    CHECK(gblas_set_vector(h, n, sizeof(double), b, 1, db, 1));
    const double zero = 0.0, one = 1.0, minus_one = -1.0;
    double t1 = now_s();

    /* x = 0, r = b, p = r. */
    CHECK(gblas_dscal(h, n, &zero, dx, 1));
    CHECK(gblas_dcopy(h, n, db, 1, dr, 1));
    CHECK(gblas_dcopy(h, n, dr, 1, dp, 1));
    double rr, bnorm;
    CHECK(gblas_ddot(h, n, dr, 1, dr, 1, &rr));
    CHECK(gblas_dnrm2(h, n, db, 1, &bnorm));
    int iters = 0, calls = 5;
    const double tol = 1e-10;
    while (iters < 10 * n && sqrt(rr) > tol * bnorm) {
        double pq, rr_new;
        CHECK(gblas_dgemv(h, GBLAS_OP_N, n, n, &one, dA, n, dp, 1, &zero, dq, 1)); /* q = A p */
        CHECK(gblas_ddot(h, n, dp, 1, dq, 1, &pq));
        double a = rr / pq, minus_a = -a;
        CHECK(gblas_daxpy(h, n, &a, dp, 1, dx, 1));       /* x += a p */
        CHECK(gblas_daxpy(h, n, &minus_a, dq, 1, dr, 1)); /* r -= a q */
        CHECK(gblas_ddot(h, n, dr, 1, dr, 1, &rr_new));
        double beta = rr_new / rr;
        CHECK(gblas_dscal(h, n, &beta, dp, 1)); /* p = r + beta p */
        CHECK(gblas_daxpy(h, n, &one, dr, 1, dp, 1));
        rr = rr_new;
        ++iters;
        calls += 7;
    }
    /* True residual, computed on the backend: r = b - A x. */
    double res;
    CHECK(gblas_dcopy(h, n, db, 1, dr, 1));
    CHECK(gblas_dgemv(h, GBLAS_OP_N, n, n, &minus_one, dA, n, dx, 1, &one, dr, 1));
    CHECK(gblas_dnrm2(h, n, dr, 1, &res));
    CHECK(gblas_synchronize(h));
    double t2 = now_s();
    CHECK(gblas_get_vector(h, n, sizeof(double), dx, 1, x, 1));
    double t3 = now_s();

    printf("iterations %d, %d BLAS calls on resident data\n", iters, calls + 3);
    printf("upload %.2f ms, solve %.2f ms (%.1f us per call), download %.3f ms\n",
           1e3 * (t1 - t0), 1e3 * (t2 - t1), 1e6 * (t2 - t1) / (calls + 3), 1e3 * (t3 - t2));
    printf("relative residual ||b - A x|| / ||b|| = %.3e (recurrence %.3e)\n", res / bnorm,
           sqrt(rr) / bnorm);
    int ok = res / bnorm < 1e-8;
    printf("%s\n", ok ? "converged" : "NOT converged");

    gblas_free(h, dA), gblas_free(h, db), gblas_free(h, dx);
    gblas_free(h, dr), gblas_free(h, dp), gblas_free(h, dq);
    gblas_destroy(h);
    free(A), free(b), free(x);
    return ok ? 0 : 1;
}
