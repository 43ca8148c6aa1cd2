/* check.h: argument checks shared by the public BLAS entry points. Each returns SUCCESS or the
 * failing status with the handle's message naming the routine, the parameter, its value and the
 * rule. Scalars are read only in host pointer mode, through their element size. */
#ifndef GBLAS_API_CHECK_H
#define GBLAS_API_CHECK_H

#include "handle/handle.h"

gblas_status_t gblas_check_size(gblas_handle_t h, const char *routine, const char *name,
                                int64_t v);
/* ld >= max(1, rows); rows_name is the parameter that gives the rows ("m", "k", "n"). */
gblas_status_t gblas_check_ld(gblas_handle_t h, const char *routine, const char *name, int64_t ld,
                              const char *rows_name, int64_t rows);
gblas_status_t gblas_check_inc(gblas_handle_t h, const char *routine, const char *name,
                               int64_t inc);
gblas_status_t gblas_check_op(gblas_handle_t h, const char *routine, const char *name,
                              gblas_operation_t op);
/* A vector or matrix operand: when needed, not NULL and readable by the backend. */
gblas_status_t gblas_check_data(gblas_handle_t h, const char *routine, const char *name,
                                const void *p, int needed);
/* alpha, beta or a result: when needed, not NULL and where the pointer mode says. */
gblas_status_t gblas_check_scalar(gblas_handle_t h, const char *routine, const char *name,
                                  const void *p, int needed);
/* In host pointer mode: whether the scalar (float or double, by elem) equals v. In device mode
 * the value is unknown to the host and the answer is 0. */
int gblas_scalar_equals(gblas_handle_t h, const void *p, size_t elem, double v);

#endif /* GBLAS_API_CHECK_H */
