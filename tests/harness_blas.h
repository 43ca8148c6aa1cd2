/* harness_blas.h: precision-generic calls of the public BLAS routines, so a test body is written
 * once for s and d. hr_* (generated, routines_gen.h): raw pointers (void *, of the precision p),
 * every argument passed through as given, for error paths and device pointer mode. hb_*: dbufs
 * for vectors and matrices (a NULL dbuf passes NULL) and double scalars converted to host
 * memory. sslot: scalars, results and small arrays in the memory either pointer mode names. */
#ifndef GBLAS_TEST_HARNESS_BLAS_H
#define GBLAS_TEST_HARNESS_BLAS_H

#include "harness.h"
#include "routines_gen.h"

/* A host scalar of the precision: holds v rounded, read as a float or double by the routine. */
typedef union {
    float s;
    double d;
} hscalar;
void *hscalar_set(hscalar *sc, prec_t p, double v);
double hscalar_get(const hscalar *sc, prec_t p);

gblas_status_t hb_dot(hctx *t, prec_t p, int64_t n, const dbuf *x, int64_t incx, const dbuf *y,
                      int64_t incy, double *result);
gblas_status_t hb_nrm2(hctx *t, prec_t p, int64_t n, const dbuf *x, int64_t incx, double *result);
gblas_status_t hb_axpy(hctx *t, prec_t p, int64_t n, double alpha, const dbuf *x, int64_t incx,
                       dbuf *y, int64_t incy);
gblas_status_t hb_scal(hctx *t, prec_t p, int64_t n, double alpha, dbuf *x, int64_t incx);
gblas_status_t hb_copy(hctx *t, prec_t p, int64_t n, const dbuf *x, int64_t incx, dbuf *y,
                       int64_t incy);
gblas_status_t hb_gemv(hctx *t, prec_t p, gblas_operation_t trans, int64_t m, int64_t n,
                       double alpha, const dbuf *A, int64_t lda, const dbuf *x, int64_t incx,
                       double beta, dbuf *y, int64_t incy);
gblas_status_t hb_gemm(hctx *t, prec_t p, gblas_operation_t ta, gblas_operation_t tb, int64_t m,
                       int64_t n, int64_t k, double alpha, const dbuf *A, int64_t lda,
                       const dbuf *B, int64_t ldb, double beta, dbuf *C, int64_t ldc);

/* count scalars of the precision (or one int64_t index: iamax's result) where the pointer mode
 * says they live: host memory for GBLAS_POINTER_MODE_HOST, backend memory for DEVICE. Setting
 * the handle's pointer mode is the caller's business. Reading back waits for the handle's
 * stream (gblas_get_vector). */
typedef struct {
    hctx *t;
    int device;    /* 1: backend memory */
    prec_t prec;   /* the element type, unless index */
    int index;     /* 1: int64_t elements */
    int64_t count;
    void *p;       /* what the routine is given */
} sslot;
#define SSLOT_MAX 16 /* elements a slot holds at most */
/* Puts v[0..count) rounded to the precision; returns s->p. */
void *sslot_put(sslot *s, hctx *t, gblas_pointer_mode_t mode, prec_t p, const double *v,
                int64_t count);
void *sslot_put_index(sslot *s, hctx *t, gblas_pointer_mode_t mode, int64_t v);
void sslot_get(const sslot *s, double *out); /* count values */
void *sslot_at(const sslot *s, int64_t i);   /* element i's address, for the routine */
int64_t sslot_get_index(const sslot *s);
void sslot_free(sslot *s);

const char *op_name(gblas_operation_t op);
const char *mode_name(gblas_pointer_mode_t mode); /* "host" or "device" */
/* Sets the handle's pointer mode, asserting success. */
void set_mode(hctx *t, gblas_pointer_mode_t mode);

#endif /* GBLAS_TEST_HARNESS_BLAS_H */
