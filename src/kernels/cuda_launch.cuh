/* cuda_launch.cuh: the launchers of the CUDA kernels, called by the adapters in cuda_backend.cu.
 * C++ templates over the element type T (float, double), each explicitly instantiated in its
 * family's .cu file (GEMM: gemm_launch.cuh). A launcher enqueues its kernels on env->stream and
 * returns cudaSuccess, or the error of the first failing launch with env->failed naming that
 * kernel. Launchers never allocate and never synchronise. */
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

#include "gblas.h"

/* Workspace layout: [0, 256) holds the host-mode result slot of the reductions (DOT, NRM2, ASUM,
 * IAMAX, IAMIN); the scratch behind it holds their block partials, GEMV column/row-chunk
 * partials and split-K GEMM partials. Heuristics size their partials by
 * GBLAS_CUDA_SCRATCH_BYTES, never by the actual workspace size, so the reduction tree (and thus
 * every result bit) does not depend on it. */
constexpr size_t GBLAS_CUDA_RESULT_SLOT_BYTES = 256;
constexpr size_t GBLAS_CUDA_SCRATCH_BYTES = (size_t)16 << 20;
constexpr size_t GBLAS_CUDA_WORKSPACE_BYTES = GBLAS_CUDA_RESULT_SLOT_BYTES + GBLAS_CUDA_SCRATCH_BYTES;

/* SGEMM split-K reduced inside thread-block clusters of 2 to GBLAS_CUDA_MAX_SPLIT_CLUSTER blocks
 * (sgemm.cu): active[c][s] is how many clusters of s blocks of split config c the device runs at
 * once (cudaOccupancyMaxActiveClusters, at backend init). The clusters of a GPC must fit its
 * SMs, so this is less than the SM count times the blocks per SM over s (on the H200, 124 where
 * 132 SMs would suggest 132), and a grid over it runs a second wave. */
constexpr int GBLAS_CUDA_MAX_SPLIT_CLUSTER = 8;
constexpr int GBLAS_CUDA_SGEMM_SPLIT_CONFIGS = 2;
struct gblas_cuda_sgemm_clusters {
    int active[GBLAS_CUDA_SGEMM_SPLIT_CONFIGS][GBLAS_CUDA_MAX_SPLIT_CLUSTER + 1];
};

struct gblas_cuda_env {
    cudaStream_t stream;
    void *scratch;      /* GBLAS_CUDA_SCRATCH_BYTES of device memory, 256-byte aligned */
    void *slot;         /* the workspace's result slot (GBLAS_CUDA_RESULT_SLOT_BYTES): a
                           reduction's host-mode result, or scalars a routine computes on the
                           device (TRSM's coefficient), in stream order */
    int sm_count;       /* multiprocessors of the device: sizes the grids */
    const gblas_cuda_sgemm_clusters *sgemm_clusters;
    const char *failed; /* out: the kernel whose launch failed */
};

/* A scalar argument: read on the device from ptr when ptr is not NULL (device pointer mode),
 * else value (host pointer mode, read by the adapter before the launch). */
template <typename T> struct Scalar {
    T value;
    const T *ptr;
};

/* A small array argument (ROTM's param): read on the device from ptr when ptr is not NULL,
 * else value (read by the adapter). */
template <typename T, int N> struct ScalarArray {
    T value[N];
    const T *ptr;
};

/* dot.cu, reductions of n >= 1 elements into *result (device memory): x . y; ||x||_2;
 * sum |x[i]|; the 1-based index of the first largest (smallest) |x[i]| (reference I_AMAX
 * rules: a NaN in x[0] gives 1, other NaNs are passed over). ASUM, IAMAX, IAMIN: incx >= 1. */
template <typename T>
cudaError_t launch_dot(gblas_cuda_env *env, int64_t n, const T *x, int64_t incx, const T *y,
                       int64_t incy, T *result);
template <typename T>
cudaError_t launch_nrm2(gblas_cuda_env *env, int64_t n, const T *x, int64_t incx, T *result);
template <typename T>
cudaError_t launch_asum(gblas_cuda_env *env, int64_t n, const T *x, int64_t incx, T *result);
template <typename T>
cudaError_t launch_iamax(gblas_cuda_env *env, int64_t n, const T *x, int64_t incx,
                         int64_t *result);
template <typename T>
cudaError_t launch_iamin(gblas_cuda_env *env, int64_t n, const T *x, int64_t incx,
                         int64_t *result);

/* level1.cu: y = alpha x + y; x = alpha x; y = x. */
template <typename T>
cudaError_t launch_axpy(gblas_cuda_env *env, int64_t n, Scalar<T> alpha, const T *x,
                        int64_t incx, T *y, int64_t incy);
template <typename T>
cudaError_t launch_scal(gblas_cuda_env *env, int64_t n, Scalar<T> alpha, T *x, int64_t incx);
template <typename T>
cudaError_t launch_copy(gblas_cuda_env *env, int64_t n, const T *x, int64_t incx, T *y,
                        int64_t incy);
/* level1.cu: x <-> y; the plane rotation (c, s) of the pairs (x[i], y[i]); the modified Givens
 * transformation that param encodes (reference drotm's flags). */
template <typename T>
cudaError_t launch_swap(gblas_cuda_env *env, int64_t n, T *x, int64_t incx, T *y, int64_t incy);
template <typename T>
cudaError_t launch_rot(gblas_cuda_env *env, int64_t n, T *x, int64_t incx, T *y, int64_t incy,
                       Scalar<T> c, Scalar<T> s);
template <typename T>
cudaError_t launch_rotm(gblas_cuda_env *env, int64_t n, T *x, int64_t incx, T *y, int64_t incy,
                        ScalarArray<T, 5> param);

/* rot_setup.cu: ROTG and ROTMG (common/rot_setup.h). launch_*: one device thread on arguments
 * in device memory (device pointer mode); *_on_host: on the calling thread (host pointer mode). */
template <typename T> cudaError_t launch_rotg(gblas_cuda_env *env, T *a, T *b, T *c, T *s);
template <typename T>
cudaError_t launch_rotmg(gblas_cuda_env *env, T *d1, T *d2, T *x1, const T *y1, T *param);
template <typename T> void rotg_on_host(T *a, T *b, T *c, T *s);
template <typename T> void rotmg_on_host(T *d1, T *d2, T *x1, const T *y1, T *param);

/* The real type of an element type: T itself for float and double, the part type of a complex
 * one. Adapters whose routine has a real scalar or result (NRM2, ASUM, ROT's c, ROTG's c) spell
 * it real_t<T>. */
template <typename T> struct RealOf { using type = T; };
template <> struct RealOf<gblas_complex_float> { using type = float; };
template <> struct RealOf<gblas_complex_double> { using type = double; };
template <typename T> using real_t = typename RealOf<T>::type;

/* Complex Level 1, gblas_complex_float and gblas_complex_double (C below): plain overloads of
 * the real launchers' names, which the adapters call without template arguments, so a complex
 * element type picks these (dot_complex.cu, level1_complex.cu).
 * dot_complex.cu: x . y (dotu), conj(x) . y (dotc), ||x||_2, sum |re| + |im|, and the first
 * index of the largest / smallest |re| + |im| (reference I_AMAX rules), n >= 1; ASUM, IAMAX,
 * IAMIN: incx >= 1.
 * level1_complex.cu: y = alpha x + y; x = alpha x (alpha complex, or real: scal_real); y = x;
 * x <-> y; the rotation with real c and complex s (rot: y = c y - conj(s) x) or real c and s
 * (rot_real); ROTG (common/rotg_complex.h) on the device or on the calling thread. */
#define GBLAS_COMPLEX_LEVEL1_LAUNCHERS(C, R)                                                    \
    cudaError_t launch_dotu(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx,          \
                            const C *y, int64_t incy, C *result);                              \
    cudaError_t launch_dotc(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx,          \
                            const C *y, int64_t incy, C *result);                              \
    cudaError_t launch_nrm2(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx,          \
                            R *result);                                                        \
    cudaError_t launch_asum(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx,          \
                            R *result);                                                        \
    cudaError_t launch_iamax(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx,         \
                             int64_t *result);                                                 \
    cudaError_t launch_iamin(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx,         \
                             int64_t *result);                                                 \
    cudaError_t launch_axpy(gblas_cuda_env *env, int64_t n, Scalar<C> alpha, const C *x,       \
                            int64_t incx, C *y, int64_t incy);                                 \
    cudaError_t launch_scal(gblas_cuda_env *env, int64_t n, Scalar<C> alpha, C *x,             \
                            int64_t incx);                                                     \
    cudaError_t launch_scal_real(gblas_cuda_env *env, int64_t n, Scalar<R> alpha, C *x,        \
                                 int64_t incx);                                                \
    cudaError_t launch_copy(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx, C *y,    \
                            int64_t incy);                                                     \
    cudaError_t launch_swap(gblas_cuda_env *env, int64_t n, C *x, int64_t incx, C *y,          \
                            int64_t incy);                                                     \
    cudaError_t launch_rot(gblas_cuda_env *env, int64_t n, C *x, int64_t incx, C *y,           \
                           int64_t incy, Scalar<R> c, Scalar<C> s);                            \
    cudaError_t launch_rot_real(gblas_cuda_env *env, int64_t n, C *x, int64_t incx, C *y,      \
                                int64_t incy, Scalar<R> c, Scalar<R> s);                       \
    cudaError_t launch_rotg(gblas_cuda_env *env, C *a, const C *b, R *c, C *s);                \
    void rotg_on_host(C *a, const C *b, R *c, C *s);
GBLAS_COMPLEX_LEVEL1_LAUNCHERS(gblas_complex_float, float)
GBLAS_COMPLEX_LEVEL1_LAUNCHERS(gblas_complex_double, double)
#undef GBLAS_COMPLEX_LEVEL1_LAUNCHERS

/* gemv.cu: y = alpha op(A) x + beta y (OP_T and OP_C are the same for real T). */
template <typename T>
cudaError_t launch_gemv(gblas_cuda_env *env, gblas_operation_t trans, int64_t m, int64_t n,
                        Scalar<T> alpha, const T *A, int64_t lda, const T *x, int64_t incx,
                        Scalar<T> beta, T *y, int64_t incy);

/* level2_mv.cu: y = alpha op(A) x + beta y for a band A (kl sub-, ku superdiagonals), and
 * y = alpha A x + beta y for a symmetric A stored full (symv), banded (sbmv, k off-diagonals)
 * or packed (spmv), only its uplo triangle read. beta == 0 never reads y. */
template <typename T>
cudaError_t launch_gbmv(gblas_cuda_env *env, gblas_operation_t trans, int64_t m, int64_t n,
                        int64_t kl, int64_t ku, Scalar<T> alpha, const T *A, int64_t lda,
                        const T *x, int64_t incx, Scalar<T> beta, T *y, int64_t incy);
template <typename T>
cudaError_t launch_symv(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha,
                        const T *A, int64_t lda, const T *x, int64_t incx, Scalar<T> beta, T *y,
                        int64_t incy);
template <typename T>
cudaError_t launch_sbmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, int64_t k,
                        Scalar<T> alpha, const T *A, int64_t lda, const T *x, int64_t incx,
                        Scalar<T> beta, T *y, int64_t incy);
template <typename T>
cudaError_t launch_spmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha,
                        const T *AP, const T *x, int64_t incx, Scalar<T> beta, T *y,
                        int64_t incy);

/* level2_tri.cu: x = op(A) x (trmv, tbmv, tpmv) and x = op(A)^-1 x (trsv, tbsv, tpsv), A
 * triangular stored full, banded (k off-diagonals) or packed, only its uplo triangle read, the
 * diagonal taken as ones for GBLAS_DIAG_UNIT. */
template <typename T>
cudaError_t launch_trmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans,
                        gblas_diag_type_t diag, int64_t n, const T *A, int64_t lda, T *x,
                        int64_t incx);
template <typename T>
cudaError_t launch_tbmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans,
                        gblas_diag_type_t diag, int64_t n, int64_t k, const T *A, int64_t lda,
                        T *x, int64_t incx);
template <typename T>
cudaError_t launch_tpmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans,
                        gblas_diag_type_t diag, int64_t n, const T *AP, T *x, int64_t incx);
template <typename T>
cudaError_t launch_trsv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans,
                        gblas_diag_type_t diag, int64_t n, const T *A, int64_t lda, T *x,
                        int64_t incx);
template <typename T>
cudaError_t launch_tbsv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans,
                        gblas_diag_type_t diag, int64_t n, int64_t k, const T *A, int64_t lda,
                        T *x, int64_t incx);
template <typename T>
cudaError_t launch_tpsv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans,
                        gblas_diag_type_t diag, int64_t n, const T *AP, T *x, int64_t incx);

/* level2_update.cu: A += alpha x y^T (ger), and the symmetric rank-1 and rank-2 updates of
 * A's uplo triangle, full (syr, syr2) or packed (spr, spr2). */
template <typename T>
cudaError_t launch_ger(gblas_cuda_env *env, int64_t m, int64_t n, Scalar<T> alpha, const T *x,
                       int64_t incx, const T *y, int64_t incy, T *A, int64_t lda);
template <typename T>
cudaError_t launch_syr(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha,
                       const T *x, int64_t incx, T *A, int64_t lda);
template <typename T>
cudaError_t launch_spr(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha,
                       const T *x, int64_t incx, T *AP);
template <typename T>
cudaError_t launch_syr2(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha,
                        const T *x, int64_t incx, const T *y, int64_t incy, T *A, int64_t lda);
template <typename T>
cudaError_t launch_spr2(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha,
                        const T *x, int64_t incx, const T *y, int64_t incy, T *AP);

/* geam.cu: C = alpha op(A) + beta op(B) (alpha == 0 never reads A, beta == 0 never reads B;
 * C may be an untransposed A or B with the same leading dimension); C = diag(x) A (side LEFT)
 * or A diag(x) (RIGHT), C may be A with the same leading dimension. */
template <typename T>
cudaError_t launch_geam(gblas_cuda_env *env, gblas_operation_t transa, gblas_operation_t transb,
                        int64_t m, int64_t n, Scalar<T> alpha, const T *A, int64_t lda,
                        Scalar<T> beta, const T *B, int64_t ldb, T *C, int64_t ldc);
template <typename T>
cudaError_t launch_dgmm(gblas_cuda_env *env, gblas_side_mode_t side, int64_t m, int64_t n,
                        const T *A, int64_t lda, const T *x, int64_t incx, T *C, int64_t ldc);

/* level3_sym.cu: C = alpha A B + beta C or alpha B A + beta C, A symmetric (symm); the
 * symmetric rank-k and rank-2k updates of C's uplo triangle (syrk, syr2k). level3_tri.cu:
 * C = alpha op(A) B or alpha B op(A), A triangular, C may be B (trmm); B = alpha op(A)^-1 B or
 * alpha B op(A)^-1 (trsm), and trsm over arrays of batch_count pointers (trsm_batched). */
template <typename T>
cudaError_t launch_symm(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, int64_t m, int64_t n, Scalar<T> alpha, const T *A, int64_t lda, const T *B, int64_t ldb, Scalar<T> beta, T *C, int64_t ldc);
template <typename T>
cudaError_t launch_syrk(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, Scalar<T> alpha, const T *A, int64_t lda, Scalar<T> beta, T *C, int64_t ldc);
template <typename T>
cudaError_t launch_syr2k(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, Scalar<T> alpha, const T *A, int64_t lda, const T *B, int64_t ldb, Scalar<T> beta, T *C, int64_t ldc);
template <typename T>
cudaError_t launch_trmm(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<T> alpha, const T *A, int64_t lda, const T *B, int64_t ldb, T *C, int64_t ldc);
template <typename T>
cudaError_t launch_trsm(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<T> alpha, const T *A, int64_t lda, T *B, int64_t ldb);
template <typename T>
cudaError_t launch_trsm_batched(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag, int64_t m, int64_t n, Scalar<T> alpha, const T *const *Aarray, int64_t lda, T *const *Barray, int64_t ldb, int64_t batch_count);
