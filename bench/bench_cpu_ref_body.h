/* bench_cpu_ref_body.h: one OpenBLAS (CBLAS) call of a case, written once for float and
 * double: the reference side of the CPU runner. Included by bench_cpu_ref.c with T, FN_CALL
 * and the CBLAS routines CBLAS_DOT ... CBLAS_GEMM of that type. Same scalars and buffers as
 * the gblas side (bench_gblas_calls_body.h); the output is out[BENCH_SIDE_REF]. */

static void FN_CALL(const bench_case *c, bench_buffers *b) {
    const T *in0 = b->in0, *in1 = b->in1;
    T *out = b->out[BENCH_SIDE_REF];
    const blasint n = (blasint)c->n, m = (blasint)c->m, inc = (blasint)c->inc;
    switch (c->routine) {
    case BENCH_DOT: *out = CBLAS_DOT(n, in0, inc, in1, inc); break;
    case BENCH_NRM2: *out = CBLAS_NRM2(n, in0, inc); break;
    case BENCH_AXPY: CBLAS_AXPY(n, (T)BENCH_AXPY_ALPHA, in0, inc, out, inc); break;
    case BENCH_SCAL: CBLAS_SCAL(n, (T)BENCH_SCAL_ALPHA, out, inc); break;
    case BENCH_COPY: CBLAS_COPY(n, in0, inc, out, inc); break;
    case BENCH_GEMV:
        CBLAS_GEMV(CblasColMajor, cblas_op(c->trans[0]), m, n, (T)BENCH_GEMV_ALPHA, in0, m, in1,
                   inc, (T)BENCH_GEMV_BETA, out, inc);
        break;
    case BENCH_GEMM: {
        const blasint k = (blasint)c->k;
        const blasint lda = c->trans[0] == 'N' ? m : k, ldb = c->trans[1] == 'N' ? k : n;
        CBLAS_GEMM(CblasColMajor, cblas_op(c->trans[0]), cblas_op(c->trans[1]), m, n, k,
                   (T)BENCH_GEMM_ALPHA, in0, lda, in1, ldb, (T)BENCH_GEMM_BETA, out, m);
        break;
    }
    default: break; /* chains and staged calls are GPU-only */
    }
}

#undef T
#undef FN_CALL
#undef CBLAS_DOT
#undef CBLAS_NRM2
#undef CBLAS_AXPY
#undef CBLAS_SCAL
#undef CBLAS_COPY
#undef CBLAS_GEMV
#undef CBLAS_GEMM
