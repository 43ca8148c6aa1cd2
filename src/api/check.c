/* check.c: the failure messages of the argument checks (the checks are inline in check.h). */
#include <string.h>

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

gblas_status_t gblas_enum_invalid(gblas_handle_t h, const char *routine, const char *name,
                                  int value, const char *allowed) {
    return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s = %d must be %s", routine, name,
                      value, allowed);
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

int gblas_scalar_is(gblas_handle_t h, gblas_type t, const void *p, double v) {
    if (h->ctx.pointer_mode != GBLAS_POINTER_MODE_HOST) return 0;
    switch (t) {
    case GBLAS_TYPE_S: return *(const float *)p == (float)v;
    case GBLAS_TYPE_D: return *(const double *)p == v;
    case GBLAS_TYPE_C: return ((const float *)p)[0] == (float)v && ((const float *)p)[1] == 0;
    case GBLAS_TYPE_Z: return ((const double *)p)[0] == v && ((const double *)p)[1] == 0;
    default: return 0;
    }
}

gblas_status_t gblas_vec_extent_invalid(gblas_handle_t h, const char *routine, const char *name,
                                        int64_t len, const char *inc_name, int64_t inc) {
    return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                      "%s: %s (%lld elements, %s = %lld) reaches past the end of the address "
                      "space",
                      routine, name, (long long)len, inc_name, (long long)inc);
}

gblas_status_t gblas_mat_extent_invalid(gblas_handle_t h, const char *routine, const char *name,
                                        int64_t rows, int64_t cols, const char *ld_name,
                                        int64_t ld) {
    return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                      "%s: %s (%lld x %lld, %s = %lld) reaches past the end of the address space",
                      routine, name, (long long)rows, (long long)cols, ld_name, (long long)ld);
}

gblas_status_t gblas_stride_invalid(gblas_handle_t h, const char *routine, const char *name,
                                    int64_t stride, const char *mat, int64_t extent) {
    if (mat == NULL)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s = %lld must be >= 0", routine,
                          name, (long long)stride);
    return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                      "%s: %s = %lld must be >= %lld, the elements one %s spans, when "
                      "batch_count > 1 (outputs may not overlap)",
                      routine, name, (long long)stride, (long long)extent, mat);
}

gblas_status_t gblas_batch_extent_invalid(gblas_handle_t h, const char *routine, const char *name,
                                          int64_t rows, int64_t cols, const char *ld_name,
                                          int64_t ld, const char *stride_name, int64_t stride,
                                          int64_t count) {
    return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                      "%s: %s (%lld matrices of %lld x %lld, %s = %lld, %s = %lld) reaches past the "
                      "end of the address space",
                      routine, name, (long long)count, (long long)rows, (long long)cols, ld_name,
                      (long long)ld, stride_name, (long long)stride);
}

gblas_status_t gblas_array_extent_invalid(gblas_handle_t h, const char *routine, const char *name,
                                          int64_t count) {
    return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                      "%s: %s (%lld pointers) reaches past the end of the address space", routine,
                      name, (long long)count);
}

gblas_status_t gblas_packed_extent_invalid(gblas_handle_t h, const char *routine,
                                           const char *name, const char *n_name, int64_t n) {
    return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                      "%s: %s (packed, %s = %lld) reaches past the end of the address space",
                      routine, name, n_name, (long long)n);
}

gblas_status_t gblas_quick_result(gblas_handle_t h, const char *routine, void *result,
                                  size_t bytes) {
    if (h->ctx.pointer_mode == GBLAS_POINTER_MODE_HOST) {
        memset(result, 0, bytes);
        return GBLAS_STATUS_SUCCESS;
    }
    return gblas_finish(h, routine, h->ops.zero_fill(&h->ctx, result, bytes));
}
