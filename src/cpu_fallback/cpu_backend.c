/* cpu_backend.c: the CPU backend's entry point and its memory side. Backend memory is aligned
 * host memory, both sides can read every pointer, copies are host-to-host memcpy, routines run
 * synchronously on the calling thread (plus an OpenMP team), so there is no stream. */
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "cpu_paths.h"

/* Allocations are aligned to the handle's workspace alignment (256), which is also the
 * 64 bytes gblas.h promises, so the handle can take its workspace from ops->alloc. */
#define CPU_ALLOC_ALIGN ((size_t)GBLAS_WORKSPACE_ALIGN)
_Static_assert(GBLAS_WORKSPACE_ALIGN % 64 == 0, "allocations must stay 64-byte aligned");

static gblas_status_t cpu_alloc(gblas_ctx *ctx, void **p, size_t bytes) {
    *p = NULL;
    if (bytes == 0) return GBLAS_STATUS_SUCCESS;
    if (bytes > SIZE_MAX - (CPU_ALLOC_ALIGN - 1))
        return gblas_ctx_fail(ctx, GBLAS_STATUS_ALLOC_FAILED,
                              "cannot allocate %zu bytes of host memory", bytes);
    /* aligned_alloc wants the size to be a multiple of the alignment. */
    const size_t rounded = (bytes + CPU_ALLOC_ALIGN - 1) / CPU_ALLOC_ALIGN * CPU_ALLOC_ALIGN;
    *p = aligned_alloc(CPU_ALLOC_ALIGN, rounded);
    if (*p == NULL)
        return gblas_ctx_fail(ctx, GBLAS_STATUS_ALLOC_FAILED,
                              "aligned_alloc of %zu bytes of host memory failed", rounded);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t cpu_dealloc(gblas_ctx *ctx, void *p) {
    (void)ctx;
    free(p);
    return GBLAS_STATUS_SUCCESS;
}

/* rows x cols elements of elem bytes; column j starts at src + j * lds and dst + j * ldd
 * elements. One memcpy when both sides are packed (including unit-stride vectors). */
static gblas_status_t cpu_copy_2d(gblas_ctx *ctx, gblas_copy_dir_t dir, int64_t rows,
                                  int64_t cols, size_t elem, const void *src, int64_t lds,
                                  void *dst, int64_t ldd, int async) {
    (void)ctx;
    (void)dir;
    (void)async;
    const char *s = src;
    char *d = dst;
    const size_t col_bytes = (size_t)rows * elem;
    if (cols == 1 || (lds == rows && ldd == rows)) {
        memcpy(d, s, col_bytes * (size_t)cols);
        return GBLAS_STATUS_SUCCESS;
    }
    for (int64_t j = 0; j < cols; j++)
        memcpy(d + (size_t)j * (size_t)ldd * elem, s + (size_t)j * (size_t)lds * elem, col_bytes);
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t cpu_synchronize(gblas_ctx *ctx) {
    (void)ctx;
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t cpu_check_stream(gblas_ctx *ctx, gblas_stream_t s) {
    if (s != NULL)
        return gblas_ctx_fail(ctx, GBLAS_STATUS_INVALID_VALUE,
                              "the CPU backend has no streams; stream must be NULL");
    return GBLAS_STATUS_SUCCESS;
}

/* Routines run synchronously here, so "ordered on the stream" is simply now. */
static gblas_status_t cpu_zero_fill(gblas_ctx *ctx, void *p, size_t bytes) {
    (void)ctx;
    memset(p, 0, bytes);
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_cpu_backend_init(gblas_ctx *ctx, gblas_ops *ops) {
    gblas_cpu_level_t level;
    const gblas_status_t st = gblas_cpu_select_level(ctx, &level);
    if (st != GBLAS_STATUS_SUCCESS) return st;

    /* 512 KiB of reduction partials; the AVX levels add their GEMM packing region (see
     * cpu_paths.h) when gblas_cpu_fill_routines installs them. */
    ops->workspace_min = GBLAS_CPU_WORKSPACE_BYTES;
    ops->release = NULL; /* the CPU backend keeps no ctx->state */
    ops->alloc = cpu_alloc;
    ops->dealloc = cpu_dealloc;
    ops->pointer_access = NULL; /* every pointer is host memory */
    ops->copy_2d = cpu_copy_2d;
    ops->synchronize = cpu_synchronize;
    ops->check_stream = cpu_check_stream;
    ops->zero_fill = cpu_zero_fill;
    gblas_cpu_fill_routines(ops, level);

    ctx->state = NULL;
    if (ctx->num_threads == 0) ctx->num_threads = omp_get_max_threads();
    strcpy(ctx->detail, "cpu:");
    strcat(ctx->detail, gblas_cpu_level_name(level));
    return GBLAS_STATUS_SUCCESS;
}
