/* cuda_routines_body.h: the seven routines of one precision of the CUDA backend, included by
 * cuda_backend.c once for float and once for double. The includer defines T, SCALAR_T, the
 * routine names FN_* and the launchers LAUNCH_* (cuda_launch.h); this file undefines them.
 * Each routine turns pointer-mode scalars into launcher arguments and a failed launch into
 * EXECUTION_FAILED naming the kernel. */

/* Host pointer mode: the value, read here. Device pointer mode: the pointer, read by the kernel. */
static SCALAR_T FN_SCALAR(const gblas_ctx *ctx, const T *p) {
    SCALAR_T s = {(T)0, NULL};
    if (ctx->pointer_mode == GBLAS_POINTER_MODE_DEVICE)
        s.ptr = p;
    else
        s.value = *p;
    return s;
}

static gblas_status_t FN_DOT(gblas_ctx *ctx, int64_t n, const T *x, int64_t incx, const T *y,
                             int64_t incy, T *result) {
    gblas_cuda_env env = env_of(ctx);
    const cudaError_t err = LAUNCH_DOT(&env, n, x, incx, y, incy, (T *)result_target(ctx, result));
    return reduction_done(ctx, &env, err, result, sizeof(T));
}

static gblas_status_t FN_NRM2(gblas_ctx *ctx, int64_t n, const T *x, int64_t incx, T *result) {
    gblas_cuda_env env = env_of(ctx);
    const cudaError_t err = LAUNCH_NRM2(&env, n, x, incx, (T *)result_target(ctx, result));
    return reduction_done(ctx, &env, err, result, sizeof(T));
}

static gblas_status_t FN_AXPY(gblas_ctx *ctx, int64_t n, const T *alpha, const T *x,
                              int64_t incx, T *y, int64_t incy) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, &env, LAUNCH_AXPY(&env, n, FN_SCALAR(ctx, alpha), x, incx, y, incy));
}

static gblas_status_t FN_SCAL(gblas_ctx *ctx, int64_t n, const T *alpha, T *x, int64_t incx) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, &env, LAUNCH_SCAL(&env, n, FN_SCALAR(ctx, alpha), x, incx));
}

static gblas_status_t FN_COPY(gblas_ctx *ctx, int64_t n, const T *x, int64_t incx, T *y,
                              int64_t incy) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, &env, LAUNCH_COPY(&env, n, x, incx, y, incy));
}

static gblas_status_t FN_GEMV(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                              const T *alpha, const T *A, int64_t lda, const T *x, int64_t incx,
                              const T *beta, T *y, int64_t incy) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, &env,
                    LAUNCH_GEMV(&env, trans != GBLAS_OP_N, m, n, FN_SCALAR(ctx, alpha), A, lda, x,
                                incx, FN_SCALAR(ctx, beta), y, incy));
}

static gblas_status_t FN_GEMM(gblas_ctx *ctx, gblas_operation_t transa, gblas_operation_t transb,
                              int64_t m, int64_t n, int64_t k, const T *alpha, const T *A,
                              int64_t lda, const T *B, int64_t ldb, const T *beta, T *C,
                              int64_t ldc) {
    gblas_cuda_env env = env_of(ctx);
    return launched(ctx, &env,
                    LAUNCH_GEMM(&env, transa != GBLAS_OP_N, transb != GBLAS_OP_N, m, n, k,
                                FN_SCALAR(ctx, alpha), A, lda, B, ldb, FN_SCALAR(ctx, beta), C,
                                ldc));
}

#undef T
#undef SCALAR_T
#undef FN_SCALAR
#undef FN_DOT
#undef FN_NRM2
#undef FN_AXPY
#undef FN_SCAL
#undef FN_COPY
#undef FN_GEMV
#undef FN_GEMM
#undef LAUNCH_DOT
#undef LAUNCH_NRM2
#undef LAUNCH_AXPY
#undef LAUNCH_SCAL
#undef LAUNCH_COPY
#undef LAUNCH_GEMV
#undef LAUNCH_GEMM
