/* harness_blas.c: one call per routine family for both precisions (see harness_blas.h), so each
 * test body is written once. hb_* put double scalars into host memory of the precision and hand
 * the result's incoming value to the generated hr_* (so a test can poison it, or check that a
 * failing call keeps it); sslot holds scalars in either pointer mode's memory. */
#include <stdlib.h>
#include <string.h>

#include "harness_blas.h"

#define PTR(b) ((b) ? (b)->p : NULL)

void *hscalar_set(hscalar *sc, prec_t p, double v) {
    if (p == PREC_S)
        sc->s = (float)v;
    else
        sc->d = v;
    return sc;
}

double hscalar_get(const hscalar *sc, prec_t p) { return p == PREC_S ? sc->s : sc->d; }

gblas_status_t hb_dot(hctx *t, prec_t p, int64_t n, const dbuf *x, int64_t incx, const dbuf *y,
                      int64_t incy, double *result) {
    hscalar r;
    gblas_status_t st = hr_dot(t->h, p, n, PTR(x), incx, PTR(y), incy, hscalar_set(&r, p, *result));
    *result = hscalar_get(&r, p);
    return st;
}

gblas_status_t hb_nrm2(hctx *t, prec_t p, int64_t n, const dbuf *x, int64_t incx, double *result) {
    hscalar r;
    gblas_status_t st = hr_nrm2(t->h, p, n, PTR(x), incx, hscalar_set(&r, p, *result));
    *result = hscalar_get(&r, p);
    return st;
}

gblas_status_t hb_axpy(hctx *t, prec_t p, int64_t n, double alpha, const dbuf *x, int64_t incx,
                       dbuf *y, int64_t incy) {
    hscalar a;
    return hr_axpy(t->h, p, n, hscalar_set(&a, p, alpha), PTR(x), incx, PTR(y), incy);
}

gblas_status_t hb_scal(hctx *t, prec_t p, int64_t n, double alpha, dbuf *x, int64_t incx) {
    hscalar a;
    return hr_scal(t->h, p, n, hscalar_set(&a, p, alpha), PTR(x), incx);
}

gblas_status_t hb_copy(hctx *t, prec_t p, int64_t n, const dbuf *x, int64_t incx, dbuf *y,
                       int64_t incy) {
    return hr_copy(t->h, p, n, PTR(x), incx, PTR(y), incy);
}

gblas_status_t hb_gemv(hctx *t, prec_t p, gblas_operation_t trans, int64_t m, int64_t n,
                       double alpha, const dbuf *A, int64_t lda, const dbuf *x, int64_t incx,
                       double beta, dbuf *y, int64_t incy) {
    hscalar a, b;
    return hr_gemv(t->h, p, trans, m, n, hscalar_set(&a, p, alpha), PTR(A), lda, PTR(x), incx,
                   hscalar_set(&b, p, beta), PTR(y), incy);
}

gblas_status_t hb_gemm(hctx *t, prec_t p, gblas_operation_t ta, gblas_operation_t tb, int64_t m,
                       int64_t n, int64_t k, double alpha, const dbuf *A, int64_t lda,
                       const dbuf *B, int64_t ldb, double beta, dbuf *C, int64_t ldc) {
    hscalar a, b;
    return hr_gemm(t->h, p, ta, tb, m, n, k, hscalar_set(&a, p, alpha), PTR(A), lda, PTR(B), ldb,
                   hscalar_set(&b, p, beta), PTR(C), ldc);
}

const char *op_name(gblas_operation_t op) {
    switch (op) {
    case GBLAS_OP_N:
        return "N";
    case GBLAS_OP_T:
        return "T";
    case GBLAS_OP_C:
        return "C";
    }
    return "?";
}

const char *mode_name(gblas_pointer_mode_t mode) {
    return mode == GBLAS_POINTER_MODE_HOST ? "host" : "device";
}

void set_mode(hctx *t, gblas_pointer_mode_t mode) {
    gblas_status_t st = gblas_set_pointer_mode(t->h, mode);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_set_pointer_mode(%s): %s", t->name,
              mode_name(mode), gblas_last_error(t->h));
}

/* ---- sslot -------------------------------------------------------------------------------- */
static size_t sslot_elem(const sslot *s) { return s->index ? sizeof(int64_t) : prec_size(s->prec); }

/* Allocates the slot and copies bytes (count elements) into it. */
static void *sslot_place(sslot *s, const void *bytes) {
    const size_t size = (size_t)s->count * sslot_elem(s);
    if (!s->device) {
        s->p = malloc(size);
        cr_assert(s->p != NULL, "host malloc failed");
        memcpy(s->p, bytes, size);
        return s->p;
    }
    gblas_status_t st = gblas_malloc(s->t->h, &s->p, size);
    cr_assert(st == GBLAS_STATUS_SUCCESS && s->p, "[%s] gblas_malloc(%zu): %s", s->t->name, size,
              gblas_last_error(s->t->h));
    st = gblas_set_vector(s->t->h, s->count, sslot_elem(s), bytes, 1, s->p, 1);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_set_vector: %s", s->t->name,
              gblas_last_error(s->t->h));
    return s->p;
}

/* Copies the slot's count elements into bytes. */
static void sslot_fetch(const sslot *s, void *bytes) {
    if (!s->device) {
        memcpy(bytes, s->p, (size_t)s->count * sslot_elem(s));
        return;
    }
    gblas_status_t st = gblas_get_vector(s->t->h, s->count, sslot_elem(s), s->p, 1, bytes, 1);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_get_vector: %s", s->t->name,
              gblas_last_error(s->t->h));
}

void *sslot_put(sslot *s, hctx *t, gblas_pointer_mode_t mode, prec_t p, const double *v,
                int64_t count) {
    cr_assert(count >= 1 && count <= SSLOT_MAX && (p == PREC_S || p == PREC_D),
              "sslot: bad request");
    *s = (sslot){t, mode == GBLAS_POINTER_MODE_DEVICE, p, 0, count, NULL};
    float f[SSLOT_MAX];
    for (int64_t i = 0; i < count; i++) f[i] = (float)v[i];
    return sslot_place(s, p == PREC_S ? (const void *)f : (const void *)v);
}

void *sslot_put_index(sslot *s, hctx *t, gblas_pointer_mode_t mode, int64_t v) {
    *s = (sslot){t, mode == GBLAS_POINTER_MODE_DEVICE, PREC_D, 1, 1, NULL};
    return sslot_place(s, &v);
}

void sslot_get(const sslot *s, double *out) {
    cr_assert(!s->index, "sslot_get on an index slot");
    union {
        float f[SSLOT_MAX];
        double d[SSLOT_MAX];
    } u;
    sslot_fetch(s, &u);
    for (int64_t i = 0; i < s->count; i++) out[i] = s->prec == PREC_S ? (double)u.f[i] : u.d[i];
}

int64_t sslot_get_index(const sslot *s) {
    cr_assert(s->index, "sslot_get_index on a value slot");
    int64_t v;
    sslot_fetch(s, &v);
    return v;
}

void *sslot_at(const sslot *s, int64_t i) { return (char *)s->p + (size_t)i * sslot_elem(s); }

void sslot_free(sslot *s) {
    if (s->device) {
        gblas_status_t st = gblas_free(s->t->h, s->p);
        cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_free: %s", s->t->name,
                  gblas_last_error(s->t->h));
    } else {
        free(s->p);
    }
    s->p = NULL;
}
