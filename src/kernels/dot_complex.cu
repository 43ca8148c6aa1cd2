/* dot_complex.cu: the complex reductions DOTU (x . y), DOTC (conj(x) . y), NRM2 (||x||_2, a real
 * result), ASUM (sum |re| + |im|, real) and IAMAX / IAMIN (the first index of the largest /
 * smallest |re| + |im|, reference I_AMAX rules), gblas_complex_float and gblas_complex_double,
 * in a fixed reduction order: dot.cu's two-pass scheme, specialised by an accumulator policy.
 * Stage 1 runs reduce_blocks(n, SMs) blocks (a count fixed by n and the device); each thread
 * strides over the elements (any increment; each read as its two parts) and each block writes
 * one partial to scratch, combined by fixed-order warp and block sums. Stage 2, one block
 * launched as a dependent launch, combines the partials in order and writes the result; when
 * one block is enough, stage 1 writes it. NRM2 accumulates Blue's three sums in double. */
#include <limits>

#include "reduction.cuh"
#include "cuda_common.cuh"

namespace {

constexpr int kThreads = 256;
constexpr int kBlocksPerSm = 4;
constexpr int kPerThread = 8; /* elements per thread below which more blocks do not pay */

int reduce_blocks(int64_t n, int sm_count) {
    return (int)clamp64(ceil_div(n, (int64_t)kThreads * kPerThread), 1,
                        (int64_t)kBlocksPerSm * sm_count);
}

/* An accumulator (dot.cu's contract, one slot per thread): Partial, what a thread or block
 * passes on; Result, the type of *result; kHasY; start(x), called by the grid's first thread
 * before any add; add(e, a, b) takes element e (a = x[e], b = y[e]); partial(), merge(),
 * block_total() (valid in thread 0) and finish(). */

/* DOTU and DOTC: the two parts summed separately, each product's parts by fused
 * multiply-adds. */
template <typename C, bool kConj> struct DotAcc {
    using Rl = real_t<C>;
    using Partial = C;
    using Result = C;
    static constexpr bool kHasY = true;
    C s = {0, 0};
    __device__ void start(const C *) {}
    __device__ void add(int64_t, C a, C b) {
        const Rl ai = kConj ? -a.im : a.im;
        s.re = fma(a.re, b.re, fma(-ai, b.im, s.re));
        s.im = fma(a.re, b.im, fma(ai, b.re, s.im));
    }
    __device__ Partial partial() const { return s; }
    static __device__ void merge(Partial &p, const Partial &q) {
        p.re += q.re;
        p.im += q.im;
    }
    static __device__ Partial block_total(Partial p) {
        __shared__ Rl smem[kThreads / 32];
        p.re = block_sum<kThreads>(p.re, smem);
        p.im = block_sum<kThreads>(p.im, smem);
        return p;
    }
    static __device__ C finish(const Partial &p) { return p; }
};

template <typename C> struct AsumAcc {
    using Rl = real_t<C>;
    using Partial = Rl;
    using Result = Rl;
    static constexpr bool kHasY = false;
    Rl s = 0;
    __device__ void start(const C *) {}
    __device__ void add(int64_t, C a, C) { s += fabs(a.re) + fabs(a.im); }
    __device__ Partial partial() const { return s; }
    static __device__ void merge(Partial &p, const Partial &q) { p += q; }
    static __device__ Partial block_total(Partial p) {
        __shared__ Rl smem[kThreads / 32];
        return block_sum<kThreads>(p, smem);
    }
    static __device__ Rl finish(const Partial &p) { return p; }
};

/* NRM2: Blue's three sums in double (reduction.cuh) over both parts of every element. */
template <typename C> struct NrmAcc {
    using Partial = BlueSums;
    using Result = real_t<C>;
    static constexpr bool kHasY = false;
    BlueSums s = {0.0, 0.0, 0.0};
    __device__ void start(const C *) {}
    __device__ void add(int64_t, C a, C) {
        s.add(fabs((double)a.re));
        s.add(fabs((double)a.im));
    }
    __device__ Partial partial() const { return s; }
    static __device__ void merge(Partial &p, const Partial &q) { BlueSums::merge(p, q); }
    static __device__ Partial block_total(Partial p) {
        return BlueSums::block_total<kThreads>(p);
    }
    static __device__ Result finish(const Partial &p) { return (Result)p.norm(); }
};

/* IAMAX (kMax) and IAMIN by |re| + |im| in the part type (the reference's SCABS1 rounding): the
 * best (value, e) seen; "better" is a larger (smaller) value, or an equal one at a smaller
 * index, so the answer does not depend on the order partials meet in. NaN never compares
 * better; a NaN measure of x[0] is the answer, recorded by start() as a value nothing beats at
 * index 0 (dot.cu's IndexAcc). */
template <typename C> struct ArgBest {
    real_t<C> v;
    int64_t e;
};
template <typename C, bool kMax> struct IndexAcc {
    using Rl = real_t<C>;
    using Partial = ArgBest<C>;
    using Result = int64_t;
    static constexpr bool kHasY = false;
    static constexpr Rl kNone = kMax ? -std::numeric_limits<Rl>::infinity()
                                     : std::numeric_limits<Rl>::infinity();
    static constexpr int64_t kNoIndex = std::numeric_limits<int64_t>::max();
    Partial best = {kNone, kNoIndex};
    static __device__ Rl measure(C a) { return fabs(a.re) + fabs(a.im); }
    static __device__ bool better(Rl v, int64_t e, const Partial &b) {
        return (kMax ? v > b.v : v < b.v) | ((v == b.v) & (e < b.e));
    }
    __device__ void start(const C *x) {
        if (isnan(measure(x[0])))
            best = Partial{kMax ? std::numeric_limits<Rl>::infinity() : Rl(0), 0};
    }
    __device__ void add(int64_t e, C a, C) {
        const Rl v = measure(a);
        const bool take = better(v, e, best);
        best.v = take ? v : best.v;
        best.e = take ? e : best.e;
    }
    __device__ Partial partial() const { return best; }
    static __device__ void merge(Partial &p, const Partial &q) {
        if (better(q.v, q.e, p)) p = q;
    }
    static __device__ Partial block_total(Partial p) {
        return best_block_total<IndexAcc, kThreads>(p, Partial{kNone, kNoIndex});
    }
    static __device__ int64_t finish(const Partial &p) { return p.e + 1; }
};

template <typename C, typename Acc>
__global__ void __launch_bounds__(kThreads, kBlocksPerSm)
    complex_reduce_partials_kernel(int64_t n, const C *__restrict__ x, int64_t incx,
                                   const C *__restrict__ y, int64_t incy,
                                   typename Acc::Partial *partials,
                                   typename Acc::Result *result) {
    allow_dependent_launch();
    Acc acc;
    if (blockIdx.x == 0 && threadIdx.x == 0) acc.start(x + vec_start(n, incx));
    const int64_t x0 = vec_start(n, incx), y0 = vec_start(n, incy);
    const int64_t stride = (int64_t)gridDim.x * kThreads;
    for (int64_t i = (int64_t)blockIdx.x * kThreads + threadIdx.x; i < n; i += stride)
        acc.add(i, x[x0 + i * incx], Acc::kHasY ? y[y0 + i * incy] : C{0, 0});
    store_block_partial<Acc>(Acc::block_total(acc.partial()), partials, result);
}

template <typename C, typename Acc>
cudaError_t launch_complex_reduction(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx,
                                     const C *y, int64_t incy, typename Acc::Result *result) {
    const int blocks = reduce_blocks(n, env->sm_count);
    auto *partials = static_cast<typename Acc::Partial *>(env->scratch);
    complex_reduce_partials_kernel<C, Acc>
        <<<blocks, kThreads, 0, env->stream>>>(n, x, incx, y, incy, partials, result);
    const cudaError_t err = launch_check(env, "complex_reduce_partials_kernel");
    if (err != cudaSuccess || blocks == 1) return err;
    return launch_dependent(env, "reduce_finish_kernel",
                            reduce_finish_kernel<Acc, kThreads>, dim3(1), dim3(kThreads), blocks,
                            partials, result);
}

} // namespace

#define GBLAS_COMPLEX_REDUCTIONS(C)                                                             \
    cudaError_t launch_dotu(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx,          \
                            const C *y, int64_t incy, C *result) {                             \
        return launch_complex_reduction<C, DotAcc<C, false>>(env, n, x, incx, y, incy, result); \
    }                                                                                          \
    cudaError_t launch_dotc(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx,          \
                            const C *y, int64_t incy, C *result) {                             \
        return launch_complex_reduction<C, DotAcc<C, true>>(env, n, x, incx, y, incy, result); \
    }                                                                                          \
    cudaError_t launch_nrm2(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx,          \
                            real_t<C> *result) {                                               \
        return launch_complex_reduction<C, NrmAcc<C>>(env, n, x, incx, nullptr, 1, result);    \
    }                                                                                          \
    cudaError_t launch_asum(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx,          \
                            real_t<C> *result) {                                               \
        return launch_complex_reduction<C, AsumAcc<C>>(env, n, x, incx, nullptr, 1, result);   \
    }                                                                                          \
    cudaError_t launch_iamax(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx,         \
                             int64_t *result) {                                                \
        return launch_complex_reduction<C, IndexAcc<C, true>>(env, n, x, incx, nullptr, 1,     \
                                                              result);                         \
    }                                                                                          \
    cudaError_t launch_iamin(gblas_cuda_env *env, int64_t n, const C *x, int64_t incx,         \
                             int64_t *result) {                                                \
        return launch_complex_reduction<C, IndexAcc<C, false>>(env, n, x, incx, nullptr, 1,    \
                                                               result);                        \
    }
GBLAS_COMPLEX_REDUCTIONS(gblas_complex_float)
GBLAS_COMPLEX_REDUCTIONS(gblas_complex_double)
#undef GBLAS_COMPLEX_REDUCTIONS
