/* check.c: the failure messages of the argument checks (the checks are inline in check.h). */
#include "api/check.h"

gblas_status_t gblas_size_invalid(gblas_handle_t h, const char *routine, const char *name,
                                  int64_t v) {
    return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s = %lld must be >= 0", routine, name,
                      (long long)v);
}

gblas_status_t gblas_ld_invalid(gblas_handle_t h, const char *routine, const char *name,
                                int64_t ld, const char *rows_name, int64_t rows) {
    return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s = %lld must be >= max(1, %s) = %lld",
                      routine, name, (long long)ld, rows_name, (long long)(rows > 1 ? rows : 1));
}

gblas_status_t gblas_inc_invalid(gblas_handle_t h, const char *routine, const char *name) {
    return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s = 0 must be nonzero", routine, name);
}

gblas_status_t gblas_op_invalid(gblas_handle_t h, const char *routine, const char *name,
                                gblas_operation_t op) {
    return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                      "%s: %s = %d must be GBLAS_OP_N, GBLAS_OP_T or GBLAS_OP_C", routine, name,
                      (int)op);
}

gblas_status_t gblas_data_invalid(gblas_handle_t h, const char *routine, const char *name,
                                  const void *p) {
    if (p == NULL)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s is NULL", routine, name);
    return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                      "%s: %s = %p is host memory; the CUDA backend needs device memory", routine,
                      name, p);
}

gblas_status_t gblas_scalar_invalid(gblas_handle_t h, const char *routine, const char *name,
                                    const void *p) {
    if (p == NULL)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s is NULL", routine, name);
    if (h->ctx.pointer_mode == GBLAS_POINTER_MODE_HOST)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "%s: %s = %p is device memory but the pointer mode is "
                          "GBLAS_POINTER_MODE_HOST",
                          routine, name, p);
    return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                      "%s: %s = %p is host memory but the pointer mode is "
                      "GBLAS_POINTER_MODE_DEVICE",
                      routine, name, p);
}

int gblas_scalar_equals(gblas_handle_t h, const void *p, size_t elem, double v) {
    if (h->ctx.pointer_mode != GBLAS_POINTER_MODE_HOST) return 0;
    return elem == sizeof(float) ? *(const float *)p == (float)v : *(const double *)p == v;
}
