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

/* Which triangle of a symmetric, Hermitian or triangular matrix is stored and referenced (the
 * other is never read or written); the values are cuBLAS's. */
typedef enum { GBLAS_FILL_MODE_LOWER = 0, GBLAS_FILL_MODE_UPPER = 1 } gblas_fill_mode_t;

/* Whether a triangular matrix has a unit diagonal (not read) or the one it stores. */
typedef enum { GBLAS_DIAG_NON_UNIT = 0, GBLAS_DIAG_UNIT = 1 } gblas_diag_type_t;

/* Which side of B a Level-3 routine's A multiplies. */
typedef enum { GBLAS_SIDE_LEFT = 0, GBLAS_SIDE_RIGHT = 1 } gblas_side_mode_t;

typedef enum { GBLAS_POINTER_MODE_HOST = 0, GBLAS_POINTER_MODE_DEVICE = 1 } gblas_pointer_mode_t;

/* Complex elements of the c and z routines: the real part, then the imaginary part, with no
 * padding. The layout (size, alignment and the offset of each part) is that of C99's
 * float _Complex / double _Complex, of Fortran's COMPLEX / COMPLEX*16 and of CUDA's cuComplex /
 * cuDoubleComplex (which are more strictly aligned: 8 and 16 bytes), so arrays of any of those
 * can be passed by a cast, and an array of these to cuBLAS when its alignment holds (memory
 * from gblas_malloc always is); tests/test_complex_types.c asserts it. Scalars (alpha, results)
 * are complex where the routine's element type is, real where its documentation says. */
typedef struct {
    float re, im;
} gblas_complex_float;
typedef struct {
    double re, im;
} gblas_complex_double;

/* Threads. A handle may be shared by threads: every call on it (routines, setters and getters,
 * memory and copies, gblas_last_error) holds the handle while it runs, so calls through one
 * handle are serialised and each sees the workspace, stream and pointer mode whole. Settings
 * (stream, pointer mode, workspace, threads) are the handle's, not the thread's: one thread's
 * gblas_set_pointer_mode applies to the next call of every thread. Use a handle per thread to
 * run calls in parallel. Handles are independent of each other: calls on different handles
 * never wait for one another (gblas_malloc / gblas_free share one short lock).
 * gblas_destroy waits for a call running on another thread to finish, but no call may start on
 * a handle once its gblas_destroy has begun.
 *
 * Misuse the library detects (NOT_INITIALIZED or INVALID_VALUE, never a crash):
 *  - a NULL handle, or a pointer to readable memory that is not a handle;
 *  - a second gblas_destroy, or any call, on a handle among the last 16 destroyed in the
 *    process ("handle = 0x... was destroyed"); an older destroyed handle has been freed and is
 *    then a use after free, as with free();
 *  - gblas_free of a pointer gblas_malloc did not return, of one already freed, or of one from
 *    a handle of the other backend.
 * Not detected (undefined behaviour): a handle pointer to unmapped memory, a call racing with
 * gblas_destroy of the same handle, buffers smaller than the sizes and increments passed. */

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
 * Returns SUCCESS, or EXECUTION_FAILED if pending work failed (the handle is freed anyway);
 * NOT_INITIALIZED for a handle already destroyed (see "Misuse" above). Memory from
 * gblas_malloc is not freed: it outlives the handle. */
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

/* CPU backend: threads the routines may use, 1 to GBLAS_MAX_THREADS. Default: the cores OpenMP
 * reports (at most GBLAS_MAX_THREADS). On the CUDA backend the value is kept but unused, and
 * reads back as 0 until set. NOT_INITIALIZED, INVALID_VALUE (out of range; the handle keeps
 * its value). */
#define GBLAS_MAX_THREADS 1024
GBLAS_API gblas_status_t gblas_set_num_threads(gblas_handle_t h, int threads);
GBLAS_API gblas_status_t gblas_get_num_threads(gblas_handle_t h, int *threads);

/* Waits until all work enqueued through the handle has finished.
 * NOT_INITIALIZED; EXECUTION_FAILED with the device's error text when that work failed. */
GBLAS_API gblas_status_t gblas_synchronize(gblas_handle_t h);

/* The message of the handle's last failing call, or "" if none failed. The message belongs to
 * the handle: on a shared handle it is the last failure of any thread's call, so a thread that
 * needs its own call's message must not let other threads fail calls on the handle in between.
 * The text returned is the calling thread's copy, valid until its next gblas_last_error.
 * For h = NULL: the message of the calling thread's last failed gblas_create or call on a NULL
 * or destroyed handle, valid until that thread's next such failure. "invalid handle" for a
 * handle that is not live. */
GBLAS_API const char *gblas_last_error(gblas_handle_t h);

/* ---- memory -------------------------------------------------------------------------------- */
/* Allocates bytes of backend memory: device memory (CUDA) or 64-byte aligned host memory (CPU).
 * bytes = 0 gives *p = NULL and SUCCESS. NOT_INITIALIZED, INVALID_VALUE (p NULL), ALLOC_FAILED
 * (with *p = NULL and nothing allocated; the handle stays usable). The memory outlives the
 * handle and is freed through any handle of the same backend. */
GBLAS_API gblas_status_t gblas_malloc(gblas_handle_t h, void **p, size_t bytes);
/* Frees memory from gblas_malloc on a handle of the same backend. Accepts NULL.
 * NOT_INITIALIZED; INVALID_VALUE (p not from gblas_malloc, freed already, or from the other
 * backend: nothing is freed); EXECUTION_FAILED (the CUDA runtime's failure; the pointer is
 * then forgotten). */
GBLAS_API gblas_status_t gblas_free(gblas_handle_t h, void *p);

/* Copies a rows x cols column-major matrix of elem-byte elements from host (leading dimension
 * ldh, in elements) to backend memory dev (leading dimension ldd), or back for the get forms.
 * The plain forms return when the copy is done; the _async forms are ordered on the handle's
 * stream and the host buffer must stay untouched until gblas_synchronize (on pageable host
 * memory the CUDA runtime may complete them before returning).
 * NOT_INITIALIZED; INVALID_VALUE (rows or cols < 0, elem == 0, ldh or ldd < max(1, rows), NULL
 * host or dev with work to do, a host pointer where backend memory is required and the reverse,
 * where detectable, an operand reaching past the end of the address space); EXECUTION_FAILED. */
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
 *    BLAS does, except where a routine says it returns early for incx < 0 (SCAL, ASUM, I_AMAX,
 *    I_AMIN, as the reference BLAS 3.12 does).
 *  - Deliberate differences from the reference BLAS, the same for every routine: a negative
 *    size is INVALID_VALUE (the reference returns quietly), and so is an increment of 0 (the
 *    reference reads one element over and over).
 *  - Every operand the call reads or writes must lie inside the address space: a vector or
 *    matrix whose last element's offset ((n - 1) |inc|, or rows - 1 + (cols - 1) ld, in bytes)
 *    overflows or reaches past the top of user address space (2^47 on x86-64, as Linux's 4-level
 *    paging gives it; 2^48 on AArch64) is INVALID_VALUE. Operands the call does not read (x and
 *    A when alpha == 0, ...) are not checked and may be NULL.
 *  - beta == 0 overwrites the output without reading it; alpha == 0 never reads A, B or x.
 *  - Results are bitwise reproducible for the same inputs, backend, device and thread count
 *    (the CPU backend's reductions are also independent of the thread count).
 *  - Each routine returns SUCCESS; NOT_INITIALIZED (bad handle); INVALID_VALUE (the first bad
 *    argument in BLAS order, named in gblas_last_error); EXECUTION_FAILED (launch or device
 *    failure, with the CUDA error text). In host pointer mode a routine that returns a result
 *    waits for its own stream; nothing else waits.
 *  - A handle may be shared by threads (see "Threads" above): calls through one handle are
 *    serialised, each with the whole workspace. Use a handle per thread to run in parallel.
 *  - GBLAS_OP_C equals GBLAS_OP_T for the real types. */

/* BEGIN GENERATED ROUTINES (routines/gen.py) */

/* result = sum_i x[i] * y[i]. n == 0 gives result = 0. */
GBLAS_API gblas_status_t gblas_sdot(gblas_handle_t h, int64_t n, const float *x, int64_t incx,
    const float *y, int64_t incy, float *result);
GBLAS_API gblas_status_t gblas_ddot(gblas_handle_t h, int64_t n, const double *x, int64_t incx,
    const double *y, int64_t incy, double *result);

/* result = sum_i x[i] * y[i] (complex, unconjugated). n == 0 gives result = 0. */
GBLAS_API gblas_status_t gblas_cdotu(gblas_handle_t h, int64_t n, const gblas_complex_float *x,
    int64_t incx, const gblas_complex_float *y, int64_t incy, gblas_complex_float *result);
GBLAS_API gblas_status_t gblas_zdotu(gblas_handle_t h, int64_t n, const gblas_complex_double *x,
    int64_t incx, const gblas_complex_double *y, int64_t incy, gblas_complex_double *result);

/* result = sum_i conj(x[i]) * y[i] (x conjugated). n == 0 gives result = 0. */
GBLAS_API gblas_status_t gblas_cdotc(gblas_handle_t h, int64_t n, const gblas_complex_float *x,
    int64_t incx, const gblas_complex_float *y, int64_t incy, gblas_complex_float *result);
GBLAS_API gblas_status_t gblas_zdotc(gblas_handle_t h, int64_t n, const gblas_complex_double *x,
    int64_t incx, const gblas_complex_double *y, int64_t incy, gblas_complex_double *result);

/* result = sqrt(sum_i |x[i]|^2) (complex: the sum of re^2 + im^2, a real result),
 * free of overflow and underflow for any finite input.
 * n == 0 gives result = 0. A negative incx walks x backwards (the same norm), as the
 * reference BLAS 3.10 and later do. */
GBLAS_API gblas_status_t gblas_snrm2(gblas_handle_t h, int64_t n, const float *x, int64_t incx,
    float *result);
GBLAS_API gblas_status_t gblas_dnrm2(gblas_handle_t h, int64_t n, const double *x, int64_t incx,
    double *result);
GBLAS_API gblas_status_t gblas_scnrm2(gblas_handle_t h, int64_t n, const gblas_complex_float *x,
    int64_t incx, float *result);
GBLAS_API gblas_status_t gblas_dznrm2(gblas_handle_t h, int64_t n, const gblas_complex_double *x,
    int64_t incx, double *result);

/* result = sum_i |x[i]| (complex: sum_i |re x[i]| + |im x[i]|, a real result, as the
 * reference BLAS defines it). n == 0 or incx < 0 gives result = 0, as in the reference
 * BLAS. */
GBLAS_API gblas_status_t gblas_sasum(gblas_handle_t h, int64_t n, const float *x, int64_t incx,
    float *result);
GBLAS_API gblas_status_t gblas_dasum(gblas_handle_t h, int64_t n, const double *x, int64_t incx,
    double *result);
GBLAS_API gblas_status_t gblas_scasum(gblas_handle_t h, int64_t n, const gblas_complex_float *x,
    int64_t incx, float *result);
GBLAS_API gblas_status_t gblas_dzasum(gblas_handle_t h, int64_t n, const gblas_complex_double *x,
    int64_t incx, double *result);

/* result = the 1-based index of the first element of largest |x[i]|, as the reference
 * BLAS's I_AMAX: a NaN in x[0] gives 1, any other NaN is passed over. Complex: by
 * |re x[i]| + |im x[i]| (computed in the element's precision, as the reference), a NaN
 * in either part making it NaN. n == 0 or incx < 0 gives result = 0. */
GBLAS_API gblas_status_t gblas_isamax(gblas_handle_t h, int64_t n, const float *x, int64_t incx,
    int64_t *result);
GBLAS_API gblas_status_t gblas_idamax(gblas_handle_t h, int64_t n, const double *x, int64_t incx,
    int64_t *result);
GBLAS_API gblas_status_t gblas_icamax(gblas_handle_t h, int64_t n, const gblas_complex_float *x,
    int64_t incx, int64_t *result);
GBLAS_API gblas_status_t gblas_izamax(gblas_handle_t h, int64_t n, const gblas_complex_double *x,
    int64_t incx, int64_t *result);

/* result = the 1-based index of the first element of smallest |x[i]| (cuBLAS's
 * I_AMIN, with I_AMAX's rules: a NaN in x[0] gives 1, any other NaN is passed over;
 * complex by |re x[i]| + |im x[i]|). n == 0 or incx < 0 gives result = 0. */
GBLAS_API gblas_status_t gblas_isamin(gblas_handle_t h, int64_t n, const float *x, int64_t incx,
    int64_t *result);
GBLAS_API gblas_status_t gblas_idamin(gblas_handle_t h, int64_t n, const double *x, int64_t incx,
    int64_t *result);
GBLAS_API gblas_status_t gblas_icamin(gblas_handle_t h, int64_t n, const gblas_complex_float *x,
    int64_t incx, int64_t *result);
GBLAS_API gblas_status_t gblas_izamin(gblas_handle_t h, int64_t n, const gblas_complex_double *x,
    int64_t incx, int64_t *result);

/* y = alpha * x + y. n == 0, or alpha == 0 in host pointer mode, returns at once. */
GBLAS_API gblas_status_t gblas_saxpy(gblas_handle_t h, int64_t n, const float *alpha,
    const float *x, int64_t incx, float *y, int64_t incy);
GBLAS_API gblas_status_t gblas_daxpy(gblas_handle_t h, int64_t n, const double *alpha,
    const double *x, int64_t incx, double *y, int64_t incy);
GBLAS_API gblas_status_t gblas_caxpy(gblas_handle_t h, int64_t n, const gblas_complex_float *alpha,
    const gblas_complex_float *x, int64_t incx, gblas_complex_float *y, int64_t incy);
GBLAS_API gblas_status_t gblas_zaxpy(gblas_handle_t h, int64_t n, const gblas_complex_double *alpha,
    const gblas_complex_double *x, int64_t incx, gblas_complex_double *y, int64_t incy);

/* x = alpha * x (alpha == 0 writes zeros, as cuBLAS does). n == 0 or incx < 0
 * returns at once without touching x, as in the reference BLAS. */
GBLAS_API gblas_status_t gblas_sscal(gblas_handle_t h, int64_t n, const float *alpha, float *x,
    int64_t incx);
GBLAS_API gblas_status_t gblas_dscal(gblas_handle_t h, int64_t n, const double *alpha, double *x,
    int64_t incx);
GBLAS_API gblas_status_t gblas_cscal(gblas_handle_t h, int64_t n, const gblas_complex_float *alpha,
    gblas_complex_float *x, int64_t incx);
GBLAS_API gblas_status_t gblas_zscal(gblas_handle_t h, int64_t n, const gblas_complex_double *alpha,
    gblas_complex_double *x, int64_t incx);

/* x = alpha * x with a real alpha, both parts of each element scaled (alpha == 0
 * writes zeros, as cuBLAS does). n == 0 or incx < 0 returns at once without touching
 * x, as in the reference BLAS. */
GBLAS_API gblas_status_t gblas_csscal(gblas_handle_t h, int64_t n, const float *alpha,
    gblas_complex_float *x, int64_t incx);
GBLAS_API gblas_status_t gblas_zdscal(gblas_handle_t h, int64_t n, const double *alpha,
    gblas_complex_double *x, int64_t incx);

/* y = x. n == 0 returns at once. */
GBLAS_API gblas_status_t gblas_scopy(gblas_handle_t h, int64_t n, const float *x, int64_t incx,
    float *y, int64_t incy);
GBLAS_API gblas_status_t gblas_dcopy(gblas_handle_t h, int64_t n, const double *x, int64_t incx,
    double *y, int64_t incy);
GBLAS_API gblas_status_t gblas_ccopy(gblas_handle_t h, int64_t n, const gblas_complex_float *x,
    int64_t incx, gblas_complex_float *y, int64_t incy);
GBLAS_API gblas_status_t gblas_zcopy(gblas_handle_t h, int64_t n, const gblas_complex_double *x,
    int64_t incx, gblas_complex_double *y, int64_t incy);

/* Exchanges x and y. n == 0 returns at once. */
GBLAS_API gblas_status_t gblas_sswap(gblas_handle_t h, int64_t n, float *x, int64_t incx, float *y,
    int64_t incy);
GBLAS_API gblas_status_t gblas_dswap(gblas_handle_t h, int64_t n, double *x, int64_t incx,
    double *y, int64_t incy);
GBLAS_API gblas_status_t gblas_cswap(gblas_handle_t h, int64_t n, gblas_complex_float *x,
    int64_t incx, gblas_complex_float *y, int64_t incy);
GBLAS_API gblas_status_t gblas_zswap(gblas_handle_t h, int64_t n, gblas_complex_double *x,
    int64_t incx, gblas_complex_double *y, int64_t incy);

/* Applies the plane rotation (c, s): x[i] = c x[i] + s y[i], y[i] = c y[i] - s x[i].
 * Complex (crot, zrot: c real, s complex, as cuBLAS and LAPACK's CROT): y[i] = c y[i]
 * - conj(s) x[i]. n == 0 returns at once. */
GBLAS_API gblas_status_t gblas_srot(gblas_handle_t h, int64_t n, float *x, int64_t incx, float *y,
    int64_t incy, const float *c, const float *s);
GBLAS_API gblas_status_t gblas_drot(gblas_handle_t h, int64_t n, double *x, int64_t incx, double *y,
    int64_t incy, const double *c, const double *s);
GBLAS_API gblas_status_t gblas_crot(gblas_handle_t h, int64_t n, gblas_complex_float *x,
    int64_t incx, gblas_complex_float *y, int64_t incy, const float *c,
    const gblas_complex_float *s);
GBLAS_API gblas_status_t gblas_zrot(gblas_handle_t h, int64_t n, gblas_complex_double *x,
    int64_t incx, gblas_complex_double *y, int64_t incy, const double *c,
    const gblas_complex_double *s);

/* Applies the plane rotation (c, s), both real, to complex x and y: x[i] = c x[i] +
 * s y[i], y[i] = c y[i] - s x[i]. n == 0 returns at once. */
GBLAS_API gblas_status_t gblas_csrot(gblas_handle_t h, int64_t n, gblas_complex_float *x,
    int64_t incx, gblas_complex_float *y, int64_t incy, const float *c, const float *s);
GBLAS_API gblas_status_t gblas_zdrot(gblas_handle_t h, int64_t n, gblas_complex_double *x,
    int64_t incx, gblas_complex_double *y, int64_t incy, const double *c, const double *s);

/* Applies the modified Givens transformation H that param encodes (param[0] = flag
 * -1: H = [h11 h12; h21 h22], 0: [1 h12; h21 1], 1: [h11 1; -1 h22], -2: identity,
 * with h11, h21, h12, h22 in param[1..4]) to the pairs (x[i], y[i]), as the reference
 * BLAS. n == 0 returns at once; a flag of -2 leaves x and y untouched. */
GBLAS_API gblas_status_t gblas_srotm(gblas_handle_t h, int64_t n, float *x, int64_t incx, float *y,
    int64_t incy, const float *param);
GBLAS_API gblas_status_t gblas_drotm(gblas_handle_t h, int64_t n, double *x, int64_t incx,
    double *y, int64_t incy, const double *param);

/* Constructs the plane rotation [c s; -s c] that zeroes b of (a, b): on return a = r,
 * b = z (the reconstruction value) and c, s the rotation, by the reference BLAS 3.10
 * algorithm (scaled, free of overflow). All four in host or backend memory per the
 * pointer mode. Complex (crotg, zrotg, as the reference's): c real, s complex, the
 * rotation [c s; -conj(s) c]; a = r, the reference BLAS 3.10+ algorithm (scaled)
 * with r = sgn(a) sqrt(|a|^2 + |b|^2), sgn(a) = a / |a| (1 for a = 0); b is left as
 * it was. */
GBLAS_API gblas_status_t gblas_srotg(gblas_handle_t h, float *a, float *b, float *c, float *s);
GBLAS_API gblas_status_t gblas_drotg(gblas_handle_t h, double *a, double *b, double *c, double *s);
GBLAS_API gblas_status_t gblas_crotg(gblas_handle_t h, gblas_complex_float *a,
    gblas_complex_float *b, float *c, gblas_complex_float *s);
GBLAS_API gblas_status_t gblas_zrotg(gblas_handle_t h, gblas_complex_double *a,
    gblas_complex_double *b, double *c, gblas_complex_double *s);

/* Constructs the modified Givens transformation that zeroes the second component of
 * (sqrt(d1) x1, sqrt(d2) y1), as the reference BLAS: updates d1, d2, x1 and writes
 * the flag and H to param. All in host or backend memory per the pointer mode. */
GBLAS_API gblas_status_t gblas_srotmg(gblas_handle_t h, float *d1, float *d2, float *x1,
    const float *y1, float *param);
GBLAS_API gblas_status_t gblas_drotmg(gblas_handle_t h, double *d1, double *d2, double *x1,
    const double *y1, double *param);

/* y = alpha * op(A) * x + beta * y, A m x n with leading dimension lda >= max(1, m).
 * op = N: x has n elements, y has m; op = T or C: x has m, y has n. */
GBLAS_API gblas_status_t gblas_sgemv(gblas_handle_t h, gblas_operation_t trans, int64_t m,
    int64_t n, const float *alpha, const float *A, int64_t lda, const float *x, int64_t incx,
    const float *beta, float *y, int64_t incy);
GBLAS_API gblas_status_t gblas_dgemv(gblas_handle_t h, gblas_operation_t trans, int64_t m,
    int64_t n, const double *alpha, const double *A, int64_t lda, const double *x, int64_t incx,
    const double *beta, double *y, int64_t incy);

/* y = alpha * op(A) * x + beta * y, A m x n with kl subdiagonals and ku superdiagonals
 * in band storage: A(i, j) at A[ku + i - j + j * lda] for max(0, j - ku) <= i <=
 * min(m - 1, j + kl), lda >= kl + ku + 1. op = N: x has n elements, y has m; op = T or
 * C: x has m, y has n. Elements of the storage outside the band are never read. */
GBLAS_API gblas_status_t gblas_sgbmv(gblas_handle_t h, gblas_operation_t trans, int64_t m,
    int64_t n, int64_t kl, int64_t ku, const float *alpha, const float *A, int64_t lda,
    const float *x, int64_t incx, const float *beta, float *y, int64_t incy);
GBLAS_API gblas_status_t gblas_dgbmv(gblas_handle_t h, gblas_operation_t trans, int64_t m,
    int64_t n, int64_t kl, int64_t ku, const double *alpha, const double *A, int64_t lda,
    const double *x, int64_t incx, const double *beta, double *y, int64_t incy);

/* y = alpha * A * x + beta * y, A n x n symmetric, only its uplo triangle (diagonal
 * included) read, lda >= max(1, n). */
GBLAS_API gblas_status_t gblas_ssymv(gblas_handle_t h, gblas_fill_mode_t uplo, int64_t n,
    const float *alpha, const float *A, int64_t lda, const float *x, int64_t incx,
    const float *beta, float *y, int64_t incy);
GBLAS_API gblas_status_t gblas_dsymv(gblas_handle_t h, gblas_fill_mode_t uplo, int64_t n,
    const double *alpha, const double *A, int64_t lda, const double *x, int64_t incx,
    const double *beta, double *y, int64_t incy);

/* y = alpha * A * x + beta * y, A n x n symmetric with k sub- and superdiagonals, its
 * uplo triangle in band storage, lda >= k + 1: upper, A(i, j) at A[k + i - j + j * lda]
 * for max(0, j - k) <= i <= j; lower, at A[i - j + j * lda] for j <= i <= min(n - 1,
 * j + k). */
GBLAS_API gblas_status_t gblas_ssbmv(gblas_handle_t h, gblas_fill_mode_t uplo, int64_t n, int64_t k,
    const float *alpha, const float *A, int64_t lda, const float *x, int64_t incx,
    const float *beta, float *y, int64_t incy);
GBLAS_API gblas_status_t gblas_dsbmv(gblas_handle_t h, gblas_fill_mode_t uplo, int64_t n, int64_t k,
    const double *alpha, const double *A, int64_t lda, const double *x, int64_t incx,
    const double *beta, double *y, int64_t incy);

/* y = alpha * A * x + beta * y, A n x n symmetric, its uplo triangle packed by
 * columns: upper, A(i, j) at AP[i + j (j + 1) / 2] for i <= j; lower, at
 * AP[i + (2 n - j - 1) j / 2] for i >= j. */
GBLAS_API gblas_status_t gblas_sspmv(gblas_handle_t h, gblas_fill_mode_t uplo, int64_t n,
    const float *alpha, const float *AP, const float *x, int64_t incx, const float *beta, float *y,
    int64_t incy);
GBLAS_API gblas_status_t gblas_dspmv(gblas_handle_t h, gblas_fill_mode_t uplo, int64_t n,
    const double *alpha, const double *AP, const double *x, int64_t incx, const double *beta,
    double *y, int64_t incy);

/* x = op(A) * x, A n x n upper or lower triangular (uplo), its diagonal read or taken
 * as ones (diag), only its uplo triangle read, lda >= max(1, n). */
GBLAS_API gblas_status_t gblas_strmv(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const float *A, int64_t lda,
    float *x, int64_t incx);
GBLAS_API gblas_status_t gblas_dtrmv(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const double *A, int64_t lda,
    double *x, int64_t incx);

/* x = op(A) * x, A n x n triangular with k off-diagonals, its uplo triangle in band
 * storage as sbmv's, lda >= k + 1, the diagonal read or taken as ones (diag). */
GBLAS_API gblas_status_t gblas_stbmv(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, int64_t k, const float *A,
    int64_t lda, float *x, int64_t incx);
GBLAS_API gblas_status_t gblas_dtbmv(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, int64_t k, const double *A,
    int64_t lda, double *x, int64_t incx);

/* x = op(A) * x, A n x n triangular, packed by columns as spmv's AP, the diagonal
 * read or taken as ones (diag). */
GBLAS_API gblas_status_t gblas_stpmv(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const float *AP, float *x,
    int64_t incx);
GBLAS_API gblas_status_t gblas_dtpmv(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const double *AP, double *x,
    int64_t incx);

/* Solves op(A) * x = b for x, b given in x and overwritten, A as trmv's. There is
 * no test for singularity: a zero on the diagonal gives Inf or NaN, as in the
 * reference BLAS. */
GBLAS_API gblas_status_t gblas_strsv(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const float *A, int64_t lda,
    float *x, int64_t incx);
GBLAS_API gblas_status_t gblas_dtrsv(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const double *A, int64_t lda,
    double *x, int64_t incx);

/* Solves op(A) * x = b for x, b given in x, A banded as tbmv's. No test for
 * singularity. */
GBLAS_API gblas_status_t gblas_stbsv(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, int64_t k, const float *A,
    int64_t lda, float *x, int64_t incx);
GBLAS_API gblas_status_t gblas_dtbsv(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, int64_t k, const double *A,
    int64_t lda, double *x, int64_t incx);

/* Solves op(A) * x = b for x, b given in x, A packed as tpmv's. No test for
 * singularity. */
GBLAS_API gblas_status_t gblas_stpsv(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const float *AP, float *x,
    int64_t incx);
GBLAS_API gblas_status_t gblas_dtpsv(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, gblas_diag_type_t diag, int64_t n, const double *AP, double *x,
    int64_t incx);

/* A = alpha * x * y^T + A, A m x n, x m elements, y n, lda >= max(1, m). alpha == 0
 * returns at once. */
GBLAS_API gblas_status_t gblas_sger(gblas_handle_t h, int64_t m, int64_t n, const float *alpha,
    const float *x, int64_t incx, const float *y, int64_t incy, float *A, int64_t lda);
GBLAS_API gblas_status_t gblas_dger(gblas_handle_t h, int64_t m, int64_t n, const double *alpha,
    const double *x, int64_t incx, const double *y, int64_t incy, double *A, int64_t lda);

/* A = alpha * x * x^T + A, A n x n symmetric, only its uplo triangle read and written,
 * lda >= max(1, n). alpha == 0 returns at once. */
GBLAS_API gblas_status_t gblas_ssyr(gblas_handle_t h, gblas_fill_mode_t uplo, int64_t n,
    const float *alpha, const float *x, int64_t incx, float *A, int64_t lda);
GBLAS_API gblas_status_t gblas_dsyr(gblas_handle_t h, gblas_fill_mode_t uplo, int64_t n,
    const double *alpha, const double *x, int64_t incx, double *A, int64_t lda);

/* A = alpha * x * x^T + A, A's uplo triangle packed as spmv's. alpha == 0 returns at
 * once. */
GBLAS_API gblas_status_t gblas_sspr(gblas_handle_t h, gblas_fill_mode_t uplo, int64_t n,
    const float *alpha, const float *x, int64_t incx, float *AP);
GBLAS_API gblas_status_t gblas_dspr(gblas_handle_t h, gblas_fill_mode_t uplo, int64_t n,
    const double *alpha, const double *x, int64_t incx, double *AP);

/* A = alpha * x * y^T + alpha * y * x^T + A, A n x n symmetric, only its uplo triangle
 * read and written, lda >= max(1, n). alpha == 0 returns at once. */
GBLAS_API gblas_status_t gblas_ssyr2(gblas_handle_t h, gblas_fill_mode_t uplo, int64_t n,
    const float *alpha, const float *x, int64_t incx, const float *y, int64_t incy, float *A,
    int64_t lda);
GBLAS_API gblas_status_t gblas_dsyr2(gblas_handle_t h, gblas_fill_mode_t uplo, int64_t n,
    const double *alpha, const double *x, int64_t incx, const double *y, int64_t incy, double *A,
    int64_t lda);

/* A = alpha * x * y^T + alpha * y * x^T + A, A's uplo triangle packed as spmv's.
 * alpha == 0 returns at once. */
GBLAS_API gblas_status_t gblas_sspr2(gblas_handle_t h, gblas_fill_mode_t uplo, int64_t n,
    const float *alpha, const float *x, int64_t incx, const float *y, int64_t incy, float *AP);
GBLAS_API gblas_status_t gblas_dspr2(gblas_handle_t h, gblas_fill_mode_t uplo, int64_t n,
    const double *alpha, const double *x, int64_t incx, const double *y, int64_t incy, double *AP);

/* C = alpha * op(A) * op(B) + beta * C, C m x n, op(A) m x k, op(B) k x n.
 * lda >= max(1, transa == N ? m : k), ldb >= max(1, transb == N ? k : n),
 * ldc >= max(1, m). k == 0 gives C = beta * C, whatever alpha holds (an empty sum).
 * The order of the k-sum on each backend is in docs/kernels.md. */
GBLAS_API gblas_status_t gblas_sgemm(gblas_handle_t h, gblas_operation_t transa,
    gblas_operation_t transb, int64_t m, int64_t n, int64_t k, const float *alpha, const float *A,
    int64_t lda, const float *B, int64_t ldb, const float *beta, float *C, int64_t ldc);
GBLAS_API gblas_status_t gblas_dgemm(gblas_handle_t h, gblas_operation_t transa,
    gblas_operation_t transb, int64_t m, int64_t n, int64_t k, const double *alpha, const double *A,
    int64_t lda, const double *B, int64_t ldb, const double *beta, double *C, int64_t ldc);
GBLAS_API gblas_status_t gblas_cgemm(gblas_handle_t h, gblas_operation_t transa,
    gblas_operation_t transb, int64_t m, int64_t n, int64_t k, const gblas_complex_float *alpha,
    const gblas_complex_float *A, int64_t lda, const gblas_complex_float *B, int64_t ldb,
    const gblas_complex_float *beta, gblas_complex_float *C, int64_t ldc);
GBLAS_API gblas_status_t gblas_zgemm(gblas_handle_t h, gblas_operation_t transa,
    gblas_operation_t transb, int64_t m, int64_t n, int64_t k, const gblas_complex_double *alpha,
    const gblas_complex_double *A, int64_t lda, const gblas_complex_double *B, int64_t ldb,
    const gblas_complex_double *beta, gblas_complex_double *C, int64_t ldc);

/* C_i = alpha * op(A_i) * op(B_i) + beta * C_i for i < batch_count, A_i = A + i strideA,
 * B_i = B + i strideB, C_i = C + i strideC, each as gemm's. Strides are >= 0: A and B
 * may be shared (stride 0) or overlap across products; strideC >= ldc (n - 1) + m when
 * batch_count > 1, so no two C_i overlap. batch_count == 0 returns at once. */
GBLAS_API gblas_status_t gblas_sgemm_strided_batched(gblas_handle_t h, gblas_operation_t transa,
    gblas_operation_t transb, int64_t m, int64_t n, int64_t k, const float *alpha, const float *A,
    int64_t lda, int64_t strideA, const float *B, int64_t ldb, int64_t strideB, const float *beta,
    float *C, int64_t ldc, int64_t strideC, int64_t batch_count);
GBLAS_API gblas_status_t gblas_dgemm_strided_batched(gblas_handle_t h, gblas_operation_t transa,
    gblas_operation_t transb, int64_t m, int64_t n, int64_t k, const double *alpha, const double *A,
    int64_t lda, int64_t strideA, const double *B, int64_t ldb, int64_t strideB, const double *beta,
    double *C, int64_t ldc, int64_t strideC, int64_t batch_count);

/* C_i = alpha * op(A_i) * op(B_i) + beta * C_i for i < batch_count, the matrices given
 * by arrays of batch_count pointers in backend memory (device memory on the CUDA
 * backend), each matrix as gemm's. The arrays are checked; the pointers they hold are
 * not (the library cannot read device memory without waiting): each must point to a
 * matrix of its extent, and no C_i may overlap another or any A_j, B_j (A_i and B_j may
 * be shared). batch_count == 0 returns at once. */
GBLAS_API gblas_status_t gblas_sgemm_batched(gblas_handle_t h, gblas_operation_t transa,
    gblas_operation_t transb, int64_t m, int64_t n, int64_t k, const float *alpha,
    const float *const *Aarray, int64_t lda, const float *const *Barray, int64_t ldb,
    const float *beta, float *const *Carray, int64_t ldc, int64_t batch_count);
GBLAS_API gblas_status_t gblas_dgemm_batched(gblas_handle_t h, gblas_operation_t transa,
    gblas_operation_t transb, int64_t m, int64_t n, int64_t k, const double *alpha,
    const double *const *Aarray, int64_t lda, const double *const *Barray, int64_t ldb,
    const double *beta, double *const *Carray, int64_t ldc, int64_t batch_count);

/* C = alpha * op(A) + beta * op(B), C m x n (cuBLAS's geam, a BLAS extension). alpha
 * == 0 never reads A, beta == 0 never reads B (in host pointer mode A or B may then be
 * NULL). C may be A itself (in place) where transa == N and ldc == lda, or B where
 * transb == N and ldc == ldb; any other overlap of C with A or B is undefined. */
GBLAS_API gblas_status_t gblas_sgeam(gblas_handle_t h, gblas_operation_t transa,
    gblas_operation_t transb, int64_t m, int64_t n, const float *alpha, const float *A, int64_t lda,
    const float *beta, const float *B, int64_t ldb, float *C, int64_t ldc);
GBLAS_API gblas_status_t gblas_dgeam(gblas_handle_t h, gblas_operation_t transa,
    gblas_operation_t transb, int64_t m, int64_t n, const double *alpha, const double *A,
    int64_t lda, const double *beta, const double *B, int64_t ldb, double *C, int64_t ldc);

/* C = diag(x) * A (side LEFT, x m elements) or A * diag(x) (RIGHT, x n elements), A
 * and C m x n (cuBLAS's dgmm, a BLAS extension). A negative incx walks x backwards,
 * as the reference BLAS's vectors. C may be A itself where ldc == lda; any other
 * overlap is undefined. */
GBLAS_API gblas_status_t gblas_sdgmm(gblas_handle_t h, gblas_side_mode_t side, int64_t m, int64_t n,
    const float *A, int64_t lda, const float *x, int64_t incx, float *C, int64_t ldc);
GBLAS_API gblas_status_t gblas_ddgmm(gblas_handle_t h, gblas_side_mode_t side, int64_t m, int64_t n,
    const double *A, int64_t lda, const double *x, int64_t incx, double *C, int64_t ldc);

/* C = alpha * A * B + beta * C (side LEFT, A m x m) or alpha * B * A + beta * C (RIGHT,
 * A n x n), A symmetric with only its uplo triangle read, B and C m x n. */
GBLAS_API gblas_status_t gblas_ssymm(gblas_handle_t h, gblas_side_mode_t side,
    gblas_fill_mode_t uplo, int64_t m, int64_t n, const float *alpha, const float *A, int64_t lda,
    const float *B, int64_t ldb, const float *beta, float *C, int64_t ldc);
GBLAS_API gblas_status_t gblas_dsymm(gblas_handle_t h, gblas_side_mode_t side,
    gblas_fill_mode_t uplo, int64_t m, int64_t n, const double *alpha, const double *A, int64_t lda,
    const double *B, int64_t ldb, const double *beta, double *C, int64_t ldc);

/* C = alpha * op(A) * op(A)^T + beta * C, only C's uplo triangle read and written,
 * op(A) n x k (trans N: A n x k; T or C: A k x n). k == 0 gives C = beta * C. */
GBLAS_API gblas_status_t gblas_ssyrk(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, int64_t n, int64_t k, const float *alpha, const float *A, int64_t lda,
    const float *beta, float *C, int64_t ldc);
GBLAS_API gblas_status_t gblas_dsyrk(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, int64_t n, int64_t k, const double *alpha, const double *A,
    int64_t lda, const double *beta, double *C, int64_t ldc);

/* C = alpha * (op(A) * op(B)^T + op(B) * op(A)^T) + beta * C, only C's uplo triangle
 * read and written, op(A), op(B) n x k. k == 0 gives C = beta * C. */
GBLAS_API gblas_status_t gblas_ssyr2k(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, int64_t n, int64_t k, const float *alpha, const float *A, int64_t lda,
    const float *B, int64_t ldb, const float *beta, float *C, int64_t ldc);
GBLAS_API gblas_status_t gblas_dsyr2k(gblas_handle_t h, gblas_fill_mode_t uplo,
    gblas_operation_t trans, int64_t n, int64_t k, const double *alpha, const double *A,
    int64_t lda, const double *B, int64_t ldb, const double *beta, double *C, int64_t ldc);

/* C = alpha * op(A) * B (side LEFT, A m x m) or alpha * B * op(A) (RIGHT, A n x n), A
 * triangular (uplo, diag as trmv's), B and C m x n: cuBLAS's out-of-place form; C may
 * be B itself (ldc == ldb), the reference BLAS's in-place TRMM. alpha == 0 sets C to
 * zero without reading A or B. */
GBLAS_API gblas_status_t gblas_strmm(gblas_handle_t h, gblas_side_mode_t side,
    gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n,
    const float *alpha, const float *A, int64_t lda, const float *B, int64_t ldb, float *C,
    int64_t ldc);
GBLAS_API gblas_status_t gblas_dtrmm(gblas_handle_t h, gblas_side_mode_t side,
    gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n,
    const double *alpha, const double *A, int64_t lda, const double *B, int64_t ldb, double *C,
    int64_t ldc);

/* Solves op(A) * X = alpha * B (side LEFT, A m x m) or X * op(A) = alpha * B (RIGHT,
 * A n x n) for X, which overwrites B (m x n); A triangular as trmv's. alpha == 0 sets
 * B to zero without reading A. No test for singularity. */
GBLAS_API gblas_status_t gblas_strsm(gblas_handle_t h, gblas_side_mode_t side,
    gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n,
    const float *alpha, const float *A, int64_t lda, float *B, int64_t ldb);
GBLAS_API gblas_status_t gblas_dtrsm(gblas_handle_t h, gblas_side_mode_t side,
    gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n,
    const double *alpha, const double *A, int64_t lda, double *B, int64_t ldb);

/* trsm on each of batch_count (A_i, B_i) given by arrays of pointers in backend memory,
 * as gemm_batched's (the pointers themselves are the caller's to get right; no B_i may
 * overlap another or any A_j). batch_count == 0 returns at once. */
GBLAS_API gblas_status_t gblas_strsm_batched(gblas_handle_t h, gblas_side_mode_t side,
    gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n,
    const float *alpha, const float *const *Aarray, int64_t lda, float *const *Barray, int64_t ldb,
    int64_t batch_count);
GBLAS_API gblas_status_t gblas_dtrsm_batched(gblas_handle_t h, gblas_side_mode_t side,
    gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n,
    const double *alpha, const double *const *Aarray, int64_t lda, double *const *Barray,
    int64_t ldb, int64_t batch_count);

/* END GENERATED ROUTINES */

#ifdef __cplusplus
}
#endif
#endif /* GBLAS_H */
