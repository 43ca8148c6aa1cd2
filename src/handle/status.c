/* status.c: status names and descriptions (generated from GBLAS_STATUS_LIST), the version call,
 * and the per-handle / per-thread last-error message. A handle's message belongs to the handle:
 * written under its lock, read back through a per-thread copy taken under the same lock. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "handle/handle.h"

int gblas_version_number(void) { return GBLAS_VERSION_NUMBER; }

const char *gblas_status_name(gblas_status_t s) {
    switch (s) {
#define GBLAS_STATUS_NAME_(name, value, text)                                                  \
    case GBLAS_STATUS_##name: return "GBLAS_STATUS_" #name;
        GBLAS_STATUS_LIST(GBLAS_STATUS_NAME_)
#undef GBLAS_STATUS_NAME_
    }
    return "GBLAS_STATUS_UNKNOWN";
}

const char *gblas_status_string(gblas_status_t s) {
    switch (s) {
#define GBLAS_STATUS_TEXT_(name, value, text)                                                  \
    case GBLAS_STATUS_##name: return text;
        GBLAS_STATUS_LIST(GBLAS_STATUS_TEXT_)
#undef GBLAS_STATUS_TEXT_
    }
    return "unknown status";
}

/* Message of the calling thread's last failure without a handle (NULL handle, failed create). */
static _Thread_local char thread_msg[GBLAS_MSG_CAP];

gblas_status_t gblas_fail(gblas_handle_t h, gblas_status_t s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(h ? h->msg : thread_msg, GBLAS_MSG_CAP, fmt, ap);
    va_end(ap);
    return s;
}

gblas_status_t gblas_fail_detail(gblas_handle_t h, gblas_status_t s, const char *fmt, ...) {
    /* h->msg is both the detail and the destination: format from copies, never in place. */
    char detail[GBLAS_MSG_CAP], prefix[GBLAS_MSG_CAP];
    memcpy(detail, h->msg, sizeof detail);
    detail[GBLAS_MSG_CAP - 1] = '\0';
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(prefix, sizeof prefix, fmt, ap);
    va_end(ap);
    return gblas_fail(h, s, "%s: %s", prefix, detail);
}

gblas_status_t gblas_handle_invalid(gblas_handle_t h, const char *routine) {
    if (h == NULL)
        return gblas_fail(NULL, GBLAS_STATUS_NOT_INITIALIZED, "%s: handle is NULL", routine);
    if (h->magic == GBLAS_HANDLE_DEAD)
        return gblas_fail(NULL, GBLAS_STATUS_NOT_INITIALIZED,
                          "%s: handle = %p was destroyed", routine, (void *)h);
    return gblas_fail(NULL, GBLAS_STATUS_NOT_INITIALIZED,
                      "%s: handle = %p is not a live gblas handle", routine, (void *)h);
}

gblas_status_t gblas_backend_failed(gblas_handle_t h, const char *routine, gblas_status_t s) {
    return gblas_fail_detail(h, s, "%s", routine);
}

/* The calling thread's copy of a handle's message: another thread sharing the handle may
 * write a new one while the caller reads this. */
static _Thread_local char thread_copy[GBLAS_MSG_CAP];

const char *gblas_last_error(gblas_handle_t h) {
    if (h == NULL) return thread_msg;
    if (h->magic != GBLAS_HANDLE_MAGIC) return "invalid handle";
    gblas_handle_lock(h);
    memcpy(thread_copy, h->msg, sizeof thread_copy);
    gblas_handle_unlock(h);
    return thread_copy;
}
