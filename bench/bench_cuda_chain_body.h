/* bench_cuda_chain_body.h: the chained-call case, written once for float and double:
 * BENCH_CHAIN_LENGTH times (y = A x by GEMV, then r[i] = y . x by DOT), n = BENCH_CHAIN_N, in
 * device pointer mode (alpha = 1 and beta = 0 live in device memory, r[i] is written there),
 * so no call waits for the device. Included by bench_cuda_chain.c with T, the names it
 * defines (FN_GBLAS_CHAIN, FN_CUBLAS_CHAIN) and the routines GBLAS_GEMV, GBLAS_DOT,
 * CUBLAS_GEMV, CUBLAS_DOT of that type. s is BENCH_SIDE_GBLAS or BENCH_SIDE_REF: the side's
 * own y and r. */

static gblas_status_t FN_GBLAS_CHAIN(gblas_handle_t h, chain_buffers *cb) {
    const int64_t n = BENCH_CHAIN_N, s = BENCH_SIDE_GBLAS;
    const T *one = cb->scalars, *zero = (const T *)cb->scalars + 1;
    T *y = cb->y[s], *r = cb->r[s];
    for (int i = 0; i < BENCH_CHAIN_LENGTH; i++) {
        gblas_status_t st = GBLAS_GEMV(h, GBLAS_OP_N, n, n, one, cb->A, n, cb->x, 1, zero, y, 1);
        if (st == GBLAS_STATUS_SUCCESS) st = GBLAS_DOT(h, n, y, 1, cb->x, 1, r + i);
        if (st != GBLAS_STATUS_SUCCESS) return st;
    }
    return GBLAS_STATUS_SUCCESS;
}

static cublasStatus_t FN_CUBLAS_CHAIN(cublasHandle_t h, chain_buffers *cb) {
    const int n = BENCH_CHAIN_N, s = BENCH_SIDE_REF;
    const T *one = cb->scalars, *zero = (const T *)cb->scalars + 1;
    T *y = cb->y[s], *r = cb->r[s];
    for (int i = 0; i < BENCH_CHAIN_LENGTH; i++) {
        cublasStatus_t st = CUBLAS_GEMV(h, CUBLAS_OP_N, n, n, one, cb->A, n, cb->x, 1, zero, y, 1);
        if (st == CUBLAS_STATUS_SUCCESS) st = CUBLAS_DOT(h, n, y, 1, cb->x, 1, r + i);
        if (st != CUBLAS_STATUS_SUCCESS) return st;
    }
    return CUBLAS_STATUS_SUCCESS;
}

#undef T
#undef FN_GBLAS_CHAIN
#undef FN_CUBLAS_CHAIN
#undef GBLAS_GEMV
#undef GBLAS_DOT
#undef CUBLAS_GEMV
#undef CUBLAS_DOT
