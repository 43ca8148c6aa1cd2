/* check.h: argument checks shared by the public BLAS entry points. Each returns SUCCESS or the
 * failing status with the handle's message naming the routine, the parameter, its value and the
 * rule. Scalars are read only in host pointer mode, through their element size. */
#ifndef GBLAS_API_CHECK_H
#define GBLAS_API_CHECK_H

#include "handle/handle.h"

/* Each check is inline (the success path is a compare or two); the gblas_*_invalid function
 * it calls on failure writes the message and returns the status. */
gblas_status_t gblas_size_invalid(gblas_handle_t h, const char *routine, const char *name,
                                  int64_t v);
static inline gblas_status_t gblas_check_size(gblas_handle_t h, const char *routine,
                                              const char *name, int64_t v) {
    return v >= 0 ? GBLAS_STATUS_SUCCESS : gblas_size_invalid(h, routine, name, v);
}

/* ld >= max(1, rows); rows_name is the parameter that gives the rows ("m", "k", "n"). */
gblas_status_t gblas_ld_invalid(gblas_handle_t h, const char *routine, const char *name,
                                int64_t ld, const char *rows_name, int64_t rows);
static inline gblas_status_t gblas_check_ld(gblas_handle_t h, const char *routine,
                                            const char *name, int64_t ld,
                                            const char *rows_name, int64_t rows) {
    if (ld >= 1 && ld >= rows) return GBLAS_STATUS_SUCCESS;
    return gblas_ld_invalid(h, routine, name, ld, rows_name, rows);
}

gblas_status_t gblas_inc_invalid(gblas_handle_t h, const char *routine, const char *name);
static inline gblas_status_t gblas_check_inc(gblas_handle_t h, const char *routine,
                                             const char *name, int64_t inc) {
    return inc != 0 ? GBLAS_STATUS_SUCCESS : gblas_inc_invalid(h, routine, name);
}

gblas_status_t gblas_op_invalid(gblas_handle_t h, const char *routine, const char *name,
                                gblas_operation_t op);
static inline gblas_status_t gblas_check_op(gblas_handle_t h, const char *routine,
                                            const char *name, gblas_operation_t op) {
    if (op == GBLAS_OP_N || op == GBLAS_OP_T || op == GBLAS_OP_C) return GBLAS_STATUS_SUCCESS;
    return gblas_op_invalid(h, routine, name, op);
}

/* A vector or matrix operand: when needed, not NULL and readable by the backend. */
gblas_status_t gblas_data_invalid(gblas_handle_t h, const char *routine, const char *name,
                                  const void *p);
static inline gblas_status_t gblas_check_data(gblas_handle_t h, const char *routine,
                                              const char *name, const void *p, int needed) {
    if (!needed || (p != NULL && (gblas_pointer_access(h, p) & GBLAS_ACCESS_BACKEND)))
        return GBLAS_STATUS_SUCCESS;
    return gblas_data_invalid(h, routine, name, p);
}

/* alpha, beta or a result: when needed, not NULL and where the pointer mode says (the host in
 * host mode, the backend in device mode). */
gblas_status_t gblas_scalar_invalid(gblas_handle_t h, const char *routine, const char *name,
                                    const void *p);
static inline gblas_status_t gblas_check_scalar(gblas_handle_t h, const char *routine,
                                                const char *name, const void *p, int needed) {
    if (!needed) return GBLAS_STATUS_SUCCESS;
    const int side = h->ctx.pointer_mode == GBLAS_POINTER_MODE_HOST ? GBLAS_ACCESS_HOST
                                                                     : GBLAS_ACCESS_BACKEND;
    if (p != NULL && (gblas_pointer_access(h, p) & side)) return GBLAS_STATUS_SUCCESS;
    return gblas_scalar_invalid(h, routine, name, p);
}

/* In host pointer mode: whether the scalar (float or double, by elem) equals v. In device mode
 * the value is unknown to the host and the answer is 0. */
int gblas_scalar_equals(gblas_handle_t h, const void *p, size_t elem, double v);

#endif /* GBLAS_API_CHECK_H */
