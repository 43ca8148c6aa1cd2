/* cuda_common.cuh: C++ helpers shared by the kernel files: scalar arguments, 16-byte vector
 * types, warp and block sums in a fixed order, the launch-error check, small host arithmetic.
 * Every reduction here combines values in an order fixed by thread and block indices only,
 * so results are bitwise reproducible. */
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include "cuda_launch.h"

/* The C scalar struct of each element type. */
template <typename T> struct ScalarOf;
template <> struct ScalarOf<float> { using type = gblas_cuda_sscalar; };
template <> struct ScalarOf<double> { using type = gblas_cuda_dscalar; };
template <typename T> using Scalar = typename ScalarOf<T>::type;

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

/* Butterfly sum over the 32 lanes; every lane ends with the same value. */
template <typename T>
__device__ __forceinline__ T warp_sum(T v) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(0xffffffffu, v, offset);
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
