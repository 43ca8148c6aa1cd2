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

/* uplo, diag and side: one of their enumerators (allowed names them for the message). */
gblas_status_t gblas_enum_invalid(gblas_handle_t h, const char *routine, const char *name,
                                  int value, const char *allowed);
static inline gblas_status_t gblas_check_uplo(gblas_handle_t h, const char *routine,
                                              const char *name, gblas_fill_mode_t v) {
    if (v == GBLAS_FILL_MODE_LOWER || v == GBLAS_FILL_MODE_UPPER) return GBLAS_STATUS_SUCCESS;
    return gblas_enum_invalid(h, routine, name, (int)v,
                              "GBLAS_FILL_MODE_LOWER or GBLAS_FILL_MODE_UPPER");
}
static inline gblas_status_t gblas_check_diag(gblas_handle_t h, const char *routine,
                                              const char *name, gblas_diag_type_t v) {
    if (v == GBLAS_DIAG_NON_UNIT || v == GBLAS_DIAG_UNIT) return GBLAS_STATUS_SUCCESS;
    return gblas_enum_invalid(h, routine, name, (int)v, "GBLAS_DIAG_NON_UNIT or GBLAS_DIAG_UNIT");
}
static inline gblas_status_t gblas_check_side(gblas_handle_t h, const char *routine,
                                              const char *name, gblas_side_mode_t v) {
    if (v == GBLAS_SIDE_LEFT || v == GBLAS_SIDE_RIGHT) return GBLAS_STATUS_SUCCESS;
    return gblas_enum_invalid(h, routine, name, (int)v, "GBLAS_SIDE_LEFT or GBLAS_SIDE_RIGHT");
}

/* The rows of a band matrix's storage, kl + ku + 1 (kl, ku >= 0), saturated at INT64_MAX so
 * that huge bandwidths fail the leading-dimension check instead of overflowing. */
static inline int64_t gblas_band_rows(int64_t kl, int64_t ku) {
    return kl >= INT64_MAX - ku ? INT64_MAX : kl + ku + 1;
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

/* Bytes of one element of type t, and of its real part. */
static inline size_t gblas_type_size(gblas_type t) {
    static const size_t bytes[GBLAS_TYPE_COUNT] = {4, 8, 8, 16};
    return bytes[t];
}
static inline size_t gblas_real_size(gblas_type t) {
    return t == GBLAS_TYPE_S || t == GBLAS_TYPE_C ? 4 : 8;
}

/* In host pointer mode: whether the scalar of type t equals the real value v (a complex one
 * with a zero imaginary part). In device mode the value is unknown to the host: 0. */
int gblas_scalar_is(gblas_handle_t h, gblas_type t, const void *p, double v);

/* Whether an operand whose last element is at element offset `last` (>= 0) from p, elements
 * of elem bytes, lies inside the address space: the byte offset neither overflows nor reaches
 * past GBLAS_ADDRESS_TOP. */
#if defined(__x86_64__)
#define GBLAS_ADDRESS_TOP ((uint64_t)1 << 47) /* user space of 4-level paging (Linux's default) */
#elif defined(__aarch64__)
#define GBLAS_ADDRESS_TOP ((uint64_t)1 << 48) /* 48-bit user virtual addresses */
#else
#define GBLAS_ADDRESS_TOP ((uint64_t)UINTPTR_MAX)
#endif
static inline int gblas_extent_fits(const void *p, uint64_t last, size_t elem) {
    if (last > (GBLAS_ADDRESS_TOP - 1) / elem) return 0;
    return (uint64_t)(uintptr_t)p <= GBLAS_ADDRESS_TOP - 1 - last * elem;
}

/* A vector operand, in BLAS order: the data (when needed), its increment, its extent (when
 * needed). len_ is its element count. */
gblas_status_t gblas_vec_extent_invalid(gblas_handle_t h, const char *routine, const char *name,
                                        int64_t len, const char *inc_name, int64_t inc);
static inline gblas_status_t gblas_check_vec(gblas_handle_t h, const char *routine, gblas_type t,
                                             const char *name, const void *p, int64_t len,
                                             const char *inc_name, int64_t inc, int needed) {
    GBLAS_TRY(gblas_check_data(h, routine, name, p, needed));
    GBLAS_TRY(gblas_check_inc(h, routine, inc_name, inc));
    if (!needed || len <= 0) return GBLAS_STATUS_SUCCESS;
    const uint64_t step = inc < 0 ? 0 - (uint64_t)inc : (uint64_t)inc;
    const uint64_t steps = (uint64_t)len - 1;
    if (steps == 0 || (step <= UINT64_MAX / steps &&
                       gblas_extent_fits(p, steps * step, gblas_type_size(t))))
        return GBLAS_STATUS_SUCCESS;
    return gblas_vec_extent_invalid(h, routine, name, len, inc_name, inc);
}

/* A matrix operand rows x cols, in BLAS order: the data (when needed), its leading dimension
 * (>= max(1, ld_rows), ld_rows named rows_name), its extent (when needed). */
gblas_status_t gblas_mat_extent_invalid(gblas_handle_t h, const char *routine, const char *name,
                                        int64_t rows, int64_t cols, const char *ld_name,
                                        int64_t ld);
static inline gblas_status_t gblas_check_mat(gblas_handle_t h, const char *routine, gblas_type t,
                                             const char *name, const void *p, int64_t rows,
                                             int64_t cols, const char *ld_name, int64_t ld,
                                             const char *rows_name, int64_t ld_rows,
                                             int needed) {
    GBLAS_TRY(gblas_check_data(h, routine, name, p, needed));
    GBLAS_TRY(gblas_check_ld(h, routine, ld_name, ld, rows_name, ld_rows));
    if (!needed || rows <= 0 || cols <= 0) return GBLAS_STATUS_SUCCESS;
    const uint64_t c = (uint64_t)cols - 1;
    if (c == 0 || (uint64_t)ld <= (UINT64_MAX - (uint64_t)rows) / c) {
        const uint64_t last = (uint64_t)rows - 1 + c * (uint64_t)ld;
        if (gblas_extent_fits(p, last, gblas_type_size(t))) return GBLAS_STATUS_SUCCESS;
    }
    return gblas_mat_extent_invalid(h, routine, name, rows, cols, ld_name, ld);
}

/* A strided batch of count rows x cols matrices, the i-th at p + i stride, in BLAS order: the
 * data (when needed), the leading dimension, the stride (>= 0; for an output, when needed and
 * count > 1, at least one matrix's extent, so that no two overlap), the batch's extent (when
 * needed). */
gblas_status_t gblas_stride_invalid(gblas_handle_t h, const char *routine, const char *name,
                                    int64_t stride, const char *mat, int64_t extent);
gblas_status_t gblas_batch_extent_invalid(gblas_handle_t h, const char *routine, const char *name,
                                          int64_t rows, int64_t cols, const char *ld_name,
                                          int64_t ld, const char *stride_name, int64_t stride,
                                          int64_t count);
static inline gblas_status_t gblas_check_mat_strided(
    gblas_handle_t h, const char *routine, gblas_type t, const char *name, const void *p,
    int64_t rows, int64_t cols, const char *ld_name, int64_t ld, const char *rows_name,
    int64_t ld_rows, const char *stride_name, int64_t stride, int64_t count, int out,
    int needed) {
    GBLAS_TRY(gblas_check_data(h, routine, name, p, needed));
    GBLAS_TRY(gblas_check_ld(h, routine, ld_name, ld, rows_name, ld_rows));
    if (stride < 0) return gblas_stride_invalid(h, routine, stride_name, stride, NULL, 0);
    if (!needed || rows <= 0 || cols <= 0 || count <= 0) return GBLAS_STATUS_SUCCESS;
    /* one matrix's last element, then the batch's: (count - 1) stride + that */
    const uint64_t c = (uint64_t)cols - 1, top = GBLAS_ADDRESS_TOP - 1;
    int fits = c == 0 || (uint64_t)ld <= (top - (uint64_t)rows) / c;
    const uint64_t last = fits ? (uint64_t)rows - 1 + c * (uint64_t)ld : 0;
    if (fits && out && count > 1 && (uint64_t)stride <= last)
        return gblas_stride_invalid(h, routine, stride_name, stride, name, (int64_t)last + 1);
    const uint64_t more = (uint64_t)count - 1;
    fits = fits && (more == 0 || (uint64_t)stride <= (top - last) / more);
    if (fits && gblas_extent_fits(p, last + more * (uint64_t)stride, gblas_type_size(t)))
        return GBLAS_STATUS_SUCCESS;
    return gblas_batch_extent_invalid(h, routine, name, rows, cols, ld_name, ld, stride_name,
                                      stride, count);
}

/* A batch given by an array of count pointers in backend memory, each to a matrix with
 * leading dimension ld, in BLAS order: the array (when needed), ld, the array's extent. The
 * pointers in the array are the caller's to get right: the host cannot read device memory
 * without waiting. */
gblas_status_t gblas_array_extent_invalid(gblas_handle_t h, const char *routine, const char *name,
                                          int64_t count);
static inline gblas_status_t gblas_check_mat_array(gblas_handle_t h, const char *routine,
                                                   const char *name, const void *p,
                                                   const char *ld_name, int64_t ld,
                                                   const char *rows_name, int64_t ld_rows,
                                                   int64_t count, int needed) {
    GBLAS_TRY(gblas_check_data(h, routine, name, p, needed));
    GBLAS_TRY(gblas_check_ld(h, routine, ld_name, ld, rows_name, ld_rows));
    if (!needed || count <= 0 || gblas_extent_fits(p, (uint64_t)count - 1, sizeof(void *)))
        return GBLAS_STATUS_SUCCESS;
    return gblas_array_extent_invalid(h, routine, name, count);
}

/* A packed triangle of an n x n matrix, n (n + 1) / 2 elements, in BLAS order: the data
 * (when needed), its extent (when needed). */
gblas_status_t gblas_packed_extent_invalid(gblas_handle_t h, const char *routine,
                                           const char *name, const char *n_name, int64_t n);
static inline gblas_status_t gblas_check_packed(gblas_handle_t h, const char *routine,
                                                gblas_type t, const char *name, const void *p,
                                                const char *n_name, int64_t n, int needed) {
    GBLAS_TRY(gblas_check_data(h, routine, name, p, needed));
    if (!needed || n <= 0) return GBLAS_STATUS_SUCCESS;
    /* last = n (n + 1) / 2 - 1, computed without overflow: n < 2^32 keeps n (n + 1) in range */
    if ((uint64_t)n < ((uint64_t)1 << 32)) {
        const uint64_t last = (uint64_t)n * ((uint64_t)n + 1) / 2 - 1;
        if (gblas_extent_fits(p, last, gblas_type_size(t))) return GBLAS_STATUS_SUCCESS;
    }
    return gblas_packed_extent_invalid(h, routine, name, n_name, n);
}

/* The early return of a routine with a result: zero written to the host in host pointer mode,
 * else enqueued on the backend (ops->zero_fill). */
gblas_status_t gblas_quick_result(gblas_handle_t h, const char *routine, void *result,
                                  size_t bytes);

#endif /* GBLAS_API_CHECK_H */
