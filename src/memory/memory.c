/* memory.c: backend memory (gblas_malloc / gblas_free) and host <-> backend copies of matrices
 * and strided vectors, synchronous and on the handle's stream. A vector of n elements with
 * increment inc travels as a 1 x n matrix with leading dimension inc. Each call holds the
 * handle's lock; live allocations are kept in the registry (alloc_registry.h). */
#include "api/check.h" /* GBLAS_ADDRESS_TOP */
#include "handle/handle.h"
#include "memory/alloc_registry.h"

static gblas_status_t malloc_locked(gblas_handle_t h, void **p, size_t bytes) {
    if (p == NULL) return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "gblas_malloc: p is NULL");
    *p = NULL;
    if (bytes == 0) return GBLAS_STATUS_SUCCESS;
    void *q = NULL;
    gblas_status_t s = gblas_backend_alloc(h, &q, bytes);
    if (s != GBLAS_STATUS_SUCCESS)
        return gblas_fail_detail(h, s, "gblas_malloc: could not allocate %zu bytes", bytes);
    if (gblas_registry_add(q, h->backend) != GBLAS_REGISTRY_OK) {
        h->ops.dealloc(&h->ctx, q);
        return gblas_fail(h, GBLAS_STATUS_ALLOC_FAILED,
                          "gblas_malloc: could not record the allocation of %zu bytes (out of "
                          "host memory)",
                          bytes);
    }
    *p = q;
    return GBLAS_STATUS_SUCCESS;
}

gblas_status_t gblas_malloc(gblas_handle_t h, void **p, size_t bytes) {
    GBLAS_TRY(gblas_check_handle(h, "gblas_malloc"));
    gblas_handle_lock(h);
    const gblas_status_t s = malloc_locked(h, p, bytes);
    gblas_handle_unlock(h);
    return s;
}

static gblas_status_t free_locked(gblas_handle_t h, void *p) {
    if (p == NULL) return GBLAS_STATUS_SUCCESS;
    switch (gblas_registry_remove(p, h->backend)) {
    case GBLAS_REGISTRY_OK: break;
    case GBLAS_REGISTRY_OTHER_BACKEND:
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "gblas_free: p = %p was allocated on the other backend's handle", p);
    default:
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "gblas_free: p = %p is not memory from gblas_malloc, or was freed "
                          "already",
                          p);
    }
    return gblas_finish(h, "gblas_free", h->ops.dealloc(&h->ctx, p));
}

gblas_status_t gblas_free(gblas_handle_t h, void *p) {
    GBLAS_TRY(gblas_check_handle(h, "gblas_free"));
    gblas_handle_lock(h);
    const gblas_status_t s = free_locked(h, p);
    gblas_handle_unlock(h);
    return s;
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

/* Whether rows x cols elements of elem bytes with column stride ld, starting at p, end inside
 * the address space (gblas.h's extent rule; a copy's elements may be of any size). */
static int extent_fits(const void *p, int64_t rows, int64_t cols, int64_t ld, size_t elem) {
    const uint64_t c = (uint64_t)cols - 1;
    if (c != 0 && (uint64_t)ld > (UINT64_MAX - (uint64_t)rows) / c) return 0;
    const uint64_t count = (uint64_t)rows + c * (uint64_t)ld; /* last element's offset + 1 */
    const uint64_t start = (uint64_t)(uintptr_t)p;
    return start < GBLAS_ADDRESS_TOP && count <= (GBLAS_ADDRESS_TOP - start) / elem;
}

/* The leading-dimension rule of matrices, or the positive-increment rule of vectors, then (when
 * there is work) the operand's extent. */
static gblas_status_t check_layout(gblas_handle_t h, const char *routine, const char *operand,
                                   const void *p, const char *name, int64_t ld, int64_t rows,
                                   int64_t cols, size_t elem, int is_vector, int work) {
    if (is_vector) {
        if (ld <= 0)
            return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE, "%s: %s = %lld must be > 0", routine,
                              name, (long long)ld);
    } else if (ld < (rows > 1 ? rows : 1)) {
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "%s: %s = %lld must be >= max(1, rows) = %lld", routine, name,
                          (long long)ld, (long long)(rows > 1 ? rows : 1));
    }
    if (!work || extent_fits(p, rows, cols, ld, elem)) return GBLAS_STATUS_SUCCESS;
    if (is_vector)
        return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                          "%s: %s (%lld elements of %zu bytes, %s = %lld) reaches past the end "
                          "of the address space",
                          routine, operand, (long long)cols, elem, name, (long long)ld);
    return gblas_fail(h, GBLAS_STATUS_INVALID_VALUE,
                      "%s: %s (%lld x %lld elements of %zu bytes, %s = %lld) reaches past the "
                      "end of the address space",
                      routine, operand, (long long)rows, (long long)cols, elem, name,
                      (long long)ld);
}

/* One checked copy; is_vector selects the vector forms' names and rules (rows is then 1). */
static gblas_status_t copy_locked(gblas_handle_t h, const copy_names *nm, gblas_copy_dir_t dir,
                                  int is_vector, int64_t rows, int64_t cols, size_t elem,
                                  const void *src, int64_t lds, void *dst, int64_t ldd,
                                  int async) {
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
    GBLAS_TRY(check_layout(h, nm->routine, nm->src, src, nm->lds, lds, rows, cols, elem,
                           is_vector, work));
    GBLAS_TRY(check_side(h, nm->routine, nm->dst, dst, !src_on_host, work));
    GBLAS_TRY(check_layout(h, nm->routine, nm->dst, dst, nm->ldd, ldd, rows, cols, elem,
                           is_vector, work));
    if (!work) return GBLAS_STATUS_SUCCESS;
    return gblas_finish(h, nm->routine,
                        h->ops.copy_2d(&h->ctx, dir, rows, cols, elem, src, lds, dst, ldd, async));
}

static gblas_status_t copy(gblas_handle_t h, const copy_names *nm, gblas_copy_dir_t dir,
                           int is_vector, int64_t rows, int64_t cols, size_t elem,
                           const void *src, int64_t lds, void *dst, int64_t ldd, int async) {
    GBLAS_TRY(gblas_check_handle(h, nm->routine));
    gblas_handle_lock(h);
    const gblas_status_t s =
        copy_locked(h, nm, dir, is_vector, rows, cols, elem, src, lds, dst, ldd, async);
    gblas_handle_unlock(h);
    return s;
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
