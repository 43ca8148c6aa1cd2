/* handle.c: handle lifecycle (backend choice, workspace), stream, pointer mode, threads.
 * Only this file knows which backends exist. Every call that reads or writes the handle's
 * state holds its lock, so threads may share a handle (gblas.h). */
#include <stdlib.h>
#include <string.h>

#include "handle/handle.h"

/* Destroyed handles stay allocated, marked GBLAS_HANDLE_DEAD with everything else released,
 * until QUARANTINE later destroys have passed: a second destroy, or a call on a handle destroyed
 * that recently, reads memory that is still ours and gets NOT_INITIALIZED. Older ones are freed
 * (a call on them is then a use after free, as gblas.h says). */
#define QUARANTINE 16
static pthread_mutex_t quarantine_lock = PTHREAD_MUTEX_INITIALIZER;
static gblas_handle_t quarantine[QUARANTINE]; /* a ring; NULL slots not yet used */
static unsigned quarantine_next;

static void bury(gblas_handle_t h) {
    pthread_mutex_lock(&quarantine_lock);
    gblas_handle_t oldest = quarantine[quarantine_next];
    quarantine[quarantine_next] = h;
    quarantine_next = (quarantine_next + 1) % QUARANTINE;
    pthread_mutex_unlock(&quarantine_lock);
    free(oldest);
}

/* Fills h->ops and h->ctx from one backend; on failure h->msg holds the reason. */
static gblas_status_t init_backend(gblas_handle_t h, gblas_backend_t backend) {
    if (backend == GBLAS_BACKEND_CPU) {
        h->backend = GBLAS_BACKEND_CPU;
        return gblas_cpu_backend_init(&h->ctx, &h->ops);
    }
#ifdef GBLAS_HAVE_CUDA
    gblas_status_t s = gblas_cuda_backend_init(&h->ctx, &h->ops);
    if (s == GBLAS_STATUS_SUCCESS || backend == GBLAS_BACKEND_CUDA) {
        h->backend = GBLAS_BACKEND_CUDA;
        return s;
    }
    /* AUTO: no usable device, run on the CPU. */
    memset(&h->ops, 0, sizeof h->ops);
    h->ctx.state = NULL;
    h->backend = GBLAS_BACKEND_CPU;
    return gblas_cpu_backend_init(&h->ctx, &h->ops);
#else
    if (backend == GBLAS_BACKEND_CUDA)
        return gblas_ctx_fail(&h->ctx, GBLAS_STATUS_NOT_SUPPORTED,
                              "this library was built without the CUDA backend");
    h->backend = GBLAS_BACKEND_CPU;
    return gblas_cpu_backend_init(&h->ctx, &h->ops);
#endif
}

gblas_status_t gblas_create(gblas_handle_t *out, gblas_backend_t backend) {
    if (out == NULL) return gblas_fail(NULL, GBLAS_STATUS_INVALID_VALUE, "gblas_create: h is NULL");
    *out = NULL;
    if (backend != GBLAS_BACKEND_AUTO && backend != GBLAS_BACKEND_CUDA &&
        backend != GBLAS_BACKEND_CPU)
        return gblas_fail(NULL, GBLAS_STATUS_INVALID_VALUE,
                          "gblas_create: backend = %d must be GBLAS_BACKEND_AUTO, "
                          "GBLAS_BACKEND_CUDA or GBLAS_BACKEND_CPU",
                          (int)backend);
    gblas_handle_t h = gblas_fault() ? NULL : calloc(1, sizeof *h);
    if (h == NULL)
        return gblas_fail(NULL, GBLAS_STATUS_ALLOC_FAILED,
                          "gblas_create: could not allocate the handle");
    h->ctx.msg = h->msg;
    h->ctx.pointer_mode = GBLAS_POINTER_MODE_HOST;
    gblas_status_t s = init_backend(h, backend);
    if (h->ctx.num_threads > GBLAS_MAX_THREADS) h->ctx.num_threads = GBLAS_MAX_THREADS;
    if (s == GBLAS_STATUS_SUCCESS) {
        s = gblas_backend_alloc(h, &h->own_workspace, h->ops.workspace_min);
        if (s == GBLAS_STATUS_SUCCESS) {
            h->ctx.workspace = h->own_workspace;
            h->ctx.workspace_bytes = h->ops.workspace_min;
            if (pthread_mutex_init(&h->lock, NULL) == 0) {
                h->magic = GBLAS_HANDLE_MAGIC;
                h->msg[0] = '\0'; /* AUTO may have left why CUDA was not usable */
                *out = h;
                return s;
            }
            h->ops.dealloc(&h->ctx, h->own_workspace);
            s = gblas_ctx_fail(&h->ctx, GBLAS_STATUS_INTERNAL_ERROR, "pthread_mutex_init failed");
        }
        if (h->ops.release) h->ops.release(&h->ctx);
    }
    gblas_fail(NULL, s, "gblas_create: %s", h->msg);
    free(h);
    return s;
}

gblas_status_t gblas_destroy(gblas_handle_t h) {
    if (h == NULL) return GBLAS_STATUS_SUCCESS;
    GBLAS_TRY(gblas_check_handle(h, "gblas_destroy"));
    gblas_handle_lock(h); /* a call still running on another thread finishes first */
    gblas_status_t s = h->ops.synchronize(&h->ctx);
    if (s != GBLAS_STATUS_SUCCESS) gblas_fail(NULL, s, "gblas_destroy: %s", h->msg);
    if (h->own_workspace) h->ops.dealloc(&h->ctx, h->own_workspace);
    if (h->ops.release) h->ops.release(&h->ctx);
    h->magic = GBLAS_HANDLE_DEAD;
    gblas_handle_unlock(h);
    pthread_mutex_destroy(&h->lock);
    bury(h);
    return s;
}

gblas_status_t gblas_get_backend(gblas_handle_t h, gblas_backend_t *backend) {
    GBLAS_TRY(gblas_check_handle(h, "gblas_get_backend"));
    if (backend == NULL)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "gblas_get_backend: backend is NULL");
    *backend = h->backend;
    return GBLAS_STATUS_SUCCESS;
}

const char *gblas_backend_detail(gblas_handle_t h) {
    if (h == NULL || h->magic != GBLAS_HANDLE_MAGIC) return "invalid handle";
    return h->ctx.detail;
}

/* Each setter and getter below is its unlocked body, called holding the handle's lock. */
static gblas_status_t set_stream(gblas_handle_t h, gblas_stream_t s) {
    GBLAS_TRY(gblas_finish(h, "gblas_set_stream", h->ops.check_stream(&h->ctx, s)));
    h->ctx.stream = s;
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_set_stream(gblas_handle_t h, gblas_stream_t s) {
    GBLAS_TRY(gblas_check_handle(h, "gblas_set_stream"));
    gblas_handle_lock(h);
    const gblas_status_t st = set_stream(h, s);
    gblas_handle_unlock(h);
    return st;
}

static gblas_status_t get_stream(gblas_handle_t h, gblas_stream_t *s) {
    if (s == NULL) return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "gblas_get_stream: s is NULL");
    *s = h->ctx.stream;
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_get_stream(gblas_handle_t h, gblas_stream_t *s) {
    GBLAS_TRY(gblas_check_handle(h, "gblas_get_stream"));
    gblas_handle_lock(h);
    const gblas_status_t st = get_stream(h, s);
    gblas_handle_unlock(h);
    return st;
}

static gblas_status_t set_pointer_mode(gblas_handle_t h, gblas_pointer_mode_t mode) {
    if (mode != GBLAS_POINTER_MODE_HOST && mode != GBLAS_POINTER_MODE_DEVICE)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "gblas_set_pointer_mode: mode = %d must be GBLAS_POINTER_MODE_HOST or "
                          "GBLAS_POINTER_MODE_DEVICE",
                          (int)mode);
    h->ctx.pointer_mode = mode;
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_set_pointer_mode(gblas_handle_t h, gblas_pointer_mode_t mode) {
    GBLAS_TRY(gblas_check_handle(h, "gblas_set_pointer_mode"));
    gblas_handle_lock(h);
    const gblas_status_t s = set_pointer_mode(h, mode);
    gblas_handle_unlock(h);
    return s;
}

static gblas_status_t get_pointer_mode(gblas_handle_t h, gblas_pointer_mode_t *mode) {
    if (mode == NULL)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "gblas_get_pointer_mode: mode is NULL");
    *mode = h->ctx.pointer_mode;
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_get_pointer_mode(gblas_handle_t h, gblas_pointer_mode_t *mode) {
    GBLAS_TRY(gblas_check_handle(h, "gblas_get_pointer_mode"));
    gblas_handle_lock(h);
    const gblas_status_t s = get_pointer_mode(h, mode);
    gblas_handle_unlock(h);
    return s;
}

static gblas_status_t set_workspace(gblas_handle_t h, void *ws, size_t bytes) {
    if (ws == NULL && bytes == 0) { /* back to the handle's own */
        h->ctx.workspace = h->own_workspace;
        h->ctx.workspace_bytes = h->ops.workspace_min;
        return GBLAS_STATUS_SUCCESS;
    }
    if (ws == NULL)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "gblas_set_workspace: ws is NULL but bytes = %zu", bytes);
    if ((uintptr_t)ws % GBLAS_WORKSPACE_ALIGN != 0)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "gblas_set_workspace: ws = %p must be aligned to %d bytes", ws,
                          GBLAS_WORKSPACE_ALIGN);
    if (!(gblas_pointer_access(h, ws) & GBLAS_ACCESS_BACKEND))
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "gblas_set_workspace: ws = %p is host memory; the CUDA backend needs "
                          "device memory",
                          ws);
    if (bytes < h->ops.workspace_min)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "gblas_set_workspace: bytes = %zu must be >= %zu (gblas_workspace_size)",
                          bytes, h->ops.workspace_min);
    h->ctx.workspace = ws;
    h->ctx.workspace_bytes = bytes;
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_set_workspace(gblas_handle_t h, void *ws, size_t bytes) {
    GBLAS_TRY(gblas_check_handle(h, "gblas_set_workspace"));
    gblas_handle_lock(h);
    const gblas_status_t s = set_workspace(h, ws, bytes);
    gblas_handle_unlock(h);
    return s;
}

gblas_status_t gblas_workspace_size(gblas_handle_t h, size_t *bytes) {
    GBLAS_TRY(gblas_check_handle(h, "gblas_workspace_size"));
    if (bytes == NULL)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "gblas_workspace_size: bytes is NULL");
    *bytes = h->ops.workspace_min;
    return GBLAS_STATUS_SUCCESS;
}

static gblas_status_t set_num_threads(gblas_handle_t h, int threads) {
    /* The bound keeps the OpenMP runtime from failing to start the team (a failure it reports
     * by printing and exiting the process). */
    if (threads < 1)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "gblas_set_num_threads: threads = %d must be >= 1", threads);
    if (threads > GBLAS_MAX_THREADS)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "gblas_set_num_threads: threads = %d must be <= GBLAS_MAX_THREADS = %d",
                          threads, GBLAS_MAX_THREADS);
    h->ctx.num_threads = threads;
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_set_num_threads(gblas_handle_t h, int threads) {
    GBLAS_TRY(gblas_check_handle(h, "gblas_set_num_threads"));
    gblas_handle_lock(h);
    const gblas_status_t s = set_num_threads(h, threads);
    gblas_handle_unlock(h);
    return s;
}

static gblas_status_t get_num_threads(gblas_handle_t h, int *threads) {
    if (threads == NULL)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "gblas_get_num_threads: threads is NULL");
    *threads = h->ctx.num_threads;
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_get_num_threads(gblas_handle_t h, int *threads) {
    GBLAS_TRY(gblas_check_handle(h, "gblas_get_num_threads"));
    gblas_handle_lock(h);
    const gblas_status_t s = get_num_threads(h, threads);
    gblas_handle_unlock(h);
    return s;
}

gblas_status_t gblas_synchronize(gblas_handle_t h) {
    GBLAS_TRY(gblas_check_handle(h, "gblas_synchronize"));
    gblas_handle_lock(h);
    const gblas_status_t s =
        gblas_finish(h, "gblas_synchronize", h->ops.synchronize(&h->ctx));
    gblas_handle_unlock(h);
    return s;
}
