/* bench_cuda_kernels.cu: the kernels gblas-bench needs of its own, behind extern "C"
 * launchers: a fill with the bench's random data (element i of seed s gets the same value as
 * bench_fill_host gives it: uniform in [BENCH_DATA_MIN, BENCH_DATA_MAX), never zero), the
 * conditioning of a triangular case's matrix (the same values as bench_condition_host gives),
 * and a read-only streaming kernel whose rate is the read ceiling of the GPU. */
#include <cstdint>

#include "bench_cuda.h"
#include "bench_tri_body.h"

/* splitmix64, as bench_util.c's mix(). */
__device__ inline uint64_t bench_mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Grid-stride fill: one element per thread per step. */
template <typename T> __global__ void bench_fill_uniform(T *p, int64_t n, uint64_t base) {
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        const double u = (double)(bench_mix(base + (uint64_t)i) >> 11) * 0x1p-53;
        p[i] = (T)(BENCH_DATA_MIN + (BENCH_DATA_MAX - BENCH_DATA_MIN) * u);
    }
}

/* The two passes of bench_tri_body.h's conditioning: every element (of every matrix of a
 * batch) scaled (grid-stride), then one thread per row of op(A) sums its off-diagonals and sets
 * its diagonal element, rows of all matrices in one grid. Both in double, as the host pass, so
 * both backends condition to the same values. */
template <typename T> __global__ void bench_tri_scale(T *a, int64_t elems, double f) {
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t e = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; e < elems; e += stride)
        a[e] = (T)(f * (double)a[e]);
}

template <typename T> __global__ void bench_tri_diagonals(T *base, bench_tri t) {
    const int64_t row = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= t.n * t.count) return;
    T *const a = base + row / t.n * bench_tri_elems(&t); /* this row's matrix */
    const int64_t i = row % t.n;
    int64_t lo, hi;
    double r = 0;
    bench_tri_row(&t, i, &lo, &hi);
    for (int64_t j = lo; j < hi; j++) r += fabs((double)a[bench_tri_op_index(&t, i, j)]);
    a[bench_tri_index(&t, i, i)] = (T)bench_tri_diagonal(&t, r);
}

template <typename T>
static cudaError_t launch_condition(T *a, const bench_tri *t, cudaStream_t s) {
    const int threads = 256;
    const int64_t elems = bench_tri_elems(t) * t->count, rows = t->n * t->count;
    if (t->n <= 0) return cudaSuccess;
    const int64_t want = (elems + threads - 1) / threads;
    bench_tri_scale<T><<<(int)(want < 65536 ? want : 65536), threads, 0, s>>>(
        a, elems, bench_tri_factor(t));
    const cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) return e;
    bench_tri_diagonals<T><<<(int)((rows + threads - 1) / threads), threads, 0, s>>>(a, *t);
    return cudaGetLastError();
}

/* Grid-stride read of n4 16-byte vectors, four independent loads in flight per thread. */
__global__ void bench_read_stream(const float4 *__restrict__ p, int64_t n4, float *sink) {
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (; i + 3 * stride < n4; i += 4 * stride) {
        const float4 a = p[i], b = p[i + stride], c = p[i + 2 * stride], d = p[i + 3 * stride];
        acc += (a.x + a.y + a.z + a.w) + (b.x + b.y + b.z + b.w) + (c.x + c.y + c.z + c.w) +
               (d.x + d.y + d.z + d.w);
    }
    for (; i < n4; i += stride) acc += p[i].x + p[i].y + p[i].z + p[i].w;
    if (acc == -1.0f) *sink = acc; /* never for the bench's data; keeps the loads live */
}

template <typename T>
static cudaError_t launch_fill(T *p, int64_t n, uint64_t seed, cudaStream_t s) {
    if (n <= 0) return cudaSuccess;
    const int threads = 256;
    const int64_t want = (n + threads - 1) / threads;
    const int blocks = (int)(want < 65536 ? want : 65536);
    bench_fill_uniform<T><<<blocks, threads, 0, s>>>(p, n, seed * 0x9e3779b97f4a7c15ULL);
    return cudaGetLastError();
}

extern "C" cudaError_t bench_cuda_fill_s(float *p, int64_t n, uint64_t seed, cudaStream_t s) {
    return launch_fill(p, n, seed, s);
}

extern "C" cudaError_t bench_cuda_fill_d(double *p, int64_t n, uint64_t seed, cudaStream_t s) {
    return launch_fill(p, n, seed, s);
}

extern "C" cudaError_t bench_cuda_condition_s(float *a, const bench_tri *t, cudaStream_t s) {
    return launch_condition(a, t, s);
}

extern "C" cudaError_t bench_cuda_condition_d(double *a, const bench_tri *t, cudaStream_t s) {
    return launch_condition(a, t, s);
}

extern "C" cudaError_t bench_cuda_read(const void *p, size_t bytes, float *sink, int blocks,
                                       cudaStream_t s) {
    bench_read_stream<<<blocks, 256, 0, s>>>(static_cast<const float4 *>(p),
                                             (int64_t)(bytes / sizeof(float4)), sink);
    return cudaGetLastError();
}
