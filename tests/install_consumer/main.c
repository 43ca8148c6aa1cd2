/* main.c: the smallest gblas program: a CPU handle, two vectors in backend memory, one SDOT.
 * Built by check_install.cmake against an installed gblas; exits 0 when the dot is right. */
#include <gblas.h>
#include <stdio.h>

int main(void) {
    const float x[5] = {1, 2, 3, 4, 5}, y[5] = {2, -1, 4, 0.5f, 3};
    gblas_handle_t h = NULL;
    float *dx = NULL, *dy = NULL, dot = -1.0f;
    if (gblas_version_number() != GBLAS_VERSION_NUMBER) {
        fprintf(stderr, "header %d, library %d\n", GBLAS_VERSION_NUMBER, gblas_version_number());
        return 1;
    }
    if (gblas_create(&h, GBLAS_BACKEND_CPU) != GBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "gblas_create: %s\n", gblas_last_error(NULL));
        return 1;
    }
    if (gblas_malloc(h, (void **)&dx, sizeof x) != GBLAS_STATUS_SUCCESS ||
        gblas_malloc(h, (void **)&dy, sizeof y) != GBLAS_STATUS_SUCCESS ||
        gblas_set_vector(h, 5, sizeof(float), x, 1, dx, 1) != GBLAS_STATUS_SUCCESS ||
        gblas_set_vector(h, 5, sizeof(float), y, 1, dy, 1) != GBLAS_STATUS_SUCCESS ||
        gblas_sdot(h, 5, dx, 1, dy, 1, &dot) != GBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "gblas: %s\n", gblas_last_error(h));
        return 1;
    }
    printf("gblas %d on %s: sdot = %g\n", gblas_version_number(), gblas_backend_detail(h), dot);
    gblas_free(h, dx);
    gblas_free(h, dy);
    gblas_destroy(h);
    return dot == 29.0f ? 0 : 1; /* 2 - 2 + 12 + 2 + 15 */
}
