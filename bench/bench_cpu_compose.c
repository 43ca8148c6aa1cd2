/* bench_cpu_compose.c: the OpenBLAS side of the routines CBLAS has no call of their form for,
 * composed of the OpenBLAS calls a user would make: TRMM out of place (CBLAS's is in place),
 * GEAM and DGMM (BLAS extensions of cuBLAS), and the batches as loops of single calls (OpenBLAS
 * 0.3.21 has no batched GEMM), and crot/zrot (CBLAS has only csrot/zdrot: LAPACK's CROT and
 * ZROT, which OpenBLAS exports, by their Fortran names). Each writes out[BENCH_SIDE_REF] as the
 * gblas call writes out[BENCH_SIDE_GBLAS]; the case lists have only the forms handled here. */
#include <string.h>

#include "bench_cpu.h"

/* Matrices are stored with ld = rows (bench_routines_gen.c), so an m x n output is m n
 * contiguous elements. */

/* C = alpha op(A) B or alpha B op(A): B copied into C, then CBLAS's in-place TRMM on C. */
void bench_cblas_trmm(const bench_case *c, bench_buffers *b) {
    const enum CBLAS_SIDE side = bench_cblas_side(bench_gblas_side(c->trans[0]));
    const enum CBLAS_UPLO uplo = bench_cblas_uplo(bench_gblas_uplo(c->trans[1]));
    const enum CBLAS_TRANSPOSE trans = bench_cblas_op(bench_gblas_op(c->trans[2]));
    const enum CBLAS_DIAG diag = bench_cblas_diag(bench_gblas_diag(c->trans[3]));
    const blasint m = (blasint)c->m, n = (blasint)c->n, lda = side == CblasLeft ? m : n;
    if (c->prec == 's') {
        float *const C = b->out[BENCH_SIDE_REF];
        cblas_scopy(m * n, b->in1, 1, C, 1);
        cblas_strmm(CblasColMajor, side, uplo, trans, diag, m, n, (float)BENCH_TRMM_ALPHA, b->in0,
                    lda, C, m);
    } else {
        double *const C = b->out[BENCH_SIDE_REF];
        cblas_dcopy(m * n, b->in1, 1, C, 1);
        cblas_dtrmm(CblasColMajor, side, uplo, trans, diag, m, n, (double)BENCH_TRMM_ALPHA, b->in0,
                    lda, C, m);
    }
}

/* C = alpha op(A) + beta op(B). In place (C is A, transa N): C = beta B + alpha C in one
 * axpby. Otherwise the transposed operand (or A) is written into C by omatcopy with its
 * weight, and the other, untransposed, added by axpy: transa or transb must be N. */
void bench_cblas_geam(const bench_case *c, bench_buffers *b) {
    const blasint m = (blasint)c->m, n = (blasint)c->n, mn = m * n;
    const int a_first = c->trans[1] == 'N'; /* op(B) = B: A goes through omatcopy */
    const enum CBLAS_TRANSPOSE t = bench_cblas_op(bench_gblas_op(c->trans[a_first ? 0 : 1]));
    /* the operand copied (rows x cols as stored) and the one added */
    const void *const copied = a_first ? b->in0 : b->in1, *const added = a_first ? b->in1 : b->in0;
    const blasint rows = t == CblasNoTrans ? m : n, cols = t == CblasNoTrans ? n : m;
    const double w_copied = a_first ? BENCH_GEAM_ALPHA : BENCH_GEAM_BETA;
    const double w_added = a_first ? BENCH_GEAM_BETA : BENCH_GEAM_ALPHA;
    if (c->prec == 's') {
        float *const C = b->out[BENCH_SIDE_REF];
        if (b->in_place) {
            cblas_saxpby(mn, (float)BENCH_GEAM_BETA, b->in1, 1, (float)BENCH_GEAM_ALPHA, C, 1);
            return;
        }
        cblas_somatcopy(CblasColMajor, t, rows, cols, (float)w_copied, copied, rows, C, m);
        cblas_saxpy(mn, (float)w_added, added, 1, C, 1);
    } else {
        double *const C = b->out[BENCH_SIDE_REF];
        if (b->in_place) {
            cblas_daxpby(mn, (double)BENCH_GEAM_BETA, b->in1, 1, (double)BENCH_GEAM_ALPHA, C, 1);
            return;
        }
        cblas_domatcopy(CblasColMajor, t, rows, cols, w_copied, copied, rows, C, m);
        cblas_daxpy(mn, w_added, added, 1, C, 1);
    }
}

/* C = diag(x) A (left) or A diag(x) (right), column by column: left, A's column copied into C
 * and multiplied by diag(x) as a band-0 triangular matrix (TBMV, x its one stored diagonal);
 * right, C's column j = x[j] A's column j by axpby with beta 0. */
void bench_cblas_dgmm(const bench_case *c, bench_buffers *b) {
    const int left = c->trans[0] == 'L';
    const blasint m = (blasint)c->m, n = (blasint)c->n;
    const int64_t inc = c->inc;
    if (c->prec == 's') {
        const float *const A = b->in0, *const x = b->in1;
        float *const C = b->out[BENCH_SIDE_REF];
        for (blasint j = 0; j < n; j++) {
            const float *const a = A + (int64_t)j * m;
            float *const col = C + (int64_t)j * m;
            if (left) {
                cblas_scopy(m, a, 1, col, 1);
                cblas_stbmv(CblasColMajor, CblasLower, CblasNoTrans, CblasNonUnit, m, 0, x,
                            (blasint)inc, col, 1);
            } else {
                cblas_saxpby(m, x[j * inc], a, 1, 0.0f, col, 1);
            }
        }
    } else {
        const double *const A = b->in0, *const x = b->in1;
        double *const C = b->out[BENCH_SIDE_REF];
        for (blasint j = 0; j < n; j++) {
            const double *const a = A + (int64_t)j * m;
            double *const col = C + (int64_t)j * m;
            if (left) {
                cblas_dcopy(m, a, 1, col, 1);
                cblas_dtbmv(CblasColMajor, CblasLower, CblasNoTrans, CblasNonUnit, m, 0, x,
                            (blasint)inc, col, 1);
            } else {
                cblas_daxpby(m, x[j * inc], a, 1, 0.0, col, 1);
            }
        }
    }
}

/* A batch as a loop of the single routine's generated CBLAS call (GEMM or TRSM, whose bench
 * constants the batches share), on the i-th matrices: those the pointer arrays hold, or the
 * i-th of each buffer. */
static void loop_batch(const bench_case *c, bench_buffers *b, bench_routine single, int arrays) {
    const size_t es = bench_elem_size(c);
    bench_case one = *c;
    bench_buffers ob;
    one.routine = single;
    one.batch = 0;
    memset(&ob, 0, sizeof ob);
    bench_table_elems(&one, &ob); /* one matrix of each buffer */
    for (int64_t i = 0; i < c->batch; i++) {
        if (arrays) {
            ob.in0 = ((void *const *)b->arr_in0)[i];
            ob.in1 = b->arr_in1 ? ((void *const *)b->arr_in1)[i] : NULL;
            ob.out[BENCH_SIDE_REF] = ((void *const *)b->arr_out[BENCH_SIDE_REF])[i];
        } else {
            ob.in0 = (char *)b->in0 + (size_t)(i * ob.in0_elems) * es;
            ob.in1 = b->in1 ? (char *)b->in1 + (size_t)(i * ob.in1_elems) * es : NULL;
            ob.out[BENCH_SIDE_REF] =
                (char *)b->out[BENCH_SIDE_REF] + (size_t)(i * ob.out_elems) * es;
        }
        bench_cblas_call(&one, &ob);
    }
}

void bench_cblas_gemm_strided_batched(const bench_case *c, bench_buffers *b) {
    loop_batch(c, b, BENCH_GEMM, 0);
}

void bench_cblas_gemm_batched(const bench_case *c, bench_buffers *b) {
    loop_batch(c, b, BENCH_GEMM, 1);
}

void bench_cblas_trsm_batched(const bench_case *c, bench_buffers *b) {
    loop_batch(c, b, BENCH_TRSM, 1);
}

/* LAPACK's CROT and ZROT (Fortran: arguments by reference, no hidden length). */
void crot_(const blasint *n, void *cx, const blasint *incx, void *cy, const blasint *incy,
           const float *c, const void *s);
void zrot_(const blasint *n, void *cx, const blasint *incx, void *cy, const blasint *incy,
           const double *c, const void *s);

/* x, y in out[BENCH_SIDE_REF], one after another, as the generated calls lay them out. */
void bench_cblas_rot_cz(const bench_case *c, bench_buffers *b) {
    const blasint n = (blasint)c->n, inc = (blasint)c->inc;
    const int64_t span = bench_vec_elems(c->n, c->inc);
    if (c->prec == 'c') {
        gblas_complex_float *const x = b->out[BENCH_SIDE_REF], *const y = x + span;
        const float cs = (float)BENCH_ROT_C;
        const gblas_complex_float s = BENCH_ROT_S_C;
        crot_(&n, x, &inc, y, &inc, &cs, &s);
    } else {
        gblas_complex_double *const x = b->out[BENCH_SIDE_REF], *const y = x + span;
        const double cs = BENCH_ROT_C;
        const gblas_complex_double s = BENCH_ROT_S_C;
        zrot_(&n, x, &inc, y, &inc, &cs, &s);
    }
}
