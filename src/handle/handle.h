/* handle.h: the handle's internals, seen by the handle, memory and API layers only (never by a
 * backend). A handle pairs one backend's ops table with the ctx its routines compute on, and
 * keeps the last error message. */
#ifndef GBLAS_HANDLE_H
#define GBLAS_HANDLE_H

#include <pthread.h>

#include "backend.h"
#include "fault.h"

#define GBLAS_HANDLE_MAGIC 0x67626c6173686e64ULL /* "gblashnd" */
#define GBLAS_HANDLE_DEAD 0x67626c6164656164ULL  /* "gbladead": destroyed, kept in quarantine */

struct gblas_handle_s {
    uint64_t magic;
    gblas_backend_t backend; /* CUDA or CPU, never AUTO */
    gblas_ops ops;
    gblas_ctx ctx;
    void *own_workspace; /* made at creation; ctx.workspace points here unless the user set one */
    char msg[GBLAS_MSG_CAP];
    pthread_mutex_t lock; /* held by every routine call: threads sharing the handle take turns */
};

/* Every routine runs holding its handle, so threads sharing one never share its workspace,
 * result slot or message at the same time. */
static inline void gblas_handle_lock(gblas_handle_t h) { pthread_mutex_lock(&h->lock); }
static inline void gblas_handle_unlock(gblas_handle_t h) { pthread_mutex_unlock(&h->lock); }

/* Formats "fmt" into h's message (or the calling thread's message when h is NULL), returns s. */
gblas_status_t gblas_fail(gblas_handle_t h, gblas_status_t s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Formats fmt into h's message followed by ": " and the message h held before (a backend's
 * detail, which ctx->msg wrote into the same buffer); returns s. */
gblas_status_t gblas_fail_detail(gblas_handle_t h, gblas_status_t s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* NOT_INITIALIZED with "<routine>: handle is NULL" unless h is a live handle. The checks and
 * gblas_finish are inline, their failure messages out of line: the success path of a small call
 * costs a few instructions, not a chain of calls. */
gblas_status_t gblas_handle_invalid(gblas_handle_t h, const char *routine);
static inline gblas_status_t gblas_check_handle(gblas_handle_t h, const char *routine) {
    if (h != NULL && h->magic == GBLAS_HANDLE_MAGIC) return GBLAS_STATUS_SUCCESS;
    return gblas_handle_invalid(h, routine);
}

/* Prefixes a backend's failure detail with the routine's name; passes SUCCESS through. */
gblas_status_t gblas_backend_failed(gblas_handle_t h, const char *routine, gblas_status_t s);
static inline gblas_status_t gblas_finish(gblas_handle_t h, const char *routine,
                                          gblas_status_t s) {
    return s == GBLAS_STATUS_SUCCESS ? s : gblas_backend_failed(h, routine, s);
}

/* Which side can read p: GBLAS_ACCESS_* bits (see gblas_ops.pointer_access). */
static inline int gblas_pointer_access(gblas_handle_t h, const void *p) {
    return h->ops.pointer_access ? h->ops.pointer_access(&h->ctx, p) : GBLAS_ACCESS_BOTH;
}

/* The one way the handle and memory layers allocate backend memory: ops->alloc behind the
 * fault hook (an injected failure reads as the backend's ALLOC_FAILED). */
static inline gblas_status_t gblas_backend_alloc(gblas_handle_t h, void **p, size_t bytes) {
    if (gblas_fault()) {
        *p = NULL;
        return gblas_ctx_fail(&h->ctx, GBLAS_STATUS_ALLOC_FAILED,
                              "could not allocate %zu bytes (injected fault)", bytes);
    }
    return h->ops.alloc(&h->ctx, p, bytes);
}

#define GBLAS_TRY(expr)                                                                        \
    do {                                                                                       \
        gblas_status_t gblas_try_status_ = (expr);                                             \
        if (gblas_try_status_ != GBLAS_STATUS_SUCCESS) return gblas_try_status_;               \
    } while (0)

#endif /* GBLAS_HANDLE_H */
