/* ref_gemv.c: the CPU backend's reference GEMV (y = alpha * op(A) * x + beta * y) in single and
 * double precision, written once in ref_gemv_body.h. Any increments, negative ones included. */
#include "cpu_paths.h"

/* Rows of y one thread owns in the N case: A's column segments stay long enough to stream. */
#define GEMV_ROWS ((int64_t)4096)

#define T float
#define FN_GEMV gblas_ref_sgemv
#include "ref_gemv_body.h"

#define T double
#define FN_GEMV gblas_ref_dgemv
#include "ref_gemv_body.h"
