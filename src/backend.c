/* backend.c: the one helper that backends share, writing a failure detail into the ctx. */
#include <stdarg.h>
#include <stdio.h>

#include "backend.h"

gblas_status_t gblas_ctx_fail(gblas_ctx *ctx, gblas_status_t status, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->msg, GBLAS_MSG_CAP, fmt, ap);
    va_end(ap);
    return status;
}
