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

/* The element type of a routine: the index of its entry in the ops table. Room is left for
 * the half and bfloat16 inputs of typed GEMMs after Z. */
typedef enum {
    GBLAS_TYPE_S = 0, /* float */
    GBLAS_TYPE_D = 1, /* double */
    GBLAS_TYPE_C = 2, /* complex float: two floats, real part first */
    GBLAS_TYPE_Z = 3, /* complex double */
    GBLAS_TYPE_COUNT
} gblas_type;

#include "routines_gen.h"

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

    /* Sets bytes of backend memory at p to zero, ordered on the stream like a routine: the
     * result of a reduction that returns early in device pointer mode. */
    gblas_status_t (*zero_fill)(gblas_ctx *ctx, void *p, size_t bytes);

    /* ---- routines: one entry per routine and type tag (routines_gen.h) ---- */
    gblas_routine_ops routine;
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
 * of n elements with increment inc is at base[vec_start(n, inc) + i * inc]. Computed without
 * signed overflow for any n >= 1 and inc != 0 whose extent the API layer accepted. */
static inline int64_t gblas_vec_start(int64_t n, int64_t inc) {
    return inc < 0 ? (int64_t)((uint64_t)(n - 1) * (0 - (uint64_t)inc)) : 0;
}

#endif /* GBLAS_BACKEND_H */
