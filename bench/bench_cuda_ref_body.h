/* bench_cuda_ref_body.h: one cuBLAS call of a case, written once for float and double: the
 * reference side of the CUDA runner. Included by bench_cuda_ref.c with T, FN_CALL and the
 * cuBLAS routines CUBLAS_DOT ... CUBLAS_GEMM of that type. Same scalars (host memory, host
 * pointer mode) and buffers as the gblas side; DOT and NRM2 write out[BENCH_SIDE_REF] in
 * device pointer mode; the output is out[BENCH_SIDE_REF]. */

static cublasStatus_t FN_CALL(cublasHandle_t cb, const bench_case *c, bench_buffers *b) {
    const T axpy_alpha = (T)BENCH_AXPY_ALPHA, scal_alpha = (T)BENCH_SCAL_ALPHA;
    const T gemv_alpha = (T)BENCH_GEMV_ALPHA, gemv_beta = (T)BENCH_GEMV_BETA;
    const T gemm_alpha = (T)BENCH_GEMM_ALPHA, gemm_beta = (T)BENCH_GEMM_BETA;
    const T *in0 = b->in0, *in1 = b->in1;
    T *out = b->out[BENCH_SIDE_REF];
    const int n = (int)c->n, m = (int)c->m, inc = (int)c->inc;
    switch (c->routine) {
    case BENCH_DOT: return CUBLAS_DOT(cb, n, in0, inc, in1, inc, out);
    case BENCH_NRM2: return CUBLAS_NRM2(cb, n, in0, inc, out);
    case BENCH_AXPY: return CUBLAS_AXPY(cb, n, &axpy_alpha, in0, inc, out, inc);
    case BENCH_SCAL: return CUBLAS_SCAL(cb, n, &scal_alpha, out, inc);
    case BENCH_COPY: return CUBLAS_COPY(cb, n, in0, inc, out, inc);
    case BENCH_GEMV:
        return CUBLAS_GEMV(cb, bench_cublas_op(c->trans[0]), m, n, &gemv_alpha, in0, m, in1, inc,
                           &gemv_beta, out, inc);
    case BENCH_GEMM: {
        const int k = (int)c->k;
        const int lda = c->trans[0] == 'N' ? m : k, ldb = c->trans[1] == 'N' ? k : n;
        return CUBLAS_GEMM(cb, bench_cublas_op(c->trans[0]), bench_cublas_op(c->trans[1]), m, n, k,
                           &gemm_alpha, in0, lda, in1, ldb, &gemm_beta, out, m);
    }
    default: return CUBLAS_STATUS_NOT_SUPPORTED; /* chains and staged cases have their own */
    }
}

#undef T
#undef FN_CALL
#undef CUBLAS_DOT
#undef CUBLAS_NRM2
#undef CUBLAS_AXPY
#undef CUBLAS_SCAL
#undef CUBLAS_COPY
#undef CUBLAS_GEMV
#undef CUBLAS_GEMM
