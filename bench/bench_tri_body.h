/* bench_tri_body.h: the conditioning of a triangular case's A (TRMV, TBMV, TPMV and TRSV,
 * TBSV, TPSV; TRMM, TRSM and each matrix of TRSM's batch), written once for the host
 * (bench_util.c) and the device (bench_cuda_kernels.cu). Level 3 applies op(A) to each column
 * of B (left side) or op(A)^T to each row (right side: x^T op(A) = (op(A)^T x)^T), so the rows
 * conditioned below are those of op(A), or of op(A)^T on the right (bench_case_tri).
 *
 * Why: the bench fills A uniformly in [0.5, 1.5). A solve with such a matrix overflows, and the
 * timed calls overwrite x in place call after call, so x follows op(A)^p x0 (products) or
 * op(A)^-p x0 (solves) for as many calls p as the timing makes (hundreds on the GPU, up to
 * millions for a small case on the CPU). Scaling the off-diagonals by 1/n (band: 1/(k + 1))
 * with a unit diagonal keeps one call O(1) but not p of them: a unit triangular matrix with
 * positive off-diagonals grows x geometrically under repeated products (band: each row sum
 * ~1 + k/(k + 1)) and makes repeated solves oscillate with a growing amplitude; measured in
 * float, n = 16384, k = 8: TBMV reaches Inf and TBSV NaN within 300 and 1000 calls, and a full
 * TRMV at n = 1024 Inf within 3000. Inf, NaN and subnormal data would time something else on
 * the CPU, and a kernel that skips zeros would skip work.
 *
 * What: off-diagonals scaled by BENCH_TRI_OFFDIAG / L (L = n, band: k + 1), so each row of
 * op(A) sums to r_i < BENCH_TRI_RHO = 0.75 off its diagonal, and the diagonal chosen so that
 *   products: op(A)'s off-diagonals positive, diagonal 1 - r_i > 0.25: op(A) is nonnegative
 *     with unit row sums (row-stochastic), so each output is a weighted mean of x;
 *   solves: op(A)'s off-diagonals negative, diagonal 1 + r_i: op(A) is a diagonally dominant
 *     M-matrix with unit row sums, so op(A)^-1 is nonnegative with unit row sums, and each
 *     output is again a weighted mean of the right-hand side.
 * Either way every call keeps x within [min x0, max x0] subset of [0.5, 1.5), for any number
 * of calls (x drifts towards a constant vector, never towards zero or Inf), and one call's
 * rounding is not amplified (|op(A)^-1| has unit row sums): bench_check.c's models rely on
 * it. The row sums are of op(A), so they depend on uplo and trans: a case's A is conditioned
 * for its own letters. With diag U the stored diagonal is ignored, rows sum to 1 +- r_i and
 * only one call stays bounded; the case lists have no such case.
 *
 * How: every stored element is multiplied by +-scale (the unused triangle, or band corners,
 * too: never read), then each diagonal element is set from the sum of its op(A) row; the
 * second pass reads only off-diagonals and writes only diagonals, one row per thread. */
#ifndef GBLAS_BENCH_TRI_BODY_H
#define GBLAS_BENCH_TRI_BODY_H

#include <stdint.h>

#include "bench.h"

#ifdef __CUDACC__
#define BENCH_TRI_FN __host__ __device__ static inline
#else
#define BENCH_TRI_FN static inline
#endif

/* Elements of A's storage. */
BENCH_TRI_FN int64_t bench_tri_elems(const bench_tri *t) {
    return t->storage == BENCH_TRI_FULL   ? t->n * t->n
           : t->storage == BENCH_TRI_BAND ? (t->k + 1) * t->n
                                          : t->n * (t->n + 1) / 2;
}

/* Where A(r, c) is stored, for (r, c) in the uplo triangle (and band). Full: A[r + c lda];
 * band: upper A[k + r - c + c lda], lower A[r - c + c lda]; packed by columns: upper
 * AP[r + c (c + 1) / 2], lower AP[r + (2n - c - 1) c / 2]. */
BENCH_TRI_FN int64_t bench_tri_index(const bench_tri *t, int64_t r, int64_t c) {
    if (t->storage == BENCH_TRI_BAND) return (t->upper ? t->k + r - c : r - c) + c * (t->k + 1);
    if (t->storage == BENCH_TRI_PACKED)
        return t->upper ? r + c * (c + 1) / 2 : r + (2 * t->n - c - 1) * c / 2;
    return r + c * t->n;
}

/* Where op(A)(i, j) is stored. */
BENCH_TRI_FN int64_t bench_tri_op_index(const bench_tri *t, int64_t i, int64_t j) {
    return t->trans ? bench_tri_index(t, j, i) : bench_tri_index(t, i, j);
}

/* The columns j of op(A)'s row i off the diagonal: lo <= j < hi. op(A) is lower triangular
 * for uplo L, trans N and for uplo U, trans T. */
BENCH_TRI_FN void bench_tri_row(const bench_tri *t, int64_t i, int64_t *lo, int64_t *hi) {
    const int64_t w = t->storage == BENCH_TRI_BAND ? t->k : t->n;
    if (t->upper == t->trans) {
        *lo = i - w > 0 ? i - w : 0;
        *hi = i;
    } else {
        *lo = i + 1;
        *hi = i + 1 + w < t->n ? i + 1 + w : t->n;
    }
}

/* The factor of the first pass. */
BENCH_TRI_FN double bench_tri_factor(const bench_tri *t) {
    return t->solve ? -t->scale : t->scale;
}

/* The diagonal element of a row whose off-diagonals (after the first pass) sum in magnitude
 * to r. */
BENCH_TRI_FN double bench_tri_diagonal(const bench_tri *t, double r) {
    return t->solve ? 1 + r : 1 - r;
}

#endif /* GBLAS_BENCH_TRI_BODY_H */
