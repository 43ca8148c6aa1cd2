/* level1.cu: AXPY (y = alpha x + y), SCAL (x = alpha x) and COPY (y = x), float and double.
 * One elementwise kernel per path, specialised by an operation: unit stride with 16-byte
 * vectors (scalar head and tail) when both vectors allow it, else a strided walk; both
 * grid-stride with 64-bit indices. Alpha is read by the kernel (device pointer mode) or passed
 * by value (host pointer mode). SCAL's vector travels as y. */
#include "cuda_common.cuh"

namespace {

constexpr int kThreads = 256;
constexpr int kBlocksPerSm = 8; /* one full wave of 2048 threads per SM */

/* Each operation: which inputs it reads, a per-kernel prepare() that reads alpha and says
 * whether any element changes, and the new y from (x, y). */
template <typename T> struct AxpyOp {
    static constexpr bool kReadsX = true, kReadsY = true;
    Scalar<T> alpha;
    T a;
    __device__ bool prepare() {
        a = scalar_value<T>(alpha);
        return a != T(0); /* alpha == 0: y stays, x is never read */
    }
    __device__ T operator()(T x, T y) const { return fma(a, x, y); }
};

template <typename T> struct ScalOp {
    static constexpr bool kReadsX = false, kReadsY = true;
    Scalar<T> alpha;
    T a;
    __device__ bool prepare() {
        a = scalar_value<T>(alpha);
        return true;
    }
    __device__ T operator()(T, T y) const { return a == T(0) ? T(0) : a * y; } /* exact zeros */
};

template <typename T> struct CopyOp {
    static constexpr bool kReadsX = true, kReadsY = false;
    __device__ bool prepare() { return true; }
    __device__ T operator()(T x, T) const { return x; }
};

template <typename T, typename Op>
__device__ __forceinline__ void apply_at(Op &op, const T *__restrict__ x, T *__restrict__ y,
                                         int64_t ix, int64_t iy) {
    y[iy] = op(Op::kReadsX ? x[ix] : T(0), Op::kReadsY ? y[iy] : T(0));
}

/* Unit stride: elements [0, head) and the tail past the last whole vector one by one, the
 * 16-byte vectors at y + head (and x + head) grid-strided. */
template <typename T, typename Op>
__global__ void __launch_bounds__(kThreads)
    elementwise_unit_kernel(int64_t n, int64_t head, Op op, const T *__restrict__ x,
                            T *__restrict__ y) {
    if (!op.prepare()) return;
    using V = typename Vec16<T>::type;
    using VT = Vec16<T>;
    const int64_t tid = (int64_t)blockIdx.x * kThreads + threadIdx.x;
    const int64_t stride = (int64_t)gridDim.x * kThreads;
    const int64_t nvec = (n - head) / VT::width, tail = head + nvec * VT::width;
    if (tid < head) apply_at(op, x, y, tid, tid);
    if (tid < n - tail) apply_at(op, x, y, tail + tid, tail + tid);
    const V *xv = reinterpret_cast<const V *>(x + head);
    V *yv = reinterpret_cast<V *>(y + head);
    for (int64_t i = tid; i < nvec; i += stride) {
        V a = {}, b = {}, out;
        if (Op::kReadsX) a = xv[i];
        if (Op::kReadsY) b = yv[i];
#pragma unroll
        for (int c = 0; c < VT::width; ++c) VT::set(out, c, op(VT::get(a, c), VT::get(b, c)));
        yv[i] = out;
    }
}

template <typename T, typename Op>
__global__ void __launch_bounds__(kThreads)
    elementwise_strided_kernel(int64_t n, Op op, const T *__restrict__ x, int64_t incx,
                               T *__restrict__ y, int64_t incy) {
    if (!op.prepare()) return;
    const int64_t x0 = vec_start(n, incx), y0 = vec_start(n, incy);
    const int64_t stride = (int64_t)gridDim.x * kThreads;
    for (int64_t i = (int64_t)blockIdx.x * kThreads + threadIdx.x; i < n; i += stride)
        apply_at(op, x, y, x0 + i * incx, y0 + i * incy);
}

template <typename T, typename Op>
cudaError_t launch_elementwise(gblas_cuda_env *env, int64_t n, Op op, const T *x, int64_t incx,
                               T *y, int64_t incy) {
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

#define GBLAS_INSTANTIATE(T)                                                                    \
    template cudaError_t launch_axpy<T>(gblas_cuda_env *, int64_t, Scalar<T>, const T *,        \
                                        int64_t, T *, int64_t);                                 \
    template cudaError_t launch_scal<T>(gblas_cuda_env *, int64_t, Scalar<T>, T *, int64_t);    \
    template cudaError_t launch_copy<T>(gblas_cuda_env *, int64_t, const T *, int64_t, T *,     \
                                        int64_t);
GBLAS_INSTANTIATE(float)
GBLAS_INSTANTIATE(double)
#undef GBLAS_INSTANTIATE
