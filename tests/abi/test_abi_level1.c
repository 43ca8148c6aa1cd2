/* test_abi_level1.c: Level-1 behaviour at the Fortran and CBLAS boundary that the reference
 * testers do not reach: zero increments (gblas's API refuses them; the reference loops over
 * the same element), the reference's early returns for n <= 0 and incx <= 0, CBLAS's 0-based
 * I_AMAX, the double accumulation of SDSDOT/DSDOT, the complex reductions, and the engine's
 * handle made once when several threads make their first call together. */
#include <math.h>
#include <pthread.h>

#include "abi_test.h"

Test(abi_level1, zero_increments) {
    double x[4] = {3, -1, 2, 7}, y[4] = {1, 2, 4, 8};
    const int n4 = 4, inc0 = 0, inc1 = 1, incm1 = -1;
    const double alpha = 0.5;
    dcopy_(&n4, x, &inc0, y, &inc1); /* broadcast x[0] */
    for (int i = 0; i < 4; i++) cr_assert(y[i] == 3);
    double acc[1] = {1};
    daxpy_(&n4, &alpha, x, &inc1, acc, &inc0); /* acc += alpha * sum x, in order */
    cr_assert(acc[0] == 1 + 0.5 * 3 + 0.5 * -1 + 0.5 * 2 + 0.5 * 7);
    const double yd[4] = {1, 2, 4, 8};
    cr_assert(ddot_(&n4, x, &inc0, yd, &incm1) == 3.0 * 15);
    cr_assert(fabs(dnrm2_(&n4, x, &inc0) - 6.0) <= 1e-15); /* |3| sqrt(4) */
    float fx[2] = {2, 5}, fy[3] = {1, 1, 1};
    const int n3 = 3;
    sswap_(&n3, fx, &inc0, fy, &inc1); /* the reference's sequence of swaps with x[0] */
    cr_assert(fx[0] == 1 && fy[0] == 2 && fy[1] == 1 && fy[2] == 1);
    cr_assert(cblas_ddot(4, x, 0, x, 0) == 36);
}

Test(abi_level1, early_returns) {
    double x[3] = {1, -5, 3};
    const int n3 = 3, n0 = 0, nm = -2, inc1 = 1, inc0 = 0, incm = -1;
    const double two = 2;
    dscal_(&n3, &two, x, &incm);
    dscal_(&nm, &two, x, &inc1);
    cr_assert(x[0] == 1 && x[1] == -5 && x[2] == 3, "scal with incx < 0 or n < 0 returns at once");
    cr_assert(dasum_(&n3, x, &incm) == 0 && dasum_(&n3, x, &inc0) == 0 && dasum_(&n0, x, &inc1) == 0);
    cr_assert(idamax_(&n3, x, &inc1) == 2 && idamax_(&n3, x, &incm) == 0 && idamax_(&n0, x, &inc1) == 0);
    cr_assert(cblas_idamax(3, x, 1) == 1 && cblas_idamax(0, x, 1) == 0, "CBLAS's index is 0-based");
    cr_assert(ddot_(&nm, x, &inc1, x, &inc1) == 0 && dnrm2_(&n0, x, &inc1) == 0);
    double y[3] = {9, 9, 9};
    dcopy_(&nm, x, &inc1, y, &inc1);
    cr_assert(y[0] == 9);
}

Test(abi_level1, mixed_precision_and_complex) {
    const float x[3] = {1e8f, 1, -1e8f}, y[3] = {1, 1, 1}, sb = 0.5f;
    const int n3 = 3, n2 = 2, inc1 = 1;
    cr_assert(dsdot_(&n3, x, &inc1, y, &inc1) == 1.0, "dsdot sums in double");
    cr_assert(sdsdot_(&n3, &sb, x, &inc1, y, &inc1) == 1.5f);
    cr_assert(cblas_dsdot(3, x, 1, y, 1) == 1.0 && cblas_sdsdot(3, 0.5f, x, 1, y, 1) == 1.5f);
    const float c[4] = {3, 4, -1, 2};
    const double z[4] = {3, 4, -1, 2};
    cr_assert(scasum_(&n2, c, &inc1) == 10 && dzasum_(&n2, z, &inc1) == 10);
    cr_assert(fabsf(scnrm2_(&n2, c, &inc1) - sqrtf(30)) <= 4e-7f * sqrtf(30));
    cr_assert(fabs(cblas_dznrm2(2, z, 1) - sqrt(30)) <= 4e-16 * sqrt(30));
    cr_assert(cblas_scasum(1, c, 2) == 7 && cblas_scasum(2, c, -1) == 0);
}

static void *dot_thread(void *arg) {
    double *r = arg, x[100];
    for (int i = 0; i < 100; i++) x[i] = 1;
    *r = cblas_ddot(100, x, 1, x, 1);
    return NULL;
}

Test(abi_level1, first_calls_from_threads) {
    pthread_t t[8];
    double r[8];
    for (int i = 0; i < 8; i++) cr_assert(pthread_create(&t[i], NULL, dot_thread, &r[i]) == 0);
    for (int i = 0; i < 8; i++) pthread_join(t[i], NULL);
    for (int i = 0; i < 8; i++) cr_assert(r[i] == 100, "thread %d got %g", i, r[i]);
}
