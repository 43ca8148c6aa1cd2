/* test_cuda_memory.c: memory failures and kinds on the CUDA backend: an impossible cudaMalloc
 * gives ALLOC_FAILED with *p NULL and leaves the handle usable; host memory passed where device
 * memory is needed (data, workspace, scalars in device pointer mode) and device memory where
 * host memory is needed (scalars in host pointer mode, the memory API's host side) are
 * reported with messages.md's exact texts. Skips when no device is usable. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness_cuda.h"

/* ---- allocation failure and memory kinds ------------------------------------------------------
 */
Test(cuda, alloc_failure_and_memory_kinds, .timeout = 60) {
    hctx t;
    harness_open_cuda(&t);
    gblas_handle_t h = t.h;
    const gblas_status_t INVALID = GBLAS_STATUS_INVALID_VALUE;
    const size_t huge = (size_t)1 << 50; /* 1 PiB: cudaMalloc itself fails */
    void *p = &t;
    gblas_status_t st = gblas_malloc(h, &p, huge);
    char want[96];
    snprintf(want, sizeof want, "gblas_malloc: could not allocate %zu bytes", huge);
    cr_assert(st == GBLAS_STATUS_ALLOC_FAILED && p == NULL, "gblas_malloc(1 PiB): %s, p = %p",
              gblas_status_name(st), p);
    cr_assert(strncmp(gblas_last_error(h), want, strlen(want)) == 0, "message \"%s\"",
              gblas_last_error(h));

    /* the handle is still usable: the failed cudaMalloc must not leak into later launches */
    double hx[40];
    for (int i = 0; i < 40; i++) hx[i] = i % 7 - 3;
    dbuf x = dbuf_upload(&t, PREC_S, hx, 40), C = dbuf_upload(&t, PREC_S, hx, 40);
    double res = poison_nan(), want_dot = 0, want_c00 = 0, gC[40];
    for (int i = 0; i < 40; i++) want_dot += hx[i] * hx[i];
    for (int l = 0; l < 8; l++) want_c00 += hx[5 * l] * hx[5 * l];
    EXPECT_OK(h, hb_dot(&t, PREC_S, 40, &x, 1, &x, 1, &res));
    cr_assert(res == want_dot, "sdot after ALLOC_FAILED = %g, want %g", res, want_dot);
    EXPECT_OK(h,
              hb_gemm(&t, PREC_S, GBLAS_OP_N, GBLAS_OP_T, 5, 5, 8, 1.0, &x, 5, &x, 5, 0.0, &C, 5));
    dbuf_download(&t, &C, gC);
    cr_assert(gC[0] == want_c00, "sgemm after ALLOC_FAILED: C(0,0) = %g, want %g", gC[0], want_c00);

    /* host memory where device memory is needed, and the reverse */
    float stack_buf[64] = {0}, alpha = 1.0f, fres = 0;
    float *heap = malloc(64 * sizeof(float)), *d = x.p, *d2 = C.p;
    double dres = 0, *heapd = malloc(64 * sizeof(double));
    size_t ws_bytes = 0;
    EXPECT_OK(h, gblas_workspace_size(h, &ws_bytes));
    ws_bytes = (ws_bytes / 256 + 1) * 256; /* large enough and a multiple of the alignment */
    void *host_ws = aligned_alloc(256, ws_bytes);
    cr_assert(heap && heapd && host_ws);
#define HOST_DATA "%s = %p is host memory; the CUDA backend needs device memory"
    EXPECT_ERR(h, gblas_sdot(h, 8, heap, 1, d, 1, &fres), INVALID, "gblas_sdot: " HOST_DATA, "x",
               (void *)heap);
    EXPECT_ERR(h, gblas_sdot(h, 8, d, 1, stack_buf, 1, &fres), INVALID, "gblas_sdot: " HOST_DATA,
               "y", (void *)stack_buf);
    EXPECT_ERR(h, gblas_dnrm2(h, 8, heapd, 1, &dres), INVALID, "gblas_dnrm2: " HOST_DATA, "x",
               (void *)heapd);
    EXPECT_ERR(h, gblas_saxpy(h, 8, &alpha, d, 1, heap, 1), INVALID, "gblas_saxpy: " HOST_DATA, "y",
               (void *)heap);
    EXPECT_ERR(h, gblas_sscal(h, 8, &alpha, heap, 1), INVALID, "gblas_sscal: " HOST_DATA, "x",
               (void *)heap);
    EXPECT_ERR(h, gblas_scopy(h, 8, heap, 1, d, 1), INVALID, "gblas_scopy: " HOST_DATA, "x",
               (void *)heap);
    EXPECT_ERR(h, gblas_sgemv(h, GBLAS_OP_N, 4, 4, &alpha, d, 4, d, 1, &alpha, heap, 1), INVALID,
               "gblas_sgemv: " HOST_DATA, "y", (void *)heap);
    EXPECT_ERR(
        h, gblas_sgemm(h, GBLAS_OP_N, GBLAS_OP_N, 4, 4, 4, &alpha, heap, 4, d, 4, &alpha, d2, 4),
        INVALID, "gblas_sgemm: " HOST_DATA, "A", (void *)heap);
    EXPECT_ERR(
        h,
        gblas_sgemm(h, GBLAS_OP_N, GBLAS_OP_N, 4, 4, 4, &alpha, d, 4, d, 4, &alpha, stack_buf, 4),
        INVALID, "gblas_sgemm: " HOST_DATA, "C", (void *)stack_buf);
    EXPECT_ERR(h, gblas_set_workspace(h, host_ws, ws_bytes), INVALID,
               "gblas_set_workspace: " HOST_DATA, "ws", host_ws);
#define DEV_SCALAR "%s = %p is device memory but the pointer mode is GBLAS_POINTER_MODE_HOST"
    EXPECT_ERR(h, gblas_sdot(h, 8, d, 1, d, 1, d2 + 32), INVALID, "gblas_sdot: " DEV_SCALAR,
               "result", (void *)(d2 + 32));
    EXPECT_ERR(h, gblas_saxpy(h, 8, d2, d, 1, d2 + 16, 1), INVALID, "gblas_saxpy: " DEV_SCALAR,
               "alpha", (void *)d2);
    EXPECT_ERR(h,
               gblas_sgemm(h, GBLAS_OP_T, GBLAS_OP_N, 4, 4, 4, &alpha, d, 4, d, 4, d2, d2 + 16, 4),
               INVALID, "gblas_sgemm: " DEV_SCALAR, "beta", (void *)d2);
    EXPECT_OK(h, gblas_set_pointer_mode(h, GBLAS_POINTER_MODE_DEVICE));
#define HOST_SCALAR "%s = %p is host memory but the pointer mode is GBLAS_POINTER_MODE_DEVICE"
    EXPECT_ERR(h, gblas_sdot(h, 8, d, 1, d, 1, &fres), INVALID, "gblas_sdot: " HOST_SCALAR,
               "result", (void *)&fres);
    EXPECT_ERR(h, gblas_dnrm2(h, 8, (double *)d, 1, &dres), INVALID, "gblas_dnrm2: " HOST_SCALAR,
               "result", (void *)&dres);
    EXPECT_ERR(h, gblas_sscal(h, 8, &alpha, d2, 1), INVALID, "gblas_sscal: " HOST_SCALAR, "alpha",
               (void *)&alpha);
    EXPECT_ERR(h, gblas_sgemv(h, GBLAS_OP_T, 4, 4, d, d, 4, d, 1, &alpha, d2, 1), INVALID,
               "gblas_sgemv: " HOST_SCALAR, "beta", (void *)&alpha);
    EXPECT_OK(h, gblas_set_pointer_mode(h, GBLAS_POINTER_MODE_HOST));
#define DEV_HOST "%s = %p is device memory; it must be host memory"
    EXPECT_ERR(h, gblas_set_matrix(h, 4, 4, 4, heap, 4, stack_buf, 4), INVALID,
               "gblas_set_matrix: " HOST_DATA, "dev", (void *)stack_buf);
    EXPECT_ERR(h, gblas_set_matrix(h, 4, 4, 4, d, 4, d2, 4), INVALID, "gblas_set_matrix: " DEV_HOST,
               "host", (void *)d);
    EXPECT_ERR(h, gblas_get_matrix(h, 4, 4, 4, heap, 4, stack_buf, 4), INVALID,
               "gblas_get_matrix: " HOST_DATA, "dev", (void *)heap);
    EXPECT_ERR(h, gblas_get_matrix_async(h, 4, 4, 4, d, 4, d2, 4), INVALID,
               "gblas_get_matrix_async: " DEV_HOST, "host", (void *)d2);
    EXPECT_ERR(h, gblas_set_vector(h, 4, 4, d, 1, d2, 1), INVALID, "gblas_set_vector: " DEV_HOST,
               "host", (void *)d);
    EXPECT_ERR(h, gblas_get_vector_async(h, 4, 4, stack_buf, 1, heap, 1), INVALID,
               "gblas_get_vector_async: " HOST_DATA, "dev", (void *)stack_buf);
    res = poison_nan();
    EXPECT_OK(h, hb_dot(&t, PREC_S, 40, &x, 1, &x, 1, &res));
    cr_assert(res == want_dot, "sdot after the failed calls = %g, want %g", res, want_dot);
    free(heap);
    free(heapd);
    free(host_ws);
    dbuf_free(&t, &x);
    dbuf_free(&t, &C);
    harness_close(&t);
}
