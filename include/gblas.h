/* gblas.h: the one public header of gblas, a BLAS for C programs whose data lives on the GPU.
 *
 * Plain C11; includes no CUDA header. A handle is backed by the CUDA backend (device memory,
 * work enqueued on a stream) or by the CPU backend (aligned host memory, OpenMP). Every routine
 * takes cuBLAS's arguments in cuBLAS's order, column-major, with int64_t sizes, leading
 * dimensions and increments, and returns a gblas_status_t. On failure the handle keeps a
 * message naming the routine, the parameter, its value and the rule: gblas_last_error(). */
#ifndef GBLAS_H
#define GBLAS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Symbols the shared library exports. */
#if defined(__GNUC__)
#define GBLAS_API __attribute__((visibility("default")))
#else
#define GBLAS_API
#endif

/* ---- version ------------------------------------------------------------------------------- */
#define GBLAS_VERSION_MAJOR 0
#define GBLAS_VERSION_MINOR 1
#define GBLAS_VERSION_PATCH 0
#define GBLAS_VERSION_NUMBER \
    (GBLAS_VERSION_MAJOR * 10000 + GBLAS_VERSION_MINOR * 100 + GBLAS_VERSION_PATCH)

/* The version of the library linked at run time, as GBLAS_VERSION_NUMBER computes it. */
GBLAS_API int gblas_version_number(void);

/* ---- status -------------------------------------------------------------------------------- */
/* One list, written once: X(NAME, value, description). Values are pinned; never renumber. */
#define GBLAS_STATUS_LIST(X)                                                                    \
    X(SUCCESS, 0, "success")                                                                    \
    X(NOT_INITIALIZED, 1, "the handle is NULL or was not created by gblas_create")              \
    X(INVALID_VALUE, 2, "an argument is out of its allowed range")                              \
    X(ALLOC_FAILED, 3, "a memory allocation failed")                                            \
    X(NOT_SUPPORTED, 4, "the operation or backend is not available on this host")              \
    X(ARCH_MISMATCH, 5, "the library was not built for this device's architecture")            \
    X(EXECUTION_FAILED, 6, "a kernel launch, copy or device operation failed")                  \
    X(INTERNAL_ERROR, 7, "an internal error occurred")

typedef enum {
#define GBLAS_STATUS_ENUM_(name, value, text) GBLAS_STATUS_##name = value,
    GBLAS_STATUS_LIST(GBLAS_STATUS_ENUM_)
#undef GBLAS_STATUS_ENUM_
} gblas_status_t;

/* "GBLAS_STATUS_INVALID_VALUE" for GBLAS_STATUS_INVALID_VALUE; "GBLAS_STATUS_UNKNOWN" otherwise. */
GBLAS_API const char *gblas_status_name(gblas_status_t s);
/* A one-line description of the status; "unknown status" for a value not in the list. */
GBLAS_API const char *gblas_status_string(gblas_status_t s);

/* ---- handle -------------------------------------------------------------------------------- */
typedef struct gblas_handle_s *gblas_handle_t; /* opaque */
typedef void *gblas_stream_t;                  /* a cudaStream_t on the CUDA backend; NULL = default */

typedef enum {
    GBLAS_BACKEND_AUTO = 0, /* CUDA when the library has it and a device is present, else CPU */
    GBLAS_BACKEND_CUDA = 1,
    GBLAS_BACKEND_CPU = 2
} gblas_backend_t;

typedef enum { GBLAS_OP_N = 0, GBLAS_OP_T = 1, GBLAS_OP_C = 2 } gblas_operation_t;

typedef enum { GBLAS_POINTER_MODE_HOST = 0, GBLAS_POINTER_MODE_DEVICE = 1 } gblas_pointer_mode_t;

/* Creates a handle on the given backend, with the default stream, host pointer mode and a
 * workspace large enough for every routine. The CUDA backend uses the calling thread's current
 * device. The CPU backend's instruction-set path is the best this host supports, unless the
 * environment variable GBLAS_CPU_PATH names one of "reference", "avx2", "avx512".
 * Returns SUCCESS; INVALID_VALUE (h NULL, backend not in the enum); NOT_SUPPORTED (CUDA asked
 * for but the library was built without it or no device is usable; GBLAS_CPU_PATH names a path
 * this host cannot run); ARCH_MISMATCH (the device is older than the library's kernels);
 * ALLOC_FAILED. On failure *h is set to NULL and nothing is leaked. Messages from a failed
 * create are kept in gblas_last_error(NULL). */
GBLAS_API gblas_status_t gblas_create(gblas_handle_t *h, gblas_backend_t backend);

/* Waits for the handle's stream, then frees the handle and its workspace. Accepts NULL.
 * Returns SUCCESS, or EXECUTION_FAILED if pending work failed (the handle is freed anyway). */
GBLAS_API gblas_status_t gblas_destroy(gblas_handle_t h);

/* The backend the handle runs on (never AUTO). NOT_INITIALIZED, INVALID_VALUE (backend NULL). */
GBLAS_API gblas_status_t gblas_get_backend(gblas_handle_t h, gblas_backend_t *backend);

/* A short description of the path the handle runs, e.g. "cpu:avx512" or "cuda:sm_90 NVIDIA H200".
 * Never NULL; "invalid handle" for NULL. */
GBLAS_API const char *gblas_backend_detail(gblas_handle_t h);

/* Later work is enqueued on s (CUDA backend; NULL = the legacy default stream). On the CPU
 * backend the routines run synchronously and s must be NULL. NOT_INITIALIZED, INVALID_VALUE. */
GBLAS_API gblas_status_t gblas_set_stream(gblas_handle_t h, gblas_stream_t s);
GBLAS_API gblas_status_t gblas_get_stream(gblas_handle_t h, gblas_stream_t *s);

/* Where alpha, beta and results live: host memory, or backend memory (device memory on CUDA).
 * In device mode no routine waits for the device. (The CUDA runtime itself may wait once, at the
 * first launch of each kernel in a process, while it loads the kernel lazily; set
 * CUDA_MODULE_LOADING=EAGER to load everything at start instead.) NOT_INITIALIZED, INVALID_VALUE. */
GBLAS_API gblas_status_t gblas_set_pointer_mode(gblas_handle_t h, gblas_pointer_mode_t mode);
GBLAS_API gblas_status_t gblas_get_pointer_mode(gblas_handle_t h, gblas_pointer_mode_t *mode);

/* Replaces the handle's scratch space with bytes of backend memory at ws (owned by the caller,
 * kept until the handle is destroyed or the workspace replaced). bytes must be at least
 * gblas_workspace_size(h). ws = NULL with bytes = 0 restores the handle's own workspace.
 * NOT_INITIALIZED, INVALID_VALUE (too small, misaligned to 256 bytes, wrong memory kind). */
GBLAS_API gblas_status_t gblas_set_workspace(gblas_handle_t h, void *ws, size_t bytes);
/* The smallest workspace, in bytes, that every routine of this handle's backend works in. */
GBLAS_API gblas_status_t gblas_workspace_size(gblas_handle_t h, size_t *bytes);

/* CPU backend: threads the routines may use (>= 1). Default: the cores OpenMP reports.
 * On the CUDA backend the value is kept but unused, and reads back as 0 until set.
 * NOT_INITIALIZED, INVALID_VALUE. */
GBLAS_API gblas_status_t gblas_set_num_threads(gblas_handle_t h, int threads);
GBLAS_API gblas_status_t gblas_get_num_threads(gblas_handle_t h, int *threads);

/* Waits until all work enqueued through the handle has finished.
 * NOT_INITIALIZED; EXECUTION_FAILED with the device's error text when that work failed. */
GBLAS_API gblas_status_t gblas_synchronize(gblas_handle_t h);

/* The message of the handle's last failing call, or "" if none failed. For h = NULL: the
 * message of the calling thread's last failed gblas_create or call on a NULL handle. The text
 * stays valid until the next call on the same handle (or thread, for NULL). */
GBLAS_API const char *gblas_last_error(gblas_handle_t h);

/* ---- memory -------------------------------------------------------------------------------- */
/* Allocates bytes of backend memory: device memory (CUDA) or 64-byte aligned host memory (CPU).
 * bytes = 0 gives *p = NULL and SUCCESS. NOT_INITIALIZED, INVALID_VALUE (p NULL), ALLOC_FAILED
 * (with *p = NULL; the handle stays usable). */
GBLAS_API gblas_status_t gblas_malloc(gblas_handle_t h, void **p, size_t bytes);
/* Frees memory from gblas_malloc of the same handle. Accepts NULL. NOT_INITIALIZED,
 * EXECUTION_FAILED. */
GBLAS_API gblas_status_t gblas_free(gblas_handle_t h, void *p);

/* Copies a rows x cols column-major matrix of elem-byte elements from host (leading dimension
 * ldh, in elements) to backend memory dev (leading dimension ldd), or back for the get forms.
 * The plain forms return when the copy is done; the _async forms are ordered on the handle's
 * stream and the host buffer must stay untouched until gblas_synchronize (on pageable host
 * memory the CUDA runtime may complete them before returning).
 * NOT_INITIALIZED; INVALID_VALUE (rows or cols < 0, elem == 0, ldh or ldd < max(1, rows), NULL
 * host or dev with work to do, a host pointer where backend memory is required and the reverse,
 * where detectable); EXECUTION_FAILED. */
GBLAS_API gblas_status_t gblas_set_matrix(gblas_handle_t h, int64_t rows, int64_t cols, size_t elem,
                                const void *host, int64_t ldh, void *dev, int64_t ldd);
GBLAS_API gblas_status_t gblas_get_matrix(gblas_handle_t h, int64_t rows, int64_t cols, size_t elem,
                                const void *dev, int64_t ldd, void *host, int64_t ldh);
GBLAS_API gblas_status_t gblas_set_matrix_async(gblas_handle_t h, int64_t rows, int64_t cols, size_t elem,
                                      const void *host, int64_t ldh, void *dev, int64_t ldd);
GBLAS_API gblas_status_t gblas_get_matrix_async(gblas_handle_t h, int64_t rows, int64_t cols, size_t elem,
                                      const void *dev, int64_t ldd, void *host, int64_t ldh);

/* Copies n elements of elem bytes from host (every inch-th) to dev (every incd-th), or back.
 * Increments must be positive. Statuses as for the matrix forms (INVALID_VALUE for n < 0,
 * elem == 0, inch or incd <= 0). */
GBLAS_API gblas_status_t gblas_set_vector(gblas_handle_t h, int64_t n, size_t elem, const void *host,
                                int64_t inch, void *dev, int64_t incd);
GBLAS_API gblas_status_t gblas_get_vector(gblas_handle_t h, int64_t n, size_t elem, const void *dev,
                                int64_t incd, void *host, int64_t inch);
GBLAS_API gblas_status_t gblas_set_vector_async(gblas_handle_t h, int64_t n, size_t elem, const void *host,
                                      int64_t inch, void *dev, int64_t incd);
GBLAS_API gblas_status_t gblas_get_vector_async(gblas_handle_t h, int64_t n, size_t elem, const void *dev,
                                      int64_t incd, void *host, int64_t inch);

/* ---- BLAS routines --------------------------------------------------------------------------
 * Common rules:
 *  - Vectors x, y, matrices A, B, C are backend memory (gblas_malloc or, on CUDA, any device
 *    memory). Scalars alpha, beta and results are host or backend memory per the pointer mode.
 *  - A negative increment walks the vector backwards from x + (n - 1) * |incx|, as the reference
 *    BLAS does; an increment of 0 is INVALID_VALUE.
 *  - beta == 0 overwrites the output without reading it; alpha == 0 never reads A, B or x.
 *  - Results are bitwise reproducible for the same inputs, backend, device and thread count
 *    (the CPU backend's reductions are also independent of the thread count).
 *  - Each routine returns SUCCESS; NOT_INITIALIZED (bad handle); INVALID_VALUE (the first bad
 *    argument in BLAS order, named in gblas_last_error); EXECUTION_FAILED (launch or device
 *    failure, with the CUDA error text). In host pointer mode a routine that returns a result
 *    waits for its own stream; nothing else waits.
 *  - GBLAS_OP_C equals GBLAS_OP_T for these real types. */

/* result = sum_i x[i] * y[i]. n == 0 gives result = 0; n < 0 is INVALID_VALUE, as for every size. */
GBLAS_API gblas_status_t gblas_sdot(gblas_handle_t h, int64_t n, const float *x, int64_t incx,
                          const float *y, int64_t incy, float *result);
GBLAS_API gblas_status_t gblas_ddot(gblas_handle_t h, int64_t n, const double *x, int64_t incx,
                          const double *y, int64_t incy, double *result);

/* result = sqrt(sum_i x[i]^2), free of overflow and underflow for any finite input.
 * n == 0 gives result = 0. */
GBLAS_API gblas_status_t gblas_snrm2(gblas_handle_t h, int64_t n, const float *x, int64_t incx,
                           float *result);
GBLAS_API gblas_status_t gblas_dnrm2(gblas_handle_t h, int64_t n, const double *x, int64_t incx,
                           double *result);

/* y = alpha * x + y. n == 0 returns at once. */
GBLAS_API gblas_status_t gblas_saxpy(gblas_handle_t h, int64_t n, const float *alpha, const float *x,
                           int64_t incx, float *y, int64_t incy);
GBLAS_API gblas_status_t gblas_daxpy(gblas_handle_t h, int64_t n, const double *alpha, const double *x,
                           int64_t incx, double *y, int64_t incy);

/* x = alpha * x (alpha == 0 writes zeros, as cuBLAS does). n == 0 returns at once. */
GBLAS_API gblas_status_t gblas_sscal(gblas_handle_t h, int64_t n, const float *alpha, float *x,
                           int64_t incx);
GBLAS_API gblas_status_t gblas_dscal(gblas_handle_t h, int64_t n, const double *alpha, double *x,
                           int64_t incx);

/* y = x. n == 0 returns at once. */
GBLAS_API gblas_status_t gblas_scopy(gblas_handle_t h, int64_t n, const float *x, int64_t incx, float *y,
                           int64_t incy);
GBLAS_API gblas_status_t gblas_dcopy(gblas_handle_t h, int64_t n, const double *x, int64_t incx,
                           double *y, int64_t incy);

/* y = alpha * op(A) * x + beta * y, A m x n with leading dimension lda >= max(1, m).
 * op = N: x has n elements, y has m; op = T or C: x has m, y has n. */
GBLAS_API gblas_status_t gblas_sgemv(gblas_handle_t h, gblas_operation_t trans, int64_t m, int64_t n,
                           const float *alpha, const float *A, int64_t lda, const float *x,
                           int64_t incx, const float *beta, float *y, int64_t incy);
GBLAS_API gblas_status_t gblas_dgemv(gblas_handle_t h, gblas_operation_t trans, int64_t m, int64_t n,
                           const double *alpha, const double *A, int64_t lda, const double *x,
                           int64_t incx, const double *beta, double *y, int64_t incy);

/* C = alpha * op(A) * op(B) + beta * C, C m x n, op(A) m x k, op(B) k x n.
 * lda >= max(1, transa == N ? m : k), ldb >= max(1, transb == N ? k : n), ldc >= max(1, m).
 * Order of the k-sum on the CUDA backend: DGEMM runs on the FP64 tensor cores, each instruction
 * adding the products of 4 consecutive k (8 on the path for small outputs) in an order fixed by
 * the hardware, every product and sum an IEEE double operation; SGEMM adds one FFMA per k. Each
 * element then accumulates these in k order, except where the output has too few tiles to fill
 * the GPU: k is split into contiguous ranges whose partial sums are added in range order (from
 * 32 ranges on, in runs of consecutive ranges, then run by run). The split depends only on m, n,
 * k and the SM count, so results repeat bit for bit on one device model; they can differ in the
 * last bits from the reference loop's and from the CPU backend's. A GEMM with m = 1 or n = 1
 * (k >= 1) runs as a GEMV, in GEMV's order; so does an SGEMM's last row (column) where m (n) is
 * 33 or 65 and the other operand has at least 2^23 elements (2^25 where that row's (column's)
 * elements are not contiguous). */
GBLAS_API gblas_status_t gblas_sgemm(gblas_handle_t h, gblas_operation_t transa, gblas_operation_t transb,
                           int64_t m, int64_t n, int64_t k, const float *alpha, const float *A,
                           int64_t lda, const float *B, int64_t ldb, const float *beta, float *C,
                           int64_t ldc);
GBLAS_API gblas_status_t gblas_dgemm(gblas_handle_t h, gblas_operation_t transa, gblas_operation_t transb,
                           int64_t m, int64_t n, int64_t k, const double *alpha, const double *A,
                           int64_t lda, const double *B, int64_t ldb, const double *beta,
                           double *C, int64_t ldc);

#ifdef __cplusplus
}
#endif
#endif /* GBLAS_H */
