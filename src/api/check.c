/* check.c: the argument rules every public BLAS routine shares (see check.h). */
#include "api/check.h"

gblas_status_t gblas_check_size(gblas_handle_t h, const char *routine, const char *name,
                                int64_t v) {
    if (v < 0)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s = %lld must be >= 0", routine,
                          name, (long long)v);
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_check_ld(gblas_handle_t h, const char *routine, const char *name, int64_t ld,
                              const char *rows_name, int64_t rows) {
    int64_t need = rows > 1 ? rows : 1;
    if (ld < need)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "%s: %s = %lld must be >= max(1, %s) = %lld", routine, name,
                          (long long)ld, rows_name, (long long)need);
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_check_inc(gblas_handle_t h, const char *routine, const char *name,
                               int64_t inc) {
    if (inc == 0)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s = 0 must be nonzero", routine,
                          name);
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_check_op(gblas_handle_t h, const char *routine, const char *name,
                              gblas_operation_t op) {
    if (op != GBLAS_OP_N && op != GBLAS_OP_T && op != GBLAS_OP_C)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "%s: %s = %d must be GBLAS_OP_N, GBLAS_OP_T or GBLAS_OP_C", routine, name,
                          (int)op);
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_check_data(gblas_handle_t h, const char *routine, const char *name,
                                const void *p, int needed) {
    if (!needed) return GBLAS_STATUS_SUCCESS;
    if (p == NULL)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s is NULL", routine, name);
    if (!(h->ops.pointer_access(&h->ctx, p) & GBLAS_ACCESS_BACKEND))
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "%s: %s = %p is host memory; the CUDA backend needs device memory",
                          routine, name, p);
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_check_scalar(gblas_handle_t h, const char *routine, const char *name,
                                  const void *p, int needed) {
    if (!needed) return GBLAS_STATUS_SUCCESS;
    if (p == NULL)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s is NULL", routine, name);
    int access = h->ops.pointer_access(&h->ctx, p);
    if (h->ctx.pointer_mode == GBLAS_POINTER_MODE_HOST && !(access & GBLAS_ACCESS_HOST))
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "%s: %s = %p is device memory but the pointer mode is "
                          "GBLAS_POINTER_MODE_HOST",
                          routine, name, p);
    if (h->ctx.pointer_mode == GBLAS_POINTER_MODE_DEVICE && !(access & GBLAS_ACCESS_BACKEND))
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "%s: %s = %p is host memory but the pointer mode is "
                          "GBLAS_POINTER_MODE_DEVICE",
                          routine, name, p);
    return GBLAS_STATUS_SUCCESS;
}

int gblas_scalar_equals(gblas_handle_t h, const void *p, size_t elem, double v) {
    if (h->ctx.pointer_mode != GBLAS_POINTER_MODE_HOST) return 0;
    return elem == sizeof(float) ? *(const float *)p == (float)v : *(const double *)p == v;
}
