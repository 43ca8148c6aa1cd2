/* cuda_common.cuh: C++ helpers shared by the kernel files: scalar arguments, 16-byte vector
 * types and streaming loads, warp and block sums in a fixed order, the launch-error check,
 * dependent launches of second passes, small host arithmetic.
 * Every reduction here combines values in an order fixed by thread and block indices only,
 * so results are bitwise reproducible. */
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include "cuda_launch.cuh"

template <typename T>
__device__ __forceinline__ T scalar_value(const Scalar<T> &s) {
    return s.ptr ? *s.ptr : s.value;
}

/* 16-byte vectors: Vec16<T>::width elements of T loaded by one 128-bit instruction. */
template <typename T> struct Vec16;
template <> struct Vec16<float> {
    using type = float4;
    static constexpr int width = 4;
    static __device__ __forceinline__ float get(const float4 &v, int i) {
        return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w;
    }
    static __device__ __forceinline__ void set(float4 &v, int i, float s) {
        if (i == 0) v.x = s; else if (i == 1) v.y = s; else if (i == 2) v.z = s; else v.w = s;
    }
};
template <> struct Vec16<double> {
    using type = double2;
    static constexpr int width = 2;
    static __device__ __forceinline__ double get(const double2 &v, int i) {
        return i == 0 ? v.x : v.y;
    }
    static __device__ __forceinline__ void set(double2 &v, int i, double s) {
        if (i == 0) v.x = s; else v.y = s;
    }
};

/* Read-only data read exactly once: 16-byte load through the non-coherent path. kHinted adds
 * L1::no_allocate and a 256-byte L2 fetch: measured on the H200 it is 5-15% faster for calls that
 * stream up to about 256 MB and 3-5% slower beyond (hinted_loads() makes the choice). */
constexpr int64_t kHintedMaxBytes = (int64_t)256 << 20;
static inline bool hinted_loads(int64_t bytes) { return bytes <= kHintedMaxBytes; }

template <bool kHinted>
__device__ __forceinline__ float4 load_streaming(const float4 *p) {
    float4 v;
    if (kHinted)
        asm("ld.global.nc.L1::no_allocate.L2::256B.v4.f32 {%0, %1, %2, %3}, [%4];"
            : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
            : "l"(p));
    else
        asm("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];"
            : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
            : "l"(p));
    return v;
}
template <bool kHinted>
__device__ __forceinline__ double2 load_streaming(const double2 *p) {
    double2 v;
    if (kHinted)
        asm("ld.global.nc.L1::no_allocate.L2::256B.v2.f64 {%0, %1}, [%2];"
            : "=d"(v.x), "=d"(v.y)
            : "l"(p));
    else
        asm("ld.global.nc.v2.f64 {%0, %1}, [%2];" : "=d"(v.x), "=d"(v.y) : "l"(p));
    return v;
}

/* Butterfly sum over aligned groups of LANES lanes (a power of two, at most 32); every lane of
 * a group ends with the group's sum. */
template <int LANES = 32, typename T>
__device__ __forceinline__ T warp_sum(T v) {
    static_assert(LANES >= 1 && LANES <= 32 && (LANES & (LANES - 1)) == 0, "a power of two");
#pragma unroll
    for (int offset = LANES / 2; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

/* Sum over a block of THREADS threads; the result is valid in thread 0. smem holds THREADS/32
 * values; the closing barrier lets the caller reuse it at once. */
template <int THREADS, typename T>
__device__ __forceinline__ T block_sum(T v, T *smem) {
    static_assert(THREADS % 32 == 0 && THREADS <= 1024, "a block is whole warps, at most 32");
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    v = warp_sum(v);
    if (lane == 0) smem[warp] = v;
    __syncthreads();
    v = T(0);
    if (warp == 0) {
        if (lane < THREADS / 32) v = smem[lane];
        v = warp_sum(v);
    }
    __syncthreads();
    return v;
}

/* out = alpha * acc + beta * old, where alpha == 0 ignores acc and beta == 0 ignores old: the
 * caller reads old only when beta != 0, so NaN already in the output cannot leak. */
template <typename T>
__device__ __forceinline__ T scale_output(T alpha, T acc, T beta, T old) {
    const T v = alpha == T(0) ? T(0) : alpha * acc;
    return beta == T(0) ? v : fma(beta, old, v);
}

/* Element i of a vector with increment inc starts at base[vec_start(n, inc)] (reference BLAS). */
__host__ __device__ __forceinline__ int64_t vec_start(int64_t n, int64_t inc) {
    return inc < 0 ? (1 - n) * inc : 0;
}

__host__ __device__ __forceinline__ int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }
/* lo wins when hi < lo. */
static inline int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
    v = v > hi ? hi : v;
    return v < lo ? lo : v;
}
static inline bool aligned16(const void *p) { return ((uintptr_t)p & 15u) == 0; }

/* Unit-stride vector path: the number of leading elements of p to handle one by one so that
 * p + head (and q + head, when q is given) is 16-byte aligned; -1 when that is impossible or an
 * increment is not 1, and the strided path must be used. */
template <typename T>
int64_t unit_stride_head(int64_t n, const T *p, int64_t incp, const T *q, int64_t incq) {
    if (incp != 1 || (q && incq != 1) || ((uintptr_t)p % sizeof(T)) != 0) return -1;
    int64_t head = (int64_t)((16 - ((uintptr_t)p & 15)) & 15) / (int64_t)sizeof(T);
    if (head > n) head = n;
    if (q && !aligned16(q + head)) return -1;
    return head;
}

/* After each launch: record the kernel's name for the error message on failure. */
static inline cudaError_t launch_check(gblas_cuda_env *env, const char *kernel) {
    const cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) env->failed = kernel;
    return err;
}

/* Programmatic dependent launch (sm_90): a kernel that finishes another one's work (a second
 * reduction pass) is launched with launch_dependent(); it may start while the kernel before it
 * on the stream still runs, once every block of that kernel has called allow_dependent_launch(),
 * and it calls wait_for_prior_grid() before touching anything: that waits until the kernel
 * before it has completed and its writes are visible. Without the attribute (or on other
 * devices) both instructions do nothing and the stream orders the kernels as usual. */
__device__ __forceinline__ void allow_dependent_launch() {
    asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
}
__device__ __forceinline__ void wait_for_prior_grid() {
    asm volatile("griddepcontrol.wait;" ::: "memory");
}
/* cudaLaunchKernelEx with one launch attribute; on failure the kernel's name is recorded. */
template <typename... Params, typename... Args>
cudaError_t launch_with_attribute(gblas_cuda_env *env, const char *name,
                                  void (*kernel)(Params...), dim3 grid, dim3 block,
                                  size_t smem_bytes, cudaLaunchAttribute attr, Args... args) {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = grid;
    cfg.blockDim = block;
    cfg.dynamicSmemBytes = smem_bytes;
    cfg.stream = env->stream;
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    const cudaError_t err = cudaLaunchKernelEx(&cfg, kernel, static_cast<Params>(args)...);
    const cudaError_t last = cudaGetLastError(); /* also clears a failed launch's error */
    if (err != cudaSuccess || last != cudaSuccess) {
        env->failed = name;
        return err != cudaSuccess ? err : last;
    }
    return cudaSuccess;
}
template <typename... Params, typename... Args>
cudaError_t launch_dependent(gblas_cuda_env *env, const char *name, void (*kernel)(Params...),
                             dim3 grid, dim3 block, Args... args) {
    cudaLaunchAttribute attr = {};
    attr.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr.val.programmaticStreamSerializationAllowed = 1;
    return launch_with_attribute(env, name, kernel, grid, block, 0, attr, args...);
}
