/* memory.c: backend memory (gblas_malloc / gblas_free) and host <-> backend copies of matrices
 * and strided vectors, synchronous and on the handle's stream. A vector of n elements with
 * increment inc travels as a 1 x n matrix with leading dimension inc. */
#include "handle/handle.h"

gblas_status_t gblas_malloc(gblas_handle_t h, void **p, size_t bytes) {
    GBLAS_TRY(gblas_check_handle(h, "gblas_malloc"));
    if (p == NULL) return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "gblas_malloc: p is NULL");
    *p = NULL;
    if (bytes == 0) return GBLAS_STATUS_SUCCESS;
    gblas_status_t s = h->ops.alloc(&h->ctx, p, bytes);
    if (s != GBLAS_STATUS_SUCCESS) {
        *p = NULL;
        return gblas_fail(h, s, "gblas_malloc: could not allocate %zu bytes: %s", bytes, h->msg);
    }
    return s;
}

gblas_status_t gblas_free(gblas_handle_t h, void *p) {
    GBLAS_TRY(gblas_check_handle(h, "gblas_free"));
    if (p == NULL) return GBLAS_STATUS_SUCCESS;
    return gblas_finish(h, "gblas_free", h->ops.dealloc(&h->ctx, p));
}

/* Names of one copy's parameters, in signature order, for the messages. */
typedef struct {
    const char *routine, *src, *lds, *dst, *ldd;
} copy_names;

static gblas_status_t check_side(gblas_handle_t h, const char *routine, const char *name,
                                 const void *p, int on_host, int needed) {
    if (!needed) return GBLAS_STATUS_SUCCESS;
    if (p == NULL)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s is NULL", routine, name);
    int access = gblas_pointer_access(h, p);
    if (on_host && !(access & GBLAS_ACCESS_HOST))
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "%s: %s = %p is device memory; it must be host memory", routine, name, p);
    if (!on_host && !(access & GBLAS_ACCESS_BACKEND))
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "%s: %s = %p is host memory; the CUDA backend needs device memory",
                          routine, name, p);
    return GBLAS_STATUS_SUCCESS;
}

/* The leading-dimension rule of matrices, or the positive-increment rule of vectors. */
static gblas_status_t check_stride(gblas_handle_t h, const char *routine, const char *name,
                                   int64_t ld, int64_t rows, int is_vector) {
    if (is_vector) {
        if (ld <= 0)
            return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s = %lld must be > 0", routine,
                              name, (long long)ld);
    } else if (ld < (rows > 1 ? rows : 1)) {
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "%s: %s = %lld must be >= max(1, rows) = %lld", routine, name,
                          (long long)ld, (long long)(rows > 1 ? rows : 1));
    }
    return GBLAS_STATUS_SUCCESS;
}

/* One checked copy; is_vector selects the vector forms' names and rules (rows is then 1). */
static gblas_status_t copy(gblas_handle_t h, const copy_names *nm, gblas_copy_dir_t dir,
                           int is_vector, int64_t rows, int64_t cols, size_t elem,
                           const void *src, int64_t lds, void *dst, int64_t ldd, int async) {
    GBLAS_TRY(gblas_check_handle(h, nm->routine));
    if (!is_vector && rows < 0)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: rows = %lld must be >= 0",
                          nm->routine, (long long)rows);
    if (cols < 0)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s = %lld must be >= 0",
                          nm->routine, is_vector ? "n" : "cols", (long long)cols);
    if (elem == 0)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: elem = 0 must be > 0", nm->routine);
    int work = rows > 0 && cols > 0;
    int src_on_host = dir == GBLAS_COPY_TO_BACKEND;
    GBLAS_TRY(check_side(h, nm->routine, nm->src, src, src_on_host, work));
    GBLAS_TRY(check_stride(h, nm->routine, nm->lds, lds, rows, is_vector));
    GBLAS_TRY(check_side(h, nm->routine, nm->dst, dst, !src_on_host, work));
    GBLAS_TRY(check_stride(h, nm->routine, nm->ldd, ldd, rows, is_vector));
    if (!work) return GBLAS_STATUS_SUCCESS;
    return gblas_finish(h, nm->routine,
                        h->ops.copy_2d(&h->ctx, dir, rows, cols, elem, src, lds, dst, ldd, async));
}

static const copy_names set_matrix_names = {"gblas_set_matrix", "host", "ldh", "dev", "ldd"};
static const copy_names get_matrix_names = {"gblas_get_matrix", "dev", "ldd", "host", "ldh"};
static const copy_names set_matrix_async_names = {"gblas_set_matrix_async", "host", "ldh", "dev",
                                                  "ldd"};
static const copy_names get_matrix_async_names = {"gblas_get_matrix_async", "dev", "ldd", "host",
                                                  "ldh"};
static const copy_names set_vector_names = {"gblas_set_vector", "host", "inch", "dev", "incd"};
static const copy_names get_vector_names = {"gblas_get_vector", "dev", "incd", "host", "inch"};
static const copy_names set_vector_async_names = {"gblas_set_vector_async", "host", "inch", "dev",
                                                  "incd"};
static const copy_names get_vector_async_names = {"gblas_get_vector_async", "dev", "incd", "host",
                                                  "inch"};

gblas_status_t gblas_set_matrix(gblas_handle_t h, int64_t rows, int64_t cols, size_t elem,
                                const void *host, int64_t ldh, void *dev, int64_t ldd) {
    return copy(h, &set_matrix_names, GBLAS_COPY_TO_BACKEND, 0, rows, cols, elem, host, ldh, dev,
                ldd, 0);
}

gblas_status_t gblas_get_matrix(gblas_handle_t h, int64_t rows, int64_t cols, size_t elem,
                                const void *dev, int64_t ldd, void *host, int64_t ldh) {
    return copy(h, &get_matrix_names, GBLAS_COPY_TO_HOST, 0, rows, cols, elem, dev, ldd, host,
                ldh, 0);
}

gblas_status_t gblas_set_matrix_async(gblas_handle_t h, int64_t rows, int64_t cols, size_t elem,
                                      const void *host, int64_t ldh, void *dev, int64_t ldd) {
    return copy(h, &set_matrix_async_names, GBLAS_COPY_TO_BACKEND, 0, rows, cols, elem, host,
                ldh, dev, ldd, 1);
}

gblas_status_t gblas_get_matrix_async(gblas_handle_t h, int64_t rows, int64_t cols, size_t elem,
                                      const void *dev, int64_t ldd, void *host, int64_t ldh) {
    return copy(h, &get_matrix_async_names, GBLAS_COPY_TO_HOST, 0, rows, cols, elem, dev, ldd,
                host, ldh, 1);
}

gblas_status_t gblas_set_vector(gblas_handle_t h, int64_t n, size_t elem, const void *host,
                                int64_t inch, void *dev, int64_t incd) {
    return copy(h, &set_vector_names, GBLAS_COPY_TO_BACKEND, 1, 1, n, elem, host, inch, dev,
                incd, 0);
}

gblas_status_t gblas_get_vector(gblas_handle_t h, int64_t n, size_t elem, const void *dev,
                                int64_t incd, void *host, int64_t inch) {
    return copy(h, &get_vector_names, GBLAS_COPY_TO_HOST, 1, 1, n, elem, dev, incd, host, inch,
                0);
}

gblas_status_t gblas_set_vector_async(gblas_handle_t h, int64_t n, size_t elem, const void *host,
                                      int64_t inch, void *dev, int64_t incd) {
    return copy(h, &set_vector_async_names, GBLAS_COPY_TO_BACKEND, 1, 1, n, elem, host, inch,
                dev, incd, 1);
}

gblas_status_t gblas_get_vector_async(gblas_handle_t h, int64_t n, size_t elem, const void *dev,
                                      int64_t incd, void *host, int64_t inch) {
    return copy(h, &get_vector_async_names, GBLAS_COPY_TO_HOST, 1, 1, n, elem, dev, incd, host,
                inch, 1);
}
