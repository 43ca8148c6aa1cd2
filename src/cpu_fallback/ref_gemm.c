/* ref_gemm.c: the CPU backend's reference GEMM (C = alpha * op(A) * op(B) + beta * C) in single
 * and double precision, all four transpose pairs, written once in ref_gemm_body.h. Portable C
 * whose loop orders stream columns; the AVX paths replace it with packed, blocked kernels. */
#include "cpu_paths.h"

/* Multiply-adds (m * n * k) from which the columns of C are shared out over threads. */
#define GEMM_PARALLEL_MIN ((double)(1 << 18))

/* Rows of C whose dot products the transa == T loop runs side by side. */
#define GEMM_DOTS 4

#define T float
#define FN_GEMM gblas_ref_sgemm
#include "ref_gemm_body.h"

#define T double
#define FN_GEMM gblas_ref_dgemm
#include "ref_gemm_body.h"
