/* backend.h: the contract between the handle and the backends (CPU in src/cpu_fallback, CUDA in
 * src/kernels). The handle owns a gblas_ctx and a gblas_ops table; a backend fills the table at
 * handle creation and computes on the ctx it is given. Backends include this header only: they
 * never see the handle, never re-check arguments (the API layer did), never allocate and never
 * synchronise inside a routine. */
#ifndef GBLAS_BACKEND_H
#define GBLAS_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "gblas.h"

#define GBLAS_MSG_CAP 512
#define GBLAS_DETAIL_CAP 96
#define GBLAS_WORKSPACE_ALIGN 256

/* What a backend routine sees of its handle. */
typedef struct gblas_ctx {
    gblas_stream_t stream;             /* cudaStream_t on CUDA; NULL on CPU */
    gblas_pointer_mode_t pointer_mode; /* where alpha, beta and results live */
    void *workspace;                   /* backend memory, GBLAS_WORKSPACE_ALIGN aligned */
    size_t workspace_bytes;
    int num_threads;                   /* CPU backend: OpenMP threads a routine may use */
    void *state;                       /* backend-private, freed by ops->release */
    char *msg;                         /* GBLAS_MSG_CAP bytes: failure detail for the user */
    char detail[GBLAS_DETAIL_CAP];     /* what gblas_backend_detail returns */
} gblas_ctx;

/* Which side can dereference a pointer (bit set). */
enum { GBLAS_ACCESS_HOST = 1, GBLAS_ACCESS_BACKEND = 2, GBLAS_ACCESS_BOTH = 3 };

/* Copy direction for copy_2d. */
typedef enum { GBLAS_COPY_TO_BACKEND, GBLAS_COPY_TO_HOST } gblas_copy_dir_t;

typedef struct gblas_ops {
    /* ---- lifecycle and memory ---- */
    size_t workspace_min; /* bytes every routine's scratch fits in */
    void (*release)(gblas_ctx *ctx); /* frees ctx->state; may be NULL */
    gblas_status_t (*alloc)(gblas_ctx *ctx, void **p, size_t bytes);
    gblas_status_t (*dealloc)(gblas_ctx *ctx, void *p);
    /* Which side can read p: GBLAS_ACCESS_* bits. NULL: every pointer is readable by both (a
     * backend computing in host memory); callers go through gblas_pointer_access. */
    int (*pointer_access)(gblas_ctx *ctx, const void *p);
    /* rows x cols elements of elem bytes, column stride lds / ldd elements. Vectors come as
     * rows = 1, cols = n, ld = inc. async: ordered on ctx->stream, else complete on return. */
    gblas_status_t (*copy_2d)(gblas_ctx *ctx, gblas_copy_dir_t dir, int64_t rows, int64_t cols,
                              size_t elem, const void *src, int64_t lds, void *dst, int64_t ldd,
                              int async);
    gblas_status_t (*synchronize)(gblas_ctx *ctx);
    gblas_status_t (*check_stream)(gblas_ctx *ctx, gblas_stream_t s);

    /* ---- routines: the public signatures, with the ctx for the handle ---- */
    gblas_status_t (*sdot)(gblas_ctx *, int64_t n, const float *x, int64_t incx, const float *y,
                           int64_t incy, float *result);
    gblas_status_t (*ddot)(gblas_ctx *, int64_t n, const double *x, int64_t incx,
                           const double *y, int64_t incy, double *result);
    gblas_status_t (*snrm2)(gblas_ctx *, int64_t n, const float *x, int64_t incx, float *result);
    gblas_status_t (*dnrm2)(gblas_ctx *, int64_t n, const double *x, int64_t incx,
                            double *result);
    gblas_status_t (*saxpy)(gblas_ctx *, int64_t n, const float *alpha, const float *x,
                            int64_t incx, float *y, int64_t incy);
    gblas_status_t (*daxpy)(gblas_ctx *, int64_t n, const double *alpha, const double *x,
                            int64_t incx, double *y, int64_t incy);
    gblas_status_t (*sscal)(gblas_ctx *, int64_t n, const float *alpha, float *x, int64_t incx);
    gblas_status_t (*dscal)(gblas_ctx *, int64_t n, const double *alpha, double *x,
                            int64_t incx);
    gblas_status_t (*scopy)(gblas_ctx *, int64_t n, const float *x, int64_t incx, float *y,
                            int64_t incy);
    gblas_status_t (*dcopy)(gblas_ctx *, int64_t n, const double *x, int64_t incx, double *y,
                            int64_t incy);
    gblas_status_t (*sgemv)(gblas_ctx *, gblas_operation_t trans, int64_t m, int64_t n,
                            const float *alpha, const float *A, int64_t lda, const float *x,
                            int64_t incx, const float *beta, float *y, int64_t incy);
    gblas_status_t (*dgemv)(gblas_ctx *, gblas_operation_t trans, int64_t m, int64_t n,
                            const double *alpha, const double *A, int64_t lda, const double *x,
                            int64_t incx, const double *beta, double *y, int64_t incy);
    gblas_status_t (*sgemm)(gblas_ctx *, gblas_operation_t transa, gblas_operation_t transb,
                            int64_t m, int64_t n, int64_t k, const float *alpha, const float *A,
                            int64_t lda, const float *B, int64_t ldb, const float *beta,
                            float *C, int64_t ldc);
    gblas_status_t (*dgemm)(gblas_ctx *, gblas_operation_t transa, gblas_operation_t transb,
                            int64_t m, int64_t n, int64_t k, const double *alpha,
                            const double *A, int64_t lda, const double *B, int64_t ldb,
                            const double *beta, double *C, int64_t ldc);
} gblas_ops;

/* Writes a printf-style detail into ctx->msg and returns status: backends report failures
 * through it ("cudaMemcpy2DAsync: invalid argument"). */
gblas_status_t gblas_ctx_fail(gblas_ctx *ctx, gblas_status_t status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Backend entry points, called only by handle creation. Each fills ops and ctx->detail and
 * ctx->state, or returns a status with ctx->msg set (and nothing left allocated). */
gblas_status_t gblas_cpu_backend_init(gblas_ctx *ctx, gblas_ops *ops);
#ifdef GBLAS_HAVE_CUDA
gblas_status_t gblas_cuda_backend_init(gblas_ctx *ctx, gblas_ops *ops);
#endif

/* Negative increments start at the far end, as the reference BLAS does: element i of a vector
 * of n elements with increment inc is at base[vec_start(n, inc) + i * inc]. */
static inline int64_t gblas_vec_start(int64_t n, int64_t inc) {
    return inc < 0 ? (1 - n) * inc : 0;
}

#endif /* GBLAS_BACKEND_H */
