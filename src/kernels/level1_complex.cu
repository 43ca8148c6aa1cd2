/* level1_complex.cu: the element-wise complex Level-1 routines, gblas_complex_float and
 * gblas_complex_double: AXPY (y = alpha x + y), SCAL (x = alpha x), SCAL_REAL (x = alpha x,
 * alpha real), COPY (y = x), SWAP (x <-> y), ROT (x = c x + s y, y = c y - conj(s) x; c real)
 * and ROT_REAL (c, s real), and ROTG (common/rotg_complex.h). One grid-strided kernel with
 * 64-bit indices over any increments, specialised by an operation on the pair (x[i], y[i]);
 * each element is read and written as its two parts (the public types are 4- and 8-byte
 * aligned, so no wider load is assumed). Scalars are read by the kernel (device pointer mode)
 * or passed by value (host pointer mode). SCAL's vector travels as y. */
#include <type_traits>

#include "cuda_common.cuh"

#include "common/rotg_complex.h"

namespace {

constexpr int kThreads = 256;
constexpr int kBlocksPerSm = 8; /* one full wave of 2048 threads per SM */

template <typename C> __device__ __forceinline__ C cmul(C a, C b) { /* a b */
    return C{fma(a.re, b.re, -(a.im * b.im)), fma(a.re, b.im, a.im * b.re)};
}
template <typename C> __device__ __forceinline__ C cmulc(C a, C b) { /* conj(a) b */
    return C{fma(a.re, b.re, a.im * b.im), fma(a.re, b.im, -(a.im * b.re))};
}

/* Each operation: which of x and y it reads and whether it writes x (y is always written), a
 * per-kernel prepare() that reads its scalars and says whether any element changes, and
 * operator()(x, y) updating the pair in place. */
template <typename C> struct AxpyOp {
    static constexpr bool kReadsX = true, kReadsY = true, kWritesX = false;
    Scalar<C> alpha;
    C a;
    __device__ bool prepare() {
        a = scalar_value<C>(alpha);
        return a.re != 0 || a.im != 0; /* alpha == 0: y stays, x is never read */
    }
    __device__ void operator()(C &x, C &y) const {
        y = C{fma(a.re, x.re, fma(-a.im, x.im, y.re)), fma(a.re, x.im, fma(a.im, x.re, y.im))};
    }
};

template <typename C> struct ScalOp {
    static constexpr bool kReadsX = false, kReadsY = true, kWritesX = false;
    Scalar<C> alpha;
    C a;
    __device__ bool prepare() {
        a = scalar_value<C>(alpha);
        return true;
    }
    __device__ void operator()(C &, C &y) const { /* alpha == 0 writes exact zeros */
        y = a.re == 0 && a.im == 0 ? C{0, 0} : cmul(a, y);
    }
};

template <typename C> struct ScalRealOp {
    static constexpr bool kReadsX = false, kReadsY = true, kWritesX = false;
    Scalar<real_t<C>> alpha;
    real_t<C> a;
    __device__ bool prepare() {
        a = scalar_value<real_t<C>>(alpha);
        return true;
    }
    __device__ void operator()(C &, C &y) const {
        y = a == 0 ? C{0, 0} : C{a * y.re, a * y.im};
    }
};

template <typename C> struct CopyOp {
    static constexpr bool kReadsX = true, kReadsY = false, kWritesX = false;
    __device__ bool prepare() { return true; }
    __device__ void operator()(C &x, C &y) const { y = x; }
};

template <typename C> struct SwapOp {
    static constexpr bool kReadsX = true, kReadsY = true, kWritesX = true;
    __device__ bool prepare() { return true; }
    __device__ void operator()(C &x, C &y) const {
        const C t = x;
        x = y;
        y = t;
    }
};

/* x' = c x + s y, y' = c y - conj(s) x (LAPACK's CROT, cuBLAS's crot) */
template <typename C> struct RotOp {
    static constexpr bool kReadsX = true, kReadsY = true, kWritesX = true;
    Scalar<real_t<C>> c_s;
    Scalar<C> s_s;
    real_t<C> c;
    C s;
    __device__ bool prepare() {
        c = scalar_value<real_t<C>>(c_s);
        s = scalar_value<C>(s_s);
        return true;
    }
    __device__ void operator()(C &x, C &y) const {
        const C w = x, z = y, sz = cmul(s, z), sw = cmulc(s, w);
        x = C{fma(c, w.re, sz.re), fma(c, w.im, sz.im)};
        y = C{fma(c, z.re, -sw.re), fma(c, z.im, -sw.im)};
    }
};

/* x' = c x + s y, y' = c y - s x, c and s real (csrot, zdrot) */
template <typename C> struct RotRealOp {
    static constexpr bool kReadsX = true, kReadsY = true, kWritesX = true;
    Scalar<real_t<C>> c_s, s_s;
    real_t<C> c, s;
    __device__ bool prepare() {
        c = scalar_value<real_t<C>>(c_s);
        s = scalar_value<real_t<C>>(s_s);
        return true;
    }
    __device__ void operator()(C &x, C &y) const {
        const C w = x, z = y;
        x = C{fma(c, w.re, s * z.re), fma(c, w.im, s * z.im)};
        y = C{fma(c, z.re, -(s * w.re)), fma(c, z.im, -(s * w.im))};
    }
};

/* An operation that writes x may be given x == y (same increment: SWAP(x, x), ROT(x, x)), so
 * its pointers are not __restrict__, and each pair stores x, then y: y's value is the one
 * left. */
template <typename C, typename Op>
using XPtr = std::conditional_t<Op::kWritesX, C *, const C *>;

template <typename C, typename Op>
__global__ void __launch_bounds__(kThreads)
    complex_elementwise_kernel(int64_t n, Op op, XPtr<C, Op> x, int64_t incx, C *y,
                               int64_t incy) {
    if (!op.prepare()) return;
    const int64_t x0 = vec_start(n, incx), y0 = vec_start(n, incy);
    const int64_t stride = (int64_t)gridDim.x * kThreads;
    for (int64_t i = (int64_t)blockIdx.x * kThreads + threadIdx.x; i < n; i += stride) {
        const int64_t ix = x0 + i * incx, iy = y0 + i * incy;
        C a = Op::kReadsX ? x[ix] : C{0, 0}, b = Op::kReadsY ? y[iy] : C{0, 0};
        op(a, b);
        if constexpr (Op::kWritesX) x[ix] = a;
        y[iy] = b;
    }
}

template <typename C, typename Op>
cudaError_t launch_complex_elementwise(gblas_cuda_env *env, int64_t n, Op op, XPtr<C, Op> x,
                                       int64_t incx, C *y, int64_t incy) {
    if (n <= 0) return cudaSuccess;
    const int blocks =
        (int)clamp64(ceil_div(n, kThreads), 1, (int64_t)kBlocksPerSm * env->sm_count);
    complex_elementwise_kernel<C, Op>
        <<<blocks, kThreads, 0, env->stream>>>(n, op, x, incx, y, incy);
    return launch_check(env, "complex_elementwise_kernel");
}

__host__ __device__ inline void rotg(gblas_complex_float *a, const gblas_complex_float *b,
                                     float *c, gblas_complex_float *s) {
    gblas_rotg_c(a, b, c, s);
}
__host__ __device__ inline void rotg(gblas_complex_double *a, const gblas_complex_double *b,
                                     double *c, gblas_complex_double *s) {
    gblas_rotg_z(a, b, c, s);
}

template <typename C>
__global__ void __launch_bounds__(1) complex_rotg_kernel(C *a, const C *b, real_t<C> *c, C *s) {
    rotg(a, b, c, s);
}

} // namespace

#define GBLAS_COMPLEX_LEVEL1(C)                                                                    \
    cudaError_t launch_axpy(gblas_cuda_env *env, int64_t n, Scalar<C> alpha, const C *x,           \
                            int64_t incx, C *y, int64_t incy) {                                    \
        return launch_complex_elementwise<C>(env, n, AxpyOp<C>{alpha, C{0, 0}}, x, incx, y,        \
                                             incy);                                                \
    }                                                                                              \
    cudaError_t launch_scal(gblas_cuda_env *env, int64_t n, Scalar<C> alpha, C *x,                 \
                            int64_t incx) {                                                        \
        return launch_complex_elementwise<C>(env, n, ScalOp<C>{alpha, C{0, 0}}, nullptr, 1, x,     \
                                             incx);                                                \
    }                                                                                              \
    cudaError_t launch_scal_real(gblas_cuda_env *env, int64_t n, Scalar<real_t<C>> alpha, C *x,    \
                                 int64_t incx) {                                                   \
        return launch_complex_elementwise<C>(env, n, ScalRealOp<C>{alpha, 0}, nullptr, 1, x,       \
                                             incx);                                                \
    }                                                                                              \
    cudaError_t launch_copy(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx, C *y,        \
                            int64_t incy) {                                                        \
        return launch_complex_elementwise<C>(env, n, CopyOp<C>{}, x, incx, y, incy);               \
    }                                                                                              \
    cudaError_t launch_swap(gblas_cuda_env *env, int64_t n, C *x, int64_t incx, C *y,              \
                            int64_t incy) {                                                        \
        return launch_complex_elementwise<C>(env, n, SwapOp<C>{}, x, incx, y, incy);               \
    }                                                                                              \
    cudaError_t launch_rot(gblas_cuda_env *env, int64_t n, C *x, int64_t incx, C *y,               \
                           int64_t incy, Scalar<real_t<C>> c, Scalar<C> s) {                       \
        return launch_complex_elementwise<C>(env, n, RotOp<C>{c, s, 0, C{0, 0}}, x, incx, y,       \
                                             incy);                                                \
    }                                                                                              \
    cudaError_t launch_rot_real(gblas_cuda_env *env, int64_t n, C *x, int64_t incx, C *y,          \
                                int64_t incy, Scalar<real_t<C>> c, Scalar<real_t<C>> s) {          \
        return launch_complex_elementwise<C>(env, n, RotRealOp<C>{c, s, 0, 0}, x, incx, y,         \
                                             incy);                                                \
    }                                                                                              \
    cudaError_t launch_rotg(gblas_cuda_env *env, C *a, const C *b, real_t<C> *c, C *s) {           \
        complex_rotg_kernel<C><<<1, 1, 0, env->stream>>>(a, b, c, s);                              \
        return launch_check(env, "complex_rotg_kernel");                                           \
    }                                                                                              \
    void rotg_on_host(C *a, const C *b, real_t<C> *c, C *s) { rotg(a, b, c, s); }
GBLAS_COMPLEX_LEVEL1(gblas_complex_float)
GBLAS_COMPLEX_LEVEL1(gblas_complex_double)
#undef GBLAS_COMPLEX_LEVEL1
