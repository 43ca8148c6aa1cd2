/* dot.cu: the reductions DOT (x . y), NRM2 (||x||_2), ASUM (sum |x[i]|), IAMAX and IAMIN (the
 * first index of the largest / smallest |x[i]|), float and double, in a fixed reduction order:
 * one two-pass reduction, specialised by an accumulator policy (Acc) per routine.
 * Stage 1 runs reduce_blocks(n, SMs) blocks (a count fixed by n and the device); each thread
 * strides over the vector and, on unit stride, keeps kUnroll 16-byte loads per vector in flight
 * before it uses any of them (hinted as hinted_loads() says); each block writes one partial to
 * scratch. Stage 2, one block launched as a dependent launch, combines the partials in order
 * and writes the result. When one block is enough, stage 1 writes the result itself. NRM2
 * accumulates in double with Blue's three sums. */
#include <limits>

#include "reduction.cuh"
#include "cuda_common.cuh"

namespace {

constexpr int kThreads = 256;
constexpr int kBlocksPerSm = 4;
constexpr int kUnroll = 4; /* 16-byte loads per vector in flight per thread */

/* A block gets at least one full batch per thread: below that, more blocks cost more than
 * they save. Never more blocks than stay resident at once. */
template <typename T>
int reduce_blocks(int64_t n, int sm_count) {
    const int64_t min_elements = (int64_t)kThreads * kUnroll * Vec16<T>::width;
    return (int)clamp64(ceil_div(n, min_elements), 1, (int64_t)kBlocksPerSm * sm_count);
}

/* An accumulator: Partial, what a thread or block passes on; Result, the type of *result;
 * kHasY, whether it reads y; start(x), called by the grid's first thread before any add (only
 * IAMAX and IAMIN look at x there); add(slot, e, a, b) takes element e (a = x[e], b = y[e]) into
 * one of Vec16<T>::width slots; partial() combines the slots, merge() two partials,
 * block_total() a block's (valid in thread 0); finish() makes the result. */

/* W independent sums per thread (one per vector lane), combined in lane order: DOT, ASUM. */
template <typename T> struct LaneSums {
    using Partial = T;
    using Result = T;
    T s[Vec16<T>::width] = {};
    __device__ void start(const T *) {}
    __device__ Partial partial() const {
        T v = s[0];
#pragma unroll
        for (int c = 1; c < Vec16<T>::width; ++c) v += s[c];
        return v;
    }
    static __device__ void merge(Partial &p, const Partial &q) { p += q; }
    static __device__ Partial block_total(Partial p) {
        __shared__ T smem[kThreads / 32];
        return block_sum<kThreads>(p, smem);
    }
    static __device__ T finish(const Partial &p) { return p; }
};
template <typename T> struct DotAcc : LaneSums<T> {
    static constexpr bool kHasY = true;
    __device__ void add(int lane, int64_t, T a, T b) { this->s[lane] = fma(a, b, this->s[lane]); }
};
template <typename T> struct AsumAcc : LaneSums<T> {
    static constexpr bool kHasY = false;
    __device__ void add(int lane, int64_t, T a, T) { this->s[lane] += fabs(a); }
};

/* NRM2: Blue's three sums in double (reduction.cuh). */
template <typename T> struct NrmAcc {
    using Partial = BlueSums;
    using Result = T;
    static constexpr bool kHasY = false;
    BlueSums s = {0.0, 0.0, 0.0};
    __device__ void start(const T *) {}
    __device__ void add(int, int64_t, T a, T) { s.add(fabs((double)a)); }
    __device__ Partial partial() const { return s; }
    static __device__ void merge(Partial &p, const Partial &q) { BlueSums::merge(p, q); }
    static __device__ Partial block_total(Partial p) {
        return BlueSums::block_total<kThreads>(p);
    }
    static __device__ T finish(const Partial &p) { return (T)p.norm(); }
};

/* IAMAX (kMax) and IAMIN: the best (|x[e]|, e) seen, W slots per thread. "Better" is a larger
 * (smaller) value, or an equal one at a smaller index, so the answer does not depend on the
 * order elements and partials meet in. A NaN never compares better and is passed over; a NaN
 * in x[0] is the answer (reference I_AMAX), which start() records as a value nothing beats at
 * index 0. kNone (-inf for IAMAX, +inf for IAMIN) at kNoIndex is the empty slot: an infinite
 * |x[e]| still beats it through the index. */
template <typename T> struct ArgBest {
    T v;
    int64_t e;
};
template <typename T, bool kMax> struct IndexAcc {
    using Partial = ArgBest<T>;
    using Result = int64_t;
    static constexpr bool kHasY = false;
    static constexpr T kNone = kMax ? -std::numeric_limits<T>::infinity()
                                    : std::numeric_limits<T>::infinity();
    static constexpr int64_t kNoIndex = std::numeric_limits<int64_t>::max();
    Partial best[Vec16<T>::width];
    __device__ IndexAcc() {
#pragma unroll
        for (int c = 0; c < Vec16<T>::width; ++c) best[c] = Partial{kNone, kNoIndex};
    }
    /* bitwise, not short-circuit, operators: selects instead of branches per element */
    static __device__ bool better(T v, int64_t e, const Partial &b) {
        return (kMax ? v > b.v : v < b.v) | ((v == b.v) & (e < b.e));
    }
    __device__ void start(const T *x) {
        if (isnan(x[0])) best[0] = Partial{kMax ? std::numeric_limits<T>::infinity() : T(0), 0};
    }
    __device__ void add(int slot, int64_t e, T a, T) {
        const T v = fabs(a);
        const bool take = better(v, e, best[slot]);
        best[slot].v = take ? v : best[slot].v;
        best[slot].e = take ? e : best[slot].e;
    }
    __device__ Partial partial() const {
        Partial p = best[0];
#pragma unroll
        for (int c = 1; c < Vec16<T>::width; ++c) merge(p, best[c]);
        return p;
    }
    static __device__ void merge(Partial &p, const Partial &q) {
        if (better(q.v, q.e, p)) p = q;
    }
    static __device__ Partial block_total(Partial p) {
        return best_block_total<IndexAcc, kThreads>(p, IndexAcc().partial());
    }
    static __device__ int64_t finish(const Partial &p) { return p.e + 1; }
};

/* kUnroll vectors of x (and y) at xv[i + u * stride] (elements head + W (i + u * stride) on),
 * all loaded before the first is used; with kGuard, only those below nvec. */
template <bool kHinted, bool kGuard, typename T, typename Acc>
__device__ __forceinline__ void accumulate_batch(const typename Vec16<T>::type *xv,
                                                 const typename Vec16<T>::type *yv, int64_t head,
                                                 int64_t i, int64_t stride, int64_t nvec,
                                                 Acc &acc) {
    using V = typename Vec16<T>::type;
    using VT = Vec16<T>;
    V a[kUnroll], b[kUnroll];
    bool in[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
        in[u] = !kGuard || i + u * stride < nvec;
        a[u] = V{};
        b[u] = V{};
        if (in[u]) {
            a[u] = load_streaming<kHinted>(xv + i + u * stride);
            if (Acc::kHasY) b[u] = load_streaming<kHinted>(yv + i + u * stride);
        }
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
#pragma unroll
        for (int c = 0; c < VT::width; ++c)
            if (in[u])
                acc.add(c, head + (i + u * stride) * VT::width + c, VT::get(a[u], c),
                        VT::get(b[u], c));
}

/* This thread's share of the n elements, into acc. head < 0: strided walk (any increments);
 * head >= 0: unit stride with x + head (and y + head) 16-byte aligned: elements [0, head) and
 * the tail past the last whole vector go to the first threads, vectors are grid-strided
 * kUnroll at a time. */
template <bool kHinted, typename T, typename Acc>
__device__ void accumulate_thread(int64_t n, const T *__restrict__ x, int64_t incx,
                                  const T *__restrict__ y, int64_t incy, int64_t head, Acc &acc) {
    const int64_t tid = (int64_t)blockIdx.x * kThreads + threadIdx.x;
    const int64_t stride = (int64_t)gridDim.x * kThreads;
    if (head < 0) {
        const int64_t x0 = vec_start(n, incx), y0 = vec_start(n, incy);
#pragma unroll 4
        for (int64_t i = tid; i < n; i += stride)
            acc.add(0, i, x[x0 + i * incx], Acc::kHasY ? y[y0 + i * incy] : T(0));
        return;
    }
    using V = typename Vec16<T>::type;
    constexpr int W = Vec16<T>::width;
    const int64_t nvec = (n - head) / W, tail = head + nvec * W;
    if (tid < head) acc.add(0, tid, x[tid], Acc::kHasY ? y[tid] : T(0));
    if (tid < n - tail) acc.add(1, tail + tid, x[tail + tid], Acc::kHasY ? y[tail + tid] : T(0));
    const V *xv = reinterpret_cast<const V *>(x + head);
    const V *yv = reinterpret_cast<const V *>(Acc::kHasY ? y + head : x + head);
    int64_t i = tid;
    for (; i + (kUnroll - 1) * stride < nvec; i += kUnroll * stride)
        accumulate_batch<kHinted, false, T>(xv, yv, head, i, stride, nvec, acc);
    if (i < nvec) accumulate_batch<kHinted, true, T>(xv, yv, head, i, stride, nvec, acc);
}

template <typename T, typename Acc, bool kHinted>
__global__ void __launch_bounds__(kThreads, kBlocksPerSm)
    reduce_partials_kernel(int64_t n, const T *__restrict__ x, int64_t incx,
                           const T *__restrict__ y, int64_t incy, int64_t head,
                           typename Acc::Partial *partials, typename Acc::Result *result) {
    allow_dependent_launch();
    Acc acc;
    if (blockIdx.x == 0 && threadIdx.x == 0) acc.start(x);
    accumulate_thread<kHinted>(n, x, incx, y, incy, head, acc);
    store_block_partial<Acc>(Acc::block_total(acc.partial()), partials, result);
}

template <typename T, typename Acc>
cudaError_t launch_reduction(gblas_cuda_env *env, int64_t n, const T *x, int64_t incx,
                             const T *y, int64_t incy, typename Acc::Result *result) {
    const int blocks = reduce_blocks<T>(n, env->sm_count);
    const int64_t head = unit_stride_head(n, x, incx, y, incy);
    auto *partials = static_cast<typename Acc::Partial *>(env->scratch);
    if (hinted_loads(n * (int64_t)sizeof(T) * (Acc::kHasY ? 2 : 1)))
        reduce_partials_kernel<T, Acc, true>
            <<<blocks, kThreads, 0, env->stream>>>(n, x, incx, y, incy, head, partials, result);
    else
        reduce_partials_kernel<T, Acc, false>
            <<<blocks, kThreads, 0, env->stream>>>(n, x, incx, y, incy, head, partials, result);
    const cudaError_t err = launch_check(env, "reduce_partials_kernel");
    if (err != cudaSuccess || blocks == 1) return err;
    return launch_dependent(env, "reduce_finish_kernel", reduce_finish_kernel<Acc, kThreads>,
                            dim3(1), dim3(kThreads), blocks, partials, result);
}

} // namespace

template <typename T>
cudaError_t launch_dot(gblas_cuda_env *env, int64_t n, const T *x, int64_t incx, const T *y,
                       int64_t incy, T *result) {
    return launch_reduction<T, DotAcc<T>>(env, n, x, incx, y, incy, result);
}
template <typename T>
cudaError_t launch_nrm2(gblas_cuda_env *env, int64_t n, const T *x, int64_t incx, T *result) {
    return launch_reduction<T, NrmAcc<T>>(env, n, x, incx, nullptr, 1, result);
}

template <typename T>
cudaError_t launch_asum(gblas_cuda_env *env, int64_t n, const T *x, int64_t incx, T *result) {
    return launch_reduction<T, AsumAcc<T>>(env, n, x, incx, nullptr, 1, result);
}
template <typename T>
cudaError_t launch_iamax(gblas_cuda_env *env, int64_t n, const T *x, int64_t incx,
                         int64_t *result) {
    return launch_reduction<T, IndexAcc<T, true>>(env, n, x, incx, nullptr, 1, result);
}
template <typename T>
cudaError_t launch_iamin(gblas_cuda_env *env, int64_t n, const T *x, int64_t incx,
                         int64_t *result) {
    return launch_reduction<T, IndexAcc<T, false>>(env, n, x, incx, nullptr, 1, result);
}

#define GBLAS_INSTANTIATE(T)                                                                    \
    template cudaError_t launch_dot<T>(gblas_cuda_env *, int64_t, const T *, int64_t, const T *, \
                                       int64_t, T *);                                           \
    template cudaError_t launch_nrm2<T>(gblas_cuda_env *, int64_t, const T *, int64_t, T *);   \
    template cudaError_t launch_asum<T>(gblas_cuda_env *, int64_t, const T *, int64_t, T *);   \
    template cudaError_t launch_iamax<T>(gblas_cuda_env *, int64_t, const T *, int64_t,        \
                                         int64_t *);                                          \
    template cudaError_t launch_iamin<T>(gblas_cuda_env *, int64_t, const T *, int64_t,        \
                                         int64_t *);
GBLAS_INSTANTIATE(float)
GBLAS_INSTANTIATE(double)
#undef GBLAS_INSTANTIATE
