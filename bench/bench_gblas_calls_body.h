/* bench_gblas_calls_body.h: one gblas call of a case, written once for float and double.
 * Included by bench_gblas_calls.c with T (the element type), FN_CALL (the function defined
 * here) and the gblas routines GBLAS_DOT ... GBLAS_GEMM of that type. Scalars are host values
 * in host pointer mode; DOT and NRM2 write their result to out[0], host or backend memory per
 * the handle's pointer mode. */

static gblas_status_t FN_CALL(gblas_handle_t h, const bench_case *c, bench_buffers *b) {
    const T axpy_alpha = (T)BENCH_AXPY_ALPHA, scal_alpha = (T)BENCH_SCAL_ALPHA;
    const T gemv_alpha = (T)BENCH_GEMV_ALPHA, gemv_beta = (T)BENCH_GEMV_BETA;
    const T gemm_alpha = (T)BENCH_GEMM_ALPHA, gemm_beta = (T)BENCH_GEMM_BETA;
    const T *in0 = b->in0, *in1 = b->in1;
    T *out = b->out[BENCH_SIDE_GBLAS];
    switch (c->routine) {
    case BENCH_DOT: return GBLAS_DOT(h, c->n, in0, c->inc, in1, c->inc, out);
    case BENCH_NRM2: return GBLAS_NRM2(h, c->n, in0, c->inc, out);
    case BENCH_AXPY: return GBLAS_AXPY(h, c->n, &axpy_alpha, in0, c->inc, out, c->inc);
    case BENCH_SCAL: return GBLAS_SCAL(h, c->n, &scal_alpha, out, c->inc);
    case BENCH_COPY: return GBLAS_COPY(h, c->n, in0, c->inc, out, c->inc);
    case BENCH_GEMV:
    case BENCH_STAGED_GEMV:
        return GBLAS_GEMV(h, bench_gblas_op(c->trans[0]), c->m, c->n, &gemv_alpha, in0, c->m, in1,
                          c->inc, &gemv_beta, out, c->inc);
    case BENCH_GEMM:
    case BENCH_STAGED_GEMM: {
        /* op(A) is m x k: A is stored m x k for N, k x m for T; likewise B. */
        const int64_t lda = c->trans[0] == 'N' ? c->m : c->k;
        const int64_t ldb = c->trans[1] == 'N' ? c->k : c->n;
        return GBLAS_GEMM(h, bench_gblas_op(c->trans[0]), bench_gblas_op(c->trans[1]), c->m, c->n,
                          c->k, &gemm_alpha, in0, lda, in1, ldb, &gemm_beta, out, c->m);
    }
    default: return GBLAS_STATUS_INVALID_VALUE; /* chains have their own calls */
    }
}

#undef T
#undef FN_CALL
#undef GBLAS_DOT
#undef GBLAS_NRM2
#undef GBLAS_AXPY
#undef GBLAS_SCAL
#undef GBLAS_COPY
#undef GBLAS_GEMV
#undef GBLAS_GEMM
