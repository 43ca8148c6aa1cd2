/* reduction.cuh: what the real (dot.cu) and complex (dot_complex.cu) reductions share, all with
 * an accumulator policy Acc (dot.cu's contract): the end of a partials block, the second pass
 * over the partials, the block reduction of IAMAX / IAMIN partials, and Blue's algorithm for
 * NRM2 (reference BLAS 3.10 dnrm2.f90) in double: |x| below kBlueTsml is summed scaled up by
 * kBlueSsml, above kBlueTbig scaled down by kBlueSbig, the rest unscaled, so no square
 * overflows or underflows (float inputs only ever reach the middle sum). */
#pragma once

#include "cuda_common.cuh"

constexpr double kBlueTsml = 0x1p-511, kBlueTbig = 0x1p+486, kBlueSsml = 0x1p+537,
                 kBlueSbig = 0x1p-538;

struct BlueSums {
    double sml, med, big;

    /* One magnitude |x| into its sum. */
    __device__ __forceinline__ void add(double ax) {
        if (ax > kBlueTbig) {
            const double v = ax * kBlueSbig;
            big = fma(v, v, big);
        } else if (ax < kBlueTsml) {
            const double v = ax * kBlueSsml;
            sml = fma(v, v, sml);
        } else {
            med = fma(ax, ax, med);
        }
    }
    static __device__ __forceinline__ void merge(BlueSums &p, const BlueSums &q) {
        p.sml += q.sml;
        p.med += q.med;
        p.big += q.big;
    }
    /* A block's sums (valid in thread 0), each by block_sum's fixed order. */
    template <int kBlockThreads> static __device__ BlueSums block_total(BlueSums p) {
        __shared__ double smem[kBlockThreads / 32];
        p.sml = block_sum<kBlockThreads>(p.sml, smem);
        p.med = block_sum<kBlockThreads>(p.med, smem);
        p.big = block_sum<kBlockThreads>(p.big, smem);
        return p;
    }
    /* The norm from the three sums, as dnrm2.f90 joins them. */
    __device__ double norm() const {
        double scl = 1.0, sumsq = med;
        if (big > 0.0) {
            sumsq = big;
            if (med > 0.0 || isnan(med)) sumsq += (med * kBlueSbig) * kBlueSbig;
            scl = 1.0 / kBlueSbig;
        } else if (sml > 0.0) {
            if (med > 0.0 || isnan(med)) {
                const double ymed = sqrt(med), ysml = sqrt(sml) / kBlueSsml;
                const double ymin = ysml > ymed ? ymed : ysml, ymax = ysml > ymed ? ysml : ymed;
                sumsq = ymax * ymax * (1.0 + (ymin / ymax) * (ymin / ymax));
            } else {
                scl = 1.0 / kBlueSsml;
                sumsq = sml;
            }
        }
        return scl * sqrt(sumsq);
    }
};

/* A stage-1 block's end: its partial (valid in thread 0) becomes the result when the grid is
 * one block, else the block's slot of the partials. */
template <typename Acc>
__device__ __forceinline__ void store_block_partial(const typename Acc::Partial &p,
                                                    typename Acc::Partial *partials,
                                                    typename Acc::Result *result) {
    if (threadIdx.x != 0) return;
    if (gridDim.x == 1)
        *result = Acc::finish(p);
    else
        partials[blockIdx.x] = p;
}

/* Stage 2: one block of kBlockThreads merges the nparts partials in a fixed order (thread t
 * takes t, t + kBlockThreads, ...; then the block sum) and writes the result. Launched as a
 * dependent launch: it waits for stage 1's grid. */
template <typename Acc, int kBlockThreads>
__global__ void __launch_bounds__(kBlockThreads)
    reduce_finish_kernel(int nparts, const typename Acc::Partial *partials,
                         typename Acc::Result *result) {
    wait_for_prior_grid();
    typename Acc::Partial p = Acc().partial();
    for (int i = threadIdx.x; i < nparts; i += kBlockThreads) Acc::merge(p, partials[i]);
    p = Acc::block_total(p);
    if (threadIdx.x == 0) *result = Acc::finish(p);
}

/* IAMAX / IAMIN partials (a value v and its index e): the best of a warp's by a fixed
 * butterfly, Acc::merge keeping the better of two. */
template <typename Acc>
__device__ __forceinline__ typename Acc::Partial warp_best(typename Acc::Partial p) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        Acc::merge(p, typename Acc::Partial{__shfl_xor_sync(0xffffffffu, p.v, offset),
                                            __shfl_xor_sync(0xffffffffu, p.e, offset)});
    return p;
}

/* A block's best partial (valid in thread 0): each warp's, then warp 0 over those, its lanes
 * past the warps holding empty (a partial every other one beats). */
template <typename Acc, int kBlockThreads>
__device__ typename Acc::Partial best_block_total(typename Acc::Partial p,
                                                  const typename Acc::Partial &empty) {
    __shared__ typename Acc::Partial smem[kBlockThreads / 32];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    p = warp_best<Acc>(p);
    if (lane == 0) smem[warp] = p;
    __syncthreads();
    if (warp == 0) p = warp_best<Acc>(lane < kBlockThreads / 32 ? smem[lane] : empty);
    __syncthreads();
    return p;
}
