/* level1.cu: the elementwise Level-1 routines, float and double: AXPY (y = alpha x + y), SCAL
 * (x = alpha x), COPY (y = x), SWAP (x <-> y), ROT (plane rotation of the pairs (x[i], y[i]))
 * and ROTM (modified Givens transformation of the pairs). One elementwise kernel per path,
 * specialised by an operation: unit stride with 16-byte vectors (scalar head and tail) when both
 * vectors allow it, else a strided walk; both grid-stride with 64-bit indices. Scalars are read
 * by the kernel (device pointer mode) or passed by value (host pointer mode). SCAL's vector
 * travels as y. */
#include <type_traits>

#include "cuda_common.cuh"

namespace {

constexpr int kThreads = 256;
constexpr int kBlocksPerSm = 8; /* one full wave of 2048 threads per SM */

/* Each operation: which of x and y it reads and whether it writes x (y is always written), a
 * per-kernel prepare() that reads its scalars and says whether any element changes, and
 * operator()(x, y) updating the pair in place. */
template <typename T> struct AxpyOp {
    static constexpr bool kReadsX = true, kReadsY = true, kWritesX = false;
    Scalar<T> alpha;
    T a;
    __device__ bool prepare() {
        a = scalar_value<T>(alpha);
        return a != T(0); /* alpha == 0: y stays, x is never read */
    }
    __device__ void operator()(T &x, T &y) const { y = fma(a, x, y); }
};

template <typename T> struct ScalOp {
    static constexpr bool kReadsX = false, kReadsY = true, kWritesX = false;
    Scalar<T> alpha;
    T a;
    __device__ bool prepare() {
        a = scalar_value<T>(alpha);
        return true;
    }
    __device__ void operator()(T &, T &y) const { y = a == T(0) ? T(0) : a * y; } /* exact zeros */
};

template <typename T> struct CopyOp {
    static constexpr bool kReadsX = true, kReadsY = false, kWritesX = false;
    __device__ bool prepare() { return true; }
    __device__ void operator()(T &x, T &y) const { y = x; }
};

template <typename T> struct SwapOp {
    static constexpr bool kReadsX = true, kReadsY = true, kWritesX = true;
    __device__ bool prepare() { return true; }
    __device__ void operator()(T &x, T &y) const {
        const T t = x;
        x = y;
        y = t;
    }
};

/* x' = c x + s y, y' = c y - s x (reference drot; each a fused multiply-add) */
template <typename T> struct RotOp {
    static constexpr bool kReadsX = true, kReadsY = true, kWritesX = true;
    Scalar<T> c_s, s_s;
    T c, s;
    __device__ bool prepare() {
        c = scalar_value<T>(c_s);
        s = scalar_value<T>(s_s);
        return true;
    }
    __device__ void operator()(T &x, T &y) const {
        const T w = x, z = y;
        x = fma(c, w, s * z);
        y = fma(c, z, -(s * w));
    }
};

/* (x', y') = H (x, y) with H from param as reference drotm: flag = param[0]; flag == -2: H = I,
 * nothing is touched; flag < 0: H = [h11 h12; h21 h22] (param[1..4] = h11, h21, h12, h22);
 * flag == 0: [1 h12; h21 1]; any other flag (NaN too): [h11 1; -1 h22]. The unit entries are
 * exact, so x' = w + h12 z rounds as the reference's w + z h12 does. */
template <typename T> struct RotmOp {
    static constexpr bool kReadsX = true, kReadsY = true, kWritesX = true;
    ScalarArray<T, 5> param;
    T h11, h12, h21, h22;
    __device__ bool prepare() {
        T p[5];
#pragma unroll
        for (int i = 0; i < 5; ++i) p[i] = param.ptr ? param.ptr[i] : param.value[i];
        const T flag = p[0];
        if (flag + T(2) == T(0)) return false;
        if (flag < T(0)) {
            h11 = p[1], h21 = p[2], h12 = p[3], h22 = p[4];
        } else if (flag == T(0)) {
            h11 = T(1), h21 = p[2], h12 = p[3], h22 = T(1);
        } else {
            h11 = p[1], h21 = T(-1), h12 = T(1), h22 = p[4];
        }
        return true;
    }
    __device__ void operator()(T &x, T &y) const {
        const T w = x, z = y;
        x = fma(h11, w, h12 * z);
        y = fma(h21, w, h22 * z);
    }
};

/* x's element type (const T where the operation only reads x) and the kernels' pointers. An
 * operation that writes x may be given x == y (same increment: SWAP(x, x), ROT(x, x)), so its
 * pointers are not __restrict__, and each pair stores x, then y: y's value is the one left. */
template <typename T, typename Op> using XElem = std::conditional_t<Op::kWritesX, T, const T>;
template <typename T, typename Op>
using XPtr = std::conditional_t<Op::kWritesX, T *, const T *__restrict__>;
template <typename T, typename Op>
using YPtr = std::conditional_t<Op::kWritesX, T *, T *__restrict__>;

template <typename T, typename Op>
__device__ __forceinline__ void apply_at(Op &op, XPtr<T, Op> x, YPtr<T, Op> y, int64_t ix,
                                         int64_t iy) {
    T a = Op::kReadsX ? x[ix] : T(0), b = Op::kReadsY ? y[iy] : T(0);
    op(a, b);
    if constexpr (Op::kWritesX) x[ix] = a;
    y[iy] = b;
}

/* Unit stride: elements [0, head) and the tail past the last whole vector one by one, the
 * 16-byte vectors at y + head (and x + head) grid-strided. */
template <typename T, typename Op>
__global__ void __launch_bounds__(kThreads)
    elementwise_unit_kernel(int64_t n, int64_t head, Op op, XPtr<T, Op> x, YPtr<T, Op> y) {
    if (!op.prepare()) return;
    using V = typename Vec16<T>::type;
    using VT = Vec16<T>;
    const int64_t tid = (int64_t)blockIdx.x * kThreads + threadIdx.x;
    const int64_t stride = (int64_t)gridDim.x * kThreads;
    const int64_t nvec = (n - head) / VT::width, tail = head + nvec * VT::width;
    if (tid < head) apply_at<T>(op, x, y, tid, tid);
    if (tid < n - tail) apply_at<T>(op, x, y, tail + tid, tail + tid);
    XElem<V, Op> *xv = reinterpret_cast<XElem<V, Op> *>(x + head);
    V *yv = reinterpret_cast<V *>(y + head);
    for (int64_t i = tid; i < nvec; i += stride) {
        V a = {}, b = {};
        if (Op::kReadsX) a = xv[i];
        if (Op::kReadsY) b = yv[i];
#pragma unroll
        for (int c = 0; c < VT::width; ++c) {
            T p = VT::get(a, c), q = VT::get(b, c);
            op(p, q);
            VT::set(a, c, p);
            VT::set(b, c, q);
        }
        if constexpr (Op::kWritesX) xv[i] = a;
        yv[i] = b;
    }
}

template <typename T, typename Op>
__global__ void __launch_bounds__(kThreads)
    elementwise_strided_kernel(int64_t n, Op op, XPtr<T, Op> x, int64_t incx, YPtr<T, Op> y,
                               int64_t incy) {
    if (!op.prepare()) return;
    const int64_t x0 = vec_start(n, incx), y0 = vec_start(n, incy);
    const int64_t stride = (int64_t)gridDim.x * kThreads;
    for (int64_t i = (int64_t)blockIdx.x * kThreads + threadIdx.x; i < n; i += stride)
        apply_at<T>(op, x, y, x0 + i * incx, y0 + i * incy);
}

template <typename T, typename Op>
cudaError_t launch_elementwise(gblas_cuda_env *env, int64_t n, Op op, XElem<T, Op> *x,
                               int64_t incx, T *y, int64_t incy) {
    if (n <= 0) return cudaSuccess;
    const int64_t head = unit_stride_head(n, y, incy, Op::kReadsX ? x : nullptr, incx);
    const int64_t work = head < 0 ? n : (n - head) / Vec16<T>::width + Vec16<T>::width;
    const int blocks = (int)clamp64(ceil_div(work, kThreads), 1, (int64_t)kBlocksPerSm * env->sm_count);
    if (head >= 0) {
        elementwise_unit_kernel<T, Op><<<blocks, kThreads, 0, env->stream>>>(n, head, op, x, y);
        return launch_check(env, "elementwise_unit_kernel");
    }
    elementwise_strided_kernel<T, Op>
        <<<blocks, kThreads, 0, env->stream>>>(n, op, x, incx, y, incy);
    return launch_check(env, "elementwise_strided_kernel");
}

} // namespace

template <typename T>
cudaError_t launch_axpy(gblas_cuda_env *env, int64_t n, Scalar<T> alpha, const T *x,
                        int64_t incx, T *y, int64_t incy) {
    return launch_elementwise(env, n, AxpyOp<T>{alpha, T(0)}, x, incx, y, incy);
}
template <typename T>
cudaError_t launch_scal(gblas_cuda_env *env, int64_t n, Scalar<T> alpha, T *x, int64_t incx) {
    return launch_elementwise<T>(env, n, ScalOp<T>{alpha, T(0)}, nullptr, 1, x, incx);
}
template <typename T>
cudaError_t launch_copy(gblas_cuda_env *env, int64_t n, const T *x, int64_t incx, T *y,
                        int64_t incy) {
    return launch_elementwise(env, n, CopyOp<T>{}, x, incx, y, incy);
}

template <typename T>
cudaError_t launch_swap(gblas_cuda_env *env, int64_t n, T *x, int64_t incx, T *y, int64_t incy) {
    return launch_elementwise(env, n, SwapOp<T>{}, x, incx, y, incy);
}
template <typename T>
cudaError_t launch_rot(gblas_cuda_env *env, int64_t n, T *x, int64_t incx, T *y, int64_t incy,
                       Scalar<T> c, Scalar<T> s) {
    return launch_elementwise(env, n, RotOp<T>{c, s, T(0), T(0)}, x, incx, y, incy);
}
template <typename T>
cudaError_t launch_rotm(gblas_cuda_env *env, int64_t n, T *x, int64_t incx, T *y, int64_t incy,
                        ScalarArray<T, 5> param) {
    return launch_elementwise(env, n, RotmOp<T>{param, T(0), T(0), T(0), T(0)}, x, incx, y,
                              incy);
}

#define GBLAS_INSTANTIATE(T)                                                                    \
    template cudaError_t launch_axpy<T>(gblas_cuda_env *, int64_t, Scalar<T>, const T *,        \
                                        int64_t, T *, int64_t);                                 \
    template cudaError_t launch_scal<T>(gblas_cuda_env *, int64_t, Scalar<T>, T *, int64_t);    \
    template cudaError_t launch_copy<T>(gblas_cuda_env *, int64_t, const T *, int64_t, T *,     \
                                        int64_t);                                               \
    template cudaError_t launch_swap<T>(gblas_cuda_env *, int64_t, T *, int64_t, T *, int64_t); \
    template cudaError_t launch_rot<T>(gblas_cuda_env *, int64_t, T *, int64_t, T *, int64_t,   \
                                       Scalar<T>, Scalar<T>);                                   \
    template cudaError_t launch_rotm<T>(gblas_cuda_env *, int64_t, T *, int64_t, T *, int64_t,  \
                                        ScalarArray<T, 5>);
GBLAS_INSTANTIATE(float)
GBLAS_INSTANTIATE(double)
#undef GBLAS_INSTANTIATE
